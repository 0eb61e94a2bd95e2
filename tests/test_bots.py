"""Bots: legal choices, seeded determinism, budgets, the Random level, and the ladder Random < Easy < Normal."""

import random
import time

import pytest

from wonderland_games.core import registry, simulate
from wonderland_games.core.bots import Budget, EasyBot, MonteCarloBot, RandomBot, WinChance, level_bot
from wonderland_games.core.game import BOT, BOT_LEVELS, GameState, Result, Seat
from wonderland_games.games.parade import rules
from wonderland_games.games.parade.bots import Evaluator, HeuristicBot, make_bot


def seats(n, level="normal"):
    return [Seat(f"p{i}", BOT, level) for i in range(n)]


def play(levels, seed, budget=None):
    """One seeded game; returns the actions and checks every choice is legal."""
    state = rules.new_state(seats(len(levels)), seed)
    bots = [make_bot(level) for level in levels]
    rngs = [random.Random(seed * 10 + s) for s in range(len(levels))]
    actions = []
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rngs[seat], budget)
        assert action in legal
        state.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy", "normal", "easy", "normal", "random")])
def test_bots_only_choose_legal_actions(levels):
    for seed in range(5):
        play(levels, seed)


def test_hard_bot_chooses_legal_actions_with_a_small_budget():
    play(("hard", "normal", "easy"), 3, Budget(iterations=12))


@pytest.mark.parametrize("levels", [("easy", "easy"), ("random", "normal"), ("hard", "easy")])
def test_each_bot_is_deterministic_given_its_rng(levels):
    budget = Budget(iterations=10)
    assert play(levels, 8, budget) == play(levels, 8, budget)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")


def hand_built(parade, hand, collections=None, phase=rules.PLAY):
    state = rules.new_state(seats(2), 0)
    state.parade = list(parade)
    state.hands[state.turn] = list(hand)
    if collections is not None:
        state.collections = [list(c) for c in collections]
    state.phase = phase
    return state


def test_normal_plays_the_card_that_takes_nothing():
    deck = rules.ParadeState.new(seats(2), 0).deck
    parade = [deck.card(5, 10), deck.card(4, 9)] + [deck.card(3, v) for v in range(6, 10)]
    red_2, blue_8 = deck.card(5, 2), deck.card(0, 8)  # the red 2 takes the red 10; the blue 8 is safe
    state = hand_built(parade, [red_2, blue_8])
    view = state.view(state.turn)
    assert rules.cards_taken(deck, parade, red_2) == [deck.card(5, 10)]
    assert HeuristicBot().choose(view, view.legal_actions(), random.Random(0)) == ("play", blue_8)


def test_the_plain_one_step_evaluator_without_lookahead_still_scores_plays():
    """The tuning baseline (no lookahead) read names only the lookahead branch sets."""
    deck = rules.ParadeState.new(seats(2), 0).deck
    parade = [deck.card(5, 10), deck.card(4, 9)] + [deck.card(3, v) for v in range(6, 10)]
    red_2, blue_8 = deck.card(5, 2), deck.card(0, 8)
    state = hand_built(parade, [red_2, blue_8])
    plain = Evaluator(value_weight=0.0, lookahead=0.0)
    assert plain.costs(state, state.legal_actions()) == [10.0, 0.0]  # one card is no 2-player majority


def test_normal_keeps_the_pair_that_scores_least():
    deck = rules.ParadeState.new(seats(2), 0).deck
    # The seat to act holds four greens and the opponent none: more greens stay
    # flipped (1 point each), so a green plus the purple 0 costs just 1 point.
    state = hand_built([], [], phase=rules.KEEP)
    me = state.turn
    state.collections[me] = [deck.card(4, v) for v in (1, 2, 3, 4)]
    green_9, green_10, purple_0, orange_8 = deck.card(4, 9), deck.card(4, 10), deck.card(1, 0), deck.card(2, 8)
    state.hands[me] = [green_9, green_10, purple_0, orange_8]
    view = state.view(me)
    choice = HeuristicBot().choose(view, view.legal_actions(), random.Random(0))
    assert purple_0 in choice[1:] and orange_8 not in choice[1:]


class Pick(GameState):
    """A one-move toy game: action i wins with probability odds[i] (chance in determinize)."""

    def __init__(self, odds, outcome=None):
        self.odds, self.outcome, self.chosen = odds, outcome, None

    def current_player(self):
        return None if self.chosen is not None else 0

    def legal_actions(self):
        return [("pick", i) for i in range(len(self.odds))]

    def view(self, seat):
        return Pick(self.odds)

    def determinize(self, rng):
        return Pick(self.odds, rng.random())

    def clone(self):
        return Pick(self.odds, self.outcome)

    def apply(self, action):
        self.chosen = action[1]
        return []

    def is_over(self):
        return self.chosen is not None

    def returns(self, seat):
        return 1.0 if self.outcome < self.odds[self.chosen] else 0.0

    def result(self):
        won = self.outcome < self.odds[self.chosen]
        return Result(scores=[int(won)], winners=[0] if won else [], breakdown=[{}])


