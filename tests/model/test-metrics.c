/* test-metrics.c - run metrics (metrics.h): the one-mass limit cycle's period,
 * amplitude and stick phases against its closed form, dupont's stick phases
 * against the published intervals, dissipated energy against the energy
 * balance, empty values for motion that is not periodic. */
#include "test-util.h"

#include "metrics.h"

/* Closed form of the spring-driven cycle (exact law, no viscosity; the
 * derivation is test-one-mass.c's): M z'' = k (v_d t - z) - FK while
 * sliding.  With u = stretch - FK/k the slip is u = u0 cos wt + (v_d/w) sin wt,
 * u0 = (FS - FK)/k, so the block's velocity v = v_d (1 - cos wt) + u0 w sin wt
 * peaks at v_d + sqrt(v_d^2 + (u0 w)^2); it is 0 while stuck. */
typedef struct cycle {
  double first_slip; /* s */
  double slip_time;  /* s */
  double stick_time; /* s, one stick phase of the cycle */
  double period;     /* s */
  double amplitude;  /* half the peak-to-peak of v, m/s */
} cycle;

static cycle one_mass_cycle(double M, double k, double v_d, double FS, double FK)
{
  double w = sqrt(k / M), u0 = (FS - FK) / k;
  cycle c;
  c.first_slip = FS / (k * v_d);
  c.slip_time = (M_PI + 2 * atan2(v_d / w, u0)) / w;
  c.stick_time = 2 * (FS - FK) / (k * v_d);
  c.period = c.slip_time + c.stick_time;
  c.amplitude = 0.5 * (v_d + sqrt(v_d * v_d + u0 * w * u0 * w));
  return c;
}

static void rel_close(double got, double want, double tol, const char *what)
{
  double rel = fabs(got - want) / fabs(want);
  if (!(rel <= tol))
    g_error("%s: got %.12g, expected %.12g (relative error %.3g > %.1g)", what, got, want, rel,
            tol);
}

static void check_limit_cycle(const char *const *sets, double M, double k, double v_d, double mu_s,
                              double mu_k, double t_end)
{
  ss_model *m = NULL;
  ss_run_opts opts = {.t_end = t_end, .dt_out = 1e-3, .rtol = 1e-10, .atol = 1e-12};
  ss_trace *tr = run_scenario_opts("one-mass", sets, &opts, &m);
  double g = 9.81;
  cycle c = one_mass_cycle(M, k, v_d, mu_s * M * g, mu_k * M * g);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  g_assert_nonnull(mt);
  rel_close(mt->period, c.period, 1e-6, "period");
  g_assert_cmpint(mt->events_per_cycle, ==, 2); /* slip, stick */
  g_assert_cmpint(mt->amplitude_column, ==, column(m, "v"));
  rel_close(mt->amplitude, c.amplitude, 1e-6, "amplitude of v");

  /* stick phases: [0, first slip], then one per cycle, the last cut at t_end */
  const ss_contact_metrics *cm = &mt->contacts[0];
  int phases = 1;
  double stick = c.first_slip, longest = c.first_slip;
  for (int i = 0;; i++) {
    double start = c.first_slip + i * c.period + c.slip_time;
    if (start >= t_end)
      break;
    double end = fmin(c.first_slip + (i + 1) * c.period, t_end);
    phases++;
    stick += end - start;
    longest = fmax(longest, end - start);
  }
  rel_close(cm->first_slip, c.first_slip, 1e-6, "first slip");
  g_assert_cmpint(cm->stick_phases, ==, phases);
  rel_close(cm->stick_time, stick, 1e-6, "stick time");
  rel_close(cm->longest_stick, longest, 1e-6, "longest stick");
  /* breakaway at mu_s, sliding at mu_k; the rows sample just below mu_s */
  g_assert_cmpfloat(cm->max_ratio, <=, mu_s * (1 + 1e-9));
  g_assert_cmpfloat(cm->max_ratio, >, mu_s - 0.01);

  /* the flat list names and values the same */
  g_assert_cmpint(ss_metrics_count(m), ==, 3 + 5);
  int ip = ss_metrics_find(m, "period"), ia = ss_metrics_find(m, "amplitude");
  g_assert_cmpfloat(ss_metrics_value(mt, ip), ==, mt->period);
  g_assert_cmpfloat(ss_metrics_value(mt, ia), ==, mt->amplitude);
  g_assert_cmpfloat(ss_metrics_value(mt, ss_metrics_find(m, "base.stick_phases")), ==, phases);
  g_assert_cmpint(ss_metrics_find(m, "slot.first_slip"), ==, -1);
  ss_metric_desc d;
  g_assert_true(ss_metrics_describe(m, ia, &d));
  g_assert_cmpstr(d.unit, ==, "m/s");
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_limit_cycle(void)
{
  check_limit_cycle(NULL, 1.0, 100.0, 0.1, 0.5, 0.3, 30.0);
  /* stick phase longer than the initial one */
  check_limit_cycle((const char *[]){"M=2.5", "k=40", "v_drive=0.2", "mu_s=0.6", "mu_k=0.2", NULL},
                    2.5, 40.0, 0.2, 0.6, 0.2, 30.0);
  check_limit_cycle(
      (const char *[]){"M=0.4", "k=900", "v_drive=0.05", "mu_s=0.35", "mu_k=0.3", NULL}, 0.4, 900.0,
      0.05, 0.35, 0.3, 8.0);
}

/* Blajer & Markiewicz §3 (test-dupont.c): stiction over about 0-0.45,
 * 4.1-4.35 and 8.0-8.3 s; the run starts stuck, and that phase counts. */
static void test_dupont_published(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("dupont", NULL, 10.0, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  const ss_contact_metrics *cm = &mt->contacts[0];
  g_assert_cmpstr(ss_model_contact_name(m, 0), ==, "slot");
  g_assert_cmpint(cm->stick_phases, ==, 3);
  g_assert_cmpfloat(fabs(cm->first_slip - 0.45), <, 0.1);
  g_assert_cmpfloat(fabs(cm->longest_stick - 0.45), <, 0.1);
  const double published[3][2] = {{0.0, 0.45}, {4.1, 4.35}, {8.0, 8.3}};
  double want = 0;
  for (int i = 0; i < 3; i++)
    want += published[i][1] - published[i][0];
  g_assert_cmpfloat(fabs(cm->stick_time - want), <, 0.1);
  /* and exactly the engine's intervals */
  double slip[4], stick[4];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_SLIP, slip, 4), ==, 3);
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_STICK, stick, 4), ==, 2);
  g_assert_cmpfloat(cm->first_slip, ==, slip[0]);
  g_assert_cmpfloat(fabs(cm->stick_time - (slip[0] + slip[1] - stick[0] + slip[2] - stick[1])), <,
                    1e-12);
  g_assert_cmpfloat(cm->max_ratio, <=, 0.5 * (1 + 1e-9));
  g_assert_cmpfloat(cm->max_ratio, >, 0.45);
  /* ten seconds hold no repeated cycle of the forcing (7.85 s) */
  g_assert_true(isnan(mt->period));
  g_assert_true(isnan(mt->amplitude));
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* energy.dissipated = external work - kinetic - (potential - initial potential)
 * at the end of the run */
