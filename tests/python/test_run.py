"""run(): the same trace, events and metrics as `stickslip-cli run`, and
the one-mass limit cycle's period against its closed form."""
import gc
import math

import numpy as np
import pytest

import stickslip as ss
from stickslip import _lib
from conftest import read_text

SCENARIOS = [s.name for s in ss.scenarios()]


def number(v):
    """A number as the CLI's files write it: the shortest "%.Ng" (N from 6
    to 17) that reads back to the same double; zero as 0 (never -0)."""
    if v == 0:
        return "0"
    mantissa = repr(v).lower().split("e")[0].lstrip("-").replace(".", "").strip("0")
    for digits in range(max(6, len(mantissa)), 18):
        text = "%.*g" % (digits, v)
        if float(text) == v:
            return text
    raise AssertionError("%r does not read back" % v)


def csv_text(r):
    """The trace as `run --csv` writes it: number() for every value, an
    empty field for NaN, 0 or 1 in the stick columns."""
    cols = r.columns
    stick = [c.endswith(".stick") for c in cols]
    lines = ["t," + ",".join(cols)]
    data = r.data
    for i in range(len(r.t)):
        fields = [number(r.t[i])]
        for c in range(len(cols)):
            v = data[c, i]
            if math.isnan(v):
                fields.append("")
            elif stick[c]:
                fields.append("1" if v != 0 else "0")
            else:
                fields.append(number(v))
        lines.append(",".join(fields))
    return "\n".join(lines) + "\n"


def events_text(r):
    lines = ["t,contact,event"]
    lines += ["%s,%s,%s" % (number(e["t"]), e["contact"], e["event"]) for e in r.events]
    return "\n".join(lines) + "\n"


def check_against_cli(cli, tmp_path, scenario, sets, **values):
    args = ["run", scenario]
    for s in sets:
        args += ["--set", s]
    if "t_end" in values:
        args += ["--t-end", str(values["t_end"])]
    args += ["--csv", str(tmp_path / "run.csv"), "--events", str(tmp_path / "events.csv"),
             "--metrics", str(tmp_path / "metrics.csv")]
    cli(*args)
    kw = dict(values)
    for s in sets:
        name, text = s.split("=", 1)
        kw[name] = text
    r = ss.run(scenario, **kw)
    assert r.scenario == scenario
    # the trace as the CSV writes it, every field
    want = read_text(tmp_path / "run.csv").splitlines()
    got = csv_text(r).splitlines()
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, "row %d differs" % i
    assert events_text(r) == read_text(tmp_path / "events.csv")
    assert len(r.events) > 0
    # metrics: the CSV prints the digits each metric's accuracy supports;
    # the run's value rounded to as many digits reads back to the same double
    rows = [line.split(",") for line in read_text(tmp_path / "metrics.csv").splitlines()[1:]]
    metrics, units = r.metrics, r.metric_units
    assert [row[0] for row in rows] == list(metrics)
    for name, value, unit in (row[:3] for row in rows):
        got = metrics[name]
        if value == "":
            assert math.isnan(got), name
        else:
            digits = len(value.lower().split("e")[0].lstrip("-").replace(".", "").lstrip("0")) or 1
            assert float("%.*g" % (digits, got)) == float(value), name
        assert units[name] == unit
    return r


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_default_run_equals_cli(cli, tmp_path, scenario):
    check_against_cli(cli, tmp_path, scenario, [])


def test_set_values_equal_cli(cli, tmp_path):
    r = check_against_cli(cli, tmp_path, "one-mass", ["k=200", "law=lugre"], t_end=30)
    assert r.options["t_end"] == 30
    assert r.values["k"] == 200 and r.values["law"] == "lugre" and r.values["M"] == 1
    assert r.units["base.F"] == "N" and r.units["t"] == "s"
    assert r["base.F"].shape == r.t.shape
    assert np.isfinite(r.metrics["period"])


def test_example_equals_cli(cli, tmp_path):
    ex = ss.examples()[0]
    cli("run", "--example", ex.id, "--csv", str(tmp_path / "ex.csv"))
    r = ss.run(example=ex.id)
    assert r.scenario == ex.scenario
    assert csv_text(r) == read_text(tmp_path / "ex.csv")


