"""A pupil's results of one lesson: checked records, a small JSON file, and a short code to read out or type.

A *record* is a plain dict with a ``"key"`` (a task key such as ``"04.q2"``, or a game key such as
``"04.game"``) and a ``"kind"``:

* ``"check"``: ``answer`` (the last typed text), ``tries`` (counted tries, 0 or more), ``correct`` (right in the
  end), ``first`` (right at the first counted try), ``wrong`` (up to 5 wrong typed texts, oldest first);
* ``"prediction"``: ``answer`` (the guess as typed) and ``truth`` (the kit's value as it was shown);
* ``"why"``: ``answer`` (the pupil's explanation, at most 600 characters);
* ``"player"``: ``game`` (``"dice"`` or ``"fifteens"``) and ``source``, the source text of the pupil's
  ``def my_player(position): ...`` (at most :data:`MAX_SOURCE` characters; untrusted: it is only ever run in a
  sandbox, :mod:`fifteen_kit.sandbox`).  Its key is a lesson exercise's (``"07.q4"``) or another name;
* ``"game"``: ``game`` (one of :data:`GAMES`) and small numbers; the ``"dice"`` game needs ``seed``, ``boards``
  (boards played), ``score`` (the pupil's total), ``computer`` (the computer's total) and ``policy`` (text or
  None); the ``"fifteens"`` pool needs ``seed``, ``strategy``, ``deals`` and ``wins``.  Other games may carry any
  fields whose values are whole numbers, short texts, True/False or None.

:class:`PupilResults` holds one lesson's records of one pupil (or pair).  :func:`to_json` and :func:`from_json`
write and read the results file (:func:`results_file_name` suggests its name); :func:`to_code` and
:func:`from_code` turn the results into a short code such as ``F15-1ABCD-...`` for a room where files cannot be
collected: packed bit by bit, written in Crockford's base 32 (digits and letters without I, L, O and U, which
are read as 1, 1, 0 and V when typed), in groups of five, with three check characters that catch any one
mistyped character and any swap of two neighbours.  A code keeps less than the file (see :func:`to_code`).

>>> r = PupilResults("04", "Ana and Ben", (
...     {"key": "04.q1", "kind": "check", "answer": "1/6", "tries": 2, "correct": True, "first": False,
...      "wrong": ["1/3"]},
...     {"key": "04.p1", "kind": "prediction", "answer": "10", "truth": "8"}))
>>> results_file_name(r)
'results-04-ana-and-ben.json'
>>> from_json(to_json(r)) == r
True
>>> code = to_code(r)
>>> code
'F15-4484W-V7FWR-2F96R-030R0-23S48-6SZ0Q-3F'
>>> from_code(code.lower().replace("-", " ")).record("04.q1")
{'key': '04.q1', 'kind': 'check', 'answer': '', 'tries': 2, 'correct': True, 'first': False, 'wrong': ['1/3']}
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import _check
from .errors import InvalidArgumentError, NotationError

__all__ = [
    "CODE_PREFIX",
    "FILE_FORMAT",
    "GAMES",
    "HAND_PLAYED",
    "KINDS",
    "MAX_RECORDS",
    "MAX_SOURCE",
    "PLAYER_GAMES",
    "PupilResults",
    "from_code",
    "from_json",
    "results_file_name",
    "task_label",
    "to_code",
    "to_json",
]

#: What a results file says it is (its ``"format"``), and the version this module writes and reads.
FILE_FORMAT = "fifteen-kit results"
_VERSION = 1
#: The kinds of record.
KINDS = ("check", "prediction", "why", "game", "player")
#: The kinds a short code keeps (a player's source text is handed in only in the file).
_CODE_KINDS = ("check", "prediction", "why", "game")
#: The games a handed-in player may play.
PLAYER_GAMES = ("dice", "fifteens")
#: The longest source text of a handed-in player (characters).
MAX_SOURCE = 50_000
#: The games a game record may name.
GAMES = ("game_of_15", "dice", "fifteens", "five_by_15")
#: The strategy name of a Fifteens deal a pupil played by hand (not a computer strategy).
HAND_PLAYED = "pupil"
#: The most records one pupil's results may hold.
MAX_RECORDS = 200
#: Every short code starts with this.
CODE_PREFIX = "F15-"

_LESSON = re.compile(r"\d\d", re.ASCII)
_TASK = re.compile(r"([pqw])([0-9]+)", re.ASCII)  # a lesson task's name: prediction, exercise, why
_TASK_KINDS = {"p": "prediction", "q": "check", "w": "why"}
_KEY = re.compile(r"(\d\d)\.([a-z][a-z0-9_]{0,15})", re.ASCII)
_MAX_PUPIL = 60
_MAX_ANSWER = 200
_MAX_WHY = 600
_MAX_WRONG = 5
_CODE_WRONG = 40  # a wrong answer keeps this many characters in a code
_MAX_TEXT = 40  # a game's text field
_MAX_NUMBER = 10**12
_MAX_FILE = 1_000_000  # characters of a results file
_MAX_CODE = 4000  # characters of a typed code
_FIELDS = {
    "check": ("answer", "tries", "correct", "first", "wrong"),
    "prediction": ("answer", "truth"),
    "why": ("answer",),
}
_GAME_FIELDS = {  # the fields a known game's record must have, in the order a code stores them
    "dice": ("seed", "boards", "score", "computer", "policy"),
    "fifteens": ("seed", "strategy", "deals", "wins"),
}


#: The words a worksheet and the class view use for each kind of lesson task.
_TASK_WORDS = {"p": "Prediction", "q": "Exercise", "w": "Why?"}


def task_label(key: str) -> str:
    """The name a worksheet gives the lesson task ``key`` (``"NN.p1"``, ``"NN.q2"``, ``"NN.w3"``): the kind of task
    and its number, as pupils and the teacher see it on paper and in the class view.

    Raises InvalidArgumentError for a key that is not a lesson task's key.

    >>> task_label("04.p10"), task_label("06.q1"), task_label("01.w2")
    ('Prediction 10', 'Exercise 1', 'Why? 2')
    """
    match = re.fullmatch(r"\d\d\.([pqw])([1-9][0-9]?)", key, re.ASCII) if isinstance(key, str) else None
    if match is None:
        raise _bad("a lesson task's key is NN.p, NN.q or NN.w and its number, as in '04.q1'", key)
    return f"{_TASK_WORDS[match[1]]} {int(match[2])}"


def _bad(message: str, value: Any) -> InvalidArgumentError:
    return InvalidArgumentError(message, input=_check.short(value) if isinstance(value, str) else value)


def _text(value: Any, limit: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(f"{what} must be a text of at most {limit} characters", value)
    return value


def _number(value: Any, what: str, lo: int = 0) -> int:
    return _check.whole(value, lo, _MAX_NUMBER, what)


def _game_value(value: Any, what: str) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _check.whole(value, -_MAX_NUMBER, _MAX_NUMBER, what)
    if isinstance(value, str):
        return _text(value, _MAX_TEXT, what)
    raise _bad(f"{what} must be a whole number, a short text, True, False or None", value)


def _record(record: Any, lesson: str, where: str) -> dict[str, Any]:
    """A checked copy of one record (raises InvalidArgumentError naming ``where``)."""
    if not isinstance(record, Mapping):
        raise _bad(f"{where} must be a dict with 'key' and 'kind'", record)
    key, kind = record.get("key"), record.get("kind")
    match = _KEY.fullmatch(key) if isinstance(key, str) else None
    if match is None:
        raise _bad(f"{where}: the key must be the lesson's two digits, a dot and a name, like '04.q2'", key)
    if match.group(1) != lesson:
        raise _bad(f"{where}: the key belongs to lesson {match.group(1)}, not lesson {lesson}", key)
    if kind not in KINDS:
        raise _bad(f"{where} ({key}): the kind must be one of {', '.join(KINDS)}", kind)
    task = _TASK.fullmatch(match.group(2))
    if task is not None and _TASK_KINDS[task.group(1)] != kind and not (kind == "player" and task.group(1) == "q"):
        raise _bad(f"{where} ({key}): a key like NN.{task.group(1)}K names a {_TASK_KINDS[task.group(1)]}, "
                   f"not a {kind}", kind)
    out: dict[str, Any] = {"key": key, "kind": kind}
    if kind == "game":
        game = record.get("game")
        if game not in GAMES:
            raise _bad(f"{where} ({key}): the game must be one of {', '.join(GAMES)}", game)
        out["game"] = game
        extra = [name for name in record if name not in ("key", "kind", "game")]
        if len(extra) > 12:
            raise _bad(f"{where} ({key}): a game record has at most 12 numbers", len(extra))
        for name in _GAME_FIELDS.get(game, ()):
            if name not in record:
                raise _bad(f"{where} ({key}): a {game} record needs the field {name!r}", sorted(record))
        for name in extra:
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", name, re.ASCII):
                raise _bad(f"{where} ({key}): a field name must be a short lower-case name", name)
            out[name] = _game_value(record[name], f"{where} ({key}): {name}")
        if game == "dice":
            for name in ("seed", "boards", "score", "computer"):
                _number(out[name], f"{where} ({key}): {name}")
            _check.whole(out["boards"], 1, 100, f"{where} ({key}): boards")
            if out["policy"] is not None and not isinstance(out["policy"], str):
                raise _bad(f"{where} ({key}): policy must be a short text or None", out["policy"])
        elif game == "fifteens":
            for name in ("seed", "deals", "wins"):
                _number(out[name], f"{where} ({key}): {name}")
            _check.whole(out["deals"], 1, _MAX_NUMBER, f"{where} ({key}): deals")
            _check.whole(out["wins"], 0, out["deals"], f"{where} ({key}): wins (at most the deals)")
            if not isinstance(out["strategy"], str) or not out["strategy"]:
                raise _bad(f"{where} ({key}): strategy must be a strategy's name", out["strategy"])
        return out
    if kind == "player":
        unknown = sorted(str(name) for name in record if name not in ("key", "kind", "game", "source"))
        if unknown:
            raise _bad(f"{where} ({key}): a player record has no field {unknown[0]!r}", unknown)
        if record.get("game") not in PLAYER_GAMES:
            raise _bad(f"{where} ({key}): a player's game must be one of {', '.join(PLAYER_GAMES)}",
                       record.get("game"))
        out["game"] = record["game"]
        out["source"] = _text(record.get("source"), MAX_SOURCE, f"{where} ({key}): the player's source")
        return out
    allowed = _FIELDS[kind]
    unknown = sorted(str(name) for name in record if name not in ("key", "kind", *allowed))
    if unknown:
        raise _bad(f"{where} ({key}): a {kind} record has no field {unknown[0]!r}", unknown)
    for name in allowed:
        if name not in record:
            raise _bad(f"{where} ({key}): a {kind} record needs the field {name!r}", sorted(map(str, record)))
    limit = _MAX_WHY if kind == "why" else _MAX_ANSWER
    out["answer"] = _text(record["answer"], limit, f"{where} ({key}): the answer")
    if kind == "prediction":
        out["truth"] = _text(record["truth"], _MAX_ANSWER, f"{where} ({key}): the truth")
    elif kind == "check":
        out["tries"] = _number(record["tries"], f"{where} ({key}): tries")
        out["correct"] = _check.flag(record["correct"], f"{where} ({key}): correct")
        out["first"] = _check.flag(record["first"], f"{where} ({key}): first")
        wrong = record["wrong"]
        if not isinstance(wrong, (list, tuple)) or len(wrong) > _MAX_WRONG:
            raise _bad(f"{where} ({key}): wrong must be a list of at most {_MAX_WRONG} texts", wrong)
        out["wrong"] = [_text(w, _MAX_ANSWER, f"{where} ({key}): wrong answer {i + 1}") for i, w in enumerate(wrong)]
        if out["first"] and not out["correct"]:
            raise _bad(f"{where} ({key}): 'first' (right at the first try) needs 'correct'", record["first"])
        if out["correct"] and out["tries"] < 1:
            raise _bad(f"{where} ({key}): a correct answer needs at least one try", out["tries"])
    return out


@dataclass(frozen=True)
class PupilResults:
    """One pupil's (or pair's) results of one lesson.

    Args:
        lesson: the lesson's two digits, ``"04"``.
        pupil: the names or pair number the pupil typed (1 to 60 characters, not only spaces).
        records: the records (see the module's description), at most :data:`MAX_RECORDS`, one per key; each is
            checked and copied (a tuple of new dicts).

    Raises InvalidArgumentError naming what is wrong, and the record by its position (``"record 3"``, from 1).

    >>> PupilResults("05", "pair 7", ({"key": "05.w1", "kind": "why", "answer": "More games."},)).keys()
    ('05.w1',)
    >>> PupilResults("05", "pair 7", ({"key": "04.w1", "kind": "why", "answer": ""},))
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: record 1: the key belongs to lesson 04, not lesson 05 (input: '04.w1')
    """

    lesson: str
    pupil: str
    records: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.lesson, str) or not _LESSON.fullmatch(self.lesson):
            raise _bad("the lesson must be its two digits, like '04'", self.lesson)
        _check.text(self.pupil, _MAX_PUPIL, "the pupil's name (or pair number)", empty=False)
        if any(unicodedata.category(c).startswith("C") for c in self.pupil):
            raise _bad("the pupil's name must not hold control characters", self.pupil)
        raw = _check.items(self.records, MAX_RECORDS, "the records")
        checked: list[dict[str, Any]] = []
        seen: set[str] = set()
        for i, record in enumerate(raw, start=1):
            one = _record(record, self.lesson, f"record {i}")
            if one["key"] in seen:
                raise _bad(f"record {i} repeats the key {one['key']}", one["key"])
            seen.add(one["key"])
            checked.append(one)
        object.__setattr__(self, "records", tuple(checked))

    def keys(self) -> tuple[str, ...]:
        """The records' keys, in order."""
        return tuple(r["key"] for r in self.records)

    def record(self, key: str) -> dict[str, Any] | None:
        """The record with ``key`` (a copy), or None if the pupil has none.

        >>> PupilResults("05", "A", ()).record("05.q1") is None
        True
        """
        _check.text(key, 40, "the key")
        for r in self.records:
            if r["key"] == key:
                return dict(r)
        return None


# -- the file ------------------------------------------------------------------------------------------------------
def to_json(results: PupilResults) -> str:
    """The results file's text: ``{"format", "version", "lesson", "pupil", "records"}`` as indented JSON.

    Raises InvalidArgumentError unless ``results`` is a :class:`PupilResults`.

    >>> '"format": "fifteen-kit results"' in to_json(PupilResults("04", "Ana", ()))
    True
    """
    _results(results)
    data = {"format": FILE_FORMAT, "version": _VERSION, "lesson": results.lesson, "pupil": results.pupil,
            "records": list(results.records)}
    return json.dumps(data, ensure_ascii=False, indent=1)


class _Repeated(Exception):
    """A JSON object that gives a name twice (its name)."""


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise _Repeated(_check.short(name, 40))
        out[name] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number of a results file")


def from_json(text: str | bytes) -> PupilResults:
    """The results a file written by :func:`to_json` holds (its text, or its bytes as UTF-8).

    Raises InvalidArgumentError for text that is not JSON (``NaN`` and ``Infinity`` are not), a name given twice
    in one object (``"pupil"`` twice: which one would count?), not a fifteen-kit results file, a newer version, or
    a bad lesson, pupil or record (named by position).

    >>> from_json('{"format": "fifteen-kit results", "version": 1, "lesson": "04", "pupil": "Ana", "records": []}')
    PupilResults(lesson='04', pupil='Ana', records=())
    >>> from_json("[1, 2]")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: this is not a fifteen-kit results file (input: '[1, 2]')
    """
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        if len(raw) > _MAX_FILE:
            raise _bad(f"a results file is at most {_MAX_FILE} bytes", len(raw))
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _bad("a results file is text in UTF-8", raw[:40]) from None
    _text(text, _MAX_FILE, "a results file")
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except _Repeated as exc:
        raise _bad(f"this results file is refused: it gives {exc.args[0]!r} twice (one pupil's results say each "
                   "thing once; was the file edited?)", exc.args[0]) from None
    except (ValueError, RecursionError):
        raise _bad("this is not a results file: it is not JSON", text) from None
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise _bad("this is not a fifteen-kit results file", text)
    version = data.get("version")
    if not _check.is_whole(version) or version < 1:
        raise _bad("the results file has no valid version", version)
    if version > _VERSION:
        raise _bad(f"the results file is of version {version}; this kit reads version {_VERSION}: update the kit",
                   version)
    records = data.get("records")
    if not isinstance(records, list):
        raise _bad("the results file has no list of records", records)
    return PupilResults(data.get("lesson"), data.get("pupil"), tuple(records))  # type: ignore[arg-type]


def results_file_name(results: PupilResults) -> str:
    """A file name for the results: ``results-<lesson>-<pupil, lower case, letters and digits>.json``.

    >>> results_file_name(PupilResults("04", "Ana & Ben (pair 3)", ()))
    'results-04-ana-ben-pair-3.json'
    """
    _results(results)
    plain = unicodedata.normalize("NFKD", results.pupil).encode("ascii", "ignore").decode().lower()
    slug = "-".join(re.findall(r"[a-z0-9]+", plain))[:40].strip("-") or "pupil"
    return f"results-{results.lesson}-{slug}.json"


def _results(results: Any) -> PupilResults:
    if not isinstance(results, PupilResults):
        raise _bad("expected a pupil's results (a PupilResults)", results)
    return results


# -- the code ------------------------------------------------------------------------------------------------------
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_VALUE = {c: i for i, c in enumerate(_ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0, "U": _VALUE["V"]})  # look-alikes a pupil may type
_CHECK = 32749  # a prime below 32 ** 3: the three check characters hold the code's value modulo it
_CHECK_CHARS = 3
_GROUP = 5
_CODE_TEXT = 30  # a typed answer keeps this many characters in a code
_CODE_VERSION = 1
_MAX_TASK = 63  # task numbers up to this are coded by a presence bitmap (larger ones, like other keys, by name)
# texts (after 2 bits saying how): numbers in 4-bit symbols (15 ends), anything else in 6-bit symbols (0 ends, 1
# makes the next letter a capital, 2 is followed by 21 bits of any character, 63 by a word of _WORDS), or a word
# of _WORDS and the rest
_NUMERIC = "0123456789./%- "
_SYMBOLS = "   " + " 0123456789abcdefghijklmnopqrstuvwxyz" + ".,/%-+'?!()&:;=<>*#\"_@$"  # 63: a word follows
_SYMBOL = {c: i for i, c in enumerate(_SYMBOLS) if i >= 3}
# words that recur in answers and game records (each coded in 6 bits; a text may start with one, then more)
_WORDS = ("game", "pool", "_", "random", "fewest", "most", "options", "thoughtful", "optimal", "greedy", "cautious",
          "pair ", "dice", "fifteens", "strategy", "seed", "stop", "roll", "yes", "no", "cannot tell", "more often",
          "less often", "the ", "player", "exactly", "close to it", "far from it", " is better", "both", "nobody",
          "I don't know", "blue", "yellow", "red", "green", "white", "black", " and ", ", ", " only", "top ",
          "middle", "bottom ", "left", "right", "centre", "first", "second", "wins", "Ivory", "Onyx", "a draw",
          "sums", "near ", " from this study", "expected score", "magic constant", "small ", "large ", "a loop",
          "-first", "stuck: no move at all", "you can play on")


class _Bits:
    """A stream of bits: written by ``put`` and friends, read back in the same order by ``get`` and friends."""

    def __init__(self, value: int = 0, length: int = 0) -> None:
        self.value, self.length, self.read = value, length, 0

    def put(self, value: int, width: int) -> None:
        """Append ``value`` in ``width`` bits."""
        self.value = (self.value << width) | value
        self.length += width

    def get(self, width: int) -> int:
        """The next ``width`` bits as a number (ValueError past the end)."""
        if self.read + width > self.length:
            raise ValueError("the code ends too soon")
        self.read += width
        return (self.value >> (self.length - self.read)) & ((1 << width) - 1)

    def put_number(self, value: int) -> None:
        """Append a whole number: zig-zag (signs), then 4 bits at a time, each after a "more" bit."""
        value = 2 * value if value >= 0 else -2 * value - 1
        chunks = []
        while True:
            chunks.append(value & 15)
            value >>= 4
            if not value:
                break
        for i, chunk in enumerate(reversed(chunks)):
            self.put(int(i < len(chunks) - 1), 1)
            self.put(chunk, 4)

    def get_number(self) -> int:
        """The next whole number."""
        value = 0
        for _ in range(12):  # at most 48 bits: the kit's numbers are below 10**12 in size
            more = self.get(1)
            value = (value << 4) | self.get(4)
            if not more:
                return value // 2 if value % 2 == 0 else -(value + 1) // 2
        raise ValueError("a number in the code is too long")

    def put_text(self, text: str) -> None:
        """Append a text (see the comment above _NUMERIC)."""
        word = max((w for w in _WORDS if text.startswith(w)), key=len, default=None)
        if word is not None:  # a word of the table, then the rest of the text
            self.put(2, 2)
            self.put(_WORDS.index(word), 6)
            self.put_text(text[len(word):])
        elif all(c in _NUMERIC for c in text):
            self.put(0, 2)
            for c in text:
                self.put(_NUMERIC.index(c), 4)
            self.put(15, 4)
        else:
            self.put(1, 2)
            place = 0
            while place < len(text):
                word = max((w for w in _WORDS if len(w) > 2 and text.startswith(w, place)), key=len, default=None)
                if word is not None:
                    self.put(63, 6)
                    self.put(_WORDS.index(word), 6)
                    place += len(word)
                    continue
                c = text[place]
                place += 1
                if c in _SYMBOL:
                    self.put(_SYMBOL[c], 6)
                elif c.isascii() and c.isupper():
                    self.put(1, 6)
                    self.put(_SYMBOL[c.lower()], 6)
                else:
                    self.put(2, 6)
                    self.put(ord(c), 21)
            self.put(0, 6)

    def get_text(self, limit: int) -> str:
        """The next text (ValueError if longer than ``limit``)."""
        out: list[str] = []
        mode = self.get(2)
        while mode == 2 and len(out) <= limit:
            out.append(_WORDS[self.get(6)])
            mode = self.get(2)
        if mode == 0:
            while (symbol := self.get(4)) != 15 and len(out) <= limit:
                out.append(_NUMERIC[symbol])
        elif mode == 1:
            while (symbol := self.get(6)) and len(out) <= limit:
                if symbol == 63:
                    out.append(_WORDS[self.get(6)])
                elif symbol == 1:
                    shifted = self.get(6)
                    letter = _SYMBOLS[shifted] if shifted < len(_SYMBOLS) else ""
                    if not ("a" <= letter <= "z"):
                        raise ValueError("a capital that is not a letter")
                    out.append(letter.upper())
                elif symbol == 2:
                    point = self.get(21)
                    if point > 0x10FFFF:
                        raise ValueError("not a character")
                    out.append(chr(point))
                else:
                    out.append(_SYMBOLS[symbol])
        else:
            raise ValueError("not a text")
        text = "".join(out)
        if len(text) > limit:
            raise ValueError("a text in the code is too long")
        return text


def _put_record(bits: _Bits, record: dict[str, Any]) -> None:
    kind = record["kind"]
    if kind == "prediction":
        bits.put_text(record["answer"][:_CODE_TEXT])
    elif kind == "check":
        wrong = [w[:_CODE_TEXT] for w in record["wrong"]]
        bits.put_number(record["tries"])
        bits.put(int(record["correct"]), 1)
        bits.put(int(record["first"]), 1)
        bits.put(len(wrong), 3)
        for w in wrong:
            bits.put_text(w)
        if not record["correct"]:
            answer = record["answer"][:_CODE_TEXT]
            same = bool(wrong) and answer == wrong[-1]
            bits.put(int(same), 1)
            if not same:
                bits.put_text(answer)
    elif kind == "game":
        bits.put(GAMES.index(record["game"]), 2)
        known = _GAME_FIELDS.get(record["game"], ())
        for name in known:
            _put_value(bits, record[name])
        rest = [name for name in record if name not in ("key", "kind", "game", *known)]
        bits.put_number(len(rest))
        for name in rest:
            bits.put_text(name)
            _put_value(bits, record[name])


def _put_value(bits: _Bits, value: Any) -> None:
    if value is None:
        bits.put(0, 2)
    elif isinstance(value, bool):
        bits.put(1, 2)
        bits.put(int(value), 1)
    elif isinstance(value, int):
        bits.put(2, 2)
        bits.put_number(value)
    else:
        bits.put(3, 2)
        bits.put_text(value)


def _get_value(bits: _Bits) -> Any:
    tag = bits.get(2)
    if tag == 0:
        return None
    if tag == 1:
        return bool(bits.get(1))
    return bits.get_number() if tag == 2 else bits.get_text(_MAX_TEXT)


def _get_record(bits: _Bits, key: str, kind: str) -> dict[str, Any]:
    record: dict[str, Any] = {"key": key, "kind": kind}
    if kind == "prediction":
        record.update(answer=bits.get_text(_CODE_TEXT), truth="")
    elif kind == "why":
        record["answer"] = ""
    elif kind == "check":
        tries, correct, first, count = bits.get_number(), bool(bits.get(1)), bool(bits.get(1)), bits.get(3)
        wrong = [bits.get_text(_CODE_TEXT) for _ in range(count)]
        answer = ""
        if not correct:
            answer = wrong[-1] if bits.get(1) and wrong else bits.get_text(_CODE_TEXT)
        record.update(answer=answer, tries=tries, correct=correct, first=first, wrong=wrong)
    else:
        game = GAMES[bits.get(2)]
        record["game"] = game
        for name in _GAME_FIELDS.get(game, ()):
            record[name] = _get_value(bits)
        count = bits.get_number()
        if not 0 <= count <= 12:
            raise ValueError("too many numbers in a game record")
        for _ in range(count):
            name = bits.get_text(20)
            record[name] = _get_value(bits)
    return record


def _task_number(record: dict[str, Any]) -> tuple[str, int] | None:
    match = _TASK.fullmatch(record["key"][3:])
    if match is None or int(match.group(2)) > _MAX_TASK or str(int(match.group(2))) != match.group(2):
        return None
    return match.group(1), int(match.group(2))


def _pack(results: PupilResults) -> _Bits:
    bits = _Bits()
    bits.put(_CODE_VERSION, 3)
    bits.put(int(results.lesson), 7)
    bits.put_text(results.pupil)
    tasks: dict[tuple[str, int], dict[str, Any]] = {}
    others = []
    for record in results.records:
        if record["kind"] not in _CODE_KINDS:
            continue  # a player's source text goes in the file only
        number = _task_number(record)
        if number is None:
            others.append(record)
        else:
            tasks[number] = record
    for letter in "pqw":
        top = max((n for (kind, n) in tasks if kind == letter), default=0)
        bits.put(top, 6)
        for n in range(1, top + 1):
            bits.put(int((letter, n) in tasks), 1)
    for number in sorted(tasks, key=lambda t: ("pqw".index(t[0]), t[1])):
        _put_record(bits, tasks[number])
    bits.put_number(len(others))
    for record in others:
        bits.put(_CODE_KINDS.index(record["kind"]), 2)
        bits.put_text(record["key"][3:])
        _put_record(bits, record)
    return bits


def _unpack(bits: _Bits) -> PupilResults:
    if bits.get(3) != _CODE_VERSION:
        raise ValueError("not a code of this version")
    lesson = f"{bits.get(7):02d}"
    pupil = bits.get_text(_MAX_PUPIL)
    present = []
    for letter in "pqw":
        top = bits.get(6)
        present += [(letter, n) for n in range(1, top + 1) if bits.get(1)]
    records = [_get_record(bits, f"{lesson}.{letter}{n}", _TASK_KINDS[letter]) for letter, n in present]
    count = bits.get_number()
    if not 0 <= count <= MAX_RECORDS:
        raise ValueError("too many records")
    for _ in range(count):
        kind = _CODE_KINDS[bits.get(2)]
        records.append(_get_record(bits, f"{lesson}.{bits.get_text(16)}", kind))
    if bits.length - bits.read >= _GROUP or bits.get(bits.length - bits.read) != 0:
        raise ValueError("the code goes on after its end")
    return PupilResults(lesson, pupil, tuple(records))


def _check_value(digits: list[int]) -> int:
    total = 0
    for d in digits:
        total = (total * 32 + d) % _CHECK
    return total


def _value_of(digits: list[int]) -> int:
    value = 0
    for d in digits:
        value = value * 32 + d
    return value


def _check_digits(check: int) -> list[int]:
    return [(check >> shift) & 31 for shift in range(5 * (_CHECK_CHARS - 1), -1, -5)]


def to_code(results: PupilResults) -> str:
    """The results as a short code: ``"F15-"`` then groups of five base-32 characters joined by ``"-"``.

    What the code keeps: the lesson, the pupil, which tasks were answered; each prediction's guess, each
    exercise's tries, right first time and right in the end, and its wrong answers (and the last answer if it was
    not right); every game record.  What it leaves out: the kit's truths (the same for everyone), the text of "why"
    answers and of right answers, and handed-in players (a source text of up to 50,000 characters does not fit a
    code that is read out or typed: players are handed in as the file); typed answers keep their first 30
    characters.  A lesson's usual results (lesson
    04: 16 predictions, 5 exercises, 3 why questions and a game) give a code of 22 to 30 groups of five.

    Raises InvalidArgumentError unless ``results`` is a :class:`PupilResults`.

    >>> to_code(PupilResults("04", "Ana", ({"key": "04.w1", "kind": "why", "answer": "Because."},)))
    'F15-4484W-V7000-01G0Z-EM'
    """
    _results(results)
    bits = _pack(results)
    bits.put(0, -bits.length % 5)
    digits = [(bits.value >> shift) & 31 for shift in range(bits.length - 5, -1, -5)]
    check = _check_value(digits)
    digits += _check_digits(check)
    text = "".join(_ALPHABET[d] for d in digits)
    return CODE_PREFIX + "-".join(text[i:i + _GROUP] for i in range(0, len(text), _GROUP))


def _group_of(index: int) -> int:
    return index // _GROUP + 1


def _decode(digits: list[int]) -> PupilResults:
    """The results the digits (without the check characters) encode; ValueError (or a kit error) if none."""
    return _unpack(_Bits(_value_of(digits), 5 * len(digits)))


def from_code(code: str) -> PupilResults:
    """The results a code from :func:`to_code` holds, as far as the code keeps them (see :func:`to_code`).

    A prediction comes back with ``truth`` ``""``, a "why" answer and a right answer with ``answer`` ``""``;
    the records come in task order (predictions, exercises, why questions, then the rest as they were).
    Forgiving of how it was typed: any case, spaces or dashes anywhere, the ``F15-`` prefix left out, and I, L,
    O, U read as 1, 1, 0, V.  Raises NotationError saying what is wrong: a character that is not in the code's
    alphabet (by group and place), a group of the wrong length, a code too short, or a check that fails -- then
    naming the group to look at again when one single mistyped character explains the failure.

    >>> from_code("f15 4484w v7ooo o1g0z em")
    PupilResults(lesson='04', pupil='Ana', records=({'key': '04.w1', 'kind': 'why', 'answer': ''},))
    >>> from_code("F15-4484W-V7000-01G1Z-EM")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.NotationError: the code's check fails: look again at group 3 (01G1Z) (input: ...)
    """
    _check.text(code, _MAX_CODE, "the code", NotationError)
    original = code
    text = code.strip().upper()
    text = re.sub(r"^F\s*1\s*5\s*[-\s]+", "", text) if re.match(r"F\s*1\s*5\s*[-\s]", text) else text
    groups = [g for g in re.split(r"[-\s]+", text) if g]
    if not groups:
        raise NotationError("the code is empty", input=_check.short(original))
    digits: list[int] = []
    for number, group in enumerate(groups, start=1):
        for place, char in enumerate(group, start=1):
            if char not in _VALUE:
                raise NotationError(f"group {number} has {char!r} at place {place}, which is not in a code "
                                    "(codes use the digits and the letters A-Z without I, L, O, U)",
                                    input=_check.short(original))
            digits.append(_VALUE[char])
    if len(digits) < _CHECK_CHARS + 3:
        raise NotationError("the code is too short", input=_check.short(original))
    body, check = digits[:-_CHECK_CHARS], _value_of(digits[-_CHECK_CHARS:])
    if _check_value(body) != check:
        if len(groups) > 1:  # typed in groups: a group of the wrong length shows where a character went missing
            for number, group in enumerate(groups, start=1):
                if len(group) != _GROUP and (number < len(groups) or len(group) > _GROUP):
                    raise NotationError(f"the code's check fails: group {number} ({group}) has {len(group)} "
                                        f"characters, not {_GROUP}", input=_check.short(original))
        suspects = _suspects(digits)
        if 1 <= len(suspects) <= 3:
            regular = all(len(g) == _GROUP for g in groups[:-1]) and len(groups) > 1
            named = " or ".join(f"group {n} ({groups[n - 1]})" if regular
                                else f"characters {_GROUP * n - 4} to {_GROUP * n}" for n in suspects)
            raise NotationError(f"the code's check fails: look again at {named}", input=_check.short(original))
        raise NotationError("the code's check fails: a character is mistyped, missing or extra",
                            input=_check.short(original))
    try:
        return _decode(body)
    except (ValueError, RecursionError) as exc:
        raise NotationError("the code's characters are valid but it holds no results: was it made by this "
                            "kit's 'Save my results'?", input=_check.short(original)) from exc


def _suspects(digits: list[int]) -> list[int]:
    """The groups in which changing one character gives a code that passes the check and decodes."""
    body = digits[:-_CHECK_CHARS]
    miss = (_value_of(digits[-_CHECK_CHARS:]) - _check_value(body)) % _CHECK
    found: set[int] = set()
    weight = 1  # 32 ** (distance from the body's last digit) modulo the check
    for index in range(len(body) - 1, -1, -1):
        for value in range(32):
            if value != body[index] and (value - body[index]) * weight % _CHECK == miss:
                try:
                    _decode([*body[:index], value, *body[index + 1:]])
                except (ValueError, RecursionError):
                    continue
                found.add(_group_of(index))
        weight = weight * 32 % _CHECK
    for index in range(len(body), len(digits)):  # a mistyped check character: the body decodes as it is
        for value in range(32):
            trial = [*digits[:index], value, *digits[index + 1:]]
            if value != digits[index] and _check_value(body) == _value_of(trial[len(body):]):
                try:
                    _decode(body)
                except (ValueError, RecursionError):
                    continue
                found.add(_group_of(index))
    return sorted(found)
