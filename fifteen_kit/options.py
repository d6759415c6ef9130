"""Setup choices declared once: each game's options as typed :class:`Option` entries.

An option (who drafts first, what a match target counts, which reading of a rule...) is a ``Literal``
alias or an enum with, for each value, the label a board shows, plus its default, the rulebook section
it comes from and a help text (a board's tooltip).  Everything else is built from that one declaration:
the engine checks arguments with :meth:`Option.check`, a board builds its menu from :meth:`Option.menu`
and its tooltip from :attr:`Option.help`, tests draw random choices from :attr:`Option.choices`, and
the rule-readings table of ``docs/rule_readings.md`` is written by :func:`table`
(``python -m fifteen_kit.options`` rewrites it; a test checks it is current).

Each game keeps its declarations beside the rules they set, in an ``OPTIONS`` mapping (name -> Option):
``fifteen_kit.game_of_15.match.OPTIONS``, ``fifteen_kit.nasty15.game.OPTIONS``,
``fifteen_kit.fifteens.rules.OPTIONS`` and ``fifteen_kit.five_by_15.rules.OPTIONS``.

>>> from typing import Literal
>>> Speed = Literal["slow", "fast"]
>>> SPEED = Option.declare(Speed, {"slow": "Slow (1 s)", "fast": "Fast"}, name="speed", title="Speed",
...                        section="2.6.3", help="How fast the computer answers")
>>> SPEED.default, SPEED.choices, SPEED.menu()
('slow', ('slow', 'fast'), [('Slow (1 s)', 'slow'), ('Fast', 'fast')])
>>> SPEED.check("fast")
'fast'
>>> SPEED.check("quick")
Traceback (most recent call last):
    ...
fifteen_kit.errors.InvalidArgumentError: speed must be one of 'slow', 'fast' (input: 'quick')
"""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar, get_args

from . import _check
from .errors import FifteenKitError, InvalidArgumentError

__all__ = ["Option", "table", "write_tables"]

_T = TypeVar("_T")

#: Longest text an alias is looked up for (longer text is refused unread).
_ALIAS_TEXT = 40


