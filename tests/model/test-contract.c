/* test-contract.c - what every scenario promises, checked the same way for
 * each: its default, every other value of each choice parameter, and every
 * pair of such values of two choice parameters (a choice that only matters
 * with another one, e.g. two-slider rod=flexible with each law, is covered
 * by the pairs).
 *
 *  - columns: unique, non-empty names; every column has a unit, "1" for
 *    dimensionless ones; C.F, C.N, C.ratio, C.v, C.stick for every contact;
 *  - energy: the change of work.external equals the changes of
 *    energy.kinetic and energy.potential plus energy.dissipated, at every
 *    row, within ENERGY_TOL of the largest energy magnitude of the run;
 *    nothing is dissipated backwards;
 *  - a stuck contact of an exact (event-driven) model is at rest (v = 0 up
 *    to rounding) and its static friction stays in its cone, |F| <= mu_s N;
 *  - sign: C.F is the friction on the body that moves with C.v, so while
 *    sliding F v <= 0 (viscous parts included; memoryless laws: LuGre's
 *    bristle may push along v for a while; not at the event instants,
 *    where v is zero up to the event location);
 *  - undetermined values are NaN in the trace and empty in the CSV, never 0
 *    (and where a model declares them undetermined, they are);
 *  - bad values are refused, by the library and by the CLI, with a message
 *    naming the parameter; the previous value is kept;
 *  - a model's speeds op (optional) gives the velocities of its contacts op
 *    bit for bit: at every state the run evaluates either at, and at random
 *    states near those and far from them. */

#include "test-util.h"

#include "friction.h"
#include "sim-private.h"
#include "ss-internal.h"

/* Energy balance residual allowed, as a share of the largest energy
 * magnitude of the run (default tolerances rtol 1e-8, atol 1e-10). */
#define ENERGY_TOL 1e-5

/* Sliding velocities below this share of a contact's largest |v| are the
 * integrator's noise (about atol): their sign says nothing. */
#define V_NOISE 1e-8

/* Stuck friction cone |F| <= mu_s N (1 + CONE_REL) + CONE_ABS. */
#define CONE_REL 1e-6
#define CONE_ABS 1e-9

/* ---- the variants ------------------------------------------------------- */

typedef struct variant {
  const ss_scenario *sc; /* the scenario */
  const char *sets[4];   /* NULL-terminated assignments */
  char *label;           /* "two-slider rod=flexible law=lugre" */
} variant;

static void variant_free(gpointer p)
{
  variant *v = p;
  for (int i = 0; v->sets[i]; i++)
    g_free((char *)v->sets[i]);
  g_free(v->label);
  g_free(v);
}

static variant *variant_new(const ss_scenario *sc, char *a, char *b)
{
  variant *v = g_new0(variant, 1);
  v->sc = sc;
  v->sets[0] = a;
  v->sets[1] = a ? b : NULL;
  v->label = g_strjoin(" ", sc->name, a ? a : "(defaults)", b, NULL);
  return v;
}

/* NAME=CHOICE for every choice parameter's non-default choices. */
static GPtrArray *other_choices(const ss_scenario *sc, int param)
{
  GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
  const ss_param_info *p = &sc->params[param];
  for (int c = 0; p->choices[c]; c++)
    if (c != (int)p->def)
      g_ptr_array_add(out, g_strdup_printf("%s=%s", p->name, p->choices[c]));
  return out;
}

/* Runs beyond the choices: paths the defaults do not take. */
static const char *const extras[][4] = {
    {"one-mass", "c=0.8", "A=3", "omega=3"},          /* viscous friction and a sinusoidal force */
    {"one-mass", "x_drive0=0.06", "v_drive=0", NULL}, /* pre-stretched past breakaway: V(0) > 0 */
    {"two-block", "v1_0=1", "v2_0=-0.5", NULL},       /* moving at t = 0: K(0) > 0 */
};

