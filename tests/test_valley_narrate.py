"""Wonderland Valley in words: every event the engine emits and every kind of action it
offers has a clean sentence in both languages, and the log never gives away a hidden card."""

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from wonderland_games.core.game import Seat
from wonderland_games.games.valley import state as state_module
from wonderland_games.games.valley.effects import Choose
from wonderland_games.games.valley.narrate import Narrator, describe_action, simple_text
from wonderland_games.games.valley.state import new_state
from wonderland_games.ui.i18n import I18n

LANGS = ("zh", "en")
GAMES = 80  # seeded random games, 1-4 players (one: against the solo opponent)


class Words:
    """The part of the app a narrator uses: t() and i18n."""

    def __init__(self, lang: str):
        self.i18n = I18n(lang)
        self.t = self.i18n.t
        self.lang = lang


@pytest.fixture(scope="module")
def words():
    return {lang: Words(lang) for lang in LANGS}


def emitted_types() -> set:
    """Every event type the Valley package's source emits: a new one fails here until it is told."""
    found = set()
    for path in Path(state_module.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'"type": "(\w+)"', path.read_text(encoding="utf-8")))
    return found


def action_form(state, action) -> str:
    """Which kind of sentence an action needs."""
    kind = action[0]
    if kind == "place":
        if len(action) == 2:
            return "place_forest" if action[1] in state.valley.forest else "place_location"
        return "place_own" if action[1] == state.current_player() else "place_other"
    if kind == "play":
        return "play_free" if action[2] == "free" else "play_paid"
    if kind == "prepare":
        return "prepare_last" if state.season[state.current] + 2 == len(state.valley.seasons) else "prepare"
    if kind == "copy":
        return "copy_location" if action[1] in state.valley.locations else "copy_card"
    if kind == "mulligan":
        return "mulligan_keep" if len(action) == 1 else "mulligan_back"
    return kind


ACTION_FORMS = {"place_location", "place_forest", "place_own", "place_other", "play_free", "play_paid",
                "prepare", "prepare_last", "take", "discard", "pay", "done", "copy_location", "copy_card",
                "mulligan_keep", "mulligan_back"}


def clean(text: str) -> bool:
    return bool(text) and "{" not in text and "}" not in text and "valley." not in text


def seats(n: int) -> list:
    return [Seat(name) for name in ("Ann", "Bob", "Cy", "Di")[:n]]


def random_games():
    """(state before, action, state after, events) over seeded random games."""
    for game in range(GAMES):
        rng = random.Random(game)
        state = new_state(seats(1 + game % 4), game)
        while not state.is_over():
            before = state.clone()
            action = rng.choice(state.legal_actions())
            yield before, action, state, state.apply(action)


def ready(n: int = 2, seed: int = 3):
    """A game past the mulligans (everyone keeps)."""
    state = new_state(seats(n), seed)
    while state.decision() is not None:
        state.apply(("mulligan",))
    return state


def crafted():
    """(state before, action, state after, events) for what random play rarely reaches:
    the sixth worker, a reshuffle, a toll, both copies, a free play, a last turn."""
    out = []

    def run(state, action):
        before = state.clone()
        out.append((before, action, state, state.apply(action)))

    s = ready()
    me = s.current
    s.hands[me].append("white_rabbit")
    s.resources[me][0] = 3
    run(s, ("play", "white_rabbit", 3, 0, 0, 0))

    s = ready()
    s.discard, s.deck = s.deck, []
    run(s, ("place", "story_stump"))

    s = ready()
    me, other = s.current, 1 - s.current
    s.cities[other].append("woodland_post")
    s.resources[me][0] = 1
    run(s, ("place", other, 0))

    s = ready()
    me = s.current
    s.cities[me].append("looking_glass")
    run(s, ("place", me, 0))
    run(s, ("copy", "twig_grove"))

    s = ready()
    me = s.current
    s.cities[me] += ["berry_garden", "looking_glass"]
    s.hands[me].append("cheshire_cat")
    run(s, ("play", "cheshire_cat", "free"))
    run(s, ("copy", "berry_garden"))

    s = ready()
    s.season = [len(s.valley.seasons) - 2] * 2
    run(s, ("prepare",))
    run(s, ("prepare",))
    return out


def test_every_event_type_and_action_form_has_a_clean_line_in_both_languages(words):
    told, forms = Counter(), Counter()
    narrators = {}
    for before, action, after, events in [*random_games(), *crafted()]:
        for lang, app in words.items():
            key = (id(after), lang)
            narrator = narrators.get(key)
            if narrator is None:
                narrator = narrators[key] = Narrator(app, after.seats, after.valley)
                for text, _ in narrator.setup(before):
                    assert clean(text), text
            said = describe_action(app, before, action)
            assert clean(said), (action, said)
            for e in events:
                lines = narrator.event(after, e)
                for text, kind in lines:
                    assert clean(text), (e, text)
                    assert kind in ("event", "quiet", "play", "take")
                told[e["type"]] += bool(lines)
        forms[action_form(before, action)] += 1
    assert set(told) == emitted_types()
    assert all(told.values()), told
    assert set(forms) == ACTION_FORMS


