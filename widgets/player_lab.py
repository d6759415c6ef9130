"""The player lab: a pupil types a computer player, presses Play and watches it play (lesson 07, play/player).

:class:`PlayerLab` holds a large code box prefilled with a small ``def my_player(position): ...``, a choice of
game (the 15 dice game or Fifteens), a number of games and a **Play** button.  Play runs the pupil's code in a
fresh namespace in the pupil's own kernel (as a cell would; the helpers of :mod:`fifteen_kit.pupil_players` are
there already), then :func:`fifteen_kit.series.try_player`: the table shows the pupil's mean score (dice) or win
rate (Fifteens) with its 95% interval beside the kit's players, and any game of any player can be watched again
on the :class:`~fifteen_kit.widgets.replay.ReplayBoard`.

The code is the pupil's own, but it is still handled as untrusted: running the code and every move run under the
budget of :func:`~fifteen_kit.pupil_players.run_with_budget` (a loop that never ends is stopped), what it prints is
kept short, and every problem (a syntax error and its line, no ``my_player``, a player stopped at a move: which
move, which position, why) is said in plain words on the lab, which keeps working.  With a ``key`` the code is
kept in the lesson's work file as it is typed (:mod:`fifteen_kit.widgets.keep`) and put back when the cell runs
again.

>>> lab = PlayerLab(game="fifteens", games=5)
>>> lab.play()
True
>>> lab.series.rows[0].name
'my_player'
>>> lab.code.value = "def my_player(position):\\n    return 'plonk'"
>>> lab.play()
False
>>> "which the rules refuse" in lab.feedback.value or "not a removal" in lab.feedback.value
True
"""

from __future__ import annotations

import ast
import contextlib
import re
import types
from html import escape
from typing import Any

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError, PlayerError
from fifteen_kit.pupil_players import GAMES, HELPERS, Game, PupilPlayer, player_namespace, run_with_budget
from fifteen_kit.series import MAX_SERIES, Series, try_player

from .keep import keep, kept
from .palette import PALETTE, TEXT_PX, Size, check_size
from .replay import ReplayBoard
from .style import style_sheet

__all__ = ["EXAMPLES", "MAX_CODE", "MAX_GAMES", "MAX_PRINTED", "PlayerLab", "code_hints", "load_player"]

#: The longest code the lab runs or keeps (characters).
MAX_CODE = 20_000
#: The most games one press of Play plays.
MAX_GAMES = min(1000, MAX_SERIES)
#: The most characters of what a player prints that the lab shows.
MAX_PRINTED = 2000
#: The example player each game's code box starts with.
EXAMPLES: dict[str, str] = {
    "dice": ("def my_player(position):\n"
             "    # the dice you may place now\n"
             "    dice = valid_dice(position)\n"
             "    if dice:\n"
             "        return \"place \" + \" \".join(dice)\n"
             "    # enough points: keep them\n"
             "    if points_if_stop(position) >= 10:\n"
             "        return \"stop\"\n"
             "    return \"roll\"\n"),
    "fifteens": ("def my_player(position):\n"
                 "    # every legal removal, the smallest first\n"
                 "    choices = removals(position)\n"
                 "    return choices[0]\n"),
}
_GAME_NAMES = {"dice": "The 15 dice game", "fifteens": "Fifteens"}


_KEY = re.compile(r"\d\d\.[a-z][a-z0-9_]{0,10}", re.ASCII)  # with "_code", a key of the work file
_LEGEND = {"dice": " (targets, dice placed, dice rolled, phase)", "fifteens": " (table / stock / waste)"}


def _end(text: str) -> str:
    # a reason as the end of a sentence: one full stop (none after a question mark)
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."


def _name_of(function: Any) -> str:
    # the pupil's function's name in the table, never one of the kit's players' names (nor too long)
    name = getattr(function, "__name__", "")
    name = name if isinstance(name, str) and 0 < len(name) <= 30 else "my_player"
    return f"your {name}" if name in ("cautious", "greedy", "optimal", "random", "fewest", "most", "options",
                                      "optimal (exact)") else name