static GPtrArray *all_variants(void)
{
  GPtrArray *all = g_ptr_array_new_with_free_func(variant_free);
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    g_ptr_array_add(all, variant_new(sc, NULL, NULL));
    for (int i = 0; i < sc->n_params; i++) {
      if (sc->params[i].kind != SS_PARAM_CHOICE)
        continue;
      g_autoptr(GPtrArray) a = other_choices(sc, i);
      for (guint x = 0; x < a->len; x++)
        g_ptr_array_add(all, variant_new(sc, g_strdup(a->pdata[x]), NULL));
      for (int j = i + 1; j < sc->n_params; j++) {
        if (sc->params[j].kind != SS_PARAM_CHOICE)
          continue;
        g_autoptr(GPtrArray) b = other_choices(sc, j);
        for (guint x = 0; x < a->len; x++)
          for (guint y = 0; y < b->len; y++)
            g_ptr_array_add(all, variant_new(sc, g_strdup(a->pdata[x]), g_strdup(b->pdata[y])));
      }
    }
  }
  for (size_t e = 0; e < G_N_ELEMENTS(extras); e++) {
    variant *v = g_new0(variant, 1);
    v->sc = ss_scenario_find(extras[e][0]);
    g_assert_nonnull(v->sc);
    for (int i = 1; i < 4 && extras[e][i]; i++)
      v->sets[i - 1] = g_strdup(extras[e][i]);
    v->label = g_strjoin(" ", extras[e][0], extras[e][1], extras[e][2], extras[e][3], NULL);
    g_ptr_array_add(all, v);
  }
  return all;
}

/* ---- the checks of one run ---------------------------------------------- */

static int column_of(const ss_model *m, const char *contact, const char *what)
{
  char name[96];
  snprintf(name, sizeof name, "%s.%s", contact, what);
  return ss_model_column_find(m, name);
}

/* An internal id rather than words: a '.' or '_' between letters or
 * digits ("bearing_psi.ratio", "sum.20-12"). */
static bool looks_like_id(const char *s)
{
  for (const char *p = s; *p; p++)
    if ((*p == '.' || *p == '_') && p > s && g_ascii_isalnum(p[-1]) && g_ascii_isalnum(p[1]))
      return true;
  return false;
}

/* Legends and readouts show the model's labels: every column and contact
 * has one, made of words; velocities name their positions and a reaction's
 * further components its first. */
static void check_labels(const ss_model *m, const char *label)
{
  for (int k = 0; k < ss_model_n_contacts(m); k++) {
    const char *l = m->contact_labels[k];
    if (!l || !l[0] || looks_like_id(l))
      g_error("%s: contact %s has no human label (\"%s\")", label, ss_model_contact_name(m, k),
              l ? l : "");
  }
  for (int i = 0; i < ss_model_n_columns(m); i++) {
    const ss_column *c = ss_model_column(m, i);
    char whole[256];
    if (!c->label || !c->label[0])
      g_error("%s: column %s has no label", label, c->name);
    ss_model_column_label(m, i, whole, sizeof whole);
    if (looks_like_id(whole) || strcmp(whole, c->name) == 0)
      g_error("%s: column %s is labelled with an id: \"%s\"", label, c->name, whole);
    if (c->kind == SS_COL_VELOCITY && c->contact < 0 &&
        (c->rate_of < 0 || ss_model_column(m, c->rate_of)->kind != SS_COL_POSITION))
      g_error("%s: velocity %s names no position it is the rate of", label, c->name);
    if (c->component_of >= 0 && ss_model_column(m, c->component_of)->contact != c->contact)
      g_error("%s: %s is a component of another joint's reaction", label, c->name);
  }
}

static void check_columns(const ss_model *m, const char *label)
{
  int n = ss_model_n_columns(m);
  g_autoptr(GHashTable) names = g_hash_table_new(g_str_hash, g_str_equal);
  for (int i = 0; i < n; i++) {
    const ss_column *c = ss_model_column(m, i);
    if (!c->name || !c->name[0] || strchr(c->name, ',') || strchr(c->name, '\n'))
      g_error("%s: column %d has no usable name", label, i);
    if (!g_hash_table_add(names, c->name))
      g_error("%s: column %s appears twice", label, c->name);
    if (!c->unit || !c->unit[0])
      g_error("%s: column %s has no unit (dimensionless: \"1\")", label, c->name);
    if ((c->kind == SS_COL_RATIO || c->kind == SS_COL_STICK) && strcmp(c->unit, "1") != 0)
      g_error("%s: column %s is dimensionless, unit \"%s\"", label, c->name, c->unit);
  }
  static const char *const what[] = {"F", "N", "ratio", "v", "stick"};
  static const ss_column_kind kinds[] = {SS_COL_FRICTION, SS_COL_NORMAL, SS_COL_RATIO,
                                         SS_COL_SLIP_VELOCITY, SS_COL_STICK};
  for (int k = 0; k < ss_model_n_contacts(m); k++)
    for (int w = 0; w < 5; w++) {
      int i = column_of(m, ss_model_contact_name(m, k), what[w]);
      if (i < 0)
        g_error("%s: contact %s has no .%s column", label, ss_model_contact_name(m, k), what[w]);
      g_assert_cmpint(ss_model_column(m, i)->kind, ==, kinds[w]);
      g_assert_cmpint(ss_model_column(m, i)->contact, ==, k);
    }
  check_labels(m, label);
}

