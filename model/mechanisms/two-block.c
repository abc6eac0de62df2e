/* two-block.c - two masses, three frictional contacts ([Zardecki2007] §4).
 *
 * Both blocks stand on the base (contacts 10 and 20, normal forces M1 g and
 * M2 g) and a clamp presses them against each other (contact 12, normal
 * force `clamp`).  Sign convention (Newton, the paper's eq. 4.1-4.2):
 *   M1 z1'' = F1 - f10 - f12
 *   M2 z2'' = F2 - f20 + f12
 * where f_c opposes a positive relative velocity of its contact: v10 =
 * z1', v20 = z2', v12 = z1' - z2'.  The C.F column is -f_c, the friction on
 * the body that moves with v_c (block 1 for 10 and 12, block 2 for 20), as
 * in every scenario; sum.10+12 = 10.F + 12.F and sum.20-12 = 20.F - 12.F
 * are the friction resultants on blocks 1 and 2.  Sliding: f_c = mode_c FK_c
 * + C_c v_c (the mode, never sgn(0)).  At zero relative velocity the static
 * forces follow from the Gauss principle with the static levels FS_c; in
 * total stiction only r1 = f10 + f12 and r2 = f20 - f12 are determinate
 * (exact minimiser in gauss-hexagon.c, not the printed eq. 4.9-4.10, E1).
 *
 * Only two relative velocities are independent (v12 = v10 - v20), so two
 * stuck contacts imply the third: the stuck sets are {}, {12}, {10}, {20}
 * and all three -- the paper's five velocity cases (the `case` column). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gauss-hexagon.h"
#include "ss-internal.h"

/* state layout */
enum { IZ1 = 0, IZ2, IV1, IV2, IWORK, IDISS, NX };

/* the paper's five velocity cases */
enum {
  TB_ALL_SLIDE = 1,   /* z1' != 0, z2' != 0, z1' != z2' */
  TB_TOGETHER = 2,    /* z1' = z2' != 0: contact 12 stuck */
  TB_BLOCK1_REST = 3, /* z1' = 0: contact 10 stuck */
  TB_BLOCK2_REST = 4, /* z2' = 0: contact 20 stuck */
  TB_BOTH_REST = 5,   /* z1' = z2' = 0: all three stuck */
};

typedef struct tb_model {
  double M[2];     /* block masses M1, M2, kg */
  double FS[3];    /* static levels mu_s N per contact (SS_TB_*), N */
  double FK[3];    /* kinetic levels mu_k N per contact, N */
  double C[3];     /* viscous coefficients per contact, N s/m */
  double N[3];     /* normal forces M1 g, M2 g, clamp, N */
  double bias[2];  /* constant parts of F1, F2, N */
  double amp[2];   /* amplitudes of F1, F2, N */
  double omega[2]; /* angular frequencies of F1, F2, rad/s */
  double phase[2]; /* phases of F1, F2, rad */
  double v0[2];    /* initial velocities z1'(0), z2'(0), m/s */
} tb_model;

/* What one mode set implies at one instant. */
typedef struct tb_eval {
  double F[2];      /* external forces F1, F2, N */
  double v[3];      /* relative velocity per contact, m/s */
  double f[3];      /* friction force per contact, N (NaN: indeterminate) */
  double a[2];      /* accelerations z1'', z2'', m/s² */
  double rel_a[3];  /* relative acceleration per contact, m/s² */
  double margin[3]; /* stuck contacts: static level minus required force, N */
  int case_id;      /* TB_* */
} tb_eval;

static const char *const contact_names[3] = {"10", "20", "12"};

static const tb_model *impl(const ss_model *m) { return m->impl; }

static int case_of(const int *modes)
{
  bool s10 = modes[TB_10] == SS_MODE_STICK, s20 = modes[TB_20] == SS_MODE_STICK,
       s12 = modes[TB_12] == SS_MODE_STICK;
  if (s10 + s20 + s12 >= 2)
    return TB_BOTH_REST;
  return s12 ? TB_TOGETHER : s10 ? TB_BLOCK1_REST : s20 ? TB_BLOCK2_REST : TB_ALL_SLIDE;
}

static void external(const tb_model *p, double t, double *F)
{
  for (int i = 0; i < 2; i++)
    F[i] = p->bias[i] + p->amp[i] * sin(p->omega[i] * t + p->phase[i]);
}

/* Relative velocity per contact: block 1 and block 2 on the base, 1 on 2. */
static void relative_velocities(const double *x, double *v)
{
  v[TB_10] = x[IV1];
  v[TB_20] = x[IV2];
  v[TB_12] = x[IV1] - x[IV2];
}

