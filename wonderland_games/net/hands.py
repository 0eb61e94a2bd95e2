"""What a phone shows: one seat's private view and its legal actions, in words.

Each game has a `phone.py` beside its rules with two functions, both reading only what the seat
may see (`state.view(seat)`, so nothing hidden can leak by mistake):

- `sections(view, seat, words, moment)`: the seat's panels, a list of {"title", "cards": [card],
  "lines": [str], "top": true if it shows above the choices (what they are made against: Parade's
  parade)}; a card is {"label": str, "art": "/art/<game>/<file>.svg" or absent, and the game's own
  fields the page's per-game part draws, `client/games/<game>.js`}; `moment` is what the table
  shows now (`TableScene.phone_moment`, None for most games);
- `choices(view, seat, legal, words)`: one entry a legal action, in `legal`'s order:
  {"group": str, "text": str, "detail": str or absent, "card" or "cards": as above or absent,
  "chip": true or absent (a group of chips only is a wrapping row of small buttons: many short choices),
  "rank": a number or absent (1): groups show by their least rank, then in `legal`'s order;
  "order": a number or absent (0): within its group, choices show by it, then in `legal`'s order
  (a hand's cards as the hand shows them, where `legal` lists them otherwise)}.
  The text is the hint's words for the action; the detail what it would do, shown on the phone
  once the choice is tapped ("takes 3 cards, score +4").
  Two generic marks: `"table": True` leaves the action to the big screen (a clock report, an
  outcome the others judge aloud): it is not offered. `"input": {"max": n, "hint": str}` asks the
  phone for a line of text (a clue, a guess): the game's `typed(view, seat, action, text, words)`
  then says which action the text makes, as (action or None, a note for the phone or None).

`seat_view` adds what every game shares: whose turn it is, the scores at the end; `final_place`
is the line a game's final-result section opens with ("You won with a score of 23!").
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from ..core import registry
from .words import Words


@lru_cache(maxsize=None)
def hook(game_id: str):
    """The game's `phone.py`."""
    registry.get(game_id)  # an unknown game is a KeyError before any import
    return importlib.import_module(f"wonderland_games.games.{game_id}.phone")


def offered(choices: list) -> list:
    """Indices of `choices` to offer: the first of each set said in the same words (two dice of
    one value are one choice), none the table keeps."""
    seen, keep = set(), []
    for i, choice in enumerate(choices):
        if choice.get("table"):
            continue
        key = (choice.get("group"), choice.get("text"), choice.get("detail"))
        if key not in seen:
            seen.add(key)
            keep.append(i)
    return keep


def seat_view(state, seat: int, words: Words, version: int, playing: bool = True, moment=None) -> tuple:
    """(the page's view of `seat` as a JSON-safe dict, the actions its choices stand for).
    `playing`: False while the host has handed the seat to the big screen or a bot; `moment`: what
    the table shows now, for a phone that keeps in step with it (`TableScene.phone_moment`)."""
    t, names = words.t, [s.name for s in state.seats]
    game = hook(state.game_id)
    view = state.view(seat)
    mover = state.current_player()
    actions, groups = [], []
    if mover == seat and playing and not state.is_over():
        legal = state.legal_actions()
        choices = game.choices(view, seat, legal, words)
        by_group: dict = {}
        rank: dict = {}  # a group's place: its choices' least "rank" (1 unless given), then as they came
        for i in offered(choices):
            choice = dict(choices[i], i=len(actions))
            actions.append(Typed(game, view, seat, legal[i]) if "input" in choice else legal[i])
            title = choice.pop("group")
            by_group.setdefault(title, []).append((choice.pop("order", 0), choice))
            rank[title] = min(rank.get(title, 1), choice.pop("rank", 1))
        groups = [{"title": title, "choices": [c for _, c in sorted(items, key=lambda item: item[0])]}
                  for title, items in sorted(by_group.items(), key=lambda item: rank[item[0]])]
    if state.is_over():
        turn = _result_line(state, names, words)
    elif not playing:
        turn = t("phone.taken_over")
    elif mover == seat:  # (with nothing to choose, the table plays the turn: Dream's dreamer)
        turn = t("phone.your_turn" if groups else "phone.at_table")
    else:
        turn = t("phone.their_turn", name=names[mover]) if mover is not None else ""
    return ({
        "type": "view", "version": version, "game": state.game_id, "lang": words.lang,
        "title": words.i18n.pick(registry.game_name(state.game_id)), "seat": seat, "name": names[seat],
        "yours": bool(groups), "turn": turn, "over": state.is_over(),
        "sections": game.sections(view, seat, words, moment), "groups": groups,
        "labels": {key: t(f"phone.{key}") for key in LABELS},
    }, actions)


class Typed:
    """An offered action the phone's text completes (a choice with "input")."""

    def __init__(self, game, view, seat: int, action) -> None:
        self.game, self.view, self.seat, self.action = game, view, seat, action

    def fill(self, text: str, words: Words) -> tuple:
        """(the action `text` makes or None, a note for the phone or None)."""
        return self.game.typed(self.view, self.seat, self.action, text, words)


LABELS = ("confirm", "cancel", "waiting", "reconnecting", "connected", "your_hand", "gone", "error")


def _result_line(state, names: list, words: Words) -> str:
    """"Game over: Ann won. Ann 23, Bob 31, ..." (best first)."""
    result = state.result()
    scores = words.t("list.sep").join(f"{names[s]} {result.scores[s]}" for s in result.ranking())
    return words.t("phone.over", names=words.i18n.join([names[w] for w in result.winners]), scores=scores)


def final_place(result, seat: int, words: Words) -> str:
    """The seat's place once the game is over, in the game's own sense of a better score
    (`Result.lower_is_better`): won, shared the win, or its place after the winners and everyone
    who scored better, with its final score. Alone (a solo game), a seat either won or lost."""
    t, scores, winners = words.t, result.scores, result.winners
    score = scores[seat]
    if seat in winners:
        return t("phone.won_shared" if len(winners) > 1 else "phone.won", score=score)
    if len(scores) == 1:
        return t("phone.lost", score=score)
    sign = -1 if result.lower_is_better else 1
    better = sum(1 for s, v in enumerate(scores) if s in winners or sign * v > sign * score)
    return t("phone.place", place=better + 1, n=len(scores), score=score)
