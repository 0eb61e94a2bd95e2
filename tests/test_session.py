"""Session: save/load at every action, undo rules, rematch, illegal actions."""

import json
import random
import time

import pytest

from wonderland_games.core import saves
from wonderland_games.core.game import BOT, HUMAN, IllegalAction, Seat
from wonderland_games.core.session import Session


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def seats(kinds):
    return [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]


def random_game(seed, players):
    """A finished game: (session, actions, events per action, legal actions before each)."""
    rng = random.Random(seed)
    session = Session.new("parade", seats([HUMAN] + [BOT] * (players - 1)), seed=seed, autosave=False)
    actions, events, legal = [], [], []
    while not session.state.is_over():
        choices = session.state.legal_actions()
        action = rng.choice(choices)
        legal.append(choices)
        actions.append(action)
        events.append(session.apply(action))
    return session, actions, events, legal


def reload(session):
    """Through real JSON text, as on disk."""
    return Session.from_save(json.loads(json.dumps(session.to_save())), autosave=False)


@pytest.mark.parametrize("seed", range(30))
def test_save_load_at_every_action_then_play_continues_identically(seed):
    players = 2 + seed % 5
    final, actions, events, legal = random_game(seed, players)
    live = Session.new("parade", final.seats, seed=seed, autosave=False)
    for k in range(len(actions) + 1):
        loaded = reload(live)
        assert loaded.state.to_dict() == live.state.to_dict()
        assert loaded.actions == live.actions and loaded.seed == seed and loaded.created == live.created
        for j in range(k, len(actions)):
            assert loaded.state.legal_actions() == legal[j]
            assert loaded.apply(actions[j]) == events[j]  # events carry the drawn cards
        assert loaded.state.is_over()
        assert loaded.state.result() == final.state.result()
        assert loaded.state.to_dict() == final.state.to_dict()
        if k < len(actions):
            live.apply(actions[k])


@pytest.mark.parametrize("players", [2, 6])
def test_full_game_replays_in_a_few_ms(players):
    session = max((random_game(seed, players)[0] for seed in range(20)), key=lambda s: len(s.actions))
    data = json.loads(json.dumps(session.to_save()))
    start = time.perf_counter()
    for _ in range(20):
        Session.from_save(data, autosave=False)
    ms = (time.perf_counter() - start) / 20 * 1000
    print(f"\nreplay of a full {players}-player Parade game ({len(session.actions)} actions): {ms:.2f} ms")


def test_new_picks_a_31_bit_seed_and_checks_player_count(monkeypatch):
    import dataclasses

    from wonderland_games.core import registry

    session = Session.new("parade", seats([HUMAN, BOT]), autosave=False)
    assert 0 <= session.seed < 2 ** 31
    with pytest.raises(ValueError):
        Session.new("parade", seats([HUMAN]), autosave=False)
    monkeypatch.setitem(registry._REGISTRY, "dream", dataclasses.replace(registry.get("dream"), available=False))
    with pytest.raises(ValueError):
        Session.new("dream", seats([HUMAN, BOT, BOT, BOT]), autosave=False)  # a game not built yet


def test_illegal_action_raises_and_leaves_session_unchanged():
    session = Session.new("parade", seats([HUMAN, BOT, BOT]), seed=3)
    session.apply(session.state.legal_actions()[0])
    before_state, before_actions = session.state.to_dict(), list(session.actions)
    autosave = saves.autosave_path("parade").read_bytes()
    for bad in [("play", 999), ("keep", 1, 2), (), None, "play"]:
        with pytest.raises(IllegalAction):
            session.apply(bad)
        assert session.state.to_dict() == before_state
        assert session.actions == before_actions
    assert saves.autosave_path("parade").read_bytes() == autosave


def test_apply_autosaves_unless_disabled():
    session = Session.new("parade", seats([HUMAN, BOT]), seed=4, autosave=False)
    session.apply(session.state.legal_actions()[0])
    assert not saves.autosave_path("parade").exists()
    session.autosave = True
    session.apply(session.state.legal_actions()[0])
    loaded = saves.load_session(saves.autosave_path("parade"))
    assert loaded.actions == session.actions and loaded.state.to_dict() == session.state.to_dict()


def play_until(session, rng, stop):
    while not stop(session.state):
        assert not session.state.is_over(), "condition never reached"
        session.apply(rng.choice(session.state.legal_actions()))


def test_undo_of_a_play_that_drew_a_card_is_refused():
    session = Session.new("parade", seats([HUMAN, BOT]), seed=11, autosave=False)
    play_until(session, random.Random(1), lambda s: s.current_player() == 0)
    session.apply(session.state.legal_actions()[0])
    assert session.state.draw_pile, "still in the drawing phase"
    assert not session.can_undo()
    with pytest.raises(ValueError):
        session.undo()


def final_round_session(kinds, seed_range=range(200)):
    """A session in the no-draw final round with seat 0 (human) to act first in it."""
    for seed in seed_range:
        session = Session.new("parade", seats(kinds), seed=seed, autosave=False)
        rng = random.Random(seed)
        play_until(session, rng, lambda s: s.phase != "play")
        if session.state.phase == "final" and session.state.current_player() == 0 \
                and session.state.final_turns_left == len(kinds):
            return session
    raise AssertionError("no suitable seed")