/* Whether contact k has an event at time t (its velocity is zero there up
 * to the event location: the sample's sign of v is noise). */
static bool event_at(const ss_trace *tr, int k, double t)
{
  for (size_t e = 0; e < tr->n_events; e++)
    if (tr->events[e].source == k && tr->events[e].t == t)
      return true;
  return false;
}

static void check_contacts(const ss_model *m, const ss_trace *tr, const char *label)
{
  int il = ss_scenario_param_index(ss_model_scenario(m), "law");
  /* a state (LuGre's bristle) lets friction lag its velocity: the sign is
   * the memoryless laws' promise */
  bool memoryless = il < 0 || !ss_law_get((ss_law)(int)ss_model_values(m)[il])->has_state;
  for (int k = 0; k < ss_model_n_contacts(m); k++) {
    const char *name = ss_model_contact_name(m, k);
    int iF = column_of(m, name, "F"), iN = column_of(m, name, "N");
    int iv = column_of(m, name, "v"), ist = column_of(m, name, "stick");
    int ir = column_of(m, name, "ratio");
    double mu_s, mu_k, vmax = 0.0;
    ss_model_contact_mu(m, k, &mu_s, &mu_k);
    for (size_t r = 0; r < tr->n_rows; r++)
      vmax = fmax(vmax, fabs(ss_trace_at(tr, r, iv)));
    for (size_t r = 0; r < tr->n_rows; r++) {
      double F = ss_trace_at(tr, r, iF), N = ss_trace_at(tr, r, iN);
      double v = ss_trace_at(tr, r, iv), stuck = ss_trace_at(tr, r, ist);
      g_assert_true(stuck == 0.0 || stuck == 1.0);
      if (ss_model_is_hybrid(m) && stuck == 1.0 && !(fabs(v) <= 1e-12 * (1.0 + vmax)))
        g_error("%s, t = %g: %s stuck at v = %g", label, tr->t[r], name, v);
      if (isnan(F)) { /* undetermined: so is the ratio */
        g_assert_true(isnan(ss_trace_at(tr, r, ir)));
        continue;
      }
      /* static friction at rest; a smooth law's "stuck" is a band |v| <
       * v_stick in which its friction (viscous parts too) depends on v */
      if (ss_model_is_hybrid(m) && stuck == 1.0 &&
          !(fabs(F) <= mu_s * N * (1 + CONE_REL) + CONE_ABS))
        g_error("%s, t = %g: %s stuck with |F| = %.10g > mu_s N = %.10g", label, tr->t[r], name,
                fabs(F), mu_s * N);
      if (memoryless && stuck == 0.0 && F * v > 0.0 && fabs(v) > V_NOISE * vmax &&
          !event_at(tr, k, tr->t[r]))
        g_error("%s, t = %g: %s slides at v = %.6g with friction F = %.6g along it", label,
                tr->t[r], name, v, F);
    }
  }
}

/* Values a model declares undetermined: NaN there, never a number. */
typedef struct undetermined {
  const char *scenario; /* where */
  const char *when[3];  /* in rows where these .stick columns are all 1 */
  const char *what[13]; /* these columns are NaN, and finite elsewhere */
} undetermined;

static const undetermined declared[] = {
    /* total stiction: only the sums 10+12 and 20-12 are determinate */
    {"two-block",
     {"10.stick", "20.stick", "12.stick"},
     {"10.F", "20.F", "12.F", "10.ratio", "20.ratio", "12.ratio", NULL}},
    /* a stuck 1-DOF chain: the statics leaves the reactions open */
    {"slider-crank",
     {"guide.stick"},
     {"O.F", "A.F", "B.F", "guide.F", "O.N", "A.N", "B.N", "guide.N", "O.Rx", "O.Ry", "guide.Rn",
      NULL}},
    {"slider-crank-offset",
     {"guide.stick"},
     {"O.F", "A.F", "B.F", "guide.F", "O.N", "A.N", "B.N", "guide.N", "O.Rx", "O.Ry", "guide.Rn",
      NULL}},
};

