/* ss-api.c - the stable C entry layer of libstickslip (stickslip/api.h):
 * opaque handles over the model library's scenarios, examples, study
 * presets, runs and studies, for bindings such as the Python module.  Every
 * refusal carries the library's own message, the one the CLI prints. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "examples.h"
#include "metrics.h"
#include "stickslip.h"
#include "study-presets.h"
#include "study.h"

#include <stickslip/api.h>

/* ---- errors: the last one per thread ----------------------------------- */

static _Thread_local char api_error[4096];

static void set_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void set_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(api_error, sizeof api_error, fmt, ap);
  va_end(ap);
}

/* Takes a library message (freed here). */
static void take_error(char *err, const char *fallback)
{
  set_error("%s", err ? err : fallback);
  free(err);
}

/* At most the first 40 characters of user input in a message. */
static const char *excerpt(const char *text, char *buf, size_t size)
{
  if (!text)
    return "";
  if (strlen(text) < 41)
    return text;
  snprintf(buf, size, "%.40s...", text);
  return buf;
}

int ss_api_version(void) { return SS_API_VERSION; }
const char *ss_api_error(void) { return api_error; }
const char *ss_api_cvode_build(void) { return ss_cvode_build(); }

/* ---- scenarios and parameters ----------------------------------------- */

static const ss_scenario *scenario_at(int s)
{
  return s >= 0 && s < ss_scenario_count() ? ss_scenario_get(s) : NULL;
}

static const ss_param_info *param_at(int s, int p)
{
  const ss_scenario *sc = scenario_at(s);
  return sc && p >= 0 && p < sc->n_params ? &sc->params[p] : NULL;
}

int ss_api_scenario_count(void) { return ss_scenario_count(); }

/* "unknown scenario 'x'; valid: one-mass, dupont, ..." */
static void unknown_scenario(const char *name)
{
  char buf[64];
  GString *s = g_string_new(NULL);
  g_string_printf(s, "unknown scenario '%s'; valid:", excerpt(name, buf, sizeof buf));
  for (int i = 0; i < ss_scenario_count(); i++)
    g_string_append_printf(s, "%s %s", i ? "," : "", ss_scenario_get(i)->name);
  set_error("%s", s->str);
  g_string_free(s, TRUE);
}

int ss_api_scenario_find(const char *name)
{
  for (int i = 0; name && i < ss_scenario_count(); i++)
    if (strcmp(ss_scenario_get(i)->name, name) == 0)
      return i;
  unknown_scenario(name);
  return -1;
}

const char *ss_api_scenario_name(int s) { return scenario_at(s) ? scenario_at(s)->name : NULL; }
const char *ss_api_scenario_title(int s) { return scenario_at(s) ? scenario_at(s)->title : NULL; }
const char *ss_api_scenario_description(int s)
{
  return scenario_at(s) ? scenario_at(s)->description : NULL;
}
double ss_api_scenario_t_end(int s) { return scenario_at(s) ? scenario_at(s)->t_end : NAN; }
double ss_api_scenario_dt_out(int s) { return scenario_at(s) ? scenario_at(s)->dt_out : NAN; }

int ss_api_param_count(int s) { return scenario_at(s) ? scenario_at(s)->n_params : -1; }
const char *ss_api_param_name(int s, int p) { return param_at(s, p) ? param_at(s, p)->name : NULL; }
const char *ss_api_param_label(int s, int p)
{
  return param_at(s, p) ? param_at(s, p)->label : NULL;
}
const char *ss_api_param_unit(int s, int p) { return param_at(s, p) ? param_at(s, p)->unit : NULL; }
const char *ss_api_param_description(int s, int p)
{
  return param_at(s, p) ? param_at(s, p)->description : NULL;
}
const char *ss_api_param_group(int s, int p)
{
  return param_at(s, p) ? param_at(s, p)->group : NULL;
}
int ss_api_param_is_choice(int s, int p)
{
  return param_at(s, p) ? param_at(s, p)->kind == SS_PARAM_CHOICE : -1;
}
double ss_api_param_default(int s, int p) { return param_at(s, p) ? param_at(s, p)->def : NAN; }
double ss_api_param_min(int s, int p) { return param_at(s, p) ? param_at(s, p)->min : NAN; }
double ss_api_param_max(int s, int p) { return param_at(s, p) ? param_at(s, p)->max : NAN; }

static int param_flag(int s, int p, unsigned flag)
{
  return param_at(s, p) ? (param_at(s, p)->flags & flag) != 0 : -1;
}
int ss_api_param_min_exclusive(int s, int p) { return param_flag(s, p, SS_PARAM_MIN_EXCLUSIVE); }
int ss_api_param_integer(int s, int p) { return param_flag(s, p, SS_PARAM_INTEGER); }
int ss_api_param_log(int s, int p) { return param_flag(s, p, SS_PARAM_LOG); }

