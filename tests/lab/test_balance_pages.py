"""The balance pages (docs/balance/*.md) say how to make every figure again: each has a
"How to reproduce" section whose `gamenight study` commands the command line accepts,
each with its seed and its folder, on a registered game and its own options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gamenight.cli import build_parser
from gamenight.games import GAMES

PAGES = sorted((Path(__file__).parents[2] / "docs" / "balance").glob("*.md"))


def reproduce_commands(page: Path) -> list[list[str]]:
    """The `gamenight study` commands of the page's "How to reproduce" section, each as
    its words (a command continued over lines with a backslash is one)."""
    text = page.read_text(encoding="utf-8")
    section = re.search(r"^## How to reproduce\n(.*?)(?=^## )", text, re.S | re.M)
    assert section is not None, f"{page.name} has no 'How to reproduce' section"
    blocks = re.findall(r"```bash\n(.*?)```", section.group(1), re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [shlex.split(line)[1:] for line in lines if line.startswith("gamenight study ")]


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_each_page_gives_its_studies_commands_and_seeds(page: Path) -> None:
    commands = reproduce_commands(page)
    assert commands, f"{page.name} gives no gamenight study command"
    parser = build_parser()
    for words in commands:
        args = parser.parse_args(words)  # refused (SystemExit) if the command line would be
        assert args.game in GAMES and page.stem == args.game
        assert args.seed is not None and args.out is not None, " ".join(words)
        options = {o.name for o in GAMES[args.game].options}
        assert {name for name, _ in args.vary} <= options
        assert {name for name, _ in args.option} <= options
