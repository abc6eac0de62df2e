/* sim.c - event-driven hybrid integration on CVODE.
 *
 * Hybrid (exact) models: each contact has a discrete mode.  While sliding the
 * event function is mode*v (it falls through zero when the contact stops);
 * while stuck it is the stiction margin.  At an event the model resolves
 * consistent modes, zeroes stuck velocities and the integrator restarts.
 * Smooth models (regularised, tanh, LuGre) have one event function per
 * contact, |v| - v_stick, used for reporting only, and use BDF.
 *
 * A sliding contact that creeps to rest (|v| decays exponentially and never
 * crosses zero) is declared stuck where |v| falls through a velocity rung
 * (follow_creep, docs/events.md): round-off would otherwise pick the time. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "ss-internal.h"

/* ---- creeping stops (docs/events.md) ----------------------------------
 *
 * A sliding contact that comes to rest by creeping, its speed mode * v
 * decaying exponentially, never crosses zero: round-off would pick its
 * stick time.  Its speed is followed down a ladder of rungs, 1e-4 ... 1e-9
 * m/s (rad/s for bearings).  It creeps where the fall from rung k-1 to rung
 * k took at least CREEP_RATIO of the time of the fall from rung k-2 to rung
 * k-1 (an exponential approach takes equal times per decade, a crossing at
 * a finite deceleration a tenth as long per decade).  A creeping contact is
 * stuck from the instant its speed falls through that rung if the exact
 * law's mode decision, made there with it at rest (and with every other
 * sliding contact below 1e-6 in a descent), holds it.  Any other contact
 * keeps the exact zero crossing of v.  The speeds are followed on the
 * integrator's interpolant after each step: the integration is untouched
 * until a contact stops. */
#define CREEP_RUNGS 6 /* rungs on the ladder */
static const double creep_rung[CREEP_RUNGS] = {1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9};
#define CREEP_FIRST 2   /* the first rung where a contact can be declared stuck */
#define CREEP_RATIO 0.5 /* the least ratio of successive decade times for creeping */
#define CREEP_RISE  2.0 /* a speed above CREEP_RISE times a passed rung starts a new descent */

/* Nodes of a step's speed polynomials: the state's interpolant has the
 * method's order (Adams at most 12), so a speed linear in the state is a
 * polynomial of that degree, and a smooth one close to it. */
#define CREEP_NODES 14

typedef struct creep_crossing {
  double t;    /* instant the speed fell through the rung, s */
  int contact; /* which contact */
  int rung;    /* which rung */
} creep_crossing;

struct ss_sim {
  const ss_model *m;       /* the constant model */
  ss_run_opts opts;        /* resolved options */
  SUNContext ctx;          /* SUNDIALS context */
  void *cvode;             /* CVODE memory */
  N_Vector y;              /* continuous state */
  SUNMatrix A;             /* BDF Jacobian (dense) */
  SUNLinearSolver LS;      /* BDF linear solver */
  SUNNonlinearSolver NLS;  /* Adams fixed-point solver */
  int *modes;              /* n_contacts current modes */
  int *old_modes;          /* scratch */
  int *roots;              /* n_contacts + n_aux root info */
  int *hit;                /* scratch */
  double *v;               /* scratch per contact */
  double *margin;          /* scratch per contact */
  double *margin0;         /* scratch per contact */
  N_Vector y_probe;        /* scratch state a moment after a (re)start */
  N_Vector ydot;           /* scratch derivative */
  double *row;             /* scratch sample row */
  void *observe_scratch;   /* the model's own scratch for observe (NULL: none) */
  N_Vector y_grid;         /* interpolated state at a grid time */
  double t;                /* time reached for the caller (<= t_step), s */
  double t_step;           /* end of the last integrator step (state y), s */
  long grid_index;         /* next output grid index */
  long steps_since_output; /* integrator steps since the last grid sample */
  long n_grid;             /* index of the last grid point (t_end) */
  bool started;            /* t = 0 sample emitted */
  bool failed;             /* an error stopped the run */
  double last_event_t;     /* for Zeno detection */
  long events_at_same_t;   /* events within 1e-12 s of each other */
  bool repeat_root;        /* the last root fell on the previous one's instant and
                              changed no mode: restart with a shorter first step */
  int *creep_next;         /* per contact: index of the next rung to watch its speed fall
                              through (CREEP_RUNGS: none) */
  double *creep_t;         /* per contact CREEP_RUNGS instants its speed fell through each
                              rung in the present descent, s (NAN: not in it) */
  double t_creep;          /* the speeds have been followed up to here, s */
  N_Vector y_creep;        /* interpolated state within the last step */
  N_Vector y_trial;        /* state of a trial stop */
  int *trial_modes;        /* modes of a trial stop */
  double *speed;           /* per contact: speed mode * v at t_speed (a sliding contact's
                              root function, kept from CVODE's last call) */
  double t_speed;          /* time of speed[], s (NAN: none) */
  creep_crossing *cross;   /* scratch: rung crossings within one step */
  double *node_t;          /* CREEP_NODES Chebyshev nodes of a step, s */
  double *node_speed;      /* speeds of every contact at the nodes (node-major) */
  int n_nodes;             /* nodes in use */
  double nodes_a, nodes_b; /* the step the nodes sample, s (NAN: none) */
  ss_stats stats;          /* accumulated over restarts */
  ss_run_check *check;     /* physics of every emitted row */
  size_t rows;             /* rows emitted */
  size_t max_rows;         /* rows a run may keep: grid plus one per event */
  char error[1024];        /* last error message */

  /* speeds through zero within a step (find_dip) */
  double cheb_cos[2 * CREEP_NODES]; /* cos(pi m / (cheb_n - 1)), m < 2 (cheb_n - 1) */
  int cheb_n;                       /* nodes of that table (0: none) */
  N_Vector ydot_last;               /* the last right-hand side CVODE evaluated */
  double t_rhs;                     /* its time, s (NAN: none) */
  double *dip_speed;                /* per contact: speed mode * v at t_dip_start */
  double *dip_rate_a;               /* per contact: its rate there, m/s² (rad/s² bearings) */
  double *dip_rate;                 /* scratch: rates at a step's end */
  double t_dip_start;               /* where the next step starts from them, s (NAN: none,
                                       after a restart) */
};

static int set_step_cap(ss_sim *s);
static int set_stop(ss_sim *s, double t);

static _Thread_local char model_failure[256];

void ss_report_failure(const char *why)
{
  snprintf(model_failure, sizeof model_failure, "%s", why ? why : "");
}

const char *ss_take_failure(void) { return model_failure; }

static int rhs_cb(sunrealtype t, N_Vector y, N_Vector ydot, void *user)
{
  ss_sim *s = user;
  int rc = s->m->ops->rhs(s->m, t, N_VGetArrayPointer(y), s->modes, N_VGetArrayPointer(ydot));
  if (s->m->hybrid) { /* the corrector's last one is the rate at the step's end (find_dip) */
    memcpy(N_VGetArrayPointer(s->ydot_last), N_VGetArrayPointer(ydot),
           sizeof(double) * (size_t)s->m->nx);
    s->t_rhs = rc == 0 ? t : NAN;
  }
  return rc;
}

