/* metrics.h - figures of a finished run (ss_trace + its model), shared by the
 * CLI (`run --metrics`, `sweep`) and the GUI (runs side by side, studies).
 *
 * Definitions (docs/studies.md gives the same with examples):
 *
 * Per contact C (C as in the CSV columns: base, slot, slider1, bearing_psi):
 * - A stick phase is a maximal interval in which C sticks.  It starts at a
 *   stick event of C, or at t = 0 when the first row has C.stick = 1 (a run
 *   that starts stuck counts that phase), and ends at C's next slip event
 *   (a release or lock event leaves it on: the contact stays at rest).  A
 *   phase still open at the end of the run counts, truncated at the last
 *   row's time.  Exact law: stuck = the contact's discrete mode; smooth laws
 *   (regularised, tanh, LuGre): stuck = |v| < v_stick (their C.stick column),
 *   with stick and slip events where |v| crosses v_stick.
 * - first_slip: the first time C slides: 0 when it slides at t = 0, else
 *   the time of its first slip event; NaN when it never slides.
 * - stick_phases, stick_time (sum of the phases' durations) and
 *   longest_stick (0 when there is none).
 * - max_ratio: the largest C.ratio (|F|/N) over the run: its maxima located
 *   on the integrator's dense output (ss_metrics_watch) and the rows (an
 *   event's row holds a kink's value), NaN rows skipped; NaN when every row
 *   is undetermined.  (A trace that did not watch it: over the rows.)
 *
 * Per run:
 * - energy_dissipated: the energy.dissipated column at the last row, J.
 * - period: the motion is periodic when its events repeat over the last
 *   SS_PERIOD_CYCLES periods.  An event's signature is (source, kind,
 *   direction at it, from the event's own row: the sign of C.v, or where
 *   C.v = 0 and the contact slides off, minus the sign of C.F; 0 for stick
 *   events of the exact law and gap events).  Candidate periods T0 are the times from the last
 * event back to each earlier event of its signature, shortest first; T0 holds when, with tol =
 * SS_PERIOD_RTOL * T0, the last event has its like within tol of t_last - c T0 for c
 * = 1..SS_PERIOD_CYCLES; with T = (t_last - the last of those) / SS_PERIOD_CYCLES, every event
 * after t_last - (SS_PERIOD_CYCLES - 1) T has its like within SS_PERIOD_RTOL * T of one period
 * earlier and the SS_PERIOD_CYCLES periods before t_last hold as many events each (events are
 * matched by time, so two events microseconds apart may swap order from cycle to cycle); and the
 * quiet time after the last event is no longer than what followed its like a period earlier (plus
 * tol): motion that stopped is not periodic. period = T; NaN when no candidate holds (too few
 * events, a transient, a run that stops, a motion without events), with the reason in period_status
 * (ss_period_status_reason).  Events here are those of the motion: release and lock events (a
 * contact at rest held at its static maximum or locked again) are left out, as they are where an
 * extremum is refined (below).
 * - amplitude: half the peak-to-peak of the model's first generalised
 *   velocity column (one-mass: v, dupont: v, gear-train: psi_dot,
 *   two-slider: v1) over the last period [t_last - T, t_last], t_last the
 *   time of the last event.  A velocity stays bounded where a driven
 *   block's position does not.  Its extremes are located on the
 *   integrator's dense output between the steps (ss_metrics_watch,
 *   model/core/sim-dense.c), so they do not depend on dt_out; a trace that
 *   did not watch it (rows alone) refines an extremum on an output row
 *   between two rows with no event among the three by the parabola through
 *   them.  NaN when period is NaN. */
#ifndef SS_METRICS_H
#define SS_METRICS_H

#include "stickslip.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_PERIOD_CYCLES 3    /* cycles that must repeat */
#define SS_PERIOD_RTOL   1e-3 /* relative tolerance on every event's place in its cycle */

typedef struct ss_contact_metrics {
  double first_slip;    /* s; 0: slides from t = 0; NaN: never slides */
  int stick_phases;     /* stick phases, the initial and the final open one included */
  double stick_time;    /* total time stuck, s */
  double longest_stick; /* longest phase, s (0 without any) */
  double max_ratio;     /* largest |F|/N over the rows, 1; NaN: every row undetermined */
} ss_contact_metrics;

/* Why a run has a period or not. */
typedef enum {
  SS_PERIODIC = 0,         /* its events repeat: period found */
  SS_PERIOD_TOO_SHORT,     /* still moving, but the run ends before its events could repeat
                              over SS_PERIOD_CYCLES periods of any candidate */
  SS_PERIOD_NO_EVENTS,     /* no event of the motion at all */
  SS_PERIOD_STOPPED,       /* the motion stopped: the quiet time after the last event is
                              longer than the stretch of events before it */
  SS_PERIOD_NOT_REPEATING, /* candidates tested, none repeats */
} ss_period_status;

typedef struct ss_metrics {
  double period;                  /* limit-cycle period, s; NaN: not periodic */
  ss_period_status period_status; /* why period is or is not there */
  double amplitude;               /* half peak-to-peak of column amplitude_column over the last
                                     period, in that column's unit; NaN: not periodic */
  int amplitude_column;           /* column the amplitude is taken of (first velocity), -1: none */
  double period_end;            /* time of the last event of the last cycle, s; NaN: not periodic */
  int events_per_cycle;         /* events in one period (0: not periodic) */
  double energy_dissipated;     /* energy.dissipated at the last row, J; NaN: no such column */
  int n_contacts;               /* entries in contacts */
  ss_contact_metrics *contacts; /* per contact, in the model's contact order */
} ss_metrics;

