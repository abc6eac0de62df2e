/* sim-newton.c - two of CVODE's extension points for the BDF runs on
 * small states, bit for bit what CVODE does without them:
 *
 * - the Newton iteration (a SUNNonlinearSolver, CVodeSetNonlinearSolver):
 *   SUNDIALS' Newton solver, whose linear solve goes to the run's dense
 *   LU (sim-linsol.c) directly instead of through CVLS's cvLsSolve, which
 *   for a direct solver does no more than zero a guess, solve, copy the
 *   solution back and scale it by 2 / (1 + gamma / gamma_p) when gamma
 *   changed since the last set-up; and CVODE's residual (cvNlsResidual:
 *   y = zn[0] + ycor, f(t, y), rl1 zn[1] + ycor - gamma f) in two loops,
 *   its right-hand sides counted in the run's stats as CVODE counted them;
 * - the error weights (CVodeWFtolerances): 1 / (rtol |y_i| + atol_i) in one
 *   loop, the operations of CVODE's cvEwtSetSS / cvEwtSetSV (absolute
 *   value, scaling, constant or vector sum, inverse) in the same order,
 *   with the absolute tolerances the Newton solver keeps.
 *
 * CVODE's linear system set-up and convergence test are still CVODE's
 * own, called as SUNDIALS' Newton solver calls them.
 *
 * It follows SUNDIALS' code (SUNNonlinSolSolve_Newton, cvNlsResidual,
 * cvLsSolve, cvEwtSetSS and cvEwtSetSV of SUNDIALS 6.4; BSD-3-Clause; Copyright (c)
 * 2002-2022, Lawrence Livermore National Security and Southern Methodist
 * University). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdlib.h>

#include <sunnonlinsol/sunnonlinsol_newton.h>

#include "nvector-small.h"
#include "sim-private.h"

typedef struct newton {
  SUNNonlinSolSysFn sys;        /* CVODE's residual (computed here instead) */
  SUNNonlinSolLSetupFn lsetup;  /* CVODE's linear system set-up */
  SUNNonlinSolConvTestFn ctest; /* CVODE's convergence test */
  void *ctest_data;             /* its memory */
  N_Vector delta;               /* the residual, then the correction */
  int maxiters;                 /* iterations per attempt */
  int curiter;                  /* this attempt's */
  long niters;                  /* this solve's */
  long nconvfails;              /* this solve's */
  sunbooleantype jcur;          /* the Jacobian is current */
  SUNLinearSolver LS;           /* the run's dense LU */
  SUNMatrix A;                  /* its matrix */
  double gammap;                /* gamma at the last set-up (CVODE's gammap) */
  double *atol;                 /* per state, as set_tolerances gives them to CVODE */
  bool atol_zero;               /* one of them is 0 */
} newton;

#if defined(__GNUC__) && !defined(__clang__)
#define IVDEP _Pragma("GCC ivdep")
#else
#define IVDEP
#endif

#define NEWTON(S) ((newton *)(S)->content)

/* cvode_impl.h's RHSFUNC_RECVR (SUNDIALS 6.4): cvNlsResidual's code for a
 * right-hand side's recoverable failure, which CVODE tells from a
 * convergence failure */
#define CVODE_RHSFUNC_RECVR 10

static SUNNonlinearSolver_Type nls_type(SUNNonlinearSolver S)
{
  (void)S;
  return SUNNONLINEARSOLVER_ROOTFIND;
}

static int nls_initialize(SUNNonlinearSolver S)
{
  newton *c = NEWTON(S);
  if (!c->ctest)
    return SUN_NLS_MEM_NULL;
  c->niters = 0;
  c->nconvfails = 0;
  c->jcur = SUNFALSE;
  return SUN_NLS_SUCCESS;
}

/* CVLS's solve for a direct solver on BDF (cvLsSolve): x = A^-1 b into b,
 * scaled by 2 / (1 + gamrat) where gamma changed since the set-up. */
static inline int linear_solve(newton *c, N_Vector b, double gamrat)
{
  int flag = c->LS->ops->solve(c->LS, c->A, b, b, 0.0);
  if (flag != SUNLS_SUCCESS) /* cvNlsLSolve's kinds (the dense LU's solve never fails) */
    return flag < 0 ? CV_LSOLVE_FAIL : SUN_NLS_CONV_RECVR;
  if (gamrat != 1.0)
    b->ops->nvscale(2.0 / (1.0 + gamrat), b, b);
  return 0;
}

