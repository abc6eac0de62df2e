/* study.h - parameter studies: a scenario, base assignments, one or two
 * varied parameters and the outcomes wanted from each variant; the variants
 * run in a thread pool and fill a table with one row per variant in a fixed
 * order, the same whatever the number of threads.
 *
 * Typical use (the CLI's `sweep`, the GUI's study page):
 *
 *   ss_study *st = ss_study_new(ss_scenario_find("one-mass"));
 *   ss_study_set(st, "law=exact", &err);
 *   ss_study_add_axis_text(st, "k=50:200:16", &err);        // NAME=LO:HI:N[:log]
 *   ss_study_add_outcome(st, "period", &err);               // see below
 *   ss_study_add_outcome(st, "max:base.ratio", &err);
 *   if (!ss_study_validate(st, &err)) ...                   // names against a model
 *   ss_study_exec ex = {.jobs = 0, .progress = on_row, .user = self, .cancel = &self->cancel};
 *   ss_study_result *r = ss_study_run(st, &ex, &err);      // blocks; call it from a worker
 *   ss_study_write_csv(st, r, true, f);
 *
 * Outcomes (docs/studies.md):
 *   NAME        a run metric (metrics.h): period, amplitude, energy.dissipated,
 *               C.first_slip, C.stick_phases, C.stick_time, C.longest_stick,
 *               C.max_ratio
 *   max:COL     largest value of column COL (a CSV column name) over the rows
 *   min:COL     smallest value
 *   final:COL   value at the last row
 *   at:T:COL    value at time T s (linear between the rows around T, a
 *               stick column as a step; at an event's instant the row
 *               after the event)
 *   amp:COL     half the peak-to-peak of COL over the last period (empty when
 *               the motion is not periodic)
 * Extrema are refined as for the amplitude (metrics.h).  NaN rows are skipped;
 * an outcome with no value is NaN (an empty CSV field). */
#ifndef SS_STUDY_H
#define SS_STUDY_H

#include "metrics.h"
#include "stickslip.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_STUDY_MAX_AXES     2
#define SS_STUDY_MAX_VARIANTS 1000000

typedef enum { SS_STUDY_LINEAR = 0, SS_STUDY_LOG = 1 } ss_study_scale;

typedef struct ss_study_axis {
  int param;            /* index in the scenario's parameter table (a real parameter) */
  double lo;            /* first value, in the parameter's unit */
  double hi;            /* last value (may be below lo: a descending sweep) */
  int n;                /* points, 1..SS_STUDY_MAX_VARIANTS; 1: lo only */
  ss_study_scale scale; /* even steps in the value, or in its logarithm (lo, hi > 0) */
} ss_study_axis;

typedef struct ss_study ss_study;

/* A study of scenario sc at its defaults, no axes, no outcomes.  NULL if sc is. */
ss_study *ss_study_new(const ss_scenario *sc);
void ss_study_free(ss_study *st); /* NULL-safe */
const ss_scenario *ss_study_scenario(const ss_study *st);

/* A base value "NAME=VALUE" (as `--set`); the previous value stays on failure. */
bool ss_study_set(ss_study *st, const char *assignment, char **error);
const double *ss_study_base_values(const ss_study *st); /* n_params values */
/* Integrator options of every variant (t_end, dt_out, tolerances, max_steps). */
void ss_study_set_run_opts(ss_study *st, const ss_run_opts *opts);
const ss_run_opts *ss_study_run_opts(const ss_study *st);

/* Adds a varied parameter: a real parameter not varied yet, lo and hi in its
 * range, lo, hi > 0 for a log axis, at most SS_STUDY_MAX_AXES axes and
 * SS_STUDY_MAX_VARIANTS variants.  The error names the parameter and the
 * valid range or form; the study is unchanged on failure. */
bool ss_study_add_axis(ss_study *st, const ss_study_axis *axis, char **error);
/* The same from "NAME=LO:HI:N", "NAME=LO:HI:N:log" or "NAME=LO:HI:N:lin". */
bool ss_study_add_axis_text(ss_study *st, const char *spec, char **error);
int ss_study_n_axes(const ss_study *st);
const ss_study_axis *ss_study_axis_get(const ss_study *st, int i);
/* Point k of axis i: lo, hi exactly at the ends; between them rounded to 12
 * significant digits (0.3 and 1e+09, not 0.30000000000000004 and
 * 999999999.999999): what the variant runs with. */
double ss_study_axis_value(const ss_study *st, int i, int k);

/* Variants: every combination of the axes' points, the first axis varying
 * slowest: variant v has point v / n2 of axis 0 and v % n2 of axis 1.  With
 * no axis there is one variant, the base. */
