/* test-util.h - helpers shared by the model tests; running the CLI and
 * other programs is test-cli-util.h's. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "stickslip.h"
#include "test-cli-util.h"

/* Builds scenario `name` with NULL-terminated assignments; fails the test on error. */
static inline ss_model *make_model(const char *name, const char *const *sets)
{
  const ss_scenario *sc = ss_scenario_find(name);
  g_assert_nonnull(sc);
  int n = 0;
  while (sets && sets[n])
    n++;
  char *err = NULL;
  ss_model *m = ss_model_new_from_assignments(sc, sets, n, &err);
  if (!m)
    g_error("%s: %s", name, err);
  return m;
}

/* Runs it; the model goes to *model_out or is freed. */
static inline ss_trace *run_scenario_opts(const char *name, const char *const *sets,
                                          const ss_run_opts *opts, ss_model **model_out)
{
  ss_model *m = make_model(name, sets);
  char *err = NULL;
  ss_trace *tr = ss_run(m, opts, &err);
  if (!tr)
    g_error("%s: %s", name, err);
  if (model_out)
    *model_out = m;
  else
    ss_model_free(m);
  return tr;
}

static inline int column(const ss_model *m, const char *name)
{
  int c = ss_model_column_find(m, name);
  if (c < 0)
    g_error("no column %s", name);
  return c;
}

static inline ss_trace *run_scenario(const char *name, const char *const *sets, double t_end,
                                     double dt_out, ss_model **model_out)
{
  ss_run_opts opts = {.t_end = t_end, .dt_out = dt_out};
  return run_scenario_opts(name, sets, &opts, model_out);
}

/* Times of events of one kind at one source, in order; returns the count. */
static inline int event_times(const ss_trace *tr, int source, ss_event_kind kind, double *out,
                              int max)
{
  int n = 0;
  for (size_t i = 0; i < tr->n_events && n < max; i++)
    if (tr->events[i].source == source && tr->events[i].kind == kind)
      out[n++] = tr->events[i].t;
  return n;
}

/* Every row in which contact `contact` sticks (its .stick column is 1)
 * holds static friction within the cone: |F| <= mu_s N (1 + rel) + abs_tol
 * (columns contact.F, .N).  A row whose F is undetermined (NaN) fails the
 * test, or is skipped with skip_undetermined. */
static inline void assert_stuck_within(const ss_model *m, const ss_trace *tr, const char *contact,
                                       double mu_s, double rel, double abs_tol,
                                       bool skip_undetermined)
{
  char name[64];
  snprintf(name, sizeof name, "%s.F", contact);
  int iF = column(m, name);
  snprintf(name, sizeof name, "%s.N", contact);
  int iN = column(m, name);
  snprintf(name, sizeof name, "%s.stick", contact);
  int ist = column(m, name);
  for (size_t r = 0; r < tr->n_rows; r++) {
    double F = ss_trace_at(tr, r, iF);
    if (ss_trace_at(tr, r, ist) != 1.0 || (skip_undetermined && isnan(F)))
      continue;
    g_assert_cmpfloat(fabs(F), <=, mu_s * ss_trace_at(tr, r, iN) * (1 + rel) + abs_tol);
  }
}

/* The energy integrals are states the integrator holds to its absolute
 * tolerance (atol, 1e-10 by default, here in J): a run whose energies stay
 * near 1e-7 J (a block that stops within a millisecond) is off by that
 * much, not by a share of them. */
#define ENERGY_ABS_TOL 1e-9 /* J */

/* The change of work.external equals the changes of energy.kinetic and
 * energy.potential (when the model has one) plus energy.dissipated, at every
 * row, within rel_tol of the largest energy magnitude of the run (and
 * ENERGY_ABS_TOL); and the dissipated energy never falls.  Returns the worst
 * residual, as a share of that magnitude. */