static int root_cb(sunrealtype t, N_Vector y, sunrealtype *g, void *user)
{
  ss_sim *s = user;
  const ss_model *m = s->m;
  const double *x = N_VGetArrayPointer(y);
  m->ops->contacts(m, t, x, s->modes, s->v, s->margin,
                   m->n_kinks > 0 ? g + m->n_contacts + m->n_aux : NULL);
  for (int i = 0; i < m->n_contacts; i++) {
    if (!m->hybrid)
      g[i] = fabs(s->v[i]) - m->v_stick[i];
    else if (s->modes[i] == SS_MODE_STICK)
      g[i] = s->margin[i];
    else
      g[i] = s->modes[i] * s->v[i];
  }
  if (m->hybrid) { /* CVODE's last call is at the step's end: follow_creep reads it */
    memcpy(s->speed, g, sizeof(double) * (size_t)m->n_contacts);
    s->t_speed = t;
  }
  if (m->n_aux > 0)
    m->ops->aux(m, t, x, g + m->n_contacts);
  return 0;
}

static void err_cb(int code, const char *module, const char *function, char *msg, void *user)
{
  ss_sim *s = user;
  (void)module;
  if (code < 0)
    snprintf(s->error, sizeof s->error, "%s: %s", function, msg);
}

/* Adds the counters of the current CVODE segment (reset by every restart). */
static void add_segment_counters(const ss_sim *s, ss_stats *out)
{
  long n = 0;
  CVodeGetNumSteps(s->cvode, &n);
  out->steps += n;
  n = 0;
  CVodeGetNumRhsEvals(s->cvode, &n);
  out->rhs_evals += n;
  if (s->m->stiff) {
    n = 0;
    CVodeGetNumLinRhsEvals(s->cvode, &n);
    out->rhs_evals += n;
  }
  n = 0;
  CVodeGetNumGEvals(s->cvode, &n);
  out->root_evals += n;
}

/* rtol and atol, but a state whose natural size atol cannot resolve (a
 * bristle deflection at a large sigma0: 5e-13 m at 1e12 1/m) gets its own
 * absolute tolerance, else it goes uncontrolled and friction exceeds its
 * static limit. */
static int set_tolerances(ss_sim *s)
{
  const ss_model *m = s->m;
  double atol = s->opts.atol;
  bool per_state = false;
  for (int i = 0; i < m->nx; i++)
    per_state |= m->state_size[i] > 0.0 && SS_STATE_SIZE_SHARE * m->state_size[i] < atol;
  if (!per_state)
    return CVodeSStolerances(s->cvode, s->opts.rtol, atol);
  N_Vector abstol = N_VClone(s->y);
  if (!abstol)
    return -1;
  double *a = N_VGetArrayPointer(abstol);
  for (int i = 0; i < m->nx; i++)
    a[i] = m->state_size[i] > 0.0 ? fmin(atol, SS_STATE_SIZE_SHARE * m->state_size[i]) : atol;
  int flag = CVodeSVtolerances(s->cvode, s->opts.rtol, abstol); /* copies it */
  N_VDestroy(abstol);
  return flag;
}

void ss_sim_free(ss_sim *s)
{
  if (!s)
    return;
  if (s->cvode)
    CVodeFree(&s->cvode);
  if (s->LS)
    SUNLinSolFree(s->LS);
  if (s->NLS)
    SUNNonlinSolFree(s->NLS);
  if (s->A)
    SUNMatDestroy(s->A);
  if (s->y)
    N_VDestroy(s->y);
  if (s->y_grid)
    N_VDestroy(s->y_grid);
  if (s->y_probe)
    N_VDestroy(s->y_probe);
  if (s->ydot)
    N_VDestroy(s->ydot);
  if (s->y_creep)
    N_VDestroy(s->y_creep);
  if (s->y_trial)
    N_VDestroy(s->y_trial);
  if (s->ydot_last)
    N_VDestroy(s->ydot_last);
  if (s->ctx)
    SUNContext_Free(&s->ctx);
  free(s->modes);
  free(s->old_modes);
  free(s->roots);
  free(s->hit);
  free(s->v);
  free(s->margin);
  free(s->margin0);
  free(s->row);
  free(s->observe_scratch);
  ss_run_check_free(s->check);
  free(s->creep_next);
  free(s->creep_t);
  free(s->trial_modes);
  free(s->speed);
  free(s->cross);
  free(s->node_t);
  free(s->node_speed);
  free(s->dip_speed);
  free(s->dip_rate_a);
  free(s->dip_rate);
  free(s);
}

static void initial_smooth_modes(ss_sim *s, const double *x)
{
  const ss_model *m = s->m;
  m->ops->contacts(m, s->t, x, s->modes, s->v, s->margin, NULL);
  for (int i = 0; i < m->n_contacts; i++)
    s->modes[i] = fabs(s->v[i]) < m->v_stick[i] ? SS_MODE_STICK : ss_sign(s->v[i]);
}

static double *creep_times(ss_sim *s, int i) { return s->creep_t + (size_t)i * CREEP_RUNGS; }

/* Contact i starts below every rung, with no descent (it sticks, or it
 * starts sliding from rest). */
static void creep_reset(ss_sim *s, int i)
{
  s->creep_next[i] = CREEP_RUNGS;
  for (int k = 0; k < CREEP_RUNGS; k++)
    creep_times(s, i)[k] = NAN;
}

/* Follows contact i's speed (mode * v) at a step's end or a restart: a
 * speed above CREEP_RISE times a passed rung ends the descent (the ladder
 * rises to it), one below the next rung (a restart's velocity jump) passes
 * it without a time. */
static void creep_sync(ss_sim *s, int i, double speed)
{
  int *k = &s->creep_next[i];
  double *tc = creep_times(s, i);
  if (*k > 0 && speed > CREEP_RISE * creep_rung[*k - 1]) {
    while (*k > 0 && speed > CREEP_RISE * creep_rung[*k - 1])
      (*k)--;
    for (int j = 0; j < CREEP_RUNGS; j++)
      tc[j] = NAN;
  }
  for (; *k < CREEP_RUNGS && speed < creep_rung[*k]; (*k)++)
    tc[*k] = NAN;
}

/* Follows every sliding contact of a hybrid model to the state y at t. */
static void creep_sync_all(ss_sim *s, double t)
{
  const ss_model *m = s->m;
  s->t_creep = t;
  if (!m->hybrid)
    return;
  m->ops->contacts(m, t, N_VGetArrayPointer(s->y), s->modes, s->v, s->margin, NULL);
  for (int i = 0; i < m->n_contacts; i++)
    if (s->modes[i] != SS_MODE_STICK)
      creep_sync(s, i, s->modes[i] * s->v[i]);
}

