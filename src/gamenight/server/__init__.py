"""The game server: rooms of people and bots playing over the network (``gamenight serve``)."""
