"""The results screen's score chart and its reopened game log."""

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.records import initial_state, replay_states
from wonderland_games.core.session import Session
from wonderland_games.games.voyage.rules import MONEY_PER_POINT
from wonderland_games.scenes.game_log import GameLogScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.ui import theme
from wonderland_games.ui.score_chart import nice_ticks, score_series
from wonderland_games.ui.testing import click_widget, key, random_record, run_until, step

GAMES = [info.id for info in registry.games() if info.available]


def seat_count(game_id) -> int:
    """Three, or enough for a few rounds of a party game (Dream Teller: 4 to 10, a round each)."""
    fewest = registry.get(game_id).min_players
    return 3 if fewest <= 3 else fewest + 2


def finished(game_id, seed=21, players=None):
    """A seeded finished game as a record and as a session with the same actions."""
    record = random_record(game_id, seed, players or seat_count(game_id))
    session = Session(game_id, record.seats, record.seed, record.options, autosave=False)
    for action in record.actions:
        session.apply(action)
    return record, session


def test_every_game_tells_its_scores_as_it_goes():
    assert set(GAMES) >= {"parade", "oz", "voyage"}
    for game_id in GAMES:
        record = random_record(game_id, 5, seat_count(game_id))
        first = initial_state(record)
        assert first.scores_now() is not None and first.turns_done() == 0, game_id
        last = None
        for state in replay_states(record):
            last = state
        assert last.scores_now() == last.result().scores == record.result["scores"], game_id
        assert last.turns_done() == last.turn_number(), game_id  # the game's length in its own unit


@pytest.mark.parametrize("game_id", GAMES)
def test_chart_points_are_the_replayed_scores_after_each_turn(game_id):
    """Each point: the scores as the turn (or round) ends, i.e. in the first replayed state
    with that many turns done; the last point is the final result."""
    record, _ = finished(game_id)
    expected = {}
    first = initial_state(record)
    expected[first.turns_done()] = first.scores_now()
    for state in replay_states(record):
        expected.setdefault(state.turns_done(), state.scores_now())
    final = max(expected)
    expected[final] = record.result["scores"]
    series = score_series(initial_state(record), record.actions)
    assert [x for x, _ in series] == list(range(final + 1)), "one point per turn, none skipped"
    assert dict(series) == expected
    assert len(series) > 5


