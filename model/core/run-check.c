/* run-check.c - every row a run emits against two physical facts, so that
 * no interface reports a non-physical result as a success:
 *
 *   1. Dissipated energy never decreases below zero.  Every scenario
 *      integrates energy.dissipated = the work of friction (and viscous
 *      forces) against the motion, from 0 at t = 0.  A passive contact only
 *      takes energy out; a LuGre bristle may store some, but from z = 0 at
 *      t = 0 its stored energy is >= 0, so the column stays >= 0 too.
 *      Failure: energy.dissipated < -(ENERGY_TOL * scale + 10 atol), where
 *      scale is the largest |value| in any energy column so far (J) and
 *      atol the run's absolute tolerance, to which the column is integrated.
 *
 *   2. A stuck contact holds within its static limit.  On rows with
 *      C.stick = 1:  |C.F| - c |C.v| <= mu_s |C.N| (1 + FRICTION_TOL)
 *                                        + FRICTION_TOL max(mu_s |C.N|)
 *      with mu_s from ss_model_contact_mu (C.N is a force, or for bearings
 *      the static torque with mu_s = 1, or a joint's friction basis), c the
 *      viscous coefficient the mechanism declares as part of C.F, and the
 *      max over the run so far (a limit that passes through zero).  With
 *      the exact law a stuck contact carries a static force, which the
 *      engine keeps within the limit (to 1e-8).  With smooth laws "stuck"
 *      means |v| < v_stick: the regularised law's mu(v) never exceeds
 *      mu_s, tanh's never exceeds mu_k, and LuGre's bristle force
 *      sigma0 z stays within mu_s (|z| <= g(v)/sigma0); only LuGre's
 *      damping sigma1 z' can push the force past the limit, which a
 *      contact that does not slide cannot transmit: the run is reported.
 *
 * Both tolerances sit far above the integration error of valid runs (every
 * scenario's defaults and every bench variant pass with a wide margin) and
 * far below the failures found (LuGre sigma1 = 1e6 on one-mass: friction
 * at 45 N per N and -1006 J).
 *
 * A failure's reason ends with the known cause a contact's law names for
 * its parameters and the failed check (ss_model.run_notes: LuGre's
 * constant sigma1 beyond its dissipative range, or its damping beyond the
 * static level below v_stick, and the fix): the failing contact's, or for
 * the energy every contact's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss-internal.h"

#define ENERGY_TOL   1e-3 /* share of the run's energy scale */
#define FRICTION_TOL 1e-2 /* share of the static limit */

typedef struct contact_cols {
  int F, N, v, stick; /* columns; F < 0: not checked */
  double mu_s;        /* static coefficient, 1 */
  double viscous;     /* viscous coefficient inside C.F, N s/m (or N m s/rad) */
  double limit_max;   /* largest mu_s |N| so far, N (or N m) */
} contact_cols;

struct ss_run_check {
  const ss_model *m;      /* the model */
  int diss;               /* column of energy.dissipated, -1 if none */
  int *energy;            /* columns of kind SS_COL_ENERGY */
  int n_energy;           /* entries in energy */
  double energy_scale;    /* largest |energy| so far, J */
  double atol;            /* the run's absolute tolerance */
  contact_cols *contacts; /* n_contacts entries */
};

static int find(const ss_model *m, const char *contact, const char *suffix)
{
  char name[160];
  snprintf(name, sizeof name, "%s.%s", contact, suffix);
  return ss_model_column_find(m, name);
}

