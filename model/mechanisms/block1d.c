/* block1d.c - one block, one frictional contact, every friction law.
 *
 * Exact law: M z'' = F - C z' - FK sgn z' while sliding (mode, never sgn(0)),
 * z'' = 0 and z' = 0 exactly while stuck (|F| <= FS, Gauss principle:
 * the static force is sat(F, FS)).  Smooth laws: M z'' = F - C z' - N mu(z'). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdlib.h>

#include "block1d.h"

/* state layout */
enum { IZ = 0, IV = 1 };

typedef struct block1d_layout {
  int bristle; /* index of the LuGre bristle deflection, or -1 */
  int work;    /* external work, J */
  int diss;    /* dissipated energy, J */
} block1d_layout;

typedef struct block1d_model {
  ss_block1d *b;     /* mechanism */
  block1d_layout at; /* state indices */
  /* a smooth law's coefficient (ss_friction_mu's, without looking the
   * law up on every evaluation); NULL for the exact law */
  double (*mu)(const ss_friction *f, double v, double z, double *zdot);
} block1d_model;

static const block1d_model *impl(const ss_model *m) { return m->impl; }

static void initial(const ss_model *m, double *x)
{
  for (int i = 0; i < m->nx; i++)
    x[i] = 0.0;
}

/* Friction on the block (opposing motion) and the bristle rate, for any
 * law and mode; loads L at the same instant.  A stuck exact contact carries
 * the static force that balances the load. */
static double friction_force(const ss_model *m, const double *x, const int *modes,
                             const ss_block1d_loads *L, double *zb_dot)
{
  const block1d_model *bm = impl(m);
  const ss_block1d *b = bm->b;
  double v = x[IV], mu;
  *zb_dot = 0.0;
  if (m->hybrid) {
    if (modes[0] == SS_MODE_STICK)
      return -L->applied;
    return -modes[0] * b->fr.mu_k * L->normal - b->viscous * v;
  }
  mu = bm->mu(&b->fr, v, bm->at.bristle >= 0 ? x[bm->at.bristle] : 0.0, zb_dot);
  return -L->normal * mu - b->viscous * v;
}

static int rhs(const ss_model *m, double t, const double *x, const int *modes, double *xdot)
{
  const block1d_model *bm = impl(m);
  const ss_block1d *b = bm->b;
  ss_block1d_loads L;
  double v = x[IV], zb_dot;
  b->loads(b, t, x[IZ], v, &L);
  xdot[bm->at.work] = L.power_in;
  if (m->hybrid && modes[0] == SS_MODE_STICK) {
    xdot[IZ] = 0.0; /* held by the mode: exactly zero, no drift */
    xdot[IV] = 0.0;
    xdot[bm->at.diss] = 0.0;
    return 0;
  }
  double fric = friction_force(m, x, modes, &L, &zb_dot);
  xdot[IZ] = v;
  xdot[IV] = (L.applied + fric) / b->mass;
  if (bm->at.bristle >= 0)
    xdot[bm->at.bristle] = zb_dot;
  xdot[bm->at.diss] = -fric * v;
  return 0;
}

/* rhs for a smooth law (no modes): M z'' = F - C z' - N mu(z', bristle),
 * the same operations as rhs's. */
static int rhs_smooth(const ss_model *m, double t, const double *x, const int *modes, double *xdot)
{
  (void)modes;
  const block1d_model *bm = impl(m);
  const ss_block1d *b = bm->b;
  ss_block1d_loads L;
  double v = x[IV], zb_dot = 0.0;
  b->loads(b, t, x[IZ], v, &L);
  xdot[bm->at.work] = L.power_in;
  int k = bm->at.bristle;
  double mu = bm->mu(&b->fr, v, k >= 0 ? x[k] : 0.0, &zb_dot);
  double fric = -L.normal * mu - b->viscous * v;
  xdot[IZ] = v;
  xdot[IV] = (L.applied + fric) / b->mass;
  if (k >= 0)
    xdot[k] = zb_dot;
  xdot[bm->at.diss] = -fric * v;
  return 0;
}

