"""Seeded series of games for pupils' players: :func:`try_player`, the same games for every player, intervals,
paired comparisons and replays.

* The **dice game**: game ``i`` of a series is one turn on a goal board drawn from the kit's 15 base sides, with
  a fixed table of dice: the ``k``-th throw of each colour's die shows the same pips for every player (common
  random numbers).  The result is the mean score per turn with its 95% Student t interval; the optimal policy's
  exact expected score on the same boards is shown beside it.
* **Fifteens**: game ``i`` is the same deal for every player; the result is the win rate with its 95% Wilson
  interval (:func:`fifteen_kit.fifteens.wilson_interval`).
* **Which differences are real**: two players played the same games, so they are compared game by game with an
  exact two-sided **sign test** (games where one did better than the other; ties dropped; for win/loss this is
  McNemar's exact test), with Holm's correction over all pairs at the 5% level (:func:`sign_test`,
  :func:`holm`).

>>> def bold(turn):
...     return "place " + " ".join(valid_dice(turn)) if valid_dice(turn) else "roll"
>>> from fifteen_kit.pupil_players import valid_dice
>>> result = try_player(bold, game="dice", against=("cautious",), games=20, seed=1)
>>> [row.name for row in result.rows]
['bold', 'cautious', 'optimal (exact)']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from . import _check
from .chance import MAX_SEED, derived_seed, make_rng
from .errors import InvalidArgumentError, PlayerError
from .fifteens import PLAYERS as FIFTEENS_PLAYERS
from .fifteens import Position, wilson_interval
from .nasty15 import PLAYERS as DICE_PLAYERS
from .nasty15 import Decision, Turn, default_boards, policy_for
from .pupil_players import GAMES, Game, PupilPlayer

__all__ = ["MAX_SERIES", "MIN_T_GAMES", "GameRecord", "Replay", "Row", "Series", "dice_table", "game_moves", "holm",
           "play_game", "row_of", "sign_test", "t_interval", "try_player"]

#: The most games one series plays.
MAX_SERIES = 10_000
_STRIDE = 1_000_003


def t_interval(values: Sequence[float], confidence_z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Student t interval of the mean of ``values`` (at least 2 numbers): ``(low, high)``.

    The t quantile for n - 1 degrees of freedom comes from the Cornish-Fisher expansion of the normal quantile
    ``confidence_z`` (Abramowitz and Stegun 26.7.5; within 0.002 of the exact value from 4 degrees of freedom).
    Raises InvalidArgumentError for fewer than 2 values or a value that is not a finite number.

    >>> low, high = t_interval([10, 12, 14, 16, 18, 20, 22, 24, 26, 28])
    >>> round(low, 2), round(high, 2)
    (14.67, 23.33)
    """
    data = _check.items(values, MAX_SERIES * 10, "the values")
    if len(data) < 2:
        raise InvalidArgumentError("an interval needs at least 2 values", input=_check.short(values))
    numbers = []
    for v in data:
        number = _check.finite(v)
        if number is None:
            raise InvalidArgumentError("the values are finite numbers", input=v)
        numbers.append(number)
    z = _check.number(confidence_z, 0, 10, "z (the normal quantile)", lo_open=True)
    n = len(numbers)
    mean = math.fsum(numbers) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in numbers) / (n - 1))
    nu = n - 1
    t = (z + (z**3 + z) / (4 * nu) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu**2)
         + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * nu**3)
         + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * nu**4))
    half = t * sd / math.sqrt(n)
    return mean - half, mean + half


def _split(first: Iterable[float], second: Iterable[float]) -> tuple[int, int]:
    # two players' scores on the same games: in how many the first scored more, and in how many the second did
    pairs = list(zip(first, second, strict=True))
    return sum(a > b for a, b in pairs), sum(a < b for a, b in pairs)


def _p_text(p: float) -> str:
    # a p-value as the lessons write it: three places, and "under 0.001" rather than 0.000
    return "under 0.001" if p < 0.001 else f"{p:.3f}"


