/* test-slider-crank.c - the slider-crank scenarios ([BlajerMarkiewicz]
 * §6; their planar core: test-planar.c): energy conservation without
 * friction and the balance at tight tolerances, constraint violation,
 * holding below breakaway with zero drift, minimal vs absolute formulation,
 * the stick-slip features of the default runs, self-locking and the
 * cross-parameter checks. */
#include "test-util.h"

#include "planar-mech.h"

static const char *const scenarios[] = {"slider-crank", "slider-crank-offset"};

/* ---- energy ------------------------------------------------------------- */

static void test_energy_frictionless(void)
{
  for (int s = 0; s < 2; s++) {
    ss_model *m = NULL;
    const char *sets[] = {"friction=off", NULL};
    ss_run_opts o = {.t_end = 10.0, .dt_out = 0.01, .rtol = 1e-12, .atol = 1e-13};
    ss_trace *tr = run_scenario_opts(scenarios[s], sets, &o, &m);
    int iT = column(m, "energy.kinetic"), iV = column(m, "energy.potential");
    int iW = column(m, "work.external"), iD = column(m, "energy.dissipated");
    double E0 = ss_trace_at(tr, 0, iT) + ss_trace_at(tr, 0, iV), Tmax = 0.0, worst = 0.0;
    for (size_t i = 0; i < tr->n_rows; i++)
      Tmax = fmax(Tmax, ss_trace_at(tr, i, iT));
    g_assert_cmpfloat(Tmax, >, 0.1); /* it really moves */
    for (size_t i = 0; i < tr->n_rows; i++) {
      double E = ss_trace_at(tr, i, iT) + ss_trace_at(tr, i, iV) - ss_trace_at(tr, i, iW);
      worst = fmax(worst, fabs(E - E0));
      g_assert_cmpfloat(ss_trace_at(tr, i, iD), ==, 0.0);
    }
    g_test_message("%s friction off: |dE| max %.3g J, relative to max kinetic %.3g", scenarios[s],
                   worst, worst / Tmax);
    g_assert_cmpfloat(worst / Tmax, <, 1e-8);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* At tight tolerances the balance closes far below the contract's 1e-5:
 * the minimal and absolute formulations account for every joule. */
static void test_energy_balance(void)
{
  for (int s = 0; s < 2; s++) {
    ss_model *m = NULL;
    ss_run_opts o = {.t_end = 10.0, .dt_out = 0.01, .rtol = 1e-11, .atol = 1e-13};
    ss_trace *tr = run_scenario_opts(scenarios[s], NULL, &o, &m);
    g_assert_cmpfloat(ss_trace_at(tr, tr->n_rows - 1, column(m, "energy.dissipated")), >, 0.1);
    double worst = assert_energy_balance(m, tr, 1e-8, scenarios[s]);
    g_test_message("%s: energy balance within %.3g of the largest energy", scenarios[s], worst);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- default runs: constraints, stick-slip features, undetermined reactions */

static void test_default_runs(void)
{
  for (int s = 0; s < 2; s++) {
    ss_model *m = NULL;
    ss_trace *tr = run_scenario_opts(scenarios[s], NULL, NULL, &m);
    int ie = column(m, "constraint.error"), iw = column(m, "omega1");
    int ist = column(m, "O.stick"), iRx = column(m, "O.Rx"), iF = column(m, "A.F");
    int ign = column(m, "guide.Rn"), igf = column(m, "friction.generalised");
    double emax = 0.0;
    for (size_t i = 0; i < tr->n_rows; i++) {
      emax = fmax(emax, ss_trace_at(tr, i, ie));
      bool stuck = ss_trace_at(tr, i, ist) == 1.0;
      if (stuck) {
        g_assert_cmpfloat(ss_trace_at(tr, i, iw), ==, 0.0); /* exactly at rest */
        g_assert_true(isnan(ss_trace_at(tr, i, iRx)));      /* undetermined */
        g_assert_true(isnan(ss_trace_at(tr, i, iF)));
        g_assert_true(isnan(ss_trace_at(tr, i, ign)));
      } else {
        g_assert_true(isfinite(ss_trace_at(tr, i, iRx)));
        g_assert_true(isfinite(ss_trace_at(tr, i, iF)));
      }
      g_assert_true(isfinite(ss_trace_at(tr, i, igf))); /* the reduced sum is determinate */
    }
    g_assert_cmpfloat(emax, <, 1e-10);
    /* every joint sticks and slips together; O's relative velocity is u itself,
     * so its reversals are slip-through reversals at u = 0 */
    double ev[256];
    int nstick = event_times(tr, 0, SS_EVENT_STICK, ev, 256);
    int nslip = event_times(tr, 0, SS_EVENT_SLIP, ev, 256);
    int nrev = event_times(tr, 0, SS_EVENT_REVERSE, ev, 256);
    for (int j = 1; j < ss_model_n_contacts(m); j++) {
      g_assert_cmpint(event_times(tr, j, SS_EVENT_STICK, ev, 256), ==, nstick);
      g_assert_cmpint(event_times(tr, j, SS_EVENT_SLIP, ev, 256), ==, nslip);
    }
    g_test_message("%s: %d stick, %d slip, %d slip-through reversals, constraint error %.3g",
                   scenarios[s], nstick, nslip, nrev, emax);
    g_assert_cmpint(nstick, >=, 2);
    g_assert_cmpint(nslip, >=, 2);
    g_assert_cmpint(nrev, >=, 1);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- holding below breakaway, moving above ------------------------------ */

/* Static margin of a model at its start (t = 0). */
static double start_margin(const char *name, double tau0)
{
  char buf[64];
  g_snprintf(buf, sizeof buf, "tau0=%.17g", tau0);
  const char *sets[] = {"A=0", buf, NULL};
  ss_model *m = make_model(name, sets);
  const ss_planar_mech *pm = ss_planar_mech_of(m);
  double x[SS_PLANAR_MAX_N];
  memcpy(x, pm->x0, sizeof x);
  g_assert_cmpint(ss_planar_project(&pm->sys, pm->iu, x), >=, 0);
  double g = ss_planar_mech_static_margin(pm, 0.0, x, NULL);
  ss_model_free(m);
  return g;
}

static void test_hold_and_breakaway(void)
{
  for (int s = 0; s < 2; s++) {
    /* breakaway torque: the margin's zero, by bisection */
    double lo = 0.0, hi = 50.0;
    g_assert_cmpfloat(start_margin(scenarios[s], lo), >, 0.0);
    g_assert_cmpfloat(start_margin(scenarios[s], hi), <, 0.0);
    for (int it = 0; it < 60; it++) {
      double mid = 0.5 * (lo + hi);
      if (start_margin(scenarios[s], mid) > 0.0)
        lo = mid;
      else
        hi = mid;
    }
    double tb = 0.5 * (lo + hi);
    g_test_message("%s: breakaway torque %.6g N m", scenarios[s], tb);
    g_assert_cmpfloat(tb, >, 0.01);
    for (int side = 0; side < 2; side++) {
      char buf[64];
      double tau = (side == 0 ? 0.98 : 1.02) * tb;
      g_snprintf(buf, sizeof buf, "tau0=%.17g", tau);
      const char *sets[] = {"A=0", buf, NULL};
      ss_model *m = NULL;
      ss_trace *tr =
          run_scenario(scenarios[s], sets, side == 0 ? 1000.0 : 1.0, side == 0 ? 1.0 : 0.01, &m);
      int ith = column(m, "theta1"), ix = column(m, side == 0 && s == 0 ? "xB" : "theta2");
      double th0 = ss_trace_at(tr, 0, ith), x0 = ss_trace_at(tr, 0, ix);
      size_t last = tr->n_rows - 1;
      if (side == 0) {
        g_assert_cmpuint(tr->n_events, ==, 0);
        for (size_t i = 0; i < tr->n_rows; i++) {
          g_assert_cmpfloat(ss_trace_at(tr, i, ith), ==, th0); /* zero drift, bit for bit */
          g_assert_cmpfloat(ss_trace_at(tr, i, ix), ==, x0);
        }
      } else {
        g_assert_cmpfloat(fabs(ss_trace_at(tr, last, ith) - th0), >, 1e-4);
        g_assert_cmpfloat(ss_trace_at(tr, 1, column(m, "O.stick")), ==, 0.0);
      }
      ss_trace_free(tr);
      ss_model_free(m);
    }
  }
}

/* ---- minimal form vs absolute coordinates -------------------------------- */

static void test_formulations_agree(void)
{
  for (int s = 0; s < 2; s++) {
    for (int fr = 0; fr < 2; fr++) {
      const char *a[] = {fr ? "friction=off" : "friction=on", NULL};
      const char *b[] = {fr ? "friction=off" : "friction=on", "formulation=absolute", NULL};
      ss_run_opts o = {.t_end = 10.0, .dt_out = 0.01, .rtol = 1e-12, .atol = 1e-13};
      ss_model *ma = NULL, *mb = NULL;
      ss_trace *ta = run_scenario_opts(scenarios[s], a, &o, &ma);
      ss_trace *tb = run_scenario_opts(scenarios[s], b, &o, &mb);
      const char *cols[] = {"theta1", "theta2", "omega1", "omega2"};
      double worst = 0.0;
      /* compare on the common grid (event rows differ slightly in time) */
      size_t i = 0, j = 0;
      int ngrid = 0;
      while (i < ta->n_rows && j < tb->n_rows) {
        double t1 = ta->t[i], t2 = tb->t[j];
        double g1 = round(t1 / 0.01) * 0.01, g2 = round(t2 / 0.01) * 0.01;
        bool on1 = fabs(t1 - g1) < 1e-12, on2 = fabs(t2 - g2) < 1e-12;
        if (!on1) {
          i++;
          continue;
        }
        if (!on2) {
          j++;
          continue;
        }
        if (t1 < t2 - 1e-9) {
          i++;
          continue;
        }
        if (t2 < t1 - 1e-9) {
          j++;
          continue;
        }
        for (int c = 0; c < 4; c++) {
          double d = fabs(ss_trace_at(ta, i, column(ma, cols[c])) -
                          ss_trace_at(tb, j, column(mb, cols[c])));
          worst = fmax(worst, d);
        }
        ngrid++;
        i++;
        j++;
      }
      g_assert_cmpint(ngrid, ==, 1001);
      /* friction off: u may graze zero (two reversals within ms), which one
       * formulation resolves and the other not; they change no trajectory */
      if (fr == 0)
        g_assert_cmpuint(ta->n_events, ==, tb->n_events);
      for (size_t e = 0; fr == 0 && e < ta->n_events; e++) {
        g_assert_cmpint(ta->events[e].kind, ==, tb->events[e].kind);
        g_assert_cmpfloat(fabs(ta->events[e].t - tb->events[e].t), <, 1e-6);
      }
      g_test_message("%s friction %s: minimal vs absolute max difference %.3g", scenarios[s],
                     fr ? "off" : "on", worst);
      g_assert_cmpfloat(worst, <, 1e-6);
      ss_trace_free(ta);
      ss_trace_free(tb);
      ss_model_free(ma);
      ss_model_free(mb);
    }
  }
}

/* ---- self-locking ----------------------------------------------------------- */

/* Example 1's pin sits 2 a3 above the guide: with mu_ts tan(theta2) > 1 the
 * guide friction grows faster than the rod force pushing the slider: the
 * friction-reaction iteration with static friction diverges, which the
 * model treats as self-locking (wedging) and holds the torque.  With
 * mu_ts = 0.3 the same torque moves it. */
static void test_self_locking(void)
{
  for (int locked = 0; locked < 2; locked++) {
    const char *sets[] = {"A=300", locked ? "mu_ts=2" : "mu_ts=0.3",
                          locked ? "mu_tk=1.5" : "mu_tk=0.2", NULL};
    ss_model *m = NULL;
    ss_trace *tr = run_scenario("slider-crank-offset", sets, 2.0, 0.01, &m);
    const ss_planar_mech *pm = ss_planar_mech_of(m);
    if (locked) {
      g_assert_cmpuint(tr->n_events, ==, 0);
      /* sliding with maximal static friction: the coupling diverges */
      double x[SS_PLANAR_MAX_N], h[SS_PLANAR_MAX_N] = {0}, lambda[SS_PLANAR_MAX_M];
      double fmu[SS_PLANAR_MAX_JOINTS], mu[SS_PLANAR_MAX_JOINTS];
      int dirs[SS_PLANAR_MAX_JOINTS], zero[SS_PLANAR_MAX_JOINTS] = {0};
      memcpy(x, pm->x0, sizeof x);
      ss_planar_gravity(&pm->sys, x, h);
      pm->loads(pm, M_PI / 6.0, x, h); /* torque 300 N m */
      ss_planar_minimal r;
      const char *why = NULL;
      for (int j = 0; j < pm->sys.nj; j++)
        mu[j] = pm->sys.joint[j].mu_s;
      g_assert_cmpint(
          ss_planar_minimal_solve(&pm->sys, pm->iu, x, 0.0, h, zero, mu, lambda, fmu, &r, &why), ==,
          0);
      for (int j = 0; j < pm->sys.nj; j++)
        dirs[j] = (r.hr > 0 ? 1 : -1) * (r.c[j] > 0 ? 1 : r.c[j] < 0 ? -1 : 0);
      g_assert_cmpint(ss_planar_minimal_friction(&pm->sys, &r, dirs, mu, lambda, fmu, &why), ==,
                      -2);
      g_assert_nonnull(why);
    } else {
      g_assert_cmpuint(tr->n_events, >, 0);
    }
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- the cross-parameter checks (ranges: test-contract) ------------------- */

static void expect_error(const char *name, const char *const *sets, const char *needle)
{
  const ss_scenario *sc = ss_scenario_find(name);
  int n = 0;
  while (sets[n])
    n++;
  char *err = NULL;
  ss_model *m = ss_model_new_from_assignments(sc, sets, n, &err);
  g_assert_null(m);
  g_assert_nonnull(err);
  if (!strstr(err, needle))
    g_error("message '%s' does not name '%s'", err, needle);
  free(err);
}

static void test_bad_input(void)
{
  const char *a[] = {"a2=0.2", NULL};
  expect_error("slider-crank", a, "a2");
  const char *b[] = {"mu_rk=0.2", NULL};
  expect_error("slider-crank", b, "mu_rk");
  const char *c[] = {"mu_tk=0.5", NULL};
  expect_error("slider-crank-offset", c, "mu_tk");
  const char *d[] = {"a3=0.5", NULL};
  expect_error("slider-crank-offset", d, "a3");
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/slider-crank/energy-frictionless", test_energy_frictionless);
  g_test_add_func("/slider-crank/energy-balance", test_energy_balance);
  g_test_add_func("/slider-crank/default-runs", test_default_runs);
  g_test_add_func("/slider-crank/hold-and-breakaway", test_hold_and_breakaway);
  g_test_add_func("/slider-crank/formulations-agree", test_formulations_agree);
  g_test_add_func("/slider-crank/self-locking", test_self_locking);
  g_test_add_func("/slider-crank/bad-input", test_bad_input);
  return g_test_run();
}
