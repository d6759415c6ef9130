"""Lesson 04 · Dice and risk: its predictions, exercises and "why" questions, every answer computed by the kit.

The board of the lesson is the public board (blue 4, yellow 3, black 3, white 2, green 2, red 1), the second
board of the game the lesson plays with seed 15.  Each prediction's reveal (a table in Markdown or a chart)
is built here, so the lesson's cells only say ``ask("04.p4")``.

>>> [task.key for task in TASKS][:4]
['04.p1', '04.w1', '04.p2', '04.p3']
>>> exercise = next(task for task in TASKS if task.key == "04.q1")
>>> exercise.answer()
Fraction(5, 18)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from fifteen_kit import plotstyle
from fifteen_kit.nasty15.boards import COLOURS, PUBLIC_BOARD
from fifteen_kit.nasty15.examples import WORKED_EXAMPLES
from fifteen_kit.nasty15.policy import policy_for
from fifteen_kit.nasty15.probability import (
    SimpleRule,
    StoppingRule,
    p_at_least_one_valid,
    p_bust,
    p_valid,
    score_distribution,
    threshold,
)
from fifteen_kit.nasty15.rules import Turn

from .core import Task
from .records import load

__all__ = [
    "BOARD",
    "DECISION",
    "FIRST_ROLL",
    "LAST_DIE",
    "NAMED",
    "SIMULATED",
    "SIM_SEED",
    "TASKS",
    "THRESHOLDS",
    "boards_bars",
    "boards_chart",
    "distributions_bars",
    "distributions_chart",
    "rules_bars",
    "rules_chart",
    "simulation_bars",
    "simulation_chart",
]

#: The targets of the board the lesson studies: the public board, in colour order (B Y K W G R).
BOARD: tuple[int, ...] = tuple(t for _, t in PUBLIC_BOARD.targets)
#: The lesson's one checkable decision: blue 1, yellow 1, black 2, green 2 placed (6 pips); white, red left.
DECISION = "433221 112.2. ...... R"
#: Exercises 2, 3 and 5: yellow 3, black 2, white 2, green 1, red 1 placed (9 pips); only blue (target 4) left.
LAST_DIE = "433221 .32211 ...... R"
#: The first roll of prediction 04.p11: blue 1, yellow 1 and red 1 valid; black 4, white 6, green 3 too high.
FIRST_ROLL = (1, 1, 4, 6, 3, 1)
#: The simulation of the lesson: 1,500 turns of optimal play, seed 2026.
SIMULATED, SIM_SEED = 1500, 2026
#: The pip thresholds of the simple rules the lesson compares.
THRESHOLDS = (4, 6, 7, 8, 9, 10, 12)


def _md(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def _f(x: Fraction, places: int = 2) -> str:
    return f"{float(x):.{places}f}"


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


# -- reveals -----------------------------------------------------------------------------------------------------
@cache
def _simulated() -> tuple[int, ...]:
    # the scores of the lesson's simulation (a few seconds: played once per kernel)
    from fifteen_kit.nasty15.studies import simulate_turns

    return tuple(simulate_turns(BOARD, SIMULATED, SIM_SEED))


def _valid_table() -> Any:
    rows = "\n".join(f"| {t} | {', '.join(map(str, range(1, t + 1)))} | {_frac(p_valid(t))} |" for t in range(1, 7))
    return _md("A die with target *t* is valid on the faces 1, 2, ..., *t*: **t of its 6 faces**, so "
               "P(valid) = *t*/6.\n\n| target | valid faces | P(valid) |\n|---|---|---|\n" + rows)


def _first_roll_bust() -> Any:
    misses = " × ".join(f"{6 - t}/6" for t in BOARD)
    return _md(f"Each die must be too high: blue {6 - BOARD[0]} faces of 6, yellow {6 - BOARD[1]}, and so on.\n\n"
               f"P(bust) = {misses} = **{_frac(p_bust(BOARD))}** ≈ {_f(p_bust(BOARD), 3)}, so "
               f"P(at least one valid die) = {_frac(p_at_least_one_valid(BOARD))}.")


def _bust_table() -> Any:
    lefts = ([4, 3, 3, 2, 2, 1], [3, 2, 2, 1], [2, 1], [1])
    rows = "\n".join(f"| {', '.join(map(str, left))} | {_frac(p_bust(left))} | {_f(p_bust(left), 3)} |"
                     for left in lefts)
    return _md("| targets of the dice left | P(bust) | as a decimal |\n|---|---|---|\n" + rows)


def rules_bars(thresholds: tuple[int, ...] = THRESHOLDS) -> Any:
    """A bar chart (bars from zero) of the expected score of each simple rule on the lesson's board (a BarChart).

    >>> [text for _, text in rules_bars((8,)).ticks()]
    ['cautious', 'greedy', 'stop at 8']
    """
    from fifteen_kit.barchart import BarChart, Series
    from fifteen_kit.nasty15.studies import simple_rule_values

    values = simple_rule_values(BOARD, thresholds)
    names = [name.replace(" pips", "") for name in values]
    points = tuple(float(v) for v in values.values())
    bars = Series(values=points, colours=plotstyle.COLOURS[0], notes=tuple(f"{v:.2f}" for v in points))
    return BarChart(x=tuple(range(len(names))), series=(bars,), xticks=tuple(enumerate(names)), rotate=35,
                    title="Expected score of one turn, public board", ylabel="points on average",
                    xlabel="simple rule (place every valid die, then ...)", ymax=max(points) * 1.15, size=(9.5, 4.8))


def rules_chart(thresholds: tuple[int, ...] = THRESHOLDS) -> Any:
    """:func:`rules_bars` as a matplotlib Figure.

    >>> fig = rules_chart((8,))
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['cautious', 'greedy', 'stop at 8']
    """
    return rules_bars(thresholds).figure()


def distributions_bars() -> tuple[Any, Any]:
    """The exact distribution of one turn's score under 'cautious' and 'stop at 9 pips', with the average
    (two BarCharts, shown side by side).

    >>> [chart.title for chart in distributions_bars()]
    ['cautious', 'stop at 9 pips']
    """
    from fifteen_kit.barchart import BarChart, Series

    rules: list[tuple[str, StoppingRule | SimpleRule]] = [("cautious", "cautious"), ("stop at 9 pips", threshold(9))]
    dists = [score_distribution(BOARD, rule) for _, rule in rules]
    top = max(float(p) for dist in dists for p in dist.values()) * 1.08
    charts = []
    for n, ((name, _), dist) in enumerate(zip(rules, dists, strict=True)):
        ev = sum((s * p for s, p in dist.items()), Fraction(0))
        scores = tuple(dist)
        charts.append(BarChart(x=scores, series=(Series(values=tuple(float(p) for p in dist.values()),
                                                        colours=plotstyle.COLOURS[0]),),
                               xticks=tuple((t, str(t)) for t in range(0, max(scores) + 1, 5)), title=name,
                               xlabel="points scored in the turn", ylabel="probability" if n == 0 else "",
                               ymax=top, line=(float(ev), f"average {_f(ev)}"), line_colour=plotstyle.COLOURS[1],
                               legend_at="upper right", size=(5, 4.8)))
    return charts[0], charts[1]


def distributions_chart() -> Any:
    """:func:`distributions_bars` as one matplotlib Figure of two Axes.

    >>> len(distributions_chart().axes)
    2
    """
    from fifteen_kit.barchart import _figure_row

    return _figure_row(distributions_bars(), (10, 4.8))


def simulation_bars() -> Any:
    """The running average of 1,500 simulated turns of optimal play against the exact expected score
    (a BarChart holding one line and no bars).

    >>> len(simulation_bars().lines[0].xs)
    1500
    """
    from fifteen_kit.barchart import BarChart, Line
    from fifteen_kit.nasty15.studies import running_averages

    running = running_averages(_simulated())
    exact = policy_for(BOARD).expected_score()
    n = len(running)
    low, high = min(min(running), float(exact)), max(max(running), float(exact))
    margin = (high - low) * 0.08
    line = Line(xs=tuple(range(1, n + 1)), ys=tuple(running), colour=plotstyle.COLOURS[0],
                label="average of the first n turns")
    return BarChart(x=(1, n), series=(), lines=(line,),
                    hline=(float(exact), f"exact: {_f(exact)}"), line_colour=plotstyle.COLOURS[1],
                    xticks=tuple((t, f"{t:,}") for t in range(0, n + 1, 250)), ymin=max(0, low - margin),
                    ymax=high + margin, xlabel="number of simulated turns n", ylabel="average score",
                    legend_at="lower right", title=f"After {n:,} turns: average {running[-1]:.3f}", size=(9, 4.8))


def simulation_chart() -> Any:
    """:func:`simulation_bars` as a matplotlib Figure.

    >>> simulation_chart().axes[0].get_xscale()
    'linear'
    """
    return simulation_bars().figure()


def boards_bars() -> Any:
    """A bar chart (bars from zero) of each kind of board's expected score under optimal play; the public
    board's bar is vermillion and hatched (a BarChart).

    >>> len(boards_bars().x)
    19
    """
    from fifteen_kit.barchart import BarChart, Series
    from fifteen_kit.nasty15.studies import board_values

    values = board_values()
    public = tuple(sorted(BOARD, reverse=True))
    names = ["".join(map(str, kind)) for kind in values]
    points = tuple(float(v) for v in values.values())
    bars = Series(values=points, colours=tuple(plotstyle.COLOURS[1] if kind == public else plotstyle.COLOURS[0]
                                               for kind in values),
                  hatches=tuple("//" if kind == public else "" for kind in values),
                  notes=tuple(f"{v:.2f}" for v in points), note_rotate=90)
    return BarChart(x=tuple(range(len(names))), series=(bars,), xticks=tuple(enumerate(names)), rotate=60, ymax=18,
                    ylabel="points on average (best play)", title="",
                    xlabel="targets of a board, largest first (the public board: hatched)", size=(10, 5))


def boards_chart() -> Any:
    """:func:`boards_bars` as a matplotlib Figure.

    >>> len(boards_chart().axes[0].patches)
    19
    """
    return boards_bars().figure()


def _advice(notation: str, top: int = 6) -> str:
    turn = Turn.parse(notation)
    choices = policy_for(turn.targets, turn.gambler).advise(turn).choices[:top]
    rows = "\n".join(f"| {c.action}{' ' + ' '.join(x.value for x in c.colours) if c.colours else ''} | "
                     f"{_f(c.value)} |" for c in choices)
    return "| choice | points on average (best play afterwards) |\n|---|---|\n" + rows


def _decision_reveal() -> Any:
    return _md("The kit's check of every choice:\n\n" + _advice(DECISION) + "\n\nStopping scores the 6 placed pips "
               "for sure; rolling risks a bust but, on average, brings more.")


def _first_roll_reveal() -> Any:
    turn = Turn.start(BOARD).roll_with(FIRST_ROLL)
    rolled = ", ".join(f"{c.title} {v}" for c, v in zip(COLOURS, FIRST_ROLL, strict=True))
    return _md(f"The roll ({rolled}): the best placements, best first:\n\n" + _advice(turn.notation(), 5)
               + "\n\nPlacing **only the red 1** is best. Red (target 1) is valid only one roll in six, so its 1 "
               "is worth placing now. Blue (target 4) is valid four rolls in six and yellow (target 3) three in "
               "six: rolled again, they will probably be valid again and may show more pips.")


def _held_back_reveal() -> Any:
    from fifteen_kit.nasty15.studies import held_back

    found = held_back(BOARD)
    kept = sum(found.kept_by_target.values())
    rows = "\n".join(f"| {t} | {n:,} | {n / kept:.0%} |" for t, n in found.kept_by_target.items())
    return _md(f"Of the {found.rolls:,} first rolls with a valid die (out of 6⁶ = 46,656), best play keeps back "
               f"at least one valid die in {found.fewer:,}: **{float(found.share):.1%}**.\n\n"
               "The valid dice it keeps back, by their target:\n\n| target | dice kept back | share |\n|---|---|---|\n"
               + rows)


def _rules_pair() -> Any:
    from fifteen_kit.nasty15.studies import simple_rule_values

    v = simple_rule_values(BOARD, ())
    return _md(f"cautious: **{_f(v['cautious'])}** points on average; greedy: **{_f(v['greedy'])}**.")


def _optimal_reveal() -> Any:
    from fifteen_kit.nasty15.studies import simple_rule_values

    exact = policy_for(BOARD).expected_score()
    values = simple_rule_values(BOARD, THRESHOLDS)
    name = max(values, key=values.__getitem__)
    gain = exact - values[name]
    return _md(f"Best play: **{_f(exact)}** points per turn on average.\n\n"
               f"The best simple rule ({name}): {_f(values[name])}. Best play gains {_f(gain, 2)} points per "
               f"turn, about {_f(10 * gain, 1)} points over a game of 10 boards.")


def _gambler_reveal() -> Any:
    normal = policy_for(BOARD).expected_score()
    gambler = policy_for(BOARD, gambler=True).expected_score()
    return _md("Normal rules:\n\n" + _advice(DECISION) + "\n\nGambler variant (a bust scores 0):\n\n"
               + _advice(DECISION + " gambler") + f"\n\nA whole turn with best play: normal {_f(normal)}, "
               f"gambler {_f(gambler)} points on average.")


def _mini_value() -> Fraction:
    # the mini-board of exercise 4: yellow (target 3) and red (target 1); place every valid die and stop
    pips = sum((Fraction(sum(range(1, t + 1)), 6) for t in (3, 1)), Fraction(0))
    return pips + p_bust([3, 1]) * (3 + 1)


def _roll_last(gambler: bool = False) -> Fraction:
    notation = LAST_DIE + (" gambler" if gambler else "")
    turn = Turn.parse(notation)
    return policy_for(BOARD, gambler).roll_value(turn)


def _stop_last() -> int:
    return Turn.parse(LAST_DIE).stop_score()


def _better_simple_rule() -> str:
    from fifteen_kit.nasty15.studies import simple_rule_values

    values = simple_rule_values(BOARD, ())
    return max(values, key=values.__getitem__)


def _best_threshold() -> int:
    from fifteen_kit.nasty15.studies import simple_rule_values

    values = simple_rule_values(BOARD, range(0, 31))
    best = max(values, key=values.__getitem__)
    return int(best.split()[2])


def _best_simple_mean() -> float:
    # the expected score of the best 'stop at n pips' rule on the public board (what the chart of 04.p8 shows)
    from fifteen_kit.nasty15.studies import simple_rule_values

    return float(max(simple_rule_values(BOARD, range(0, 31)).values()))


def _one_die_expected() -> Fraction:
    # the worksheet's worked example: one die with target 2, rolled once, stop if valid (a bust scores 2)
    return sum((Fraction(face if face <= 2 else 2, 6) for face in range(1, 7)), Fraction(0))


def _cautious_expected() -> Fraction:
    from fifteen_kit.nasty15.studies import simple_rule_values

    return Fraction(simple_rule_values(BOARD, ())["cautious"])


def _share_below(pips: int) -> Fraction:
    dist = score_distribution(BOARD, threshold(pips))
    return sum((p for s, p in dist.items() if s < pips), Fraction(0))


#: The options of prediction 04.p11, by the dice they place.
_PLACINGS = {("blue", "yellow", "red"): "blue, yellow and red", ("blue", "red"): "blue and red",
             ("yellow", "red"): "yellow and red", ("red",): "red only"}


def _first_roll_best() -> str:
    turn = Turn.start(BOARD).roll_with(FIRST_ROLL)
    return _PLACINGS[tuple(c.title for c in policy_for(BOARD).best(turn).colours)]


def _held_back_share() -> Fraction:
    from fifteen_kit.nasty15.studies import held_back

    return held_back(BOARD).share


def _decision(notation: str) -> str:
    turn = Turn.parse(notation)
    return policy_for(turn.targets, turn.gambler).best(turn).action


#: The options of prediction 04.p14: the simulation's average is exactly, close to (within a point) or far from
#: the expected score.
_VERDICTS = ("exactly the expected score", "close to it", "far from it")


def _simulation_verdict() -> str:
    scores = _simulated()
    gap = abs(Fraction(sum(scores), len(scores)) - policy_for(BOARD).expected_score())
    return _VERDICTS[0] if gap == 0 else _VERDICTS[1] if gap < 1 else _VERDICTS[2]


def _easiest_of(kinds: tuple[str, ...]) -> str:
    from fifteen_kit.nasty15.studies import board_values

    values = {"".join(map(str, kind)): v for kind, v in board_values().items()}
    return max(kinds, key=values.__getitem__)


#: The kinds of board prediction 04.p15 offers.
_KINDS_ASKED = ("651111", "333222", "432222", "433221")


# -- the exercises' answers computed a second way (the record's ``check``) ------------------------------------------
def _bust_by_counting_rolls(targets: tuple[int, ...]) -> Fraction:
    # every roll of these dice counted: a bust when each die shows more than its target
    from itertools import product

    rolls = list(product(range(1, 7), repeat=len(targets)))
    return Fraction(sum(all(v > t for v, t in zip(roll, targets, strict=True)) for roll in rolls), len(rolls))


def _roll_last_by_playing_faces(gambler: bool) -> Fraction:
    # the engine plays each face of the blue die in LAST_DIE: place it if valid, else a bust
    start = Turn.parse(LAST_DIE + (" gambler" if gambler else ""))
    total = Fraction(0)
    for face in range(1, 7):
        turn = start.roll_with((face, None, None, None, None, None))
        turn = turn.play("place B") if not turn.is_over else turn
        if turn.score is None:  # the turn cannot go on after the last die: placed (all six) or a bust
            raise AssertionError(f"the turn is not over after blue shows {face}")
        total += Fraction(turn.score, 6)
    return total


def _mini_value_by_listing() -> Fraction:
    # yellow (target 3) and red (target 1), rolled once, every valid die placed; a bust scores 3 + 1
    from itertools import product

    scores = [sum(v for v, t in zip(roll, (3, 1), strict=True) if v <= t) or 4
              for roll in product(range(1, 7), repeat=2)]
    return Fraction(sum(scores), len(scores))


def _doubled() -> Fraction:
    # exercises 2 and 5: the score when blue (2.5 pips on average) is placed too, doubled for six dice
    return 2 * (Turn.parse(LAST_DIE).pips + Fraction(5, 2))


#: The values the record file (lesson04.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    # predictions: truths, choices and reveals
    "luke_bust": lambda: WORKED_EXAMPLES["bust"].score,
    "nina_stops": lambda: WORKED_EXAMPLES["five dice"].score,
    "nina_rolls": lambda: WORKED_EXAMPLES["six dice"].score,
    "valid_4": lambda: p_valid(4),
    "valid_table": _valid_table,
    "board": lambda: BOARD,
    "first_roll_bust": lambda: p_bust(BOARD),
    "first_roll_bust_table": _first_roll_bust,
    "red_bust": lambda: p_bust([1]),
    "bust_table": _bust_table,
    "better_simple_rule": _better_simple_rule,
    "rules_pair": _rules_pair,
    "best_threshold": _best_threshold,
    "best_simple_mean": _best_simple_mean,
    "one_die_expected": _one_die_expected,
    "cautious_expected": _cautious_expected,
    "cautious_decimal": lambda: float(_cautious_expected()),
    "rules_image": lambda: plotstyle.image(rules_bars()),
    "share_below_9": lambda: _share_below(9),
    "distributions_image": lambda: plotstyle.image(distributions_bars()),
    "best_play_rounded": lambda: round(policy_for(BOARD).expected_score()),
    "optimal_reveal": _optimal_reveal,
    "placings": lambda: tuple(_PLACINGS.values()),
    "first_roll_best": _first_roll_best,
    "first_roll_reveal": _first_roll_reveal,
    "held_back_share": _held_back_share,
    "held_back_reveal": _held_back_reveal,
    "decision": lambda: _decision(DECISION),
    "decision_reveal": _decision_reveal,
    "simulated": lambda: SIMULATED,
    "verdicts": lambda: _VERDICTS,
    "simulation_verdict": _simulation_verdict,
    "simulation_image": lambda: plotstyle.image(simulation_bars()),
    "board_kinds": lambda: _KINDS_ASKED,
    "easiest_kind": lambda: _easiest_of(_KINDS_ASKED),
    "boards_image": lambda: plotstyle.image(boards_bars()),
    "gambler_decision": lambda: _decision(DECISION + " gambler"),
    "gambler_reveal": _gambler_reveal,
    # exercise 1: yellow, white and red left
    "bust_321": lambda: p_bust([3, 2, 1]),
    "bust_321_by_counting_rolls": lambda: _bust_by_counting_rolls((3, 2, 1)),
    "bust_321_decimal": lambda: float(p_bust([3, 2, 1])),
    "too_high_yellow": lambda: 1 - p_valid(3),
    "too_high_white": lambda: 1 - p_valid(2),
    "too_high_red": lambda: 1 - p_valid(1),
    # exercises 2, 3 and 5: only blue left (LAST_DIE)
    "roll_last": _roll_last,
    "roll_last_by_playing_faces": lambda: _roll_last_by_playing_faces(False),
    "roll_last_decimal": lambda: float(_roll_last()),
    "last_pips": lambda: Turn.parse(LAST_DIE).pips,
    "doubled": _doubled,
    "valid_share_sixths": lambda: 4 * _doubled(),
    "roll_last_sixths": lambda: 4 * _doubled() + 8,
    "stop_last": _stop_last,
    "rolling_gain": lambda: _roll_last() - _stop_last(),
    "rolling_gain_by_playing_faces": lambda: _roll_last_by_playing_faces(False) - (9 + 5),  # 9 pips, bonus 5
    "rolling_gain_decimal": lambda: float(_roll_last() - _stop_last()),
    "roll_last_gambler": lambda: _roll_last(gambler=True),
    "roll_last_gambler_by_playing_faces": lambda: _roll_last_by_playing_faces(True),
    "roll_last_gambler_decimal": lambda: float(_roll_last(gambler=True)),
    # exercise 4: the mini-game
    "mini_value": _mini_value,
    "mini_value_by_listing": _mini_value_by_listing,
    "mini_value_decimal": lambda: float(_mini_value()),
}

TASKS: list[Task] = load("04", NAMED)
