"""The package as a whole: light import, one error tree, docstrings everywhere."""

import ast
import pathlib
import subprocess
import sys

import pytest

import fifteen_kit
from fifteen_kit import errors

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_import_is_light():
    code = (
        "import sys, fifteen_kit, fifteen_kit.game_of_15, fifteen_kit.svg; "
        "print(' '.join(m for m in ('sympy', 'matplotlib', 'ipywidgets', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize(
    "cls",
    [errors.IllegalMoveError, errors.GameOverError, errors.NotationError, errors.InvalidArgumentError,
     errors.ClaimError],
)
def test_every_error_is_a_value_error_and_names_input_and_position(cls):
    err = cls("bad", input="x", position="-/- O")
    assert isinstance(err, ValueError) and isinstance(err, errors.FifteenKitError)
    assert "'x'" in str(err) and "-/- O" in str(err)


def _public_defs():
    for root in ("fifteen_kit", "widgets"):
        for path in sorted((ROOT / root).rglob("*.py")):
            tree = ast.parse(path.read_text())
            yield path, tree
            # module-level definitions and the methods of module-level classes (not nested helpers)
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    yield path, node
                if isinstance(node, ast.ClassDef):
                    for member in node.body:
                        if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            yield path, member


def test_every_public_name_has_a_docstring():
    missing = []
    for path, node in _public_defs():
        name = getattr(node, "name", "<module>")
        if name.startswith("_"):
            continue
        if not ast.get_docstring(node):
            missing.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)} {name}")
    assert missing == []


def test_public_functions_have_type_hints():
    unhinted = []
    for path, node in _public_defs():
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            args = [a for a in node.args.args + node.args.kwonlyargs if a.arg not in ("self", "cls")]
            if node.returns is None or any(a.annotation is None for a in args):
                unhinted.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert unhinted == []


def test_version():
    assert fifteen_kit.__version__.count(".") == 2
