/* planar-stiction.h - joint stiction in planar mechanisms in absolute
 * coordinates ([Wojtyra2016] §2.2, §3.2-3.3), on top of planar.h.
 *
 * Every joint has a role: free (no friction), locked by stiction (a
 * supplementary constraint s_j = const, eq. 9, whose multiplier is the static
 * friction force), or Coulomb (friction -c_j |N_j(lambda)| along +s_j with a
 * given signed coefficient c_j: kinetic sliding, a smooth law, or a joint
 * released at its static maximum, eq. 20).  Coulomb friction depends on the
 * reactions, which depend on the friction: the coupling is piecewise linear
 * (|N| is linear once the sign of N is known), so it is solved exactly by
 * an active-set iteration on those signs (Newton on a piecewise-linear map),
 * with a consistency check and an iteration cap.
 *
 * Statics at rest (eq. 10, eq. 20) may be redundant: one constraint equation
 * can be eliminated (drop_row) or the Moore-Penrose minimum-norm solution
 * taken (eq. 21, GSL SVD).  Only prismatic joints may carry Coulomb
 * friction here (revolute friction d |R| is not piecewise linear). */
#ifndef SS_PLANAR_STICTION_H
#define SS_PLANAR_STICTION_H

#include <stdbool.h>

#include "planar.h"

typedef enum {
  SS_FJ_FREE = 0,    /* no friction in the joint */
  SS_FJ_LOCK = 1,    /* locked by stiction: supplementary constraint, multiplier = friction */
  SS_FJ_COULOMB = 2, /* friction -coef |N(lambda)| along +s (reaction-dependent) */
} ss_fj_role;

typedef struct ss_fj_spec {
  int role[SS_PLANAR_MAX_JOINTS];    /* ss_fj_role of every joint */
  double coef[SS_PLANAR_MAX_JOINTS]; /* Coulomb joints: signed coefficient c (friction = -c basis),
                                        1 */
  int nsign[SS_PLANAR_MAX_JOINTS];   /* Coulomb joints: sign of the normal multiplier to start from
                                        (the coupling may have two solutions), 0: the friction-free
                                        one */
  int drop_row; /* constraint equation eliminated from the model (its multiplier is 0), -1: none */
  bool pinv;    /* statics: minimum-norm solution (Moore-Penrose) when redundant */
} ss_fj_spec;

typedef struct ss_fj_solution {
  double lambda[SS_PLANAR_MAX_M]; /* multipliers of Phi (planar.h conventions), N or N m; 0 for the
                                     dropped row */
  double fmu[SS_PLANAR_MAX_JOINTS]; /* friction on body b along +s (lock multiplier or -c basis), N
                                       or N m */
  double basis[SS_PLANAR_MAX_JOINTS]; /* friction basis of every joint (|N| of a guide), N */
  int rank;                           /* statics: rank of the equilibrium matrix */
  int unknowns;    /* statics: number of multipliers (rank < unknowns: redundant) */
  double residual; /* statics: largest equilibrium residual, N or N m */
} ss_fj_solution;

/* A spec with every joint free and nothing eliminated. */
void ss_fj_spec_init(ss_fj_spec *spec);

/* Equilibrium at rest: C^T lambda + C_l^T kappa + C_c^T f(lambda) = -h
 * (n equations; h = applied generalised forces at x' = 0).  Returns 0, -1
 * (inconsistent: the residual is not zero, or a singular coupling) or -2
 * (the friction-reaction coupling has no consistent solution); *why set. */
int ss_fj_statics(const ss_planar_system *sys, const double *x, const double *h,
                  const ss_fj_spec *spec, ss_fj_solution *out, const char **why);

/* X = A^-1 B for a square A (n x n, B and X n x k, row-major; n <=
 * SS_PLANAR_MAX_N): rows and columns with a single remaining nonzero are
 * eliminated first (a guide's moment, a lock's multiplier), the rest by GSL
 * LU.  Returns 0, or -1 when singular (a pivot below tol times the largest). */
int ss_fj_square_solve(const double *A, int n, const double *B, int k, double *X, double tol);

/* What the dynamics needs of the kinematics at (x, x'), for callers that
 * need some of it too (computed once). */
typedef struct ss_fj_kinematics {
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N];        /* constraint Jacobian (m x n), 1 or m */
  double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N]; /* slide Jacobian (nj x n), 1 or m */
  double xi[SS_PLANAR_MAX_M];                         /* xi = -C' x', m/s² or rad/s² */
  double s[SS_PLANAR_MAX_JOINTS];                     /* slide coordinates, rad or m */
} ss_fj_kinematics;

/* Fills kin at (x, xd) (xd may be NULL: at rest): the values of
 * ss_planar_jacobian, _slide_jacobian, _gamma and _slide (same formulas),
 * in one pass with one sine and cosine per body. */
void ss_fj_kinematics_at(const ss_planar_system *sys, const double *x, const double *xd,
                         ss_fj_kinematics *kin);
