"""Bad-input tables generated per signature: every public callable of the kit, every parameter, every bad value.

The public API is read from the modules themselves (``__all__`` plus every public function and class defined
in the module, and each class's own public methods and constructor), so a new function is attacked as soon as
it exists (and fails here until it has a valid example in EXAMPLES below).  Each parameter in turn gets every
value of ``harness.BAD_VALUES`` while the others keep a valid example.  A call must

* return normally, and then only with a value its annotation admits (a ``bool`` for an ``int``, ``nan`` for a
  ``float``, an ``object()`` for anything typed are silent acceptances unless ALLOWED says why they are fine),
* or raise an error from :mod:`fifteen_kit.errors` and leave the object it was called on, and every argument,
  exactly as before;

never another exception, and always within ``harness.CALL_SECONDS`` seconds and ``harness.CALL_MEMORY`` bytes.
A parameter whose valid example is a list or tuple is also given the same items as an iterator and as a
generator: the answer must be the same as for the list (or a kit error).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import fifteen_kit

from .harness import BAD_VALUES, attempt, resolved_hints, snapshot, watchdog, wrongly_accepted

# -- what is attacked ---------------------------------------------------------------------------------------
WIDGET_MODULES = ("fifteen_kit.widgets.common", "fifteen_kit.widgets.exercise", "fifteen_kit.widgets.fifteens",
                  "fifteen_kit.widgets.five_by_15", "fifteen_kit.widgets.game_of_15",
                  "fifteen_kit.widgets.game_of_15_controller", "fifteen_kit.widgets.game_of_15_views",
                  "fifteen_kit.widgets.nasty15", "fifteen_kit.widgets.nasty15_controller",
                  "fifteen_kit.widgets.nasty15_views", "fifteen_kit.widgets.set_hunt",
                  "fifteen_kit.widgets.workbook.key", "fifteen_kit.widgets.printables",
                  "fifteen_kit.widgets.printables.page", "fifteen_kit.widgets.printables.game_of_15",
                  "fifteen_kit.widgets.printables.dice", "fifteen_kit.widgets.printables.five_by_15",
                  "fifteen_kit.widgets.printables.rules", "fifteen_kit.widgets.printables.lessons",
                  "fifteen_kit.widgets.class_view", "fifteen_kit.widgets.results", "fifteen_kit.widgets.keep",
                  "fifteen_kit.widgets.workbook.records", "fifteen_kit.widgets.replay",
                  "fifteen_kit.widgets.player_lab", "fifteen_kit.widgets.player_box",
                  "fifteen_kit.widgets.class_tournament")

#: Not attacked, by design:
#: - fifteen_kit.errors: an exception records whatever input it is given (``input: Any``).
#: - result records: frozen dataclasses the kit builds and returns, which users read but never build.
#: - enums: ``Side('x')`` is Python's Enum lookup; the kit's public way in is each enum's ``parse``.
#: - SVG and HTML are ``str`` subclasses holding any markup.
#: - contract.Player and contract.Position are protocols: each game's own classes that satisfy them are attacked.
SKIP_MODULES = {"fifteen_kit.errors"}
RESULT_RECORDS = {
    "fifteen_kit.fifteens.strategies.Outcome", "fifteen_kit.fifteens.strategies.Study",
    "fifteen_kit.fifteens.strategies.StudyRow", "fifteen_kit.five_by_15.players.Playout",
    "fifteen_kit.game_of_15.match.LogEntry",
    "fifteen_kit.game_of_15.match.MatchState", "fifteen_kit.game_of_15.match.RoundRecord",
    "fifteen_kit.game_of_15.puzzles.PuzzleVerdict",
    "fifteen_kit.game_of_15.rules.RoundResult", "fifteen_kit.game_of_15.solver.Evaluation",
    "fifteen_kit.game_of_15.square.Line", "fifteen_kit.game_of_15.tree.TreeStatistics",
    "fifteen_kit.contract.SolveResult",
    "fifteen_kit.nasty15.game.ScoreEntry", "fifteen_kit.nasty15.policy.Advice", "fifteen_kit.nasty15.policy.Choice",
    "fifteen_kit.answers.Verdict",  # a form's judgement of an answer: the kit builds it, a user reads it
    # held_back's answer: the kit counts the rolls; a user never builds one
    "fifteen_kit.nasty15.studies.HeldBack",
    # a printable sheet and an answer-key entry: the kit builds them from its own pages and tasks (issue 19)
    "fifteen_kit.widgets.printables.page.Sheet", "fifteen_kit.widgets.workbook.key.Answer",
    # a class's summaries: the kit computes them from the pupils' results
    "fifteen_kit.class_results.Question", "fifteen_kit.class_results.Guesses", "fifteen_kit.class_results.DicePool",
    "fifteen_kit.class_results.PoolStep", "fifteen_kit.class_results.StrategyPool",
    "fifteen_kit.widgets.class_view.Gathered",
    # a [[task]] table as read from a question record file, with its lines: the kit reads it, a user never builds it
    "fifteen_kit.widgets.workbook.records.Record",
}
NOT_CONSTRUCTED = {"fifteen_kit.svg.SVG", "fifteen_kit.svg.HTML",
                   "fifteen_kit.contract.Player", "fifteen_kit.contract.Position"}


@dataclasses.dataclass(frozen=True)
class Target:
    """One public callable: ``name`` as module.Class.method, how it is reached, and its signature."""

    name: str
    kind: str  # 'function', 'constructor', 'classmethod' (also static) or 'method'
    owner: Any  # the class for constructors and methods, else None
    func: Callable[..., Any]

    @property
    def signature(self) -> inspect.Signature:
        sig = inspect.signature(self.func)
        if self.kind == "method":
            params = list(sig.parameters.values())[1:]  # drop self
            sig = sig.replace(parameters=params)
        return sig


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(fifteen_kit.__path__, "fifteen_kit."):
        if any(part.startswith("_") for part in info.name.split(".")) or info.name.startswith("fifteen_kit.widgets"):
            continue
        if info.name not in SKIP_MODULES:
            names.append(info.name)
    return names + list(WIDGET_MODULES)


def public_targets() -> list[Target]:
    """Every public function, constructor, class method and method of the kit and its widgets."""
    out: list[Target] = []
    for modname in _modules():
        module = importlib.import_module(modname)
        names = set(getattr(module, "__all__", ())) | {
            n for n, o in vars(module).items()
            if not n.startswith("_") and callable(o) and getattr(o, "__module__", None) == modname}
        for name in sorted(names):
            obj = getattr(module, name)
            if getattr(obj, "__module__", None) != modname or not callable(obj):
                continue  # re-exports are attacked where they are defined; constants and aliases are not callables
            full = f"{modname}.{name}"
            if not inspect.isclass(obj):
                out.append(Target(full, "function", None, obj))
                continue
            if full in RESULT_RECORDS:
                continue
            if full in NOT_CONSTRUCTED:
                continue
            if not issubclass(obj, enum.Enum):
                out.append(Target(full, "constructor", obj, obj))
            for mname, raw in vars(obj).items():
                if mname.startswith("_") and mname != "__call__":
                    continue
                if isinstance(raw, (classmethod, staticmethod)):
                    out.append(Target(f"{full}.{mname}", "classmethod", obj, getattr(obj, mname)))
                elif inspect.isfunction(raw):
                    out.append(Target(f"{full}.{mname}", "method", obj, raw))
    return out


# -- valid examples -------------------------------------------------------------------------------------------
# Each entry gives, for one target, the valid arguments (keyword -> value) built fresh for every call; the
# argument values come from the docstring examples and the unit tests.  Methods get an instance from
# INSTANCES (or METHOD_INSTANCES where a method needs a particular state); ``inst`` is that instance.
def _g15():
    from fifteen_kit.game_of_15 import rules
    return rules


def _dice_game_with_valid_roll():
    from fifteen_kit.nasty15.game import Game
    for seed in range(100):
        g = Game(["A", "B"], seed=seed)
        g.roll()
        if g.turn.valid_colours():
            return g
    raise AssertionError("no seed gives a valid roll")  # pragma: no cover


def _manual_round():
    r = _g15().Round
    return r.start(auto_claim=False).play(2).play(1).play(5).play(3).play(8)


def _placed_turn():
    from fifteen_kit.nasty15.rules import Turn
    return Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1))


def _fifteens_position():
    from fifteen_kit.fifteens.rules import Position
    return Position.deal(1)


def _f5_position():
    from fifteen_kit.five_by_15.rules import Position
    return Position.deal(1)


def _f5_game():
    from fifteen_kit.five_by_15.game import Game
    return Game(_f5_position())


def _f5_player(name):
    from fifteen_kit.five_by_15.players import make_player
    return make_player(name, seed=1)


def _number_form():
    from fifteen_kit.answers import Number
    return Number(places=3)  # Form's own methods are attacked on a concrete form


def _prediction():
    from fifteen_kit.widgets import Prediction

    from fifteen_kit.answers import Number
    p = Prediction("How many?", Number(places=0), 8)
    p.guess.value = "10"
    return p


def _why_question():
    from fifteen_kit.widgets import WhyQuestion
    q = WhyQuestion("Why?", "Because four lines meet there.", ["four lines", "sum 60"])
    q.written.value = "Four lines pass through the centre."
    return q


def _bar_chart() -> Any:
    from fifteen_kit.barchart import BarChart, Line, Series

    return BarChart(x=(1, 2), series=(Series(values=(3, 1), colours="#0072B2", hatches=("//", ".."), label="wins",
                                             errors=((1, 1), (0.5, 0.5)), notes=("3", "1")),),
                    lines=(Line(xs=(1, 2), ys=(2, 2.5), colour="#D55E00", label="trend"),), title="Two bars",
                    xlabel="game", ylabel="wins", ymax=5, line=(1.5, "middle"), legend=(("more", "#009E73", "xx"),))


def _instances() -> dict[str, Callable[[], Any]]:
    from fifteen_kit.widgets import DiceBoard, FifteensBoard, FiveBy15Board, GameOf15Board, SelfCheck

    from fifteen_kit.fifteens.cards import Card
    from fifteen_kit.game_of_15.match import Match, MatchRules
    from fifteen_kit.game_of_15.players import PerfectPlayer, RandomPlayer, TacticianPlayer
    from fifteen_kit.game_of_15.puzzles import Puzzle
    from fifteen_kit.game_of_15.solver import Solver
    from fifteen_kit.game_of_15.square import SYMMETRIES
    from fifteen_kit.nasty15.boards import PUBLIC_BOARD
    from fifteen_kit.nasty15.players import CautiousPlayer, GreedyPlayer, OptimalPlayer
    from fifteen_kit.nasty15.policy import policy_for
    return {
        "fifteen_kit.fifteens.cards.Card": lambda: Card(10, "H"),
        "fifteen_kit.fifteens.rules.Position": _fifteens_position,
        "fifteen_kit.five_by_15.game.Game": _f5_game,
        "fifteen_kit.five_by_15.players.GreedyPlayer": lambda: _f5_player("greedy"),
        "fifteen_kit.five_by_15.players.RandomPlayer": lambda: _f5_player("random"),
        "fifteen_kit.five_by_15.rules.Position": _f5_position,
        "fifteen_kit.game_of_15.match.Match": lambda: Match(target=3),
        "fifteen_kit.game_of_15.match.MatchRules": lambda: MatchRules(),
        "fifteen_kit.options.Option": lambda: _g15_options()["first"],
        "fifteen_kit.game_of_15.players.PerfectPlayer": lambda: PerfectPlayer(seed=1),
        "fifteen_kit.game_of_15.players.RandomPlayer": lambda: RandomPlayer(seed=1),
        "fifteen_kit.game_of_15.players.TacticianPlayer": lambda: TacticianPlayer(seed=1),
        "fifteen_kit.game_of_15.puzzles.Puzzle": lambda: Puzzle(_g15().Round.parse("25/13 O"), 1, (8,)),
        "fifteen_kit.game_of_15.rules.Round": _manual_round,
        "fifteen_kit.game_of_15.solver.Solver": Solver,
        "fifteen_kit.game_of_15.square.Symmetry": lambda: SYMMETRIES[1],
        "fifteen_kit.nasty15.boards.GoalBoard": lambda: PUBLIC_BOARD,
        "fifteen_kit.nasty15.game.Game": _dice_game_with_valid_roll,
        "fifteen_kit.nasty15.players.CautiousPlayer": CautiousPlayer,
        "fifteen_kit.nasty15.players.GreedyPlayer": GreedyPlayer,
        "fifteen_kit.nasty15.players.OptimalPlayer": OptimalPlayer,
        "fifteen_kit.nasty15.policy.OptimalPolicy": lambda: policy_for((4, 3, 3, 2, 2, 1)),
        "fifteen_kit.nasty15.rules.Turn": _placed_turn,
        "fifteen_kit.widgets.game_of_15.GameOf15Board": lambda: GameOf15Board(opponent=None),
        "fifteen_kit.widgets.game_of_15_controller.GameOf15Controller": lambda: _g15_controller(),
        "fifteen_kit.widgets.game_of_15_views.GameOf15View": lambda: __import__(
            "fifteen_kit.widgets.game_of_15_views", fromlist=["x"]).GameOf15View(),
        "fifteen_kit.widgets.nasty15.DiceBoard": lambda: DiceBoard(players=[("You", "human")], seed=1),
        "fifteen_kit.widgets.nasty15_controller.DiceController": lambda: _dice_controller(),
        "fifteen_kit.widgets.nasty15_controller.DiceCoach": lambda: __import__(
            "fifteen_kit.widgets.nasty15_controller", fromlist=["x"]).DiceCoach(),
        "fifteen_kit.widgets.nasty15_controller.ExampleReplay": lambda: __import__(
            "fifteen_kit.widgets.nasty15_controller", fromlist=["x"]).ExampleReplay("bust"),
        "fifteen_kit.widgets.nasty15_controller.SolvingAhead": lambda: __import__(
            "fifteen_kit.widgets.nasty15_controller", fromlist=["x"]).SolvingAhead(lambda: None, lambda: None),
        "fifteen_kit.widgets.nasty15_views.DiceSetupPanel": lambda: __import__(
            "fifteen_kit.widgets.nasty15_views", fromlist=["x"]).DiceSetupPanel(),
        "fifteen_kit.widgets.nasty15_views.DiceView": lambda: __import__(
            "fifteen_kit.widgets.nasty15_views", fromlist=["x"]).DiceView(),
        "fifteen_kit.widgets.set_hunt.SetHunt": lambda: __import__(
            "fifteen_kit.widgets.set_hunt", fromlist=["x"]).SetHunt(),
        "fifteen_kit.widgets.fifteens.FifteensBoard": lambda: FifteensBoard(seed=1),
        "fifteen_kit.widgets.five_by_15.FiveBy15Board": lambda: FiveBy15Board(seed=1),
        "fifteen_kit.widgets.exercise.SelfCheck": lambda: SelfCheck.number("2 + 2?", 4),
        "fifteen_kit.answers.Form": _number_form,
        "fifteen_kit.widgets.exercise.Prediction": _prediction,
        "fifteen_kit.widgets.exercise.WhyQuestion": _why_question,
        "fifteen_kit.barchart.BarChart": _bar_chart,
    }


def _g15_options():
    from fifteen_kit.game_of_15.match import OPTIONS
    return OPTIONS


def _examples() -> dict[str, Callable[[Any], dict[str, Any]]]:
    from fifteen_kit.fifteens.cards import Card
    from fifteen_kit.game_of_15.rules import Reason, Round, Side
    from fifteen_kit.nasty15.players import CautiousPlayer
    from fifteen_kit.nasty15.rules import Turn
    turn = lambda: Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)).place("B")  # noqa: E731
    f5 = "fifteen_kit.five_by_15."
    g15 = "fifteen_kit.game_of_15."
    n15 = "fifteen_kit.nasty15."
    fif = "fifteen_kit.fifteens."
    w = "fifteen_kit.widgets."
    return {
        # chance
        "fifteen_kit.chance.derived_seed": lambda _: {"seed": 7, "index": 3, "stride": 1_000_003},
        # counting (small, fast arguments; the defaults where they are fast)
        "fifteen_kit.counting.digit_sets": lambda _: {"total": 15, "size": 3},
        "fifteen_kit.counting.digit_sets_by_enumeration": lambda _: {"total": 15, "size": 3},
        "fifteen_kit.counting.card_sets": lambda _: {"size": 3},
        "fifteen_kit.counting.card_sets_by_enumeration": lambda _: {"size": 3},
        # fifteens
        fif + "cards.Card": lambda _: {"rank": 10, "suit": "H"},
        fif + "cards.Card.parse": lambda _: {"text": "10h"},
        fif + "cards.shuffled_deck": lambda _: {"seed": 1},
        fif + "rules.Position": lambda _: {"tableau": _fifteens_position().tableau,
                                           "stock": _fifteens_position().stock},
        fif + "rules.Position.explain": lambda p: {"move": list(p.legal_moves()[0])},
        fif + "rules.Position.play": lambda p: {"move": list(p.legal_moves()[0])},
        fif + "rules.parse_removal": lambda _: {"text": "6 15"},
        fif + "rules.removal_text": lambda _: {"removal": (6, 15)},
        fif + "rules.Position.notation_of": lambda _: {"tableau": list(_fifteens_position().tableau),
                                                       "stock": list(_fifteens_position().stock), "waste": []},
        fif + "rules.Position.parse": lambda _: {"text": _fifteens_position().notation()},
        fif + "rules.removal_problem": lambda _: {"cards": [Card(9, "S"), Card(6, "H")]},
        fif + "rules.removals_of": lambda _: {"tableau": (Card(9, "S"), None, Card(6, "H"), Card(5, "C"))},
        fif + "solver.removal_ranks": lambda _: {"counts": (0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0)},
        fif + "solver.solve": lambda _: {"position": _fifteens_position(), "node_budget": 2000},
        fif + "strategies.FewestPlayer": lambda _: {"seed": 1},
        fif + "strategies.MostPlayer": lambda _: {"seed": 1},
        fif + "strategies.OptionsPlayer": lambda _: {"seed": 1},
        fif + "strategies.RandomPlayer": lambda _: {"seed": 1},
        fif + "strategies.make_player": lambda _: {"name": "most", "seed": 1},
        fif + "strategies.play": lambda _: {"position": _fifteens_position(), "player": "most"},
        fif + "strategies.study": lambda _: {"players": ("most",), "games": 2, "processes": 1},
        fif + "strategies.wilson_interval": lambda _: {"wins": 50, "n": 100},
        # five_by_15
        f5 + "game.Game": lambda _: {"position": _f5_position()},
        f5 + "game.Game.play": lambda g: {"move": g.fresh_moves()[0]},
        f5 + "players.GreedyPlayer": lambda _: {"seed": 1},
        f5 + "players.GreedyPlayer.choose": lambda _: {"position": _f5_game()},
        f5 + "players.RandomPlayer": lambda _: {"seed": 1},
        f5 + "players.RandomPlayer.choose": lambda _: {"position": _f5_game()},
        f5 + "players.make_player": lambda _: {"name": "greedy", "seed": 1},
        f5 + "players.play_out": lambda _: {"position": _f5_small(), "player": "greedy", "seed": 1},
        f5 + "rules.Fill": lambda _: {"tile": (0, 7), "to": (2, 8)},
        f5 + "rules.Fill.parse": lambda _: {"text": "b7 to 2,8"},
        f5 + "rules.Shift": lambda _: {"tile": (0, 12), "top": 15},
        f5 + "rules.Shift.parse": lambda _: {"text": "shift b12-15"},
        f5 + "rules.parse_move": lambda _: {"text": "b7 to 2,8"},
        f5 + "rules.Position": lambda _: {"grid": _f5_position().grid},
        f5 + "rules.Position.deal": lambda _: {"seed": 1},
        f5 + "rules.Position.from_packed": lambda _: {"packed": _f5_position().packed, "level": 1, "size": 15},
        f5 + "rules.Position.move_of": lambda p: {"packed_move": next(iter(_packed_moves(p)))},
        f5 + "rules.Position.row_colour": lambda _: {"row": 1},
        f5 + "rules.Position.is_sorted": lambda _: {"row": 1},
        f5 + "rules.Position.sorted_prefix": lambda _: {"row": 1},
        f5 + "rules.Position.where": lambda _: {"tile": (0, 7)},
        f5 + "rules.Position.out_of_play": lambda _: {"cell": (0, 1)},
        f5 + "rules.Position.move_cells": lambda p: {"move": p.legal_moves()[0]},
        f5 + "rules.Position.explain": lambda p: {"move": p.legal_moves()[0]},
        f5 + "rules.Position.play": lambda p: {"move": p.legal_moves()[0]},
        f5 + "rules.Position.notation_of": lambda _: {"rows": _f5_position().grid},
        f5 + "rules.Position.parse": lambda _: {"text": _f5_position().notation()},
        f5 + "rules.goal_of": lambda _: {"packed": _f5_position().packed, "width": 16},
        f5 + "rules.packed_successors": lambda _: {"packed": _f5_position().packed, "width": 16, "run": 3,
                                            "goal": _goal()},
        f5 + "rules.move_text": lambda _: {"move": _f5_move()},  # a Move: anything else is only repr()'d
        f5 + "rules.tile_text": lambda _: {"tile": (0, 7)},
        f5 + "solver.best_first": lambda _: {"position": _f5_small(), "budget": 2000},
        f5 + "solver.depth_first": lambda _: {"position": _f5_small(), "budget": 2000},
        f5 + "solver.luby": lambda _: {"i": 5},
        # game_of_15
        g15 + "match.Match.draft": lambda _: {"digit": 5},
        g15 + "match.Match.claim": lambda _: {"digits": [2, 5, 8]},
        g15 + "match.Match.tick": lambda _: {"seconds": 1.0},
        g15 + "match.MatchRules.best_of": lambda _: {"rounds": 5},
        g15 + "match.MatchRules.first_to_points": lambda _: {"points": 5},
        g15 + "match.Achievements": lambda _: {"round_wins": 2, "efficiency_wins": 1, "defensive_lockouts": 0,
                                               "flawless_match_set": False},
        g15 + "match.tally_text": lambda _: {"records": _finished_match().records},
        g15 + "players.PerfectPlayer.choose": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "players.RandomPlayer.choose": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "players.TacticianPlayer.choose": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "players.TacticianPlayer.reason": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "players.make_player": lambda _: {"name": "random", "seed": 1},
        g15 + "players.threats": lambda _: {"own": frozenset({2, 5}), "pool": frozenset({1, 3, 4, 6, 7, 8, 9})},
        g15 + "puzzles.Puzzle": lambda _: {"position": Round.parse("25/13 O"), "drafts": 1, "solutions": (8,)},
        g15 + "puzzles.Puzzle.check": lambda _: {"digit": 8},
        g15 + "puzzles.Puzzle.referee": lambda _: {"position": Round.parse("258/13 I")},
        g15 + "players.computer_claim": lambda _: {"position": _manual_round()},
        g15 + "players.computer_step": lambda _: {"match": _g15_match(), "player": _g15_player()},
        g15 + "puzzles.puzzle_positions": lambda _: {"drafts": 1},
        g15 + "puzzles.puzzles": lambda _: {"drafts": 2, "count": 1, "seed": 7},
        g15 + "rules.Claim": lambda _: {"digits": (8, 2, 5)},
        g15 + "rules.Claim.parse": lambda _: {"text": "Fifteen! 2+5+8"},
        g15 + "rules.Draft": lambda _: {"digit": 7},
        g15 + "rules.Draft.parse": lambda _: {"text": " draft 7 "},
        g15 + "rules.Round": lambda _: {"onyx": frozenset({2, 5}), "ivory": frozenset({4}), "to_move": Side.IVORY},
        g15 + "rules.Round.start": lambda _: {"first": "I"},
        g15 + "rules.Round.rack": lambda _: {"side": Side.ONYX},
        g15 + "rules.Round.fifteen": lambda _: {"side": Side.ONYX},
        g15 + "rules.Round.open_lines": lambda _: {"side": Side.IVORY},
        g15 + "rules.Round.play": lambda _: {"move": 4},
        g15 + "rules.Round.explain": lambda _: {"move": 4},
        g15 + "rules.Round.claim": lambda _: {"side": Side.ONYX, "digits": [2, 5, 8]},
        g15 + "rules.Round.forfeit": lambda _: {"side": Side.IVORY, "reason": Reason.TIME},
        g15 + "rules.Round.from_grid": lambda _: {"grid": ["I..", ".O.", "..."]},
        g15 + "rules.Round.parse": lambda _: {"text": "258/46 I"},
        g15 + "rules.Round.cell_owner": lambda _: {"digit": 5},
        g15 + "rules.Side.parse": lambda _: {"text": "i"},
        g15 + "solver.Solver.score": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "solver.Solver.evaluate": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "solver.Solver.move_evaluations": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "solver.evaluate": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "solver.move_evaluations": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "solver.score_to_outcome": lambda _: {"score": 0},
        g15 + "solver.solve": lambda _: {"position": Round.parse("5/2 O")},
        g15 + "square.Symmetry": lambda _: {"name": "quarter", "permutation": (4, 1, 2, 7, 5, 3, 8, 9, 6)},
        g15 + "square.Symmetry.__call__": lambda _: {"digits": [2, 5, 8]},
        g15 + "square.Symmetry.apply_mask": lambda _: {"mask": 0b10000},
        g15 + "square.cell_of": lambda _: {"digit": 8},
        g15 + "square.digit_at": lambda _: {"row": 1, "column": 1},
        g15 + "square.digits_of": lambda _: {"mask": 259},
        g15 + "square.fifteen_in": lambda _: {"digits": [9, 6, 4, 5]},
        g15 + "square.is_magic": lambda _: {"square": [[2, 7, 6], [9, 5, 1], [4, 3, 8]]},
        g15 + "square.line_of": lambda _: {"triple": [1, 5, 9]},
        g15 + "square.mask_of": lambda _: {"digits": [1, 2, 9]},
        g15 + "square.triples_through": lambda _: {"digit": 5},
        g15 + "tree.canonical": lambda _: {"position": (1 << 1, 0)},
        # nasty15
        n15 + "boards.Colour.parse": lambda _: {"text": "k"},
        n15 + "boards.check_board_pairs": lambda _: {"boards": list(_kit_boards()[:2]), "what": "my boards",
                                                     "backs_sum_to_15": False},
        n15 + "boards.format_boards": lambda _: {"boards": list(_kit_boards()[:2])},
        n15 + "boards.parse_boards": lambda _: {"text": "mine: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1"},
        n15 + "boards.GoalBoard": lambda _: {"targets": _public_board().targets},
        n15 + "boards.GoalBoard.target": lambda _: {"colour": _colour("B")},
        n15 + "boards.GoalBoard.with_white": lambda _: {"marker": 3},
        n15 + "boards.GoalBoard.parse": lambda _: {"text": "B4 Y3 K3 W2 G2 R1"},
        n15 + "game.Game": lambda _: {"players": ["A", "B"], "seed": 1},
        n15 + "game.Game.targets_for": lambda _: {"player": "A"},
        n15 + "game.check_player_count": lambda _: {"count": 2, "handicap": True},
        n15 + "game.check_player_name": lambda _: {"name": "Ann", "taken": ["Bo", "Cy"]},
        n15 + "game.Game.place": lambda g: {"colours": g.turn.valid_colours()[0].value},
        n15 + "game.Game.play_turn": lambda g: {"player": CautiousPlayer()},
        n15 + "players.CautiousPlayer": lambda _: {"seed": 1},
        n15 + "players.CautiousPlayer.choose": lambda _: {"turn": turn()},
        n15 + "players.GreedyPlayer": lambda _: {"seed": 1},
        n15 + "players.GreedyPlayer.choose": lambda _: {"turn": turn()},
        n15 + "players.OptimalPlayer": lambda _: {"seed": 1},
        n15 + "players.OptimalPlayer.choose": lambda _: {"turn": turn()},
        n15 + "players.OptimalPlayer.policy": lambda _: {"turn": turn()},
        n15 + "players.make_player": lambda _: {"name": "optimal", "seed": 1},
        n15 + "policy.OptimalPolicy": lambda _: {"targets": (4, 3, 3, 2, 2, 1)},
        n15 + "policy.OptimalPolicy.stop_value": lambda _: {"turn": turn()},
        n15 + "policy.OptimalPolicy.roll_value": lambda _: {"turn": turn()},
        n15 + "policy.OptimalPolicy.value": lambda _: {"turn": turn()},
        n15 + "policy.OptimalPolicy.advise": lambda _: {"turn": _placed_turn()},
        n15 + "policy.OptimalPolicy.best": lambda _: {"turn": _placed_turn()},
        n15 + "policy.policy_for": lambda _: {"targets": (4, 3, 3, 2, 2, 1)},
        n15 + "policy.solve": lambda _: {"turn": turn()},
        n15 + "probability.expected_score": lambda _: {"targets": [4, 3, 3, 2, 2, 1], "rule": "cautious"},
        n15 + "probability.p_at_least_one_valid": lambda _: {"targets": [4, 3, 3, 2, 2, 1]},
        n15 + "probability.p_bust": lambda _: {"targets": [4, 3, 3, 2, 2, 1]},
        n15 + "probability.p_valid": lambda _: {"target": 4},
        n15 + "probability.pip_distribution": lambda _: {"target": 2},
        n15 + "probability.score_distribution": lambda _: {"targets": [4, 3, 3, 2, 2, 1], "rule": "cautious"},
        n15 + "probability.threshold": lambda _: {"pips": 8},
        n15 + "rules.Turn": lambda _: {"targets": (4, 3, 3, 2, 2, 1)},
        n15 + "rules.Turn.start": lambda _: {"targets": (4, 3, 3, 2, 2, 1)},
        n15 + "rules.Turn.roll": lambda _: {"rng": random.Random(1)},
        n15 + "rules.Turn.roll_with": lambda _: {"pips": (2, 5, 1, 6, 6, 1)},
        n15 + "rules.Turn.place": lambda _: {"colours": ["B", "R"]},
        n15 + "rules.Turn.parse": lambda _: {"text": "433221 2....1 251661 S"},
        n15 + "rules.Turn.explain": lambda t: {"move": t.legal_moves()[-1]},
        n15 + "rules.Turn.play": lambda t: {"move": t.legal_moves()[-1]},
        n15 + "rules.Decision": lambda _: {"action": "place", "colours": ("B", "R")},
        n15 + "rules.Decision.parse": lambda _: {"text": "place B R"},
        n15 + "rules.bonus_score": lambda _: {"placed_count": 5, "pips": 10},
        # svg
        "fifteen_kit.svg.dice_goal_board": lambda _: {"targets": (4, 3, 3, 2, 2, 1),
                                                      "placed": (2, None, None, None, None, 1), "light": True},
        "fifteen_kit.svg.die": lambda _: {"value": 5, "fill": "#0072B2", "ink": "#ffffff", "letter": "B"},
        "fifteen_kit.svg.magic_grid": lambda _: {"position": Round.parse("258/46 I")},
        "fifteen_kit.svg.round_board": lambda _: {"position": Round.parse("258/46 I"), "title": "a round"},
        "fifteen_kit.svg.side_by_side": lambda _: {"*": [fifteen_kit.svg.SVG("<svg/>"), fifteen_kit.svg.SVG("<svg/>")],
                                                   "captions": ("pool", "grid")},
        "fifteen_kit.svg.tile": lambda _: {"digit": 7},
        "fifteen_kit.svg.tile_image": lambda _: {"digit": 5},
        "fifteen_kit.svg.tile_strip": lambda _: {"digits": [2, 5, 8], "highlight": [2, 5, 8]},
        # widgets
        "fifteen_kit.widgets.common.sentence": lambda _: {"message": "the yellow die shows 5"},
        w + "exercise.SelfCheck.number": lambda _: {"question": "2 + 2?", "expected": 4},
        w + "exercise.SelfCheck.digits": lambda _: {"question": "Even digits?", "expected": [2, 4, 6, 8]},
        w + "exercise.SelfCheck.fraction": lambda _: {"question": "P(bust)?", "expected": _fraction()},
        w + "fifteens.FifteensBoard.click_card": lambda b: {"place": 0},
        w + "fifteens.FifteensBoard.new_deal": lambda _: {"seed": 2},
        w + "five_by_15.FiveBy15Board.click_cell": lambda b: {"cell": b.game.position.gaps()[0]},
        w + "five_by_15.FiveBy15Board.shift": lambda b: {"first": (0, 13)},
        w + "five_by_15.FiveBy15Board.start_from": lambda _: {"position": _f5_position().notation()},
        w + "five_by_15.FiveBy15Board.new_deal": lambda _: {"seed": 2},
        w + "five_by_15.FiveBy15Board.marked": lambda _: {"mark": "gap"},
        w + "game_of_15.GameOf15Board.click_digit": lambda _: {"digit": 5},
        w + "game_of_15.GameOf15Board.claim": lambda _: {"digits": "2 5 8"},
        w + "game_of_15.GameOf15Board.load": lambda _: {"text": "25/13 O"},
        w + "game_of_15.GameOf15Board.new_puzzle": lambda _: {"drafts": 1},
        w + "game_of_15.GameOf15Board.tick": lambda _: {"seconds": 1.0},
        w + "game_of_15_controller.GameOf15Controller": lambda _: {"match": _g15_match(), "seed": 1,
                                                                    "opponent": "random", "computer_side": "I"},
        w + "game_of_15_controller.GameOf15Controller.who": lambda _: {"side": Side.ONYX},
        w + "game_of_15_controller.GameOf15Controller.say": lambda _: {"text": "Hello."},
        w + "game_of_15_controller.GameOf15Controller.announce": lambda _: {"text": "Settings apply later."},
        w + "game_of_15_controller.GameOf15Controller.set_opponent": lambda _: {"opponent": "perfect",
                                                                                 "computer_side": "O"},
        w + "game_of_15_controller.GameOf15Controller.click_digit": lambda _: {"digit": 5, "from_grid": False},
        w + "game_of_15_controller.GameOf15Controller.draft_typed": lambda _: {"text": "5"},
        w + "game_of_15_controller.GameOf15Controller.claim": lambda _: {"text": "2 5 8"},
        w + "game_of_15_controller.GameOf15Controller.new_match": lambda _: {"rules": _g15_rules(), "first": "I"},
        w + "game_of_15_controller.GameOf15Controller.load": lambda _: {"text": "25/13 O"},
        w + "game_of_15_controller.GameOf15Controller.new_puzzle": lambda _: {"drafts": 1},
        w + "game_of_15_controller.GameOf15Controller.tick": lambda _: {"seconds": 1.0},
        w + "game_of_15_views.GameOf15View.set_length": lambda _: {"count": "rounds", "target": 5},
        w + "game_of_15_views.GameOf15View.cell_state": lambda _: {"digit": 5},
        w + "game_of_15_views.GameOf15View.draw": lambda _: {"controller": _g15_controller()},
        w + "game_of_15_views.GameOf15View.draw_clock": lambda _: {"controller": _g15_controller()},
        w + "nasty15.DiceBoard.click_die": lambda _: {"colour": _colour("B")},
        w + "nasty15.DiceBoard.remove_seat": lambda _: {"index": 1},
        w + "nasty15.DiceBoard.load_boards": lambda _: {"text": "mine: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1"},
    }


def _packed_moves(p):
    return [m for m, _ in __import__("fifteen_kit.five_by_15.rules", fromlist=["x"]).packed_successors(
        p.packed, p.size + 1, p.run_length, __import__("fifteen_kit.five_by_15.rules", fromlist=["x"]).goal_of(
            p.packed, p.size + 1))]


def _goal():
    from fifteen_kit.five_by_15.rules import goal_of
    return goal_of(_f5_position().packed, 16)


def _f5_small():
    from fifteen_kit.five_by_15.rules import Position
    return Position.deal(3, colours=3, size=6)


def _public_board():
    from fifteen_kit.nasty15.boards import PUBLIC_BOARD
    return PUBLIC_BOARD


def _kit_boards():
    from fifteen_kit.nasty15.boards import default_boards
    return default_boards()


def _f5_move():
    from fifteen_kit.five_by_15.rules import Fill
    return Fill(tile=(0, 7), to=(2, 8))


def _colour(letter):
    from fifteen_kit.nasty15.boards import Colour
    return Colour.parse(letter)


def _fraction():
    from fractions import Fraction
    return Fraction(5, 162)


#: Methods that need their object in a particular state (else INSTANCES gives it).
METHOD_INSTANCES: dict[str, Callable[[], Any]] = {
    "fifteen_kit.nasty15.rules.Turn.roll": lambda: __import__("fifteen_kit.nasty15.rules", fromlist=["x"]).Turn.start(
        (4, 3, 3, 2, 2, 1)),
    "fifteen_kit.nasty15.rules.Turn.roll_with": lambda: __import__(
        "fifteen_kit.nasty15.rules", fromlist=["x"]).Turn.start((4, 3, 3, 2, 2, 1)),
    "fifteen_kit.nasty15.boards.GoalBoard.with_white": lambda: __import__(
        "fifteen_kit.nasty15.boards", fromlist=["x"]).GoalBoard.parse("B4 Y4 K3 G2 R2", back=True),
    "fifteen_kit.game_of_15.match.Match.claim": lambda: _manual_match(),
    "fifteen_kit.game_of_15.match.Match.tick": lambda: __import__(
        "fifteen_kit.game_of_15.match", fromlist=["x"]).Match(target=1, clock=30.0),
    "fifteen_kit.widgets.game_of_15.GameOf15Board.claim": lambda: _manual_board(),
    "fifteen_kit.widgets.game_of_15.GameOf15Board.tick": lambda: __import__(
        "fifteen_kit.widgets", fromlist=["x"]).GameOf15Board(opponent=None, blitz=30),
    "fifteen_kit.widgets.five_by_15.FiveBy15Board.shift": lambda: _shift_board(),
    "fifteen_kit.widgets.nasty15.DiceBoard.remove_seat": lambda: __import__(  # two seats: one may go
        "fifteen_kit.widgets", fromlist=["x"]).DiceBoard(players=[("You", "human"), ("Bot", "greedy")], seed=1),
}


def _manual_match():
    """Manual claims: each draft opens a turn that ends with end_turn(); Onyx's last draft (8) stays open."""
    from fifteen_kit.game_of_15.match import Match
    m = Match(target=1, auto_claim=False)
    for d in (2, 1, 5, 3):
        m.draft(d)
        m.end_turn()
    m.draft(8)
    assert m.turn_open and m.can_claim
    return m