ss_sim *ss_sim_new(const ss_model *m, const ss_run_opts *opts, char **error)
{
  if (!m)
    return ss_set_error(error, "no model");
  ss_sim *s = calloc(1, sizeof *s);
  if (!s)
    return ss_set_error(error, "out of memory");
  s->m = m;
  ss_run_opts o;
  if (!ss_run_opts_resolve(m, opts, &o, error)) {
    ss_sim_free(s);
    return NULL;
  }
  s->opts = o;
  s->n_grid = (long)ceil(o.t_end / o.dt_out - 1e-9);
  s->max_rows = ss_run_max_rows(&o);
  s->check = ss_run_check_new(m, &o);
  int nc = m->n_contacts, nr = m->n_contacts + m->n_aux + m->n_kinks;
  s->modes = calloc((size_t)nc + 1, sizeof(int));
  s->old_modes = calloc((size_t)nc + 1, sizeof(int));
  s->roots = calloc((size_t)nr + 1, sizeof(int));
  s->hit = calloc((size_t)nc + 1, sizeof(int));
  s->v = calloc((size_t)nc + 1, sizeof(double));
  s->margin = calloc((size_t)nc + 1, sizeof(double));
  s->margin0 = calloc((size_t)nc + 1, sizeof(double));
  s->row = calloc((size_t)m->n_columns + 1, sizeof(double));
  s->creep_next = calloc((size_t)nc + 1, sizeof(int));
  s->creep_t = calloc((size_t)nc * CREEP_RUNGS + 1, sizeof(double));
  s->trial_modes = calloc((size_t)nc + 1, sizeof(int));
  s->speed = calloc((size_t)nc + 1, sizeof(double));
  s->cross = calloc((size_t)nc * CREEP_RUNGS + 1, sizeof *s->cross);
  s->node_t = calloc(CREEP_NODES, sizeof(double));
  s->node_speed = calloc((size_t)CREEP_NODES * ((size_t)nc + 1), sizeof(double));
  s->observe_scratch = m->observe_scratch > 0 ? calloc(1, m->observe_scratch) : NULL;
  s->dip_speed = calloc((size_t)nc + 1, sizeof(double));
  s->dip_rate_a = calloc((size_t)nc + 1, sizeof(double));
  s->dip_rate = calloc((size_t)nc + 1, sizeof(double));
  if (!s->modes || !s->old_modes || !s->roots || !s->hit || !s->v || !s->margin || !s->margin0 ||
      !s->row || !s->check || !s->creep_next || !s->creep_t || !s->trial_modes || !s->speed ||
      !s->cross || !s->node_t || !s->node_speed || !s->dip_speed || !s->dip_rate_a ||
      !s->dip_rate || (m->observe_scratch > 0 && !s->observe_scratch) ||
      SUNContext_Create(NULL, &s->ctx) != 0) {
    ss_sim_free(s);
    return ss_set_error(error, "out of memory");
  }
  s->y = N_VNew_Serial(m->nx, s->ctx);
  s->y_grid = N_VNew_Serial(m->nx, s->ctx);
  s->y_probe = N_VNew_Serial(m->nx, s->ctx);
  s->ydot = N_VNew_Serial(m->nx, s->ctx);
  s->y_creep = N_VNew_Serial(m->nx, s->ctx);
  s->y_trial = N_VNew_Serial(m->nx, s->ctx);
  s->ydot_last = N_VNew_Serial(m->nx, s->ctx);
  if (!s->y || !s->y_grid || !s->y_probe || !s->ydot || !s->y_creep || !s->y_trial ||
      !s->ydot_last) {
    ss_sim_free(s);
    return ss_set_error(error, "out of memory");
  }
  double *x = N_VGetArrayPointer(s->y);
  m->ops->initial(m, x);
  if (m->hybrid) {
    for (int i = 0; i < nc; i++)
      s->modes[i] = SS_MODE_STICK;
    if (m->ops->resolve(m, 0.0, x, s->modes, NULL) < 0) {
      ss_sim_free(s);
      return ss_set_error(error, "no consistent initial friction state at t = 0");
    }
  } else {
    initial_smooth_modes(s, x);
  }
  for (int i = 0; i < nc; i++)
    creep_reset(s, i);
  s->t_speed = NAN;
  s->nodes_a = s->nodes_b = NAN;
  s->t_rhs = s->t_dip_start = NAN;

  s->cvode = CVodeCreate(m->stiff ? CV_BDF : CV_ADAMS, s->ctx);
  int flag = s->cvode ? CVodeInit(s->cvode, rhs_cb, 0.0, s->y) : -1;
  if (flag == 0)
    flag = CVodeSetErrHandlerFn(s->cvode, err_cb, s);
  if (flag == 0)
    flag = CVodeSetUserData(s->cvode, s);
  if (flag == 0)
    flag = set_tolerances(s);
  if (flag == 0)
    flag = set_step_cap(s);
  if (flag == 0)
    flag = set_stop(s, 0.0);
  if (flag == 0 && nr > 0) {
    flag = CVodeRootInit(s->cvode, nr, root_cb);
    if (flag == 0) {
      int *dir = calloc((size_t)nr, sizeof(int));
      for (int i = 0; dir && i < nc; i++)
        dir[i] = m->hybrid ? -1 : 0; /* hybrid: only the falling crossing matters */
      flag = dir ? CVodeSetRootDirection(s->cvode, dir) : -1;
      free(dir);
    }
    if (flag == 0)
      flag = CVodeSetNoInactiveRootWarn(s->cvode);
  }
  if (flag == 0) {
    if (m->stiff) {
      s->A = SUNDenseMatrix(m->nx, m->nx, s->ctx);
      s->LS = s->A ? SUNLinSol_Dense(s->y, s->A, s->ctx) : NULL;
      flag = s->LS ? CVodeSetLinearSolver(s->cvode, s->LS, s->A) : -1;
    } else {
      s->NLS = SUNNonlinSol_FixedPoint(s->y, 0, s->ctx);
      flag = s->NLS ? CVodeSetNonlinearSolver(s->cvode, s->NLS) : -1;
    }
  }
  if (flag != 0) {
    ss_set_error(error, "integrator set-up failed: %s", s->error[0] ? s->error : "CVODE");
    ss_sim_free(s);
    return NULL;
  }
  return s;
}

/* A stuck contact's margin follows the loads, which the error test does not
 * see (its bodies have x' = 0 exactly; others may slide on smoothly), so
 * steps could step over a margin that dips below zero and back within one
 * step: cap them while any contact sticks.  Sliding phases need no cap
 * (accuracy limits the step). */
static double stuck_step_cap(const ss_sim *s)
{
  return s->m->max_step_stuck > 0.0 ? s->m->max_step_stuck : s->opts.dt_out;
}

static int set_step_cap(ss_sim *s)
{
  bool any_stuck = false;
  for (int i = 0; s->m->hybrid && i < s->m->n_contacts; i++)
    any_stuck |= s->modes[i] == SS_MODE_STICK;
  return CVodeSetMaxStep(s->cvode, any_stuck ? stuck_step_cap(s) : 0.0);
}

static int fail(ss_sim *s, double t, const char *what)
{
  char buf[sizeof s->error];
  snprintf(buf, sizeof buf, "simulation failed at t = %.9g s: %.960s", t, what);
  memcpy(s->error, buf, sizeof s->error);
  s->failed = true;
  return -1;
}

/* Steps end exactly at the loads' kinks and jumps (a step across one would
 * be accepted with an error the error test never sees), then restart. */
static int set_stop(ss_sim *s, double t)
{
  double stop = s->opts.t_end;
  for (int i = 0; i < s->m->n_breakpoints; i++)
    if (s->m->breakpoints[i] > t) {
      stop = fmin(stop, s->m->breakpoints[i]);
      break;
    }
  if (s->m->ops->next_kink)
    stop = fmin(stop, s->m->ops->next_kink(s->m, t));
  return CVodeSetStopTime(s->cvode, stop);
}

