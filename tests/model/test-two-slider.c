/* test-two-slider.c - the two-slider closed chain ([Wojtyra2016], Examples
 * 1-5): the reaction family at rest against the paper's printed solutions
 * and a brute-force check, the redundancy treatments, every friction law
 * rigid and flexible against the reproduction table of docs/two-slider.md. */

#include "test-util.h"
#include "two-slider-mech.h"
#include "two-slider-reference.h"
#include "two-slider.h"

static const double A16 = 26.0; /* eq. (16): R31 = (24, -10) = 26 e */
static const double A17 = 39.0; /* eq. (17): R31 = (36, -15) = 39 e */

static double first_event(const ss_trace *tr, int contact, ss_event_kind kind)
{
  double t[8];
  return event_times(tr, contact, kind, t, 8) > 0 ? t[0] : -1.0;
}

static int count_events(const ss_trace *tr, ss_event_kind kind)
{
  int n = 0;
  for (size_t i = 0; i < tr->n_events; i++)
    n += tr->events[i].kind == kind;
  return n;
}

/* First time a 0/1 column becomes 1 (or 0 when want is 0) after t_from. */
static double first_time(const ss_trace *tr, int col, double want, double t_from)
{
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] >= t_from && ss_trace_at(tr, r, col) == want)
      return tr->t[r];
  return -1.0;
}

static void assert_vec(const double *v, double x, double y)
{
  g_assert_cmpfloat_with_epsilon(v[0], x, 1e-9);
  g_assert_cmpfloat_with_epsilon(v[1], y, 1e-9);
}

/* ---- Example 1 ------------------------------------------------------------ */

static void test_example1_family(void)
{
  ss_ts_statics st;
  char *err = NULL;
  g_assert_cmpint(ss_ts_statics_analyse(ss_scenario_find("two-slider"), NULL, -1.0, &st, &err), ==,
                  0);
  assert_vec(st.P, 48.0, -20.0);
  assert_vec(st.S1, -5.0, 0.0);
  assert_vec(st.S2, 0.0, -20.0);
  /* eq. (16): both stiction conditions fail (eq. 18) */
  ss_ts_member mb;
  ss_ts_member_at(&st, A16, &mb);
  assert_vec(mb.F1, 0.0, 10.0);
  assert_vec(mb.N1, -19.0, 0.0);
  assert_vec(mb.R31, 24.0, -10.0);
  assert_vec(mb.F2, -24.0, 0.0);
  assert_vec(mb.N2, 0.0, 30.0);
  assert_vec(mb.R32, 24.0, -10.0);
  g_assert_false(mb.stick1);
  g_assert_false(mb.stick2);
  g_assert_true(mb.coherent);
  /* eq. (17): both hold (eq. 19) */
  ss_ts_member_at(&st, A17, &mb);
  assert_vec(mb.F1, 0.0, 15.0);
  assert_vec(mb.N1, -31.0, 0.0);
  assert_vec(mb.R31, 36.0, -15.0);
  assert_vec(mb.F2, -12.0, 0.0);
  assert_vec(mb.N2, 0.0, 25.0);
  assert_vec(mb.R32, 12.0, -5.0);
  g_assert_true(mb.stick1);
  g_assert_true(mb.stick2);
  g_assert_true(mb.coherent);
  /* both kinds of solution exist (the point of Example 1) */
  g_assert_true(st.stick_exists);
  g_assert_true(st.slip_member_exists);
  g_assert_true(st.sliding_exists);
  g_assert_cmpfloat(st.sliding_accel, >, 0.0);
  /* velocity ratio v1 : v2 = -12 : 5 (Example 3) */
  g_assert_cmpfloat_with_epsilon(st.w[0] / st.w[1], -12.0 / 5.0, 1e-9);
  /* stick interval from the free-body equations: slider 2 holds while
   * (12/13) b <= mu_s (20 + (5/13) b), b = 52 - a, i.e. a >= 52 - 260/19 */
  g_assert_cmpfloat_with_epsilon(st.stick_coherent_lo, 52.0 - 260.0 / 19.0, 1e-9);
  g_assert_cmpfloat_with_epsilon(st.stick_coherent_hi, 52.0, 1e-9);
  free(err);
}

/* Every member is in equilibrium and the stick set agrees with a direct
 * evaluation of the stiction conditions, for random loads. */
static void test_example1_brute_force(void)
{
  const ss_scenario *sc = ss_scenario_find("two-slider");
  double *values = g_new(double, (gsize)sc->n_params);
  GRand *rng = g_rand_new_with_seed(6);
  for (int trial = 0; trial < 200; trial++) {
    ss_scenario_defaults(sc, values);
    char *err = NULL;
    char buf[64];
    g_snprintf(buf, sizeof buf, "S1_end=%.6f", g_rand_double_range(rng, -30.0, 30.0));
    g_assert_true(ss_param_set_assignment(sc, values, buf, &err));
    g_snprintf(buf, sizeof buf, "S2_end=%.6f", g_rand_double_range(rng, -80.0, 10.0));
    g_assert_true(ss_param_set_assignment(sc, values, buf, &err));
    g_snprintf(buf, sizeof buf, "P=%.6f", g_rand_double_range(rng, 1.0, 80.0));
    g_assert_true(ss_param_set_assignment(sc, values, buf, &err));
    ss_ts_statics st;
    g_assert_cmpint(ss_ts_statics_analyse(sc, values, -1.0, &st, &err), ==, 0);
    double p = hypot(st.P[0], st.P[1]);
    for (int k = 0; k < 400; k++) {
      double a = -2.0 * p + 5.0 * p * (k + 0.5) / 400.0;
      ss_ts_member mb;
      ss_ts_member_at(&st, a, &mb);
      /* free bodies: sliders F + N + R + S = 0; rod P - R31 - R32 = 0 */
      for (int c = 0; c < 2; c++) {
        g_assert_cmpfloat(fabs(mb.F1[c] + mb.N1[c] + mb.R31[c] + st.S1[c]), <, 1e-9 * (1 + p));
        g_assert_cmpfloat(fabs(mb.F2[c] + mb.N2[c] + mb.R32[c] + st.S2[c]), <, 1e-9 * (1 + p));
        g_assert_cmpfloat(fabs(st.P[c] - mb.R31[c] - mb.R32[c]), <, 1e-9 * (1 + p));
      }
      /* friction along the rails, normals across them */
      g_assert_cmpfloat(fabs(mb.F1[0]) + fabs(mb.N1[1]) + fabs(mb.F2[1]) + fabs(mb.N2[0]), <,
                        1e-9 * (1 + p));
      bool stick = hypot(mb.F1[0], mb.F1[1]) <= st.mu_s * hypot(mb.N1[0], mb.N1[1]) &&
                   hypot(mb.F2[0], mb.F2[1]) <= st.mu_s * hypot(mb.N2[0], mb.N2[1]);
      bool in = false, near = false;
      for (int i = 0; i < st.n_stick; i++) {
        in |= a >= st.stick_lo[i] && a <= st.stick_hi[i];
        near |= fabs(a - st.stick_lo[i]) < 1e-6 * p || fabs(a - st.stick_hi[i]) < 1e-6 * p;
      }
      if (!near)
        g_assert_true(stick == in);
    }
  }
  g_rand_free(rng);
  g_free(values);
}

