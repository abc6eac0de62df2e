"""Refused input raises ValueError with the program's message: the
parameter's name and its valid range."""
import pytest

import stickslip as ss


@pytest.mark.parametrize("values, words", [
    ({"k": -1}, ["'k'", "-1", "(0, 1e+09] N/m"]),
    ({"k": "stiff"}, ["'k'", "'stiff'", "(0, 1e+09] N/m"]),
    ({"law": "sticky"}, ["'law'", "exact, regularised, tanh, lugre"]),
    ({"law": 7}, ["'law'", "exact, regularised, tanh, lugre"]),
    ({"mu_k": 0.8}, ["mu_k", "mu_s"]),
    ({"t_end": 0}, ["t_end", "(0, 1e+09] s"]),
    ({"dt_out": float("nan")}, ["dt_out", "not a finite number"]),
    ({"max_steps": 2.5}, ["max_steps", "whole number"]),
    ({"stiffness": 3}, ["no parameter 'stiffness'"]),
])
def test_run_refusals(values, words):
    with pytest.raises(ValueError) as e:
        ss.run("one-mass", **values)
    for w in words:
        assert w in str(e.value)


def test_unknown_names():
    with pytest.raises(ValueError, match="unknown scenario 'one-masss'; valid: one-mass, "):
        ss.run("one-masss")
    with pytest.raises(ValueError, match="unknown scenario"):
        ss.params("nope")
    with pytest.raises(ValueError, match="unknown example 'nope'"):
        ss.run(example="nope")
    with pytest.raises(ValueError, match="settings 1 to"):
        ss.run(example=ss.examples()[0].id, setting=99)
    with pytest.raises(ValueError, match="no study preset 'nope'; valid: two-slider-gamma"):
        ss.sweep(preset="nope")
    with pytest.raises(TypeError):
        ss.run("one-mass", k=[1])
    long = "x" * 5000
    with pytest.raises(ValueError) as e:
        ss.run(long)
    assert len(str(e.value)) < 300  # a short excerpt of the input


def test_sweep_refusals():
    with pytest.raises(ValueError, match=r"'k'.*\(0, 1e\+09\]"):
        ss.sweep("one-mass", vary={"k": (-5, 200, 4)}, outcomes="period")
    with pytest.raises(ValueError, match="'law'"):
        ss.sweep("one-mass", vary={"law": (0, 1, 2)}, outcomes="period")
    with pytest.raises(ValueError, match="'periodd' is not an outcome|valid"):
        ss.sweep("one-mass", vary={"k": (50, 200, 4)}, outcomes="periodd")
    with pytest.raises(ValueError, match="no outcome"):
        ss.sweep("one-mass", vary={"k": (50, 200, 4)})
    with pytest.raises(ValueError, match="varied parameter"):
        ss.sweep("one-mass", outcomes="period")
    with pytest.raises(ValueError, match="jobs"):
        ss.sweep("one-mass", vary={"k": (50, 200, 4)}, outcomes="period", jobs=-1)
    with pytest.raises(ValueError, match="jobs"):
        ss.sweep("one-mass", vary={"k": (50, 200, 4)}, outcomes="period", jobs=5000)
    with pytest.raises(ValueError, match="an axis is"):
        ss.sweep("one-mass", vary={"k": (50, 200)}, outcomes="period")


def test_simulation_failure():
    # too few steps per output interval: the integrator gives up, with when
    with pytest.raises(ss.SimulationError, match="t ="):
        ss.run("gear-train", max_steps=1)
