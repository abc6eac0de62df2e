/* cli-merge.h - a sweep table's study file, and `stickslip-cli merge`. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include <stickslip/study.h>

#include "cli-common.h"

/* Writes csv_path.study: how the table in data (len bytes, written to
 * csv_path) was made: the study's definition and identity, the program
 * and CVODE, the command, shard k of n, the table's size and fingerprint
 * and its status counts.  Nothing for "-".  False after a message. */
bool cli_write_study_file(const ss_study *st, const ss_study_result *r, int k, int n,
                          const char *csv_path, const char *data, size_t len);
/* Writes csv_path.scenario: the scenario file of the run (every parameter,
 * the resolved run options) that `run --file` makes the CSV again from,
 * with the program, CVODE and the command in comments.  Nothing for "-".
 * False after a message. */
bool cli_write_run_file(const ss_model *m, const ss_run_opts *resolved, const char *csv_path);
/* merge's usage and options (merge --help). */
extern const cli_command cli_merge_command;
/* stickslip-cli merge PART... --csv FILE|- (argv[0] "merge"); exit status. */
int cli_merge(int argc, char **argv);