static void check_declared(const ss_model *m, const ss_trace *tr, const char *label)
{
  for (size_t d = 0; d < G_N_ELEMENTS(declared); d++) {
    if (strcmp(declared[d].scenario, ss_model_scenario(m)->name) != 0)
      continue;
    int seen = 0;
    for (size_t r = 0; r < tr->n_rows; r++) {
      bool open = true;
      for (int w = 0; w < 3 && declared[d].when[w]; w++)
        open &= ss_trace_at(tr, r, column(m, declared[d].when[w])) == 1.0;
      seen += open;
      for (int w = 0; declared[d].what[w]; w++) {
        double x = ss_trace_at(tr, r, column(m, declared[d].what[w]));
        if (open ? !isnan(x) : !isfinite(x))
          g_error("%s, t = %g: %s = %g %s", label, tr->t[r], declared[d].what[w], x,
                  open ? "where it is undetermined" : "where it is determined");
      }
    }
    g_test_message("%s: %d rows with undetermined values", label, seen);
  }
}

/* Runs that fail today: they must still fail (remove them when fixed). */
static const char *const known_failures[] = {
    /* level 1 (gear inertias 1e-5 kg m²), LuGre, step drive: CVODE's corrector
     * stops converging at t = 7.19 s (passes with --rtol 1e-6 or 1e-10) */
    "gear-train law=lugre drive=step",
};

/* The model of variant v; a refused variant fails the test. */
static ss_model *variant_model(const variant *v)
{
  int n = 0;
  while (v->sets[n])
    n++;
  char *err = NULL;
  ss_model *m = ss_model_new_from_assignments(v->sc, v->sets, n, &err);
  if (!m)
    g_error("%s: refused: %s", v->label, err);
  return m;
}

static bool known_to_fail(const char *label)
{
  for (size_t i = 0; i < G_N_ELEMENTS(known_failures); i++)
    if (strcmp(known_failures[i], label) == 0)
      return true;
  return false;
}

static void test_runs(void)
{
  g_autoptr(GPtrArray) all = all_variants();
  int stuck_rows = 0, undetermined_runs = 0;
  for (guint i = 0; i < all->len; i++) {
    const variant *v = all->pdata[i];
    ss_model *m = variant_model(v);
    check_columns(m, v->label);
    ss_run_opts opts = {0};
    char *err = NULL;
    ss_trace *tr = ss_run(m, &opts, &err);
    if (known_to_fail(v->label)) {
      if (tr)
        g_error("%s: runs now; take it off known_failures", v->label);
      g_test_message("%s: fails as known: %s", v->label, err);
      free(err);
      ss_model_free(m);
      continue;
    }
    if (!tr)
      g_error("%s: %s", v->label, err);
    g_assert_cmpuint(tr->n_rows, >, 10);
    double worst = assert_energy_balance(m, tr, ENERGY_TOL, v->label);
    g_test_message("%s: energy balance within %.2g of the largest energy", v->label, worst);
    check_contacts(m, tr, v->label);
    check_declared(m, tr, v->label);
    for (size_t r = 0; r < tr->n_rows; r++)
      stuck_rows += ss_trace_at(tr, r, column_of(m, ss_model_contact_name(m, 0), "stick")) == 1.0;
    for (size_t r = 0; r < tr->n_rows * (size_t)tr->n_columns; r++)
      if (isnan(tr->rows[r])) {
        undetermined_runs++;
        break;
      }
    ss_trace_free(tr);
    ss_model_free(m);
  }
  g_test_message("%u runs, %d stuck rows, %d runs with undetermined values", all->len, stuck_rows,
                 undetermined_runs);
  g_assert_cmpuint(all->len, >, 50);
  g_assert_cmpint(stuck_rows, >, 1000); /* the cone was tested */
  g_assert_cmpint(undetermined_runs, >, 5);
}

/* ---- the small N_Vector and linear solver: every variant bit for bit ------- */

/* The counters of a run with the small vector and solver (a) and SUNDIALS'
 * own (b): equal, but for the right-hand sides of the energy integrals'
 * Jacobian columns (two per Jacobian), which a's BDF leaves out. */
static bool same_stats(const ss_stats *a, const ss_stats *b, bool bdf)
{
  long saved = b->rhs_evals - a->rhs_evals;
  return a->steps == b->steps && a->root_evals == b->root_evals && a->events == b->events &&
         a->restarts == b->restarts && (bdf ? saved > 0 && saved % 2 == 0 : saved == 0);
}

