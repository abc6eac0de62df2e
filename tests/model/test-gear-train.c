/* test-gear-train.c - gear train with freeplay and bearing friction
 * ([Zardecki2006] §2.2-2.3, §4.1): the reduced stiffness and freeplay
 * against a brute-force series composition, the chain of simplifications
 * (level 1 -> 2 -> 3), the linear level against its modal solution, no
 * torque inside a freeplay, events of the default run. */
#include <time.h>

#include <gsl/gsl_complex.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>

#include "ss-internal.h"
#include "test-util.h"

#define SCENARIO "gear-train"

static double value_of(const ss_model *m, const char *name)
{
  const ss_scenario *sc = ss_model_scenario(m);
  int i = ss_scenario_param_index(sc, name);
  g_assert_cmpint(i, >=, 0);
  return ss_model_values(m)[i];
}

static double at(const ss_trace *tr, size_t r, const ss_model *m, const char *name)
{
  return ss_trace_at(tr, r, column(m, name));
}

/* Rows on the output grid (event rows sit at arbitrary times). */
static bool on_grid(const ss_trace *tr, size_t r, double dt)
{
  double k = tr->t[r] / dt;
  return fabs(k - round(k)) < 1e-9 && (r + 1 == tr->n_rows || tr->t[r + 1] != tr->t[r]);
}

/* Largest difference of column `name` between two runs on the grid,
 * divided by the largest magnitude of the reference. */
static double grid_difference(const ss_model *ma, const ss_trace *a, const ss_model *mb,
                              const ss_trace *b, const char *name, double dt)
{
  int ca = column(ma, name), cb = column(mb, name);
  double diff = 0.0, scale = 0.0;
  size_t j = 0;
  for (size_t i = 0; i < a->n_rows; i++) {
    if (!on_grid(a, i, dt))
      continue;
    while (j < b->n_rows && !(on_grid(b, j, dt) && fabs(b->t[j] - a->t[i]) < 1e-9))
      j++;
    g_assert_cmpuint(j, <, b->n_rows);
    diff = fmax(diff, fabs(ss_trace_at(a, i, ca) - ss_trace_at(b, j, cb)));
    scale = fmax(scale, fabs(ss_trace_at(b, j, cb)));
  }
  return diff / scale;
}

/* ---- parameters and the cross-parameter checks (ranges: test-contract) --- */

static void test_params(void)
{
  static const char *const laws[] = {"exact", "regularised", "tanh", "lugre"};
  for (int level = 1; level <= 4; level++) {
    for (int l = 0; l < 4; l++) {
      char lv[32], lw[32];
      snprintf(lv, sizeof lv, "level=%d", level);
      snprintf(lw, sizeof lw, "law=%s", laws[l]);
      const char *sets[] = {lv, lw, NULL};
      char *err = NULL;
      ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 2, &err);
      g_assert_nonnull(m);
      g_assert_cmpint(ss_model_n_contacts(m), ==, level <= 2 ? 4 : 2);
      g_assert_cmpint(ss_model_n_sources(m), ==,
                      ss_model_n_contacts(m) + (level <= 2   ? 6
                                                : level == 3 ? 2
                                                             : 0));
      /* every freeplay element has a label a person reads, apart from its
       * name in the events file: "mesh freeplay, + side" for "mesh+" */
      for (int i = ss_model_n_contacts(m); i < ss_model_n_sources(m); i++) {
        const char *name = ss_model_source_name(m, i), *label = ss_model_source_label(m, i);
        g_assert_cmpstr(label, !=, name);
        g_assert_nonnull(strstr(label, "freeplay, "));
        g_assert_null(strchr(label, '_'));
        g_assert_true(g_str_has_suffix(label, name[strlen(name) - 1] == '+' ? "+ side" : "− side"));
      }
      for (int i = 0; i < ss_model_n_contacts(m); i++)
        g_assert_cmpstr(ss_model_source_label(m, i), ==, ss_model_contact_label(m, i));
      /* the same angle, torque and freeplay columns at every level */
      const char *common[] = {"psi",
                              "delta",
                              "gamma",
                              "phi",
                              "psi_dot",
                              "phi_dot",
                              "shaft_psi_delta.M",
                              "mesh.M",
                              "mesh.F",
                              "shaft_gamma_phi.M",
                              "mesh.contact",
                              "mesh.defl",
                              "chain.defl",
                              "bearing_psi.F",
                              "bearing_phi.stick",
                              "work.external",
                              "energy.dissipated"};
      for (size_t c = 0; c < G_N_ELEMENTS(common); c++)
        g_assert_cmpint(ss_model_column_find(m, common[c]), >=, 0);
      g_assert_true(ss_model_is_hybrid(m) == (l == 0 || level == 4));
      ss_model_free(m);
    }
  }

  const ss_scenario *sc = ss_scenario_find(SCENARIO);
  char *err = NULL;
  const char *bad_levels[] = {"MT0s_phi=10", "MT0k_phi=20", NULL};
  g_assert_null(ss_model_new_from_assignments(sc, bad_levels, 2, &err));
  g_assert_nonnull(strstr(err, "MT0k_phi"));
  const char *weightless[] = {"level=2", "mu_gamma=0", NULL};
  g_assert_null(ss_model_new_from_assignments(sc, weightless, 2, &err));
  g_assert_nonnull(strstr(err, "mu_gamma"));
  free(err);
}

/* ---- reduced stiffness and freeplay (Simplification 2) ------------------ */

/* Deflection interval of one spring with freeplay k luz(d, a) under torque T. */
static void part_deflection(double k, double a, double T, double *lo, double *hi)
{
  if (T == 0.0) {
    *lo = -a;
    *hi = a;
    return;
  }
  /* brute force: bisection on the force law */
  double l = -1e6, h = 1e6;
  for (int it = 0; it < 80; it++) {
    double mid = 0.5 * (l + h);
    if (k * ss_luz(mid, a) < T)
      l = mid;
    else
      h = mid;
  }
  *lo = *hi = 0.5 * (l + h);
}

/* Torque through the chain psi -[k1,a1]- delta -[k2,a2]- gamma(p) -[k3,a3]- phi
 * at total deflection D = psi - p phi: the series force balance (the same
 * torque T in shaft 1 and the mesh at delta, p T in shaft 3, and D the sum
 * d1 + d2 + p d3 of the part deflections), solved by bisection on T. */
