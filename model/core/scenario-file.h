/* scenario-file.h - scenario files (GKeyFile): the scenario, every
 * parameter and the run options, shared by the GUI and `stickslip-cli run --file`.
 *
 *   [scenario]
 *   name=one-mass
 *   t_end=10
 *   dt_out=0.01
 *   [parameters]
 *   k=100
 *   law=exact
 */
#ifndef SS_SCENARIO_FILE_H
#define SS_SCENARIO_FILE_H

#include "stickslip.h"

/* Parses text (path names the source in messages).  Returns a malloc'ed
 * array of n_params values (defaults for keys not given) and sets *scenario
 * and *opts (t_end/dt_out 0 when absent).  On failure NULL and *error, which
 * names the line and the key. */
double *ss_scenario_file_parse(const char *text, size_t length, const char *path,
                               const ss_scenario **scenario, ss_run_opts *opts, char **error);
double *ss_scenario_file_load(const char *path, const ss_scenario **scenario, ss_run_opts *opts,
                              char **error);
/* Serialises; free() the result. */
char *ss_scenario_file_to_data(const ss_scenario *sc, const double *values, const ss_run_opts *opts,
                               size_t *length);
/* Writes atomically (temporary file + rename); false and *error on failure. */
bool ss_scenario_file_save(const char *path, const ss_scenario *sc, const double *values,
                           const ss_run_opts *opts, char **error);

#endif
