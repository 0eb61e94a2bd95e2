"""Parade's phone view (games/parade/phone.py): the hand by colour then number (the table keeps
the order dealt), and the final result once the game is over, not the score so far."""

import json
import random

import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.games.parade import rules
from wonderland_games.games.parade.panels import card_name
from wonderland_games.net.hands import seat_view
from wonderland_games.net.words import words

EN, ZH = words("en"), words("zh")


def game(players=3, seed=11):
    return registry.get("parade").new_state([Seat(f"P{i}") for i in range(players)], seed, None)


def names(state, cards, lang=EN):
    return [card_name(lang, state.deck, c) for c in cards]


def by_colour(state, cards):
    return sorted(cards, key=lambda c: (state.deck.colour_of(c), state.deck.value_of(c)))


def played_to(state, phase, rng):
    while state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_hand_and_the_cards_to_play_show_by_colour_then_number():
    state = game()
    seat = state.current_player()
    hand = state.hands[seat]
    assert hand != by_colour(state, hand)  # the deal's order, as the table keeps it
    view, actions = seat_view(state, seat, EN, 1)
    shown = [c["label"] for c in view["sections"][0]["cards"]]
    assert view["sections"][0]["title"] == "Your hand" and shown == names(state, by_colour(state, hand))
    [group] = view["groups"]
    assert [c["card"]["label"] for c in group["choices"]] == shown
    for choice in group["choices"]:  # each still plays its own card
        assert card_name(EN, state.deck, actions[choice["i"]][1]) == choice["card"]["label"]


def test_the_two_cards_to_keep_are_listed_in_the_hands_order():
    state = played_to(game(), rules.KEEP, random.Random(2))
    seat = state.current_player()
    view, actions = seat_view(state, seat, EN, 1)
    shown = [c["label"] for c in view["sections"][0]["cards"]]
    assert shown == names(state, by_colour(state, state.hands[seat]))
    choices = view["groups"][0]["choices"]
    listed = [[shown.index(c["label"]) for c in choice["cards"]] for choice in choices]
    assert len(listed) == 6 and listed == sorted(listed) and all(a < b for a, b in listed)
    for choice in choices:  # each still keeps its own two cards
        assert sorted(names(state, actions[choice["i"]][1:])) == sorted(c["label"] for c in choice["cards"])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_game_over_the_phone_shows_the_final_result_not_the_score_so_far(lang):
    t = words(lang).t
    for seed in range(6):
        state = played_to(game(seed=seed), rules.OVER, random.Random(seed))
        result = state.result()
        for seat in range(len(state.seats)):
            view, actions = seat_view(state, seat, words(lang), 1)
            text = json.dumps(view, ensure_ascii=False)
            assert actions == [] and view["over"]
            assert t("parade.phone.piles", score=result.scores[seat]) not in text  # "score now"
            assert view["sections"][-1]["title"] == t("parade.phone.final_piles", score=result.scores[seat])
            final = view["sections"][0]
            assert final["title"] == t("phone.final") and final["top"]  # above the parade
            assert [c["label"] for c in final["cards"]] == names(state, state.kept[seat], words(lang))
            line, score = final["lines"][0], result.scores[seat]
            if seat in result.winners:
                assert line == t("phone.won_shared" if len(result.winners) > 1 else "phone.won", score=score)
            else:  # its place: after the winners and everyone with fewer points
                place = 1 + sum(1 for s, v in enumerate(result.scores) if s in result.winners or v < score)
                assert line == t("phone.place", place=place, n=len(state.seats), score=score) and place > 1
            assert not any(s["title"] == t("phone.your_hand") for s in view["sections"])
