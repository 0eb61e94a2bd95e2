"""说梦人 · Dream Teller: its engine registers, so simulate, records and the conformance
suite cover it; it reaches the menu (`available`) once its table exists.

Every bot level is the generic random bot for now: real spirits and dreamers
need the word lexicon (clues by association, guesses from the clues), which is
the next step."""

from ...core.bots import RandomBot
from ...core.game import GameInfo
from ...core.registry import game_name, register
from . import state


def _make_bot(level: str) -> RandomBot:
    return RandomBot()


register(GameInfo(
    id=state.GAME_ID,
    name=game_name(state.GAME_ID),
    min_players=state.MIN_PLAYERS,
    max_players=state.MAX_PLAYERS,
    available=False,
    new_state=state.new_state,
    from_dict=state.from_dict,
    make_bot=_make_bot,
    rules_key="dream",
    turn_unit="rounds",
))