/* CVODE's nonlinear system for one step: what cvNlsResidual reads. */
typedef struct newton_system {
  sunrealtype t;     /* the step's end, s */
  N_Vector zn0;      /* the predicted state */
  N_Vector y;        /* CVODE's y: the state iterated */
  N_Vector f;        /* CVODE's ftemp: its rate */
  sunrealtype gamma; /* h / l1 */
  sunrealtype rl1;   /* 1 / l1 */
  N_Vector zn1;      /* h y' predicted */
  ss_sim *s;         /* the run (CVODE's user data) */
  int kind;          /* ss_nvector_small_newton_case of rl1, gamma */
  int nx;            /* the state's length */
} newton_system;

/* cvNlsResidual, and SUNDIALS' Newton solver's negation of it: y = zn0 +
 * ycor, f = f(t, y) (counted in the run's stats, as CVODE counted it),
 * delta = -(rl1 zn1 + ycor - gamma f); its return codes. */
static inline int residual(const newton_system *d, N_Vector ycor, N_Vector delta)
{
  ss_nvector_small_add(d->nx, SIM_DATA(d->zn0), SIM_DATA(ycor), SIM_DATA(d->y));
  int retval = sim_rhs(d->t, d->y, d->f, d->s);
  d->s->stats.rhs_evals++;
  if (retval < 0)
    return CV_RHSFUNC_FAIL;
  if (retval > 0)
    return CVODE_RHSFUNC_RECVR;
  ss_nvector_small_newton_step(d->nx, d->kind, d->rl1, SIM_DATA(d->zn1), SIM_DATA(ycor), d->gamma,
                               SIM_DATA(d->f), SIM_DATA(delta));
  return SUN_NLS_SUCCESS;
}

/* SUNNonlinSolSolve_Newton, with CVODE's residual and CVLS's solve
 * inline. */
static int nls_solve(SUNNonlinearSolver S, N_Vector y0, N_Vector ycor, N_Vector w, sunrealtype tol,
                     sunbooleantype callLSetup, void *mem)
{
  (void)y0; /* (CVODE's zn[0]) */
  newton *c = NEWTON(S);
  N_Vector delta = c->delta;
  newton_system d;
  void *user = NULL;
  if (!c->ctest || (callLSetup && !c->lsetup) || !mem ||
      CVodeGetNonlinearSystemData(mem, &d.t, &d.zn0, &d.y, &d.f, &d.gamma, &d.rl1, &d.zn1, &user) !=
          CV_SUCCESS)
    return SUN_NLS_MEM_NULL;
  d.s = user;
  d.kind = ss_nvector_small_newton_case(d.rl1, d.gamma);
  d.nx = d.s->m->nx;
  /* CVODE's gamrat: gamma over gammap (1 from a set-up on; the first
   * step of a segment always sets up) */
  double gamrat = d.gamma / c->gammap;
  sunbooleantype jbad = SUNFALSE;
  int retval;
  c->niters = 0;
  c->nconvfails = 0;
  for (;;) {
    retval = residual(&d, ycor, delta);
    if (retval != SUN_NLS_SUCCESS)
      break;
    if (callLSetup) {
      retval = c->lsetup(jbad, &c->jcur, mem);
      c->gammap = d.gamma; /* (cvNlsLSetup's, whatever it returns) */
      gamrat = 1.0;
      if (retval != SUN_NLS_SUCCESS)
        break;
    }
    c->curiter = 0;
    for (;;) {
      c->niters++;
      retval = linear_solve(c, delta, gamrat);
      if (retval != SUN_NLS_SUCCESS)
        break;
      ss_nvector_small_add(d.nx, SIM_DATA(ycor), SIM_DATA(delta), SIM_DATA(ycor));
      retval = c->ctest(S, ycor, delta, tol, w, c->ctest_data);
      if (retval == SUN_NLS_SUCCESS) {
        c->jcur = SUNFALSE;
        return SUN_NLS_SUCCESS;
      }
      if (retval != SUN_NLS_CONTINUE)
        break;
      c->curiter++;
      if (c->curiter >= c->maxiters) {
        retval = SUN_NLS_CONV_RECVR;
        break;
      }
      retval = residual(&d, ycor, delta);
      if (retval != SUN_NLS_SUCCESS)
        break;
    }
    if (retval > 0 && !c->jcur && c->lsetup) {
      c->nconvfails++;
      callLSetup = SUNTRUE;
      jbad = SUNTRUE;
      ycor->ops->nvconst(0.0, ycor);
      continue;
    }
    break;
  }
  c->nconvfails++;
  return retval;
}

static int nls_free(SUNNonlinearSolver S)
{
  if (!S)
    return SUN_NLS_SUCCESS;
  if (S->content) {
    if (NEWTON(S)->delta)
      N_VDestroy(NEWTON(S)->delta);
    free(NEWTON(S)->atol);
    free(S->content);
    S->content = NULL;
  }
  SUNNonlinSolFreeEmpty(S);
  return SUN_NLS_SUCCESS;
}

