"""Dream Teller's results: the ranking with every round's role and points, each round's
reasons in words (every scoring case), the tie notes, and a screen that fits at every size."""

import dataclasses
import random

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream.results import DreamResultsScene, tie_note
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import click, step

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440)]
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


@pytest.fixture(autouse=True)
def playable(monkeypatch):
    """Sessions of Dream Teller, before (or after) its table makes it available in the menu."""
    monkeypatch.setitem(registry._REGISTRY, "dream", dataclasses.replace(registry.get("dream"), available=True))


def played(players: int, rounds: list, seed: int = 5) -> Session:
    """A table-mode game whose rounds are given as outcome lists ("c" correct, "w" wrong, "s" skip,
    then the last guess: "C"/"W" right or wrong, "D" let go), each told with its story as `!` (all
    mentioned) or not; a missing round is a round of one wrong card."""
    session = Session("dream", [Seat(n) for n in NAMES[:players]], seed, {"mode": "table"}, autosave=False)
    for number in range(players):
        plan = rounds[number] if number < len(rounds) else "w"
        for mark in plan.rstrip("!"):
            if mark.isupper():
                session.apply(("time_up",))
            session.apply({"c": ("correct",), "w": ("wrong",), "s": ("skip",), "C": ("correct",),
                           "W": ("wrong",), "D": ("skip",)}[mark])
        if session.state.phase == "dream":  # the sand ran out and the last guess was let go
            session.apply(("time_up",))
            session.apply(("skip",))
        if session.state.phase == "story":
            session.apply(("story", 1 if plan.endswith("!") else 0))
    assert session.state.is_over()
    return session


def scene(app, session) -> DreamResultsScene:
    return DreamResultsScene(app, session, record_stats=False)


def test_each_round_says_every_role_s_points_and_reason(table_app):
    table_app.i18n.set_language("en")
    session = played(4, ["ccww!", "cccwW", "ccccwD!", "ww"])
    results = scene(table_app, session)
    state = session.state
    lines = {}
    for number, record in enumerate(state.history):
        for line in results.round_lines(number):
            lines.setdefault(number, []).append(line)
    dreamer = NAMES[state.history[0]["dreamer"]]
    assert results.round_title(0) == f"Round 1: {dreamer} dreams, 2 correct, 2 wrong"
    assert f"Dreamer ({dreamer}) scores 4: 2 correct, 1 point each; the story mentioned them all, +2" in lines[0]
    assert any(line.endswith(" scores 4: equal piles (2 to 2): the correct count +2") for line in lines[0])
    assert any(line.endswith(" scores 3: piles 1 apart (3 to 2): the larger pile") for line in lines[1])
    assert any(line.endswith(" scores 1: piles 2 or more apart (4 to 1): the smaller pile") for line in lines[2])
    assert any("the story missed a correct word, no bonus" in line for line in lines[1])
    for number, record in enumerate(state.history):
        for seat, role in enumerate(record["roles"]):
            held = [line for line in lines[number] if line.startswith(table_app.t(f"dream.role.{role}"))]
            assert len(held) == 1 and NAMES[seat] in held[0] and f" scores {record['points'][seat]}: " in held[0]
    assert lines[0][-1].startswith("Points after round 1 (before penalties): ")


def test_a_tie_goes_to_fewer_penalties_then_is_shared(table_app):
    table_app.i18n.set_language("en")
    names = list(NAMES[:4])
    assert tie_note(table_app, [7, 7, 3, 7], [1, 0, 0, 2], [1], names) == \
        "Level on 7: fewer penalties wins (Ann 1, Bob 0 and Di 2)."
    assert tie_note(table_app, [7, 7, 3, 2], [1, 1, 0, 0], [0, 1], names) == \
        "Level on 7 with as many penalties: a shared win."
    assert tie_note(table_app, [8, 7, 3, 2], [1, 1, 0, 0], [0], names) is None
    session = played(4, ["cc", "cc", "cc", "cc"])
    state = session.state
    state.penalties[0] = 2
    level = max(state.scores()) + 3
    for seat, score in enumerate(state.scores()):
        state.history[0]["points"][seat] += level - score  # everyone ends on the same score
    results = scene(table_app, session)
    assert set(results.result.scores) == {level}
    assert results.result.winners == [1, 2, 3]
    assert results.note() == "Level on {0}: fewer penalties wins (Ann 2, Bob 0, Cy 0 and Di 0).".format(level)
    assert results.banner() == "Bob, Cy and Di share the win!"


def test_the_round_buttons_and_the_round_numbers_pick_the_round(table_app):
    session = played(5, ["cw", "cc", "w", "ccw", "c"])
    table_app.push(scene(table_app, session))
    step(table_app, 2)
    results = table_app.stack[-1]
    assert results.shown == 4 and not results.next_button.enabled
    click(table_app, results.prev_button.rect.center)
    assert results.shown == 3
    rect, number = results.round_heads[1]
    click(table_app, rect.center)
    assert results.shown == number == 1
    table_app.stack.clear()


def random_session(players: int, seed: int) -> Session:
    rng = random.Random(seed)
    session = Session("dream", [Seat(n) for n in NAMES[:players]], seed, {"mode": "table"}, autosave=False)
    while not session.state.is_over():
        legal = [a for a in session.state.legal_actions() if a[0] not in ("clock", "penalty")]
        session.apply(rng.choice(legal))
    return session


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 10])
def test_the_results_draw_at_every_size_with_no_text_cut_short(table_app, monkeypatch, lang, size, players):
    session = random_session(players, players)
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
    assert results.panel.contains(results.details_rect) and results.panel.contains(results.ranking_rect)
    assert not results.ranking_rect.colliderect(results.details_rect)
    assert not results.chart_rect.colliderect(results.details_rect)
    texts = [d[0] for d in drawn]
    assert results.banner() in texts and results.round_title(results.shown) in texts
    for seat in session.seats:
        assert seat.name in texts
    for text, rect, font_size, bold in drawn:
        _, shown = tx.fit_line(table_app.fonts, text, rect.width, rect.height, font_size, bold)
        assert shown == text, f"{text!r} cut short at {size}"
    buttons = [results.prev_button.rect, results.next_button.rect] + [b.rect for b in (
        results.rematch_button, results.menu_button, results.log_button) if b.visible]
    assert all(not a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    _, lines = tx.fit_block(table_app.fonts, "\n".join(results.round_lines(results.shown)),
                            results.details_rect.width, results.details_rect.height, 15)
    assert not lines[-1].endswith(tx.ELLIPSIS), f"the round in words is cut at {size}"
    table_app.stack.clear()