/* The same and, when phi is not NULL, Phi(x) (m values, as
 * ss_planar_constraints) from the same geometry. */
void ss_fj_kinematics_phi(const ss_planar_system *sys, const double *x, const double *xd,
                          ss_fj_kinematics *kin, double *phi);

/* ss_fj_statics with the Jacobians at x from kin (its C and Cmu). */
int ss_fj_statics_at(const ss_planar_system *sys, const ss_fj_kinematics *kin, const double *h,
                     const ss_fj_spec *spec, ss_fj_solution *out, const char **why);

enum {
  SS_FJ_MAX_U = SS_PLANAR_MAX_M + SS_PLANAR_MAX_JOINTS, /* statics unknowns (multipliers) */
};

/* ss_fj_square_solve's elimination order and LU of its A. */
typedef struct ss_fj_square {
  int n;                     /* size of A */
  int ne;                    /* singleton eliminations, in order: */
  int er[SS_PLANAR_MAX_N];   /* ... their rows */
  int ec[SS_PLANAR_MAX_N];   /* ... their columns */
  bool fwd[SS_PLANAR_MAX_N]; /* ... row singleton (known at once), else column singleton */
  int m;                     /* rows and columns left to the LU */
  int cr[SS_PLANAR_MAX_N];   /* their rows */
  int cc[SS_PLANAR_MAX_N];   /* their columns */
  double lu[SS_PLANAR_MAX_N * SS_PLANAR_MAX_N]; /* GSL LU factors of A there (m x m) */
  size_t perm[SS_PLANAR_MAX_N];                 /* its row permutation */
} ss_fj_square;

/* The pseudoinverse of a rows x cols A by GSL's SVD of A, or of A^T when
 * wide (rows < cols): A = U S V^T (A^T when wide), small values of S zeroed. */
typedef struct ss_fj_pinv {
  int rows, cols;                              /* size of A */
  bool wide;                                   /* rows < cols: A^T decomposed */
  int r, c;                                    /* decomposed matrix r x c, r >= c */
  double U[SS_FJ_MAX_U * SS_PLANAR_MAX_N];     /* r x c */
  double V[SS_PLANAR_MAX_N * SS_PLANAR_MAX_N]; /* c x c */
  double S[SS_PLANAR_MAX_N];                   /* c singular values, 0 below the rank tolerance */
} ss_fj_pinv;

/* ss_fj_statics in two steps: what depends only on the configuration and on
 * spec's structure (roles, which Coulomb joints have friction, drop_row,
 * pinv) - the equilibrium matrix factorised and its solutions per unit
 * friction of the Coulomb joints - and then, for loads h, the rest.  Every
 * right-hand side is solved on its own, so the values are those of
 * ss_fj_statics: a factor kept while the configuration stays the same
 * serves many loads. */
typedef struct ss_fj_statics_factor {
  int role[SS_PLANAR_MAX_JOINTS];          /* spec->role it was made for */
  int drop_row;                            /* spec->drop_row */
  bool pinv;                               /* spec->pinv */
  int nu;                                  /* multipliers */
  int col_of_row[SS_PLANAR_MAX_M];         /* multiplier of each constraint row, -1 dropped */
  int col_of_lock[SS_PLANAR_MAX_JOINTS];   /* multiplier of each locked joint, -1 */
  int nc;                                  /* Coulomb joints with friction */
  int cj[SS_PLANAR_MAX_JOINTS];            /* their indices */
  double A[SS_PLANAR_MAX_N * SS_FJ_MAX_U]; /* equilibrium matrix [C^T C_l^T] (n x nu), 1 or m */
  bool square;                             /* solved by ss_fj_square_solve's method, else pinv */
  int rank;                                /* rank of A */
  ss_fj_square sq;                         /* square: its factors */
  ss_fj_pinv pi;                           /* else: the pseudoinverse */
  double Xc[SS_FJ_MAX_U * SS_PLANAR_MAX_JOINTS]; /* multipliers per unit friction of each
                                                    Coulomb joint (nu x nc), 1 */
} ss_fj_statics_factor;

/* The first step at kin (C and Cmu used).  Returns 0, or -1 with *why when
 * spec cannot be formed (see ss_fj_statics). */
int ss_fj_statics_factor_at(const ss_planar_system *sys, const ss_fj_kinematics *kin,
                            const ss_fj_spec *spec, ss_fj_statics_factor *f, const char **why);
/* The second: the statics at loads h with f made at kin for spec's
 * structure (-1 with *why if it was not); returns as ss_fj_statics. */
int ss_fj_statics_solve(const ss_planar_system *sys, const ss_fj_kinematics *kin,
                        const ss_fj_statics_factor *f, const double *h, const ss_fj_spec *spec,
                        ss_fj_solution *out, const char **why);

/* Dynamics: M x'' = h + C^T lambda + C_l^T kappa + C_c^T f(lambda),
 * C x'' = xi(x, x') + xi_extra, C_l x'' = 0 (locked joints must be guides on
 * the ground or other joints whose slide is linear in x).  xi_extra may be
 * NULL.  Returns 0, -1 (singular) or -2 (no consistent coupling). */
