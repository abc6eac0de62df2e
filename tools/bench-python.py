#!/usr/bin/env python3
"""The Python module's cost over the engine's, for docs/python.md.

  1. run() against `stickslip-cli bench` (ss_run in-process, median per
     run) for the same variant: the median over rounds of each one's median;
  2. run() against the library's run in one go (what the CLI's bench
     times), in CPU time of the calling thread: the module's own cost,
     which a loaded machine's waiting does not blur;
  3. a 1,000-variant sweep() against `stickslip-cli sweep` (the process's
     wall time, the time the CLI reports for the study itself, and the CPU
     time of every thread).

The two are alternated round by round, so a drift of the machine hits both
alike.  Prints; asserts nothing.

  tools/bench-python.py [--build DIR] [--rounds N] [--runs N]
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--build", default=os.path.join(top, "build"))
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--runs", type=int, default=40)
args = ap.parse_args()
cli = os.path.join(args.build, "src", "cli", "stickslip-cli")
os.environ.setdefault("STICKSLIP_LIBRARY", os.path.join(args.build, "model", "libstickslip.so.1"))
sys.path.insert(0, os.path.join(top, "python"))
import stickslip as ss  # noqa: E402
from stickslip import _lib  # noqa: E402

# (scenario, values, t_end or None for the scenario's)
VARIANTS = [
    ("one-mass", {"law": "lugre"}, 30.0),
    ("one-mass", {}, None),
    ("gear-train", {}, None),
    ("slider-crank", {}, None),
    ("two-slider", {}, None),
]


def cli_bench(scenario, values, t_end, runs):
    t_end = t_end or next(s.t_end for s in ss.scenarios() if s.name == scenario)
    cmd = [cli, "bench", scenario, "--t-end", repr(t_end), "--runs", str(runs)]
    for k, v in values.items():
        cmd += ["--set", "%s=%s" % (k, v)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return float(out.splitlines()[-1].split()[-4]) / 1e3  # median/ms


def py_bench(scenario, values, t_end, runs):
    kw = dict(values)
    if t_end:
        kw["t_end"] = t_end
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        ss.run(scenario, **kw)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


print("CVODE: %s" % ss.cvode_build())
print("load average before: %s; %d cores" % (load(), os.cpu_count()))
print("\nrun() against stickslip-cli bench (median of %d rounds of %d runs' medians)"
      % (args.rounds, args.runs))
print("%-14s %-12s %7s %11s %11s %8s" % ("scenario", "variant", "t_end/s", "cli/ms", "python/ms",
                                         "ratio"))
for scenario, values, t_end in VARIANTS:
    c, p = [], []
    for r in range(args.rounds):
        order = [(c, cli_bench), (p, py_bench)]
        for dest, fn in (order if r % 2 == 0 else order[::-1]):
            dest.append(fn(scenario, values, t_end, args.runs))
    c, p = statistics.median(c), statistics.median(p)
    variant = " ".join("%s=%s" % kv for kv in values.items()) or "default"
    print("%-14s %-12s %7s %11.3f %11.3f %7.3fx" % (
        scenario, variant, t_end or "-", 1e3 * c, 1e3 * p, p / c))

# the module's own cost, free of the machine's load: CPU time of this
# thread, run() against the library's run in one go (ss_api_run_advance to
# the end on a model built outside the timing, as the CLI's bench)
print("\nrun() against one ss_api_run_advance to the end, CPU time of the thread (median of "
      "%d rounds)" % (args.rounds * args.runs // 4))
print("%-14s %-12s %7s %11s %11s %8s" % ("scenario", "variant", "t_end/s", "library/ms",
                                         "python/ms", "ratio"))
for scenario, values, t_end in VARIANTS:
    kw = dict(values)
    if t_end:
        kw["t_end"] = t_end
    one, full = [], []
    for r in range(args.rounds * args.runs // 4):
        sp = _lib.lib.ss_api_spec_new(scenario.encode())
        for k, v in kw.items():
            _lib.lib.ss_api_spec_set(sp, k.encode(), str(v).encode())
        h = _lib.lib.ss_api_run_new(sp)
        _lib.lib.ss_api_spec_free(sp)
        t0 = time.thread_time()
        _lib.lib.ss_api_run_advance(h, float("inf"))
        one.append(time.thread_time() - t0)
        _lib.lib.ss_api_run_free(h)
        t0 = time.thread_time()
        ss.run(scenario, **kw)
        full.append(time.thread_time() - t0)
    one, full = statistics.median(one), statistics.median(full)
    variant = " ".join("%s=%s" % kv for kv in values.items()) or "default"
    print("%-14s %-12s %7s %11.3f %11.3f %7.3fx" % (
        scenario, variant, t_end or "-", 1e3 * one, 1e3 * full, full / one))

N = 1000
print("\nsweep() of %d variants against stickslip-cli sweep (one-mass, k=50:200:%d, period, "
      "one job per core; median of %d rounds)" % (N, N, args.rounds))
wall, study, py, cli_cpu, py_cpu = [], [], [], [], []


def children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


with tempfile.TemporaryDirectory() as tmp:
    for r in range(args.rounds):
        def run_cli():
            t0, c0 = time.perf_counter(), children_cpu()
            p = subprocess.run([cli, "sweep", "one-mass", "--vary", "k=50:200:%d" % N,
                                "--metric", "period", "--csv", os.path.join(tmp, "s.csv")],
                               capture_output=True, text=True, check=True)
            wall.append(time.perf_counter() - t0)
            cli_cpu.append(children_cpu() - c0)
            study.append(float(re.search(r"failed, ([0-9.e+-]+) s", p.stderr).group(1)))

        def run_py():
            t0, c0 = time.perf_counter(), time.process_time()
            s = ss.sweep("one-mass", vary={"k": (50, 200, N)}, outcomes="period", jobs=0)
            py.append(time.perf_counter() - t0)
            py_cpu.append(time.process_time() - c0)
            assert len(s) == N

        for fn in ((run_cli, run_py) if r % 2 == 0 else (run_py, run_cli)):
            fn()
wall, study, py = statistics.median(wall), statistics.median(study), statistics.median(py)
cli_cpu, py_cpu = statistics.median(cli_cpu), statistics.median(py_cpu)
print("%-44s %8.3f s" % ("stickslip-cli sweep, the process's wall time", wall))
print("%-44s %8.3f s" % ("stickslip-cli sweep, the study alone", study))
print("%-44s %8.3f s  (%.3fx the process, %.3fx the study)" % ("sweep()", py, py / wall,
                                                              py / study))
# CPU time of every thread: what a loaded machine's waiting leaves out
print("%-44s %8.3f s" % ("stickslip-cli sweep, CPU time", cli_cpu))
print("%-44s %8.3f s  (%.3fx)" % ("sweep(), CPU time", py_cpu, py_cpu / cli_cpu))
print("\nload average after: %s" % load())