def _finished_match():
    """A best-of-3 match with two finished rounds (so its records are not empty)."""
    from fifteen_kit.game_of_15.match import Match
    m = Match(target=2)
    for d in (2, 1, 5, 3, 8):
        m.draft(d)
    m.next_round()
    for d in (2, 1, 5, 3, 8):
        m.draft(d)
    assert len(m.records) == 2
    return m


def _g15_match():
    from fifteen_kit.game_of_15.match import Match
    return Match(target=1)


def _g15_rules():
    from fifteen_kit.game_of_15.match import MatchRules
    return MatchRules(target=2)


def _g15_player():
    from fifteen_kit.game_of_15.players import RandomPlayer
    return RandomPlayer(seed=1)


def _g15_controller():
    from fifteen_kit.widgets.game_of_15_controller import GameOf15Controller
    return GameOf15Controller(_g15_match(), seed=1)


def _dice_controller():
    from fifteen_kit.widgets.nasty15_controller import DiceController
    return DiceController([("You", "human"), ("Bot", "greedy")], seed=1)


def _examples_dice_split() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the dice board's controller and views (issue 31: the board split like the Game of 15's)."""
    from fractions import Fraction

    from fifteen_kit.nasty15.boards import Colour, default_boards
    from fifteen_kit.nasty15.game import Game
    from fifteen_kit.nasty15.players import GreedyPlayer
    from fifteen_kit.nasty15.policy import policy_for
    from fifteen_kit.nasty15.rules import Decision, Turn
    c, v = "fifteen_kit.widgets.nasty15_controller.", "fifteen_kit.widgets.nasty15_views."
    before = "433221 ...... 666626 P"
    verdict = lambda _: {"before": Turn.parse(before), "after": Turn.parse(before).place("G"),  # noqa: E731
                         "action": "stop"}
    return {
        c + "DiceController": lambda _: {"seats": [("You", "human"), ("Bot", "greedy")], "seed": 1},
        c + "check_seats": lambda _: {"seats": [("Ann", "human")]},
        c + "ExampleReplay": lambda _: {"key": "bust"},
        c + "SolvingAhead": lambda _: {"current": lambda: None, "on_ready": lambda: None},
        c + "SolvingAhead.start": lambda _: {"game": Game(["Ann"], seed=1)},
        c + "SolvingAhead.ready": lambda _: {"policy": policy_for((4, 3, 3, 2, 2, 1))},
        c + "DiceController.kind": lambda _: {"name": "Bot"},
        c + "DiceController.say": lambda _: {"text": "Hello."},
        c + "DiceController.new_game": lambda _: {"seats": [("Ann", "human"), ("Bo", "cautious")],
                                                  "boards": default_boards()[:3]},
        c + "DiceController.show_example": lambda _: {"key": "bust"},
        c + "DiceController.place": lambda _: {"colour": Colour.BLUE},
        c + "DiceController.verdict_text": verdict,
        c + "DiceCoach.points": lambda _: {"value": Fraction(687, 50), "verb": "averages"},
        c + "DiceCoach.reason": lambda _: {"player": GreedyPlayer(), "turn": Turn.parse(before),
                                           "move": Decision("place", (Colour.GREEN,))},
        c + "DiceCoach.verdict": verdict,
        c + "DiceCoach.advice": lambda _: {"turn": Turn.parse(before)},
        v + "DiceSetupPanel.remove_seat": lambda _: {"index": 1},
        v + "DiceSetupPanel.load_boards": lambda _: {"text": "mine: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1"},
        v + "DiceView.draw": lambda _: {"controller": _dice_controller()},
        v + "DiceView.draw_message": lambda _: {"controller": _dice_controller()},
        v + "DiceView.draw_tumble": lambda _: {"faces": {Colour.RED: 5}},
    }


def _manual_board():
    """The board's manual claims: each draft opens a turn closed by End turn; the last draft (8) stays open."""
    from fifteen_kit.widgets import GameOf15Board
    b = GameOf15Board(opponent=None, auto_claim=False)
    for d in (2, 1, 5, 3):
        b.click_digit(d)
        b.end_turn()
    b.click_digit(8)
    assert b.match.turn_open and b.match.can_claim
    return b


