/* test-lugre-passivity.c - LuGre's damping choice (docs/models.md §3.4, §7).
 *
 * Constant sigma1 (the default, as published) is not dissipative wherever
 * mu_s > mu_k without enough viscous friction (P1): one-mass at sigma1 =
 * 1e6, gear-train and two-slider at 1e9 came back as successes with
 * negative dissipation and stuck friction 13x its limit.  The run check
 * now reports them, and its reason names the cause and the fix.  Decaying
 * damping, sigma1 exp(-(v/vartheta)^2), keeps the coefficient within mu_s
 * at every bristle deflection and is dissipative (P3, which implies P2)
 * when sigma1 vartheta <= sqrt(2e) H, H = 2 mu_s mu_k / (mu_s + mu_k);
 * beyond that a model is refused. */
#include "test-util.h"

#include "friction.h"

static void assert_contains(const char *text, const char *needle)
{
  if (!text || !strstr(text, needle))
    g_error("'%s' lacks '%s'", text ? text : "(null)", needle);
}

/* P3's largest sigma1 for levels mu_s, mu_k and Stribeck velocity vartheta. */
static double p3_limit(double mu_s, double mu_k, double vartheta)
{
  return sqrt(2.0 * M_E) * 2.0 * mu_s * mu_k / (mu_s + mu_k) / vartheta;
}

/* P2's B ([CanudasDeWit1995]'s damping, docs/models.md §7). */
static double p2_b(double mu_s, double mu_k)
{
  if (mu_k >= mu_s)
    return INFINITY;
  return mu_k >= 0.5 * mu_s ? mu_s * mu_s / (mu_s - mu_k) : 4.0 * mu_k;
}

static ss_friction lugre(double mu_s, double mu_k, double sigma1, ss_lugre_damping damping)
{
  return (ss_friction){.law = SS_LAW_LUGRE,
                       .mu_s = mu_s,
                       .mu_k = mu_k,
                       .sigma0 = 1e5,
                       .sigma1 = sigma1,
                       .vartheta = 1e-3,
                       .v_stick = 1e-4,
                       .sigma1_damping = damping};
}

/* ---- the law itself ------------------------------------------------------ */

/* The coefficient is sigma0 z + sigma1(v) z', sigma1(v) = sigma1 with
 * constant damping and sigma1 exp(-(v/vartheta)^2) with decaying. */
static void test_law(void)
{
  const double vs[] = {0.0, 1e-5, -3e-4, 1e-3, -7e-3, 0.2};
  const double zs[] = {0.0, 2e-6, -4.9e-6};
  for (size_t i = 0; i < G_N_ELEMENTS(vs); i++)
    for (size_t j = 0; j < G_N_ELEMENTS(zs); j++) {
      double v = vs[i], z = zs[j];
      ss_friction c = lugre(0.5, 0.3, 300.0, SS_LUGRE_DAMPING_CONSTANT);
      ss_friction d = lugre(0.5, 0.3, 300.0, SS_LUGRE_DAMPING_DECAYING);
      double g = 0.3 + 0.2 * exp(-(v / 1e-3) * (v / 1e-3));
      double zdot = v - z * 1e5 * fabs(v) / g, zc, zd;
      double mc = ss_friction_mu(&c, v, z, &zc), md = ss_friction_mu(&d, v, z, &zd);
      g_assert_cmpfloat_with_epsilon(zc, zdot, 1e-15);
      g_assert_cmpfloat(zd, ==, zc);
      g_assert_cmpfloat_with_epsilon(mc, 1e5 * z + 300.0 * zdot, 1e-12);
      g_assert_cmpfloat_with_epsilon(md, 1e5 * z + 300.0 * exp(-(v / 1e-3) * (v / 1e-3)) * zdot,
                                     1e-12);
    }
}

