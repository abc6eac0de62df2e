/* sim.c - event-driven hybrid integration on CVODE: the run.
 *
 * Hybrid (exact) models: each contact has a discrete mode.  While sliding the
 * event function is mode*v (it falls through zero when the contact stops);
 * while stuck it is the stiction margin.  At an event the model resolves
 * consistent modes, zeroes stuck velocities and the integrator restarts.
 * Smooth models (regularised, tanh, LuGre) have one event function per
 * contact, |v| - v_stick, used for reporting only, and use BDF.
 *
 * Here: CVODE's set-up and callbacks, the stepping loop, roots and events,
 * restarts, the zero-margin check at a segment's start, and the output grid
 * rows.  After each step the loop asks sim-interp.c what the step's
 * interpolant tells: a sliding speed that dipped through zero and back
 * within the step (sim_find_dip), or a contact that crept to rest without
 * crossing zero, declared stuck where its speed falls through a velocity
 * rung (sim_follow_creep, docs/events.md): round-off would otherwise pick
 * that time.  Both end the step early.  The state they share is in
 * sim-private.h. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "nvector-small.h"
#include "sim-private.h"

static int set_step_cap(ss_sim *s);
static int set_stop(ss_sim *s, double t);

static _Thread_local char model_failure[256];

_Thread_local bool sim_plain_sundials;

void ss_report_failure(const char *why)
{
  snprintf(model_failure, sizeof model_failure, "%s", why ? why : "");
}

const char *ss_take_failure(void) { return model_failure; }

int sim_rhs(sunrealtype t, N_Vector y, N_Vector ydot, void *user)
{
  ss_sim *s = user;
  int rc = s->m->ops->rhs(s->m, t, SIM_DATA(y), s->modes, SIM_DATA(ydot));
  if (s->m->hybrid) { /* the corrector's last one is the rate at the step's end (sim_find_dip) */
    double *restrict last = SIM_DATA(s->ydot_last);
    const double *restrict d = SIM_DATA(ydot);
#define K(N) memcpy(last, d, sizeof(double) * (size_t)(N)) /* of fixed length, unrolled */
    SS_SMALL_SWITCH(s->m->nx, K)
#undef K
    s->t_rhs = rc == 0 ? t : NAN;
  }
  return rc;
}

void sim_speeds(ss_sim *s, double t, const double *x)
{
  const ss_model *m = s->m;
  if (m->ops->speeds)
    m->ops->speeds(m, t, x, s->modes, s->v);
  else
    m->ops->contacts(m, t, x, s->modes, s->v, s->margin, NULL);
}

#define SIM_STR_(x) #x
#define SIM_STR(x)  SIM_STR_(x)

static const char stall_cancelled[] = "cancelled";

/* Whether the caller asked to cancel (looked at every SIM_CANCEL_EVERY calls). */
static bool sim_cancelled(ss_sim *s)
{
  if (!s->cancel || --s->calls_to_cancel_check > 0)
    return false;
  s->calls_to_cancel_check = SIM_CANCEL_EVERY;
  return s->cancel(s->cancel_user);
}

/* Where the root function puts the aux functions' and the kinks' values:
 * after the contacts' in CVODE's g when it watches them all, else into
 * g_all (every one), whence the watched ones' are copied. */
static inline double *root_rest(ss_sim *s, double *g)
{
  return s->n_watched == s->n_roots ? g + s->m->n_contacts : s->g_all;
}

