/* test-nvector.c - the small N_Vector (model/core/nvector-small.c) and
 * dense linear solver (sim-linsol.c) against SUNDIALS' serial vector and
 * SUNLinSol_Dense.  The vector: every operation it replaces, through SUNDIALS'
 * generic N_Vector calls as CVODE makes them, bit for bit, at every length
 * from 1 to 20 (the fixed lengths and the plain loop above them), with
 * the coefficients that take the serial vector's special cases (+-1,
 * a = b, a = -b, 0) and with the output aliasing an input; and whole runs
 * of every bench variant, bit for bit. */
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunnonlinsol/sunnonlinsol_newton.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "nvector-small.h"
#include "sim-private.h"
#include "test-util.h"

#define NVEC 4 /* vectors in the fused and array operations */

typedef struct pair {
  N_Vector s[NVEC + 3]; /* serial */
  N_Vector f[NVEC + 3]; /* small */
  int n;
} pair;

static void fill(pair *p, GRand *r)
{
  for (int k = 0; k < NVEC + 3; k++) {
    double *a = N_VGetArrayPointer(p->s[k]), *b = N_VGetArrayPointer(p->f[k]);
    for (int i = 0; i < p->n; i++) {
      double v = g_rand_double_range(r, -1.0, 1.0) * pow(10.0, g_rand_int_range(r, -8, 8));
      int pick = g_rand_int_range(r, 0, 12);
      if (pick == 0)
        v = 0.0;
      else if (pick == 1)
        v = -0.0;
      else if (k > 0 && pick < 5) /* equal and opposite elements: the signs of zeros */
        v = (pick == 2 ? 1.0 : -1.0) * N_VGetArrayPointer(p->s[k - 1])[i];
      a[i] = b[i] = v;
    }
  }
}

static void assert_same(const pair *p, const char *what)
{
  for (int k = 0; k < NVEC + 3; k++)
    if (memcmp(N_VGetArrayPointer(p->s[k]), N_VGetArrayPointer(p->f[k]),
               sizeof(double) * (size_t)p->n) != 0)
      g_error("%s, n = %d: vector %d differs from the serial vector's", what, p->n, k);
}

static void assert_same_real(double a, double b, const char *what, int n)
{
  if (memcmp(&a, &b, sizeof a) != 0)
    g_error("%s, n = %d: %.17g against the serial vector's %.17g", what, n, b, a);
}

