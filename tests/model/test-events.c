/* test-events.c - the engine's event rules (docs/events.md): a contact that
 * creeps to rest is stuck where its speed falls through a rung of the
 * ladder, at an instant that does not depend on the tolerances; events of
 * contacts that cross zero stay exact; a speed that dips through zero and
 * back within one integrator step stops its contact there. */
#include "test-util.h"

static const double rtols[] = {1e-6, 1e-7, 1e-8, 1e-9, 1e-10};
#define N_RTOLS (int)(sizeof rtols / sizeof rtols[0])

/* The level-3 gear train ramped to 3.5 N m over 2 s: both bearings slow
 * down exponentially (the slow mode, about 5.2 1/s) and never cross zero. */
static const char *const ramp_case[] = {"level=3", "drive=ramp", "M_psi_amp=3.5", "t_load=2", NULL};

static ss_trace *run_rtol(const char *const *sets, double rtol, double atol, ss_model **m)
{
  ss_run_opts opts = {.rtol = rtol, .atol = atol};
  return run_scenario_opts("gear-train", sets, &opts, m);
}

/* Source index of contact `name`. */
static int source(const ss_model *m, const char *name)
{
  for (int i = 0; i < ss_model_n_sources(m); i++)
    if (strcmp(ss_model_source_name(m, i), name) == 0)
      return i;
  g_error("no source %s", name);
  return -1;
}

/* Time of the k-th event of `kind` at `src` (k from 0), NAN if none. */
static double event_time(const ss_trace *tr, int src, ss_event_kind kind, int k)
{
  for (size_t e = 0; e < tr->n_events; e++)
    if (tr->events[e].source == src && tr->events[e].kind == kind && k-- == 0)
      return tr->events[e].t;
  return NAN;
}

static int event_count(const ss_trace *tr, ss_event_kind kind)
{
  int n = 0;
  for (size_t e = 0; e < tr->n_events; e++)
    n += tr->events[e].kind == kind;
  return n;
}

/* The ramp case's stick times agree across rtol 1e-6 ... 1e-10 to 1e-3 s
 * (round-off picked them before: 5.81 ... 6.03 s). */
static void test_creep_ramp_stable(void)
{
  static const char *const bearings[] = {"bearing_psi", "bearing_phi"};
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (int r = 0; r < N_RTOLS; r++) {
    ss_model *m = NULL;
    ss_trace *tr = run_rtol(ramp_case, rtols[r], 0.0, &m);
    for (int b = 0; b < 2; b++) {
      /* slip at start, stick in the ramp's first swing, slip, final stick */
      int src = source(m, bearings[b]);
      int k = b == 0 ? 1 : 0;
      double t = event_time(tr, src, SS_EVENT_STICK, k);
      g_assert_true(isfinite(t));
      g_assert_true(isnan(event_time(tr, src, SS_EVENT_STICK, k + 1)));
      lo[b] = fmin(lo[b], t);
      hi[b] = fmax(hi[b], t);
    }
    ss_trace_free(tr);
    ss_model_free(m);
  }
  for (int b = 0; b < 2; b++) {
    if (g_test_verbose())
      g_printerr("%s stick %.9f ... %.9f s\n", bearings[b], lo[b], hi[b]);
    g_assert_cmpfloat(hi[b] - lo[b], <, 1e-3);
  }
  /* long before the creep would have reached round-off */
  g_assert_cmpfloat(hi[1], <, 4.5);
}

/* The rule itself, against the output grid: phi is stuck where its rate,
 * decaying exponentially, falls through the rung 1e-6 rad/s (extrapolated
 * from the last two grid rows before it); until then it slides. */
