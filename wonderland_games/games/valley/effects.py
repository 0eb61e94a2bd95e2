"""Wonderland Valley effect vocabulary: card, spot and season effects as data.

An effect in YAML is a one-key mapping `{kind: parameters}` (or the bare kind
when it takes none, e.g. `worker`). `VOCABULARY` lists every kind with its
parameters; `parse_effects` turns a YAML list into frozen values and rejects
an unknown kind, a wrong parameter or a kind used where it cannot act (a
discount on a forest card) with a DataError naming file, entry and field.
The rules module dispatches on the classes below; the few cards that truly
need code say `{named: NAME}` and NAMED lists them.

Counts (`{cards: MATCH}`, `{resources: [..]}`, `{roles: true}`) and
conditions (`at_least`, `most`, `has`) are shared by card effects and events.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable, ClassVar, Optional

from ...core.data import DataError

RESOURCES = ("berry", "twig", "resin", "pebble")
ANY = "any"
CATEGORIES = ("critter", "construction")
ROLES = ("travel", "production", "destination", "governance", "prosperity")
MAX_AMOUNT = 5  # no single effect gives more than 5 of anything


@dataclass(frozen=True)
class Bundle:
    """Some of each resource: a cost, a gain or a toll."""

    berry: int = 0
    twig: int = 0
    resin: int = 0
    pebble: int = 0

    def get(self, resource: str) -> int:
        return getattr(self, resource)

    @property
    def total(self) -> int:
        return self.berry + self.twig + self.resin + self.pebble

    def items(self) -> tuple:
        """(resource, amount) for the resources present, in RESOURCES order."""
        return tuple((r, self.get(r)) for r in RESOURCES if self.get(r))


@dataclass(frozen=True)
class Match:
    """Which cards count; an empty match counts every card."""

    role: Optional[str] = None
    category: Optional[str] = None
    kind: Optional[str] = None
    unique: Optional[bool] = None

    def matches(self, card) -> bool:
        return ((self.role is None or card.role == self.role)
                and (self.category is None or card.category == self.category)
                and (self.kind is None or card.id == self.kind)
                and (self.unique is None or card.unique == self.unique))


@dataclass(frozen=True)
class Count:
    """A number read off one player: cards in the city, resources held, or distinct roles."""

    what: str  # "cards", "resources" or "roles"
    match: Match = Match()
    resources: tuple = ()


@dataclass(frozen=True)
class Condition:
    """`at_least` n of a count; the `most` of a count (ties share, at least 1); or `has` all the kinds."""

    test: str
    count: Optional[Count] = None
    at_least: int = 0
    kinds: tuple = ()


# ---- effect kinds -------------------------------------------------------------------------

@dataclass(frozen=True)
class Gain:
    kind: ClassVar[str] = "gain"
    resources: Bundle


@dataclass(frozen=True)
class Choose:
    """Gain `count` resources in any mix of `options` (a pending choice)."""

    kind: ClassVar[str] = "choose"
    count: int
    options: tuple


@dataclass(frozen=True)
class Draw:
    kind: ClassVar[str] = "draw"
    count: int


@dataclass(frozen=True)
class Points:
    kind: ClassVar[str] = "points"
    count: int


@dataclass(frozen=True)
class GainPer:
    """Gain `resources` and/or `points` once per `each` of a count, at most `max` times."""

    kind: ClassVar[str] = "gain_per"
    count: Count
    each: int
    resources: Bundle
    points: int
    max: Optional[int]


@dataclass(frozen=True)
class Trade:
    """Optionally, up to `times` times: pay `pay` and discard `cards`, then resolve `get`."""

    kind: ClassVar[str] = "trade"
    pay: Bundle
    cards: int
    get: tuple
    times: int


@dataclass(frozen=True)
class Worker:
    """Unlock the player's sixth worker (once per player)."""

    kind: ClassVar[str] = "worker"


@dataclass(frozen=True)
class Produce:
    """Every production card in the player's city produces (a season change)."""

    kind: ClassVar[str] = "produce"


@dataclass(frozen=True)
class Spot:
    """A worker spot in the owner's city; an open one also serves others."""

    kind: ClassVar[str] = "spot"
    effects: tuple
    open: bool
    owner_gets: tuple  # for the owner when another player uses it
    toll: Bundle  # paid by that other player to the owner first


@dataclass(frozen=True)
class Discount:
    """Later plays matching `cards` cost `amount` fewer of `resource` (or of the player's choice: any)."""

    kind: ClassVar[str] = "discount"
    cards: Match
    amount: int
    resource: str


