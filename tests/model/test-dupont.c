/* test-dupont.c - Dupont's slot problem against an independent brute-force
 * time-stepping of the same equations and the paper's published instants. */
#include "test-util.h"

typedef struct bf_event {
  double t; /* s */
  int kind; /* SS_EVENT_STICK, SLIP or REVERSE */
} bf_event;

/* Fixed-step integration (dt = 2e-6 s) of m1 x'' = F1 - mu_k Fn sgn(x'),
 * stuck while |F1| <= mu_s Fn; zero crossings located by linear interpolation. */
static int brute_force(bf_event *ev, int max)
{
  const double m1 = 10, m2 = 30, mu_s = 0.5, mu_k = 0.3, dt = 2e-6;
  double v = 0, t = 0;
  int dir = 0, n = 0; /* dir 0 = stuck */
  while (t < 10.0 && n < max) {
    double F1 = 7 * sin(2.4 * t), Fn = m1 * fabs(50 * cos(0.8 * t)) / (m1 + m2);
    if (dir == 0) {
      if (fabs(F1) > mu_s * Fn) {
        dir = F1 > 0 ? 1 : -1;
        ev[n++] = (bf_event){t, SS_EVENT_SLIP};
      }
      t += dt;
      continue;
    }
    /* midpoint rule for the sliding phase */
    double tm = t + 0.5 * dt;
    double a = (7 * sin(2.4 * tm) - dir * mu_k * m1 * fabs(50 * cos(0.8 * tm)) / (m1 + m2)) / m1;
    double v_new = v + a * dt;
    if (v_new * dir <= 0) {
      double tc = t + dt * v / (v - v_new);
      double F1c = 7 * sin(2.4 * tc), Fnc = m1 * fabs(50 * cos(0.8 * tc)) / (m1 + m2);
      if (fabs(F1c) <= mu_s * Fnc) {
        dir = 0;
        v = 0;
        ev[n++] = (bf_event){tc, SS_EVENT_STICK};
      } else {
        dir = -dir;
        v = v_new;
        ev[n++] = (bf_event){tc, SS_EVENT_REVERSE};
      }
    } else {
      v = v_new;
    }
    t += dt;
  }
  return n;
}

