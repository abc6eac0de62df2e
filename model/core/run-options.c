/* run-options.c - the run options' one table of limits, their defaults and
 * the cap on a run's kept history.  The CLI, scenario files, the GUI and
 * ss_sim_new all check run options here. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ss-internal.h"

#define DEFAULT_RTOL       1e-8
#define DEFAULT_ATOL       1e-10
#define DEFAULT_MAX_STEPS  50000
#define DEFAULT_MAX_EVENTS 1000000

/* clang-format off: a hand-aligned table */
static const ss_param_info run_options[SS_RUN_N_OPTIONS] = {
    {"t_end", "End time", "s", SS_PARAM_REAL, 0.0, 0.0, 1e9, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Simulated time of the run (default: the scenario's)", NULL, SS_RUN_OPTION_GROUP},
    {"dt_out", "Output interval", "s", SS_PARAM_REAL, 0.0, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Spacing of the output grid (default: the scenario's)",
     NULL, SS_RUN_OPTION_GROUP},
    {"rtol", "Relative tolerance", "", SS_PARAM_REAL, DEFAULT_RTOL, 1e-14, 0.1, SS_PARAM_LOG,
     "Integrator's relative error tolerance", NULL, SS_RUN_OPTION_GROUP},
    {"atol", "Absolute tolerance", "", SS_PARAM_REAL, DEFAULT_ATOL, 1e-20, 0.1, SS_PARAM_LOG,
     "Integrator's absolute error tolerance, in each state's unit", NULL, SS_RUN_OPTION_GROUP},
    {"max_steps", "Steps per output interval", "", SS_PARAM_REAL, DEFAULT_MAX_STEPS, 1.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_INTEGER,
     "Integrator steps allowed between two output times before the run stops", NULL,
     SS_RUN_OPTION_GROUP},
    {"max_events", "Events per run", "", SS_PARAM_REAL, DEFAULT_MAX_EVENTS, 1.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_INTEGER, "Events allowed in a run before it stops as Zeno behaviour",
     NULL, SS_RUN_OPTION_GROUP},
};
/* clang-format on */

/* "--" and the name with '-' for '_': params.c names them in messages so */
static const char *const cli_names[SS_RUN_N_OPTIONS] = {
    "--t-end", "--dt-out", "--rtol", "--atol", "--max-steps", "--max-events",
};

const ss_param_info *ss_run_option_get(int i)
{
  return i >= 0 && i < SS_RUN_N_OPTIONS ? &run_options[i] : NULL;
}

const char *ss_run_option_cli_name(int i)
{
  return i >= 0 && i < SS_RUN_N_OPTIONS ? cli_names[i] : NULL;
}

int ss_run_option_index(const char *name)
{
  for (int i = 0; name && i < SS_RUN_N_OPTIONS; i++)
    if (strcmp(name, run_options[i].name) == 0 || strcmp(name, cli_names[i]) == 0)
      return i;
  return -1;
}

double ss_run_opts_get(const ss_run_opts *o, int i)
{
  switch (i) {
  case SS_RUN_T_END: return o->t_end;
  case SS_RUN_DT_OUT: return o->dt_out;
  case SS_RUN_RTOL: return o->rtol;
  case SS_RUN_ATOL: return o->atol;
  case SS_RUN_MAX_STEPS: return (double)o->max_steps;
  case SS_RUN_MAX_EVENTS: return (double)o->max_events;
  }
  return 0.0;
}

/* Stores an already checked value. */
static void put(ss_run_opts *o, int i, double v)
{
  switch (i) {
  case SS_RUN_T_END: o->t_end = v; break;
  case SS_RUN_DT_OUT: o->dt_out = v; break;
  case SS_RUN_RTOL: o->rtol = v; break;
  case SS_RUN_ATOL: o->atol = v; break;
  case SS_RUN_MAX_STEPS: o->max_steps = (long)v; break;
  case SS_RUN_MAX_EVENTS: o->max_events = (long)v; break;
  }
}

bool ss_run_opts_set(ss_run_opts *o, int i, double value, char **error)
{
  const ss_param_info *p = ss_run_option_get(i);
  if (!p) {
    ss_set_error(error, "no run option %d", i);
    return false;
  }
  if (!ss_param_check(p, value, error))
    return false;
  put(o, i, value);
  return true;
}

bool ss_run_opts_set_text(ss_run_opts *o, const char *name, const char *text, char **error)
{
  int i = ss_run_option_index(name);
  if (i < 0) {
    ss_set_error(error,
                 "no run option '%s' (run options: t_end, dt_out, rtol, atol, max_steps, "
                 "max_events)",
                 ss_excerpt(name).text);
    return false;
  }
  double v;
  if (!ss_param_parse(&run_options[i], text, &v, error))
    return false;
  put(o, i, v);
  return true;
}

/* Why no looser: at rtol 1e-5 a creeping contact's stick in
 * slider-crank-offset comes 74 ms early (34 % of its friction's range at
 * that time) and a one-mass LuGre force spike is 6 % off; at 1e-6 every
 * default scenario and heavy variant stays within 2 % (tests/model/
 * test-preview.c), and 1e-5 would save only about a fifth of the steps. */
ss_run_opts ss_run_opts_preview(const ss_run_opts *final_opts)
{
  ss_run_opts o = *final_opts;
  double rtol = o.rtol > 0 ? o.rtol : DEFAULT_RTOL;
  double atol = o.atol > 0 ? o.atol : DEFAULT_ATOL;
  /* the absolute tolerance keeps its ratio to the relative one */
  if (rtol < SS_PREVIEW_RTOL) {
    atol *= SS_PREVIEW_RTOL / rtol;
    rtol = SS_PREVIEW_RTOL;
  }
  o.rtol = rtol;
  o.atol = fmin(atol, run_options[SS_RUN_ATOL].max);
  if (o.t_end > 0)
    o.dt_out = fmax(o.dt_out, o.t_end / SS_PREVIEW_ROWS);
  if (o.max_events <= 0 || o.max_events > SS_PREVIEW_MAX_EVENTS)
    o.max_events = SS_PREVIEW_MAX_EVENTS;
  return o;
}

/* Grid rows in double: no overflow whatever the ratio. */
static double grid_rows(double t_end, double dt_out) { return ceil(t_end / dt_out - 1e-9) + 1.0; }

size_t ss_run_grid_rows(const ss_run_opts *o) { return (size_t)grid_rows(o->t_end, o->dt_out); }

size_t ss_run_max_rows(const ss_run_opts *o) { return ss_run_grid_rows(o) + (size_t)o->max_events; }

/* "8.94 GiB", "800 MiB" */
static void format_bytes(double bytes, char *buf, size_t size)
{
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  for (; bytes >= 1024.0 && u < 6; u++)
    bytes /= 1024.0;
  snprintf(buf, size, "%.3g %s", bytes, units[u]);
}

bool ss_run_opts_resolve(const ss_model *m, const ss_run_opts *in, ss_run_opts *out, char **error)
{
  ss_run_opts o = in ? *in : (ss_run_opts){0};
  const ss_scenario *sc = m ? m->scenario : NULL;
  double defaults[SS_RUN_N_OPTIONS] = {sc ? sc->t_end : 0.0, sc ? sc->dt_out : 0.0,
                                       DEFAULT_RTOL,         DEFAULT_ATOL,
                                       DEFAULT_MAX_STEPS,    DEFAULT_MAX_EVENTS};
  /* 0 (or below, from older callers) means: the default */
  for (int i = 0; i < SS_RUN_N_OPTIONS; i++) {
    double v = ss_run_opts_get(&o, i);
    if (!(v > 0.0) && !isnan(v))
      v = defaults[i];
    if (!ss_run_opts_set(&o, i, v, error))
      return false;
  }
  /* the kept history: every grid row and one row per event, t and the
   * columns in doubles, and the events themselves */
  double row_bytes = (double)sizeof(double) * (double)((m ? m->n_columns : 0) + 1);
  double rows = grid_rows(o.t_end, o.dt_out);
  double bytes =
      (rows + (double)o.max_events) * row_bytes + (double)o.max_events * (double)sizeof(ss_event);
  if (bytes > (double)SS_RUN_MAX_BYTES) {
    char t_end[32], dt_out[32], size[32], cap[32], hint[160] = "";
    ss_format_double(o.t_end, t_end, sizeof t_end);
    ss_format_double(o.dt_out, dt_out, sizeof dt_out);
    format_bytes(bytes, size, sizeof size);
    format_bytes((double)SS_RUN_MAX_BYTES, cap, sizeof cap);
    /* the smallest dt_out that fits beside the event rows, if any */
    double room =
        ((double)SS_RUN_MAX_BYTES - (double)o.max_events * (row_bytes + sizeof(ss_event))) /
            row_bytes -
        1.0;
    if (room >= 1.0) {
      char least[32];
      ss_format_double(o.t_end / floor(room), least, sizeof least);
      snprintf(hint, sizeof hint, "; at this t_end, dt_out must be at least %s s", least);
    } else {
      snprintf(hint, sizeof hint, "; lower max_events (%ld)", o.max_events);
    }
    ss_set_error(error,
                 "t_end = %s s with dt_out = %s s gives %.17g output rows (plus up to %ld event "
                 "rows) of %d values: %s, above the cap of %s on a run's kept history%s",
                 t_end, dt_out, rows, o.max_events, (m ? m->n_columns : 0) + 1, size, cap, hint);
    return false;
  }
  if (out)
    *out = o;
  return true;
}