def _shift_board():
    from fifteen_kit.widgets import FiveBy15Board
    b = FiveBy15Board(seed=238, colours=2, numbers=5)  # a small deal whose first position offers a shift (B3-5)
    from fifteen_kit.five_by_15 import Shift
    shifts = [m for m in b.game.position.legal_moves() if isinstance(m, Shift)]
    assert shifts, "deal 238 (2 colours, size 5) no longer offers a shift: pick another example"
    b._conformance_shift = shifts[0].tile
    return b


def _examples_dice_18() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the dice game's worked examples, studies and board additions (issue 18)."""
    from fifteen_kit.nasty15.boards import GoalBoard
    from fifteen_kit.nasty15.examples import Step
    from fifteen_kit.nasty15.rules import Turn
    # Step.apply needs a roll step (the docstring's): registered here, beside its examples
    METHOD_INSTANCES.setdefault("fifteen_kit.nasty15.examples.Step.apply",
                                lambda: Step("roll", faces=(5, 4, 4, 3, 3, 2)))
    n15, board = "fifteen_kit.nasty15.", "fifteen_kit.widgets.nasty15.DiceBoard."
    small = (4, 3, 3, 2, 2, 1)
    return {
        n15 + "examples.Step": lambda _: {"kind": "place", "colours": ("K", "B"), "words": "She places {placed}."},
        n15 + "examples.Step.apply": lambda _: {"turn": Turn.start(small)},
        n15 + "examples.Step.facts": lambda _: {"before": Turn.start((1, 3, 2, 2, 2, 5)),
                                                "after": Turn.start((1, 3, 2, 2, 2, 5)).roll_with((1, 6, 1, 1, 2, 6))},
        # a one-step turn: every die is too high on the first roll (a bust)
        n15 + "examples.WorkedExample": lambda _: {
            "key": "mine", "title": "A quick bust", "player": "Ann", "board": GoalBoard.parse("B4 Y3 K3 W2 G2 R1"),
            "steps": (Step("roll", faces=(6, 6, 6, 6, 6, 6), words="Ann rolls {rolled}."),),
            "start": "Ann rolls.", "moral": "Ann scores {score}."},
        n15 + "studies.simple_rule_values": lambda _: {"targets": small, "thresholds": (8,)},
        n15 + "studies.simulate_turns": lambda _: {"targets": small, "turns": 3, "seed": 1, "player": "greedy"},
        n15 + "studies.running_averages": lambda _: {"scores": [4, 8, 0]},
        n15 + "studies.held_back": lambda _: {"targets": (1, 1, 1, 1, 5, 6)},
        board + "from_example": lambda _: {"key": "bust"},
        board + "show_example": lambda _: {"key": "bust"},
        board + "verdict_text": lambda _: {"before": Turn.parse("433221 ...... 666626 P"),
                                           "after": Turn.parse("433221 ...... 666626 P").place("G"),
                                           "action": "stop"},
    }


