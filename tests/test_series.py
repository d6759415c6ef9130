"""try_player and the statistics of a series (issue 35)."""

from __future__ import annotations

import math

import pytest

from fifteen_kit.errors import InvalidArgumentError, PlayerError
from fifteen_kit.nasty15 import make_player
from fifteen_kit.pupil_players import removals, valid_dice
from fifteen_kit.series import dice_table, holm, play_game, sign_test, t_interval, try_player


def cautious_copy(turn):
    if valid_dice(turn):
        return "place " + " ".join(valid_dice(turn))
    return "stop" if turn.placed_count else "roll"


def test_same_dice_for_everyone():
    # a pupil's copy of the cautious rule scores exactly what the kit's cautious player scores, game by game
    result = try_player(cautious_copy, game="dice", against=["cautious"], games=30, seed=5)
    mine = [r.score for r in result.records["cautious_copy"]]
    kit = [r.score for r in result.records["cautious"]]
    assert mine == kit
    assert result.rows[0].low <= result.rows[0].mean <= result.rows[0].high
    assert result.rows[-1].name == "optimal (exact)"


def test_series_repeat_and_replay():
    a = try_player(cautious_copy, game="dice", games=5, seed=3)
    b = try_player(cautious_copy, game="dice", games=5, seed=3)
    assert str(a) == str(b)
    replay = a.replay("cautious_copy", 0)
    assert replay.steps[0][0].endswith("R") and "->" in str(replay)
    assert dice_table(3, 0) == dice_table(3, 0) != dice_table(3, 1)


def test_fifteens_series_uses_wilson():
    result = try_player(lambda p: removals(p)[0], game="fifteens", against=["fewest"], games=10, seed=1)
    assert all(0 <= r.low <= r.mean <= r.high <= 1 for r in result.rows)


def test_a_stopped_player_keeps_the_games_before():
    calls = []

    def tired(turn):
        calls.append(1)
        if len(calls) > 12:
            raise RuntimeError("tired")
        return cautious_copy(turn)
    with pytest.raises(PlayerError) as info:
        try_player(tired, game="dice", games=50, seed=1)
    assert "RuntimeError" in str(info.value)
    assert 0 < len(info.value.series.records["tired"]) < 50


def test_statistics():
    _, high = t_interval([1.0, 2.0, 3.0, 4.0, 5.0])  # t(0.975, 4) = 2.776
    assert high - 3 == pytest.approx(2.776 * math.sqrt(2.5) / math.sqrt(5), rel=2e-3)
    assert sign_test(10, 0) == pytest.approx(2 / 1024)
    assert holm([0.001, 0.5]) == (True, False)
    with pytest.raises(InvalidArgumentError):
        t_interval([1.0])


def test_kit_players_play_series_games():
    assert play_game(make_player("optimal"), "dice", 1, 2).score >= 0


def test_bad_arguments():
    with pytest.raises(InvalidArgumentError):
        try_player(cautious_copy)  # which game?
    with pytest.raises(InvalidArgumentError):
        try_player(cautious_copy, game="dice", against=["fewest"])
    with pytest.raises(InvalidArgumentError):
        try_player(cautious_copy, game="dice", games=0)
