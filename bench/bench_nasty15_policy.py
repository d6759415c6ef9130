"""The exact optimal policy of every one of the 19 distinct six-target boards of the "15" dice game.

Target: all 19 solved exactly (``fractions.Fraction`` values) in under 2 s in total.
"""

from __future__ import annotations

import time


def main() -> int:
    """Solve all 19 boards (normal variant) from scratch, print each expected score; return failed checks."""
    from fifteen_kit.nasty15.boards import six_target_multisets
    from fifteen_kit.nasty15.policy import OptimalPolicy

    start = time.perf_counter()
    values = [(board, OptimalPolicy(board).expected_score()) for board in six_target_multisets()]
    elapsed = time.perf_counter() - start
    for board, value in sorted(values, key=lambda bv: bv[1]):
        print(f"  {''.join(map(str, board))}  {float(value):8.4f}  (exact: {value.numerator.bit_length()}-bit "
              f"numerator / {value.denominator.bit_length()}-bit denominator)")
    start_g = time.perf_counter()
    for board in six_target_multisets():
        OptimalPolicy(board, gambler=True).expected_score()
    elapsed_g = time.perf_counter() - start_g
    print(f"  19 boards, normal variant:  {elapsed:.2f} s in total ({elapsed / 19 * 1e3:.0f} ms per board)")
    print(f"  19 boards, gambler variant: {elapsed_g:.2f} s in total")
    failed = 0
    public = dict(values)[(4, 3, 3, 2, 2, 1)]
    for ok, text in ((elapsed < 2.0, f"all 19 boards exactly in under 2 s ({elapsed:.2f} s)"),
                     (round(float(public), 4) == 13.2299, f"public board 13.2299 ({float(public):.4f})")):
        print(("PASS " if ok else "FAIL ") + text)
        failed += not ok
    return failed