static void check_energy(const char *scenario, const char *const *sets, double t_end)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario(scenario, sets, t_end, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  size_t last = tr->n_rows - 1;
  int ip = ss_model_column_find(m, "energy.potential");
  double W = ss_trace_at(tr, last, column(m, "work.external"));
  double K = ss_trace_at(tr, last, column(m, "energy.kinetic"));
  double P = ip >= 0 ? ss_trace_at(tr, last, ip) - ss_trace_at(tr, 0, ip) : 0.0;
  double wmax = 0;
  for (size_t r = 0; r < tr->n_rows; r++)
    wmax = fmax(wmax, fabs(ss_trace_at(tr, r, column(m, "work.external"))));
  g_assert_cmpfloat(mt->energy_dissipated, >, 0.01 * wmax);
  if (fabs(mt->energy_dissipated - (W - K - P)) > 1e-6 * wmax)
    g_error("%s: energy.dissipated %.12g, balance %.12g", scenario, mt->energy_dissipated,
            W - K - P);
  ss_metric_desc d;
  int i = ss_metrics_find(m, "energy.dissipated");
  g_assert_true(ss_metrics_describe(m, i, &d));
  g_assert_cmpstr(d.unit, ==, "J");
  g_assert_cmpfloat(ss_metrics_value(mt, i), ==, mt->energy_dissipated);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_energy(void)
{
  check_energy("one-mass", (const char *[]){"c=0.8", "A=3", "omega=3", NULL}, 10.0);
  check_energy("two-block", NULL, 10.0); /* no potential energy column */
  check_energy("gear-train", NULL, 10.0);
}

/* One slide from t = 0 and a final stop: nothing repeats. */
static void test_not_periodic_stop(void)
{
  const char *sets[] = {"v_drive=0", "x_drive0=0.05", NULL}; /* 5 N > FS = 4.905 N */
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 5.0, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  g_assert_true(isnan(mt->period));
  g_assert_true(isnan(mt->amplitude));
  g_assert_cmpint(mt->events_per_cycle, ==, 0);
  const ss_contact_metrics *cm = &mt->contacts[0];
  double stick[2];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_STICK, stick, 2), ==, 1);
  g_assert_cmpfloat(cm->first_slip, ==, 0.0); /* slides from the start */
  g_assert_cmpint(cm->stick_phases, ==, 1);   /* the final one, still open */
  g_assert_cmpfloat(cm->stick_time, ==, 5.0 - stick[0]);
  g_assert_cmpfloat(cm->longest_stick, ==, 5.0 - stick[0]);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* One slip and a final stop: the spring (4.5 N) and A sin(omega t) reach
 * FS = 4.905 N at sin(0.5 t) = 0.405; the slip relaxes the spring and the
 * block never moves again. */