/* Restarts the integrator at t from y (history discarded). */
static int restart(ss_sim *s, double t)
{
  add_segment_counters(s, &s->stats);
  s->stats.restarts++;
  /* A root again at the instant of the last one: the first step overshot a
   * velocity hump shorter than itself (all below atol, order-1 interpolant
   * negative at once).  Shorter first steps until it is resolved. */
  double h0 = 0.0; /* CVODE's own estimate */
  if (s->repeat_root) {
    sunrealtype h = 0.0;
    CVodeGetActualInitStep(s->cvode, &h);
    h0 = fmax(0.1 * fabs(h), 1e-14 * (1.0 + fabs(t)));
  }
  s->repeat_root = false;
  if (CVodeReInit(s->cvode, t, s->y) != 0 || CVodeSetInitStep(s->cvode, h0) != 0 ||
      set_stop(s, t) != 0 || set_step_cap(s) != 0)
    return fail(s, t, "integrator restart failed");
  s->nodes_a = s->nodes_b = NAN; /* a new interpolant */
  s->t_dip_start = NAN;          /* new modes or loads: no screen in the first step */
  creep_sync_all(s, t);
  return 0;
}

/* Observes a row, checks it (physics, the row budget) and hands it over; a
 * row that fails stops the run (s->failed) and is not handed over. */
static void emit_sample(ss_sim *s, const ss_sink *sink, double t, const double *x)
{
  if (s->failed)
    return;
  char why[960]; /* a run check's reason and its contacts' notes */
  s->m->ops->observe(s->m, s->observe_scratch, t, x, s->modes, s->row);
  if (!ss_run_check_row(s->check, s->row, why, sizeof why)) {
    fail(s, t, why);
    return;
  }
  if (++s->rows > s->max_rows) {
    snprintf(why, sizeof why, "more than %zu rows (the output grid and one per event)",
             s->max_rows);
    fail(s, t, why);
    return;
  }
  if (sink && sink->sample)
    sink->sample(sink->user, t, s->row);
}

static void emit_event(ss_sim *s, const ss_sink *sink, double t, int source, ss_event_kind kind)
{
  s->stats.events++;
  if (sink && sink->event) {
    ss_event ev = {t, source, kind};
    sink->event(sink->user, &ev);
  }
}

/* An event per contact whose mode differs from old_modes; true if any. */
static bool emit_mode_changes(ss_sim *s, const ss_sink *sink, double t)
{
  bool changed = false;
  for (int i = 0; i < s->m->n_contacts; i++) {
    int a = s->old_modes[i], b = s->modes[i];
    if (a == b)
      continue;
    changed = true;
    creep_reset(s, i);
    emit_event(s, sink, t, i,
               b == SS_MODE_STICK   ? SS_EVENT_STICK
               : a == SS_MODE_STICK ? SS_EVENT_SLIP
                                    : SS_EVENT_REVERSE);
  }
  return changed;
}

/* Roots (s->roots, as CVodeGetRootInfo gives them) at t, state y: update
 * modes, report events, restart. */
static int handle_roots(ss_sim *s, double t, const ss_sink *sink)
{
  const ss_model *m = s->m;
  double *x = N_VGetArrayPointer(s->y);
  int nc = m->n_contacts;
  bool must_restart = false;

  if (fabs(t - s->last_event_t) <= 1e-12 * (1.0 + fabs(t))) {
    if (++s->events_at_same_t > 1000)
      return fail(s, t, "events accumulate at one instant (Zeno behaviour)");
  } else {
    s->events_at_same_t = 0;
    s->last_event_t = t;
  }
  if (s->stats.events >= s->opts.max_events)
    return fail(s, t, "too many events (raise max_events or check the parameters)");

  memcpy(s->old_modes, s->modes, sizeof(int) * (size_t)nc);
  if (m->hybrid) {
    bool any = false;
    for (int i = 0; i < nc; i++)
      any |= (s->hit[i] = s->roots[i] != 0);
    if (any) {
      if (m->ops->resolve(m, t, x, s->modes, s->hit) < 0)
        return fail(s, t, "no consistent friction state after an event");
      must_restart = true;
    }
  } else {
    m->ops->contacts(m, t, x, s->modes, s->v, s->margin, NULL);
    for (int i = 0; i < nc; i++)
      if (s->roots[i] != 0)
        s->modes[i] = s->roots[i] > 0 ? ss_sign(s->v[i]) : SS_MODE_STICK;
  }
  bool changed = emit_mode_changes(s, sink, t);
  bool reported = must_restart;
  for (int j = 0; j < m->n_aux; j++) {
    if (s->roots[nc + j] != 0) {
      emit_event(s, sink, t, nc + j, s->roots[nc + j] > 0 ? SS_EVENT_GAP_EXIT : SS_EVENT_GAP_ENTER);
      must_restart = true; /* the right-hand side has a kink there */
      changed = true;
      reported = true;
    }
  }
  for (int j = 0; j < m->n_kinks; j++)
    must_restart |= s->roots[nc + m->n_aux + j] != 0; /* a margin kink: restart, no event */
  s->repeat_root = s->events_at_same_t > 0 && !changed;
  if (reported || !m->hybrid)
    emit_sample(s, sink, t, x);
  if (s->failed)
    return -1;
  return must_restart ? restart(s, t) : 0;
}

static double grid_time(const ss_sim *s, long k)
{
  return k >= s->n_grid ? s->opts.t_end : (double)k * s->opts.dt_out;
}

/* At t = 0 and after a restart, a stuck contact whose margin is <= 0 is
 * invisible to the root finding: CVODE ignores a root function that starts
 * at 0 (all loads 0 at t = 0 against a zero static limit) and a negative one
 * never falls through 0.  If its margin falls, it cannot stick: look a
 * moment ahead (x advanced along x'), and resolve there, where the loads
 * tell which way it breaks loose.  Returns 0, or < 0 on failure. */
