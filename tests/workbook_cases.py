"""For every lesson exercise: answers that must be accepted, and wrong answers with the message they must get.

``CASES[key] = {"right": [text, ...], "wrong": [(text, fragment of the message), ...]}``.  Every accepted
rendering of the kit's answer is checked too (tests/test_workbook.py).  Each lesson keeps its rows in its section.
"""

CASES: dict[str, dict[str, list]] = {}

# --- lesson 00 ---
# --- lesson 01 ---
# --- lesson 02 ---
# --- lesson 03 ---
# --- lesson 04 ---
# --- lesson 05 ---
# --- lesson 06 ---
