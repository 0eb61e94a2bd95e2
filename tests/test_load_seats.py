"""The load list and the resume box name each player with their kind, in the words of setup
and the tables ("Alice (Human)", 爱丽丝（人类）); a row too narrow for that falls back to the
names and how many humans and bots, then to those counts alone — never cut, and the
progress ("round 4") always shows whole."""

import re

import pytest

from wonderland_games.core import saves
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import listed_progress, progress_text
from wonderland_games.scenes.load import LoadScene
from wonderland_games.scenes.menu import MenuScene, ResumeDialog
from wonderland_games.ui import text as tx
from wonderland_games.ui import theme
from wonderland_games.ui.seat_words import kind_counts, players_text, seat_label
from wonderland_games.ui.testing import make_app, step

FEW = [Seat("Alice"), Seat("Cheshire Cat", "bot", "normal")]
MANY = [Seat("Alice Liddell"), Seat("Cheshire Cat", "bot", "normal"), Seat("The Queen of Hearts", "bot", "hard"),
        Seat("Mad Hatter the Third"), Seat("Dormouse of the Tea Party", "bot", "easy"),
        Seat("The White Rabbit", "bot", "hard"), Seat("Caterpillar Smoking", "bot", "normal"),
        Seat("Gryphon and Mock Turtle", "bot", "easy"), Seat("March Hare", "bot", "hard"),
        Seat("Bill the Lizard", "bot", "normal")]


@pytest.fixture
def shown(monkeypatch):
    """(asked, shown) for every line fitted on screen."""
    lines = []
    real = tx.fit_line

    def spy(fonts, text, *a, **k):
        font, out = real(fonts, text, *a, **k)
        lines.append((text, out))
        return font, out
    monkeypatch.setattr(tx, "fit_line", spy)
    return lines


def listed(size, lang, game, seats):
    session = Session.new(game, seats, seed=4)
    session.apply(session.state.legal_actions()[0])
    saves.save_slot(session, "slot")
    app = make_app(size, lang)
    app.push(LoadScene(app))
    step(app)
    return app, app.top.list.items[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_row_names_each_player_with_their_kind(user_dirs, shown, lang, size):
    app, info = listed(size, lang, "parade", FEW)
    full = players_text(app, info)
    assert full == {"en": "Alice (Human) and Cheshire Cat (Bot – Normal)",
                    "zh": "Alice（人类）和 Cheshire Cat（电脑 · 普通）"}[lang]
    assert (full, full) in shown and (listed_progress(app, info), listed_progress(app, info)) in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_ten_long_names_fall_back_to_counts_and_nothing_is_cut(user_dirs, shown, lang, size):
    app, info = listed(size, lang, "dream", MANY)
    counts = kind_counts(app, info.seats)
    assert counts == {"en": "2 humans, 8 bots", "zh": "2 位人类、8 个电脑"}[lang]
    row = [(asked, out) for asked, out in shown if counts in asked]
    assert row and all(asked == out for asked, out in row)  # the form chosen fits as it is
    progress = listed_progress(app, info)
    assert (progress, progress) in shown


def test_names_and_counts_come_before_counts_alone(user_dirs):
    app, info = listed((1280, 800), "en", "parade", FEW)
    scene = app.top
    font = app.fonts.get(20)
    full = players_text(app, info)
    middle = "Alice and Cheshire Cat – 1 human, 1 bot"
    assert scene.players_line(info, font, font.size(full)[0]) == full
    assert scene.players_line(info, font, font.size(full)[0] - 1) == middle
    assert scene.players_line(info, font, font.size(middle)[0] - 1) == "1 human, 1 bot"


def test_a_save_that_does_not_say_lists_names_only(user_dirs):
    app, info = listed((1280, 800), "en", "parade", FEW)
    info.seats = []
    assert players_text(app, info) == "Alice and Cheshire Cat"
    assert app.top.players_line(info, app.fonts.get(20), 10) == "Alice and Cheshire Cat"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_resume_box_names_the_players_with_their_kinds(user_dirs, lang):
    session = Session.new("oz", [Seat("Alice"), Seat("Cheshire Cat", "bot", "hard")], seed=2, autosave=True)
    session.apply(session.state.legal_actions()[0])
    app = make_app((1920, 1080), lang)
    app.push(MenuScene(app))
    step(app)
    info, = saves.unfinished_games()
    box = ResumeDialog(app, info, lambda: None, lambda: None)
    for seat in session.seats:
        assert seat_label(app, seat) in box.message and seat.name in box.message
    assert progress_text(app, info) in box.message


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_resume_box_for_ten_players_shortens_the_players_to_stay_readable(user_dirs, lang):
    session = Session.new("dream", MANY, seed=2, autosave=True)
    session.apply(session.state.legal_actions()[0])
    app = make_app((1024, 640), lang)
    app.push(MenuScene(app))
    step(app)
    info, = saves.unfinished_games()
    app.push(ResumeDialog(app, info, lambda: None, lambda: None))
    step(app)
    box = app.top
    assert box.message != box.messages[0] and kind_counts(app, info.seats) in box.message
    body = box.areas(box.s)[1]
    font, lines = tx.fit_block(app.fonts, box.message, body.width, body.height, theme.px(theme.TEXT, box.s))
    assert not any(tx.ELLIPSIS in line for line in lines)  # nothing cut
    assert font.get_height() >= app.fonts.get(int(theme.px(theme.TEXT, box.s) * 0.85)).get_height()


def test_a_chinese_count_is_spaced_from_the_characters_before_it(user_dirs):
    """"玩家是2 位人类" ran the count into the word before it; the box writes "第 1 轮" spaced."""
    session = Session.new("dream", MANY, seed=2, autosave=True)
    session.apply(session.state.legal_actions()[0])
    app = make_app((1024, 640), "zh")
    app.push(MenuScene(app))
    step(app)
    info, = saves.unfinished_games()
    app.push(ResumeDialog(app, info, lambda: None, lambda: None))
    step(app)
    message = app.top.message
    assert kind_counts(app, info.seats) in message
    assert not re.search(r"[\u4e00-\u9fff]\d", message)