@dataclass(frozen=True)
class PlayBonus:
    """Each later play matching `cards` resolves `effects`."""

    kind: ClassVar[str] = "play_bonus"
    cards: Match
    effects: tuple


@dataclass(frozen=True)
class EndPoints:
    kind: ClassVar[str] = "end_points"
    count: Count
    each: int
    points: int
    max: Optional[int]


@dataclass(frozen=True)
class EndIf:
    kind: ClassVar[str] = "end_if"
    condition: Condition
    points: int


@dataclass(frozen=True)
class Named:
    kind: ClassVar[str] = "named"
    name: str


# Cards whose effect is code in the rules module: name -> (where it may appear, what it does).
NAMED = {
    "copy_production": ("production", "copy the production of another production card in your city"),
    "copy_location": ("spot", "use the effect of any basic location, even an occupied one"),
}


# ---- parsing ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Where:
    """Where a value is read from, for error messages, and the card kinds it may name."""

    file: str
    entry: str
    kinds: frozenset = frozenset()

    def fail(self, field: str, problem: str):
        raise DataError(self.file, self.entry, field, problem)


def whole(value, field: str, where: Where, low: int, high: int) -> int:
    if type(value) is not int:
        where.fail(field, f"expected a whole number, got {value!r}")
    if not low <= value <= high:
        where.fail(field, f"must be {low}-{high}, got {value}")
    return value


def mapping(value, field: str, where: Where, allowed: tuple, required: tuple = ()) -> dict:
    """A mapping with only the allowed keys and every required one."""
    if not isinstance(value, dict):
        where.fail(field, f"expected a mapping, got {value!r}")
    for key in value:
        if key not in allowed:
            where.fail(f"{field}.{key}", f"unknown parameter (known: {', '.join(allowed)})")
    for key in required:
        if key not in value:
            where.fail(f"{field}.{key}", "missing")
    return value


def parse_bundle(value, field: str, where: Where, allowed: tuple = RESOURCES, empty_ok: bool = False,
                 high: int = MAX_AMOUNT) -> Bundle:
    mapping(value, field, where, allowed)
    amounts = {r: whole(value[r], f"{field}.{r}", where, 0, high) for r in RESOURCES if r in value}
    if not empty_ok and not any(amounts.values()):
        where.fail(field, "give at least one resource")
    return Bundle(**amounts)


def resource_list(value, field: str, where: Where) -> tuple:
    if not isinstance(value, list) or not value:
        where.fail(field, f"expected a list of resources, got {value!r}")
    for i, r in enumerate(value):
        if r not in RESOURCES:
            where.fail(f"{field}[{i}]", f"unknown resource {r!r} (known: {', '.join(RESOURCES)})")
    if len(set(value)) != len(value):
        where.fail(field, "a resource is listed twice")
    return tuple(r for r in RESOURCES if r in value)


def parse_match(value, field: str, where: Where) -> Match:
    if value is None:
        value = {}
    mapping(value, field, where, ("role", "category", "kind", "unique"))
    for key, known in (("role", ROLES), ("category", CATEGORIES), ("kind", where.kinds)):
        if key in value and value[key] not in known:
            where.fail(f"{field}.{key}", f"unknown {key} {value[key]!r}")
    if "unique" in value and not isinstance(value["unique"], bool):
        where.fail(f"{field}.unique", f"expected true or false, got {value['unique']!r}")
    return Match(value.get("role"), value.get("category"), value.get("kind"), value.get("unique"))


def parse_count(value, field: str, where: Where) -> Count:
    mapping(value, field, where, ("cards", "resources", "roles"))
    if len(value) != 1:
        where.fail(field, "give exactly one of cards, resources, roles")
    (what, arg), = value.items()
    if what == "cards":
        return Count("cards", match=parse_match(arg, f"{field}.cards", where))
    if what == "resources":
        return Count("resources", resources=resource_list(arg, f"{field}.resources", where))
    if arg is not True:
        where.fail(f"{field}.roles", f"expected true, got {arg!r}")
    return Count("roles")