def test_every_legal_action_is_described_over_random_games(words):
    seen = set()
    for before, _, _, _ in random_games():
        for action in before.legal_actions():
            for app in words.values():
                assert clean(describe_action(app, before, action)), action
            seen.add(action_form(before, action))
    assert seen >= ACTION_FORMS - {"copy_location", "place_other"}  # random cities rarely build those


def test_the_sentences_read_as_written(words):
    s = ready()
    me = s.current
    s.hands[me] = ["dormouse", "tea_table"]
    s.cities[me] = ["tea_table"]
    s.resources[me] = [2, 0, 0, 0]
    en = words["en"]
    assert describe_action(en, s, ("place", "twig_grove")) == "Place a worker on Twig Grove"
    assert describe_action(en, s, ("play", "dormouse", 2, 0, 0, 0)) == "Play Drowsy Dormouse for 2 berries"
    assert describe_action(en, s, ("play", "dormouse", "free")) == \
        "Play Drowsy Dormouse free through the Tea-Party Table"
    assert describe_action(en, s, ("play", "dormouse", 0, 0, 0, 0)) == "Play Drowsy Dormouse (free after discounts)"
    assert describe_action(en, s, ("prepare",)) == "Prepare for spring"  # a season in a sentence is lower case
    assert describe_action(words["zh"], s, ("place", "twig_grove")) == "派工人去枝条林"
    s.resources[me] = [1, 2, 1, 0]
    s.apply(("play", "tea_table", 0, 2, 1, 0))  # it produces at once: a trade of a berry
    assert describe_action(en, s, ("pay",)) == "Pay 1 berry for 1 twig or resin or pebble"
    assert describe_action(en, s, ("done",)) == "Stop trading"


def test_a_worker_in_a_city_is_told_from_the_log_s_side(words):
    narrator = Narrator(words["en"], seats(2), ready().valley)
    own = {"type": "place", "seat": 0, "owner": 0, "card": "toadstool_inn", "index": 0}
    other = dict(own, owner=1)
    assert narrator.event(None, own) == [("Ann places a worker on their own Toadstool Inn.", "play")]
    assert narrator.event(None, other) == [("Ann places a worker on Bob's Toadstool Inn.", "play")]


def test_a_draw_never_names_the_cards_unless_the_log_is_the_drawers_own(words):
    app = words["en"]
    names = {k: app.i18n.pick(kind.name) for k, kind in ready().valley.cards.kinds.items()}
    checked = 0
    for _, _, after, events in random_games():
        shared = Narrator(app, after.seats, after.valley)
        for e in events:
            if e["type"] == "draw" and e["cards"]:
                (text, _), = shared.event(after, e)
                assert not any(names[k] in text for k in e["cards"]), text
                own = Narrator(app, after.seats, after.valley)
                own.viewer = e["seat"]
                (text, _), = own.event(after, e)
                assert all(names[k] in text for k in e["cards"]), text
                checked += 1
            elif e["type"] == "mulligan":
                (text, _), = shared.event(after, e)
                assert not any(name in text for name in names.values()), text
    assert checked > 100


def test_an_empty_draw_says_why(words):
    app = words["en"]
    s = ready()
    me = s.current
    narrator = Narrator(app, s.seats, s.valley)
    s.hands[me] = s.deck[:8]
    (full, _), = narrator.event(s, {"type": "draw", "seat": me, "cards": []})
    assert "limit of 8" in full
    s.hands[me] = []
    assert narrator.event(s, {"type": "draw", "seat": me, "cards": []}) == [], "none asked: a kept hand"
    s.deck, s.discard = [], []
    (empty, _), = narrator.event(s, {"type": "draw", "seat": me, "cards": []})
    assert "deck is empty" in empty


def test_an_ordinary_turn_change_is_silent_and_the_last_turn_is_told(words):
    narrator = Narrator(words["en"], seats(2), ready().valley)
    assert narrator.event(None, {"type": "turn", "seat": 1, "last": False}) == []
    assert narrator.event(None, {"type": "turn", "seat": 1, "last": True}) == [("Bob takes one last turn.", "event")]


def test_the_opening_tells_the_later_players_head_start(words):
    state = new_state(seats(3), 5)
    lines = [text for text, _ in Narrator(words["en"], state.seats, state.valley).setup(state)]
    order = state.turn_order()
    for seat, berries in zip(order, state.valley.numbers.starting_berries[3]):
        told = [text for text in lines if text.startswith(f"{state.seats[seat].name} starts with")]
        assert told == ([f"{state.seats[seat].name} starts with {berries} berr{'y' if berries == 1 else 'ies'}."]
                        if berries else [])


def test_a_choice_of_several_resources_reads_as_words(words):
    """The Wishing Tree's tip said "3 berry or twig or resin (any mix)"."""
    three = Choose(3, ("berry", "twig", "resin"))
    assert simple_text(words["en"], [three]) == "3 resources, each a berry or twig or resin"
    assert simple_text(words["zh"], [three]) == "3 个浆果或树枝或树脂（任意组合）"


