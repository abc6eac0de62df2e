/* planar.h - planar multibody core in absolute coordinates
 * ([BlajerMarkiewicz] §2): bodies with x = (x, y, theta), revolute and prismatic
 * joints, constraint equations Phi(x) = 0, Jacobian C, acceleration
 * right-hand side xi = -C' x', relative sliding coordinates s (Jacobian
 * C_mu), reactions in physical terms and the reaction-dependent joint
 * friction of [BlajerMarkiewicz] eq. 2.4.
 *
 * Sign conventions.  Joint j connects body a (or the ground, a = -1) to
 * body b.  Its two multipliers lambda[2j], lambda[2j+1] are the reaction on
 * body b from body a (the reaction on a is opposite):
 *   revolute:  force components Fx, Fy (world frame), N;
 *   prismatic: normal force along the guide normal n (N, applied at b's
 *              contact point) and moment (N m).
 * The equations of motion are M x'' = h + C^T lambda + C_mu^T f_mu,
 * C x'' = xi, with f_mu[j] the friction moment (revolute) or force
 * (prismatic) on b along +s_j.
 *
 * Sizes are small (a mechanism has at most SS_PLANAR_MAX_BODIES bodies):
 * all work arrays live on the stack, so the functions are reentrant and
 * take a constant system. */
#ifndef SS_PLANAR_H
#define SS_PLANAR_H

#include <stdbool.h>

#include <gsl/gsl_matrix.h>

#define SS_PLANAR_MAX_BODIES 8
#define SS_PLANAR_MAX_JOINTS 12
#define SS_PLANAR_MAX_N      (3 * SS_PLANAR_MAX_BODIES)
#define SS_PLANAR_MAX_M      (2 * SS_PLANAR_MAX_JOINTS)

typedef struct ss_planar_body {
  const char *name; /* short name for output columns, e.g. "crank" */
  double m;         /* mass, kg (0 allowed for a massless slider held by joints) */
  double J;         /* moment of inertia about the centre of mass, kg m² */
} ss_planar_body;

typedef enum {
  SS_JOINT_REVOLUTE = 0,  /* pin: 2 equations, relative rotation free */
  SS_JOINT_PRISMATIC = 1, /* guide: 2 equations, translation along the axis free */
} ss_joint_kind;

typedef struct ss_planar_joint {
  const char *name;   /* contact name in output, e.g. "O" or "guide" */
  ss_joint_kind kind; /* revolute or prismatic */
  int a;              /* first body index, -1 = ground */
  int b;              /* second body index (>= 0) */
  double
      pa[2]; /* revolute: pin in a's frame; prismatic: a point of the guide line in a's frame, m */
  double
      pb[2]; /* revolute: pin in b's frame; prismatic: b's contact point (friction acts there), m */
  double axis[2]; /* prismatic: unit guide direction in a's frame, 1 */
  double theta0;  /* prismatic: locked relative angle theta_b - theta_a, rad */
  double d;       /* revolute: pin size d in the friction moment mu d |R|, m */
  double h;    /* prismatic: slider length (edge contacts at ±h/2), m; 0 = the guide takes moments
                  without friction */
  double mu_s; /* static friction coefficient, 1 */
  double mu_k; /* kinetic friction coefficient, 1 (<= mu_s) */
} ss_planar_joint;

typedef struct ss_planar_system {
  int nb;                                      /* bodies */
  int nj;                                      /* joints */
  int n;                                       /* coordinates, 3 nb */
  int m;                                       /* constraint equations, 2 nj */
  ss_planar_body body[SS_PLANAR_MAX_BODIES];   /* bodies */
  ss_planar_joint joint[SS_PLANAR_MAX_JOINTS]; /* joints */
  double gravity[2];                           /* gravitational acceleration, m/s² */
} ss_planar_system;

/* Physical reaction of one joint, on body b from body a. */
typedef struct ss_planar_reaction {
  double fx, fy; /* revolute: force components in the world frame, N */
  double normal; /* prismatic: force along the guide normal, N; revolute: |R|, N */
  double moment; /* prismatic: reaction moment, N m; revolute: 0 */
  double
      basis; /* friction basis: revolute d |R| (N m), prismatic |N1| + |N2| of the two edges (N) */
} ss_planar_reaction;