def parse_condition(value, field: str, where: Where) -> Condition:
    mapping(value, field, where, ("at_least", "count", "most", "has"))
    if "has" in value:
        mapping(value, field, where, ("has",))
        kinds = value["has"]
        if not isinstance(kinds, list) or not kinds:
            where.fail(f"{field}.has", f"expected a list of card kinds, got {kinds!r}")
        for i, kind in enumerate(kinds):
            if kind not in where.kinds:
                where.fail(f"{field}.has[{i}]", f"unknown card kind {kind!r}")
        return Condition("has", kinds=tuple(kinds))
    if "most" in value:
        mapping(value, field, where, ("most",))
        return Condition("most", count=parse_count(value["most"], f"{field}.most", where))
    mapping(value, field, where, ("at_least", "count"), ("at_least", "count"))
    return Condition("at_least", count=parse_count(value["count"], f"{field}.count", where),
                     at_least=whole(value["at_least"], f"{field}.at_least", where, 1, 15))


def _gain(v, f, w, ctx):
    return Gain(parse_bundle(v, f, w))


def _choose(v, f, w, ctx):
    mapping(v, f, w, ("count", "from"), ("count",))
    options = resource_list(v["from"], f"{f}.from", w) if "from" in v else RESOURCES
    return Choose(whole(v["count"], f"{f}.count", w, 1, MAX_AMOUNT), options)


def _draw(v, f, w, ctx):
    return Draw(whole(v, f, w, 1, MAX_AMOUNT))


def _points(v, f, w, ctx):
    return Points(whole(v, f, w, 1, MAX_AMOUNT))


def _gain_per(v, f, w, ctx):
    mapping(v, f, w, ("count", "each", "resources", "points", "max"), ("count",))
    resources = parse_bundle(v.get("resources", {}), f"{f}.resources", w, empty_ok=True)
    points = whole(v.get("points", 0), f"{f}.points", w, 0, MAX_AMOUNT)
    if not resources.total and not points:
        w.fail(f, "give resources or points to gain")
    cap = whole(v["max"], f"{f}.max", w, 1, 15) if "max" in v else None
    return GainPer(parse_count(v["count"], f"{f}.count", w), whole(v.get("each", 1), f"{f}.each", w, 1, 5),
                   resources, points, cap)


def _trade(v, f, w, ctx):
    mapping(v, f, w, ("pay", "get", "times"), ("pay", "get"))
    pay = mapping(v["pay"], f"{f}.pay", w, RESOURCES + ("cards",))
    cards = whole(pay.get("cards", 0), f"{f}.pay.cards", w, 0, MAX_AMOUNT)
    bundle = parse_bundle({r: n for r, n in pay.items() if r != "cards"}, f"{f}.pay", w, empty_ok=True)
    if not cards and not bundle.total:
        w.fail(f"{f}.pay", "a trade must cost something")
    return Trade(bundle, cards, parse_effects(v["get"], f"{f}.get", w, "trade"),
                 whole(v.get("times", 1), f"{f}.times", w, 1, MAX_AMOUNT))


def _bare(cls):
    def parse(v, f, w, ctx):
        if v is not None:
            w.fail(f, f"{cls.kind} takes no parameters")
        return cls()
    return parse


def _spot(v, f, w, ctx):
    mapping(v, f, w, ("effects", "open", "owner_gets", "toll"), ("effects",))
    is_open = v.get("open", False)
    if not isinstance(is_open, bool):
        w.fail(f"{f}.open", f"expected true or false, got {is_open!r}")
    if not is_open and ("owner_gets" in v or "toll" in v):
        w.fail(f"{f}.open", "only an open spot has owner_gets or a toll")
    owner_gets = parse_effects(v["owner_gets"], f"{f}.owner_gets", w, "trade") if "owner_gets" in v else ()
    toll = parse_bundle(v["toll"], f"{f}.toll", w) if "toll" in v else Bundle()
    return Spot(parse_effects(v["effects"], f"{f}.effects", w, "spot"), is_open, owner_gets, toll)


def _discount(v, f, w, ctx):
    mapping(v, f, w, ("cards", "amount", "resource"), ("cards", "amount", "resource"))
    resource = v["resource"]
    if resource not in RESOURCES + (ANY,):
        w.fail(f"{f}.resource", f"expected one of {', '.join(RESOURCES + (ANY,))}, got {resource!r}")
    return Discount(parse_match(v["cards"], f"{f}.cards", w), whole(v["amount"], f"{f}.amount", w, 1, 3), resource)


def _play_bonus(v, f, w, ctx):
    mapping(v, f, w, ("cards", "effects"), ("cards", "effects"))
    return PlayBonus(parse_match(v["cards"], f"{f}.cards", w), parse_effects(v["effects"], f"{f}.effects", w, "trade"))


