"""What a Parade seat's phone shows (net/hands.py): the hand, the parade, the seat's piles, and a
card to play (with what it would take and the score after) or the two cards to keep; once the
game is over, the seat's final result instead of the hand and the score so far.

The table keeps a hand in the order it was dealt and drawn; a phone shows it, and the cards to
play and keep, by colour then number, where a card is easiest to find on a small screen."""

from __future__ import annotations

from ...net.hands import final_place
from . import rules
from .panels import card_list, card_name


def card(words, deck, c: int) -> dict:
    info = deck.colours[deck.colour_of(c)]
    return {"label": card_name(words, deck, c), "value": deck.value_of(c), "rgb": info.rgb,
            "symbol": info.symbol, "art": f"/art/parade/{info.art}",
            "symbol_art": f"/art/parade/symbols/{info.symbol}.svg"}


def in_order(deck, cards) -> list:
    """`cards` by colour (the deck's order, as the piles), then number."""
    return sorted(cards, key=lambda c: (deck.colour_of(c), deck.value_of(c)))


def sections(view, seat: int, words, moment=None) -> list:
    t, deck = words.t, view.deck
    piles = [f"{words.i18n.pick(info.colour_name)} ×{n}"
             for info, n in zip(deck.colours, rules.colour_counts(deck, view.collections[seat])) if n]
    score = rules.scores_now(deck, [list(c) for c in view.collections])[seat]
    over = view.is_over()
    first = final(view, seat, words) if over else {
        "title": t("phone.your_hand"), "cards": [card(words, deck, c) for c in in_order(deck, view.hands[seat])]}
    return [
        first,
        {"title": t("parade.phone.parade", n=len(view.parade)), "cards": [card(words, deck, c) for c in view.parade],
         "top": True},
        {"title": t("parade.phone.final_piles" if over else "parade.phone.piles", score=score),
         "lines": [t("list.sep").join(piles) or t("parade.live.none")]},
    ]


def final(view, seat: int, words) -> dict:
    """The seat's result once the game is over: the cards it kept, its place and final score, and
    why a tie on points went the way it did (the results screen's notes)."""
    t, deck, result = words.t, view.deck, view.result()
    scores, winners = result.scores, result.winners
    score, kept = scores[seat], list(view.kept[seat] or ())
    lines = [final_place(result, seat, words), t("parade.phone.kept", cards=card_list(words, deck, kept))]
    if score == min(scores) and scores.count(score) > 1:
        lines.append(t("parade.results.tie_shared" if len(winners) > 1 else "parade.results.tie_cards"))
    return {"title": t("phone.final"), "cards": [card(words, deck, c) for c in kept], "lines": lines,
            "top": True}  # first on the page: what a player looks for once the game is over


def choices(view, seat: int, legal: list, words) -> list:
    t, deck = words.t, view.deck
    now = [list(c) for c in view.collections]
    old = rules.scores_now(deck, now)[seat]
    place = {c: i for i, c in enumerate(in_order(deck, view.hands[seat]))}  # where the hand shows it
    out = []
    for action in legal:
        if action[0] == "keep":
            cards = sorted(action[1:], key=place.get)
            out.append({"group": t("parade.phone.keep"), "cards": [card(words, deck, c) for c in cards],
                        "text": t("parade.preview.keep", cards=card_list(words, deck, cards)),
                        "order": place[cards[0]] * len(place) + place[cards[1]]})
            continue
        taken = rules.cards_taken(deck, view.parade, action[1])
        later = [list(c) for c in now]
        later[seat].extend(taken)
        new = rules.scores_now(deck, later)[seat]
        out.append({"group": t("parade.phone.play"), "card": card(words, deck, action[1]),
                    "text": t("parade.preview.takes" if taken else "parade.preview.takes_none",
                              card=card_name(words, deck, action[1]), n=len(taken)),
                    "detail": t("parade.preview.score", old=old, total=new, delta=f"{new - old:+d}"),
                    "takes": [view.parade.index(c) for c in taken], "order": place[action[1]]})
    return out