/* ---- Example 2: Coulomb with constraint addition-deletion ---------------- */

static void test_treatments(void)
{
  ss_model *m = NULL;
  /* eliminate revolute 1: guide 2 alone carries P until its maximum at 0.80 s,
   * is released (eq. 20), guide 1 follows at 1.86 s and the mechanism slips */
  const char *e1[] = {"treatment=eliminate-revolute-1", NULL};
  ss_trace *tr = run_scenario("two-slider", e1, 0.0, 0.0, &m);
  double t_rel = first_time(tr, column(m, "slider2.released"), 1.0, 0.0);
  g_assert_cmpfloat(fabs(t_rel - 0.80), <, 0.011);
  g_assert_cmpfloat(first_time(tr, column(m, "slider1.released"), 1.0, 0.0), <, 0.0);
  g_assert_cmpfloat(fabs(first_event(tr, 0, SS_EVENT_SLIP) - 1.859), <, 0.005);
  g_assert_cmpfloat(fabs(first_event(tr, 1, SS_EVENT_SLIP) - 1.859), <, 0.005);
  /* before 0.80 s guide 1 carries no friction: alpha = 0, undetermined
   * while P is below a tenth of its final 52 N (ramp over 1 s) */
  int ca = column(m, "split.alpha"), cf1 = column(m, "slider1.F"), cv1 = column(m, "slider1.v");
  for (size_t r = 0; r < tr->n_rows && tr->t[r] < 0.79; r++) {
    g_assert_cmpfloat(fabs(ss_trace_at(tr, r, cf1)), <, 1e-9);
    if (tr->t[r] >= 0.1 - 1e-12)
      g_assert_cmpfloat(fabs(ss_trace_at(tr, r, ca)), <, 1e-9);
    else
      g_assert_true(isnan(ss_trace_at(tr, r, ca)));
  }
  /* stuck: velocities exactly zero */
  for (size_t r = 0; r < tr->n_rows && tr->t[r] < 1.85; r++)
    g_assert_cmpfloat(ss_trace_at(tr, r, cv1), ==, 0.0);
  ss_trace_free(tr);
  ss_model_free(m);

  /* eliminate revolute 2: guide 1 carries everything and never reaches its maximum */
  const char *e2[] = {"treatment=eliminate-revolute-2", NULL};
  tr = run_scenario("two-slider", e2, 0.0, 0.0, &m);
  g_assert_cmpint(count_events(tr, SS_EVENT_SLIP), ==, 0);
  g_assert_cmpfloat(first_time(tr, column(m, "slider1.released"), 1.0, 0.0), <, 0.0);
  ca = column(m, "split.alpha");
  int cr1 = column(m, "slider1.ratio"), cy1 = column(m, "y1");
  for (size_t r = 0; r < tr->n_rows; r++) {
    if (tr->t[r] >= 0.1 - 1e-12)
      g_assert_cmpfloat(fabs(ss_trace_at(tr, r, ca) - 1.0), <, 1e-9);
    g_assert_cmpfloat(ss_trace_at(tr, r, cr1), <=, 0.5);
    g_assert_cmpfloat(ss_trace_at(tr, r, cy1), ==, 0.25);
  }
  /* final loads: F1 = 20 N against mu_s N1 = 0.5 * 43 N */
  g_assert_cmpfloat_with_epsilon(ss_trace_at(tr, tr->n_rows - 1, cr1), 20.0 / 43.0, 1e-9);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* A released guide locks again when the treatment's own solution holds it:
 * |S2| growing to 100 N gives slider 2 mu_s N2 >= 48 N again once
 * 0.5 (|S2| + 20) >= 48, |S2| >= 76 N, at t = 1 + 2 (15.2 / 39.2) s. */
static void test_relock(void)
{
  ss_model *m = NULL;
  const char *sets[] = {"S2_end=-100", "S1_end=5", "t_S1_off=3", NULL};
  ss_trace *tr = run_scenario("two-slider", sets, 0.0, 0.0, &m);
  int cr = column(m, "slider2.released"), ca = column(m, "split.alpha");
  double t_rel = first_time(tr, cr, 1.0, 0.0), t_lock = first_time(tr, cr, 0.0, t_rel + 0.001);
  g_assert_cmpfloat(fabs(t_rel - 0.80), <, 0.011);
  g_assert_cmpfloat(fabs(t_lock - (1.0 + 2.0 * 15.2 / 39.2)), <, 0.011);
  g_assert_cmpint(count_events(tr, SS_EVENT_SLIP), ==, 0);
  /* continuous through the re-lock: slider 1's share has gone back to 0 */
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] >= t_lock)
      g_assert_cmpfloat(fabs(ss_trace_at(tr, r, ca)), <, 1e-9);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- release and lock events ------------------------------------------- */

/* Guide 2's stiction margin mu_s |N2| - |F2| at the loads of instant t,
 * under eliminate-revolute-1 (guide 1 takes no share of P: the family's
 * member a = 0), from the Example 1 family (not the engine's statics). */
static double margin2_alpha0(const double *values, double t)
{
  ss_ts_statics st;
  char *err = NULL;
  g_assert_cmpint(ss_ts_statics_analyse(ss_scenario_find("two-slider"), values, t, &st, &err), ==,
                  0);
  ss_ts_member mb;
  ss_ts_member_at(&st, 0.0, &mb);
  return st.mu_s * hypot(mb.N2[0], mb.N2[1]) - hypot(mb.F2[0], mb.F2[1]);
}

/* Where margin2_alpha0 changes sign in [a, b], by bisection. */
static double margin2_root(const double *values, double a, double b)
{
  double ga = margin2_alpha0(values, a);
  g_assert_true(ga * margin2_alpha0(values, b) < 0.0);
  for (int k = 0; k < 60; k++) {
    double c = 0.5 * (a + b), gc = margin2_alpha0(values, c);
    if ((gc < 0.0) == (ga < 0.0)) {
      a = c;
      ga = gc;
    } else {
      b = c;
    }
  }
  return 0.5 * (a + b);
}

static double *values_of(const char *const *sets)
{
  const ss_scenario *sc = ss_scenario_find("two-slider");
  double *values = g_new(double, (gsize)sc->n_params);
  ss_scenario_defaults(sc, values);
  for (int i = 0; sets && sets[i]; i++)
    g_assert_true(ss_param_set_assignment(sc, values, sets[i], NULL));
  return values;
}