def _examples_other_18() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the 5x15 comparison, the square's symmetries and the number squares (issue 18)."""
    magic = [[2, 9, 4], [7, 5, 3], [6, 1, 8]]
    return {
        # one tiny deal (3 colours of 6 numbers) with a small node budget: fast, and remembered after one call
        "fifteen_kit.five_by_15.players.compare_players":
            lambda _: {"level": 1, "deals": 1, "budget": 50, "first_seed": 100, "colours": 3, "size": 6},
        "fifteen_kit.game_of_15.square.Symmetry.cell": lambda _: {"row": 0, "column": 0},
        "fifteen_kit.game_of_15.square.Symmetry.turn": lambda _: {"square": [list(r) for r in magic]},
        "fifteen_kit.svg.number_square": lambda _: {"square": [list(r) for r in magic], "size": 30},
        "fifteen_kit.svg.number_squares":
            lambda _: {"squares": [[list(r) for r in magic]], "captions": ("the magic square",), "size": 30},
    }


def _examples_questions_18() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the answer forms and the lesson questions (issue 18)."""
    from fractions import Fraction

    from fifteen_kit.answers import Number
    a, w = "fifteen_kit.answers.", "fifteen_kit.widgets.exercise."
    sixth = Fraction(1, 6)
    return {
        a + "Number": lambda _: {"places": 3, "percent": False},
        a + "Choice": lambda _: {"options": ("fewest", "options", "cannot tell"),
                                 "aliases": (("can't tell", "cannot tell"),)},
        a + "Form.read": lambda _: {"text": "1/6"},
        a + "Form.value_of": lambda _: {"text": "1/6"},
        "fifteen_kit.widgets.game_of_15_controller.plain": lambda _: {"text": "Stalemate (2.8)"},
        a + "Form.expect": lambda _: {"expected": sixth},
        a + "Form.renderings": lambda _: {"expected": sixth},
        a + "Form.show": lambda _: {"expected": sixth},
        a + "Form.judge": lambda _: {"text": "0.167", "expected": sixth, "slips": {Fraction(1, 3): "added"}},
        w + "SelfCheck": lambda _: {"question": "P(bust) with one die at target 4?", "form": Number(places=3),
                                    "expected": Fraction(1, 3), "key": "97.q1", "hint": "Faces 5 and 6.",
                                    "slips": {Fraction(2, 3): "That is P(valid)."}, "solution": "2 of 6 faces.",
                                    "placeholder": "a fraction"},
        w + "SelfCheck.judge": lambda _: {"text": "1/3"},
        w + "inline_markdown": lambda _: {"text": "It is *not* 4 of **8**."},
        w + "Prediction": lambda _: {"question": "How many?", "form": Number(places=0), "truth": 8, "key": "97.p1",
                                     "reveal": lambda: "eight", "unit": "sets"},
        w + "Prediction.lock": lambda _: {"record": False},
        w + "WhyQuestion": lambda _: {"question": "Why?", "model": "Because four lines meet there.",
                                      "points": ["four lines", "sum 60"], "key": "97.w1"},
        w + "WhyQuestion.compare": lambda _: {"record": False},
    }


def _examples_export_19() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the recording and export of a pupil's results in a notebook (issue 19)."""
    r = "fifteen_kit.widgets.results."
    return {
        r + "Recorder": lambda _: {"key": "97.q1", "kind": "check"},
        r + "saved_answer": lambda _: {"key": "97.q1"},
        r + "lesson_records": lambda _: {"lesson": "97"},
        r + "forget": lambda _: {"lesson": "97"},
        r + "ResultsExport": lambda _: {"lesson": "97"},
        r + "export_results": lambda _: {"lesson": "97"},
        "fifteen_kit.widgets.fifteens.PairStudy": lambda _: {"key": "97.pool", "strategies": ("fewest",), "deals": 2},
    }


