/* test-laws.c - every friction law on one-mass: the smooth laws approach the
 * exact solution's stick/slip times as gamma -> 0 and sigma0 -> infinity. */
#include "test-util.h"

typedef struct times {
  double slip;  /* first slip, s */
  double stick; /* first stick after it, s */
} times;

static times first_times(const char *const *sets)
{
  ss_trace *tr = run_scenario("one-mass", sets, 2.0, 0.01, NULL);
  times out = {NAN, NAN};
  for (size_t i = 0; i < tr->n_events; i++) {
    const ss_event *e = &tr->events[i];
    if (e->kind == SS_EVENT_SLIP && isnan(out.slip))
      out.slip = e->t;
    else if (e->kind == SS_EVENT_STICK && !isnan(out.slip) && isnan(out.stick))
      out.stick = e->t;
  }
  ss_trace_free(tr);
  g_assert_false(isnan(out.slip));
  g_assert_false(isnan(out.stick));
  return out;
}

static void test_regularised_trend(void)
{
  times exact = first_times(NULL);
  const char *gammas[] = {"1e-2", "1e-3", "1e-4", "1e-5"};
  double prev_slip = INFINITY, prev_stick = INFINITY;
  for (int i = 0; i < 4; i++) {
    char g[32];
    snprintf(g, sizeof g, "gamma=%s", gammas[i]);
    const char *sets[] = {"law=regularised", g, NULL};
    times r = first_times(sets);
    double es = fabs(r.slip - exact.slip), ek = fabs(r.stick - exact.stick);
    g_test_message("regularised gamma %s: slip %.6f (exact %.6f, error %.2e), stick %.6f "
                   "(exact %.6f, error %.2e)",
                   gammas[i], r.slip, exact.slip, es, r.stick, exact.stick, ek);
    g_assert_cmpfloat(es, <, prev_slip);
    g_assert_cmpfloat(ek, <, prev_stick);
    prev_slip = es;
    prev_stick = ek;
  }
  g_assert_cmpfloat(prev_slip, <, 1e-4);
  g_assert_cmpfloat(prev_stick, <, 1e-4);
}

static void test_lugre_trend(void)
{
  times exact = first_times(NULL);
  /* LuGre creeps while "stuck" at about F'/(sigma0 N) and its bristles
   * saturate before F reaches mu_s N, so breakaway comes early; both effects
   * vanish as sigma0 grows.  Stick is reported below v_stick. */
  const char *sigmas[] = {"1e5", "1e6", "1e7"};
  double prev = INFINITY, prev_stick = INFINITY;
  for (int i = 0; i < 3; i++) {
    char s0[32], s1[32];
    snprintf(s0, sizeof s0, "sigma0=%s", sigmas[i]);
    /* damping scaled to stay near critical for the bristle */
    snprintf(s1, sizeof s1, "sigma1=%g", 2.0 * sqrt(atof(sigmas[i]) / 9.81));
    const char *sets[] = {"law=lugre", s0, s1, "vartheta=1e-4", "v_stick=1e-3", NULL};
    times r = first_times(sets);
    double es = fabs(r.slip - exact.slip), ek = fabs(r.stick - exact.stick);
    g_test_message("LuGre sigma0 %s: slip %.6f (exact %.6f, error %.2e), stick %.6f (exact %.6f)",
                   sigmas[i], r.slip, exact.slip, es, r.stick, exact.stick);
    g_assert_cmpfloat(es, <, prev);
    g_assert_cmpfloat(ek, <, prev_stick);
    prev = es;
    prev_stick = ek;
  }
  g_assert_cmpfloat(prev, <, 5e-3);
  g_assert_cmpfloat(prev_stick, <, 5e-3);
}

/* A stiff bristle (sigma0 = 1e11 1/m: deflections of 5e-12 m, far below
 * the run's atol of 1e-10) must still be resolved: friction stays within
 * its static limit and the block breaks loose when the spring reaches it
 * (unresolved, the ratio F/N rose past mu_s = 0.5: 0.51 at 0.6 s, 0.82 at 0.8 s). */
