/* study.c - parameter studies: variants of one scenario run in a GThreadPool,
 * one result row per variant in variant order (study.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ss-internal.h"
#include "study.h"

typedef enum {
  OUTCOME_METRIC = 0, /* NAME */
  OUTCOME_MAX,        /* max:COL */
  OUTCOME_MIN,        /* min:COL */
  OUTCOME_FINAL,      /* final:COL */
  OUTCOME_AT,         /* at:T:COL */
  OUTCOME_AMP,        /* amp:COL */
} outcome_kind;

typedef struct outcome {
  char *spec;        /* as given */
  outcome_kind kind; /* what is taken */
  char *name;        /* metric or column name */
  double t;          /* at:T, s */
  const char *unit;  /* after validation: the metric's or column's unit */
  char unit_buf[32]; /* its copy (the validating model is freed) */
} outcome;

struct ss_study {
  const ss_scenario *sc;                 /* the scenario */
  double *base;                          /* n_params base values */
  ss_run_opts opts;                      /* every variant's integrator options */
  int n_axes;                            /* varied parameters */
  ss_study_axis axes[SS_STUDY_MAX_AXES]; /* their ranges */
  int n_outcomes;                        /* outcomes per variant */
  outcome *outcomes;                     /* n_outcomes outcomes */
};