def _pupil_results():
    from fifteen_kit.results import PupilResults
    return PupilResults("04", "Ana and Ben", (
        {"key": "04.q1", "kind": "check", "answer": "1/6", "tries": 2, "correct": True, "first": False,
         "wrong": ["1/3"]},
        {"key": "04.p1", "kind": "prediction", "answer": "10", "truth": "8"},
        {"key": "04.w1", "kind": "why", "answer": "More turns."},
        {"key": "04.game", "kind": "game", "game": "dice", "seed": 3, "boards": 10, "score": 120, "computer": 131,
         "policy": None}))


def _examples_results_19() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the pupils' results, their files and codes (issue 19)."""
    from fifteen_kit.class_results import ClassResults
    from fifteen_kit.results import to_code, to_json
    r, c = "fifteen_kit.results.", "fifteen_kit.class_results."
    INSTANCES.setdefault(c + "ClassResults", lambda: ClassResults([_pupil_results()]))
    METHOD_INSTANCES.setdefault(r + "PupilResults.keys", _pupil_results)
    METHOD_INSTANCES.setdefault(r + "PupilResults.record", _pupil_results)
    return {
        r + "PupilResults": lambda _: {"lesson": "04", "pupil": "Ana", "records": (
            {"key": "04.w1", "kind": "why", "answer": "More turns."},
            {"key": "04.p2", "kind": "prediction", "answer": "12", "truth": "13.2"})},
        r + "PupilResults.record": lambda _: {"key": "04.q1"},
        r + "to_json": lambda _: {"results": _pupil_results()},
        r + "from_json": lambda _: {"text": to_json(_pupil_results())},
        r + "results_file_name": lambda _: {"results": _pupil_results()},
        r + "task_label": lambda _: {"key": "04.q1"},
        r + "to_code": lambda _: {"results": _pupil_results()},
        r + "from_code": lambda _: {"code": to_code(_pupil_results())},
        c + "ClassResults": lambda _: {"pupils": [_pupil_results()]},
        c + "ClassResults.predictions": lambda _: {"truths": {"04.p1": "8"}},
        c + "t_interval": lambda _: {"values": [11.0, 12.5, 9.5, 13.0, 10.0]},
        **_examples_class_view_19(),
    }


