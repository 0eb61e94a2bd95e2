"""Wonderland Valley in words: the table's log and the actions said as sentences.

`Narrator.event(state_after, event)` turns one engine event into log lines
(text, kind) and `Narrator.lines(events, state)` a list of them, as the other
games' narrators do; `describe_action(app, state, action)` says one legal
action in a short sentence (the Suggest button and the previews use it).
Strings are `valley.count.*`, `valley.log.*` and `valley.act.*` in
data/valley/strings.yaml.

Hidden things stay hidden: a draw says how many cards, never which, unless
the narrator is told the one seat whose eyes the log is for (`viewer`);
a mulligan says how many cards went back. Cards discarded in a trade go to
the face-up discard pile, so those are named, and so do the solo
opponent's cards (its pile is face up).
"""

from __future__ import annotations

from collections import Counter

from .effects import RESOURCES, Choose, Draw, Gain, Points
from .solo import CARD, FOREST, load_solo


def counted(app, unit: str, n: int) -> str:
    """A number with its unit, singular for 1 ("1 berry", "2 berries"); units are in valley.count."""
    return app.t(f"valley.count.{unit}.{'one' if n == 1 else 'other'}", n=n)


def resources_text(app, amounts) -> str:
    """{resource: n} (or (resource, n) pairs) as prose in RESOURCES order; nothing for none."""
    amounts = dict(amounts)
    parts = [counted(app, r, amounts[r]) for r in RESOURCES if amounts.get(r)]
    return app.i18n.join(parts) if parts else app.t("valley.words.nothing")


def kind_name(app, valley, kind_id: str) -> str:
    return app.i18n.pick(valley.cards.kinds[kind_id].name)


def cards_text(app, valley, kind_ids) -> str:
    return app.i18n.join([kind_name(app, valley, k) for k in kind_ids])


def place_name(app, valley, spot_id: str) -> str:
    """A basic location or a forest card by its name."""
    place = valley.locations.get(spot_id) or valley.forest[spot_id]
    return app.i18n.pick(place.name)


def season_name(app, valley, season_id: str) -> str:
    return app.i18n.pick(next(s for s in valley.seasons if s.id == season_id).name)


def season_in_text(app, valley, season_id: str) -> str:
    """A season's name inside a sentence: "prepares for the second winter", not "for The Second
    Winter" (English names are capitalised as titles; Chinese has no case)."""
    return season_name(app, valley, season_id).lower()


def event_name(app, valley, event_id: str) -> str:
    event = valley.basic_events.get(event_id) or valley.special_events[event_id]
    return app.i18n.pick(event.name)


def simple_text(app, effects) -> str:
    """What a trade, a bonus or an owner's reward gives (gain, choose, draw, points), as prose."""
    parts = []
    for effect in effects:
        if isinstance(effect, Gain):
            parts.append(resources_text(app, effect.resources.items()))
        elif isinstance(effect, Choose):
            options = app.t("valley.words.or").join(app.t(f"valley.words.resource.{r}") for r in effect.options)
            key = "valley.words.choose_any" if len(effect.options) == len(RESOURCES) else "valley.words.choose_of"
            parts.append(app.t(key, n=effect.count, options=options))
        elif isinstance(effect, Draw):
            parts.append(counted(app, "cards", effect.count))
        elif isinstance(effect, Points):
            parts.append(counted(app, "points", effect.count))
    return app.i18n.join(parts)


def city_card(app, valley, names, seat: int, owner: int, kind_id: str) -> str:
    """"your Toadstool Inn" / "Bob's Toadstool Inn": a card in a city, from the acting seat's side."""
    card = kind_name(app, valley, kind_id)
    if owner == seat:
        return app.t("valley.words.own_card", card=card)
    return app.t("valley.words.their_card", owner=names[owner], card=card)


