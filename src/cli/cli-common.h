/* cli-common.h - what the CLI's commands share: exit codes, the run
 * options through the engine's one table of limits, and writing outputs by
 * the engine's output-file rules. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include <stickslip/stickslip.h>

/* Exit codes (README): 0 success, 2 bad usage, an invalid value or a
 * refused input file, 3 a simulation failure (a non-physical result
 * included), 4 an output (a file or standard output) could not be written. */
enum { EXIT_USAGE = 2, EXIT_SIMULATION = 3, EXIT_OUTPUT = 4 };

/* One option's value through its table row (range, whole numbers); prints
 * the reason naming the option. */
bool cli_parse_option(const ss_param_info *p, const char *text, double *out);
/* A run option (--t-end, --max-steps, ...) into opts; false for an option
 * that is not a run option or an invalid value (the reason printed). */
bool cli_is_run_option(const char *opt);
bool cli_parse_run_option(const char *opt, const char *text, ss_run_opts *opts);
/* Writes len bytes to path ("-": standard output) by the output-file rules;
 * prints the reason on failure. */
bool cli_write_output(const char *path, const char *data, size_t len);

/* An output option (--csv, --events, --metrics) given once: stores val in
 * *slot, or prints why not (the option repeated) and returns false. */
bool cli_output_once(const char *option, const char **slot, const char *val);
/* One command's files: options[i] names paths[i] (NULL: not given); inputs
 * are the first n_inputs.  false, with a message naming both options, when
 * an output is the same file as an input or another output. */
bool cli_files_distinct(const char *const *options, const char *const *paths, int n, int n_inputs);