def test_the_solo_opponent_is_named_with_its_level_and_its_win_is_told(words):
    app = words["en"]
    state = new_state(seats(1), 2, {"opponent": "hard"})
    narrator = Narrator(app, state.seats, state.valley)
    assert ("Ann plays against The Jabberwock (Hard).", "event") in narrator.setup(state)
    assert ("The Jabberwock starts with 5 points in tokens.", "quiet") in narrator.setup(state)
    easy = new_state(seats(1), 2, {"opponent": "easy"})
    assert not [text for text, _ in narrator.setup(easy) if "Jabberwock starts" in text]  # no head start, no line
    (lost, _), = narrator.event(state, {"type": "game_end", "scores": [31], "winners": []})
    assert lost == "Game over: The Jabberwock scores more and wins; Ann has 31 points."
    (won, _), = narrator.event(state, {"type": "game_end", "scores": [31], "winners": [0]})
    assert won == "Game over: Ann wins with 31 points!"
    roll = {"type": "opponent_roll", "face": 1, "does": "twig_grove"}
    assert narrator.event(state, roll) == [("The Jabberwock rolls 1: Twig Grove.", "quiet")]
    took = {"type": "opponent_take", "cards": ["dormouse"], "instead": True}
    assert narrator.event(state, took)[0][0] == \
        "The Jabberwock cannot go there and takes a card instead: Drowsy Dormouse."
    assert narrator.event(state, {"type": "opponent_recall", "workers": 0, "points": 0}) == []


def test_a_production_card_that_yields_nothing_at_a_season_change_says_so(words):
    """QA: a Medal Mint with no prosperity card produced nothing in spring and the log said nothing."""
    s = ready()
    me = s.current
    s.cities[me] = ["medal_mint", "squirrel", "tea_table"]
    s.resources[me] = [0, 0, 0, 0]
    events = s.apply(("prepare",))  # into spring: every production card produces
    idle = [(e["card"], e["why"]) for e in events if e["type"] == "idle"]
    assert idle == [("medal_mint", "count"), ("squirrel", "count"), ("tea_table", "trade")], idle
    narrator = Narrator(words["en"], s.seats, s.valley)
    said = [text for e in events for text, _ in narrator.event(s, e)]
    name = s.seats[me].name
    assert f"{name}'s Medal Mint produces nothing: no prosperity card in the city." in said
    assert f"{name}'s Squirrel Orchardist produces nothing: no Berry Garden in the city." in said
    assert f"{name}'s Tea-Party Table produces nothing: too little to trade." in said
    zh = Narrator(words["zh"], s.seats, s.valley)
    # the seat is "Ann": a Latin name meets the Chinese text with a space
    assert f"{name} 的奖章铸坊没有产出：城中没有繁荣牌。" in [t for e in events for t, _ in zh.event(s, e)]
    alone = ready()
    alone.cities[alone.current] = ["cheshire_cat"]
    [idle] = [e for e in alone.apply(("prepare",)) if e["type"] == "idle"]
    assert narrator.event(alone, idle) == [(f"{name}'s Cheshire Cat produces nothing: no other production card in "
                                            "the city to copy.", "quiet")]


def test_the_second_winter_reads_naturally_inside_a_sentence(words):
    """QA: the log said 'Ann prepares for The Second Winter', the data name capitalised mid-sentence."""
    s = ready()
    me = s.current
    s.season[me] = len(s.valley.seasons) - 2
    en, zh = words["en"], words["zh"]
    assert describe_action(en, s, ("prepare",)) == "Prepare for the second winter (your game then ends)"
    events = s.apply(("prepare",))
    said = [text for e in events for text, _ in Narrator(en, s.seats, s.valley).event(s, e)]
    assert any(text.startswith(f"{s.seats[me].name} prepares for the second winter:") for text in said), said
    said = [text for e in events for text, _ in Narrator(zh, s.seats, s.valley).event(s, e)]
    assert any("准备进入第二个冬季" in text for text in said), said


def test_a_medal_mint_that_produces_tells_only_its_points(words):
    """Issue 25: a producing Medal Mint logged "Ann gains nothing." before "Ann takes 2 points in
    tokens.": its count gives points and no resources, so no empty gain is told."""
    s = ready()
    me = s.current
    s.cities[me] = ["medal_mint", "magpie", "peacock"]  # two prosperity cards
    events = s.apply(("prepare",))  # into spring: every production card produces
    name = s.seats[me].name
    for lang, line in (("en", f"{name} takes 2 points in tokens."), ("zh", f"{name} 获得 2 分（分数标记）。")):
        narrator = Narrator(words[lang], s.seats, s.valley)
        said = [text for e in events for text, _ in narrator.event(s, e)]
        assert said[1:] == [line], said
    assert not [e for e in events if e["type"] == "gain"]