class Narrator:
    """The log of one table; `viewer` (a seat or None for a shared screen) may see its own draws."""

    def __init__(self, app, seats, valley):
        self.app = app
        self.names = [s.name for s in seats]
        self.valley = valley
        self.viewer = None

    def setup(self, state) -> list:
        """The opening lines, read from the starting position (a loaded game keeps no setup events):
        who starts, the solo opponent, the forest and special events, the hands, any head start."""
        app, t, v = self.app, self.app.t, self.valley
        forest = app.i18n.join([place_name(app, v, f) for f in state.forest])
        specials = app.i18n.join([event_name(app, v, e) for e in state.specials])
        lines = [(t("valley.log.setup", name=self.names[state.first]), "event")]
        if state.opponent is not None:
            lines.append((t("valley.log.solo", name=self.names[0], opponent=self.opponent(),
                            level=t(f"valley.words.level.{state.opponent.level}")), "event"))
            if state.opponent.tokens:  # its head start, else its score shows from nowhere
                lines.append((t("valley.log.opponent_start", opponent=self.opponent(),
                                points=counted(app, "points", state.opponent.tokens)), "quiet"))
        lines += [(t("valley.log.forest", places=forest), "quiet"),
                  (t("valley.log.specials", events=specials), "quiet"),
                  (t("valley.log.hands", cards=counted(app, "cards", state.starting_hand)), "quiet")]
        for seat in state.turn_order():  # the later players' head start
            if any(state.resources[seat]):
                lines.append((t("valley.log.head_start", name=self.names[seat],
                                resources=resources_text(app, zip(RESOURCES, state.resources[seat]))), "quiet"))
        return lines

    def opponent(self) -> str:
        """The solo opponent's name."""
        return self.app.i18n.pick(load_solo().name)

    def lines(self, events: list, state=None) -> list:
        out = []
        for e in events:
            out.extend(self.event(state, e))
        return out

    def event(self, state_after, e: dict) -> list:
        """The lines for one event; none for an ordinary turn change (the next action names its player)
        or a draw of no card that was not stopped (read off `state_after`; None tells no empty draw)."""
        line = self._line(state_after, e)
        return [] if line is None else [line]

    def _line(self, state, e: dict):
        app, t, v, kind = self.app, self.app.t, self.valley, e["type"]
        name = self.names[e["seat"]] if e.get("seat") is not None else ""
        if kind == "place":
            if "spot" in e:
                return t("valley.log.place", name=name, spot=place_name(app, v, e["spot"])), "play"
            card = kind_name(app, v, e["card"])
            if e["owner"] == e["seat"]:
                return t("valley.log.place_own", name=name, card=card), "play"
            return t("valley.log.place_city", name=name, owner=self.names[e["owner"]], card=card), "play"
        if kind == "toll":
            return t("valley.log.toll", name=name, owner=self.names[e["owner"]],
                     resources=resources_text(app, e["resources"])), "quiet"
        if kind == "play":
            card = kind_name(app, v, e["card"])
            if e["free"]:
                host = kind_name(app, v, v.cards.kinds[e["card"]].host)
                return t("valley.log.play_free", name=name, card=card, host=host), "play"
            if not e["paid"]:
                return t("valley.log.play_nothing", name=name, card=card), "play"
            return t("valley.log.play", name=name, card=card, resources=resources_text(app, e["paid"])), "play"
        if kind == "gain":
            return t("valley.log.gain", name=name, resources=resources_text(app, e["resources"])), "take"
        if kind == "points":
            return t("valley.log.points", name=name, points=counted(app, "points", e["points"])), "take"
        if kind == "draw":
            return self._draw(state, e, name)
        if kind == "reshuffle":
            return t("valley.log.reshuffle", cards=counted(app, "cards", e["cards"])), "quiet"
        if kind == "trade":
            given = [cards_text(app, v, e["cards"])] if e["cards"] else []
            if e["paid"]:
                given.append(resources_text(app, e["paid"]))
            return t("valley.log.trade", name=name, given=app.i18n.join(given)), "quiet"
        if kind == "copy":
            if "location" in e:
                return t("valley.log.copy_location", name=name, spot=place_name(app, v, e["location"])), "play"
            return t("valley.log.copy_card", name=name, card=kind_name(app, v, e["card"])), "play"
        if kind == "idle":
            return self._idle(e, name), "quiet"
        if kind == "worker":
            return t("valley.log.worker", name=name, workers=counted(app, "workers", e["workers"])), "take"
        if kind == "season":
            return t("valley.log.season", name=name, season=season_in_text(app, v, e["season"]),
                     recalled=counted(app, "workers", e["recalled"]),
                     workers=counted(app, "workers", e["workers"])), "event"
        if kind == "event":
            return t("valley.log.event", name=name, event=event_name(app, v, e["event"]),
                     points=counted(app, "points", e["points"])), "take"
        if kind == "mulligan":
            if not e["count"]:
                return t("valley.log.keep", name=name), "quiet"
            return t("valley.log.mulligan", name=name, cards=counted(app, "cards", e["count"])), "quiet"
        if kind == "finished":
            return t("valley.log.finished", name=name), "event"
        if kind == "turn":
            return (t("valley.log.last_turn", name=name), "event") if e["last"] else None
        if kind == "game_end":
            return self._end(e), "event"
        if kind.startswith("opponent_"):
            return self._opponent(e)
        return None

    def _idle(self, e: dict, name: str) -> str:
        """'Ann's Medal Mint produces nothing: no prosperity card in the city.'"""
        app, v = self.app, self.valley
        kind = v.cards.kinds[e["card"]]
        why = e["why"]
        fields = {}
        if why == "count":
            match = next(x.count.match for x in kind.effects if hasattr(x, "count") and hasattr(x.count, "match"))
            if match.kind:
                why, fields = "count_kind", {"kind": kind_name(app, v, match.kind)}
            elif match.role:
                why, fields = "count_role", {"role": app.i18n.pick(v.cards.roles[match.role].name).lower()}
        return app.t("valley.qa.idle", name=name, card=kind_name(app, v, kind.id),
                     why=app.t(f"valley.qa.idle_why.{why}", **fields))

    def _opponent(self, e: dict):
        """The solo opponent's roll, and the spot or the card it took; its recall when it scores."""
        app, t, kind, them = self.app, self.app.t, e["type"], self.opponent()
        if kind == "opponent_roll":
            does = e["does"]
            what = t(f"valley.words.die_{does}") if does in (FOREST, CARD) else place_name(app, self.valley, does)
            return t("valley.log.opponent_roll", opponent=them, face=e["face"], what=what), "quiet"
        if kind == "opponent_place":
            return t("valley.log.opponent_place", opponent=them, spot=place_name(app, self.valley, e["spot"])), "play"
        if kind == "opponent_take":
            if not e["cards"]:
                return t("valley.log.opponent_none", opponent=them), "quiet"
            key = "valley.log.opponent_instead" if e["instead"] else "valley.log.opponent_take"
            return t(key, opponent=them, card=cards_text(app, self.valley, e["cards"])), "play"
        if not e["workers"]:  # the recall of no worker scores nothing
            return None
        return t("valley.log.opponent_recall", opponent=them, workers=counted(app, "workers", e["workers"]),
                 points=counted(app, "points", e["points"])), "take"

    def _draw(self, state, e: dict, name: str):
        app, t, n = self.app, self.app.t, len(e["cards"])
        if n == 0:  # the hand was full, the deck and discards ran out, or none was asked (a mulligan keeps)
            if state is None:
                return None
            limit = self.valley.numbers.hand_limit
            if len(state.hands[e["seat"]]) >= limit:
                return t("valley.log.draw_full", name=name, limit=limit), "quiet"
            if not state.deck and not state.discard:
                return t("valley.log.draw_none", name=name), "quiet"
            return None
        if self.viewer == e["seat"]:
            return t("valley.log.draw_seen", name=name, cards=counted(app, "cards", n),
                     names=cards_text(app, self.valley, e["cards"])), "quiet"
        return t("valley.log.draw", name=name, cards=counted(app, "cards", n)), "quiet"

    def _end(self, e: dict) -> str:
        t, scores, winners = self.app.t, e["scores"], e["winners"]
        if not winners:  # solo: the opponent scored more
            return t("valley.log.end_opponent", opponent=self.opponent(), name=self.names[0],
                     points=counted(self.app, "points", scores[0]))
        names = self.app.i18n.join([self.names[w] for w in winners])
        points = counted(self.app, "points", scores[winners[0]])
        return t("valley.log.end_shared" if len(winners) > 1 else "valley.log.end", names=names, points=points)


