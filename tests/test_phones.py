"""The phones' table side (net/host.py, net/hands.py): codes, views, and judging what a phone sends."""

import json
import random

import pytest

from wonderland_games.core.game import BOT, HUMAN, Seat
from wonderland_games.core.session import Session
from wonderland_games.net import host as hosting
from wonderland_games.net.hands import hook, seat_view
from wonderland_games.net.host import PHONE, TABLE, PhoneHost, normal_code, shown_code
from wonderland_games.net.server import parse
from wonderland_games.net.words import words

PHONE_GAMES = ["parade", "oz", "voyage", "valley", "dream"]


def parade(seed=5):
    return Session("parade", [Seat("Ann"), Seat("Bot", BOT)], seed, autosave=False)


def started(lang):
    """A Parade game whose first mover is on a phone that has its first view: (session, seat, host, phone)."""
    session = parade()
    seat = session.state.current_player()
    host = PhoneHost([seat], lang)
    phone = Phone(host)
    host.sync(session)
    return session, seat, host, phone


class Phone:
    """What the server would do for one seat: collect what is sent to it."""

    def __init__(self, host):
        self.sent = []
        host.notify = lambda seat, text: self.sent.append((seat, json.loads(text)))

    def last(self, kind="view"):
        return [m for _, m in self.sent if m["type"] == kind][-1]


def test_codes_are_long_random_and_typeable():
    codes = {hosting.new_code() for _ in range(200)}
    assert len(codes) == 200
    code = codes.pop()
    assert len(code) == 12 and set(code) <= set(hosting.ALPHABET)
    assert shown_code(code).count("-") == 2
    assert normal_code(shown_code(code).lower().replace("-", " ")) == code
    for bad in (None, 5, "", "ABC", code + "A", code[:-1] + "0", "x" * 1000, code[:-1] + "I"):
        assert normal_code(bad) is None


@pytest.mark.parametrize("text", ['', '[]', '"act"', '{"type": "act"}', '{"type": "act", "version": true, "choice": 0}',
                                  '{"type": "act", "version": 1, "choice": -1}', '{"type": "act", "version": 1.0, "choice": 0}',
                                  '{"type": "hello", "lang": "fr"}', '{"type": "quit"}', '{"type": "act", "version": 1, "choice": "0"}',
                                  'x' * 3000, '{"type": "act", "version": 1, "choice": 99999}', '{'])
def test_malformed_messages_are_refused(text):
    assert parse(text) == (None, "malformed")


def test_known_messages_parse_to_their_fields_only():
    assert parse('{"type": "act", "version": 3, "choice": 1, "extra": [1]}') == (
        {"type": "act", "version": 3, "choice": 1}, None)
    assert parse('{"type": "hello", "lang": "zh"}') == ({"type": "hello", "lang": "zh"}, None)


def test_random_messages_never_raise_and_never_change_the_game():
    rng = random.Random(1)
    session = parade()
    host = PhoneHost([0], "en")
    Phone(host)
    host.sync(session)
    before = session.to_save()["digest"]
    pieces = ['{', '}', '"type"', ':', '"act"', '"version"', '"choice"', ',', '1', '-1', '1e9', 'null',
              '[', ']', '"hello"', '"lang"', '"zh"', 'true', '\\u0000', '"', '9007199254740993']
    for _ in range(10_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 14)))
        message, error = parse(text)
        assert (message is None) != (error is None)
        if message is not None:
            host.submit(0, message)
            host.sync(session)
            host.take(1)  # not the mover: nothing
    assert session.to_save()["digest"] == before


def test_the_mover_gets_choices_in_words_and_a_confirmed_one_is_taken():
    session, seat, host, phone = started("en")
    view = phone.last()
    assert view["yours"] and view["turn"] == "Your turn"
    choices = [c for g in view["groups"] for c in g["choices"]]
    assert len(choices) == len(session.state.legal_actions())
    assert all(c["text"].startswith("Play ") and "score" in c["detail"] for c in choices)
    host.submit(seat, {"type": "act", "version": view["version"], "choice": 2})
    host.sync(session)
    assert host.take(seat) == session.state.legal_actions()[2]
    assert host.take(seat) is None  # once


def test_a_choice_for_an_old_view_or_out_of_range_is_refused_with_a_reason():
    session, seat, host, phone = started("zh")
    version = phone.last()["version"]
    host.submit(seat, {"type": "act", "version": version - 1, "choice": 0})
    host.submit(seat, {"type": "act", "version": version, "choice": 99})
    host.sync(session)
    assert [m["error"] for _, m in phone.sent if m["type"] == "error"] == ["stale", "bad_choice"]
    assert phone.last("error")["message"] == "这一步现在不能走。"
    assert host.take(seat) is None


def test_a_tap_is_no_message_the_table_takes():
    """A choice's preview stays on the phone (docs/phones.md): "preview" is no message."""
    assert parse('{"type": "preview", "version": 1, "choice": 0}') == (None, "malformed")


def test_a_seat_handed_to_the_table_gets_no_choices_and_its_phone_cannot_act():
    session, seat, host, phone = started("en")
    version = phone.last()["version"]
    host.set_control(seat, TABLE)
    host.sync(session)
    assert phone.last()["groups"] == [] and not phone.last()["yours"]
    host.submit(seat, {"type": "act", "version": phone.last()["version"], "choice": 0})
    host.sync(session)
    assert host.take(seat) is None and phone.last("error")["error"] == "bad_choice"
    host.set_control(seat, PHONE)
    host.sync(session)
    assert phone.last()["yours"] and phone.last()["version"] > version


def test_a_phone_is_told_in_its_own_language_and_keeps_its_version():
    session, seat, host, phone = started("en")
    version = phone.last()["version"]
    host.submit(seat, {"type": "hello", "lang": "zh"})
    host.sync(session)
    assert phone.last()["turn"] == "轮到你了" and phone.last()["version"] == version


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_a_phone_view_shows_nothing_the_seat_may_not_see(game):
    """The view built from the whole state and from any state the seat cannot tell from it
    (others' hidden things resampled) is the same, move after move, for every seat."""
    from wonderland_games.core import registry
    from wonderland_games.core.bots import RandomBot

    info = registry.get(game)
    seats = [Seat(f"P{i}", HUMAN) for i in range(info.min_players + 1)]
    rng = random.Random(3)
    state = info.new_state(seats, 11, None)
    bot = RandomBot()
    for _ in range(40):
        if state.is_over():
            break
        for seat in range(len(seats)):
            for lang in ("zh", "en"):
                told = seat_view(state, seat, words(lang), 1)[0]
                other = state.view(seat).determinize(random.Random(rng.random()))
                assert seat_view(other, seat, words(lang), 1)[0] == told
        state.apply(bot.choose(state.view(state.current_player()), state.legal_actions(), rng))


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_every_game_says_every_choice(game):
    from wonderland_games.core import registry
    from wonderland_games.core.bots import RandomBot

    info = registry.get(game)
    state = info.new_state([Seat(f"P{i}") for i in range(info.min_players)], 2, None)
    rng, bot = random.Random(2), RandomBot()
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions()
        choices = hook(game).choices(state.view(seat), seat, legal, words("en"))
        assert len(choices) == len(legal) and all(c["text"] and c["group"] for c in choices)
        json.dumps(choices)
        state.apply(bot.choose(state.view(seat), legal, rng))