ss_run_check *ss_run_check_new(const ss_model *m, const ss_run_opts *resolved)
{
  ss_run_check *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->m = m;
  c->atol = resolved->atol;
  c->diss = ss_model_column_find(m, "energy.dissipated");
  c->energy = calloc((size_t)m->n_columns + 1, sizeof(int));
  c->contacts = calloc((size_t)m->n_contacts + 1, sizeof *c->contacts);
  if (!c->energy || !c->contacts) {
    ss_run_check_free(c);
    return NULL;
  }
  for (int i = 0; i < m->n_columns; i++)
    if (m->columns[i].kind == SS_COL_ENERGY)
      c->energy[c->n_energy++] = i;
  for (int k = 0; k < m->n_contacts; k++) {
    contact_cols *cc = &c->contacts[k];
    const char *name = m->contact_names[k];
    cc->F = find(m, name, "F");
    cc->N = find(m, name, "N");
    cc->v = find(m, name, "v");
    cc->stick = find(m, name, "stick");
    if (cc->N < 0 || cc->stick < 0)
      cc->F = -1;
    cc->mu_s = m->mu_s[k];
    cc->viscous = m->viscous ? m->viscous[k] : 0.0;
  }
  return c;
}

void ss_run_check_free(ss_run_check *c)
{
  if (!c)
    return;
  free(c->energy);
  free(c->contacts);
  free(c);
}

/* Appends contact k's run note for a stuck contact to why, or with k < 0
 * every contact's note for the dissipated energy (each text once). */
static void add_notes(const ss_model *m, int k, char *why, size_t size)
{
  for (int i = k < 0 ? 0 : k; i < (k < 0 ? m->n_contacts : k + 1); i++) {
    const char *note = m->run_notes[2 * i + (k >= 0)];
    bool seen = false;
    for (int j = 0; j < i && k < 0 && note; j++)
      seen |= m->run_notes[2 * j] && strcmp(m->run_notes[2 * j], note) == 0;
    size_t used = strlen(why);
    if (note && !seen && used < size)
      snprintf(why + used, size - used, "; %s", note);
  }
}

bool ss_run_check_row(ss_run_check *c, const double *row, char *why, size_t size)
{
  const ss_model *m = c->m;
  for (int i = 0; i < c->n_energy; i++) {
    double e = fabs(row[c->energy[i]]);
    if (e > c->energy_scale) /* NaN compares false */
      c->energy_scale = e;
  }
  if (c->diss >= 0) {
    double d = row[c->diss];
    if (d < -(ENERGY_TOL * c->energy_scale + 10.0 * c->atol)) {
      snprintf(why, size,
               "non-physical result: dissipated energy %.4g J is negative (the run's energy "
               "scale is %.4g J)",
               d, c->energy_scale);
      add_notes(m, -1, why, size);
      return false;
    }
  }
  for (int k = 0; k < m->n_contacts; k++) {
    contact_cols *cc = &c->contacts[k];
    if (cc->F < 0)
      continue;
    double N = fabs(row[cc->N]);
    double limit = cc->mu_s * N;
    if (limit > cc->limit_max)
      cc->limit_max = limit;
    double F = row[cc->F];
    if (row[cc->stick] != 1.0 || !isfinite(F) || !isfinite(limit))
      continue;
    double v = cc->v >= 0 && isfinite(row[cc->v]) ? fabs(row[cc->v]) : 0.0;
    double held = fabs(F) - cc->viscous * v;
    if (held > limit * (1.0 + FRICTION_TOL) + FRICTION_TOL * cc->limit_max) {
      const char *unit = m->columns[cc->F].unit;
      const char *v_unit = cc->v >= 0 ? m->columns[cc->v].unit : "";
      char viscous[96] = "", band[128] = "";
      if (cc->viscous > 0.0)
        snprintf(viscous, sizeof viscous, " (%.4g %s without its viscous part)", held, unit);
      if (!m->hybrid) /* a smooth law: stuck is a band of small velocities */
        snprintf(band, sizeof band, " (|v| = %.4g %s, below v_stick = %.4g %s)", v, v_unit,
                 m->v_stick[k], v_unit);
      snprintf(why, size,
               "non-physical result: contact '%s' is stuck%s with friction %.4g %s%s, above its "
               "static limit %.4g %s",
               m->contact_names[k], band, F, unit, viscous, limit, unit);
      add_notes(m, k, why, size);
      return false;
    }
  }
  return true;
}
