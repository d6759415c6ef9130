"""A lesson's questions as one plain-text record file, ``lessonNN.toml``, that a teacher edits without Python.

The words of every task live in the record file: questions, hints, the messages of likely slips, worked
solutions, model answers and key points, with the answers a pupil may type to test the checker.  Every number
the words need is *named*, never typed: ``{triples}`` in a text is replaced by the value the lesson module
computes under that name (its ``NAMED`` mapping of names to functions).  The record names the function that
computes each answer (``answer`` or ``truth``) and the one that checks it another way (``check``).

The file is TOML (read by the standard library's ``tomllib``, so it loads on Binder, a school hub and in the
browser-only site alike).  One ``[[task]]`` table per task, in the order the lesson asks them::

    [[task]]
    key = "03.q1"               # lesson, q (exercise) / p (prediction) / w (why), number
    question = "How many sets ... sum to 16?"
    form = "number"             # number, digit set, digit sequence, tile, choice, or player (below)
    places = 0                  # number only: decimal places needed (default 2); percent = true for a %
    answer = "digit_sets(16)"   # the kit's answer: a name in the lesson's NAMED, or a call of one
    check = "digit_sets_by_listing(16)"   # the same answer computed another way (make test compares)
    transfer = true             # it asks for something the lesson never showed
    hint = "..."
    solution = '''...'''        # worked steps in Markdown, shown after two wrong tries
    right = ["18", "18.0"]      # typed answers the checker must accept
    wrong = [{ typed = "19", says = "not yet" }]   # typed answers it must refuse, and part of its reply

    [[task.slip]]               # a likely wrong answer, as a pupil would type it, and the reply it gets
    typed = "8"
    message = "That counts the sets of three digits only."

An exercise or prediction may list ``giveaways``: phrases that would give its answer away (``["is a draw"]``);
tests/test_no_copy.py fails when one shows before the answer is given (in a heading, the summary, the text or a
saved output before the question, or the words of an earlier task).

A prediction has ``truth`` (a name), optional ``reveal`` (a name of a function showing what comes after the
guess), ``after`` (Markdown shown below the reveal: the lesson's words that discuss the answer, which would give
it away if they stood in the notebook below the question) and ``unit``; a why question has ``model`` and 2 or 3
``points``.  A choice form lists its ``choices`` (texts, or the name of a value holding them) and may give
``aliases`` (``{ center = "centre" }`` or a name).

A **player** task (an exercise key, ``form = "player"``) asks the pupil to write ``def my_player(position): ...``:
it has ``game`` (``"dice"`` or ``"fifteens"``) and may give ``games`` and ``seed`` (the series "Try it" plays),
``starter`` (the code the box starts with) and ``model`` (an example player for the answer key, source text).  No
answer is checked: the pupil tries the player against the kit's, and its source is handed in with the results
for the class tournament.  On paper (``paper``, ``space``) the pupil writes the player's rule in words.

A placeholder may also call a NAMED function with plain values: ``{digit_sets(21)}``, ``{digit_sets(21, 3)}``
(numbers and quoted text only; nothing else in braces is run).

Mistakes are found when the file is read (:func:`load`: TOML syntax, an unknown field, an unknown name, a
placeholder that is not a plain name) or checked (:func:`check`: a slip equal to the answer, an answer its own
checker refuses, ``answer`` and ``check`` that disagree), each as a :class:`~fifteen_kit.errors.QuestionFileError`
naming the file and line.

>>> text = '''
... [[task]]
... key = "99.q1"
... question = "What is {a} x {b}?"
... form = "number"
... places = 0
... answer = "product"
... check = "product_by_adding"
... hint = "Seven eights."
... solution = "{a} x {b} = {product}: add {b} seven times."
... right = ["56", "fifty-six"]
... wrong = [{ typed = "54", says = "not yet" }]
... [[task.slip]]
... typed = "{a_plus_b}"
... message = "That is {a} + {b}: multiply instead."
... '''
>>> named = {"a": lambda: 7, "b": lambda: 8, "product": lambda: 7 * 8, "product_by_adding": lambda: sum([8] * 7),
...          "a_plus_b": lambda: 7 + 8}
>>> (task,) = load_text(text, "99", named, "lesson99.toml")
>>> task.widget().judge("15")
(False, 'That is 7 + 8: multiply instead.')
>>> check_text(text, "99", named, "lesson99.toml")
1
>>> load_text(text.replace("hint", "hnit"), "99", named, "lesson99.toml")
Traceback (most recent call last):
...
fifteen_kit.errors.QuestionFileError: lesson99.toml, line 9: 'hnit' is not a field of an exercise (fields: key, ...
"""

