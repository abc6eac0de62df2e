/* fuzz-scenario-file.c - libFuzzer harness: one input is a scenario file.
 *
 *   1. the reader takes it or refuses it with a message, nothing else;
 *   2. what it takes saves and reads back to the same scenario, values,
 *      run options and pinned runs ([run N]) bit for bit, and saves again
 *      to the same text;
 *   3. the model built from it (and from its first pinned run) runs a short stretch (t_end <= 0.2
 * s, 20 rows, few steps and events: a fuzz input cannot run long), ending at t_end or with a
 * failure message. ASan and UBSan report anything else.  Built with -Dfuzz=true (clang) as a
 * fuzzer; in every build as a replay of the seed corpus (replay-main.c). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-file.h"
#include "stickslip.h"

#define RUN_T_END     0.2  /* longest simulated stretch, s */
#define RUN_ROWS      20   /* output intervals at most */
#define RUN_MAX_STEPS 500  /* integrator steps per output interval at most */
#define RUN_EVENTS    200  /* events at most */
#define RUN_RTOL_MIN  1e-8 /* no tighter tolerances than these: speed */
#define RUN_ATOL_MIN  1e-12

static void die(const char *what, const char *detail)
{
  fprintf(stderr, "fuzz-scenario-file: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static void short_run(const ss_scenario *sc, const double *values, const ss_run_opts *file_opts)
{
  char *err = NULL;
  ss_model *m = sc->create(sc, values, &err);
  if (!m)
    die("the reader took a file whose model cannot be built", err);
  ss_run_opts o;
  if (!ss_run_opts_resolve(m, file_opts, &o, &err))
    die("the reader took run options the engine refuses", err);
  o.t_end = fmin(o.t_end, RUN_T_END);
  o.dt_out = fmax(o.dt_out, o.t_end / RUN_ROWS);
  o.max_steps = o.max_steps < RUN_MAX_STEPS ? o.max_steps : RUN_MAX_STEPS;
  o.max_events = o.max_events < RUN_EVENTS ? o.max_events : RUN_EVENTS;
  o.rtol = fmax(o.rtol, RUN_RTOL_MIN);
  o.atol = fmax(o.atol, RUN_ATOL_MIN);
  ss_trace *tr = ss_run(m, &o, &err);
  if (tr) {
    if (tr->n_rows < 2 || tr->t[tr->n_rows - 1] != o.t_end)
      die("a run that succeeded did not reach t_end", NULL);
    ss_trace_free(tr);
  } else if (!err || !err[0]) {
    die("a run failed without a message", NULL);
  }
  free(err);
  ss_model_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size > SS_SCENARIO_FILE_MAX_BYTES)
    return 0; /* the loader refuses these before parsing */
  const ss_scenario *sc = NULL;
  ss_run_opts opts;
  char *err = NULL;
  ss_scenario_pin *pins = NULL, *pins2 = NULL;
  int n_pins = 0, n_pins2 = 0;
  double *values = ss_scenario_file_parse_pins((const char *)data, size, "fuzz", &sc, &opts, &pins,
                                               &n_pins, &err);
  if (!values) {
    if (!err || strncmp(err, "fuzz", 4) != 0)
      die("a refusal without a message naming the file", err);
    free(err);
    return 0;
  }
  size_t n = 0;
  char *text = ss_scenario_file_to_data_pins(sc, values, &opts, pins, n_pins, &n);
  const ss_scenario *sc2 = NULL;
  ss_run_opts opts2;
  double *values2 =
      ss_scenario_file_parse_pins(text, n, "saved", &sc2, &opts2, &pins2, &n_pins2, &err);
  if (!values2)
    die("a saved file was refused on reading", err);
  if (sc2 != sc || memcmp(values, values2, sizeof(double) * (size_t)sc->n_params) != 0 ||
      memcmp(&opts, &opts2, sizeof opts) != 0 || n_pins2 != n_pins)
    die("a saved file read back differently", text);
  for (int r = 0; r < n_pins; r++)
    if (memcmp(pins[r].values, pins2[r].values, sizeof(double) * (size_t)sc->n_params) != 0 ||
        pins[r].hidden != pins2[r].hidden || (pins[r].name == NULL) != (pins2[r].name == NULL) ||
        (pins[r].name && strcmp(pins[r].name, pins2[r].name) != 0))
      die("a saved pinned run read back differently", text);
  char *text2 = ss_scenario_file_to_data_pins(sc2, values2, &opts2, pins2, n_pins2, NULL);
  if (strcmp(text, text2) != 0)
    die("saving twice gave two texts", text2);
  short_run(sc, values, &opts);
  if (n_pins > 0)
    short_run(sc, pins[0].values, &opts);
  ss_scenario_pins_free(pins, n_pins);
  ss_scenario_pins_free(pins2, n_pins2);
  free(text);
  free(text2);
  free(values);
  free(values2);
  return 0;
}