def test_monte_carlo_finds_the_best_action():
    game = Pick([0.3, 0.45, 0.7, 0.5])
    bot = MonteCarloBot(iterations=400)
    picks = [bot.choose(game.view(0), game.legal_actions(), random.Random(s)) for s in range(5)]
    assert picks == [("pick", 2)] * 5


def test_monte_carlo_ranks_with_win_chances_best_first():
    game = Pick([0.3, 0.45, 0.7, 0.5])
    ranked = MonteCarloBot(iterations=4000).rank(game.view(0), game.legal_actions(), random.Random(1))
    assert [a for a, _ in ranked] == [("pick", 2), ("pick", 3), ("pick", 1), ("pick", 0)]
    assert all(abs(chance - game.odds[a[1]]) < 0.05 for a, chance in ranked)
    assert ranked[0][0] == MonteCarloBot(iterations=4000).choose(game.view(0), game.legal_actions(), random.Random(1))


def test_a_few_playouts_never_claim_a_certain_win_or_loss():
    game = Pick([0.0, 1.0])  # option 0 always loses, option 1 always wins
    ranked = MonteCarloBot(iterations=4).rank(game.view(0), game.legal_actions(), random.Random(1))
    assert ranked == [(("pick", 1), 0.75), (("pick", 0), 0.25)]  # two playouts each: (w + 1) / (n + 2)


def test_a_ranked_win_chance_knows_its_playouts_and_how_far_to_trust_it():
    """Issue 25: Suggest's chance jumped from turn to turn on a few playouts; the chance now
    carries its count, so the hint can tell a number from noise."""
    game = Pick([0.0, 1.0])
    ranked = MonteCarloBot(iterations=4).rank(game.view(0), game.legal_actions(), random.Random(1))
    assert [c.playouts for _, c in ranked] == [2, 2]
    assert WinChance(3, 6) == 0.5 and WinChance(3, 6).margin() == pytest.approx(1.96 * (0.25 / 6) ** 0.5)
    assert WinChance(0, 0) == 0.5 and WinChance(0, 0).margin() == float("inf")
    assert WinChance(70, 100).margin() < 0.10 < WinChance(48, 96).margin()


def test_monte_carlo_skips_thinking_with_one_legal_action():
    class NoSampling(Pick):
        def determinize(self, rng):
            raise AssertionError("should not sample")

    game = NoSampling([0.5])
    assert MonteCarloBot().choose(game, game.legal_actions(), random.Random(0)) == ("pick", 0)


def test_monte_carlo_respects_a_time_limit():
    game = Pick([0.5, 0.5])
    started = time.perf_counter()
    MonteCarloBot(iterations=10**9).choose(game, game.legal_actions(), random.Random(0), Budget(time_limit=0.05))
    assert time.perf_counter() - started < 0.5


def test_monte_carlo_budget_counts_rollouts_in_whole_rounds():
    sampled = []

    class Counting(Pick):
        def determinize(self, rng):
            sampled.append(1)
            return super().determinize(rng)

    game = Counting([0.5] * 4)
    MonteCarloBot(iterations=1000).choose(game, game.legal_actions(), random.Random(0), Budget(iterations=9))
    assert len(sampled) == 3  # 4 candidates a round: 9 rollouts need 3 rounds
    with pytest.raises(ValueError, match="iteration count or a time limit"):
        MonteCarloBot(iterations=None).choose(game, game.legal_actions(), random.Random(0))


def test_random_bot_spreads_its_choices():
    picks = {RandomBot().choose(None, [("a",), ("b",), ("c",)], random.Random(s)) for s in range(30)}
    assert picks == {("a",), ("b",), ("c",)}


@pytest.mark.parametrize("size", [1, 2, 3, 5, 6, 17, 64, 65, 1000])
def test_pick_draws_what_rng_choice_draws(size):
    from wonderland_games.core.bots import pick
    from wonderland_games.core.rng import Rng

    items = list(range(size))
    for seed in range(30):
        for make in (random.Random, Rng):
            ours, theirs = make(seed), make(seed)
            assert [pick(ours, items) for _ in range(20)] == [theirs.choice(items) for _ in range(20)]
            assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        pick(random.Random(1), [])