static char *dup_str(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

ss_study *ss_study_new(const ss_scenario *sc)
{
  if (!sc)
    return NULL;
  ss_study *st = calloc(1, sizeof *st);
  if (!st)
    return NULL;
  st->sc = sc;
  st->base = calloc((size_t)sc->n_params + 1, sizeof(double));
  if (!st->base) {
    free(st);
    return NULL;
  }
  ss_scenario_defaults(sc, st->base);
  return st;
}

void ss_study_free(ss_study *st)
{
  if (!st)
    return;
  for (int i = 0; i < st->n_outcomes; i++) {
    free(st->outcomes[i].spec);
    free(st->outcomes[i].name);
  }
  free(st->outcomes);
  free(st->base);
  free(st);
}

const ss_scenario *ss_study_scenario(const ss_study *st) { return st->sc; }
const double *ss_study_base_values(const ss_study *st) { return st->base; }
void ss_study_set_run_opts(ss_study *st, const ss_run_opts *opts)
{
  st->opts = opts ? *opts : (ss_run_opts){0};
}
const ss_run_opts *ss_study_run_opts(const ss_study *st) { return &st->opts; }

bool ss_study_set(ss_study *st, const char *assignment, char **error)
{
  return ss_param_set_assignment(st->sc, st->base, assignment, error);
}

/* ---- axes -------------------------------------------------------------- */

int ss_study_n_axes(const ss_study *st) { return st->n_axes; }
const ss_study_axis *ss_study_axis_get(const ss_study *st, int i)
{
  return i >= 0 && i < st->n_axes ? &st->axes[i] : NULL;
}

int ss_study_n_variants(const ss_study *st)
{
  int n = 1;
  for (int i = 0; i < st->n_axes; i++)
    n *= st->axes[i].n;
  return n;
}

double ss_study_axis_value(const ss_study *st, int i, int k)
{
  const ss_study_axis *a = &st->axes[i];
  if (k <= 0 || a->n <= 1)
    return a->lo;
  if (k >= a->n - 1)
    return a->hi;
  double s = (double)k / (double)(a->n - 1), v;
  if (a->scale == SS_STUDY_LOG)
    v = exp(log(a->lo) + s * (log(a->hi) - log(a->lo)));
  else
    v = a->lo + s * (a->hi - a->lo);
  /* 12 digits: the table shows 0.3 and 1e+09, not 0.30000000000000004 and
   * 999999999.999999 (exp and log), and that is what the variant runs with */
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  return g_ascii_strtod(g_ascii_formatd(buf, sizeof buf, "%.12g", v), NULL);
}

void ss_study_variant_point(const ss_study *st, int variant, double *axis_values)
{
  for (int i = st->n_axes - 1; i >= 0; i--) {
    axis_values[i] = ss_study_axis_value(st, i, variant % st->axes[i].n);
    variant /= st->axes[i].n;
  }
}

bool ss_study_add_axis(ss_study *st, const ss_study_axis *axis, char **error)
{
  if (axis->param < 0 || axis->param >= st->sc->n_params) {
    ss_set_error(error, "no parameter %d in scenario '%s'", axis->param, st->sc->name);
    return false;
  }
  const ss_param_info *p = &st->sc->params[axis->param];
  if (st->n_axes == SS_STUDY_MAX_AXES) {
    ss_set_error(error, "at most %d parameters can be varied", SS_STUDY_MAX_AXES);
    return false;
  }
  for (int i = 0; i < st->n_axes; i++) {
    if (st->axes[i].param == axis->param) {
      ss_set_error(error, "parameter '%s' is varied twice", p->name);
      return false;
    }
  }
  if (p->kind != SS_PARAM_REAL) {
    ss_set_error(error,
                 "parameter '%s' is a choice; only real parameters can be varied (set a "
                 "choice with NAME=VALUE)",
                 p->name);
    return false;
  }
  if (!ss_param_check(p, axis->lo, error) || !ss_param_check(p, axis->hi, error))
    return false;
  if (axis->scale == SS_STUDY_LOG && !(axis->lo > 0.0 && axis->hi > 0.0)) {
    ss_set_error(error, "parameter '%s': a log range needs LO > 0 and HI > 0 (got %g:%g)", p->name,
                 axis->lo, axis->hi);
    return false;
  }
  long total = (long)ss_study_n_variants(st) * axis->n;
  if (axis->n < 1 || axis->n > SS_STUDY_MAX_VARIANTS || total > SS_STUDY_MAX_VARIANTS) {
    ss_set_error(error,
                 "parameter '%s': %d points; valid: 1 to %d points, at most %d variants "
                 "in all",
                 p->name, axis->n, SS_STUDY_MAX_VARIANTS, SS_STUDY_MAX_VARIANTS);
    return false;
  }
  if ((p->flags & SS_PARAM_INTEGER) &&
      (axis->lo != floor(axis->lo) || axis->hi != floor(axis->hi) ||
       (axis->n > 1 && fmod(axis->hi - axis->lo, axis->n - 1) != 0.0) ||
       axis->scale == SS_STUDY_LOG)) {
    ss_set_error(error,
                 "parameter '%s' takes whole numbers: a linear range whose N - 1 steps "
                 "are whole",
                 p->name);
    return false;
  }
  st->axes[st->n_axes++] = *axis;
  return true;
}

bool ss_study_add_axis_text(ss_study *st, const char *spec, char **error)
{
  static const char form[] = "NAME=LO:HI:N or NAME=LO:HI:N:log (N points from LO to HI)";
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec) {
    ss_set_error(error, "'%s' is not of the form %s", spec, form);
    return false;
  }
  char *name = g_strndup(spec, (size_t)(eq - spec));
  int param = ss_scenario_param_index(st->sc, name);
  g_auto(GStrv) parts = g_strsplit(eq + 1, ":", -1);
  guint n_parts = g_strv_length(parts);
  if (param < 0) {
    ss_set_error(error, "scenario '%s' has no parameter '%s' (see: stickslip-cli params %s)",
                 st->sc->name, name, st->sc->name);
    g_free(name);
    return false;
  }
  g_free(name);
  ss_study_axis axis = {.param = param};
  bool ok = n_parts == 3 || n_parts == 4;
  char *end = NULL;
  for (int i = 0; ok && i < 2; i++) {
    double v = g_ascii_strtod(parts[i], &end); /* a '.' in any locale; resets errno */
    ok = end != parts[i] && *end == '\0' && errno != ERANGE && isfinite(v);
    *(i ? &axis.hi : &axis.lo) = v;
  }
  if (ok) {
    errno = 0;
    long n = strtol(parts[2], &end, 10);
    ok = end != parts[2] && *end == '\0' && errno == 0 && n >= 1 && n <= SS_STUDY_MAX_VARIANTS;
    axis.n = (int)n;
  }
  if (ok && n_parts == 4) {
    ok = strcmp(parts[3], "log") == 0 || strcmp(parts[3], "lin") == 0;
    axis.scale = strcmp(parts[3], "log") == 0 ? SS_STUDY_LOG : SS_STUDY_LINEAR;
  }
  if (!ok) {
    ss_set_error(error,
                 "'%s' is not of the form %s; LO and HI numbers, N a whole number from 1 "
                 "to %d",
                 spec, form, SS_STUDY_MAX_VARIANTS);
    return false;
  }
  return ss_study_add_axis(st, &axis, error);
}

/* ---- outcomes ---------------------------------------------------------- */

