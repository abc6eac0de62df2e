#!/usr/bin/env bash
# Prints the timed rows of the two-slider reproduction table
# (docs/two-slider.md): every instant [Wojtyra2016] publishes for Examples
# 2-5 next to this model's, measured afresh by the paper's criteria from the
# default load history (model/mechanisms/two-slider-reference.c).  The test
# /two-slider/reference-table checks the same measurement against the table
# the code reads.
# usage: tools/two-slider-table.sh [BUILD_DIR]
set -euo pipefail
build="${1:-build}"
"$build/tests/model/test-two-slider" -p /two-slider/reference-table --verbose | grep '^|'