/* A history of constant-velocity segments, integrated exactly: for fixed
 * v the bristle obeys z' = v - a z (a = sigma0 |v| / g(v)) and the
 * coefficient is affine in z, both read from the law's own function.  W is
 * the work of friction per unit normal force, S = sigma0 z^2 / 2 the
 * bristle's storage; passive means W - S >= 0 at every instant (from z =
 * 0).  Returns the worst W - S, and the largest |mu| / mu_s in *peak. */
typedef struct history {
  const ss_friction *f; /* the law */
  double z;             /* bristle deflection, m */
  double work;          /* work per unit normal force, m */
  double worst;         /* smallest W - S so far, m */
  double peak;          /* largest |mu| / mu_s so far */
} history;

static void segment(history *h, double v, double duration)
{
  const ss_friction *f = h->f;
  double zr = f->mu_s / f->sigma0, zd0, zd1;
  double m0 = ss_friction_mu(f, v, 0.0, &zd0);
  double m1 = (ss_friction_mu(f, v, zr, &zd1) - m0) / zr;
  double a = (zd0 - zd1) / zr;
  double z0 = h->z, z1, integral;
  if (a > 0.0) {
    double zinf = v / a, decay = exp(-a * duration);
    z1 = zinf + (z0 - zinf) * decay;
    integral = zinf * duration + (z0 - zinf) * (1.0 - decay) / a;
  } else {
    z1 = z0;
    integral = z0 * duration;
  }
  /* mu is affine in z and z monotone: its extremes are at the ends */
  double mu_end = m0 + m1 * z1, mu_start = m0 + m1 * z0;
  h->peak = fmax(h->peak, fmax(fabs(mu_start), fabs(mu_end)) / f->mu_s);
  h->work += v * (m0 * duration + m1 * integral);
  h->z = z1;
  h->worst = fmin(h->worst, h->work - 0.5 * f->sigma0 * z1 * z1);
}

/* Creep until the bristle leans fully (y near mu_s), then move at speed V
 * for five bristle lengths, the same way (the cycle of §7 that drains
 * energy from a non-passive contact) or, with `reverse`, the other way
 * (where, near V = vartheta/sqrt(2), the decaying damping pushes the
 * coefficient furthest). */
static void cycles(history *h, double V, int n, bool reverse)
{
  double fast = 5.0 * h->f->mu_s / (h->f->sigma0 * V);
  for (int i = 0; i < n; i++) {
    segment(h, reverse ? -1e-7 : 1e-7, 200.0);
    segment(h, V, fast);
    if (reverse) {
      segment(h, 1e-7, 200.0);
      segment(h, -V, fast);
    }
  }
}

static void random_history(history *h, GRand *rng, int n)
{
  for (int i = 0; i < n; i++) {
    double speed = pow(10.0, g_rand_double_range(rng, -7.0, 1.0));
    double v = g_rand_boolean(rng) ? speed : -speed;
    double duration = pow(10.0, g_rand_double_range(rng, -7.0, 0.0));
    segment(h, v, duration);
  }
}

/* Decaying damping within P3 is passive and keeps |mu| <= mu_s, for any
 * levels (mu_k below mu_s/2, above, equal); just beyond P3 the coefficient
 * leaves the static level; constant damping is not passive. */
