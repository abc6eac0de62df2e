/* metrics.c - figures of a finished run: stick phases per contact, the
 * limit cycle's period and amplitude, dissipated energy (definitions in
 * metrics.h and docs/studies.md). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "metrics.h"
#include "ss-internal.h"

/* Column of kind `kind` belonging to contact c, or -1. */
static int contact_column(const ss_model *m, int c, ss_column_kind kind)
{
  for (int i = 0; i < m->n_columns; i++)
    if (m->columns[i].contact == c && m->columns[i].kind == kind)
      return i;
  return -1;
}

static int first_column_of_kind(const ss_model *m, ss_column_kind kind)
{
  for (int i = 0; i < m->n_columns; i++)
    if (m->columns[i].kind == kind)
      return i;
  return -1;
}

/* Index of the first row with time > t (n_rows if none). */
static size_t first_row_after(const ss_trace *tr, double t)
{
  size_t lo = 0, hi = tr->n_rows;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (tr->t[mid] > t)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/* Index of the first event at a time > t (after = true) or >= t. */
static size_t first_event(const ss_trace *tr, double t, bool after)
{
  size_t lo = 0, hi = tr->n_events;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (after ? tr->events[mid].t > t : tr->events[mid].t >= t)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/* True if an event of the motion (not a release or lock at rest) lies in [a, b]. */
static bool event_within(const ss_trace *tr, double a, double b)
{
  for (size_t i = first_event(tr, a, false); i < tr->n_events && tr->events[i].t <= b; i++)
    if (ss_event_kind_is_motion(tr->events[i].kind))
      return true;
  return false;
}

static void contact_metrics(const ss_model *m, const ss_trace *tr, int c, ss_contact_metrics *out)
{
  int ist = contact_column(m, c, SS_COL_STICK), iratio = contact_column(m, c, SS_COL_RATIO);
  double t_last = tr->n_rows ? tr->t[tr->n_rows - 1] : 0.0;
  bool stuck = tr->n_rows > 0 && ist >= 0 && ss_trace_at(tr, 0, ist) == 1.0;
  double start = 0.0;
  *out = (ss_contact_metrics){.first_slip = stuck ? NAN : 0.0, .max_ratio = NAN};
  if (tr->n_rows == 0)
    out->first_slip = NAN;
  for (size_t e = 0; e < tr->n_events; e++) {
    const ss_event *ev = &tr->events[e];
    if (ev->source != c)
      continue;
    if (ev->kind == SS_EVENT_STICK && !stuck) {
      stuck = true;
      start = ev->t;
    } else if (ev->kind == SS_EVENT_SLIP && stuck) {
      double d = ev->t - start;
      out->stick_phases++;
      out->stick_time += d;
      out->longest_stick = fmax(out->longest_stick, d);
      stuck = false;
      if (isnan(out->first_slip))
        out->first_slip = ev->t;
    }
  }
  if (stuck) { /* the final phase, still open: truncated at the last row */
    double d = fmax(t_last - start, 0.0);
    out->stick_phases++;
    out->stick_time += d;
    out->longest_stick = fmax(out->longest_stick, d);
  }
  if (iratio >= 0 && tr->n_rows > 0 && tr->watched && tr->watched[iratio])
    out->max_ratio = ss_trace_extremum(tr, iratio, tr->t[0], t_last, true);
  for (size_t r = 0; iratio >= 0 && r < tr->n_rows; r++) {
    double v = ss_trace_at(tr, r, iratio);
    if (!isnan(v) && !(v <= out->max_ratio))
      out->max_ratio = v;
  }
}

/* An event's signature: source, kind and the direction of sliding at it. */
typedef struct signature {
  int source;
  int kind;
  int dir;
} signature;

/* The last row at the event's instant: the one written after it (the
 * engine writes a row at every event), or SIZE_MAX. */
static size_t event_row(const ss_trace *tr, const ss_event *ev)
{
  size_t r = first_row_after(tr, ev->t);
  return r > 0 && tr->t[r - 1] == ev->t ? r - 1 : SIZE_MAX;
}

/* The direction of sliding at the event, from its own row (not from a row
 * of the output grid after it, which may lie past the next event): the
 * sign of C.v, or where the contact is at v = 0 and slides off (the exact
 * law's slip and reverse), against the sign of its friction C.F. */
static int direction_at(const ss_model *m, const ss_trace *tr, const ss_event *ev)
{
  if (ev->source >= m->n_contacts)
    return 0;
  int iv = contact_column(m, ev->source, SS_COL_SLIP_VELOCITY);
  int iF = contact_column(m, ev->source, SS_COL_FRICTION);
  size_t r = event_row(tr, ev);
  if (iv < 0 || r == SIZE_MAX)
    return 0;
  double v = ss_trace_at(tr, r, iv);
  if (v != 0.0 || ev->kind == SS_EVENT_STICK || iF < 0)
    return v > 0.0 ? 1 : v < 0.0 ? -1 : 0;
  double F = ss_trace_at(tr, r, iF);
  return F < 0.0 ? 1 : F > 0.0 ? -1 : 0;
}

static bool same_signature(const signature *a, const signature *b)
{
  return a->source == b->source && a->kind == b->kind && a->dir == b->dir;
}

/* An event with event a's signature within tol of time t, or SIZE_MAX. */
static size_t partner(const ss_trace *tr, const signature *sig, size_t a, double t, double tol)
{
  for (size_t i = first_event(tr, t - tol, false); i < tr->n_events; i++) {
    if (tr->events[i].t > t + tol)
      break;
    if (same_signature(&sig[i], &sig[a]))
      return i;
  }
  return SIZE_MAX;
}

/* Whether the events repeat with period near T0 (metrics.h); the period
 * measured over SS_PERIOD_CYCLES cycles, or NaN.  Events are matched by
 * time, not by position in the list: two events a few microseconds apart
 * may come in either order from one cycle to the next. */
static double check_period(const ss_trace *tr, const signature *sig, double T0, double t_end,
                           int *per_cycle)
{
  const ss_event *ev = tr->events;
  size_t last = tr->n_events - 1, k = last, k1 = SIZE_MAX;
  double t_last = ev[last].t, tol = SS_PERIOD_RTOL * T0;
  for (int c = 1; c <= SS_PERIOD_CYCLES; c++) { /* the last event, cycles back */
    k = partner(tr, sig, k, ev[k].t - T0, tol);
    if (k == SIZE_MAX)
      return NAN;
    if (c == 1)
      k1 = k;
  }
  double T = (t_last - ev[k].t) / SS_PERIOD_CYCLES;
  tol = SS_PERIOD_RTOL * T;
  /* every event of the later cycles has its like one period earlier */
  for (size_t a = last + 1; a-- > 0 && ev[a].t > t_last - (SS_PERIOD_CYCLES - 1) * T - tol;)
    if (partner(tr, sig, a, ev[a].t - T, tol) == SIZE_MAX)
      return NAN;
  /* and each cycle has as many events */
  size_t count = 0;
  for (int c = 0; c < SS_PERIOD_CYCLES; c++) {
    size_t n = first_event(tr, t_last - c * T + tol, true) -
               first_event(tr, t_last - (c + 1) * T + tol, true);
    if (c > 0 && n != count)
      return NAN;
    count = n;
  }
  /* still moving: the quiet time after the last event no longer than after
   * its like a cycle earlier */
  size_t next = first_event(tr, ev[k1].t + tol, true);
  if (next > last || t_end - t_last > ev[next].t - ev[k1].t + tol)
    return NAN;
  *per_cycle = (int)count;
  return T;
}

/* Whether the motion stopped: the quiet time after the last event longer
 * than the whole stretch of events before it. */
static bool motion_stopped(const ss_trace *tr, double t_end)
{
  const ss_event *ev = tr->events;
  size_t n = tr->n_events;
  return n == 0 || t_end - ev[n - 1].t > ev[n - 1].t - ev[0].t;
}

static double motion_period(const ss_model *m, const ss_trace *tr, double *period_end,
                            int *events_per_cycle, ss_period_status *status)
{
  size_t n = tr->n_events;
  if (tr->n_rows == 0)
    return NAN;
  double t_end = tr->t[tr->n_rows - 1], found = NAN;
  if (n == 0) {
    *status = SS_PERIOD_NO_EVENTS;
    return NAN;
  }
  *status = motion_stopped(tr, t_end) ? SS_PERIOD_STOPPED : SS_PERIOD_TOO_SHORT;
  if (n < SS_PERIOD_CYCLES + 1)
    return NAN;
  signature *sig = malloc(sizeof *sig * n);
  if (!sig)
    return NAN;
  for (size_t i = 0; i < n; i++)
    sig[i] = (signature){tr->events[i].source, (int)tr->events[i].kind,
                         direction_at(m, tr, &tr->events[i])};
  const ss_event *ev = tr->events;
  int per_cycle = 0;
  bool tested = false;
  /* candidate periods: back from the last event to each earlier one like
   * it, shortest first */
  for (size_t j = n - 1; j-- > 0 && isnan(found);) {
    double T0 = ev[n - 1].t - ev[j].t;
    if (ev[n - 1].t - SS_PERIOD_CYCLES * T0 * (1 - SS_PERIOD_RTOL) < ev[0].t)
      break; /* too little history for this period and every longer one */
    if (T0 > 0.0 && same_signature(&sig[j], &sig[n - 1])) {
      tested = true;
      found = check_period(tr, sig, T0, t_end, &per_cycle);
    }
  }
  if (!isnan(found)) {
    *status = SS_PERIODIC;
    if (period_end)
      *period_end = ev[n - 1].t;
    if (events_per_cycle)
      *events_per_cycle = per_cycle;
  } else if (tested && *status == SS_PERIOD_TOO_SHORT) {
    *status = SS_PERIOD_NOT_REPEATING;
  }
  free(sig);
  return found;
}

double ss_trace_period_status(const ss_model *m, const ss_trace *tr, double *period_end,
                              int *events_per_cycle, ss_period_status *status)
{
  ss_period_status st = SS_PERIOD_NO_EVENTS;
  if (period_end)
    *period_end = NAN;
  if (events_per_cycle)
    *events_per_cycle = 0;
  size_t n = 0;
  for (size_t i = 0; i < tr->n_events; i++)
    n += ss_event_kind_is_motion(tr->events[i].kind);
  double period = NAN;
  if (n == tr->n_events) {
    period = motion_period(m, tr, period_end, events_per_cycle, &st);
  } else {
    /* over the events of the motion: releases and locks happen at rest */
    ss_trace motion = *tr;
    motion.events = malloc(sizeof *motion.events * (n + 1));
    if (motion.events) {
      motion.n_events = motion.cap_events = 0;
      for (size_t i = 0; i < tr->n_events; i++)
        if (ss_event_kind_is_motion(tr->events[i].kind))
          motion.events[motion.n_events++] = tr->events[i];
      period = motion_period(m, &motion, period_end, events_per_cycle, &st);
      free(motion.events);
    }
  }
  if (status)
    *status = st;
  return period;
}

double ss_trace_period(const ss_model *m, const ss_trace *tr, double *period_end,
                       int *events_per_cycle)
{
  return ss_trace_period_status(m, tr, period_end, events_per_cycle, NULL);
}

const char *ss_period_status_name(ss_period_status status)
{
  switch (status) {
  case SS_PERIODIC: return "ok";
  case SS_PERIOD_TOO_SHORT: return "too-short";
  case SS_PERIOD_NO_EVENTS:
  case SS_PERIOD_STOPPED:
  case SS_PERIOD_NOT_REPEATING: return "not-periodic";
  }
  return "not-periodic";
}

const char *ss_period_status_reason(ss_period_status status)
{
  switch (status) {
  case SS_PERIODIC: return "";
  case SS_PERIOD_TOO_SHORT:
    return "run too short: its events do not yet repeat over " G_STRINGIFY(
        SS_PERIOD_CYCLES) " periods; run it longer";
  case SS_PERIOD_NO_EVENTS: return "not periodic: no stick, slip or reversal events";
  case SS_PERIOD_STOPPED: return "not periodic: the motion stopped";
  case SS_PERIOD_NOT_REPEATING:
    return "not periodic: the events do not repeat over the last " G_STRINGIFY(
        SS_PERIOD_CYCLES) " periods";
  }
  return "";
}

/* The extremum at row r refined by the parabola through rows r-1, r, r+1
 * when no event lies among them (an event is a kink); else the row's value. */
static double refine_extremum(const ss_trace *tr, int col, size_t r)
{
  double y1 = ss_trace_at(tr, r, col);
  if (r == 0 || r + 1 >= tr->n_rows)
    return y1;
  double x0 = tr->t[r - 1], x1 = tr->t[r], x2 = tr->t[r + 1];
  double y0 = ss_trace_at(tr, r - 1, col), y2 = ss_trace_at(tr, r + 1, col);
  if (!(x0 < x1 && x1 < x2) || isnan(y0) || isnan(y2) || event_within(tr, x0, x2))
    return y1;
  double f01 = (y1 - y0) / (x1 - x0), f12 = (y2 - y1) / (x2 - x1);
  double a = (f12 - f01) / (x2 - x0);
  if (a == 0.0)
    return y1;
  double xs = 0.5 * (x0 + x1) - f01 / (2.0 * a);
  if (!(xs >= x0 && xs <= x2))
    return y1;
  return y0 + f01 * (xs - x0) + a * (xs - x0) * (xs - x1);
}

/* Largest (want_max) or smallest value of column col over the rows in
 * [t0, t1] and, where the run watched col, over its extremes located on
 * the dense output there (then the grid adds nothing and no row is
 * refined); NaN if none. */
double ss_trace_extremum(const ss_trace *tr, int col, double t0, double t1, bool want_max)
{
  if (col < 0 || col >= tr->n_columns)
    return NAN;
  /* (extremes beyond every earlier one serve a stretch from the start) */
  bool dense = tr->watched && tr->n_rows > 0 &&
               (tr->watched[col] == 2 || (tr->watched[col] == 1 && t0 <= tr->t[0]));
  size_t best = SIZE_MAX;
  for (size_t r = first_row_after(tr, nextafter(t0, -INFINITY)); r < tr->n_rows; r++) {
    if (tr->t[r] > t1)
      break;
    double v = ss_trace_at(tr, r, col);
    if (isnan(v))
      continue;
    if (best == SIZE_MAX ||
        (want_max ? v > ss_trace_at(tr, best, col) : v < ss_trace_at(tr, best, col)))
      best = r;
  }
  double found = NAN;
  if (best != SIZE_MAX) {
    double sampled = ss_trace_at(tr, best, col);
    double refined = dense ? sampled : refine_extremum(tr, col, best);
    found = want_max ? fmax(sampled, refined) : fmin(sampled, refined);
  }
  for (size_t i = 0; dense && i < tr->n_peaks; i++) {
    const ss_peak *p = &tr->peaks[i];
    if (p->column != col || p->t < t0 || p->t > t1 || p->kind != (want_max ? 1 : -1))
      continue;
    if (isnan(found) || (want_max ? p->value > found : p->value < found))
      found = p->value;
  }
  return found;
}

/* Watches (s non-NULL) or marks as watched in tr (tr non-NULL) the columns
 * whose extremes the metrics take: the amplitude's, every one, and each
 * contact's ratio, those beyond every earlier one. */
static bool watch_columns(const ss_model *m, ss_trace *tr, ss_sim *s,
                          void (*peak)(void *user, const ss_peak *p), void *user)
{
  if (tr && !tr->watched && !(tr->watched = calloc((size_t)tr->n_columns + 1, 1)))
    return false;
  for (int c = -1; c < m->n_contacts; c++) {
    int col = c < 0 ? first_column_of_kind(m, SS_COL_VELOCITY) : contact_column(m, c, SS_COL_RATIO);
    if (col < 0)
      continue;
    if (s && !ss_sim_watch(s, col, c >= 0, peak, user))
      return false;
    if (tr && tr->watched[col] < (c >= 0 ? 1 : 2))
      tr->watched[col] = c >= 0 ? 1 : 2;
  }
  return true;
}

bool ss_metrics_watch_sim(const ss_model *m, ss_sim *s, void (*peak)(void *user, const ss_peak *p),
                          void *user)
{
  return watch_columns(m, NULL, s, peak, user);
}

bool ss_metrics_mark_watched(const ss_model *m, ss_trace *tr)
{
  return tr->n_columns == m->n_columns && watch_columns(m, tr, NULL, NULL, NULL);
}

bool ss_metrics_watch(const ss_model *m, ss_trace *tr, ss_sim *s)
{
  int iv = first_column_of_kind(m, SS_COL_VELOCITY);
  if (iv >= 0 && !ss_trace_watch(tr, s, iv, false))
    return false;
  for (int c = 0; c < m->n_contacts; c++) {
    int ir = contact_column(m, c, SS_COL_RATIO);
    if (ir >= 0 && !ss_trace_watch(tr, s, ir, true))
      return false;
  }
  return true;
}

double ss_trace_half_range(const ss_trace *tr, int col, double t0, double t1)
{
  return 0.5 *
         (ss_trace_extremum(tr, col, t0, t1, true) - ss_trace_extremum(tr, col, t0, t1, false));
}

ss_metrics *ss_metrics_compute(const ss_model *m, const ss_trace *tr)
{
  ss_metrics *mt = calloc(1, sizeof *mt);
  if (!mt)
    return NULL;
  mt->n_contacts = m->n_contacts;
  mt->contacts = calloc((size_t)m->n_contacts + 1, sizeof *mt->contacts);
  if (!mt->contacts) {
    free(mt);
    return NULL;
  }
  for (int c = 0; c < m->n_contacts; c++)
    contact_metrics(m, tr, c, &mt->contacts[c]);
  int ied = ss_model_column_find(m, "energy.dissipated");
  mt->energy_dissipated = ied >= 0 && tr->n_rows ? ss_trace_at(tr, tr->n_rows - 1, ied) : NAN;
  mt->period =
      ss_trace_period_status(m, tr, &mt->period_end, &mt->events_per_cycle, &mt->period_status);
  mt->amplitude_column = first_column_of_kind(m, SS_COL_VELOCITY);
  mt->amplitude = isnan(mt->period)
                      ? NAN
                      : ss_trace_half_range(tr, mt->amplitude_column, mt->period_end - mt->period,
                                            mt->period_end);
  return mt;
}

void ss_metrics_free(ss_metrics *mt)
{
  if (!mt)
    return;
  free(mt->contacts);
  free(mt);
}

/* ---- the flat list ----------------------------------------------------- */

enum { RUN_METRICS = 3, CONTACT_METRICS = 5 };

static const struct {
  const char *suffix; /* name, or per contact the part after "C." */
  const char *label;  /* English label */
  const char *unit;   /* "" dimensionless; NULL: the amplitude column's */
} metric_table[] = {
    [SS_METRIC_PERIOD] = {"period", "Period", "s"},
    [SS_METRIC_AMPLITUDE] = {"amplitude", "Amplitude", NULL},
    [SS_METRIC_ENERGY_DISSIPATED] = {"energy.dissipated", "Dissipated energy", "J"},
    [SS_METRIC_FIRST_SLIP] = {"first_slip", "First slip", "s"},
    [SS_METRIC_STICK_PHASES] = {"stick_phases", "Stick phases", ""},
    [SS_METRIC_STICK_TIME] = {"stick_time", "Stick time", "s"},
    [SS_METRIC_LONGEST_STICK] = {"longest_stick", "Longest stick", "s"},
    [SS_METRIC_MAX_RATIO] = {"max_ratio", "Largest friction ratio", ""},
};

int ss_metrics_count(const ss_model *m) { return RUN_METRICS + CONTACT_METRICS * m->n_contacts; }

bool ss_metrics_describe(const ss_model *m, int i, ss_metric_desc *out)
{
  if (i < 0 || i >= ss_metrics_count(m))
    return false;
  if (i < RUN_METRICS) {
    out->kind = (ss_metric_kind)i;
    out->contact = -1;
    snprintf(out->name, sizeof out->name, "%s", metric_table[i].suffix);
  } else {
    out->kind = (ss_metric_kind)(SS_METRIC_FIRST_SLIP + (i - RUN_METRICS) % CONTACT_METRICS);
    out->contact = (i - RUN_METRICS) / CONTACT_METRICS;
    snprintf(out->name, sizeof out->name, "%s.%s", m->contact_names[out->contact],
             metric_table[out->kind].suffix);
  }
  out->unit = metric_table[out->kind].unit;
  if (!out->unit) {
    int col = first_column_of_kind(m, SS_COL_VELOCITY);
    out->unit = col >= 0 ? m->columns[col].unit : "";
  }
  return true;
}

int ss_metrics_find(const ss_model *m, const char *name)
{
  ss_metric_desc d;
  for (int i = 0; name && ss_metrics_describe(m, i, &d); i++)
    if (strcmp(d.name, name) == 0)
      return i;
  return -1;
}

double ss_metrics_value(const ss_metrics *mt, int i)
{
  switch (i) {
  case SS_METRIC_PERIOD: return mt->period;
  case SS_METRIC_AMPLITUDE: return mt->amplitude;
  case SS_METRIC_ENERGY_DISSIPATED: return mt->energy_dissipated;
  default: break;
  }
  int c = (i - RUN_METRICS) / CONTACT_METRICS;
  if (i < 0 || c >= mt->n_contacts)
    return NAN;
  const ss_contact_metrics *cm = &mt->contacts[c];
  switch ((ss_metric_kind)(SS_METRIC_FIRST_SLIP + (i - RUN_METRICS) % CONTACT_METRICS)) {
  case SS_METRIC_FIRST_SLIP: return cm->first_slip;
  case SS_METRIC_STICK_PHASES: return cm->stick_phases;
  case SS_METRIC_STICK_TIME: return cm->stick_time;
  case SS_METRIC_LONGEST_STICK: return cm->longest_stick;
  case SS_METRIC_MAX_RATIO: return cm->max_ratio;
  default: return NAN;
  }
}

const char *ss_metric_kind_label(ss_metric_kind kind)
{
  return kind >= SS_METRIC_PERIOD && kind <= SS_METRIC_MAX_RATIO ? metric_table[kind].label : "";
}

/* Significant digits of a "%g" text: its mantissa's, without leading
 * zeros nor the trailing zeros of an integer part ("1200" has 2). */
static int significant_digits(const char *s)
{
  int n = 0, zeros = 0;
  bool started = false;
  for (; *s && *s != 'e' && *s != 'E'; s++) {
    if (*s < '0' || *s > '9')
      continue;
    if (*s == '0' && !started)
      continue;
    started = true;
    if (*s == '0') {
      zeros++;
    } else {
      n += zeros + 1;
      zeros = 0;
    }
  }
  return n;
}

/* The shortest of "%.6g" ... "%.17g" that reads back to v, by printf: up
 * to twelve formats for a subnormal, four for others (a text of at most 15
 * digits is what "%.15g" gives, DBL_DIG). */
static void format_by_printf(double v, char *buf, size_t size)
{
  for (int digits = 6; fabs(v) < DBL_MIN && digits <= 17; digits++) {
    char fmt[8];
    snprintf(fmt, sizeof fmt, "%%.%dg", digits);
    g_ascii_formatd(buf, (int)size, fmt, v);
    if (g_ascii_strtod(buf, NULL) == v)
      return;
  }
  g_ascii_formatd(buf, (int)size, "%.15g", v);
  if (g_ascii_strtod(buf, NULL) == v) {
    int digits = significant_digits(buf);
    if (digits < 15) {
      char fmt[8];
      snprintf(fmt, sizeof fmt, "%%.%dg", digits > 6 ? digits : 6);
      g_ascii_formatd(buf, (int)size, fmt, v);
    }
    return;
  }
  g_ascii_formatd(buf, (int)size, "%.16g", v);
  if (g_ascii_strtod(buf, NULL) != v)
    g_ascii_formatd(buf, (int)size, "%.17g", v);
}

/* d[0..16], v's 17 significant digits, rounded to n into out (decimal
 * exponent *x, which a carry raises).  false on a tie at n digits: rounding
 * the rounded digits again could differ from rounding v itself.  Away
 * from a tie both round alike: v lies within half a unit of the 17th digit
 * of d, and the midpoints between n-digit numbers lie on that grid. */
static bool round_digits(const char *d, int x17, int n, char *out, int *x)
{
  memcpy(out, d, (size_t)n);
  *x = x17;
  if (n >= 17)
    return true;
  bool rest_zero = true;
  for (int i = n + 1; i < 17; i++)
    rest_zero = rest_zero && d[i] == '0';
  if (d[n] == '5' && rest_zero)
    return false;
  if (d[n] >= '5') {
    int i = n - 1;
    while (i >= 0 && out[i] == '9')
      out[i--] = '0';
    if (i >= 0) {
      out[i]++;
    } else {
      out[0] = '1'; /* 9.99... up to 10.0... */
      (*x)++;
    }
  }
  return true;
}

/* What "%.Pg" prints for the significant digits d[0..n-1] (trailing zeros
 * taken off) of decimal exponent x. */
static void put_g(bool negative, const char *d, int n, int x, int precision, char *buf, size_t size)
{
  char text[48];
  size_t k = 0;
  while (n > 1 && d[n - 1] == '0')
    n--;
  if (negative)
    text[k++] = '-';
  if (x < -4 || x >= precision) {
    text[k++] = d[0];
    if (n > 1) {
      text[k++] = '.';
      for (int i = 1; i < n; i++)
        text[k++] = d[i];
    }
    snprintf(text + k, sizeof text - k, "e%c%02d", x < 0 ? '-' : '+', abs(x));
  } else if (x < 0) {
    text[k++] = '0';
    text[k++] = '.';
    for (int i = 0; i < -x - 1; i++)
      text[k++] = '0';
    for (int i = 0; i < n; i++)
      text[k++] = d[i];
    text[k] = '\0';
  } else {
    for (int i = 0; i <= x; i++)
      text[k++] = i < n ? d[i] : '0';
    if (n > x + 1) {
      text[k++] = '.';
      for (int i = x + 1; i < n; i++)
        text[k++] = d[i];
    }
    text[k] = '\0';
  }
  g_strlcpy(buf, text, size);
}

void ss_number_format(double v, char *buf, size_t size)
{
  if (isnan(v)) {
    buf[0] = '\0';
    return;
  }
  if (v == 0.0) {
    g_strlcpy(buf, "0", size); /* never "-0" */
    return;
  }
  if (fabs(v) < DBL_MIN || isinf(v)) {
    format_by_printf(v, buf, size);
    return;
  }
  /* The text format_by_printf gives, with a '.' in any locale (the GUI
   * runs in the user's), from one printf: v's 17 digits, rounded here to
   * 15 and 16 (the shortest text of at most 15 digits is the 15 digits
   * without their trailing zeros, DBL_DIG), each kept if it reads back.
   * A run's CSV has millions of numbers: printf's exact rounding, three
   * or four times a number, made writing it three times slower. */
  char e[40], d[17], out[17];
  g_ascii_formatd(e, sizeof e, "%.16e", v);
  const char *p = e + (e[0] == '-');
  d[0] = p[0];
  memcpy(d + 1, p + 2, 16); /* "D.DDDDDDDDDDDDDDDDe+XX" */
  int x17 = atoi(p + 19);
  /* 15 digits read back only when v is within half its ulp (at most 11.1
   * units of the 17th digit) of them: the 16th and 17th digits are then
   * within 12 of 00 or 100, and most values need no try */
  int tail = (d[15] - '0') * 10 + (d[16] - '0');
  for (int n = tail > 12 && tail < 88 ? 16 : 15; n <= 16; n++) {
    int x;
    if (!round_digits(d, x17, n, out, &x)) {
      format_by_printf(v, buf, size); /* a tie: printf rounds v itself */
      return;
    }
    int m = n;
    while (m > 1 && out[m - 1] == '0')
      m--;
    put_g(v < 0, out, n, x, n == 15 ? (m > 6 ? m : 6) : n, buf, size);
    if (g_ascii_strtod(buf, NULL) == v)
      return;
  }
  put_g(v < 0, d, 17, x17, 17, buf, size);
}

const char *ss_metrics_note(const ss_metrics *mt, int i)
{
  bool periodic = i == SS_METRIC_PERIOD || i == SS_METRIC_AMPLITUDE;
  return periodic && isnan(ss_metrics_value(mt, i)) ? ss_period_status_reason(mt->period_status)
                                                    : "";
}

int ss_metric_digits(ss_metric_kind kind)
{
  switch (kind) {
  case SS_METRIC_PERIOD:     /* event times: the period within 1.4e-7 of closed forms */
  case SS_METRIC_FIRST_SLIP: /* event times */
  case SS_METRIC_STICK_TIME: /* sums of event times' differences */
  case SS_METRIC_LONGEST_STICK: return 7;
  case SS_METRIC_AMPLITUDE:         /* within 1.6e-6 of closed forms */
  case SS_METRIC_ENERGY_DISSIPATED: /* the energy balance closes within 1.3e-6 */
  case SS_METRIC_MAX_RATIO: return 6;
  case SS_METRIC_STICK_PHASES: return 0; /* a count: exact */
  }
  return 6;
}

void ss_metric_format(ss_metric_kind kind, double v, char *buf, size_t size)
{
  if (isnan(v)) {
    buf[0] = '\0';
    return;
  }
  int digits = ss_metric_digits(kind);
  if (digits == 0) {
    g_ascii_formatd(buf, (int)size, "%.0f", v);
    return;
  }
  char fmt[8];
  snprintf(fmt, sizeof fmt, "%%.%dg", digits);
  g_ascii_formatd(buf, (int)size, fmt, v);
}

int ss_metrics_write_csv(const ss_model *m, const ss_metrics *mt, FILE *f)
{
  fputs("metric,value,unit,note\n", f);
  ss_metric_desc d;
  for (int i = 0; ss_metrics_describe(m, i, &d); i++) {
    char num[G_ASCII_DTOSTR_BUF_SIZE];
    ss_metric_format(d.kind, ss_metrics_value(mt, i), num, sizeof num);
    fprintf(f, "%s,%s,%s,%s\n", d.name, num, d.unit, ss_metrics_note(mt, i));
  }
  return ferror(f) ? -1 : 0;
}