def _end_points(v, f, w, ctx):
    mapping(v, f, w, ("count", "each", "points", "max"), ("count", "points"))
    cap = whole(v["max"], f"{f}.max", w, 1, 15) if "max" in v else None
    return EndPoints(parse_count(v["count"], f"{f}.count", w), whole(v.get("each", 1), f"{f}.each", w, 1, 5),
                     whole(v["points"], f"{f}.points", w, 1, MAX_AMOUNT), cap)


def _end_if(v, f, w, ctx):
    mapping(v, f, w, ("condition", "points"), ("condition", "points"))
    return EndIf(parse_condition(v["condition"], f"{f}.condition", w), whole(v["points"], f"{f}.points", w, 1, 8))


def _named(v, f, w, ctx):
    if v not in NAMED:
        w.fail(f, f"unknown named effect {v!r} (known: {', '.join(NAMED)})")
    if NAMED[v][0] != ctx:
        w.fail(f, f"{v!r} only works on a {NAMED[v][0]} effect, not here ({ctx})")
    return Named(v)


@dataclass(frozen=True)
class KindSpec:
    parse: Callable
    params: str  # the parameters, for DESIGN.md and error messages


VOCABULARY = {
    "gain": KindSpec(_gain, "{resource: n, ...}"),
    "choose": KindSpec(_choose, "{count: n, from: [resources] (default all four)}"),
    "draw": KindSpec(_draw, "n"),
    "points": KindSpec(_points, "n"),
    "gain_per": KindSpec(_gain_per, "{count: COUNT, each: n, resources: {..} and/or points: n, max: n}"),
    "trade": KindSpec(_trade, "{pay: {resource: n, cards: n}, get: [simple effects], times: n}"),
    "worker": KindSpec(_bare(Worker), "none"),
    "produce": KindSpec(_bare(Produce), "none"),
    "spot": KindSpec(_spot, "{effects: [..], open: bool, owner_gets: [simple effects], toll: {..}}"),
    "discount": KindSpec(_discount, "{cards: MATCH, amount: n, resource: RESOURCE or any}"),
    "play_bonus": KindSpec(_play_bonus, "{cards: MATCH, effects: [simple effects]}"),
    "end_points": KindSpec(_end_points, "{count: COUNT, each: n, points: n, max: n}"),
    "end_if": KindSpec(_end_if, "{condition: CONDITION, points: n}"),
    "named": KindSpec(_named, "NAME (see NAMED)"),
}

_SIMPLE = {"gain", "choose", "draw", "points"}
_INSTANT = _SIMPLE | {"gain_per", "trade", "named"}
# Which kinds may appear where: a card's role, a spot, a board location, a season change.
ALLOWED = {
    "travel": _INSTANT | {"worker"},
    "production": _INSTANT,
    "destination": {"spot"},
    "governance": {"discount", "play_bonus", "named"},
    "prosperity": {"end_points", "end_if", "named"},
    "spot": _INSTANT,
    "location": _INSTANT - {"named"},
    "season": _SIMPLE | {"produce"},
    "trade": _SIMPLE,  # what a trade, a bonus or an owner's reward gives
}


def parse_effect(raw, field: str, where: Where, ctx: str):
    if isinstance(raw, str):
        kind, value = raw, None
    elif isinstance(raw, dict) and len(raw) == 1:
        (kind, value), = raw.items()
    else:
        where.fail(field, f"an effect is {{kind: parameters}} or a bare kind, got {raw!r}")
    if kind not in VOCABULARY:
        where.fail(field, f"unknown effect kind {kind!r} (known: {', '.join(VOCABULARY)})")
    if kind not in ALLOWED[ctx]:
        where.fail(field, f"{kind!r} cannot be used here ({ctx}; allowed: {', '.join(sorted(ALLOWED[ctx]))})")
    return VOCABULARY[kind].parse(value, f"{field}.{kind}", where, ctx)


def parse_effects(raw, field: str, where: Where, ctx: str) -> tuple:
    if not isinstance(raw, list):
        where.fail(field, f"expected a list of effects, got {raw!r}")
    return tuple(parse_effect(item, f"{field}[{i}]", where, ctx) for i, item in enumerate(raw))


def walk(effects: tuple):
    """Every effect in `effects`, nested ones (in trades, spots, bonuses) included."""
    for effect in effects:
        yield effect
        for f in fields(effect):
            value = getattr(effect, f.name)
            if isinstance(value, tuple) and value and not isinstance(value[0], str):
                yield from walk(value)