int ss_api_param_range(int s, int p, char *buf, size_t size)
{
  const ss_param_info *info = param_at(s, p);
  if (!info || !buf || size == 0)
    return -1;
  ss_param_describe_range(info, buf, size);
  return (int)strlen(buf);
}

int ss_api_param_n_choices(int s, int p)
{
  const ss_param_info *info = param_at(s, p);
  int n = 0;
  while (info && info->kind == SS_PARAM_CHOICE && info->choices[n])
    n++;
  return info ? n : -1;
}

const char *ss_api_param_choice(int s, int p, int c)
{
  return c >= 0 && c < ss_api_param_n_choices(s, p) ? param_at(s, p)->choices[c] : NULL;
}

int ss_api_option_count(void) { return SS_RUN_N_OPTIONS; }
const char *ss_api_option_name(int i)
{
  return ss_run_option_get(i) ? ss_run_option_get(i)->name : NULL;
}
const char *ss_api_option_unit(int i)
{
  return ss_run_option_get(i) ? ss_run_option_get(i)->unit : NULL;
}
const char *ss_api_option_description(int i)
{
  return ss_run_option_get(i) ? ss_run_option_get(i)->description : NULL;
}
double ss_api_option_default(int i)
{
  return ss_run_option_get(i) ? ss_run_option_get(i)->def : NAN;
}

/* ---- examples and study presets ---------------------------------------- */

int ss_api_example_count(void) { return ss_example_count(); }
const char *ss_api_example_id(int e) { return ss_example_get(e) ? ss_example_get(e)->id : NULL; }
const char *ss_api_example_scenario(int e)
{
  return ss_example_get(e) ? ss_example_get(e)->scenario : NULL;
}
const char *ss_api_example_source(int e)
{
  return ss_example_get(e) ? ss_example_get(e)->source : NULL;
}
const char *ss_api_example_title(int e)
{
  return ss_example_get(e) ? ss_example_get(e)->title : NULL;
}
const char *ss_api_example_note(int e)
{
  return ss_example_get(e) ? ss_example_get(e)->note : NULL;
}
int ss_api_example_n_settings(int e)
{
  return ss_example_get(e) ? ss_example_get(e)->n_settings : -1;
}

static const ss_example_setting *setting_at(int e, int k)
{
  const ss_example *ex = ss_example_get(e);
  return ex && k >= 0 && k < ex->n_settings ? &ex->settings[k] : NULL;
}
const char *ss_api_example_setting_label(int e, int k)
{
  return setting_at(e, k) ? setting_at(e, k)->label : NULL;
}
const char *ss_api_example_setting_assignments(int e, int k)
{
  return setting_at(e, k) ? setting_at(e, k)->assignments : NULL;
}

int ss_api_preset_count(void) { return ss_study_preset_count(); }
const char *ss_api_preset_name(int i)
{
  return ss_study_preset_get(i) ? ss_study_preset_get(i)->name : NULL;
}
const char *ss_api_preset_title(int i)
{
  return ss_study_preset_get(i) ? ss_study_preset_get(i)->title : NULL;
}
const char *ss_api_preset_description(int i)
{
  return ss_study_preset_get(i) ? ss_study_preset_get(i)->description : NULL;
}
const char *ss_api_preset_scenario(int i)
{
  return ss_study_preset_get(i) ? ss_study_preset_get(i)->scenario : NULL;
}

/* Entry k of a NULL-terminated list of at most max entries. */
static const char *list_at(const char *const *list, int max, int k)
{
  for (int j = 0; j < max && list[j]; j++)
    if (j == k)
      return list[j];
  return NULL;
}
const char *ss_api_preset_set(int i, int k)
{
  const ss_study_preset *p = ss_study_preset_get(i);
  return p ? list_at(p->sets, SS_STUDY_PRESET_MAX_SETS, k) : NULL;
}
const char *ss_api_preset_axis(int i, int k)
{
  const ss_study_preset *p = ss_study_preset_get(i);
  return p ? list_at(p->axes, SS_STUDY_MAX_AXES, k) : NULL;
}
const char *ss_api_preset_outcome(int i, int k)
{
  const ss_study_preset *p = ss_study_preset_get(i);
  return p ? list_at(p->outcomes, SS_STUDY_PRESET_MAX_OUTCOMES, k) : NULL;
}

/* ---- specifications ---------------------------------------------------- */

/* The study holds the base values (its ss_study_set is --set's path, with
 * its messages), the axes and the outcomes; a run uses the base values. */
