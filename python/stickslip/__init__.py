"""Stick-Slip Lab's simulation engine from Python.

The same engine as the app and ``stickslip-cli``, through the C entry
layer of libstickslip (``stickslip/api.h``) with ctypes and NumPy::

    import stickslip as ss
    ss.scenarios()                                   # names and titles
    ss.params("one-mass")                            # the parameter table
    r = ss.run("one-mass", k=200, law="lugre", t_end=30)
    r.t, r["base.F"], r.units["base.F"]              # NumPy arrays and units
    r.events, r.metrics["period"]
    s = ss.sweep("one-mass", vary={"k": (50, 200, 16)}, outcomes=["period"], jobs=0)
    s.table                                          # a NumPy structured array

Refused input (an unknown name, a value out of its range) raises
ValueError with the program's message; a failed integration raises
SimulationError.  Runs release the GIL; Ctrl+C stops them (a run within
one stretch: a 64th of its simulated time, or more where a 64th takes under
2 ms; a sweep within a 64th of each variant's) and raises
KeyboardInterrupt; a Cancel token stops them from another thread and
raises Cancelled.  Everything here may be used from several threads.
docs/python.md has a worked example.
"""

import ctypes
import math
import numbers
import signal
import threading
import time
from collections import namedtuple

import numpy as np

from . import _lib
from ._lib import lib

__all__ = ["scenarios", "params", "options", "examples", "presets", "run", "sweep", "Run",
           "Sweep", "Cancel", "Cancelled", "SimulationError", "cvode_build"]

__version__ = "0.1.0"

#: A run goes in stretches of 1/STRETCHES of its simulated time (longer
#: after quick ones): Ctrl+C, a Cancel token and the progress callback act
#: between them (SS_API_RUN_STRETCHES of the C layer).
STRETCHES = 64
#: A stretch that took less than this (s) doubles the next one's length.
QUICK_STRETCH = 0.002


class SimulationError(RuntimeError):
    """The integration failed (the program's message says why and when)."""


class Cancelled(Exception):
    """A run or sweep stopped by its Cancel token."""


class Cancel:
    """A cancellation token: set() from any thread stops the run or sweep
    it was given to within one stretch of a run (see run())."""

    def __init__(self):
        self._flag = ctypes.c_int(0)
        self._event = threading.Event()

    def set(self):
        self._flag.value = 1
        self._event.set()

    def is_set(self):
        return self._event.is_set()


def cvode_build():
    """Which CVODE the library holds."""
    return _lib.text(lib.ss_api_cvode_build())


# ---- tables --------------------------------------------------------------

Scenario = namedtuple("Scenario", "name title description t_end dt_out")
Param = namedtuple("Param", "name default unit min max range description choices label group "
                   "integer log")
Option = namedtuple("Option", "name default unit description")
Example = namedtuple("Example", "id scenario source title note settings")
Preset = namedtuple("Preset", "name title description scenario sets axes outcomes")


def _scenario_index(name):
    if not isinstance(name, str):
        raise TypeError("a scenario is named by a string, not %s" % type(name).__name__)
    i = lib.ss_api_scenario_find(name.encode())
    if i < 0:
        raise ValueError(_lib.error())
    return i


def scenarios():
    """Every scenario: name, title, description, default t_end and dt_out."""
    t = _lib.text
    return [Scenario(t(lib.ss_api_scenario_name(i)), t(lib.ss_api_scenario_title(i)),
                     t(lib.ss_api_scenario_description(i)), lib.ss_api_scenario_t_end(i),
                     lib.ss_api_scenario_dt_out(i))
            for i in range(lib.ss_api_scenario_count())]


