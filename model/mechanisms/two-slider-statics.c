/* two-slider-statics.c - Example 1 of [Wojtyra2016] (eq. 10, 16-19): the
 * one-parameter family of reactions of the locked rigid two-slider, the
 * values of the family parameter for which both guides stick, and whether
 * a sliding solution exists at the same loads.  Built on the scenario's own
 * multibody equations (planar core), not on a hand-derived formula. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>

#include "two-slider-statics.h"

/* Physical vectors of a multiplier vector u (lambda[8], kappa[2]). */
static void physical(const ts_mech *tm, const double *u, double *out12)
{
  for (int i = 0; i < 2; i++) {
    const ss_planar_joint *g = &tm->sys.joint[tm->guide[i]];
    double t[2] = {g->axis[0], g->axis[1]}, nrm[2] = {-t[1], t[0]};
    double kappa = u[8 + i], normal = u[2 * tm->guide[i]];
    const double *lr = u + 2 * tm->rev[i];
    double *o = out12 + 6 * i;
    o[0] = kappa * t[0], o[1] = kappa * t[1];       /* friction on the slider */
    o[2] = normal * nrm[0], o[3] = normal * nrm[1]; /* normal force on the slider */
    o[4] = -lr[0], o[5] = -lr[1];                   /* force of the rod on the slider */
  }
}

void ss_ts_member_at(const ss_ts_statics *st, double a, ss_ts_member *out)
{
  double v[12];
  for (int k = 0; k < 12; k++)
    v[k] = st->base[k] + a * st->slope[k];
  out->a = a;
  memcpy(out->F1, v, 2 * sizeof(double));
  memcpy(out->N1, v + 2, 2 * sizeof(double));
  memcpy(out->R31, v + 4, 2 * sizeof(double));
  memcpy(out->F2, v + 6, 2 * sizeof(double));
  memcpy(out->N2, v + 8, 2 * sizeof(double));
  memcpy(out->R32, v + 10, 2 * sizeof(double));
  double tol = 1e-9;
  out->stick1 = hypot(out->F1[0], out->F1[1]) <= st->mu_s * hypot(out->N1[0], out->N1[1]) + tol;
  out->stick2 = hypot(out->F2[0], out->F2[1]) <= st->mu_s * hypot(out->N2[0], out->N2[1]) + tol;
  out->coherent = a >= st->coherent_lo - tol && a <= st->coherent_hi + tol;
}

/* Scalar friction (along +s) and normal multiplier of guide i as affine
 * functions of a. */
typedef struct affine {
  double c0; /* value at a = 0, N */
  double c1; /* slope with respect to a, 1 (N per N) */
} affine;

static double at(affine f, double a) { return f.c0 + f.c1 * a; }

static int add_root(affine f, double *pts, int n)
{
  if (f.c1 != 0.0 && n < 64)
    pts[n++] = -f.c0 / f.c1;
  return n;
}

