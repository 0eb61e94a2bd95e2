"""仙境幽谷 · Wonderland Valley: registers the game with its table (scene.py).
One player plays solo against the die-driven opponent (solo.py)."""

from ...core.game import GameInfo, GameOption
from ...core.registry import game_name, register
from . import solo, state
from .tutorial import tutorial_state
from .data import load_valley


def _make_bot(level: str):
    from .bots import make_bot

    return make_bot(level)


register(GameInfo(
    id=state.GAME_ID,
    name=game_name(state.GAME_ID),
    min_players=state.MIN_PLAYERS,
    max_players=state.MAX_PLAYERS,
    available=True,
    new_state=state.new_state,
    from_dict=state.from_dict,
    make_bot=_make_bot,
    scene="wonderland_games.games.valley.scene:ValleyScene",
    rules_key="valley",
    tutorial_state=tutorial_state,
    game_options=(
        # one seat: each level names the opponent, so a new player knows whom they face
        GameOption("opponent", solo.LEVELS, solo.load_solo().default, "setup.opponent", "valley.setup_qa.{}",
                   seats=(1,)),
        # the rule text's variant: a starting hand agreed before the game
        GameOption("starting_hand", load_valley().numbers.starting_hand_options, load_valley().numbers.starting_hand,
                   "valley.setup.hand", "valley.setup.hand_{}", seats=tuple(range(state.MIN_PLAYERS,
                                                                                   state.MAX_PLAYERS + 1))),
    ),
))
