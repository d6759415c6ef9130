"""A class's results of one lesson: per question, predictions against the truth, and the pooled experiments.

:class:`ClassResults` gathers the :class:`~fifteen_kit.results.PupilResults` of every pupil (or pair) and answers
the teacher's questions:

* :meth:`~ClassResults.questions`: per exercise, how many answered, were right at the first try, were right in
  the end, and the most common wrong answers (compared without case and extra spaces); per prediction and "why"
  question, how many answered;
* :meth:`~ClassResults.predictions`: every pupil's guess beside the kit's value;
* :meth:`~ClassResults.dice`: lesson 04's games pooled: points per board of the pupils (and of the computer,
  which plays the optimal policy) against the exact expected points per board under optimal play;
* :meth:`~ClassResults.fifteens`: lesson 05's pooled Fifteens: wins per strategy added up pair by pair, with the
  95% Wilson interval after each pair.

>>> from fifteen_kit.results import PupilResults
>>> def check(key, first, correct, wrong):
...     return {"key": key, "kind": "check", "answer": "", "tries": len(wrong) + correct, "correct": correct,
...             "first": first, "wrong": wrong}
>>> ana = PupilResults("04", "Ana", (check("04.q1", True, True, []),))
>>> ben = PupilResults("04", "Ben", (check("04.q1", False, True, ["1/3"]),))
>>> cy = PupilResults("04", "Cy", (check("04.q1", False, False, ["1/3 ", "2"]),))
>>> q = ClassResults([ana, ben, cy]).questions()[0]
>>> q.answered, q.right_first, q.right_end, q.wrong, q.different
(3, 1, 2, (('1/3', 2), ('2', 1)), 2)
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from . import _check
from .errors import InvalidArgumentError
from .results import PupilResults

__all__ = ["MIN_GAMES", "Z95", "ClassResults", "DicePool", "Guesses", "PoolStep", "Question", "StrategyPool",
           "exact_board_score", "t_interval"]

#: The normal quantile of a 95% interval.
Z95 = 1.959963984540054
#: The fewest games whose spread gives the dice pool an interval of its mean (with fewer, none is drawn).
MIN_GAMES = 5
_MOST_WRONG = 3  # wrong answers listed per question, when some were given more than once
_ALL_WRONG = 12  # wrong answers listed when each was given once
_MAX_PUPILS = 500


@dataclass(frozen=True)
class Question:
    """One task of the lesson across the class.

    ``kind`` is the records' kind (``"check"``, ``"prediction"``, ``"why"`` or ``"player"``); ``answered`` counts
    the pupils with a record of it.  For an exercise (``"check"``): ``right_first`` and ``right_end`` count the
    pupils right at the first try and right in the end, ``wrong`` holds the most common wrong answers (each with
    how many pupils gave it; compared in lower case without extra spaces): at most 3, but when each was given by
    one pupil alone all of them up to 12, and ``different`` counts the different wrong answers.  For the other
    kinds these are ``None``, ``None``, ``()`` and 0.
    """

    key: str
    kind: str
    answered: int
    right_first: int | None
    right_end: int | None
    wrong: tuple[tuple[str, int], ...]
    different: int = 0


@dataclass(frozen=True)
class Guesses:
    """A prediction across the class: the kit's value as shown (``truth``, ``""`` if no record holds it) and
    each pupil's guess as ``(pupil, guess)`` pairs in the class's order."""

    key: str
    truth: str
    guesses: tuple[tuple[str, str], ...]

    def numbers(self) -> tuple[float | None, list[float]]:
        """The truth and the guesses as numbers (``"12.5"``, ``"5/6"``, ``"40%"``); guesses that are not numbers
        are left out, and a truth that is not one is None.

        >>> Guesses("04.p1", "5/6", (("A", "0.8"), ("B", "no idea"), ("C", "80%"))).numbers()
        (0.8333333333333334, [0.8, 0.8])
        """
        return _as_number(self.truth), [n for _, g in self.guesses if (n := _as_number(g)) is not None]


@dataclass(frozen=True)
class DicePool:
    """Lesson 04's dice games pooled, in points per board (a game's total divided by the boards it played).

    ``pupils`` and ``computer`` hold each game's points per board as ``(pupil, points)`` in the class's order, and
    ``boards`` the boards each game played; ``running`` the pupils' mean after each game is added; ``mean`` and
    ``computer_mean`` the two means (the computer plays the optimal policy); ``interval`` and
    ``computer_interval`` the 95% intervals of those means (Student's t from the games' spread, each game one
    measurement: :func:`t_interval`), ``None`` with fewer than :data:`MIN_GAMES` games, where a spread measured on
    so few games says little; ``exact`` the expected points per board under optimal play (:func:`exact_board_score`).
    """

    pupils: tuple[tuple[str, float], ...]
    computer: tuple[tuple[str, float], ...]
    running: tuple[float, ...]
    mean: float | None
    interval: tuple[float, float] | None
    computer_mean: float | None
    exact: Fraction
    boards: tuple[int, ...] = ()
    computer_interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class PoolStep:
    """The pooled count after one more pair is added: the pair, the wins and deals so far, and the 95% Wilson
    interval ``low``..``high`` of the win rate so far."""

    pupil: str
    wins: int
    deals: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """The pooled win rate so far (wins / deals)."""
        return self.wins / self.deals


@dataclass(frozen=True)
class StrategyPool:
    """One Fifteens strategy's games pooled over the class: one :class:`PoolStep` per record, in the class's
    order (the last step is the whole class)."""

    strategy: str
    steps: tuple[PoolStep, ...]


@cache
def exact_board_score() -> Fraction:
    """The expected points of one board under optimal play, the board drawn at random from the kit's 15.

    A game draws its boards at random from :func:`~fifteen_kit.nasty15.default_boards`, each board as likely as
    any other, so a game's points per board average to this; it is the mean of the optimal policy's expected
    score (:meth:`~fifteen_kit.nasty15.OptimalPolicy.expected_score`) over the 15 base sides.

    >>> round(float(exact_board_score()), 2)
    12.44
    """
    from .nasty15 import default_boards, policy_for
    values = [policy_for(base).expected_score() for base, _ in default_boards()]
    return sum(values, Fraction(0)) / len(values)


def _t_central(t: float, df: int) -> float:
    # P(|T| <= t) for Student's t with a whole number df of degrees of freedom, in closed form (the finite
    # trigonometric sums of Abramowitz and Stegun 26.7.3 and 26.7.4): the engine needs no library for it
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        term, total = math.cos(theta), math.cos(theta) if df > 1 else 0.0
        for k in range(3, df, 2):  # the odd terms: 2/3 cos^3, 2*4/(3*5) cos^5, ...
            term *= c2 * (k - 1) / k
            total += term
        return 2 / math.pi * (theta + s * total)
    term = total = 1.0
    for k in range(2, df, 2):  # the even terms: 1/2 cos^2, 1*3/(2*4) cos^4, ...
        term *= c2 * (k - 1) / k
        total += term
    return s * total


@cache
def _t95(df: int) -> float:
    # Student's t quantile of 0.975: the t with P(|T| <= t) = 0.95, by bisection (to about 1e-12)
    low, high = 0.0, 1000.0
    for _ in range(80):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_central(middle, df) < 0.95 else (low, middle)
    return (low + high) / 2


def t_interval(values: Iterable[float]) -> tuple[float, float] | None:
    """The 95% interval of the mean of ``values`` (each one measurement, such as one game's points per board):
    the mean plus or minus Student's t quantile times the standard error, or None for fewer than
    :data:`MIN_GAMES` values.

    With few values the t quantile is large (4.30 for 3 values, 2.78 for 5), so the interval is honest about how
    little a small sample can say.  Raises InvalidArgumentError for values that are not finite numbers.

    >>> [round(x, 3) for x in t_interval([10, 12, 14, 11, 13])]
    [10.037, 13.963]
    >>> t_interval([10, 12]) is None
    True
    """
    given = _check.items(values, 10**6, "the values")
    numbers = []
    for i, value in enumerate(given, start=1):
        number = _check.finite(value) if not isinstance(value, bool) else None
        if number is None:
            raise InvalidArgumentError(f"value {i} must be a finite number", input=value)
        numbers.append(number)
    if len(numbers) < MIN_GAMES:
        return None
    mean = statistics.fmean(numbers)
    half = _t95(len(numbers) - 1) * statistics.stdev(numbers) / math.sqrt(len(numbers))
    return mean - half, mean + half


def _as_number(text: str) -> float | None:
    tidy = text.strip().replace(",", ".").replace(" ", "")
    percent = tidy.endswith("%")
    tidy = tidy.removesuffix("%")
    try:
        if re.fullmatch(r"-?\d+/\d+", tidy):
            top, bottom = tidy.split("/")
            value = int(top) / int(bottom)
        elif re.fullmatch(r"-?(\d+\.?\d*|\.\d+)", tidy):
            value = float(tidy)
        else:
            return None
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    value = value / 100 if percent else value
    return value if math.isfinite(value) else None


def _tidy(text: str) -> str:
    return " ".join(text.split()).lower()


def _order(key: str) -> tuple[Any, ...]:
    # tasks by kind (predictions, exercises, why questions) and number, then any other key by name
    match = re.fullmatch(r"\d\d\.([pqw])(\d+)", key)
    return (0, "pqw".index(match.group(1)), int(match.group(2)), "") if match else (1, 0, 0, key)


class ClassResults:
    """The results of one lesson's class: every pupil's (or pair's) :class:`~fifteen_kit.results.PupilResults`.

    Args:
        pupils: the pupils' results, all of the same lesson and each pupil once (at most 500).

    Raises InvalidArgumentError for something that is not a PupilResults, a second lesson, or a pupil given twice
    (each named by its position, from 1).

    >>> from fifteen_kit.results import PupilResults
    >>> ClassResults([PupilResults("05", "pair 1", ()), PupilResults("05", "pair 2", ())]).names()
    ('pair 1', 'pair 2')
    """

    def __init__(self, pupils: Iterable[PupilResults]) -> None:
        given = _check.items(pupils, _MAX_PUPILS, "the pupils' results")
        seen: set[str] = set()
        for i, pupil in enumerate(given, start=1):
            if not isinstance(pupil, PupilResults):
                raise InvalidArgumentError(f"pupil {i} must be a PupilResults", input=pupil)
            if pupil.lesson != given[0].lesson:
                raise InvalidArgumentError(f"pupil {i} ({pupil.pupil}) has results of lesson {pupil.lesson}, "
                                           f"not of lesson {given[0].lesson}", input=pupil.lesson)
            if pupil.pupil in seen:
                raise InvalidArgumentError(f"pupil {i} ({pupil.pupil}) is given twice", input=pupil.pupil)
            seen.add(pupil.pupil)
        self.pupils: tuple[PupilResults, ...] = tuple(given)

    def __repr__(self) -> str:
        return f"ClassResults(lesson {self.lesson}, {len(self.pupils)} pupils)"

    @property
    def lesson(self) -> str | None:
        """The lesson's two digits (None for an empty class)."""
        return self.pupils[0].lesson if self.pupils else None

    def names(self) -> tuple[str, ...]:
        """The pupils' names, in the class's order."""
        return tuple(p.pupil for p in self.pupils)

    def _records(self, kind: str) -> dict[str, list[tuple[str, dict[str, Any]]]]:
        found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for pupil in self.pupils:
            for record in pupil.records:
                if record["kind"] == kind:
                    found.setdefault(record["key"], []).append((pupil.pupil, record))
        return {key: found[key] for key in sorted(found, key=_order)}

    def questions(self) -> list[Question]:
        """One :class:`Question` per task any pupil answered: predictions, exercises, why questions and players
        handed in (kind ``"player"``: only ``answered`` counts), each by number.

        >>> from fifteen_kit.results import PupilResults
        >>> ClassResults([PupilResults("04", "A", ({"key": "04.w1", "kind": "why", "answer": "..."},))]).questions()
        [Question(key='04.w1', kind='why', answered=1, right_first=None, right_end=None, wrong=(), different=0)]
        """
        out = []
        for kind in ("prediction", "check", "why", "player"):
            for key, records in self._records(kind).items():
                if kind != "check":
                    out.append(Question(key, kind, len(records), None, None, ()))
                    continue
                wrong: Counter[str] = Counter()
                for _, record in records:
                    wrong.update({_tidy(w) for w in record["wrong"] if w.strip()})
                listed = _ALL_WRONG if all(n == 1 for n in wrong.values()) else _MOST_WRONG
                common = tuple(sorted(wrong.items(), key=lambda item: (-item[1], item[0]))[:listed])
                out.append(Question(key, kind, len(records), sum(r["first"] for _, r in records),
                                    sum(r["correct"] for _, r in records), common, len(wrong)))
        return sorted(out, key=lambda q: _order(q.key))

    def predictions(self, truths: Mapping[str, str] | None = None) -> list[Guesses]:
        """Every prediction's guesses beside the kit's value.

        The value comes from ``truths`` (key -> the value as the lesson shows it, computed by the kit), else it is
        ``""``: never from a pupil's record, which anyone can edit.  Raises InvalidArgumentError for ``truths``
        that is not a mapping of texts.

        >>> from fifteen_kit.results import PupilResults
        >>> a = PupilResults("04", "A", ({"key": "04.p1", "kind": "prediction", "answer": "10", "truth": "99"},))
        >>> ClassResults([a]).predictions({"04.p1": "8"})
        [Guesses(key='04.p1', truth='8', guesses=(('A', '10'),))]
        """
        if truths is None:
            truths = {}
        if not isinstance(truths, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                      for k, v in truths.items()):
            raise InvalidArgumentError("truths must map task keys to texts", input=truths)
        return [Guesses(key, truths.get(key, ""), tuple((name, r["answer"]) for name, r in records))
                for key, records in self._records("prediction").items()]

    def dice(self) -> DicePool:
        """The class's dice games (game records of the ``"dice"`` game) pooled in points per board.

        >>> from fifteen_kit.results import PupilResults
        >>> def game(name, score, computer):
        ...     return PupilResults("04", name, ({"key": "04.game", "kind": "game", "game": "dice", "seed": 1,
        ...                                       "boards": 10, "score": score, "computer": computer,
        ...                                       "policy": None},))
        >>> pool = ClassResults([game("A", 110, 130), game("B", 130, 120)]).dice()
        >>> pool.pupils, pool.running, pool.computer_mean, pool.boards, round(float(pool.exact), 2)
        ((('A', 11.0), ('B', 13.0)), (11.0, 12.0), 12.5, (10, 10), 12.44)
        >>> pool.interval is None  # two games: too few for an interval
        True
        """
        pupils: list[tuple[str, float]] = []
        computer: list[tuple[str, float]] = []
        boards: list[int] = []
        for pupil in self.pupils:
            for record in pupil.records:
                if record["kind"] == "game" and record["game"] == "dice":
                    pupils.append((pupil.pupil, record["score"] / record["boards"]))
                    computer.append((pupil.pupil, record["computer"] / record["boards"]))
                    boards.append(record["boards"])
        values = [v for _, v in pupils]
        running = tuple(statistics.fmean(values[:i]) for i in range(1, len(values) + 1))
        mean = running[-1] if running else None
        computer_mean = statistics.fmean(v for _, v in computer) if computer else None
        return DicePool(tuple(pupils), tuple(computer), running, mean, t_interval(values), computer_mean,
                        exact_board_score(), tuple(boards), t_interval([v for _, v in computer]))

    def fifteens(self) -> list[StrategyPool]:
        """The class's Fifteens experiments (game records of the ``"fifteens"`` game) pooled per strategy, in the
        order the strategies first appear.

        A deal a pupil played by hand (strategy ``"pupil"``) is left out: every pair plays the lesson's same deal,
        so those records are one deal seen many times, not a sample to pool.

        >>> from fifteen_kit.results import PupilResults
        >>> def pool(name, wins):
        ...     return PupilResults("05", name, ({"key": "05.pool", "kind": "game", "game": "fifteens", "seed": 1,
        ...                                       "strategy": "fewest", "deals": 20, "wins": wins},))
        >>> [(s.wins, s.deals, round(s.low, 3), round(s.high, 3))
        ...  for s in ClassResults([pool("pair 1", 12), pool("pair 2", 9)]).fifteens()[0].steps]
        [(12, 20, 0.387, 0.781), (21, 40, 0.375, 0.671)]
        """
        from .fifteens.strategies import wilson_interval
        from .results import HAND_PLAYED
        totals: dict[str, list[PoolStep]] = {}
        for pupil in self.pupils:
            for record in pupil.records:
                if record["kind"] == "game" and record["game"] == "fifteens" and record["strategy"] != HAND_PLAYED:
                    steps = totals.setdefault(record["strategy"], [])
                    wins = (steps[-1].wins if steps else 0) + record["wins"]
                    deals = (steps[-1].deals if steps else 0) + record["deals"]
                    steps.append(PoolStep(pupil.pupil, wins, deals, *wilson_interval(wins, deals, Z95)))
        return [StrategyPool(name, tuple(steps)) for name, steps in totals.items()]
