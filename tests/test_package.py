"""The package as a whole: light import, one error tree, docstrings everywhere."""

import ast
import importlib
import inspect
import pathlib
import pkgutil
import subprocess
import sys

import pytest

import fifteen_kit
from fifteen_kit import counting, errors

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEAVY = ("sympy", "matplotlib", "ipywidgets", "numpy")


def _module_names(package: str) -> list[str]:
    # the package and every module under it, found with pkgutil (fifteen_kit.widgets has its own folder)
    module = importlib.import_module(package)
    return [package] + [info.name for info in pkgutil.walk_packages(module.__path__, package + ".")]


ENGINE_MODULES = [name for name in _module_names("fifteen_kit") if not name.startswith("fifteen_kit.widgets")]
WIDGET_MODULES = _module_names("fifteen_kit.widgets")
GAMES = sorted(name for name in ENGINE_MODULES
               if name.count(".") == 1 and (ROOT / name.replace(".", "/") / "__init__.py").exists())


@pytest.mark.parametrize("module", ["fifteen_kit", *GAMES, "fifteen_kit.svg", "fifteen_kit.chance",
                                    "fifteen_kit.counting", "fifteen_kit.contract"])
def test_import_is_light(module):
    # each import in a fresh interpreter, where none of the heavy libraries is loaded yet
    code = f"import sys, {module}; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_there_are_four_games():
    assert [g.split(".")[1] for g in GAMES] == ["fifteens", "five_by_15", "game_of_15", "nasty15"]


_TYPE_VARIABLES = {"TypeVar", "ParamSpec", "TypeVarTuple"}


def _is_type_variable(value: ast.expr | None) -> bool:
    # X = TypeVar("X") (or typing.TypeVar): a generic's parameter, not part of the module's interface
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    return (isinstance(func, ast.Name) and func.id in _TYPE_VARIABLES) or (
        isinstance(func, ast.Attribute) and func.attr in _TYPE_VARIABLES)


def _defined_public_names(path: pathlib.Path) -> set[str]:
    """Names a module's own source binds at module level, without underscore.

    Counted: functions, classes, assignments (constants and type aliases), ``type X = ...``; in a package's
    ``__init__.py`` also what it imports from its own subpackage (``from .x import Y``: that is its interface).
    Not counted: imports of other modules, TypeVars, names bound inside functions or classes.
    """
    tree = ast.parse(path.read_text())
    is_package = path.name == "__init__.py"
    names: set[str] = set()

    def targets(node: ast.expr) -> None:
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                targets(element)

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign) and not _is_type_variable(node.value):
                for target in node.targets:
                    targets(target)
            elif isinstance(node, ast.AnnAssign) and node.value is not None and not _is_type_variable(node.value):
                targets(node.target)
            elif type(node).__name__ == "TypeAlias":  # Python 3.12's `type X = ...`
                names.add(node.name.id)
            elif isinstance(node, ast.ImportFrom) and is_package and node.level > 0:
                names.update(alias.asname or alias.name for alias in node.names)
            elif isinstance(node, ast.If):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
                for handler in node.handlers:
                    visit(handler.body)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(tree.body)
    return {name for name in names if not name.startswith("_")}


@pytest.mark.parametrize("name", ENGINE_MODULES + WIDGET_MODULES)
def test_all_lists_exactly_the_public_names(name):
    """``__all__`` of every module equals the public names its own source defines (PREAMBLE rule)."""
    module = importlib.import_module(name)
    listed = getattr(module, "__all__", None)
    assert listed is not None, f"{name} has no __all__"
    assert len(listed) == len(set(listed)), f"{name}.__all__ repeats a name"
    missing_objects = [n for n in listed if not hasattr(module, n)]
    assert missing_objects == [], f"{name}.__all__ names what the module does not have"
    path = pathlib.Path(inspect.getfile(module))
    defined = _defined_public_names(path)
    public_listed = {n for n in listed if not n.startswith("_")}  # dunders such as __version__ may be listed
    assert {"not in __all__": sorted(defined - public_listed), "not defined here": sorted(public_listed - defined)} \
        == {"not in __all__": [], "not defined here": []}, name


def test_missing_sympy_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "sympy", None)  # import sympy now fails as if it were not installed
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'fifteen-kit\[counting\]'"):
        counting.digit_sets(15)
    assert counting.digit_sets_by_enumeration(15, 3) == 8  # the standard-library counts still work


def test_missing_ipywidgets_names_the_extra():
    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "try:\n    import fifteen_kit.widgets\n"
            "except ModuleNotFoundError as exc:\n    print(exc.name, exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("ipywidgets ") and "pip install 'fifteen-kit[widgets]'" in out.stdout


def test_the_package_marks_itself_typed():
    assert (ROOT / "fifteen_kit" / "py.typed").exists() and (ROOT / "widgets" / "py.typed").exists()


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