def _examples_class_view_19() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the teacher's class view (issue 19)."""
    import pathlib

    from fifteen_kit.class_results import ClassResults
    from fifteen_kit.results import to_code, to_json
    v = "fifteen_kit.widgets.class_view."
    samples = pathlib.Path(__file__).resolve().parents[2] / "lessons" / "teacher" / "sample_results"

    def view():
        from fifteen_kit.widgets.class_view import ClassView
        return ClassView(folder=samples)

    INSTANCES.setdefault(v + "ClassView", view)
    one = lambda _: {"results": ClassResults([_pupil_results()])}  # noqa: E731
    return {
        v + "ClassView": lambda _: {"folder": samples},
        v + "ClassView.report": lambda _: {"lesson": "05"},
        v + "class_table": lambda _: {"results": ClassResults([_pupil_results()])},
        v + "follow_up": lambda _: {"results": ClassResults([_pupil_results()])},
        v + "exercises_chart": one, v + "dice_chart": one, v + "fifteens_chart": one,
        v + "predictions_chart": lambda _: {"results": ClassResults([_pupil_results()])},
        v + "gather": lambda _: {"folder": samples, "codes": to_code(_pupil_results()),
                                 "uploads": ({"name": "a.json", "content": to_json(_pupil_results()).encode()},),
                                 "leave_out": ["code 1"]},
        v + "question_text": lambda _: {"key": "04.q1", "limit": 40},
        v + "truths": lambda _: {"lesson": "04"},
        v + "pupil_table": lambda _: {"results": ClassResults([_pupil_results()]), "sources": {"Ana": "a.json"}},
        v + "why_table": one,
        v + "split_codes": lambda _: {"text": to_code(_pupil_results()) + "\n" + to_code(_pupil_results())},
    }


def _examples_guide_19() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of lesson 03's set hunt (issue 19)."""
    h = "fifteen_kit.widgets.set_hunt."
    return {
        h + "hunt_message": lambda _: {"chosen": [7, 8], "found": [[4, 5, 6]], "total": 15},
        h + "SetHunt": lambda _: {"total": 15},
        h + "SetHunt.pick": lambda _: {"digits": [2, 9, 4]},
    }


def _examples_plots_20() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of how the kit's plots reach a notebook (issue 20)."""

    def figure() -> Any:
        from matplotlib.figure import Figure
        fig = Figure(figsize=(2, 1.5))
        fig.add_subplot().plot([1, 2], [2, 1])
        return fig

    from fifteen_kit.barchart import Series

    b = "fifteen_kit.barchart."
    series = Series(values=(3, 1), colours="#0072B2")
    return {"fifteen_kit.plotstyle.image": lambda _: {"fig": figure()},
            # the lessons' charts as data, drawn as SVG where matplotlib is missing (issue 30)
            b + "Series": lambda _: {"values": (3, 1), "colours": ("#0072B2", "#D55E00"), "hatches": "//",
                                     "label": "wins", "bottoms": (1, 0), "errors": ((1, 1), (0.5, 0.5)),
                                     "notes": ("3", "1"), "edge": "white", "width": 0.4, "offset": 0.2,
                                     "note_rotate": 90},
            b + "Line": lambda _: {"xs": (1, 2, 3), "ys": (2, 1, 1.5), "colour": "#0072B2", "label": "trend"},
            b + "BarChart": lambda _: {"x": (1, 2), "series": (series,), "title": "Two", "xlabel": "game",
                                       "ylabel": "wins", "ymax": 4, "ymin": 0, "xticks": ((1, "one"), (2, "two")),
                                       "rotate": 35, "line": (1.5, "middle"), "hline": (2, "level"),
                                       "line_colour": "#555555", "legend": (("more", "#009E73", "xx"),),
                                       "legend_at": "upper right", "legend_columns": 2, "size": (6, 4)},
            b + "BarChart.ylabel_of": lambda _: {"value": 2},
            b + "row_svg": lambda _: {"charts": (_bar_chart(), _bar_chart())}}


_EXAMPLE_OVERRIDES = {
    "fifteen_kit.widgets.five_by_15.FiveBy15Board.shift": lambda b: {"first": b._conformance_shift},
}


_RECORD_TEXT = '''[[task]]
key = "99.w1"
question = "Why is {a} x {b} the same as {b} x {a}?"
model = "Both count the same {product} dots of a rectangle, turned round."
points = ["a product counts a rectangle of dots", "turning it does not change the count"]
'''


def _finished_match():
    from fifteen_kit.game_of_15 import Match, MatchRules

    match = Match(rules=MatchRules(target=1))
    for digit in (1, 4, 5, 6, 9):
        match.draft(digit)
    return match