static void test_nvector(void)
{
  g_autoptr(GPtrArray) all = all_variants();
  for (guint i = 0; i < all->len; i++) {
    const variant *v = all->pdata[i];
    ss_model *m = variant_model(v);
    ss_trace *tr[2];
    char *err[2] = {NULL, NULL};
    for (int serial = 0; serial < 2; serial++) {
      sim_plain_sundials = serial;
      tr[serial] = ss_run(m, &(ss_run_opts){0}, &err[serial]);
    }
    sim_plain_sundials = false;
    if (!tr[0] || !tr[1]) { /* the known failures: the same message */
      g_assert_true(!tr[0] && !tr[1]);
      g_assert_cmpstr(err[0], ==, err[1]);
    } else {
      g_assert_cmpuint(tr[0]->n_rows, ==, tr[1]->n_rows);
      g_assert_cmpuint(tr[0]->n_events, ==, tr[1]->n_events);
      if (memcmp(tr[0]->t, tr[1]->t, sizeof(double) * tr[0]->n_rows) != 0 ||
          memcmp(tr[0]->rows, tr[1]->rows,
                 sizeof(double) * tr[0]->n_rows * (size_t)tr[0]->n_columns) != 0 ||
          (tr[0]->n_events > 0 &&
           memcmp(tr[0]->events, tr[1]->events, sizeof(ss_event) * tr[0]->n_events) != 0) ||
          !same_stats(&tr[0]->stats, &tr[1]->stats, m->stiff))
        g_error("%s: the small N_Vector and linear solver's run differs from SUNDIALS' own",
                v->label);
    }
    for (int k = 0; k < 2; k++) {
      ss_trace_free(tr[k]);
      free(err[k]);
    }
    ss_model_free(m);
  }
  g_test_message("%u variants identical with SUNDIALS' own vector and linear solver", all->len);
}

/* ---- speeds: the contacts' velocities, bit for bit -------------------------- */

/* A model run through wrapped callbacks: each evaluation of contacts or
 * speeds also evaluates the other at the same arguments and compares. */
typedef struct speeds_spy {
  const ss_model *m;  /* the model under test */
  ss_model_ops ops;   /* its callbacks, contacts and speeds wrapped */
  ss_model run;       /* the model with those callbacks: what the run runs */
  const char *label;  /* the variant */
  long compared;      /* states compared */
  GArray *kept_t;     /* times of states kept for the random ones, s */
  GArray *kept_x;     /* those states, nx values each */
  GArray *kept_modes; /* their modes, n_contacts each */
} speeds_spy;

static speeds_spy *spy; /* the one running: runs here are sequential */

static const char *const with_speeds_op[] = {"one-mass",   "dupont",       "two-block",
                                             "gear-train", "slider-crank", "slider-crank-offset",
                                             "two-slider"};

#define SPY_MAX_CONTACTS 16
#define SPY_KEEP_EVERY   7   /* keep every 7th state compared along the run */
#define SPY_RANDOM       400 /* random states per variant */

static void compare_speeds(double t, const double *x, const int *modes, const char *where)
{
  const ss_model *m = spy->m;
  int nc = m->n_contacts;
  g_assert_cmpint(nc, <=, SPY_MAX_CONTACTS);
  double v[SPY_MAX_CONTACTS], margin[SPY_MAX_CONTACTS], fast[SPY_MAX_CONTACTS];
  m->ops->contacts(m, t, x, modes, v, margin, NULL);
  for (int i = 0; i < nc; i++)
    fast[i] = 1234.5; /* an entry speeds leaves alone differs */
  m->ops->speeds(m, t, x, modes, fast);
  for (int i = 0; i < nc; i++)
    if (memcmp(&v[i], &fast[i], sizeof(double)) != 0)
      g_error("%s, %s, t = %.17g, modes %d %d: %s: speeds v = %.17g, contacts v = %.17g",
              spy->label, where, t, modes[0], nc > 1 ? modes[1] : 0, ss_model_contact_name(m, i),
              fast[i], v[i]);
  if (spy->kept_t && spy->compared++ % SPY_KEEP_EVERY == 0) {
    g_array_append_val(spy->kept_t, t);
    g_array_append_vals(spy->kept_x, x, (guint)m->nx);
    g_array_append_vals(spy->kept_modes, modes, (guint)nc);
  }
}

static void spy_contacts(const ss_model *m, double t, const double *x, const int *modes, double *v,
                         double *margin, double *kink)
{
  (void)m;
  spy->m->ops->contacts(spy->m, t, x, modes, v, margin, kink);
  compare_speeds(t, x, modes, "along the run");
}

static void spy_speeds(const ss_model *m, double t, const double *x, const int *modes, double *v)
{
  (void)m;
  spy->m->ops->speeds(spy->m, t, x, modes, v);
  compare_speeds(t, x, modes, "along the run");
}