static void test_decaying_bounded_and_passive(void)
{
  const double levels[][2] = {{0.5, 0.3}, {1.0, 2.0 / 3.0}, {0.5, 0.1}, {0.4, 0.4}, {2.0, 1.9}};
  g_autoptr(GRand) rng = g_rand_new_with_seed(20261124);
  for (size_t i = 0; i < G_N_ELEMENTS(levels); i++) {
    double mu_s = levels[i][0], mu_k = levels[i][1];
    double limit = p3_limit(mu_s, mu_k, 1e-3);
    /* P3 implies P2: H <= B */
    g_assert_cmpfloat(limit, <=, sqrt(2.0 * M_E) * p2_b(mu_s, mu_k) / 1e-3);
    ss_friction in = lugre(mu_s, mu_k, limit * (1.0 - 1e-9), SS_LUGRE_DAMPING_DECAYING);
    const double speeds[] = {1e-3 / sqrt(2.0), 3e-4, 2e-3, 1.0};
    for (size_t s = 0; s < 2 * G_N_ELEMENTS(speeds); s++) {
      history h = {.f = &in};
      cycles(&h, speeds[s / 2], 50, s % 2);
      g_test_message("mu %g/%g, sigma1 %.6g, V %g%s: W - S >= %.3g m, |mu|/mu_s <= %.9f", mu_s,
                     mu_k, in.sigma1, speeds[s / 2], s % 2 ? " reversing" : "", h.worst, h.peak);
      g_assert_cmpfloat(h.worst, >=, -1e-12);
      g_assert_cmpfloat(h.peak, <=, 1.0 + 1e-9);
    }
    history h = {.f = &in};
    random_history(&h, rng, 200000);
    g_test_message("mu %g/%g: random history W - S >= %.3g m, |mu|/mu_s <= %.9f", mu_s, mu_k,
                   h.worst, h.peak);
    g_assert_cmpfloat(h.worst, >=, -1e-12);
    g_assert_cmpfloat(h.peak, <=, 1.0 + 1e-9);
    /* beyond the bound the damping carries mu past mu_s after a reversal */
    ss_friction out = lugre(mu_s, mu_k, 3.0 * limit, SS_LUGRE_DAMPING_DECAYING);
    double peak = 0.0;
    for (size_t s = 0; s < G_N_ELEMENTS(speeds); s++) {
      history o = {.f = &out};
      cycles(&o, speeds[s], 1, true);
      peak = fmax(peak, o.peak);
    }
    g_test_message("mu %g/%g, 3 times beyond: |mu|/mu_s up to %.6f", mu_s, mu_k, peak);
    g_assert_cmpfloat(peak, >, 1.01);
  }
  /* constant sigma1 = 300 (the default) without viscous friction: the
   * cycle drains energy (P1) */
  ss_friction constant = lugre(0.5, 0.3, 300.0, SS_LUGRE_DAMPING_CONSTANT);
  history c = {.f = &constant};
  cycles(&c, 10.0, 50, false);
  g_test_message("constant sigma1 = 300, V = 10 m/s: W - S down to %.3g m", c.worst);
  g_assert_cmpfloat(c.worst, <, -0.1);
  /* decaying damping at the same sigma1 (within P3) on the same cycle */
  ss_friction decaying = lugre(0.5, 0.3, 300.0, SS_LUGRE_DAMPING_DECAYING);
  history d = {.f = &decaying};
  cycles(&d, 10.0, 50, false);
  g_assert_cmpfloat(d.worst, >=, -1e-12);
}

/* ---- refusal at P3's boundary ------------------------------------------- */

typedef struct boundary_case {
  const char *scenario;
  const char *const sets[5]; /* beside sigma1, NULL-terminated */
  const char *sigma1;        /* its name */
  double limit;              /* P3's bound at these values */
  const char *named[3];      /* in the message */
} boundary_case;

static bool builds(const char *scenario, const char *const *sets, double sigma1,
                   const char *sigma1_name, char **err)
{
  const char *all[8];
  int n = 0;
  for (; sets[n]; n++)
    all[n] = sets[n];
  g_autofree char *s = g_strdup_printf("%s=%.17g", sigma1_name, sigma1);
  all[n++] = s;
  ss_model *m = ss_model_new_from_assignments(ss_scenario_find(scenario), all, n, err);
  ss_model_free(m);
  return m != NULL;
}