from __future__ import annotations

import ast
import difflib
import functools
import re
import string
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from fifteen_kit.answers import Choice, DigitSequence, DigitSet, Form, Number, Tile
from fifteen_kit.errors import InvalidArgumentError, QuestionFileError

from .core import Exercise, Player, Predict, Task, Why

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from PyPI (the widgets extra asks for it there)
    import tomli as tomllib

__all__ = ["FOLDER", "FORMS", "Record", "check", "check_text", "load", "load_text", "path", "records"]

#: Where the record files are: ``lessonNN.toml`` beside ``lessonNN.py``.
FOLDER = Path(__file__).resolve().parent
#: The answer forms a record may name, and the form each builds.
FORMS: dict[str, type[Form]] = {"number": Number, "digit set": DigitSet, "digit sequence": DigitSequence,
                                "tile": Tile, "choice": Choice}
_KINDS = {"q": "exercise", "p": "prediction", "w": "why"}
_COMMON = ("key", "question")
_FORM_FIELDS = ("form", "places", "percent", "choices", "aliases")
# the task on the printed worksheet (read by .paper)
_PAPER_FIELDS = ("paper", "figure", "space", "draw", "new_page", "teacher")
_FIELDS = {
    "exercise": (*_COMMON, *_FORM_FIELDS, "answer", "check", "transfer", "hint", "solution", "right", "wrong",
                 "slip", "giveaways", *_PAPER_FIELDS),
    "prediction": (*_COMMON, *_FORM_FIELDS, "truth", "check", "reveal", "after", "unit", "giveaways",
                   *_PAPER_FIELDS),
    "why": (*_COMMON, "model", "points", *_PAPER_FIELDS),
    "player": (*_COMMON, "form", "game", "games", "seed", "starter", "model", "giveaways", *_PAPER_FIELDS),
}
_REQUIRED = {"exercise": ("question", "form", "answer", "check", "hint", "solution"),
             "prediction": ("question", "form", "truth"), "why": ("question", "model", "points"),
             "player": ("question", "form", "game")}