/* Each guide's released column agrees with its events: 1 exactly while its
 * last stick, slip, reverse, release or lock event by then is a release. */
static void assert_released_follows_events(const ss_model *m, const ss_trace *tr)
{
  for (int i = 0; i < 2; i++) {
    char name[32];
    g_snprintf(name, sizeof name, "slider%d.released", i + 1);
    int c = column(m, name);
    size_t e = 0;
    bool released = false;
    for (size_t r = 0; r < tr->n_rows; r++) {
      for (; e < tr->n_events && tr->events[e].t <= tr->t[r]; e++)
        if (tr->events[e].source == i)
          released = tr->events[e].kind == SS_EVENT_RELEASE;
      g_assert_cmpfloat(ss_trace_at(tr, r, c), ==, released ? 1.0 : 0.0);
    }
  }
}

/* Example 2, eliminating revolute 1 (the default): guide 2 alone holds P
 * until mu_s (|S2| + 20 t) = 48 t, t = 30.4 / 38 = 0.8 s, and is released;
 * at the slip (1.859 s) guide 1 is released too, just before the two slip
 * events; when the mechanism comes to rest (4.32 s) guide 2 cannot hold
 * the final loads and is released at once, after the stick events. */
static void test_release_events(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-slider", NULL, 0.0, 0.0, &m);
  double *values = values_of(NULL);
  double t_rel = first_event(tr, 1, SS_EVENT_RELEASE);
  g_assert_cmpfloat(fabs(t_rel - 30.4 / 38.0), <, 1e-9);
  g_assert_cmpfloat(fabs(t_rel - margin2_root(values, 0.5, 1.0)), <, 1e-9);
  /* the reference table's instant (first row released) is the event's row */
  int n_ref = 0;
  const ss_ts_reference *ref = ss_two_slider_references(&n_ref);
  g_assert_cmpint(ref[0].measure, ==, SS_TS_RELEASED);
  g_assert_cmpfloat(ss_two_slider_reference_instant(&ref[0], m, tr), ==, t_rel);
  g_assert_cmpfloat(fabs(t_rel - ref[0].published), <=, ref[0].agreement);

  static const struct {
    int source;
    ss_event_kind kind;
  } want[] = {{1, SS_EVENT_RELEASE}, {0, SS_EVENT_RELEASE}, {0, SS_EVENT_SLIP},
              {1, SS_EVENT_SLIP},    {1, SS_EVENT_REVERSE}, {0, SS_EVENT_STICK},
              {1, SS_EVENT_STICK},   {1, SS_EVENT_RELEASE}};
  g_assert_cmpuint(tr->n_events, ==, G_N_ELEMENTS(want));
  for (size_t e = 0; e < tr->n_events; e++) {
    g_assert_cmpint(tr->events[e].source, ==, want[e].source);
    g_assert_cmpint(tr->events[e].kind, ==, want[e].kind);
  }
  double t_slip = tr->events[2].t;
  g_assert_cmpfloat(fabs(t_slip - 1.859), <, 0.005);
  g_assert_cmpfloat(tr->events[1].t, ==, t_slip);
  g_assert_cmpfloat(tr->events[3].t, ==, t_slip);
  g_assert_cmpfloat(tr->events[7].t, ==, tr->events[5].t);
  assert_released_follows_events(m, tr);
  ss_trace_free(tr);
  ss_model_free(m);
  g_free(values);

  /* the pseudoinverse: guide 1 first (the table's 1.969 s), guide 2 at the slip */
  const char *pi[] = {"treatment=pseudoinverse", NULL};
  tr = run_scenario("two-slider", pi, 0.0, 0.0, &m);
  g_assert_cmpint(ref[3].measure, ==, SS_TS_RELEASED);
  g_assert_cmpfloat(fabs(first_event(tr, 0, SS_EVENT_RELEASE) - ref[3].computed), <, 0.0005);
  g_assert_cmpfloat(ss_two_slider_reference_instant(&ref[3], m, tr), ==,
                    first_event(tr, 0, SS_EVENT_RELEASE));
  g_assert_cmpint(tr->events[1].source, ==, 1);
  g_assert_cmpint(tr->events[1].kind, ==, SS_EVENT_RELEASE);
  g_assert_cmpint(tr->events[2].kind, ==, SS_EVENT_SLIP);
  g_assert_cmpfloat(tr->events[1].t, ==, tr->events[2].t);
  assert_released_follows_events(m, tr);
  ss_trace_free(tr);
  ss_model_free(m);

  /* eliminating revolute 2 nothing is released; the flexible rod and the
   * smooth laws have no released state at all */
  const char *e2[] = {"treatment=eliminate-revolute-2", NULL};
  tr = run_scenario("two-slider", e2, 0.0, 0.0, &m);
  g_assert_cmpint(count_events(tr, SS_EVENT_RELEASE) + count_events(tr, SS_EVENT_LOCK), ==, 0);
  g_assert_true(ss_model_contact_can_release(m, 0) && ss_model_contact_can_release(m, 1));
  ss_trace_free(tr);
  ss_model_free(m);
  const char *others[][2] = {{"rod=flexible", NULL}, {"law=lugre", NULL}, {"law=tanh", NULL}};
  for (size_t k = 0; k < G_N_ELEMENTS(others); k++) {
    m = make_model("two-slider", others[k]);
    g_assert_false(ss_model_contact_can_release(m, 0) || ss_model_contact_can_release(m, 1));
    ss_model_free(m);
  }
}

/* A released guide locks again (test_relock's load history: |S2| grows to
 * 100 N over 1-3 s): the lock event where guide 2's full-lock margin comes
 * back through zero, 0.5 (|S2| + 20) = 48 N at t = 1 + 2 (15.2 / 39.2) s,
 * and found by bisection on the family's a = 0 member. */