struct ss_api_spec {
  const ss_scenario *sc;
  ss_study *st;
  ss_run_opts opts; /* as given: 0 = the default */
};

static ss_api_spec *spec_wrap(const ss_scenario *sc, ss_study *st)
{
  ss_api_spec *sp = st ? calloc(1, sizeof *sp) : NULL;
  if (!sp) {
    ss_study_free(st);
    set_error("out of memory");
    return NULL;
  }
  sp->sc = sc;
  sp->st = st;
  return sp;
}

ss_api_spec *ss_api_spec_new(const char *scenario)
{
  int s = ss_api_scenario_find(scenario);
  if (s < 0)
    return NULL;
  return spec_wrap(ss_scenario_get(s), ss_study_new(ss_scenario_get(s)));
}

ss_api_spec *ss_api_spec_new_example(const char *id, int n)
{
  const ss_example *ex = id ? ss_example_find(id) : NULL;
  char buf[64];
  if (!ex) {
    GString *s = g_string_new(NULL);
    g_string_printf(s, "unknown example '%s'; valid:", excerpt(id, buf, sizeof buf));
    for (int i = 0; i < ss_example_count(); i++)
      g_string_append_printf(s, "%s %s", i ? "," : "", ss_example_get(i)->id);
    set_error("%s", s->str);
    g_string_free(s, TRUE);
    return NULL;
  }
  if (n < 1 || n > ex->n_settings) {
    set_error("example %s has settings 1 to %d", ex->id, ex->n_settings);
    return NULL;
  }
  char *err = NULL;
  double *values = ss_example_setting_values(ex, n - 1, &err);
  if (!values) {
    take_error(err, "no such example setting");
    return NULL;
  }
  const ss_scenario *sc = ss_example_scenario(ex);
  ss_api_spec *sp = spec_wrap(sc, ss_study_new(sc));
  for (int p = 0; sp && p < sc->n_params; p++) {
    if (ss_api_spec_set_value(sp, sc->params[p].name, values[p]) != SS_API_OK) {
      ss_api_spec_free(sp);
      sp = NULL;
    }
  }
  free(values);
  if (sp && ex->dt_out > 0)
    ss_run_opts_set(&sp->opts, SS_RUN_DT_OUT, ex->dt_out, NULL);
  return sp;
}

ss_api_spec *ss_api_spec_new_preset(const char *name)
{
  const ss_study_preset *p = name ? ss_study_preset_find(name) : NULL;
  char buf[64];
  if (!p) {
    GString *s = g_string_new(NULL);
    g_string_printf(s, "no study preset '%s'; valid:", excerpt(name, buf, sizeof buf));
    for (int i = 0; i < ss_study_preset_count(); i++)
      g_string_append_printf(s, "%s %s", i ? "," : "", ss_study_preset_get(i)->name);
    set_error("%s", s->str);
    g_string_free(s, TRUE);
    return NULL;
  }
  char *err = NULL;
  ss_study *st = ss_study_preset_build(p, &err);
  if (!st) {
    take_error(err, "the preset cannot be built");
    return NULL;
  }
  return spec_wrap(ss_study_scenario(st), st);
}

void ss_api_spec_free(ss_api_spec *sp)
{
  if (!sp)
    return;
  ss_study_free(sp->st);
  free(sp);
}

const char *ss_api_spec_scenario(const ss_api_spec *sp) { return sp ? sp->sc->name : NULL; }

ss_api_status ss_api_spec_set(ss_api_spec *sp, const char *name, const char *text)
{
  char *err = NULL;
  if (!sp || !name || !text) {
    set_error("a specification, a name and a value are needed");
    return SS_API_INVALID;
  }
  bool ok;
  if (ss_scenario_param_index(sp->sc, name) < 0 && ss_run_option_index(name) >= 0) {
    ok = ss_run_opts_set_text(&sp->opts, name, text, &err);
  } else {
    char *assignment = g_strdup_printf("%s=%s", name, text);
    ok = ss_study_set(sp->st, assignment, &err);
    g_free(assignment);
  }
  if (!ok) {
    take_error(err, "invalid value");
    return SS_API_INVALID;
  }
  return SS_API_OK;
}

ss_api_status ss_api_spec_set_value(ss_api_spec *sp, const char *name, double value)
{
  char text[64];
  int p = sp && name ? ss_scenario_param_index(sp->sc, name) : -1;
  if (p >= 0) {
    ss_param_format(&sp->sc->params[p], value, text, sizeof text); /* reads back exactly */
    return ss_api_spec_set(sp, name, text);
  }
  int i = name ? ss_run_option_index(name) : -1;
  if (sp && i >= 0) {
    char *err = NULL;
    if (!ss_run_opts_set(&sp->opts, i, value, &err)) {
      take_error(err, "invalid value");
      return SS_API_INVALID;
    }
    return SS_API_OK;
  }
  return ss_api_spec_set(sp, name, "0"); /* the unknown name's message */
}

