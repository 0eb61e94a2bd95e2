"""Issue 11: the Dream Teller players panel says who plays each seat ("Human" /
"Bot – Normal", 人类 / 电脑 · 普通) beside the name, whole, at every size, with four and with ten
seats, long names, at a table of people and against bots."""

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.seat_words import seat_label
from wonderland_games.ui.testing import make_app, step

NAMES = ["Alice Liddell the Curious Dreamer", "白兔先生的长长长长名字", "Queen of Hearts", "Dee", "Eve", "Fay", "Gus",
         "Hal", "Ivy", "The Mock Turtle of the Long Sad Song"]
LEVELS = ("easy", "normal", "hard")


def seats_for(players: int, mode: str) -> list:
    """A table of people, or the person in seat 0 against bots of every level."""
    return [Seat(name) if mode == "table" or i == 0 else Seat(name, BOT, LEVELS[i % 3])
            for i, name in enumerate(NAMES[:players])]


@pytest.mark.parametrize("mode", ["table", "bots"])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [4, 10])
def test_every_seat_shows_its_kind_whole(user_dirs, monkeypatch, size, lang, players, mode):
    app = make_app(size, lang, fast_forward=True)
    app.running = True
    seats = seats_for(players, mode)
    drawn = []  # (text, its rect, its font size, where it went)
    real = tx.draw_line

    def draw_line(surface, fonts, text, rect, size, *a, **k):
        took = real(surface, fonts, text, rect, size, *a, **k)
        drawn.append((text, pygame.Rect(rect), size, took))
        return took

    monkeypatch.setattr(tx, "draw_line", draw_line)
    scene = DreamScene(app, Session("dream", seats, 5, {"mode": mode}, autosave=False))
    app.push(scene)
    step(app, 2)
    rows = scene.layout.player_rows()
    for seat, row in zip(seats, rows):
        kind = seat_label(app, seat)
        shown = [(rect, font, took) for text, rect, font, took in drawn if text == kind and row.contains(rect)]
        assert shown, (kind, [t for t, _, _, _ in drawn])
        for rect, font, took in shown:
            assert tx.fit_line(app.fonts, kind, rect.width, rect.height, font)[1] == kind, (size, kind)
            beside = [text for text, r, _, other in drawn if text != kind and row.contains(r) and other.colliderect(took)]
            assert not beside, "the name and the score stay clear of the kind"
    scene.on_exit()
    app.stack.clear()