def test_random_is_a_level_of_every_game_but_not_offered_in_setup():
    from wonderland_games.scenes.setup import KINDS

    assert "random" in BOT_LEVELS and "bot-random" not in KINDS
    assert {f"bot-{level}" for level in BOT_LEVELS if level != "random"} <= set(KINDS)
    for game in GAMES:
        assert isinstance(registry.get(game).make_bot("random"), RandomBot)
        assert isinstance(registry.get(game).make_bot("easy"), EasyBot)
    with pytest.raises(ValueError, match=r"unknown bot level 'expert' \(random, easy, normal\)"):
        level_bot("expert", {"easy": RandomBot, "normal": RandomBot})


def test_a_random_seat_survives_a_save_and_counts_in_the_stats(user_dirs):
    from wonderland_games.core.session import Session
    from wonderland_games.core.stats import record_game

    session = Session.new("parade", [Seat("Ann"), Seat("Rnd", BOT, "random")], seed=3, autosave=False)
    loaded = Session.from_save(session.to_save(), autosave=False)
    assert loaded.seats[1] == Seat("Rnd", BOT, "random")
    stats = record_game("parade", loaded.seats, _finished(loaded))
    assert stats["games"]["parade"]["seats"]["bot-random"]["played"] == 1


def _finished(session):
    """The result of playing the session's game out at random."""
    state, rng = session.state.clone(), random.Random(0)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.result()


def toy_worths(view, legal):
    return [(float(action[1]), action) for action in legal]


ACTIONS = [("pick", w) for w in (0, 3, 2, 10)]


def test_easy_prefers_better_actions_but_not_always():
    picks = [EasyBot(toy_worths, 2.0).choose(None, ACTIONS, random.Random(s))[1] for s in range(400)]
    counts = {w: picks.count(w) for w in (0, 2, 3, 10)}
    assert counts[10] > counts[3] > counts[2] > counts[0]  # softmax: the better, the likelier
    assert 0 < counts[3] + counts[2] + counts[0] < 0.1 * len(picks)  # a worse option now and then
    assert all(EasyBot(toy_worths, 0.1).choose(None, ACTIONS, random.Random(s)) == ("pick", 10) for s in range(50))


def test_easy_is_deterministic_given_its_rng_and_skips_thinking_with_one_action():
    bot = EasyBot(toy_worths, 3.0)
    assert [bot.choose(None, ACTIONS, random.Random(s)) for s in range(20)] == \
        [bot.choose(None, ACTIONS, random.Random(s)) for s in range(20)]

    def never(view, legal):
        raise AssertionError("one legal action: nothing to judge")

    assert EasyBot(never, 1.0).choose(None, [("only",)], random.Random(0)) == ("only",)


GAMES = ("parade", "oz", "voyage")


def positions(game, count, seed):
    """(view, legal) at every fifth decision with a choice, in seeded random two-player games."""
    info, rng = registry.get(game), random.Random(seed)
    found = []
    while len(found) < count:
        state = info.new_state(seats(2, "random"), rng.randrange(10**6), None)
        while not state.is_over() and len(found) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.2:
                found.append((state.view(state.current_player()), legal))
            state.apply(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", GAMES)
def test_easy_plays_legally_and_picks_normals_choice_far_more_often_than_chance(game):
    info = registry.get(game)
    easy, normal = info.make_bot("easy"), info.make_bot("normal")
    hits = chance = 0.0
    for i, (view, legal) in enumerate(positions(game, 200, 11)):
        choice = easy.choose(view, legal, random.Random(i))
        assert choice in legal
        hits += choice == normal.choose(view, legal, random.Random(i))
        chance += 1 / len(legal)
    assert hits > 2 * chance, (hits, chance)


LADDER = [  # game, bots, games, fewest wins for the first bot
    ("parade", ("easy", "random"), 40, 30),  # a random player makes 30 of 40 once in ~1000 tries
    ("oz", ("easy", "random"), 20, 17),
    ("voyage", ("easy", "random"), 20, 17),
    ("parade", ("normal", "easy"), 60, 36),
    ("oz", ("normal", "easy"), 30, 18),
    ("voyage", ("normal", "easy"), 40, 24),
]


@pytest.mark.parametrize("game, bots, games, fewest", LADDER)
def test_the_ladder_random_easy_normal(game, bots, games, fewest):
    """Each level beats the one below in a small seeded sample, Normal not every game of Easy."""
    wins = sum(o.shares[0] for o in simulate.run(simulate.Config(game, bots, games, 7)))
    assert wins >= fewest
    if bots[1] == "easy":
        assert wins < games - 1  # Easy takes games off Normal: it is no random clicker


def test_normal_beats_random_in_two_player_games():
    config = simulate.Config("parade", ("normal", "random"), 100, 1)
    wins = sum(o.shares[0] for o in simulate.run(config))
    assert wins >= 70