static const char outcome_forms[] =
    "a run metric (period, amplitude, energy.dissipated, C.first_slip, C.stick_phases, "
    "C.stick_time, C.longest_stick, C.max_ratio for a contact C), or max:COL, min:COL, "
    "final:COL, amp:COL, at:T:COL for a column COL";

int ss_study_n_outcomes(const ss_study *st) { return st->n_outcomes; }
const char *ss_study_outcome_spec(const ss_study *st, int i) { return st->outcomes[i].spec; }
const char *ss_study_outcome_unit(const ss_study *st, int i)
{
  return st->outcomes[i].unit ? st->outcomes[i].unit : "";
}

bool ss_study_add_outcome(ss_study *st, const char *spec, char **error)
{
  static const struct {
    const char *prefix;
    outcome_kind kind;
  } prefixes[] = {{"max:", OUTCOME_MAX},
                  {"min:", OUTCOME_MIN},
                  {"final:", OUTCOME_FINAL},
                  {"amp:", OUTCOME_AMP},
                  {"at:", OUTCOME_AT}};
  outcome o = {.kind = OUTCOME_METRIC, .t = NAN};
  const char *rest = spec;
  for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++) {
    if (g_str_has_prefix(spec, prefixes[i].prefix)) {
      o.kind = prefixes[i].kind;
      rest = spec + strlen(prefixes[i].prefix);
    }
  }
  if (o.kind == OUTCOME_AT) {
    const char *colon = strchr(rest, ':');
    char *end = NULL;
    char *num = colon ? g_strndup(rest, (size_t)(colon - rest)) : NULL;
    double t = num ? g_ascii_strtod(num, &end) : NAN;
    bool ok = num && end != num && *end == '\0' && isfinite(t) && t >= 0.0;
    g_free(num);
    if (!ok) {
      ss_set_error(error, "'%s': at:T:COL needs a time T >= 0 in seconds, e.g. at:2.5:v", spec);
      return false;
    }
    o.t = t;
    rest = colon + 1;
  }
  if (!*rest || strchr(rest, ':') || strchr(rest, ',')) {
    ss_set_error(error, "'%s' is not an outcome; valid: %s", spec, outcome_forms);
    return false;
  }
  outcome *grown = realloc(st->outcomes, sizeof *grown * (size_t)(st->n_outcomes + 1));
  if (!grown) {
    ss_set_error(error, "out of memory");
    return false;
  }
  st->outcomes = grown;
  o.spec = dup_str(spec);
  o.name = dup_str(rest);
  st->outcomes[st->n_outcomes++] = o;
  return true;
}

/* Index of outcome o's metric or column in model m, or -1. */
static int resolve_outcome(const ss_model *m, const outcome *o)
{
  return o->kind == OUTCOME_METRIC ? ss_metrics_find(m, o->name) : ss_model_column_find(m, o->name);
}

static double run_t_end(const ss_study *st)
{
  return st->opts.t_end > 0 ? st->opts.t_end : st->sc->t_end;
}

/* The model of `variant` (base values, the axes' points); NULL + *error. */
static ss_model *variant_model(const ss_study *st, int variant, double *axis_values, char **error)
{
  double *values = malloc(sizeof(double) * (size_t)(st->sc->n_params + 1));
  if (!values)
    return ss_set_error(error, "out of memory");
  memcpy(values, st->base, sizeof(double) * (size_t)st->sc->n_params);
  ss_study_variant_point(st, variant, axis_values);
  for (int i = 0; i < st->n_axes; i++) {
    const ss_param_info *p = &st->sc->params[st->axes[i].param];
    if (!ss_param_check(p, axis_values[i], error)) {
      free(values);
      return NULL;
    }
    values[st->axes[i].param] = axis_values[i];
  }
  ss_model *m = st->sc->create(st->sc, values, error);
  free(values);
  return m;
}

static void list_names(const ss_model *m, GString *s)
{
  ss_metric_desc d;
  g_string_append(s, "metrics:");
  for (int i = 0; ss_metrics_describe(m, i, &d); i++)
    g_string_append_printf(s, " %s", d.name);
  g_string_append(s, "; columns:");
  for (int i = 0; i < ss_model_n_columns(m); i++)
    g_string_append_printf(s, " %s", ss_model_column(m, i)->name);
}

