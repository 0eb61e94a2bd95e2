"""Issue 25: a city's tooltip never covers the move being planned. Pointing at a destination's
city on the map while a card is picked and a target chosen put the tip (right of and above the
pointer) over the planned path and its target; it now goes beside the pointer clear of them."""

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import tip_spot
from wonderland_games.games.voyage.scene import VoyageScene
from wonderland_games.ui.testing import click, run_until
from wonderland_games.ui.theme import px


@pytest.fixture
def app(table_app):
    return table_app


def point(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)


def planned(scene) -> tuple:
    """(dot rects of the path's stops and target, the path's segments), as the map draws them."""
    area, mv = scene.layout.map, scene.map_view
    _, path, target, _, _ = scene._map_marks()
    r = mv.dot_radius(area) + 2
    stops = [c for c in (*path, target) if c is not None]
    dots = [pygame.Rect(0, 0, 2 * r, 2 * r).move(mv.city_px(area, c)).move(-r, -r) for c in stops]
    lines = [seg for a, b in zip(path, path[1:]) for seg in mv.route_segments(area, a, b)]
    return dots, lines


@pytest.mark.parametrize("size, lang", [((1024, 640), "en"), ((1920, 1080), "zh")])
def test_a_citys_tip_leaves_the_planned_move_in_sight(app, size, lang):
    app.i18n.set_language(lang)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    session = Session.new("voyage", [Seat("Ann"), Seat("Bob", "bot", "random")], seed=7, autosave=False)
    scene = VoyageScene(app, session)
    app.push(scene)
    run_until(app, scene.my_turn)
    state, s = session.state, scene.layout.s
    cities = [scene.cards.destinations[d].city for d in state.display]
    checked = crossed_before = 0
    for card in sorted({a[1] for a in state.legal_actions() if a[0] == "move"}):
        click(app, dict(scene.hand_rects())[card].center)
        assert scene.selected == card
        for target in sorted(scene.move_targets(card))[:8]:
            click(app, scene.city_rect(target).center)  # plans the move (a second click would make it)
            assert scene.target == target
            for city in cities:
                spot = scene.city_rect(city).center
                point(app, spot)
                if scene.hover_dest is None:
                    continue
                box = scene._draw_tooltip(app.screen)
                dots, lines = planned(scene)
                assert box.collidelist(dots) < 0, (card, target, city)
                assert not any(box.clipline(*line) for line in lines), (card, target, city)
                assert not box.collidepoint(spot)
                assert pygame.Rect((0, 0), size).contains(box)
                old = box.copy()
                old.bottomleft = (spot[0] + px(14, s), spot[1] - px(8, s))  # where it went before
                crossed_before += old.collidelist(dots) >= 0 or any(old.clipline(*line) for line in lines)
                checked += 1
        click(app, dict(scene.hand_rects())[card].center)  # drop the pick
    assert checked > 20 and crossed_before > 0, (checked, crossed_before)
    app.pop()


def test_the_spot_is_beside_the_pointer_when_nothing_is_in_the_way():
    bounds = pygame.Rect(0, 0, 800, 600)
    box = tip_spot.clear_spot((120, 60), (400, 300), 10, [], bounds, 16)
    assert box.bottomleft == (410, 290)  # right of and above the pointer, as every tip
    avoid = [pygame.Rect(380, 200, 200, 120)]
    box = tip_spot.clear_spot((120, 60), (400, 300), 10, avoid, bounds, 16)
    assert not box.colliderect(avoid[0]) and bounds.contains(box) and not box.collidepoint((400, 300))
    assert max(abs(box.centerx - 400), abs(box.centery - 300)) < 150  # still near the pointer
