"""Keyboard play (ui/table_keys.py): a whole game of each of the five by keys alone — Tab to the
thing to choose, Enter to choose it, typed text for Dream's clues and guesses — with no mouse
event ever sent; and the shared ring's order, wrap, arrows, Esc and the focus drawn."""

from __future__ import annotations

import time

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import scene_class
from wonderland_games.ui import table_keys
from wonderland_games.ui.dialogs import ConfirmDialog
from wonderland_games.ui.finale import Finale
from wonderland_games.ui.table_keys import KeyTarget, TableKeys, widget_target
from wonderland_games.ui.testing import key, step, type_text
from wonderland_games.ui.widgets import Button

MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


@pytest.fixture
def app(table_app, monkeypatch):
    """A table window whose event queue refuses any mouse event."""
    real = pygame.event.post

    def post(event):
        assert event.type not in MOUSE, "keyboard play sends no mouse event"
        return real(event)

    monkeypatch.setattr(pygame.event, "post", post)
    return table_app


def start(app, game: str, bots: int = 1, seed: int = 3, level: str = "random", options=None):
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", BOT, level) for i in range(bots)]
    session = Session.new(game, seats, seed=seed, options=options, autosave=False)
    scene = scene_class(game)(app, session)
    app.push(scene)
    step(app, 2)
    return session, scene


def choose(app, scene, target_id) -> None:
    """Tab to `target_id`, then Enter."""
    tab_to(app, scene, target_id)
    key(app, pygame.K_RETURN)


def tab_to(app, scene, target_id) -> None:
    """Tab (or Shift+Tab, the shorter way) until the focus shows on `target_id`."""
    for _ in range(200):
        if scene.keys.focused_id() == target_id:
            return
        ids = [t.id for t in scene.key_targets()]
        assert target_id in ids, f"{target_id} is not reachable by keys"
        here = ids.index(scene.keys.focused_id()) if scene.keys.focused_id() in ids else 0
        back = (here - ids.index(target_id)) % len(ids) < (ids.index(target_id) - here) % len(ids)
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)
    raise AssertionError(f"{target_id} never took the focus")


def play_by_keys(app, session, scene, turn, seconds: float = 40.0, mine=None) -> None:
    """Step the game; on the person's turn (`mine()`, else `scene.my_turn()`) `turn(app, scene)` plays
    by keys (False: nothing to do yet); a dialog over the table (Valley's Prepare asks first) is
    answered Yes by keys. Until the game is over."""
    mine = mine or scene.my_turn
    end = time.monotonic() + seconds
    while app.top is scene or isinstance(app.top, ConfirmDialog):
        assert time.monotonic() < end, "the game did not end"
        top = app.top
        if isinstance(top, ConfirmDialog):
            while top.ring.current is not top.buttons[0]:
                key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
        elif not (mine() and turn(app, scene)):
            step(app, 1, 0.1)
            time.sleep(0.001)
    assert session.state.is_over() and isinstance(app.top, (Finale, scene.results_scene())), "the game ended"


# -- one whole game of each, by keys alone -----------------------------------------------------
def parade_turn(app, scene) -> bool:
    action = scene.state.legal_actions()[0]
    if action[0] == "play":  # the focus on a card picks it (its preview shows), Enter plays it
        tab_to(app, scene, ("hand", action[1]))
        assert scene.selected == [action[1]] and scene.preview is not None
        key(app, pygame.K_RETURN)
    else:  # the two cards to keep, then Confirm
        choose(app, scene, ("hand", action[1]))
        choose(app, scene, ("hand", action[2]))
        choose(app, scene, scene.buttons["confirm"])
    return True


def oz_turn(app, scene) -> bool:
    if scene.walking:
        return False
    action = scene.state.legal_actions()[0]
    kind = action[0]
    if kind in ("take_dir", "take_act"):
        choose(app, scene, ("die", "direction" if kind == "take_dir" else "action", action[1]))
    elif kind == "discard":  # Enter picks the card, again discards it
        choose(app, scene, ("card", action[1]))
        choose(app, scene, ("card", action[1]))
    elif scene.buttons["go"].can_focus:  # walk the whole way
        choose(app, scene, scene.buttons["go"])
    else:
        return False
    return True