/* Computes every metric; NULL only when out of memory. */
ss_metrics *ss_metrics_compute(const ss_model *m, const ss_trace *tr);
void ss_metrics_free(ss_metrics *mt); /* NULL-safe */

/* The period alone (NaN if none); *period_end and *events_per_cycle may be NULL. */
double ss_trace_period(const ss_model *m, const ss_trace *tr, double *period_end,
                       int *events_per_cycle);
/* The same with its status (status may be NULL). */
double ss_trace_period_status(const ss_model *m, const ss_trace *tr, double *period_end,
                              int *events_per_cycle, ss_period_status *status);
/* "ok", "too-short" or "not-periodic": a study's status column. */
const char *ss_period_status_name(ss_period_status status);
/* Why there is no period, in English ("" when periodic). */
const char *ss_period_status_reason(ss_period_status status);
/* Watches, in run s filling tr, the columns whose extremes the metrics take
 * (the amplitude's, each contact's ratio), so that they come from the
 * integrator's dense output, not the output grid (ss_run does this);
 * false when out of memory. */
bool ss_metrics_watch(const ss_model *m, ss_trace *tr, ss_sim *s);
/* The same for a run whose rows go elsewhere (the GUI's batches): its
 * extremes go to peak(user, p) (call it again to change user); a trace
 * made later of those rows, events and peaks (ss_trace_append_peak) is
 * marked by ss_metrics_mark_watched.  False when out of memory. */
bool ss_metrics_watch_sim(const ss_model *m, ss_sim *s, void (*peak)(void *user, const ss_peak *p),
                          void *user);
bool ss_metrics_mark_watched(const ss_model *m, ss_trace *tr);
/* Largest (want_max) or smallest value of column `col` over [t0, t1]: its
 * extremes located on the dense output when the run watched it (ss_run,
 * ss_metrics_watch, ss_trace_watch) and the rows there (the events' rows
 * hold its kinks); else the rows' extremum refined by the parabola through
 * its neighbours (an output grid's sampling); NaN if no row there has a
 * value. */
double ss_trace_extremum(const ss_trace *tr, int col, double t0, double t1, bool want_max);
/* Half the peak-to-peak of column `col` over [t0, t1]; NaN as above. */
double ss_trace_half_range(const ss_trace *tr, int col, double t0, double t1);

/* ---- the metrics as a flat list of named values -------------------------
 * Order: period, amplitude, energy.dissipated, then per contact
 * C.first_slip, C.stick_phases, C.stick_time, C.longest_stick, C.max_ratio.
 * This is the row order of `run --metrics` and what `sweep --metric` names. */

typedef enum {
  SS_METRIC_PERIOD = 0,
  SS_METRIC_AMPLITUDE,
  SS_METRIC_ENERGY_DISSIPATED,
  SS_METRIC_FIRST_SLIP, /* per contact from here on */
  SS_METRIC_STICK_PHASES,
  SS_METRIC_STICK_TIME,
  SS_METRIC_LONGEST_STICK,
  SS_METRIC_MAX_RATIO,
} ss_metric_kind;

typedef struct ss_metric_desc {
  char name[128];      /* "period", "base.first_slip" */
  const char *unit;    /* SI unit, "" for counts and ratios */
  ss_metric_kind kind; /* what it is (the GUI's translated label goes by this) */
  int contact;         /* contact index for per-contact kinds, else -1 */
} ss_metric_desc;

int ss_metrics_count(const ss_model *m); /* 3 + 5 per contact */
/* Describes metric i (0 <= i < ss_metrics_count); false if out of range. */
bool ss_metrics_describe(const ss_model *m, int i, ss_metric_desc *out);
int ss_metrics_find(const ss_model *m, const char *name); /* index, or -1 if none */
double ss_metrics_value(const ss_metrics *mt, int i);     /* NaN = undetermined */
const char *ss_metric_kind_label(ss_metric_kind kind);    /* English: "Period", ... */

/* Why metric i has no value, in English ("run too short: ..."), or "". */
const char *ss_metrics_note(const ss_metrics *mt, int i);

/* Significant digits a metric of this kind is good to at the default
 * tolerances (rtol 1e-8, atol 1e-10; docs/studies.md gives each one's
 * accuracy): 7 for times and the period, 6 for the amplitude, energy and
 * ratio, 0 for a count (exact). */
int ss_metric_digits(ss_metric_kind kind);
/* v with those digits ("%.7g"), a '.' in any locale; "" for NaN: what a
 * person reads (`run --metrics`; the GUI's panel may use it).  Machine
 * tables (a sweep's) keep ss_number_format's round trip. */
void ss_metric_format(ss_metric_kind kind, double v, char *buf, size_t size);

/* Writes "metric,value,unit,note" and one row per metric, each value with
 * the digits its accuracy supports (ss_metric_format); empty value field =
 * undetermined, the note says why for the period and the amplitude.
 * Returns 0, or -1 on a write error. */
int ss_metrics_write_csv(const ss_model *m, const ss_metrics *mt, FILE *f);

/* Shortest text ("%.Ng", N = 6..17) that reads back to v, with a '.' in any
 * locale; "" for NaN.  size >= 32. */
void ss_number_format(double v, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