static int check_start(ss_sim *s, double t, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  if (!m->hybrid || s->failed)
    return 0;
  for (int round = 0; round < 4; round++) {
    double *x = N_VGetArrayPointer(s->y);
    m->ops->contacts(m, t, x, s->modes, s->v, s->margin0, NULL);
    bool any = false;
    for (int i = 0; i < nc; i++)
      any |= s->modes[i] == SS_MODE_STICK && s->margin0[i] <= 0.0;
    if (!any || t >= s->opts.t_end)
      return 0;
    /* far below any step while stuck, far above rounding in t */
    double dt = fmin(fmax(1e-7 * stuck_step_cap(s), 1e-12 * (1.0 + fabs(t))), s->opts.t_end - t);
    double *xp = N_VGetArrayPointer(s->y_probe), *xd = N_VGetArrayPointer(s->ydot);
    if (m->ops->rhs(m, t, x, s->modes, xd) != 0)
      return 0; /* the integrator will report it */
    for (int k = 0; k < m->nx; k++)
      xp[k] = x[k] + dt * xd[k];
    m->ops->contacts(m, t + dt, xp, s->modes, s->v, s->margin, NULL);
    any = false;
    for (int i = 0; i < nc; i++) {
      /* below zero (a load's jump at a breakpoint) it cannot stick at all;
       * at zero only if the margin falls */
      s->hit[i] = s->modes[i] == SS_MODE_STICK &&
                  (s->margin0[i] < 0.0 ||
                   (s->margin0[i] <= 0.0 && s->margin[i] < 0.0 && s->margin[i] < s->margin0[i]));
      any |= s->hit[i] != 0;
    }
    if (!any)
      return 0;
    memcpy(s->old_modes, s->modes, sizeof(int) * (size_t)nc);
    if (m->ops->resolve(m, t + dt, xp, s->modes, s->hit) < 0)
      return fail(s, t + dt, "no consistent friction state after an event");
    /* grid points inside the probe interval (one on a breakpoint: its row
     * is written only now), from the same straight line, in the modes
     * just decided: a contact that cannot stick is not shown stuck */
    while (s->grid_index <= s->n_grid && grid_time(s, s->grid_index) <= t + dt) {
      double tg = grid_time(s, s->grid_index++);
      for (int k = 0; k < m->nx; k++)
        N_VGetArrayPointer(s->y_grid)[k] = x[k] + (tg - t) * xd[k];
      emit_sample(s, sink, tg, N_VGetArrayPointer(s->y_grid));
      s->steps_since_output = 0;
    }
    t += dt;
    memcpy(x, xp, sizeof(double) * (size_t)m->nx);
    bool changed = emit_mode_changes(s, sink, t);
    s->t_step = t;
    s->t = t;
    emit_sample(s, sink, t, x);
    if (s->failed || restart(s, t) < 0)
      return -1;
    if (!changed)
      return 0;
  }
  return 0;
}

/* Emits every grid point up to `until` that the last integrator step
 * covers, interpolated from CVODE's history (valid within that step). */
static void emit_grid_until(ss_sim *s, const ss_sink *sink, double until)
{
  while (s->grid_index <= s->n_grid && !s->failed) {
    double tg = grid_time(s, s->grid_index);
    if (tg > until)
      break;
    if (tg == s->t_step) {
      emit_sample(s, sink, tg, N_VGetArrayPointer(s->y));
    } else {
      CVodeGetDky(s->cvode, tg, 0, s->y_grid);
      emit_sample(s, sink, tg, N_VGetArrayPointer(s->y_grid));
    }
    s->grid_index++;
    s->steps_since_output = 0;
  }
}

/* Contact i's speed, mode * v, at t within the last step (interpolated). */
static double creep_speed(ss_sim *s, int i, double t)
{
  if (CVodeGetDky(s->cvode, t, 0, s->y_creep) != CV_SUCCESS)
    return NAN;
  s->m->ops->contacts(s->m, t, N_VGetArrayPointer(s->y_creep), s->modes, s->v, s->margin, NULL);
  return s->modes[i] * s->v[i];
}

/* Samples every contact's speed on Chebyshev-Lobatto nodes of the step
 * [t_a, t_b], one more than the interpolant's degree.  Returns < 0 if the
 * interpolant cannot be read. */
static int creep_sample(ss_sim *s, double t_a, double t_b)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, q_last = 1, q_next = 1;
  CVodeGetLastOrder(s->cvode, &q_last);
  CVodeGetCurrentOrder(s->cvode, &q_next);
  int n = q_last > q_next ? q_last + 2 : q_next + 2;
  n = n < 3 ? 3 : n > CREEP_NODES ? CREEP_NODES : n;
  if (s->nodes_a == t_a && s->nodes_b == t_b && s->n_nodes == n)
    return 0; /* sampled already (find_dip, then follow_creep) */
  s->nodes_a = s->nodes_b = NAN;
  s->n_nodes = n;
  for (int j = 0; j < s->n_nodes; j++) {
    double t = j == 0 ? t_a
               : j == s->n_nodes - 1
                   ? t_b
                   : 0.5 * (t_a + t_b) - 0.5 * (t_b - t_a) * cos(M_PI * j / (s->n_nodes - 1));
    if (CVodeGetDky(s->cvode, t, 0, s->y_creep) != CV_SUCCESS)
      return -1;
    m->ops->contacts(m, t, N_VGetArrayPointer(s->y_creep), s->modes, s->v, s->margin, NULL);
    s->node_t[j] = t;
    for (int i = 0; i < nc; i++)
      s->node_speed[(size_t)j * (size_t)nc + (size_t)i] = s->modes[i] * s->v[i];
  }
  s->nodes_a = t_a;
  s->nodes_b = t_b;
  return 0;
}

/* Contact i's speed polynomial at t (barycentric form on the nodes). */
static double creep_poly(const ss_sim *s, int i, double t)
{
  int nc = s->m->n_contacts, n = s->n_nodes;
  double num = 0.0, den = 0.0;
  for (int j = 0; j < n; j++) {
    double f = s->node_speed[(size_t)j * (size_t)nc + (size_t)i];
    if (t == s->node_t[j])
      return f;
    double w = (j % 2 ? -1.0 : 1.0) * (j == 0 || j == n - 1 ? 0.5 : 1.0) / (t - s->node_t[j]);
    num += w * f;
    den += w;
  }
  return num / den;
}

/* The instant in (lo, hi] where contact i's speed falls through `level`,
 * its speed minus the level being glo >= 0 at lo and ghi < 0 at hi: the
 * Illinois method, as CVODE locates roots, down to rounding in t, on the
 * speed polynomial (exact: false) or on the interpolant itself (first
 * trial at `guess` if inside).  The instant is the bracket's end below the
 * level, as for CVODE's roots. */
static double creep_crossing_time(ss_sim *s, int i, double level, double lo, double glo, double hi,
                                  double ghi, bool exact, double guess)
{
  double tol = 100.0 * DBL_EPSILON * fmax(fabs(lo), fabs(hi));
  int side = 0; /* which end moved last: Illinois halves the other's value */
  for (int it = 0; it < 200 && hi - lo > tol; it++) {
    double mid = it == 0 && guess > lo && guess < hi ? guess : hi - ghi * (hi - lo) / (ghi - glo);
    if (!(mid > lo + 0.5 * tol && mid < hi - 0.5 * tol))
      mid = 0.5 * (lo + hi); /* at an end: bisect */
    double g = (exact ? creep_speed(s, i, mid) : creep_poly(s, i, mid)) - level;
    if (!(g >= 0.0)) {
      hi = mid;
      ghi = g;
      if (side == -1)
        glo *= 0.5;
      side = -1;
    } else {
      lo = mid;
      glo = g;
      if (side == 1)
        ghi *= 0.5;
      side = 1;
    }
  }
  return hi;
}

/* Contact i fell through rung k at t: creeping if that fall took at least
 * CREEP_RATIO of the time of the one before. */
static bool creeping(ss_sim *s, int i, int k)
{
  const double *tc = creep_times(s, i);
  if (k < CREEP_FIRST || !isfinite(tc[k - 1]) || !isfinite(tc[k - 2]))
    return false;
  return tc[k] - tc[k - 1] >= CREEP_RATIO * (tc[k - 1] - tc[k - 2]);
}

/* Whether contact j has fallen through a rung in its present descent. */
static bool creep_descending(ss_sim *s, int j)
{
  for (int k = 0; k < CREEP_RUNGS; k++)
    if (isfinite(creep_times(s, j)[k]))
      return true;
  return false;
}