/* The block's velocity: no loads needed. */
static void speeds(const ss_model *m, double t, const double *x, const int *modes, double *v)
{
  (void)m;
  (void)t;
  (void)modes;
  v[0] = x[IV];
}

static void contacts(const ss_model *m, double t, const double *x, const int *modes, double *v,
                     double *margin, double *kink)
{
  (void)kink; /* no margin kinks: n_kinks = 0 */
  const ss_block1d *b = impl(m)->b;
  ss_block1d_loads L;
  b->loads(b, t, x[IZ], x[IV], &L);
  speeds(m, t, x, modes, v);
  margin[0] = b->fr.mu_s * L.normal - fabs(L.applied);
}

static int resolve(const ss_model *m, double t, double *x, int *modes, const int *hit)
{
  const ss_block1d *b = impl(m)->b;
  ss_block1d_loads L;
  b->loads(b, t, x[IZ], x[IV], &L);
  double limit = b->fr.mu_s * L.normal;
  if (!hit) { /* t = 0 */
    modes[0] = x[IV] == 0.0 ? ss_resolve_1d(L.applied, limit) : ss_sign(x[IV]);
    return 0;
  }
  if (!hit[0])
    return 0;
  if (modes[0] == SS_MODE_STICK) {
    /* the margin crossed zero: break loose even if rounding says it holds */
    modes[0] = L.applied >= 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
  } else {
    x[IV] = 0.0;
    modes[0] = ss_resolve_1d(L.applied, limit);
  }
  return 0;
}

static void observe(const ss_model *m, void *scratch, double t, const double *x, const int *modes,
                    double *row)
{
  (void)scratch; /* nothing kept between rows */
  const block1d_model *bm = impl(m);
  const ss_block1d *b = bm->b;
  ss_block1d_loads L;
  double v = x[IV], zb_dot;
  b->loads(b, t, x[IZ], v, &L);
  double fric = friction_force(m, x, modes, &L, &zb_dot);
  int c = 0;
  row[c++] = x[IZ];
  row[c++] = v;
  if (bm->at.bristle >= 0)
    row[c++] = x[bm->at.bristle];
  row[c++] = fric;
  row[c++] = L.normal;
  row[c++] = L.normal > 0.0 ? fabs(fric) / L.normal : NAN; /* no normal force: undefined */
  row[c++] = v;
  row[c++] = modes[0] == SS_MODE_STICK;
  if (b->n_extra > 0)
    b->extra(b, t, x[IZ], v, row + c);
  c += b->n_extra;
  row[c++] = x[bm->at.work];
  row[c++] = x[bm->at.diss];
  row[c++] = 0.5 * b->mass * v * v;
  row[c++] = L.potential;
}

/* observe()'s columns the state gives alone or with the loads and the
 * friction force only (no extra columns, no energies): the position, the
 * velocity, the bristle, the contact's ratio and slip velocity, bit for
 * bit the row's.  The extremes tracking samples and locates the
 * amplitude's velocity and the ratio's peaks with it. */
static bool observe_column(const ss_model *m, double t, const double *x, const int *modes, int col,
                           double *value)
{
  const block1d_model *bm = impl(m);
  int c = bm->at.bristle >= 0 ? 3 : 2; /* the contact's first column (F) */
  if (col == IZ || col == IV || (col == 2 && c == 3)) {
    *value = x[col]; /* z, v, the bristle: the state's own */
    return true;
  }
  if (col == c + 3) { /* the slip velocity */
    *value = x[IV];
    return true;
  }
  if (col != c + 2)
    return false;
  const ss_block1d *b = bm->b;
  ss_block1d_loads L;
  double zb_dot;
  b->loads(b, t, x[IZ], x[IV], &L);
  double fric = friction_force(m, x, modes, &L, &zb_dot);
  *value = L.normal > 0.0 ? fabs(fric) / L.normal : NAN;
  return true;
}

/* observe()'s columns that are states: z, v and the bristle. */
static int column_state(const ss_model *m, int col)
{
  return col == IZ || col == IV || (col == 2 && impl(m)->at.bristle == 2) ? col : -1;
}

