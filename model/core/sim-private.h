/* sim-private.h - what the integrator's two files share: the state of a
 * run (struct ss_sim) and the functions one calls in the other.
 *
 *   sim.c         the run: CVODE set-up and callbacks, the stepping loop,
 *                 roots and events, restarts, output grid rows
 *   sim-interp.c  what a step's interpolant tells: creeping stops and
 *                 speeds that dip through zero within the step
 *   sim-linsol.c  the BDF Newton iteration's dense linear solver for small
 *                 states (and nvector-small.c, their N_Vector)
 *   sim-newton.c  the BDF Newton iteration solving with it directly, and
 *                 the error weights in one loop (CVODE's extension points)
 *   sim-dense.c   the extremes of watched columns between the steps
 *                 (ss_sim_watch: metrics independent of the output grid)
 *
 * Split along that seam so the stepping loop reads without the analyses'
 * numerics and neither file passes 1,000 lines; the names shared here
 * start with sim_ (ss-internal.h). */
#ifndef SS_SIM_PRIVATE_H
#define SS_SIM_PRIVATE_H

#include <stdbool.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include "ss-internal.h"

#define CREEP_RUNGS 6 /* rungs on a creeping contact's ladder (sim-interp.c) */

/* Nodes of a step's speed polynomials: the state's interpolant has the
 * method's order (Adams at most 12), so a speed linear in the state is a
 * polynomial of that degree, and a smooth one close to it. */
#define CREEP_NODES 14

/* Guards: every run advances or stops (docs/events.md, "Guards").
 *   SIM_MAX_ROOT_EVALS  event-function evaluations within one CVode call (its
 *                       root search converges in a few dozen: more is a
 *                       search that cannot shrink its bracket, e.g. at
 *                       subnormal times)
 *   SIM_STALL_CALLS     CVode calls in a row that leave simulated time within
 *                       SIM_STALL_SHARE of t_end of where it was
 *   SIM_CANCEL_EVERY    CVode calls (or root evaluations) between two looks
 *                       at the cancellation callback */
#define SIM_MAX_ROOT_EVALS 5000
#define SIM_STALL_CALLS    2000
#define SIM_STALL_SHARE    1e-13
#define SIM_CANCEL_EVERY   16

typedef struct creep_crossing {
  double t;    /* instant the speed fell through the rung, s */
  int contact; /* which contact */
  int rung;    /* which rung */
} creep_crossing;