static double series_torque(const double k[3], const double a[3], double p, double D)
{
  double lo = -1e7, hi = 1e7;
  for (int it = 0; it < 120; it++) {
    double T = 0.5 * (lo + hi);
    double dmin = 0.0, dmax = 0.0, l, h;
    for (int i = 0; i < 3; i++) {
      double scale = i == 2 ? p : 1.0;
      part_deflection(k[i], a[i], i == 2 ? p * T : T, &l, &h);
      dmin += scale * l;
      dmax += scale * h;
    }
    if (D > dmax)
      lo = T;
    else if (D < dmin)
      hi = T;
    else if (T == 0.0 || hi - lo < 1e-13 * (1.0 + fabs(T)))
      return T;
    else if (T > 0.0)
      hi = T; /* D inside a point interval: shrink towards T */
    else
      lo = T;
  }
  return 0.5 * (lo + hi);
}

static void test_reduced_series(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(41);
  for (int trial = 0; trial < 6; trial++) {
    double k[3], a[3];
    for (int i = 0; i < 3; i++) {
      k[i] = exp(g_rand_double_range(r, log(50.0), log(5e4)));
      a[i] = g_rand_double_range(r, 0.0, 0.01);
    }
    if (trial == 0)
      a[1] = 0.0; /* one part without freeplay */
    double p = g_rand_double_range(r, 0.5, 20.0);
    char *sets[16];
    int n = 0;
    sets[n++] = g_strdup("level=3");
    sets[n++] = g_strdup_printf("k_psi_delta=%.17g", k[0]);
    sets[n++] = g_strdup_printf("k_delta_gamma=%.17g", k[1]);
    sets[n++] = g_strdup_printf("k_gamma_phi=%.17g", k[2]);
    sets[n++] = g_strdup_printf("gap_psi_delta=%.17g", a[0]);
    sets[n++] = g_strdup_printf("gap_delta_gamma=%.17g", a[1]);
    sets[n++] = g_strdup_printf("gap_gamma_phi=%.17g", a[2]);
    sets[n++] = g_strdup_printf("p=%.17g", p);
    sets[n++] = g_strdup("f_drive=1");
    sets[n++] = NULL;
    ss_model *m = NULL;
    ss_trace *tr = run_scenario(SCENARIO, (const char *const *)sets, 3.0, 0.005, &m);
    int n_contact = 0, n_gap = 0;
    for (size_t row = 0; row < tr->n_rows; row++) {
      double D = at(tr, row, m, "chain.defl");
      double T = at(tr, row, m, "shaft_psi_delta.M");
      double T_ref = series_torque(k, a, p, D);
      g_assert_cmpfloat_with_epsilon(T, T_ref, 1e-9 * (1.0 + fabs(T_ref)));
      g_assert_cmpfloat_with_epsilon(at(tr, row, m, "mesh.M"), T_ref, 1e-9 * (1.0 + fabs(T_ref)));
      g_assert_cmpfloat_with_epsilon(at(tr, row, m, "shaft_gamma_phi.M"), p * T_ref,
                                     1e-9 * (1.0 + fabs(p * T_ref)));
      if (fabs(T_ref) > 1e-6) { /* clearly in contact (not at a gap edge) */
        n_contact++;
        /* in contact every part deflection is determined: check each one */
        const char *defl[3] = {"shaft_psi_delta.defl", "mesh.defl", "shaft_gamma_phi.defl"};
        for (int i = 0; i < 3; i++) {
          double l, h;
          part_deflection(k[i], a[i], i == 2 ? p * T_ref : T_ref, &l, &h);
          g_assert_cmpfloat_with_epsilon(at(tr, row, m, defl[i]), l, 1e-9 * (1.0 + fabs(l)));
        }
        /* and the gear angles follow: delta = psi - d1, p gamma = delta - d2 */
        double psi = at(tr, row, m, "psi"), phi = at(tr, row, m, "phi");
        double gamma = at(tr, row, m, "gamma");
        g_assert_cmpfloat_with_epsilon(gamma - phi, at(tr, row, m, "shaft_gamma_phi.defl"),
                                       1e-9 * (1.0 + fabs(psi)));
      } else if (T_ref == 0.0) {
        n_gap++;
        g_assert_cmpfloat(at(tr, row, m, "chain.contact"), ==, 0.0);
      }
    }
    /* the run visits both branches of the reduced characteristic */
    g_assert_cmpint(n_contact, >, 50);
    g_assert_cmpint(n_gap, >, 5);
    ss_trace_free(tr);
    ss_model_free(m);
    for (int i = 0; i < n; i++)
      g_free(sets[i]);
  }
}

/* ---- level 1 -> level 2 as the gear inertias vanish ---------------------- */

static void test_level1_to_level2(void)
{
  const double t_end = 4.0, dt = 0.01;
  const char *l2_sets[] = {"level=2", NULL};
  ss_model *m2 = NULL;
  ss_trace *ref = run_scenario(SCENARIO, l2_sets, t_end, dt, &m2);
  double I_delta = value_of(m2, "I_delta"), I_gamma = value_of(m2, "I_gamma");
  const double scale[] = {10.0, 1.0, 0.1, 0.01};
  double prev = INFINITY;
  for (size_t s = 0; s < G_N_ELEMENTS(scale); s++) {
    char *a = g_strdup_printf("I_delta=%.17g", I_delta * scale[s]);
    char *b = g_strdup_printf("I_gamma=%.17g", I_gamma * scale[s]);
    const char *sets[] = {"level=1", a, b, NULL};
    ss_model *m1 = NULL;
    ss_trace *tr = run_scenario(SCENARIO, sets, t_end, dt, &m1);
    double d = grid_difference(m1, tr, m2, ref, "psi", dt) +
               grid_difference(m1, tr, m2, ref, "phi", dt) +
               grid_difference(m1, tr, m2, ref, "delta", dt) +
               grid_difference(m1, tr, m2, ref, "gamma", dt);
    g_test_message("I_delta = %g kg m^2: level 1 - level 2 relative difference %.3e",
                   I_delta * scale[s], d);
    g_assert_cmpfloat(d, <, prev); /* shrinks monotonically */
    prev = d;
    ss_trace_free(tr);
    ss_model_free(m1);
    g_free(a);
    g_free(b);
  }
  g_assert_cmpfloat(prev, <, 1e-3);
  ss_trace_free(ref);
  ss_model_free(m2);
}

