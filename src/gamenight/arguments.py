"""What the command line reads its arguments as: the readers ``gamenight`` and its
``study`` command share (each raises ``argparse.ArgumentTypeError`` with one line that
quotes the bad text, cut short)."""

from __future__ import annotations

import argparse


def brief(text: str) -> str:
    """``repr(text)`` cut short, so that an error stays one readable line."""
    shown = repr(text)
    return shown if len(shown) <= 40 else f"{shown[:37]}..."


def read_positive(text: str) -> int:
    return read_whole(text, 1)


def read_whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {brief(text)}") from None
    if value < least:
        wanted = "0 or more" if least == 0 else f"at least {least}"
        raise argparse.ArgumentTypeError(f"must be {wanted}, not {brief(text)}")
    return value


#: Seeds are 0 to 2**64 - 1: what a record holds and a seed derived from another is.
MAX_SEED = 2**64 - 1


def read_seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number, not {brief(text)}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is 0 to 2**64 - 1, not {brief(text)}")
    return value


def read_option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"an option is KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def read_specs(text: str) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise argparse.ArgumentTypeError(f"an empty bot spec in {text!r}")
    return specs