static void test_boundary(void)
{
  const boundary_case cases[] = {
      {"one-mass",
       {"law=lugre", "sigma1_damping=decaying", NULL},
       "sigma1",
       p3_limit(0.5, 0.3, 1e-3),
       {"parameter 'sigma1' = ", " s/m", "sigma1 ≤ 874.366 s/m with vartheta = 0.001"}},
      {"one-mass", /* mu_k < mu_s / 2, its own vartheta */
       {"law=lugre", "sigma1_damping=decaying", "mu_k=0.1", "vartheta=2e-5"},
       "sigma1",
       p3_limit(0.5, 0.1, 2e-5),
       {"parameter 'sigma1' = ", "H = 2·μs·μk/(μs + μk) = 0.166667", "vartheta = 2e-05"}},
      {"dupont",
       {"law=lugre", "sigma1_damping=decaying", NULL},
       "sigma1",
       p3_limit(0.5, 0.3, 1e-3),
       {"parameter 'sigma1' = ", "σ1·ϑ ≤ √(2e)·H", "docs/models.md §7"}},
      /* the psi bearing's levels (MT0k/MT0s = 2/3) bind */
      {"gear-train",
       {"law=lugre", "sigma1_damping=decaying", NULL},
       "sigma1",
       p3_limit(1.0, 2.0 / 3.0, 1e-2),
       {"parameter 'sigma1' = ", " s/rad", "at 'bearing_psi'"}},
      {"two-slider",
       {"law=lugre", "sigma1_damping_2=decaying", NULL},
       "sigma1_2",
       p3_limit(0.5, 0.3, 1e-3),
       {"parameter 'sigma1_2' = ", "vartheta_2 = 0.001", "docs/models.md §7"}},
      {"two-slider",
       {"law=lugre", "sigma1_damping_1=decaying", "vartheta_1=0.01", NULL},
       "sigma1_1",
       p3_limit(0.5, 0.3, 1e-2),
       {"parameter 'sigma1_1' = ", "vartheta_1 = 0.01", "σ1·ϑ ≤ √(2e)·H"}},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    const boundary_case *c = &cases[i];
    char *err = NULL;
    if (!builds(c->scenario, c->sets, c->limit * (1.0 - 1e-9), c->sigma1, &err))
      g_error("%s %s just inside %.9g: refused: %s", c->scenario, c->sigma1, c->limit, err);
    g_assert_false(builds(c->scenario, c->sets, c->limit * (1.0 + 1e-9), c->sigma1, &err));
    g_test_message("%s: %s", c->scenario, err);
    for (int k = 0; k < 3; k++)
      assert_contains(err, c->named[k]);
    assert_contains(err, "the decaying damping keeps friction within the static level");
    free(err);
    err = NULL;
    /* constant damping keeps sigma1's whole range */
    const char *constant[] = {"law=lugre", NULL};
    g_assert_true(builds(c->scenario, constant, 1e9, c->sigma1, &err));
  }
  /* equal levels have a bound too (H = mu_s); without friction none */
  const char *equal[] = {"law=lugre", "sigma1_damping=decaying", "mu_k=0.5", NULL};
  char *err = NULL;
  g_assert_true(builds("one-mass", equal, p3_limit(0.5, 0.5, 1e-3) * (1 - 1e-9), "sigma1", &err));
  g_assert_false(builds("one-mass", equal, p3_limit(0.5, 0.5, 1e-3) * (1 + 1e-9), "sigma1", &err));
  free(err);
  err = NULL;
  const char *frictionless[] = {"law=lugre", "sigma1_damping=decaying", "mu_s=0", "mu_k=0", NULL};
  g_assert_true(builds("one-mass", frictionless, 1e9, "sigma1", &err));
}

/* ---- the reproducers ------------------------------------------------------ */

/* Physical at every row: dissipated energy >= -(1e-6 of the run's energy
 * scale + 1e-9 J), and a stuck contact's friction, less its viscous part
 * (coefficient from parameter viscous[k], NULL: none), within mu_s |N|
 * (1 + 1e-6). */