bool ss_study_validate(ss_study *st, char **error)
{
  if (st->n_outcomes == 0) {
    ss_set_error(error, "no outcome; valid: %s", outcome_forms);
    return false;
  }
  double t_end = run_t_end(st);
  for (int i = 0; i < st->n_outcomes; i++) {
    if (st->outcomes[i].kind == OUTCOME_AT && st->outcomes[i].t > t_end) {
      ss_set_error(error, "'%s': T is after the run's end; valid: 0 <= T <= %g s",
                   st->outcomes[i].spec, t_end);
      return false;
    }
  }
  /* the first variant that builds a model (of the first 64: building is
   * cheap, but not a million times); none: each variant says why */
  double axis_values[SS_STUDY_MAX_AXES];
  ss_model *m = NULL;
  for (int v = 0; v < ss_study_n_variants(st) && v < 64 && !m; v++)
    m = variant_model(st, v, axis_values, NULL);
  if (!m)
    return true;
  for (int i = 0; i < st->n_outcomes; i++) {
    outcome *o = &st->outcomes[i];
    int idx = resolve_outcome(m, o);
    if (idx < 0) {
      g_autoptr(GString) names = g_string_new(NULL);
      list_names(m, names);
      ss_set_error(error, "'%s': %s '%s' in scenario '%s'; valid: %s. %s", o->spec,
                   o->kind == OUTCOME_METRIC ? "no metric" : "no column", o->name, st->sc->name,
                   outcome_forms, names->str);
      ss_model_free(m);
      return false;
    }
    ss_metric_desc d;
    const char *unit = o->kind == OUTCOME_METRIC ? (ss_metrics_describe(m, idx, &d), d.unit)
                                                 : ss_model_column(m, idx)->unit;
    snprintf(o->unit_buf, sizeof o->unit_buf, "%s", unit);
    o->unit = o->unit_buf;
  }
  ss_model_free(m);
  return true;
}

/* ---- one variant ------------------------------------------------------- */

/* Column value at time t: linear between the rows around t (a stick column
 * is a step: the row before), the last row at t itself (after an event);
 * NaN outside the run. */
static double value_at(const ss_model *m, const ss_trace *tr, int col, double t)
{
  if (tr->n_rows == 0 || t < tr->t[0] || t > tr->t[tr->n_rows - 1])
    return NAN;
  size_t lo = 0, hi = tr->n_rows; /* first row with time > t */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (tr->t[mid] > t)
      hi = mid;
    else
      lo = mid + 1;
  }
  size_t r = lo - 1; /* last row with time <= t */
  double y0 = ss_trace_at(tr, r, col);
  if (tr->t[r] == t || r + 1 >= tr->n_rows || ss_model_column(m, col)->kind == SS_COL_STICK)
    return y0;
  double s = (t - tr->t[r]) / (tr->t[r + 1] - tr->t[r]);
  return y0 + s * (ss_trace_at(tr, r + 1, col) - y0);
}

static double evaluate(const ss_model *m, const ss_trace *tr, const ss_metrics *mt,
                       const outcome *o, int idx)
{
  double t_last = tr->n_rows ? tr->t[tr->n_rows - 1] : 0.0;
  switch (o->kind) {
  case OUTCOME_METRIC: return ss_metrics_value(mt, idx);
  case OUTCOME_MAX: return ss_trace_extremum(tr, idx, 0.0, t_last, true);
  case OUTCOME_MIN: return ss_trace_extremum(tr, idx, 0.0, t_last, false);
  case OUTCOME_FINAL: return tr->n_rows ? ss_trace_at(tr, tr->n_rows - 1, idx) : NAN;
  case OUTCOME_AT: return value_at(m, tr, idx, o->t);
  case OUTCOME_AMP:
    return isnan(mt->period)
               ? NAN
               : ss_trace_half_range(tr, idx, mt->period_end - mt->period, mt->period_end);
  }
  return NAN;
}

typedef struct run_ctx {
  const ss_study *st;
  const ss_study_exec *ex;
  ss_study_result *r;
  int done;    /* finished variants */
  GMutex lock; /* guards done and the progress calls */
} run_ctx;

static bool cancelled(const run_ctx *ctx)
{
  return ctx->ex->cancel && g_atomic_int_get(ctx->ex->cancel) != 0;
}

/* The whole history, in 64 stretches with a look at cancel between them
 * (the integrator's steps do not depend on where ss_sim_advance stops, so
 * the trace is ss_run's bit for bit). */