def params(scenario):
    """The parameter table of a scenario: name, default (a choice's name for
    a choice), SI unit, valid range (min, max and as text), description,
    choices (None for a number), label, group, whether whole numbers only
    and whether it spans decades."""
    s = _scenario_index(scenario)
    t = _lib.text
    out = []
    buf = ctypes.create_string_buffer(256)
    for p in range(lib.ss_api_param_count(s)):
        lib.ss_api_param_range(s, p, buf, len(buf))
        choices = None
        default = lib.ss_api_param_default(s, p)
        if lib.ss_api_param_is_choice(s, p):
            choices = tuple(t(lib.ss_api_param_choice(s, p, c))
                            for c in range(lib.ss_api_param_n_choices(s, p)))
            default = choices[int(default)]
        out.append(Param(t(lib.ss_api_param_name(s, p)), default, t(lib.ss_api_param_unit(s, p)),
                         lib.ss_api_param_min(s, p), lib.ss_api_param_max(s, p),
                         buf.value.decode(), t(lib.ss_api_param_description(s, p)), choices,
                         t(lib.ss_api_param_label(s, p)), t(lib.ss_api_param_group(s, p)),
                         bool(lib.ss_api_param_integer(s, p)), bool(lib.ss_api_param_log(s, p))))
    return out


def options():
    """The run options (t_end, dt_out, rtol, atol, max_steps, max_events);
    a default of 0 means the scenario's."""
    t = _lib.text
    return [Option(t(lib.ss_api_option_name(i)), lib.ss_api_option_default(i),
                   t(lib.ss_api_option_unit(i)), t(lib.ss_api_option_description(i)))
            for i in range(lib.ss_api_option_count())]


def examples():
    """The papers' published cases: id, scenario, citation, title, note and
    settings, a list of (label, assignments); run one with
    run(example=ID, setting=N)."""
    t = _lib.text
    return [Example(t(lib.ss_api_example_id(e)), t(lib.ss_api_example_scenario(e)),
                    t(lib.ss_api_example_source(e)), t(lib.ss_api_example_title(e)),
                    t(lib.ss_api_example_note(e)),
                    [(t(lib.ss_api_example_setting_label(e, k)),
                      t(lib.ss_api_example_setting_assignments(e, k)))
                     for k in range(lib.ss_api_example_n_settings(e))])
            for e in range(lib.ss_api_example_count())]


def _list(fn, i):
    out, k = [], 0
    while True:
        v = fn(i, k)
        if v is None:
            return out
        out.append(_lib.text(v))
        k += 1


def presets():
    """The shipped parameter studies: name, title, description, scenario,
    base values, axes and outcomes; run one with sweep(preset=NAME)."""
    t = _lib.text
    return [Preset(t(lib.ss_api_preset_name(i)), t(lib.ss_api_preset_title(i)),
                   t(lib.ss_api_preset_description(i)), t(lib.ss_api_preset_scenario(i)),
                   _list(lib.ss_api_preset_set, i), _list(lib.ss_api_preset_axis, i),
                   _list(lib.ss_api_preset_outcome, i))
            for i in range(lib.ss_api_preset_count())]


# ---- specifications --------------------------------------------------------

def _number_text(v):
    return repr(float(v)) if not isinstance(v, numbers.Integral) else str(int(v))