/* ---- level 2 -> level 3 with ideal gear bearings ------------------------- */

static void test_level2_to_level3(void)
{
  const double t_end = 4.0, dt = 0.01;
  const char *l3_sets[] = {"level=3", NULL};
  ss_model *m3 = NULL;
  ss_trace *ref = run_scenario(SCENARIO, l3_sets, t_end, dt, &m3);
  const double mu[] = {1.0, 0.1, 0.01, 0.001, 1e-4};
  double prev = INFINITY;
  for (size_t s = 0; s < G_N_ELEMENTS(mu); s++) {
    char *a = g_strdup_printf("mu_delta=%.17g", mu[s]);
    char *b = g_strdup_printf("mu_gamma=%.17g", 20.0 * mu[s]);
    const char *sets[] = {"level=2",      a,   b, "MT0s_delta=0", "MT0k_delta=0", "MT0s_gamma=0",
                          "MT0k_gamma=0", NULL};
    ss_model *m2 = NULL;
    ss_trace *tr = run_scenario(SCENARIO, sets, t_end, dt, &m2);
    double d = grid_difference(m2, tr, m3, ref, "psi", dt) +
               grid_difference(m2, tr, m3, ref, "phi", dt) +
               grid_difference(m2, tr, m3, ref, "shaft_psi_delta.M", dt) +
               grid_difference(m2, tr, m3, ref, "shaft_gamma_phi.M", dt);
    g_test_message("mu_delta = %g N m s/rad: level 2 - level 3 relative difference %.3e", mu[s], d);
    g_assert_cmpfloat(d, <, prev);
    prev = d;
    /* weightless gears with ideal bearings sit where level 3 puts them
     * whenever the chain transmits torque */
    if (s + 1 == G_N_ELEMENTS(mu)) {
      size_t j = 0;
      int checked = 0;
      for (size_t i = 0; i < tr->n_rows; i++) {
        if (!on_grid(tr, i, dt))
          continue;
        while (!(on_grid(ref, j, dt) && fabs(ref->t[j] - tr->t[i]) < 1e-9))
          j++;
        if (at(ref, j, m3, "chain.contact") != 1.0 || at(tr, i, m2, "chain.contact") != 1.0)
          continue;
        g_assert_cmpfloat_with_epsilon(at(tr, i, m2, "delta"), at(ref, j, m3, "delta"), 1e-3);
        g_assert_cmpfloat_with_epsilon(at(tr, i, m2, "gamma"), at(ref, j, m3, "gamma"), 1e-4);
        checked++;
      }
      g_assert_cmpint(checked, >, 100);
    }
    ss_trace_free(tr);
    ss_model_free(m2);
    g_free(a);
    g_free(b);
  }
  g_assert_cmpfloat(prev, <, 1e-3);
  ss_trace_free(ref);
  ss_model_free(m3);
}

/* ---- level 4 against its modal solution --------------------------------- */

/* x = (psi, phi): M x'' + C x' + K x = f0 + f1 sin(w1 t) + f2 sin(w2 t), x(0) =
 * x'(0) = 0.  Particular parts: K xs = f0 and (K - w^2 M + i w C) X = f; the
 * homogeneous part from the eigenvectors of the first-order system matrix. */
typedef struct linear2 {
  double M[2], C[2], K[2][2]; /* diagonal mass and damping, stiffness */
  double xs[2];               /* static response to f0 */
  gsl_complex X[2][2];        /* complex amplitudes of the two sinusoids */
  double w[2];                /* their angular frequencies */
  gsl_complex lambda[4];      /* eigenvalues */
  gsl_complex coef[4];        /* modal coordinates of the initial homogeneous state */
  gsl_matrix_complex *V;      /* eigenvectors (columns) */
} linear2;

static void solve_complex_2x2(const linear2 *L, double w, const double *f, gsl_complex *X)
{
  gsl_matrix_complex *A = gsl_matrix_complex_alloc(2, 2);
  gsl_vector_complex *b = gsl_vector_complex_alloc(2), *x = gsl_vector_complex_alloc(2);
  gsl_permutation *perm = gsl_permutation_alloc(2);
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 2; j++) {
      double re = L->K[i][j] - (i == j ? w * w * L->M[i] : 0.0);
      double im = i == j ? w * L->C[i] : 0.0;
      gsl_matrix_complex_set(A, i, j, gsl_complex_rect(re, im));
    }
    gsl_vector_complex_set(b, i, gsl_complex_rect(f[i], 0.0));
  }
  int sgn;
  gsl_linalg_complex_LU_decomp(A, perm, &sgn);
  gsl_linalg_complex_LU_solve(A, perm, b, x);
  for (int i = 0; i < 2; i++)
    X[i] = gsl_vector_complex_get(x, i);
  gsl_matrix_complex_free(A);
  gsl_vector_complex_free(b);
  gsl_vector_complex_free(x);
  gsl_permutation_free(perm);
}

