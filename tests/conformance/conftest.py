"""Fixtures of the conformance suite: swallowed widget callback errors made loud, and the final counts."""

from __future__ import annotations

import pytest

from .harness import COUNTS, SCALE


class SwallowedErrors(list):
    """Exceptions raised inside ipywidgets callbacks (which the dispatcher would only log)."""


@pytest.fixture
def swallowed(monkeypatch):
    """Patch ipywidgets' CallbackDispatcher so a callback's exception is recorded and re-raised.

    In a notebook the dispatcher prints the traceback to the log and the pupil sees nothing; here the
    exception reaches the test (and is kept in the returned list for the report).
    """
    from ipywidgets.widgets.widget import CallbackDispatcher

    errors = SwallowedErrors()

    def loud_call(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            try:
                local_value = callback(*args, **kwargs)
            except Exception as err:
                errors.append(err)
                raise
            value = local_value if local_value is not None else value
        return value

    monkeypatch.setattr(CallbackDispatcher, "__call__", loud_call)
    return errors


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not COUNTS:
        return
    terminalreporter.section("fifteen-kit conformance counts")
    terminalreporter.write_line(f"scale (KIT_CONFORMANCE_SCALE): {SCALE:g}")
    for name in sorted(COUNTS):
        terminalreporter.write_line(f"{name}: {COUNTS[name]}")
