/* cli-sweep.h - stickslip-cli's parameter studies (sweep), run metrics
 * (run --metrics) and the studies benchmark (bench --studies). */
#ifndef CLI_SWEEP_H
#define CLI_SWEEP_H

#include <stdbool.h>
#include <stdio.h>

#include <stickslip/stickslip.h>

#include "cli-common.h"

/* sweep's usage and options (sweep --help). */
extern const cli_command cli_sweep_command;
/* stickslip-cli sweep ARGS... (argv[0] "sweep"): returns the exit status. */
int cli_sweep(int argc, char **argv);
/* stickslip-cli bench --studies [--runs N], N runs: the exit status. */
int cli_bench_studies(int runs);
/* The run's metrics as CSV to path ("-": stdout); false after a message. */
bool cli_write_metrics(const ss_model *m, const ss_trace *tr, const char *path);

#endif
