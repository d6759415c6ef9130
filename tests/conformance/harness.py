"""Shared machinery of the conformance suite: scale, counters, per-call limits, deep snapshots, type reading.

Nothing here knows a game rule; the test modules supply the examples.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import enum
import inspect
import math
import os
import random
import re
import signal
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from fifteen_kit.errors import FifteenKitError

#: One knob for every count in the suite (KIT_CONFORMANCE_SCALE=0.2 for a quick look, 5 for a soak).
SCALE = float(os.environ.get("KIT_CONFORMANCE_SCALE", "1"))

#: What the suite did, printed in pytest's terminal summary by conftest.py.
COUNTS: collections.Counter[str] = collections.Counter()

#: Wall-clock seconds one bad-input call may take, and the extra address space (bytes) it may map.
CALL_SECONDS = 2.0
CALL_MEMORY = 1 << 30


def scaled(n: int) -> int:
    """``n`` times the suite's scale, at least 1."""
    return max(1, round(n * SCALE))


# -- limits -------------------------------------------------------------------------------------------
class CallTimeout(BaseException):
    """Raised by the alarm inside a call that ran past its time (a BaseException: no ``except Exception`` eats it)."""


def _vm_size() -> int | None:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Last resort against a hang no alarm can stop (a loop in C): dump every traceback and end the run."""
    import faulthandler
    faulthandler.dump_traceback_later(seconds, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


@contextlib.contextmanager
def limits(seconds: float = CALL_SECONDS, memory: int = CALL_MEMORY) -> Iterator[None]:
    """Run the body under a wall-clock alarm (main thread, SIGALRM) and an address-space cap (Linux RLIMIT_AS).

    The cap is the process's current size plus ``memory``, so a call that tries to allocate gigabytes gets a
    MemoryError instead of taking the machine down.  Both are lifted on the way out.
    """
    def on_alarm(_signum: int, _frame: object) -> None:
        raise CallTimeout(f"over {seconds} s")

    try:
        import resource
    except ImportError:  # not on Linux/macOS: time limit only
        resource = None
    old_limit = None
    size = _vm_size()
    if resource is not None and size is not None:
        old_limit = resource.getrlimit(resource.RLIMIT_AS)
        soft, hard = old_limit
        cap = size + memory
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft == resource.RLIM_INFINITY or cap < soft:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, old_limit)


class ProcessesRequested(BaseException):
    """Raised instead of starting a process pool bigger than the machine inside a bad-input call."""


class _NoProcessPool:
    """Stands in for ProcessPoolExecutor during bad-input calls: an alarm cannot stop worker processes.

    A pool the machine can hold (None or up to its CPU count) is refused with OSError, which the kit treats as
    "no processes here" and answers in one process; a bigger one is a failure (ProcessesRequested).
    """

    def __init__(self, max_workers: int | None = None, *args: Any, **kwargs: Any) -> None:
        if max_workers is None or (isinstance(max_workers, int) and 0 < max_workers <= (os.cpu_count() or 1)):
            raise OSError("no worker processes inside the conformance suite's bad-input calls")
        raise ProcessesRequested(f"asked for a pool of {max_workers!r} worker processes")


@contextlib.contextmanager
def no_process_pools() -> Iterator[None]:
    """Replace concurrent.futures.ProcessPoolExecutor and multiprocessing.Pool by _NoProcessPool for the body."""
    import concurrent.futures
    import multiprocessing
    saved = (concurrent.futures.ProcessPoolExecutor, multiprocessing.Pool)
    concurrent.futures.ProcessPoolExecutor = _NoProcessPool
    multiprocessing.Pool = _NoProcessPool
    try:
        yield
    finally:
        concurrent.futures.ProcessPoolExecutor, multiprocessing.Pool = saved


@dataclasses.dataclass
class Outcome:
    """How one call ended: ``kind`` is 'ok', 'kit' (a kit error), 'timeout', 'memory' or 'other'."""

    kind: str
    value: Any = None
    error: BaseException | None = None

    def describe(self) -> str:
        if self.kind == "ok":
            return "returned normally"
        if self.kind == "timeout":
            return f"did not finish within {CALL_SECONDS} s"
        if self.kind == "processes":
            return f"ProcessesRequested: {self.error}"
        if self.kind == "memory":
            return f"MemoryError (asked for over {CALL_MEMORY >> 20} MB more)"
        return f"{type(self.error).__module__}.{type(self.error).__qualname__}: {str(self.error)[:120]}"


def attempt(call: Callable[[], Any], seconds: float = CALL_SECONDS) -> Outcome:
    """Make one call under the limits and classify how it ended (counted as a call)."""
    COUNTS["bad-input calls"] += 1
    try:
        with no_process_pools(), limits(seconds):
            value = call()
    except FifteenKitError as err:
        return Outcome("kit", error=err)
    except CallTimeout as err:
        return Outcome("timeout", error=err)
    except MemoryError as err:
        return Outcome("memory", error=err)
    except ProcessesRequested as err:
        return Outcome("processes", error=err)
    except Exception as err:
        return Outcome("other", error=err)
    return Outcome("ok", value=value)


# -- snapshots ----------------------------------------------------------------------------------------
_MODEL_REF = re.compile(r"IPY_MODEL_[0-9a-f]+")


def _widget_state(widget: Any) -> Any:
    # references to other widgets ('IPY_MODEL_<id>') are identities, different in every new widget: they are
    # pictured as a bare 'IPY_MODEL' here, and the widgets they name by their own state (children, layout, style)
    state = widget.get_state()
    return tuple(sorted((k, _MODEL_REF.sub("IPY_MODEL", repr(v))) for k, v in state.items()))


def snapshot(x: Any, _seen: set[int] | None = None, _depth: int = 0) -> Any:
    """A deep, comparable picture of ``x``: engine values as they are, mutable objects by their attributes,
    random generators by their state, widgets by their synced state (and their children's)."""
    seen = set() if _seen is None else _seen
    if x is None or isinstance(x, (bool, int, str, bytes, Fraction, enum.Enum)):
        return x
    if isinstance(x, float):
        return ("float", repr(x))
    if _depth > 12:
        return ("deep", type(x).__qualname__)
    if id(x) in seen:
        return ("seen", type(x).__qualname__)
    seen = seen | {id(x)}
    rec = lambda v: snapshot(v, seen, _depth + 1)  # noqa: E731
    if isinstance(x, random.Random):
        return ("rng", x.getstate())
    try:
        import ipywidgets
    except ImportError:  # pragma: no cover
        ipywidgets = None
    if ipywidgets is not None and isinstance(x, ipywidgets.Widget):
        parts = [("widget", type(x).__qualname__, _widget_state(x))]
        for name in ("children", "layout", "style"):
            child = getattr(x, name, None)
            if isinstance(child, (tuple, list)):
                parts.append(tuple(rec(c) for c in child))
            elif isinstance(child, ipywidgets.Widget):
                parts.append(rec(child))
        own = {k: v for k, v in vars(x).items() if not k.startswith("_trait") and not k.startswith("_model")
               and k not in ("comm", "_property_lock", "_states_to_send", "_holding_sync", "_display_callbacks",
                             "_msg_callbacks", "_click_handlers", "_submission_callbacks", "_cross_validation_lock",
                             "log", "keys", "_repr_mimebundle_", "_widget_construction_callback")}
        parts.append(tuple(sorted((k, rec(v)) for k, v in own.items() if not callable(v)
                                  or isinstance(v, ipywidgets.Widget))))
        return tuple(parts)
    if isinstance(x, (list, tuple)) and len(x) > 5000:  # tables (a solver's scores) are pictured by their size
        return ("big " + type(x).__name__, len(x))
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(rec(v) for v in x))
    if isinstance(x, (set, frozenset)):
        return (type(x).__name__, tuple(sorted(repr(rec(v)) for v in x)))
    if isinstance(x, dict):
        if len(x) > 5000:  # caches (policies, transposition tables) are pictured by their size only
            return ("big dict", len(x))
        return ("dict", tuple(sorted((repr(rec(k)), rec(v)) for k, v in x.items())))
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__qualname__, tuple((f.name, rec(getattr(x, f.name))) for f in dataclasses.fields(x)))
    if callable(x) and not hasattr(x, "__dict__"):
        return ("callable", type(x).__qualname__)
    if inspect.isfunction(x) or inspect.ismethod(x) or inspect.isclass(x) or inspect.ismodule(x):
        return ("code", getattr(x, "__qualname__", repr(x)))
    if hasattr(x, "__dict__"):
        return (type(x).__qualname__, tuple(sorted((k, rec(v)) for k, v in vars(x).items())))
    slots = [s for c in type(x).__mro__ for s in getattr(c, "__slots__", ())]
    if slots:
        return (type(x).__qualname__, tuple((s, rec(getattr(x, s, None))) for s in slots))
    return ("repr", type(x).__qualname__, repr(x)[:2000])


