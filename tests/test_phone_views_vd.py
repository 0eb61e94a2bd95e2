"""Valley's and Dream Teller's phone views (games/valley/phone.py, games/dream/phone.py) and the two
generic marks they brought: a choice the table keeps, and a choice that asks for a line of text."""

import json
import random

import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream import phone as dream_phone
from wonderland_games.games.dream.lexicon import load_lexicon
from wonderland_games.games.dream.state import BOTS, LAST
from wonderland_games.games.valley import narrate
from wonderland_games.games.valley import phone as valley_phone
from wonderland_games.net.hands import seat_view
from wonderland_games.net.host import PhoneHost
from wonderland_games.net.server import parse
from wonderland_games.net.words import words

EN = words("en")


def valley_turn(seed=4):
    """A two-seat Valley game past both free redraws (each keeps its hand)."""
    state = registry.get("valley").new_state([Seat("Ann"), Seat("Bob")], seed, None)
    while state.decision() is not None:
        state.apply(("mulligan",))
    return state


def flat(view: dict) -> list:
    return [c for g in view["groups"] for c in g["choices"]]


def test_valley_choices_are_the_suggests_words_in_groups():
    state = valley_turn()
    seat = state.current_player()
    view, actions = seat_view(state, seat, EN, 1)
    titles = [g["title"] for g in view["groups"]]
    assert titles[0] == "Place a worker" and titles[-1] == "Prepare"
    for choice, action in zip(flat(view), actions):
        assert choice["text"] == narrate.describe_action(EN, state, action)
    assert {a[0] for a in actions} <= {"place", "play", "prepare"}


def test_valley_a_spot_says_what_the_rules_give():
    state = valley_turn()
    seat = state.current_player()
    valley = state.valley
    view = state.view(seat)
    gains = {loc.id: loc.effects[0].resources for loc in valley.locations.values()
             if type(loc.effects[0]).__name__ == "Gain" and len(loc.effects) == 1}
    spot, bundle = next(iter(gains.items()))
    [choice] = [c for c, a in zip(valley_phone.choices(view, seat, state.legal_actions(), EN), state.legal_actions())
                if a == ("place", spot)]
    assert choice["detail"] == "Gets " + narrate.resources_text(EN, bundle.items())
    prepare = valley_phone.choices(view, seat, [("prepare",)], EN)[0]["detail"]
    home = state.workers[seat] - len(state.placed[seat])
    assert prepare.startswith(f"You give up {home} workers not yet placed")


def test_valley_sections_show_the_seats_hand_resources_and_workers():
    state = valley_turn()
    seat = state.current_player()
    sections = valley_phone.sections(state.view(seat), seat, EN)
    hand = [c["label"] for c in sections[0]["cards"]]
    assert hand == [narrate.kind_name(EN, state.valley, k) for k in state.hands[seat]]
    assert sections[0]["cards"][0]["art"].startswith("/art/valley/cards/")
    lines = sections[1]["lines"]
    assert lines[1].endswith(f"workers at home {state.workers[seat]}/{state.workers[seat]}")
    assert "Bob" in " ".join(sections[-1]["lines"]) or "Ann" in " ".join(sections[-1]["lines"])


def test_valley_free_redraw_offers_keep_one_card_or_all():
    state = registry.get("valley").new_state([Seat("Ann"), Seat("Bob")], 4, None)
    seat = state.current_player()
    view, actions = seat_view(state, seat, EN, 1)
    hand = state.hands[seat]
    assert ("mulligan",) in actions and ("mulligan",) + tuple(sorted(hand)) in [
        (a[0],) + tuple(sorted(a[1:])) for a in actions]
    assert all(len(a) in (1, 2, len(hand) + 1) for a in actions)
    assert len(actions) < len(state.legal_actions())  # the rest stays on the big screen


