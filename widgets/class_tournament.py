"""The class tournament in the teacher's class view: every pair's handed-in player of a lesson, run in sandboxes.

* :func:`handed_in` gathers, per player task (``"07.q4"``), the players the pairs handed in (a ``"player"``
  record: its game and source text, :mod:`fifteen_kit.results`), each under the pair's name (cut to 40
  characters and made unique: two pairs that typed the same name both play);
* :func:`class_tournament` runs one task's players with :func:`fifteen_kit.tournament.run_tournament`: seeded,
  the same games for everyone (the dice game: the same boards and the same dice), each player in its own
  sandbox process (:mod:`fifteen_kit.sandbox`).  Where the sandbox cannot be set up here (JupyterLite, a
  computer without Linux user namespaces) nothing handed in is run and the result says why;
* :func:`leaderboard_table` shows the leaderboard: ranks, means with their 95% intervals, which differences are
  real (exact sign tests, Holm-corrected), the stopped players with their reasons, and :func:`replay_text` any
  player's game move by move;
* :class:`TournamentPanel`: the widget the class view shows for a lesson with handed-in players: the task, the
  number of games and the seed, **Run the tournament**, the leaderboard and a replay of any game.

Names and source text come from pupils: they are untrusted.  Source text is only ever run in a sandbox, and
everything shown is escaped (as text, never markup or maths) like the rest of the class view.

>>> from fifteen_kit.results import PupilResults
>>> ana = PupilResults("07", "Ana", ({"key": "07.q1", "kind": "player", "game": "dice",
...                                   "source": "def my_player(turn):\\n    return turn.legal_moves()[-1]"},))
>>> entries = handed_in(ClassResults([ana]))
>>> entries["07.q1"].game, list(entries["07.q1"].sources)
('dice', ['Ana'])
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Awaitable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w
from IPython.display import HTML

from fifteen_kit import _check
from fifteen_kit.class_results import ClassResults
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError, UnsafeError
from fifteen_kit.results import PLAYER_GAMES

from .class_view import _html, _label, _wrap

__all__ = ["Entries", "TournamentPanel", "TournamentResult", "class_tournament", "class_tournament_async", "handed_in",
           "leaderboard_table", "replay_text"]

_NAME = 40  # the longest entry name run_tournament takes
_MAX_GAMES = 1_000


@dataclass(frozen=True)
class Entries:
    """The players handed in for one task: its ``game``, ``sources`` (entry name -> source text, in class order),
    ``pupils`` (entry name -> the pupil's name as handed in) and ``other_game`` (pupils whose player was for
    another game than most: listed, not run)."""

    key: str
    game: str
    sources: dict[str, str]
    pupils: dict[str, str]
    other_game: tuple[str, ...] = ()


def _entry_name(pupil: str, taken: set[str]) -> str:
    # the pupil's name as an entry: one line, at most 40 characters, different from every name taken so far
    plain = " ".join("".join(c if not unicodedata.category(c).startswith("C") else " " for c in pupil).split())
    plain = plain or "pair"
    name = plain[:_NAME]
    n = 1
    while name in taken:
        n += 1
        tail = f" ({n})"
        name = plain[:_NAME - len(tail)] + tail
    taken.add(name)
    return name


def handed_in(results: ClassResults) -> dict[str, Entries]:
    """Every player task's handed-in players in ``results`` (task key -> :class:`Entries`), in key order.

    A task's game is the one most of its players are for; a player for another game is listed in
    ``other_game`` and not run.  Raises InvalidArgumentError unless ``results`` is a ClassResults.
    """
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("results must be a ClassResults", input=_check.short(results))
    found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for pupil in results.pupils:
        for record in pupil.records:
            if record["kind"] == "player" and record["source"].strip():
                found.setdefault(record["key"], []).append((pupil.pupil, record))
    out = {}
    for key in sorted(found):
        games = [r["game"] for _, r in found[key]]
        game = max(PLAYER_GAMES, key=lambda g: (games.count(g), -PLAYER_GAMES.index(g)))
        taken: set[str] = set()
        sources: dict[str, str] = {}
        pupils: dict[str, str] = {}
        other: list[str] = []
        for who, record in found[key]:
            if record["game"] != game:
                other.append(who)
                continue
            name = _entry_name(who, taken)
            sources[name], pupils[name] = record["source"], who
        out[key] = Entries(key, game, sources, pupils, tuple(other))
    return out


@dataclass(frozen=True)
class TournamentResult:
    """What :func:`class_tournament` found: the task's :class:`Entries`, the
    :class:`~fifteen_kit.tournament.Leaderboard` (None if nothing was run) and, if nothing was run, why
    (``unavailable``: the sandbox cannot be set up here)."""

    entries: Entries
    board: Any = None
    unavailable: str = ""
    games: int = 0
    seed: int = 0
    notes: list[str] = field(default_factory=list)


def _prepared(entries: Entries, games: int, seed: int, limits: Any) -> tuple[dict[str, str], list[str], int, int]:
    # the checked arguments of a class tournament: the sources that play, and the notes on those that do not
    from fifteen_kit.sandbox import Limits
    from fifteen_kit.tournament import MAX_ENTRIES

    if not isinstance(entries, Entries):
        raise InvalidArgumentError("entries must be the Entries of handed_in()", input=_check.short(entries))
    games = _check.whole(games, 1, _MAX_GAMES, "the number of games")
    seed = _check.whole(seed, 0, 10**9, "the seed")
    if limits is not None and not isinstance(limits, Limits):
        raise InvalidArgumentError("limits must be a fifteen_kit.sandbox.Limits", input=_check.short(limits))
    sources = dict(list(entries.sources.items())[:MAX_ENTRIES])
    notes = []
    if len(entries.sources) > MAX_ENTRIES:
        notes.append(f"Only the first {MAX_ENTRIES} players play (of {len(entries.sources)} handed in).")
    if entries.other_game:
        notes.append(f"Handed in for another game, so not in this tournament: {', '.join(entries.other_game)}.")
    if not sources:
        notes.append("No player was handed in for this task.")
    return sources, notes, games, seed


def class_tournament(entries: Entries, games: int = 100, seed: int = 0, limits: Any = None) -> TournamentResult:
    """Run the handed-in players ``entries`` on the same ``games`` seeded games (see
    :func:`fifteen_kit.tournament.run_tournament`), each in its own sandbox.

    Where the sandbox is not available the result's ``unavailable`` says why and nothing is run.  Raises
    InvalidArgumentError for bad arguments (games 1 to 1,000).  In JupyterLite, from a button, use
    :func:`class_tournament_async` (the browser cannot wait for its workers inside a widget's callback).

    >>> from fifteen_kit.results import PupilResults
    >>> ana = PupilResults("07", "Ana", ({"key": "07.q1", "kind": "player", "game": "dice",
    ...                                   "source": "def my_player(turn):\\n    return turn.legal_moves()[-1]"},))
    >>> done = class_tournament(handed_in(ClassResults([ana]))["07.q1"], games=3)
    >>> done.unavailable or done.board.ranking[0].games
    3
    """
    from fifteen_kit.tournament import run_tournament

    sources, notes, games, seed = _prepared(entries, games, seed, limits)
    if not sources:
        return TournamentResult(entries, None, "", games, seed, notes)
    try:
        board = run_tournament(sources, entries.game, games=games, seed=seed, limits=limits)  # type: ignore[arg-type]
    except UnsafeError as err:
        return TournamentResult(entries, None, err.message, games, seed, notes)
    return TournamentResult(entries, board, "", games, seed, notes)


def class_tournament_async(entries: Entries, games: int = 100, seed: int = 0,
                           limits: Any = None) -> Awaitable[TournamentResult]:
    """:func:`class_tournament`, to be awaited: in JupyterLite each player runs in its own Web Worker
    (:func:`fifteen_kit.tournament.run_tournament_async`) while the page goes on; elsewhere the same as
    :func:`class_tournament`.  Raises InvalidArgumentError for bad arguments, at once (before anything is awaited).

    >>> import asyncio
    >>> from fifteen_kit.results import PupilResults
    >>> ana = PupilResults("07", "Ana", ({"key": "07.q1", "kind": "player", "game": "dice",
    ...                                   "source": "def my_player(turn):\\n    return turn.legal_moves()[-1]"},))
    >>> done = asyncio.run(class_tournament_async(handed_in(ClassResults([ana]))["07.q1"], games=2))
    >>> done.unavailable or done.board.ranking[0].games
    2
    """
    sources, notes, games, seed = _prepared(entries, games, seed, limits)
    return _in_browser(entries, sources, notes, games, seed, limits)


async def _in_browser(entries: Entries, sources: dict[str, str], notes: list[str], games: int, seed: int,
                      limits: Any) -> TournamentResult:
    # the awaited tournament of class_tournament_async (its arguments checked already)
    if sys.platform != "emscripten":
        return class_tournament(entries, games, seed, limits)
    from fifteen_kit.tournament import run_tournament_async

    if not sources:
        return TournamentResult(entries, None, "", games, seed, notes)
    try:
        board = await run_tournament_async(sources, entries.game, games=games, seed=seed,
                                           limits=limits)
    except UnsafeError as err:
        return TournamentResult(entries, None, err.message, games, seed, notes)
    return TournamentResult(entries, board, "", games, seed, notes)


def _number(value: float | None, places: int = 2) -> str:
    return "&ndash;" if value is None or value != value else f"{value:.{places}f}"


def leaderboard_table(result: TournamentResult) -> HTML:
    """The leaderboard of a tournament as HTML (large type, for a projector): rank, player, games, the mean (dice:
    points per turn; Fifteens: win rate) with its 95% interval, then the stopped players with their reasons and
    the seconds until they were stopped, the real differences, and what the tournament cost.  Where nothing was
    run it says why and lists the players handed in.  Every name is escaped.

    Raises InvalidArgumentError unless ``result`` comes from :func:`class_tournament`.
    """
    if not isinstance(result, TournamentResult):
        raise InvalidArgumentError("result must come from class_tournament()", input=_check.short(result))
    entries, board = result.entries, result.board
    game = "the dice game" if entries.game == "dice" else "Fifteens"
    parts = [f"<h3>Class tournament: {escape(_label(entries.key))} ({escape(entries.key)}), {game}</h3>"]
    parts += [f"<p>{escape(note)}</p>" for note in result.notes]
    if board is None:
        if result.unavailable:
            parts.append("<p style='color:#a0001a;font-size:18px'><b>The tournament cannot run on this computer"
                         f"</b>: {escape(result.unavailable)}. No pupil's code was run.</p>")
        names = "".join(f"<li>{_html(name)} <small>({len(entries.sources[name].splitlines())} lines)</small></li>"
                        for name in entries.sources)
        parts.append(f"<p>Players handed in ({len(entries.sources)}):</p><ul>{names}</ul>")
        return _wrap("".join(parts))
    unit = "points per turn" if entries.game == "dice" else "win rate"
    same = ("the same boards and the same dice" if entries.game == "dice" else "the same deals")
    parts.append(f"<p>Every player played the same {result.games} games ({same}; seed {result.seed}).</p>")
    rows = []
    rank = 0
    for row in board.ranking:
        if row.name in board.stopped:
            continue
        rank += 1
        interval = ("&ndash;" if row.low is None else f"{_number(row.low)} to {_number(row.high)}")
        rows.append(f"<tr><td class='n'>{rank}</td><td>{_html(row.name)}</td><td class='n'>{row.games}</td>"
                    f"<td class='n'><b>{_number(row.mean)}</b></td><td class='n'>{interval}</td></tr>")
    parts.append(f"<table class='kit-class kit-class kit-leaderboard'><tr><th>rank</th><th>player</th>"
                 f"<th>games</th><th>{unit}</th><th>95% interval</th></tr>{''.join(rows)}</table>")
    if board.stopped:
        items = "".join(f"<li>{_html(name)}: {_html(reason)} <small>(after {board.stopped_after.get(name, 0):g} s; "
                        f"{next(r.games for r in board.ranking if r.name == name)} games finished)</small></li>"
                        for name, reason in board.stopped.items())
        parts.append(f"<p><b>Stopped</b> (these players are left out of the ranking):</p><ul>{items}</ul>")
    real = board.real_differences()
    if real:
        items = "".join(f"<li>{_html(c.first)} did better than {_html(c.second)}: it scored more in {c.better} "
                        f"games, {_html(c.second)} in {c.worse} (p {_p_value(c.p)})</li>" for c in real[:30])
        more = f"<li>and {len(real) - 30} more</li>" if len(real) > 30 else ""
        rest = len(board.comparisons) - len(real)
        others = (f"<p>The other {rest} pair{'' if rest == 1 else 's'}: no real difference yet (more games may tell "
                  "them apart).</p>" if rest else "")
        parts.append("<p><b>Real differences</b> (each pair compared game by game on the same games: who scored "
                     f"more; an exact sign test, Holm-corrected over {_pairs(len(board.comparisons))}, 5%). The "
                     "ranking is by the mean score, these by the games won against each other: a player can score "
                     f"more in more games and still have the lower mean.</p><ul>{items}{more}</ul>{others}")
    elif board.comparisons:
        parts.append(f"<p><b>No difference is real yet</b> (sign tests on the same games, Holm-corrected over "
                     f"{_pairs(len(board.comparisons))}, 5%): more games may tell them apart.</p>")
    parts.append(f"<p><small>Run in {board.wall_seconds:.1f} s ({board.cpu_seconds:.1f} s of processor time), "
                 "each player in its own sandbox.</small></p>")
    return _wrap("".join(parts))


def _p_value(p: float) -> str:
    # a p-value as the lesson writes it: "under 0.001", else "= 0.012"
    from fifteen_kit.series import _p_text

    text = _p_text(p)
    return text if text.startswith("under") else f"= {text}"


def _pairs(count: int) -> str:
    return "the 1 pair" if count == 1 else f"all {count} pairs"


def replay_text(result: TournamentResult, entry: str, index: int) -> str:
    """Game ``index`` (from 0) of the player ``entry`` in a tournament, move by move, as plain text (one line a
    move: the position's notation, then what the player did).

    Raises InvalidArgumentError for a tournament that was not run, an unknown player or a game it did not finish.
    """
    if not isinstance(result, TournamentResult) or result.board is None:
        raise InvalidArgumentError("this tournament was not run", input=_check.short(result))
    return str(result.board.replay(entry, index))


class TournamentPanel(w.VBox):
    """The class view's tournament of one lesson: a task chooser, the games and the seed, **Run the
    tournament**, the leaderboard, and a replay of any player's game.

    Args:
        results: the lesson's ClassResults (the players are gathered with :func:`handed_in`).
        limits: the sandbox's :class:`~fifteen_kit.sandbox.Limits` for each player (None: the kit's defaults).

    Raises InvalidArgumentError unless ``results`` is a ClassResults (and ``limits`` Limits or None).
    """

    def __init__(self, results: ClassResults, limits: Any = None) -> None:
        from fifteen_kit.sandbox import Limits, available

        if limits is not None and not isinstance(limits, Limits):
            raise InvalidArgumentError("limits must be a fifteen_kit.sandbox.Limits", input=_check.short(limits))
        self.limits = limits
        self.entries = handed_in(results)
        self.result: TournamentResult | None = None
        options = [(f"{_label(k)} ({k}): {len(e.sources)} players, "
                    f"{'dice game' if e.game == 'dice' else 'Fifteens'}", k) for k, e in self.entries.items()]
        self.task = w.Dropdown(options=options, description="Task", layout=w.Layout(width="520px"))
        self.games = w.BoundedIntText(value=100, min=1, max=_MAX_GAMES, description="Games",
                                      layout=w.Layout(width="180px"))
        self.seed = w.BoundedIntText(value=0, min=0, max=10**9, description="Seed", layout=w.Layout(width="180px"))
        self.run_button = w.Button(description="Run the tournament", icon="trophy", button_style="primary",
                                   layout=w.Layout(width="auto"))
        self.board = w.HTML()
        self.entry = w.Dropdown(options=[], description="Replay", layout=w.Layout(width="420px"))
        self.game_number = w.BoundedIntText(value=1, min=1, max=1, description="game",
                                            layout=w.Layout(width="160px"))
        self.replay_button = w.Button(description="Show the game", icon="step-forward", layout=w.Layout(width="auto"))
        self.code_button = w.Button(description="Show the player's code", icon="code", layout=w.Layout(width="auto"))
        self.replay = w.HTML()
        self.replay_area = w.VBox()  # the replay board of the game shown (one board, reused)
        self.replay_board: Any = None
        self.task_running: Any = None  # JupyterLite: the tournament awaited in the background
        self.run_button.on_click(lambda _b: self.run())
        self.replay_button.on_click(lambda _b: self.show_replay())
        self.code_button.on_click(lambda _b: self.show_code())
        self.entry.observe(lambda _c: self._games_of_entry(), names="value")
        self.replays = w.HBox([self.entry, self.game_number, self.replay_button, self.code_button],
                              layout=w.Layout(flex_flow="row wrap", display="none"))
        intro = w.HTML("<h3>Class tournament</h3><p style='font-size:16px'>The players the pairs handed in play the "
                       "same games, each in a sandbox that cannot reach this computer's files or the network.</p>")
        super().__init__([intro, w.HBox([self.task, self.games, self.seed, self.run_button],
                                        layout=w.Layout(flex_flow="row wrap")), self.board, self.replays,
                          self.replay, self.replay_area])
        if not self.entries:
            self.board.value = "<p>No player was handed in.</p>"
            self.run_button.disabled = True
        elif not available():
            self.run()  # says why nothing can run here, and lists the players handed in

    def __repr__(self) -> str:
        return f"TournamentPanel({', '.join(f'{k}: {len(e.sources)}' for k, e in self.entries.items())})"

    def run(self) -> TournamentResult | None:
        """Run the chosen task's tournament and show its leaderboard (or why it cannot run here)."""
        key = self.task.value
        if key not in self.entries:
            return None
        self.run_button.disabled = True
        self.board.value = "<p>The tournament is running&hellip;</p>"
        if sys.platform == "emscripten":  # JupyterLite: the players run in browser workers while the page goes on
            import asyncio

            self.task_running = asyncio.ensure_future(self._run_in_browser(key))
            return None
        result: TournamentResult | FifteenKitError
        try:
            result = class_tournament(self.entries[key], games=int(self.games.value), seed=int(self.seed.value),
                                      limits=self.limits)
        except FifteenKitError as err:
            result = err
        return self._show(result)

    async def _run_in_browser(self, key: str) -> TournamentResult | None:
        # the tournament of the button in JupyterLite, awaited; the panel is filled when it ends
        result: TournamentResult | FifteenKitError
        try:
            result = await class_tournament_async(
                self.entries[key], games=int(self.games.value), seed=int(self.seed.value), limits=self.limits)
        except FifteenKitError as err:
            result = err
        return self._show(result)

    def _show(self, result: TournamentResult | FifteenKitError) -> TournamentResult | None:
        # the leaderboard (or why the tournament could not run), and the replay controls of its players
        self.run_button.disabled = False
        if isinstance(result, FifteenKitError):
            self.board.value = f"<p style='color:#a0001a'>The tournament could not run: {escape(result.message)}</p>"
            self.result = None
        else:
            self.result = result
            self.board.value = leaderboard_table(result).data
        board = self.result.board if self.result is not None else None
        names = [row.name for row in board.ranking if board.records[row.name]] if board is not None else []
        self.entry.options = names
        self.entry.value = names[0] if names else None  # the leader's games, ready to show
        self.replays.layout.display = "flex" if names else "none"
        self.replay.value = ""
        self._games_of_entry()
        return self.result

    def _games_of_entry(self) -> None:
        # the game numbers of the chosen player: 1 to the games it finished
        if self.result is None or self.result.board is None or self.entry.value is None:
            return
        finished = len(self.result.board.records.get(self.entry.value, ()))
        self.game_number.max = max(finished, 1)

    def show_code(self) -> None:
        """Show the chosen player's source text, as text (never run here: it runs only in the sandbox)."""
        key = self.task.value
        if self.result is None or self.entry.value is None or key not in self.entries:
            self.replay.value = "<p>Run the tournament first.</p>"
            return
        source = self.entries[key].sources.get(self.entry.value, "")
        self.replay.value = (f"<div class='tex2jax_ignore mathjax_ignore'><b>{escape(self.entry.value)}</b>'s player"
                             f"<pre style='font-size:15px'>{escape(source)}</pre></div>")

    def show_replay(self) -> None:
        """Show the chosen player's chosen game move by move on the replay board (its moves also as text, for a
        printout)."""
        from .replay import ReplayBoard

        self.replay_area.children = ()
        if self.result is None or self.result.board is None or self.entry.value is None:
            self.replay.value = "<p>Run the tournament first.</p>"
            return
        number = int(self.game_number.value)
        try:
            text = replay_text(self.result, self.entry.value, number - 1)
            replay = self.result.board.replay(self.entry.value, number - 1)
        except FifteenKitError as err:
            self.replay.value = f"<p>{escape(err.message)}</p>"
            return
        title = f"{self.entry.value}, game {number}"[:80]
        if self.replay_board is None:
            self.replay_board = ReplayBoard(replay, game=self.result.board.game, title=title)
        else:
            self.replay_board.show(replay, game=self.result.board.game, title=title)
        self.replay_area.children = (self.replay_board,)
        self.replay.value = (f"<details class='tex2jax_ignore mathjax_ignore'><summary>{escape(self.entry.value)}, "
                             f"game {number}, as text (each line: the position, then what the player did)</summary>"
                             f"<pre style='font-size:15px'>{escape(text)}</pre></details>")