static void test_creep_ramp_rung(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_rtol(ramp_case, 1e-10, 0.0, &m);
  double t_stick = event_time(tr, source(m, "bearing_phi"), SS_EVENT_STICK, 0);
  int cv = column(m, "bearing_phi.v"), cs = column(m, "bearing_phi.stick");
  size_t r2 = 0;
  for (size_t r = 0; r < tr->n_rows && tr->t[r] < t_stick; r++)
    r2 = r;
  size_t r1 = r2 - 1;
  double v1 = ss_trace_at(tr, r1, cv), v2 = ss_trace_at(tr, r2, cv);
  g_assert_cmpfloat(v2, >, 1e-6);
  g_assert_cmpfloat(v2, <, 1.2e-6);
  g_assert_cmpfloat(ss_trace_at(tr, r2, cs), ==, 0.0);
  double rate = log(v1 / v2) / (tr->t[r2] - tr->t[r1]);
  g_assert_cmpfloat(rate, >, 5.0);
  g_assert_cmpfloat(rate, <, 5.3);
  double t_rung = tr->t[r2] + log(v2 / 1e-6) / rate;
  if (g_test_verbose())
    g_printerr("phi stick %.9f s, rung from the grid %.9f s\n", t_stick, t_rung);
  g_assert_cmpfloat(fabs(t_stick - t_rung), <, 1e-5);
  /* stuck from there on, at exactly zero rate */
  for (size_t r = r2 + 1; r < tr->n_rows; r++) {
    g_assert_cmpfloat(ss_trace_at(tr, r, cs), ==, 1.0);
    g_assert_cmpfloat(ss_trace_at(tr, r, cv), ==, 0.0);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Level 1 (the default) and a torque step: every stick time agrees across
 * rtol 1e-6 ... 1e-10 (before: up to 65 ms apart at the default atol, 47 ms
 * at atol 1e-12; under the step no bearing ever stuck).  The gears' equal
 * static and kinetic levels let them stick only once mu |v| is within the
 * stiction tolerance, at the rung 1e-9 rad/s, where the default atol 1e-10
 * leaves ms of spread; atol 1e-12 resolves it. */
static void test_creep_level1_stable(void)
{
  static const char *const step[] = {"drive=step", NULL};
  const struct {
    const char *const *sets;
    double atol;  /* 0: default */
    double bound; /* largest spread of a stick time, s */
  } cases[] = {
      {NULL, 0.0, 1e-2},
      {NULL, 1e-12, 2e-4},
      {step, 0.0, 2e-3},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    ss_trace *tr[N_RTOLS];
    ss_model *m = NULL;
    for (int r = 0; r < N_RTOLS; r++) {
      tr[r] = run_rtol(cases[c].sets, rtols[r], cases[c].atol, r == 0 ? &m : NULL);
      g_assert_cmpint(event_count(tr[r], SS_EVENT_STICK), ==, event_count(tr[0], SS_EVENT_STICK));
    }
    g_assert_cmpint(event_count(tr[0], SS_EVENT_STICK), >=, 4); /* all four bearings */
    double worst = 0.0;
    for (int src = 0; src < ss_model_n_contacts(m); src++)
      for (int k = 0; isfinite(event_time(tr[0], src, SS_EVENT_STICK, k)); k++)
        for (int r = 1; r < N_RTOLS; r++)
          worst = fmax(worst, fabs(event_time(tr[r], src, SS_EVENT_STICK, k) -
                                   event_time(tr[0], src, SS_EVENT_STICK, k)));
    if (g_test_verbose())
      g_printerr("case %zu: stick times spread %.3g s\n", c, worst);
    g_assert_cmpfloat(worst, <, cases[c].bound);
    for (int r = 0; r < N_RTOLS; r++)
      ss_trace_free(tr[r]);
    ss_model_free(m);
  }
}

/* One-mass with equal static and kinetic levels dragged by its spring
 * (v_drive 0.94 m/s; natural period P = 2 pi sqrt(M/k) = 0.522 s): after
 * each slip from rest its speed, about v_drive (1 - cos), swings back to
 * zero one period later, and the small loads push it 4e-6 m/s below zero
 * for 0.4 ms, inside one integrator step of ~10 ms.  Before, those dips went
 * unseen: after the slip at 0.534 s no stop until 7.32 s, friction pushing
 * along the motion in each dip.  Each return must stop the block. */
static void test_speed_dip_one_mass(void)
{
  static const char *const sets[] = {"M=4.7800432110016322",
                                     "k=691.24993623056628",
                                     "c=0",
                                     "mu_s=0.023881682315528119",
                                     "mu_k=0.023881682315528119",
                                     "v_drive=0.94335958477346216",
                                     "x_drive0=-0.010505021076093468",
                                     "F0=0.63302223765346666",
                                     "A=3.7095457429448992",
                                     "omega=0.12643341840101718",
                                     NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 2.7, 1e-4, &m);
  assert_dissipation_rises(m, tr, 1e-9, "one-mass dip");
  assert_friction_opposes_motion(m, tr, "base", 1e-9, "one-mass dip");
  double period = 2.0 * M_PI * sqrt(4.7800432110016322 / 691.24993623056628);
  int src = source(m, "base"), n_slips = 0;
  for (int k = 0; event_time(tr, src, SS_EVENT_SLIP, k) < 2.0; k++) {
    double t_slip = event_time(tr, src, SS_EVENT_SLIP, k), t_stick = NAN;
    for (int j = 0; isfinite(event_time(tr, src, SS_EVENT_STICK, j)) && isnan(t_stick); j++)
      if (event_time(tr, src, SS_EVENT_STICK, j) > t_slip)
        t_stick = event_time(tr, src, SS_EVENT_STICK, j);
    if (!(fabs(t_stick - t_slip - period) < 0.01 * period))
      g_error("slip at %.6f s: next stick at %.6f s, not one period (%.6f s) later", t_slip,
              t_stick, period);
    n_slips++;
  }
  g_assert_cmpint(n_slips, ==, 3);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Dupont: m1 slides back in the slot (its speed 2.4e-5 m/s at 1.990 s and
 * falling), dips to -2.2e-4 m/s and comes back at 2.0002 s, all within one
 * integrator step: before, no event and 10 ms of friction along the
 * motion. */
static void test_speed_dip_dupont(void)
{
  static const char *const sets[] = {
      "m1=13.848244743108197",     "m2=4.6746433981912467",     "mu_s=0.90914907489527019",
      "mu_k=0.90221923982994645",  "F1_amp=25.478302780448985", "omega1=0.73356039233882875",
      "F2_amp=57.416822896865483", "omega2=8.3024644248460095", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", sets, 2.1, 1e-4, &m);
  assert_dissipation_rises(m, tr, 1e-9, "dupont dip");
  assert_friction_opposes_motion(m, tr, "slot", 1e-9, "dupont dip");
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Random one-mass runs whose speed grazes zero: equal levels, no damper,
 * loads below the friction level, so that after each slip from rest the
 * speed swings back to about zero (before: 44 of 300 such runs had friction
 * along the motion in some rows). */
static void test_speed_dip_random(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  for (int run = 0; run < 60; run++) {
    double M = g_test_rand_double_range(0.2, 5), mu = g_test_rand_double_range(0.01, 1);
    double N = M * 9.81;
    char *sets[10];
    int n = 0;
    sets[n++] = g_strdup_printf("M=%.17g", M);
    sets[n++] = g_strdup_printf("k=%.17g", pow(10.0, g_test_rand_double_range(0, 4)));
    sets[n++] = g_strdup_printf("mu_s=%.17g", mu);
    sets[n++] = g_strdup_printf("mu_k=%.17g", mu);
    sets[n++] = g_strdup_printf(
        "v_drive=%.17g", g_test_rand_int_range(0, 10) < 3 ? 0.0 : g_test_rand_double_range(-1, 1));
    sets[n++] = g_strdup_printf("x_drive0=%.17g", g_test_rand_double_range(-0.2, 0.2));
    sets[n++] = g_strdup_printf("F0=%.17g", g_test_rand_double_range(-0.2, 0.2) * mu * N);
    sets[n++] = g_strdup_printf("A=%.17g", g_test_rand_double_range(0, 0.5) * mu * N);
    sets[n++] = g_strdup_printf("omega=%.17g", pow(10.0, g_test_rand_double_range(-1, 1.5)));
    sets[n++] = g_strdup("c=0");
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(sc, (const char *const *)sets, n, &err);
    if (!m)
      g_error("run %d: %s", run, err);
    ss_run_opts opts = {.dt_out = 2e-4};
    ss_trace *tr = ss_run(m, &opts, &err);
    GString *all = g_string_new(NULL);
    for (int i = 0; i < n; i++)
      g_string_append_printf(all, " --set %s", sets[i]);
    if (!tr)
      g_error("run %d failed: %s (%s)", run, err, all->str);
    g_autofree char *label = g_strdup_printf("random run %d (%s)", run, all->str);
    assert_dissipation_rises(m, tr, 1e-9, label);
    assert_friction_opposes_motion(m, tr, "base", 1e-9, label);
    g_string_free(all, TRUE);
    for (int i = 0; i < n; i++)
      g_free(sets[i]);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/events/creep-ramp-stable", test_creep_ramp_stable);
  g_test_add_func("/events/creep-ramp-rung", test_creep_ramp_rung);
  g_test_add_func("/events/creep-level1-stable", test_creep_level1_stable);
  g_test_add_func("/events/speed-dip-one-mass", test_speed_dip_one_mass);
  g_test_add_func("/events/speed-dip-dupont", test_speed_dip_dupont);
  g_test_add_func("/events/speed-dip-random", test_speed_dip_random);
  return g_test_run();
}