def describe_action(app, state, action) -> str:
    """One legal action of the seat to act, in a short sentence."""
    t, v, kind = app.t, state.valley, action[0]
    seat = state.current_player()
    if kind == "place":
        if len(action) == 2:
            return t("valley.act.place", spot=place_name(app, v, action[1]))
        owner, index = action[1], action[2]
        kind_id = state.cities[owner][index]
        spot = city_card(app, v, [s.name for s in state.seats], seat, owner, kind_id)
        toll = state.spot_of(kind_id).toll
        if owner != seat and toll.total:
            return t("valley.act.place_toll", spot=spot, resources=resources_text(app, toll.items()))
        return t("valley.act.place", spot=spot)
    if kind == "play":
        card = kind_name(app, v, action[1])
        if action[2:] == ("free",):
            return t("valley.act.play_free", card=card, host=kind_name(app, v, v.cards.kinds[action[1]].host))
        paid = dict(zip(RESOURCES, action[2:]))
        if not any(paid.values()):
            return t("valley.act.play_nothing", card=card)
        return t("valley.act.play", card=card, resources=resources_text(app, paid))
    if kind == "prepare":
        season = v.seasons[state.season[seat] + 1]
        key = "valley.act.prepare_last" if season.id == v.seasons[-1].id else "valley.act.prepare"
        return t(key, season=season_in_text(app, v, season.id))
    if kind == "take":
        return t("valley.act.take", resources=resources_text(app, Counter(action[1:])))
    if kind in ("discard", "pay"):
        item = state.decision()
        trade = state.fx[item[1]][item[2]]
        gets = simple_text(app, trade.get)
        if kind == "pay":
            return t("valley.act.trade_pay", resources=resources_text(app, trade.pay.items()), gets=gets)
        return t("valley.act.trade_discard", cards=cards_text(app, v, action[1:]), gets=gets)
    if kind == "done":
        return t("valley.act.done")
    if kind == "copy":
        if action[1] in v.locations:
            return t("valley.act.copy_location", spot=place_name(app, v, action[1]))
        return t("valley.act.copy_card", card=kind_name(app, v, action[1]))
    # what is left is the mulligan: the cards put back (none keeps the hand)
    if len(action) == 1:
        return t("valley.act.keep")
    return t("valley.act.mulligan", cards=cards_text(app, v, action[1:]), n=len(action) - 1)


TIE_BREAKS = ("resources", "city")  # Result.extra's counts, in the order they decide


def deciding_tie_break(scores: list, extra: dict):
    """None when one player has the most points; else the count that decided first place
    ("resources" or "city") or "shared", and the seats still level before it decided."""
    level = [s for s, v in enumerate(scores) if v == max(scores)]
    if len(level) == 1:
        return None
    for key in TIE_BREAKS:
        best = max(extra[key][s] for s in level)
        ahead = [s for s in level if extra[key][s] == best]
        if len(ahead) == 1:
            return key, level
        level = ahead
    return "shared", level


def tie_note(t, names: list, scores: list, extra: dict):
    """How a tie on the most points was settled or shared ("Tied on 40 points: more resources
    left wins (Ann 5, Bob 3)."), as the results screen and a phone say it; None without a tie."""
    decided = deciding_tie_break(scores, extra)
    if decided is None:
        return None
    key, level = decided
    points = scores[level[0]]
    if key == "shared":
        return t("valley.results.tie_shared", points=points)
    counts = t("valley.results.count_sep").join(f"{names[s]} {extra[key][s]}" for s in level)
    return t(f"valley.results.tie_{key}", points=points, counts=counts)