static void assert_physical(const ss_model *m, const ss_trace *tr, const char *const *viscous,
                            const char *label)
{
  const ss_scenario *sc = ss_model_scenario(m);
  int id = column(m, "energy.dissipated");
  double scale = 0.0;
  for (int c = 0; c < ss_model_n_columns(m); c++)
    if (ss_model_column(m, c)->kind == SS_COL_ENERGY)
      for (size_t r = 0; r < tr->n_rows; r++)
        scale = fmax(scale, fabs(ss_trace_at(tr, r, c)));
  int stuck_rows = 0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    double d = ss_trace_at(tr, r, id);
    if (!(d >= -(1e-6 * scale + 1e-9)))
      g_error("%s, t = %g: dissipated %.6g J (energy scale %.6g J)", label, tr->t[r], d, scale);
    for (int k = 0; k < ss_model_n_contacts(m); k++) {
      char name[96];
      const char *contact = ss_model_contact_name(m, k);
      snprintf(name, sizeof name, "%s.stick", contact);
      if (ss_trace_at(tr, r, column(m, name)) != 1.0)
        continue;
      stuck_rows++;
      snprintf(name, sizeof name, "%s.F", contact);
      double F = ss_trace_at(tr, r, column(m, name));
      snprintf(name, sizeof name, "%s.N", contact);
      double N = fabs(ss_trace_at(tr, r, column(m, name)));
      snprintf(name, sizeof name, "%s.v", contact);
      double v = fabs(ss_trace_at(tr, r, column(m, name)));
      double c =
          viscous && viscous[k] ? ss_model_values(m)[ss_scenario_param_index(sc, viscous[k])] : 0.0;
      double mu_s;
      ss_model_contact_mu(m, k, &mu_s, NULL);
      if (!(fabs(F) - c * v <= mu_s * N * (1.0 + 1e-6)))
        g_error("%s, t = %g: '%s' stuck with %.9g beyond %.9g", label, tr->t[r], contact, F,
                mu_s * N);
    }
  }
  g_assert_cmpint(stuck_rows, >, 10);
}

typedef struct reproducer {
  const char *scenario;
  const char *sigma1;          /* the parameter the reproducer set */
  double value;                /* to this */
  const char *damping;         /* its damping choice */
  const char *contact;         /* reported stuck above its limit */
  double mu_s, mu_k, vartheta; /* the binding contact's levels and Stribeck velocity */
  const char *viscous[5];      /* per contact, the viscous parameter (NULL: none) */
} reproducer;

static const reproducer reproducers[] = {
    {"one-mass", "sigma1", 1e6, "sigma1_damping", "'base'", 0.5, 0.3, 1e-3, {"c"}},
    {"gear-train",
     "sigma1",
     1e9,
     "sigma1_damping",
     "'bearing_psi'",
     1.0,
     2.0 / 3.0,
     1e-2,
     {"mu_psi", "mu_delta", "mu_gamma", "mu_phi"}},
    {"two-slider", "sigma1_2", 1e9, "sigma1_damping_2", "'slider2'", 0.5, 0.3, 1e-3, {NULL}},
};

/* With constant damping the three runs fail, and the reason names the cause
 * and the fix; with decaying damping the same sigma1 is refused up front,
 * and the largest sigma1 it admits runs physically. */
