"""Self-check exercises for the lessons: a question, an answer box, a Check button, feedback.

The expected answer is always computed by the kit in the lesson, never typed in.

>>> q = SelfCheck.number("How many sets of three digits sum to 15?", 8)
>>> q.answer.value = "7"; q.check_button.click(); q.feedback.value
'✘ Not yet. Try again.'
>>> q.answer.value = " 8 "; q.check_button.click(); q.feedback.value
'✔ Correct!'
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from html import escape

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError

__all__ = ["MAX_ANSWER", "MAX_QUESTION", "SelfCheck"]

#: The longest answer that is read (characters); a longer one is refused with a message before it is parsed,
#: so no typed text (a million digits, ``1e999999``) can hold up the kernel.
MAX_ANSWER = 100
#: The longest question, hint or placeholder accepted (characters).
MAX_QUESTION = 2_000
# a fraction 'p/q' or a decimal with an optional exponent of at most three digits (ASCII digits only)
_FRACTION = re.compile(r"[+-]?(\d+/\d+|(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?)", re.ASCII)


class SelfCheck(w.VBox):
    """A question with an answer box; ``judge(text) -> (correct, feedback)`` decides.

    Args:
        question: the question, as plain text.
        judge: called with the typed answer; returns whether it is right and what to say.
        placeholder: grey text in the empty answer box.
        hint: shown after a wrong answer (optional).

    Answers longer than :data:`MAX_ANSWER` characters are refused with a message and never reach ``judge``.

    Raises InvalidArgumentError if ``judge`` is not callable, or the question (not empty), placeholder or hint
    is not text of at most 2,000 characters.

    >>> SelfCheck("Say yes", lambda text: (text == "yes", "")).judge("yes")
    (True, '')
    """

    def __init__(self, question: str, judge: Callable[[str], tuple[bool, str]], placeholder: str = "your answer",
                 hint: str = "") -> None:
        _check.text(question, MAX_QUESTION, "the question", empty=False)
        if not callable(judge):
            raise InvalidArgumentError("judge must be a function of the answer text", input=judge)
        _check.text(placeholder, MAX_QUESTION, "the placeholder")
        _check.text(hint, MAX_QUESTION, "the hint")
        self.question = question
        self.judge = judge
        self.hint = hint
        self.answer = w.Text(placeholder=placeholder, layout=w.Layout(width="220px"), continuous_update=False)
        self.check_button = w.Button(description="Check", icon="check", tooltip="Check your answer")
        self.feedback = w.HTML()
        self.check_button.on_click(self._clicked)
        super().__init__([w.HTML(f"<b>{escape(question)}</b>"), w.HBox([self.answer, self.check_button]),
                          self.feedback])

    def check(self) -> bool:
        """Judge the typed answer, show the feedback, and return whether it was right.

        An empty answer or one longer than :data:`MAX_ANSWER` characters gets a message instead.  A ``judge``
        that does not answer ``(True or False, text)`` is a broken exercise: the feedback says so and
        InvalidArgumentError is raised.
        """
        text = self.answer.value
        if not isinstance(text, str) or not text.strip():
            self.feedback.value = "Type an answer first."
            return False
        if len(text) > MAX_ANSWER:
            self.feedback.value = f"That answer is too long: at most {MAX_ANSWER} characters, please."
            return False
        try:
            verdict = self.judge(text)
        except Exception as exc:  # the exercise's own code failed: say so on screen, then name it
            self.feedback.value = "This exercise's checker is broken: tell your teacher."
            raise InvalidArgumentError(f"the judge failed on this answer ({type(exc).__name__}: {exc})",
                                       input=text) from exc
        if (not isinstance(verdict, tuple) or len(verdict) != 2 or not isinstance(verdict[0], bool)
                or not isinstance(verdict[1], str)):
            self.feedback.value = "This exercise's checker is broken: tell your teacher."
            raise InvalidArgumentError("judge must return (True or False, feedback text)", input=verdict)
        correct, note = verdict
        if correct:
            self.feedback.value = "✔ " + escape(note or "Correct!")
        else:
            extra = f" Hint: {self.hint}" if self.hint else ""
            self.feedback.value = "✘ " + escape((note or "Not yet. Try again.") + extra)
        return correct

    def _clicked(self, _button: object) -> None:
        # the Check button: a broken checker is already reported on screen, so nothing is left in a log
        with contextlib.suppress(FifteenKitError):
            self.check()

    def __repr__(self) -> str:
        return f"SelfCheck({self.question!r})"

    @classmethod
    def number(cls, question: str, expected: int, hint: str = "") -> SelfCheck:
        """A question whose answer is one whole number (``expected``: an int, not a bool).

        The answer may use ``,`` or ``_`` between digits; only ASCII digits count.  Raises
        InvalidArgumentError for an ``expected`` that is not a whole number (it could never be matched).

        >>> SelfCheck.number("2 + 2?", 4).judge("4")
        (True, 'Correct!')
        """
        if not _check.is_whole(expected):
            raise InvalidArgumentError("the expected answer must be a whole number (an int)", input=expected)

        def judge(text: str) -> tuple[bool, str]:
            digits = text.strip().replace(",", "").replace("_", "")
            if len(digits) > MAX_ANSWER or not re.fullmatch(r"[+-]?\d+", digits, re.ASCII):
                return False, "Please type a whole number."
            value = int(digits)
            return (True, "Correct!") if value == expected else (False, "Not yet. Try again.")

        return cls(question, judge, placeholder="a whole number", hint=hint)

    @classmethod
    def digits(cls, question: str, expected: Iterable[int], hint: str = "") -> SelfCheck:
        """A question whose answer is a set of digits, typed like ``2 4 6 8`` (any order).

        >>> SelfCheck.digits("Even digits?", [2, 4, 6, 8]).judge("8, 6 4 2")
        (True, 'Correct!')

        Raises InvalidArgumentError unless ``expected`` is a collection of 1 to 10 digits 0..9.
        """
        digits = _check.items(expected, 10, "the expected digits")
        target = frozenset(_check.whole(d, 0, 9, "an expected digit") for d in digits)
        if not target:
            raise InvalidArgumentError("the expected answer needs at least one digit", input=expected)

        def judge(text: str) -> tuple[bool, str]:
            parts = text.replace(",", " ").replace("+", " ").split()
            if not parts or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
                return False, "Type digits separated by spaces, e.g. 2 4 6."
            got = frozenset(int(p) for p in parts)
            if got == target:
                return True, "Correct!"
            if got < target:
                return False, "Right so far, but some are missing."
            return False, "Not yet. Try again."

        return cls(question, judge, placeholder="digits, e.g. 2 4 6", hint=hint)

    @classmethod
    def fraction(cls, question: str, expected: Fraction | int | float, hint: str = "", places: int = 3) -> SelfCheck:
        """A question whose answer is a number: an exact fraction like ``5/162`` or a decimal to ``places`` places.

        >>> q = SelfCheck.fraction("P(bust)?", Fraction(5, 162))
        >>> q.judge("5/162")[0], q.judge("0.031")[0], q.judge("0.05")[0]
        (True, True, False)

        ``expected`` is a Fraction, an int or a finite float (taken exactly); ``places`` is 0..12.  Typed
        decimals may carry an exponent of at most three digits (``1e999999`` is refused unread).
        Raises InvalidArgumentError otherwise, when the exercise is made (not later, inside a click).
        """
        if not (_check.is_whole(expected) or isinstance(expected, (Fraction, float))):
            raise InvalidArgumentError("the expected answer must be a Fraction, an int or a float", input=expected)
        if isinstance(expected, float) and not math.isfinite(expected):
            raise InvalidArgumentError("the expected answer must be a finite number", input=expected)
        _check.whole(places, 0, 12, "places (decimal places)")
        target = Fraction(expected)

        def judge(text: str) -> tuple[bool, str]:
            compact = text.strip().replace(" ", "")
            if len(compact) > MAX_ANSWER or not _FRACTION.fullmatch(compact):
                return False, "Type a fraction like 1/6 or a decimal like 0.167."
            try:
                value = Fraction(compact)
            except (ValueError, ZeroDivisionError):
                return False, "Type a fraction like 1/6 or a decimal like 0.167."
            if value == target:
                return True, "Correct, exactly!"
            if "/" not in text and abs(value - target) <= Fraction(1, 2 * 10**places):
                return True, f"Correct (exactly {target})."
            return False, "Not yet. Try again."

        return cls(question, judge, placeholder="e.g. 1/6 or 0.167", hint=hint)