def test_oz_lines_never_fall_and_voyage_counts_money_and_tokens_as_they_stood():
    _, oz = finished("oz")
    series = score_series(oz.initial_state(), oz.actions)
    for (_, a), (_, b) in zip(series, series[1:]):
        assert all(y >= x for x, y in zip(a, b)), "Oz points are earned for good"
    record, _ = finished("voyage")
    state = initial_state(record)
    money = [m // MONEY_PER_POINT + t for m, t in zip(state.money, state.tokens)]  # nothing visited yet
    assert score_series(state.clone(), [])[0][1] == money and any(money)


@pytest.mark.parametrize("game_id", GAMES)
def test_results_screen_charts_the_session(table_app, game_id):
    record, session = finished(game_id)
    scene = scene_class(game_id)(table_app, session).results_scene()(table_app, session, record_stats=False)
    assert scene.chart.series == score_series(initial_state(record), record.actions)
    assert scene.chart.names == [seat.name for seat in session.seats]
    assert len(set(scene.chart.colours)) == len(session.seats), "every player a colour of their own"


def test_chart_lines_are_drawn_in_the_seat_colours(table_app):
    _, session = finished("voyage")
    scene = ResultsScene(table_app, session, record_stats=False)
    chart, surface = scene.chart, pygame.Surface((900, 400))
    chart.colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
    surface.fill((0, 0, 0))
    chart.draw(surface, pygame.Rect(0, 0, 900, 400), 1.0)
    inside = {tuple(surface.get_at((x, y)))[:3] for x in range(chart.plot.left, chart.plot.right, 2)
              for y in range(chart.plot.top, chart.plot.bottom, 2)}
    assert set(chart.colours) <= inside
    assert chart.plot.width > 600 and chart.plot.height > 200


@pytest.mark.parametrize("size", [(0, 0), (1, 1), (-20, 40), (60, 40), (170, 120), (400, 160), (5000, 3000)])
def test_chart_draws_at_any_size(table_app, size):
    _, session = finished("parade", players=6)
    chart = ResultsScene(table_app, session, record_stats=False).chart
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
    chart.draw(surface, pygame.Rect((0, 0), size), 0.7)
    if size[0] < 160 or size[1] < 110:
        assert chart.plot.size == (0, 0), "too small: nothing drawn"
    else:
        assert surface.get_rect().contains(chart.plot)
    for s in (0.7, 2.2):
        chart.draw(pygame.Surface((3840, 2160)), pygame.Rect(0, 0, 3840, 2160), s)


@pytest.mark.parametrize("size", [(120, 90), (400, 300), (1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_results_screen_keeps_chart_ranking_and_table_apart(table_app, size):
    _, session = finished("oz", players=4)
    table_app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    table_app.push(scene_class("oz")(table_app, session).results_scene()(table_app, session, record_stats=False))
    step(table_app, 2)
    scene = table_app.top
    if size[0] >= 1024:
        assert scene.chart.plot.width > 200 and scene.chart.plot.height > 60
        areas = [scene.ranking_rect, scene.chart_rect, scene.details_rect]
        for i, a in enumerate(areas):
            assert scene.panel.contains(a)
            assert not any(a.colliderect(b) for b in areas[i + 1:]), (size, areas)
        assert scene.chart_rect.contains(scene.chart.plot)
        assert scene.details_rect.height <= scene.score_table_height(len(scene.notes()), scene.s), \
            "Oz's table leaves the height it does not fill to the chart"


def test_nice_ticks_are_round_and_cover_the_range():
    assert nice_ticks(0, 37, 5) == [0, 10, 20, 30, 40]
    assert nice_ticks(0, 3, 8) == [0, 1, 2, 3]
    assert nice_ticks(0, 0, 4) == [0, 1]
    assert nice_ticks(-3, 9, 4)[0] <= -3 and nice_ticks(-3, 9, 4)[-1] >= 9


def test_log_button_opens_the_table_log_and_esc_closes_it(table_app):
    """The table hands its log to the results; the Log button shows it all, wheel and keys
    scroll it, Esc goes back to the results."""
    record, _ = finished("parade")
    table = scene_class("parade")(table_app, Session("parade", record.seats, 4, autosave=False))  # bots only
    table_app.push(table)
    run_until(table_app, lambda: isinstance(table_app.top, ResultsScene))
    results = table_app.top
    assert results.log_entries == table.log.entries and len(results.log_entries) > 10
    click_widget(table_app, results.log_button)
    view = table_app.top
    assert isinstance(view, GameLogScene) and view.log.entries == table.log.entries
    assert view.log.offset == 0, "it opens at the end of the game"
    pygame.mouse.set_pos(view.box.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0))
    step(table_app)
    assert view.log.offset > 0
    key(table_app, pygame.K_END)
    assert view.log.offset == 0
    key(table_app, pygame.K_HOME)
    step(table_app)
    assert view.log.offset > 0  # clamped to the top of the log
    key(table_app, pygame.K_ESCAPE)
    assert table_app.top is results


def test_close_button_closes_the_log_and_no_log_means_no_button(table_app):
    _, session = finished("oz")
    results = ResultsScene(table_app, session, record_stats=False, log=[("Alice moves.", "play")])
    table_app.push(results)
    step(table_app)
    click_widget(table_app, results.log_button)
    assert isinstance(table_app.top, GameLogScene)
    click_widget(table_app, table_app.top.close_button)
    assert table_app.top is results
    bare = ResultsScene(table_app, session, record_stats=False)
    assert not bare.log_button.visible


def test_a_game_without_scores_before_the_end_gets_no_chart(table_app, monkeypatch):
    _, session = finished("parade")
    monkeypatch.setattr(type(session.state), "scores_now", lambda self: None)
    scene = ResultsScene(table_app, session, record_stats=False)
    assert scene.chart is None
    table_app.push(scene)
    step(table_app)
    assert scene.ranking_rect.width > scene.details_rect.width * 0.9


def test_chart_labels_follow_the_language(table_app):
    _, session = finished("oz")
    chart = scene_class("oz")(table_app, session).results_scene()(table_app, session, record_stats=False).chart
    table_app.i18n.set_language("en")
    assert [label() for label in chart.labels] == ["Points over the game", "Round", "Points"]
    table_app.i18n.set_language("zh")
    assert [label() for label in chart.labels] == ["得分走势", "回合", "分数"]  # Oz's word for its rounds
    assert ResultsScene(table_app, session, record_stats=False).chart_unit() == "轮"


def test_the_log_sheet_covers_the_results_buttons_around_close(table_app):
    """Close sits on the log's own sheet, so the results' buttons (under the now translucent
    veil) do not show beside it as a second row of buttons."""
    _, session = finished("oz")
    results = ResultsScene(table_app, session, record_stats=False, log=[("Alice moves.", "play")])
    table_app.push(results)
    step(table_app)
    click_widget(table_app, results.log_button)
    view = table_app.top
    step(table_app)
    beside = (view.close_button.rect.right + theme.px(30, view.s), view.close_button.rect.centery)
    assert view.box.collidepoint(beside)
    assert tuple(table_app.screen.get_at(beside))[:3] == theme.CREAM
