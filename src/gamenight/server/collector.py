"""The server's garbage collector: kept off the path of the event loop that plays every room.

A collection stops the loop, and so every room, for as long as it walks the objects of
its generations.  Python's default thresholds (a young collection every 700 objects
made, an older one every tenth, a full one when the old objects have grown by a
quarter) walked the rooms in play again and again: at 1,000 clients on one process,
1.3-2.2 s of collections in 20 s, the longest 217-482 ms (docs/server.md, "Where the
loop's time goes").  Two things keep them short:

* **A higher young threshold** (:data:`YOUNG`, set by ``gamenight serve``, as the load
  generator of ``gamenight bench server`` sets its own): a young collection costs about
  the same whatever the threshold (it walks the survivors), so fewer of them cost less,
  and objects that die young (an update's dicts) are freed by their reference count
  before any collection sees them.
* **Freezing what lives on** (:func:`keep_frozen`): the rooms made and the games played
  since the start are moved out of the collector's sight (``gc.freeze``) every
  :data:`FREEZE_EVERY_S`, so no middle or full collection walks them.  It is done at the
  end of the next collection the interpreter makes anyway (``gc.callbacks``): the young
  objects have just been walked, their garbage freed, and ``gc.freeze`` moves whole
  lists, so freezing adds no pause of its own.  A frozen object that is let go is still
  freed by its reference count; only a frozen *cycle* (a room and its table hold each
  other) is not, until it is unfrozen: every :data:`RECLAIM_EVERY_S`, at a moment the
  loop is not behind, everything is unfrozen, collected in full once (the one long
  pause), and frozen again, so what is let go is held for that long at most.
"""

from __future__ import annotations

import asyncio
import gc
import logging

from gamenight import collecting

log = logging.getLogger("gamenight.server")

#: Objects made (less those freed) between young collections (Python's is 700): the
#: one threshold every process that plays many games uses (``gamenight.collecting``).
#: With 20,000, 6-7 young collections and no older one in 20 s of 1,000 clients,
#: 0.24-0.42 s in all, the longest 87-91 ms on the loaded 2-core machine (docs/server.md).
YOUNG = collecting.YOUNG
#: How often what has lived through a collection is frozen.
FREEZE_EVERY_S = 10.0
#: How often everything is unfrozen and collected in full once (the one long pause).
RECLAIM_EVERY_S = 1800.0
#: How often the loop is looked at (for a freeze due, and a quiet moment to reclaim).
LOOK_EVERY_S = 0.5
#: A loop that wakes this late from a sleep is behind: a reclaim waits, up to
#: :data:`WAIT_AT_MOST` looks.
BEHIND_S = 0.005
WAIT_AT_MOST = 120


def tune() -> tuple[int, int, int]:
    """Set the young threshold (the older ones as they are); the thresholds now."""
    return collecting.set_young(YOUNG)


class Freezer:
    """Freezes everything at the end of the next collection once :attr:`due` is set."""

    def __init__(self) -> None:
        self.due = False

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """A ``gc.callbacks`` entry: called at the start and end of every collection."""
        if phase == "stop" and self.due:
            self.due = False
            gc.freeze()


def reclaim() -> int:
    """Unfreeze everything, collect it in full (the frozen cycles let go since are
    freed), and freeze what is left; how many objects were freed."""
    gc.unfreeze()
    freed = gc.collect()
    gc.freeze()
    return freed


async def keep_frozen(every_s: float = FREEZE_EVERY_S,
                      reclaim_s: float = RECLAIM_EVERY_S) -> None:
    """Freeze after a collection every ``every_s``, and reclaim every ``reclaim_s`` at a
    moment the loop is not behind (or after :data:`WAIT_AT_MOST` looks, busy or not);
    runs until cancelled."""
    loop = asyncio.get_running_loop()
    freezer = Freezer()
    gc.callbacks.append(freezer.collected)
    frozen_at = reclaimed_at = loop.time()
    waited = 0
    try:
        while True:
            due = loop.time() + LOOK_EVERY_S
            await asyncio.sleep(LOOK_EVERY_S)
            now = loop.time()
            if now - frozen_at >= every_s:
                freezer.due, frozen_at = True, now
            if now - reclaimed_at < reclaim_s:
                continue
            if now - due > BEHIND_S and waited < WAIT_AT_MOST:
                waited += 1
                continue
            waited = 0
            freed = reclaim()
            reclaimed_at = loop.time()
            log.info("garbage collector: collected in full, %d objects freed", freed)
    finally:
        gc.callbacks.remove(freezer.collected)
