"""Setup choices declared once (fifteen_kit.options): the engine, the boards, the docs and the tests share them."""

import re
from pathlib import Path

import pytest
from fifteen_kit.widgets import GameOf15Board
from hypothesis import given, settings
from hypothesis import strategies as st

from fifteen_kit import fifteens, five_by_15, nasty15
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import Match, MatchRules, Side
from fifteen_kit.game_of_15.match import OPTIONS
from fifteen_kit.options import Option, write_tables

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"game_of_15": OPTIONS, "nasty15": nasty15.game.OPTIONS, "fifteens": fifteens.rules.OPTIONS,
         "five_by_15": five_by_15.rules.OPTIONS}


def test_the_docs_tables_are_written_from_the_declarations():
    text = (ROOT / "docs" / "rule_readings.md").read_text(encoding="utf-8")
    assert write_tables(text) == text, "run: python -m fifteen_kit.options"
    for game in GAMES:
        assert f"<!-- options:{game} -->" in text


def test_every_option_names_itself_and_its_default_comes_first_in_the_docs():
    for options in GAMES.values():
        for name, option in options.items():
            assert isinstance(option, Option) and option.name == name
            assert option.check(option.default) == option.default
            assert [v for _label, v in option.menu()] == list(option.choices)


def test_the_board_menus_are_the_declarations():
    b = GameOf15Board(opponent=None)
    assert list(b.first_menu.options) == OPTIONS["first"].menu()
    assert b.first_menu.tooltip == OPTIONS["first"].help
    for name, menu in b.reading_menus.items():
        assert list(menu.options) == OPTIONS[name].menu() and menu.description == OPTIONS[name].title


@pytest.mark.parametrize("bad", ["heads", 0, True, object(), "x" * 100, Side])
def test_a_bad_first_is_refused_by_match_rules_and_board_alike(bad):
    for make in (lambda: MatchRules(first=bad), lambda: Match(first=bad), lambda: GameOf15Board(first=bad)):
        accepted = ", ".join(map(repr, OPTIONS["first"].choices))  # 'O', 'I', 'coin', 'high_tile'
        with pytest.raises(InvalidArgumentError, match=f"first must be one of {re.escape(accepted)}"):
            make()


def test_old_forms_of_first_still_work():
    assert MatchRules(first=Side.IVORY).first == "I" and MatchRules(first=None).first == "coin"
    assert Match(first="onyx").round.to_move is Side.ONYX and Match(first=Side.IVORY).round.to_move is Side.IVORY
    assert Match(first=None, seed=3).round.to_move is Match(first="coin", seed=3).round.to_move


# -- draw a high tile (rulebook 2.2) ----------------------------------------------------------------------------
def test_high_tile_the_higher_digit_drafts_first_and_the_log_says_the_draw():
    seen = set()
    for seed in range(40):
        m = Match(first="high_tile", seed=seed)
        text = m.log[0].text
        found = re.fullmatch(r"Round 1: (Onyx|Ivory) drafts first \(by the high tile: Onyx drew (\d), Ivory (\d)\)",
                             text)
        assert found, text
        onyx, ivory = int(found.group(2)), int(found.group(3))
        assert onyx != ivory and {onyx, ivory} <= set(range(1, 10))
        assert m.round.to_move is (Side.ONYX if onyx > ivory else Side.IVORY)
        assert m.round.pool == frozenset(range(1, 10))  # the tiles went back
        seen.add(m.round.to_move)
    assert seen == {Side.ONYX, Side.IVORY}


def test_high_tile_is_seeded_and_later_rounds_alternate():
    a, b = Match(first="high_tile", seed=9, target=2), Match(first="high_tile", seed=9, target=2)
    assert a.log[0] == b.log[0]
    starter = a.round.to_move
    for d in (1, 2, 3, 4, 5, 6, 7, 8, 9):
        if a.round.is_over:
            break
        a.draft(d)
    a.next_round()
    assert a.round.to_move is starter.other


def test_high_tile_on_the_board_menu():
    b = GameOf15Board(opponent=None, seed=2)
    b.first_menu.value = "high_tile"
    b.new_match()
    assert b.match.rules.first == "high_tile" and "by the high tile" in b.match.log[0].text
    assert OPTIONS["first"].label("high_tile") in dict(b.first_menu.options)
    assert "drafts first (by the high tile: Onyx drew" in b.message.value  # the players see the draw


# -- random choices drawn from the declarations -------------------------------------------------------------
def choices_of(options):
    return st.fixed_dictionaries({name: st.sampled_from(option.choices) for name, option in options.items()})


@settings(max_examples=60, deadline=None)
@given(choices_of(OPTIONS), st.integers(0, 10**6), st.permutations(range(1, 10)))
def test_any_declared_match_setup_plays_to_a_round_end(chosen, seed, order):
    m = Match(rules=MatchRules(target=2, **chosen), seed=seed)
    assert m.rules.first == chosen["first"]
    for d in order:
        if m.round.is_over:
            break
        m.draft(d)
        if m.state.turn_open:
            m.end_turn()
    assert m.round.is_over


@settings(max_examples=20, deadline=None)
@given(choices_of(fifteens.rules.OPTIONS), choices_of(five_by_15.rules.OPTIONS), choices_of(nasty15.game.OPTIONS),
       st.integers(0, 1000))
def test_other_games_take_every_declared_choice(deal, tiles, dice, seed):
    assert fifteens.Position.deal(seed, **deal).face_rule == deal["face_rule"]
    assert five_by_15.Position.deal(seed, **tiles).level == tiles["level"]
    game = nasty15.Game(["Ann", "Bo"], seed=seed, **dice)
    assert (game.handicap, game.gambler) == (dice["handicap"], dice["gambler"])