@pytest.mark.parametrize("seed", [4, 9])
def test_valley_free_redraw_lists_the_cards_in_the_hands_order(seed):
    state = registry.get("valley").new_state([Seat("Ann"), Seat("Bob")], seed, None)
    seat = state.current_player()
    hand = state.hands[seat]
    assert hand != sorted(hand)  # `legal` lists them by kind: the hand as drawn does not
    view, actions = seat_view(state, seat, EN, 1)
    listed = [actions[c["i"]] for c in flat(view)]
    assert listed[0] == ("mulligan",) and sorted(listed[-1][1:]) == sorted(hand)
    assert flat(view)[-1]["text"] == narrate.describe_action(EN, state, ("mulligan", *hand))
    singles = [a[1] for a in listed[1:-1]]
    assert singles == list(dict.fromkeys(hand))  # each kind once, where the hand first shows it
    shown = [c["label"] for c in valley_phone.sections(state.view(seat), seat, EN)[0]["cards"]]
    assert [c["cards"][0]["label"] for c in flat(view)[1:-1]] == list(dict.fromkeys(shown))


def dream(mode=None, seed=7, players=4):
    seats = [Seat(f"P{i}") for i in range(players - 1)] + [Seat("Bot", BOT) if mode == BOTS else Seat("P9")]
    return registry.get("dream").new_state(seats, seed, None)


def names_of(word_id: str) -> set:
    word = load_lexicon().words[word_id]
    return {word.name["zh"], word.name["en"]}


@pytest.mark.parametrize("mode", [None, BOTS])
def test_dream_word_goes_to_spirits_never_to_the_dreamer(mode):
    state = dream(mode)
    for phase in range(2):
        if phase:
            state.apply(("time_up",))  # the last guess: still hidden from the dreamer
            assert state.phase == LAST
        dreamer = state.dreamer()
        for seat in range(len(state.seats)):
            for lang in ("zh", "en"):
                text = json.dumps(seat_view(state, seat, words(lang), 1)[0], ensure_ascii=False)
                shown = load_lexicon().words[state.current].name[lang] in text
                assert shown == (seat != dreamer), (seat, dreamer, lang)


def test_dream_role_is_told_to_its_seat_only():
    state = dream()
    for seat in range(len(state.seats)):
        role = state.roles[seat]
        view = seat_view(state, seat, EN, 1)[0]
        assert view["sections"][0]["cards"][0]["role"] == role
        others = {state.roles[s] for s in range(len(state.seats)) if s != seat} - {role}
        assert not any(EN.t(f"dream.role.{r}") in json.dumps(view) for r in others if r != "dreamer")


def test_dream_table_mode_leaves_every_action_to_the_big_screen():
    state = dream()
    view, actions = seat_view(state, state.current_player(), EN, 1)
    assert state.mode == "table" and state.legal_actions() and actions == [] and view["groups"] == []


def test_dream_bot_mode_offers_the_seats_own_moves_with_text():
    state = dream(BOTS, seed=3)
    while state.current_player() == 3 or state.dreamer() == state.current_player():
        state = dream(BOTS, seed=state.seed + 1)
    view, actions = seat_view(state, state.current_player(), EN, 1)
    texts = [c["text"] for c in flat(view)]
    assert texts == ["Give no clue", "Type a one-word clue"]
    assert flat(view)[1]["input"]["max"] == 40 and len(actions) == 2
    assert len(state.legal_actions()) > 100  # each word as a clue, the clock's reports, the time-up


def spirit_turn():
    """A bot-mode game where a person's spirit is to give a clue."""
    seed = 3
    while True:
        state = dream(BOTS, seed=seed)
        if state.current_player() != 3:
            return state
        seed += 1


def test_dream_a_typed_clue_is_judged_as_at_the_table():
    state = spirit_turn()
    seat = state.current_player()
    view = state.view(seat)
    word = load_lexicon().words[state.current]
    own_name = word.name[state.lang]
    action, note = dream_phone.typed(view, seat, ("clue", seat, "x"), own_name, EN)
    assert action == ("penalty", seat) and note.startswith("Clue refused")
    action, note = dream_phone.typed(view, seat, ("clue", seat, "x"), "two words", EN)
    assert action is None and note == "A clue is one word, with no spaces."
    clue = word.associations[state.lang][0]  # the bots' first clue for it, a legal one
    assert dream_phone.typed(view, seat, ("clue", seat, "x"), f" {clue} ", EN) == (("clue", seat, clue), None)


