"""The dictionary: ordinary English words with plurals and inflections, or a player's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from flu_table import WORD_SQUARE, fill_solo, word_file

from gamenight.engine import OptionError
from gamenight.games.fluster.board import line_score
from gamenight.games.fluster.rules import GAME
from gamenight.games.fluster.words import PACKAGED, load

WORDS = load("")


def test_the_packaged_list_comes_from_the_hunspell_package_and_is_loaded_once() -> None:
    assert WORDS.source == PACKAGED
    assert load("") is WORDS  # cached: thousands of games read it once
    assert GAME.new(2).words is WORDS


@pytest.mark.parametrize("word", ["at", "it", "cat", "cats", "ran", "runs", "baked", "boxes",
                                  "tries", "went", "oxen", "heart", "the", "of", "quiz"])
def test_ordinary_words_with_plurals_and_inflections_are_words(word: str) -> None:
    assert word in WORDS and word.upper() in WORDS


@pytest.mark.parametrize("word", ["paris", "texas", "usa", "tv", "mr", "kg", "std", "xiv",
                                  "lxix", "ii", "nasa"])
def test_no_proper_nouns_abbreviations_or_numerals(word: str) -> None:
    assert word not in WORDS


def test_only_words_of_two_to_five_letters_made_of_letters_are_listed() -> None:
    assert all(2 <= len(w) <= 5 and w.isalpha() and w.isupper() for w in WORDS.words)
    assert len(WORDS) > 5000  # a real dictionary, not a handful


def test_single_letters_are_decided_by_the_rule_not_the_list(tmp_path: Path) -> None:
    own = load(word_file(tmp_path, ["a", "b", "cat"]))
    assert own.words == frozenset({"CAT"})
    assert "A" in own and "I" in own and "B" not in own


def test_a_players_own_list_one_word_a_line_matched_without_regard_to_case(
        tmp_path: Path) -> None:
    path = word_file(tmp_path, ["Heart", "EMBER", "abuse", " resin ", "trend", "don't",
                                "toolongword", "", "x"])
    own = load(path)
    assert own.words == frozenset(WORD_SQUARE)
    assert own.source == path
    state = GAME.new(1, 0, dictionary=path)
    assert state.words is own and state.view(0)["dictionary"] == path
    assert line_score("HEART", own) == 5 and line_score("AT#IT", own) == 0


def test_the_dictionary_decides_the_score(tmp_path: Path) -> None:
    rows = ("CATS#", "#####", "#####", "#####", "#####")
    # Per block: CATS across (4) and A alone down its column (1).
    assert fill_solo(rows, rows).outcome().scores == (10,)  # type: ignore[union-attr]
    path = word_file(tmp_path, ["dog"])  # A alone still scores: it is the rule, not the list
    assert fill_solo(rows, rows, dictionary=path).outcome().scores == (2,)  # type: ignore[union-attr]


def test_a_missing_file_is_a_clear_option_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=r"option dictionary: cannot read .*nowhere\.txt"):
        GAME.new(1, dictionary=str(tmp_path / "nowhere.txt"))


def test_a_folder_is_not_a_word_list(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="option dictionary: cannot read"):
        GAME.new(1, dictionary=str(tmp_path))


def test_a_file_without_words_is_a_clear_option_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="holds no word of 2 to 5 letters"):
        GAME.new(1, dictionary=word_file(tmp_path, ["", "123", "x", "far-too-long"]))


def test_a_list_saved_with_a_byte_order_mark_keeps_its_first_word(tmp_path: Path) -> None:
    # Windows editors often begin a UTF-8 file with a byte order mark.
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffheart\r\nember\r\n".encode())
    assert load(str(path)).words == frozenset({"HEART", "EMBER"})


def test_words_hunspell_marks_never_to_suggest_are_left_out() -> None:
    from importlib.resources import as_file, files

    from spylls.hunspell import Dictionary as Hunspell  # type: ignore[import-untyped]

    with as_file(files("spylls.hunspell") / "data" / "en") as folder:
        hunspell = Hunspell.from_files(str(Path(folder) / "en_US"))
    flag = hunspell.aff.NOSUGGEST
    marked = {w.stem.upper() for w in hunspell.dic.words
              if flag in w.flags and 2 <= len(w.stem) <= 5 and w.stem.islower()}
    assert len(marked) >= 5  # Hunspell marks a handful (profanity, some slurs)
    assert not marked & WORDS.words
