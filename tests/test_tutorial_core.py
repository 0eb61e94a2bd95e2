"""The guided first game's script and step logic (core/tutorial.py), and its saves: the parts
every game's lesson shares, with a small script of our own."""

import pytest

from wonderland_games.core import stats, tutorial
from wonderland_games.core.data import DataError
from wonderland_games.core.saves import list_saves, load_session, unfinished_games
from wonderland_games.core.session import Session

SAY = {"zh": "说", "en": "say"}


def raw_script(**extra):
    raw = {
        "setup": {"seed": 7, "seats": [{"kind": "human"},
                                       {"kind": "bot", "level": "easy", "name": {"zh": "白兔", "en": "Rabbit"}}]},
        "steps": [
            {"id": "hello", "say": SAY},
            {"id": "bot_plays", "say": SAY, "bot": ["play"]},
            {"id": "you_play", "say": SAY, "do": ["play", 13], "wrong": {"zh": "不是那张", "en": "Not that one"},
             "then": SAY, "teaches": ["take"]},
            {"id": "free", "say": SAY, "do": "any"},
            {"id": "end", "say": SAY, "until": "end"},
        ],
        "clauses": [{"id": "take", "rule": SAY, "step": "you_play"}],
        "closing": SAY,
    }
    raw.update(extra)
    return raw


def script(**extra):
    return tutorial.parse_script("parade", raw_script(**extra))


def test_a_pattern_fits_an_action_by_its_start_and_a_star_fits_anything():
    assert tutorial.matches(["play", 13], ("play", 13))
    assert tutorial.matches(["play"], ("play", 13))
    assert tutorial.matches(["keep", "*", 5], ("keep", 2, 5))
    assert not tutorial.matches(["play", 12], ("play", 13))
    assert not tutorial.matches(["play", 13, 1], ("play", 13))
    assert tutorial.matches(["move", [1, 2]], ("move", (1, 2)))  # YAML lists fit tuples
    assert tutorial.matches(["mulligan", "$"], ("mulligan",))
    assert not tutorial.matches(["mulligan", "$"], ("mulligan", 3))


@pytest.mark.parametrize("change, field", [
    ({"steps": [{"id": "a", "say": SAY, "do": ["x"], "bot": ["y"]}]}, "bot"),
    ({"steps": [{"id": "a", "say": {"zh": "只有中文"}}]}, "say.en"),
    ({"steps": [{"id": "a", "say": SAY, "until": "later"}]}, "until"),
    ({"steps": [{"id": "a", "say": SAY, "point": ["nowhere"]}]}, "point"),
    ({"steps": [{"id": "a", "say": SAY, "wrong": SAY}]}, "wrong"),
    ({"clauses": [{"id": "c", "rule": SAY, "step": "missing"}]}, "step"),
])
def test_a_broken_script_names_the_entry_and_field(change, field):
    raw = raw_script(**change)
    if "steps" in change:
        raw["clauses"] = []
    with pytest.raises(DataError) as caught:
        tutorial.parse_script("parade", raw)
    assert caught.value.field == field
    assert caught.value.file == "parade/tutorial.yaml"


def test_the_learner_sits_first_and_every_other_seat_is_a_named_bot():
    raw = raw_script()
    raw["setup"]["seats"].reverse()
    with pytest.raises(DataError, match="seat 0 is the learner"):
        tutorial.parse_script("parade", raw)


def test_talk_holds_the_game_and_refuses_actions_until_next():
    lesson = tutorial.Lesson(script())
    assert lesson.waits_for() == "next" and lesson.holds()
    assert not lesson.allows(("play", 13), [("play", 13), ("play", 4)])
    assert lesson.next() and lesson.step.id == "bot_plays"
    assert not lesson.next()  # Next does not skip what a step waits for


def test_a_do_step_lets_through_only_its_action_then_explains():
    lesson = tutorial.Lesson(script(), {"step": 2})
    legal = [("play", 4), ("play", 13)]
    assert not lesson.allows(("play", 4), legal)
    assert lesson.allows(("play", 13), legal)
    assert lesson.allows(("play", 4), [("play", 4)])  # the only choice always goes through
    assert not lesson.acted(("play", 4), True, [("play", 4)])  # ... but is no choice: the step still waits
    assert lesson.acted(("play", 13), True, legal)
    assert lesson.waits_for() == "next" and lesson.words() == SAY and lesson.pointing() == ()
    assert lesson.next() and lesson.step.id == "free"


def test_a_step_may_let_the_learner_choose_among_a_few_actions_and_refuse_the_rest():
    raw = raw_script()
    raw["steps"][2]["do"] = {"one_of": [["play", 13], ["play", 4]]}
    lesson = tutorial.Lesson(tutorial.parse_script("parade", raw), {"step": 2})
    legal = [("play", 4), ("play", 13), ("play", 9)]
    assert lesson.allows(("play", 4), legal) and lesson.allows(("play", 13), legal)
    assert not lesson.allows(("play", 9), legal)
    assert lesson.acted(("play", 4), True, legal)


