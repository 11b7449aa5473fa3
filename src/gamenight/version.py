"""The version of gamenight (the same as ``pyproject.toml``'s), in a module of its own so
that the parts which write it down (a record, the server's health) import nothing above
them to read it."""

__version__ = "0.1.0"