static void evaluate(const tb_model *p, double t, const double *x, const int *modes, tb_eval *e)
{
  const double M1 = p->M[0], M2 = p->M[1];
  external(p, t, e->F);
  relative_velocities(x, e->v);
  for (int c = 0; c < 3; c++) {
    e->f[c] = modes[c] == SS_MODE_STICK ? NAN : modes[c] * p->FK[c] + p->C[c] * e->v[c];
    e->margin[c] = HUGE_VAL;
  }
  /* forces on the blocks from everything but the stuck contacts */
  double G1 = e->F[0], G2 = e->F[1];
  if (modes[TB_10] != SS_MODE_STICK)
    G1 -= e->f[TB_10];
  if (modes[TB_20] != SS_MODE_STICK)
    G2 -= e->f[TB_20];
  if (modes[TB_12] != SS_MODE_STICK) {
    G1 -= e->f[TB_12];
    G2 += e->f[TB_12];
  }
  e->case_id = case_of(modes);
  switch (e->case_id) {
  case TB_ALL_SLIDE:
    e->a[0] = G1 / M1;
    e->a[1] = G2 / M2;
    break;
  case TB_TOGETHER: {
    double a = (G1 + G2) / (M1 + M2);
    e->a[0] = e->a[1] = a;
    e->f[TB_12] = (M2 * G1 - M1 * G2) / (M1 + M2); /* = G1 - M1 a */
    e->margin[TB_12] = p->FS[TB_12] - fabs(e->f[TB_12]);
    break;
  }
  case TB_BLOCK1_REST:
    e->a[0] = 0.0;
    e->a[1] = G2 / M2;
    e->f[TB_10] = G1;
    e->margin[TB_10] = p->FS[TB_10] - fabs(G1);
    break;
  case TB_BLOCK2_REST:
    e->a[0] = G1 / M1;
    e->a[1] = 0.0;
    e->f[TB_20] = G2;
    e->margin[TB_20] = p->FS[TB_20] - fabs(G2);
    break;
  default: {
    /* Total stiction: (G1, G2) must lie in the hexagon of gauss-hexagon.h;
     * each slab involves two contacts, a contact's margin is the smaller. */
    e->a[0] = e->a[1] = 0.0;
    const double *FS = p->FS;
    double h1 = FS[TB_10] + FS[TB_12] - fabs(G1);
    double h2 = FS[TB_20] + FS[TB_12] - fabs(G2);
    double h3 = FS[TB_10] + FS[TB_20] - fabs(G1 + G2);
    e->margin[TB_10] = fmin(h1, h3);
    e->margin[TB_20] = fmin(h2, h3);
    e->margin[TB_12] = fmin(h1, h2);
    break;
  }
  }
  e->rel_a[TB_10] = e->a[0];
  e->rel_a[TB_20] = e->a[1];
  e->rel_a[TB_12] = e->a[0] - e->a[1];
}

static void initial(const ss_model *m, double *x)
{
  const tb_model *p = impl(m);
  memset(x, 0, sizeof(double) * NX);
  x[IV1] = p->v0[0];
  x[IV2] = p->v0[1];
}

static int rhs(const ss_model *m, double t, const double *x, const int *modes, double *xdot)
{
  const tb_model *p = impl(m);
  tb_eval e;
  evaluate(p, t, x, modes, &e);
  double diss = 0.0;
  for (int c = 0; c < 3; c++)
    if (modes[c] != SS_MODE_STICK)
      diss += e.f[c] * e.v[c];
  xdot[IZ1] = x[IV1];
  xdot[IZ2] = x[IV2];
  xdot[IV1] = e.a[0];
  xdot[IV2] = e.a[1];
  xdot[IWORK] = e.F[0] * x[IV1] + e.F[1] * x[IV2];
  xdot[IDISS] = diss;
  return 0;
}

static void contacts(const ss_model *m, double t, const double *x, const int *modes, double *v,
                     double *margin, double *kink)
{
  (void)kink; /* no margin kinks: n_kinks = 0 */
  tb_eval e;
  evaluate(impl(m), t, x, modes, &e);
  for (int c = 0; c < 3; c++) {
    v[c] = e.v[c];
    margin[c] = e.margin[c];
  }
}

/* contacts' velocities without the forces and margins. */
static void speeds(const ss_model *m, double t, const double *x, const int *modes, double *v)
{
  (void)m;
  (void)t;
  (void)modes;
  relative_velocities(x, v);
}

