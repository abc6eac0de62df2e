/* stickslip/api.h - the stable C entry layer of libstickslip, for bindings
 * (the Python module python/stickslip/ uses it through ctypes).
 *
 * Rules that keep it stable:
 * - opaque handles only (ss_api_spec, ss_api_run, ss_api_sweep); no struct
 *   crosses the boundary;
 * - numbers are doubles, counts are ints or size_t, arrays are plain
 *   double * (or int *) with their length, filled by the caller;
 * - strings returned are owned by the library: the tables' live as long as
 *   the process, a handle's as long as the handle;
 * - a call that can fail returns an ss_api_status (or NULL) and leaves the
 *   reason, the program's own message ("k: -1 is out of range; valid range
 *   [0, 1e+09] N/m"), for ss_api_error() in the same thread.
 *
 * Typical use:
 *
 *   ss_api_spec *sp = ss_api_spec_new("one-mass");
 *   ss_api_spec_set(sp, "law", "lugre");             // parameters and run options
 *   ss_api_spec_set(sp, "t_end", "30");
 *   ss_api_run *r = ss_api_run_new(sp);              // the model and its options
 *   if (!r || ss_api_run_exec(r, &cancel, on_progress, user) != SS_API_OK)
 *     fprintf(stderr, "%s\n", ss_api_error());
 *   size_t n = ss_api_run_n_rows(r);
 *   double *t = malloc(n * sizeof *t), *F = malloc(n * sizeof *F);
 *   ss_api_run_copy_time(r, t, n);
 *   ss_api_run_copy_column(r, ss_api_run_column_find(r, "base.F"), F, n);
 *   ss_api_run_free(r);
 *   ss_api_spec_free(sp);
 *
 * Handles are not shared between threads while one of them changes them;
 * different handles may be used from different threads at once. */
#ifndef STICKSLIP_API_H
#define STICKSLIP_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SS_API __attribute__((visibility("default")))
#else
#define SS_API
#endif

/* The version of this layer: ss_api_version() returns it.  It is the
 * shared library's soname version (libstickslip.so.1). */
#define SS_API_VERSION 1

typedef enum ss_api_status {
  SS_API_OK = 0,
  SS_API_INVALID = 1,    /* refused input: an unknown name, a value out of range, a model
                            that cannot be built, run options out of their limits */
  SS_API_SIMULATION = 2, /* the integration failed (a non-physical result included) */
  SS_API_CANCELLED = 3,  /* the cancel flag was set */
  SS_API_MEMORY = 4,     /* out of memory */
} ss_api_status;

SS_API int ss_api_version(void);
/* The reason of the last failure in this thread ("" when none). */
SS_API const char *ss_api_error(void);
/* Which CVODE the library holds ("optimised build (SUNDIALS 6.4.1, ...)"). */
SS_API const char *ss_api_cvode_build(void);

/* ---- scenarios and their parameters ------------------------------------
 * Scenario s is 0..ss_api_scenario_count()-1; parameter p of it
 * 0..ss_api_param_count(s)-1.  Out of range: NULL, NaN or -1. */

SS_API int ss_api_scenario_count(void);
/* Index of the scenario called name; -1 and the error (naming the valid
 * scenarios) when none. */
SS_API int ss_api_scenario_find(const char *name);
SS_API const char *ss_api_scenario_name(int s);
SS_API const char *ss_api_scenario_title(int s);
SS_API const char *ss_api_scenario_description(int s);
SS_API double ss_api_scenario_t_end(int s);  /* default simulated time, s */
SS_API double ss_api_scenario_dt_out(int s); /* default output step, s */

SS_API int ss_api_param_count(int s);
SS_API const char *ss_api_param_name(int s, int p);
SS_API const char *ss_api_param_label(int s, int p);
SS_API const char *ss_api_param_unit(int s, int p); /* SI, "" when dimensionless */
SS_API const char *ss_api_param_description(int s, int p);
SS_API const char *ss_api_param_group(int s, int p);
SS_API int ss_api_param_is_choice(int s, int p);  /* 1: a choice, 0: a number, -1: none */
SS_API double ss_api_param_default(int s, int p); /* a choice: the index of the default */
SS_API double ss_api_param_min(int s, int p);
SS_API double ss_api_param_max(int s, int p);
SS_API int ss_api_param_min_exclusive(int s, int p); /* 1: the value must be > min */
SS_API int ss_api_param_integer(int s, int p);       /* 1: whole numbers only */
SS_API int ss_api_param_log(int s, int p);           /* 1: spans decades (a log slider) */
/* The valid range as the messages give it, "[0, 1e+09] N/m", into buf
 * (256 bytes are enough); its length, -1 outside. */
