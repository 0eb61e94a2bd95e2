"""仙境迷踪 · Lost in Oz: registers the game with the registry."""

from ...core.game import GameInfo, SeatChoice
from ...core.registry import game_name, register
from . import rules
from .tutorial import tutorial_state


def _make_bot(level: str):
    from .bots import make_bot

    return make_bot(level)


register(GameInfo(
    id=rules.GAME_ID,
    name=game_name(rules.GAME_ID),
    min_players=2,
    max_players=4,
    available=True,
    new_state=rules.new_state,
    from_dict=rules.from_dict,
    make_bot=_make_bot,
    scene="wonderland_games.games.oz.scene:OzScene",
    rules_key="oz",
    seat_choice=SeatChoice(option="characters", values=rules.CHARACTERS, label="oz.character",
                           value_label="oz.characters.{}"),
    turn_unit="rounds",
    # records that name neither were played by rules edition 1 (the spell discarded before its effect)
    # and, as records have been since it was dropped, without the one-spell limit
    record_defaults=(("edition", 1), ("spell_limit", 0)),
    tutorial_state=tutorial_state,
))