/* Candidate modes are consistent when every contact at zero relative
 * velocity either holds with a positive margin (a zero margin could not be
 * watched by the integrator: its crossing would go unseen) or accelerates in
 * the direction it slides.  The weak pass also accepts a sliding acceleration
 * that is zero up to rounding: with equal static and kinetic levels a contact
 * that breaks exactly at its limit starts with zero relative acceleration,
 * and a contact without static level and without load has nothing to resist. */
static bool consistent(const tb_model *p, double t, const double *x, const int *modes,
                       const bool *zero, bool strict)
{
  tb_eval e;
  int n_stuck = 0;
  for (int c = 0; c < 3; c++)
    n_stuck += modes[c] == SS_MODE_STICK;
  if (n_stuck == 2)
    return false; /* two stuck contacts hold the third */
  evaluate(p, t, x, modes, &e);
  double force_scale = fabs(e.F[0]) + fabs(e.F[1]);
  for (int c = 0; c < 3; c++)
    force_scale += p->FS[c] + p->C[c] * fabs(e.v[c]);
  double rounding = strict ? 0.0 : 1e-12 * force_scale / fmin(p->M[0], p->M[1]);
  for (int c = 0; c < 3; c++) {
    if (!zero[c])
      continue;
    if (modes[c] == SS_MODE_STICK) {
      if (!(e.margin[c] > 0.0))
        return false;
    } else {
      double along = modes[c] * e.rel_a[c];
      if (!(along > 0.0 || (!strict && along >= -rounding)))
        return false;
    }
  }
  return true;
}

/* Breaks contact c if it cannot hold (margin <= 0), in the direction of the
 * static force it would need (forward when it needs none). */
static void hold_or_break(const tb_model *p, double t, const double *x, int *modes, int c)
{
  tb_eval e;
  modes[c] = SS_MODE_STICK;
  evaluate(p, t, x, modes, &e);
  if (!(e.margin[c] > 0.0))
    modes[c] = e.f[c] >= 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
}

/* Modes after an event (or at t = 0): the contacts at zero relative
 * velocity (stuck ones, those whose event fired, and the third when two are
 * at zero) get exactly zero relative velocity, then the Gauss principle with
 * the static levels picks which of them hold; those that break drop to the
 * kinetic level, so a contact left holding alone is checked again. */
static int resolve(const ss_model *m, double t, double *x, int *modes, const int *hit)
{
  const tb_model *p = impl(m);
  const double M1 = p->M[0], M2 = p->M[1];
  double v[3] = {x[IV1], x[IV2], x[IV1] - x[IV2]};
  bool zero[3];
  int nz = 0;
  for (int c = 0; c < 3; c++) {
    zero[c] = hit ? (modes[c] == SS_MODE_STICK || hit[c] != 0) : v[c] == 0.0;
    nz += zero[c];
  }
  if (nz == 2) { /* two zero relative velocities make the third zero */
    zero[0] = zero[1] = zero[2] = true;
    nz = 3;
  }
  /* Contacts at zero relative velocity get it exactly; the kinetic energy
   * this removes (velocity error of the event location) counts as dissipated. */
  double ke = 0.5 * (M1 * x[IV1] * x[IV1] + M2 * x[IV2] * x[IV2]);
  if (nz == 3) {
    x[IV1] = x[IV2] = 0.0;
  } else if (zero[TB_10]) {
    x[IV1] = 0.0;
  } else if (zero[TB_20]) {
    x[IV2] = 0.0;
  } else if (zero[TB_12]) {
    x[IV1] = x[IV2] = (M1 * x[IV1] + M2 * x[IV2]) / (M1 + M2); /* momentum kept */
  }
  x[IDISS] += ke - 0.5 * (M1 * x[IV1] * x[IV1] + M2 * x[IV2] * x[IV2]);
  v[0] = x[IV1];
  v[1] = x[IV2];
  v[2] = x[IV1] - x[IV2];

  /* Preferred candidate: the Gauss principle with the static levels. */
  int cand[3];
  for (int c = 0; c < 3; c++)
    cand[c] = zero[c] ? SS_MODE_STICK : hit ? modes[c] : ss_sign(v[c]);
  if (nz == 3) {
    tb_hexagon h;
    double F[2];
    external(p, t, F);
    tb_gauss_hexagon(M1, M2, F[0], F[1], p->FS[TB_10], p->FS[TB_20], p->FS[TB_12], &h);
    memcpy(cand, h.modes, sizeof cand);
    /* Broken contacts drop to the kinetic level: the one left holding must
     * be checked again against the forces that now act on it. */
    int n_stuck = 0, held = -1;
    for (int c = 0; c < 3; c++)
      if (cand[c] == SS_MODE_STICK) {
        n_stuck++;
        held = c;
      }
    if (n_stuck == 1)
      hold_or_break(p, t, x, cand, held);
  } else if (nz == 1) {
    for (int c = 0; c < 3; c++)
      if (zero[c])
        hold_or_break(p, t, x, cand, c);
  }

  /* If it is not consistent (kinetic levels below the static ones can change
   * which contacts break), take the mode set of the zero-velocity contacts
   * with the most stuck contacts that is.  Strict consistency first; then
   * zero margins and rounding-size accelerations are accepted. */
  bool found = false;
  for (int pass = 0; !found && pass < 2; pass++) {
    bool strict = pass == 0;
    if (consistent(p, t, x, cand, zero, strict)) {
      found = true;
      break;
    }
    int best[3], best_stuck = -1;
    for (int code = 0; code < 27; code++) {
      int trial[3], k = code, n_stuck = 0;
      bool ok = true;
      for (int c = 0; c < 3; c++, k /= 3) {
        trial[c] = k % 3 - 1; /* -1, 0 (stick), +1 */
        if (!zero[c] && trial[c] != cand[c])
          ok = false;
        n_stuck += trial[c] == SS_MODE_STICK;
      }
      if (ok && n_stuck > best_stuck && consistent(p, t, x, trial, zero, strict)) {
        memcpy(best, trial, sizeof best);
        best_stuck = n_stuck;
      }
    }
    if (best_stuck >= 0) {
      memcpy(cand, best, sizeof cand);
      found = true;
    }
  }
  if (!found)
    return -1;
  memcpy(modes, cand, sizeof cand);
  return 0;
}