static void test_ops(void)
{
  SUNContext ctx;
  g_assert_cmpint(SUNContext_Create(NULL, &ctx), ==, 0);
  GRand *r = g_rand_new_with_seed(7);
  static const double coef[] = {1.0, -1.0, 0.0, 0.5, -0.5, 2.0, 1e-3, -3.25};
  int nc = (int)G_N_ELEMENTS(coef);
  for (int n = 1; n <= 20; n++) {
    pair p = {.n = n};
    N_Vector small = ss_nvector_small_new(n, ctx);
    for (int k = 0; k < NVEC + 3; k++) {
      p.s[k] = N_VNew_Serial(n, ctx);
      p.f[k] = N_VClone(small); /* a clone is a small vector too */
    }
    g_assert_true(small->ops->nvlinearsum == p.f[0]->ops->nvlinearsum);
    g_assert_true(p.s[0]->ops->nvlinearsum != p.f[0]->ops->nvlinearsum);
    N_Vector *S = p.s, *F = p.f;
    for (int ia = 0; ia < nc; ia++)
      for (int ib = 0; ib < nc; ib++) {
        double a = coef[ia], b = coef[ib];
        /* z apart, z = y, z = x */
        for (int alias = 0; alias < 3; alias++) {
          fill(&p, r);
          int z = alias == 0 ? 2 : alias == 1 ? 1 : 0;
          N_VLinearSum(a, S[0], b, S[1], S[z]);
          N_VLinearSum(a, F[0], b, F[1], F[z]);
          assert_same(&p, "N_VLinearSum");
        }
        fill(&p, r);
        N_VLinearSumVectorArray(2, a, S, b, S + 2, S + 4);
        N_VLinearSumVectorArray(2, a, F, b, F + 2, F + 4);
        assert_same(&p, "N_VLinearSumVectorArray");
      }
    for (int ia = 0; ia < nc; ia++) {
      double c = coef[ia];
      fill(&p, r);
      N_VScale(c, S[0], S[1]);
      N_VScale(c, F[0], F[1]);
      N_VScale(c, S[2], S[2]);
      N_VScale(c, F[2], F[2]);
      N_VConst(c, S[3]);
      N_VConst(c, F[3]);
      N_VAddConst(S[4], c, S[5]);
      N_VAddConst(F[4], c, F[5]);
      assert_same(&p, "N_VScale, N_VConst, N_VAddConst");
      fill(&p, r);
      N_VConstVectorArray(3, c, S);
      N_VConstVectorArray(3, c, F);
      assert_same(&p, "N_VConstVectorArray");
    }
    for (int rep = 0; rep < 20; rep++) {
      fill(&p, r);
      N_VProd(S[0], S[1], S[2]);
      N_VProd(F[0], F[1], F[2]);
      N_VDiv(S[3], S[1], S[4]);
      N_VDiv(F[3], F[1], F[4]);
      N_VAbs(S[5], S[5]);
      N_VAbs(F[5], F[5]);
      N_VInv(S[6], S[0]);
      N_VInv(F[6], F[0]);
      assert_same(&p, "N_VProd, N_VDiv, N_VAbs, N_VInv");
      fill(&p, r);
      assert_same_real(N_VMaxNorm(S[0]), N_VMaxNorm(F[0]), "N_VMaxNorm", n);
      assert_same_real(N_VWrmsNorm(S[0], S[1]), N_VWrmsNorm(F[0], F[1]), "N_VWrmsNorm", n);
      assert_same_real(N_VWSqrSumLocal(S[2], S[3]), N_VWSqrSumLocal(F[2], F[3]), "N_VWSqrSumLocal",
                       n);
      double ns[2], nf[2];
      N_VWrmsNormVectorArray(2, S, S + 2, ns);
      N_VWrmsNormVectorArray(2, F, F + 2, nf);
      assert_same_real(ns[0], nf[0], "N_VWrmsNormVectorArray", n);
      assert_same_real(ns[1], nf[1], "N_VWrmsNormVectorArray", n);

      /* fused: coefficients with +-1 among them, z apart and z = X[0], X[2] */
      double c[NVEC];
      for (int k = 0; k < NVEC; k++)
        c[k] = coef[g_rand_int_range(r, 0, nc)];
      for (int alias = 0; alias < 3; alias++) {
        fill(&p, r);
        int z = alias == 0 ? NVEC : alias == 1 ? 0 : 2;
        N_VLinearCombination(NVEC, c, S, S[z]);
        N_VLinearCombination(NVEC, c, F, F[z]);
        assert_same(&p, "N_VLinearCombination");
      }
      for (int alias = 0; alias < 2; alias++) {
        fill(&p, r);
        N_Vector *Zs = alias ? S + 1 : S + 1 + 2, *Zf = alias ? F + 1 : F + 1 + 2;
        N_VScaleAddMulti(2, c, S[0], S + 1, Zs);
        N_VScaleAddMulti(2, c, F[0], F + 1, Zf);
        assert_same(&p, "N_VScaleAddMulti");
      }
      fill(&p, r);
      N_VScaleVectorArray(3, c, S, S + 3);
      N_VScaleVectorArray(3, c, F, F + 3);
      assert_same(&p, "N_VScaleVectorArray");
    }
    for (int k = 0; k < NVEC + 3; k++) {
      N_VDestroy(p.s[k]);
      N_VDestroy(p.f[k]);
    }
    N_VDestroy(small);
  }
  g_rand_free(r);
  SUNContext_Free(&ctx);
}

/* The small dense linear solver (sim-linsol.c) against SUNLinSol_Dense:
 * factors, pivots, solutions and the zero-pivot failure, bit for bit. */