static void test_reproducers(void)
{
  for (size_t i = 0; i < G_N_ELEMENTS(reproducers); i++) {
    const reproducer *p = &reproducers[i];
    g_autofree char *sigma1 = g_strdup_printf("%s=%g", p->sigma1, p->value);
    g_autofree char *constant = g_strdup_printf("%s=constant", p->damping);
    g_autofree char *decaying = g_strdup_printf("%s=decaying", p->damping);
    g_autofree char *fix = g_strdup_printf("choose %s=decaying or lower %s", p->damping, p->sigma1);

    const char *as_issue[] = {"law=lugre", sigma1, constant, NULL};
    ss_model *m = make_model(p->scenario, as_issue);
    char *err = NULL;
    ss_trace *tr = ss_run(m, NULL, &err);
    if (tr)
      g_error("%s %s: a non-physical run succeeded", p->scenario, sigma1);
    g_test_message("%s, constant: %s", p->scenario, err);
    assert_contains(err, "non-physical");
    assert_contains(err, p->contact);
    assert_contains(err, "LuGre with constant σ1 is not dissipative");
    assert_contains(err, fix);
    g_assert_true(g_str_has_suffix(err, fix)); /* whole, not cut */
    free(err);
    err = NULL;
    ss_model_free(m);

    const char *refused[] = {"law=lugre", sigma1, decaying, NULL};
    g_assert_null(ss_model_new_from_assignments(ss_scenario_find(p->scenario), refused, 3, &err));
    assert_contains(err, "the decaying damping keeps friction within the static level");
    free(err);

    g_autofree char *largest = g_strdup_printf(
        "%s=%.17g", p->sigma1, p3_limit(p->mu_s, p->mu_k, p->vartheta) * (1.0 - 1e-9));
    const char *admitted[] = {"law=lugre", largest, decaying, NULL};
    tr = run_scenario_opts(p->scenario, admitted, &(ss_run_opts){0}, &m);
    assert_physical(m, tr, p->viscous, p->scenario);
    ss_trace_free(tr);
    ss_model_free(m);
  }
  /* one-mass keeps sigma1 = 1e6 with vartheta inside the bound: decaying
   * damping runs physically where constant damping fails */
  g_autofree char *vartheta =
      g_strdup_printf("vartheta=%.17g", p3_limit(0.5, 0.3, 1.0) / 1e6 * (1.0 - 1e-9));
  const char *decaying[] = {"law=lugre", "sigma1=1e6", vartheta, "sigma1_damping=decaying", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario_opts("one-mass", decaying, &(ss_run_opts){0}, &m);
  assert_physical(m, tr, reproducers[0].viscous, "one-mass sigma1 = 1e6, decaying");
  ss_trace_free(tr);
  ss_model_free(m);
  const char *constant[] = {"law=lugre", "sigma1=1e6", vartheta, NULL};
  m = make_model("one-mass", constant);
  char *err = NULL;
  g_assert_null(ss_run(m, NULL, &err));
  assert_contains(err, "choose sigma1_damping=decaying or lower sigma1");
  free(err);
  ss_model_free(m);
}

/* Constant damping within P1 can still carry a contact reported as stuck
 * (|v| < v_stick) past its static level, by sigma1 z' alone, when sigma1
 * v_stick > H: gear-train with v_stick = 1 rad/s (its delta bearing has
 * equal levels, so P1 holds).  The reason named no cause; now it names
 * this one, whole.  Decaying damping runs the same physically. */
static void test_stuck_note(void)
{
  const char *constant[] = {"law=lugre", "v_stick=1", NULL};
  ss_model *m = make_model("gear-train", constant);
  ss_run_opts opts = {.t_end = 0.5};
  char *err = NULL;
  g_assert_null(ss_run(m, &opts, &err));
  g_test_message("%s", err);
  assert_contains(err, "'bearing_delta' is stuck");
  assert_contains(err, "sigma1·v_stick = 100 > H = 2·μs·μk/(μs + μk) = 1");
  g_assert_true(
      g_str_has_suffix(err, "choose sigma1_damping=decaying, or lower sigma1 or v_stick"));
  free(err);
  ss_model_free(m);
  const char *decaying[] = {"law=lugre", "v_stick=1", "sigma1_damping=decaying", NULL};
  ss_trace *tr = run_scenario_opts("gear-train", decaying, &opts, &m);
  assert_physical(m, tr, reproducers[1].viscous, "gear-train v_stick = 1, decaying");
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- defaults -------------------------------------------------------------- */

/* Constant damping is every scenario's default: a LuGre run equals the one
 * with sigma1_damping=constant set, bit for bit; at the defaults decaying
 * damping changes the stick-slip cycle of one-mass by little (the damping
 * only acts near rest). */
static void test_defaults(void)
{
  /* every scenario with a law choice, these at least (a new one is run too) */
  const char *known[] = {"one-mass", "dupont", "gear-train", "two-slider"};
  int seen = 0;
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    if (ss_scenario_param_index(sc, "law") < 0)
      continue;
    for (size_t k = 0; k < G_N_ELEMENTS(known); k++)
      seen += strcmp(sc->name, known[k]) == 0;
    for (int p = 0; p < sc->n_params; p++)
      if (g_str_has_prefix(sc->params[p].name, "sigma1_damping")) {
        g_assert_cmpint(sc->params[p].kind, ==, SS_PARAM_CHOICE);
        g_assert_cmpstr(sc->params[p].choices[(int)sc->params[p].def], ==, "constant");
        g_assert_true(ss_param_law_uses(sc, p, SS_LAW_LUGRE));
        g_assert_false(ss_param_law_uses(sc, p, SS_LAW_TANH));
      }
    bool two = ss_scenario_param_index(sc, "sigma1_damping_1") >= 0;
    const char *plain[] = {"law=lugre", NULL};
    const char *set[] = {"law=lugre", two ? "sigma1_damping_1=constant" : "sigma1_damping=constant",
                         two ? "sigma1_damping_2=constant" : NULL, NULL};
    ss_run_opts opts = {.t_end = 3.0};
    ss_trace *a = run_scenario_opts(sc->name, plain, &opts, NULL);
    ss_trace *b = run_scenario_opts(sc->name, set, &opts, NULL);
    g_assert_cmpuint(a->n_rows, ==, b->n_rows);
    g_assert_cmpmem(a->t, a->n_rows * sizeof(double), b->t, b->n_rows * sizeof(double));
    g_assert_cmpmem(a->rows, a->n_rows * (size_t)a->n_columns * sizeof(double), b->rows,
                    b->n_rows * (size_t)b->n_columns * sizeof(double));
    ss_trace_free(a);
    ss_trace_free(b);
  }
  g_assert_cmpint(seen, ==, (int)G_N_ELEMENTS(known));

  const char *constant[] = {"law=lugre", NULL};
  const char *decaying[] = {"law=lugre", "sigma1_damping=decaying", NULL};
  ss_model *m = NULL;
  ss_trace *c = run_scenario_opts("one-mass", constant, &(ss_run_opts){0}, NULL);
  ss_trace *d = run_scenario_opts("one-mass", decaying, &(ss_run_opts){0}, &m);
  assert_physical(m, d, reproducers[0].viscous, "one-mass decaying at the defaults");
  double tc[8], td[8];
  int nc = event_times(c, 0, SS_EVENT_SLIP, tc, 8), nd = event_times(d, 0, SS_EVENT_SLIP, td, 8);
  g_assert_cmpint(nc, >=, 5);
  g_assert_cmpint(nd, >=, 5);
  for (int i = 0; i < 5; i++) {
    g_test_message("slip %d: constant %.6f s, decaying %.6f s", i, tc[i], td[i]);
    g_assert_cmpfloat(fabs(tc[i] - td[i]), <, 0.02);
  }
  ss_trace_free(c);
  ss_trace_free(d);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/lugre/law", test_law);
  g_test_add_func("/lugre/decaying-bounded-and-passive", test_decaying_bounded_and_passive);
  g_test_add_func("/lugre/boundary", test_boundary);
  g_test_add_func("/lugre/reproducers", test_reproducers);
  g_test_add_func("/lugre/stuck-note", test_stuck_note);
  g_test_add_func("/lugre/defaults", test_defaults);
  return g_test_run();
}
