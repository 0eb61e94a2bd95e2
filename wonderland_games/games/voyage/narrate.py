"""World Voyage events in words, for the table's log (Chinese or English).

Each event the rules return becomes at most one line (text, kind). Hidden
things stay hidden: a draw says how many cards, never which (the log is
shared by everyone at a hot-seat table).
"""

from __future__ import annotations

from . import rules
from .cards import PLAIN

REWARD_KEYS = {"money": "voyage.log.reward_money", "card": "voyage.log.reward_card",
               "souvenir": "voyage.log.reward_souvenir"}


def counted(app, unit: str, n: int) -> str:
    """A number with its unit, singular for 1; units live in voyage.count."""
    return app.t(f"voyage.count.{unit}.{'one' if n == 1 else 'other'}", n=n)


def colour_name(app, colour: str) -> str:
    return app.t(f"voyage.colours.{colour}")


def card_name(app, cards, card: int) -> str:
    """"Green 3" / "Green Direct flight": an itinerary card by its colour and what it does."""
    it = cards.itineraries[card]
    colour = colour_name(app, it.colour)
    if it.kind == PLAIN:
        return app.t("voyage.card_plain", colour=colour, steps=it.steps)
    return app.t("voyage.card_special", colour=colour, special=app.i18n.pick(cards.specials[it.kind].name))


def card_effect(app, cards, card: int) -> str:
    """What a card does, in one short phrase."""
    it = cards.itineraries[card]
    if it.kind == PLAIN:
        text = app.t("voyage.plain_text", steps=counted(app, "steps", it.steps))
        return text + app.t("voyage.fare_text", money=counted(app, "money", it.money)) if it.money else text
    return app.i18n.pick(cards.specials[it.kind].text)


def dest_name(app, cards, dest: int) -> str:
    return app.i18n.pick(cards.destinations[dest].name)


def city_name(app, world, city: str) -> str:
    return app.i18n.pick(world.city[city].name)


def describe(app, state, action) -> str:
    """A legal action in the words of the table's button that does it, or the planned move's card
    and city (the Suggest button's words, and a phone's choices)."""
    t, kind = app.t, action[0]
    if kind == "move":
        return t("voyage.suggest.move", card=card_name(app, state.cards, action[1]),
                 city=city_name(app, state.world, action[2]))
    if kind == "discard":
        return t("voyage.suggest.discard", card=card_name(app, state.cards, action[1]))
    if kind == "visit":
        if action[2] == "money":
            seat = state.current_player()
            fee = state.visit_fee(seat) if seat is not None else 0
            return t("voyage.buttons.visit_money", n=rules.VISIT_PRICE + fee)
        return t("voyage.buttons.visit_card", card=card_name(app, state.cards, action[3]))
    if kind == "collect":
        return t("voyage.buttons.collect", price=rules.SOUVENIR_PRICE)
    if kind == "buy":
        if action[1] == "money":
            return t("voyage.buttons.buy_money", price=rules.BUY_PRICE, n=rules.BUY_CARDS)
        return t("voyage.buttons.buy_token")
    return t(f"voyage.buttons.{kind}")  # flyer, end


def region_name(app, world, region: str) -> str:
    return app.i18n.pick(world.region[region].name)