double ss_api_spec_get(const ss_api_spec *sp, const char *name)
{
  int p = sp && name ? ss_scenario_param_index(sp->sc, name) : -1;
  if (p >= 0)
    return ss_study_base_values(sp->st)[p];
  int i = sp && name ? ss_run_option_index(name) : -1;
  return i >= 0 ? ss_run_opts_get(&sp->opts, i) : NAN;
}

ss_api_status ss_api_spec_add_axis(ss_api_spec *sp, const char *text)
{
  char *err = NULL;
  if (!sp || !text) {
    set_error("a specification and an axis are needed");
    return SS_API_INVALID;
  }
  if (!ss_study_add_axis_text(sp->st, text, &err)) {
    take_error(err, "invalid axis");
    return SS_API_INVALID;
  }
  return SS_API_OK;
}

ss_api_status ss_api_spec_add_axis_range(ss_api_spec *sp, const char *name, double lo, double hi,
                                         int n, int log)
{
  char a[32], b[32];
  ss_format_double(lo, a, sizeof a);
  ss_format_double(hi, b, sizeof b);
  char *text = g_strdup_printf("%s=%s:%s:%d%s", name ? name : "", a, b, n, log ? ":log" : "");
  ss_api_status rc = ss_api_spec_add_axis(sp, text);
  g_free(text);
  return rc;
}

ss_api_status ss_api_spec_add_outcome(ss_api_spec *sp, const char *text)
{
  char *err = NULL;
  if (!sp || !text) {
    set_error("a specification and an outcome are needed");
    return SS_API_INVALID;
  }
  if (!ss_study_add_outcome(sp->st, text, &err)) {
    take_error(err, "invalid outcome");
    return SS_API_INVALID;
  }
  return SS_API_OK;
}

int ss_api_spec_n_axes(const ss_api_spec *sp) { return sp ? ss_study_n_axes(sp->st) : -1; }
int ss_api_spec_n_outcomes(const ss_api_spec *sp) { return sp ? ss_study_n_outcomes(sp->st) : -1; }
int ss_api_spec_n_variants(const ss_api_spec *sp) { return sp ? ss_study_n_variants(sp->st) : -1; }

/* ---- runs -------------------------------------------------------------- */

/* The models of recent runs, by scenario and values: a notebook runs the
 * same values again and again (a plot, then its zoom), and building a
 * model (its checks, its statics, its columns) is a few percent of a
 * sub-millisecond run.  A model is constant once built, so runs on any
 * thread share one.  At most MODEL_CACHE_SIZE entries, the least recently
 * used evicted; an evicted model lives on until its last run is freed. */
#define MODEL_CACHE_SIZE 8

typedef struct cached_model {
  const ss_scenario *sc;
  double *values; /* sc->n_params, compared bit for bit */
  ss_model *m;
  int users;          /* runs holding it */
  bool cached;        /* still in the cache */
  unsigned long used; /* when last handed out */
} cached_model;

static GMutex cache_lock;
static cached_model *cache[MODEL_CACHE_SIZE];
static int cache_n;
static unsigned long cache_clock;

static void cached_model_free(cached_model *c)
{
  ss_model_free(c->m);
  free(c->values);
  free(c);
}

/* lock held: the entry for sc and values, or NULL */
static cached_model *cache_find(const ss_scenario *sc, const double *values)
{
  for (int i = 0; i < cache_n; i++)
    if (cache[i]->sc == sc &&
        memcmp(cache[i]->values, values, sizeof(double) * (size_t)sc->n_params) == 0)
      return cache[i];
  return NULL;
}

/* lock held: takes entry i out; its model goes with its last run */
static void cache_drop(int i)
{
  cached_model *c = cache[i];
  cache[i] = cache[--cache_n];
  c->cached = false;
  if (c->users == 0)
    cached_model_free(c);
}

/* The model of sc with values, shared (model_release when done); NULL and
 * *error when it cannot be built (nothing is kept of a refusal). */
