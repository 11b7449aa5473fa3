"""The page's reaction clock (``js/timing.js``), run in Node: a press at or after the
window's deadline, measured from the paint, is known to be late before it is sent (the
server would refuse it: the paint came after the window opened), and one before it
is not."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.web.node import ROOT

TIMING_JS = ROOT / "src" / "gamenight" / "web" / "static" / "js" / "timing.js"

# Frames come when the script says: requestAnimationFrame keeps its callback, and the
# script calls it with the paint's frame time.
SCRIPT = """
let frame = null;
globalThis.requestAnimationFrame = (callback) => { frame = callback; };
const { ReactionClock } = await import(process.argv[1]);
const clock = new ReactionClock();
const update = (id, deadline) => ({
  window: id === null ? null : { id, elapsed_ms: 0 },
  acting: { kind: "window", seats: [0], deadline_ms: deadline },
});
const at = (timeStamp) => ({ timeStamp });
const out = {};
clock.drawn(update(5, 1500));
frame(performance.now() - 2000);  // the paint, 2 s before the presses below
const paint = clock.paint;
for (const ms of [0, 1499.9, 1500, 1507.5]) {
  const stamp = clock.stamp(at(paint + ms));
  out[ms] = [stamp.window, stamp.reaction_ms, clock.late(stamp)];
}
clock.drawn(update(6, null));  // a window without a deadline
frame(performance.now());
out.none = clock.late(clock.stamp(at(clock.paint + 99999)));
clock.drawn(update(null, null));  // a turn: no window, no stamp
out.turn = clock.stamp(at(1));
console.log(JSON.stringify(out));
"""


def test_a_press_at_or_past_the_deadline_is_known_late_before_it_is_sent() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("the browser client's checks need Node.js (Debian: apt-get install nodejs)")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, TIMING_JS.as_uri()],
                          capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(done.stdout)
    assert out["0"] == [5, 0, False]
    assert out["1499.9"] == [5, 1499.9, False]
    assert out["1500"] == [5, 1500, True]
    assert out["1507.5"] == [5, 1507.5, True]
    assert out["none"] is False
    assert out["turn"] is None