static void test_lugre_stiff_bristle(void)
{
  const char *sets[] = {"law=lugre", "sigma0=1e11", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 0.6, 0.01, &m);
  int iratio = column(m, "base.ratio"), iv = column(m, "v"), ispring = column(m, "spring.F");
  double mu_s = 0.5, slip_t = NAN;
  for (size_t r = 0; r < tr->n_rows; r++) {
    g_assert_cmpfloat(ss_trace_at(tr, r, iratio), <=, mu_s * 1.001);
    if (isnan(slip_t) && ss_trace_at(tr, r, iv) > 1e-3)
      slip_t = tr->t[r];
    /* stuck: the friction ratio follows the spring, k v_drive t / (M g) */
    if (isnan(slip_t) && tr->t[r] < 0.45)
      g_assert_cmpfloat(fabs(ss_trace_at(tr, r, iratio) - ss_trace_at(tr, r, ispring) / 9.81), <,
                        1e-6);
  }
  g_test_message("breaks loose at %.3f s", slip_t);
  /* the spring reaches mu_s M g = 4.905 N at 0.4905 s */
  g_assert_cmpfloat(slip_t, >, 0.48);
  g_assert_cmpfloat(slip_t, <, 0.52);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* LuGre with mu_k = 0: G(v) = mu_s exp(-(v/vartheta)^2) underflowed to 0
 * while sliding and z' = v - z sigma0 |v| / G became -inf (the run stopped
 * at 0.46 s); with mu_s = mu_k = 0 it was 0/0 at t = 0.  Now friction-free
 * runs carry no friction, and mu_k = 0 sticks, breaks loose at mu_s and
 * slides with nearly none. */
static void test_lugre_zero_kinetic(void)
{
  const char *free_sets[] = {"law=lugre", "mu_s=0", "mu_k=0", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", free_sets, 10.0, 0.01, &m);
  int iF = column(m, "base.F"), iratio = column(m, "base.ratio"), iv = column(m, "v");
  g_assert_cmpfloat(tr->t[tr->n_rows - 1], ==, 10.0);
  for (size_t r = 0; r < tr->n_rows; r++)
    g_assert_cmpfloat(ss_trace_at(tr, r, iF), ==, 0.0);
  ss_trace_free(tr);
  ss_model_free(m);

  const char *sets[] = {"law=lugre", "mu_k=0", NULL};
  tr = run_scenario("one-mass", sets, 10.0, 0.01, &m);
  g_assert_cmpfloat(tr->t[tr->n_rows - 1], ==, 10.0);
  double min_sliding = INFINITY;
  for (size_t r = 0; r < tr->n_rows; r++) {
    double ratio = ss_trace_at(tr, r, iratio);
    g_assert_true(isfinite(ratio));
    g_assert_cmpfloat(ratio, <=, 0.5 * 1.05);
    if (fabs(ss_trace_at(tr, r, iv)) > 0.1)
      min_sliding = fmin(min_sliding, ratio);
  }
  g_assert_cmpfloat(min_sliding, <, 1e-3); /* sliding fast: almost no friction */
  ss_trace_free(tr);
  ss_model_free(m);
}

/* tanh cannot stick (no static level above mu_k): it creeps instead.  Its
 * friction never exceeds mu_k N and approaches it when sliding. */
static void test_tanh_bounds(void)
{
  const char *sets[] = {"law=tanh", "k_tanh=1e4", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 5.0, 0.01, &m);
  int iF = column(m, "base.F"), iv = column(m, "base.v");
  double FK = 0.3 * 9.81;
  for (size_t r = 0; r < tr->n_rows; r++) {
    double F = ss_trace_at(tr, r, iF), v = ss_trace_at(tr, r, iv);
    g_assert_cmpfloat(fabs(F), <=, FK * (1 + 1e-12));
    if (fabs(v) > 1e-2)
      g_assert_cmpfloat(fabs(fabs(F) - FK), <, 1e-6 * FK + FK * (1 - tanh(1e4 * fabs(v))));
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The regularised law's coefficient, Wojtyra eq. (12), against its pieces. */
static void test_regularised_shape(void)
{
  ss_model *m = NULL;
  const char *sets[] = {"law=regularised", "gamma=0.01", NULL};
  ss_trace *tr = run_scenario("one-mass", sets, 3.0, 0.001, &m);
  int iF = column(m, "base.F"), iv = column(m, "base.v"), iN = column(m, "base.N");
  for (size_t r = 0; r < tr->n_rows; r++) {
    double v = ss_trace_at(tr, r, iv), mu = -ss_trace_at(tr, r, iF) / ss_trace_at(tr, r, iN);
    double a = fabs(v), want;
    if (a <= 0.01)
      want = 0.5 * v / 0.01;
    else if (a <= 0.015)
      want = (v > 0 ? 1 : -1) * (0.5 - 2 * 0.2 * (a - 0.01) / 0.01);
    else
      want = (v > 0 ? 1 : -1) * 0.3;
    g_assert_cmpfloat_with_epsilon(mu, want, 1e-12);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/laws/regularised-trend", test_regularised_trend);
  g_test_add_func("/laws/lugre-trend", test_lugre_trend);
  g_test_add_func("/laws/lugre-stiff-bristle", test_lugre_stiff_bristle);
  g_test_add_func("/laws/lugre-zero-kinetic", test_lugre_zero_kinetic);
  g_test_add_func("/laws/tanh-bounds", test_tanh_bounds);
  g_test_add_func("/laws/regularised-shape", test_regularised_shape);
  return g_test_run();
}
