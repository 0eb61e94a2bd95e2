"""Issue 11: the Wonderland Valley players panel says who plays each seat ("Human" /
"Bot – Normal", 人类 / 电脑 · 普通), whole, at every size and with long names."""

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley.layout import compute
from wonderland_games.games.valley.panels import draw_players
from wonderland_games.ui import text as tx
from wonderland_games.ui.seat_words import seat_label
from wonderland_games.ui.testing import make_app

LONG = "Alice Liddell the Curious Dreamer of Wonderland"
SEATS = [Seat(LONG), Seat("白兔先生的长长长长名字", "bot", "normal"), Seat("Queen", "bot", "hard"), Seat("Ann")]


@pytest.fixture(scope="module")
def app():
    return make_app((1280, 800), "en")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_shows_its_kind_whole(app, monkeypatch, size, lang, players):
    app.i18n.set_language(lang)
    seats = SEATS[:players]
    state = Session.new("valley", seats, seed=2, autosave=False).state
    lay = compute(size, players)
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, rect, size, *a, **k:
                        drawn.append((text, pygame.Rect(rect), size)) or real(surface, fonts, text, rect, size, *a, **k))
    draw_players(pygame.Surface(size), lay, app, state, 0, [0] * players)
    rows = lay.player_rows(players)
    for seat, row in zip(seats, rows):
        kind = seat_label(app, seat)
        shown = [(rect, font) for text, rect, font in drawn if text == kind and row.contains(rect)]
        assert len(shown) == 1, (kind, [t for t, _, _ in drawn])
        rect, font = shown[0]
        assert tx.fit_line(app.fonts, kind, rect.width, rect.height, font)[1] == kind, (size, kind)
        others = [r for text, r, _ in drawn if text != kind and row.contains(r) and r.colliderect(rect)]
        assert not others, "the kind's line is its own"
