/* test-one-mass.c - the spring-driven stick-slip oscillator against its
 * closed form; zero drift. */
#include <string.h>

#include "ss-internal.h"
#include "test-util.h"

/* Closed form for M z'' = k (v_d t - z) - FK while sliding, stuck while
 * |k (v_d t - z)| <= FS, starting at rest with a slack spring, no viscosity.
 * With u = stretch - FK/k the slip is harmonic: u = u0 cos wt + (v_d/w) sin wt,
 * u0 = (FS - FK)/k; it ends when the block stops, at u = -u0. */
typedef struct closed_form {
  double first_slip;  /* s */
  double slip_time;   /* s */
  double stick_time;  /* s */
  double period;      /* s */
  double slip_dz;     /* block travel in one slip, m */
  double stick_force; /* spring force when the block stops, N */
} closed_form;

static closed_form one_mass_closed_form(double M, double k, double v_d, double FS, double FK)
{
  closed_form c;
  double w = sqrt(k / M), u0 = (FS - FK) / k;
  double phi = atan2(v_d / w, u0);
  c.first_slip = FS / (k * v_d);
  c.slip_time = (M_PI + 2 * phi) / w;
  c.stick_time = 2 * (FS - FK) / (k * v_d);
  c.period = c.slip_time + c.stick_time;
  c.slip_dz = v_d * c.slip_time + 2 * (FS - FK) / k;
  c.stick_force = 2 * FK - FS;
  return c;
}

static void rel_close(double got, double want, double tol, const char *what)
{
  double rel = fabs(got - want) / fabs(want);
  if (!(rel <= tol))
    g_error("%s: got %.12g, closed form %.12g (relative error %.3g > %.1g)", what, got, want, rel,
            tol);
}

static void check_closed_form(const char *const *sets, double M, double k, double v_d, double mu_s,
                              double mu_k)
{
  ss_model *m = NULL;
  /* the block travels metres: tight tolerances keep 1e-6 on centimetre-scale quantities */
  ss_run_opts opts = {.t_end = 30.0, .dt_out = 0.01, .rtol = 1e-10, .atol = 1e-12};
  ss_trace *tr = run_scenario_opts("one-mass", sets, &opts, &m);
  double g = 9.81, FS = mu_s * M * g, FK = mu_k * M * g;
  closed_form c = one_mass_closed_form(M, k, v_d, FS, FK);
  double slips[64], sticks[64];
  int ns = event_times(tr, 0, SS_EVENT_SLIP, slips, 64);
  int nk = event_times(tr, 0, SS_EVENT_STICK, sticks, 64);
  g_assert_cmpint(ns, >=, 5);
  g_assert_cmpint(nk, >=, 5);
  rel_close(slips[0], c.first_slip, 1e-6, "first slip");
  int iz = column(m, "z"), isp = column(m, "spring.F");
  for (int i = 0; i + 1 < ns && i < nk; i++) {
    g_assert_cmpfloat(sticks[i], >, slips[i]);
    rel_close(sticks[i] - slips[i], c.slip_time, 1e-6, "slip duration");
    rel_close(slips[i + 1] - sticks[i], c.stick_time, 1e-6, "stick duration");
    rel_close(slips[i + 1] - slips[i], c.period, 1e-6, "period");
    size_t r0 = row_at(tr, slips[i]), r1 = row_at(tr, sticks[i]);
    rel_close(ss_trace_at(tr, r1, iz) - ss_trace_at(tr, r0, iz), c.slip_dz, 1e-6, "slip travel");
    rel_close(ss_trace_at(tr, r1, isp), c.stick_force, 1e-6, "spring force at stick");
    rel_close(ss_trace_at(tr, r0, isp), FS, 1e-6, "spring force at slip");
  }
  /* no reversals: the block only moves forward */
  double rev[4];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_REVERSE, rev, 4), ==, 0);
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_closed_form_default(void) { check_closed_form(NULL, 1.0, 100.0, 0.1, 0.5, 0.3); }

static void test_closed_form_other(void)
{
  const char *sets[] = {"M=2.5", "k=40", "v_drive=0.2", "mu_s=0.6", "mu_k=0.2", NULL};
  check_closed_form(sets, 2.5, 40.0, 0.2, 0.6, 0.2);
}

/* Stuck states have exactly zero velocity: a load below breakaway held for
 * 1e4 s does not move the block at all. */
static void test_zero_drift(void)
{
  const char *sets[] = {"v_drive=0", "x_drive0=0.01", "A=3.5", "omega=2", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 1e4, 1.0, &m);
  int iz = column(m, "z"), iv = column(m, "v"), ist = column(m, "base.stick");
  double worst = 0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    worst = fmax(worst, fabs(ss_trace_at(tr, r, iz)));
    g_assert_cmpfloat(ss_trace_at(tr, r, iv), ==, 0.0);
    g_assert_cmpfloat(ss_trace_at(tr, r, ist), ==, 1.0);
  }
  g_assert_cmpfloat(worst, <, 1e-12);
  g_assert_cmpuint(tr->n_events, ==, 0);
  g_assert_cmpfloat(tr->t[tr->n_rows - 1], ==, 1e4);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Above breakaway the same load starts motion at once. */
