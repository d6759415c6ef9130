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

from fractions import Fraction
from functools import cache
from typing import Any

from fifteen_kit import plotstyle
from fifteen_kit.answers import Choice, Number
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

from .core import Exercise, Predict, Task, Why

__all__ = [
    "BOARD",
    "DECISION",
    "FIRST_ROLL",
    "LAST_DIE",
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


def _q1_solution() -> str:
    misses = [Fraction(6 - t, 6) for t in (3, 2, 1)]
    return ("A bust means all three dice are too high.\n\n"
            f"* yellow (target 3) is too high on 3 faces of 6: {_frac(misses[0])}; white (target 2) on 4 faces: "
            f"{_frac(misses[1])}; red (target 1) on 5 faces: {_frac(misses[2])}.\n"
            "* The dice do not influence each other, so multiply: "
            f"3/6 × 4/6 × 5/6 = 60/216 = **{_frac(p_bust([3, 2, 1]))}** ≈ {_f(p_bust([3, 2, 1]), 3)}.")


def _q2_solution() -> str:
    value, pips = _roll_last(), Turn.parse(LAST_DIE).pips
    doubled = 2 * (pips + Fraction(5, 2))
    return ("Roll the blue die (target 4):\n\n"
            "* 4 faces of 6 are valid (1, 2, 3, 4: on average 2.5 pips). Then all six dice are placed and the "
            f"score is doubled: 2 × ({pips} + 2.5) = {_frac(doubled)} points on average.\n"
            "* 2 faces of 6 (5 and 6) are a bust: you score the target of the die not placed, 4 points.\n"
            f"* Expected score = 4/6 × {_frac(doubled)} + 2/6 × 4 = {_frac(4 * doubled)}/6 + 8/6 = "
            f"{_frac(4 * doubled + 8)}/6 = **{_frac(value)}** ≈ {_f(value)}.")


def _q3_solution() -> str:
    gain, pips = _roll_last() - _stop_last(), Turn.parse(LAST_DIE).pips
    return (f"Stopping scores the {pips} placed pips plus the bonus of 5 for exactly five dice: {_stop_last()} "
            f"points.\n\nRolling expects {_frac(_roll_last())} ≈ {_f(_roll_last())} (exercise 2), so rolling gains "
            f"{_frac(_roll_last())} − {_stop_last()} = **{_frac(gain)}** ≈ {_f(gain)} points on average.")


def _q4_solution() -> str:
    return ("Four cases (yellow valid on 3 faces of 6, red on 1 face of 6):\n\n"
            "| yellow | red | probability | score |\n|---|---|---|---|\n"
            "| valid (1, 2 or 3: 2 on average) | valid (1) | 3/6 × 1/6 = 3/36 | 2 + 1 = 3 |\n"
            "| valid | too high | 3/6 × 5/6 = 15/36 | 2 on average |\n"
            "| too high | valid | 3/6 × 1/6 = 3/36 | 1 |\n"
            "| too high | too high | 3/6 × 5/6 = 15/36 | a bust: the targets 3 + 1 = 4 |\n\n"
            f"Expected score = (3×3 + 15×2 + 3×1 + 15×4)/36 = 102/36 = **{_frac(_mini_value())}** ≈ "
            f"{_f(_mini_value())}.")


def _q5_solution() -> str:
    value = _roll_last(gambler=True)
    doubled = 2 * (Turn.parse(LAST_DIE).pips + Fraction(5, 2))
    return ("As in exercise 2, but a bust now scores 0:\n\n"
            f"Expected score = 4/6 × {_frac(doubled)} + 2/6 × 0 = {_frac(4 * doubled)}/6 = **{_frac(value)}** ≈ "
            f"{_f(value)}: still more than the {_stop_last()} points of stopping, so even a gambler rolls here.")


def _better_simple_rule() -> str:
    from fifteen_kit.nasty15.studies import simple_rule_values

    values = simple_rule_values(BOARD, ())
    return max(values, key=values.__getitem__)


def _best_threshold() -> int:
    from fifteen_kit.nasty15.studies import simple_rule_values

    values = simple_rule_values(BOARD, range(0, 31))
    best = max(values, key=values.__getitem__)
    return int(best.split()[2])


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


def _simulation_verdict() -> str:
    scores = _simulated()
    gap = abs(Fraction(sum(scores), len(scores)) - policy_for(BOARD).expected_score())
    return "exactly the expected score" if gap == 0 else "close to it" if gap < 1 else "far from it"


def _easiest_of(kinds: tuple[str, ...]) -> str:
    from fifteen_kit.nasty15.studies import board_values

    values = {"".join(map(str, kind)): v for kind, v in board_values().items()}
    return max(kinds, key=values.__getitem__)


TASKS: list[Task] = [
    # -- 1 · the rulebook's examples, replayed on the board ---------------------------------------------------
    Predict("04.p1", "Luke has placed four dice worth 5 pips. He rolls his last two dice, red (target 5) and "
            "yellow (target 3): red shows 6, yellow shows 5. How many points does his turn score?", Number(),
            truth=lambda: WORKED_EXAMPLES["bust"].score),
    Why("04.w1", "Luke's bust scored more than stopping would have. Why can a bust be worth more than the dice "
        "already placed, and why is it still a bad idea to hope for one?",
        model="A bust pays the targets of the dice not placed. Luke's placed dice showed few pips (5), while the two "
              "dice left had targets 5 and 3, so the bust paid 8. But you never choose a bust: when the dice left "
              "have small targets (say only red with target 1) it pays almost nothing, and it always ends the turn.",
        points=["a bust scores the targets of the dice NOT placed, not the pips placed",
                "it beats stopping only when the pips placed are fewer than the targets left",
                "with small targets left a bust pays little, so it is no plan"]),
    Predict("04.p2", "Nina has placed five dice showing 10 pips; only green (target 3) is left. If she stops now, "
            "how many points does she score?", Number(), truth=lambda: WORKED_EXAMPLES["five dice"].score),
    Predict("04.p3", "Nina rolls on instead, and green shows 2. How many points does her turn score now?", Number(),
            truth=lambda: WORKED_EXAMPLES["six dice"].score),
    # -- 2 · discover ------------------------------------------------------------------------------------------
    Predict("04.p4", "A die with target 4 is rolled. What fraction of its rolls are valid? (a fraction like 1/2)",
            Number(), truth=lambda: p_valid(4), reveal=_valid_table),
    Predict("04.p5", "The first roll of a turn on the public board (targets 4, 3, 3, 2, 2, 1): what is the chance "
            "that NONE of the six dice is valid? (a fraction, a decimal, or a percentage like 10%)",
            Number(places=3), truth=lambda: p_bust(BOARD), reveal=_first_roll_bust),
    Why("04.w2", "To get the chance that every die is too high, we multiply the chances of each die being too high. "
        "Why multiply, and not add?",
        model="The dice do not influence each other (they are independent). Of all 6 × 6 = 36 equally likely rolls "
              "of two dice, the rolls where both are too high number (faces too high for the first) × (faces too "
              "high for the second); dividing by 36 gives the product of the two chances. Adding would count "
              "rolls where only one die is too high, and can even give more than 1.",
        points=["the dice are independent: one die's result does not change another's chances",
                "'both too high' counts pairs of faces: a times b out of 6 times 6",
                "adding chances can exceed 1 (5/6 + 4/6), which no probability can"]),
    Predict("04.p6", "Later in a turn only the red die (target 1) is left to roll. What is the chance that this roll "
            "is a bust?", Number(places=3), truth=lambda: p_bust([1]), reveal=_bust_table),
    # -- 3 · the mathematics --------------------------------------------------------------------------------------
    Predict("04.p7", "Which simple rule scores more points on average on the public board: cautious (stop after "
            "the first placement) or greedy (never stop)?", Choice(("cautious", "greedy")),
            truth=lambda: _better_simple_rule(), reveal=_rules_pair),
    Predict("04.p8", "The rule 'stop at n pips' rolls on until the placed pips reach n, then stops. Which n gives "
            "the most points on average?", Number(), truth=lambda: _best_threshold(),
            reveal=lambda: plotstyle.image(rules_bars())),
    Predict("04.p9", "With the rule 'stop at 9 pips', what percentage of turns score FEWER than 9 points?",
            Number(places=1, percent=True), truth=lambda: _share_below(9),
            reveal=lambda: plotstyle.image(distributions_bars())),
    Predict("04.p10", "The chart in the last prediction showed how well the best simple rule does. How many points "
            "on average do you think the best possible policy scores? (to the nearest whole point)", Number(places=0),
            truth=lambda: round(policy_for(BOARD).expected_score()), reveal=_optimal_reveal, unit="points"),
    Predict("04.p11", "First roll: blue 1, yellow 1 and red 1 are valid; black 4, white 6 and green 3 are too high. "
            "Which dice would best play place?", Choice(tuple(_PLACINGS.values())),
            truth=lambda: _first_roll_best(), reveal=_first_roll_reveal),
    Predict("04.p12", "In what percentage of first rolls (with a valid die) does best play keep back at least one "
            "valid die?", Number(places=1, percent=True), truth=lambda: _held_back_share(),
            reveal=_held_back_reveal),
    Predict("04.p13", "Blue 1, yellow 1, black 2 and green 2 are placed (6 pips); white (target 2) and red "
            "(target 1) are left. Stop, or roll?", Choice(("stop", "roll")), truth=lambda: _decision(DECISION),
            reveal=_decision_reveal),
    Predict("04.p14", "The computer plays 1,500 turns with best play on the public board. Its average score "
            "will be ...", Choice(("exactly the expected score", "close to it", "far from it")),
            truth=lambda: _simulation_verdict(), reveal=lambda: plotstyle.image(simulation_bars())),
    Predict("04.p15", "Which kind of board is easiest (the most points on average with best play)?",
            Choice(("651111", "333222", "432222", "433221")), truth=lambda: _easiest_of(
                ("651111", "333222", "432222", "433221")), reveal=lambda: plotstyle.image(boards_bars())),
    Predict("04.p16", "Gambler variant (a bust scores 0), the position of the decision above (6 pips placed; white "
            "and red left). Stop, or roll?", Choice(("stop", "roll")),
            truth=lambda: _decision(DECISION + " gambler"), reveal=_gambler_reveal),
    Why("04.w3", "Why does the gambler variant make stopping the best choice more often?",
        model="In the normal game a bust still pays the targets of the dice not placed, a safety net that makes "
              "rolling cheaper. In the gambler variant a bust pays 0, so every roll risks losing all the placed "
              "pips; rolling is then worth it only when the chance of a bust is small or the pips placed are few.",
        points=["a normal bust pays the targets left: rolling cannot lose everything",
                "a gambler bust pays 0: rolling risks all the pips placed",
                "so the value of rolling drops and stopping wins more often"]),
    # -- 4 · exercises -----------------------------------------------------------------------------------------------
    Exercise("04.q1", "Only yellow (target 3), white (target 2) and red (target 1) are left to roll. What is the "
             "chance of a bust? (a fraction, or a decimal with 3 decimals)", Number(places=3),
             answer=lambda: p_bust([3, 2, 1]), transfer=True,
             slips={Fraction(2): "You added the three chances (more than 1 cannot be a probability): multiply "
                                 "them, the dice are independent.",
                    Fraction(1): "You added chances; a bust needs every die too high: multiply.",
                    Fraction(13, 18): "That is the chance that at least one die is valid: a bust is the opposite.",
                    Fraction(1, 36): "That is the chance that all three are valid. A bust needs all three too high."},
             hint="A bust: every die is too high. How many faces of each die are too high? The dice are "
                  "independent: multiply.",
             solution=_q1_solution),
    Exercise("04.q2", "Five dice are placed with 9 pips; only blue (target 4) is left. If you roll it, what is "
             "your expected score (points on average)? Remember the doubling and what a bust scores. "
             "(a fraction, or 2 decimals)", Number(places=2), answer=lambda: _roll_last(), transfer=True,
             slips={Fraction(9): "You forgot to double: with all six dice placed the score is doubled.",
                    Fraction(46, 3): "A bust is not 0 here: it scores the target of the die not placed (4).",
                    Fraction(92, 6) + 4: "Weigh the bust by its chance (2 of 6 faces)."},
             hint="Split into 'blue valid' (4 faces of 6: 2.5 pips on average, then the score is doubled) and "
                  "'bust' (2 faces of 6: you score blue's target). Multiply each score by its chance and add.",
             solution=_q2_solution),
    Exercise("04.q3", "In the same position, stopping scores the placed pips plus the bonus. By how many points "
             "on average does rolling beat stopping? (a fraction, or 2 decimals)", Number(places=2),
             answer=lambda: _roll_last() - _stop_last(), transfer=True,
             slips={Fraction(23, 3): "Stopping with five dice placed earns the bonus of 5 too.",
                    Fraction(4, 3): "Use the expected score of rolling from exercise 2: a bust scores 4, not 0."},
             hint="Stop = placed pips + 5 (bonus for exactly five dice). Gain = expected score of rolling − stop.",
             solution=_q3_solution),
    Exercise("04.q4", "A made-up mini-game with only two dice: yellow (target 3) and red (target 1). The rule: roll "
             "both once, place every valid die and stop (no bonus and no doubling: the score is the placed pips); "
             "a bust scores the two targets, 3 + 1. What is the "
             "expected score? (a fraction, or 2 decimals)", Number(places=2), answer=_mini_value, transfer=True,
             slips={Fraction(37, 12): "No doubling in this mini-game: with both dice placed the score is just their "
                                      "pips.",
                    Fraction(7, 6): "You left out the bust: with both dice too high you score 3 + 1 = 4.",
                    Fraction(5, 3): "That is only the bust's share; add the pips of the valid dice.",
                    Fraction(5, 2): "That is the plain average of the four cases' scores: the cases are not equally "
                                    "likely, so weigh each score by its chance."},
             hint="List the four cases (yellow valid or not, red valid or not), the chance of each, and the score "
                  "in each; then add chance × score.",
             solution=_q4_solution),
    Exercise("04.q5", "Gambler variant (a bust scores 0): five dice placed with 9 pips, only blue (target 4) left. "
             "What is the expected score of rolling? (a fraction, or 2 decimals)", Number(places=2),
             answer=lambda: _roll_last(gambler=True), transfer=True,
             slips={Fraction(50, 3): "That is the normal game: in the gambler variant a bust scores 0.",
                    Fraction(23, 3): "Double the score when all six dice are placed."},
             hint="As exercise 2, but the bust case now scores 0.",
             solution=_q5_solution),
]
