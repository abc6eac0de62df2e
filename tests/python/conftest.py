"""Shared helpers of the Python module's tests: the CLI to compare with
(STICKSLIP_CLI, set by meson test) and its outputs."""
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("STICKSLIP_CLI")
    if not path:
        pytest.fail("STICKSLIP_CLI must name stickslip-cli (meson test sets it)")

    def run_cli(*args, cwd=None):
        p = subprocess.run([path, *args], capture_output=True, text=True, cwd=cwd)
        assert p.returncode == 0, "stickslip-cli %s: %s" % (" ".join(args), p.stderr)
        return p
    return run_cli


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()