def test_a_typed_choice_goes_through_the_host_and_needs_its_text():
    state = spirit_turn()
    seats = [Seat(s.name, s.kind) for s in state.seats]
    session = Session("dream", seats, state.seed, autosave=False)
    seat = session.state.current_player()
    host = PhoneHost([seat], "en")
    sent = []
    host.notify = lambda s, text: sent.append(json.loads(text))
    host.sync(session)
    view = [m for m in sent if m["type"] == "view"][-1]
    typed = next(c for c in flat(view) if "input" in c)
    host.submit(seat, {"type": "act", "version": view["version"], "choice": typed["i"]})
    host.sync(session)
    assert sent[-1]["error"] == "bad_text" and host.take(seat) is None
    clue = load_lexicon().words[session.state.current].associations[session.state.lang][0]
    host.submit(seat, {"type": "act", "version": view["version"], "choice": typed["i"], "text": clue})
    host.sync(session)
    assert host.take(seat) == ("clue", seat, clue)


@pytest.mark.parametrize("data,ok", [
    ({"type": "act", "version": 1, "choice": 0, "text": "月亮"}, True),
    ({"type": "act", "version": 1, "choice": 0, "text": "x" * 200}, True),
    ({"type": "act", "version": 1, "choice": 0, "text": "x" * 201}, False),
    ({"type": "act", "version": 1, "choice": 0, "text": "a\nb"}, False),
    ({"type": "act", "version": 1, "choice": 0, "text": 5}, False),
    ({"type": "preview", "version": 1, "choice": 0, "text": "x"}, False),  # a tap previews on the phone only
])
def test_a_typed_line_is_short_printable_and_only_with_an_act(data, ok):
    message, error = parse(json.dumps(data))
    assert (message == data) if ok else (message is None and error == "malformed")


def test_the_dreamers_phone_says_when_the_sand_is_out():
    """QA: only the spirits' phones said the sand had run out."""
    from wonderland_games.core.game import Seat as _Seat
    from wonderland_games.core.session import Session as _Session
    from wonderland_games.games.dream.state import LAST as _LAST
    from wonderland_games.net.hands import seat_view
    from wonderland_games.net.words import words

    session = _Session("dream", [_Seat(n) for n in ("Ann", "Bob", "Cy", "Dee")], 4, autosave=False)
    state = session.state
    while state.phase != _LAST:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a[0] == "time_up"), legal[0]))
    text = json.dumps(seat_view(state, state.dreamer(), words("en"), 1, moment="last")[0])
    assert "The sand has run out" in text


