"""仙境梦游 · Wonderland Parade: registers the game with the registry."""

from ...core.game import GameInfo
from ...core.registry import game_name, register
from . import rules
from .tutorial import tutorial_state
from .bots import make_bot  # at once: simulate makes a bot a seat and game, and an import costs more than a move


register(GameInfo(
    id=rules.GAME_ID,
    name=game_name(rules.GAME_ID),
    min_players=2,
    max_players=6,
    available=True,
    new_state=rules.new_state,
    from_dict=rules.from_dict,
    make_bot=make_bot,
    scene="wonderland_games.games.parade.scene:ParadeScene",
    rules_key="parade",
    tutorial_state=tutorial_state,
))