static void test_lock_event(void)
{
  const char *sets[] = {"S2_end=-100", "S1_end=5", "t_S1_off=3", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-slider", sets, 0.0, 0.0, &m);
  double *values = values_of(sets);
  g_assert_cmpuint(tr->n_events, ==, 2);
  g_assert_cmpint(tr->events[0].source, ==, 1);
  g_assert_cmpint(tr->events[0].kind, ==, SS_EVENT_RELEASE);
  g_assert_cmpint(tr->events[1].source, ==, 1);
  g_assert_cmpint(tr->events[1].kind, ==, SS_EVENT_LOCK);
  g_assert_cmpfloat(fabs(tr->events[0].t - 0.8), <, 1e-9);
  double t_lock = tr->events[1].t;
  g_assert_cmpfloat(fabs(t_lock - (1.0 + 2.0 * 15.2 / 39.2)), <, 1e-9);
  g_assert_cmpfloat(fabs(t_lock - margin2_root(values, 1.0, 3.0)), <, 1e-9);
  assert_released_follows_events(m, tr);
  ss_trace_free(tr);
  ss_model_free(m);
  g_free(values);
}

static void test_pseudoinverse(void)
{
  ss_model *m = NULL;
  const char *pi[] = {"treatment=pseudoinverse", NULL};
  ss_trace *tr = run_scenario("two-slider", pi, 0.0, 0.0, &m);
  int ci = column(m, "stiction.incoherent");
  /* minimum norm over lambda and kappa jointly: incoherent directions early on */
  double t_coh = first_time(tr, ci, 0.0, 0.0);
  g_assert_cmpfloat(ss_trace_at(tr, 0, ci), ==, 1.0);
  g_assert_cmpfloat(fabs(t_coh - 0.19), <, 0.011);
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] > 0.2 && tr->t[r] < 2.0)
      g_assert_cmpfloat(ss_trace_at(tr, r, ci), ==, 0.0);
  /* guide 1 reaches its maximum first, the mechanism slips later */
  double t_rel = first_time(tr, column(m, "slider1.released"), 1.0, 0.0);
  g_assert_cmpfloat(fabs(t_rel - 1.969), <, 0.011);
  double t_slip = first_event(tr, 0, SS_EVENT_SLIP);
  g_assert_cmpfloat(fabs(t_slip - 2.583), <, 0.005);
  g_assert_cmpfloat(first_event(tr, 1, SS_EVENT_SLIP), ==, t_slip);
  /* while released, guide 1 holds exactly mu_s |N1| */
  int cr = column(m, "slider1.ratio");
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] > t_rel + 0.01 && tr->t[r] < t_slip - 0.01)
      g_assert_cmpfloat_with_epsilon(ss_trace_at(tr, r, cr), 0.5, 1e-9);
  /* S1 and S2 load the pins too, so the split of P grows without bound as
   * P -> 0 (10 at 1 % of P): it is left undetermined below a tenth of P,
   * and from there (1.45 at 0.1 s) it stays readable: alpha = 0.5 + k / |P| */
  int ca = column(m, "split.alpha");
  double alpha_max = 0.0;
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] < 0.1 - 1e-12)
      g_assert_true(isnan(ss_trace_at(tr, r, ca)));
    else if (tr->t[r] < 1.0)
      alpha_max = fmax(alpha_max, ss_trace_at(tr, r, ca));
  g_assert_cmpfloat(fabs(alpha_max - 1.45), <, 0.01);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- Examples 3-4: smooth laws on the rigid mechanism -------------------- */

static double max_abs_before(const ss_trace *tr, int col, double t_stop)
{
  double v = 0.0;
  for (size_t r = 0; r < tr->n_rows && (t_stop < 0 || tr->t[r] < t_stop); r++)
    v = fmax(v, fabs(ss_trace_at(tr, r, col)));
  return v;
}

typedef struct law_case {
  const char *sets[4]; /* assignments */
  double slip;         /* slip time of guide 1 in the table, s (< 0: never) */
  double tol;          /* tolerance, s */
} law_case;