# -- bad values ---------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Bad:
    """One bad value: its label for reports, a factory (iterators are single-use) and its kind."""

    label: str
    make: Callable[[], Any]
    kind: str  # none bool int float nonfinite str bytes list tuple dict set iterator object


def _gen() -> Iterator[int]:
    yield from (1, 2, 3)


class Endless:
    """An endless iterator of 1, 2, 3, ... stepped in Python code, so the alarm can interrupt a loop over it
    (``x in itertools.count()`` loops in C, where no signal handler runs and no limit can stop it)."""

    def __init__(self) -> None:
        self.n = 0

    def __iter__(self) -> Endless:
        return self

    def __next__(self) -> int:
        self.n += 1
        return self.n


BAD_VALUES: tuple[Bad, ...] = (
    Bad("None", lambda: None, "none"),
    Bad("True", lambda: True, "bool"),
    Bad("False", lambda: False, "bool"),
    Bad("2.5", lambda: 2.5, "float"),
    Bad("nan", lambda: math.nan, "nonfinite"),
    Bad("inf", lambda: math.inf, "nonfinite"),
    Bad("-inf", lambda: -math.inf, "nonfinite"),
    Bad("0", lambda: 0, "int"),
    Bad("-1", lambda: -1, "int"),
    Bad("-10**9", lambda: -(10**9), "int"),
    Bad("10**9", lambda: 10**9, "int"),
    Bad("10**400", lambda: 10**400, "int"),
    Bad("''", lambda: "", "str"),
    Bad("'x'*10**5", lambda: "x" * 100_000, "str"),
    Bad("'9'*5000", lambda: "9" * 5000, "str"),
    Bad("'٥' (Arabic-Indic five)", lambda: "٥", "str"),
    Bad("'５' (fullwidth five)", lambda: "５", "str"),
    Bad("b'5'", lambda: b"5", "bytes"),
    Bad("iter([1, 2])", lambda: iter([1, 2]), "iterator"),
    Bad("generator (1, 2, 3)", _gen, "iterator"),
    Bad("an endless iterator", Endless, "iterator"),
    Bad("[]", lambda: [], "list"),
    Bad("{}", lambda: {}, "dict"),
    Bad("[[]]", lambda: [[]], "list"),
    Bad("[{}]", lambda: [{}], "list"),
    Bad("(1, [])", lambda: (1, []), "tuple"),
    Bad("set()", lambda: set(), "set"),
    Bad("object()", lambda: object(), "object"),
    Bad("1+2j", lambda: 1 + 2j, "object"),
)