def sign_test(better: int, worse: int) -> float:
    """The exact two-sided sign test: the p-value of ``better`` games won and ``worse`` games lost in a paired
    comparison (ties left out), if neither player were better.  1.0 when there is no untied game.

    Raises InvalidArgumentError unless both are whole numbers 0..10**6.

    >>> round(sign_test(15, 3), 4)
    0.0075
    >>> sign_test(4, 4)
    1.0
    """
    b = _check.whole(better, 0, 10**6, "the games one player did better")
    w = _check.whole(worse, 0, 10**6, "the games the other did better")
    n = b + w
    if n == 0:
        return 1.0
    k = min(b, w)
    tail = math.fsum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def holm(p_values: Sequence[float], level: float = 0.05) -> tuple[bool, ...]:
    """Which of ``p_values`` are significant at ``level`` after Holm's step-down correction for many tests.

    Raises InvalidArgumentError for a p-value outside 0..1 or a level outside (0, 1).

    >>> holm([0.01, 0.04, 0.03])
    (True, False, False)
    """
    values = [_check.number(p, 0, 1, "a p-value") for p in _check.items(p_values, 10**6, "the p-values")]
    level = _check.number(level, 0, 1, "the level", lo_open=True)
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [False] * len(values)
    for rank, i in enumerate(order):
        if values[i] > level / (len(values) - rank):
            break
        out[i] = True
    return tuple(out)