/* States near and far from those of the run, with its modes or any. */
static void compare_random(GRand *rand, double t_end)
{
  const ss_model *m = spy->m;
  int nx = m->nx, nc = m->n_contacts;
  guint n = spy->kept_t->len;
  g_assert_cmpuint(n, >, 0);
  double *x = g_new(double, (size_t)nx);
  int modes[SPY_MAX_CONTACTS];
  GArray *kept_t = spy->kept_t;
  spy->kept_t = NULL; /* keep no more */
  for (int r = 0; r < SPY_RANDOM; r++) {
    guint k = (guint)g_rand_int_range(rand, 0, (gint32)n);
    const double *xk = &g_array_index(spy->kept_x, double, (size_t)k *(size_t)nx);
    /* near: a relative 1e-6 ... 1e-1; far: any value up to 10 times its size */
    double spread = r % 4 == 3 ? 10.0 : pow(10.0, g_rand_double_range(rand, -6.0, -1.0));
    for (int i = 0; i < nx; i++)
      x[i] = xk[i] + spread * (fabs(xk[i]) + 1e-3) * g_rand_double_range(rand, -1.0, 1.0);
    for (int i = 0; i < nc; i++)
      modes[i] = r % 2 ? g_array_index(spy->kept_modes, int, (size_t)k *(size_t)nc + (size_t)i)
                       : g_rand_int_range(rand, -1, 2);
    double t = r % 3 ? g_array_index(kept_t, double, k) : g_rand_double_range(rand, 0.0, t_end);
    compare_speeds(t, x, modes, "at a random state");
  }
  g_free(x);
  g_array_free(kept_t, TRUE);
}

static void test_speeds(void)
{
  g_autoptr(GPtrArray) all = all_variants();
  g_autoptr(GRand) rand = g_rand_new_with_seed(20261124);
  int with_speeds = 0;
  long compared = 0;
  g_autoptr(GHashTable) scenarios = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < all->len; i++) {
    const variant *v = all->pdata[i];
    ss_model *m = variant_model(v);
    if (!m->ops->speeds || known_to_fail(v->label)) {
      ss_model_free(m);
      continue;
    }
    speeds_spy s = {.m = m, .ops = *m->ops, .run = *m, .label = v->label};
    s.ops.contacts = spy_contacts;
    s.ops.speeds = spy_speeds;
    s.run.ops = &s.ops;
    s.kept_t = g_array_new(FALSE, FALSE, sizeof(double));
    s.kept_x = g_array_new(FALSE, FALSE, sizeof(double));
    s.kept_modes = g_array_new(FALSE, FALSE, sizeof(int));
    spy = &s;
    ss_run_opts opts = {0};
    char *err = NULL;
    ss_trace *tr = ss_run(&s.run, &opts, &err);
    if (!tr)
      g_error("%s: %s", v->label, err);
    long along = s.compared;
    compare_random(rand, ss_model_scenario(m)->t_end);
    g_test_message("%s: speeds equal contacts' v at %ld states along the run and %d random",
                   v->label, along, SPY_RANDOM);
    g_assert_cmpint(along, >, 100);
    with_speeds++;
    compared += s.compared;
    g_hash_table_add(scenarios, (gpointer)v->sc->name);
    spy = NULL;
    g_array_free(s.kept_x, TRUE);
    g_array_free(s.kept_modes, TRUE);
    ss_trace_free(tr);
    ss_model_free(m);
  }
  g_test_message("%d variants with speeds, %ld states compared", with_speeds, compared);
  /* these mechanisms have it: it keeps the integrator's speed checks cheap
   * (docs/events.md); a new one need not */
  for (size_t k = 0; k < G_N_ELEMENTS(with_speeds_op); k++)
    if (!g_hash_table_contains(scenarios, with_speeds_op[k]))
      g_error("%s has no speeds op any more", with_speeds_op[k]);
}

/* ---- integrals: the states no right-hand side reads ------------------------ */

/* A model run through a wrapped right-hand side: each evaluation also
 * evaluates it with the states marked integral (ss_model.integral: the
 * BDF Jacobian leaves their columns out as zero) set to other values, and
 * compares, bit for bit. */
typedef struct rhs_spy {
  const ss_model *m; /* the model under test */
  ss_model_ops ops;  /* its callbacks, rhs wrapped */
  ss_model run;      /* the model with those callbacks */
  const char *label; /* the variant */
  long compared;     /* evaluations compared */
} rhs_spy;

static rhs_spy *rspy; /* the one running */

