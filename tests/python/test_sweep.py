"""sweep(): the same table as `stickslip-cli sweep`, on one and two threads."""
import csv
import math

import numpy as np
import pytest

import stickslip as ss


def cli_table(cli, tmp_path, args):
    path = tmp_path / "sweep.csv"
    cli("sweep", *args, "--csv", str(path))
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def check_equal(s, header, rows):
    assert list(s.table.dtype.names) == header
    assert len(s.table) == len(rows)
    for i, row in enumerate(rows):
        for name, field in zip(header, row):
            got = s.table[name][i]
            if name == "status":
                assert got == field, "row %d" % i
            elif field == "":
                assert math.isnan(got), "row %d %s" % (i, name)
            else:  # the CSV's numbers read back to the same double
                assert got == float(field), "row %d %s" % (i, name)


@pytest.mark.parametrize("jobs", [1, 2])
def test_one_axis_equals_cli(cli, tmp_path, jobs):
    header, rows = cli_table(cli, tmp_path, [
        "one-mass", "--vary", "k=50:200:16", "--metric", "period", "--metric", "amplitude",
        "--metric", "max:base.ratio", "--jobs", "1"])
    s = ss.sweep("one-mass", vary={"k": (50, 200, 16)},
                 outcomes=["period", "amplitude", "max:base.ratio"], jobs=jobs)
    check_equal(s, header, rows)
    assert s.units["period"] == "s" and s.units["k"] == "N/m"
    assert np.all(np.isfinite(s["period"]))


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_axes_with_failures_equal_cli(cli, tmp_path, jobs):
    # mu_k above mu_s = 0.5: those variants fail with the model's message
    header, rows = cli_table(cli, tmp_path, [
        "one-mass", "--set", "law=lugre", "--t-end", "5", "--vary", "mu_k=0.1:0.7:4",
        "--vary", "v_drive=0.01:1:3:log", "--metric", "base.stick_time", "--metric",
        "at:2.5:v", "--jobs", "2"])
    s = ss.sweep("one-mass", law="lugre", t_end=5,
                 vary={"mu_k": (0.1, 0.7, 4), "v_drive": "0.01:1:3:log"},
                 outcomes=["base.stick_time", "at:2.5:v"], jobs=jobs)
    check_equal(s, header, rows)
    assert 0 < s.n_failed < len(s)
    assert all("mu_k" in st for st in s["status"] if st != "ok")


def test_preset_equals_cli(cli, tmp_path):
    header, rows = cli_table(cli, tmp_path, ["--preset", "two-slider-gamma", "--jobs", "2"])
    check_equal(ss.sweep(preset="two-slider-gamma", jobs=2), header, rows)


def test_progress_counts_every_variant():
    seen = []
    s = ss.sweep("one-mass", vary={"k": (50, 200, 8)}, outcomes="period", jobs=2,
                 progress=lambda done, total: seen.append((done, total)))
    assert len(s) == 8
    assert seen == [(i, 8) for i in range(1, 9)]