/* Checks sizes, masses, joint bodies and axes; NULL when valid, else a
 * static message. */
const char *ss_planar_check(const ss_planar_system *sys);

/* Phi(x), m values (m or rad). */
void ss_planar_constraints(const ss_planar_system *sys, const double *x, double *phi);
/* C = dPhi/dx (m x n, row-major array of m*n doubles). */
void ss_planar_jacobian(const ss_planar_system *sys, const double *x, double *C);
/* xi = -C'(x, x') x' so that C x'' = xi (m values). */
void ss_planar_gamma(const ss_planar_system *sys, const double *x, const double *xd, double *xi);
/* s(x): relative sliding coordinate of every joint (rad or m). */
void ss_planar_slide(const ss_planar_system *sys, const double *x, double *s);
/* C_mu = ds/dx (nj x n, row-major). */
void ss_planar_slide_jacobian(const ss_planar_system *sys, const double *x, double *Cmu);
/* Row j of ss_planar_slide_jacobian alone (n entries), the same values. */
void ss_planar_slide_row(const ss_planar_system *sys, int j, const double *x, double *row);
/* Gravity part of h (n values) and potential energy (J). */
void ss_planar_gravity(const ss_planar_system *sys, const double *x, double *h);
double ss_planar_potential(const ss_planar_system *sys, const double *x);
double ss_planar_kinetic(const ss_planar_system *sys, const double *xd);
/* Physical reaction of joint j from its two multipliers. */
void ss_planar_reaction_of(const ss_planar_system *sys, int j, const double *lambda,
                           ss_planar_reaction *out);
/* Friction basis of every joint (d|R| or edge normal sum). */
void ss_planar_friction_basis(const ss_planar_system *sys, const double *lambda, double *basis);

/* Sum of the Newton-Euler residuals of every body: M x'' - h - C^T lambda -
 * C_mu^T f_mu, n values (the free-body check). */
void ss_planar_residual(const ss_planar_system *sys, const double *x, const double *xdd,
                        const double *h, const double *lambda, const double *fmu, double *res);

/* Absolute-coordinate dynamics (Lagrange equations of the first kind,
 * [BlajerMarkiewicz] eq. 2.9) for given friction directions: dir[j] in {-1, 0, +1} is the sign
 * of the sliding velocity of joint j (friction -dir mu |basis|), mu[j] the
 * coefficient in use.  xi_extra (m values, may be NULL) is added to xi
 * (constraint stabilisation).  Solves the KKT system by GSL LU once and the
 * friction-reaction coupling by fixed-point iteration.  Returns 0, or -1
 * (singular), -2 (no convergence) with *why set to a static message. */
int ss_planar_accel(const ss_planar_system *sys, const double *x, const double *xd, const double *h,
                    const int *dir, const double *mu, const double *xi_extra, double *xdd,
                    double *lambda, double *fmu, const char **why);

/* ---- the same per joint from geometry computed once (hot paths) ---- */

/* World geometry of one joint at x. */
typedef struct ss_planar_jgeo {
  double d[2];    /* relative vector r_b + A_b pb - r_a - A_a pa, m */
  double la[2];   /* A_a' pa = R90 A_a pa, m */
  double lb[2];   /* A_b' pb, m */
  double pa_w[2]; /* A_a pa, m */
  double pb_w[2]; /* A_b pb, m */
  double n[2];    /* guide normal (prismatic only), 1 */
  double t[2];    /* guide direction (prismatic only), 1 */
  double tha;     /* angle of body a (0 for the ground), rad */
  double thb;     /* angle of body b, rad */
} ss_planar_jgeo;

/* cos and sin of every body angle in x (nb values each): one sincos per body. */
void ss_planar_rotations(const ss_planar_system *sys, const double *x, double *c, double *s);
/* Geometry of every joint (nj entries) at x with those rotations. */
void ss_planar_joint_geometry(const ss_planar_system *sys, const double *x, const double *c,
                              const double *s, ss_planar_jgeo *g);