static void linear2_setup(linear2 *L, const double f0[2], const double f1[2], double w1,
                          const double f2[2], double w2)
{
  /* static part */
  double det = L->K[0][0] * L->K[1][1] - L->K[0][1] * L->K[1][0];
  L->xs[0] = (f0[0] * L->K[1][1] - L->K[0][1] * f0[1]) / det;
  L->xs[1] = (L->K[0][0] * f0[1] - f0[0] * L->K[1][0]) / det;
  L->w[0] = w1;
  L->w[1] = w2;
  solve_complex_2x2(L, w1, f1, &L->X[0][0]);
  solve_complex_2x2(L, w2, f2, &L->X[1][0]);
  /* first-order system z = (x, x') */
  gsl_matrix *A = gsl_matrix_calloc(4, 4);
  for (int i = 0; i < 2; i++) {
    gsl_matrix_set(A, i, 2 + i, 1.0);
    for (int j = 0; j < 2; j++)
      gsl_matrix_set(A, 2 + i, j, -L->K[i][j] / L->M[i]);
    gsl_matrix_set(A, 2 + i, 2 + i, -L->C[i] / L->M[i]);
  }
  gsl_vector_complex *eval = gsl_vector_complex_alloc(4);
  L->V = gsl_matrix_complex_alloc(4, 4);
  gsl_eigen_nonsymmv_workspace *ws = gsl_eigen_nonsymmv_alloc(4);
  g_assert_cmpint(gsl_eigen_nonsymmv(A, eval, L->V, ws), ==, 0);
  for (int i = 0; i < 4; i++)
    L->lambda[i] = gsl_vector_complex_get(eval, i);
  /* initial homogeneous state: z(0) - z_particular(0) = -z_particular(0) */
  gsl_vector_complex *z0 = gsl_vector_complex_alloc(4), *c = gsl_vector_complex_alloc(4);
  for (int i = 0; i < 2; i++) {
    /* particular x_p = xs + Im(X1 e^{i w1 t}) + Im(X2 e^{i w2 t}) */
    double xp = L->xs[i] + GSL_IMAG(L->X[0][i]) + GSL_IMAG(L->X[1][i]);
    double vp = w1 * GSL_REAL(L->X[0][i]) + w2 * GSL_REAL(L->X[1][i]);
    gsl_vector_complex_set(z0, i, gsl_complex_rect(-xp, 0.0));
    gsl_vector_complex_set(z0, 2 + i, gsl_complex_rect(-vp, 0.0));
  }
  gsl_matrix_complex *LU = gsl_matrix_complex_alloc(4, 4);
  gsl_matrix_complex_memcpy(LU, L->V);
  gsl_permutation *perm = gsl_permutation_alloc(4);
  int sgn;
  gsl_linalg_complex_LU_decomp(LU, perm, &sgn);
  gsl_linalg_complex_LU_solve(LU, perm, z0, c);
  for (int i = 0; i < 4; i++)
    L->coef[i] = gsl_vector_complex_get(c, i);
  gsl_matrix_complex_free(LU);
  gsl_permutation_free(perm);
  gsl_vector_complex_free(z0);
  gsl_vector_complex_free(c);
  gsl_vector_complex_free(eval);
  gsl_eigen_nonsymmv_free(ws);
  gsl_matrix_free(A);
}

static double linear2_x(const linear2 *L, int i, double t)
{
  double x = L->xs[i];
  for (int s = 0; s < 2; s++)
    x += GSL_IMAG(gsl_complex_mul(L->X[s][i], gsl_complex_polar(1.0, L->w[s] * t)));
  gsl_complex h = gsl_complex_rect(0.0, 0.0);
  for (int k = 0; k < 4; k++)
    h = gsl_complex_add(
        h,
        gsl_complex_mul(
            gsl_matrix_complex_get(L->V, i, k),
            gsl_complex_mul(L->coef[k], gsl_complex_exp(gsl_complex_mul_real(L->lambda[k], t)))));
  return x + GSL_REAL(h);
}