struct ss_sim {
  const ss_model *m;       /* the constant model */
  ss_run_opts opts;        /* resolved options */
  SUNContext ctx;          /* SUNDIALS context */
  void *cvode;             /* CVODE memory */
  N_Vector y;              /* continuous state */
  SUNMatrix A;             /* BDF Jacobian (dense) */
  SUNLinearSolver LS;      /* BDF linear solver */
  SUNNonlinearSolver NLS;  /* Adams fixed-point, BDF Newton solver (sim-newton.c) */
  N_Vector jac_col;        /* a column of A as a vector (sim_jac_dq; no data of its own) */
  int *modes;              /* n_contacts current modes */
  int *old_modes;          /* scratch */
  bool *released;          /* per contact: stuck and released (m->release_flag) as last
                              reported */
  int *roots;              /* n_contacts + n_aux root info */
  int n_roots;             /* root functions: n_contacts + n_aux + n_kinks */
  int n_watched;           /* of them CVODE watches (the rest cannot fire first) */
  int *watched;            /* n_watched: CVODE's root function j -> index into roots */
  int *watched_info;       /* CVODE's root info for them */
  bool *aux_on;            /* scratch per aux function (ops->aux_active) */
  double *g_all;           /* scratch: every aux and kink function's value */
  int *hit;                /* scratch */
  double *v;               /* scratch per contact */
  double *margin;          /* scratch per contact */
  double *margin0;         /* scratch per contact */
  N_Vector y_probe;        /* scratch state a moment after a (re)start */
  N_Vector ydot;           /* scratch derivative */
  double *row;             /* scratch sample row (the last emitted one) */
  double *row_probe;       /* scratch row of a state that is not finite */
  void *observe_scratch;   /* the model's own scratch for observe (NULL: none) */
  N_Vector y_grid;         /* interpolated state at a grid time */
  double t;                /* time reached for the caller (<= t_step), s */
  double t_step;           /* end of the last integrator step (state y), s */
  long grid_index;         /* next output grid index */
  long steps_since_output; /* integrator steps since the last grid sample */
  long n_grid;             /* index of the last grid point (t_end) */
  bool started;            /* t = 0 sample emitted */
  bool failed;             /* an error stopped the run */
  double last_event_t;     /* for Zeno detection */
  long events_at_same_t;   /* events within 1e-12 s of each other */
  bool repeat_root;        /* the last root fell on the previous one's instant and
                              changed no mode: restart with a shorter first step */
  int *creep_next;         /* per contact: index of the next rung to watch its speed fall
                              through (CREEP_RUNGS: none) */
  double *creep_t;         /* per contact CREEP_RUNGS instants its speed fell through each
                              rung in the present descent, s (NAN: not in it) */
  double t_creep;          /* the speeds have been followed up to here, s */
  N_Vector y_creep;        /* interpolated state within the last step */
  N_Vector y_trial;        /* state of a trial stop */
  int *trial_modes;        /* modes of a trial stop */
  double *speed;           /* per contact: speed mode * v at t_speed (a sliding contact's
                              root function, kept from CVODE's last call) */
  double t_speed;          /* time of speed[], s (NAN: none) */
  creep_crossing *cross;   /* scratch: rung crossings within one step */
  double *node_t;          /* CREEP_NODES Chebyshev nodes of a step, s */
  double *node_speed;      /* speeds of every contact at the nodes (node-major) */
  int n_nodes;             /* nodes in use */
  double nodes_a, nodes_b; /* the step the nodes sample, s (NAN: none) */
  ss_stats stats;          /* accumulated over restarts */
  ss_run_check *check;     /* physics of every emitted row */
  size_t rows;             /* rows emitted */
  size_t max_rows;         /* rows a run may keep: grid plus one per event */
  char error[1024];        /* last error message */

  /* guards (sim.c) */
  long root_evals_in_call;    /* event-function evaluations in the current CVode call */
  const char *stall;          /* why a callback stopped CVODE (NULL: none) */
  double t_progress;          /* last time the run was seen to advance from, s */
  long stalled_calls;         /* CVode calls since then */
  ss_cancel_fn cancel;        /* cancellation callback (NULL: none) */
  void *cancel_user;          /* its argument */
  long calls_to_cancel_check; /* CVode calls or root evaluations until the next look */

  /* speeds through zero within a step (sim_find_dip) */
  double cheb_cos[2 * CREEP_NODES]; /* cos(pi m / (cheb_n - 1)), m < 2 (cheb_n - 1) */
  int cheb_n;                       /* nodes of that table (0: none) */
  N_Vector ydot_last;               /* the last right-hand side CVODE evaluated */
  double t_rhs;                     /* its time, s (NAN: none) */
  double *dip_speed;                /* per contact: speed mode * v at t_dip_start */
  double *dip_rate_a;               /* per contact: its rate there, m/s² (rad/s² bearings) */
  double t_dip_start;               /* where the next step starts from them, s (NAN: none,
                                       after a restart) */

  struct sim_dense *dense; /* watched columns' extremes (sim-dense.c), NULL: none */
};

/* The data of a run's vector: every one is a serial vector (the small
 * ones of nvector-small.c too, and CVODE's clones of them), so the hot
 * paths read its array directly instead of through N_VGetArrayPointer's
 * two calls. */
#define SIM_DATA(v) NV_DATA_S(v)

/* ---- sim.c: the run ---- */

/* Runs started on this thread use SUNDIALS' plain serial N_Vector and
 * dense linear solver instead of the small ones (nvector-small.c,
 * sim-linsol.c): for the tests that compare them. */
extern _Thread_local bool sim_plain_sundials;

/* CVODE's right-hand side: the model's in the current modes (a hybrid
 * model's last one kept in ydot_last). */
int sim_rhs(sunrealtype t, N_Vector y, N_Vector ydot, void *user);

/* ---- sim-linsol.c: the dense linear solver for small states ---- */

