#!/usr/bin/env python3
"""test-no-clock.py SOURCE_ROOT: no test passes or fails on wall-clock time.

- No test file asserts on the clock: no assertion (g_assert*, assert) whose
  statement reads g_get_monotonic_time, g_get_real_time, clock_gettime,
  gettimeofday or a GTimer, or the end of a pause (test_gui_pump_until).
- Only the files listed in ALLOWED read the clock at all: the shared wait
  (test_wait in tests/test-cli-util.h, which reports "still waiting for
  ..." and never fails), the GUI tests' fixed pauses (test_gui_pump in
  tests/gui/test-gui-util.h), and timings that are printed or a safety net
  that is reported.  Every other test waits for its condition with
  test_wait_tick() or test_gui_wait_until(); meson's per-test timeout is the
  only cap.

usage: test-no-clock.py SOURCE_ROOT
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
CLOCK = re.compile(r"\b(g_get_monotonic_time|g_get_real_time|clock_gettime|gettimeofday|g_timer_\w+)\s*\(")
# a pause that may end early: its length is no result to assert on
PAUSE = re.compile(r"\btest_gui_pump_until\s*\(")
ASSERT = re.compile(r"\b(g_assert\w*|assert)\s*\(")

ALLOWED = {
    "tests/test-cli-util.h": "the shared wait (test_wait): reports, never fails",
    "tests/gui/test-gui-util.h": "fixed pauses of the main loop (test_gui_pump)",
    "tests/cli/test-corners.c": "a safety net that is reported, and timings printed",
    "tests/model/test-gear-train.c": "timings printed",
}


def statements(text):
    """The statements of C text, split at ';', '{' and '}' (comments and
    strings blanked), each with the line it starts on."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    line, start, out = 1, 0, []
    for i, ch in enumerate(text):
        if ch in ";{}":
            out.append((line - text[start:i].count("\n"), text[start:i]))
            start = i + 1
        if ch == "\n":
            line += 1
    return out


problems = []
for dirpath, dirs, names in os.walk(os.path.join(ROOT, "tests")):
    dirs.sort()
    for n in sorted(names):
        if not n.endswith((".c", ".h")):
            continue
        path = os.path.join(dirpath, n)
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line, st in statements(text):
            first = line + st[: len(st) - len(st.lstrip())].count("\n")
            if PAUSE.search(st) and ASSERT.search(st):
                problems.append(f"{rel}:{first}: asserts on a pause's length (wait for the condition instead)")
            if CLOCK.search(st) is None:
                continue
            if ASSERT.search(st):
                problems.append(f"{rel}:{first}: asserts on the clock (wait for the condition instead)")
            elif rel not in ALLOWED:
                problems.append(
                    f"{rel}:{first}: reads the clock (wait with test_wait_tick or test_gui_wait_until; "
                    "pause with test_gui_pump)"
                )

for p in problems:
    print(p)
if problems:
    print(f"{len(problems)} wall-clock reading(s) in tests: no test passes or fails on time")
    sys.exit(1)
print(f"no test asserts on the clock ({len(ALLOWED)} files read it: {', '.join(sorted(ALLOWED))})")