@dataclass(frozen=True)
class Option(Generic[_T]):
    """One setup choice of a game: its values, their labels, default, rulebook section and help text.

    Build one with :meth:`declare` from a ``Literal`` alias or an enum, so the values are the type's own.

    Attributes:
        name: the argument or field name (``'first'``), as in error messages.
        title: the short label of a board's menu (``'First'``).
        choices: every value, in menu order (the type's order).
        labels: the label a board shows for each value, in the same order.
        default: the value used when none is given (the literal reading where the rulebook is ambiguous).
        section: the rulebook section(s) the choice comes from (``'2.2'``).
        help: one sentence for a tooltip and the docs table.
        aliases: other inputs accepted for a value (e.g. ``None`` for the coin flip); text (a choice or an
            alias) is matched ignoring case and surrounding spaces.

    >>> from fifteen_kit.game_of_15.match import OPTIONS
    >>> OPTIONS["first"].label("high_tile")
    'Draw a high tile'
    """

    name: str
    title: str
    choices: tuple[_T, ...]
    labels: tuple[str, ...]
    default: _T
    section: str
    help: str
    aliases: tuple[tuple[Any, _T], ...] = field(default=())

    def __post_init__(self) -> None:
        for value, what in ((self.name, "name"), (self.title, "title"), (self.section, "section"),
                            (self.help, "help")):
            _check.text(value, 500, f"the option's {what}", empty=False)
        if not isinstance(self.choices, tuple) or not self.choices:
            raise InvalidArgumentError(f"the choices of option {self.name} must be a tuple of values",
                                       input=_check.short(self.choices))
        if not isinstance(self.labels, tuple) or len(self.labels) != len(self.choices):
            raise InvalidArgumentError(f"option {self.name} needs one label per choice",
                                       input=_check.short(self.labels))
        for label in self.labels:
            _check.text(label, 200, f"a label of option {self.name}", empty=False)
        _check.choice(self.default, self.choices, f"the default of {self.name}")
        if not isinstance(self.aliases, tuple):
            raise InvalidArgumentError(f"the aliases of option {self.name} must be a tuple of pairs",
                                       input=_check.short(self.aliases))
        for pair in self.aliases:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise InvalidArgumentError(f"an alias of option {self.name} is an (input, choice) pair",
                                           input=_check.short(pair))
            _check.choice(pair[1], self.choices, f"an alias's value of {self.name}")

    @classmethod
    def declare(cls, kind: Any, labels: Mapping[Any, str], *, name: str, title: str, section: str, help: str,
                default: Any = None, aliases: Mapping[Any, Any] | None = None) -> Option[Any]:
        """An option whose values are those of ``kind`` (a ``Literal`` alias or an enum), labelled by ``labels``.

        ``labels`` must name every value of ``kind`` exactly once; ``default`` (None: the first value) must be
        one of them, and so must every alias's value.  Raises InvalidArgumentError otherwise, so a value
        added to the type without a label fails at import, not in a menu.

        >>> import enum
        >>> class Colour(enum.Enum):
        ...     RED = "R"
        ...     BLUE = "B"
        >>> Option.declare(Colour, {Colour.RED: "Red", Colour.BLUE: "Blue"}, name="colour", title="Colour",
        ...                section="1.2", help="Your colour").choices
        (<Colour.RED: 'R'>, <Colour.BLUE: 'B'>)
        """
        _check.text(name, 500, "the option's name", empty=False)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            choices: tuple[Any, ...] = tuple(kind)
        else:
            choices = get_args(kind)
        if not choices:
            raise InvalidArgumentError("an option's kind is a Literal alias or an enum", input=_check.short(kind))
        if not isinstance(labels, Mapping) or len(labels) != len(choices) or any(c not in labels for c in choices):
            raise InvalidArgumentError(f"the labels of option {name} must name exactly "
                                       f"{', '.join(map(repr, choices))}", input=_check.short(labels))
        if aliases is not None and not isinstance(aliases, Mapping):
            raise InvalidArgumentError(f"the aliases of option {name} must be a mapping", input=_check.short(aliases))
        pairs = tuple((aliases or {}).items())
        return cls(name=name, title=title, choices=choices, labels=tuple(labels[c] for c in choices),
                   default=choices[0] if default is None else default, section=section, help=help,
                   aliases=pairs)

    def check(self, value: Any, position: str | None = None) -> _T:
        """``value`` as one of :attr:`choices` (a choice itself or one of its :attr:`aliases`).

        The one validation of an option, used by the engine and the boards alike.  Raises
        InvalidArgumentError naming the option, the accepted values and the input (and ``position``, the
        notation of the position it was tried in, if given).

        >>> from fifteen_kit.game_of_15.match import OPTIONS
        >>> OPTIONS["first"].check(None), OPTIONS["first"].check(" Ivory ")
        ('coin', 'I')
        """
        if position is not None:
            _check.text(position, 1000, "the position named in an error")
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        key = value.strip().lower() if isinstance(value, str) and len(value) <= _ALIAS_TEXT else None
        for choice in self.choices:
            if key is not None and isinstance(choice, str) and key == choice.lower():
                return choice
        for alias, choice in self.aliases:
            if (type(value) is type(alias) and value == alias) or (key is not None and isinstance(alias, str)
                                                                    and key == alias.lower()):
                return choice
        raise InvalidArgumentError(f"{self.name} must be one of {', '.join(map(repr, self.choices))}",
                                   input=_check.short(value), position=position)

    def label(self, value: Any) -> str:
        """The label a board shows for ``value`` (checked as :meth:`check` does).

        >>> from fifteen_kit.game_of_15.match import OPTIONS
        >>> OPTIONS["count"].label("points")
        'First to N points (2.8)'
        """
        return self.labels[self.choices.index(self.check(value))]

    def menu(self) -> list[tuple[str, _T]]:
        """``(label, value)`` pairs in order, as an ipywidgets ``Dropdown`` or ``ToggleButtons`` takes them.

        >>> from fifteen_kit.game_of_15.match import OPTIONS
        >>> OPTIONS["wrong_statement"].menu()
        [('does not count', 'void'), ('is a false claim', 'false')]
        """
        return list(zip(self.labels, self.choices, strict=True))