def voyage_turn(app, scene) -> bool:
    from wonderland_games.games.voyage import rules

    state, legal = scene.state, scene.legal()
    moves = [a for a in legal if a[0] == "move"]
    if state.phase == rules.DISCARD:
        card = next(a[1] for a in legal if a[0] == "discard")
        choose(app, scene, ("card", card))
        choose(app, scene, ("card", card))
    elif moves:  # the card, the city (its route shows), the city again: the move
        _, card, city = moves[0]
        choose(app, scene, ("card", card))
        choose(app, scene, ("city", city))
        assert scene.target == city
        choose(app, scene, ("city", city))
    else:
        action = next(a for a in legal if a in scene.BUTTON_OF or a[0] == "visit")
        name = scene.BUTTON_OF.get(action) or ("visit_money" if action[2] == "money" else "visit_card")
        choose(app, scene, scene.buttons[name])
    return True


def valley_turn(app, scene) -> bool:
    from wonderland_games.games.valley.state import PREPARE

    legal, choice = scene.legal(), scene.choice()
    if choice is not None:  # the choice panel: an option picked then taken, or its footer
        if choice["options"]:
            choose(app, scene, scene.buttons["opt0"])
            choose(app, scene, scene.buttons["opt0"])
        elif choice["confirm"] is not None:
            choose(app, scene, scene.buttons["choice_confirm"])
        else:
            choose(app, scene, scene.buttons["choice_done"])
        return True
    spot = next(((kind, what) for kind, what, _ in scene._targets() if kind in ("spot", "city")
                 and scene.spot_action(what) in legal), None)  # a free spot on the table
    if spot is not None:  # Enter picks the spot (its preview shows), again places the worker
        choose(app, scene, spot)
        choose(app, scene, spot)
    elif PREPARE in legal:
        choose(app, scene, scene.buttons["prepare"])
        choose(app, scene, scene.buttons["prepare"])
    else:
        return False
    return True


@pytest.mark.parametrize("game, turn, level", [("parade", parade_turn, "random"), ("oz", oz_turn, "easy"),
                                               ("voyage", voyage_turn, "random"), ("valley", valley_turn, "random")])
def test_a_whole_game_by_keys_alone(app, game, turn, level):
    """One person against a bot (Oz's Easy one reaches the score in some 120 moves, a Random one
    in some 1,300)."""
    session, scene = start(app, game, level=level)
    play_by_keys(app, session, scene, turn)
    assert session.state.is_over()
    assert any(actor == 0 for actor in session.actors), "the person played"


def test_a_whole_dream_by_keys_and_typed_words(app):
    """Begin and Next are Tabbed to; clues and guesses are typed in the field, which has the focus
    when it comes; Skip is Tabbed to once; the story is typed."""
    from wonderland_games.games.dream.state import DREAM, LAST, STORY

    session, scene = start(app, "dream", bots=3, level="normal", options={"mode": "bots", "lang": "en", "seconds": 10})
    view, state, seen = scene.view, session.state, set()

    def word(w):
        return scene.lexicon.words[w].name["en"]

    def send(text):
        assert scene.keys.focused_id() is view.field, "the field has the focus"
        type_text(app, text)
        key(app, pygame.K_RETURN)

    def turn(app, scene) -> bool:
        if view.buttons["next"].visible:
            choose(app, scene, view.buttons["next"])
        elif view.buttons["begin"].visible:
            choose(app, scene, view.buttons["begin"])
        elif view.my_clue_turn():
            said = {text for _, _, text in state.clues}
            send(next(c for c in scene.lexicon.words[state.current].associations["en"] if c not in said))
        elif view.my_guess() and state.phase == DREAM and "skip" not in seen:
            seen.add("skip")
            cards = len(state.cards)
            choose(app, scene, view.buttons["skip"])
            assert len(state.cards) > cards or state.cards[-1][1] == "skip"
        elif view.my_guess():
            send(word(state.current))
            seen.add("guess" if state.phase != LAST else "last")
        elif state.phase == STORY and view.dreaming():
            send(" ".join(["Once"] + [word(w) for w in state.correct_words()]))
            seen.add("story")
        else:
            return False
        return True

    play_by_keys(app, session, scene, turn, seconds=40, mine=lambda: not scene.timeline)
    assert {"skip", "guess", "story"} <= seen


