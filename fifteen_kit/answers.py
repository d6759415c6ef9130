"""Reading and judging what a pupil types into a lesson exercise, fairly.

Each kind of answer is a *form*: :class:`Number`, :class:`DigitSet`, :class:`DigitSequence`, :class:`Tile` and
:class:`Choice`.  A form reads the typed text (``form.read``), judges it against the kit's answer
(``form.judge``, returning a :class:`Verdict`) and lists the usual ways the right answer is written
(``form.renderings``, used to check that no lesson shows an answer before its question).

Every form ignores surrounding spaces and quotes and a trailing full stop, and refuses unread any answer longer
than :data:`MAX_ANSWER` characters.  A wrong answer that an exercise expects (a *slip*: counting ordered instead
of unordered sets, a probability added instead of multiplied) gets the exercise's own message.

>>> from fractions import Fraction
>>> Number(places=3).judge("0.167", Fraction(1, 6)).correct
True
>>> Number(places=3).judge("0.17", Fraction(1, 6)).message
'Close: give 3 decimal places, or a fraction.'
>>> DigitSet().judge("8642", {2, 4, 6, 8}).correct
True
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from . import _check
from .errors import InvalidArgumentError

__all__ = ["MAX_ANSWER", "Choice", "DigitSequence", "DigitSet", "Form", "Number", "Tile", "Verdict"]

#: The longest answer that is read (characters); a longer one is refused before it is parsed.
MAX_ANSWER = 100

_QUOTES = "\"'`\u2018\u2019\u201c\u201d\u00ab\u00bb"
_WORDS = {word: number for number, word in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"))}
_DECIMAL = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?", re.ASCII)


@dataclass(frozen=True)
class Verdict:
    """The judgement of one typed answer.

    Attributes:
        correct: whether the answer is right.
        message: what to tell the pupil (never the answer itself when it is wrong).
        close: the idea is right but the form is not yet good enough (too few decimals, cut off, not a percentage).

    >>> Verdict(True, "Correct!")
    Verdict(correct=True, message='Correct!', close=False)
    """

    correct: bool
    message: str
    close: bool = False


_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_TENS = {w: 10 * n for n, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                                          "ninety"), start=2)}


def _number_words(text: str) -> int | None:
    """A whole number written in English words ("one hundred and forty", "thirty-eight"), or None."""
    words = [w for w in re.split(r"[\s-]+", text.strip()) if w and w != "and"]
    if not words or len(words) > 12:
        return None
    total = current = 0
    for word in words:
        if word in _WORDS:
            current += _WORDS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "a" and len(words) > 1:
            current += 1
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _SCALES:
            total += max(current, 1) * _SCALES[word]
            current = 0
        else:
            return None
    return total + current


def _arithmetic(text: str) -> Fraction | None:
    """The exact value of a short sum like ``6 x 6 x 4`` or ``4^4`` (+, -, x, *, /, ^ and brackets), or None."""
    import ast

    source = re.sub(r"(?<=[\d)\s])x(?=[\d(\s])", "*", text).replace("^", "**")
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError):
        return None

    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
                and not isinstance(node.value, bool):
            return Fraction(str(node.value))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
            inner = value(node.operand)
            return -inner if isinstance(node.op, ast.USub) else inner
        if isinstance(node, ast.BinOp):
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.Add):
                return left + right
            if isinstance(node.op, ast.Sub):
                return left - right
            if isinstance(node.op, ast.Mult):
                return left * right
            if isinstance(node.op, ast.Div) and right != 0:
                return left / right
            if isinstance(node.op, ast.Pow) and right.denominator == 1 and 0 <= right <= 64 and abs(left) < 10**6:
                return left ** int(right)
        raise ValueError("not a short sum")

    try:
        return value(tree.body)
    except (ValueError, ZeroDivisionError, RecursionError):
        return None


def _tidy(text: str) -> str:
    """The typed text without surrounding spaces, quotes or a trailing full stop (NFKC-normalised)."""
    text = unicodedata.normalize("NFKC", text).strip()
    for _ in range(3):
        text = text.strip().strip(_QUOTES).strip()
        if text.endswith((".", "!", "?")) and not text.endswith(".."):
            text = text[:-1]
    return text.strip()


class Form:
    """What every answer form can do: read text, judge it, and list the right answer's usual renderings.

    The public methods check their arguments and call the hooks a form implements: ``_read`` (text -> value, or
    a message saying how to type it), ``_expect`` (the expected answer in the form's type), ``_same`` (whether
    a read value is, or nearly is, the expected one), ``_differ`` (a message for another wrong answer) and
    ``_renderings``.  Raises InvalidArgumentError for text that is not a ``str``.

    >>> Number(places=0).show(1666), DigitSet().read("2 4 6")
    ('1666', (frozenset({2, 4, 6}), ''))
    """

    #: grey text shown in an empty answer box
    placeholder: ClassVar[str] = "your answer"

    def read(self, text: str) -> tuple[Any, str]:
        """``(value, "")`` for readable ``text``, ``(None, how to type it)`` otherwise (too long: unread)."""
        _check.text(text, 10**6, "the answer")
        if len(text) > MAX_ANSWER:
            return None, f"That answer is too long: at most {MAX_ANSWER} characters, please."
        if not text.strip():
            return None, "Type an answer first."
        return self._read(text)

    def expect(self, expected: Any) -> Any:
        """The expected answer in this form's own type (raises InvalidArgumentError if it cannot be one)."""
        return self._expect(expected)

    def renderings(self, expected: Any) -> list[str]:
        """The usual ways of writing ``expected`` in this form (the first is the one a solution shows)."""
        return self._renderings(self._expect(expected))

    def show(self, expected: Any) -> str:
        """``expected`` as a solution or a reveal shows it."""
        return self.renderings(expected)[0]

    def value_of(self, text: str) -> Any:
        """The answer ``text`` stands for, in the form's own type (how a question record writes a slip).

        Raises InvalidArgumentError, saying how to type an answer, for text this form cannot read.

        >>> Number().value_of("46/3"), DigitSet().value_of("9 2 4") == frozenset({2, 4, 9})
        (Fraction(46, 3), True)
        """
        value, how = self.read(text)
        if value is None:
            raise InvalidArgumentError(how, input=text)
        return self._expect(self._value_of(value))

    def judge(self, text: str, expected: Any, slips: Mapping[Any, str] | None = None) -> Verdict:
        """Judge the typed ``text`` against ``expected``; a listed slip gets its own message.

        Raises InvalidArgumentError if ``text`` is not a str, or ``expected`` or a slip cannot be an answer in
        this form (an exercise's mistake, found when it is made).
        """
        expected = self._expect(expected)
        if slips is not None and not isinstance(slips, Mapping):
            raise InvalidArgumentError("slips must be a mapping of wrong answers to messages", input=slips)
        listed = [(self._expect(slip), _check.text(message, 4_000, "a slip's message"))
                  for slip, message in (slips or {}).items()]
        value, how = self.read(text)
        if value is None:
            return Verdict(False, how)
        verdict = self._same(value, expected, text)
        if verdict is not None and (verdict.correct or verdict.close):
            return verdict
        for slip, message in listed:
            near = self._same(value, slip, text)
            if near is not None and (near.correct or near.close):
                return Verdict(False, message)
        return verdict or Verdict(False, self._differ(value, expected))

    def _read(self, text: str) -> tuple[Any, str]:
        raise NotImplementedError

    def _expect(self, expected: Any) -> Any:
        raise NotImplementedError

    def _renderings(self, expected: Any) -> list[str]:
        raise NotImplementedError

    def _value_of(self, value: Any) -> Any:
        return value

    def _same(self, value: Any, expected: Any, text: str) -> Verdict | None:
        return Verdict(True, "Correct!") if value == expected else None

    def _differ(self, value: Any, expected: Any) -> str:
        return "Not yet. Check your working and try again."


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _decimal_text(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    rounded = math.floor(scaled + Fraction(1, 2))
    sign = "-" if rounded < 0 else ""
    digits = str(abs(rounded)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


@dataclass(frozen=True)
class Number(Form):
    """A number: a whole number, a fraction, a decimal or a percentage.

    Args:
        places: decimal places a decimal answer needs at least (of the percentage when ``percent``), 0..12.
        percent: the question asks for a percentage, so a bare ``16.7`` means 16.7 %.

    Accepted for 1/6 with ``places=3``: ``1/6``, ``2/12``, ``0.167``, ``0.1667``, ``16.7%``, ``0,167``.
    For six: ``6``, ``6.0``, ``6.00``, ``6.``, ``six``, ``"6"``.  ``1,666`` and ``1 666`` are 1666.
    A decimal is right when it is the exact value rounded to the places typed; with fewer than ``places``
    places the verdict is *close*.  Raises InvalidArgumentError for ``places`` outside 0..12.

    >>> Number().judge("6.00", 6).correct, Number(places=1, percent=True).judge("16.7", Fraction(1, 6)).correct
    (True, True)
    >>> Number(places=3).judge("0.166", Fraction(1, 6)).message
    'Nearly: round the last digit instead of cutting the number off.'
    """

    places: int = 2
    percent: bool = False
    placeholder: ClassVar[str] = "a number, e.g. 12, 1/6 or 0.167"

    def __post_init__(self) -> None:
        _check.whole(self.places, 0, 12, "places (decimal places)")
        _check.flag(self.percent, "percent")

    def _expect(self, expected: Any) -> Fraction:
        if isinstance(expected, float) and math.isfinite(expected):
            return Fraction(expected).limit_denominator(10**9)
        if _check.is_whole(expected) or isinstance(expected, Fraction):
            return Fraction(expected)
        raise InvalidArgumentError("the expected answer must be a whole number, a Fraction or a finite float",
                                   input=expected)

    def _read(self, text: str) -> tuple[Any, str]:
        how = "Type a number, like 12, 1/6 or 0.167." + (" A percentage may end in %." if self.percent else "")
        t = _tidy(text).lower().replace("\u2212", "-").replace("\u00d7", "x").replace("\u00f7", "/")
        if "=" in t and t.rsplit("=", 1)[1].strip():
            t = t.rsplit("=", 1)[1].strip()  # working shown before the answer: "6 x 6 x 4 = 144"
        t = re.sub(r"^(=|~|\u2248|about|around|approx\.?|approximately|roughly|nearly|almost)\s*", "", t)
        is_percent = False
        for sign in ("%", "percent", "per cent"):
            if t.endswith(sign):
                t, is_percent = t[: -len(sign)].strip(), True
                break
        words = _number_words(t)
        if words is not None:
            return (Fraction(words), 0, is_percent, False), ""
        unit = re.fullmatch(r"([^a-z]*\d[^a-z]*?)\s+[a-z][a-z\s'-]*", t)
        if unit:  # a unit after the number: "38 ways", "512 removals", "15 points"
            t = unit.group(1).strip()
            if t.endswith("%"):
                t, is_percent = t[:-1].strip(), True
        if re.fullmatch(r"[\d\s.+\-*/x^()]+", t, re.ASCII) and re.search(r"[\d)]\s*[+\-*x^]\s*[\d(]", t):
            value = _arithmetic(t)
            if value is None:
                return None, how
            return (value, None, is_percent, True), ""
        mixed = re.fullmatch(r"(\d+)\s+(\d+)\s*/\s*(\d+)", t, re.ASCII)
        if mixed:
            whole, top, bottom = (int(g) for g in mixed.groups())
            if bottom == 0:
                return None, "The bottom of a fraction cannot be 0."
            return (whole + Fraction(top, bottom), None, is_percent, True), ""
        t = t.replace(" ", "").replace("_", "")
        if "/" in t:
            parts = t.split("/")
            if len(parts) != 2 or not all(re.fullmatch(r"[+-]?\d{1,30}", p, re.ASCII) for p in parts):
                return None, "Type a fraction as two whole numbers, like 5/12."
            if int(parts[1]) == 0:
                return None, "The bottom of a fraction cannot be 0."
            return (Fraction(int(parts[0]), int(parts[1])), None, is_percent, True), ""
        if re.fullmatch(r"[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d*)?", t, re.ASCII):
            t = t.replace(",", "")  # thousands separators
        elif t.count(",") == 1 and "." not in t:
            t = t.replace(",", ".")  # a decimal comma
        match = _DECIMAL.fullmatch(t)
        if not match or not (match.group(2) or match.group(3)):
            return None, how
        sign, whole_part, decimals, exponent = match.groups()
        digits = (whole_part or "") + (decimals or "")
        value = Fraction(int(digits) if digits else 0, 10 ** len(decimals or ""))
        shift = int(exponent or 0)
        value *= Fraction(10) ** shift
        places = max(0, len(decimals or "") - shift)
        return (-value if sign == "-" else value, places, is_percent, False), ""

    def _readings(self, value: Any) -> list[tuple[Fraction, int | None]]:
        # the typed value as a fraction of 1 with the decimal places it carries in that unit, in each way it can
        # be meant: a percentage (typed with %, or bare when the question asks for one) is divided by 100; in a
        # percentage question a bare number of at most 1 may also be meant as a fraction of 1
        number, places, is_percent, is_fraction = value
        if is_percent or (self.percent and not is_fraction):
            readings = [(number / 100, None if places is None else places + 2)]
            if self.percent and not is_percent and abs(number) <= 1:
                readings.append((number, places))
            return readings
        return [(number, places)]

    def _value_of(self, value: Any) -> Fraction:
        return self._readings(value)[0][0]

    def _same_reading(self, number: Fraction, places: int | None, expected: Fraction) -> Verdict | None:
        need = self.places + 2 if self.percent else self.places
        if number == expected:
            return Verdict(True, "Correct!")
        if expected.denominator == 1 or places is None:
            return None
        step = Fraction(1, 10**places)
        if abs(number - expected) <= step / 2:
            if places >= need:
                return Verdict(True, "Correct!")
            return Verdict(False, f"Close: give {self.places} decimal places, or a fraction."
                           if not self.percent else f"Close: give the percentage to {self.places} decimal places.",
                           close=True)
        if abs(number - expected) < step and places >= 1:
            return Verdict(False, "Nearly: round the last digit instead of cutting the number off.", close=True)
        return None

    def _same(self, value: Any, expected: Any, text: str) -> Verdict | None:
        verdicts = [v for v in (self._same_reading(n, p, expected) for n, p in self._readings(value)) if v]
        for verdict in sorted(verdicts, key=lambda v: not v.correct):
            return verdict
        number, places, is_percent, is_fraction = value
        if not self.percent and not is_percent and not is_fraction:
            as_percent = self._same_reading(number / 100, None if places is None else places + 2, expected)
            if as_percent is not None:
                return Verdict(False, "That looks like a percentage: add % or give a fraction.", close=True)
        return None

    def _renderings(self, expected: Any) -> list[str]:
        value = self.expect(expected)
        if self.percent:
            hundred = value * 100
            if hundred.denominator == 1:
                return [f"{hundred.numerator}%", str(hundred.numerator)]
            return list(dict.fromkeys(_decimal_text(hundred, self.places + extra) + "%" for extra in range(3)))
        if value.denominator == 1:
            n = value.numerator
            out = [str(n)]
            if abs(n) >= 1000:  # a big number is shown with its thousands marked: 255,168 (1440 stays as it is)
                out = [*([f"{n:,}"] if abs(n) >= 10_000 else []), *out, f"{n:,}", f"{n:,}".replace(",", " ")]
            return list(dict.fromkeys(out))
        out = [_fraction_text(value)] + [_decimal_text(value, self.places + extra) for extra in range(3)]
        return list(dict.fromkeys(out))


def _read_digits(text: str, *, split_run: bool) -> tuple[list[int] | None, str]:
    t = _tidy(text).lower()
    t = re.sub(r"\band\b|[{}()\[\]]", " ", t)
    t = re.sub(r"\b[a-i]\s*[=:]", " ", t)  # cells named as in the lessons: "g=4 h=9 i=2"
    if re.search(r"(?<![a-z])o(?![a-z])", t) and re.search(r"\d", t):
        return None, "Is that the letter O? Digits are typed with the number keys (0 is zero)."
    if re.search(r"[^\d\s,;+/&|-]", t, re.ASCII) or not re.search(r"\d", t):
        return None, "Type digits only, separated by spaces or commas, like 2 4 6."
    tokens = re.findall(r"\d+", t)
    if split_run and len(tokens) == 1 and len(tokens[0]) > 1:
        tokens = list(tokens[0])  # "8642": digits typed without separators
    if any(len(tok) > 1 for tok in tokens):
        return None, "Each answer here is a single digit: separate them, like 2 4 6."
    return [int(tok) for tok in tokens], ""


def _digits_expected(expected: Any, what: str) -> list[int]:
    values = _check.items(expected, 10, what)
    digits = [_check.whole(d, 0, 9, "an expected digit") for d in values]
    if not digits:
        raise InvalidArgumentError("the expected answer needs at least one digit", input=expected)
    return digits


def _digit_texts(digits: Iterable[int]) -> list[str]:
    # the usual ways of writing digits: spaced, with commas, run together
    shown = [str(d) for d in digits]
    return list(dict.fromkeys([" ".join(shown), ", ".join(shown), "".join(shown)]))


@dataclass(frozen=True)
class DigitSet(Form):
    """A set of digits in any order, with any separator or none: ``2 4 6 8``, ``8642``, ``{2, 4, 6 and 8}``.

    Missing or extra digits are named as such (without saying which).  Raises InvalidArgumentError for an
    expected answer that is not 1 to 10 digits 0..9.

    >>> DigitSet().judge("2, 4", {2, 4, 6, 8}).message
    'Right so far, but some are missing.'
    """

    placeholder: ClassVar[str] = "digits, e.g. 2 4 6"

    def _expect(self, expected: Any) -> frozenset[int]:
        return frozenset(_digits_expected(expected, "the expected digits"))

    def _read(self, text: str) -> tuple[Any, str]:
        digits, how = _read_digits(text, split_run=True)
        return (None, how) if digits is None else (frozenset(digits), "")

    def _differ(self, value: Any, expected: Any) -> str:
        if value < expected:
            return "Right so far, but some are missing."
        if value > expected:
            return "All the right ones are there, and some that do not belong."
        return "Not yet. Check your working and try again."

    def _renderings(self, expected: Any) -> list[str]:
        return _digit_texts(sorted(self.expect(expected)))


@dataclass(frozen=True)
class DigitSequence(Form):
    """Digits in a given order (a line read left to right, a sequence of moves): ``4 9 2``, ``492``, ``4, 9, 2``.

    >>> DigitSequence().judge("2 9 4", (4, 9, 2)).message
    'The right digits, in the wrong order.'
    """

    placeholder: ClassVar[str] = "digits in order, e.g. 4 9 2"

    def _expect(self, expected: Any) -> tuple[int, ...]:
        return tuple(_digits_expected(expected, "the expected digits"))

    def _read(self, text: str) -> tuple[Any, str]:
        digits, how = _read_digits(text, split_run=True)
        return (None, how) if digits is None else (tuple(digits), "")

    def _differ(self, value: Any, expected: Any) -> str:
        if sorted(value) == sorted(expected):
            return "The right digits, in the wrong order."
        return "Not yet. Check your working and try again."

    def _renderings(self, expected: Any) -> list[str]:
        return _digit_texts(self.expect(expected))


@dataclass(frozen=True)
class Tile(Form):
    """A 5x15 tile: its row colour's letter and its number, like ``O3`` (orange 3).

    Accepts ``o3``, ``O 3``, ``O-3`` and ``orange 3``.  A zero typed for the letter O gets a message.

    >>> Tile().judge("orange 3", "O3").correct, Tile().judge("03", "O3").message
    (True, "That starts with the digit 0 (zero): the orange row's letter is the letter O.")
    """

    placeholder: ClassVar[str] = "a tile, e.g. B7"

    def _expect(self, expected: Any) -> str:
        from .five_by_15.rules import COLOUR_LETTERS

        if not isinstance(expected, str) or not re.fullmatch(rf"[{COLOUR_LETTERS}]\d{{1,2}}", expected, re.ASCII):
            raise InvalidArgumentError("the expected tile must be a colour letter and a number, like 'O3'",
                                       input=expected)
        return expected

    def _read(self, text: str) -> tuple[Any, str]:
        from .five_by_15.rules import COLOUR_LETTERS, COLOUR_NAMES

        t = _tidy(text).lower()
        for name in COLOUR_NAMES:
            t = re.sub(rf"\b{name}\b", name[0], t)
        t = re.sub(r"[\s\-_:]", "", t)
        if re.fullmatch(r"0\d{1,2}", t, re.ASCII):
            return None, "That starts with the digit 0 (zero): the orange row's letter is the letter O."
        match = re.fullmatch(rf"([{COLOUR_LETTERS.lower()}])(\d{{1,2}})", t, re.ASCII)
        if not match:
            return None, "Type a tile as its colour letter and number, like B7 (blue 7)."
        return match.group(1).upper() + str(int(match.group(2))), ""

    def _renderings(self, expected: Any) -> list[str]:
        return [self.expect(expected)]


@dataclass(frozen=True)
class Choice(Form):
    """One of a few options, typed or picked: case, spaces, quotes and a full stop do not matter, and an
    unambiguous start of at least 3 letters is enough.

    Args:
        options: the options, as text (2 to 12, different after tidying).
        aliases: other names for options, as (name, option) pairs (``("center", "centre")``).

    >>> Choice(("fewest", "options", "cannot tell")).judge("Cannot tell.", "cannot tell").correct
    True
    """

    options: tuple[str, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    placeholder: ClassVar[str] = "your choice"

    def __post_init__(self) -> None:
        options = _check.items(self.options, 12, "the options")
        if len(options) < 2 or not all(isinstance(o, str) and o.strip() for o in options):
            raise InvalidArgumentError("a choice needs 2 to 12 options, each a non-empty text", input=self.options)
        if len({_key(o) for o in options}) != len(options):
            raise InvalidArgumentError("the options must differ", input=self.options)
        object.__setattr__(self, "options", tuple(options))
        aliases = tuple(_check.items(self.aliases, 100, "the aliases"))
        if not all(isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) and pair[1] in options
                   for pair in aliases):
            raise InvalidArgumentError("each alias is (another name, one of the options)", input=self.aliases)
        object.__setattr__(self, "aliases", aliases)

    def _expect(self, expected: Any) -> str:
        if expected not in self.options:
            raise InvalidArgumentError("the expected answer must be one of the options", input=expected)
        return expected

    def _read(self, text: str) -> tuple[Any, str]:
        key = _key(text)
        key = next((_key(option) for alias, option in self.aliases if _key(alias) == key), key)
        exact = [o for o in self.options if _key(o) == key]
        starts = [o for o in self.options if len(key) >= 3 and _key(o).startswith(key)]
        found = exact or starts
        if len(found) == 1:
            return found[0], ""
        return None, "Pick one of: " + "; ".join(self.options) + "."

    def _renderings(self, expected: Any) -> list[str]:
        return [self.expect(expected)]


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", _tidy(text).lower())

