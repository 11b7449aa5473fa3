"""gamenight: faithful digital rules engines for tabletop party games.

One game definition serves every use: terminal play, bots, batch simulation and the
research-framework adapters all drive the same :class:`~gamenight.engine.GameState`.
"""

from gamenight.engine import IllegalAction, Outcome

__all__ = ["IllegalAction", "Outcome", "__version__"]
__version__ = "0.1.0"