class _Spec:
    """An ss_api_spec handle, freed on exit."""

    def __init__(self, scenario=None, example=None, setting=1, preset=None):
        given = [x is not None for x in (scenario, example, preset)]
        if sum(given) != 1:
            raise ValueError("give one of a scenario, example= or preset=")
        if example is not None:
            h = lib.ss_api_spec_new_example(str(example).encode(), int(setting))
        elif preset is not None:
            h = lib.ss_api_spec_new_preset(str(preset).encode())
        else:
            if not isinstance(scenario, str):
                raise TypeError("a scenario is named by a string, not %s"
                                % type(scenario).__name__)
            h = lib.ss_api_spec_new(scenario.encode())
        if not h:
            raise ValueError(_lib.error())
        self.h = h

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        lib.ss_api_spec_free(self.h)
        self.h = None

    def set(self, name, value):
        if isinstance(value, str):
            rc = lib.ss_api_spec_set(self.h, name.encode(), value.encode())
        elif isinstance(value, numbers.Real) and not isinstance(value, bool):
            rc = lib.ss_api_spec_set_value(self.h, name.encode(), float(value))
        else:
            raise TypeError("%s: a number or a choice's name, not %s"
                            % (name, type(value).__name__))
        if rc != _lib.OK:
            raise ValueError(_lib.error())

    def vary(self, name, axis):
        """NAME: "LO:HI:N[:log]" or (lo, hi, n) or (lo, hi, n, "log"|"lin")."""
        if isinstance(axis, str):
            rc = lib.ss_api_spec_add_axis(self.h, ("%s=%s" % (name, axis)).encode())
        else:
            axis = tuple(axis)
            if len(axis) not in (3, 4) or (len(axis) == 4 and axis[3] not in ("log", "lin")):
                raise ValueError("%s: an axis is (lo, hi, n) or (lo, hi, n, 'log'), or the "
                                 "text 'LO:HI:N[:log]'" % name)
            text = "%s=%s:%s:%s%s" % (name, _number_text(axis[0]), _number_text(axis[1]),
                                      _number_text(axis[2]),
                                      ":" + axis[3] if len(axis) == 4 else "")
            rc = lib.ss_api_spec_add_axis(self.h, text.encode())
        if rc != _lib.OK:
            raise ValueError(_lib.error())

    def outcome(self, spec):
        if lib.ss_api_spec_add_outcome(self.h, str(spec).encode()) != _lib.OK:
            raise ValueError(_lib.error())


# ---- runs ------------------------------------------------------------------

class _Handle:
    """Owns a finished C run: frees it when the Run and every array that
    shows its memory are gone."""

    __slots__ = ("h",)

    def __init__(self, h):
        self.h = h

    def __del__(self):
        h, self.h = self.h, None
        if h and lib is not None:
            lib.ss_api_run_free(h)


class _Block:
    """The library's array at address, read-only, as NumPy takes it; keeps
    the run's _Handle (the memory's owner) alive as the array's base."""

    def __init__(self, address, shape, owner):
        self.__array_interface__ = {"data": (address, True), "shape": shape,
                                    "typestr": "<f8", "version": 3}
        self.owner = owner


def _in_place(address, shape, owner):
    if not address or 0 in shape:
        return np.empty(shape)
    return np.asarray(_Block(address, shape, owner))


