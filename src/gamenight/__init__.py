"""gamenight: faithful digital rules engines for tabletop party games.

One game definition serves every use: terminal play, bots, batch simulation and the
research-framework adapters all drive the same :class:`~gamenight.engine.GameState`.
"""

# First: it decides, for each module compiled at install, whether Python loads the
# compiled module or its source (gamenight.compiled).
from gamenight import compiled as _compiled  # noqa: F401
from gamenight.engine import IllegalAction, Outcome
from gamenight.version import __version__

__all__ = ["IllegalAction", "Outcome", "__version__"]
