"""Made-up pupils' results, built from the lessons' real task keys and from games the kit really plays.

``python -m tests.results_samples`` writes lessons/teacher/sample_results/ (three pupils of lesson 04, three
pairs of lesson 05 and three pairs of lesson 07, each with a player); tests/test_results.py checks that the
shipped files are exactly what this writes.
"""

from __future__ import annotations

import pathlib
import random
from typing import Any

from fifteen_kit.results import PupilResults, results_file_name, to_code, to_json

ROOT = pathlib.Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "lessons" / "teacher" / "sample_results"
#: pupil (or pair) name, skill (chance of a right answer), seed
PUPILS = {"04": [("Ana and Ben", 0.8, 1), ("Chloe", 0.55, 2), ("Dev and Eli", 0.35, 3)],
          "05": [("pair 1", 0.8, 4), ("pair 2", 0.55, 5), ("pair 3", 0.35, 6)],
          "07": [("pair A", 0.8, 7), ("pair B", 0.55, 8), ("pair C", 0.35, 9)]}
#: The dice players the sample pairs of lesson 07 hand in, by seed: a change of stop_at_10 each, one looking ahead.
_PLAYERS_07 = {
    7: "def my_player(turn):\n    if valid_dice(turn):\n        return 'place ' + ' '.join(valid_dice(turn))\n"
       "    if points_if_stop(turn) > 0 and chance_of_bust(turn) > 0.5:\n        return 'stop'\n    return 'roll'\n",
    8: "def my_player(turn):\n    if valid_dice(turn):\n        return 'place ' + ' '.join(valid_dice(turn))\n"
       "    if points_if_stop(turn) >= 12:\n        return 'stop'\n    return 'roll'\n",
    9: "def my_player(turn):\n    if valid_dice(turn):\n        return 'place ' + valid_dice(turn)[0]\n"
       "    if points_if_stop(turn) >= 8:\n        return 'stop'\n    return 'roll'\n",
}
DICE_BOARDS = 10
FIFTEENS_DEALS = 20


def _wrong_of(right: str, rng: random.Random, options: tuple[str, ...] = ()) -> str:
    others = [o for o in options if o != right]
    if others:
        return rng.choice(others)
    if "/" in right:  # a fraction: one off on top, or upside down
        top, bottom = right.split("/")
        return rng.choice([f"{int(top) + 1}/{bottom}", f"{bottom}/{top}", "I don't know"])
    try:
        number = float(right.replace("%", ""))
    except ValueError:
        return "I don't know"
    shifted = number + rng.choice([-2, -1, 1, 2, 5]) * (1 if abs(number) >= 1 else 0.1)
    return f"{shifted:g}" + ("%" if right.endswith("%") else "")


def _options(form: Any) -> tuple[str, ...]:
    return tuple(getattr(form, "options", ()))


def _dice_game(seed: int, skill: float) -> dict[str, Any]:
    # the pupil plays as well as their skill (optimal or greedy) against the optimal computer
    from fifteen_kit.nasty15 import Game, make_player
    style = "optimal" if skill > 0.5 else "greedy"
    game = Game(["Pupil", "Computer"], seed=seed, rounds=DICE_BOARDS)
    players = {"Pupil": make_player(style, seed=seed), "Computer": make_player("optimal", seed=seed)}
    while not game.is_over:
        game.play_turn(players[game.player])
        game.next_turn()
    totals = game.totals()
    return {"game": "dice", "seed": seed, "boards": DICE_BOARDS, "score": totals["Pupil"],
            "computer": totals["Computer"], "policy": None}


def _fifteens_pool(seed: int, strategy: str) -> dict[str, Any]:
    from fifteen_kit.fifteens.rules import Position
    from fifteen_kit.fifteens.strategies import play
    wins = sum(play(Position.deal(seed * 1000 + d), strategy, seed=d).won for d in range(FIFTEENS_DEALS))
    return {"game": "fifteens", "seed": seed * 1000, "strategy": strategy, "deals": FIFTEENS_DEALS, "wins": wins}


def pupil_results(lesson: str, pupil: str, skill: float, seed: int) -> PupilResults:
    """One made-up pupil's results of ``lesson`` ("04", "05" or "07"): every task answered, and the lesson's game."""
    from fifteen_kit.widgets.workbook import Exercise, Player, Predict, tasks
    rng = random.Random(seed)
    records: list[dict[str, Any]] = []
    for task in tasks(lesson):
        if isinstance(task, Predict):
            truth = task.form.show(task.expected())
            guess = truth if rng.random() < skill / 2 else _wrong_of(truth, rng, _options(task.form))
            records.append({"key": task.key, "kind": "prediction", "answer": guess, "truth": truth})
        elif isinstance(task, Exercise):
            right = task.form.show(task.expected())
            wrong = [] if rng.random() < skill else [_wrong_of(right, rng, _options(task.form))
                                                     for _ in range(rng.randint(1, 2))]
            correct = not wrong or rng.random() < skill + 0.3
            records.append({"key": task.key, "kind": "check", "answer": right if correct else wrong[-1],
                            "tries": len(wrong) + int(correct), "correct": correct, "first": not wrong,
                            "wrong": wrong})
        elif isinstance(task, Player):  # a player handed in (lesson 07's pairs each their own)
            source = _PLAYERS_07.get(seed, "def my_player(position):\n    return position.legal_moves()[-1]\n")
            records.append({"key": task.key, "kind": "player", "game": task.game, "source": source})
        else:
            records.append({"key": task.key, "kind": "why",
                            "answer": "Because the chances add up over many turns." if rng.random() < 0.9 else ""})
    if lesson == "04":
        records.append({"key": "04.game", "kind": "game", **_dice_game(seed, skill)})
    if lesson == "05":
        for strategy in ("random", "fewest", "most", "options"):
            records.append({"key": f"05.pool_{strategy}", "kind": "game", **_fifteens_pool(seed, strategy)})
    return PupilResults(lesson, pupil, tuple(records))


def all_samples() -> list[PupilResults]:
    """Every sample pupil's results, lesson 04 first."""
    return [pupil_results(lesson, *pupil) for lesson, pupils in PUPILS.items() for pupil in pupils]


def expected_files() -> dict[str, str]:
    """File name -> text of every file in lessons/teacher/sample_results/ (the results, and one codes file)."""
    files = {results_file_name(r): to_json(r) + "\n" for r in all_samples()}
    files["codes-05.txt"] = "".join(to_code(r) + "\n" for r in all_samples() if r.lesson == "05")
    return files


def main() -> None:
    """Write the sample files."""
    SAMPLES.mkdir(parents=True, exist_ok=True)
    for name, text in expected_files().items():
        (SAMPLES / name).write_text(text)


if __name__ == "__main__":
    main()