class Run:
    """A finished run: the trace's columns (r.t, r["base.F"], r.columns,
    r.units), its events, metrics and integrator statistics."""

    def __init__(self, handle):
        self._owner = _Handle(handle)
        self._h = h = handle
        n_rows = lib.ss_api_run_n_rows(h)
        n_cols = lib.ss_api_run_n_columns(h)
        self.scenario = _lib.text(lib.ss_api_run_scenario(h))
        # the engine's own arrays, not copies: read-only, and kept while
        # any view of them lives, after the Run too
        self.t = _in_place(lib.ss_api_run_time_data(h), (n_rows,), self._owner)
        rows = _in_place(lib.ss_api_run_rows_data(h), (n_rows, n_cols), self._owner)
        rows.flags.writeable = False
        self.t.flags.writeable = False
        #: every column, one per row of this 2-D array (data[i] is columns[i]):
        #: a view of the rows as the engine keeps them, so r["base.F"] is a
        #: strided view (np.ascontiguousarray makes a contiguous copy)
        self.data = rows.T
        self._columns = None
        self._events = None
        self._metrics = None

    def _names(self):
        if self._columns is None:
            h, t = self._h, _lib.text
            n = lib.ss_api_run_n_columns(h)
            cols = [t(lib.ss_api_run_column_name(h, c)) for c in range(n)]
            self._units = {"t": "s"}
            self._units.update((cols[c], t(lib.ss_api_run_column_unit(h, c))) for c in range(n))
            self._labels = {cols[c]: t(lib.ss_api_run_column_label(h, c)) for c in range(n)}
            self._index = {name: c for c, name in enumerate(cols)}
            self._columns = cols
        return self._columns

    @property
    def columns(self):
        """The column names, as the CSV's header without t."""
        return list(self._names())

    @property
    def units(self):
        """SI unit of every column ("1": dimensionless), t included."""
        self._names()
        return dict(self._units)

    @property
    def labels(self):
        """Each column's human label in English (None when it has none)."""
        self._names()
        return dict(self._labels)

    def __getitem__(self, name):
        if name == "t":
            return self.t
        self._names()
        try:
            return self.data[self._index[name]]
        except KeyError:
            raise KeyError("%s has no column '%s'; columns: %s"
                           % (self.scenario, name, ", ".join(self._columns))) from None

    def __contains__(self, name):
        return name == "t" or name in self._names()

    def __len__(self):
        return len(self.t)

    @property
    def events(self):
        """A structured array with fields t (s), contact and event, as
        `stickslip-cli run --events` writes them."""
        if self._events is None:
            h = self._h
            n = lib.ss_api_run_n_events(h)
            t = np.empty(n)
            src = np.empty(n, dtype=np.intc)
            kind = np.empty(n, dtype=np.intc)
            lib.ss_api_run_copy_events(h, t.ctypes.data,
                                       src.ctypes.data,
                                       kind.ctypes.data, n)
            sources = [_lib.text(lib.ss_api_run_source_name(h, i))
                       for i in range(lib.ss_api_run_n_sources(h))]
            kinds = [_lib.text(lib.ss_api_event_kind_name(k)) or "" for k in range(16)]
            ev = np.empty(n, dtype=[("t", "f8"),
                                    ("contact", "U%d" % max([len(s) for s in sources] + [1])),
                                    ("event", "U%d" % max(len(k) for k in kinds))])
            ev["t"] = t
            ev["contact"] = [sources[i] for i in src]
            ev["event"] = [kinds[k] for k in kind]
            ev.flags.writeable = False
            self._events = ev
        return self._events

    @property
    def metrics(self):
        """The run's metrics by name (NaN: undetermined), as
        `stickslip-cli run --metrics`: period, amplitude, energy.dissipated,
        then per contact C.first_slip, C.stick_phases, C.stick_time,
        C.longest_stick, C.max_ratio."""
        if self._metrics is None:
            h = self._h
            n = lib.ss_api_run_n_metrics(h)
            v = (ctypes.c_double * max(n, 1))()
            if lib.ss_api_run_metrics(h, v, n) != _lib.OK:
                raise MemoryError(_lib.error())
            names = [_lib.text(lib.ss_api_run_metric_name(h, i)) for i in range(n)]
            self._metric_units = {names[i]: _lib.text(lib.ss_api_run_metric_unit(h, i))
                                  for i in range(n)}
            self._metrics = {names[i]: v[i] for i in range(n)}
        return dict(self._metrics)

    @property
    def metric_units(self):
        """SI unit of each metric ("" for counts and ratios)."""
        self.metrics
        return dict(self._metric_units)

    @property
    def values(self):
        """The parameter values it ran with (a choice's name for a choice)."""
        table = params(self.scenario)
        v = np.empty(len(table))
        lib.ss_api_run_copy_values(self._h, v.ctypes.data, len(v))
        return {p.name: p.choices[int(x)] if p.choices else float(x) for p, x in zip(table, v)}

    @property
    def options(self):
        """The run options it ran with (t_end, dt_out, rtol, ...)."""
        return {_lib.text(lib.ss_api_option_name(i)): lib.ss_api_run_option(self._h, i)
                for i in range(lib.ss_api_option_count())}

    @property
    def stats(self):
        """Integrator statistics: steps, rhs_evals, root_evals, events, restarts."""
        return {k: int(lib.ss_api_run_stat(self._h, k.encode()))
                for k in ("steps", "rhs_evals", "root_evals", "events", "restarts")}

    def to_pandas(self):
        """The trace as a pandas DataFrame (t and every column); needs pandas."""
        import pandas as pd
        cols = self._names()
        frame = {"t": self.t}
        frame.update((name, self.data[c]) for c, name in enumerate(cols))
        return pd.DataFrame(frame)

    def __repr__(self):
        return "<stickslip.Run %s: %d rows, %d columns, %d events>" % (
            self.scenario, len(self.t), self.data.shape[0], lib.ss_api_run_n_events(self._h))