def _shown(value: object) -> str:
    return f"`{value.value if isinstance(value, enum.Enum) else value!r}`"


def table(options: Mapping[str, Option[Any]] | Iterable[Option[Any]]) -> str:
    """A Markdown table of ``options``: name, rulebook section, choices with labels (default first), help.

    This is the table ``docs/rule_readings.md`` shows for each game (see :func:`write_tables`).
    Raises InvalidArgumentError unless every item is an :class:`Option`.

    >>> from fifteen_kit.five_by_15.rules import OPTIONS
    >>> header, rule, row = table(OPTIONS).splitlines()
    >>> header
    '| option | section | choices (default first) | what it sets |'
    >>> row.split(" | ")[:3]
    ['| `level`', 'Levels', '**`1`** (1 (shift 3+)), `2` (2 (shift 4+)), `3` (3 (shift 5+))']
    """
    items = list(options.values()) if isinstance(options, Mapping) else _check.items(options, 1000, "options")
    rows = ["| option | section | choices (default first) | what it sets |", "|---|---|---|---|"]
    for option in items:
        if not isinstance(option, Option):
            raise InvalidArgumentError("every option must be an Option", input=_check.short(option))
        order = [option.default] + [c for c in option.choices if c != option.default]
        shown = ", ".join(("**" + _shown(c) + "**" if c == option.default else _shown(c)) + f" ({option.label(c)})"
                          for c in order)
        rows.append(f"| `{option.name}` | {option.section} | {shown} | {option.help} |")
    return "\n".join(rows)


def _games() -> dict[str, Mapping[str, Option[Any]]]:
    from .fifteens.rules import OPTIONS as fifteens
    from .five_by_15.rules import OPTIONS as five_by_15
    from .game_of_15.match import OPTIONS as game_of_15
    from .nasty15.game import OPTIONS as nasty15
    return {"game_of_15": game_of_15, "nasty15": nasty15, "fifteens": fifteens, "five_by_15": five_by_15}


def write_tables(text: str) -> str:
    """``text`` with the table between ``<!-- options:GAME -->`` and ``<!-- /options -->`` made current.

    GAME is ``game_of_15``, ``nasty15``, ``fifteens`` or ``five_by_15``.  Raises InvalidArgumentError for
    text that is not a string or names an unknown game.

    >>> write_tables("<!-- options:fifteens -->\\nold\\n<!-- /options -->").splitlines()[1]
    '| option | section | choices (default first) | what it sets |'
    """
    _check.text(text, 10**6, "text")
    games = _games()

    def current(found: re.Match[str]) -> str:
        game = found.group(1)
        if game not in games:
            raise FifteenKitError(f"no options are declared for {game!r}", input=game)
        return f"<!-- options:{game} -->\n{table(games[game])}\n<!-- /options -->"

    try:
        return re.sub(r"<!-- options:(\w+) -->\n.*?<!-- /options -->", current, text, flags=re.S)
    except FifteenKitError as err:
        raise InvalidArgumentError(err.message, input=err.input) from None


def _main(argv: list[str]) -> None:
    # python -m fifteen_kit.options [file]: rewrite the tables of docs/rule_readings.md (or of ``file``)
    from fifteen_kit import options  # the package's own module (this file runs as __main__, a second copy)

    path = Path(argv[0] if argv else "docs/rule_readings.md")
    path.write_text(options.write_tables(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    _main(sys.argv[1:])