/* Contact i creeps at t (within the last step).  With it go the other
 * sliding contacts that came down below the first deciding rung: if the
 * exact law's mode decision, with them all at rest there, holds them all,
 * the run goes back to t: rows before t, the mode changes, restart.
 * (Contacts that come to rest together share a mode of motion: one held
 * alone while another creeps on is loaded on by it, and breaks loose again
 * at once when its levels are equal.)  Returns 1 if they stopped, 0 if
 * not, < 0 on failure. */
static int creep_stop(ss_sim *s, int i, double t, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  double *xt = N_VGetArrayPointer(s->y_trial), *x = N_VGetArrayPointer(s->y);
  if (CVodeGetDky(s->cvode, t, 0, s->y_trial) != CV_SUCCESS)
    return 0;
  m->ops->contacts(m, t, xt, s->modes, s->v, s->margin, NULL);
  memcpy(s->trial_modes, s->modes, sizeof(int) * (size_t)nc);
  for (int j = 0; j < nc; j++)
    s->hit[j] =
        s->modes[j] != SS_MODE_STICK &&
        (j == i || (s->modes[j] * s->v[j] < creep_rung[CREEP_FIRST] && creep_descending(s, j)));
  if (m->ops->resolve(m, t, xt, s->trial_modes, s->hit) < 0)
    return 0;
  for (int j = 0; j < nc; j++)
    if (s->hit[j] && s->trial_modes[j] != SS_MODE_STICK)
      return 0;
  if (s->stats.events >= s->opts.max_events)
    return fail(s, t, "too many events (raise max_events or check the parameters)");
  emit_grid_until(s, sink, nextafter(t, -INFINITY));
  memcpy(x, xt, sizeof(double) * (size_t)m->nx);
  memcpy(s->old_modes, s->modes, sizeof(int) * (size_t)nc);
  memcpy(s->modes, s->trial_modes, sizeof(int) * (size_t)nc);
  s->t_step = t;
  emit_mode_changes(s, sink, t);
  emit_sample(s, sink, t, x);
  return restart(s, t) < 0 ? -1 : 1;
}

static int compare_crossings(const void *a, const void *b)
{
  const creep_crossing *p = a, *q = b;
  if (p->t != q->t)
    return p->t < q->t ? -1 : 1;
  return p->contact - q->contact;
}

/* Follows the sliding contacts' speeds over the last step, from t_creep to
 * t_b (state y), in time order.  A creeping contact that can stick stops
 * at its rung crossing (before t_b when a root fell at t_b: the root's own
 * handling decides that instant): returns 1 (the run goes on from there),
 * 0 if none stopped, < 0 on failure. */
static int follow_creep(ss_sim *s, double t_b, bool root_at_end, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, n = 0;
  double t_a = s->t_creep;
  bool any_sliding = false;
  for (int i = 0; m->hybrid && i < nc; i++)
    any_sliding |= s->modes[i] != SS_MODE_STICK;
  if (!any_sliding || !(t_b > t_a)) {
    s->t_creep = fmax(t_a, t_b);
    return 0;
  }
  if (s->t_speed != t_b) {
    m->ops->contacts(m, t_b, N_VGetArrayPointer(s->y), s->modes, s->v, s->margin, NULL);
    for (int i = 0; i < nc; i++)
      s->speed[i] = s->modes[i] * s->v[i];
  }
  s->t_speed = NAN; /* the search below evaluates without it */
  bool any_crossing = false;
  for (int i = 0; i < nc; i++)
    any_crossing |= s->modes[i] != SS_MODE_STICK && s->creep_next[i] < CREEP_RUNGS &&
                    s->speed[i] < creep_rung[s->creep_next[i]];
  if (any_crossing && creep_sample(s, t_a, t_b) < 0)
    any_crossing = false;
  for (int i = 0; any_crossing && i < nc; i++) {
    if (s->modes[i] == SS_MODE_STICK)
      continue;
    double lo = t_a;
    for (int k = s->creep_next[i]; k < CREEP_RUNGS && s->speed[i] < creep_rung[k]; k++) {
      double g_lo = creep_poly(s, i, lo) - creep_rung[k], g_hi = s->speed[i] - creep_rung[k];
      lo = creep_crossing_time(s, i, creep_rung[k], lo, fmax(g_lo, 0.0), t_b, g_hi, false, NAN);
      s->cross[n++] = (creep_crossing){lo, i, k};
    }
  }
  qsort(s->cross, (size_t)n, sizeof *s->cross, compare_crossings);
  for (int c = 0; c < n; c++) {
    const creep_crossing *e = &s->cross[c];
    creep_times(s, e->contact)[e->rung] = e->t;
    s->creep_next[e->contact] = e->rung + 1;
    if (!creeping(s, e->contact, e->rung))
      continue;
    /* the instant on the interpolant itself (the polynomial is exact for a
     * speed linear in the state) */
    double level = creep_rung[e->rung];
    double t = creep_crossing_time(s, e->contact, level, t_a,
                                   fmax(creep_speed(s, e->contact, t_a) - level, 0.0), t_b,
                                   s->speed[e->contact] - level, true, e->t);
    if (t < t_b || !root_at_end) { /* (a root at t_b: its own handling decides that instant) */
      int rc = creep_stop(s, e->contact, t, sink);
      if (rc != 0)
        return rc;
    }
  }
  for (int i = 0; i < nc; i++)
    if (s->modes[i] != SS_MODE_STICK)
      creep_sync(s, i, s->speed[i]);
  s->t_creep = t_b;
  return 0;
}

/* ---- a speed through zero and back within one step ------------------
 *
 * CVODE sees a sliding contact's root function, its speed mode * v, only at
 * the steps' ends, and sliding steps are not capped: a speed that dips
 * through zero and back within one step goes unseen, and its friction,
 * still in its old direction, pushes along the motion (energy appears).
 * Checked after each step, in two stages:
 *
 * - a screen, one contacts evaluation per step: the cubic through each
 *   speed and its rate (along the last right-hand side) at the step's two
 *   ends.  A speed passes if it is above zero at both ends and the cubic
 *   stays above DIP_SCREEN of the smaller end value.  (To hide a dip the
 *   speed would have to leave its cubic by half its size within one
 *   step; the full check below, run on every step, found no such step in
 *   the bench variants and in 9000 random runs.)
 * - the others, and every speed in the first step after a restart: their
 *   polynomials on the step's nodes (creep_sample; exact for a speed
 *   linear in the state), bounded from below through their Chebyshev
 *   coefficients.  Where the bound lets one fall below -atol, the step is
 *   halved down, on that polynomial, to the first sample there; the first
 *   fall through zero before it, located on the interpolant to rounding,
 *   ends the step as a root.  Shallower dips are within the integration's
 *   error on a velocity (and rounding makes some around located roots). */
#define DIP_SCREEN 0.5 /* share of the smaller end speed the cubic must stay above */
#define DIP_DEPTH  30  /* halvings of a step in the search */
#define DIP_PIECES 64  /* pieces of a step sampled at most per search */

/* cos(pi m / N) for m < 2N, N = n - 1: the Chebyshev-Lobatto nodes' table */
static const double *lobatto_cos(ss_sim *s, int n)
{
  if (s->cheb_n != n) {
    for (int m = 0; m < 2 * (n - 1); m++)
      s->cheb_cos[m] = cos(M_PI * m / (n - 1));
    s->cheb_n = n;
  }
  return s->cheb_cos;
}