class _Printed:
    """What the pupil's code prints, the first MAX_PRINTED characters kept (a huge print costs nothing more)."""

    def __init__(self) -> None:
        self.text = ""
        self.more = False

    def write(self, text: str) -> int:
        """Keep the start of ``text``; returns its length, as a file's write does."""
        room = MAX_PRINTED - len(self.text)
        if isinstance(text, str):
            self.text += text[:max(room, 0)]
            self.more = self.more or len(text) > room
        return len(text) if isinstance(text, str) else 0

    def flush(self) -> None:
        """Nothing to flush: the text is kept in memory."""
        return None


def load_player(code: str) -> Any:
    """The function ``my_player`` defined by the pupil's ``code`` (text of at most :data:`MAX_CODE` characters),
    run in a fresh namespace with the lesson's helpers, under the budget of one move.  When ``my_player`` is not
    defined but exactly one function is, that one.

    Raises PlayerError in plain words: a syntax error (with its line), code that raises or runs too long, no
    function to play with; InvalidArgumentError for code that is not text or is too long.

    >>> load_player("def my_player(position):\\n    return 'roll'").__name__
    'my_player'
    >>> load_player("def my_player(position)\\n    return 'roll'")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.PlayerError: line 1 of your code: expected ':' (input: 'def my_player(position)')
    """
    code = _check.text(code, MAX_CODE, "your code")
    try:
        compiled = compile(code, "<your player>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as err:
        line = getattr(err, "lineno", None) or 0
        shown = code.splitlines()[line - 1] if 0 < line <= len(code.splitlines()) else ""
        where = f"line {line} of your code: " if line else ""
        message = f"{where}{getattr(err, 'msg', None) or err}"
        raise PlayerError(message, input=_check.short(shown.strip(), 80), reason=message) from None
    space = player_namespace("your_player")
    try:
        run_with_budget(types.FunctionType(compiled, space))
    except PlayerError as err:
        raise PlayerError(f"running your code: {err.reason}", reason=f"running your code: {err.reason}") from None
    function = space.get("my_player")
    if not callable(function):
        mine = [v for k, v in space.items() if isinstance(v, types.FunctionType) and k not in HELPERS
                and getattr(v, "__module__", None) == "your_player"]
        if len(mine) != 1:
            why = ("your code defines no function my_player: write def my_player(position): and return a move"
                   if not mine else "your code defines several functions: name the one that plays my_player")
            raise PlayerError(why, reason=why)
        function = mine[0]
    return function


def code_hints(code: str) -> list[str]:
    """Hints on two slips that Python accepts but that make a player do something else than the pupil meant: a
    move written on a line of its own without ``return`` (``"stop"``: it does nothing), and a chance compared
    with a number above 1 (``chance_of_bust(turn) > 40``: a chance is 0 to 1, not a percentage).  Code that is not
    Python gives no hints (the lab says what is wrong with it).  Raises InvalidArgumentError for code that is not
    text of at most :data:`MAX_CODE` characters.

    >>> for hint in code_hints("def my_player(turn):\\n    if chance_of_bust(turn) > 40:\\n        'stop'\\n"
    ...                        "    return 'roll'"):
    ...     print(hint)
    line 2: chance_of_bust gives a chance from 0 to 1 (a half is 0.5), so it is never more than 40.
    line 3: 'stop' stands on a line of its own, so it does nothing: did you mean return 'stop'?
    """
    code = _check.text(code, MAX_CODE, "your code")
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    hints = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # a docstring is fine
        for statement in body if isinstance(body, list) else []:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                    and isinstance(statement.value.value, str):
                text = statement.value.value[:30]
                hints.append(f"line {statement.lineno}: {text!r} stands on a line of its own, so it does nothing: "
                             f"did you mean return {text!r}?")
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Call) \
                and isinstance(node.left.func, ast.Name) and node.left.func.id == "chance_of_bust":
            for number in node.comparators:
                if isinstance(number, ast.Constant) and isinstance(number.value, (int, float)) \
                        and not isinstance(number.value, bool) and number.value > 1:
                    hints.append(f"line {node.lineno}: chance_of_bust gives a chance from 0 to 1 (a half is 0.5), "
                                 f"so it is never more than {number.value}.")
    return sorted(hints, key=lambda h: int(h.split(":")[0].split()[1]))[:5]


