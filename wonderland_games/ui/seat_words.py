"""A seat's kind in words, the same in every screen: setup, tables, results, saves, stats
("Human" / "Bot – Normal", 人类 / 电脑 · 普通)."""

from __future__ import annotations

from ..core.game import BOT


def kind_label(app, kind: str) -> str:
    """A seat kind ("human", "bot-normal", …; "bot-random" from tests and simulate) in the
    current language."""
    if kind in ("human", "phone"):
        return app.t(f"setup.{kind}")
    return app.t("setup.bot_level", level=app.t("setup." + kind.split("-", 1)[1]))


def seat_label(app, seat) -> str:
    """A Seat's kind: "Human" or "Bot – <level>"."""
    return kind_label(app, f"bot-{seat.level}" if seat.kind == BOT else "human")


def players_text(app, info) -> str:
    """A listed save's players, each with their kind: "Alice (Human), Cheshire Cat (Bot – Normal)
    and Bob (Human)"; only the names when the save does not say (core.saves.SaveInfo.seats)."""
    if not info.seats:
        return app.i18n.join(info.players)
    return app.i18n.join([app.t("seat_list.seat", name=seat.name, kind=seat_label(app, seat)) for seat in info.seats])


def players_forms(app, info) -> list:
    """A listed save's players from the longest form to the shortest, for a screen to take the
    first that fits: each with their kind; the names and how many humans and bots; only those
    counts. A save that does not say its players' kinds has the names alone."""
    forms = [players_text(app, info)]
    if info.seats:
        counts = kind_counts(app, info.seats)
        forms += [f"{app.i18n.join(info.players)}{app.t('sep')}{counts}", counts]
    return forms


def kind_counts(app, seats) -> str:
    """How many humans and bots: "2 humans, 1 bot" / "2 位人类、1 个电脑" (none is left out)."""
    humans = sum(seat.kind != BOT for seat in seats)
    counts = [("seat_list.humans", humans), ("seat_list.bots", len(seats) - humans)]
    return app.t("list.sep").join(app.t(key, n=n) for key, n in counts if n)


def hand_title(scene, seat: int, mine: str, named: str, **fields) -> str:
    """The title over a table's hand panel: `mine` ("My magic cards") only when one person plays
    with bots, where "my" cannot be mistaken; `named` ("Alice's magic cards", with {name}) when
    more than one person plays, at the screen or on phones, and in replays, which show each
    seat's hand in turn. `fields` fill either (a count, a limit)."""
    if scene.replay or sum(not s.is_bot for s in scene.seats) > 1:
        return scene.app.t(named, name=scene.seats[seat].name, **fields)
    return scene.app.t(mine, **fields)