static ss_trace *run_history(const run_ctx *ctx, const ss_model *m, const int *idx, char **error)
{
  ss_sim *s = ss_sim_new(m, &ctx->st->opts, error);
  if (!s)
    return NULL;
  ss_trace *tr = ss_trace_new(ss_model_n_columns(m));
  /* the extremes the metrics and the outcomes take, from the dense output */
  bool watched = tr && ss_metrics_watch(m, tr, s);
  for (int i = 0; watched && i < ctx->st->n_outcomes; i++) {
    outcome_kind k = ctx->st->outcomes[i].kind;
    if (k == OUTCOME_MAX || k == OUTCOME_MIN || k == OUTCOME_AMP)
      watched = ss_trace_watch(tr, s, idx[i], k != OUTCOME_AMP);
  }
  if (!watched) {
    ss_trace_free(tr);
    ss_sim_free(s);
    return ss_set_error(error, "out of memory");
  }
  ss_sink sink = ss_trace_sink(tr);
  double t_end = ss_sim_t_end(s);
  for (int k = 1;; k++) {
    int rc = ss_sim_advance(s, k >= 64 ? INFINITY : t_end * k / 64.0, &sink);
    if (rc < 0) {
      ss_set_error(error, "%s", ss_sim_error(s));
      break;
    }
    if (rc == 1) {
      ss_sim_free(s);
      return tr;
    }
    if (cancelled(ctx)) {
      ss_set_error(error, "cancelled");
      break;
    }
  }
  ss_trace_free(tr);
  ss_sim_free(s);
  return NULL;
}

static void run_variant(run_ctx *ctx, int row)
{
  const ss_study *st = ctx->st;
  ss_study_result *r = ctx->r;
  int variant = r->first + row;
  double *axis_values = r->axis_values + (size_t)row * (size_t)st->n_axes;
  double *values = r->values + (size_t)row * (size_t)st->n_outcomes;
  char *err = NULL;
  ss_model *m = NULL;
  ss_trace *tr = NULL;
  ss_metrics *mt = NULL;
  int *idx = malloc(sizeof(int) * (size_t)(st->n_outcomes + 1));
  if (!idx) {
    ss_set_error(&err, "out of memory");
    goto done;
  }
  ss_study_variant_point(st, variant, axis_values);
  if (cancelled(ctx)) {
    ss_set_error(&err, "cancelled");
    goto done;
  }
  m = variant_model(st, variant, axis_values, &err);
  if (!m)
    goto done;
  for (int i = 0; i < st->n_outcomes; i++) {
    idx[i] = resolve_outcome(m, &st->outcomes[i]);
    if (idx[i] < 0) {
      ss_set_error(&err, "no %s '%s' in this variant",
                   st->outcomes[i].kind == OUTCOME_METRIC ? "metric" : "column",
                   st->outcomes[i].name);
      goto done;
    }
  }
  tr = run_history(ctx, m, idx, &err);
  if (!tr)
    goto done;
  mt = ss_metrics_compute(m, tr);
  if (!mt) {
    ss_set_error(&err, "out of memory");
    goto done;
  }
  for (int i = 0; i < st->n_outcomes; i++) {
    values[i] = evaluate(m, tr, mt, &st->outcomes[i], idx[i]);
    const outcome *o = &st->outcomes[i];
    if (o->kind == OUTCOME_AMP || (o->kind == OUTCOME_METRIC &&
                                   (idx[i] == SS_METRIC_PERIOD || idx[i] == SS_METRIC_AMPLITUDE)))
      r->periodic[row] = (int)mt->period_status; /* an outcome needs the period */
  }
done:
  if (err) {
    for (int i = 0; i < st->n_outcomes; i++)
      values[i] = NAN;
    if (!err[0])
      ss_set_error(&err, "failed");
  }
  r->status[row] = err;
  free(idx);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);

  g_mutex_lock(&ctx->lock);
  ctx->done++;
  if (err)
    r->n_failed++;
  if (ctx->ex->progress) {
    ss_study_report rep = {ctx->done, r->n_rows, row, variant, axis_values, values, err};
    ctx->ex->progress(ctx->ex->user, &rep);
  }
  g_mutex_unlock(&ctx->lock);
}

static void pool_task(gpointer data, gpointer user)
{
  run_variant(user, GPOINTER_TO_INT(data) - 1);
}

void ss_study_result_free(ss_study_result *r)
{
  if (!r)
    return;
  for (int i = 0; r->status && i < r->n_rows; i++)
    free(r->status[i]);
  free(r->status);
  free(r->periodic);
  free(r->axis_values);
  free(r->values);
  free(r);
}