def _examples_records_and_work_32() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the question records (issue 31) and of a pupil's work kept on disk (issue 32)."""
    import tempfile

    from fifteen_kit.widgets.workbook.lesson00 import NAMED

    k, r = "fifteen_kit.widgets.keep.", "fifteen_kit.widgets.workbook.records."
    named = {"a": lambda: 7, "b": lambda: 8, "product": lambda: 56}
    notebook = str(Path(tempfile.mkdtemp(prefix="kit-keep-")) / "97_try.ipynb")  # nothing is written there
    return {
        k + "notebook_path": lambda _: {"lesson": "97"},
        k + "work_file": lambda _: {"lesson": "97", "notebook": notebook},
        k + "kept": lambda _: {"lesson": "97", "notebook": notebook},
        k + "keep": lambda _: {"record": {"key": "97.w1", "kind": "why", "answer": "x"}, "notebook": None},
        k + "problem": lambda _: {"lesson": "97"},
        r + "path": lambda _: {"lesson": "00"},
        r + "records": lambda _: {"lesson": "00"},
        r + "load": lambda _: {"lesson": "00", "named": NAMED},
        r + "check": lambda _: {"lesson": "00", "named": NAMED},
        r + "load_text": lambda _: {"text": _RECORD_TEXT, "lesson": "99", "named": named, "file": "lesson99.toml"},
        r + "check_text": lambda _: {"text": _RECORD_TEXT, "lesson": "99", "named": named, "file": "lesson99.toml"},
        # an unfinished game kept and continued (widgets/resume.py)
        "fifteen_kit.nasty15.game.Game.restore": lambda game: {"snapshot": game.snapshot()},
        "fifteen_kit.widgets.game_of_15_controller.match_result": lambda _: {"match": _finished_match()},
        # the lessons' plans (widgets/workbook/plans.py)
        "fifteen_kit.widgets.workbook.plans.plan": lambda _: {"lesson": "02"},
        "fifteen_kit.widgets.workbook.plans.trials": lambda _: {"lesson": "02"},
        "fifteen_kit.widgets.workbook.plans.time_line": lambda _: {"lesson": "02"},
        "fifteen_kit.widgets.workbook.plans.plan_tables": lambda _: {"lesson": "02"},
        "fifteen_kit.widgets.workbook.plans.class_work": lambda _: {"lesson": "04"},
    }


def _examples_options_31() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the option declarations (issue 31: an option is one typed entry)."""
    from typing import Literal

    from fifteen_kit.game_of_15.match import OPTIONS

    texts = {"name": "speed", "title": "Speed", "section": "2.6.3", "help": "How fast the computer answers"}
    o = "fifteen_kit.options."
    return {
        o + "Option": lambda _: {**texts, "choices": ("slow", "fast"), "labels": ("Slow", "Fast"), "default": "slow",
                                 "aliases": ((None, "slow"),)},
        o + "Option.declare": lambda _: {**texts, "kind": Literal["slow", "fast"],
                                         "labels": {"slow": "Slow", "fast": "Fast"}, "default": "fast",
                                         "aliases": {"quick": "fast"}},
        o + "Option.check": lambda _: {"value": "high_tile", "position": "-/- O"},
        o + "Option.label": lambda _: {"value": "coin"},
        o + "table": lambda _: {"options": OPTIONS},
        o + "write_tables": lambda _: {"text": "<!-- options:fifteens -->\n<!-- /options -->"},
    }

#: Calls that legitimately succeed with a value their annotation does not name, each with the reason.
#: Keys: (target, parameter, bad-value label).
ALLOWED: dict[tuple[str, str, str], str] = {
    ("fifteen_kit.game_of_15.match.MatchRules", "first", "None"):
        "None is the old spelling of the coin flip (Match(first=None)); it is stored as 'coin'",
}


def _examples_printables_19() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the printable materials and the answer key as data (issue 19)."""
    from fifteen_kit.widgets.workbook import task

    p = "fifteen_kit.widgets.printables."
    return {
        p + "sheets": lambda _: {"names": ["rules-dice", "game_of_15-plate"]},
        p + "page.page": lambda _: {"title": "Tiles", "body": "<p>cut</p>", "subtitle": "cut-out sheet"},
        p + "page.ruled_lines": lambda _: {"count": 3},
        p + "page.markdown": lambda _: {"text": "**15**"},
        p + "rules.rules_text": lambda _: {"game": "fifteens"},
        p + "rules.rules_card": lambda _: {"game": "fifteens"},
        p + "lessons.worksheet": lambda _: {"lesson": "00"},
        p + "lessons.answer_sheet": lambda _: {"lesson": "00"},
        "fifteen_kit.widgets.workbook.key.answers": lambda _: {"lesson": "00"},
        "fifteen_kit.widgets.workbook.key.answer_of": lambda _: {"item": task("00.q1")},
        "fifteen_kit.svg.five_tile": lambda _: {"colour": 1, "number": 3, "x": 0, "y": 0, "size": 48,
                                                "light": True},
        **_examples_paper_33(), **_examples_print_33(),
    }


def _examples_print_33() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the printables that print right (issue 33)."""
    from fifteen_kit.nasty15 import default_boards
    p = "fifteen_kit.widgets.printables."
    return {
        p + "dice.card_place": lambda _: {"slot": 1, "back": True, "left": 20.0},
        p + "dice.goal_boards": lambda _: {"boards": list(default_boards()[:2]), "light": True},
        p + "five_by_15.exercise_sets": lambda _: {"pairs": 5},
        p + "rules.example": lambda _: {"game": "dice"},
    }


def _examples_paper_33() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the lessons on paper (issue 33)."""
    from fifteen_kit.widgets.workbook import task

    from fifteen_kit.five_by_15 import Position
    w = "fifteen_kit.widgets.workbook."
    return {
        "fifteen_kit.widgets.printables.lessons.page_use": lambda _: {"lesson": "00"},
        w + "paper.on_paper": lambda _: {"lesson": "00"},
        w + "paper.default_space": lambda _: {"item": task("00.q1")},
        w + "lesson00.position_picture": lambda _: {"name": "first"},
        w + "lesson06.position_picture": lambda _: {"name": "tiny"},
        "fifteen_kit.svg.five_by_15_position": lambda _: {"position": Position.parse("B1 O3 B2 B3 / O1 -- O2 -- L1"),
                                                         "size": 40},
    }


# -- pupils' players, try_player and the class tournament (issue 35) --------------------------------------------
RESULT_RECORDS |= {"fifteen_kit.series.GameRecord", "fifteen_kit.series.Row", "fifteen_kit.series.Series",
                   "fifteen_kit.series.Replay", "fifteen_kit.tournament.Comparison",
                   "fifteen_kit.tournament.Leaderboard"}
_HONEST_35 = "def my_player(turn):\n    return turn.legal_moves()[-1]\n"


def _my_player_35(position: Any) -> Any:
    return position.legal_moves()[-1]


def _instances_pupils_35() -> dict[str, Callable[[], Any]]:
    from fifteen_kit.lite_sandbox import WorkerPlayer
    from fifteen_kit.pupil_players import PupilPlayer
    from fifteen_kit.sandbox import SandboxedPlayer
    from fifteen_kit.series import try_player
    from fifteen_kit.tournament import run_tournament
    return {
        "fifteen_kit.pupil_players.PupilPlayer": lambda: PupilPlayer(_my_player_35, "dice"),
        "fifteen_kit.sandbox.SandboxedPlayer": lambda: SandboxedPlayer(_HONEST_35, "dice"),
        "fifteen_kit.lite_sandbox.WorkerPlayer": lambda: WorkerPlayer(_HONEST_35, "dice"),
        "fifteen_kit.sandbox.Limits": lambda: __import__("fifteen_kit.sandbox").sandbox.Limits(),
        "fifteen_kit.series.Series": lambda: try_player(_my_player_35, game="dice", games=2, seed=1),
        "fifteen_kit.tournament.Leaderboard": lambda: run_tournament({"a": _HONEST_35}, "dice", games=2),
    }


def _examples_pupils_35() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the pupils' player API, series and tournament (issue 35)."""
    from fifteen_kit.fifteens import Position
    from fifteen_kit.nasty15 import Turn
    from fifteen_kit.nasty15.players import CautiousPlayer
    turn = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1))
    deal = Position.deal(seed=1)
    pp, sb, se = "fifteen_kit.pupil_players.", "fifteen_kit.sandbox.", "fifteen_kit.series."
    return {
        pp + "run_with_budget": lambda _: {"function": list},
        pp + "as_player": lambda _: {"function": _my_player_35, "game": "dice"},
        pp + "PupilPlayer": lambda _: {"function": _my_player_35, "game": "dice"},
        pp + "PupilPlayer.choose": lambda _: {"position": turn},
        pp + "PupilPlayer.stopped": lambda _: {"position": turn, "reason": "it raised"},
        **{pp + name: (lambda _: {"turn": turn}) for name in ("roll", "valid_dice", "targets_left",
                                                               "chance_of_bust", "points_if_stop")},
        pp + "removals": lambda _: {"position": deal},
        pp + "ranks_of": lambda _: {"position": deal, "removal": (6, 15)},
        pp + "removals_left_after": lambda _: {"position": deal, "removal": (6, 15)},
        sb + "SandboxedPlayer": lambda _: {"source": _HONEST_35, "game": "dice"},
        sb + "SandboxedPlayer.choose": lambda _: {"position": turn},
        "fifteen_kit.lite_sandbox.WorkerPlayer": lambda _: {"source": _HONEST_35, "game": "dice"},
        "fifteen_kit.lite_sandbox.WorkerPlayer.achoose": lambda _: {"position": turn},
        se + "game_moves": lambda _: {"game": "dice", "seed": 1, "index": 0},
        "fifteen_kit.tournament.run_tournament_async": lambda _: {"entries": {"a": _HONEST_35}, "game": "dice",
                                                                  "games": 1},
        se + "t_interval": lambda _: {"values": [1.0, 2.0, 4.0]},
        se + "sign_test": lambda _: {"better": 5, "worse": 1},
        se + "holm": lambda _: {"p_values": [0.01, 0.2]},
        se + "dice_table": lambda _: {"seed": 1, "index": 0},
        se + "play_game": lambda _: {"player": CautiousPlayer(), "game": "dice", "seed": 1, "index": 0},
        se + "row_of": lambda _: {"name": "a", "game": "dice", "scores": [3, 5, 8]},
        se + "try_player": lambda _: {"function": _my_player_35, "game": "dice", "games": 2},
        se + "Series.replay": lambda _: {"player": "_my_player_35", "index": 0},
        "fifteen_kit.tournament.run_tournament": lambda _: {"entries": {"a": _HONEST_35}, "game": "dice",
                                                            "games": 1},
        "fifteen_kit.tournament.Leaderboard.replay": lambda _: {"entry": "a", "index": 0},
    }