static cached_model *model_acquire(const ss_scenario *sc, const double *values, char **error)
{
  g_mutex_lock(&cache_lock);
  cached_model *c = cache_find(sc, values);
  if (c) {
    c->users++;
    c->used = ++cache_clock;
    g_mutex_unlock(&cache_lock);
    return c;
  }
  g_mutex_unlock(&cache_lock);

  /* built outside the lock: other threads' runs go on meanwhile */
  c = calloc(1, sizeof *c);
  if (!c || !(c->values = malloc(sizeof(double) * (size_t)(sc->n_params ? sc->n_params : 1)))) {
    free(c);
    *error = g_strdup("out of memory");
    return NULL;
  }
  if (!(c->m = sc->create(sc, values, error))) {
    free(c->values);
    free(c);
    return NULL;
  }
  c->sc = sc;
  memcpy(c->values, values, sizeof(double) * (size_t)sc->n_params);
  c->users = 1;
  c->cached = true;

  g_mutex_lock(&cache_lock);
  cached_model *other = cache_find(sc, values); /* built meanwhile by another thread */
  if (other) {
    other->users++;
    other->used = ++cache_clock;
    g_mutex_unlock(&cache_lock);
    cached_model_free(c);
    return other;
  }
  if (cache_n == MODEL_CACHE_SIZE) {
    int oldest = 0;
    for (int i = 1; i < cache_n; i++)
      if (cache[i]->used < cache[oldest]->used)
        oldest = i;
    cache_drop(oldest);
  }
  c->used = ++cache_clock;
  cache[cache_n++] = c;
  g_mutex_unlock(&cache_lock);
  return c;
}

static void model_release(cached_model *c)
{
  if (!c)
    return;
  g_mutex_lock(&cache_lock);
  bool last = --c->users == 0 && !c->cached;
  g_mutex_unlock(&cache_lock);
  if (last)
    cached_model_free(c);
}

int ss_api_model_cache_count(void)
{
  g_mutex_lock(&cache_lock);
  int n = cache_n;
  g_mutex_unlock(&cache_lock);
  return n;
}

void ss_api_model_cache_clear(void)
{
  g_mutex_lock(&cache_lock);
  while (cache_n > 0)
    cache_drop(cache_n - 1);
  g_mutex_unlock(&cache_lock);
}

struct ss_api_run {
  cached_model *model;     /* shared with other runs of the same values */
  const ss_model *m;       /* its model */
  ss_run_opts opts;        /* resolved */
  ss_sim *sim;             /* NULL once finished or failed */
  ss_trace *tr;            /* the history so far */
  int state;               /* 0 running, 1 finished, -1 failed */
  char *failure;           /* why it failed */
  int n_metrics;           /* entries in metrics */
  ss_metric_desc *metrics; /* names and units */
};

ss_api_run *ss_api_run_new(const ss_api_spec *sp)
{
  char *err = NULL;
  if (!sp) {
    set_error("no specification");
    return NULL;
  }
  ss_api_run *r = calloc(1, sizeof *r);
  if (!r) {
    set_error("out of memory");
    return NULL;
  }
  r->model = model_acquire(sp->sc, ss_study_base_values(sp->st), &err);
  r->m = r->model ? r->model->m : NULL;
  if (!r->m || !ss_run_opts_resolve(r->m, &sp->opts, &r->opts, &err) ||
      !(r->sim = ss_sim_new(r->m, &r->opts, &err))) {
    take_error(err, "the model cannot be built");
    ss_api_run_free(r);
    return NULL;
  }
  r->tr = ss_trace_new(ss_model_n_columns(r->m));
  /* the metrics' extremes from the dense output, as ss_run's */
  if (r->tr && !ss_metrics_watch(r->m, r->tr, r->sim)) {
    set_error("out of memory for the run's extremes");
    ss_api_run_free(r);
    return NULL;
  }
  r->n_metrics = ss_metrics_count(r->m);
  r->metrics = calloc((size_t)r->n_metrics + 1, sizeof *r->metrics);
  /* the grid's rows at once, as ss_run */
  if (!r->tr || !r->metrics || !ss_trace_reserve(r->tr, ss_run_grid_rows(&r->opts) + 64)) {
    set_error("out of memory for the run's rows");
    ss_api_run_free(r);
    return NULL;
  }
  for (int i = 0; i < r->n_metrics; i++)
    ss_metrics_describe(r->m, i, &r->metrics[i]);
  return r;
}

void ss_api_run_free(ss_api_run *r)
{
  if (!r)
    return;
  ss_sim_free(r->sim);
  ss_trace_free(r->tr);
  model_release(r->model);
  free(r->metrics);
  free(r->failure);
  free(r);
}

