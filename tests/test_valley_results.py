"""Wonderland Valley's results: the breakdown per player and the tie-break notes, drawn at
every window size in both languages with no text cut short."""

import dataclasses
import random

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.valley.narrate import deciding_tie_break
from wonderland_games.games.valley.results import NONE, ValleyResultsScene
from wonderland_games.games.valley.rules import BREAKDOWN
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import step

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True)
def playable(monkeypatch):
    """Sessions of Valley, before (or after) its table makes it available in the menu."""
    monkeypatch.setitem(registry._REGISTRY, "valley", dataclasses.replace(registry.get("valley"), available=True))


def finished(players: int = 3, seed: int = 4, options=None) -> Session:
    rng = random.Random(seed)
    session = Session("valley", [Seat(n) for n in ("Ann", "Bob", "Cy", "Di")[:players]], seed, options,
                      autosave=False)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def level_with(session: Session, resources: list, cities: list) -> None:
    """Set resources left and city sizes, then point tokens so every score equals the best."""
    state = session.state
    for seat, (held, size) in enumerate(zip(resources, cities)):
        state.resources[seat] = [held, 0, 0, 0]
        state.cities[seat] = (state.cities[seat] + ["berry_garden"] * 15)[:size]
    scores = state.scores()
    for seat, score in enumerate(scores):
        state.tokens[seat] += max(scores) - score


def solo_against(margin: int, level: str = "normal") -> Session:
    """A finished solo game whose opponent ends `margin` points ahead of the player (behind if negative)."""
    session = finished(1, options={"opponent": level})
    state = session.state
    state.opponent.tokens = 0
    state.tokens[0] += max(0, state.opponent_score() - margin - state.scores()[0])
    state.opponent.tokens = state.scores()[0] + margin - state.opponent_score()
    assert state.opponent.tokens >= 0 and state.opponent_score() == state.scores()[0] + margin
    return session


def scene(app, session) -> ValleyResultsScene:
    return ValleyResultsScene(app, session, record_stats=False)


def test_the_table_shows_the_engines_breakdown_and_tie_break_counts(table_app):
    session = finished()
    shown = {}
    results = scene(table_app, session)
    results.draw_score_table = lambda surface, rect, heads, rows, notes, **kw: shown.update(
        heads=heads, rows=rows, notes=notes)
    results.draw_details(pygame.Surface((1000, 300)), pygame.Rect(0, 0, 1000, 300))
    state = session.state
    assert len(shown["heads"]) == len(BREAKDOWN) + 3
    for seat, (_, name, values) in enumerate(shown["rows"]):
        parts = state.breakdown(seat)
        assert name == session.seats[seat].name
        assert values == [parts[k] for k in BREAKDOWN] + [sum(parts.values()), sum(state.resources[seat]),
                                                          len(state.cities[seat])]
    assert shown["notes"][0] == f"共 {state.turns} 个回合"
    assert results.chart.series[-1] == (state.turns, results.result.scores), "the chart ends at the final scores"


@pytest.mark.parametrize("resources, cities, decided, note", [
    ([5, 3, 0], [6, 9, 2], "resources", "more resources left (all four together) wins (Ann 5, Bob 3, Cy 0)"),
    ([4, 4, 1], [7, 9, 12], "city", "more cards in the city wins (Ann 7, Bob 9)"),
    ([2, 2, 2], [8, 8, 8], "shared", "resources left and cards in the city: a shared win"),
])
def test_a_tie_on_points_says_which_tie_break_decided(table_app, resources, cities, decided, note):
    session = finished()
    level_with(session, resources, cities)
    table_app.i18n.set_language("en")
    results = scene(table_app, session)
    assert len(set(results.result.scores)) == 1
    assert deciding_tie_break(results.result.scores, results.result.extra)[0] == decided
    assert note in results.notes()[1]
    winners = {"resources": [0], "city": [1], "shared": [0, 1, 2]}[decided]
    assert results.result.winners == winners


def test_the_tie_break_counts_only_the_players_level_before_it():
    extra = {"resources": [9, 4, 4, 1], "city": [1, 5, 6, 9]}
    assert deciding_tie_break([10, 20, 20, 20], extra) == ("city", [1, 2])
    assert deciding_tie_break([30, 20, 20, 20], extra) is None
    assert deciding_tie_break([20, 20, 20, 2], extra) == ("resources", [0, 1, 2])


