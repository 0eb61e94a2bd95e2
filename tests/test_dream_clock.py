"""The dream's sand-glass clock: real seconds, ticks in the last ten, the alarm, its reports."""

from wonderland_games.games.dream.clock import SandClock


def run(clock: SandClock, seconds: float, dt: float = 1 / 60) -> list:
    sounds = []
    for _ in range(round(seconds / dt)):
        sounds += clock.advance(dt)
    return sounds


def test_a_stopped_clock_keeps_its_sand():
    clock = SandClock(120)
    assert clock.advance(5.0) == [] and clock.left == 120 and clock.shown() == 120 and clock.share() == 1.0


def test_ten_ticks_in_the_last_ten_seconds_then_the_alarm_once():
    clock = SandClock(120)
    clock.running = True
    assert run(clock, 109.5) == [] and clock.shown() == 11
    sounds = run(clock, 12)
    assert sounds == ["tick"] * 10 + ["alarm"], sounds
    assert clock.left == 0 and not clock.running and clock.share() == 0.0 and clock.shown() == 0
    assert clock.advance(1.0) == []


def test_a_long_frame_still_ticks_every_second_it_crosses():
    clock = SandClock(20, left=10.5)
    clock.running = True
    assert clock.advance(3.0) == ["tick"] * 3 and clock.shown() == 8


def test_a_report_rounds_up_and_says_nothing_the_engine_knows():
    clock = SandClock(120)
    assert clock.report(120) is None
    clock.left = 118.2
    assert clock.report(120) == ("clock", 119)
    assert clock.report(119) is None, "the engine's clock only runs down"
    clock.left = 0.4
    assert clock.report(119) == ("clock", 1)
    clock.left = 0.0
    assert clock.report(119) is None, "no time left is time_up's to say"


def test_a_resumed_clock_starts_from_the_saved_time():
    clock = SandClock(120, left=73)
    assert clock.shown() == 73 and abs(clock.share() - 73 / 120) < 1e-9


def test_a_save_names_the_round_under_way_from_one():
    from wonderland_games.core.game import Seat
    from wonderland_games.games.dream.state import DreamState

    state = DreamState.new([Seat(n) for n in "ABCD"], seed=3)
    assert state.turn_number() == 1 and state.turns_done() == 0
    state.apply(("time_up",))
    state.apply(("skip",))  # the last guess dropped, no correct card: the round ends
    assert state.round == 1 and state.turn_number() == 2 and state.turns_done() == 1
