"""A class's results: per-question counts, predictions against the truth, the pooled dice and Fifteens."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest
import results_samples

from fifteen_kit.class_results import ClassResults, Guesses, exact_board_score, t_interval
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.fifteens.strategies import wilson_interval
from fifteen_kit.nasty15 import default_boards, policy_for
from fifteen_kit.results import PupilResults, from_code, to_code


def check(key, tries, correct, first, wrong=()):
    return {"key": key, "kind": "check", "answer": "x", "tries": tries, "correct": correct, "first": first,
            "wrong": list(wrong)}


def test_questions_count_answers_and_wrong_answers():
    pupils = [PupilResults("04", "A", (check("04.q2", 1, True, True), check("04.q1", 3, True, False, ["6", "7"]))),
              PupilResults("04", "B", (check("04.q1", 2, False, False, [" 6", "SIX"]),
                                       {"key": "04.p1", "kind": "prediction", "answer": "3", "truth": "4"})),
              PupilResults("04", "C", (check("04.q1", 1, False, False, ["six", "6 "]),))]
    questions = ClassResults(pupils).questions()
    assert [q.key for q in questions] == ["04.p1", "04.q1", "04.q2"]
    p1, q1, q2 = questions
    assert (p1.kind, p1.answered, p1.right_first, p1.wrong) == ("prediction", 1, None, ())
    # each pupil's wrong answer counts once, in lower case without extra spaces
    assert (q1.answered, q1.right_first, q1.right_end, q1.wrong) == (3, 0, 1, (("6", 3), ("six", 2), ("7", 1)))
    assert (q2.answered, q2.right_first, q2.right_end) == (1, 1, 1)


def test_tasks_are_ordered_by_kind_and_number():
    records = tuple({"key": f"04.{k}", "kind": "why", "answer": ""} for k in ("w10", "w2", "w1"))
    assert [q.key for q in ClassResults([PupilResults("04", "A", records)]).questions()] == ["04.w1", "04.w2",
                                                                                              "04.w10"]


def test_predictions_take_the_truth_from_the_kit_never_from_a_file():
    samples = [results_samples.pupil_results("04", *p) for p in results_samples.PUPILS["04"]]
    from_files = ClassResults(samples).predictions()
    from_codes = ClassResults([from_code(to_code(s)) for s in samples]).predictions()
    assert [g.key for g in from_files] == [g.key for g in from_codes] and len(from_files) == 16
    assert not any(g.truth for g in from_files) and not any(g.truth for g in from_codes)
    truths = {r["key"]: r["truth"] for r in samples[0].records if r["kind"] == "prediction"}
    assert ClassResults([from_code(to_code(s)) for s in samples]).predictions(truths) == \
        ClassResults(samples).predictions(truths)
    # a pupil's file that says another "truth" changes nothing
    forged = PupilResults("04", "Mallory", ({"key": "04.p1", "kind": "prediction", "answer": "1", "truth": "1"},))
    assert ClassResults([forged, *samples]).predictions(truths)[0].truth == truths["04.p1"]
    with pytest.raises(InvalidArgumentError, match="truths"):
        ClassResults(samples).predictions({"04.p1": 8})  # type: ignore[dict-item]


def test_guesses_as_numbers():
    g = Guesses("04.p1", "13.2", (("A", "12"), ("B", "1/0"), ("C", "25%"), ("D", "roll"), ("E", "1e400")))
    assert g.numbers() == (13.2, [12.0, 0.25])
    assert Guesses("04.p1", "roll", ()).numbers() == (None, [])


def test_the_exact_board_score_is_the_mean_optimal_score_of_the_kits_boards():
    values = [policy_for(base).expected_score() for base, _ in default_boards()]
    assert exact_board_score() == sum(values, Fraction(0)) / 15
    assert 12.4 < exact_board_score() < 12.5


def test_dice_pool():
    samples = [results_samples.pupil_results("04", *p) for p in results_samples.PUPILS["04"]]
    pool = ClassResults(samples).dice()
    games = [next(r for r in s.records if r["kind"] == "game") for s in samples]
    per_board = [g["score"] / g["boards"] for g in games]
    assert [v for _, v in pool.pupils] == per_board
    assert pool.mean == pytest.approx(statistics.fmean(per_board))
    assert pool.running[0] == per_board[0] and len(pool.running) == 3
    assert pool.boards == tuple(g["boards"] for g in games)
    assert pool.interval is None and pool.computer_interval is None  # 3 games: too few for an honest interval
    assert pool.computer_mean == pytest.approx(statistics.fmean(g["computer"] / g["boards"] for g in games))
    empty = ClassResults([]).dice()
    assert (empty.mean, empty.interval, empty.computer_mean, empty.running) == (None, None, None, ())
    one = ClassResults(samples[:1]).dice()
    assert one.interval is None and one.mean == per_board[0]


def test_dice_intervals_use_students_t_from_five_games():
    def game(name, score, computer, boards=10):
        return PupilResults("04", name, ({"key": "04.game", "kind": "game", "game": "dice", "seed": 1,
                                          "boards": boards, "score": score, "computer": computer, "policy": None},))

    games = [game(f"P{i}", s, c) for i, (s, c) in enumerate([(110, 130), (120, 118), (95, 125), (130, 122),
                                                               (100, 127)])]
    pool = ClassResults(games).dice()
    values = [11.0, 12.0, 9.5, 13.0, 10.0]
    half = 2.7764451051977934 * statistics.stdev(values) / math.sqrt(5)  # t(0.975, 4 degrees of freedom)
    assert pool.interval == pytest.approx((statistics.fmean(values) - half, statistics.fmean(values) + half))
    computer = [13.0, 11.8, 12.5, 12.2, 12.7]
    half = 2.7764451051977934 * statistics.stdev(computer) / math.sqrt(5)
    assert pool.computer_interval == pytest.approx((statistics.fmean(computer) - half,
                                                    statistics.fmean(computer) + half))
    # the t quantiles against a printed table (0.975; 1, 2, 3, 4, 10 and 30 degrees of freedom)
    from fifteen_kit.class_results import _t95
    for df, table in ((1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (10, 2.228), (30, 2.042)):
        assert round(_t95(df), 3) == table
    assert t_interval([1.0] * 4) is None and t_interval([2.0] * 6) == (2.0, 2.0)
    for bad in ([1, 2, 3, 4, float("nan")], [1, 2, 3, 4, True], ["1", 2, 3, 4, 5]):
        with pytest.raises(InvalidArgumentError, match="finite number"):
            t_interval(bad)


def test_fifteens_pool_adds_pair_by_pair():
    samples = [results_samples.pupil_results("05", *p) for p in results_samples.PUPILS["05"]]
    pools = ClassResults(samples).fifteens()
    assert [p.strategy for p in pools] == ["random", "fewest", "most", "options"]
    for pool in pools:
        records = [r for s in samples for r in s.records if r.get("strategy") == pool.strategy]
        wins = deals = 0
        for step, record in zip(pool.steps, records, strict=True):
            wins, deals = wins + record["wins"], deals + record["deals"]
            assert (step.wins, step.deals) == (wins, deals)
            assert (step.low, step.high) == wilson_interval(wins, deals)
            assert step.rate == wins / deals
        widths = [s.high - s.low for s in pool.steps]
        assert widths[-1] < widths[0]  # more deals, a narrower interval


def test_a_class_is_one_lesson_and_each_pupil_once():
    a, b = PupilResults("04", "A", ()), PupilResults("05", "B", ())
    with pytest.raises(InvalidArgumentError, match=r"pupil 2 \(B\) has results of lesson 05"):
        ClassResults([a, b])
    with pytest.raises(InvalidArgumentError, match=r"pupil 2 \(A\) is given twice"):
        ClassResults([a, a])
    with pytest.raises(InvalidArgumentError, match="pupil 1 must be"):
        ClassResults([{"lesson": "04"}])  # type: ignore[list-item]
    assert ClassResults([]).lesson is None and ClassResults([a]).lesson == "04"
    assert repr(ClassResults([a])) == "ClassResults(lesson 04, 1 pupils)"


def test_a_deal_played_by_hand_is_not_pooled():
    # every pair plays the lesson's same deal by hand: pooling it with the strategies' own deals would count one
    # deal many times, so only the computer strategies' experiments are pooled
    from fifteen_kit.class_results import ClassResults
    from fifteen_kit.results import HAND_PLAYED, PupilResults

    def pair(name: str, strategy: str, wins: int, deals: int) -> PupilResults:
        return PupilResults("05", name, ({"key": "05.pool_x", "kind": "game", "game": "fifteens", "seed": 1,
                                          "strategy": strategy, "deals": deals, "wins": wins},))

    pools = ClassResults([pair("a", "fewest", 12, 20), pair("b", HAND_PLAYED, 1, 1),
                          pair("c", "fewest", 9, 20)]).fifteens()
    assert [(p.strategy, p.steps[-1].wins, p.steps[-1].deals) for p in pools] == [("fewest", 21, 40)]