#define RSPY_MAX_X 64

static int spy_rhs(const ss_model *run, double t, const double *x, const int *modes, double *xdot)
{
  (void)run;
  const ss_model *m = rspy->m;
  int nx = m->nx;
  g_assert_cmpint(nx, <=, RSPY_MAX_X);
  int rc = m->ops->rhs(m, t, x, modes, xdot);
  double y[RSPY_MAX_X], ydot[RSPY_MAX_X];
  for (int k = 0; k < 2; k++) {
    memcpy(y, x, sizeof(double) * (size_t)nx);
    for (int i = 0; i < nx; i++)
      if (m->integral[i])
        y[i] = k == 0 ? y[i] + 1.0 : -7.0 * y[i] - 3e3;
    int rc2 = m->ops->rhs(m, t, y, modes, ydot);
    g_assert_cmpint(rc2, ==, rc);
    if (rc == 0 && memcmp(xdot, ydot, sizeof(double) * (size_t)nx) != 0)
      g_error("%s, t = %.17g: the right-hand side reads a state marked integral", rspy->label, t);
  }
  rspy->compared++;
  return rc;
}

static void test_integrals(void)
{
  g_autoptr(GPtrArray) all = all_variants();
  long compared = 0;
  for (guint i = 0; i < all->len; i++) {
    const variant *v = all->pdata[i];
    ss_model *m = variant_model(v);
    /* every mechanism integrates its work and dissipated energy */
    int marked = 0;
    for (int k = 0; k < m->nx; k++)
      marked += m->integral[k];
    if (marked != 2)
      g_error("%s: %d states marked integral, not the 2 energy integrals", v->label, marked);
    if (known_to_fail(v->label)) {
      ss_model_free(m);
      continue;
    }
    rhs_spy s = {.m = m, .ops = *m->ops, .run = *m, .label = v->label};
    s.ops.rhs = spy_rhs;
    s.run.ops = &s.ops;
    rspy = &s;
    ss_run_opts opts = {0};
    char *err = NULL;
    ss_trace *tr = ss_run(&s.run, &opts, &err);
    if (!tr)
      g_error("%s: %s", v->label, err);
    g_assert_cmpint(s.compared, >, 10);
    compared += s.compared;
    rspy = NULL;
    ss_trace_free(tr);
    ss_model_free(m);
  }
  g_test_message("%u variants, %ld right-hand sides unchanged by their integrals", all->len,
                 compared);
}

/* ---- the CLI: empty fields where the trace has NaN ------------------------ */

static bool have_cli(void)
{
  const char *cli = g_getenv("STICKSLIP_CLI");
  if (cli && g_file_test(cli, G_FILE_TEST_IS_EXECUTABLE))
    return true;
  g_test_skip("STICKSLIP_CLI not set");
  return false;
}