static void test_linsol(void)
{
  SUNContext ctx;
  g_assert_cmpint(SUNContext_Create(NULL, &ctx), ==, 0);
  GRand *r = g_rand_new_with_seed(5);
  int failures = 0;
  for (int n = 1; n <= 20; n++)
    for (int rep = 0; rep < 30; rep++) {
      N_Vector b = N_VNew_Serial(n, ctx), xs = N_VNew_Serial(n, ctx), xf = N_VNew_Serial(n, ctx);
      SUNMatrix As = SUNDenseMatrix(n, n, ctx), Af = SUNDenseMatrix(n, n, ctx);
      SUNLinearSolver Ls = SUNLinSol_Dense(b, As, ctx), Lf = sim_linsol_small(n, ctx);
      g_assert_nonnull(Lf);
      double *as = SUNDenseMatrix_Data(As), *af = SUNDenseMatrix_Data(Af);
      for (int i = 0; i < n * n; i++) {
        int pick = g_rand_int_range(r, 0, 8);
        double v = g_rand_double_range(r, -1.0, 1.0) * pow(10.0, g_rand_int_range(r, -4, 4));
        as[i] = af[i] = pick < 2 ? 0.0 : pick == 2 && i > 0 ? -as[i - 1] : v;
      }
      if (rep == 0 && n > 1) /* a zero column: the setup fails */
        for (int i = 0; i < n; i++)
          as[n + i] = af[n + i] = 0.0;
      for (int i = 0; i < n; i++)
        N_VGetArrayPointer(b)[i] = g_rand_double_range(r, -3.0, 3.0);
      int fs = SUNLinSolSetup(Ls, As), ff = SUNLinSolSetup(Lf, Af);
      g_assert_cmpint(fs == 0, ==, ff == 0);
      g_assert_cmpint(SUNLinSolLastFlag(Ls), ==, SUNLinSolLastFlag(Lf));
      if (fs != 0) {
        failures++;
      } else {
        g_assert_cmpint(memcmp(as, af, sizeof(double) * (size_t)(n * n)), ==, 0);
        g_assert_cmpint(SUNLinSolSolve(Ls, As, xs, b, 0.0), ==, 0);
        g_assert_cmpint(SUNLinSolSolve(Lf, Af, xf, b, 0.0), ==, 0);
        g_assert_cmpint(
            memcmp(N_VGetArrayPointer(xs), N_VGetArrayPointer(xf), sizeof(double) * (size_t)n), ==,
            0);
      }
      SUNLinSolFree(Ls);
      SUNLinSolFree(Lf);
      SUNMatDestroy(As);
      SUNMatDestroy(Af);
      N_VDestroy(b);
      N_VDestroy(xs);
      N_VDestroy(xf);
    }
  g_assert_cmpint(failures, >=, 19);

  /* the matrix operations of CVLS's setup: copy, zero, scale-add-identity */
  for (int n = 1; n <= 20; n++) {
    SUNMatrix As = SUNDenseMatrix(n, n, ctx), Af = SUNDenseMatrix(n, n, ctx);
    SUNMatrix Bs = SUNDenseMatrix(n, n, ctx), Bf = SUNDenseMatrix(n, n, ctx);
    sim_matrix_small_ops(Af);
    g_assert_true(Af->ops->scaleaddi != As->ops->scaleaddi);
    double *as = SUNDenseMatrix_Data(As), *af = SUNDenseMatrix_Data(Af);
    for (int i = 0; i < n * n; i++)
      as[i] = af[i] = g_rand_double_range(r, -2.0, 2.0) * pow(10.0, g_rand_int_range(r, -6, 6));
    double c = g_rand_double_range(r, -1e-3, 1e-3);
    g_assert_cmpint(SUNMatScaleAddI(c, As), ==, 0);
    g_assert_cmpint(SUNMatScaleAddI(c, Af), ==, 0);
    g_assert_cmpint(memcmp(as, af, sizeof(double) * (size_t)(n * n)), ==, 0);
    g_assert_cmpint(SUNMatCopy(As, Bs), ==, 0);
    g_assert_cmpint(SUNMatCopy(Af, Bf), ==, 0);
    g_assert_cmpint(
        memcmp(SUNDenseMatrix_Data(Bs), SUNDenseMatrix_Data(Bf), sizeof(double) * (size_t)(n * n)),
        ==, 0);
    g_assert_cmpint(SUNMatZero(Af), ==, 0);
    for (int i = 0; i < n * n; i++)
      g_assert_cmpfloat(af[i], ==, 0.0);
    /* CVLS's saved Jacobian is a clone: it copies back with the same ops */
    SUNMatrix Cf = SUNMatClone(Af);
    g_assert_nonnull(Cf);
    g_assert_true(Cf->ops->copy == Af->ops->copy);
    g_assert_true(Cf->ops->scaleaddi == Af->ops->scaleaddi);
    g_assert_cmpint(SUNMatCopy(Bf, Cf), ==, 0);
    g_assert_cmpint(
        memcmp(SUNDenseMatrix_Data(Cf), SUNDenseMatrix_Data(Bs), sizeof(double) * (size_t)(n * n)),
        ==, 0);
    SUNMatDestroy(Cf);
    SUNMatDestroy(As);
    SUNMatDestroy(Af);
    SUNMatDestroy(Bs);
    SUNMatDestroy(Bf);
  }
  g_rand_free(r);
  SUNContext_Free(&ctx);
}

/* Whole runs: rows, events and the integrator's counters equal, but for
 * the right-hand sides of the Jacobian's columns of the energy integrals
 * (two per Jacobian) that the small run's BDF (sim_jac_dq) leaves out. */