def run(scenario=None, *, example=None, setting=1, progress=None, cancel=None, **values):
    """Runs a scenario to its end and returns a Run.

    values: parameters (numbers, or a choice's name) and run options
    (t_end, dt_out, rtol, atol, max_steps, max_events), as
    `stickslip-cli run --set NAME=VALUE --t-end S` takes them.
    example, setting: a paper's case instead of a scenario
    (`run --example ID:N`, setting from 1); values apply on top.
    progress: called as progress(t, t_end) after each stretch (a 64th of
    the run, or more where a 64th took under QUICK_STRETCH).
    cancel: a Cancel token; setting it raises Cancelled.

    ValueError names the parameter and its valid range; SimulationError
    says why the integration failed; Ctrl+C raises KeyboardInterrupt.
    """
    with _Spec(scenario, example, setting) as spec:
        for name, v in values.items():
            spec.set(name, v)
        h = lib.ss_api_run_new(spec.h)
        if not h:
            raise ValueError(_lib.error())
    try:
        t_end = lib.ss_api_run_t_end(h)
        advance, clock = lib.ss_api_run_advance, time.perf_counter
        # Stretches driven from here: the GIL is released during each, and
        # Ctrl+C (KeyboardInterrupt) lands between two.  A 64th of the run
        # each; one that took under QUICK_STRETCH s doubles the next, as
        # every stop costs the engine a little (an interpolation, the
        # contacts' statics).  Where the run stops changes no result.
        span = t_end / STRETCHES
        target = span
        while True:
            last = target >= t_end * (1 - 1e-12)
            started = clock()
            rc = advance(h, math.inf if last else target)
            quick = clock() - started < QUICK_STRETCH
            if rc < 0:
                raise SimulationError(_lib.error())
            if progress is not None:
                progress(lib.ss_api_run_time(h), t_end)
            if rc == 1:
                break
            if cancel is not None and cancel.is_set():
                raise Cancelled("cancelled at t = %g s of %g s" % (lib.ss_api_run_time(h), t_end))
            if quick:
                span *= 2
            target += span
        result = Run(h)
    except BaseException:
        lib.ss_api_run_free(h)
        raise
    return result


# ---- sweeps ----------------------------------------------------------------

class Sweep:
    """A finished sweep: one row per variant in variant order (the first
    axis varying slowest), as `stickslip-cli sweep` writes them."""

    def __init__(self, handle):
        h, t = handle, _lib.text
        n = lib.ss_api_sweep_n_rows(h)
        na, no = lib.ss_api_sweep_n_axes(h), lib.ss_api_sweep_n_outcomes(h)
        self.axes = [t(lib.ss_api_sweep_axis_name(h, i)) for i in range(na)]
        self.outcomes = [t(lib.ss_api_sweep_outcome_name(h, i)) for i in range(no)]
        self.units = {self.axes[i]: t(lib.ss_api_sweep_axis_unit(h, i)) for i in range(na)}
        self.units.update((self.outcomes[i], t(lib.ss_api_sweep_outcome_unit(h, i)))
                          for i in range(no))
        axis_values = np.empty((n, na))
        values = np.empty((n, no))
        lib.ss_api_sweep_copy_axis_values(h, axis_values.ctypes.data,
                                          axis_values.size)
        lib.ss_api_sweep_copy_values(h, values.ctypes.data, values.size)
        status = [t(lib.ss_api_sweep_status(h, r)) or "ok" for r in range(n)]
        self.n_failed = lib.ss_api_sweep_n_failed(h)
        self.cancelled = bool(lib.ss_api_sweep_cancelled(h))
        width = max([len(s) for s in status] + [2])
        table = np.empty(n, dtype=[(a, "f8") for a in self.axes] +
                         [(o, "f8") for o in self.outcomes] + [("status", "U%d" % width)])
        for i, a in enumerate(self.axes):
            table[a] = axis_values[:, i]
        for i, o in enumerate(self.outcomes):
            table[o] = values[:, i]
        table["status"] = status
        #: a NumPy structured array: the axes' values, the outcomes (NaN:
        #: undetermined or failed) and status ("ok" or why the variant failed)
        self.table = table

    def __len__(self):
        return len(self.table)

    def __getitem__(self, name):
        return self.table[name]

    def to_pandas(self):
        """The table as a pandas DataFrame; needs pandas."""
        import pandas as pd
        return pd.DataFrame({name: self.table[name] for name in self.table.dtype.names})

    def __repr__(self):
        return "<stickslip.Sweep %s -> %s: %d rows, %d failed>" % (
            ", ".join(self.axes), ", ".join(self.outcomes), len(self.table), self.n_failed)