static void observe(const ss_model *m, void *scratch, double t, const double *x, const int *modes,
                    double *row)
{
  (void)scratch; /* nothing kept between rows */
  const tb_model *p = impl(m);
  tb_eval e;
  evaluate(p, t, x, modes, &e);
  int k = 0;
  row[k++] = x[IZ1];
  row[k++] = x[IZ2];
  row[k++] = x[IV1];
  row[k++] = x[IV2];
  for (int c = 0; c < 3; c++) {
    row[k++] = 0.0 - e.f[c]; /* on the body (0 - f: no negative zero); NaN in total stiction */
    row[k++] = p->N[c];
    row[k++] = p->N[c] > 0.0 ? fabs(e.f[c]) / p->N[c] : NAN;
    row[k++] = e.v[c];
    row[k++] = modes[c] == SS_MODE_STICK;
  }
  row[k++] = e.F[0];
  row[k++] = e.F[1];
  /* determinate resultants of the friction on each block (Newton) */
  row[k++] = p->M[0] * e.a[0] - e.F[0];
  row[k++] = p->M[1] * e.a[1] - e.F[1];
  row[k++] = e.a[0];
  row[k++] = e.a[1];
  row[k++] = e.case_id;
  row[k++] = x[IWORK];
  row[k++] = x[IDISS];
  row[k++] = 0.5 * (p->M[0] * x[IV1] * x[IV1] + p->M[1] * x[IV2] * x[IV2]);
}

static const ss_model_ops tb_ops = {
    .initial = initial,
    .rhs = rhs,
    .contacts = contacts,
    .speeds = speeds,
    .resolve = resolve,
    .observe = observe,
    .free_impl = free,
};

/* human labels (ss_model_set_labels) */
static const ss_label labels[] = {
    {"10", "contact 1–0", NULL},
    {"20", "contact 2–0", NULL},
    {"12", "contact 1–2", NULL},
    {"z1", "block 1 position", NULL},
    {"z2", "block 2 position", NULL},
    {"v1", "block 1 velocity", "z1"},
    {"v2", "block 2 velocity", "z2"},
    {"F1", "force F1 on block 1", NULL},
    {"F2", "force F2 on block 2", NULL},
    {"sum.10+12", "friction sum 1–0 + 1–2", NULL},
    {"sum.20-12", "friction sum 2–0 − 1–2", NULL},
    {"a1", "block 1 acceleration", NULL},
    {"a2", "block 2 acceleration", NULL},
    {"case", "velocity case", NULL},
    {NULL, NULL, NULL},
};

