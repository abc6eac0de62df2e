/* scenario-file.h - scenario files (GKeyFile): the scenario, every
 * parameter and the run options, shared by the GUI and `stickslip-cli run --file`.
 *
 *   [scenario]
 *   name=one-mass
 *   t_end=10
 *   dt_out=0.01
 *   rtol=1e-08          (any run option: ss_run_option_get)
 *   [parameters]
 *   k=100
 *   law=exact
 *   [run 1]             (a pinned run: the parameters in which it differs
 *   name=stiffer         from [parameters], and optionally the user's name
 *   visible=false        for it and whether it is drawn; N in 1..64)
 *   k=400
 */
#ifndef SS_SCENARIO_FILE_H
#define SS_SCENARIO_FILE_H

#include "stickslip.h"

/* Largest scenario file read, bytes: a longer one (or /dev/zero) is
 * refused after this many bytes, not read whole. */
#define SS_SCENARIO_FILE_MAX_BYTES ((size_t)1 << 20)
/* Pinned runs a file holds at most: [run 1] .. [run 64]. */
#define SS_SCENARIO_FILE_MAX_PINS 64

/* A run pinned beside the current one ([run N]); it runs with the file's
 * run options. */
typedef struct ss_scenario_pin {
  double *values; /* n_params values (malloc'ed): [parameters] with the group's keys */
  char *name;     /* the user's name for it (malloc'ed), NULL: named automatically */
  bool hidden;    /* visible=false: kept but not drawn */
} ss_scenario_pin;

void ss_scenario_pins_free(ss_scenario_pin *pins, int n_pins); /* NULL-safe */

/* Parses text (path names the source in messages).  Returns a malloc'ed
 * array of n_params values (defaults for keys not given) and sets *scenario
 * and *opts (0 for run options not given).  Every value is checked against
 * its table (parameters, run options), then the scenario's model is built
 * from them and the run's kept history checked against SS_RUN_MAX_BYTES.
 * Refused: duplicate groups or keys, unknown groups or keys, NUL bytes, a
 * value ending in a backslash; a UTF-8 byte-order mark is skipped.  On
 * failure NULL and *error, "path:line: reason" when a line is to blame. */
double *ss_scenario_file_parse(const char *text, size_t length, const char *path,
                               const ss_scenario **scenario, ss_run_opts *opts, char **error);
/* ss_scenario_file_load: the file at path ("-": standard input). */
double *ss_scenario_file_load(const char *path, const ss_scenario **scenario, ss_run_opts *opts,
                              char **error);
/* The same, and the pinned runs in the order of their N (pins NULL: read and
 * checked, then dropped).  Each pin's keys are checked as [parameters]'
 * are, its model is built and its history checked; a failure names the
 * line of the key or of the group.  *pins is malloc'ed (NULL when none):
 * ss_scenario_pins_free(). */
double *ss_scenario_file_parse_pins(const char *text, size_t length, const char *path,
                                    const ss_scenario **scenario, ss_run_opts *opts,
                                    ss_scenario_pin **pins, int *n_pins, char **error);
double *ss_scenario_file_load_pins(const char *path, const ss_scenario **scenario,
                                   ss_run_opts *opts, ss_scenario_pin **pins, int *n_pins,
                                   char **error);
/* Serialises the scenario, every parameter and the run options set (> 0),
 * each number in the shortest text that reads back exactly; free() it. */
char *ss_scenario_file_to_data(const ss_scenario *sc, const double *values, const ss_run_opts *opts,
                               size_t *length);
/* The same with pinned runs as [run 1] .. [run n_pins] (at most
 * SS_SCENARIO_FILE_MAX_PINS; more are not written). */
char *ss_scenario_file_to_data_pins(const ss_scenario *sc, const double *values,
                                    const ss_run_opts *opts, const ss_scenario_pin *pins,
                                    int n_pins, size_t *length);
/* Writes through ss_output_open (a regular file atomically, keeping its
 * mode, owner and links); false and *error on failure. */
bool ss_scenario_file_save(const char *path, const ss_scenario *sc, const double *values,
                           const ss_run_opts *opts, char **error);
bool ss_scenario_file_save_pins(const char *path, const ss_scenario *sc, const double *values,
                                const ss_run_opts *opts, const ss_scenario_pin *pins, int n_pins,
                                char **error);

#endif