static void check_case(const law_case *lc)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-slider", lc->sets, 0.0, 0.0, &m);
  double t = first_event(tr, 0, SS_EVENT_SLIP);
  if (lc->slip < 0) {
    g_assert_cmpint(count_events(tr, SS_EVENT_SLIP), ==, 0);
  } else {
    g_assert_cmpfloat(fabs(t - lc->slip), <, lc->tol);
  }
  /* stiction velocities stay below each guide's threshold until the slip */
  const double *vals = ss_model_values(m);
  const ss_scenario *sc = ss_model_scenario(m);
  for (int i = 0; i < 2; i++) {
    char name[32];
    g_snprintf(name, sizeof name, "slider%d.v", i + 1);
    double vmax = max_abs_before(tr, column(m, name), first_event(tr, i, SS_EVENT_SLIP));
    if (ss_model_is_hybrid(m)) {
      g_assert_cmpfloat(vmax, ==, 0.0); /* exact law: held by its mode */
    } else {
      bool regularised = vals[ss_scenario_param_index(sc, "law")] == 1.0;
      g_snprintf(name, sizeof name, "gamma_%d", i + 1);
      double limit = vals[ss_scenario_param_index(sc, regularised ? name : "v_stick")];
      g_assert_cmpfloat(vmax, <, limit);
    }
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_smooth_rigid(void)
{
  static const law_case cases[] = {
      {{"law=regularised", NULL}, -1.0, 0.0},                   /* Example 3: no gross motion */
      {{"law=regularised", "gamma_1=2e-5", NULL}, 1.947, 0.01}, /* paper ~1.96 s */
      {{"law=lugre", NULL}, 1.918, 0.01}, /* Example 4: v1 above v_stick (friction max 1.943) */
      {{"law=lugre", "sigma0_1=2e5", NULL}, -1.0, 0.0}, /* no motion */
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
    check_case(&cases[i]);
  /* Example 3: drift velocities close to the paper's -9.41e-6 and 3.92e-6 m/s */
  ss_model *m = NULL;
  const char *reg[] = {"law=regularised", NULL};
  ss_trace *tr = run_scenario("two-slider", reg, 0.0, 0.0, &m);
  double v1 = max_abs_before(tr, column(m, "slider1.v"), -1.0);
  double v2 = max_abs_before(tr, column(m, "slider2.v"), -1.0);
  g_assert_cmpfloat(fabs(v1 - 9.41e-6), <, 0.03 * 9.41e-6);
  g_assert_cmpfloat(fabs(v2 - 3.92e-6), <, 0.03 * 3.92e-6);
  g_assert_cmpfloat_with_epsilon(v1 / v2, 12.0 / 5.0, 1e-3);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* tanh ([WojtyraFraczek] eq. 2) tops out at mu_k: it cannot hold the default loads */
static void test_tanh(void)
{
  law_case lc = {{"law=tanh", NULL}, 0.663, 0.01};
  check_case(&lc);
}

/* ---- Example 5: flexible rod ---------------------------------------------- */

static const char *const flexible_laws[][4] = {
    {"rod=flexible", NULL},
    {"rod=flexible", "law=regularised", NULL},
    {"rod=flexible", "law=regularised", "gamma_1=2e-5", NULL},
    {"rod=flexible", "law=lugre", NULL},
    {"rod=flexible", "law=lugre", "sigma0_1=2e5", NULL},
};

static void flexible_series(const char *k1, bool slips)
{
  enum { NL = G_N_ELEMENTS(flexible_laws) };
  double slip[NL], F[NL][2][2];
  for (int l = 0; l < NL; l++)
    F[l][0][0] = F[l][0][1] = F[l][1][0] = F[l][1][1] = NAN;
  const double probe[2] = {1.0, 1.8};
  for (int l = 0; l < NL; l++) {
    const char *sets[5];
    int n = 0;
    for (; flexible_laws[l][n]; n++)
      sets[n] = flexible_laws[l][n];
    sets[n++] = k1;
    sets[n] = NULL;
    ss_model *m = NULL;
    ss_trace *tr = run_scenario("two-slider", sets, 0.0, 0.0, &m);
    slip[l] = first_event(tr, 0, SS_EVENT_SLIP);
    if (!slips)
      g_assert_cmpint(count_events(tr, SS_EVENT_SLIP), ==, 0);
    for (int p = 0; p < 2; p++)
      for (size_t r = 0; r < tr->n_rows; r++)
        if (fabs(tr->t[r] - probe[p]) < 1e-9) {
          F[l][p][0] = ss_trace_at(tr, r, column(m, "slider1.F"));
          F[l][p][1] = ss_trace_at(tr, r, column(m, "slider2.F"));
        }
    ss_trace_free(tr);
    ss_model_free(m);
  }
  for (int l = 0; l < NL; l++) {
    g_test_message("%s law %d: slip %.4f s, F(1.0 s) = %.4f, %.4f N, F(1.8 s) = %.4f, %.4f N", k1,
                   l, slip[l], F[l][0][0], F[l][0][1], F[l][1][0], F[l][1][1]);
    if (slips) {
      g_assert_cmpfloat(slip[l], >, 1.85);
      g_assert_cmpfloat(slip[l], <, 2.0);
      g_assert_cmpfloat(fabs(slip[l] - slip[0]), <, 0.05);
    }
    /* friction forces agree within a few percent (of the larger one) */
    for (int p = 0; p < 2; p++) {
      double scale = fmax(fabs(F[0][p][0]), fabs(F[0][p][1]));
      for (int i = 0; i < 2; i++)
        g_assert_cmpfloat(fabs(F[l][p][i] - F[0][p][i]), <, 0.03 * scale);
    }
  }
}

static void test_flexible_equal(void) { flexible_series("k1=1e5", true); }
static void test_flexible_triple(void) { flexible_series("k1=3e5", false); }

/* The flexible rod's split follows the stiffnesses: a = |P| k1 / (k1 + k2). */
static void test_flexible_split(void)
{
  const double k1s[2] = {1e5, 3e5}, alpha[2] = {0.5, 0.75};
  for (int i = 0; i < 2; i++) {
    char set[32];
    g_snprintf(set, sizeof set, "k1=%g", k1s[i]);
    const char *sets[] = {"rod=flexible", set, NULL};
    ss_model *m = NULL;
    ss_trace *tr = run_scenario("two-slider", sets, 1.5, 0.0, &m);
    size_t r = tr->n_rows - 1;
    g_assert_cmpfloat(fabs(ss_trace_at(tr, r, column(m, "split.alpha")) - alpha[i]), <, 1e-6);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- kinematics ------------------------------------------------------------ */

/* The closed-form configuration q(u) satisfies the planar core's constraints
 * and its D = dq/du spans their null space (C D = 0, D = 1 on u itself);
 * the one-pass kinematics equal the planar core's functions exactly. */
static void test_kinematics(void)
{
  const ss_scenario *sc = ss_scenario_find("two-slider");
  double *vals = g_new(double, (gsize)sc->n_params);
  ss_scenario_defaults(sc, vals);
  for (int rod = 0; rod < 2; rod++) {
    vals[ss_scenario_param_index(sc, "rod")] = rod;
    ts_mech tm;
    char *err = NULL;
    g_assert_cmpint(ts_mech_setup(&tm, sc, vals, &err), ==, 0);
    const ss_planar_system *sys = &tm.sys;
    int n = sys->n, m = sys->m, f = tm.f;
    g_assert_cmpint(n - m, ==, f);
    GRand *rng = g_rand_new_with_seed(7);
    for (int trial = 0; trial < 50; trial++) {
      double u[3], q[SS_PLANAR_MAX_N], D[SS_PLANAR_MAX_N * 3], phi[SS_PLANAR_MAX_M];
      double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N];
      for (int j = 0; j < f; j++) /* through the horizontal rod and beyond */
        u[j] = tm.x0[tm.iu[j]] + g_rand_double_range(rng, -0.5, 0.5) * (rod ? 0.3 : 1.0);
      ts_configuration(&tm, u, q, D);
      ss_planar_constraints(sys, q, phi);
      for (int r = 0; r < m; r++)
        g_assert_cmpfloat(fabs(phi[r]), <, 1e-14);
      ss_planar_jacobian(sys, q, C);
      for (int j = 0; j < f; j++) {
        for (int r = 0; r < m; r++) {
          double s = 0.0;
          for (int k = 0; k < n; k++)
            s += C[r * n + k] * D[k * f + j];
          g_assert_cmpfloat(fabs(s), <, 1e-13);
        }
        for (int i = 0; i < f; i++)
          g_assert_cmpfloat(D[tm.iu[i] * f + j], ==, i == j ? 1.0 : 0.0);
        g_assert_cmpfloat(q[tm.iu[j]], ==, u[j]);
      }
      double qd[SS_PLANAR_MAX_N];
      for (int k = 0; k < n; k++)
        qd[k] = g_rand_double_range(rng, -1.0, 1.0);
      ss_fj_kinematics kin;
      double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N], xi[SS_PLANAR_MAX_M];
      double sl[SS_PLANAR_MAX_JOINTS];
      ss_fj_kinematics_at(sys, q, qd, &kin);
      ss_planar_slide_jacobian(sys, q, Cmu);
      ss_planar_gamma(sys, q, qd, xi);
      ss_planar_slide(sys, q, sl);
      g_assert_cmpmem(kin.C, sizeof(double) * (gsize)(m * n), C, sizeof(double) * (gsize)(m * n));
      g_assert_cmpmem(kin.Cmu, sizeof(double) * (gsize)(sys->nj * n), Cmu,
                      sizeof(double) * (gsize)(sys->nj * n));
      g_assert_cmpmem(kin.xi, sizeof(double) * (gsize)m, xi, sizeof(double) * (gsize)m);
      g_assert_cmpmem(kin.s, sizeof(double) * (gsize)sys->nj, sl, sizeof(double) * (gsize)sys->nj);
    }
    g_rand_free(rng);
  }
  /* the initial configuration exactly (a stuck slider stays where it is) */
  ts_mech tm;
  char *err = NULL;
  vals[ss_scenario_param_index(sc, "rod")] = 0;
  g_assert_cmpint(ts_mech_setup(&tm, sc, vals, &err), ==, 0);
  double u0 = tm.x0[tm.iu[0]], q[SS_PLANAR_MAX_N], D[SS_PLANAR_MAX_N];
  ts_configuration(&tm, &u0, q, D);
  g_assert_cmpmem(q, sizeof(double) * (gsize)tm.sys.n, tm.x0, sizeof(double) * (gsize)tm.sys.n);
  g_free(vals);
}

/* Singleton elimination + LU: random sparse systems with a known solution,
 * and a structurally singular one. */
static void test_square_solve(void)
{
  GRand *rng = g_rand_new_with_seed(11);
  for (int trial = 0; trial < 200; trial++) {
    int n = g_rand_int_range(rng, 1, 13), k = 2;
    double A[144], X[24], B[24], Y[24];
    for (int i = 0; i < n * n; i++)
      A[i] = g_rand_double(rng) < 0.4 ? g_rand_double_range(rng, -1.0, 1.0) : 0.0;
    for (int i = 0; i < n; i++) /* diagonally dominant: regular whatever the pattern */
      A[i * n + i] = 3.0 + g_rand_double(rng);
    for (int i = 0; i < n * k; i++)
      X[i] = g_rand_double_range(rng, -2.0, 2.0);
    for (int i = 0; i < n; i++)
      for (int q = 0; q < k; q++) {
        double s = 0.0;
        for (int j = 0; j < n; j++)
          s += A[i * n + j] * X[j * k + q];
        B[i * k + q] = s;
      }
    g_assert_cmpint(ss_fj_square_solve(A, n, B, k, Y, 1e-12), ==, 0);
    for (int i = 0; i < n * k; i++)
      g_assert_cmpfloat(fabs(Y[i] - X[i]), <, 1e-12);
  }
  g_rand_free(rng);
  const double S[9] = {1, 2, 0, 0, 0, 0, 3, 1, 1}; /* a zero row */
  const double b[3] = {1, 1, 1};
  double y[3];
  g_assert_cmpint(ss_fj_square_solve(S, 3, b, 1, y, 1e-12), ==, -1);
  const double R[4] = {1, 2, 2, 4}; /* rank 1 */
  g_assert_cmpint(ss_fj_square_solve(R, 2, b, 1, y, 1e-12), ==, -1);
}

/* Rows of the rigid exact law at rest keep what depends on the
 * configuration alone in observe's scratch for the next row: every row
 * equals, bit for bit, one computed without it, whatever rows came before
 * (configurations met again after others, guides released and locked
 * again, each treatment, instants in any order). */
static void test_rest_rows(void)
{
  static const char *const treatments[] = {"treatment=eliminate-revolute-1",
                                           "treatment=eliminate-revolute-2",
                                           "treatment=pseudoinverse"};
  /* released flags of guides 1, 2 and the signs of their normal forces */
  static const double flags[][4] = {
      {0, 0, 0, 0}, {1, 0, 1, 0}, {0, -1, 0, -1}, {-1, 0, 1, 0}, {1, -1, -1, 1}};
  GRand *rng = g_rand_new_with_seed(23);
  for (size_t k = 0; k < G_N_ELEMENTS(treatments); k++) {
    const char *const sets[] = {treatments[k], NULL};
    ss_model *m = make_model("two-slider", sets);
    g_assert_cmpint(m->nx, ==, 8); /* rod angle, its rate, 4 flags, work, dissipation */
    g_assert_cmpuint(m->observe_scratch, >, 0);
    void *scratch = g_malloc0(m->observe_scratch);
    int nc = m->n_columns, modes[2] = {SS_MODE_STICK, SS_MODE_STICK};
    double *kept = g_new(double, nc), *fresh = g_new(double, nc), x0[8], angle[3];
    m->ops->initial(m, x0);
    angle[0] = x0[0];
    angle[1] = x0[0] + 0.1;
    angle[2] = x0[0] - 0.2;
    int defined = 0;
    for (int trial = 0; trial < 400; trial++) {
      double x[8];
      memcpy(x, x0, sizeof x);
      x[0] = angle[g_rand_int_range(rng, 0, 3)];
      memcpy(x + 2, flags[g_rand_int_range(rng, 0, G_N_ELEMENTS(flags))], 4 * sizeof(double));
      x[6] = g_rand_double_range(rng, -1.0, 1.0);
      x[7] = g_rand_double_range(rng, 0.0, 1.0);
      double t = g_rand_double_range(rng, 0.0, 5.0);
      m->ops->observe(m, scratch, t, x, modes, kept);
      m->ops->observe(m, NULL, t, x, modes, fresh);
      g_assert_cmpmem(kept, sizeof(double) * (gsize)nc, fresh, sizeof(double) * (gsize)nc);
      for (int c = 0; c < nc; c++)
        defined += !isnan(fresh[c]);
    }
    g_assert_cmpint(defined, >, 400 * nc / 2); /* mostly real values, not NaN alike */
    g_free(kept);
    g_free(fresh);
    g_free(scratch);
    ss_model_free(m);
  }
  g_rand_free(rng);
}

/* ---- constraints, load kinks, bad input, CLI ------------------------------ */

/* The integrator stops at every kink of the load ramps (t_P = t_S2_on =
 * 1 s, t_S1_on = 1.25 s, t_S1_off = 1.987 s, t_S2_off = 3 s) and restarts
 * there: a smooth law has no events, so those are its only restarts. */
static void test_load_kinks(void)
{
  const char *const sets[] = {"law=regularised", NULL};
  ss_trace *tr = run_scenario("two-slider", sets, 5.0, 0.01, NULL);
  g_assert_cmpint(tr->stats.events, ==, 0);
  g_assert_cmpint(tr->stats.restarts, ==, 4);
  ss_trace_free(tr);
  tr = run_scenario("two-slider", sets, 2.5, 0.01, NULL); /* 3 s lies beyond the end */
  g_assert_cmpint(tr->stats.restarts, ==, 3);
  ss_trace_free(tr);
}

/* The closed-form kinematics keeps every constraint to rounding. */
static void test_constraints(void)
{
  static const char *const runs[][4] = {
      {"treatment=eliminate-revolute-1", NULL},
      {"law=lugre", NULL},
      {"rod=flexible", NULL},
      {"rod=flexible", "law=regularised", NULL},
  };
  for (size_t k = 0; k < G_N_ELEMENTS(runs); k++) {
    ss_model *m = NULL;
    ss_trace *tr = run_scenario("two-slider", (const char *const *)runs[k], 0.0, 0.0, &m);
    int ce = column(m, "constraint.error");
    double err = 0.0;
    for (size_t r = 0; r < tr->n_rows; r++)
      err = fmax(err, ss_trace_at(tr, r, ce));
    g_test_message("run %zu: constraint error %.3g", k, err);
    g_assert_cmpfloat(err, <, 1e-8);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* The cross-parameter checks (ranges: test-contract). */
static void test_bad_input(void)
{
  const ss_scenario *sc = ss_scenario_find("two-slider");
  char *err = NULL;
  const char *a[] = {"t_S1_on=2", "t_S1_off=1.5"};
  g_assert_null(ss_model_new_from_assignments(sc, a, 2, &err));
  g_assert_nonnull(strstr(err, "t_S1_off"));
  free(err);
  err = NULL;
  const char *b[] = {"mu_k=0.6"};
  g_assert_null(ss_model_new_from_assignments(sc, b, 1, &err));
  g_assert_nonnull(strstr(err, "mu_k"));
  free(err);
}

/* stickslip-cli statics A1..A4 (NULL ends them early): its standard output. */
static char *run_cli(int *status, const char *a1, const char *a2, const char *a3, const char *a4)
{
  cli_result r = cli_run(NULL, "statics", a1, a2, a3, a4, NULL);
  *status = r.status;
  g_free(r.err);
  return r.out;
}

static void test_cli_statics(void)
{
  const char *cli = g_getenv("STICKSLIP_CLI");
  if (!cli || !g_file_test(cli, G_FILE_TEST_IS_EXECUTABLE)) {
    g_test_skip("STICKSLIP_CLI not built");
    return;
  }
  int status = -1;
  char *out = run_cli(&status, "two-slider", NULL, NULL, NULL);
  g_assert_cmpint(status, ==, 0);
  g_assert_nonnull(strstr(out, "sticking_solution\tyes\n"));
  g_assert_nonnull(strstr(out, "sliding_solution\tyes"));
  g_assert_nonnull(strstr(out, "\ta=26\talpha=0.5\tF1=(0,10)\tN1=(-19,0)\tR31=(24,-10)\t"
                               "F2=(-24,0)\tN2=(0,30)\tR32=(24,-10)\tstick1=0\tstick2=0"));
  g_assert_nonnull(strstr(out, "\ta=39\talpha=0.75\tF1=(0,15)\tN1=(-31,0)\tR31=(36,-15)\t"
                               "F2=(-12,0)\tN2=(0,25)\tR32=(12,-5)\tstick1=1\tstick2=1"));
  /* parse the coherent stick interval */
  const char *line = strstr(out, "stick_coherent\t");
  g_assert_nonnull(line);
  double lo = g_ascii_strtod(line + strlen("stick_coherent\t"), NULL);
  g_assert_cmpfloat(fabs(lo - (52.0 - 260.0 / 19.0)), <, 1e-4);
  g_free(out);
  /* before the ramp ends: P = (24, -10) at t = 0.5 s */
  out = run_cli(&status, "two-slider", "--t", "0.5", NULL);
  g_assert_cmpint(status, ==, 0);
  g_assert_nonnull(strstr(out, "P=(24,-10)"));
  g_free(out);
  out = run_cli(&status, "two-slider", "--set", "mu_s=-1", NULL);
  g_assert_cmpint(status, ==, 2);
  g_free(out);
  out = run_cli(&status, "two-slider", "--t", "abc", NULL);
  g_assert_cmpint(status, ==, 2);
  g_free(out);
  out = run_cli(&status, "one-mass", NULL, NULL, NULL);
  g_assert_cmpint(status, ==, 2);
  g_free(out);
}

/* No stuck row of either guide with |F| > mu_s N (mu_s = 0.5). */
static void assert_stiction_held(const ss_model *m, const ss_trace *tr)
{
  assert_stuck_within(m, tr, "slider1", 0.5, 1e-6, 1e-9, false);
  assert_stuck_within(m, tr, "slider2", 0.5, 1e-6, 1e-9, false);
}

/* P = -520 N: guide 2 is released at once and slider 1's normal force
 * (decreasing at 480 N/s, friction at -200 N/s) passes through zero at
 * 0.0606 s inside one 0.05 s stuck step.  The margin dips below zero over
 * 0.0569-0.103 s only: it used to be stepped over, the run stayed stuck at
 * up to 10 mu_s N.  Slip where 0.5 N1 = |F1|: 0.05688 s. */
static void test_normal_force_zero_while_stuck(void)
{
  const char *sets[] = {"P=-520", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-slider", sets, 0.3, 0.01, &m);
  assert_stiction_held(m, tr);
  double t = first_event(tr, 0, SS_EVENT_SLIP);
  g_assert_cmpfloat(fabs(t - 0.05688), <, 1e-4);
  ss_trace_free(tr);
  ss_model_free(m);
  /* the other treatments and the flexible rod step over the same kind of dip */
  const char *const variants[][3] = {
      {"P=-520", "treatment=eliminate-revolute-2", NULL},
      {"S2_end=1e4", "treatment=pseudoinverse", NULL},
      {"t_P=1000", "treatment=eliminate-revolute-2", NULL},
      {"t_P=1000", "rod=flexible", NULL},
      {"S2_start=-1e4", NULL, NULL},
  };
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    tr = run_scenario("two-slider", variants[v], 3.5, 0.01, &m);
    assert_stiction_held(m, tr);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* S2_start = 0: slider 2 has no normal force and no friction demand at
 * t = 0, its margin starts at exactly 0 and falls as P rises.  CVODE
 * ignores a root function that starts at 0: the guide was never released
 * and held P at 4.8 mu_s N for the whole run.  Now it is released at once. */
static void test_zero_margin_at_start(void)
{
  const char *sets[] = {"S2_start=0", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-slider", sets, 1.0, 0.01, &m);
  assert_stiction_held(m, tr);
  int irel = column(m, "slider2.released");
  double t = first_time(tr, irel, 1.0, 0.0);
  g_assert_cmpfloat(t, >, 0.0);
  g_assert_cmpfloat(t, <, 1e-6);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- the reproduction table ------------------------------------------------ */

static const char *const measure_names[] = {
    [SS_TS_SLIP] = "first slip event",
    [SS_TS_RELEASED] = "guide released (static maximum)",
    [SS_TS_COHERENT] = "coherent directions from",
    [SS_TS_RATIO_MAX] = "largest \\|F\\|/N",
    [SS_TS_KINETIC] = "both \\|F\\|/N within 1 % of mu_k",
};

/* Every instant of the table (model/mechanisms/two-slider-reference.c),
 * measured afresh, is the one printed to its 3 decimals (the output grid
 * of 1e-4 s aside), and agrees with the paper as claimed.  --verbose (or
 * tools/two-slider-table.sh) prints the table for docs/two-slider.md. */
static void test_reference_table(void)
{
  int n = 0;
  const ss_ts_reference *ref = ss_two_slider_references(&n);
  double *t = g_new(double, (gsize)n);
  char *err = NULL;
  g_assert_cmpint(ss_two_slider_reference_measure(t, &err), ==, 0);
  if (g_test_verbose())
    printf("| Ex. | setting | published | at | ours | measured as | agreement |\n"
           "|---|---|---|---|---|---|---|\n");
  for (int i = 0; i < n && g_test_verbose(); i++) { /* (g_print would recode to the locale) */
    const ss_ts_reference *r = &ref[i];
    {
      char guide[16] = "", pub[32] = "—", ours[32] = "never", agree[48] = "—";
      if (r->guide > 0)
        g_snprintf(guide, sizeof guide, ", guide %d", r->guide);
      if (isfinite(r->published))
        g_snprintf(pub, sizeof pub, "≈ %.2f", r->published);
      if (isfinite(t[i]))
        g_snprintf(ours, sizeof ours, "%.3f", t[i]);
      double d = round(1e3 * (t[i] - r->published)) / 1e3 + 0.0; /* (no -0.000) */
      if (isfinite(r->published) && isfinite(t[i]) && isfinite(r->agreement))
        g_snprintf(agree, sizeof agree, "within %g s (%+.3f)", r->agreement, d);
      else if (isfinite(r->published) && isfinite(t[i]))
        g_snprintf(agree, sizeof agree, "✗ (%+.3f)", d);
      printf("| %d | %s | %s | %s | %s | %s%s | %s |\n", r->example, r->setting, r->statement, pub,
             ours, measure_names[r->measure], guide, agree);
    }
  }
  for (int i = 0; i < n; i++) {
    const ss_ts_reference *r = &ref[i];
    if (isnan(r->computed)) {
      g_assert_true(isnan(t[i]));
      continue;
    }
    g_assert_cmpfloat(fabs(t[i] - r->computed), <=, 5e-4 + 1e-4);
    if (isfinite(r->published) && isfinite(r->agreement))
      g_assert_cmpfloat(fabs(r->computed - r->published), <=, r->agreement);
  }
  g_free(t);
}

/* A mechanism's observe_column gives the columns it serves bit for bit as
 * observe() does, at states around each variant's start (every scenario's
 * default, and every rod, law and treatment of the two-slider), and the
 * two-slider serves its first velocity column (the amplitude's, which the
 * extremes tracking locates with it). */
static void check_observe_column(const char *name, const char *const *sets, GRand *rng, int *served)
{
  ss_model *m = make_model(name, sets);
  if (!m->ops->observe_column) {
    ss_model_free(m);
    return;
  }
  int nc = m->n_columns, nx = m->nx, nk = m->n_contacts;
  double *x0 = g_new(double, nx), *x = g_new(double, nx), *row = g_new(double, nc);
  int *modes = g_new(int, nk + 1);
  void *scratch = m->observe_scratch ? g_malloc0(m->observe_scratch) : NULL;
  m->ops->initial(m, x0);
  static const int pick[] = {SS_MODE_STICK, 1, -1};
  for (int trial = 0; trial < 200; trial++) {
    for (int i = 0; i < nx; i++)
      x[i] = x0[i] + (trial == 0 ? 0.0 : g_rand_double_range(rng, -0.05, 0.05));
    int mode = pick[g_rand_int_range(rng, 0, 3)];
    for (int i = 0; i < nk; i++)
      modes[i] = m->hybrid ? mode : 1;
    double t = g_rand_double_range(rng, 0.0, 5.0);
    m->ops->observe(m, scratch, t, x, modes, row);
    for (int c = 0; c < nc; c++) {
      double v = -12345.0;
      if (!m->ops->observe_column(m, t, x, modes, c, &v))
        continue;
      if (memcmp(&v, &row[c], sizeof v) != 0)
        g_error("%s: column %s at trial %d: %.17g, the row has %.17g", name, m->columns[c].name,
                trial, v, row[c]);
      if (m->columns[c].kind == SS_COL_VELOCITY)
        (*served)++;
    }
  }
  g_free(scratch);
  g_free(modes);
  g_free(row);
  g_free(x);
  g_free(x0);
  ss_model_free(m);
}

static void test_observe_column(void)
{
  GRand *rng = g_rand_new_with_seed(7);
  int served = 0;
  for (int i = 0; i < ss_scenario_count(); i++)
    check_observe_column(ss_scenario_get(i)->name, NULL, rng, &served);
  g_assert_cmpint(served, >, 0);
  static const char *const rods[] = {"rod=rigid", "rod=flexible"};
  static const char *const laws[] = {"law=exact", "law=regularised", "law=tanh", "law=lugre"};
  static const char *const treatments[] = {"treatment=eliminate-revolute-1",
                                           "treatment=eliminate-revolute-2",
                                           "treatment=pseudoinverse"};
  served = 0;
  for (size_t r = 0; r < G_N_ELEMENTS(rods); r++)
    for (size_t l = 0; l < G_N_ELEMENTS(laws); l++)
      for (size_t k = 0; k < G_N_ELEMENTS(treatments); k++) {
        const char *const sets[] = {rods[r], laws[l], treatments[k], NULL};
        check_observe_column("two-slider", sets, rng, &served);
      }
  /* three velocity columns served in each of 200 trials of 24 variants */
  g_assert_cmpint(served, ==, 3 * 200 * 24);
  g_rand_free(rng);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/two-slider/example1-family", test_example1_family);
  g_test_add_func("/two-slider/example1-brute-force", test_example1_brute_force);
  g_test_add_func("/two-slider/treatments", test_treatments);
  g_test_add_func("/two-slider/relock", test_relock);
  g_test_add_func("/two-slider/release-events", test_release_events);
  g_test_add_func("/two-slider/lock-event", test_lock_event);
  g_test_add_func("/two-slider/pseudoinverse", test_pseudoinverse);
  g_test_add_func("/two-slider/smooth-rigid", test_smooth_rigid);
  g_test_add_func("/two-slider/tanh", test_tanh);
  g_test_add_func("/two-slider/flexible-equal", test_flexible_equal);
  g_test_add_func("/two-slider/flexible-triple", test_flexible_triple);
  g_test_add_func("/two-slider/flexible-split", test_flexible_split);
  g_test_add_func("/two-slider/kinematics", test_kinematics);
  g_test_add_func("/two-slider/square-solve", test_square_solve);
  g_test_add_func("/two-slider/rest-rows", test_rest_rows);
  g_test_add_func("/two-slider/load-kinks", test_load_kinks);
  g_test_add_func("/two-slider/constraints", test_constraints);
  g_test_add_func("/two-slider/bad-input", test_bad_input);
  g_test_add_func("/two-slider/cli-statics", test_cli_statics);
  g_test_add_func("/two-slider/normal-force-zero-while-stuck", test_normal_force_zero_while_stuck);
  g_test_add_func("/two-slider/zero-margin-at-start", test_zero_margin_at_start);
  g_test_add_func("/two-slider/reference-table", test_reference_table);
  g_test_add_func("/two-slider/observe-column", test_observe_column);
  return g_test_run();
}