@pytest.mark.parametrize("scenario", ["one-mass", "gear-train"])
def test_stretches_change_no_bit(scenario):
    """run() integrates in 64 stretches; one stretch gives the same bits."""
    r = ss.run(scenario)
    spec = _lib.lib.ss_api_spec_new(scenario.encode())
    h = _lib.lib.ss_api_run_new(spec)
    _lib.lib.ss_api_spec_free(spec)
    try:
        assert _lib.lib.ss_api_run_advance(h, math.inf) == 1
        n = _lib.lib.ss_api_run_n_rows(h)
        data = np.empty((_lib.lib.ss_api_run_n_columns(h), n))
        _lib.lib.ss_api_run_copy_columns(h, data.ctypes.data, data.size)
        t = np.empty(n)
        _lib.lib.ss_api_run_copy_time(h, t.ctypes.data, n)
    finally:
        _lib.lib.ss_api_run_free(h)
    assert t.tobytes() == r.t.tobytes()
    assert data.tobytes() == r.data.tobytes()


def test_one_mass_period_closed_form():
    """tests/model/test-metrics.c's spring-driven cycle (exact law, no
    viscosity): slip for (pi + 2 atan2(v_d/w, u0))/w, stick for
    2 (FS - FK)/(k v_d), w = sqrt(k/M), u0 = (FS - FK)/k."""
    M, k, v_d, mu_s, mu_k, g = 2.5, 40.0, 0.2, 0.6, 0.2, 9.81
    r = ss.run("one-mass", M=M, k=k, v_drive=v_d, mu_s=mu_s, mu_k=mu_k, t_end=30, dt_out=1e-3,
               rtol=1e-10, atol=1e-12)
    FS, FK = mu_s * M * g, mu_k * M * g
    w, u0 = math.sqrt(k / M), (FS - FK) / k
    period = (math.pi + 2 * math.atan2(v_d / w, u0)) / w + 2 * (FS - FK) / (k * v_d)
    assert abs(r.metrics["period"] - period) <= 1e-6 * period
    assert r.metric_units["period"] == "s"
    # the defaults' cycle too
    r = ss.run("one-mass", t_end=30, dt_out=1e-3, rtol=1e-10, atol=1e-12)
    FS, FK, w = 0.5 * 9.81, 0.3 * 9.81, 10.0
    u0 = (FS - FK) / 100.0
    period = (math.pi + 2 * math.atan2(0.1 / w, u0)) / w + 2 * (FS - FK) / (100.0 * 0.1)
    assert abs(r.metrics["period"] - period) <= 1e-6 * period


def test_tables():
    names = [s.name for s in ss.scenarios()]
    assert names[0] == "one-mass" and "two-slider" in names
    p = {q.name: q for q in ss.params("one-mass")}
    assert p["k"].default == 100 and p["k"].unit == "N/m" and p["k"].range == "(0, 1e+09] N/m"
    assert p["law"].choices == ("exact", "regularised", "tanh", "lugre")
    assert p["law"].default == "exact"
    assert [o.name for o in ss.options()] == ["t_end", "dt_out", "rtol", "atol", "max_steps",
                                              "max_events"]
    ex = ss.examples()
    assert all(e.settings for e in ex) and all(e.scenario in names for e in ex)
    pr = {q.name: q for q in ss.presets()}
    assert pr["two-slider-gamma"].axes == ["gamma_1=5e-6:3e-5:26"]


def test_arrays_outlive_the_run():
    """r.t and the columns are the engine's arrays, not copies: read-only,
    and kept while a view of them lives, after the Run is gone."""
    r = ss.run("one-mass", law="lugre")
    t, F, data = r.t, r["base.F"], r.data
    assert t.ctypes.data == _lib.lib.ss_api_run_time_data(r._h)
    assert data.ctypes.data == _lib.lib.ss_api_run_rows_data(r._h)
    want = (t.copy(), F.copy(), data.copy())
    assert not t.flags.writeable and not F.flags.writeable
    with pytest.raises(ValueError):
        t[0] = 1.0
    del r
    gc.collect()
    for _ in range(3):  # runs that would take the freed memory
        ss.run("two-slider")
    assert t.tobytes() == want[0].tobytes()
    assert F.tobytes() == want[1].tobytes()
    assert data.tobytes() == want[2].tobytes()