static void test_not_periodic_one_slip(void)
{
  const char *sets[] = {"v_drive=0", "x_drive0=0.045", "A=1", "omega=0.5", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", sets, 30.0, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  double slip[2], stick[2];
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_SLIP, slip, 2), ==, 1);
  g_assert_cmpint(event_times(tr, 0, SS_EVENT_STICK, stick, 2), ==, 1);
  g_assert_true(isnan(mt->period));
  g_assert_true(isnan(mt->amplitude));
  const ss_contact_metrics *cm = &mt->contacts[0];
  rel_close(cm->first_slip, asin((0.5 * 9.81 - 4.5) / 1.0) / 0.5, 1e-6, "first slip");
  g_assert_cmpint(cm->stick_phases, ==, 2); /* the initial and the final one */
  g_assert_cmpfloat(fabs(cm->stick_time - (slip[0] + 30.0 - stick[0])), <, 1e-12);
  g_assert_cmpfloat(cm->longest_stick, ==, 30.0 - stick[0]);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The gear train under a ramp: a start-up transient, slips, a final stop. */
static void test_not_periodic_ramp(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("gear-train", (const char *[]){"drive=ramp", NULL}, 10.0, 0.01, &m);
  g_assert_cmpuint(tr->n_events, >=, 8);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  g_assert_true(isnan(mt->period));
  g_assert_true(isnan(mt->amplitude));
  /* every bearing starts stuck and slips; psi first */
  for (int c = 0; c < ss_model_n_contacts(m); c++) {
    g_assert_cmpfloat(mt->contacts[c].first_slip, >, 0.0);
    g_assert_cmpint(mt->contacts[c].stick_phases, >=, 1);
  }
  g_assert_cmpfloat(fabs(mt->contacts[0].first_slip - 0.075), <, 1e-6);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The limit cycle needs three periods: the fourth slip at 2.893 s makes
 * them (the first event ends the chain), two cycles (2.2 s) are too few. */
static void test_periods_needed(void)
{
  cycle c = one_mass_cycle(1.0, 100.0, 0.1, 0.5 * 9.81, 0.3 * 9.81);
  const double t_end[] = {2.2, 2.95};
  for (int i = 0; i < 2; i++) {
    ss_model *m = NULL;
    ss_trace *tr = run_scenario("one-mass", NULL, t_end[i], 0.01, &m);
    ss_metrics *mt = ss_metrics_compute(m, tr);
    g_assert_cmpuint(tr->n_events, >=, 4);
    if (i == 0)
      g_assert_true(isnan(mt->period));
    else
      rel_close(mt->period, c.period, 1e-6, "period from the first four slips");
    ss_metrics_free(mt);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* A force A sin(omega t) and no spring to speak of: the block slips forward,
 * sticks, slips back, sticks, each slip a mirror image of the one before.
 * Slip events alternate direction, so a period is the forcing's 2 pi/omega,
 * not half of it. */
static void test_period_two_directions(void)
{
  const char *sets[] = {"v_drive=0", "k=1e-9", "A=8", "omega=2", "mu_k=0.45", NULL};
  ss_model *m = NULL;
  ss_run_opts opts = {.t_end = 20.0, .dt_out = 0.01, .rtol = 1e-10, .atol = 1e-12};
  ss_trace *tr = run_scenario_opts("one-mass", sets, &opts, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  rel_close(mt->period, M_PI, 1e-6, "period under A sin(2t)");
  g_assert_cmpint(mt->events_per_cycle, ==, 4);
  g_assert_cmpfloat(mt->amplitude, >, 0.0);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The period's definition on hand-made event lists (two-block: contacts
 * 10, 20, 12): events matched by time, not by their order in the list. */
static ss_trace *synthetic_trace(const ss_model *m, double t_end, int cycles, double swap,
                                 double growth)
{
  ss_trace *tr = ss_trace_new(ss_model_n_columns(m));
  double *row = calloc((size_t)ss_model_n_columns(m), sizeof(double));
  for (double t = 0; t <= t_end + 1e-9; t += 0.01)
    ss_trace_append_row(tr, fmin(t, t_end), row);
  double t0 = 0, T = 1;
  for (int c = 0; c < cycles; c++) {
    /* contacts 0 and 1 stick within a microsecond, in either order */
    double d = c % 2 ? swap : -swap;
    ss_trace_append_event(tr, &(ss_event){t0 + 0.3 - d, 0, SS_EVENT_STICK});
    ss_trace_append_event(tr, &(ss_event){t0 + 0.3 + d, 1, SS_EVENT_STICK});
    ss_trace_append_event(tr, &(ss_event){t0 + 0.6, 0, SS_EVENT_SLIP});
    ss_trace_append_event(tr, &(ss_event){t0 + 0.7, 1, SS_EVENT_SLIP});
    t0 += T;
    T *= growth;
  }
  /* the list is in time order */
  for (size_t i = 1; i < tr->n_events; i++)
    if (tr->events[i].t < tr->events[i - 1].t) {
      ss_event e = tr->events[i];
      tr->events[i] = tr->events[i - 1];
      tr->events[i - 1] = e;
    }
  free(row);
  return tr;
}

/* Release and lock events happen at rest (the two-slider's guides): the
 * period, the amplitude's refinement and the stick phases are those of the
 * motion alone.  Without them left out, a lock after the last cycle stops
 * the period (its last event has no like) and a release ends no phase. */
static void test_period_ignores_releases(void)
{
  ss_model *m = make_model("two-block", NULL);
  ss_trace *tr = synthetic_trace(m, 5.2, 5, 1e-6, 1.0);
  ss_metrics *before = ss_metrics_compute(m, tr);
  const ss_event extra[] = {{0.45, 0, SS_EVENT_RELEASE},
                            {0.5, 0, SS_EVENT_LOCK},
                            {2.4, 1, SS_EVENT_RELEASE},
                            {4.75, 0, SS_EVENT_RELEASE},
                            {4.9, 0, SS_EVENT_LOCK}};
  for (size_t i = 0; i < G_N_ELEMENTS(extra); i++) {
    ss_trace_append_event(tr, &extra[i]);
    for (size_t k = tr->n_events - 1; k > 0 && tr->events[k].t < tr->events[k - 1].t; k--) {
      ss_event e = tr->events[k];
      tr->events[k] = tr->events[k - 1];
      tr->events[k - 1] = e;
    }
  }
  int per_cycle = 0;
  double end = 0;
  g_assert_cmpfloat(fabs(ss_trace_period(m, tr, &end, &per_cycle) - 1.0), <, 1e-12);
  g_assert_cmpint(per_cycle, ==, 4);
  g_assert_cmpfloat(end, ==, 4.7);
  ss_metrics *after = ss_metrics_compute(m, tr);
  g_assert_cmpfloat(after->period, ==, before->period);
  g_assert_cmpint(after->events_per_cycle, ==, before->events_per_cycle);
  for (int c = 0; c < 2; c++) {
    g_assert_cmpint(after->contacts[c].stick_phases, ==, before->contacts[c].stick_phases);
    g_assert_cmpfloat(after->contacts[c].stick_time, ==, before->contacts[c].stick_time);
    g_assert_cmpfloat(after->contacts[c].longest_stick, ==, before->contacts[c].longest_stick);
  }
  ss_metrics_free(before);
  ss_metrics_free(after);
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_period_definition(void)
{
  ss_model *m = make_model("two-block", NULL);
  int per_cycle = 0;
  double end = 0;
  /* five cycles of 1 s, the two sticks swapping places each cycle */
  ss_trace *tr = synthetic_trace(m, 5.2, 5, 1e-6, 1.0);
  g_assert_cmpfloat(fabs(ss_trace_period(m, tr, &end, &per_cycle) - 1.0), <, 1e-12);
  g_assert_cmpint(per_cycle, ==, 4);
  g_assert_cmpfloat(end, ==, 4.7);
  ss_trace_free(tr);
  /* three periods are the least: the last event seen four times */
  tr = synthetic_trace(m, 4.2, 4, 1e-6, 1.0);
  g_assert_false(isnan(ss_trace_period(m, tr, NULL, NULL)));
  ss_trace_free(tr);
  tr = synthetic_trace(m, 3.2, 3, 1e-6, 1.0);
  g_assert_true(isnan(ss_trace_period(m, tr, NULL, NULL)));
  ss_trace_free(tr);
  /* the motion stopped: the quiet time after the last event (0.7 s to
   * 2.5 s) is longer than what followed it a cycle before (0.6 s) */
  tr = synthetic_trace(m, 6.5, 5, 1e-6, 1.0);
  g_assert_true(isnan(ss_trace_period(m, tr, NULL, NULL)));
  ss_trace_free(tr);
  tr = synthetic_trace(m, 5.3, 5, 1e-6, 1.0); /* 0.6 s later: still a cycle's gap */
  g_assert_false(isnan(ss_trace_period(m, tr, NULL, NULL)));
  ss_trace_free(tr);
  /* cycles 0.2 % longer each time: outside SS_PERIOD_RTOL (0.1 %) */
  tr = synthetic_trace(m, 5.2, 5, 1e-6, 1.002);
  g_assert_true(isnan(ss_trace_period(m, tr, NULL, NULL)));
  ss_trace_free(tr);
  /* 0.02 %: within it, the mean of the last three cycles */
  tr = synthetic_trace(m, 5.2, 5, 1e-6, 1.0002);
  double T = ss_trace_period(m, tr, NULL, NULL);
  g_assert_cmpfloat(fabs(T - (1.0002 + pow(1.0002, 2) + pow(1.0002, 3)) / 3), <, 1e-12);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Smooth laws: stuck = |v| < v_stick, the stick column; the phases counted
 * from its rows agree with the event-based metrics. */
static void test_smooth_law(void)
{
  const char *sets[] = {"law=regularised", NULL};
  ss_model *m = NULL;
  double dt = 0.001;
  ss_trace *tr = run_scenario("one-mass", sets, 20.0, dt, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  int ist = column(m, "base.stick");
  int phases = 0;
  double stuck_rows_time = 0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    bool s = ss_trace_at(tr, r, ist) == 1.0;
    bool before = r > 0 && ss_trace_at(tr, r - 1, ist) == 1.0;
    phases += s && !before;
    if (r > 0 && before)
      stuck_rows_time += tr->t[r] - tr->t[r - 1];
  }
  const ss_contact_metrics *cm = &mt->contacts[0];
  g_assert_cmpint(phases, >, 10);
  g_assert_cmpint(cm->stick_phases, ==, phases);
  g_assert_cmpfloat(fabs(cm->stick_time - stuck_rows_time), <=, 2 * dt * phases);
  /* the cycle of the exact law, slightly changed by the regularisation */
  cycle c = one_mass_cycle(1.0, 100.0, 0.1, 0.5 * 9.81, 0.3 * 9.81);
  g_assert_cmpfloat(fabs(mt->period - c.period), <, 0.01 * c.period);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* "metric,value,unit,note", one row per metric in the documented order, empty
 * value = undetermined, each number with the digits its accuracy supports. */
/* The shortest "%.Ng", N = 6..17, that reads back to v: what the machine
 * files write, by its definition ("0" for zero, "" for NaN). */
static void shortest_by_definition(double v, char *buf, size_t size)
{
  if (isnan(v) || v == 0.0) {
    g_strlcpy(buf, isnan(v) ? "" : "0", size);
    return;
  }
  for (int digits = 6; digits <= 17; digits++) {
    char fmt[8];
    snprintf(fmt, sizeof fmt, "%%.%dg", digits);
    g_ascii_formatd(buf, (int)size, fmt, v);
    if (g_ascii_strtod(buf, NULL) == v)
      return;
  }
}

/* A run's CSV rows carry every bit: each field is the shortest text that
 * reads back to the value (empty for NaN, "0" for -0, 0/1 for a stick
 * column), for the values of a run and for random doubles of every
 * magnitude, ties at 15 and 16 digits and neighbours of powers of ten. */
static void test_csv_rows_read_back(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", (const char *[]){"law=lugre", NULL}, 5.0, 0.01, &m);
  int nc = tr->n_columns;
  GRand *rand = g_rand_new_with_seed(2718);
  double *row = g_new(double, (size_t)nc);
  size_t rows = tr->n_rows + 20000;
  for (size_t r = 0; r < rows; r++) {
    double t;
    if (r < tr->n_rows) {
      t = tr->t[r];
      memcpy(row, tr->rows + r * (size_t)nc, sizeof(double) * (size_t)nc);
    } else {
      t = g_rand_double_range(rand, 0.0, 100.0);
      for (int c = 0; c < nc; c++) {
        switch ((r + (size_t)c) % 5) {
        case 0:
          row[c] = ldexp(g_rand_double_range(rand, -1.0, 1.0), g_rand_int_range(rand, -1000, 1000));
          break;
        case 1:
          row[c] = (double)g_rand_int_range(rand, 0, 1 << 30) * 4096.0 + 0.5;
          break; /* ties */
        case 2:
          row[c] =
              nextafter(pow(10.0, g_rand_int_range(rand, -300, 300)), (r & 1) ? INFINITY : 0.0);
          break;
        case 3: row[c] = g_rand_int_range(rand, -1000, 1000) * 0.001; break;
        default: row[c] = (r & 1) ? -0.0 : NAN; break;
        }
      }
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    g_assert_cmpint(ss_csv_write_row(m, f, t, row), ==, 0);
    fclose(f);
    g_assert_true(g_str_has_suffix(text, "\n"));
    text[len - 1] = '\0';
    g_auto(GStrv) fields = g_strsplit(text, ",", -1);
    g_assert_cmpuint(g_strv_length(fields), ==, (guint)nc + 1);
    for (int c = -1; c < nc; c++) {
      double v = c < 0 ? t : row[c];
      const char *field = fields[c + 1];
      char want[G_ASCII_DTOSTR_BUF_SIZE];
      if (c >= 0 && ss_model_column(m, c)->kind == SS_COL_STICK && !isnan(v))
        g_strlcpy(want, v != 0.0 ? "1" : "0", sizeof want);
      else
        shortest_by_definition(v, want, sizeof want);
      if (strcmp(field, want) != 0)
        g_error("row %zu column %d: %.17g written '%s', not '%s'", r, c, v, field, want);
      if (field[0] && !(c >= 0 && ss_model_column(m, c)->kind == SS_COL_STICK))
        g_assert_true(g_ascii_strtod(field, NULL) == v); /* -0 reads as 0: equal */
    }
    free(text);
  }
  g_free(row);
  g_rand_free(rand);
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_csv(void)
{
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", NULL, 2.2, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  g_assert_cmpint(ss_metrics_write_csv(m, mt, f), ==, 0);
  fclose(f);
  const char *want_names[] = {"period",
                              "amplitude",
                              "energy.dissipated",
                              "base.first_slip",
                              "base.stick_phases",
                              "base.stick_time",
                              "base.longest_stick",
                              "base.max_ratio"};
  const char *want_units[] = {"s", "m/s", "J", "s", "", "s", "s", ""};
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_assert_cmpstr(lines[0], ==, "metric,value,unit,note");
  g_assert_cmpuint(g_strv_length(lines), ==, 1 + 8 + 1);
  for (int i = 0; i < 8; i++) {
    g_auto(GStrv) f3 = g_strsplit(lines[i + 1], ",", -1);
    g_assert_cmpuint(g_strv_length(f3), ==, 4);
    g_assert_cmpstr(f3[0], ==, want_names[i]);
    g_assert_cmpstr(f3[2], ==, want_units[i]);
    double v = ss_metrics_value(mt, i);
    if (isnan(v)) {
      g_assert_cmpstr(f3[1], ==, "");
      continue;
    }
    /* the digits its accuracy supports, no more: 7 for times, 6 for the
     * rest, a count whole */
    ss_metric_desc d;
    g_assert_true(ss_metrics_describe(m, i, &d));
    int digits = ss_metric_digits(d.kind), sig = 0;
    bool lead = true;
    for (const char *c = f3[1]; *c && *c != 'e'; c++)
      if (g_ascii_isdigit(*c) && !(lead && *c == '0')) {
        lead = false;
        sig++;
      }
    g_assert_cmpint(sig, <=, digits > 0 ? digits : 17);
    g_assert_cmpint(digits, ==,
                    d.kind == SS_METRIC_STICK_PHASES ? 0
                    : d.kind == SS_METRIC_AMPLITUDE || d.kind == SS_METRIC_MAX_RATIO ||
                            d.kind == SS_METRIC_ENERGY_DISSIPATED
                        ? 6
                        : 7);
    double back = g_ascii_strtod(f3[1], NULL);
    g_assert_cmpfloat(fabs(back - v), <=, digits ? 0.5 * pow(10.0, 1 - digits) * fabs(v) : 0.0);
  }
  /* two cycles: too short, and it says so */
  g_assert_cmpstr(lines[1], ==,
                  "period,,s,run too short: its events do not yet repeat over 3 "
                  "periods; run it longer");
  g_assert_true(g_str_has_prefix(lines[5], "base.stick_phases,3,"));
  free(text);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Period and amplitude come from the events and the integrator's dense
 * output, not from the output grid: the same at every dt_out, to 1e-6 and
 * 1e-5 relative, for the smooth laws, where they used to go missing (an
 * event's direction read off the grid row after it) or move in the fourth
 * digit (extremes refined between grid rows).  The max ratio likewise.
 * Canudas de Wit et al.'s LuGre example (m 1 kg, k 2 N/m, Fc 1 N, Fs 1.5 N,
 * vs 1e-3 m/s, sigma0 1e5 N/m, sigma1 sqrt(1e5) N s/m, sigma2 0.4 N s/m,
 * drive 0.1 m/s) has the period 6.3627 s. */
static void test_independent_of_dt_out(void)
{
  const char *canudas[] = {"law=lugre",
                           "M=1",
                           "g=1",
                           "k=2",
                           "mu_s=1.5",
                           "mu_k=1",
                           "sigma0=1e5",
                           "sigma1=316.2277660168379",
                           "c=0.4",
                           "v_drive=0.1",
                           "vartheta=0.001",
                           NULL};
  const struct {
    const char *scenario;
    const char *const *sets;
    double t_end;  /* s: at least five periods */
    double period; /* s: the expected period, to 1e-4 */
  } cases[] = {
      {"one-mass", (const char *[]){"law=lugre", NULL}, 10.0, 0.77218},
      {"one-mass", (const char *[]){"law=regularised", NULL}, 10.0, 0.80477},
      {"dupont", (const char *[]){"law=lugre", NULL}, 50.0, 7.85398},
      {"one-mass", canudas, 40.0, 6.3627},
  };
  const double dt_out[] = {1e-4, 1e-3, 2e-3, 5e-3, 1e-2};
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    double period0 = NAN, amp0 = NAN, ratio0 = NAN;
    for (size_t k = 0; k < G_N_ELEMENTS(dt_out); k++) {
      ss_model *m = NULL;
      ss_trace *tr = run_scenario(cases[c].scenario, cases[c].sets, cases[c].t_end, dt_out[k], &m);
      ss_metrics *mt = ss_metrics_compute(m, tr);
      if (isnan(mt->period))
        g_error("%s %s: no period at dt_out %g: %s", cases[c].scenario, cases[c].sets[0], dt_out[k],
                ss_period_status_reason(mt->period_status));
      g_assert_cmpint(mt->period_status, ==, SS_PERIODIC);
      g_assert_cmpfloat(fabs(mt->period - cases[c].period), <, 1e-4 * cases[c].period);
      if (k == 0) {
        period0 = mt->period;
        amp0 = mt->amplitude;
        ratio0 = mt->contacts[0].max_ratio;
      }
      g_assert_cmpfloat(fabs(mt->period - period0), <=, 1e-6 * period0);
      g_assert_cmpfloat(fabs(mt->amplitude - amp0), <=, 1e-5 * amp0);
      g_assert_cmpfloat(fabs(mt->contacts[0].max_ratio - ratio0), <=, 1e-6 * ratio0);
      ss_metrics_free(mt);
      ss_trace_free(tr);
      ss_model_free(m);
    }
  }
}

/* Extremes are the solution's, located between the steps: one-mass under
 * LuGre, its first velocity peak against the largest row of a grid of
 * 1e-6 s around it (to the run's rtol), and the amplitude against the half range of the peaks
 * over the last period. */
static void test_amplitude_from_solution(void)
{
  ss_model *m = NULL;
  const char *lugre[] = {"law=lugre", NULL};
  ss_trace *tr = run_scenario("one-mass", lugre, 10.0, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  int iv = column(m, "v");
  double t_peak = NAN, hi = -INFINITY, lo = INFINITY;
  double t1 = mt->period_end, t0 = t1 - mt->period;
  for (size_t i = 0; i < tr->n_peaks; i++) {
    const ss_peak *p = &tr->peaks[i];
    if (p->column != iv)
      continue;
    if (p->kind == 1 && isnan(t_peak))
      t_peak = p->t;
    if (p->t >= t0 && p->t <= t1) {
      hi = fmax(hi, p->value);
      lo = fmin(lo, p->value);
    }
  }
  g_assert_false(isnan(t_peak));
  g_assert_cmpfloat(fabs(mt->amplitude - 0.5 * (hi - lo)), <=, 1e-12);
  double vmax = ss_trace_extremum(tr, iv, t_peak - 0.05, t_peak + 0.05, true);
  ss_trace *fine = run_scenario_opts("one-mass", lugre,
                                     &(ss_run_opts){.t_end = t_peak + 0.01, .dt_out = 1e-6}, NULL);
  double best = -INFINITY;
  for (size_t r = 0; r < fine->n_rows; r++)
    if (fine->t[r] > t_peak - 0.01)
      best = fmax(best, ss_trace_at(fine, r, iv));
  /* the fine grid samples CVODE's interpolant within 1e-6 s of the peak
   * (below its top by ~1e-12); the peak is located on an interpolant
   * through the steps' ends (states and rates), which agrees with CVODE's
   * to well within the run's rtol (1e-8); a grid of 0.01 s misses it by
   * ~1e-4 */
  g_assert_cmpfloat(fabs(vmax - best), <=, 1e-8 * best);
  ss_trace_free(fine);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Extremes located between the steps stay with the solution through a
 * stiff run's fast-changing steps: the gear train under the regularised
 * law (and LuGre), each contact's largest friction ratio against the
 * largest row of a 1e-4 s grid of the same run.  (An interpolant that
 * reaches across steps of very unequal length overshoots there by 1e13.) */
static void test_ratio_peaks_stiff(void)
{
  const char *const laws[] = {"law=regularised", "law=lugre"};
  for (size_t l = 0; l < G_N_ELEMENTS(laws); l++) {
    ss_model *m = NULL;
    const char *sets[] = {laws[l], NULL};
    ss_trace *tr = run_scenario("gear-train", sets, 1.0, 1e-4, &m);
    ss_metrics *mt = ss_metrics_compute(m, tr);
    for (int c = 0; c < ss_model_n_contacts(m); c++) {
      double grid = -INFINITY;
      for (int k = 0; k < ss_model_n_columns(m); k++) {
        const ss_column *col = ss_model_column(m, k);
        if (col->kind != SS_COL_RATIO || col->contact != c)
          continue;
        for (size_t r = 0; r < tr->n_rows; r++)
          if (!isnan(ss_trace_at(tr, r, k)))
            grid = fmax(grid, ss_trace_at(tr, r, k));
      }
      double got = mt->contacts[c].max_ratio;
      if (!(got >= grid * (1.0 - 1e-8) && got <= grid * (1.0 + 1e-3)))
        g_error("%s contact %d: max ratio %.12g, grid's largest row %.12g", laws[l], c, got, grid);
    }
    ss_metrics_free(mt);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* A run for rows alone watches nothing: ss_run's rows, events and
 * statistics bit for bit, no extremes between the steps.  One-mass under
 * LuGre and the gear train (restarts, events cutting steps short). */
static void test_rows_without_watch(void)
{
  const struct {
    const char *scenario;
    const char *const *sets;
  } cases[] = {
      {"one-mass", (const char *[]){"law=lugre", NULL}},
      {"gear-train", (const char *[]){NULL}},
  };
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    ss_model *m = make_model(cases[c].scenario, cases[c].sets);
    ss_run_opts opts = {.t_end = 3.0};
    char *err = NULL;
    ss_trace *watched = ss_run(m, &opts, &err), *rows = ss_run_rows(m, &opts, &err);
    g_assert_nonnull(watched);
    g_assert_nonnull(rows);
    g_assert_cmpuint(watched->n_peaks, >, 0);
    g_assert_cmpuint(rows->n_peaks, ==, 0);
    g_assert_null(rows->watched);
    g_assert_cmpuint(rows->n_rows, ==, watched->n_rows);
    g_assert_cmpuint(rows->n_events, ==, watched->n_events);
    g_assert_cmpmem(rows->t, sizeof(double) * rows->n_rows, watched->t,
                    sizeof(double) * watched->n_rows);
    g_assert_cmpmem(rows->rows, sizeof(double) * rows->n_rows * (size_t)rows->n_columns,
                    watched->rows, sizeof(double) * watched->n_rows * (size_t)watched->n_columns);
    g_assert_cmpmem(rows->events, sizeof(ss_event) * rows->n_events, watched->events,
                    sizeof(ss_event) * watched->n_events);
    g_assert_cmpint(rows->stats.steps, ==, watched->stats.steps);
    g_assert_cmpint(rows->stats.rhs_evals, ==, watched->stats.rhs_evals);
    ss_trace_free(rows);
    ss_trace_free(watched);
    ss_model_free(m);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/metrics/one-mass/limit-cycle", test_limit_cycle);
  g_test_add_func("/metrics/dupont/published", test_dupont_published);
  g_test_add_func("/metrics/energy-balance", test_energy);
  g_test_add_func("/metrics/not-periodic/stop", test_not_periodic_stop);
  g_test_add_func("/metrics/not-periodic/one-slip", test_not_periodic_one_slip);
  g_test_add_func("/metrics/not-periodic/ramp", test_not_periodic_ramp);
  g_test_add_func("/metrics/periods-needed", test_periods_needed);
  g_test_add_func("/metrics/period-two-directions", test_period_two_directions);
  g_test_add_func("/metrics/period-definition", test_period_definition);
  g_test_add_func("/metrics/period-ignores-releases", test_period_ignores_releases);
  g_test_add_func("/metrics/smooth-law", test_smooth_law);
  g_test_add_func("/metrics/csv", test_csv);
  g_test_add_func("/metrics/csv-rows-read-back", test_csv_rows_read_back);
  g_test_add_func("/metrics/independent-of-dt-out", test_independent_of_dt_out);
  g_test_add_func("/metrics/amplitude-from-solution", test_amplitude_from_solution);
  g_test_add_func("/metrics/rows-without-watch", test_rows_without_watch);
  g_test_add_func("/metrics/ratio-peaks-stiff", test_ratio_peaks_stiff);
  return g_test_run();
}