static int root_cb(sunrealtype t, N_Vector y, sunrealtype *g, void *user)
{
  ss_sim *s = user;
  const ss_model *m = s->m;
  /* a root search that cannot converge (a bracket no longer than rounding
   * in t) would call this forever within one CVode call */
  if (++s->root_evals_in_call > SIM_MAX_ROOT_EVALS) {
    s->stall = "the root finding does not converge (more than " SIM_STR(
        SIM_MAX_ROOT_EVALS) " evaluations of the event functions in one step)";
    return 1;
  }
  if (sim_cancelled(s)) {
    s->stall = stall_cancelled;
    return 1;
  }
  const double *x = SIM_DATA(y);
  double *kinks = m->n_kinks > 0 ? root_rest(s, g) + m->n_aux : NULL;
  if (!m->hybrid) {
    if (kinks)
      m->ops->contacts(m, t, x, s->modes, s->v, s->margin, kinks);
    else
      sim_speeds(s, t, x);
    const double *restrict v = s->v, *restrict v_stick = m->v_stick;
    double *restrict gc = g;
    for (int i = 0, nc = m->n_contacts; i < nc; i++)
      gc[i] = fabs(v[i]) - v_stick[i];
  } else {
    /* the margins only for stuck contacts (and the kinks) */
    bool margins = kinks != NULL;
    for (int i = 0; !margins && i < m->n_contacts; i++)
      margins = s->modes[i] == SS_MODE_STICK;
    if (margins)
      m->ops->contacts(m, t, x, s->modes, s->v, s->margin, kinks);
    else
      sim_speeds(s, t, x);
    const int *restrict modes = s->modes;
    const double *restrict v = s->v, *restrict margin = s->margin;
    double *restrict speed = s->speed, *restrict gc = g;
    for (int i = 0, nc = m->n_contacts; i < nc; i++) {
      double gi = modes[i] == SS_MODE_STICK ? margin[i] : modes[i] * v[i];
      gc[i] = gi;
      speed[i] = gi; /* CVODE's last call is at the step's end: sim_follow_creep reads it */
    }
    s->t_speed = t;
  }
  if (m->n_aux > 0)
    m->ops->aux(m, t, x, root_rest(s, g));
  if (s->n_watched < s->n_roots) /* the watched ones' after the contacts' */
    for (int j = m->n_contacts; j < s->n_watched; j++)
      g[j] = s->g_all[s->watched[j] - m->n_contacts];
  return 0;
}

/* The root functions CVODE watches from state y on: every contact's and
 * kink's, the aux functions the model says may cross first (ops->aux_active).
 * A new set is a new CVodeRootInit (its arrays afresh) and its directions. */
static int watch_roots(ss_sim *s)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, na = m->n_aux, nr = nc + na + m->n_kinks;
  if (nr == 0)
    return 0;
  for (int j = 0; j < na; j++)
    s->aux_on[j] = true;
  if (na > 0 && m->ops->aux_active)
    m->ops->aux_active(m, SIM_DATA(s->y), s->aux_on);
  int n = 0;
  bool same = true;
  for (int i = 0; i < nr; i++) {
    if (i >= nc && i < nc + na && !s->aux_on[i - nc])
      continue;
    same &= n < s->n_watched && s->watched[n] == i;
    s->watched[n++] = i;
  }
  if (same && n == s->n_watched)
    return 0;
  s->n_watched = n;
  int flag = s->cvode ? CVodeRootInit(s->cvode, 0, NULL) : -1;
  if (flag == 0)
    flag = CVodeRootInit(s->cvode, n, root_cb);
  for (int j = 0; j < n; j++) /* hybrid: only a contact's falling crossing matters */
    s->watched_info[j] = s->watched[j] < nc && m->hybrid ? -1 : 0;
  if (flag == 0)
    flag = CVodeSetRootDirection(s->cvode, s->watched_info);
  return flag;
}

/* CVODE's roots at the last return, into s->roots (every function). */
static void get_roots(ss_sim *s)
{
  const ss_model *m = s->m;
  int nr = m->n_contacts + m->n_aux + m->n_kinks;
  if (s->n_watched == nr) {
    CVodeGetRootInfo(s->cvode, s->roots);
    return;
  }
  CVodeGetRootInfo(s->cvode, s->watched_info);
  for (int i = 0; i < nr; i++)
    s->roots[i] = 0;
  for (int j = 0; j < s->n_watched; j++)
    s->roots[s->watched[j]] = s->watched_info[j];
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
  double *a = SIM_DATA(abstol);
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
  if (s->jac_col)
    N_VDestroy(s->jac_col);
  if (s->ctx)
    SUNContext_Free(&s->ctx);
  free(s->modes);
  free(s->old_modes);
  free(s->released);
  free(s->roots);
  free(s->watched);
  free(s->watched_info);
  free(s->aux_on);
  free(s->g_all);
  free(s->hit);
  free(s->v);
  free(s->margin);
  free(s->margin0);
  free(s->row);
  free(s->row_probe);
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
  sim_dense_free(s->dense);
  free(s);
}

