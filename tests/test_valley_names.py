"""Valley names on cards and tiles break where a reader expects: between words, at a syllable, or
not at all; Chinese ones only if they must, into even lines.

Screenshots showed "Woodland Crossro- / ads" (cut where the width ran out) and a Chinese
character alone on a line.
"""

import pytest
import yaml

from wonderland_games.core.paths import data_dir
from wonderland_games.games.valley.cards import load_cards
from wonderland_games.games.valley.names import SYLLABLES, name_lines, wrap_name


@pytest.fixture
def app(table_app):
    return table_app


def _names(lang: str) -> list:
    board = yaml.safe_load((data_dir() / "valley" / "board.yaml").read_text(encoding="utf-8"))
    things = [k.name for k in load_cards().kinds.values()]
    for key in ("locations", "forest", "basic_events", "special_events"):
        things += [t["name"] for t in board.get(key, [])]
    return [name[lang] for name in things]


def _syllable_breaks(name: str) -> set:
    """Where in `name` a word may break at a syllable (offsets into the name)."""
    out, start = set(), 0
    for word in name.split(" "):
        for part in word.split("-"):
            at = start
            for piece in SYLLABLES.get(part, part).split("-")[:-1]:
                at += len(piece)
                out.add(at)
            start += len(part) + 1
    return out


def test_an_english_name_breaks_between_words_or_at_a_syllable_only(app):
    """'Woodland Crossro- / ads' read as a typo: at any width and size a line ends at a space, at the
    name's own hyphen or at a syllable of SYLLABLES; where none fits, the name is not wrapped (it shrinks)."""
    for size in (8, 10, 12, 15, 20):
        font = app.font(size, True)
        for name in _names("en"):
            breaks = _syllable_breaks(name)
            for width in range(20, 260, 3):
                lines = wrap_name(font, name, width)
                if lines is None:
                    continue
                assert all(font.size(line)[0] <= width for line in lines), (name, width, lines)
                at = 0
                for line in lines:
                    added = line.endswith("-") and name[at + len(line) - 1] != "-"  # a hyphen the wrap put in
                    assert not added or at + len(line) - 1 in breaks, (name, width, lines)
                    at += len(line) - added
                    at += at < len(name) and name[at] == " "
                assert at == len(name), (name, lines)
    font = app.font(12, True)
    lines = wrap_name(font, "Woodland Crossroads", font.size("Crossro-")[0])
    assert lines is None or lines[-2:] == ["Cross-", "roads"], lines


def test_a_chinese_name_breaks_only_if_it_must_and_never_leaves_a_character_alone(app):
    """'冬夜故事 / 会' left one character alone: lines are as even as can be (7 in 3: 3, 2, 2, not 3,
    3, 1), and a name that fits one line at the smallest size keeps it rather than break."""
    for size in (10, 12, 16, 20):
        font = app.font(size, True)
        for name in _names("zh") + ["三月兔的茶会桌"]:  # seven characters, longer than any yet
            for width in range(font.size("字字")[0], font.size(name)[0] + 8, 2):
                lines = wrap_name(font, name, width)
                assert lines is not None and "".join(lines) == name, (name, width)
                if font.size(name)[0] <= width:
                    assert lines == [name]
                elif len(name) >= 2 * len(lines):
                    assert min(map(len, lines)) >= 2 and max(map(len, lines)) - min(map(len, lines)) <= 1, lines
    name = "孔雀公爵夫人"
    wide = app.font(16, True).size(name)[0]
    shown, lines = name_lines(app.fonts, name, app.font(12, True).size(name)[0], 100, 16, 12)
    assert lines == [name] and shown.size(name)[0] < wide


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)], ids=str)
def test_event_names_keep_their_words_whole_where_a_legible_size_allows(table_app, size):
    """"Unbirth-day Party" at 1920x1080 (a newcomer's screenshot) where "Unbirthday Party" fits in the
    regular face, still legible: a tile's name breaks between whole words first (at 1024x640 the word
    alone is wider than the tile at the legible size, so it still breaks at a syllable)."""
    from wonderland_games.games.valley.layout import compute
    from wonderland_games.games.valley.names import legible, name_fit
    from wonderland_games.ui.theme import px

    lay = compute(size, 2)
    tile = lay.lower_slots(3)[2][1].inflate(-px(4, lay.s), -px(4, lay.s))  # as _paint_event draws it
    font, lines = name_fit(table_app.fonts, "Unbirthday Party", tile.width, tile.height // 2,
                           max(legible(lay.s), int(px(18, lay.s) * 0.8)), legible(lay.s))
    assert lines == ["Unbirthday", "Party"] and font.get_height() >= legible(lay.s) * 0.9
