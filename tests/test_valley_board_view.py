"""The Valley board as drawn: what stands on a tile never hides what a player reads there."""

from __future__ import annotations

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley import art, board_view
from wonderland_games.games.valley.board_view import board_spots, draw_place, event_tiles
from wonderland_games.games.valley.layout import compute
from wonderland_games.ui.testing import make_app

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def table(size, lang):
    app = make_app(size, lang)
    session = Session.new("valley", [Seat("Ann")] + [Seat(n, BOT, "random") for n in ("Bo", "Cy", "Di")], seed=3,
                          autosave=False)
    return app, session.state, compute(size, 4, replay=False, opponent=False)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_workers_on_a_place_never_cover_its_name(user_dirs, size, lang):
    """Four meeples on every location and forest card: the name's lines look as on the empty tile."""
    app, state, lay = table(size, lang)
    valley = state.valley
    for where, rect in board_spots(lay, state):
        place = valley.locations.get(where[0]) or valley.forest[where[0]]
        folder = "locations" if where[0] in valley.locations else "forest"
        empty, full = (pygame.Surface(rect.size) for _ in range(2))
        local = empty.get_rect()
        draw_place(empty, local, lay.s, app, place, folder, [])
        draw_place(full, local, lay.s, app, place, folder, [0, 1, 2, 3])
        name = board_view._tile(local, lay.s)[0]
        used = 2 * name.height if lang == "en" else name.height  # an English name takes two lines here
        band = pygame.Rect(name.left, name.top, name.width, used)
        assert all(empty.get_at(p) == full.get_at(p) for p in _points(band)), (where, size, lang)
        assert full.get_at(local.center) != empty.get_at(local.center) or any(
            full.get_at(p) != empty.get_at(p) for p in _points(local)), "the meeples are drawn"


def _points(rect: pygame.Rect) -> list:
    return [(x, y) for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_markers_of_who_claimed_an_event_are_big_enough_to_read(user_dirs, size, monkeypatch):
    """They were some 10 px across at 1920x1080: now at least 16 px at 1024x640, 24 at 1920x1080."""
    app, state, lay = table(size, "en")
    art._pieces.clear()
    circles = []
    real = pygame.draw.circle
    monkeypatch.setattr(pygame.draw, "circle", lambda surf, colour, centre, rad, *a, **k: (
        circles.append((tuple(colour)[:3], rad)), real(surf, colour, centre, rad, *a, **k))[1])
    event_id, special, rect = event_tiles(lay, state)[0]
    surface = pygame.Surface(lay.size)
    board_view.draw_event(surface, rect, lay.s, app, state, event_id, special, (0, 1, 2, 3))
    seats = [art.seat_colour(i)[:3] for i in range(4)]
    marks = [rad for colour, rad in circles if colour in seats]
    assert len(marks) >= 4
    least = 16 if size[0] < 1500 else 24
    assert min(marks) * 2 >= least, (marks, size)