def _replay_35() -> Any:
    from fifteen_kit.series import try_player
    return try_player(_my_player_35, game="dice", games=1, seed=1).replay("_my_player_35", 0)


def _instances_lab_35() -> dict[str, Callable[[], Any]]:
    """The replay board and the player lab (issue 35, the play page)."""
    from fifteen_kit.widgets.player_lab import PlayerLab
    from fifteen_kit.widgets.replay import ReplayBoard
    return {"fifteen_kit.widgets.replay.ReplayBoard": lambda: ReplayBoard(_replay_35()),
            "fifteen_kit.widgets.player_lab.PlayerLab": lambda: PlayerLab(games=2)}


def _examples_lab_35() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the replay board and the player lab (issue 35, the play page)."""
    r, lab = "fifteen_kit.widgets.replay.", "fifteen_kit.widgets.player_lab."
    return {
        r + "ReplayBoard": lambda _: {"replay": _replay_35(), "game": "dice", "title": "a game"},
        r + "ReplayBoard.go": lambda _: {"index": 1},
        r + "ReplayBoard.show": lambda _: {"replay": _replay_35(), "game": "dice", "title": "another"},
        r + "ReplayBoard.line": lambda _: {"index": 1},
        lab + "PlayerLab": lambda _: {"game": "fifteens", "games": 2, "code": _HONEST_35, "key": "97.lab"},
        lab + "load_player": lambda _: {"code": _HONEST_35},
        lab + "code_hints": lambda _: {"code": _HONEST_35},
    }


# -- player tasks, their hand-in and the class view's tournament (issue 35) ---------------------------------------
RESULT_RECORDS |= {"fifteen_kit.widgets.class_tournament.Entries",
                   "fifteen_kit.widgets.class_tournament.TournamentResult"}


def _class_35() -> Any:
    from fifteen_kit.class_results import ClassResults
    from fifteen_kit.results import PupilResults
    return ClassResults([PupilResults("07", "Ana", ({"key": "07.q1", "kind": "player", "game": "dice",
                                                      "source": _HONEST_35},))])


def _tournament_35() -> Any:
    from fifteen_kit.widgets.class_tournament import class_tournament, handed_in
    return class_tournament(handed_in(_class_35())["07.q1"], games=2)


def _instances_hand_in_35() -> dict[str, Callable[[], Any]]:
    from fifteen_kit.widgets.class_tournament import TournamentPanel
    from fifteen_kit.widgets.player_box import PlayerBox
    return {
        "fifteen_kit.widgets.player_box.PlayerBox": lambda: PlayerBox("Write a player.", "dice", games=2),
        "fifteen_kit.widgets.class_tournament.TournamentPanel": lambda: TournamentPanel(_class_35()),
    }


def _examples_hand_in_35() -> dict[str, Callable[[Any], dict[str, Any]]]:
    """Valid examples of the player task's widget and the class tournament of the class view (issue 35)."""
    pb, ct = "fifteen_kit.widgets.player_box.", "fifteen_kit.widgets.class_tournament."

    def entries(_: Any) -> dict[str, Any]:
        from fifteen_kit.widgets.class_tournament import handed_in
        return {"entries": handed_in(_class_35())["07.q1"], "games": 2}

    return {
        pb + "PlayerBox": lambda _: {"question": "Write a player.", "game": "dice", "key": "99.q1", "games": 2,
                                     "seed": 1, "starter": _HONEST_35},
        ct + "handed_in": lambda _: {"results": _class_35()},
        ct + "class_tournament": entries,
        ct + "class_tournament_async": entries,
        ct + "leaderboard_table": lambda _: {"result": _tournament_35()},
        ct + "replay_text": lambda _: {"result": _tournament_35(), "entry": "Ana", "index": 0},
        ct + "TournamentPanel": lambda _: {"results": _class_35()},
    }


# -- the test ---------------------------------------------------------------------------------------------------
TARGETS = public_targets()
INSTANCES = {**_instances(), **_instances_pupils_35(), **_instances_lab_35(), **_instances_hand_in_35()}
EXAMPLES = {**_examples(), **_examples_dice_18(), **_examples_other_18(), **_examples_questions_18(),
            **_examples_results_19(), **_examples_export_19(), **_examples_guide_19(), **_examples_printables_19(),
            **_examples_plots_20(), **_examples_dice_split(), **_examples_options_31(),
            **_examples_records_and_work_32(), **_examples_pupils_35(), **_examples_lab_35(),
            **_examples_hand_in_35(),
            **_EXAMPLE_OVERRIDES}


def _cases():
    for t in TARGETS:
        for p in t.signature.parameters.values():
            if p.kind is p.VAR_KEYWORD:
                continue
            yield pytest.param(t, p.name, id=f"{t.name}:{p.name}")


def _prepare(target: Target) -> tuple[Any, dict[str, Any]]:
    instance = None
    if target.kind == "method":
        owner = f"{target.owner.__module__}.{target.owner.__qualname__}"
        make = METHOD_INSTANCES.get(target.name) or INSTANCES.get(owner)
        assert make is not None, f"no example instance of {owner}: add one to INSTANCES"
        instance = make()
    example = EXAMPLES.get(target.name)
    args = dict(example(instance)) if example else {}
    for p in target.signature.parameters.values():
        required = p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        assert not required or p.name in args, f"{target.name} needs a valid example for {p.name!r} in EXAMPLES"
    return instance, args


def _call(target: Target, instance: Any, args: dict[str, Any], star: str | None) -> Any:
    positional = list(args.pop("*", []))
    if star is not None:
        positional = list(args.pop(star, positional))
    if target.kind == "method":
        return target.func(instance, *positional, **args)
    return target.func(*positional, **args)


def _star_name(target: Target) -> str | None:
    return next((p.name for p in target.signature.parameters.values() if p.kind is p.VAR_POSITIONAL), None)


@pytest.mark.parametrize(("target", "param"), list(_cases()))
def test_bad_value_gives_a_kit_error_and_changes_nothing(target: Target, param: str) -> None:
    with watchdog(300):
        _attack(target, param)


def _attack(target: Target, param: str) -> None:
    star = _star_name(target)
    sig_param = target.signature.parameters[param]
    hint = resolved_hints(target.func).get(param, inspect.Parameter.empty)
    default = sig_param.default
    # the valid example must work (and warms caches, so the timed calls measure only themselves)
    instance, args = _prepare(target)
    warm = attempt(lambda: _call(target, instance, dict(args), star), seconds=60)
    assert warm.kind == "ok", f"the valid example of {target.name} failed: {warm.describe()}"

    failures: list[str] = []
    for bad in BAD_VALUES:
        instance, args = _prepare(target)
        value = bad.make()
        if param == star:
            args[param] = [value]
        else:
            args[param] = value
        watched = {k: v for k, v in args.items() if k != param}
        before = snapshot((instance, watched))
        out = attempt(lambda: _call(target, instance, args, star))  # noqa: B023 - called at once
        where = f"{target.name}({param}={bad.label})"
        if out.kind == "ok":
            why = wrongly_accepted(bad, hint, default)
            if why and (target.name, param, bad.label) not in ALLOWED:
                failures.append(f"{where}: silent acceptance ({why})")
        elif out.kind == "kit":
            if snapshot((instance, watched)) != before:
                failures.append(f"{where}: raised {type(out.error).__name__} but changed the object")
        else:
            failures.append(f"{where}: {out.describe()}")

    failures += _iterator_equivalence(target, param, star)
    assert not failures, "\n".join(failures)


def _iterator_equivalence(target: Target, param: str, star: str | None) -> list[str]:
    """Where the example is a list or tuple, an iterator and a generator of the same items give the same answer."""
    instance, args = _prepare(target)
    example = args.get(param)
    if param == star or not isinstance(example, (list, tuple)) or not example:
        return []
    reference = attempt(lambda: _call(target, instance, dict(args), star))
    assert reference.kind == "ok", f"the valid example of {target.name} failed: {reference.describe()}"
    expected = snapshot((reference.value, instance))
    failures = []
    for label, make in (("iter(...)", iter), ("a generator", lambda items: (x for x in items))):
        instance, args = _prepare(target)
        items = list(args[param])
        args[param] = make(items)
        out = attempt(lambda: _call(target, instance, args, star))  # noqa: B023
        where = f"{target.name}({param}={label} of {items!r})"
        if out.kind == "ok":
            if snapshot((out.value, instance)) != expected:
                failures.append(f"{where}: a different answer than for the list")
        elif out.kind != "kit":
            failures.append(f"{where}: {out.describe()}")
    return failures


def test_every_public_callable_is_attacked() -> None:
    """The enumeration finds the kit's whole public surface (a guard against the walk silently finding nothing)."""
    names = {t.name for t in TARGETS}
    for expected in ("fifteen_kit.game_of_15.match.Match", "fifteen_kit.nasty15.game.Game.place",
                     "fifteen_kit.fifteens.rules.Position.play", "fifteen_kit.five_by_15.rules.Position.from_packed",
                     "fifteen_kit.counting.compositions", "fifteen_kit.svg.tile",
                     "fifteen_kit.widgets.game_of_15.GameOf15Board", "fifteen_kit.widgets.nasty15.DiceBoard",
                     "fifteen_kit.widgets.fifteens.FifteensBoard.click_card",
                     "fifteen_kit.widgets.five_by_15.FiveBy15Board.new_deal",
                     "fifteen_kit.widgets.exercise.SelfCheck.fraction"):
        assert expected in names
    assert len(TARGETS) > 150