static void test_level4_analytic(void)
{
  const char *sets[] = {"level=4", "M_phi0=-20", "M_phi_amp=15", "f_phi=1.3", NULL};
  ss_run_opts opts = {.t_end = 10.0, .dt_out = 0.01, .rtol = 1e-11, .atol = 1e-13};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario_opts(SCENARIO, sets, &opts, &m);
  linear2 L = {0};
  double p = value_of(m, "p");
  double k = 1.0 / (1.0 / value_of(m, "k_psi_delta") + 1.0 / value_of(m, "k_delta_gamma") +
                    p * p / value_of(m, "k_gamma_phi"));
  L.M[0] = value_of(m, "I_psi");
  L.M[1] = value_of(m, "I_phi");
  L.C[0] = value_of(m, "mu_psi");
  L.C[1] = value_of(m, "mu_phi");
  L.K[0][0] = k;
  L.K[0][1] = L.K[1][0] = -p * k;
  L.K[1][1] = p * p * k + value_of(m, "k_phi_ground");
  const double f0[2] = {0.0, value_of(m, "M_phi0")};
  const double f1[2] = {value_of(m, "M_psi_amp"), 0.0};
  const double f2[2] = {0.0, value_of(m, "M_phi_amp")};
  linear2_setup(&L, f0, f1, 2.0 * M_PI * value_of(m, "f_drive"), f2,
                2.0 * M_PI * value_of(m, "f_phi"));
  double err[2] = {0, 0}, amp[2] = {0, 0};
  for (size_t r = 0; r < tr->n_rows; r++) {
    const char *name[2] = {"psi", "phi"};
    for (int i = 0; i < 2; i++) {
      double exact = linear2_x(&L, i, tr->t[r]);
      err[i] = fmax(err[i], fabs(at(tr, r, m, name[i]) - exact));
      amp[i] = fmax(amp[i], fabs(exact));
    }
  }
  g_test_message("level 4 vs modal solution: psi %.3e rad (of %.3f), phi %.3e rad (of %.4f)",
                 err[0], amp[0], err[1], amp[1]);
  g_assert_cmpfloat(amp[0], >, 0.05);
  g_assert_cmpfloat(err[0], <, 1e-7 * amp[0]);
  g_assert_cmpfloat(err[1], <, 1e-7 * amp[1]);
  gsl_matrix_complex_free(L.V);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- no torque inside a freeplay ----------------------------------------- */

static void check_zero_torque_in_gaps(int level)
{
  char lv[16];
  snprintf(lv, sizeof lv, "level=%d", level);
  const char *sets[] = {lv, NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario(SCENARIO, sets, 10.0, 0.01, &m);
  const char *part[3] = {"shaft_psi_delta", "mesh", "shaft_gamma_phi"};
  for (int i = 0; i < 3; i++) {
    char cs[64], ms[64];
    snprintf(cs, sizeof cs, "%s.contact", part[i]);
    snprintf(ms, sizeof ms, "%s.M", part[i]);
    int n_gap = 0;
    for (size_t r = 0; r < tr->n_rows; r++) {
      if (at(tr, r, m, cs) == 0.0) {
        g_assert_cmpfloat(at(tr, r, m, ms), ==, 0.0);
        n_gap++;
      } else {
        g_assert_cmpfloat(at(tr, r, m, cs), ==, 1.0);
      }
    }
    g_assert_cmpint(n_gap, >, 0);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* A step torque on psi from rest with every freeplay centred: until the
 * chain closes phi feels nothing (it stays exactly at rest although its
 * bearing has no friction), and the closing instant follows from the free
 * motion of psi, I psi'' = M - MT0k - mu psi'. */
static void check_free_travel(int level)
{
  char lv[16];
  snprintf(lv, sizeof lv, "level=%d", level);
  const char *sets[] = {lv,           "drive=step", "t_load=0", "M_psi_amp=2",
                        "MT0s_phi=0", "MT0k_phi=0", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario(SCENARIO, sets, 1.0, 0.001, &m);
  /* the source whose closing lets torque reach phi */
  const char *last = level == 3 ? "chain+" : "shaft_gamma_phi+";
  int src = -1;
  for (int s = 0; s < ss_model_n_sources(m); s++)
    if (strcmp(ss_model_source_name(m, s), last) == 0)
      src = s;
  g_assert_cmpint(src, >=, 0);
  double t_close[4];
  g_assert_cmpint(event_times(tr, src, SS_EVENT_GAP_EXIT, t_close, 4), >=, 1);
  size_t n_before = 0;
  for (size_t r = 0; r < tr->n_rows && tr->t[r] < t_close[0]; r++) {
    /* exactly no torque; the angle stays at rest up to the interpolation of
     * the integrator step that straddles the closing instant (~1e-17 rad) */
    g_assert_cmpfloat(at(tr, r, m, "shaft_gamma_phi.M"), ==, 0.0);
    g_assert_cmpfloat(fabs(at(tr, r, m, "phi")), <=, 1e-12);
    g_assert_cmpfloat(fabs(at(tr, r, m, "phi_dot")), <=, 1e-10);
    if (tr->t[r] < 0.9 * t_close[0]) {
      g_assert_cmpfloat(at(tr, r, m, "phi"), ==, 0.0);
      g_assert_cmpfloat(at(tr, r, m, "phi_dot"), ==, 0.0);
    }
    n_before++;
  }
  g_test_message("level %d: phi at rest until %.9f s (%zu samples)", level, t_close[0], n_before);
  g_assert_cmpuint(n_before, >, 20);
  g_assert_cmpfloat(at(tr, tr->n_rows - 1, m, "phi"), !=, 0.0);
  if (level == 3) {
    double I = value_of(m, "I_psi"), mu = value_of(m, "mu_psi");
    double F = value_of(m, "M_psi_amp") - value_of(m, "MT0k_psi"), tau = I / mu;
    double gap = value_of(m, "gap_psi_delta") + value_of(m, "gap_delta_gamma") +
                 value_of(m, "p") * value_of(m, "gap_gamma_phi");
    double lo = 0.0, hi = 10.0;
    for (int it = 0; it < 200; it++) {
      double t = 0.5 * (lo + hi);
      double psi = F / mu * (t - tau * (1.0 - exp(-t / tau)));
      if (psi < gap)
        lo = t;
      else
        hi = t;
    }
    g_assert_cmpfloat_with_epsilon(t_close[0], 0.5 * (lo + hi), 1e-7);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

static void test_freeplay_no_torque(void)
{
  for (int level = 1; level <= 3; level++) {
    check_zero_torque_in_gaps(level);
    check_free_travel(level);
  }
}

/* ---- the default run: backlash crossings and bearing stick-slip --------- */

static void test_default_events(void)
{
  for (int level = 1; level <= 3; level++) {
    char lv[16];
    snprintf(lv, sizeof lv, "level=%d", level);
    const char *sets[] = {lv, NULL};
    ss_model *m = NULL;
    ss_run_opts opts = {0};
    ss_trace *tr = run_scenario_opts(SCENARIO, sets, &opts, &m);
    int nc = ss_model_n_contacts(m);
    double buf[4096];
    for (int c = 0; c < nc; c++) {
      g_assert_cmpint(event_times(tr, c, SS_EVENT_STICK, buf, 4096), >=, 2);
      g_assert_cmpint(event_times(tr, c, SS_EVENT_SLIP, buf, 4096), >=, 2);
    }
    for (int s = nc; s < ss_model_n_sources(m); s += 2) {
      int enter = event_times(tr, s, SS_EVENT_GAP_ENTER, buf, 4096) +
                  event_times(tr, s + 1, SS_EVENT_GAP_ENTER, buf, 4096);
      int exit = event_times(tr, s, SS_EVENT_GAP_EXIT, buf, 4096) +
                 event_times(tr, s + 1, SS_EVENT_GAP_EXIT, buf, 4096);
      g_assert_cmpint(enter, >=, 4);
      g_assert_cmpint(exit, >=, 4);
    }
    /* stuck bearings: rate exactly zero, static torque within its limit */
    for (size_t r = 0; r < tr->n_rows; r++) {
      for (int c = 0; c < nc; c++) {
        const char *name = ss_model_contact_name(m, c);
        char sc[64], v[64], F[64], N[64];
        snprintf(sc, sizeof sc, "%s.stick", name);
        snprintf(v, sizeof v, "%s.v", name);
        snprintf(F, sizeof F, "%s.F", name);
        snprintf(N, sizeof N, "%s.N", name);
        if (at(tr, r, m, sc) != 1.0)
          continue;
        g_assert_cmpfloat(at(tr, r, m, v), ==, 0.0);
        g_assert_cmpfloat(fabs(at(tr, r, m, F)), <=, at(tr, r, m, N) * (1.0 + 1e-7));
      }
    }
    ss_trace_free(tr);
    ss_model_free(m);
  }
}

/* ---- step economy --------------------------------------------------------- */

/* Each event restarts BDF at order 1 from a short step; the default runs'
 * step counts show the steps growing back soon after (sim.c: a step is
 * changed once it may grow by 1.1; at CVODE's 1.5, 14 764 and 8 275 steps).
 * The counts move by well under 1 % with rtol 0.99e-8 ... 1.01e-8. */
static void test_step_economy(void)
{
  static const struct {
    const char *level;
    long max_steps;
  } cases[] = {{"level=1", 14000}, {"level=2", 7700}};
  for (size_t k = 0; k < G_N_ELEMENTS(cases); k++) {
    const char *sets[] = {cases[k].level, NULL};
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 1, &err);
    g_assert_nonnull(m);
    ss_sim *s = ss_sim_new(m, NULL, &err);
    g_assert_nonnull(s);
    g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, 1);
    ss_stats st = {0};
    ss_sim_get_stats(s, &st);
    g_test_message("%s: %ld steps, %ld events", cases[k].level, st.steps, st.events);
    g_assert_cmpint(st.events, >, 50);
    g_assert_cmpint(st.steps, <, cases[k].max_steps);
    ss_sim_free(s);
    ss_model_free(m);
  }
}

/* ---- benchmark (reported, not asserted) --------------------------------- */

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void test_report_timing(void)
{
  for (int level = 1; level <= 4; level++) {
    char lv[16];
    snprintf(lv, sizeof lv, "level=%d", level);
    const char *sets[] = {lv, NULL};
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 1, &err);
    g_assert_nonnull(m);
    double ms[5];
    ss_stats st = {0};
    for (int k = 0; k < 5; k++) {
      struct timespec a, b;
      clock_gettime(CLOCK_MONOTONIC, &a);
      ss_sim *s = ss_sim_new(m, NULL, &err);
      g_assert_nonnull(s);
      g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, 1);
      clock_gettime(CLOCK_MONOTONIC, &b);
      ss_sim_get_stats(s, &st);
      ss_sim_free(s);
      ms[k] = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) * 1e-6;
    }
    qsort(ms, 5, sizeof ms[0], cmp_double);
    g_test_message("level %d default 10 s: median %.2f ms, %ld steps, %ld RHS, %ld events", level,
                   ms[2], st.steps, st.rhs_evals, st.events);
    ss_model_free(m);
  }
}

/* A step of the load that lands on an output time (drive = step at t_load =
 * 1 s, grid 0.01 s): the row there must show the bearing as the jump leaves
 * it, sliding, not stuck carrying the new torque (it read ratio 13.3,
 * 4 N m against a static 0.3 N m).  No stuck row anywhere above its static
 * level (the ratio axis is |MT| / MT0s). */
static void test_step_on_grid(void)
{
  const char *sets[] = {"drive=step", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario(SCENARIO, sets, 2.0, 0.01, &m);
  int n = ss_model_n_contacts(m), rows_at_step = 0;
  for (int c = 0; c < n; c++) {
    char name[64];
    snprintf(name, sizeof name, "%s.ratio", ss_model_contact_name(m, c));
    int iratio = ss_model_column_find(m, name);
    snprintf(name, sizeof name, "%s.stick", ss_model_contact_name(m, c));
    int istick = ss_model_column_find(m, name);
    g_assert_cmpint(iratio, >=, 0);
    g_assert_cmpint(istick, >=, 0);
    for (size_t r = 0; r < tr->n_rows; r++) {
      double ratio = ss_trace_at(tr, r, iratio);
      if (ss_trace_at(tr, r, istick) != 0.0 && !isnan(ratio))
        g_assert_cmpfloat(ratio, <=, 1.0 + 1e-9);
    }
  }
  int ipsi = ss_model_column_find(m, "bearing_psi.stick");
  for (size_t r = 0; r < tr->n_rows; r++)
    if (tr->t[r] == 1.0) {
      rows_at_step++;
      g_assert_cmpfloat(ss_trace_at(tr, r, ipsi), ==, 0.0);
    }
  g_assert_cmpint(rows_at_step, >=, 1);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* observe_column gives the columns it serves bit for bit as observe()
 * does, at states around the start of every level and law, and serves
 * the rates (the amplitude's velocity column) and, under the smooth laws,
 * the friction ratios: the columns the extremes tracking locates peaks
 * of. */
static void test_observe_column(void)
{
  GRand *rng = g_rand_new_with_seed(23);
  static const char *const levels[] = {"level=1", "level=2", "level=3", "level=4"};
  static const char *const laws[] = {"law=exact", "law=regularised", "law=tanh", "law=lugre"};
  int rates = 0, ratios = 0, variants = 0;
  for (size_t l = 0; l < G_N_ELEMENTS(levels); l++)
    for (size_t k = 0; k < G_N_ELEMENTS(laws); k++) {
      const char *const sets[] = {levels[l], laws[k]};
      char *err = NULL;
      ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 2, &err);
      if (!m) { /* a combination the scenario refuses */
        g_free(err);
        continue;
      }
      variants++;
      g_assert_nonnull(m->ops->observe_column);
      int nc = m->n_columns, nx = m->nx, nk = m->n_contacts;
      double *x0 = g_new(double, nx), *x = g_new(double, nx), *row = g_new(double, nc);
      int *modes = g_new(int, nk + 1);
      m->ops->initial(m, x0);
      static const int pick[] = {SS_MODE_STICK, 1, -1};
      for (int trial = 0; trial < 200; trial++) {
        for (int i = 0; i < nx; i++)
          x[i] = x0[i] + (trial == 0 ? 0.0 : g_rand_double_range(rng, -0.05, 0.05));
        for (int i = 0; i < nk; i++)
          modes[i] = m->hybrid ? pick[g_rand_int_range(rng, 0, 3)] : 1;
        double t = g_rand_double_range(rng, 0.0, 10.0);
        m->ops->observe(m, NULL, t, x, modes, row);
        for (int c = 0; c < nc; c++) {
          double v = -12345.0;
          if (!m->ops->observe_column(m, t, x, modes, c, &v))
            continue;
          if (memcmp(&v, &row[c], sizeof v) != 0)
            g_error("%s %s: column %s at trial %d: %.17g, the row has %.17g", levels[l], laws[k],
                    m->columns[c].name, trial, v, row[c]);
          rates += m->columns[c].kind == SS_COL_VELOCITY;
          ratios += m->columns[c].kind == SS_COL_RATIO;
        }
      }
      g_free(modes);
      g_free(row);
      g_free(x);
      g_free(x0);
      ss_model_free(m);
    }
  g_test_message("%d variants: %d rate and %d ratio columns served", variants, rates, ratios);
  g_assert_cmpint(variants, >=, 10);
  g_assert_cmpint(rates, >, 0);
  g_assert_cmpint(ratios, >, 0);
  g_rand_free(rng);
}

/* speeds_along gives speeds()'s velocities at x + h xdot bit for bit (and
 * speeds gives contacts()'s), on every level and law, in every mode: the
 * dip screen takes each step's end rates from it. */
static void test_speeds_along(void)
{
  GRand *rng = g_rand_new_with_seed(29);
  static const char *const levels[] = {"level=1", "level=2", "level=3", "level=4"};
  static const char *const laws[] = {"law=exact", "law=regularised", "law=tanh", "law=lugre"};
  int variants = 0, compared = 0;
  for (size_t l = 0; l < G_N_ELEMENTS(levels); l++)
    for (size_t k = 0; k < G_N_ELEMENTS(laws); k++) {
      const char *const sets[] = {levels[l], laws[k]};
      char *err = NULL;
      ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 2, &err);
      if (!m) { /* a combination the scenario refuses */
        g_free(err);
        continue;
      }
      variants++;
      g_assert_nonnull(m->ops->speeds);
      g_assert_nonnull(m->ops->speeds_along);
      int nx = m->nx, nk = m->n_contacts;
      double *x = g_new(double, nx), *xd = g_new(double, nx), *xp = g_new(double, nx);
      double *v = g_new(double, nk), *va = g_new(double, nk), *vc = g_new(double, nk);
      double *margin = g_new(double, nk);
      int *modes = g_new(int, nk);
      static const int pick[] = {SS_MODE_STICK, 1, -1};
      for (int trial = 0; trial < 300; trial++) {
        for (int i = 0; i < nx; i++) {
          x[i] = g_rand_double_range(rng, -0.05, 0.05);
          xd[i] = g_rand_double_range(rng, -2.0, 2.0);
        }
        for (int i = 0; i < nk; i++)
          modes[i] = m->hybrid ? pick[g_rand_int_range(rng, 0, 3)] : 1;
        double t = g_rand_double_range(rng, 0.0, 10.0), h = g_rand_double_range(rng, 1e-6, 1e-2);
        for (int i = 0; i < nx; i++)
          xp[i] = x[i] + h * xd[i];
        m->ops->speeds(m, t + h, xp, modes, v);
        m->ops->speeds_along(m, t, x, xd, h, modes, va);
        m->ops->contacts(m, t + h, xp, modes, vc, margin, NULL);
        for (int c = 0; c < nk; c++) {
          if (memcmp(&v[c], &va[c], sizeof v[c]) != 0 || memcmp(&v[c], &vc[c], sizeof v[c]) != 0)
            g_error("%s %s: contact %d at trial %d: speeds %.17g, speeds_along %.17g, "
                    "contacts %.17g",
                    levels[l], laws[k], c, trial, v[c], va[c], vc[c]);
          compared++;
        }
      }
      g_free(modes);
      g_free(margin);
      g_free(vc);
      g_free(va);
      g_free(v);
      g_free(xp);
      g_free(xd);
      g_free(x);
      ss_model_free(m);
    }
  g_test_message("%d variants, %d speeds compared", variants, compared);
  g_assert_cmpint(variants, >=, 10);
  g_rand_free(rng);
}

/* ---- the engine's evaluations per step ------------------------------------ */

static const ss_model_ops *counted_ops;
static long n_speeds, n_speeds_along, n_contacts;

static void counted_speeds(const ss_model *m, double t, const double *x, const int *modes,
                           double *v)
{
  n_speeds++;
  counted_ops->speeds(m, t, x, modes, v);
}

static void counted_speeds_along(const ss_model *m, double t, const double *x, const double *xdot,
                                 double h, const int *modes, double *v)
{
  n_speeds_along++;
  counted_ops->speeds_along(m, t, x, xdot, h, modes, v);
}

static void counted_contacts(const ss_model *m, double t, const double *x, const int *modes,
                             double *v, double *margin, double *kink)
{
  n_contacts++;
  counted_ops->contacts(m, t, x, modes, v, margin, kink);
}

/* The default runs of levels 1 and 2 count the model's velocity
 * evaluations: the root function's at each step's end (one per step, the
 * margins' while a bearing sticks), the dip screen's rates along the step
 * (speeds_along, no state formed and no speeds() called for them), and the
 * few the creeping stops and the dips' searches sample: 6 794 speeds()
 * calls for level 1's 13 446 steps.  Without speeds_along each screened
 * step calls speeds() once more (20 162). */
static void test_screen_evaluations(void)
{
  static const char *const levels[] = {"level=1", "level=2"};
  for (size_t k = 0; k < G_N_ELEMENTS(levels); k++) {
    const char *sets[] = {levels[k]};
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 1, &err);
    g_assert_nonnull(m);
    ss_model_ops ops = *m->ops;
    counted_ops = m->ops;
    ops.speeds = counted_speeds;
    ops.contacts = counted_contacts;
    ops.speeds_along = ops.speeds_along ? counted_speeds_along : NULL;
    m->ops = &ops;
    n_speeds = n_speeds_along = n_contacts = 0;
    ss_sim *s = ss_sim_new(m, NULL, &err);
    g_assert_nonnull(s);
    g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, 1);
    ss_stats st = {0};
    ss_sim_get_stats(s, &st);
    ss_sim_free(s);
    m->ops = counted_ops;
    ss_model_free(m);
    g_test_message("%s: %ld steps, %ld root evaluations; speeds %ld, speeds_along %ld, "
                   "contacts %ld",
                   levels[k], st.steps, st.root_evals, n_speeds, n_speeds_along, n_contacts);
    g_assert_cmpint(st.steps, >, 5000);
    /* the rates of nearly every step along it, none through speeds() */
    g_assert_cmpint(n_speeds_along, >, st.steps * 9 / 10);
    g_assert_cmpint(n_speeds_along, <=, st.steps);
    g_assert_cmpint(n_speeds, <, st.steps * 3 / 4);
    /* the root function: one velocity evaluation each */
    g_assert_cmpint(n_speeds + n_contacts, >=, st.root_evals);
  }
}

/* aux_active leaves out exactly the far side of an engaged freeplay (and
 * both sides of none), and what it leaves out keeps its sign along any
 * straight path from there until a function it keeps changes sign. */
static void test_aux_active(void)
{
  GRand *rng = g_rand_new_with_seed(31);
  static const char *const sets_of[][2] = {{"level=1", "law=exact"},
                                           {"level=2", "law=exact"},
                                           {"level=3", "law=exact"},
                                           {"level=1", "gap_psi_delta=0"}};
  int left_out = 0, kept = 0;
  for (size_t k = 0; k < G_N_ELEMENTS(sets_of); k++) {
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets_of[k], 2, &err);
    g_assert_nonnull(m);
    g_assert_nonnull(m->ops->aux_active);
    int nx = m->nx, na = m->n_aux;
    g_assert_cmpint(na, >, 0);
    double *x = g_new(double, nx), *d = g_new(double, nx), *xs = g_new(double, nx);
    double *g0 = g_new(double, na), *gs = g_new(double, na);
    bool *on = g_new(bool, na);
    for (int trial = 0; trial < 400; trial++) {
      for (int i = 0; i < nx; i++) {
        x[i] = g_rand_double_range(rng, -0.05, 0.05);
        d[i] = g_rand_double_range(rng, -0.2, 0.2);
      }
      m->ops->aux(m, 0.0, x, g0);
      m->ops->aux_active(m, x, on);
      for (int j = 0; j < na; j += 2) {
        bool none = g0[j] == 1.0 && g0[j + 1] == 1.0; /* no freeplay: constant */
        g_assert_true(on[j] == (!none && !(g0[j + 1] > 0.0)));
        g_assert_true(on[j + 1] == (!none && !(g0[j] > 0.0)));
        for (int i = j; i < j + 2; i++) {
          left_out += !on[i];
          kept += on[i];
        }
      }
      /* along x + s d: the left-out ones keep their signs until a kept
       * one changes sign */
      for (int step = 1; step <= 400; step++) {
        for (int i = 0; i < nx; i++)
          xs[i] = x[i] + (step / 400.0) * d[i];
        m->ops->aux(m, 0.0, xs, gs);
        bool kept_crossed = false;
        for (int j = 0; j < na; j++)
          kept_crossed |= on[j] && (gs[j] > 0.0) != (g0[j] > 0.0);
        if (kept_crossed)
          break;
        for (int j = 0; j < na; j++)
          if (!on[j] && (gs[j] > 0.0) != (g0[j] > 0.0))
            g_error("%s %s: aux function %d changed sign before any kept one (trial %d)",
                    sets_of[k][0], sets_of[k][1], j, trial);
      }
    }
    g_free(on);
    g_free(gs);
    g_free(g0);
    g_free(xs);
    g_free(d);
    g_free(x);
    ss_model_free(m);
  }
  g_test_message("%d aux functions left out, %d kept", left_out, kept);
  g_assert_cmpint(left_out, >, 0);
  g_assert_cmpint(kept, >, 0);
  g_rand_free(rng);
}