/* Contact i at rest and released (held at its static maximum). */
static bool is_released(const ss_sim *s, const double *x, int i)
{
  int k = s->m->release_flag[i];
  return k >= 0 && s->modes[i] == SS_MODE_STICK && x[k] != 0.0;
}

static void initial_smooth_modes(ss_sim *s, const double *x)
{
  const ss_model *m = s->m;
  sim_speeds(s, s->t, x);
  for (int i = 0; i < m->n_contacts; i++)
    s->modes[i] = fabs(s->v[i]) < m->v_stick[i] ? SS_MODE_STICK : ss_sign(s->v[i]);
}

/* BDF on an event-driven model changes its step once it may grow by this
 * factor (CVODE's default 1.5; after a step that passed it never shrinks):
 * each event restarts it at order 1 from a short step, and the steps grow
 * back sooner.  Not for the smooth laws, where it costs more error-test
 * failures than it saves steps (docs/performance.md, "CVODE's tunables
 * and the method, measured"). */
#define SIM_HYBRID_BDF_ETA_MAX_FIXED 1.1

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
  s->released = calloc((size_t)nc + 1, sizeof(bool));
  s->roots = calloc((size_t)nr + 1, sizeof(int));
  s->watched = calloc((size_t)nr + 1, sizeof(int));
  s->watched_info = calloc((size_t)nr + 1, sizeof(int));
  s->aux_on = calloc((size_t)m->n_aux + 1, sizeof(bool));
  s->g_all = calloc((size_t)nr + 1, sizeof(double));
  s->n_roots = nr;
  s->hit = calloc((size_t)nc + 1, sizeof(int));
  s->v = calloc((size_t)nc + 1, sizeof(double));
  s->margin = calloc((size_t)nc + 1, sizeof(double));
  s->margin0 = calloc((size_t)nc + 1, sizeof(double));
  s->row = calloc((size_t)m->n_columns + 1, sizeof(double));
  s->row_probe = calloc((size_t)m->n_columns + 1, sizeof(double));
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
  if (!s->modes || !s->old_modes || !s->released || !s->roots || !s->watched || !s->watched_info ||
      !s->aux_on || !s->g_all || !s->hit || !s->v || !s->margin || !s->margin0 || !s->row ||
      !s->row_probe || !s->check || !s->creep_next || !s->creep_t || !s->trial_modes || !s->speed ||
      !s->cross || !s->node_t || !s->node_speed || !s->dip_speed || !s->dip_rate_a ||
      (m->observe_scratch > 0 && !s->observe_scratch) || SUNContext_Create(NULL, &s->ctx) != 0) {
    ss_sim_free(s);
    return ss_set_error(error, "out of memory");
  }
  /* CVODE clones its vectors from y: all of them small ones (bit for bit
   * the serial vector's results, in fewer instructions) */
  N_Vector (*vec_new)(sunindextype, SUNContext) =
      sim_plain_sundials ? N_VNew_Serial : ss_nvector_small_new;
  s->y = vec_new(m->nx, s->ctx);
  s->y_grid = vec_new(m->nx, s->ctx);
  s->y_probe = vec_new(m->nx, s->ctx);
  s->ydot = vec_new(m->nx, s->ctx);
  s->y_creep = vec_new(m->nx, s->ctx);
  s->y_trial = vec_new(m->nx, s->ctx);
  s->ydot_last = vec_new(m->nx, s->ctx);
  if (!s->y || !s->y_grid || !s->y_probe || !s->ydot || !s->y_creep || !s->y_trial ||
      !s->ydot_last) {
    ss_sim_free(s);
    return ss_set_error(error, "out of memory");
  }
  double *x = SIM_DATA(s->y);
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
  for (int i = 0; i < nc; i++) /* the state at t = 0 is no event, as the modes are not */
    s->released[i] = is_released(s, x, i);
  for (int i = 0; i < nc; i++)
    sim_creep_reset(s, i);
  s->t_speed = NAN;
  s->nodes_a = s->nodes_b = NAN;
  s->t_rhs = s->t_dip_start = NAN;

  s->cvode = CVodeCreate(m->stiff ? CV_BDF : CV_ADAMS, s->ctx);
  int flag = s->cvode ? CVodeInit(s->cvode, sim_rhs, 0.0, s->y) : -1;
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
    s->n_watched = -1; /* (none yet) */
    flag = watch_roots(s);
    if (flag == 0)
      flag = CVodeSetNoInactiveRootWarn(s->cvode);
  }
  if (flag == 0) {
    if (m->stiff) {
      s->A = SUNDenseMatrix(m->nx, m->nx, s->ctx);
      if (s->A && !sim_plain_sundials)
        sim_matrix_small_ops(s->A);
      s->LS = !s->A                ? NULL
              : sim_plain_sundials ? SUNLinSol_Dense(s->y, s->A, s->ctx)
                                   : sim_linsol_small(m->nx, s->ctx);
      flag = s->LS ? CVodeSetLinearSolver(s->cvode, s->LS, s->A) : -1;
      if (flag == 0 && !sim_plain_sundials) {
        s->jac_col = N_VCloneEmpty(s->y);
        flag = s->jac_col ? CVodeSetJacFn(s->cvode, sim_jac_dq) : -1;
      }
      if (flag == 0 && !sim_plain_sundials) { /* sim-newton.c: CVODE's, bit for bit */
        s->NLS = sim_newton_new(s);
        flag = s->NLS ? CVodeSetNonlinearSolver(s->cvode, s->NLS) : -1;
        if (flag == 0)
          flag = CVodeWFtolerances(s->cvode, sim_ewt);
      }
      if (flag == 0 && m->hybrid)
        flag = CVodeSetEtaFixedStepBounds(s->cvode, 0.0, SIM_HYBRID_BDF_ETA_MAX_FIXED);
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

/* Stops the run at the caller's request; returns -1. */
static int sim_cancel_stop(ss_sim *s, double t)
{
  snprintf(s->error, sizeof s->error, "run cancelled at t = %.9g s", t);
  s->failed = true;
  return -1;
}

/* A state that is no longer finite stops the run, naming the columns it
 * shows in (those not finite now that were in the last row), else the
 * state's index; returns -1 then, 0 if every value is finite. */
static int check_finite(ss_sim *s, double t, const double *x)
{
  const ss_model *m = s->m;
  int k = 0;
  while (k < m->nx && isfinite(x[k]))
    k++;
  if (k == m->nx)
    return 0;
  char what[512];
  int len = snprintf(what, sizeof what, "the state is not finite (");
  double *row = s->row_probe;
  m->ops->observe(m, s->observe_scratch, t, x, s->modes, row);
  int named = 0;
  for (int c = 0; c < m->n_columns && named < 4 && len < (int)sizeof what - 80; c++)
    if (!isfinite(row[c]) && (s->rows == 0 || isfinite(s->row[c]) || isinf(row[c])))
      len += snprintf(what + len, sizeof what - (size_t)len, "%scolumn %.40s = %g",
                      named++ ? ", " : "", m->columns[c].name, row[c]);
  if (named == 0)
    snprintf(what + len, sizeof what - (size_t)len, "state %d = %g)", k, x[k]);
  else
    snprintf(what + len, sizeof what - (size_t)len, ")");
  return sim_fail(s, t, what);
}

int sim_fail(ss_sim *s, double t, const char *what)
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
int sim_restart(ss_sim *s, double t)
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
      set_stop(s, t) != 0 || set_step_cap(s) != 0 || watch_roots(s) != 0)
    return sim_fail(s, t, "integrator restart failed");
  s->nodes_a = s->nodes_b = NAN; /* a new interpolant */
  s->t_dip_start = NAN;          /* new modes or loads: no screen in the first step */
  sim_creep_sync_all(s, t);
  sim_dense_restart(s, t);
  return 0;
}