/* Whether the polynomial through f[n] on Chebyshev-Lobatto nodes stays
 * above `level`, all of f being above it: from its Chebyshev coefficients a_k
 * (the discrete cosine transform of the values), if a_0 - sum |a_k| is, or
 * if it is monotone (its derivative's coefficients bound it away from zero:
 * then its ends are its extremes). */
static bool stays_above(ss_sim *s, const double *f, int n, double level)
{
  int N = n - 1;
  const double *c = lobatto_cos(s, n);
  double a[CREEP_NODES] = {0}, rest = 0.0;
  for (int k = 0; k <= N; k++) {
    double sum = 0.5 * (f[0] + (k % 2 ? -f[N] : f[N]));
    for (int j = 1, m = k; j < N; j++, m = (m + k) % (2 * N))
      sum += f[j] * c[m];
    a[k] = sum * (k == 0 || k == N ? 1.0 : 2.0) / N;
    rest += k > 0 ? fabs(a[k]) : 0.0;
  }
  if (a[0] - rest > level)
    return true;
  /* the derivative's coefficients: d_{k-1} = d_{k+1} + 2 k a_k, d_0 halved */
  double d_next = 0.0, d = 0.0, d0 = 0.0, dsum = 0.0;
  for (int k = N; k >= 1; k--) {
    double d_k1 = d_next + 2.0 * k * a[k]; /* d_{k-1} */
    d_next = d;
    d = d_k1;
    if (k > 1)
      dsum += fabs(d_k1);
    else
      d0 = 0.5 * d_k1;
  }
  return fabs(d0) > dsum;
}

/* Contact i's first sample at or below `level` on the step's speed
 * polynomial in [lo, hi], where it is above the level at lo: the bracket
 * [*t_above, *t_below] of that sample and the one before.  *budget counts
 * the pieces left. */
static bool dip_search(ss_sim *s, int i, double level, double lo, double hi, int depth, int *budget,
                       double *t_above, double *t_below)
{
  int n = s->n_nodes;
  const double *c = lobatto_cos(s, n);
  double f[CREEP_NODES], t_prev = lo;
  if (--*budget < 0)
    return false;
  for (int j = 0; j < n; j++) {
    double t = j == 0 ? lo : j == n - 1 ? hi : 0.5 * (lo + hi) - 0.5 * (hi - lo) * c[j];
    f[j] = creep_poly(s, i, t);
    if (!(f[j] > level)) {
      *t_above = t_prev;
      *t_below = t;
      return j > 0;
    }
    t_prev = t;
  }
  if (stays_above(s, f, n, level) || depth >= DIP_DEPTH) /* (every f above the level) */
    return false;
  double mid = 0.5 * (lo + hi);
  return dip_search(s, i, level, lo, mid, depth + 1, budget, t_above, t_below) ||
         dip_search(s, i, level, mid, hi, depth + 1, budget, t_above, t_below);
}

/* Whether the cubic through speeds p_a, p_b and rates d_a, d_b at the ends
 * of a step of length h stays above DIP_SCREEN of the smaller end speed. */
static bool cubic_passes(double p_a, double d_a, double p_b, double d_b, double h)
{
  if (!(p_a > 0.0 && p_b > 0.0 && isfinite(d_a) && isfinite(d_b)))
    return false;
  double m_a = h * d_a, m_b = h * d_b; /* in tau = (t - t_a) / h */
  double c2 = 3.0 * (p_b - p_a) - 2.0 * m_a - m_b, c3 = 2.0 * (p_a - p_b) + m_a + m_b;
  double floor = DIP_SCREEN * fmin(p_a, p_b);
  /* the cubic's extrema: roots of m_a + 2 c2 tau + 3 c3 tau^2 */
  double A = 3.0 * c3, B = 2.0 * c2, C = m_a, roots[2];
  int nr = 0;
  if (A == 0.0) {
    if (B != 0.0)
      roots[nr++] = -C / B;
  } else {
    double disc = B * B - 4.0 * A * C;
    if (disc >= 0.0) {
      double q = -0.5 * (B + copysign(sqrt(disc), B));
      roots[nr++] = q / A;
      if (q != 0.0)
        roots[nr++] = C / q;
    }
  }
  for (int r = 0; r < nr; r++) {
    double tau = roots[r];
    if (tau > 0.0 && tau < 1.0 && !(p_a + tau * (m_a + tau * (c2 + tau * c3)) > floor))
      return false;
  }
  return true;
}

/* Each sliding contact's speed and rate at the end t_b of the last step,
 * state y (rate: along the last right-hand side if it was evaluated at t_b,
 * else NAN); the speeds also go to s->speed for follow_creep. */
static void end_speeds(ss_sim *s, double t_b, double h)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  if (s->t_speed != t_b) {
    m->ops->contacts(m, t_b, N_VGetArrayPointer(s->y), s->modes, s->v, s->margin, NULL);
    for (int i = 0; i < nc; i++)
      s->speed[i] = s->modes[i] * s->v[i];
    s->t_speed = t_b;
  }
  for (int i = 0; i < nc; i++)
    s->dip_rate[i] = NAN;
  if (s->t_rhs != t_b || !(h > 0.0))
    return;
  const double *x = N_VGetArrayPointer(s->y), *xd = N_VGetArrayPointer(s->ydot_last);
  double *xp = N_VGetArrayPointer(s->y_probe);
  for (int k = 0; k < m->nx; k++)
    xp[k] = x[k] + h * xd[k];
  m->ops->contacts(m, t_b + h, xp, s->modes, s->v, s->margin, NULL);
  for (int i = 0; i < nc; i++)
    s->dip_rate[i] = (s->modes[i] * s->v[i] - s->speed[i]) / h;
}

/* The first instant within the last step [t_a, t_b] where a sliding
 * contact's speed falls through zero on its way below -atol (a root at t_b
 * is CVODE's own), or NAN: none.  Keeps the end speeds and rates for the
 * next step's screen. */