static void test_runs(void)
{
  static const char *const variants[][4] = {
      {"one-mass", NULL},
      {"one-mass", "law=lugre"},
      {"one-mass", "law=regularised"},
      {"dupont", NULL},
      {"two-block", NULL},
      {"gear-train", NULL},
      {"gear-train", "level=2"},
      {"gear-train", "law=lugre"},
      {"slider-crank", NULL},
      {"slider-crank-offset", NULL},
      {"two-slider", NULL},
      {"two-slider", "rod=flexible", "law=lugre"},
  };
  /* the BDF runs (a Jacobian) */
  static const bool bdf[] = {false, true, true,  false, false, true,
                             true,  true, false, false, false, true};
  G_STATIC_ASSERT(G_N_ELEMENTS(bdf) == G_N_ELEMENTS(variants));
  for (size_t v = 0; v < G_N_ELEMENTS(variants); v++) {
    ss_trace *tr[2];
    for (int serial = 0; serial < 2; serial++) {
      sim_plain_sundials = serial;
      tr[serial] = run_scenario_opts(variants[v][0], &variants[v][1], NULL, NULL);
    }
    sim_plain_sundials = false;
    g_assert_cmpuint(tr[0]->n_rows, ==, tr[1]->n_rows);
    g_assert_cmpuint(tr[0]->n_events, ==, tr[1]->n_events);
    g_assert_cmpint(memcmp(tr[0]->t, tr[1]->t, sizeof(double) * tr[0]->n_rows), ==, 0);
    g_assert_cmpint(
        memcmp(tr[0]->rows, tr[1]->rows, sizeof(double) * tr[0]->n_rows * (size_t)tr[0]->n_columns),
        ==, 0);
    if (tr[0]->n_events > 0) /* (events is NULL without any) */
      g_assert_cmpint(memcmp(tr[0]->events, tr[1]->events, sizeof(ss_event) * tr[0]->n_events), ==,
                      0);
    g_assert_cmpint(tr[0]->stats.steps, ==, tr[1]->stats.steps);
    long saved = tr[1]->stats.rhs_evals - tr[0]->stats.rhs_evals;
    if (bdf[v]) {
      g_assert_cmpint(saved, >, 0);
      g_assert_cmpint(saved % 2, ==, 0);
    } else {
      g_assert_cmpint(saved, ==, 0);
    }
    g_assert_cmpint(tr[0]->stats.root_evals, ==, tr[1]->stats.root_evals);
    g_assert_cmpint(tr[0]->stats.events, ==, tr[1]->stats.events);
    g_assert_cmpint(tr[0]->stats.restarts, ==, tr[1]->stats.restarts);
    g_test_message("%s %s: %zu rows, %ld steps: identical", variants[v][0],
                   variants[v][1] ? variants[v][1] : "", tr[0]->n_rows, tr[0]->stats.steps);
    ss_trace_free(tr[0]);
    ss_trace_free(tr[1]);
  }
}

/* One run of variant `sets` of `name` on the small vector and solver,
 * with CVODE's own Newton solver (SUNNonlinSol_Newton) and error weights
 * (its scalar or vector tolerances, as set_tolerances gives them), or
 * with sim-newton.c's, each put in by hand whatever the run's set-up
 * gave.  The counters in *st: steps, right-hand sides (the run's count),
 * nonlinear iterations and convergence failures, error-test failures,
 * linear set-ups and Jacobians (CVODE's, of the last segment). */