@pytest.mark.parametrize("resources, cities, places", [
    ([0, 3, 9], [5, 5, 5], [(0, 1), (2, 2), (1, 3)]),  # the one with more resources left comes second
    ([0, 4, 4], [5, 6, 9], [(0, 1), (2, 2), (1, 3)]),  # level on resources: more cards in the city
    ([0, 4, 4], [5, 7, 7], [(0, 1), (1, 2), (2, 2)]),  # level on both: they share the place
])
def test_equal_points_below_the_win_are_placed_by_the_tie_breaks(table_app, resources, cities, places):
    """QA: two players on 1 point both showed "2." though one had 12 resources left, the other 9."""
    session = finished()
    level_with(session, resources, cities)
    session.state.tokens[0] += 1  # Ann wins outright
    results = scene(table_app, session)
    shown = []
    results.draw_seat_row = lambda surface, row, seat, rank, won: shown.append((seat, rank))
    results.draw_ranking(pygame.Surface((600, 400)), pygame.Rect(0, 0, 600, 400))
    assert results.result.winners == [0] and shown == places
    assert results.make_chart().order == [seat for seat, _ in places]  # the chart's lines stack alike


@pytest.mark.parametrize("margin, banner, note", [
    (5, "The Jabberwock (Hard) wins!", "The Jabberwock (Hard) wins, {theirs} to {mine}."),
    (0, "Ann wins!", "Ann and The Jabberwock (Hard) both have {mine}: a tie goes to the player."),
    (-3, "Ann wins!", "Ann beats The Jabberwock (Hard), {mine} to {theirs}."),
])
def test_solo_shows_the_opponent_s_row_and_who_won(table_app, margin, banner, note):
    session = solo_against(margin, "hard")
    table_app.i18n.set_language("en")
    results = scene(table_app, session)
    mine, theirs = results.result.scores[0], session.state.opponent_score()
    assert results.result.winners == ([] if margin > 0 else [0])
    assert results.banner() == banner
    assert results.notes()[1] == note.format(mine=mine, theirs=theirs)
    (_, label, values), = results.rows()[1:]
    parts = session.state.opponent_breakdown()
    assert label == "The Jabberwock (Hard)"
    assert values == [parts["cards"], NONE, NONE, NONE, parts["tokens"], theirs, NONE, NONE]


def test_solo_chart_has_the_opponent_s_line_to_its_total(table_app):
    """Without it the chart showed the player's line alone, with nothing to race against."""
    session = finished(1, options={"opponent": "normal"})
    table_app.i18n.set_language("en")
    chart = scene(table_app, session).chart
    assert chart.names == ["Ann", "The Jabberwock (Normal)"]
    assert chart.series[0][1] == [0, 3]  # the Normal head start shows from the first point
    assert chart.series[-1][1] == [session.state.scores()[0], session.state.opponent_score()]
    assert len(chart.colours) == 2 and sorted(chart.order) == [0, 1]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["tie", "solo"])
def test_the_results_draw_at_every_size_with_no_text_cut_short(table_app, monkeypatch, lang, size, game):
    if game == "tie":
        session = finished(4)
        level_with(session, [3, 3, 1, 0], [9, 8, 8, 8])  # a tie note, the longest kind
    else:
        session = solo_against(4)
    table_app.i18n.set_language(lang)
    drawn, draw_line = [], tx.draw_line

    def spy(surface, fonts, text, rect, size, color, bold=False, align="center"):
        drawn.append((text, pygame.Rect(rect), size, bold))
        return draw_line(surface, fonts, text, rect, size, color, bold, align)

    monkeypatch.setattr(tx, "draw_line", spy)
    table_app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    results = scene(table_app, session)
    table_app.push(results)
    step(table_app, 2)
    assert results.panel.contains(results.details_rect)
    texts = [d[0] for d in drawn]
    assert results.notes()[1] in texts and results.banner() in texts
    assert table_app.t("valley.results.special_events") in texts
    assert results.details_rect.height <= results.details_height(results.s)
    assert len(results.rows()) == len(session.seats) + (game == "solo")
    for text, rect, font_size, bold in drawn:
        _, shown = tx.fit_line(table_app.fonts, text, rect.width, rect.height, font_size, bold)
        assert shown == text, f"{text!r} cut short at {size}"
    table_app.stack.clear()