static void test_csv_empty_fields(void)
{
  if (!have_cli())
    return;
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    ss_model *m = make_model(sc->name, NULL);
    ss_run_opts opts = {0};
    ss_trace *tr = ss_run(m, &opts, NULL);
    g_assert_nonnull(tr);
    const char *args[] = {"run", sc->name, "--csv", "-", NULL};
    cli_result r = cli_runv(NULL, NULL, args);
    g_assert_cmpint(r.status, ==, 0);
    g_auto(GStrv) lines = g_strsplit(r.out, "\n", -1);
    g_assert_cmpuint(g_strv_length(lines), ==, tr->n_rows + 2); /* header, rows, "" */
    for (size_t row = 0; row < tr->n_rows; row++) {
      g_auto(GStrv) f = g_strsplit(lines[row + 1], ",", -1);
      g_assert_cmpuint(g_strv_length(f), ==, (guint)tr->n_columns + 1);
      for (int c = 0; c < tr->n_columns; c++) {
        bool empty = f[c + 1][0] == '\0';
        if (empty != (bool)isnan(ss_trace_at(tr, row, c)))
          g_error("%s: row %zu, %s: CSV '%s', trace %g", sc->name, row, ss_model_column(m, c)->name,
                  f[c + 1], ss_trace_at(tr, row, c));
      }
    }
    g_free(r.out);
    g_free(r.err);
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- bad values ----------------------------------------------------------- */

/* Values just outside the range of p: below min (min itself when min is
 * exclusive) and above max.  Returns how many. */
static int outside(const ss_param_info *p, double *out)
{
  int n = 0;
  out[n++] = (p->flags & SS_PARAM_MIN_EXCLUSIVE) ? p->min : nextafter(p->min, -INFINITY);
  out[n++] = nextafter(p->max, INFINITY);
  if (p->flags & SS_PARAM_INTEGER)
    out[n++] = 0.5 * (p->min + p->max) + 0.25;
  return n;
}

static void expect_refused(const ss_scenario *sc, double *values, const char *name,
                           const char *text)
{
  int i = ss_scenario_param_index(sc, name);
  double before = values[i];
  char *err = NULL;
  if (ss_param_set_text(sc, values, name, text, &err))
    g_error("%s: %s=%s accepted", sc->name, name, text);
  g_autofree char *quoted = g_strdup_printf("'%s'", name);
  if (!err || !strstr(err, quoted) || !strstr(err, "valid"))
    g_error("%s: %s=%s refused with \"%s\"", sc->name, name, text, err ? err : "(none)");
  g_assert_cmpfloat(values[i], ==, before); /* the previous value kept */
  free(err);
}

static void test_bad_values(void)
{
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    double *values = g_new(double, sc->n_params);
    ss_scenario_defaults(sc, values);
    for (int i = 0; i < sc->n_params; i++) {
      const ss_param_info *p = &sc->params[i];
      if (p->kind == SS_PARAM_CHOICE) {
        int n = 0;
        while (p->choices[n])
          n++;
        char *err = NULL; /* an index past the last choice (names may be digits: "4") */
        g_assert_false(ss_param_check(p, n, &err));
        g_assert_nonnull(strstr(err, p->name));
        free(err);
        expect_refused(sc, values, p->name, "-1");
        expect_refused(sc, values, p->name, "0.5");
        expect_refused(sc, values, p->name, "no-such-choice");
        continue;
      }
      double bad[3];
      int n = outside(p, bad);
      for (int k = 0; k < n; k++) {
        char text[40];
        g_ascii_formatd(text, sizeof text, "%.17g", bad[k]);
        g_assert_cmpfloat(g_ascii_strtod(text, NULL), ==, bad[k]);
        expect_refused(sc, values, p->name, text);
      }
      expect_refused(sc, values, p->name, "nan");
      expect_refused(sc, values, p->name, "1x");
    }
    /* nothing moved: the defaults still build a model */
    char *err = NULL;
    ss_model *m = sc->create(sc, values, &err);
    if (!m)
      g_error("%s: %s", sc->name, err);
    ss_model_free(m);
    g_free(values);
  }
}

/* The CLI refuses the same values with exit status 2 and a message naming
 * the parameter: for every scenario its first and last real parameter and
 * its first choice, below and above. */
static void test_bad_values_cli(void)
{
  if (!have_cli())
    return;
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    int sample[3] = {-1, -1, -1};
    for (int i = 0; i < sc->n_params; i++) {
      if (sc->params[i].kind == SS_PARAM_REAL) {
        if (sample[0] < 0)
          sample[0] = i;
        sample[1] = i;
      } else if (sample[2] < 0) {
        sample[2] = i;
      }
    }
    for (int k = 0; k < 3; k++) {
      if (sample[k] < 0)
        continue;
      const ss_param_info *p = &sc->params[sample[k]];
      double bad[3];
      int n = p->kind == SS_PARAM_CHOICE ? 1 : outside(p, bad);
      for (int b = 0; b < n; b++) {
        char text[40];
        if (p->kind == SS_PARAM_CHOICE)
          snprintf(text, sizeof text, "no-such-choice");
        else
          g_ascii_formatd(text, sizeof text, "%.17g", bad[b]);
        g_autofree char *set = g_strdup_printf("%s=%s", p->name, text);
        const char *args[] = {"run", sc->name, "--set", set, "--csv", "-", NULL};
        cli_result r = cli_runv(NULL, NULL, args);
        g_autofree char *quoted = g_strdup_printf("'%s'", p->name);
        if (r.status != 2 || !strstr(r.err, quoted) || r.out[0] != '\0')
          g_error("%s --set %s: exit %d, stderr \"%s\"", sc->name, set, r.status, r.err);
        g_free(r.out);
        g_free(r.err);
      }
    }
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/contract/runs", test_runs);
  g_test_add_func("/contract/speeds", test_speeds);
  g_test_add_func("/contract/nvector", test_nvector);
  g_test_add_func("/contract/integrals", test_integrals);
  g_test_add_func("/contract/csv-empty-fields", test_csv_empty_fields);
  g_test_add_func("/contract/bad-values", test_bad_values);
  g_test_add_func("/contract/bad-values-cli", test_bad_values_cli);
  return g_test_run();
}