static void test_breakaway(void)
{
  const char *sets[] = {"v_drive=0", "x_drive0=0.05", NULL}; /* 5 N > FS = 4.905 N */
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 1.0, 0.01, &m);
  int iz = column(m, "z"), ist = column(m, "base.stick");
  g_assert_cmpfloat(ss_trace_at(tr, 0, ist), ==, 0.0);
  g_assert_cmpfloat(ss_trace_at(tr, 1, iz), >, 0.0);
  /* the block moves off, then the spring relaxes and it sticks */
  double sticks[4];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_STICK, sticks, 4), >=, 1);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* mu_s = mu_k = 0: the static limit is 0 and so is the spring force at
 * t = 0; the margin starts at exactly 0 and falls.  CVODE ignores a root
 * function that starts at 0: the block stayed stuck against up to 100 N
 * with no friction at all.  It must slip at once and follow the driver. */
static void test_zero_margin_at_start(void)
{
  const char *sets[] = {"mu_s=0", "mu_k=0", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 2.0, 0.01, &m);
  double t[2];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_SLIP, t, 2), ==, 1);
  g_assert_cmpfloat(t[0], <, 1e-6);
  int ist = column(m, "base.stick"), iF = column(m, "base.F");
  for (size_t r = 1; r < tr->n_rows; r++) {
    g_assert_cmpfloat(ss_trace_at(tr, r, ist), ==, 0.0);
    g_assert_cmpfloat(ss_trace_at(tr, r, iF), ==, 0.0);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The block's observe_column (one-mass and dupont, every law) gives the
 * columns it serves bit for bit as observe() does: the position, the
 * velocities and the bristle, and the contact's ratio, which the extremes
 * tracking samples and locates; and its column_state names the columns
 * that are states (the tracking interpolates that state alone). */
static void test_observe_column(void)
{
  GRand *rng = g_rand_new_with_seed(23);
  static const char *const scenarios[] = {"one-mass", "dupont"};
  static const char *const laws[] = {"law=exact", "law=regularised", "law=tanh", "law=lugre"};
  int rates = 0, ratios = 0, variants = 0;
  for (size_t sc = 0; sc < G_N_ELEMENTS(scenarios); sc++)
    for (size_t k = 0; k < G_N_ELEMENTS(laws); k++) {
      const char *const sets[] = {laws[k]};
      char *err = NULL;
      ss_model *m = ss_model_new_from_assignments(ss_scenario_find(scenarios[sc]), sets, 1, &err);
      if (!m)
        g_error("%s %s: %s", scenarios[sc], laws[k], err);
      variants++;
      g_assert_nonnull(m->ops->observe_column);
      g_assert_nonnull(m->ops->column_state);
      int nc = m->n_columns, nx = m->nx, nk = m->n_contacts;
      double *x = g_new(double, nx), *row = g_new(double, nc);
      int *modes = g_new(int, nk + 1);
      static const int pick[] = {SS_MODE_STICK, 1, -1};
      int served = 0, states = 0;
      for (int trial = 0; trial < 200; trial++) {
        for (int i = 0; i < nx; i++)
          x[i] = trial == 0 ? 0.0 : g_rand_double_range(rng, -0.05, 0.05);
        for (int i = 0; i < nk; i++)
          modes[i] = m->hybrid ? pick[g_rand_int_range(rng, 0, 3)] : 1;
        double t = g_rand_double_range(rng, 0.0, 10.0);
        m->ops->observe(m, NULL, t, x, modes, row);
        states = 0;
        for (int c = 0; c < nc; c++) { /* the columns that are states, as they are */
          int i = m->ops->column_state(m, c);
          if (i < 0)
            continue;
          g_assert_cmpint(i, <, nx);
          if (memcmp(&x[i], &row[c], sizeof x[i]) != 0)
            g_error("%s %s: column %s is not state %d at trial %d", scenarios[sc], laws[k],
                    m->columns[c].name, i, trial);
          states++;
        }
        served = 0;
        for (int c = 0; c < nc; c++) {
          double v = -12345.0;
          if (!m->ops->observe_column(m, t, x, modes, c, &v))
            continue;
          served++;
          if (memcmp(&v, &row[c], sizeof v) != 0)
            g_error("%s %s: column %s at trial %d: %.17g, the row has %.17g", scenarios[sc],
                    laws[k], m->columns[c].name, trial, v, row[c]);
          rates += m->columns[c].kind == SS_COL_VELOCITY;
          ratios += m->columns[c].kind == SS_COL_RATIO;
        }
      }
      /* z, v, the contact's ratio and slip velocity, and LuGre's bristle;
       * of them z, v and the bristle are states */
      g_assert_cmpint(served, ==, m->nx > 4 ? 5 : 4);
      g_assert_cmpint(states, ==, m->nx > 4 ? 3 : 2);
      g_free(modes);
      g_free(row);
      g_free(x);
      ss_model_free(m);
    }
  g_test_message("%d variants: %d rate and %d ratio columns served", variants, rates, ratios);
  g_assert_cmpint(variants, ==, 8);
  g_assert_cmpint(ratios, ==, 8 * 200);
  g_rand_free(rng);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/one-mass/closed-form/default", test_closed_form_default);
  g_test_add_func("/one-mass/closed-form/other", test_closed_form_other);
  g_test_add_func("/one-mass/zero-drift", test_zero_drift);
  g_test_add_func("/one-mass/breakaway", test_breakaway);
  g_test_add_func("/one-mass/zero-margin-at-start", test_zero_margin_at_start);
  g_test_add_func("/one-mass/observe-column", test_observe_column);
  return g_test_run();
}
