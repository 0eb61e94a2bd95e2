"""Lost in Oz's and World Voyage's phone views (games/oz/phone.py, games/voyage/phone.py): what a
seat sees, how its choices are grouped and worded, and the figures their details give."""

import random

from wonderland_games.core import registry
from wonderland_games.core.bots import RandomBot
from wonderland_games.core.game import Seat
from wonderland_games.games.oz import rules as oz_rules
from wonderland_games.games.oz.board import DELTA, cell_name
from wonderland_games.games.voyage import rules as voyage_rules
from wonderland_games.net.hands import hook, seat_view
from wonderland_games.net.words import words

EN, ZH = words("en"), words("zh")


def play_until(game, seed, found, limit=3000):
    """A 3-seat game played by random bots up to the first state where `found(state)` holds."""
    state = registry.get(game).new_state([Seat("Ann"), Seat("Bob"), Seat("Cat")], seed, None)
    rng, bot = random.Random(seed), RandomBot()
    for _ in range(limit):
        if found(state):
            return state
        state.apply(bot.choose(state.view(state.current_player()), state.legal_actions(), rng))
    raise AssertionError("no such state")


def groups_of(state, w=EN):
    view = seat_view(state, state.current_player(), w, 1)[0]
    return view, {g["title"]: g["choices"] for g in view["groups"]}


# -- Lost in Oz ---------------------------------------------------------------------------
def test_oz_setup_discard_shows_the_spells_and_offers_each_in_the_suggests_words():
    state = play_until("oz", 4, lambda s: s.phase == oz_rules.SETUP_DISCARD)
    seat = state.current_player()
    view, groups = groups_of(state)
    hand = view["sections"][0]
    assert hand["title"] == "My magic cards"
    names = [state.cards[c].name["en"] for c in state.hands[seat]]
    assert [c["label"] for c in hand["cards"] if c["kind"] != "wizard"] == names
    assert list(groups) == ["Discard a magic card"]
    assert [c["text"] for c in groups["Discard a magic card"]] == [f'Discard "{n}"' for n in names]
    assert all(c["detail"] and c["card"]["label"] in c["text"] for c in groups["Discard a magic card"])


def test_oz_draft_offers_the_dice_on_offer_and_shows_them_all_with_who_took_them():
    state = play_until("oz", 4, lambda s: s.phase == oz_rules.DRAFT_DIR and any(o is not None for o in s.dir_owner))
    view, groups = groups_of(state, ZH)
    free = [i for i, o in enumerate(state.dir_owner) if o is None]
    assert [c["text"] for c in groups["拿一颗方向骰"]] == [
        f"拿方向骰 {ZH.t('oz.dir_arrows.' + state.dir_dice[i])}" for i in free]
    dice = next(s for s in view["sections"] if s["title"] == f"第 {state.round} 回合的骰子")["cards"]
    assert len(dice) == len(state.dir_dice) + len(state.act_dice)
    taker = next(o for o in state.dir_owner if o is not None)
    assert state.seats[taker].name in [d["owner"] for d in dice]


def test_oz_a_spell_with_choices_is_a_group_of_its_own_and_says_where_the_piece_goes():
    def pushing(s):
        return s.phase == oz_rules.ACTION and any(
            a[0] == "cast" and s.cards[a[1]].kind == "push" for a in s.legal_actions())

    state = play_until("oz", 7, pushing)
    action = next(a for a in state.legal_actions() if a[0] == "cast" and state.cards[a[1]].kind == "push")
    card, target, d = action[1:]
    _, groups = groups_of(state)
    title = f'Cast "{state.cards[card].name["en"]}"'
    choice = next(c for c in groups[title] if c["text"] == f"{state.seats[target].name} – {EN.t('oz.dir_arrows.' + d)}")
    x, y = state.tokens[target]
    pushed = cell_name(x + DELTA[d][0], y + DELTA[d][1])  # the rules: one cell that way, over barriers
    assert choice["detail"].startswith(f"{state.seats[target].name}: {cell_name(x, y)} → {pushed}")


def test_oz_the_walk_group_says_where_the_walk_goes_as_the_rules_walk_it():
    state = play_until("oz", 4, lambda s: s.phase == oz_rules.ACTION and not s.moved_this_phase)
    seat = state.current_player()
    _, groups = groups_of(state)
    step = next(c for c in groups["Walk"] if c["text"] == "Take the next step")
    first = step["detail"].removeprefix("Walk: ").split(" → ")[0]
    x, y = state.tokens[seat]
    dx, dy = DELTA[state.taken_dir[seat]]
    inside = 0 <= x + dx < 6 and 0 <= y + dy < 6
    assert first == (cell_name(x + dx, y + dy) if inside else EN.t("oz.phone.edge_cell").split(" – ")[0])
    guides = [c["text"] for c in groups["Walk"] if c["text"].startswith("Ask the guide")]
    assert len(guides) == (4 if state.points > 1 and not state.guide_used[seat] else 0)