def valley_until(done, players=3, seed=5):
    """A Valley game played by random moves until `done(state)`."""
    rng = random.Random(seed)
    state = registry.get("valley").new_state([Seat(f"P{i}") for i in range(players)], seed, None)
    while not done(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_valley_every_phone_warns_of_the_last_turns_once_someone_enters_the_second_winter(lang):
    t = words(lang).t
    before = valley_until(lambda s: s.season[s.current_player()] == 3 and not s.endgame and s.decision() is None)
    assert not any(t("valley.phone.last.title") in json.dumps(seat_view(before, s, words(lang), 1)[0], ensure_ascii=False)
                   for s in range(3))
    state = valley_until(lambda s: s.endgame)
    winter = [s for s in range(3) if state.season[s] == 4]
    assert winter and state.finished[winter[0]] and not state.over
    for seat in range(3):
        view = seat_view(state, seat, words(lang), 1)[0]
        warning = view["sections"][0]
        assert warning["top"] and warning["title"] == t("valley.phone.last.title")
        assert warning["lines"] == [t("valley.phone.last.who", names=state.seats[winter[0]].name),
                                    t("valley.phone.last.rule"),
                                    t("valley.phone.last.stopped" if state.finished[seat] else "valley.phone.last.yours")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_valley_a_phone_says_what_its_seat_just_drew_and_no_one_elses_draw(lang):
    rng, lw = random.Random(3), words(lang)
    state = registry.get("valley").new_state([Seat("Ann"), Seat("Bob"), Seat("Cy")], 3, None)

    def told(seat):  # the hand's lines (the last turns' warning may show above it)
        return next(s for s in seat_view(state, seat, lw, 1)[0]["sections"] if not s.get("top"))["lines"]

    seen = 0
    while not state.is_over():
        actor, before = state.current_player(), [told(s) for s in range(3)]
        events = state.apply(rng.choice(state.legal_actions()))
        drew = {s: [c for e in events if e["type"] == "draw" and e["seat"] == s for c in e["cards"]] for s in range(3)}
        if drew[actor]:
            seen += 1
        assert told(actor) == ([lw.t("valley.phone.drew", cards=narrate.cards_text(lw, state.valley, drew[actor]))]
                               if drew[actor] else [])  # acting, it has seen what it drew before
        for seat in range(3):
            if seat != actor and not drew[seat]:
                assert told(seat) == before[seat]  # another seat's draw is never told
    assert seen > 5


def test_valley_a_redraw_is_told_and_a_save_brings_it_back():
    session = Session("valley", [Seat("Ann"), Seat("Bob")], 4, autosave=False)
    seat = session.state.current_player()
    back = session.state.hands[seat][0]
    events = session.apply(("mulligan", back))
    [new] = next(e["cards"] for e in events if e["type"] == "draw")
    line = EN.t("valley.phone.drew", cards=narrate.kind_name(EN, session.state.valley, new))
    assert seat_view(session.state, seat, EN, 1)[0]["sections"][0]["lines"] == [line]
    assert line not in json.dumps(seat_view(session.state, 1 - seat, EN, 1)[0])
    loaded = Session.from_save(session.to_save(), autosave=False)
    assert seat_view(loaded.state, seat, EN, 1)[0]["sections"][0]["lines"] == [line]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_valley_at_game_over_the_phone_shows_the_final_result_first_not_the_score_so_far(lang):
    """QA: at game over a Valley phone still said "N points now"; it opens with the final result now,
    as Parade's does (net.hands.final_place): won, shared or its place, with the final score, what
    the score is made of and how a tie on the most points went."""
    lw = words(lang)
    t = lw.t
    for seed in (5, 6, 7):
        state = valley_until(lambda s: s.is_over(), seed=seed)
        result = state.result()
        for seat in range(3):
            view, actions = seat_view(state, seat, lw, 1)
            text = json.dumps(view, ensure_ascii=False)
            score = result.scores[seat]
            assert actions == [] and view["over"]
            assert t("valley.phone.score", n=score, tokens=narrate.counted(lw, "points", state.tokens[seat])) not in text
            final = view["sections"][0]
            assert final["top"] and final["title"] == t("phone.final")
            if seat in result.winners:
                assert final["lines"][0] == t("phone.won_shared" if len(result.winners) > 1 else "phone.won", score=score)
            else:  # after the winners and everyone with more points
                place = 1 + sum(1 for s, v in enumerate(result.scores) if s in result.winners or v > score)
                assert final["lines"][0] == t("phone.place", place=place, n=3, score=score) and place > 1
            parts = [t(f"valley.table.breakdown.{k}", n=n) for k, n in result.breakdown[seat].items() if n]
            assert all(part in final["lines"][1] for part in parts)
            assert not any(s.get("top") and s["title"] == t("valley.phone.last.title") for s in view["sections"])


def test_the_final_place_counts_the_winners_and_better_scores_in_the_games_own_sense():
    from wonderland_games.core.game import Result
    from wonderland_games.net.hands import final_place

    t = EN.t
    higher = Result(scores=[40, 40, 31, 40], winners=[1], breakdown=[{}] * 4)  # seat 1 won the tie
    assert final_place(higher, 1, EN) == t("phone.won", score=40)
    assert final_place(higher, 0, EN) == t("phone.place", place=2, n=4, score=40)
    assert final_place(higher, 2, EN) == t("phone.place", place=4, n=4, score=31)
    lower = Result(scores=[9, 9, 20], winners=[0, 1], breakdown=[{}] * 3, lower_is_better=True)
    assert final_place(lower, 0, EN) == t("phone.won_shared", score=9)
    assert final_place(lower, 2, EN) == t("phone.place", place=3, n=3, score=20)
    assert final_place(Result(scores=[30], winners=[], breakdown=[{}]), 0, EN) == t("phone.lost", score=30)