int ss_api_run_advance(ss_api_run *r, double t_target)
{
  if (!r) {
    set_error("no run");
    return -1;
  }
  if (r->state != 0) {
    if (r->state < 0)
      set_error("%s", r->failure);
    return r->state;
  }
  ss_sink sink = ss_trace_sink(r->tr);
  int rc = ss_sim_advance(r->sim, t_target, &sink);
  ss_sim_get_stats(r->sim, &r->tr->stats);
  if (rc < 0 || r->tr->out_of_memory) {
    r->failure = g_strdup(rc < 0 ? ss_sim_error(r->sim) : "out of memory for the run's rows");
    r->state = -1;
  } else if (rc == 1) {
    r->state = 1;
  }
  if (r->state != 0) {
    ss_sim_free(r->sim);
    r->sim = NULL;
  }
  if (r->state < 0)
    set_error("%s", r->failure);
  return r->state;
}

ss_api_status ss_api_run_exec(ss_api_run *r, const int *cancel, ss_api_progress_fn progress,
                              void *user)
{
  if (!r) {
    set_error("no run");
    return SS_API_INVALID;
  }
  double t_end = r->opts.t_end;
  for (int k = 1;; k++) {
    int rc = ss_api_run_advance(r, k >= SS_API_RUN_STRETCHES ? INFINITY
                                                             : t_end * k / SS_API_RUN_STRETCHES);
    if (rc < 0)
      return SS_API_SIMULATION;
    if (progress)
      progress(user, ss_api_run_time(r), t_end);
    if (rc == 1)
      return SS_API_OK;
    if (cancel && g_atomic_int_get(cancel) != 0) {
      set_error("cancelled");
      return SS_API_CANCELLED;
    }
  }
}

double ss_api_run_time(const ss_api_run *r)
{
  if (!r)
    return NAN;
  if (r->sim)
    return ss_sim_time(r->sim);
  return r->state > 0 ? r->opts.t_end : r->tr->n_rows ? r->tr->t[r->tr->n_rows - 1] : 0.0;
}

double ss_api_run_t_end(const ss_api_run *r) { return r ? r->opts.t_end : NAN; }
double ss_api_run_option(const ss_api_run *r, int i)
{
  return r && i >= 0 && i < SS_RUN_N_OPTIONS ? ss_run_opts_get(&r->opts, i) : NAN;
}
const char *ss_api_run_scenario(const ss_api_run *r)
{
  return r ? ss_model_scenario(r->m)->name : NULL;
}

size_t ss_api_run_copy_values(const ss_api_run *r, double *out, size_t n)
{
  if (!r || !out)
    return 0;
  size_t k = (size_t)ss_model_scenario(r->m)->n_params;
  if (n < k)
    k = n;
  memcpy(out, ss_model_values(r->m), k * sizeof *out);
  return k;
}

size_t ss_api_run_n_rows(const ss_api_run *r) { return r ? r->tr->n_rows : 0; }
int ss_api_run_n_columns(const ss_api_run *r) { return r ? r->tr->n_columns : 0; }

static const ss_column *column_at(const ss_api_run *r, int c)
{
  return r && c >= 0 && c < r->tr->n_columns ? ss_model_column(r->m, c) : NULL;
}
const char *ss_api_run_column_name(const ss_api_run *r, int c)
{
  return column_at(r, c) ? column_at(r, c)->name : NULL;
}
const char *ss_api_run_column_unit(const ss_api_run *r, int c)
{
  return column_at(r, c) ? column_at(r, c)->unit : NULL;
}
const char *ss_api_run_column_label(const ss_api_run *r, int c)
{
  return column_at(r, c) ? column_at(r, c)->label : NULL;
}
int ss_api_run_column_find(const ss_api_run *r, const char *name)
{
  return r && name ? ss_model_column_find(r->m, name) : -1;
}

size_t ss_api_run_copy_time(const ss_api_run *r, double *out, size_t n)
{
  if (!r || !out)
    return 0;
  size_t k = n < r->tr->n_rows ? n : r->tr->n_rows;
  memcpy(out, r->tr->t, k * sizeof *out);
  return k;
}

const double *ss_api_run_time_data(const ss_api_run *r)
{
  return r && r->state == 1 ? r->tr->t : NULL;
}

const double *ss_api_run_rows_data(const ss_api_run *r)
{
  return r && r->state == 1 ? r->tr->rows : NULL;
}

size_t ss_api_run_copy_column(const ss_api_run *r, int c, double *out, size_t n)
{
  if (!column_at(r, c) || !out)
    return 0;
  size_t k = n < r->tr->n_rows ? n : r->tr->n_rows;
  for (size_t i = 0; i < k; i++)
    out[i] = ss_trace_at(r->tr, i, c);
  return k;
}

size_t ss_api_run_copy_rows(const ss_api_run *r, double *out, size_t n)
{
  if (!r || !out)
    return 0;
  size_t k = r->tr->n_rows * (size_t)r->tr->n_columns;
  if (n < k)
    return 0;
  if (k)
    memcpy(out, r->tr->rows, k * sizeof *out);
  return k;
}