static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  static const char *const sfx[3] = {"10", "20", "12"};
  tb_model *p = calloc(1, sizeof *p);
  if (!p)
    return ss_set_error(error, "out of memory");
  p->M[0] = ss_value(sc, values, "M1");
  p->M[1] = ss_value(sc, values, "M2");
  double g = ss_value(sc, values, "g");
  p->N[TB_10] = p->M[0] * g;
  p->N[TB_20] = p->M[1] * g;
  p->N[TB_12] = ss_value(sc, values, "clamp");
  double mu_s[3], mu_k[3];
  for (int c = 0; c < 3; c++) {
    char name[32];
    snprintf(name, sizeof name, "mu_s%s", sfx[c]);
    mu_s[c] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "mu_k%s", sfx[c]);
    mu_k[c] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "c%s", sfx[c]);
    p->C[c] = ss_value(sc, values, name);
    if (mu_k[c] > mu_s[c]) {
      free(p);
      return ss_set_error(error,
                          "parameter 'mu_k%s' = %g must not exceed 'mu_s%s' = %g "
                          "(kinetic level <= static level)",
                          sfx[c], mu_k[c], sfx[c], mu_s[c]);
    }
    p->FS[c] = mu_s[c] * p->N[c];
    p->FK[c] = mu_k[c] * p->N[c];
  }
  double period = 0.0;
  for (int i = 0; i < 2; i++) {
    char name[32];
    snprintf(name, sizeof name, "F%d_bias", i + 1);
    p->bias[i] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "F%d_amp", i + 1);
    p->amp[i] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "F%d_omega", i + 1);
    p->omega[i] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "F%d_phase", i + 1);
    p->phase[i] = ss_value(sc, values, name);
    snprintf(name, sizeof name, "v%d_0", i + 1);
    p->v0[i] = ss_value(sc, values, name);
    if (p->amp[i] != 0.0 && p->omega[i] > 0.0) {
      double T = 2.0 * M_PI / p->omega[i];
      period = period > 0.0 ? fmin(period, T) : T;
    }
  }

  ss_model *m = ss_model_alloc(sc, values, NX, 3, contact_names);
  if (!m) {
    free(p);
    return ss_set_error(error, "out of memory");
  }
  m->impl = p;
  m->ops = &tb_ops;
  m->integral[IWORK] = m->integral[IDISS] = true;
  m->hybrid = true;
  m->stiff = false;
  /* in total stiction only the loads move the margins */
  m->max_step_stuck = period > 0.0 ? period / 40.0 : 1.0;
  for (int c = 0; c < 3; c++) {
    m->mu_s[c] = mu_s[c];
    m->mu_k[c] = mu_k[c];
    m->viscous[c] = p->C[c]; /* its C v is part of C.F */
  }

  ss_model_add_column(m, "z1", "m", SS_COL_POSITION, -1);
  ss_model_add_column(m, "z2", "m", SS_COL_POSITION, -1);
  ss_model_add_column(m, "v1", "m/s", SS_COL_VELOCITY, -1);
  ss_model_add_column(m, "v2", "m/s", SS_COL_VELOCITY, -1);
  for (int c = 0; c < 3; c++)
    ss_model_add_contact_columns(m, c, "N", "m/s");
  ss_model_add_column(m, "F1", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "F2", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "sum.10+12", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "sum.20-12", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "a1", "m/s²", SS_COL_OTHER, -1);
  ss_model_add_column(m, "a2", "m/s²", SS_COL_OTHER, -1);
  ss_model_add_column(m, "case", "1", SS_COL_OTHER, -1);
  ss_model_add_energy_columns(m, false); /* no springs: no potential energy */
  return ss_model_set_labels(m, labels);
}

/* clang-format off: a hand-aligned table */
#define MU_ROWS(c, what, ds, dk, dc)                                                         \
  {"mu_s" c,                                                                                 \
   "Static coefficient μs " c,                                                               \
   "",                                                                                       \
   SS_PARAM_REAL,                                                                            \
   ds,                                                                                       \
   0.0,                                                                                      \
   10.0,                                                                                     \
   SS_PARAM_LOG,                                                                             \
   "Static friction coefficient of contact " c " (" what "): FT0S = mu_s N",                 \
   NULL,                                                                                     \
   "Friction"},                                                                              \
      {"mu_k" c,                                                                             \
       "Kinetic coefficient μk " c,                                                          \
       "",                                                                                   \
       SS_PARAM_REAL,                                                                        \
       dk,                                                                                   \
       0.0,                                                                                  \
       10.0,                                                                                 \
       SS_PARAM_LOG,                                                                         \
       "Kinetic friction coefficient of contact " c " (" what "): FT0K = mu_k N, <= mu_s" c, \
       NULL,                                                                                 \
       "Friction"},                                                                          \
  {                                                                                          \
    "c" c, "Viscous coefficient C" c, "N s/m", SS_PARAM_REAL, dc, 0.0, 1e6, 0,               \
        "Viscous friction coefficient of contact " c " (" what ")", NULL, "Friction"         \
  }
