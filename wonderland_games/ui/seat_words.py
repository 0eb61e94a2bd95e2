"""A seat's kind in words, the same in every screen: setup, tables, results, saves, stats
("Human" / "Bot – Normal", 人类 / 电脑 · 普通)."""

from __future__ import annotations

from ..core.game import BOT


def kind_label(app, kind: str) -> str:
    """A seat kind ("human", "bot-normal", …; "bot-random" from tests and simulate) in the
    current language."""
    if kind == "human":
        return app.t("setup.human")
    return app.t("setup.bot_level", level=app.t("setup." + kind.split("-", 1)[1]))


def seat_label(app, seat) -> str:
    """A Seat's kind: "Human" or "Bot – <level>"."""
    return kind_label(app, f"bot-{seat.level}" if seat.kind == BOT else "human")
