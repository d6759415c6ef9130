"""Random click sequences on the Game of 15 board with time passing (issue 14 bullet 5, issue 15).

A few hundred seeded sequences of clicks, typed text, settings changes and clock ticks; after
every action the screen is checked against the engine: only the side that must act has a
running clock, the message line ends with what to do next (or the result), every button is
enabled exactly when the engine allows its action, and blind play shows no drafted digit.
Exceptions inside button callbacks (which ipywidgets' dispatcher would only log) fail the test.
"""

import random

import pytest
from fifteen_kit.widgets import GameOf15Board
from ipywidgets.widgets.widget import CallbackDispatcher

from fifteen_kit.game_of_15 import Side
from fifteen_kit.game_of_15.match import OPTIONS

SEQUENCES = 300
ACTIONS = 30
_BOARDS: dict = {}


@pytest.fixture(autouse=True)
def callbacks_raise(monkeypatch):
    """Make ipywidgets' callback dispatcher re-raise instead of logging, so a failing handler fails the test."""

    def call(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            local = callback(*args, **kwargs)
            value = local if local is not None else value
        return value

    monkeypatch.setattr(CallbackDispatcher, "__call__", call)


def random_board(rng: random.Random) -> GameOf15Board:
    """A board built from random constructor arguments."""
    blind = rng.random() < 0.25
    blitz = rng.choice([None, None, 5, 12, 60])
    target = rng.choice([1, 1, 2, 3])
    opponent = rng.choice([None, "random", "tactician", "perfect"])
    mode = "match" if blind or blitz or target > 1 else rng.choice(["practice", "match"])
    return GameOf15Board(opponent=opponent, computer_side=rng.choice("OI"), first=rng.choice(["O", "I", None]),
                         target=target, count=rng.choice(["rounds", "points"]),
                         auto_claim=rng.choice([None, True, False]), blind=blind, blitz=blitz,
                         grid_clicks=rng.random() < 0.5, hints=rng.random() < 0.2, seed=rng.randrange(1000),
                         mode=mode, wrong_statement=rng.choice(["void", "false"]),
                         false_claim=rng.choice(["round", "match"]), violation=rng.choice(["match", "round"]),
                         expert=rng.random() < 0.5)


def reused_board(rng: random.Random) -> GameOf15Board:
    """One of four boards kept between sequences, set up through its menus and New match, as a user would."""
    opponent = rng.choice(["Two players", "Computer: random", "Computer: tactician", "Computer: perfect"])
    if opponent not in _BOARDS:
        _BOARDS[opponent] = GameOf15Board(opponent=None, seed=len(_BOARDS))
        _BOARDS[opponent].opponent_menu.value = opponent
    b = _BOARDS[opponent]
    b.computer_side_menu.value = rng.choice("OI")
    b.first_menu.value = rng.choice(OPTIONS["first"].choices)  # every choice as declared, the new ones too
    b.length_menu.value = rng.choice(list(b.length_menu.options))
    b.points_box.value = rng.randrange(1, 5)
    b.claims_menu.value = rng.random() < 0.5
    b.mode_menu.value = rng.choice(list(b.mode_menu.options))
    b.blind_box.value = rng.random() < 0.25
    b.blitz_box.value = rng.random() < 0.35
    b.blitz_seconds.value = rng.choice([5, 12, 60])
    for name, menu in b.reading_menus.items():
        menu.value = rng.choice(OPTIONS[name].choices)
    b.grid_clicks_box.value = rng.random() < 0.5
    b.hints_box.value = rng.random() < 0.2
    b.view_menu.value = rng.choice(["both", "pool", "grid"])
    b.new_match_button.click()
    return b


def claim_text(rng: random.Random, board: GameOf15Board) -> str:
    r = board.match.round
    side = r.last_drafter or Side.ONYX
    rack = sorted(r.rack(side))
    kind = rng.random()
    if kind < 0.4 and r.fifteen(side):
        return " ".join(map(str, r.fifteen(side)))
    if kind < 0.55 and r.fifteen(side):  # a wrong statement while holding a fifteen
        return "+".join(map(str, sorted(r.fifteen(side))[:2]))
    if kind < 0.7 and len(rack) >= 2:
        return "+".join(map(str, rng.sample(rack, min(len(rack), rng.choice([2, 3, 4])))))
    return rng.choice(["1 5 9", "9+6", "x", "", "0 5 10", "1" * 300, "2 5 8", "Fifteen! 4+3+8"])


def act(rng: random.Random, b: GameOf15Board) -> str:
    """One random user action (mostly on enabled controls, as a user would); returns its name."""
    choice = rng.random()
    if b.match.is_over and rng.random() < 0.6:
        b.new_match_button.click()
        return "new match"
    if choice < 0.35:
        d = rng.randrange(1, 10)
        (b.grid_buttons if rng.random() < 0.3 else b.pool_buttons)[d].click()
        return f"click {d}"
    if choice < 0.45:
        typed = [str(rng.randrange(1, 10))] * 6 + ["0", "12", "x", " 7 ", "5" * 500]
        b.blind_text.value = rng.choice(typed)
        if b.blind_text.value:  # text left over (e.g. typed when not blind): press Draft
            b.blind_button.click()
        return "blind"
    if choice < 0.55:
        b.claim_text.value = claim_text(rng, b)
        b.claim_button.click()
        return "claim"
    if choice < 0.63:
        b.end_turn_button.click()
        return "end turn"
    if choice < 0.68:
        before = (m.round_number, m.round.notation(), m.turn_open) if (m := b.match) and b.controller.may_undo else None
        b.undo_button.click()
        if before is not None:  # Undo, when enabled, visibly takes something back and leaves the person to act
            assert (b.match.round_number, b.match.round.notation(), b.match.turn_open) != before
            assert b.match.acting_side is not b.computer_side
        return "undo"
    if choice < 0.76:
        b.next_round_button.click()
        return "next round"
    if choice < 0.78:
        b.new_match_button.click()
        return "new match"
    if choice < 0.79:
        b.puzzle_button.click()
        return "puzzle"
    if choice < 0.80:
        b.notation_text.value = rng.choice(["25/13 O", "junk", "5/- I", "1" * 5000])
        b.load_button.click()
        return "load"
    seconds = rng.choice([0, 0.3, 1.7, 4, 20, 61])
    before = b.match.clock
    acting = b.match.acting_side
    live = before is not None and not b.match.round.is_over and not b.match.is_over
    b.tick(seconds)
    if live:
        after = b.match.clock
        if not b.match.round.is_over:
            assert after[acting] == pytest.approx(before[acting] - seconds)
        assert after[acting.other] == before[acting.other], "only the side that must act has a running clock"
    return f"tick {seconds}"


def check(b: GameOf15Board) -> None:
    m = b.match
    r = m.round
    msg = b.message.value
    live = not m.is_over and not r.is_over

    def human(side):
        return side is not None and side is not b.computer_side

    # the computer never leaves its turn pending
    if live and b.computer_side is not None:
        assert m.acting_side is not b.computer_side
    # the message is never empty and says what to do next, or the result
    assert msg.strip()
    assert msg.endswith(b.prompt().replace("'", "&#x27;")), msg
    if m.is_over:
        # a single round (a puzzle, a position) has no match to win: it says who won it, or that it is a draw
        ended = ("wins." in msg or "A draw" in msg) if m.rules.target == 1 else "wins the match" in msg
        assert ended and "New match" in msg
        assert ("Achievements" in b.achievements_view.value) is b.controller.expert
    elif r.is_over:
        assert "Next round" in msg
    elif m.turn_open:
        assert "Fifteen!" in msg and "End turn" in msg and m.acting_side.title in msg
    else:
        assert "draft" in msg.lower() and r.to_move.title in msg
    # clocks: the marked clock is the side that must act
    if m.clock is not None:
        marked = [s for s in Side if f"▶ {s.title}" in b.clock_view.value]
        assert marked == ([m.acting_side] if live else [])
    # buttons enabled exactly when the engine allows the action
    may_draft = live and m.can_draft and human(r.to_move)
    for d, button in b.pool_buttons.items():
        assert button.disabled is not (may_draft and not m.rules.blind and d in r.pool), d
        assert button.disabled or b.grid_buttons[d].disabled is not b.grid_clicks_box.value
    assert b.blind_button.disabled is not (m.rules.blind and may_draft)
    may_claim = not m.rules.auto_claim and m.turn_open and human(r.last_drafter)
    assert b.claim_button.disabled is not may_claim
    assert b.end_turn_button.disabled is not may_claim
    assert b.next_round_button.disabled is not (r.is_over and not m.is_over)
    assert b.undo_button.disabled is not b.controller.may_undo
    assert not b.controller.may_undo or (m.rules.practice and m.can_undo)
    assert b.undo_button.disabled is (b.controller.undo_reason() != "")
    assert b.hints_box.disabled is not m.rules.practice
    # blind play: nothing on the board shows a drafted digit while the round is on
    if m.rules.blind and live:
        assert b.notation_text.value == ""
        assert all(b.cell_state(d) == "free" and "drafted by" not in t.tooltip for d, t in b.pool_buttons.items())
        assert all(c.description.isdigit() for c in b.grid_buttons.values())
        shown = b.log_view.value.split("<br>")[:40]
        for entry in m.log:  # this round's moves are not in the log (earlier rounds may be)
            if entry.round == m.round_number and entry.side is not None:
                earlier = sum(1 for e in m.log if e.round < m.round_number and e.text == entry.text)
                assert shown.count(entry.text) <= earlier, entry.text
        assert all(label.value == "" for label in b.hint_labels.values())


@pytest.mark.parametrize("block", range(6))
def test_random_click_sequences_keep_screen_clocks_and_engine_in_step(block):
    per_block = SEQUENCES // 6
    for n in range(block * per_block, (block + 1) * per_block):
        rng = random.Random(n)
        b = random_board(rng) if n % 10 == 0 else reused_board(rng)
        check(b)
        trail = []
        for _ in range(ACTIONS):
            trail.append(act(rng, b))
            try:
                check(b)
            except AssertionError as err:
                raise AssertionError(f"sequence {n}: {trail}: {err}") from None