/* Of joint j with its geometry g: Phi rows 2j, 2j+1 (2 values); C rows 2j,
 * 2j+1 (2 x n, row-major); xi rows 2j, 2j+1 (2 values); C_mu row j (n). */
void ss_planar_constraints_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                               double *phi);
void ss_planar_jacobian_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                            double *rows);
void ss_planar_gamma_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                         const double *xd, double *xi);
void ss_planar_slide_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g, double *row);

/* ---- coordinate partitioning for 1-DOF mechanisms ([BlajerMarkiewicz] §4-5) */

/* Projects x onto Phi(x) = 0 keeping coordinate iu fixed (Newton, GSL LU on
 * the dependent columns; the Wehage-Haug partitioning at position level).
 * Returns 0, or -1 (singular partition or no convergence in 30
 * iterations). */
int ss_planar_project(const ss_planar_system *sys, int iu, double *x);

/* Velocity partitioning: D (n values) with C D = 0 and D[iu] = 1, so x' = D u;
 * nu (n values, may be NULL) with C nu = xi(x, D u) and nu[iu] = 0, so
 * x'' = D u' + nu.  Returns 0 or -1 when the partition is singular. */
int ss_planar_partition(const ss_planar_system *sys, int iu, const double *x, double u, double *D,
                        double *nu);

/* Minimal-form dynamics ([BlajerMarkiewicz] eq. 5.4): one dynamic equation
 * M'' u' = h'' + D^T C_mu^T f_mu and the reaction equations for lambda,
 * coupled through f_mu(lambda).  In two steps: first everything that does
 * not depend on the friction directions (one LU of the dependent columns of
 * C: D, nu, M'', h'', and the reactions as an affine function of the joint
 * friction, lambda = lam0 + sum_j f_mu[j] lamj[j], from the dependent rows
 * of C^T lambda = M x'' - h - C_mu^T f_mu, exact since D^T of the residual
 * vanishes), then the coupling for given dir (sign of each joint's sliding
 * velocity, 0 = no friction) and mu by fixed-point iteration with a
 * convergence check and an iteration cap. */
typedef struct ss_planar_minimal {
  double udot;                    /* independent acceleration, rad/s² (or m/s²) */
  double Mr;                      /* reduced mass M'' = D^T M D, kg m² (per unit u) */
  double hr;                      /* reduced applied force h'' = D^T (h - M nu), N m */
  double hr_mu;                   /* reduced friction D^T C_mu^T f_mu, N m */
  double D[SS_PLANAR_MAX_N];      /* coordinate rates per unit u (x' = D u), m or rad per unit u */
  double c[SS_PLANAR_MAX_JOINTS]; /* joint sliding rates per unit u: s' = c u, eq. 5.5 */
  double lam0[SS_PLANAR_MAX_M];   /* friction-free reactions, N or N m */
  double lamj[SS_PLANAR_MAX_JOINTS *
              SS_PLANAR_MAX_M]; /* row j: reactions per unit friction of joint j, 1/m or 1 */
} ss_planar_minimal;

/* Step 1 at x (projected onto Phi = 0 in place when project is true: one
 * factorisation serves the projection and all solves; h may then be the
 * one at the unprojected x, a difference of the projection's size).
 * Without reactions, out->lam0 and out->lamj are not computed (the rest is
 * the same).  Returns 0 or -1 (singular partition, zero reduced mass; *why
 * set). */
int ss_planar_minimal_prepare(const ss_planar_system *sys, int iu, double *x, bool project,
                              bool reactions, double u, const double *h, ss_planar_minimal *out,
                              const char **why);
/* Step 2: lambda (m), f_mu (nj), out->udot and out->hr_mu.  Returns 0 or -2
 * (no convergence, *why set). */
int ss_planar_minimal_friction(const ss_planar_system *sys, ss_planar_minimal *out, const int *dir,
                               const double *mu, double *lambda, double *fmu, const char **why);
/* Both steps, without projection (x unchanged) / with projection in place. */
int ss_planar_minimal_solve(const ss_planar_system *sys, int iu, const double *x, double u,
                            const double *h, const int *dir, const double *mu, double *lambda,
                            double *fmu, ss_planar_minimal *out, const char **why);
