/* cli-common.h - what the CLI's commands share: exit codes, the run
 * options through the engine's one table of limits, and writing outputs by
 * the engine's output-file rules. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <glib.h>

#include <stickslip/stickslip.h>

/* Exit codes (README): 0 success, 2 bad usage, an invalid value or a
 * refused input file, 3 a simulation failure (a non-physical result
 * included), 4 an output (a file or standard output) could not be written. */
enum { EXIT_USAGE = 2, EXIT_SIMULATION = 3, EXIT_OUTPUT = 4 };

/* One option's value through its table row (range, whole numbers); sets
 * the reason naming the option (CLI_ERROR_VALUE).  For an option's
 * callback. */
bool cli_parse_option(const ss_param_info *p, const char *text, double *out, GError **error);
/* Writes len bytes to path ("-": standard output) by the output-file rules;
 * prints the reason on failure. */
bool cli_write_output(const char *path, const char *data, size_t len);

/* An output option (--csv, --events, --metrics) given once: stores a kept
 * copy of val in *slot, or sets why not (the option repeated) and returns
 * false.  For an option's callback. */
bool cli_output_once(const char *option, const char **slot, const char *val, GError **error);
/* One command's files: options[i] names paths[i] (NULL: not given); inputs
 * are the first n_inputs.  false, with a message naming both options, when
 * an output is the same file as an input or another output. */
bool cli_files_distinct(const char *const *options, const char *const *paths, int n, int n_inputs);

/* One command's options, parsed by GLib's GOptionContext: both spellings
 * --opt VALUE and --opt=VALUE, values taken byte for byte (a value may be
 * "-").  The option lines of COMMAND --help are made from the same table. */
typedef struct cli_command {
  const char *name;            /* "run" */
  const char *usage;           /* the synopsis and what the command does */
  const GOptionEntry *entries; /* its own options, NULL-named last; or NULL */
  int run_options_at;          /* the run options (--t-end, ...) are listed before
                                  entries[run_options_at]; -1: none taken */
} cli_command;

/* The error an option's callback sets: CLI_ERROR_VALUE prints the message
 * alone (an invalid value names the option and its range), CLI_ERROR_USAGE
 * adds the command's usage. */
#define CLI_ERROR (cli_error_quark())
enum { CLI_ERROR_VALUE, CLI_ERROR_USAGE };
GQuark cli_error_quark(void);

/* Parses the command's arguments (argv[0] is the command's name): its
 * entries' callbacks get data, the run options go into *opts (when the
 * command takes them).  Leaves the other arguments in *argc / *argv, argv[0]
 * kept; an option no table knows is refused.  0, or EXIT_USAGE with the
 * message printed. */
int cli_parse_args(const cli_command *cmd, void *data, ss_run_opts *opts, int *argc, char ***argv);
/* COMMAND --help: the usage, then one line per option. */
void cli_print_help(const cli_command *cmd, FILE *out);
/* Prints "stickslip-cli: " fmt (one %s: an excerpt of arg), then the
 * command's usage; returns EXIT_USAGE. */
int cli_usage_error(const cli_command *cmd, const char *fmt, const char *arg);
/* A copy of an option's value kept until cli_free_kept(): GOptionContext
 * frees the value a callback gets. */
const char *cli_keep(const char *value);
void cli_free_kept(void);