size_t ss_api_run_copy_columns(const ss_api_run *r, double *out, size_t n)
{
  if (!r || !out)
    return 0;
  size_t rows = r->tr->n_rows, cols = (size_t)r->tr->n_columns;
  if (n < rows * cols)
    return 0;
  const double *src = r->tr->rows;
  for (size_t i = 0; i < rows; i++, src += cols)
    for (size_t c = 0; c < cols; c++)
      out[c * rows + i] = src[c];
  return rows * cols;
}

size_t ss_api_run_n_events(const ss_api_run *r) { return r ? r->tr->n_events : 0; }

size_t ss_api_run_copy_events(const ss_api_run *r, double *t, int *source, int *kind, size_t n)
{
  if (!r)
    return 0;
  size_t k = n < r->tr->n_events ? n : r->tr->n_events;
  for (size_t i = 0; i < k; i++) {
    const ss_event *ev = &r->tr->events[i];
    if (t)
      t[i] = ev->t;
    if (source)
      source[i] = ev->source;
    if (kind)
      kind[i] = (int)ev->kind;
  }
  return k;
}

int ss_api_run_n_sources(const ss_api_run *r) { return r ? ss_model_n_sources(r->m) : 0; }
const char *ss_api_run_source_name(const ss_api_run *r, int i)
{
  return r && i >= 0 && i < ss_model_n_sources(r->m) ? ss_model_source_name(r->m, i) : NULL;
}
const char *ss_api_event_kind_name(int kind)
{
  return kind >= 0 && kind < SS_EVENT_N_KINDS ? ss_event_kind_name((ss_event_kind)kind) : NULL;
}

int ss_api_run_n_metrics(const ss_api_run *r) { return r ? r->n_metrics : 0; }
const char *ss_api_run_metric_name(const ss_api_run *r, int i)
{
  return r && i >= 0 && i < r->n_metrics ? r->metrics[i].name : NULL;
}
const char *ss_api_run_metric_unit(const ss_api_run *r, int i)
{
  return r && i >= 0 && i < r->n_metrics ? r->metrics[i].unit : NULL;
}

ss_api_status ss_api_run_metrics(const ss_api_run *r, double *out, size_t n)
{
  if (!r || r->state != 1) {
    set_error("the run has not finished: no metrics");
    return SS_API_INVALID;
  }
  ss_metrics *mt = ss_metrics_compute(r->m, r->tr);
  if (!mt) {
    set_error("out of memory");
    return SS_API_MEMORY;
  }
  for (size_t i = 0; i < n; i++)
    out[i] = (int)i < r->n_metrics ? ss_metrics_value(mt, (int)i) : NAN;
  ss_metrics_free(mt);
  return SS_API_OK;
}

double ss_api_run_stat(const ss_api_run *r, const char *name)
{
  if (!r || !name)
    return NAN;
  const ss_stats *s = &r->tr->stats;
  if (strcmp(name, "steps") == 0)
    return (double)s->steps;
  if (strcmp(name, "rhs_evals") == 0)
    return (double)s->rhs_evals;
  if (strcmp(name, "root_evals") == 0)
    return (double)s->root_evals;
  if (strcmp(name, "events") == 0)
    return (double)s->events;
  if (strcmp(name, "restarts") == 0)
    return (double)s->restarts;
  return NAN;
}

/* ---- sweeps ------------------------------------------------------------ */

struct ss_api_sweep {
  ss_study_result *res;
  char **status; /* n_rows: the CLI's status column (ss_study_row_status) */
  char **names;  /* n_axes axis names, then n_outcomes outcome specs */
  char **units;  /* the same order */
};

typedef struct sweep_ctx {
  ss_api_sweep_progress_fn fn;
  void *user;
} sweep_ctx;

static void sweep_progress(void *user, const ss_study_report *rep)
{
  sweep_ctx *ctx = user;
  ctx->fn(ctx->user, rep->done, rep->total);
}

