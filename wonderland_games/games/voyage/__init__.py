"""世界奇旅 · World Voyage: registers the game with the registry."""

from ...core.game import GameInfo, SeatChoice
from ...core.registry import game_name, register
from . import rules
from .world import REGION_IDS


def _make_bot(level: str):
    from .bots import make_bot

    return make_bot(level)


def _tutorial_state(seats, setup):
    from .tutorial import tutorial_state

    return tutorial_state(seats, setup)


register(GameInfo(
    id=rules.GAME_ID,
    name=game_name(rules.GAME_ID),
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    available=True,
    new_state=rules.new_state,
    from_dict=rules.from_dict,
    make_bot=_make_bot,
    scene="wonderland_games.games.voyage.scene:VoyageScene",
    rules_key="voyage",
    seat_choice=SeatChoice(option="starts", values=REGION_IDS, label="voyage.start",
                           value_label="voyage.regions.{}", distinct=False),
    turn_unit="rounds",
    tutorial_state=_tutorial_state,
))