_SLIP_FIELDS = ("typed", "message")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)
_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\([\w \-+,'\"()]*\)", re.ASCII)  # checked again by _Values.parse
_SPEC = re.compile(r"[<>^=]?[+\- ]?#?0?\d*[,_]?(\.\d+)?[bdeEfFgGnoxX%]?", re.ASCII)


@dataclass(frozen=True)
class Record:
    """One ``[[task]]`` table of a record file, with where it is.

    Attributes:
        fields: the table as read (``slip`` is a list of ``{"typed", "message"}`` tables).
        lines: the line (1-based) of each field, ``"[[task]]"`` for the table's own line and ``"slip.N.field"``
            for the fields of its N-th slip (0-based).
        file: the file's name, as messages show it.
    """

    fields: Mapping[str, Any]
    lines: Mapping[str, int]
    file: str
    source: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The task's key as written (``"03.q1"``), or ``"?"``."""
        return str(self.fields.get("key", "?"))

    @property
    def kind(self) -> str:
        """``"exercise"``, ``"prediction"`` or ``"why"``, from the key's letter (``"?"`` for none of them), or
        ``"player"`` for an exercise key with ``form = "player"``."""
        kind = _KINDS.get(self.key[3:4], "?")
        return "player" if kind == "exercise" and self.fields.get("form") == "player" else kind

    def error(self, field: str, message: str, value: Any = None) -> QuestionFileError:
        """A QuestionFileError at ``field``'s line (the table's line if the field is not written)."""
        line = self.lines.get(field, self.lines.get(field.split(".")[0], self.lines.get("[[task]]", 0)))
        if isinstance(value, str) and value and field in ("right", "wrong"):  # the entry's own line in a long list
            quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
            line = next((n for n in range(line, len(self.source) + 1) if quoted in self.source[n - 1]), line)
        return QuestionFileError(f"{self.file}, line {line}: {message}", input=value, position=f"{self.file}:{line}")


def path(lesson: str) -> Path:
    """The record file of ``lesson`` (``"03"`` -> ``.../widgets/workbook/lesson03.toml``).

    Raises InvalidArgumentError unless ``lesson`` is two digits.

    >>> path("03").name
    'lesson03.toml'
    """
    if not isinstance(lesson, str) or not re.fullmatch(r"\d\d", lesson, re.ASCII):
        raise InvalidArgumentError("the lesson is two digits, like '03'", input=_short(lesson))
    return FOLDER / f"lesson{lesson}.toml"


def _short(value: Any) -> Any:
    return value[:80] + "..." if isinstance(value, str) and len(value) > 80 else value


def _read_file(lesson: str) -> tuple[str, str]:
    # the record file's text and name; a lesson without one is an InvalidArgumentError
    file = path(lesson)
    try:
        return file.read_text(encoding="utf-8"), file.name
    except OSError:
        raise InvalidArgumentError(f"lesson {lesson} has no question record file ({file.name})",
                                   input=lesson) from None


def _arguments(text: Any, lesson: Any, named: Any, file: Any) -> None:
    # the arguments of load_text and check_text, checked before anything is read
    if not isinstance(text, str) or len(text) > 2_000_000:
        raise InvalidArgumentError("the record file's text must be text (at most 2,000,000 characters)",
                                   input=_short(text) if isinstance(text, str) else type(text).__name__)
    path(lesson)
    if not isinstance(named, Mapping) or not all(isinstance(k, str) and callable(v) for k, v in named.items()):
        raise InvalidArgumentError("named maps names to functions (the lesson's NAMED)", input=type(named).__name__)
    if not isinstance(file, str) or not 0 < len(file) <= 200:
        raise InvalidArgumentError("file is the record file's name, as messages show it", input=_short(file))


def _lines(text: str) -> list[dict[str, int]]:
    # the line of every [[task]], [[task.slip]] and field, by task, skipping the inside of multi-line strings
    tables: list[dict[str, int]] = []
    slips = -1
    inside: str | None = None
    other = False  # inside a table that is not a task's ([sheet] and its parts)
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if inside is not None:
            if stripped.count(inside) % 2 == 1:
                inside = None
            continue
        if re.fullmatch(r"\[\[\s*task\s*\]\](\s*#.*)?", stripped):
            tables.append({"[[task]]": number})
            slips, other = -1, False
        elif re.fullmatch(r"\[\[\s*task\s*\.\s*slip\s*\]\](\s*#.*)?", stripped) and tables and not other:
            slips += 1
            tables[-1][f"slip.{slips}"] = number
        elif stripped.startswith("["):
            other = True
        elif (match := re.match(r"([A-Za-z_][A-Za-z0-9_ ]*?)\s*=", stripped)) and tables and not other:
            name = match.group(1).strip()
            tables[-1].setdefault(f"slip.{slips}.{name}" if slips >= 0 else name, number)
        for quote in ('"""', "'''"):
            if stripped.count(quote) % 2 == 1:
                inside = quote
                break
    return tables


def _parse(text: str, file: str) -> list[Record]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        where = f"{file}:{line.group(1)}" if line else file
        said = f"{file}, line {line.group(1)}" if line else file
        raise QuestionFileError(f"{said}: {_syntax_hint(str(exc))} (the file's format, TOML, says: {exc})",
                                input=None, position=where) from None
    unknown = sorted(set(data) - {"task", "sheet"})
    if unknown:
        raise QuestionFileError(f"{file}: only [[task]] tables and one [sheet] table belong in a record file, not "
                                f"{unknown}", input=unknown, position=file)
    tables = data.get("task", [])
    lines = _lines(text)
    if not isinstance(tables, list) or len(lines) != len(tables):
        raise QuestionFileError(f"{file}: write every task as a [[task]] table", input=None, position=file)
    source = tuple(text.splitlines())
    return [Record(fields, where, file, source) for fields, where in zip(tables, lines, strict=True)]


def _said(field: str) -> str:
    # a field as a message names it: "slip.2.message" -> "the message of slip 3"
    parts = field.split(".")
    if len(parts) == 3 and parts[0] == "slip" and parts[1].isdigit():
        return f"the {parts[2]} of slip {int(parts[1]) + 1}"
    return field


def _syntax_hint(error: str) -> str:
    # what a TOML parser's complaint usually means in a record file
    if "Illegal character '\\n'" in error or "Unterminated string" in error:
        return "a text is missing its closing quote (a one-line text ends with \" on the same line)"
    if "after a statement" in error:
        return ('something follows a closing quote on this line: a quote inside a text is written \\" (or put '
                'the text between """ and """)')
    if "Cannot overwrite a value" in error or "Cannot declare" in error:
        return "a field is written twice in one [[task]] (or a [[task.slip]] is misplaced)"
    if "Invalid value" in error or "Invalid statement" in error:
        return 'a line is not of the form  name = "text"  (text needs quotes around it)'
    return "the file cannot be read here"


def _fields(text: str, record: Record, field: str) -> list[str]:
    # the names a text's {placeholders} use; an error at the field for anything but a plain name
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        raise record.error(field, f"a brace in {_said(field)} has no partner: a placeholder is a name in braces "
                                  "like {triples}; a brace meant as a brace is written twice, {{ or }}", text) from None
    names = []
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not (_NAME.fullmatch(name) or _CALL.fullmatch(name)) or conversion or (spec and not _SPEC.fullmatch(spec)):
            raise record.error(field, f"{{{name}{'!' + conversion if conversion else ''}"
                                      f"{':' + spec if spec else ''}}} in {_said(field)} is not a placeholder: a "
                                      "placeholder is a name of the lesson's NAMED values in braces, like {triples} "
                                      "or {total:,}, or a call of one with plain values, like {digit_sets(21)}; a "
                                      "brace meant as a brace is written twice, {{ or }}", text)
        names.append(name)
    return names


def _shown(value: Any, spec: str = "") -> str:
    # a named value as the words show it: 1,666 (with spec ","), 5/18, 2, 4, 9 (a set, sorted)
    if isinstance(value, Fraction) and not spec:
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (set, frozenset)):
        value = sorted(value)
    if isinstance(value, (list, tuple)) and not spec:
        return ", ".join(_shown(item) for item in value)
    return format(value, spec)


class _Values:
    """The lesson's named values, each computed once when first needed; a reference is a name (``triples``) or a
    call of a named function with plain values (``digit_sets(16)``, ``chance((3, 2, 1), "bust")``)."""

    def __init__(self, named: Mapping[str, Callable[..., Any]]) -> None:
        self.named = named
        self.calls: dict[str, tuple[str, tuple[Any, ...]]] = {}

    def __call__(self, reference: str) -> Any:
        return _computed(self, reference)

    def parse(self, reference: str) -> tuple[str, tuple[Any, ...]] | None:
        """``(name, arguments)`` of a reference, or None if it is not a name or a call with plain values."""
        if reference in self.calls:
            return self.calls[reference]
        try:
            tree = ast.parse(reference.strip(), mode="eval").body
            if isinstance(tree, ast.Name):
                name, args = tree.id, ()
            elif isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords:
                name, args = tree.func.id, tuple(ast.literal_eval(arg) for arg in tree.args)
            else:
                return None
        except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
            return None
        self.calls[reference] = (name, args)
        return name, args

    def fill(self, text: str) -> str:
        """``text`` with every ``{name}`` replaced by its value as words show it."""
        out = []
        for literal, name, spec, _conversion in string.Formatter().parse(text):
            out.append(literal)
            if name is not None:
                out.append(_shown(self(name), spec or ""))
        return "".join(out)


@cache
def _computed(values: _Values, reference: str) -> Any:
    name, args = values.parse(reference) or (reference, ())
    return values.named[name](*args)


def _text(record: Record, field: str, values: _Values, where: str | None = None) -> str | Callable[[], str]:
    # a text field: as written if it has no placeholder, else a function filling them in when it is shown
    text = record.fields.get(field, "") if where is None else where
    if not isinstance(text, str):
        raise record.error(field, f"{field} must be text in quotes", text)
    for name in _fields(text, record, field):
        parsed = values.parse(name)
        if parsed is None:
            raise record.error(field, f"{{{name}}} in {_said(field)} is not a name, nor a call with plain values",
                               text)
        if parsed[0] not in values.named:
            raise record.error(field, f"{{{name}}} in {_said(field)} is not one of the lesson's NAMED values "
                                      f"({_known(values, parsed[0])})", text)
    if "{" not in text and "}" not in text:
        return text
    return lambda: values.fill(text)


def _known(values: _Values, wrong: str = "") -> str:
    # the names a misspelt one may have meant, or the first of all the names
    close = difflib.get_close_matches(wrong, list(values.named), n=3, cutoff=0.6) if wrong else []
    if close:
        return "did you mean " + " or ".join(f"{{{name}}}" for name in close) + "?"
    names = sorted(values.named)
    return "known: " + ", ".join(names[:12]) + (", ..." if len(names) > 12 else "") if names else "it has none"


def _name(record: Record, field: str, values: _Values, required: bool = True) -> str | None:
    # a reference to a computation: a NAMED value, or a NAMED function called with plain values (numbers, text)
    reference = record.fields.get(field)
    if reference is None and not required:
        return None
    parsed = values.parse(reference) if isinstance(reference, str) and len(reference) <= 200 else None
    if parsed is None:
        raise record.error(field, f"{field} = {reference!r} is not a name, nor a call with plain values like "
                                  "digit_sets(16)", reference)
    if parsed[0] not in values.named:
        raise record.error(field, f"{field} = {reference!r}: {parsed[0]!r} is not one of the lesson's NAMED values "
                                  f"({_known(values, parsed[0])})", reference)
    return reference


def _form(record: Record, values: _Values) -> Form:
    kind = record.fields.get("form")
    if kind not in FORMS:
        raise record.error("form", f"form = {kind!r} is not a form: use one of {', '.join(map(repr, FORMS))}", kind)
    extra = [f for f in ("places", "percent", "choices", "aliases") if f in record.fields]
    allowed = {"number": ("places", "percent"), "choice": ("choices", "aliases")}.get(kind, ())
    wrong = [f for f in extra if f not in allowed]
    if wrong:
        raise record.error(wrong[0], f"{wrong[0]} does not belong to the form {kind!r}", record.fields[wrong[0]])
    try:
        if kind == "number":
            return Number(places=record.fields.get("places", 2), percent=record.fields.get("percent", False))
        if kind == "choice":
            return Choice(tuple(_choices(record, values)), aliases=tuple(_aliases(record, values)))
        return FORMS[kind]()
    except InvalidArgumentError as exc:
        field = extra[0] if extra else "form"
        raise record.error(field, str(exc), record.fields.get(field)) from None


def _choices(record: Record, values: _Values) -> Iterable[str]:
    given = record.fields.get("choices")
    if isinstance(given, str):
        return [str(c) for c in values(_name(record, "choices", values) or "")]
    if not isinstance(given, list) or not all(isinstance(c, str) for c in given):
        raise record.error("choices", "choices must be a list of texts in quotes, or the name of a NAMED value",
                           given)
    return [_filled(_text(record, "choices", values, c)) for c in given]


def _aliases(record: Record, values: _Values) -> Iterable[tuple[str, str]]:
    given = record.fields.get("aliases", {})
    if isinstance(given, str):
        return [tuple(pair) for pair in values(_name(record, "aliases", values) or "")]
    if not isinstance(given, dict) or not all(isinstance(v, str) for v in given.values()):
        raise record.error("aliases", 'aliases must be a table like { center = "centre" }, or a NAMED value', given)
    return list(given.items())


def _filled(text: str | Callable[[], str]) -> str:
    return text() if callable(text) else text


def _typed_list(record: Record, field: str) -> list[Any]:
    given = record.fields.get(field, [])
    if not isinstance(given, list):
        raise record.error(field, f"{field} must be a list in square brackets", given)
    return given


def _exercise(record: Record, values: _Values) -> Exercise:
    form = _form(record, values)
    answer = _name(record, "answer", values) or ""
    _name(record, "check", values)
    slips = record.fields.get("slip", [])
    if not isinstance(slips, list):
        raise record.error("slip", "write each slip as a [[task.slip]] table", slips)
    typed: list[tuple[Callable[[], str] | str, Callable[[], str] | str]] = []
    for n, slip in enumerate(slips):
        place = f"slip.{n}"
        unknown = sorted(set(slip) - set(_SLIP_FIELDS))
        if unknown or any(f not in slip for f in _SLIP_FIELDS):
            raise record.error(f"{place}.{unknown[0]}" if unknown else place,
                               "a [[task.slip]] has exactly two fields: typed (the wrong answer as a pupil types "
                               "it) and message (the reply)", slip)
        typed.append((_text(record, f"{place}.typed", values, slip["typed"]),
                      _text(record, f"{place}.message", values, slip["message"])))
    for item in _typed_list(record, "right"):
        if not isinstance(item, str):
            raise record.error("right", "right lists texts in quotes", item)
    for item in _typed_list(record, "wrong"):
        if not (isinstance(item, dict) and set(item) == {"typed", "says"}
                and all(isinstance(v, str) for v in item.values())):
            raise record.error("wrong", 'each wrong answer is { typed = "...", says = "..." }', item)

    def slip_map() -> dict[Any, str]:
        found: dict[Any, str] = {}
        for n, (text, message) in enumerate(typed):
            try:
                value = form.value_of(_filled(text))
            except InvalidArgumentError as exc:
                raise record.error(f"slip.{n}.typed", f"the slip {_filled(text)!r} cannot be read as a "
                                                      f"{record.fields['form']}: {exc}", _filled(text)) from None
            found[value] = _filled(message)
        return found

    transfer = record.fields.get("transfer", False)
    if not isinstance(transfer, bool):
        raise record.error("transfer", "transfer is true or false", transfer)
    return Exercise(record.key, _text(record, "question", values), form, answer=lambda: values(answer),
                    transfer=transfer, slips=slip_map, hint=_text(record, "hint", values),
                    solution=_text(record, "solution", values))


def _prediction(record: Record, values: _Values) -> Predict:
    form = _form(record, values)
    truth = _name(record, "truth", values) or ""
    _name(record, "check", values, required=False)
    reveal = _name(record, "reveal", values, required=False)
    unit = record.fields.get("unit", "")
    if not isinstance(unit, str):
        raise record.error("unit", "unit must be text in quotes", unit)
    shown = _reveal(values, reveal)
    if "after" in record.fields:  # words that would give the guess away: shown below the reveal, after the guess
        after = _text(record, "after", values)
        first = shown

        def shown() -> tuple[Any, ...]:
            return (first() if first else None, _filled(after))

        shown.__wrapped__ = first  # type: ignore[attr-defined]  # (tests look for the chart the reveal draws)

    return Predict(record.key, _text(record, "question", values), form, truth=lambda: values(truth),
                   reveal=shown, unit=unit)


def _reveal(values: _Values, reference: str | None) -> Callable[[], Any] | None:
    # the function showing what comes after the guess (called each time: a reveal displays, it is not a value)
    if reference is None:
        return None
    name, args = values.parse(reference) or (reference, ())
    return values.named[name] if not args else functools.partial(values.named[name], *args)


def _why(record: Record, values: _Values) -> Why:
    points = record.fields.get("points")
    if not isinstance(points, list) or not 2 <= len(points) <= 3:
        raise record.error("points", "points lists 2 or 3 key points, each in quotes", points)
    return Why(record.key, _text(record, "question", values), _text(record, "model", values),
               [_text(record, "points", values, p) for p in points])


def _player(record: Record, values: _Values) -> Player:
    # a player the pupil writes: the game, the series "Try it" plays, the starter code and an example player
    fields = record.fields
    game = fields.get("game")
    if game not in ("dice", "fifteens"):
        raise record.error("game", 'a player task\'s game is "dice" or "fifteens"', game)
    for name, low, top, default in (("games", 1, 2_000, 100), ("seed", 0, 10**9, 0)):
        value = fields.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= top:
            raise record.error(name, f"{name} is a whole number, {low} to {top:,}", value)
    for name in ("starter", "model"):
        if not isinstance(fields.get(name, ""), str) or len(fields.get(name, "")) > 50_000:
            raise record.error(name, f"{name} is Python source text in quotes (at most 50,000 characters)",
                               fields.get(name))
    model = fields.get("model", "")
    return Player(record.key, _text(record, "question", values), game, games=fields.get("games", 100),
                  seed=fields.get("seed", 0), starter=fields.get("starter", ""), model=model)


def _task(record: Record, lesson: str, values: _Values) -> Task:
    key = record.fields.get("key")
    if not isinstance(key, str) or not re.fullmatch(rf"{lesson}\.[pqw]\d{{1,2}}", key):
        raise record.error("key", f"key must be the lesson's number, a dot, q, p or w and a number, like "
                                  f"'{lesson}.q1'", key)
    kind = record.kind
    giveaways = record.fields.get("giveaways", [])
    if not isinstance(giveaways, list) or not all(isinstance(g, str) and 3 <= len(g) <= 200 for g in giveaways):
        raise record.error("giveaways", "giveaways lists phrases (3 to 200 characters, in quotes) that would give "
                                        "the answer away", giveaways)
    unknown = [f for f in record.fields if f not in _FIELDS[kind]]
    if unknown:
        article = "an" if kind[0] in "aeiou" else "a"
        raise record.error(unknown[0], f"{unknown[0]!r} is not a field of {article} {kind} (fields: "
                                       f"{', '.join(_FIELDS[kind])})", unknown[0])
    missing = [f for f in _REQUIRED[kind] if f not in record.fields]
    if missing:
        raise record.error("[[task]]", f"the {kind} {key} needs {', '.join(missing)}", key)
    if kind == "exercise":
        return _exercise(record, values)
    if kind == "player":
        return _player(record, values)
    if kind == "prediction":
        return _prediction(record, values)
    return _why(record, values)


def load_text(text: str, lesson: str, named: Mapping[str, Callable[..., Any]], file: str) -> list[Task]:
    """The tasks of a record file's ``text`` (see the module's docstring), in order.

    Args:
        text: the record file's contents.
        lesson: the lesson's two digits; every key must start with them.
        named: the lesson's values by name, each a function (called only when needed; with no arguments for a
            bare name, with the record's plain values for a call such as ``digit_sets(16)``).
        file: the file's name, for messages.

    Raises QuestionFileError (an InvalidArgumentError) naming the file and line of the first mistake.
    """
    _arguments(text, lesson, named, file)
    values = _Values(named)
    found: list[Task] = []
    seen: dict[str, Record] = {}
    for record in _parse(text, file):
        if record.key in seen:
            raise record.error("key", f"the key {record.key} is used twice (also at line "
                                      f"{seen[record.key].lines['[[task]]']})", record.key)
        seen[record.key] = record
        found.append(_task(record, lesson, values))
    return found


def load(lesson: str, named: Mapping[str, Callable[..., Any]]) -> list[Task]:
    """The tasks of lesson ``lesson``'s record file (:func:`path`); see :func:`load_text`."""
    text, name = _read_file(lesson)
    return load_text(text, lesson, named, name)


def records(lesson: str) -> list[Record]:
    """The ``[[task]]`` tables of ``lesson``'s record file, with their lines (for tests and tools).

    >>> records("00")[0].key
    '00.p1'
    """
    text, name = _read_file(lesson)
    return _parse(text, name)


def _same(form: Form, a: Any, b: Any) -> bool:
    return bool(form.expect(a) == form.expect(b))


def check_text(text: str, lesson: str, named: Mapping[str, Callable[..., Any]], file: str) -> int:
    """Load ``text`` and check every task with its values computed; returns the number of exercises checked.

    Checks that an exercise's ``answer`` and ``check`` agree, that its checker accepts the answer as the
    solution shows it and every ``right`` text, refuses every ``wrong`` text with the reply it names, and
    gives every slip its own message (so no slip equals the answer); that a prediction's truth is an answer
    its form can hold (one of the choices) and agrees with its ``check``; and that every text fills in.
    Raises QuestionFileError naming the file and line of the first problem.
    """
    tasks = load_text(text, lesson, named, file)
    values = _Values(named)
    checked = 0
    for record, item in zip(_parse(text, file), tasks, strict=True):
        try:
            _check_one(record, item, values)
        except QuestionFileError:
            raise
        except (InvalidArgumentError, KeyError, ValueError, TypeError) as exc:
            raise record.error("[[task]]", f"{record.key} does not work: {exc}", record.key) from None
        checked += isinstance(item, Exercise)
    return checked


def _check_one(record: Record, item: Task, values: _Values) -> None:
    from .key import answer_of

    answer_of(item)  # every text fills in
    if isinstance(item, Predict):
        truth = item.expected()
        if record.fields.get("check") and not _same(item.form, truth, values(record.fields["check"])):
            raise record.error("check", f"truth and check disagree: {item.form.show(truth)} against "
                                        f"{item.form.show(values(record.fields['check']))}", record.fields["check"])
        return
    if not isinstance(item, Exercise):
        return
    expected = item.expected()
    other = values(record.fields["check"])
    if not _same(item.form, expected, other):
        raise record.error("check", f"answer and check disagree: {item.form.show(expected)} against "
                                    f"{item.form.show(other)}", record.fields["check"])
    for field in ("question", "hint"):
        shown = str(getattr(item, field)() if callable(getattr(item, field)) else getattr(item, field))
        for rendering in item.renderings():
            if _shows(shown, rendering):
                raise record.error(field, f"the {field} shows the answer, {rendering}, before the pupil gives it "
                                          "(typed, or through a placeholder): leave it to the worked solution",
                                   rendering)
    box = item.widget()
    for n, slip in enumerate(record.fields.get("slip", [])):
        typed = _filled(_text(record, f"slip.{n}.typed", values, slip["typed"]))
        message = _filled(_text(record, f"slip.{n}.message", values, slip["message"]))
        correct, said = box.judge(typed)
        if correct:
            raise record.error(f"slip.{n}.typed", f"the slip {typed!r} is the answer itself", typed)
        if said != message:
            raise record.error(f"slip.{n}.typed", f"the slip {typed!r} gets another reply: {said!r} (an earlier "
                                                  "slip with the same value?)", typed)
    for typed in [*item.renderings(), *record.fields.get("right", [])]:
        correct, said = box.judge(typed)
        if not correct:
            raise record.error("right", f"{typed!r} is right but the checker refuses it: {said!r}", typed)
    for case in record.fields.get("wrong", []):
        correct, said = box.judge(case["typed"])
        if correct or case["says"].lower() not in said.lower():
            raise record.error("wrong", f"{case['typed']!r} should be refused with {case['says']!r} but gets "
                                        f"{'accepted' if correct else repr(said)}", case["typed"])


def _shows(text: str, rendering: str) -> bool:
    # the rendering stands in the text on its own (not as part of a longer number or word); one-character
    # renderings (a digit, a letter) are too common in words to judge
    if len(rendering) < 2:
        return False
    edge = r"[\w/.,]"
    return re.search(rf"(?<!{edge}){re.escape(rendering)}(?!\w|[/.,]\d)", text, re.IGNORECASE) is not None


def check(lesson: str, named: Mapping[str, Callable[..., Any]]) -> int:
    """:func:`check_text` of lesson ``lesson``'s record file; returns the number of exercises checked."""
    text, name = _read_file(lesson)
    return check_text(text, lesson, named, name)