static void test_against_brute_force(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", NULL, 10.0, 0.01, &m);
  bf_event bf[64];
  int n = brute_force(bf, 64);
  g_assert_cmpint(n, >, 5);
  g_assert_cmpint((int)tr->n_events, ==, n);
  for (int i = 0; i < n; i++) {
    g_assert_cmpint(tr->events[i].kind, ==, bf[i].kind);
    if (fabs(tr->events[i].t - bf[i].t) > 0.02)
      g_error("event %d (%s): engine %.4f s, brute force %.4f s", i, ss_event_kind_name(bf[i].kind),
              tr->events[i].t, bf[i].t);
    /* the engine's located times are far better than 0.02 s */
    g_assert_cmpfloat(fabs(tr->events[i].t - bf[i].t), <, 1e-4);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The published picture ([BlajerMarkiewicz] §3): stiction over
 * about 0-0.5, 4.1-4.4 and 8.0-8.3 s; reversals without sticking near 1.7,
 * 5.7, 7.1 and 9.5 s, and near 3.2 s (the paper's "3.7 s" does not fit). */
static void test_published_instants(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", NULL, 10.0, 0.01, &m);
  double slip[8], stick[8], rev[8];
  int ns = event_times(tr, 0, SS_EVENT_SLIP, slip, 8);
  int nk = event_times(tr, 0, SS_EVENT_STICK, stick, 8);
  int nr = event_times(tr, 0, SS_EVENT_REVERSE, rev, 8);
  g_assert_cmpint(ns, ==, 3);
  g_assert_cmpint(nk, ==, 2);
  g_assert_cmpint(nr, ==, 5);
  g_assert_cmpfloat(fabs(slip[0] - 0.45), <, 0.1); /* stuck from t = 0 */
  g_assert_cmpfloat(fabs(stick[0] - 4.1), <, 0.1);
  g_assert_cmpfloat(fabs(slip[1] - 4.35), <, 0.1);
  g_assert_cmpfloat(fabs(stick[1] - 8.0), <, 0.1);
  g_assert_cmpfloat(fabs(slip[2] - 8.3), <, 0.1);
  const double published_rev[] = {1.7, 3.2, 5.7, 7.1, 9.5};
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat(fabs(rev[i] - published_rev[i]), <, 0.1);
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat(fabs(rev[i] - 3.7), >, 0.3); /* the misprint */
  /* the stick column agrees with the events */
  int ist = column(m, "slot.stick");
  for (size_t r = 0; r < tr->n_rows; r++) {
    double t = tr->t[r];
    bool in_stick = t < slip[0] || (t >= stick[0] && t < slip[1]) || (t >= stick[1] && t < slip[2]);
    g_assert_cmpfloat(ss_trace_at(tr, r, ist), ==, in_stick ? 1.0 : 0.0);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* F1 almost constant (omega1 = 0.0024 rad/s, F1 ~ 0.1 N near t = 5.9 s) while
 * F2 passes through zero at 5.89 s: the stiction limit mu_s Fn dips below |F1|
 * for about 0.04 s around a kink.  Stuck steps of 0.2 s used to step over the
 * dip: the block stayed stuck with |F| up to 40 mu_s N. */
static void test_normal_force_zero_while_stuck(void)
{
  const char *sets[] = {"omega1=0.0024", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", sets, 10.0, 0.01, &m);
  assert_stuck_within(m, tr, "slot", 0.5, 1e-9, 1e-12, false);
  double slip[8];
  int ns = event_times(tr, 0, SS_EVENT_SLIP, slip, 8);
  g_assert_cmpint(ns, >=, 2);
  /* one slip before each zero of F2 (1.96, 5.89, 9.82 s) */
  g_assert_cmpfloat(fabs(slip[1] - 5.89), <, 0.03);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* omega2 = 1e4 rad/s: the normal force passes through zero every 0.31 ms and
 * the slips in between last well under a microsecond at speeds below atol.
 * A step across a zero of F2, or a first step longer than such a slip, used
 * to end the run at once ("events accumulate at one instant"). */
static void test_fast_normal_force(void)
{
  const char *sets[] = {"omega2=10000", NULL};
  ss_model *m = make_model("dupont", sets);
  ss_run_opts opts = {.t_end = 0.5, .dt_out = 0.01};
  char *err = NULL;
  ss_trace *tr = ss_run(m, &opts, &err);
  if (!tr)
    g_error("dupont at omega2 = 1e4: %s", err);
  g_assert_cmpfloat(tr->t[tr->n_rows - 1], ==, 0.5);
  g_assert_cmpint((int)tr->n_events, >, 10);
  int iF = column(m, "slot.F"), iN = column(m, "slot.N"), ist = column(m, "slot.stick");
  for (size_t r = 0; r < tr->n_rows; r++) {
    double F = ss_trace_at(tr, r, iF), N = ss_trace_at(tr, r, iN);
    g_assert_true(isfinite(F));
    g_assert_cmpfloat(fabs(F), <=,
                      (ss_trace_at(tr, r, ist) == 1.0 ? 0.5 : 0.3) * N * (1 + 1e-9) + 1e-12);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* F2_amp = 0: no normal force, and F1 = 0 at t = 0: the margin starts at
 * exactly 0 and falls.  The block used to stay stuck against F1 (7 N) with
 * no normal force for the whole run; it must slip at once. */
static void test_zero_margin_at_start(void)
{
  const char *sets[] = {"F2_amp=0", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", sets, 2.0, 0.01, &m);
  double t[2];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_SLIP, t, 2), ==, 1);
  g_assert_cmpfloat(t[0], <, 1e-6);
  int ist = column(m, "slot.stick");
  for (size_t r = 1; r < tr->n_rows; r++)
    g_assert_cmpfloat(ss_trace_at(tr, r, ist), ==, 0.0);
  ss_trace_free(tr);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/dupont/brute-force", test_against_brute_force);
  g_test_add_func("/dupont/published", test_published_instants);
  g_test_add_func("/dupont/normal-force-zero-while-stuck", test_normal_force_zero_while_stuck);
  g_test_add_func("/dupont/fast-normal-force", test_fast_normal_force);
  g_test_add_func("/dupont/zero-margin-at-start", test_zero_margin_at_start);
  return g_test_run();
}