def test_a_step_whose_action_is_not_legal_never_leaves_the_game_stuck():
    lesson = tutorial.Lesson(script(), {"step": 2})
    legal = [("play", 4), ("play", 5)]  # no 13 in hand
    assert lesson.allows(("play", 5), legal)
    assert lesson.acted(("play", 5), True, legal)


def test_a_bot_step_names_the_bots_action_and_moves_on_when_a_bot_played():
    lesson = tutorial.Lesson(script(), {"step": 1})
    assert lesson.bot_action([("keep", 1, 2), ("play", 9)]) == ("play", 9)
    assert lesson.bot_action([("keep", 1, 2)]) is None  # not legal: the bot plays at Easy
    assert not lesson.acted(("play", 9), True, [("play", 9), ("play", 3)])  # the learner's move is not it
    assert lesson.acted(("play", 9), False, [("play", 9), ("play", 3)])


def test_free_play_and_the_end():
    lesson = tutorial.Lesson(script(), {"step": 3})
    assert lesson.allows(("play", 1), [("play", 1), ("play", 2)])
    assert lesson.acted(("play", 1), True, [("play", 1), ("play", 2)])
    assert lesson.waits_for() == "end" and not lesson.holds()
    assert lesson.ended() and lesson.finished and lesson.waits_for() is None


def test_a_damaged_or_far_position_starts_the_lesson_over():
    assert tutorial.Lesson(script(), {"step": 99}).index == 0
    assert tutorial.Lesson(script(), {"step": "2"}).index == 0
    assert tutorial.Lesson(script(), {"step": 5, "then": True}).then is False  # finished: no then


@pytest.fixture
def parade_script(monkeypatch):
    made = script()
    monkeypatch.setattr(tutorial, "load_script", lambda game_id: made)
    return made


def test_a_lesson_has_its_own_autosave_beside_the_games_and_comes_back_at_its_step(user_dirs, parade_script):
    real = Session.new("parade", [{"name": "Ann"}, {"name": "Bo"}], seed=3)
    real.save_dealt()
    lesson = tutorial.start("parade", "en", "You")
    lesson.tutorial = {"step": 2, "then": True}
    lesson.save_dealt()
    infos = unfinished_games()
    assert sorted(i.tutorial is not None for i in infos) == [False, True]
    assert {i.path.name for i in infos} == {"autosave-parade.json", "autosave-parade-tutorial.json"}
    kept = next(i for i in infos if i.tutorial is not None)
    assert load_session(kept.path).tutorial == {"step": 2, "then": True}
    assert [s.name for s in load_session(kept.path).seats] == ["You", "Rabbit"]
    assert load_session(next(i for i in infos if i.tutorial is None).path).tutorial is None
    assert len(list_saves()) == 2


def test_a_lesson_starts_from_the_scripts_setup_and_a_real_game_after_it_has_easy_bots(user_dirs, parade_script):
    first, second = (tutorial.start("parade", "zh", "你", autosave=False) for _ in range(2))
    assert first.state.to_dict() == second.state.to_dict()  # a fixed deal
    assert [s.name for s in first.seats] == ["你", "白兔"] and first.seats[1].level == "easy"
    real = tutorial.real_game("parade", "zh", "你")
    assert real.tutorial is None and [s.level for s in real.seats if s.is_bot] == ["easy"]


def test_a_damaged_lesson_step_in_a_save_is_reported_not_played(user_dirs, parade_script):
    from wonderland_games.core.savefile import SaveError

    data = tutorial.start("parade", "en", "You", autosave=False).to_save()
    data["tutorial"] = {"step": "two"}
    with pytest.raises(SaveError):
        Session.from_save(data)


def test_learned_games_are_remembered_and_an_old_stats_file_has_none(user_dirs):
    assert stats.learned() == set()
    stats.record_learned("oz")
    stats.record_learned("oz")
    assert stats.learned() == {"oz"}
    assert stats.load_stats()["learned"] == ["oz"]


def test_a_lesson_whose_game_is_over_is_kept_until_its_coach_has_finished(user_dirs, parade_script):
    lesson = tutorial.start("parade", "en", "Ann")
    while not lesson.state.is_over():
        lesson.apply(lesson.state.legal_actions()[0])
    lesson.tutorial = {"step": 4, "then": False}  # the last step's words still to come
    lesson.save_dealt()
    assert [i.tutorial for i in unfinished_games()] == [{"step": 4, "then": False}]
    lesson.tutorial = {"step": 5, "then": False}  # said
    lesson.save_dealt()
    assert unfinished_games() == []


def test_a_real_game_after_a_lesson_keeps_each_seats_pick(user_dirs):
    """Oz: the learner was Dorothy against the Cowardly Lion; a real game that gave the learner the
    Lion and named the bot Cowardly Lion read as the bot's win being theirs (newcomer check)."""
    lesson = tutorial.load_script("oz")
    real = tutorial.real_game("oz", "en", "Ann")
    assert real.options["characters"] == lesson.setup["options"]["characters"]