static inline double assert_energy_balance(const ss_model *m, const ss_trace *tr, double rel_tol,
                                           const char *label)
{
  int iw = column(m, "work.external"), id = column(m, "energy.dissipated");
  int ik = column(m, "energy.kinetic"), ip = ss_model_column_find(m, "energy.potential");
  double emax = 0.0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    emax = fmax(emax, fabs(ss_trace_at(tr, r, iw)));
    emax = fmax(emax, fabs(ss_trace_at(tr, r, id)));
    emax = fmax(emax, fabs(ss_trace_at(tr, r, ik)));
    if (ip >= 0)
      emax = fmax(emax, fabs(ss_trace_at(tr, r, ip)));
  }
  double e0 = ss_trace_at(tr, 0, ik) + (ip >= 0 ? ss_trace_at(tr, 0, ip) : 0.0);
  double w0 = ss_trace_at(tr, 0, iw), prev_d = ss_trace_at(tr, 0, id), worst = 0.0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    double w = ss_trace_at(tr, r, iw) - w0, d = ss_trace_at(tr, r, id);
    double e = ss_trace_at(tr, r, ik) + (ip >= 0 ? ss_trace_at(tr, r, ip) : 0.0) - e0;
    double residual = fabs(w - e - d);
    worst = fmax(worst, residual);
    if (!(residual <= rel_tol * emax + ENERGY_ABS_TOL))
      g_error("%s, t = %g: work %.10g J, energy change %.10g J + dissipated %.10g J (off by %.3g "
              "of %.3g J)",
              label, tr->t[r], w, e, d, residual, emax);
    if (!(d >= prev_d - rel_tol * emax - ENERGY_ABS_TOL))
      g_error("%s, t = %g: dissipated energy falls from %.10g to %.10g J", label, tr->t[r], prev_d,
              d);
    prev_d = d;
  }
  return emax > 0.0 ? worst / emax : 0.0;
}

/* The dissipated energy never falls by more than rel_tol of the largest
 * energy magnitude of the run (columns as in assert_energy_balance). */
static inline void assert_dissipation_rises(const ss_model *m, const ss_trace *tr, double rel_tol,
                                            const char *label)
{
  const char *names[] = {"work.external", "energy.dissipated", "energy.kinetic",
                         "energy.potential"};
  double emax = 0.0;
  for (int k = 0; k < 4; k++) {
    int c = ss_model_column_find(m, names[k]);
    for (size_t r = 0; c >= 0 && r < tr->n_rows; r++)
      emax = fmax(emax, fabs(ss_trace_at(tr, r, c)));
  }
  int id = column(m, "energy.dissipated");
  for (size_t r = 1; r < tr->n_rows; r++) {
    double prev = ss_trace_at(tr, r - 1, id), d = ss_trace_at(tr, r, id);
    if (!(d >= prev - rel_tol * emax))
      g_error("%s, t = %.9g: dissipated energy falls from %.10g to %.10g J", label, tr->t[r], prev,
              d);
  }
}

/* Source index of contact `name` (events name their source by index). */
static inline int contact_source(const ss_model *m, const char *name)
{
  for (int i = 0; i < ss_model_n_sources(m); i++)
    if (strcmp(ss_model_source_name(m, i), name) == 0)
      return i;
  g_error("no contact %s", name);
  return -1;
}

/* Contact `contact` slides the way its friction says: in every row where it
 * does not stick and |v| > v_floor, its friction force (.F, viscous part
 * included) opposes its velocity (.v); and its velocity never changes sign
 * between two rows without an event of the contact in between (a stop or a
 * reversal). */
static inline void assert_friction_opposes_motion(const ss_model *m, const ss_trace *tr,
                                                  const char *contact, double v_floor,
                                                  const char *label)
{
  char name[64];
  snprintf(name, sizeof name, "%s.F", contact);
  int iF = column(m, name);
  snprintf(name, sizeof name, "%s.v", contact);
  int iv = column(m, name);
  snprintf(name, sizeof name, "%s.stick", contact);
  int ist = column(m, name);
  int src = contact_source(m, contact);
  for (size_t r = 0; r < tr->n_rows; r++) {
    double F = ss_trace_at(tr, r, iF), v = ss_trace_at(tr, r, iv);
    if (ss_trace_at(tr, r, ist) == 0.0 && fabs(v) > v_floor && F * v > 0.0)
      g_error("%s, t = %.9g: contact %s slides at %.3g with friction %.6g along its motion", label,
              tr->t[r], contact, v, F);
    double v_prev = r > 0 ? ss_trace_at(tr, r - 1, iv) : 0.0;
    if (fabs(v_prev) > v_floor && fabs(v) > v_floor && v_prev * v < 0.0) {
      bool event = false;
      for (size_t e = 0; e < tr->n_events; e++)
        event |= tr->events[e].source == src && tr->events[e].t > tr->t[r - 1] &&
                 tr->events[e].t <= tr->t[r];
      if (!event)
        g_error("%s: contact %s's velocity goes from %.3g at t = %.9g to %.3g at %.9g without an "
                "event",
                label, contact, v_prev, tr->t[r - 1], v, tr->t[r]);
    }
  }
}

/* Row index of the sample taken at an event time t (the post-event row). */
static inline size_t row_at(const ss_trace *tr, double t)
{
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] == t)
      return r;
  g_error("no row at t = %.17g", t);
  return 0;
}

#endif
