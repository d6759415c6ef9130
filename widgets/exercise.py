"""Lesson questions as widgets: checked answers, predictions, and "why" questions.

* :class:`SelfCheck` -- an answer box judged fairly by a form from :mod:`fifteen_kit.answers`, with targeted
  messages for likely slips, a hint after the first wrong try and a worked solution after the second.
* :class:`Prediction` -- the pupil commits a guess; only then is the truth revealed, beside the guess.  A guess is
  never marked wrong.
* :class:`WhyQuestion` -- the pupil writes a sentence or two, then compares it with a model answer and key points.

Every answer is kept with the notebook: each question shows, below itself, a small record of the last answer,
which the notebook saves like any output; a fresh kernel reads the saved notebook and fills the answer back in
(the one recording mechanism of :mod:`fifteen_kit.widgets.results`, which the boards use too).
The expected answers come from the kit (see :mod:`fifteen_kit.widgets.workbook`), never typed into a lesson.

>>> q = SelfCheck.number("How many sets of three digits sum to 15?", 8)
>>> q.answer.value = "7"; q.check_button.click(); q.feedback.value
'✘ Not yet. Check your working and try again.'
>>> q.answer.value = " 8. "; q.check_button.click(); q.feedback.value
'✔ Correct!'
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.answers import MAX_ANSWER, Choice, DigitSet, Form, Number, Verdict
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError

from .results import Recorded, Recorder
from .style import style_sheet

__all__ = [
    "MAX_QUESTION",
    "MAX_WRITTEN",
    "MAX_WRONG",
    "TRIES_BEFORE_SOLUTION",
    "Prediction",
    "SelfCheck",
    "WhyQuestion",
    "inline_markdown",
]

#: The longest question, hint, solution or placeholder accepted (characters).
MAX_QUESTION = 4_000
#: The longest written "why" answer kept (characters; a results file keeps as many).
MAX_WRITTEN = 600
#: Wrong tries after which the worked solution can be opened.
TRIES_BEFORE_SOLUTION = 2
#: The wrong answers kept in a question's record (the first ones typed).
MAX_WRONG = 5

_Text = str | Callable[[], str]

def _text(value: _Text, what: str) -> str:
    text = value() if callable(value) else value
    return _check.text(text, MAX_QUESTION, what)


class _Question(Recorded, w.VBox):
    """What the three kinds share: a bold question, a key, and the record kept with the notebook."""

    kind = "question"

    def __init__(self, question: _Text, key: str | None, children: list[w.Widget]) -> None:
        self.question = _text(question, "the question")
        if not self.question.strip():
            raise InvalidArgumentError("the question must not be empty", input=question)
        if key is not None:
            _check.text(key, 80, "the question key", empty=False)
        self.key = key
        self.recorder = Recorder(key, self.kind) if key is not None else None
        title = w.HTML(f"<b>{escape(self.question)}</b>")
        title.add_class("kit-question-text")
        super().__init__([style_sheet(), title, *children])
        self.add_class("kit-question")

    def _record(self, **values: Any) -> None:
        # remember the answer in this kernel and in the notebook (the record output below the question)
        if self.recorder is not None:
            self.recorder.write(**values)

    def _restore(self) -> dict[str, Any] | None:
        return self.recorder.saved() if self.recorder is not None else None


_INLINE = ((re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), r"<b>\1</b>"),
           (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"), r"<i>\1</i>"),
           (re.compile(r"`([^`]+)`"), r"<code>\1</code>"))


def inline_markdown(text: str) -> str:
    """``text`` (one paragraph of Markdown) as safe HTML: escaped first, then ``**bold**``, ``*italic*`` and
    ```code``` (the Markdown a model answer, key point or hint uses); a line break stays a line break.

    Raises InvalidArgumentError unless ``text`` is text.

    >>> inline_markdown("It is *not* a <b>tag</b>: **4** of 8.")
    'It is <i>not</i> a &lt;b&gt;tag&lt;/b&gt;: <b>4</b> of 8.'
    """
    html = escape(_check.text(text, 10**6, "the text"))
    for pattern, replacement in _INLINE:
        html = pattern.sub(replacement, html)
    return html.replace("\n", "<br>")


def _markdown_output(text: str) -> w.Output:
    from IPython.display import Markdown, display

    out = w.Output()
    with out:
        display(Markdown(text))
    return out


class SelfCheck(_Question):
    """A question with an answer box, judged by a form from :mod:`fifteen_kit.answers`.

    Args:
        question: the question, as plain text (or a function returning it).
        form: how the answer is written and judged (a :class:`~fifteen_kit.answers.Form`), or a function
            ``judge(text) -> (correct, feedback)`` for an answer no form covers.
        expected: the kit's answer (ignored when ``form`` is a function).
        key: the question's name in its lesson (``"04.q2"``); with a key the answer is kept with the notebook.
        hint: shown after the first wrong try.
        slips: likely wrong answers (in the form's own type) and what to say about each.
        solution: the worked solution in Markdown, offered after :data:`TRIES_BEFORE_SOLUTION` wrong tries.

    Raises InvalidArgumentError if the question is empty, a text is over :data:`MAX_QUESTION` characters, the
    form is neither a Form nor a function, or ``expected`` or a slip cannot be an answer in the form.

    >>> q = SelfCheck("P(bust) with one die at target 4?", Number(places=3), Fraction(1, 3),
    ...               slips={Fraction(2, 3): "That is the chance the die is valid."})
    >>> q.judge("2/3"), q.judge("0.333")
    ((False, 'That is the chance the die is valid.'), (True, 'Correct!'))
    """

    kind = "check"

    def __init__(self, question: _Text, form: Form | Callable[[str], tuple[bool, str]], expected: Any = None, *,
                 key: str | None = None, hint: _Text = "", slips: Mapping[Any, str] | None = None,
                 solution: _Text = "", placeholder: str = "") -> None:
        if isinstance(form, Form):
            self.form: Form | None = form
            self.expected = form.expect(expected)
            if slips is not None and not isinstance(slips, Mapping):
                raise InvalidArgumentError("slips must be a mapping of wrong answers to messages", input=slips)
            self.slips = dict(slips or {})
            for slip, message in self.slips.items():
                form.expect(slip)
                _check.text(message, MAX_QUESTION, "a slip's message", empty=False)
        elif callable(form):
            self.form, self.expected, self.slips = None, None, {}
            self._judge = form
        else:
            raise InvalidArgumentError("form must be an answer form or a judge function", input=form)
        self.hint = _text(hint, "the hint")
        self._solution = solution
        _text(solution, "the solution") if not callable(solution) else None
        self.tries = 0  # wrong tries (they open the hint and the worked solution)
        self.attempts = 0  # every counted try, right or wrong (an unreadable or too coarse answer is not one)
        self.first: bool | None = None  # right at the first counted try (None before one)
        self.wrong: list[str] = []  # the first few wrong answers typed, in order
        self.solved: str | None = None  # the right answer once given: a later wrong try does not replace it
        _check.text(placeholder, MAX_QUESTION, "the placeholder")
        holder = placeholder or (self.form.placeholder if self.form else "your answer")
        self.answer = w.Text(placeholder=holder, continuous_update=False, layout=w.Layout(width="260px"))
        self.choices: w.ToggleButtons | None = None
        if isinstance(self.form, Choice):
            self.choices = w.ToggleButtons(options=list(self.form.options), value=None)
            self.choices.observe(lambda change: setattr(self.answer, "value", change["new"] or ""), "value")
        self.answer.add_class("kit-answer")
        self.check_button = w.Button(description="Check", icon="check", tooltip="Check your answer")
        self.solution_button = w.Button(description="Show worked solution", icon="book",
                                        layout=w.Layout(display="none", width="auto", align_self="flex-start"),
                                        tooltip=f"Opens after {TRIES_BEFORE_SOLUTION} tries")
        self.feedback = w.HTML()
        self.feedback.add_class("kit-feedback")
        self.solution_box = w.VBox([])
        self.check_button.on_click(self._clicked)
        self.solution_button.on_click(lambda _b: self.show_solution())
        row = [self.choices] if self.choices is not None else [self.answer]
        super().__init__(question, key, [w.HBox([*row, self.check_button], layout=w.Layout(flex_flow="row wrap")),
                                         self.feedback, self.solution_button, self.solution_box])
        if self.choices is not None:
            self.answer.layout.display = "none"
        saved = self._restore()
        if saved and isinstance(saved.get("answer"), str):
            wrong = saved.get("wrong")
            attempts = saved.get("tries", 0)
            attempts = attempts if isinstance(attempts, int) and not isinstance(attempts, bool) and attempts >= 0 \
                else 0
            if isinstance(wrong, list) and all(isinstance(t, str) for t in wrong):
                self.wrong = [t[:MAX_ANSWER] for t in wrong[:MAX_WRONG]]
                self.tries = max(len(self.wrong), attempts - (1 if saved.get("correct") is True else 0))
            else:  # a record from before the wrong answers were kept: "tries" counted the wrong ones
                self.tries = attempts
            self.attempts = attempts
            self.first = saved.get("first") if isinstance(saved.get("first"), bool) else None
            self.answer.value = saved["answer"][:MAX_ANSWER]
            if saved.get("correct") is True:
                self.solved = self.answer.value
            if self.choices is not None and saved["answer"] in self.choices.options:
                self.choices.value = saved["answer"]
            self._show(self.judge(self.answer.value))

    def judge(self, text: str) -> tuple[bool, str]:
        """``(correct, message)`` for the typed ``text`` (no tries are counted and nothing is shown)."""
        _check.text(text, 10**6, "the answer")
        if self.form is None:
            return self._judge(text)
        verdict: Verdict = self.form.judge(text, self.expected, self.slips)
        return verdict.correct, verdict.message

    def check(self) -> bool:
        """Judge the typed answer, show the feedback, keep the answer, and return whether it was right.

        An empty or over-long answer gets a message and is not counted as a try.  A judge function that fails
        or does not answer ``(True or False, text)`` is a broken exercise: the feedback says so and
        InvalidArgumentError is raised.
        """
        text = self.answer.value
        if not isinstance(text, str) or not text.strip():
            self.feedback.value = "Type an answer first."
            return False
        if len(text) > MAX_ANSWER:
            self.feedback.value = f"That answer is too long: at most {MAX_ANSWER} characters, please."
            return False
        if self.form is not None:
            value, how = self.form.read(text)
            if value is None:  # unreadable: say how to write it, and do not count it as a try
                self.feedback.value = "✘ " + escape(how)
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
        close = self.form is not None and self.form.judge(text, self.expected, self.slips).close
        counted = verdict[0] or not close  # a right value written too coarsely is not a wrong try
        if counted:
            self.attempts += 1
            if self.first is None:
                self.first = verdict[0]
        if not verdict[0] and counted:
            self.tries += 1
            if len(self.wrong) < MAX_WRONG:
                self.wrong.append(text.strip())
        self._show(verdict)
        if verdict[0]:
            self.solved = text
        elif self.solved is not None:  # solved before: the right answer stays recorded, this try is counted
            self.feedback.value += escape(f" (Your right answer, {self.solved.strip()}, stays recorded.)")
        answer = text if verdict[0] or self.solved is None else self.solved
        self._record(answer=answer, tries=self.attempts, correct=verdict[0] or self.solved is not None,
                     first=self.first is True and (verdict[0] or self.solved is not None), wrong=list(self.wrong))
        return verdict[0]

    def _show(self, verdict: tuple[bool, str]) -> None:
        correct, note = verdict
        if correct:
            self.feedback.value = "✔ " + escape(note or "Correct!")
        else:
            extra = f" Hint: {self.hint}" if self.hint and self.tries >= 1 else ""
            self.feedback.value = "✘ " + inline_markdown((note or "Not yet. Try again.") + extra)
        if self._solution and (correct or self.tries >= TRIES_BEFORE_SOLUTION):
            self.solution_button.layout.display = None

    def solution(self) -> str:
        """The worked solution as Markdown ("" when the exercise has none)."""
        return _text(self._solution, "the solution")

    def show_solution(self) -> None:
        """Show the worked solution below the question (also done by its button)."""
        text = self.solution()
        if text:
            self.solution_box.children = [_markdown_output("**Worked solution.**\n\n" + text)]
            self.solution_button.layout.display = "none"

    def _clicked(self, _button: object) -> None:
        # the Check button: a broken checker is already reported on screen, so nothing is left in a log
        with contextlib.suppress(FifteenKitError):
            self.check()

    def __repr__(self) -> str:
        return f"SelfCheck({self.question!r})"

    @classmethod
    def number(cls, question: str, expected: int, hint: str = "", **options: Any) -> SelfCheck:
        """A question whose answer is one whole number (``6``, ``6.0``, ``1,666`` and ``six`` all count).

        Raises InvalidArgumentError for an ``expected`` that is not a whole number (an int, not a bool).

        >>> SelfCheck.number("2 + 2?", 4).judge("4.0")
        (True, 'Correct!')
        """
        if not _check.is_whole(expected):
            raise InvalidArgumentError("the expected answer must be a whole number (an int)", input=expected)
        return cls(question, Number(places=0), expected, hint=hint, **options)

    @classmethod
    def digits(cls, question: str, expected: Iterable[int], hint: str = "", **options: Any) -> SelfCheck:
        """A question whose answer is a set of digits, typed in any order with any separator or none.

        >>> SelfCheck.digits("Even digits?", [2, 4, 6, 8]).judge("8, 6 4 and 2")
        (True, 'Correct!')
        """
        return cls(question, DigitSet(), expected, hint=hint, **options)

    @classmethod
    def fraction(cls, question: str, expected: Fraction | int | float, hint: str = "", places: int = 3,
                 **options: Any) -> SelfCheck:
        """A question whose answer is a number given as a fraction or a decimal to at least ``places`` places.

        >>> q = SelfCheck.fraction("P(bust)?", Fraction(5, 162))
        >>> q.judge("5/162")[0], q.judge("0.031")[0], q.judge("0.05")[0]
        (True, True, False)
        """
        return cls(question, Number(places=places), expected, hint=hint, **options)


class Prediction(_Question):
    """Guess first, then see: the pupil locks in a guess, and only then is the kit's answer revealed.

    Args:
        question: what to predict.
        form: how the guess is written (a :class:`~fifteen_kit.answers.Choice` is shown as buttons).
        truth: the kit's answer (or a function computing it, called at the reveal).
        key: the question's name in its lesson; with a key the guess is kept with the notebook.
        reveal: a function returning what to show after the guess (a chart, a widget, Markdown text, or a tuple
            of them shown one below the other), or None.
        unit: a word after numbers in the comparison ("subsets", "points").

    A guess is never marked wrong: the reveal shows the guess beside the truth.  An unreadable guess gets a
    message saying how to type it and nothing is revealed.

    >>> p = Prediction("How many triples sum to 15?", Number(places=0), 8)
    >>> p.guess.value = "10"; p.lock_button.click(); p.comparison.value
    '<b>Your guess:</b> 10 · <b>The kit:</b> 8. Fewer than you guessed.'
    """

    kind = "prediction"

    def __init__(self, question: _Text, form: Form, truth: Any, *, key: str | None = None,
                 reveal: Callable[[], Any] | None = None, unit: str = "") -> None:
        if not isinstance(form, Form):
            raise InvalidArgumentError("form must be an answer form", input=form)
        if reveal is not None and not callable(reveal):
            raise InvalidArgumentError("reveal must be a function (or None)", input=reveal)
        self.form = form
        self._truth = truth
        self._reveal = reveal
        self.unit = _check.text(unit, 40, "the unit")
        self.guess = w.Text(placeholder="your guess", continuous_update=False, layout=w.Layout(width="260px"))
        self.choices: w.ToggleButtons | None = None
        if isinstance(form, Choice):
            self.choices = w.ToggleButtons(options=list(form.options), value=None)
            self.choices.observe(lambda change: setattr(self.guess, "value", change["new"] or ""), "value")
        self.guess.add_class("kit-answer")
        self.lock_button = w.Button(description="Lock in my guess", icon="lock", layout=w.Layout(width="auto"),
                                    tooltip="Commit your guess; then the answer is shown")
        self.comparison = w.HTML()
        self.comparison.add_class("kit-feedback")
        self.reveal_box = w.VBox([])
        self.lock_button.on_click(lambda _b: self.lock())
        row = [self.choices] if self.choices is not None else [self.guess]
        super().__init__(question, key, [w.HBox([*row, self.lock_button], layout=w.Layout(flex_flow="row wrap")),
                                         self.comparison, self.reveal_box])
        if self.choices is not None:
            self.guess.layout.display = "none"
        self.locked = False
        saved = self._restore()
        if saved and isinstance(saved.get("answer"), str):
            self.guess.value = saved["answer"][:MAX_ANSWER]
            self.lock(record=False)

    @property
    def truth(self) -> Any:
        """The kit's answer, in the form's own type."""
        truth = self._truth() if callable(self._truth) else self._truth
        return self.form.expect(truth)

    def lock(self, *, record: bool = True) -> bool:
        """Lock in the typed guess and reveal the truth; returns False (with a message) for an unreadable guess."""
        _check.flag(record, "record")
        if self.locked:
            return True
        text = self.guess.value
        if not isinstance(text, str) or not text.strip():
            self.comparison.value = "Make a guess first: any honest guess is fine."
            return False
        if len(text) > MAX_ANSWER:
            self.comparison.value = f"That guess is too long: at most {MAX_ANSWER} characters, please."
            return False
        value, how = self.form.read(text)
        if value is None:
            self.comparison.value = escape(how)
            return False
        truth = self.truth
        self.locked = True
        self.guess.disabled = self.lock_button.disabled = True
        if self.choices is not None:
            self.choices.disabled = True
        shown = escape(self.form.show(truth))
        unit = f" {escape(self.unit)}" if self.unit else ""
        if self.form.judge(text, truth).correct:
            note = "Spot on!"
        elif isinstance(self.form, Number) and isinstance(value, tuple):
            guess = value[0] / 100 if value[2] or self.form.percent else value[0]
            note = "More than you guessed." if truth > guess else "Fewer than you guessed." \
                if truth.denominator == 1 else "Less than you guessed."
        else:
            note = "Compare it with your guess: what did you expect, and why?"
        self.comparison.value = (f"<b>Your guess:</b> {escape(text.strip())} · <b>The kit:</b> {shown}{unit}. "
                                 f"{note}")
        if self._reveal is not None:
            out = w.Output()
            with out:
                from IPython.display import Markdown, display

                revealed = self._reveal()  # one item, or a tuple of items shown one below the other
                for shown_item in revealed if type(revealed) is tuple else (revealed,):
                    if type(shown_item) is str:  # text is Markdown (the kit's SVG and HTML drawings are str too)
                        shown_item = Markdown(shown_item)
                    if "matplotlib.figure" in sys.modules and isinstance(shown_item,
                                                                         sys.modules["matplotlib.figure"].Figure):
                        if "matplotlib.pyplot" in sys.modules:
                            sys.modules["matplotlib.pyplot"].close(shown_item)  # shown once; pyplot keeps none
                        from fifteen_kit import plotstyle

                        shown_item = plotstyle.image(shown_item)  # a picture whatever MPLBACKEND says
                    if shown_item is not None:
                        display(shown_item)
            self.reveal_box.children = [out]
        if record:
            self._record(answer=text, truth=self.form.show(truth))
        return True

    def __repr__(self) -> str:
        return f"Prediction({self.question!r})"


class WhyQuestion(_Question):
    """A "why" question: the pupil writes an explanation, then compares it with a model answer and key points.

    Args:
        question: the question.
        model: a model answer (Markdown), shown after the pupil submits.
        points: 2 or 3 key points a good answer contains (Markdown each).
        key: the question's name in its lesson; with a key the text is kept with the notebook.

    Nothing is marked: the pupil assesses their own answer against the points, and their text stays.

    >>> q = WhyQuestion("Why is 5 in the centre?", "Because ...", ["four lines", "average digit"])
    >>> q.written.value = "It is the middle digit."; q.compare_button.click(); "key points" in q.model_box.value
    True
    """

    kind = "why"

    def __init__(self, question: _Text, model: _Text, points: Iterable[_Text], *, key: str | None = None) -> None:
        if not callable(model):
            _text(model, "the model answer")
        self._model = model
        self._points = list(_check.items(points, 3, "the key points"))
        if not 2 <= len(self._points) <= 3:
            raise InvalidArgumentError("a why question needs 2 or 3 key points", input=points)
        for point in self._points:
            if not callable(point):
                _text(point, "a key point")
        # full width by the style sheet (stretch, not 100%: with the widget's margins 100% overflowed and put a
        # horizontal scrollbar under every why question)
        self.written = w.Textarea(placeholder="Write your explanation: a sentence or two.",
                                  layout=w.Layout(height="5.5em"))
        self.written.add_class("kit-answer")
        self.compare_button = w.Button(description="Compare with a model answer", icon="balance-scale",
                                       layout=w.Layout(width="auto", align_self="flex-start"))
        self.model_box = w.HTML()
        self.model_box.add_class("kit-feedback")
        self.compare_button.on_click(lambda _b: self.compare())
        super().__init__(question, key, [self.written, self.compare_button, self.model_box])
        saved = self._restore()
        if saved and isinstance(saved.get("answer"), str):
            self.written.value = saved["answer"][:MAX_WRITTEN]
            self.compare(record=False)

    def model(self) -> str:
        """The model answer (Markdown)."""
        return _text(self._model, "the model answer")

    def points(self) -> list[str]:
        """The key points (Markdown each)."""
        return [_text(p, "a key point") for p in self._points]

    def compare(self, *, record: bool = True) -> bool:
        """Show the model answer and key points beside the pupil's text; False (with a message) if it is empty."""
        _check.flag(record, "record")
        text = self.written.value
        if not isinstance(text, str) or len(text.split()) < 3:
            self.model_box.value = "Write your own explanation first: at least a short sentence."
            return False
        text = text[:MAX_WRITTEN]
        items = "".join(f"<li>{inline_markdown(p)}</li>" for p in self.points())
        self.model_box.value = (f"<b>A model answer:</b> {inline_markdown(self.model())}<br><b>Check your answer "
                                f"for these key points:</b><ul>{items}</ul>Your text stays above: improve it if you "
                                "like.")
        if record:
            self._record(answer=text)
        return True

    def __repr__(self) -> str:
        return f"WhyQuestion({self.question!r})"