class Narrator:
    def __init__(self, app, seats, world, cards):
        self.app = app
        self.names = [s.name for s in seats]
        self.world = world
        self.cards = cards

    def city(self, city: str) -> str:
        return city_name(self.app, self.world, city)

    def setup(self, state) -> list:
        """The opening lines, read from the starting position (a loaded game keeps no setup events)."""
        t = self.app.t
        lines = [(t("voyage.log.setup", name=self.names[state.first]), "event")]
        for seat in state.turn_order():
            lines.append((t("voyage.log.start", name=self.names[seat], city=self.city(state.positions[seat])), "quiet"))
        shown = self.app.i18n.join([dest_name(self.app, self.cards, d) for d in state.display])
        lines.append((t("voyage.log.display", dests=shown), "quiet"))
        return lines

    def lines(self, events: list) -> list:
        out, prev = [], None
        for e in events:
            said = prev is not None and prev["type"] == "reward" and prev["kind"] == "card"
            line = None if said and e["type"] == "draw" else self.line(e)  # the reward line told the draw
            if line is not None:
                out.append(line)
            prev = e
        return out

    def line(self, e: dict):
        t, kind, app = self.app.t, e["type"], self.app
        name = self.names[e["seat"]] if e.get("seat") is not None else ""
        if kind == "move":
            line = t("voyage.log.move", name=name, card=card_name(app, self.cards, e["card"]), city=self.city(e["to"]),
                     steps=counted(app, "steps", len(e["path"]) - 1))
            if e.get("earned"):
                line += t("voyage.log.fare", money=counted(app, "money", e["earned"]))
            return line, "play"
        if kind == "fly":
            return t("voyage.log.fly", name=name, card=card_name(app, self.cards, e["card"]), city=self.city(e["to"])), "play"
        if kind == "visit":
            if e["paid"] == "card":
                paid = card_name(app, self.cards, e["card"])
                if e["fee"]:
                    paid += t("voyage.log.plus_fee", fee=counted(app, "money", e["fee"]))
            else:
                paid = counted(app, "money", e["money"])
            return t("voyage.log.visit", name=name, dest=dest_name(app, self.cards, e["dest"]), paid=paid,
                     points=counted(app, "points", e["points"])), "take"
        if kind == "reward":
            region = region_name(app, self.world, self.cards.destinations[e["dest"]].region)
            if e["kind"] == "souvenir" and not e["amount"]:  # the region's stock ran out
                return t("voyage.log.reward_souvenir_none", name=name, region=region), "quiet"
            return t(REWARD_KEYS[e["kind"]], name=name, money=counted(app, "money", e["amount"]),
                     cards=counted(app, "cards", e["amount"]), region=region, n=e["amount"]), "take"
        if kind == "souvenir_placed":
            if not e["placed"]:
                return None
            return t("voyage.log.souvenir_placed", region=region_name(app, self.world, e["region"])), "quiet"
        if kind == "refill":
            if e["dest"] is None:
                return t("voyage.log.refill_none"), "quiet"
            dest = self.cards.destinations[e["dest"]]
            return t("voyage.log.refill", dest=app.i18n.pick(dest.name), city=self.city(dest.city)), "quiet"
        if kind == "collect":
            return t("voyage.log.collect", name=name, region=region_name(app, self.world, e["region"]),
                     money=counted(app, "money", e["money"])), "take"
        if kind == "buy":
            key = "voyage.log.buy_money" if e["with"] == "money" else "voyage.log.buy_token"
            return t(key, name=name), "play"
        if kind == "draw":
            n = len(e["cards"])
            return t("voyage.log.draw", name=name, cards=counted(app, "cards", n)), "quiet"
        if kind == "reshuffle":
            return t("voyage.log.reshuffle", cards=counted(app, "cards", e["cards"])), "quiet"
        if kind == "flyer":
            return t("voyage.log.flyer", name=name), "play"
        if kind == "token_spent":
            return t("voyage.log.token_spent", name=name, tokens=e["tokens"]), "quiet"
        if kind == "discard":
            return t("voyage.log.discard", name=name, card=card_name(app, self.cards, e["card"])), "quiet"
        if kind == "end_turn":  # a turn with actions is told by them; one without would be a blank
            return (t("voyage.log.idle", name=name), "quiet") if e.get("idle") else None
        if kind == "turn":
            return t("voyage.log.turn", name=name, round=e["round"]), "event"
        if kind == "round_end":
            sep = t("voyage.log.score_sep")
            # "Player 9 (4)": a name ending in a digit does not run into its score
            scores = sep.join(t("voyage.log.score_of", name=n, n=s) for n, s in zip(self.names, e["scores"]))
            return t("voyage.log.round_end", round=e["round"], scores=scores), "event"
        if kind == "game_end":
            return t(f"voyage.log.end_{e['reason']}", rounds=e["rounds"]), "event"
        return None