/* CVODE's difference-quotient Jacobian (cvLsDenseDQJac: the same
 * increments and quotients, bit for bit), less the right-hand sides of
 * the states no right-hand side reads (ss_model.integral): their columns
 * are zero.  CVLS's Jacobian function (CVodeSetJacFn), user data the run. */
int sim_jac_dq(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *user, N_Vector tmp1,
               N_Vector tmp2, N_Vector tmp3);

/* SUNLinSol_Dense's LU and solve for an n x n dense matrix, bit for bit,
 * in fixed-size loops; NULL when out of memory. */
SUNLinearSolver sim_linsol_small(sunindextype n, SUNContext ctx);
/* Gives square dense matrix A the element-wise copy, zero and
 * scale-add-identity of CVLS's setup in whole-array loops (the same bits),
 * and a clone with them (CVLS's saved Jacobian). */
void sim_matrix_small_ops(SUNMatrix A);

/* Every contact's relative velocity at (t, x) in the current modes, into
 * s->v: the model's speeds op, else its contacts (s->margin overwritten). */
void sim_speeds(ss_sim *s, double t, const double *x);
/* Stops the run with "simulation failed at t = ...: what"; returns -1. */
int sim_fail(ss_sim *s, double t, const char *what);
/* Restarts the integrator at t from y (history discarded); < 0 on failure. */
int sim_restart(ss_sim *s, double t);
/* Observes, checks and hands over the row at t, state x (a failure stops the run). */
void sim_emit_sample(ss_sim *s, const ss_sink *sink, double t, const double *x);
/* An event per contact whose mode differs from old_modes, and the release
 * and lock events of the state y (docs/events.md gives their order); true
 * if a mode changed. */
bool sim_emit_mode_changes(ss_sim *s, const ss_sink *sink, double t);
/* The roots in s->roots at t, state y: new modes, events, restart; < 0 on failure. */
int sim_handle_roots(ss_sim *s, double t, const ss_sink *sink);
/* Emits every grid row up to `until` within the last integrator step. */
void sim_emit_grid_until(ss_sim *s, const ss_sink *sink, double until);

/* ---- sim-interp.c: what a step's interpolant tells ---- */

/* Contact i starts below every rung, with no descent. */
void sim_creep_reset(ss_sim *s, int i);
/* Follows every sliding contact's speed to the state y at t (a restart). */
void sim_creep_sync_all(ss_sim *s, double t);
/* Creeping stops within the last step, up to t_b: 1 if a contact stopped (the
 * run goes on from there), 0 if none, < 0 on failure. */
int sim_follow_creep(ss_sim *s, double t_b, bool root_at_end, const ss_sink *sink);
/* The first instant in [t_a, t_b] where a sliding speed falls through zero
 * on its way below -atol, or NAN: none. */
double sim_find_dip(ss_sim *s, double t_a, double t_b);
/* Ends the last step at the dip t_dip and resolves there; < 0 on failure. */
int sim_stop_at_dip(ss_sim *s, double t_dip, const ss_sink *sink);

/* ---- sim-newton.c: the Newton iteration and the error weights ---- */

/* SUNDIALS' Newton solver for CVODE (CVodeSetNonlinearSolver), bit for
 * bit, computing CVODE's residual itself (its right-hand sides counted in
 * s->stats) and solving with the run's LS and A (sim_linsol_small)
 * directly instead of through CVLS; for the BDF runs on the small vector
 * (ss_sim_new puts it in after CVodeSetJacFn).  NULL when out of memory. */
SUNNonlinearSolver sim_newton_new(ss_sim *s);
/* CVODE's error weights (CVodeWFtolerances, user data the run, whose NLS
 * is sim_newton_new's): 1 / (rtol |y_i| + atol_i), set_tolerances' atol_i,
 * bit for bit what CVODE computes from the tolerances it sets. */
int sim_ewt(N_Vector y, N_Vector ewt, void *user);

/* ---- sim-dense.c: extremes of watched columns on the dense output ---- */

/* The solution is final up to `until` within the last step (called from
 * sim_emit_grid_until: whole stretches only are taken). */
void sim_dense_follow(ss_sim *s, double until);
/* The integrator restarts at t (its interpolant is discarded). */
void sim_dense_restart(ss_sim *s, double t);
void sim_dense_free(struct sim_dense *d); /* NULL-safe */

#endif