SS_API int ss_api_param_range(int s, int p, char *buf, size_t size);
SS_API int ss_api_param_n_choices(int s, int p); /* 0 for a number */
SS_API const char *ss_api_param_choice(int s, int p, int c);

/* Run options (t_end, dt_out, rtol, atol, max_steps, max_events): i is
 * 0..ss_api_option_count()-1. */
SS_API int ss_api_option_count(void);
SS_API const char *ss_api_option_name(int i);
SS_API const char *ss_api_option_unit(int i);
SS_API const char *ss_api_option_description(int i);
SS_API double ss_api_option_default(int i); /* 0 for t_end and dt_out: the scenario's */

/* ---- the papers' examples and the shipped study presets --------------- */

SS_API int ss_api_example_count(void);
SS_API const char *ss_api_example_id(int e); /* "wojtyra-2" */
SS_API const char *ss_api_example_scenario(int e);
SS_API const char *ss_api_example_source(int e); /* "Wojtyra 2016, Example 2" */
SS_API const char *ss_api_example_title(int e);
SS_API const char *ss_api_example_note(int e);
SS_API int ss_api_example_n_settings(int e);
SS_API const char *ss_api_example_setting_label(int e, int k);
SS_API const char *ss_api_example_setting_assignments(int e, int k); /* "NAME=VALUE ..." */

SS_API int ss_api_preset_count(void);
SS_API const char *ss_api_preset_name(int i); /* "two-slider-gamma" */
SS_API const char *ss_api_preset_title(int i);
SS_API const char *ss_api_preset_description(int i);
SS_API const char *ss_api_preset_scenario(int i);
/* The preset's base values ("NAME=VALUE"), axes ("NAME=LO:HI:N[:log]") and
 * outcomes, k from 0; NULL past the last. */
SS_API const char *ss_api_preset_set(int i, int k);
SS_API const char *ss_api_preset_axis(int i, int k);
SS_API const char *ss_api_preset_outcome(int i, int k);

/* ---- a specification: a scenario, its values and run options ----------
 * and, for a sweep, the varied parameters and the outcomes. */

typedef struct ss_api_spec ss_api_spec;

/* At the scenario's defaults; NULL and the error when no such scenario. */
SS_API ss_api_spec *ss_api_spec_new(const char *scenario);
/* Setting n (from 1) of a paper's example, with its output step (as
 * `stickslip-cli run --example ID:N`); NULL and the error. */
SS_API ss_api_spec *ss_api_spec_new_example(const char *id, int n);
/* A study preset (as `stickslip-cli sweep --preset NAME`); NULL and the error. */
SS_API ss_api_spec *ss_api_spec_new_preset(const char *name);
SS_API void ss_api_spec_free(ss_api_spec *sp); /* NULL-safe */
SS_API const char *ss_api_spec_scenario(const ss_api_spec *sp);

/* A parameter (a number, or a choice's name or index) or a run option, as
 * `--set NAME=VALUE` and `--t-end S` take them; the previous value stays on
 * failure (SS_API_INVALID and the program's message). */
SS_API ss_api_status ss_api_spec_set(ss_api_spec *sp, const char *name, const char *text);
/* The same with a number (exactly that double). */
SS_API ss_api_status ss_api_spec_set_value(ss_api_spec *sp, const char *name, double value);
/* The value of parameter name (a choice: its index) or run option name (0:
 * the default); NaN when no such name. */
SS_API double ss_api_spec_get(const ss_api_spec *sp, const char *name);

/* A varied parameter, "NAME=LO:HI:N[:log]" as `sweep --vary` takes it, or
 * the same as numbers (log != 0: even steps of the logarithm). */