ss_api_sweep *ss_api_sweep_run(ss_api_spec *sp, int jobs, const int *cancel,
                               ss_api_sweep_progress_fn progress, void *user)
{
  char *err = NULL;
  if (!sp) {
    set_error("no specification");
    return NULL;
  }
  if (jobs > 1024) {
    set_error("jobs: %d is out of range; valid: 0 (one per core) to 1024", jobs);
    return NULL;
  }
  if (ss_study_n_axes(sp->st) == 0) {
    set_error("a sweep needs a varied parameter (NAME=LO:HI:N[:log])");
    return NULL;
  }
  ss_study_set_run_opts(sp->st, &sp->opts);
  if (!ss_study_validate(sp->st, &err)) {
    take_error(err, "invalid study");
    return NULL;
  }
  sweep_ctx ctx = {progress, user};
  ss_study_exec ex = {.jobs = jobs, .cancel = cancel};
  if (progress) {
    ex.progress = sweep_progress;
    ex.user = &ctx;
  }
  ss_api_sweep *sw = calloc(1, sizeof *sw);
  int n_axes = ss_study_n_axes(sp->st), n_out = ss_study_n_outcomes(sp->st);
  if (sw) {
    sw->names = calloc((size_t)(n_axes + n_out + 1), sizeof(char *));
    sw->units = calloc((size_t)(n_axes + n_out + 1), sizeof(char *));
  }
  if (!sw || !sw->names || !sw->units) {
    ss_api_sweep_free(sw);
    set_error("out of memory");
    return NULL;
  }
  for (int i = 0; i < n_axes; i++) {
    const ss_param_info *p = &sp->sc->params[ss_study_axis_get(sp->st, i)->param];
    sw->names[i] = g_strdup(p->name);
    sw->units[i] = g_strdup(p->unit);
  }
  for (int i = 0; i < n_out; i++) {
    sw->names[n_axes + i] = g_strdup(ss_study_outcome_spec(sp->st, i));
    sw->units[n_axes + i] = g_strdup(ss_study_outcome_unit(sp->st, i));
  }
  sw->res = ss_study_run(sp->st, &ex, &err);
  if (!sw->res) {
    take_error(err, "the sweep failed");
    ss_api_sweep_free(sw);
    return NULL;
  }
  sw->status = calloc((size_t)sw->res->n_rows + 1, sizeof(char *));
  for (int row = 0; sw->status && row < sw->res->n_rows; row++)
    sw->status[row] = ss_study_row_status(sw->res, row);
  return sw;
}

void ss_api_sweep_free(ss_api_sweep *sw)
{
  if (!sw)
    return;
  for (int i = 0; sw->names && sw->names[i]; i++)
    g_free(sw->names[i]);
  for (int i = 0; sw->units && sw->units[i]; i++)
    g_free(sw->units[i]);
  free(sw->names);
  free(sw->units);
  for (int i = 0; sw->status && sw->res && i < sw->res->n_rows; i++)
    free(sw->status[i]);
  free(sw->status);
  ss_study_result_free(sw->res);
  free(sw);
}

int ss_api_sweep_n_rows(const ss_api_sweep *sw) { return sw ? sw->res->n_rows : 0; }
int ss_api_sweep_n_axes(const ss_api_sweep *sw) { return sw ? sw->res->n_axes : 0; }
int ss_api_sweep_n_outcomes(const ss_api_sweep *sw) { return sw ? sw->res->n_outcomes : 0; }

const char *ss_api_sweep_axis_name(const ss_api_sweep *sw, int i)
{
  return sw && i >= 0 && i < sw->res->n_axes ? sw->names[i] : NULL;
}
const char *ss_api_sweep_axis_unit(const ss_api_sweep *sw, int i)
{
  return sw && i >= 0 && i < sw->res->n_axes ? sw->units[i] : NULL;
}
const char *ss_api_sweep_outcome_name(const ss_api_sweep *sw, int i)
{
  return sw && i >= 0 && i < sw->res->n_outcomes ? sw->names[sw->res->n_axes + i] : NULL;
}
const char *ss_api_sweep_outcome_unit(const ss_api_sweep *sw, int i)
{
  return sw && i >= 0 && i < sw->res->n_outcomes ? sw->units[sw->res->n_axes + i] : NULL;
}

size_t ss_api_sweep_copy_axis_values(const ss_api_sweep *sw, double *out, size_t n)
{
  if (!sw || !out)
    return 0;
  size_t k = (size_t)sw->res->n_rows * (size_t)sw->res->n_axes;
  if (n < k)
    k = n;
  memcpy(out, sw->res->axis_values, k * sizeof *out);
  return k;
}

size_t ss_api_sweep_copy_values(const ss_api_sweep *sw, double *out, size_t n)
{
  if (!sw || !out)
    return 0;
  size_t k = (size_t)sw->res->n_rows * (size_t)sw->res->n_outcomes;
  if (n < k)
    k = n;
  memcpy(out, sw->res->values, k * sizeof *out);
  return k;
}

const char *ss_api_sweep_status(const ss_api_sweep *sw, int row)
{
  return sw && sw->status && row >= 0 && row < sw->res->n_rows ? sw->status[row] : NULL;
}
int ss_api_sweep_n_failed(const ss_api_sweep *sw) { return sw ? sw->res->n_failed : 0; }
int ss_api_sweep_cancelled(const ss_api_sweep *sw) { return sw ? sw->res->cancelled : 0; }