int ss_planar_minimal_project_solve(const ss_planar_system *sys, int iu, double *x, double u,
                                    const double *h, const int *dir, const double *mu,
                                    double *lambda, double *fmu, ss_planar_minimal *out,
                                    const char **why);

/* ss_planar_accel for a 1-DOF system (m = n - 1) by the null-space form of
 * the same KKT system: x'' = D a + nu with C D = 0 (D[iu] = 1) and C nu =
 * xi (+ xi_extra) at x, a from D^T of the dynamics, the multipliers from the
 * dependent rows of C^T lambda = M x'' - h - C_mu^T f_mu (exact: D^T of the
 * residual vanishes).  One GSL LU of the m x m dependent columns instead of
 * the (n + m)^2 KKT matrix.  out receives D, M'', h'', u' = a (x not
 * projected).  Returns 0, -1 (singular) or -2 (no convergence). */
int ss_planar_accel_partitioned(const ss_planar_system *sys, int iu, const double *x,
                                const double *xd, const double *h, const int *dir, const double *mu,
                                const double *xi_extra, double *xdd, double *lambda, double *fmu,
                                ss_planar_minimal *out, const char **why);

/* ---- the joint-coordinate structure: a tree of revolute joints ---- */

/* When every body hangs from the ground on a tree of revolute joints (each
 * body b joined by one joint with that b to the ground or to a body placed
 * before it), positions follow from the angles along the tree and only the
 * other (cut) joints' equations constrain the angles.  The partitioned
 * solves then reduce to the nb - 1 dependent angles: the Schur complement of
 * the tree rows, formed along the tree (the recursive kinematics of relative
 * coordinates), one GSL LU of (nb - 1) x (nb - 1) instead of m x m.  Same
 * solutions as the general path at the same configuration. */
typedef struct ss_planar_tree {
  bool ok;                            /* the structure applies (else use the general path) */
  int order[SS_PLANAR_MAX_BODIES];    /* bodies, every parent before its children */
  int joint_of[SS_PLANAR_MAX_BODIES]; /* per body: its tree joint (revolute, b = the body) */
  int parent[SS_PLANAR_MAX_BODIES];   /* per body: a of that joint (-1 = ground) */
  int ncut;                           /* joints outside the tree */
  int cut[SS_PLANAR_MAX_JOINTS];      /* their indices */
  int iu_body;                        /* body whose angle is the independent coordinate */
  int nd;                             /* dependent angles, nb - 1 (= 2 ncut = cut equations) */
  int dep[SS_PLANAR_MAX_BODIES];      /* their bodies */
  int drow[SS_PLANAR_MAX_BODIES];     /* per body: index in dep, -1 for iu_body */
} ss_planar_tree;

/* Finds the tree for independent coordinate iu (which must be an angle);
 * tr->ok is false when the mechanism does not have that structure. */
void ss_planar_tree_init(const ss_planar_system *sys, int iu, ss_planar_tree *tr);

/* ss_planar_minimal_prepare through the tree (tr->ok).  Positions are
 * those of the tree at the angles of x: with project, Newton on the
 * dependent angles puts the cut joints on Phi = 0 and x receives the
 * configuration; without, x is left as it is (the evaluation is at the
 * angles of x).  Without reactions, out->lam0 and out->lamj are not
 * computed (u' without friction needs none). */
int ss_planar_tree_prepare(const ss_planar_system *sys, const ss_planar_tree *tr, double *x,
                           bool project, bool reactions, double u, const double *h,
                           ss_planar_minimal *out, const char **why);
/* Projection through the tree: Newton on the dependent angles of x (the
 * independent one fixed) until the cut joints close; x receives the tree
 * positions and the angles.  Returns 0 or -1 (singular, no convergence). */
int ss_planar_tree_project(const ss_planar_system *sys, const ss_planar_tree *tr, double *x);
/* Rates per unit u (D, n values) and joint sliding rates per unit u (c, nj
 * values, may be NULL) at the angles of x.  Returns 0 or -1 (singular). */
int ss_planar_tree_rates(const ss_planar_system *sys, const ss_planar_tree *tr, const double *x,
                         double *D, double *c);

#endif
