"""Cancellation from another thread and by Ctrl+C, bounded by the run's
progress (its 64 stretches), and the module from two threads and imported
twice."""
import importlib
import os
import signal
import subprocess
import sys
import threading

import pytest

import stickslip as ss

# about a second of integration: long enough that a run cancelled after
# its first stretches is far from its end
LONG = dict(law="lugre", t_end=600)


def test_cancel_from_another_thread_stops_within_a_stretch():
    cancel = ss.Cancel()
    started = threading.Event()
    reports = []
    at_cancel = []

    def progress(t, t_end):
        reports.append(t)
        started.set()

    def canceller():
        started.wait()
        cancel.set()
        at_cancel.append(len(reports))  # at least the reports before the flag

    th = threading.Thread(target=canceller)
    th.start()
    with pytest.raises(ss.Cancelled):
        ss.run("one-mass", progress=progress, cancel=cancel, **LONG)
    th.join()
    # the stretch running when the flag was set is the last one
    assert len(reports) <= at_cancel[0] + 1
    assert len(reports) < ss.STRETCHES
    assert reports[-1] < 600


def test_sweep_cancel_from_another_thread():
    cancel = ss.Cancel()
    done = []

    def progress(n, total):
        done.append(n)
        cancel.set()  # from a worker thread: the others stop

    with pytest.raises(ss.Cancelled):
        ss.sweep("one-mass", vary={"k": (50, 200, 40)}, outcomes="period", jobs=2,
                 progress=progress, cancel=cancel, law="lugre", t_end=150)
    # every variant reports once; those stopped report "cancelled" at once
    assert len(done) == 40


CHILD = r"""
import os, signal, sys, threading
import stickslip as ss
first = threading.Event()
reports, sent = [], []
def progress(t, t_end):
    reports.append(t)
    first.set()
def interrupter():
    first.wait()
    os.kill(os.getpid(), signal.SIGINT)
    sent.append(len(reports))  # at least the reports before the signal
th = threading.Thread(target=interrupter)
th.start()
try:
    ss.run("one-mass", progress=progress, law="lugre", t_end=600)
except KeyboardInterrupt:
    th.join()
    print("sigint after", sent[0], flush=True)
    print("interrupted after", len(reports), flush=True)
    # the module goes on working after the interrupted run
    print("then", len(ss.run("one-mass").t), flush=True)
"""


def test_ctrl_c_interrupts_a_run():
    p = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    sent = int(next(x for x in lines if x.startswith("sigint after")).split()[-1])
    stopped = int(next(x for x in lines if x.startswith("interrupted after")).split()[-1])
    assert stopped <= sent + 1 < ss.STRETCHES
    assert lines[-1] == "then %d" % len(ss.run("one-mass").t)


def test_two_threads_and_imported_twice():
    first = ss
    for name in [m for m in sys.modules if m == "stickslip" or m.startswith("stickslip.")]:
        del sys.modules[name]
    second = importlib.import_module("stickslip")
    assert second is not first
    want = first.run("two-block").data.tobytes()
    want_sweep = first.sweep("one-mass", vary={"k": (50, 200, 6)}, outcomes="period",
                             jobs=1).table.tobytes()
    got = {}

    def work(mod, key):
        for i in range(3):
            got[key, i] = (mod.run("two-block").data.tobytes(),
                           mod.sweep("one-mass", vary={"k": (50, 200, 6)}, outcomes="period",
                                     jobs=2).table.tobytes())

    threads = [threading.Thread(target=work, args=(m, k)) for k, m in enumerate([first, second])]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(got) == 6
    assert all(v == (want, want_sweep) for v in got.values())
    with pytest.raises(ValueError, match="'k'"):
        second.run("one-mass", k=-1)


SWEEP_CHILD = r"""
import os, signal, threading
import stickslip as ss
first = threading.Event()
def progress(done, total):
    first.set()
def interrupter():
    first.wait()
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=interrupter, daemon=True).start()
try:
    ss.sweep("one-mass", vary={"k": (50, 200, 40)}, outcomes="period", jobs=2,
             progress=progress, law="lugre", t_end=150)
    print("finished")
except KeyboardInterrupt:
    print("interrupted", flush=True)
    s = ss.sweep("one-mass", vary={"k": (50, 200, 4)}, outcomes="period", jobs=2)
    print("then", s.n_failed, len(s), flush=True)
"""


def test_ctrl_c_interrupts_a_sweep():
    """SIGINT during a sweep on the library's threads: KeyboardInterrupt,
    the variants stopped, and the module works on."""
    p = subprocess.run([sys.executable, "-c", SWEEP_CHILD], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["interrupted", "then 0 4"]