# -- the shared ring ---------------------------------------------------------------------------------
class Table:
    """Three spots in a row and one below the first, with what Enter did."""

    def __init__(self):
        self.done = []
        self.rects = [pygame.Rect(10 + 100 * i, 10, 80, 80) for i in range(3)] + [pygame.Rect(10, 200, 80, 80)]
        self.shown = [0, 1, 2, 3]

    def targets(self):
        return [KeyTarget(("spot", i), self.rects[i], lambda i=i: self.done.append(i), f"spot {i}") for i in self.shown]


def down(keys, k, mod=0):
    return keys.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_the_ring_goes_round_in_order_and_wraps_both_ways(table_app):
    table = Table()
    keys = TableKeys(table_app, table.targets)
    assert keys.focused_id() is None
    assert down(keys, pygame.K_TAB) and keys.focused_id() == ("spot", 0), "the first Tab shows the first"
    for want in (1, 2, 3, 0):
        down(keys, pygame.K_TAB)
        assert keys.focused_id() == ("spot", want)
    down(keys, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert keys.focused_id() == ("spot", 3), "Shift+Tab wraps back to the last"


def test_arrows_go_to_the_nearest_that_way_and_enter_or_space_chooses(table_app):
    table = Table()
    keys = TableKeys(table_app, table.targets)
    down(keys, pygame.K_RIGHT)
    assert keys.focused_id() == ("spot", 0), "the first arrow only shows where the focus is"
    down(keys, pygame.K_RIGHT)
    down(keys, pygame.K_RIGHT)
    assert keys.focused_id() == ("spot", 2)
    down(keys, pygame.K_RIGHT)
    assert keys.focused_id() == ("spot", 2), "nothing further right: it stays"
    down(keys, pygame.K_LEFT)
    down(keys, pygame.K_LEFT)
    down(keys, pygame.K_DOWN)
    assert keys.focused_id() == ("spot", 3)
    assert down(keys, pygame.K_RETURN) and down(keys, pygame.K_SPACE)
    assert table.done == [3, 3]
    assert not down(keys, pygame.K_a), "other keys are the game's"


def test_a_key_onto_a_target_shows_what_pointing_at_it_shows(table_app):
    pointed = []
    rects = [pygame.Rect(10 + 100 * i, 10, 80, 80) for i in range(2)]
    keys = TableKeys(table_app, lambda: [KeyTarget(i, r, None, point=lambda i=i: pointed.append(i))
                                         for i, r in enumerate(rects)])
    down(keys, pygame.K_TAB)
    down(keys, pygame.K_RIGHT)
    down(keys, pygame.K_RIGHT)  # nothing further: no new pointing
    assert pointed == [0, 1]


def test_a_click_hides_the_focus_and_enter_then_is_no_choice(table_app):
    table = Table()
    keys = TableKeys(table_app, table.targets)
    down(keys, pygame.K_TAB)
    keys.hide()
    assert keys.focused_id() is None
    assert not down(keys, pygame.K_RETURN) and table.done == [], "Enter with no focus on show: the table's"
    down(keys, pygame.K_TAB)
    assert keys.focused_id() == ("spot", 0), "the first key after the mouse shows where it was"


def test_a_target_gone_takes_the_focus_with_it(table_app):
    table = Table()
    keys = TableKeys(table_app, table.targets)
    down(keys, pygame.K_TAB)
    down(keys, pygame.K_TAB)
    table.shown = [0, 2, 3]
    assert keys.focused_id() is None and not down(keys, pygame.K_RETURN)
    down(keys, pygame.K_TAB)
    assert keys.focused_id() == ("spot", 0)


def test_the_focus_is_drawn_with_what_enter_does_only_once_a_key_was_used(table_app, rendered):
    table = Table()
    keys = TableKeys(table_app, table.targets)
    surface = pygame.Surface((400, 320))
    assert keys.draw(surface, 1.0) == [], "no outline before a key"
    down(keys, pygame.K_TAB)
    down(keys, pygame.K_TAB)
    surface.fill((0, 0, 0))
    drawn = keys.draw(surface, 1.0)
    assert drawn and drawn[0].contains(table.rects[1]) and "spot 1" in rendered
    ring = table.rects[1].inflate(10, 10)
    assert surface.get_at((ring.centerx, ring.top + 1))[:3] == (255, 255, 255), "the outline is drawn round it"
    assert surface.get_at(table.rects[0].center)[:3] == (0, 0, 0)


def test_a_focused_button_is_marked_and_a_field_keeps_its_keys(table_app):
    from wonderland_games.ui.widgets import TextInput

    pressed = []
    button = Button(table_app, "Go", lambda: pressed.append(1))
    field = TextInput(table_app, "ab", on_submit=lambda: pressed.append(2))
    for i, w in enumerate((button, field)):
        w.place((10, 10 + 60 * i, 100, 40), 1.0)
    keys = TableKeys(table_app, lambda: [widget_target(button), widget_target(field)])
    down(keys, pygame.K_TAB)
    assert button.focused and not field.focused
    down(keys, pygame.K_RETURN)
    down(keys, pygame.K_TAB)
    assert field.focused and not button.focused
    assert down(keys, pygame.K_LEFT) and keys.focused_id() is field and field.cursor == 1, "Left moves in the text"
    down(keys, pygame.K_RETURN)
    assert pressed == [1, 2]


def pick_parade(app, scene):
    card = scene.state.hands[0][0]
    tab_to(app, scene, ("hand", card))
    return lambda: scene.selected == [card]


def pick_oz(app, scene):  # a card to discard
    card = next(a[1] for a in scene.state.legal_actions() if a[0] == "discard")
    choose(app, scene, ("card", card))
    return lambda: scene.selected == card


def pick_voyage(app, scene):  # a card to move with: its cities join the ring
    card = next(a[1] for a in scene.legal() if a[0] == "move")
    choose(app, scene, ("card", card))
    assert any(isinstance(t.id, tuple) and t.id[0] == "city" for t in scene.key_targets())
    return lambda: scene.selected == card


def pick_valley(app, scene):  # the free redraw's cards to put back
    tab_to(app, scene, ("hand", 0))
    key(app, pygame.K_RETURN)
    return lambda: scene.marked == [0]


@pytest.mark.parametrize("game, pick", [("parade", pick_parade), ("oz", pick_oz), ("voyage", pick_voyage),
                                        ("valley", pick_valley)])
def test_esc_drops_a_half_made_choice_then_leaves(app, game, pick):
    from wonderland_games.ui.app import Scene

    app.push(Scene(app))  # where Esc leaves to
    session, scene = start(app, game)
    for _ in range(400):
        if scene.my_turn():
            break
        step(app)
    picked = pick(app, scene)
    assert picked()
    key(app, pygame.K_ESCAPE)
    assert not picked() and app.top is scene, "Esc drops the pick"
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene, "then leaves"


@pytest.mark.parametrize("game, kind", [("parade", "hand"), ("voyage", "card")])  # its own draw, the table's
def test_the_table_draws_the_focus_where_the_keys_put_it(app, monkeypatch, game, kind):
    session, scene = start(app, game)
    for _ in range(400):
        if scene.my_turn():
            break
        step(app)
    rings = []
    monkeypatch.setattr(table_keys.theme, "table_focus",
                        lambda surface, rect, s: rings.append(pygame.Rect(rect)) or rect)
    step(app)
    assert rings == [], "no focus before a key"
    key(app, pygame.K_TAB)
    card, rect = scene.hand_rects()[0]
    assert scene.keys.focused_id() == (kind, card) and rings[-1] == rect


def test_dream_at_a_table_gives_a_penalty_by_keys(app):
    """Table mode: every role looked at, the dream started, Penalty, a player's name: all by Tab and
    Enter (the panel's names were reached by the mouse alone)."""
    from wonderland_games.games.dream.scene import DreamScene

    session = Session.new("dream", [Seat(n) for n in ("Ann", "Ben", "Cy", "Di")], seed=5, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    view = scene.view
    for _ in range(20):
        if view.stage == "dream":
            break
        name = next(n for n in ("show", "hide", "start") if view.buttons[n].visible)
        choose(app, scene, view.buttons[name])
    assert view.stage == "dream"
    choose(app, scene, view.buttons["penalty"])
    assert view.choosing and {t.id for t in scene.key_targets()} >= set(view.pen)
    choose(app, scene, view.pen[2])
    assert session.state.penalties[2] == 1 and not view.choosing


def test_a_click_on_dream_s_own_buttons_hides_the_keys_outline(table_app):
    from wonderland_games.ui.testing import click

    session, scene = start(table_app, "dream", bots=3, level="normal", options={"mode": "bots", "lang": "en"})
    begin = scene.view.buttons["begin"]
    key(table_app, pygame.K_TAB)
    assert scene.keys.focused_id() is begin
    click(table_app, begin.rect.center)
    assert not scene.keys.shown, "the outline waits for the next key"