# -- World Voyage -------------------------------------------------------------------------
def test_voyage_moves_are_grouped_by_card_as_chips_with_the_fare_the_rules_pay():
    state = play_until("voyage", 3, lambda s: s.phase == voyage_rules.TURN)
    seat = state.current_player()
    _, groups = groups_of(state)
    its = state.cards.itineraries
    for card in state.hands[seat]:
        it = its[card]
        title = f"{EN.t('voyage.card_plain', colour=it.colour.title(), steps=it.steps)} to…" if it.kind == "plain" else None
        if title is None:
            continue
        chips = groups[title]
        cities = {c["text"].removeprefix("⚑ ") for c in chips}
        assert cities == {state.world.city[c].name["en"] for c in state.move_targets(seat, card)}
        assert all(c["chip"] for c in chips)
        fare = f"fare +{it.money} coin" if it.money == 1 else f"fare +{it.money} coins"
        assert all(fare in c["detail"] for c in chips)  # 1 step 4, 2 steps 3, 3 steps 2, 4 steps 1
    assert list(groups)[-1] == "End" and groups["End"][0]["text"] == "End turn"


def test_voyage_a_city_with_a_destination_on_display_is_flagged():
    state = play_until("voyage", 5, lambda s: s.phase == voyage_rules.TURN and any(
        a[0] == "move" and s.cards.dest_at.get(a[2]) in s.display for a in s.legal_actions()))
    view = state.view(state.current_player())
    legal = state.legal_actions()
    said = hook("voyage").choices(view, state.current_player(), legal, EN)
    for action, choice in zip(legal, said):
        if action[0] == "move":
            dest = state.cards.dest_at.get(action[2])
            assert choice["text"].startswith("⚑ ") == (dest in state.display)
            if dest in state.display:
                assert state.cards.destinations[dest].name["en"] in choice["detail"]


def test_voyage_a_visit_by_money_says_the_crowding_fee_and_a_visit_group_its_points():
    state = play_until("voyage", 2, lambda s: s.phase == voyage_rules.TURN)
    seat = state.current_player()
    dest = state.cards.destinations[state.display[0]]
    other = (seat + 1) % len(state.seats)
    state.positions[seat] = state.positions[other] = dest.city  # another traveller in the region: the fee
    state.money[seat] = 10
    _, groups = groups_of(state)
    points = f"{dest.points} point" + ("s" if dest.points != 1 else "")
    choices = groups[f"Visit {dest.name['en']} ({points})"]
    assert f"Visit: pay {voyage_rules.VISIT_PRICE + voyage_rules.CROWDING_FEE} coins" in [c["text"] for c in choices]


def test_voyage_shows_the_seats_cards_purse_and_the_display():
    state = play_until("voyage", 3, lambda s: s.phase == voyage_rules.TURN)
    seat = state.current_player()
    view, _ = groups_of(state, ZH)
    titles = [s["title"] for s in view["sections"]]
    assert titles == [f"我的行程卡（{len(state.hands[seat])} 张）", "我", "展示中的目的地"]
    assert len(view["sections"][0]["cards"]) == len(state.hands[seat])
    assert f"{state.money[seat]} 金" in view["sections"][1]["lines"][1]
    assert len(view["sections"][2]["lines"]) == len(state.display)


def test_voyage_a_visit_comes_first_then_the_moves_then_buying_and_ending():
    """QA: the Visit came after every card's long list of cities, at the foot of the page."""
    from wonderland_games.core.session import Session as _Session
    from wonderland_games.core.game import Seat as _Seat
    from wonderland_games.net.hands import seat_view
    from wonderland_games.net.words import words as _words

    session = _Session("voyage", [_Seat("Ann"), _Seat("Bob")], 5, autosave=False)
    state = session.state
    for _ in range(400):
        kinds = {a[0] for a in state.legal_actions()}
        if "visit" in kinds and "move" in kinds:
            break
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a[0] == "move"), legal[0]))
    seat = state.current_player()
    view = seat_view(state, seat, _words("en"), 1)[0]
    titles = [g["title"] for g in view["groups"]]
    first_move = next(i for i, g in enumerate(view["groups"]) if all(c.get("chip") for c in g["choices"]))
    assert titles[0].startswith("Visit") and all(not t.startswith("Visit") for t in titles[first_move:]), titles
    assert view["sections"][[s["title"] for s in view["sections"]].index("You")].get("top")