SS_API ss_api_status ss_api_spec_add_axis(ss_api_spec *sp, const char *text);
SS_API ss_api_status ss_api_spec_add_axis_range(ss_api_spec *sp, const char *name, double lo,
                                                double hi, int n, int log);
/* An outcome as `sweep --metric` takes it: "period", "max:base.ratio", ... */
SS_API ss_api_status ss_api_spec_add_outcome(ss_api_spec *sp, const char *text);
SS_API int ss_api_spec_n_axes(const ss_api_spec *sp);
SS_API int ss_api_spec_n_outcomes(const ss_api_spec *sp);
SS_API int ss_api_spec_n_variants(const ss_api_spec *sp);

/* ---- a run ------------------------------------------------------------ */

typedef struct ss_api_run ss_api_run;

/* Called between stretches of a run: t reached and t_end, s. */
typedef void (*ss_api_progress_fn)(void *user, double t, double t_end);

/* Builds the model and checks the run options (refusals as the CLI words
 * them); NULL and the error.  Nothing is integrated yet.  The run keeps
 * nothing of sp. */
SS_API ss_api_run *ss_api_run_new(const ss_api_spec *sp);
SS_API void ss_api_run_free(ss_api_run *r); /* NULL-safe */
/* Runs share the model of the same scenario and values: the library keeps
 * the models of the last few distinct ones (at most 8, any thread's).
 * How many it keeps now, and forgetting them (a run going on keeps its
 * own until it is freed); for tests and benchmarks. */
SS_API int ss_api_model_cache_count(void);
SS_API void ss_api_model_cache_clear(void);
/* Integrates up to min(t_target, t_end): 1 when t_end is reached, 0 when
 * t_target came first (call again), -1 on a failure (SS_API_SIMULATION and
 * the message in ss_api_error()).  Where the run stops does not change
 * its results: they equal a run in one go bit for bit. */
SS_API int ss_api_run_advance(ss_api_run *r, double t_target);
/* The whole run in SS_API_RUN_STRETCHES stretches; after each, progress
 * (may be NULL) is called and *cancel (may be NULL; set from any thread)
 * read: non-zero stops the run with SS_API_CANCELLED within one stretch. */
#define SS_API_RUN_STRETCHES 64
SS_API ss_api_status ss_api_run_exec(ss_api_run *r, const int *cancel, ss_api_progress_fn progress,
                                     void *user);
SS_API double ss_api_run_time(const ss_api_run *r);  /* time reached, s */
SS_API double ss_api_run_t_end(const ss_api_run *r); /* the resolved t_end, s */
/* The resolved run option i (ss_api_option_name(i)). */
SS_API double ss_api_run_option(const ss_api_run *r, int i);
SS_API const char *ss_api_run_scenario(const ss_api_run *r);
/* The run's parameter values (n = ss_api_param_count of its scenario). */
SS_API size_t ss_api_run_copy_values(const ss_api_run *r, double *out, size_t n);

/* The trace so far: rows (the output grid plus a row at every event) and
 * columns (without t). */
SS_API size_t ss_api_run_n_rows(const ss_api_run *r);
SS_API int ss_api_run_n_columns(const ss_api_run *r);
SS_API const char *ss_api_run_column_name(const ss_api_run *r, int c); /* "base.F" */
SS_API const char *ss_api_run_column_unit(const ss_api_run *r, int c); /* "N"; "1": none */
SS_API const char *ss_api_run_column_label(const ss_api_run *r, int c);
SS_API int ss_api_run_column_find(const ss_api_run *r, const char *name); /* -1: none */
/* Copies min(n, rows) values and returns how many; NaN = undetermined. */
SS_API size_t ss_api_run_copy_time(const ss_api_run *r, double *out, size_t n);
SS_API size_t ss_api_run_copy_column(const ss_api_run *r, int c, double *out, size_t n);
/* Every row at once, as the engine keeps them: out[i * columns + c],
 * n >= rows * columns (one copy, the fastest). */