def test_undo_in_the_final_round_restores_the_state():
    session = final_round_session([HUMAN, BOT])
    before = session.state.to_dict()
    count = len(session.actions)
    session.apply(session.state.legal_actions()[-1])
    assert session.can_undo()
    session.undo()
    assert session.state.to_dict() == before
    assert len(session.actions) == count
    assert not session.can_undo()  # the action before drew a card: the barrier holds


def test_bot_actions_after_the_human_action_are_undone_together():
    session = final_round_session([HUMAN, BOT, BOT])
    before = session.state.to_dict()
    count = len(session.actions)
    session.apply(session.state.legal_actions()[0])
    session.apply(session.state.legal_actions()[0])
    session.apply(session.state.legal_actions()[0])
    assert session.state.phase == "keep" and session.state.current_player() == 0
    assert session.can_undo()
    session.undo()
    assert len(session.actions) == count
    assert session.state.to_dict() == before


def test_undo_with_two_humans_takes_back_only_the_last_human():
    session = final_round_session([HUMAN, HUMAN, BOT])
    session.apply(session.state.legal_actions()[0])
    after_first = session.state.to_dict()
    session.apply(session.state.legal_actions()[0])
    session.undo()
    assert session.state.to_dict() == after_first
    assert session.can_undo()


def test_last_keep_reveals_every_choice_and_blocks_undo():
    session = final_round_session([HUMAN, BOT])
    rng = random.Random(5)
    play_until(session, rng, lambda s: s.phase == "keep" and s.current_player() == 0)
    session.apply(session.state.legal_actions()[0])
    assert session.can_undo()  # the first keep revealed nothing yet
    play_until(session, rng, lambda s: s.is_over())
    assert not session.can_undo()


def test_undo_autosaves_and_survives_reload():
    session = final_round_session([HUMAN, BOT])
    session.autosave = True
    session.apply(session.state.legal_actions()[0])
    session.undo()
    loaded = saves.load_session(saves.autosave_path("parade"))
    assert loaded.actions == session.actions
    assert not loaded.can_undo()


def test_all_bot_game_has_nothing_to_undo():
    session = Session.new("parade", seats([BOT, BOT]), seed=2, autosave=False)
    play_until(session, random.Random(2), lambda s: s.is_over())
    assert not session.can_undo()


def test_rematch_keeps_seats_and_options_with_a_new_deal():
    session = Session.new("parade", seats([HUMAN, BOT, BOT]), seed=9, options={"x": 1}, autosave=False)
    session.apply(session.state.legal_actions()[0])
    again = session.rematch()
    assert again.seats == session.seats and again.options == {"x": 1}
    assert again.seed != session.seed and again.actions == []
    assert again.state.to_dict()["initial_order"] != session.state.to_dict()["initial_order"]


def _play_to_the_end(session, rng):
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))


def test_a_match_of_rematches_counts_wins_and_survives_a_save():
    rng = random.Random(4)
    session = Session.new("parade", seats([HUMAN, BOT, BOT]), seed=9, autosave=False)
    assert session.match_standing() == ([0.0, 0.0, 0.0], 0)
    _play_to_the_end(session, rng)
    first = session.state.result()
    second = session.rematch()
    assert second.match_games == 1 and second.match_wins == [first.win_share(s) for s in range(3)]
    _play_to_the_end(second, rng)
    wins, games = second.match_standing()
    assert games == 2 and sum(wins) == pytest.approx(2)
    assert wins == [first.win_share(s) + second.state.result().win_share(s) for s in range(3)]
    loaded = Session.from_save(json.loads(json.dumps(second.to_save())), autosave=False)
    assert loaded.match_standing() == (wins, games)
    broken = second.to_save()
    broken["match"] = {"wins": [5, 0, 0], "games": 1}
    with pytest.raises(saves.SaveError, match="match tally"):
        Session.from_save(broken, autosave=False)


def test_altered_but_legal_action_log_is_caught_by_the_digest():
    session = final_round_session([HUMAN, BOT])
    data = session.to_save()
    last = session.actions[-1]
    shorter = {k: v for k, v in data.items() if k != "digest"}  # the digest is optional
    shorter["actions"] = data["actions"][:-1]
    other = next(a for a in Session.from_save(shorter, autosave=False).state.legal_actions() if a != last)
    data["actions"][-1] = list(other)
    with pytest.raises(saves.SaveError) as info:
        Session.from_save(data, autosave=False)
    assert info.value.kind == "invalid" and "reproduce" in info.value.message


def test_changing_a_save_dict_does_not_change_the_session():
    session = Session.new("parade", seats([HUMAN, BOT]), seed=6, autosave=False)
    data = session.to_save()
    loaded = Session.from_save(data, autosave=False)
    data["initial"]["parade"].clear()
    session.to_save()["initial"]["hands"].clear()
    assert reload(session).state.to_dict() == loaded.state.to_dict() == session.state.to_dict()
