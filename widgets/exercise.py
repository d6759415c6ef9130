"""Self-check exercises for the lessons: a question, an answer box, a Check button, feedback.

The expected answer is always computed by the kit in the lesson, never typed in.

>>> q = SelfCheck.number("How many sets of three digits sum to 15?", 8)
>>> q.answer.value = "7"; q.check_button.click(); q.feedback.value
'✘ Not yet. Try again.'
>>> q.answer.value = " 8 "; q.check_button.click(); q.feedback.value
'✔ Correct!'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from html import escape

import ipywidgets as w

from fifteen_kit.errors import InvalidArgumentError

__all__ = ["SelfCheck"]


class SelfCheck(w.VBox):
    """A question with an answer box; ``judge(text) -> (correct, feedback)`` decides.

    Args:
        question: the question, as plain text.
        judge: called with the typed answer; returns whether it is right and what to say.
        placeholder: grey text in the empty answer box.
        hint: shown after a wrong answer (optional).

    Raises InvalidArgumentError if ``judge`` is not callable.
    """

    def __init__(self, question: str, judge: Callable[[str], tuple[bool, str]], placeholder: str = "your answer",
                 hint: str = "") -> None:
        if not callable(judge):
            raise InvalidArgumentError("judge must be a function of the answer text", input=judge)
        self.question = question
        self.judge = judge
        self.hint = hint
        self.answer = w.Text(placeholder=placeholder, layout=w.Layout(width="220px"), continuous_update=False)
        self.check_button = w.Button(description="Check", icon="check", tooltip="Check your answer")
        self.feedback = w.HTML()
        self.check_button.on_click(lambda _b: self.check())
        super().__init__([w.HTML(f"<b>{escape(question)}</b>"), w.HBox([self.answer, self.check_button]),
                          self.feedback])

    def check(self) -> bool:
        """Judge the typed answer, show the feedback, and return whether it was right."""
        text = self.answer.value
        if not text.strip():
            self.feedback.value = "Type an answer first."
            return False
        correct, note = self.judge(text)
        if correct:
            self.feedback.value = "✔ " + escape(note or "Correct!")
        else:
            extra = f" Hint: {self.hint}" if self.hint else ""
            self.feedback.value = "✘ " + escape((note or "Not yet. Try again.") + extra)
        return correct

    def __repr__(self) -> str:
        return f"SelfCheck({self.question!r})"

    @classmethod
    def number(cls, question: str, expected: int, hint: str = "") -> SelfCheck:
        """A question whose answer is one whole number.

        >>> SelfCheck.number("2 + 2?", 4).judge("4")
        (True, 'Correct!')
        """

        def judge(text: str) -> tuple[bool, str]:
            try:
                value = int(text.strip().replace(",", "").replace("_", ""))
            except ValueError:
                return False, "Please type a whole number."
            return (True, "Correct!") if value == expected else (False, "Not yet. Try again.")

        return cls(question, judge, placeholder="a whole number", hint=hint)

    @classmethod
    def digits(cls, question: str, expected: Iterable[int], hint: str = "") -> SelfCheck:
        """A question whose answer is a set of digits, typed like ``2 4 6 8`` (any order).

        >>> SelfCheck.digits("Even digits?", [2, 4, 6, 8]).judge("8, 6 4 2")
        (True, 'Correct!')
        """
        target = frozenset(expected)

        def judge(text: str) -> tuple[bool, str]:
            parts = text.replace(",", " ").replace("+", " ").split()
            if not parts or not all(p.isascii() and p.isdigit() for p in parts):
                return False, "Type digits separated by spaces, e.g. 2 4 6."
            got = frozenset(int(p) for p in parts)
            if got == target:
                return True, "Correct!"
            if got < target:
                return False, "Right so far, but some are missing."
            return False, "Not yet. Try again."

        return cls(question, judge, placeholder="digits, e.g. 2 4 6", hint=hint)

    @classmethod
    def fraction(cls, question: str, expected: Fraction, hint: str = "", places: int = 3) -> SelfCheck:
        """A question whose answer is a number: an exact fraction like ``5/162`` or a decimal to ``places`` places.

        >>> q = SelfCheck.fraction("P(bust)?", Fraction(5, 162))
        >>> q.judge("5/162")[0], q.judge("0.031")[0], q.judge("0.05")[0]
        (True, True, False)
        """
        target = Fraction(expected)

        def judge(text: str) -> tuple[bool, str]:
            try:
                value = Fraction(text.strip().replace(" ", ""))
            except (ValueError, ZeroDivisionError):
                return False, "Type a fraction like 1/6 or a decimal like 0.167."
            if value == target:
                return True, "Correct, exactly!"
            if "/" not in text and abs(value - target) <= Fraction(1, 2 * 10**places):
                return True, f"Correct (exactly {target})."
            return False, "Not yet. Try again."

        return cls(question, judge, placeholder="e.g. 1/6 or 0.167", hint=hint)