SS_API size_t ss_api_run_copy_rows(const ss_api_run *r, double *out, size_t n);
/* Every column at once, column after column: out[c * rows + i], n >= columns * rows. */
SS_API size_t ss_api_run_copy_columns(const ss_api_run *r, double *out, size_t n);
/* A finished run's times (rows of them) and rows (rows * columns, as
 * ss_api_run_copy_rows lays them out) where the run keeps them, read-only
 * and valid until ss_api_run_free: no copy.  NULL until the run is
 * finished (they move while it grows) and for a failed run. */
SS_API const double *ss_api_run_time_data(const ss_api_run *r);
SS_API const double *ss_api_run_rows_data(const ss_api_run *r);

/* Events: time, source (a contact, or a gap element after the contacts)
 * and kind (ss_api_event_kind_name). */
SS_API size_t ss_api_run_n_events(const ss_api_run *r);
SS_API size_t ss_api_run_copy_events(const ss_api_run *r, double *t, int *source, int *kind,
                                     size_t n);
SS_API int ss_api_run_n_sources(const ss_api_run *r);
SS_API const char *ss_api_run_source_name(const ss_api_run *r, int i); /* "base" */
SS_API const char *ss_api_event_kind_name(int kind);                   /* "stick", ... */

/* Metrics of the finished run (as `run --metrics`): period, amplitude,
 * energy.dissipated, then per contact C.first_slip, ... */
SS_API int ss_api_run_n_metrics(const ss_api_run *r);
SS_API const char *ss_api_run_metric_name(const ss_api_run *r, int i);
SS_API const char *ss_api_run_metric_unit(const ss_api_run *r, int i);
/* Computes them (n values, NaN = undetermined); SS_API_INVALID before the
 * run is finished, SS_API_MEMORY. */
SS_API ss_api_status ss_api_run_metrics(const ss_api_run *r, double *out, size_t n);
/* Integrator statistics: steps, rhs_evals, root_evals, events, restarts. */
SS_API double ss_api_run_stat(const ss_api_run *r, const char *name);

/* ---- a sweep ---------------------------------------------------------- */

typedef struct ss_api_sweep ss_api_sweep;

/* Called after each variant, from the thread that ran it, one call at a
 * time: variants done and the total. */
typedef void (*ss_api_sweep_progress_fn)(void *user, int done, int total);

/* Every variant of sp's axes with its outcomes on jobs threads (<= 0: one
 * per core), as `stickslip-cli sweep`; rows in variant order whatever the
 * threads.  *cancel (may be NULL) stops the variants not finished.  NULL
 * and the error (SS_API_INVALID: no axis or outcome, a name the model has
 * not). */
SS_API ss_api_sweep *ss_api_sweep_run(ss_api_spec *sp, int jobs, const int *cancel,
                                      ss_api_sweep_progress_fn progress, void *user);
SS_API void ss_api_sweep_free(ss_api_sweep *sw); /* NULL-safe */
SS_API int ss_api_sweep_n_rows(const ss_api_sweep *sw);
SS_API int ss_api_sweep_n_axes(const ss_api_sweep *sw);
SS_API int ss_api_sweep_n_outcomes(const ss_api_sweep *sw);
SS_API const char *ss_api_sweep_axis_name(const ss_api_sweep *sw, int i);
SS_API const char *ss_api_sweep_axis_unit(const ss_api_sweep *sw, int i);
SS_API const char *ss_api_sweep_outcome_name(const ss_api_sweep *sw, int i);
SS_API const char *ss_api_sweep_outcome_unit(const ss_api_sweep *sw, int i);
/* Row-major: out[row * n_axes + i], out[row * n_outcomes + i]. */
SS_API size_t ss_api_sweep_copy_axis_values(const ss_api_sweep *sw, double *out, size_t n);
SS_API size_t ss_api_sweep_copy_values(const ss_api_sweep *sw, double *out, size_t n);
/* The row's status as stickslip-cli sweep writes it: "ok", "not-periodic",
 * "too-short" (the period an outcome needs), "cancelled", or "failed:
 * REASON" with the program's message. */
SS_API const char *ss_api_sweep_status(const ss_api_sweep *sw, int row);
SS_API int ss_api_sweep_n_failed(const ss_api_sweep *sw);
SS_API int ss_api_sweep_cancelled(const ss_api_sweep *sw);

#ifdef __cplusplus
}
#endif
#endif
