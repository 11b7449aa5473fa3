"""The dictionary: ordinary English words with plurals and inflections, or a player's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamenight.engine import OptionError
from gamenight.games.fluster.board import line_score
from gamenight.games.fluster.rules import GAME
from gamenight.games.fluster.words import FILE_LIMIT, PACKAGED, load, lookup, use_file
from tests.games.fluster.flu_table import WORD_SQUARE, fill_solo, word_file

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
    state = GAME.new(1, 0, dictionary=use_file(path))
    assert state.words.words == own.words and state.view(0)["dictionary"] == own.name
    assert line_score("HEART", own) == 5 and line_score("AT#IT", own) == 0


def test_the_dictionary_decides_the_score(tmp_path: Path) -> None:
    rows = ("CATS#", "#####", "#####", "#####", "#####")
    # Per block: CATS across (4) and A alone down its column (1).
    assert fill_solo(rows, rows).outcome().scores == (10,)  # type: ignore[union-attr]
    path = word_file(tmp_path, ["dog"])  # A alone still scores: it is the rule, not the list
    own = use_file(path)
    assert fill_solo(rows, rows, dictionary=own).outcome().scores == (2,)  # type: ignore[union-attr]


def test_a_missing_file_is_a_clear_option_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=r"option dictionary: cannot read .*nowhere\.txt"):
        use_file(tmp_path / "nowhere.txt")


def test_a_folder_is_not_a_word_list(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=r"option dictionary: cannot read .*not a regular file"):
        use_file(tmp_path)


def test_a_file_without_words_is_a_clear_option_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="holds no word of 2 to 5 letters"):
        use_file(word_file(tmp_path, ["", "123", "x", "far-too-long"]))


def test_the_option_names_a_list_by_the_hash_of_its_words_never_by_a_path(
        tmp_path: Path) -> None:
    path = word_file(tmp_path, ["cat", "dog"])
    name = use_file(path)
    assert name.startswith("sha256:") and len(name) == len("sha256:") + 64
    # The same words in another order and case, with lines the game ignores: the same list.
    same = word_file(tmp_path, ["DOG", "x", "Cat", "not-a-word"], name="other.txt")
    assert load(same).name == name and load(word_file(tmp_path, ["cat"], "c.txt")).name != name
    assert lookup(name).words == frozenset({"CAT", "DOG"})
    assert lookup("") is WORDS and lookup(WORDS.name) is WORDS
    for given in (path, str(tmp_path), "/dev/zero", "words.txt", "sha256:" + "0" * 63):
        with pytest.raises(OptionError, match="content hash"):
            GAME.new(1, dictionary=given)
    with pytest.raises(OptionError, match=r"no word list with hash .* is loaded"):
        GAME.new(1, dictionary="sha256:" + "0" * 64)


def test_only_a_regular_file_of_bounded_size_is_read(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # reading would wait for a writer forever; it is refused at once
    with pytest.raises(OptionError, match="not a regular file"):
        use_file(fifo)
    with pytest.raises(OptionError, match="not a regular file"):
        use_file("/dev/zero")  # would never end
    big = tmp_path / "big.txt"
    with big.open("wb") as out:
        out.truncate(FILE_LIMIT + 1)
    with pytest.raises(OptionError, match="larger than the limit of 16 MiB"):
        use_file(big)


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