static int cmp_double(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

int ss_ts_statics_analyse(const ss_scenario *sc, const double *values, double t, ss_ts_statics *out,
                          char **error)
{
  if (!sc || strcmp(sc->name, "two-slider") != 0)
    return ss_set_error(error, "the Example 1 statics needs the two-slider scenario"), -1;
  double *vals = malloc(sizeof(double) * (size_t)sc->n_params);
  if (!vals)
    return ss_set_error(error, "out of memory"), -1;
  if (values)
    memcpy(vals, values, sizeof(double) * (size_t)sc->n_params);
  else
    ss_scenario_defaults(sc, vals);
  vals[ss_scenario_param_index(sc, "rod")] = 0.0; /* the rigid mechanism's indeterminacy */
  ts_mech tm;
  int rc = ts_mech_setup(&tm, sc, vals, error);
  free(vals);
  if (rc < 0)
    return -1;
  if (t < 0.0)
    t = fmax(fmax(tm.t_P, tm.t_S1_off), tm.t_S2_off);
  if (ts_statics_compute(&tm, t, tm.x0, true, out) < 0)
    return ss_set_error(error, "two-slider: singular configuration"), -1;
  return 0;
}

int ts_statics_compute(const ts_mech *tm, double t, const double *q, bool with_sliding,
                       ss_ts_statics *out)
{
  double h[SS_PLANAR_MAX_N], D[SS_PLANAR_MAX_N], w[2];
  ts_applied(tm, t, q, NULL, h, NULL, NULL);
  if (ts_rigid_pattern(tm, q, D, w) < 0)
    return -1;
  return ts_statics_compute_at(tm, t, q, h, D, w, NULL, NULL, with_sliding, out);
}

int ts_statics_compute_at(const ts_mech *tm, double t, const double *q, const double *h,
                          const double *D, const double *w, const double *C, const double *Cmu,
                          bool with_sliding, ss_ts_statics *out)
{
  double Cq[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], Cmuq[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  if (!C || !Cmu) {
    ss_planar_jacobian(&tm->sys, q, Cq);
    ss_planar_slide_jacobian(&tm->sys, q, Cmuq);
    C = Cq;
    Cmu = Cmuq;
  }
  ts_family fam;
  ts_family_at(tm, C, Cmu, &fam);
  return ts_statics_solve(tm, t, q, h, D, w, &fam, with_sliding, out);
}

/* x = A^-1 b in place with the family's factors: GSL's LU solve (its
 * forward substitution gives, column by column, what the dtrsm for both
 * right-hand sides at once gave before: the same sums in the same order). */
static void family_solve(const ts_family *fam, double *x)
{
  gsl_matrix_const_view Av = gsl_matrix_const_view_array(fam->lu, NU, NU);
  gsl_permutation p = {NU, (size_t *)fam->perm};
  gsl_vector_view xv = gsl_vector_view_array(x, NU);
  gsl_linalg_LU_svx(&Av.matrix, &p, &xv.vector);
}

int ts_family_at(const ts_mech *tm, const double *C, const double *Cmu, ts_family *fam)
{
  const ss_planar_system *sys = &tm->sys;
  int n = sys->n, m = sys->m;
  /* eq. 10 plus one row fixing a = R31 . e = -(lambda_rev1 . e): square */
  double *A = fam->lu, rhs1[NU];
  memset(A, 0, sizeof fam->lu);
  for (int k = 0; k < n; k++) {
    for (int r = 0; r < m; r++)
      A[k * NU + r] = C[r * n + k];
    for (int i = 0; i < 2; i++)
      A[k * NU + 8 + i] = Cmu[tm->guide[i] * n + k];
    rhs1[k] = 0.0;
  }
  A[9 * NU + 2 * tm->rev[0]] = -tm->e[0];
  A[9 * NU + 2 * tm->rev[0] + 1] = -tm->e[1];
  rhs1[9] = 1.0;
  gsl_matrix_view Av = gsl_matrix_view_array(A, NU, NU);
  gsl_permutation p = {NU, fam->perm};
  int signum;
  gsl_linalg_LU_decomp(&Av.matrix, &p, &signum);
  double dmax = 0.0, dmin = INFINITY;
  for (int i = 0; i < NU; i++) {
    dmax = fmax(dmax, fabs(A[i * NU + i]));
    dmin = fmin(dmin, fabs(A[i * NU + i]));
  }
  fam->ok = dmin > 1e-12 * dmax;
  if (!fam->ok)
    return -1; /* the family is not parametrised by a here */
  /* the slope: the multipliers per unit a */
  memcpy(fam->u1, rhs1, sizeof fam->u1);
  family_solve(fam, fam->u1);
  return 0;
}

int ts_statics_solve(const ts_mech *tm, double t, const double *q, const double *h, const double *D,
                     const double *w, const ts_family *fam, bool with_sliding, ss_ts_statics *out)
{
  memset(out, 0, sizeof *out);
  out->t = t;
  out->mu_s = tm->mu_s;
  out->mu_k = tm->mu_k;
  double s1, s2;
  ts_loads(tm, t, &s1, &s2, out->P);
  out->S1[0] = s1, out->S1[1] = 0.0;
  out->S2[0] = 0.0, out->S2[1] = s2;
  out->e[0] = tm->e[0], out->e[1] = tm->e[1];

  const ss_planar_system *sys = &tm->sys;
  int n = sys->n;
  out->w[0] = w[0];
  out->w[1] = w[1];
  double hr = 0.0;
  for (int k = 0; k < n; k++)
    hr += D[k] * h[k];
  out->reduced_force = hr;
  out->tendency = hr > 1e-12 ? 1 : hr < -1e-12 ? -1 : 0;
  if (!fam->ok)
    return -1; /* the family is not parametrised by a here */
  /* the member a = 0: the loads' right-hand side */
  double u0[NU];
  const double *u1 = fam->u1;
  for (int k = 0; k < n; k++)
    u0[k] = -h[k];
  u0[9] = 0.0;
  family_solve(fam, u0);
  physical(tm, u0, out->base);
  physical(tm, u1, out->slope);

  /* stiction conditions mu_s |n_i| - |f_i| >= 0, n and f affine in a */
  affine f[2], nn[2];
  for (int i = 0; i < 2; i++) {
    f[i] = (affine){u0[8 + i], u1[8 + i]};
    nn[i] = (affine){u0[2 * tm->guide[i]], u1[2 * tm->guide[i]]};
  }
  double pts[64];
  int np = 0;
  for (int i = 0; i < 2; i++) {
    np = add_root(f[i], pts, np);
    np = add_root(nn[i], pts, np);
    np = add_root((affine){tm->mu_s * nn[i].c0 - f[i].c0, tm->mu_s * nn[i].c1 - f[i].c1}, pts, np);
    np = add_root((affine){tm->mu_s * nn[i].c0 + f[i].c0, tm->mu_s * nn[i].c1 + f[i].c1}, pts, np);
  }
  qsort(pts, (size_t)np, sizeof(double), cmp_double);
  /* coherent: friction power f_i w_i opposes the tendency for both guides */
  double clo = -INFINITY, chi = INFINITY;
  if (out->tendency != 0) {
    for (int i = 0; i < 2; i++) {
      affine pw = {f[i].c0 * out->w[i] * out->tendency, f[i].c1 * out->w[i] * out->tendency};
      if (pw.c1 > 0.0)
        chi = fmin(chi, -pw.c0 / pw.c1);
      else if (pw.c1 < 0.0)
        clo = fmax(clo, -pw.c0 / pw.c1);
      else if (pw.c0 > 0.0)
        clo = INFINITY, chi = -INFINITY;
    }
  }
  out->coherent_lo = clo;
  out->coherent_hi = chi;
  /* walk the pieces between consecutive candidate points */
  out->n_stick = 0;
  out->stick_coherent_lo = out->stick_coherent_hi = NAN;
  for (int k = 0; k <= np; k++) {
    double lo = k == 0 ? -INFINITY : pts[k - 1], hi = k == np ? INFINITY : pts[k];
    if (hi <= lo)
      continue;
    double mid = isinf(lo) && isinf(hi) ? 0.0
                 : isinf(lo)            ? hi - 1.0 - fabs(hi)
                 : isinf(hi)            ? lo + 1.0 + fabs(lo)
                                        : 0.5 * (lo + hi);
    bool stick = true;
    for (int i = 0; i < 2; i++)
      stick = stick && tm->mu_s * fabs(at(nn[i], mid)) - fabs(at(f[i], mid)) >= 0.0;
    bool coherent = mid >= clo && mid <= chi;
    if (stick) {
      if (out->n_stick > 0 && out->stick_hi[out->n_stick - 1] == lo)
        out->stick_hi[out->n_stick - 1] = hi;
      else if (out->n_stick < SS_TS_MAX_INTERVALS) {
        out->stick_lo[out->n_stick] = lo;
        out->stick_hi[out->n_stick++] = hi;
      }
    }
    /* the coherent part of this piece */
    double clo_k = fmax(lo, clo), chi_k = fmin(hi, chi);
    if (chi_k > clo_k && coherent) {
      if (stick) {
        out->stick_exists = true;
        out->stick_coherent_lo =
            isnan(out->stick_coherent_lo) ? clo_k : fmin(out->stick_coherent_lo, clo_k);
        out->stick_coherent_hi =
            isnan(out->stick_coherent_hi) ? chi_k : fmax(out->stick_coherent_hi, chi_k);
      } else {
        out->slip_member_exists = true;
      }
    }
  }

  /* sliding solution: kinetic friction opposing motion in the tendency direction */
  out->sliding_accel = NAN;
  out->sliding_F[0] = out->sliding_F[1] = out->sliding_N[0] = out->sliding_N[1] = NAN;
  if (with_sliding && out->tendency != 0) {
    ss_fj_spec spec;
    ss_fj_spec_init(&spec);
    for (int i = 0; i < 2; i++) {
      int mode = out->w[i] * out->tendency > 0.0 ? 1 : -1;
      spec.role[tm->guide[i]] = SS_FJ_COULOMB;
      spec.coef[tm->guide[i]] = mode * tm->mu_k;
    }
    double zero[SS_PLANAR_MAX_N] = {0}, xdd[SS_PLANAR_MAX_N];
    ss_fj_solution sol;
    const char *why;
    if (ss_fj_dynamics(sys, q, zero, h, NULL, &spec, xdd, &sol, &why) == 0) {
      double acc = xdd[3 * tm->slider[1]];
      out->sliding_accel = acc;
      out->sliding_exists = acc * out->tendency > 0.0;
      for (int i = 0; i < 2; i++) {
        out->sliding_F[i] = sol.fmu[tm->guide[i]];
        out->sliding_N[i] = sol.basis[tm->guide[i]];
      }
    }
  }
  return 0;
}

/* Prints -0 as 0. */
static double z(double v) { return v == 0.0 ? 0.0 : v; }

static void print_member(FILE *fp, const char *label, const ss_ts_statics *st, double a)
{
  ss_ts_member mb;
  ss_ts_member_at(st, a, &mb);
  double p = hypot(st->P[0], st->P[1]);
  fprintf(fp,
          "member\t%s\ta=%.6g\talpha=%.6g\tF1=(%.6g,%.6g)\tN1=(%.6g,%.6g)\tR31=(%.6g,%.6g)\t"
          "F2=(%.6g,%.6g)\tN2=(%.6g,%.6g)\tR32=(%.6g,%.6g)\tstick1=%d\tstick2=%d\tcoherent=%d\n",
          label, a, p > 0.0 ? a / p : NAN, z(mb.F1[0]), z(mb.F1[1]), z(mb.N1[0]), z(mb.N1[1]),
          z(mb.R31[0]), z(mb.R31[1]), z(mb.F2[0]), z(mb.F2[1]), z(mb.N2[0]), z(mb.N2[1]),
          z(mb.R32[0]), z(mb.R32[1]), mb.stick1, mb.stick2, mb.coherent);
}

void ss_ts_statics_print(const ss_ts_statics *st, FILE *fp)
{
  double p = hypot(st->P[0], st->P[1]);
  fprintf(fp,
          "# two-slider at rest, loads at t = %g s; family parameter a = R31.e (N): "
          "R31 = a e, R32 = (|P| - a) e; alpha = a/|P|\n",
          st->t);
  fprintf(fp, "loads\tS1=(%.6g,%.6g)\tS2=(%.6g,%.6g)\tP=(%.6g,%.6g)\n", st->S1[0], st->S1[1],
          st->S2[0], st->S2[1], st->P[0], st->P[1]);
  fprintf(fp, "rod_direction\t%.6g\t%.6g\n", st->e[0], st->e[1]);
  fprintf(fp, "velocity_ratio\tv1=%.6g\tv2=%.6g\n", st->w[0], st->w[1]);
  fprintf(fp, "tendency\t%d\treduced_force=%.6g\n", st->tendency, st->reduced_force);
  fprintf(fp,
          "family\tF1=(%.6g,%.6g)+a(%.6g,%.6g)\tN1=(%.6g,%.6g)+a(%.6g,%.6g)\t"
          "F2=(%.6g,%.6g)+a(%.6g,%.6g)\tN2=(%.6g,%.6g)+a(%.6g,%.6g)\n",
          z(st->base[0]), z(st->base[1]), z(st->slope[0]), z(st->slope[1]), z(st->base[2]),
          z(st->base[3]), z(st->slope[2]), z(st->slope[3]), z(st->base[6]), z(st->base[7]),
          z(st->slope[6]), z(st->slope[7]), z(st->base[8]), z(st->base[9]), z(st->slope[8]),
          z(st->slope[9]));
  fprintf(fp, "coherent_interval\t%.6g\t%.6g\n", st->coherent_lo, st->coherent_hi);
  for (int k = 0; k < st->n_stick; k++)
    fprintf(fp, "stick_interval\t%.6g\t%.6g\n", st->stick_lo[k], st->stick_hi[k]);
  fprintf(fp, "stick_coherent\t%.6g\t%.6g\talpha\t%.6g\t%.6g\n", st->stick_coherent_lo,
          st->stick_coherent_hi, st->stick_coherent_lo / p, st->stick_coherent_hi / p);
  fprintf(fp, "sticking_solution\t%s\n", st->stick_exists ? "yes" : "no");
  fprintf(fp, "slipping_member\t%s\n", st->slip_member_exists ? "yes" : "no");
  fprintf(fp, "sliding_solution\t%s\taccel2=%.6g\tF1=%.6g\tN1=%.6g\tF2=%.6g\tN2=%.6g\n",
          st->sliding_exists ? "yes" : "no", st->sliding_accel, st->sliding_F[0], st->sliding_N[0],
          st->sliding_F[1], st->sliding_N[1]);
  if (st->stick_exists) {
    print_member(fp, "stick_lo", st, st->stick_coherent_lo);
    print_member(fp, "stick_hi", st, st->stick_coherent_hi);
  }
  if (p > 0.0) {
    print_member(fp, "equal_split", st, 0.5 * p);
    print_member(fp, "three_quarters", st, 0.75 * p);
  }
}
