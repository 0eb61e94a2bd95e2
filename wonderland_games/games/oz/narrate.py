"""Lost in Oz events in words, for the table's log (Chinese or English).

Each event the rules return becomes at most one line (text, kind); a step
and what it found stay separate lines, so the log reads like a story.
Hidden things stay hidden: a draw says how many cards, never which.
"""

from __future__ import annotations

from .board import DIRS, cell_name
from .rules import COLOURS


def counted(app, unit: str, n: int) -> str:
    """A number with its unit, singular for 1 ("1 point", "2 points"); units are in oz.count."""
    return app.t(f"oz.count.{unit}.{'one' if n == 1 else 'other'}", n=n)


def spell_name(app, cards, card: int) -> str:
    return app.i18n.pick(cards[card].name)


def value_label(app, state, value) -> str:
    """A spell's choice in words: a direction with its arrow, a gem's colour, or a seat's name."""
    if value in DIRS:
        return app.t(f"oz.dir_arrows.{value}")
    if value in COLOURS:
        return app.t(f"oz.colours.{value}")
    return state.seats[value].name


def describe(app, state, action) -> str:
    """A legal action in the Suggest button's words (the table's hint and a phone's choices)."""
    t, kind = app.t, action[0]
    if kind in ("take_dir", "take_act"):
        dice = state.dir_dice if kind == "take_dir" else state.act_dice
        value = dice[action[1]]
        return t(f"oz.suggest.{kind}", value=t(f"oz.dir_arrows.{value}") if kind == "take_dir" else value)
    if kind in ("discard", "cast"):
        text = t(f"oz.suggest.{kind}", card=spell_name(app, state.cards, action[1]))
        values = [value_label(app, state, v) for v in action[2:]]
        return f"{text}{t('sep')}{t('sep').join(values)}" if values else text
    if kind == "adjust":
        return t("oz.suggest.adjust", n=state.points + action[1])
    if kind == "guide":
        return t("oz.suggest.guide", dir=t(f"oz.dir_arrows.{action[1]}"))
    return t("oz.suggest.step")


class Narrator:
    def __init__(self, app, seats, cards):
        self.app = app
        self.names = [s.name for s in seats]
        self.cards = cards

    def dir(self, d) -> str:
        return self.app.t(f"oz.dirs.{d}")

    def colour(self, c) -> str:
        return self.app.t(f"oz.colours.{c}")

    def setup(self, state) -> list:
        """The opening lines, read from the starting position (a loaded game keeps no setup events):
        who starts and where the wizard, the tokens and the gems landed."""
        t = self.app.t
        lines = [(t("oz.log.setup", name=self.names[state.starter]), "event")]
        if state.wizard is not None:
            lines.append((t("oz.log.wizard_placed", cell=cell_name(*state.wizard)), "quiet"))
        for seat in state.turn_order(state.starter):
            lines.append((t("oz.log.token_placed", name=self.names[seat], cell=cell_name(*state.tokens[seat])), "play"))
            colour = state.colours[seat]
            lines.append((t("oz.log.gem_placed", colour=self.colour(colour), cell=cell_name(*state.gems[colour])), "quiet"))
        return lines

    def lines(self, events: list) -> list:
        out = []
        for e in events:
            line = self.line(e)
            if line is not None:
                out.append(line)
        return out

    def line(self, e: dict):
        t, kind = self.app.t, e["type"]
        name = self.names[e["seat"]] if "seat" in e and e["seat"] is not None else ""
        if kind == "step":
            if e["edge"]:
                text = t("oz.log.step_edge", name=name)
            else:
                key = "oz.log.step" if not e["barrier"] else \
                    "oz.log.step_barrier" if e["cost"] > 1 else "oz.log.step_barrier_free"  # free: Lifting Mist
                text = t(key, name=name, cell=cell_name(*e["to"]))
            return text + t("oz.log.stop_suffix" if e["stop"] else "oz.log.pass_suffix"), "quiet"
        if kind == "teleport":
            return t("oz.log.teleport", name=name, cell=cell_name(*e["to"])), "play"
        if kind == "gem":
            return t("oz.log.gem", name=name, colour=self.colour(e["colour"]), points=e["points"],
                     cell=cell_name(*e["to"])), "take"
        if kind == "book":
            return t("oz.log.book", name=name, cards=counted(self.app, "magic_cards", e["cards"]),
                     cell=cell_name(*e["cell"])), "play"
        if kind == "wizard":
            return t("oz.log.wizard", name=name, points=e["points"]), "take"
        if kind == "draw":
            n = len(e["cards"])
            return t("oz.log.drew" if n else "oz.log.drew_none", name=name,
                     cards=counted(self.app, "magic_cards", n)), "quiet"
        if kind == "reshuffle":
            return t("oz.log.reshuffle", cards=counted(self.app, "cards", e["cards"])), "quiet"
        if kind == "discard":
            return t("oz.log.discard", name=name, card=spell_name(self.app, self.cards, e["card"])), "quiet"
        if kind == "roll":
            sep = t("list.sep")
            return t("oz.log.roll", round=e["round"], name=name, dirs=sep.join(self.dir(d) for d in e["dir_dice"]),
                     acts=sep.join(map(str, e["act_dice"]))), "event"
        if kind == "take_die":
            value = self.dir(e["value"]) if e["die"] == "direction" else e["value"]
            return t("oz.log.take_dir" if e["die"] == "direction" else "oz.log.take_act", name=name, value=value), "quiet"
        if kind == "phase_start":
            return t("oz.log.phase_start", name=name, dir=self.dir(e["dir"]),
                     points=counted(self.app, "points", e["points"])), "event"
        if kind == "phase_end":
            return t("oz.log.phase_end", name=name), "quiet"
        if kind == "adjust":
            a, b = e["points"]
            return t("oz.log.adjust", name=name, a=a, b=b), "play"
        if kind == "guide":
            a, b = e["dir"]
            return t("oz.log.guide", name=name, a=self.dir(a), b=self.dir(b),
                     points=counted(self.app, "points", e["points"])), "play"
        if kind == "spell":
            return self._spell(e, name), "play"
        if kind == "wizard_move":
            return t("oz.log.wizard_move", name=name, cell=cell_name(*e["to"])), "quiet"
        if kind == "round_end":
            sep = t("oz.log.score_sep")
            # "Player 9 (4)": a name ending in a digit does not run into its score
            scores = sep.join(t("oz.log.score_of", name=n, n=s) for n, s in zip(self.names, e["scores"]))
            return t("oz.log.round_end", round=e["round"], scores=scores), "event"
        if kind == "game_over":
            return t("oz.log.over"), "event"
        return None

    def _spell(self, e: dict, name: str) -> str:
        t, sk = self.app.t, e["kind"]
        card = spell_name(self.app, self.cards, e["card"])
        key = f"oz.log.spell_{sk}"
        if sk in ("boost", "reroll"):
            a, b = e["points"]
            return t(key, name=name, card=card, a=a, b=b)
        if sk == "turn":
            a, b = e["dir"]
            return t(key, name=name, card=card, a=self.dir(a), b=self.dir(b))
        if sk in ("move_gem", "push", "teleport", "move_wizard", "sidestep"):
            target = self.names[e["target"]] if "target" in e else ""
            return t(key, name=name, card=card, a=cell_name(*e["from"]), b=cell_name(*e["to"]),
                     colour=self.colour(e.get("colour", "red")), target=target)
        if sk in ("phase", "draw"):
            return t(key, name=name, card=card)
        return t("oz.log.spell", name=name, card=card)