def sweep(scenario=None, *, vary=None, outcomes=None, preset=None, jobs=0, progress=None,
          cancel=None, **values):
    """Runs every variant of one or two varied parameters on `jobs` threads
    (0: one per core) and returns a Sweep, as `stickslip-cli sweep`.

    vary: {NAME: (lo, hi, n)} or (lo, hi, n, "log") or "LO:HI:N[:log]", at
    most two; outcomes: a name or a list ("period", "amplitude",
    "base.stick_time", "max:base.ratio", "at:2.5:v", ... see docs/studies.md).
    preset: a shipped study (presets()) instead; values change its base.
    values: base parameters and run options, as for run().
    progress: called as progress(done, total) after each variant, from the
    thread that ran it.  cancel: a Cancel token; setting it raises Cancelled.
    Ctrl+C stops the variants and raises KeyboardInterrupt.
    """
    with _Spec(scenario, preset=preset) as spec:
        for name, v in values.items():
            spec.set(name, v)
        for name, axis in (vary or {}).items():
            spec.vary(name, axis)
        if isinstance(outcomes, str):
            outcomes = [outcomes]
        for o in outcomes or []:
            spec.outcome(o)
        if not isinstance(jobs, numbers.Integral) or jobs < 0:
            raise ValueError("jobs: %r is invalid; valid: 0 (one per core) or a whole number "
                             "from 1 to 1024" % (jobs,))
        flag = cancel._flag if cancel is not None else ctypes.c_int(0)
        cb = (_lib.SWEEP_PROGRESS(lambda user, done, total: progress(done, total))
              if progress is not None else _lib.SWEEP_PROGRESS())
        out = {}

        def work():
            out["h"] = lib.ss_api_sweep_run(spec.h, int(jobs), ctypes.byref(flag), cb, None)
            if not out["h"]:
                out["error"] = _lib.error()

        if threading.current_thread() is threading.main_thread():
            # in a thread of its own, the main thread waiting: Ctrl+C sets
            # the flag the variants read (a handler of our own, so that no
            # KeyboardInterrupt can leave the wait while the library still
            # runs), and the interrupt is raised once the sweep has stopped
            interrupted = []

            def on_sigint(signum, frame):
                if previous is not signal.SIG_IGN:
                    flag.value = 1
                    interrupted.append(frame)

            previous = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, on_sigint)
            try:
                th = threading.Thread(target=work, name="stickslip-sweep")
                th.start()
                while th.is_alive():
                    th.join(0.1)
            finally:
                signal.signal(signal.SIGINT, previous)
            if interrupted:
                if out.get("h"):
                    lib.ss_api_sweep_free(out["h"])
                    out["h"] = None
                if callable(previous) and previous is not signal.default_int_handler:
                    previous(signal.SIGINT, interrupted[0])
                else:
                    raise KeyboardInterrupt
        else:
            work()
    h = out.get("h")
    if not h:
        raise ValueError(out.get("error") or "the sweep failed")
    try:
        if cancel is not None and lib.ss_api_sweep_cancelled(h):
            raise Cancelled("sweep cancelled")
        return Sweep(h)
    finally:
        lib.ss_api_sweep_free(h)