class PlayerLab(w.VBox):
    """Type a player, press Play, watch it play (see the module docstring).

    Args:
        game: ``'dice'`` or ``'fifteens'``, the game chosen first.
        games: games per press of Play, 1 to :data:`MAX_GAMES` (the pupil can change it).
        seed: the series' seed (the same games for every player and every press).
        code: the code the box starts with (default: :data:`EXAMPLES` of the game).
        key: a name like ``"07.lab"``: the code is kept in the lesson's work file as it is typed and put back
            when the lab is made again.
        size: ``"normal"`` or ``"large"`` (the code and the table in bigger text).
        fixed_game: True hides the choice of game (a lesson's task asks for a player of one game).

    Raises InvalidArgumentError for a bad argument.
    """

    def __init__(self, game: Game = "dice", games: int = 100, seed: int = 0, code: str | None = None,
                 key: str | None = None, size: Size = "normal", fixed_game: bool = False) -> None:
        game = _check.choice(game, GAMES, "the game")
        games = _check.whole(games, 1, MAX_GAMES, "the number of games")
        _check.flag(fixed_game, "fixed_game")
        self.seed = _check.whole(seed, 0, 2**53 - 1, "the seed")
        if code is not None:
            code = _check.text(code, MAX_CODE, "the code")
        if key is not None and (not isinstance(key, str) or _KEY.fullmatch(key) is None):
            raise InvalidArgumentError("a key is a lesson and a name, like '07.lab'", input=_check.short(key))
        self.key = key
        self._size: Size = check_size(size)
        super().__init__()
        self.add_class("kit-question")
        self.add_class("kit-lab")
        #: The last series played (None before the first Play, or when the code did not load).
        self.series: Series | None = None
        self.replay_board: ReplayBoard | None = None
        heading = w.HTML("<b>Your player</b>: a function <code>my_player</code> that is given the position (in "
                         "the dice game: the turn) and returns a move. Change it (indent with spaces), then press "
                         "Play.")
        heading.add_class("kit-question-text")
        self.code = w.Textarea(value=code if code is not None else EXAMPLES[game], rows=12,
                               placeholder="def my_player(position):", layout=w.Layout(width="auto"),
                               description_allow_html=False)
        self.code.add_class("kit-code")
        self.game_choice = w.ToggleButtons(options=[(name, g) for g, name in _GAME_NAMES.items()], value=game,
                                           description="Game", style={"description_width": "initial",
                                                                      "button_width": "auto"},
                                           tooltips=["Roll, place dice and stop", "Remove cards that sum to 15"])
        self.games_box = w.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games",
                                          style={"description_width": "initial"}, layout=w.Layout(width="10em"),
                                          tooltip="How many games each player plays (the same games for all)")
        self.play_button = w.Button(description="Play", icon="play", tooltip="Run your code and play the games",
                                    style={"button_color": PALETTE["yellow"], "text_color": PALETTE["ink"],
                                           "font_weight": "bold"})
        self.play_button.add_class("kit-lab-play")
        self.feedback = w.HTML()
        self.feedback.add_class("kit-feedback")
        self.table = w.HTML()
        self.table.add_class("kit-lab-table")
        self.pick_player = w.Dropdown(description="Watch", style={"description_width": "initial"},
                                      layout=w.Layout(width="auto"), tooltip="Whose game to watch")
        self.pick_game = w.BoundedIntText(value=1, min=1, max=1, description="game",
                                          style={"description_width": "initial"}, layout=w.Layout(width="9em"),
                                          tooltip="Which game (1 is the first)")
        self.show_button = w.Button(description="Show this game", icon="film",
                                    tooltip="Watch this game move by move on the board")
        self.picker = w.HBox([self.pick_player, self.pick_game, self.show_button],
                             layout=w.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.replay_area = w.VBox()
        self.size_toggle = w.ToggleButton(value=self._size == "large", description="Projector size", icon="expand",
                                          tooltip="Large text for a projector (and back)")
        self.size_toggle.observe(lambda c: setattr(self, "size", "large" if c["new"] else "normal"), names="value")
        self.play_button.on_click(lambda _b: self.play())
        self.show_button.on_click(lambda _b: self.show_game())
        self.game_choice.observe(self._game_changed, names="value")
        self.code.observe(lambda _c: self._keep(), names="value")
        if fixed_game:
            self.game_choice.layout.display = "none"
        settings = w.HBox([self.game_choice, self.games_box, self.play_button, self.size_toggle],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [style_sheet(), heading, self.code, settings, self.feedback, self.table, self.picker,
                         self.replay_area]
        self.size = self._size
        if self.key is not None and code is None:
            self._restore()
        self._say("Press Play: your player plays the same games as the kit's players.")

    def __repr__(self) -> str:
        return f"PlayerLab({self.game!r}, games={self.games_box.value})"

    @property
    def size(self) -> Size:
        """``"normal"`` or ``"large"`` (projector size: bigger code, table and buttons); setting it sets the
        "Projector size" toggle and the replay board's size.  Raises InvalidArgumentError for another value."""
        return self._size

    @size.setter
    def size(self, value: Size) -> None:
        """Switch the lab (and the replay board shown) to ``value``."""
        self._size = check_size(value)
        (self.add_class if self._size == "large" else self.remove_class)("kit-large")
        # as wide as the page allows (a line of a look-ahead player is about 65 characters), at most 980 px
        self.layout.width = "100%"
        self.layout.max_width = "980px"
        px = TEXT_PX[self._size]
        for widget in (self.play_button, self.show_button, self.size_toggle):
            widget.style.font_size = f"{px + 2}px" if widget is not self.size_toggle else f"{px}px"
            widget.layout.height = f"{round(px * 2.4)}px"
            widget.layout.width = "auto"
            widget.layout.min_width = f"{px * 6}px"
        if self.size_toggle.value != (self._size == "large"):
            self.size_toggle.value = self._size == "large"
        if self.replay_board is not None:
            self.replay_board.size = self._size

    @property
    def game(self) -> Game:
        """The game chosen: ``'dice'`` or ``'fifteens'``."""
        value: Game = self.game_choice.value
        return value

    # -- keeping the code -------------------------------------------------------------------------------------
    def _keep(self) -> None:
        if self.key is not None and len(self.code.value) <= MAX_CODE:
            keep({"key": f"{self.key}_code", "kind": "open", "state": {"code": self.code.value, "game": self.game},
                  "says": "your player's code"})

    def _restore(self) -> None:
        # the pupil's own file: only text of the right length is put back in the box (it runs only on Play)
        assert self.key is not None
        state = (kept(self.key[:2]).get(f"{self.key}_code") or {}).get("state")
        if isinstance(state, dict) and isinstance(state.get("code"), str) and len(state["code"]) <= MAX_CODE:
            if state.get("game") in GAMES:
                self.game_choice.value = state["game"]
            self.code.value = state["code"]

    def _game_changed(self, change: dict[str, Any]) -> None:
        # an untouched example follows the game; the pupil's own code stays as it is
        if self.code.value.strip() in (e.strip() for e in EXAMPLES.values()):
            self.code.value = EXAMPLES[change["new"]]
            self._say(f"The example player of {_GAME_NAMES[change['new']]} is in the box. Press Play.")
        else:
            self._say(f"{_GAME_NAMES[change['new']]} chosen: make sure your player plays it, then press Play.")
        self._keep()

    # -- playing ----------------------------------------------------------------------------------------------
    def _say(self, text: str, problem: bool = False) -> None:
        colour = PALETTE["vermillion_dark"] if problem else "inherit"
        self.feedback.value = f"<div style='color:{colour};white-space:pre-wrap'>{escape(text)}</div>"

    def play(self) -> bool:
        """The **Play** button: run the code, play the games, show the table; False (the problem said on the lab)
        when the code does not load or the player was stopped (the games before it are still in the table)."""
        self.replay_area.children = ()  # the board of an earlier series waits, hidden, for the next game watched
        games = self.games_box.value
        if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            self._say(f"Type a number of games from 1 to {MAX_GAMES}, then press Play.", problem=True)
            return False
        self._say(f"Playing {games} {'game' if games == 1 else 'games'} with each player…")
        printed = _Printed()
        stopped: PlayerError | None = None
        series: Series | None = None
        try:
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                function = load_player(self.code.value)
                player = PupilPlayer(function, self.game, name=_name_of(function))
                try:
                    series = try_player(player, games=games, seed=self.seed)
                except PlayerError as err:
                    stopped, series = err, getattr(err, "series", None)
        except PlayerError as err:
            self.series = None
            self._show_table()
            self._say(f"Your code did not load: {_end(err.reason)}\nFix it, then press Play again.", problem=True)
            return False
        except (FifteenKitError, SystemExit) as err:  # a name too long for the table, exit() at the top level
            self.series = None
            self._show_table()
            why = err.message if isinstance(err, FifteenKitError) else "it called exit()"
            self._say(f"Your player could not play: {_end(why)}\nFix it, then press Play again.", problem=True)
            return False
        self.series = series
        self._show_table()
        extra = "".join(f"\nA hint: {hint}" for hint in code_hints(self.code.value))
        if printed.text:
            extra = f"\nYour player printed: {printed.text.strip()[:MAX_PRINTED]}{' …' if printed.more else ''}"
        if stopped is not None:
            done = len(series.records[series.rows[0].name]) if series is not None else 0
            self._say(f"Your player was stopped in game {done + 1}, at its move {stopped.move_number}: "
                      f"{_end(stopped.reason)}\nThe position{_LEGEND[self.game]}: {stopped.position}\n"
                      f"Fix it, then press Play again.{extra}", problem=True)
            return False
        self._say(f"{games} {'game' if games == 1 else 'games'} played. Choose a game below and press "
                  f"Show this game to watch it move by move.{extra}")
        return True

    def _show_table(self) -> None:
        series = self.series
        if series is None or not series.rows or series.rows[0].games == 0:
            self.table.value = ""
            self.picker.layout.display = "none"
            return
        dice = series.game == "dice"
        unit = "points per turn" if dice else "win rate"
        rows = []
        for i, r in enumerate(series.rows):
            mean = f"{r.mean:.2f}" if dice else f"{r.mean:.0%}"
            if r.low is None or r.high is None:
                span = "exact" if r.name.endswith("(exact)") else "(too few games)"
            else:
                span = f"{r.low:.2f} to {r.high:.2f}" if dice else f"{r.low:.0%} to {r.high:.0%}"
            cells = f"<td>{escape(r.name)}</td><td>{r.games}</td><td><b>{mean}</b></td><td>{span}</td>"
            rows.append(f"<tr class='{'mine' if i == 0 else ''}'>{cells}</tr>")
        self.table.value = (f"<table><tr><th>player</th><th>games</th><th>{unit}</th><th>95% interval</th></tr>"
                            f"{''.join(rows)}</table>")
        names = [name for name, games in series.records.items() if games]
        self.pick_player.options = names
        self.pick_player.value = names[0]
        count = len(series.records[names[0]])
        self.pick_game.max = max(count, 1)
        self.pick_game.value = 1
        self.picker.layout.display = "flex"

    def show_game(self) -> bool:
        """The **Show this game** button: the chosen player's chosen game on the replay board; False (said on
        the lab) when there is no such game."""
        series = self.series
        name, number = self.pick_player.value, self.pick_game.value
        if series is None or name not in series.records:
            self._say("Press Play first: then choose a player and a game to watch.", problem=True)
            return False
        count = len(series.records[name])
        if not isinstance(number, int) or not 1 <= number <= count:
            self._say(f"{name} played games 1 to {count}: type one of them.", problem=True)
            return False
        replay, title = series.replay(name, number - 1), f"{name}, game {number}"
        if self.replay_board is None:  # one board for every game watched: no widgets left behind
            self.replay_board = ReplayBoard(replay, game=series.game, size=self.size, title=title)
        else:
            self.replay_board.show(replay, game=series.game, title=title)
        self.replay_area.children = (self.replay_board,)
        self._say(f"{name}'s game {number} is below: press Next to watch it move by move.")
        return True