static ss_trace *newton_run(const char *name, const char *const *sets, const ss_run_opts *o,
                            bool own, long st[7])
{
  ss_model *m = make_model(name, sets);
  char *err = NULL;
  ss_sim *s = ss_sim_new(m, o, &err);
  if (!s)
    g_error("%s: %s", name, err);
  g_assert_true(m->stiff);
  SUNNonlinearSolver old = s->NLS;
  s->NLS = own ? SUNNonlinSol_Newton(s->y, s->ctx) : sim_newton_new(s);
  g_assert_nonnull(s->NLS);
  g_assert_cmpint(CVodeSetNonlinearSolver(s->cvode, s->NLS), ==, CV_SUCCESS);
  if (old)
    SUNNonlinSolFree(old);
  if (own) {
    double rtol = s->opts.rtol, atol = s->opts.atol;
    bool per_state = false;
    N_Vector a = N_VNew_Serial(m->nx, s->ctx);
    for (int i = 0; i < m->nx; i++) {
      per_state |= m->state_size[i] > 0.0 && SS_STATE_SIZE_SHARE * m->state_size[i] < atol;
      N_VGetArrayPointer(a)[i] =
          m->state_size[i] > 0.0 ? fmin(atol, SS_STATE_SIZE_SHARE * m->state_size[i]) : atol;
    }
    g_assert_cmpint(per_state ? CVodeSVtolerances(s->cvode, rtol, a)
                              : CVodeSStolerances(s->cvode, rtol, atol),
                    ==, CV_SUCCESS);
    N_VDestroy(a);
  } else {
    g_assert_cmpint(CVodeWFtolerances(s->cvode, sim_ewt), ==, CV_SUCCESS);
  }
  ss_trace *tr = ss_trace_new(m->n_columns);
  ss_sink sink = ss_trace_sink(tr);
  g_assert_cmpint(ss_sim_advance(s, ss_sim_t_end(s), &sink), ==, 1);
  ss_stats stats;
  ss_sim_get_stats(s, &stats);
  st[0] = stats.steps;
  st[1] = stats.rhs_evals;
  CVodeGetNumNonlinSolvIters(s->cvode, &st[2]);
  CVodeGetNumNonlinSolvConvFails(s->cvode, &st[3]);
  CVodeGetNumErrTestFails(s->cvode, &st[4]);
  CVodeGetNumLinSolvSetups(s->cvode, &st[5]);
  CVodeGetNumJacEvals(s->cvode, &st[6]);
  ss_sim_free(s);
  ss_model_free(m);
  return tr;
}

/* sim-newton.c's Newton iteration (CVODE's residual and CVLS's solve
 * inline) and error weights in one loop give CVODE's runs bit for bit:
 * every BDF variant of the bench, a bristle with its own absolute
 * tolerance (CVODE's vector tolerances), a preview's loose tolerances and
 * a convergence failure's retry; the same steps, right-hand sides, Newton
 * iterations and failures. */
static void test_newton(void)
{
  static const char *const variants[][4] = {
      {"one-mass", "law=lugre"},
      {"one-mass", "law=regularised"},
      {"one-mass", "law=tanh"},
      {"one-mass", "law=lugre", "sigma0=1e8"}, /* a bristle below atol: vector tolerances */
      {"dupont", "law=lugre"},
      {"gear-train", NULL},
      {"gear-train", "level=2"},
      {"gear-train", "law=lugre"},
      {"two-slider", "rod=flexible", "law=lugre"},
  };
  ss_run_opts loose = {.rtol = 1e-4, .atol = 1e-6};
  long fails = 0, setups = 0;
  for (size_t v = 0; v < G_N_ELEMENTS(variants); v++)
    for (int tol = 0; tol < 2; tol++) {
      const ss_run_opts *o = tol ? &loose : NULL;
      long st[2][7];
      ss_trace *tr[2];
      for (int own = 0; own < 2; own++)
        tr[own] = newton_run(variants[v][0], &variants[v][1], o, own, st[own]);
      g_assert_cmpuint(tr[0]->n_rows, ==, tr[1]->n_rows);
      g_assert_cmpuint(tr[0]->n_events, ==, tr[1]->n_events);
      if (memcmp(tr[0]->t, tr[1]->t, sizeof(double) * tr[0]->n_rows) != 0 ||
          memcmp(tr[0]->rows, tr[1]->rows,
                 sizeof(double) * tr[0]->n_rows * (size_t)tr[0]->n_columns) != 0)
        g_error("%s %s (tolerances %d): rows differ from CVODE's own", variants[v][0],
                variants[v][1] ? variants[v][1] : "", tol);
      if (tr[0]->n_events > 0)
        g_assert_cmpint(memcmp(tr[0]->events, tr[1]->events, sizeof(ss_event) * tr[0]->n_events),
                        ==, 0);
      /* the same counters: the residuals' right-hand sides, evaluated
       * and counted by sim-newton.c, as many as CVODE counts */
      for (int k = 0; k < 7; k++)
        if (st[0][k] != st[1][k])
          g_error("%s %s (tolerances %d): counter %d: %ld, CVODE's own %ld", variants[v][0],
                  variants[v][1] ? variants[v][1] : "", tol, k, st[0][k], st[1][k]);
      fails += st[0][3];
      setups += st[0][5];
      ss_trace_free(tr[0]);
      ss_trace_free(tr[1]);
    }
  g_test_message("%ld convergence failures, %ld linear set-ups", fails, setups);
  g_assert_cmpint(setups, >, 0);
  g_assert_cmpint(fails, >, 0); /* the retry with a new Jacobian is taken */
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/nvector/ops", test_ops);
  g_test_add_func("/nvector/linsol", test_linsol);
  g_test_add_func("/nvector/runs", test_runs);
  g_test_add_func("/nvector/newton", test_newton);
  return g_test_run();
}
