"""The packaged list leaves out abbreviations and slurs: a second source on Hunspell's bare
stems, and the project's own short list (word_filter.py, excluded.txt)."""

from __future__ import annotations

import json

import pytest

from gamenight import record as rec
from gamenight.engine import OptionError
from gamenight.games.fluster.rules import GAME
from gamenight.games.fluster.word_filter import (
    apply,
    confirmed,
    exclusions,
    read_exclusions,
    second_opinion,
)
from gamenight.games.fluster.words import (
    FORMER_PACKAGED,
    PACKAGED_NAME,
    hunspell_forms,
    keep,
    lookup,
    packaged,
)
from gamenight.record import MalformedRecordError
from gamenight.sim.runner import make_bots, play_out
from tests.engine.altered import resealed

WORDS = packaged()
#: The abbreviations the issue found in the list, and more of the kind (all had a vowel,
#: so the vowel rule let them through).
ABBREVIATIONS = ("etc", "aka", "qty", "yd", "adj", "adv", "amt", "avg", "govt", "hosp",
                 "ibid", "xor", "yrs", "asap", "attn", "acct", "misc", "dept", "corp", "inc")
#: Common words of every kind, bare stems among them (no ending: ABOUT, BEGAN, SUSHI).
COMMON = ("the", "of", "and", "about", "again", "among", "began", "ahead", "aloud", "awoke",
          "cats", "ran", "baked", "boxes", "heart", "quiz", "oxen", "sushi", "haiku", "info",
          "yeah", "oops", "app", "lab", "exam", "pub", "vet", "zoo", "dike", "chink", "fig")


@pytest.mark.parametrize("word", ABBREVIATIONS)
def test_abbreviations_are_not_words(word: str) -> None:
    assert word not in WORDS


def test_no_word_the_project_excludes_is_a_word() -> None:
    listed = exclusions()
    assert {e.kind for e in listed} == {"abbreviation", "slur"}
    assert all(e.word not in WORDS for e in listed)


@pytest.mark.parametrize("word", COMMON)
def test_common_words_stay(word: str) -> None:
    assert word in WORDS


def test_every_exclusion_does_work_the_sources_cannot() -> None:
    # The list stays short: each word on it is one Hunspell gives and that takes an
    # ending or the second source confirms, so nothing but the list would leave it out.
    forms, bare = hunspell_forms()
    known = second_opinion()
    for exclusion in exclusions():
        assert exclusion.word in forms, exclusion
        assert exclusion.word not in bare or confirmed(exclusion.word, known), exclusion
    assert len(exclusions()) < 100
    assert len({e.word for e in exclusions()}) == len(exclusions())  # none twice


def test_a_bare_stem_stays_only_if_a_second_source_confirms_it() -> None:
    forms = {"about", "cats", "qty", "ankhs", "pupae", "styli", "etc"}
    bare = {"about", "qty", "ankhs", "pupae", "styli", "etc"}
    known = frozenset({"about", "ankh", "pupa", "stylus", "etc"})
    result = apply(forms, bare, known)
    # CATS took an ending, so it is never asked about; ANKHS, PUPAE and STYLI are regular
    # plurals of words the source lists; QTY is unknown; ETC is on the project's list.
    assert result.kept == {"about", "cats", "ankhs", "pupae", "styli"}
    assert result.unconfirmed == {"qty"} and result.excluded == {"etc"}


def test_how_many_words_go() -> None:
    forms, bare = hunspell_forms()
    result = apply(forms, bare)
    # The figures docs/rules/fluster.md gives: about 130 bare stems no source confirms,
    # and the 87 words of the project's list.
    assert 100 <= len(result.unconfirmed) <= 160
    assert len(result.excluded) == len(exclusions())
    assert WORDS.words == keep(result.kept) and len(WORDS) > 8000


def test_the_packaged_list_is_pinned_by_its_hash() -> None:
    # A change to the list (a filter, or new data in a dependency) changes scores: it must
    # come with a new rules version, and a new pin here.
    assert WORDS.name == PACKAGED_NAME
    assert GAME.rules_version == "2"
    assert PACKAGED_NAME not in FORMER_PACKAGED


def test_the_former_packaged_list_is_refused_by_name_saying_why() -> None:
    (former,) = FORMER_PACKAGED
    with pytest.raises(OptionError, match=r"packaged list of Fluster rules version 1.*no longer"):
        lookup(former)
    with pytest.raises(OptionError, match="no longer ships"):
        GAME.new(1, dictionary=former)


def test_a_record_of_the_former_rules_fails_clearly() -> None:
    # A record names the packaged list as "", which now means the new list: replaying an
    # old record could only reach another result.  Its rules version says it is old.
    state = GAME.new(1, seed=4)
    play_out(state, make_bots(GAME, ["random"], 4))
    data = rec.record_of(state, ["bot:random"]).to_json()
    assert rec.replay(rec.loads(json.dumps(data))).outcome() == state.outcome()
    old = resealed({**data, "rules_version": "1"})
    with pytest.raises(MalformedRecordError, match=r"rules version 1.*implements version 2"):
        rec.replay(rec.loads(json.dumps(old)))


@pytest.mark.parametrize("line", ["ETC abbreviation et cetera", "etc acronym et cetera",
                                  "etc abbreviation", "e.t.c abbreviation et cetera"])
def test_a_malformed_exclusion_line_names_the_line(line: str) -> None:
    with pytest.raises(ValueError, match=r"excluded\.txt line 2: expected a lower-case word"):
        read_exclusions(f"# a comment\n{line}\n")
