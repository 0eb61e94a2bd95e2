"""The path a token would walk with its points left, for the table to draw before "Go".

The walk is played out by the rules themselves on a copy of what the acting
player may see (`view(seat).determinize(...)`: other hands and the dice to come
are made up), so it follows every rule, spell and barrier exactly and never
reveals a roll. What dice decide stays unknown: the walk stops at an edge
teleport, and a gem found twice (it jumped ahead at random in the copy) does
not count the second time. Pure Python: the rules tests may use it too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .rules import ACTION


@dataclass
class PathStep:
    start: tuple
    target: tuple | None  # None: over the board edge (the token then goes to a dice roll)
    direction: str
    barrier: bool  # a purple line crossed
    edge: bool
    cost: int
    stop: bool
    points_left: int
    gems: list = field(default_factory=list)  # [(colour, points)]
    book: int = 0  # cards drawn from a magic book
    wizard: int = 0  # points for taking the wizard

    @property
    def score(self) -> int:
        return sum(p for _, p in self.gems) + self.wizard


def walk(state, seat: int | None = None, limit: int = 12) -> list:
    """[PathStep] of the acting seat's remaining walk (empty outside an action phase)."""
    if state.phase != ACTION:
        return []
    seat = state.acting if seat is None else seat
    if state.acting != seat:
        return []
    sim = state.view(seat).determinize(random.Random(0))
    found: set = set()
    path = []
    while sim.phase == ACTION and sim.acting == seat and len(path) < limit:
        events = sim.apply(("step",))
        e = events[0]
        step = PathStep(tuple(e["from"]), None if e["to"] is None else tuple(e["to"]), e["dir"], e["barrier"],
                        e["edge"], e["cost"], e["stop"], 0 if e["stop"] else sim.points)
        for ev in events[1:]:
            kind = ev["type"]
            if kind == "gem" and ev["seat"] == seat and ev["colour"] not in found:
                found.add(ev["colour"])
                step.gems.append((ev["colour"], ev["points"]))
            elif kind == "book" and ev["seat"] == seat:
                step.book = ev["cards"]
            elif kind == "wizard" and ev["seat"] == seat:
                step.wizard = ev["points"]
        path.append(step)
        if step.edge:
            break
    return path