/* The default runs of levels 1 and 2 are the same bit for bit whether the
 * integrator watches every freeplay function or only those aux_active
 * keeps: rows, events and steps. */
static void test_aux_active_same_run(void)
{
  static const char *const levels[] = {"level=1", "level=2"};
  for (size_t k = 0; k < G_N_ELEMENTS(levels); k++) {
    const char *sets[] = {levels[k]};
    char *err = NULL;
    ss_model *m = ss_model_new_from_assignments(ss_scenario_find(SCENARIO), sets, 1, &err);
    g_assert_nonnull(m);
    g_assert_nonnull(m->ops->aux_active);
    ss_trace *kept = ss_run(m, NULL, &err);
    g_assert_nonnull(kept);
    const ss_model_ops *own = m->ops;
    ss_model_ops every = *own;
    every.aux_active = NULL;
    m->ops = &every;
    ss_trace *all = ss_run(m, NULL, &err);
    m->ops = own;
    g_assert_nonnull(all);
    g_test_message("%s: %zu rows, %zu events", levels[k], kept->n_rows, kept->n_events);
    g_assert_cmpuint(kept->n_events, >, 50);
    g_assert_cmpuint(kept->n_rows, ==, all->n_rows);
    g_assert_cmpuint(kept->n_events, ==, all->n_events);
    g_assert_true(memcmp(kept->t, all->t, sizeof(double) * kept->n_rows) == 0);
    g_assert_true(
        memcmp(kept->rows, all->rows, sizeof(double) * kept->n_rows * (size_t)m->n_columns) == 0);
    for (size_t e = 0; e < kept->n_events; e++) {
      g_assert_true(memcmp(&kept->events[e].t, &all->events[e].t, sizeof(double)) == 0);
      g_assert_cmpint(kept->events[e].source, ==, all->events[e].source);
      g_assert_cmpint(kept->events[e].kind, ==, all->events[e].kind);
    }
    ss_trace_free(all);
    ss_trace_free(kept);
    ss_model_free(m);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/gear-train/params", test_params);
  g_test_add_func("/gear-train/reduced-series", test_reduced_series);
  g_test_add_func("/gear-train/level1-to-level2", test_level1_to_level2);
  g_test_add_func("/gear-train/level2-to-level3", test_level2_to_level3);
  g_test_add_func("/gear-train/level4-analytic", test_level4_analytic);
  g_test_add_func("/gear-train/freeplay-no-torque", test_freeplay_no_torque);
  g_test_add_func("/gear-train/default-events", test_default_events);
  g_test_add_func("/gear-train/step-on-grid", test_step_on_grid);
  g_test_add_func("/gear-train/step-economy", test_step_economy);
  g_test_add_func("/gear-train/observe-column", test_observe_column);
  g_test_add_func("/gear-train/speeds-along", test_speeds_along);
  g_test_add_func("/gear-train/screen-evaluations", test_screen_evaluations);
  g_test_add_func("/gear-train/aux-active", test_aux_active);
  g_test_add_func("/gear-train/aux-active-same-run", test_aux_active_same_run);
  g_test_add_func("/gear-train/timing", test_report_timing);
  return g_test_run();
}