static double next_kink(const ss_model *m, double t)
{
  const ss_block1d *b = impl(m)->b;
  return b->next_kink ? b->next_kink(b, t) : INFINITY;
}

static void free_impl(void *p)
{
  block1d_model *bm = p;
  free(bm->b);
  free(bm);
}

/* (the smooth laws' copy of these, with rhs_smooth) */
static const ss_model_ops block1d_ops = {
    .initial = initial,
    .rhs = rhs,
    .contacts = contacts,
    .speeds = speeds,
    .resolve = resolve,
    .next_kink = next_kink,
    .observe = observe,
    .observe_column = observe_column,
    .column_state = column_state,
    .free_impl = free_impl,
};

static const ss_model_ops block1d_smooth_ops = {
    .initial = initial,
    .rhs = rhs_smooth,
    .contacts = contacts,
    .speeds = speeds,
    .resolve = resolve,
    .next_kink = next_kink,
    .observe = observe,
    .observe_column = observe_column,
    .column_state = column_state,
    .free_impl = free_impl,
};

ss_model *ss_block1d_model_new(const ss_scenario *sc, const double *values, ss_block1d *b,
                               const char *contact_name, const ss_column_spec *extras, char **error)
{
  if (b->fr.mu_k > b->fr.mu_s) {
    ss_set_error(error,
                 "parameter 'mu_k' = %g must not exceed 'mu_s' = %g "
                 "(kinetic level <= static level)",
                 b->fr.mu_k, b->fr.mu_s);
    free(b);
    return NULL;
  }
  ss_law_contacts laws = {&b->fr, &contact_name, 1, NULL, SS_LAW_SLIDING};
  if (!ss_friction_check(&laws, error)) {
    free(b);
    return NULL;
  }
  block1d_model *bm = calloc(1, sizeof *bm);
  const ss_law_info *law = ss_law_get(b->fr.law);
  bool state = law->has_state; /* the bristle of LuGre */
  int nx = 2 + (state ? 1 : 0) + 2;
  ss_model *m = bm ? ss_model_alloc(sc, values, nx, 1, &contact_name) : NULL;
  if (!m) {
    free(bm);
    free(b);
    return ss_set_error(error, "out of memory");
  }
  bm->b = b;
  bm->mu = law->event_driven ? NULL : law->mu;
  bm->at.bristle = state ? 2 : -1;
  bm->at.work = state ? 3 : 2;
  bm->at.diss = bm->at.work + 1;
  m->integral[bm->at.work] = m->integral[bm->at.diss] = true;
  m->impl = bm;
  m->ops = law->event_driven ? &block1d_ops : &block1d_smooth_ops;
  m->hybrid = law->event_driven;
  m->stiff = !m->hybrid;
  /* a stuck block only needs steps short against the load's period */
  m->max_step_stuck = b->load_period > 0.0 ? b->load_period / 40.0 : 1.0;
  m->mu_s[0] = b->fr.mu_s;
  m->mu_k[0] = b->fr.mu_k;
  m->v_stick[0] = ss_friction_stick_velocity(&b->fr);
  m->viscous[0] = b->viscous; /* its C v is part of C.F */
  ss_block1d_loads L;
  b->loads(b, 0.0, 0.0, 0.0, &L); /* N at t = 0 (one-mass: constant; dupont: no viscous term) */
  ss_friction_set_run_note(m, 0, &laws, L.normal > 0.0 ? b->viscous / L.normal : 0.0);
  if (state) {
    m->state_size[bm->at.bristle] = ss_friction_state_size(&b->fr);
    m->state_size[1] = ss_friction_state_size(&b->fr); /* v: the same per second */
  }

  ss_model_add_column(m, "z", "m", SS_COL_POSITION, -1);
  ss_model_add_column(m, "v", "m/s", SS_COL_VELOCITY, -1);
  if (state)
    ss_model_add_column(m, "bristle", "m", SS_COL_INTERNAL, 0);
  ss_model_add_contact_columns(m, 0, "N", "m/s");
  for (int i = 0; i < b->n_extra; i++)
    ss_model_add_column(m, extras[i].name, extras[i].unit, extras[i].kind, -1);
  ss_model_add_energy_columns(m, true);
  return m;
}