/* clang-format on */

/* clang-format off: a hand-aligned table */
#define LOAD_ROWS(i, bias, amp, omega, phase)                                             \
  {"F" i "_bias",                                                                         \
   "Force F" i ": constant part",                                                         \
   "N",                                                                                   \
   SS_PARAM_REAL,                                                                         \
   bias,                                                                                  \
   -1e6,                                                                                  \
   1e6,                                                                                   \
   0,                                                                                     \
   "Constant part of the force on block " i ": F" i " = F" i "_bias + F" i "_amp sin(F" i \
   "_omega t + F" i "_phase)",                                                            \
   NULL,                                                                                  \
   "Load"},                                                                               \
      {"F" i "_amp",                                                                      \
       "Force F" i ": amplitude",                                                         \
       "N",                                                                               \
       SS_PARAM_REAL,                                                                     \
       amp,                                                                               \
       -1e6,                                                                              \
       1e6,                                                                               \
       0,                                                                                 \
       "Amplitude of the sinusoidal part of F" i,                                         \
       NULL,                                                                              \
       "Load"},                                                                           \
      {"F" i "_omega",                                                                    \
       "Force F" i ": frequency ω",                                                       \
       "rad/s",                                                                           \
       SS_PARAM_REAL,                                                                     \
       omega,                                                                             \
       0.0,                                                                               \
       1e4,                                                                               \
       0,                                                                                 \
       "Angular frequency of the sinusoidal part of F" i,                                 \
       NULL,                                                                              \
       "Load"},                                                                           \
      {"F" i "_phase",                                                                    \
       "Force F" i ": phase φ",                                                           \
       "rad",                                                                             \
       SS_PARAM_REAL,                                                                     \
       phase,                                                                             \
       -10.0,                                                                             \
       10.0,                                                                              \
       0,                                                                                 \
       "Phase of the sinusoidal part of F" i,                                             \
       NULL,                                                                              \
       "Load"},                                                                           \
  {                                                                                       \
    "v" i "_0", "Initial velocity v" i, "m/s", SS_PARAM_REAL, 0.0, -100.0, 100.0, 0,      \
        "Velocity of block " i " at t = 0", NULL, "Initial state"                         \
  }
/* clang-format on */

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"M1", "Mass M1", "kg", SS_PARAM_REAL, 1.0, 0.0, 1e6, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Mass of block 1", NULL, "Mechanism"},
    {"M2", "Mass M2", "kg", SS_PARAM_REAL, 2.0, 0.0, 1e6, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Mass of block 2", NULL, "Mechanism"},
    {"g", "Gravity g", "m/s²", SS_PARAM_REAL, 9.81, 0.0, 100.0, SS_PARAM_MIN_EXCLUSIVE,
     "Gravitational acceleration (normal forces N10 = M1 g, N20 = M2 g)", NULL, "Mechanism"},
    {"clamp", "Clamp force N12", "N", SS_PARAM_REAL, 10.0, 0.0, 1e7, 0,
     "Normal force pressing the blocks against each other (contact 12)", NULL, "Mechanism"},
    MU_ROWS("10", "block 1 on the base", 0.3, 0.2, 0.5),
    MU_ROWS("20", "block 2 on the base", 0.3, 0.2, 0.5),
    MU_ROWS("12", "between the blocks", 0.4, 0.3, 0.5),
    LOAD_ROWS("1", 0.0, 7.0, 1.3, 0.0),
    LOAD_ROWS("2", 0.0, 12.0, 0.6, 0.0),
};
/* clang-format on */

const ss_scenario ss_scenario_two_block = {
    .name = "two-block",
    .title = "Two blocks, three frictional contacts",
    .description = "Two blocks on a rough base, clamped against each other, each pushed by its "
                   "own force: the simplest system whose static friction forces are "
                   "indeterminate (Zardecki 2007, §4). Visits the five velocity cases; in "
                   "total stiction only the sums 10+12 and 20-12 are determinate, and the "
                   "accelerations come from the exact Gauss minimisation.",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
};
