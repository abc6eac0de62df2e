"""The CLI's machine files keep every bit: each number of a run's CSV, its
events file and a sweep's table, read with float(), is the double the
library computes in-process for the same run (an empty field where it is
NaN).  `--metrics` is for people and rounds: not here."""
import csv
import math

import numpy as np
import pytest

import stickslip as ss

SCENARIOS = [s.name for s in ss.scenarios()]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def value(field):
    return math.nan if field == "" else float(field)


def same(got, want):
    """The same doubles: NaN where the field is empty, -0 written as 0."""
    return np.array_equal(np.array(got, dtype=float), np.array(want, dtype=float),
                          equal_nan=True)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_run_files_read_back(cli, tmp_path, scenario):
    # a LuGre run where the scenario has the law: states without round values
    values = {"law": "lugre"} if "law" in [p.name for p in ss.params(scenario)] else {}
    args = ["run", scenario, "--csv", str(tmp_path / "run.csv"),
            "--events", str(tmp_path / "events.csv")]
    for k, v in values.items():
        args += ["--set", "%s=%s" % (k, v)]
    cli(*args)
    r = ss.run(scenario, **values)

    header, rows = read_csv(tmp_path / "run.csv")
    assert header == ["t"] + r.columns
    assert len(rows) == len(r.t)
    t = [value(row[0]) for row in rows]
    assert same(t, r.t), "t"
    for c, name in enumerate(r.columns):
        got = [value(row[c + 1]) for row in rows]
        want = r.data[c]
        if name.endswith(".stick"):  # 0 or 1
            want = [math.nan if math.isnan(v) else float(v != 0) for v in want]
        assert same(got, want), name

    header, rows = read_csv(tmp_path / "events.csv")
    assert header == ["t", "contact", "event"]
    assert len(rows) == len(r.events)
    assert same([value(row[0]) for row in rows], r.events["t"]), "event times"
    assert [row[1] for row in rows] == list(r.events["contact"])


def test_sweep_table_reads_back(cli, tmp_path):
    # a log axis (values rounded to 12 digits, as the variants run) and
    # outcomes with every kind of number: period, amplitude, an extreme
    args = ["one-mass", "--set", "law=lugre", "--vary", "k=37:420:7:log",
            "--vary", "v_drive=0.05:0.3:3", "--metric", "period", "--metric", "amplitude",
            "--metric", "max:base.ratio", "--metric", "base.stick_time"]
    cli("sweep", *args, "--csv", str(tmp_path / "sweep.csv"), "--t-end", "20")
    s = ss.sweep("one-mass", law="lugre", t_end=20,
                 vary={"k": (37, 420, 7, "log"), "v_drive": (0.05, 0.3, 3)},
                 outcomes=["period", "amplitude", "max:base.ratio", "base.stick_time"], jobs=1)
    header, rows = read_csv(tmp_path / "sweep.csv")
    assert header == list(s.table.dtype.names)
    assert len(rows) == len(s.table) == 21
    for c, name in enumerate(header[:-1]):
        assert same([value(row[c]) for row in rows], s.table[name]), name
    assert [row[-1] for row in rows] == list(s.table["status"])