int ss_fj_dynamics(const ss_planar_system *sys, const double *x, const double *xd, const double *h,
                   const double *xi_extra, const ss_fj_spec *spec, double *xdd, ss_fj_solution *out,
                   const char **why);
/* The same from precomputed kinematics. */
int ss_fj_dynamics_at(const ss_planar_system *sys, const ss_fj_kinematics *kin, const double *h,
                      const double *xi_extra, const ss_fj_spec *spec, double *xdd,
                      ss_fj_solution *out, const char **why);

enum {
  SS_FJ_MAX_G = SS_PLANAR_MAX_M + SS_PLANAR_MAX_JOINTS, /* rows of G: constraints and locks */
  SS_FJ_ROW_NZ = 6,                                     /* nonzeros of a row: two bodies */
};

/* The structure of the dynamics' equations for one set of locked joints and
 * one eliminated row: the rows of G = [C; C_l] (multiplier order), which of
 * them fix a single coordinate, and the columns of the others.  Decided from
 * the joints' data (an entry is left out only when it is zero in every
 * configuration), never from values, so one plan serves every (x, x').  It
 * depends only on the system, spec->role (which joints are locked) and
 * spec->drop_row: build it once per mechanism and lock set; it is read-only
 * afterwards (shareable between threads). */
typedef struct ss_fj_plan {
  const char *error;               /* why the dynamics cannot be formed (bad masses), or NULL */
  int drop_row;                    /* spec->drop_row it was made for */
  bool lock[SS_PLANAR_MAX_JOINTS]; /* joints locked by stiction (spec->role == SS_FJ_LOCK) */
  int col_of_row[SS_PLANAR_MAX_M]; /* multiplier of each constraint row, -1 eliminated */
  int col_of_lock[SS_PLANAR_MAX_JOINTS]; /* multiplier of each locked joint, -1 */
  int ng;                                /* rows of G (multipliers) */
  int src[SS_FJ_MAX_G]; /* per row: constraint row r >= 0, or -1 - j: lock of joint j */
  int nnz[SS_FJ_MAX_G]; /* per row: structurally nonzero entries */
  int nzc[SS_FJ_MAX_G][SS_FJ_ROW_NZ];    /* their columns, ascending */
  int fix_col[SS_FJ_MAX_G];              /* the coordinate a single-entry row fixes, -1 */
  bool fixed[SS_PLANAR_MAX_N];           /* coordinates fixed by such a row */
  int nfix;                              /* rows that fix a coordinate */
  int fix_rows[SS_FJ_MAX_G];             /* their indices in G */
  int nr;                                /* the other rows R: the Schur complement's size */
  int rows[SS_FJ_MAX_G];                 /* their indices in G */
  int r_start[SS_FJ_MAX_G + 1];          /* per row of R: its entries (in R's order) */
  int e_col[SS_FJ_MAX_G * SS_FJ_ROW_NZ]; /* column of each entry */
  int col_start[SS_PLANAR_MAX_N + 1];    /* per free coordinate: its entries in R, ... */
  int col_e[SS_FJ_MAX_G * SS_FJ_ROW_NZ]; /* ... as entry index, rows ascending, ... */
  int col_i[SS_FJ_MAX_G * SS_FJ_ROW_NZ]; /* ... and their row's index in R */
  double Minv[SS_PLANAR_MAX_N];          /* inverse mass matrix (diagonal), 1/kg or 1/(kg m²) */
} ss_fj_plan;

/* Builds the plan for sys and the locks and drop_row of spec.  Returns 0,
 * or -1 with *why (and plan->error) when a body has no positive mass. */
int ss_fj_plan_init(const ss_planar_system *sys, const ss_fj_spec *spec, ss_fj_plan *plan,
                    const char **why);
/* ss_fj_dynamics_at with a plan made for spec's locks and drop_row (-1
 * with *why if it was not). */
int ss_fj_dynamics_plan(const ss_planar_system *sys, const ss_fj_plan *plan,
                        const ss_fj_kinematics *kin, const double *h, const double *xi_extra,
                        const ss_fj_spec *spec, double *xdd, ss_fj_solution *out, const char **why);

/* GSL's LU for small systems (n <= SS_LU_SMALL), bit for bit as
 * gsl_linalg_LU_decomp and the triangular solves of gsl_linalg_LU_svx
 * compute them, without GSL's allocation and CBLAS calls
 * (planar-stiction.c).  P A = L U in place, A row-major n x n, perm as
 * gsl_permutation's data; x = L^-1 x (unit diagonal) and x = U^-1 x, x
 * with stride sx. */
enum { SS_LU_SMALL = 24 };
void ss_lu_decomp(double *A, int n, size_t *perm);
void ss_lu_forward(const double *LU, int n, double *x, int sx);
void ss_lu_back(const double *LU, int n, double *x, int sx);

#endif
