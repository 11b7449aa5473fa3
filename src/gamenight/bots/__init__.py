"""Game-agnostic bots, the bot interface and the reaction-time model."""

from gamenight.bots.base import Bot, Clock, Wait, make_bot, parse_bot_spec
from gamenight.bots.reaction import LEVELS, ReactionModel

__all__ = ["LEVELS", "Bot", "Clock", "ReactionModel", "Wait", "make_bot", "parse_bot_spec"]