static int nls_set_sys(SUNNonlinearSolver S, SUNNonlinSolSysFn fn)
{
  NEWTON(S)->sys = fn;
  return SUN_NLS_SUCCESS;
}

static int nls_set_lsetup(SUNNonlinearSolver S, SUNNonlinSolLSetupFn fn)
{
  NEWTON(S)->lsetup = fn;
  return SUN_NLS_SUCCESS;
}

static int nls_set_lsolve(SUNNonlinearSolver S, SUNNonlinSolLSolveFn fn)
{
  (void)S; /* CVLS's solve is done inline */
  (void)fn;
  return SUN_NLS_SUCCESS;
}

static int nls_set_ctest(SUNNonlinearSolver S, SUNNonlinSolConvTestFn fn, void *data)
{
  NEWTON(S)->ctest = fn;
  NEWTON(S)->ctest_data = data;
  return SUN_NLS_SUCCESS;
}

static int nls_set_maxiters(SUNNonlinearSolver S, int maxiters)
{
  if (maxiters < 1)
    return SUN_NLS_ILL_INPUT;
  NEWTON(S)->maxiters = maxiters;
  return SUN_NLS_SUCCESS;
}

static int nls_num_iters(SUNNonlinearSolver S, long *n)
{
  *n = NEWTON(S)->niters;
  return SUN_NLS_SUCCESS;
}

static int nls_cur_iter(SUNNonlinearSolver S, int *iter)
{
  *iter = NEWTON(S)->curiter;
  return SUN_NLS_SUCCESS;
}

static int nls_num_conv_fails(SUNNonlinearSolver S, long *n)
{
  *n = NEWTON(S)->nconvfails;
  return SUN_NLS_SUCCESS;
}

SUNNonlinearSolver sim_newton_new(ss_sim *s)
{
  SUNNonlinearSolver S = SUNNonlinSolNewEmpty(s->ctx);
  newton *c = S ? calloc(1, sizeof *c) : NULL;
  const ss_model *m = s->m;
  if (c) {
    c->delta = N_VClone(s->y);
    c->atol = malloc(sizeof(double) * ((size_t)m->nx + 1));
  }
  if (!c || !c->delta || !c->atol) {
    if (c && c->delta)
      N_VDestroy(c->delta);
    free(c ? c->atol : NULL);
    free(c);
    if (S)
      SUNNonlinSolFreeEmpty(S);
    return NULL;
  }
  c->maxiters = 3; /* SUNDIALS' default; CVODE sets its own */
  c->LS = s->LS;
  c->A = s->A;
  c->gammap = NAN;
  /* set_tolerances' absolute tolerances: atol, but for a state whose
   * natural size is below it (its CVodeSVtolerances; the same value for
   * every state when none is, its CVodeSStolerances) */
  double atol = s->opts.atol;
  for (int i = 0; i < m->nx; i++) {
    double share = SS_STATE_SIZE_SHARE * m->state_size[i];
    c->atol[i] = m->state_size[i] > 0.0 && share < atol ? share : atol;
    c->atol_zero |= c->atol[i] == 0.0;
  }
  S->content = c;
  S->ops->gettype = nls_type;
  S->ops->initialize = nls_initialize;
  S->ops->solve = nls_solve;
  S->ops->free = nls_free;
  S->ops->setsysfn = nls_set_sys;
  S->ops->setlsetupfn = nls_set_lsetup;
  S->ops->setlsolvefn = nls_set_lsolve;
  S->ops->setctestfn = nls_set_ctest;
  S->ops->setmaxiters = nls_set_maxiters;
  S->ops->getnumiters = nls_num_iters;
  S->ops->getcuriter = nls_cur_iter;
  S->ops->getnumconvfails = nls_num_conv_fails;
  return S;
}

int sim_ewt(N_Vector y, N_Vector ewt, void *user)
{
  const ss_sim *s = user;
  const newton *c = NEWTON(s->NLS);
  const double *restrict yd = SIM_DATA(y), *restrict atol = c->atol;
  double *restrict w = SIM_DATA(ewt), rtol = s->opts.rtol;
  int nx = s->m->nx;
  /* CVODE tests the sums only where an absolute tolerance is 0 */
  for (int i = 0; c->atol_zero && i < nx; i++)
    if (rtol * fabs(yd[i]) + atol[i] <= 0.0)
      return -1;
      /* (a loop of the state's length, unrolled and vectorised) */
#define K(N) IVDEP for (int i = 0; i < (N); i++) w[i] = 1.0 / (rtol * fabs(yd[i]) + atol[i])
  SS_SMALL_SWITCH(nx, K)
#undef K
  return 0;
}
