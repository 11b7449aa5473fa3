"""A game played live at a table of people and bots: the one loop the terminal and the
server's rooms both run (``live.runner``), over the time they inject (``live.scheduler``)."""

from gamenight.live.runner import (
           Pauses,
           StaleActionError,
           TableHost,
           TableRunner,
           WindowClosedError,
           WindowNotOpenError,
)
from gamenight.live.scheduler import LoopScheduler, ManualScheduler, Scheduler, Timer

__all__ = [
           "LoopScheduler",
           "ManualScheduler",
           "Pauses",
           "Scheduler",
           "StaleActionError",
           "TableHost",
           "TableRunner",
           "Timer",
           "WindowClosedError",
           "WindowNotOpenError",
]