static double find_dip(ss_sim *s, double t_a, double t_b)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  bool any_sliding = false;
  for (int i = 0; m->hybrid && i < nc; i++)
    any_sliding |= s->modes[i] != SS_MODE_STICK;
  bool screened = s->t_dip_start == t_a;
  s->t_dip_start = NAN;
  if (!any_sliding || !(t_b > t_a))
    return NAN;
  end_speeds(s, t_b, t_b - t_a);
  bool any_flagged = false;
  for (int i = 0; i < nc; i++) {
    s->hit[i] = s->modes[i] != SS_MODE_STICK &&
                !(screened && cubic_passes(s->dip_speed[i], s->dip_rate_a[i], s->speed[i],
                                           s->dip_rate[i], t_b - t_a));
    any_flagged |= s->hit[i] != 0;
    s->dip_speed[i] = s->speed[i];
    s->dip_rate_a[i] = s->dip_rate[i];
  }
  s->t_dip_start = t_b;
  if (!any_flagged || creep_sample(s, t_a, t_b) < 0)
    return NAN;
  int n = s->n_nodes;
  double deep = -s->opts.atol;
  double first = t_b - 100.0 * DBL_EPSILON * (fabs(t_b) + (t_b - t_a)); /* CVODE's root tolerance */
  bool found = false;
  for (int i = 0; i < nc; i++) {
    if (!s->hit[i])
      continue;
    double f[CREEP_NODES];
    int j0 = -1; /* the first node with the speed above zero (0 after a slip from rest) */
    bool finite = true, above = true;
    for (int j = 0; j < n; j++) {
      f[j] = s->node_speed[(size_t)j * (size_t)nc + (size_t)i];
      finite &= isfinite(f[j]);
      above &= f[j] > deep;
      if (j0 < 0 && f[j] > 0.0)
        j0 = j;
    }
    if (!finite || j0 < 0 || (j0 == 0 && above && stays_above(s, f, n, deep)))
      continue;
    int budget = DIP_PIECES;
    double lo, hi;
    if (!dip_search(s, i, deep, s->node_t[j0], t_b, 0, &budget, &lo, &hi))
      continue;
    budget = DIP_PIECES; /* the first fall through zero before it (at t_b: CVODE's root) */
    if (!dip_search(s, i, 0.0, s->node_t[j0], hi, 0, &budget, &lo, &hi) || !(hi < t_b) ||
        !(lo < first))
      continue;
    /* on the interpolant itself, from the polynomial's crossing */
    double guess = creep_crossing_time(s, i, 0.0, lo, creep_poly(s, i, lo), hi,
                                       creep_poly(s, i, hi), false, NAN);
    double g_lo = creep_speed(s, i, lo), g_hi = creep_speed(s, i, hi);
    if (!(g_hi <= 0.0)) { /* a speed nonlinear in the state: its own sign at the guess */
      hi = guess;
      g_hi = creep_speed(s, i, hi);
    }
    if (!(g_lo > 0.0 && g_hi <= 0.0))
      continue;
    double t = creep_crossing_time(s, i, 0.0, lo, g_lo, hi, g_hi, true, guess);
    if (t < first) {
      first = t;
      found = true;
    }
  }
  if (found)
    s->t_dip_start = NAN;
  return found ? first : NAN;
}

/* A sliding contact's speed fell through zero at t_dip within the last
 * step: the step ends there, with any creeping stop before it, and the
 * contacts at or below zero there are roots.  Returns < 0 on failure. */
static int stop_at_dip(ss_sim *s, double t_dip, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, nr = nc + m->n_aux + m->n_kinks;
  double *x = N_VGetArrayPointer(s->y);
  if (CVodeGetDky(s->cvode, t_dip, 0, s->y) != CV_SUCCESS)
    return fail(s, t_dip, "the integrator's interpolant cannot be read");
  int creep = follow_creep(s, t_dip, true, sink);
  if (creep != 0)
    return creep < 0 ? -1 : 0;
  s->t_step = t_dip;
  emit_grid_until(s, sink, nextafter(t_dip, -INFINITY));
  m->ops->contacts(m, t_dip, x, s->modes, s->v, s->margin, NULL);
  for (int i = 0; i < nr; i++)
    s->roots[i] = i < nc && s->modes[i] != SS_MODE_STICK && !(s->modes[i] * s->v[i] > 0.0) ? -1 : 0;
  if (s->failed)
    return -1;
  return handle_roots(s, t_dip, sink);
}

int ss_sim_advance(ss_sim *s, double t_target, const ss_sink *sink)
{
  if (!s || s->failed)
    return -1;
  if (!s->started) {
    s->started = true;
    emit_sample(s, sink, 0.0, N_VGetArrayPointer(s->y));
    s->grid_index = 1;
    if (s->failed || check_start(s, 0.0, sink) < 0)
      return -1;
  }
  /* One internal step at a time: grid output is interpolated between steps,
   * which costs far less than a CVode call per output time. */
  for (;;) {
    emit_grid_until(s, sink, fmin(s->t_step, t_target));
    if (s->failed)
      return -1;
    if (s->grid_index > s->n_grid) {
      s->t = s->opts.t_end;
      return 1;
    }
    if (s->t_step >= t_target) {
      s->t = t_target;
      return 0;
    }
    if (++s->steps_since_output > s->opts.max_steps) {
      char what[160];
      snprintf(what, sizeof what,
               "more than %ld integrator steps between two output times "
               "(stiff or chattering; raise max_steps or loosen rtol)",
               s->opts.max_steps);
      return fail(s, s->t_step, what);
    }
    sunrealtype tret = s->t_step;
    model_failure[0] = '\0'; /* only this step's reasons count */
    int flag = CVode(s->cvode, s->opts.t_end, s->y, &tret, CV_ONE_STEP);
    if (flag < 0) {
      char what[512];
      if (model_failure[0])
        snprintf(what, sizeof what, "%.255s", model_failure); /* the model's own reason */
      else
        snprintf(what, sizeof what, "%.500s", s->error[0] ? s->error : "integrator error");
      model_failure[0] = '\0';
      return fail(s, tret, what);
    }
    double t_dip = find_dip(s, s->t_creep, tret);
    if (!isnan(t_dip)) { /* a speed through zero and back: the step ends there */
      if (stop_at_dip(s, t_dip, sink) < 0)
        return -1;
      s->t = fmin(s->t_step, t_target);
      if (check_start(s, s->t_step, sink) < 0)
        return -1;
      continue;
    }
    int creep = follow_creep(s, tret, flag == CV_ROOT_RETURN, sink);
    if (creep < 0)
      return -1;
    if (creep > 0) { /* a creeping contact stopped within the step: on from there */
      s->t = fmin(s->t_step, t_target);
      if (check_start(s, s->t_step, sink) < 0)
        return -1;
      continue;
    }
    s->t_step = tret;
    s->t = fmin(tret, t_target);
    if (flag == CV_ROOT_RETURN) {
      /* the pre-event trajectory up to the root, whatever the target: the
       * restart below discards CVODE's history.  A row on the root itself
       * waits for the modes it decides (a load's jump at a breakpoint on
       * the grid: the stuck contact would carry the new load) */
      emit_grid_until(s, sink, nextafter(tret, -INFINITY));
      CVodeGetRootInfo(s->cvode, s->roots);
      if (s->failed || handle_roots(s, tret, sink) < 0 || check_start(s, tret, sink) < 0)
        return -1;
    } else if (flag == CV_TSTOP_RETURN && tret < s->opts.t_end) {
      /* a load breakpoint: a row on it waits for the modes after the jump
       * (check_start, or the next step) */
      emit_grid_until(s, sink, nextafter(tret, -INFINITY));
      if (s->failed || restart(s, tret) < 0 || check_start(s, tret, sink) < 0)
        return -1;
    }
  }
}

double ss_sim_time(const ss_sim *s) { return s->t; }
double ss_sim_t_end(const ss_sim *s) { return s->opts.t_end; }
const ss_run_opts *ss_sim_opts(const ss_sim *s) { return &s->opts; }
const char *ss_sim_error(const ss_sim *s) { return s->error; }
const int *ss_sim_modes(const ss_sim *s) { return s->modes; }

void ss_sim_get_stats(const ss_sim *s, ss_stats *out)
{
  /* finished segments plus the live counters of the current one */
  *out = s->stats;
  add_segment_counters(s, out);
}