int ss_study_n_variants(const ss_study *st);
void ss_study_variant_point(const ss_study *st, int variant, double *axis_values);

/* Adds an outcome (syntax above); a syntax error names the valid forms. */
bool ss_study_add_outcome(ss_study *st, const char *spec, char **error);
int ss_study_n_outcomes(const ss_study *st);
const char *ss_study_outcome_spec(const ss_study *st, int i); /* as given */
/* SI unit of outcome i, known after ss_study_validate ("" before). */
const char *ss_study_outcome_unit(const ss_study *st, int i);

/* Checks that the study can run: at least one outcome, and every outcome
 * names a metric or column of the model (built from the base values and the
 * first of the first 64 variants that builds; when none does, the names are
 * left to each variant's status) and at:T lies within the run.  The error lists the
 * valid names.  Fills the outcomes' units. */
bool ss_study_validate(ss_study *st, char **error);

/* ---- running ----------------------------------------------------------- */

/* What one finished variant reports; the pointers are valid during the call. */
typedef struct ss_study_report {
  int done;                  /* variants finished in this run, 1..total */
  int total;                 /* variants in this run */
  int row;                   /* the finished row (index into the result) */
  int variant;               /* its variant index */
  const double *axis_values; /* its n_axes parameter values */
  const double *values;      /* its n_outcomes values, NaN = empty */
  const char *status;        /* NULL: ok; else why the variant failed */
} ss_study_report;

/* Called after each variant from the thread that ran it, one call at a time
 * (under the run's lock), done increasing by one each call.  A GUI copies
 * what it needs and queues one idle (g_idle_add) to show it. */
typedef void (*ss_study_progress_fn)(void *user, const ss_study_report *report);

typedef struct ss_study_exec {
  int jobs;                      /* threads; <= 0: one per core (g_get_num_processors) */
  int first;                     /* first variant to run (0: the first) */
  int count;                     /* variants to run from first; <= 0: all the rest
                                    (an empty shard: do not run) */
  ss_study_progress_fn progress; /* may be NULL */
  void *user;                    /* passed to progress */
  const int *cancel;             /* may be NULL; when another thread sets *cancel
                                    non-zero (g_atomic_int_set), variants not yet
                                    finished stop within a 1/64 of their run and
                                    report "cancelled" */
} ss_study_exec;

typedef struct ss_study_result {
  int first;           /* variant index of row 0 */
  int n_rows;          /* rows, one per variant run, in variant order */
  int n_axes;          /* values per row in axis_values */
  int n_outcomes;      /* values per row in values */
  double *axis_values; /* n_rows * n_axes varied parameters' values */
  double *values;      /* n_rows * n_outcomes outcomes; NaN: undetermined or failed */
  char **status;       /* n_rows: NULL = ok, else the failure reason */
  int *periodic;       /* n_rows: ss_period_status where an outcome needs the period
                          (period, amplitude, amp:COL), else SS_PERIODIC */
  int n_failed;        /* rows with a status (cancelled ones included) */
  bool cancelled;      /* the run was cancelled */
} ss_study_result;

/* Runs variants [first, first + count) and blocks until all are done or
 * cancelled.  A variant that fails (a value out of range, a model that cannot
 * be built, an outcome it lacks, a simulation failure) gets its reason in
 * status and the others go on.  NULL with *error only for a bad range or no
 * memory. */
ss_study_result *ss_study_run(const ss_study *st, const ss_study_exec *ex, char **error);
void ss_study_result_free(ss_study_result *r); /* NULL-safe */

/* Part k (1-based) of n contiguous parts of n_variants variants: first and
 * count.  Contiguous parts concatenate, in order, to the whole table. */
void ss_study_shard_range(int n_variants, int k, int n, int *first, int *count);

/* CSV: header "AXIS...,OUTCOME...,status" (with header), then one row per
 * variant: numbers that read back to the same double with a '.' in any
 * locale, empty for NaN, status "ok", "not-periodic" or "too-short" (only
 * where an outcome needs the period: ss_period_status_name), "cancelled"
 * or "failed: REASON" (quoted if it holds a comma, quote or newline).  r NULL: the
 * header alone (an empty shard).  Returns 0, or -1 on a write error. */
int ss_study_write_csv(const ss_study *st, const ss_study_result *r, bool header, FILE *f);
/* The status column of row (as ss_study_write_csv writes it, before CSV
 * quoting): "ok", "not-periodic", "too-short", "cancelled" or "failed:
 * REASON"; free() it. */
char *ss_study_row_status(const ss_study_result *r, int row);

#ifdef __cplusplus
}
#endif
#endif