ss_study_result *ss_study_run(const ss_study *st, const ss_study_exec *ex, char **error)
{
  ss_study_exec defaults = {0};
  if (!ex)
    ex = &defaults;
  int total = ss_study_n_variants(st);
  int first = ex->first, count = ex->count > 0 ? ex->count : total - ex->first;
  if (first < 0 || count < 0 || first + count > total)
    return ss_set_error(error, "variants %d to %d are outside the study's 0 to %d", first,
                        first + count - 1, total - 1);
  ss_study_result *r = calloc(1, sizeof *r);
  if (!r)
    return ss_set_error(error, "out of memory");
  r->first = first;
  r->n_rows = count;
  r->n_axes = st->n_axes;
  r->n_outcomes = st->n_outcomes;
  r->axis_values = calloc((size_t)count * (size_t)st->n_axes + 1, sizeof(double));
  r->values = calloc((size_t)count * (size_t)st->n_outcomes + 1, sizeof(double));
  r->status = calloc((size_t)count + 1, sizeof(char *));
  r->periodic = calloc((size_t)count + 1, sizeof(int));
  if (!r->axis_values || !r->values || !r->status || !r->periodic) {
    ss_study_result_free(r);
    return ss_set_error(error, "out of memory");
  }
  run_ctx ctx = {.st = st, .ex = ex, .r = r};
  g_mutex_init(&ctx.lock);
  int jobs = ex->jobs > 0 ? ex->jobs : (int)g_get_num_processors();
  if (jobs > count)
    jobs = count;
  GThreadPool *pool = NULL;
  if (jobs > 1)
    pool = g_thread_pool_new(pool_task, &ctx, jobs, TRUE, NULL);
  for (int row = 0; row < count; row++) {
    if (!pool || !g_thread_pool_push(pool, GINT_TO_POINTER(row + 1), NULL))
      run_variant(&ctx, row); /* one job, or no threads to be had: here */
  }
  if (pool)
    g_thread_pool_free(pool, FALSE, TRUE); /* waits for every variant */
  g_mutex_clear(&ctx.lock);
  r->cancelled = cancelled(&ctx);
  return r;
}

void ss_study_shard_range(int n_variants, int k, int n, int *first, int *count)
{
  if (n < 1 || k < 1 || k > n || n_variants < 0) {
    *first = *count = 0;
    return;
  }
  long a = (long)n_variants * (k - 1) / n, b = (long)n_variants * k / n;
  *first = (int)a;
  *count = (int)(b - a);
}

/* ---- CSV --------------------------------------------------------------- */

static void put_field(FILE *f, const char *s)
{
  if (!strpbrk(s, ",\"\n\r")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void put_number(FILE *f, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  ss_number_format(v, buf, sizeof buf);
  fputs(buf, f);
}

char *ss_study_row_status(const ss_study_result *r, int row)
{
  if (r->status[row] && strcmp(r->status[row], "cancelled") == 0)
    return strdup("cancelled"); /* not run: no failure */
  if (r->status[row])
    return g_strdup_printf("failed: %s", r->status[row]);
  return strdup(
      ss_period_status_name(r->periodic ? (ss_period_status)r->periodic[row] : SS_PERIODIC));
}

int ss_study_write_csv(const ss_study *st, const ss_study_result *r, bool header, FILE *f)
{
  if (header) {
    for (int i = 0; i < st->n_axes; i++) {
      put_field(f, st->sc->params[st->axes[i].param].name);
      fputc(',', f);
    }
    for (int i = 0; i < st->n_outcomes; i++) {
      put_field(f, st->outcomes[i].spec);
      fputc(',', f);
    }
    fputs("status\n", f);
  }
  for (int row = 0; r && row < r->n_rows; row++) {
    for (int i = 0; i < r->n_axes; i++) {
      put_number(f, r->axis_values[(size_t)row * (size_t)r->n_axes + (size_t)i]);
      fputc(',', f);
    }
    for (int i = 0; i < r->n_outcomes; i++) {
      put_number(f, r->values[(size_t)row * (size_t)r->n_outcomes + (size_t)i]);
      fputc(',', f);
    }
    char *status = ss_study_row_status(r, row);
    if (status)
      put_field(f, status);
    free(status);
    fputc('\n', f);
  }
  return ferror(f) ? -1 : 0;
}