def dice_table(seed: int, index: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Game ``index`` of a dice series from ``seed``: the six targets of its board (a base side of the kit's 15)
    and the dice table, ``table[k][c]`` the pips of colour ``c``'s die on its ``k``-th throw (6 throws each).

    Raises InvalidArgumentError for seeds or indexes out of range (0..2**63-1).

    >>> targets, table = dice_table(1, 0)
    >>> len(targets), len(table), all(1 <= p <= 6 for row in table for p in row)
    (6, 6, True)
    """
    rng = make_rng(derived_seed(seed, index, _STRIDE))
    base, _ = rng.choice(default_boards())
    targets = tuple(t for _, t in base.targets)
    return targets, tuple(tuple(rng.randint(1, 6) for _ in range(6)) for _ in range(6))


@dataclass(frozen=True)
class GameRecord:
    """One game of one player: ``score`` (dice: points of the turn; Fifteens: 1 won, 0 lost), and the
    ``steps``: (position notation, what happened next) pairs from the start to the end."""

    score: int
    steps: tuple[tuple[str, str], ...]


def play_game(player: Any, game: Game, seed: int, index: int) -> GameRecord:
    """Play game ``index`` of the series ``seed`` of ``game`` with ``player`` (anything with
    ``choose(position)``; a pupil's player's move count restarts).

    Raises InvalidArgumentError for bad arguments, and whatever the player raises (a pupil's player:
    :class:`~fifteen_kit.errors.PlayerError`).

    >>> from fifteen_kit.nasty15 import make_player
    >>> play_game(make_player("cautious"), "dice", seed=1, index=0).score >= 0
    True
    """
    if not callable(getattr(player, "choose", None)):
        raise InvalidArgumentError("a player has a choose(position) method", input=_check.short(player))
    moves = game_moves(game, seed, index)
    if callable(getattr(player, "new_game", None)):
        player.new_game()
    try:
        position = next(moves)
        while True:
            position = moves.send(player.choose(position))
    except StopIteration as done:
        return done.value


def game_moves(game: Game, seed: int, index: int) -> Generator[Any, Any, GameRecord]:
    """Game ``index`` of the series ``seed`` of ``game`` as a generator: it yields each position a player
    moves in, is sent the player's move, and returns the :class:`GameRecord`.  :func:`play_game` drives it
    with ``player.choose``; a driver that waits for its moves (the JupyterLite sandbox,
    :func:`fifteen_kit.tournament.run_tournament_async`) plays exactly the same games.

    Raises InvalidArgumentError for bad arguments or a move the rules refuse.

    >>> moves = game_moves("dice", seed=1, index=0)
    >>> print(next(moves))
    321153 ...... ...... R
    """
    game = _check.choice(game, GAMES, "the game")
    _check.whole(seed, 0, MAX_SEED, "the seed")
    _check.whole(index, 0, MAX_SERIES, "the game number")
    return _game_moves(game, seed, index)


def _game_moves(game: Game, seed: int, index: int) -> Generator[Any, Any, GameRecord]:
    steps: list[tuple[str, str]] = []
    if game == "dice":
        targets, table = dice_table(seed, index)
        turn, throws = Turn.start(targets), [0] * 6
        while not turn.is_over:
            move = yield turn
            if not isinstance(move, Decision) or turn.explain(move) is not None:
                raise InvalidArgumentError("the player chose a move the rules refuse", input=_check.short(move),
                                           position=turn.notation())
            steps.append((turn.notation(), move.notation()))
            if move.action == "roll":
                pips = tuple(None if turn.placed[c] is not None else table[throws[c]][c] for c in range(6))
                for c in range(6):
                    throws[c] += turn.placed[c] is None
                turn = turn.roll_with(pips)
            else:
                turn = turn.play(move)
        steps.append((turn.notation(), turn.outcome() or ""))
        return GameRecord(turn.score or 0, tuple(steps))
    position = Position.deal(seed=derived_seed(seed, index, _STRIDE))
    while not position.is_over:
        move = yield position
        if move not in position.legal_moves():
            raise InvalidArgumentError("the player chose a removal the rules refuse", input=_check.short(move),
                                       position=position.notation())
        steps.append((position.notation(), " ".join(map(str, move))))
        position = position.play(move)
    steps.append((position.notation(), "won" if position.is_won else "lost: no removal is possible"))
    return GameRecord(int(position.is_won), tuple(steps))


@dataclass(frozen=True)
class Row:
    """One line of a series' table: the player, games played, its mean (dice: points per turn; Fifteens: win
    rate) and the 95% interval ``low``..``high`` (None where it has none, e.g. the exact optimal value)."""

    name: str
    games: int
    mean: float
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Replay:
    """A game move by move: ``steps`` of (position notation, what happened next).

    >>> print(Replay((("433221 ...... ...... R", "roll"),)))
    1. 433221 ...... ...... R  ->  roll
    """

    steps: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "\n".join(f"{i}. {pos}  ->  {what}" for i, (pos, what) in enumerate(self.steps, 1))

    def _repr_html_(self) -> str:
        # the notebook's view: one row per move, every text escaped
        rows = "".join(f"<tr><td>{i}</td><td><code>{escape(pos)}</code></td><td>{escape(what)}</td></tr>"
                       for i, (pos, what) in enumerate(self.steps, 1))
        return (f'<table class="fifteen-kit-series" style="font-size: 17px"><thead><tr><th>move</th><th>position</th>'
                f"<th>what the player did</th></tr></thead><tbody>{rows}</tbody></table>")


@dataclass(frozen=True)
class Series:
    """What :func:`try_player` found: the ``rows`` (the pupil's player first), each player's games, and the
    pupil's player's error if it was stopped (``stopped``; the games before it are kept)."""

    game: Game
    seed: int
    rows: tuple[Row, ...]
    records: dict[str, tuple[GameRecord, ...]] = field(repr=False)
    stopped: PlayerError | None = None

    def replay(self, player: str, index: int) -> Replay:
        """Game ``index`` (from 0) of ``player`` (a row's name), move by move.

        Raises InvalidArgumentError for an unknown player or game.
        """
        name = _check.choice(player, tuple(self.records), "the player")
        games = self.records[name]
        _check.whole(index, 0, max(len(games) - 1, 0), "the game number")
        if not games:
            raise InvalidArgumentError("this player finished no game", input=player)
        return Replay(games[index].steps)

    def __str__(self) -> str:
        unit = "points per turn" if self.game == "dice" else "win rate"
        lines = [f"{'player':<20} {'games':>6} {unit:>16}  95% interval"]
        for r in self.rows:
            span = "(exact)" if r.low is None else f"{r.low:.3f} to {r.high:.3f}"
            lines.append(f"{r.name:<20} {r.games:>6} {r.mean:>16.3f}  {span}")
        if self.stopped is not None:
            lines.append(f"stopped: {self.stopped}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        # the notebook's view: the same table, win rates as percentages, every text escaped
        unit = "points per turn" if self.game == "dice" else "games won"

        def shown(value: float) -> str:
            return f"{value:.2f}" if self.game == "dice" else f"{value:.0%}"

        body = []
        for r in self.rows:
            span = "exact" if r.low is None or r.high is None else f"{shown(r.low)} to {shown(r.high)}"
            body.append(f"<tr><td>{escape(r.name)}</td><td>{r.games}</td><td>{shown(r.mean)}</td>"
                        f"<td>{span}</td></tr>")
        stopped = "" if self.stopped is None else f"<p><strong>Stopped:</strong> {escape(str(self.stopped))}</p>"
        return (f'<table class="fifteen-kit-series" style="font-size: 17px"><thead><tr><th>player</th>'
                f"<th>games</th><th>{unit}</th><th>95% interval</th></tr></thead><tbody>{''.join(body)}</tbody>"
                f"</table>{stopped}")


#: The fewest dice games a t interval is given for (with fewer, the table says "too few games").
MIN_T_GAMES = 5


def row_of(name: str, game: Game, scores: Sequence[int]) -> Row:
    """The table row of ``scores`` (dice points, or Fifteens 1 won / 0 lost) of the player ``name`` in ``game``,
    with its 95% interval (Wilson for Fifteens; t for dice from :data:`MIN_T_GAMES` games on, never below 0
    points, since no turn scores less; none for fewer dice games, where a t interval says little).

    Raises InvalidArgumentError for a bad name, game or scores (whole numbers 0..200, at most MAX_SERIES).

    >>> row_of("ann", "fifteens", [1, 0, 1, 1]).mean
    0.75
    >>> row_of("bo", "dice", [3, 15]).low is None, row_of("bo", "dice", [0, 0, 1, 0, 24]).low
    (True, 0.0)
    """
    name = _check.text(name, 40, "the player's name")
    game = _check.choice(game, GAMES, "the game")
    scores = [_check.whole(s, 0, 1 if game == "fifteens" else 200, "a score")
              for s in _check.items(scores, MAX_SERIES, "the scores")]
    n = len(scores)
    if n == 0:
        return Row(name, 0, math.nan, None, None)
    mean = sum(scores) / n
    if game == "fifteens":
        low, high = wilson_interval(sum(scores), n)
    elif n >= MIN_T_GAMES:
        low, high = t_interval(scores)
        low = max(low, 0.0)
    else:
        return Row(name, n, mean, None, None)
    return Row(name, n, mean, low, high)


def try_player(function: Callable[[Any], Any] | PupilPlayer, game: Game | None = None,
               against: Iterable[str] | None = None, games: int = 100, seed: int = 0) -> Series:
    """Play a seeded series of ``games`` games with the pupil's player and the same games with the kit's players.

    Args:
        function: the pupil's ``my_player(position)`` or a :class:`~fifteen_kit.pupil_players.PupilPlayer`.
        game: ``'dice'`` or ``'fifteens'`` (may be left out when ``against`` or a PupilPlayer says which).
        against: names of the kit's players (dice: cautious, greedy, optimal; Fifteens: random, fewest, most,
            options); default all of them.  The dice game also shows ``optimal (exact)``: the optimal policy's
            exact expected score on the same boards.
        games: 1 to :data:`MAX_SERIES`; seed: 0 to 2**63-1.

    Returns a :class:`Series` (``print`` it; ``replay(name, i)`` shows a game move by move).  If the pupil's
    player is stopped (it raised, returned an illegal move, ran out of its budget), the
    :class:`~fifteen_kit.errors.PlayerError` saying which move, which position and why is raised, with the
    games played so far in its ``series`` attribute.  Raises InvalidArgumentError for bad arguments.

    >>> from fifteen_kit.pupil_players import removals
    >>> def first(position):
    ...     return removals(position)[0]
    >>> print(try_player(first, against=["fewest"], games=5, seed=2))  # doctest: +ELLIPSIS
    player                games         win rate  95% interval
    first                     5 ...
    fewest                    5 ...
    """
    if isinstance(function, PupilPlayer):
        if game is not None and game != function.game:
            raise InvalidArgumentError("this player plays another game", input=game)
        game = function.game
    names = None if against is None else [_check.text(n, 40, "a kit player's name") for n in
                                          _check.items(against, 10, "the kit's players")]
    if game is None and names:
        game = "dice" if names[0] in DICE_PLAYERS else "fifteens" if names[0] in FIFTEENS_PLAYERS else None
    if game is None:
        raise InvalidArgumentError("say which game: game='dice' or game='fifteens'", input=_check.short(against))
    game = _check.choice(game, GAMES, "the game")
    source: Any = DICE_PLAYERS if game == "dice" else FIFTEENS_PLAYERS
    registry: dict[str, Any] = dict(source)
    names = list(registry) if names is None else [_check.choice(n, tuple(registry), f"a {game} player")
                                                  for n in names]
    games = _check.whole(games, 1, MAX_SERIES, "the number of games")
    seed = _check.whole(seed, 0, MAX_SEED, "the seed")
    pupil = function if isinstance(function, PupilPlayer) else PupilPlayer(function, game)
    records: dict[str, list[GameRecord]] = {pupil.name: []}
    stopped = None
    for i in range(games):
        try:
            records[pupil.name].append(play_game(pupil, game, seed, i))
        except PlayerError as err:
            stopped = err
            break
    played = len(records[pupil.name])
    for name in names:
        if name == pupil.name:
            continue
        kit = registry[name](derived_seed(seed, 1, _STRIDE))
        records[name] = [play_game(kit, game, seed, i) for i in range(played)]
    rows = [row_of(name, game, [r.score for r in recs]) for name, recs in records.items()]
    if game == "dice" and played:
        exact = [float(policy_for(dice_table(seed, i)[0]).expected_score()) for i in range(played)]
        rows.append(Row("optimal (exact)", played, sum(exact) / played, None, None))
    series = Series(game, seed, tuple(rows), {k: tuple(v) for k, v in records.items()}, stopped)
    if stopped is not None:
        stopped.series = series  # type: ignore[attr-defined]
        raise stopped
    return series