/* Observes a row, checks it (physics, the row budget) and hands it over; a
 * row that fails stops the run (s->failed) and is not handed over. */
void sim_emit_sample(ss_sim *s, const ss_sink *sink, double t, const double *x)
{
  if (s->failed)
    return;
  char why[960]; /* a run check's reason and its contacts' notes */
  if (check_finite(s, t, x) < 0)
    return;
  s->m->ops->observe(s->m, s->observe_scratch, t, x, s->modes, s->row);
  /* an overflowing or undetermined quantity (a force over a normal force
   * near 0) is undetermined: NAN, an empty field, never inf on a file or
   * the screen; the one place every row passes (the checks below read a
   * NAN as they read any NaN) */
  double *row = s->row;
  for (int c = 0; c < s->m->n_columns; c++)
    if (!isfinite(row[c]))
      row[c] = NAN;
  if (!ss_run_check_row(s->check, s->row, why, sizeof why)) {
    sim_fail(s, t, why);
    return;
  }
  if (++s->rows > s->max_rows) {
    snprintf(why, sizeof why, "more than %zu rows (the output grid and one per event)",
             s->max_rows);
    sim_fail(s, t, why);
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

/* An event per contact whose mode differs from old_modes, and the release
 * and lock events of the state y.  At one instant, in contact order within
 * each group: first the contacts that were at rest, released or locked
 * again (one that breaks loose while held is released first: a mechanism
 * slips only once every contact is released), then the mode changes, then
 * the contacts that came to rest and are released at once.  True if a mode
 * changed (release and lock events leave the restart's logic alone). */
bool sim_emit_mode_changes(ss_sim *s, const ss_sink *sink, double t)
{
  const double *x = SIM_DATA(s->y);
  int nc = s->m->n_contacts;
  for (int i = 0; i < nc; i++) {
    if (s->m->release_flag[i] < 0 || s->old_modes[i] != SS_MODE_STICK)
      continue;
    bool now = s->modes[i] != SS_MODE_STICK || is_released(s, x, i);
    if (now != s->released[i])
      emit_event(s, sink, t, i, now ? SS_EVENT_RELEASE : SS_EVENT_LOCK);
  }
  bool changed = false;
  for (int i = 0; i < nc; i++) {
    int a = s->old_modes[i], b = s->modes[i];
    if (a == b)
      continue;
    changed = true;
    sim_creep_reset(s, i);
    emit_event(s, sink, t, i,
               b == SS_MODE_STICK   ? SS_EVENT_STICK
               : a == SS_MODE_STICK ? SS_EVENT_SLIP
                                    : SS_EVENT_REVERSE);
  }
  for (int i = 0; i < nc; i++) {
    bool now = is_released(s, x, i);
    if (now && s->old_modes[i] != SS_MODE_STICK)
      emit_event(s, sink, t, i, SS_EVENT_RELEASE);
    s->released[i] = now;
  }
  return changed;
}

/* Roots (s->roots, as CVodeGetRootInfo gives them) at t, state y: update
 * modes, report events, restart. */
int sim_handle_roots(ss_sim *s, double t, const ss_sink *sink)
{
  const ss_model *m = s->m;
  double *x = SIM_DATA(s->y);
  int nc = m->n_contacts;
  bool must_restart = false;

  if (fabs(t - s->last_event_t) <= 1e-12 * (1.0 + fabs(t))) {
    if (++s->events_at_same_t > 1000)
      return sim_fail(s, t, "events accumulate at one instant (Zeno behaviour)");
  } else {
    s->events_at_same_t = 0;
    s->last_event_t = t;
  }
  if (s->stats.events >= s->opts.max_events)
    return sim_fail(s, t, "too many events (raise max_events or check the parameters)");

  memcpy(s->old_modes, s->modes, sizeof(int) * (size_t)nc);
  if (m->hybrid) {
    bool any = false;
    for (int i = 0; i < nc; i++)
      any |= (s->hit[i] = s->roots[i] != 0);
    if (any) {
      if (m->ops->resolve(m, t, x, s->modes, s->hit) < 0)
        return sim_fail(s, t, "no consistent friction state after an event");
      must_restart = true;
    }
  } else {
    sim_speeds(s, t, x);
    for (int i = 0; i < nc; i++)
      if (s->roots[i] != 0)
        s->modes[i] = s->roots[i] > 0 ? ss_sign(s->v[i]) : SS_MODE_STICK;
  }
  bool changed = sim_emit_mode_changes(s, sink, t);
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
    sim_emit_sample(s, sink, t, x);
  if (s->failed)
    return -1;
  return must_restart ? sim_restart(s, t) : 0;
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
    double *x = SIM_DATA(s->y);
    m->ops->contacts(m, t, x, s->modes, s->v, s->margin0, NULL);
    bool any = false;
    for (int i = 0; i < nc; i++)
      any |= s->modes[i] == SS_MODE_STICK && s->margin0[i] <= 0.0;
    if (!any || t >= s->opts.t_end)
      return 0;
    /* far below any step while stuck, far above rounding in t */
    double dt = fmin(fmax(1e-7 * stuck_step_cap(s), 1e-12 * (1.0 + fabs(t))), s->opts.t_end - t);
    double *xp = SIM_DATA(s->y_probe), *xd = SIM_DATA(s->ydot);
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
      return sim_fail(s, t + dt, "no consistent friction state after an event");
    /* grid points inside the probe interval (one on a breakpoint: its row
     * is written only now), from the same straight line, in the modes
     * just decided: a contact that cannot stick is not shown stuck */
    while (s->grid_index <= s->n_grid && grid_time(s, s->grid_index) <= t + dt) {
      double tg = grid_time(s, s->grid_index++);
      for (int k = 0; k < m->nx; k++)
        SIM_DATA(s->y_grid)[k] = x[k] + (tg - t) * xd[k];
      sim_emit_sample(s, sink, tg, SIM_DATA(s->y_grid));
      s->steps_since_output = 0;
    }
    t += dt;
    memcpy(x, xp, sizeof(double) * (size_t)m->nx);
    bool changed = sim_emit_mode_changes(s, sink, t);
    s->t_step = t;
    s->t = t;
    sim_emit_sample(s, sink, t, x);
    if (s->failed || sim_restart(s, t) < 0)
      return -1;
    if (!changed)
      return 0;
  }
  return 0;
}

/* Emits every grid point up to `until` that the last integrator step
 * covers, interpolated from CVODE's history (valid within that step). */
void sim_emit_grid_until(ss_sim *s, const ss_sink *sink, double until)
{
  if (s->dense)
    sim_dense_follow(s, until);
  while (s->grid_index <= s->n_grid && !s->failed) {
    double tg = grid_time(s, s->grid_index);
    if (tg > until)
      break;
    if (tg == s->t_step) {
      sim_emit_sample(s, sink, tg, SIM_DATA(s->y));
    } else {
      CVodeGetDky(s->cvode, tg, 0, s->y_grid);
      sim_emit_sample(s, sink, tg, SIM_DATA(s->y_grid));
    }
    s->grid_index++;
    s->steps_since_output = 0;
  }
}

/* Before a failure: a sample at the last step the integrator completed,
 * (t, x), when it lies beyond the last grid time, so that the run up to
 * the failure reaches its sink (an output step longer than the run's life
 * would leave nothing but t = 0). */
static void emit_last_step(ss_sim *s, const ss_sink *sink, double t, const double *x)
{
  if (s->grid_index < 1 || !(t > grid_time(s, s->grid_index - 1)) || !isfinite(t))
    return;
  for (int i = 0; i < (int)N_VGetLength(s->y); i++)
    if (!isfinite(x[i]))
      return;
  sim_emit_sample(s, sink, t, x);
}

int ss_sim_advance(ss_sim *s, double t_target, const ss_sink *sink)
{
  if (!s || s->failed)
    return -1;
  if (!s->started) {
    s->started = true;
    sim_emit_sample(s, sink, 0.0, SIM_DATA(s->y));
    s->grid_index = 1;
    if (s->failed || check_start(s, 0.0, sink) < 0)
      return -1;
  }
  /* One internal step at a time: grid output is interpolated between steps,
   * which costs far less than a CVode call per output time. */
  for (;;) {
    sim_emit_grid_until(s, sink, fmin(s->t_step, t_target));
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
      emit_last_step(s, sink, s->t_step, SIM_DATA(s->y));
      return sim_fail(s, s->t_step, what);
    }
    if (sim_cancelled(s))
      return sim_cancel_stop(s, s->t_step);
    /* simulated time must move on: a run whose steps shrink to nothing
     * (rounding in t, subnormal times) stops instead of crawling */
    if (s->t_step > s->t_progress + SIM_STALL_SHARE * s->opts.t_end) {
      s->t_progress = s->t_step;
      s->stalled_calls = 0;
    } else if (++s->stalled_calls > SIM_STALL_CALLS) {
      return sim_fail(
          s, s->t_step,
          "simulated time does not advance (" SIM_STR(
              SIM_STALL_CALLS) " integrator calls in a row within " SIM_STR(SIM_STALL_SHARE) " of "
                                                                                             "t_"
                                                                                             "end"
                                                                                             ")");
    }
    sunrealtype tret = s->t_step;
    model_failure[0] = '\0'; /* only this step's reasons count */
    s->root_evals_in_call = 0;
    s->stall = NULL;
    int flag = CVode(s->cvode, s->opts.t_end, s->y, &tret, CV_ONE_STEP);
    if (flag < 0) {
      char what[512];
      if (s->stall == stall_cancelled)
        return sim_cancel_stop(s, tret);
      if (s->stall)
        snprintf(what, sizeof what, "%.500s", s->stall);
      else if (model_failure[0])
        snprintf(what, sizeof what, "%.255s", model_failure); /* the model's own reason */
      else
        snprintf(what, sizeof what, "%.500s", s->error[0] ? s->error : "integrator error");
      model_failure[0] = '\0';
      /* CVODE leaves the last successful step's time and state */
      emit_last_step(s, sink, tret, SIM_DATA(s->y));
      return sim_fail(s, tret, what);
    }
    double t_dip = sim_find_dip(s, s->t_creep, tret);
    if (!isnan(t_dip)) { /* a speed through zero and back: the step ends there */
      if (sim_stop_at_dip(s, t_dip, sink) < 0)
        return -1;
      s->t = fmin(s->t_step, t_target);
      if (check_start(s, s->t_step, sink) < 0)
        return -1;
      continue;
    }
    int creep = sim_follow_creep(s, tret, flag == CV_ROOT_RETURN, sink);
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
      sim_emit_grid_until(s, sink, nextafter(tret, -INFINITY));
      get_roots(s);
      if (s->failed || sim_handle_roots(s, tret, sink) < 0 || check_start(s, tret, sink) < 0)
        return -1;
    } else if (flag == CV_TSTOP_RETURN && tret < s->opts.t_end) {
      /* a load breakpoint: a row on it waits for the modes after the jump
       * (check_start, or the next step) */
      sim_emit_grid_until(s, sink, nextafter(tret, -INFINITY));
      if (s->failed || sim_restart(s, tret) < 0 || check_start(s, tret, sink) < 0)
        return -1;
    }
  }
}

void ss_sim_set_cancel(ss_sim *s, ss_cancel_fn cancel, void *user)
{
  s->cancel = cancel;
  s->cancel_user = user;
  s->calls_to_cancel_check = 1;
}

double ss_sim_time(const ss_sim *s) { return s->t; }
double ss_sim_t_end(const ss_sim *s) { return s->opts.t_end; }
const ss_run_opts *ss_sim_opts(const ss_sim *s) { return &s->opts; }
const char *ss_sim_error(const ss_sim *s) { return s->error; }

void ss_sim_get_stats(const ss_sim *s, ss_stats *out)
{
  /* finished segments plus the live counters of the current one */
  *out = s->stats;
  add_segment_counters(s, out);
}