_COLLECTIONS = {"list", "tuple", "dict", "set", "iterator"}
_ALL_KINDS = {"none", "bool", "int", "float", "nonfinite", "str", "bytes", "object"} | _COLLECTIONS


def resolved_hints(func: Callable[..., Any]) -> dict[str, Any]:
    """The function's annotations with string forms and aliases resolved ({} where that fails)."""
    target = func.__init__ if inspect.isclass(func) else func
    try:
        return typing.get_type_hints(target)
    except Exception:
        return {}


def accepted_kinds(hint: Any) -> set[str]:
    """Which kinds of value a parameter annotated ``hint`` may take (a reading of the annotation, no more)."""
    if hint is None or hint is type(None):
        return {"none"}
    if hint is Any or hint is object or hint is inspect.Parameter.empty:
        return set(_ALL_KINDS)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or (origin is not None and type(hint).__name__ == "UnionType"):
        out: set[str] = set()
        for a in args:
            out |= accepted_kinds(a)
        return out
    if origin is typing.Literal:
        return {"str"} if any(isinstance(a, str) for a in args) else {"int"}
    if hint is bool:
        return {"bool"}
    if hint is int:
        return {"int"}
    if hint is float:
        return {"int", "float"}
    if hint is str:
        return {"str"}
    if hint is bytes:
        return {"bytes"}
    import collections.abc as abc
    base = origin or hint
    if isinstance(base, type) and issubclass(base, (abc.Iterable,)) and base not in (str, bytes):
        return set(_COLLECTIONS)
    return set()  # a kit class, Random, ...: none of the bad values is one


def element_hint(hint: Any) -> Any:
    """The element annotation of a collection annotation (``Iterable[int]`` -> ``int``), or None."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or (origin is not None and type(hint).__name__ == "UnionType"):
        found = [element_hint(a) for a in args]
        found = [f for f in found if f is not None]
        return found[0] if len(found) == 1 else None
    import collections.abc as abc
    if isinstance(origin, type) and issubclass(origin, abc.Iterable) and args and origin is not dict:
        return args[0]
    return None


def kind_of(value: Any) -> str:
    """The kind (as in BAD_VALUES) of an arbitrary value."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float" if math.isfinite(value) else "nonfinite"
    for t, k in ((str, "str"), (bytes, "bytes"), (list, "list"), (tuple, "tuple"), (dict, "dict"),
                 ((set, frozenset), "set")):
        if isinstance(value, t):
            return k
    if isinstance(value, collections.abc.Iterator):
        return "iterator"
    return "object"


def wrongly_accepted(bad: Bad, hint: Any, default: Any) -> str | None:
    """Why a successful call with ``bad`` for a parameter annotated ``hint`` was a silent acceptance, or None."""
    if not hint and hint is not None:
        return None  # no readable annotation: accept anything
    kinds = accepted_kinds(hint)
    if default is None:
        kinds.add("none")
    if bad.kind not in kinds:
        return f"a {bad.kind} accepted where the annotation reads {getattr(hint, '__name__', hint)!s}"
    if bad.kind in ("list", "tuple"):
        inner = element_hint(hint)
        if inner is not None and inner is not Any:
            inner_kinds = accepted_kinds(inner)
            for element in bad.make():
                if kind_of(element) not in inner_kinds and inner_kinds:
                    return f"element {element!r} accepted where elements are {inner}"
    return None
