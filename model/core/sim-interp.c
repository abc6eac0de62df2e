/* sim-interp.c - what the last integrator step's interpolant tells the run
 * (sim.c) after each step: a sliding contact that creeps to rest without
 * crossing zero (sim_follow_creep), and a sliding speed that dips through
 * zero and back within the step (sim_find_dip, sim_stop_at_dip).  Both
 * sample the contacts' speeds on the step's Chebyshev-Lobatto nodes and
 * locate crossings on the interpolant (creep_sample, creep_poly,
 * creep_crossing_time).  Kept apart from the run: the stepping loop reads
 * plainly without them, and this is where both analyses' numerics live. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvector-small.h"
#include "sim-private.h"

/* ---- a step's speeds, for both analyses ----------------------------- */

/* Contact i's speed, mode * v, at t within the last step (interpolated). */
static double creep_speed(ss_sim *s, int i, double t)
{
  if (CVodeGetDky(s->cvode, t, 0, s->y_creep) != CV_SUCCESS)
    return NAN;
  sim_speeds(s, t, SIM_DATA(s->y_creep));
  return s->modes[i] * s->v[i];
}

/* Samples every contact's speed on Chebyshev-Lobatto nodes of the step
 * [t_a, t_b], one more than the interpolant's degree.  Returns < 0 if the
 * interpolant cannot be read. */
static int creep_sample(ss_sim *s, double t_a, double t_b)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, q_last = 1, q_next = 1;
  CVodeGetLastOrder(s->cvode, &q_last);
  CVodeGetCurrentOrder(s->cvode, &q_next);
  int n = q_last > q_next ? q_last + 2 : q_next + 2;
  n = n < 3 ? 3 : n > CREEP_NODES ? CREEP_NODES : n;
  if (s->nodes_a == t_a && s->nodes_b == t_b && s->n_nodes == n)
    return 0; /* sampled already (sim_find_dip, then sim_follow_creep) */
  s->nodes_a = s->nodes_b = NAN;
  s->n_nodes = n;
  for (int j = 0; j < s->n_nodes; j++) {
    double t = j == 0 ? t_a
               : j == s->n_nodes - 1
                   ? t_b
                   : 0.5 * (t_a + t_b) - 0.5 * (t_b - t_a) * cos(M_PI * j / (s->n_nodes - 1));
    if (CVodeGetDky(s->cvode, t, 0, s->y_creep) != CV_SUCCESS)
      return -1;
    sim_speeds(s, t, SIM_DATA(s->y_creep));
    s->node_t[j] = t;
    for (int i = 0; i < nc; i++)
      s->node_speed[(size_t)j * (size_t)nc + (size_t)i] = s->modes[i] * s->v[i];
  }
  s->nodes_a = t_a;
  s->nodes_b = t_b;
  return 0;
}

/* Contact i's speed polynomial at t (barycentric form on the nodes). */
static double creep_poly(const ss_sim *s, int i, double t)
{
  int nc = s->m->n_contacts, n = s->n_nodes;
  double num = 0.0, den = 0.0;
  for (int j = 0; j < n; j++) {
    double f = s->node_speed[(size_t)j * (size_t)nc + (size_t)i];
    if (t == s->node_t[j])
      return f;
    double w = (j % 2 ? -1.0 : 1.0) * (j == 0 || j == n - 1 ? 0.5 : 1.0) / (t - s->node_t[j]);
    num += w * f;
    den += w;
  }
  return num / den;
}

/* The instant in (lo, hi] where contact i's speed falls through `level`,
 * its speed minus the level being glo >= 0 at lo and ghi < 0 at hi: the
 * Illinois method, as CVODE locates roots, down to rounding in t, on the
 * speed polynomial (exact: false) or on the interpolant itself (first
 * trial at `guess` if inside).  The instant is the bracket's end below the
 * level, as for CVODE's roots. */
static double creep_crossing_time(ss_sim *s, int i, double level, double lo, double glo, double hi,
                                  double ghi, bool exact, double guess)
{
  double tol = 100.0 * DBL_EPSILON * fmax(fabs(lo), fabs(hi));
  int side = 0; /* which end moved last: Illinois halves the other's value */
  for (int it = 0; it < 200 && hi - lo > tol; it++) {
    double mid = it == 0 && guess > lo && guess < hi ? guess : hi - ghi * (hi - lo) / (ghi - glo);
    if (!(mid > lo + 0.5 * tol && mid < hi - 0.5 * tol))
      mid = 0.5 * (lo + hi); /* at an end: bisect */
    double g = (exact ? creep_speed(s, i, mid) : creep_poly(s, i, mid)) - level;
    if (!(g >= 0.0)) {
      hi = mid;
      ghi = g;
      if (side == -1)
        glo *= 0.5;
      side = -1;
    } else {
      lo = mid;
      glo = g;
      if (side == 1)
        ghi *= 0.5;
      side = 1;
    }
  }
  return hi;
}

/* ---- creeping stops (docs/events.md) ----------------------------------
 *
 * A sliding contact that comes to rest by creeping, its speed mode * v
 * decaying exponentially, never crosses zero: round-off would pick its
 * stick time.  Its speed is followed down a ladder of rungs, 1e-4 ... 1e-9
 * m/s (rad/s for bearings).  It creeps where the fall from rung k-1 to rung
 * k took at least CREEP_RATIO of the time of the fall from rung k-2 to rung
 * k-1 (an exponential approach takes equal times per decade, a crossing at
 * a finite deceleration a tenth as long per decade).  A creeping contact is
 * stuck from the instant its speed falls through that rung if the exact
 * law's mode decision, made there with it at rest (and with every other
 * sliding contact below 1e-6 in a descent), holds it.  Any other contact
 * keeps the exact zero crossing of v.  The speeds are followed on the
 * integrator's interpolant after each step: the integration is untouched
 * until a contact stops. */
static const double creep_rung[CREEP_RUNGS] = {1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9};
#define CREEP_FIRST 2   /* the first rung where a contact can be declared stuck */
#define CREEP_RATIO 0.5 /* the least ratio of successive decade times for creeping */
#define CREEP_RISE  2.0 /* a speed above CREEP_RISE times a passed rung starts a new descent */

static double *creep_times(ss_sim *s, int i) { return s->creep_t + (size_t)i * CREEP_RUNGS; }

/* Contact i starts below every rung, with no descent (it sticks, or it
 * starts sliding from rest). */
void sim_creep_reset(ss_sim *s, int i)
{
  s->creep_next[i] = CREEP_RUNGS;
  for (int k = 0; k < CREEP_RUNGS; k++)
    creep_times(s, i)[k] = NAN;
}

/* Follows contact i's speed (mode * v) at a step's end or a restart: a
 * speed above CREEP_RISE times a passed rung ends the descent (the ladder
 * rises to it), one below the next rung (a restart's velocity jump) passes
 * it without a time. */
static void creep_sync_move(ss_sim *s, int i, double speed)
{
  int *k = &s->creep_next[i];
  double *tc = creep_times(s, i);
  if (*k > 0 && speed > CREEP_RISE * creep_rung[*k - 1]) {
    while (*k > 0 && speed > CREEP_RISE * creep_rung[*k - 1])
      (*k)--;
    for (int j = 0; j < CREEP_RUNGS; j++)
      tc[j] = NAN;
  }
  for (; *k < CREEP_RUNGS && speed < creep_rung[*k]; (*k)++)
    tc[*k] = NAN;
}

static inline void creep_sync(ss_sim *s, int i, double speed)
{
  int k = s->creep_next[i]; /* most steps: between its rungs, nothing moves */
  if ((k > 0 && speed > CREEP_RISE * creep_rung[k - 1]) ||
      (k < CREEP_RUNGS && speed < creep_rung[k]))
    creep_sync_move(s, i, speed);
}

/* Whether a contact of a hybrid model slides. */
static inline bool any_sliding(const ss_sim *s)
{
  if (!s->m->hybrid)
    return false;
  for (int i = 0; i < s->m->n_contacts; i++)
    if (s->modes[i] != SS_MODE_STICK)
      return true;
  return false;
}

/* Follows every sliding contact of a hybrid model to the state y at t. */
void sim_creep_sync_all(ss_sim *s, double t)
{
  const ss_model *m = s->m;
  s->t_creep = t;
  if (!m->hybrid)
    return;
  sim_speeds(s, t, SIM_DATA(s->y));
  for (int i = 0; i < m->n_contacts; i++)
    if (s->modes[i] != SS_MODE_STICK)
      creep_sync(s, i, s->modes[i] * s->v[i]);
}

/* Contact i fell through rung k at t: creeping if that fall took at least
 * CREEP_RATIO of the time of the one before. */
static bool creeping(ss_sim *s, int i, int k)
{
  const double *tc = creep_times(s, i);
  if (k < CREEP_FIRST || !isfinite(tc[k - 1]) || !isfinite(tc[k - 2]))
    return false;
  return tc[k] - tc[k - 1] >= CREEP_RATIO * (tc[k - 1] - tc[k - 2]);
}

/* Whether contact j has fallen through a rung in its present descent. */
static bool creep_descending(ss_sim *s, int j)
{
  for (int k = 0; k < CREEP_RUNGS; k++)
    if (isfinite(creep_times(s, j)[k]))
      return true;
  return false;
}

/* Contact i creeps at t (within the last step).  With it go the other
 * sliding contacts that came down below the first deciding rung: if the
 * exact law's mode decision, with them all at rest there, holds them all,
 * the run goes back to t: rows before t, the mode changes, restart.
 * (Contacts that come to rest together share a mode of motion: one held
 * alone while another creeps on is loaded on by it, and breaks loose again
 * at once when its levels are equal.)  Returns 1 if they stopped, 0 if
 * not, < 0 on failure. */
static int creep_stop(ss_sim *s, int i, double t, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  double *xt = SIM_DATA(s->y_trial), *x = SIM_DATA(s->y);
  if (CVodeGetDky(s->cvode, t, 0, s->y_trial) != CV_SUCCESS)
    return 0;
  sim_speeds(s, t, xt);
  memcpy(s->trial_modes, s->modes, sizeof(int) * (size_t)nc);
  for (int j = 0; j < nc; j++)
    s->hit[j] =
        s->modes[j] != SS_MODE_STICK &&
        (j == i || (s->modes[j] * s->v[j] < creep_rung[CREEP_FIRST] && creep_descending(s, j)));
  if (m->ops->resolve(m, t, xt, s->trial_modes, s->hit) < 0)
    return 0;
  for (int j = 0; j < nc; j++)
    if (s->hit[j] && s->trial_modes[j] != SS_MODE_STICK)
      return 0;
  if (s->stats.events >= s->opts.max_events)
    return sim_fail(s, t, "too many events (raise max_events or check the parameters)");
  sim_emit_grid_until(s, sink, nextafter(t, -INFINITY));
  memcpy(x, xt, sizeof(double) * (size_t)m->nx);
  memcpy(s->old_modes, s->modes, sizeof(int) * (size_t)nc);
  memcpy(s->modes, s->trial_modes, sizeof(int) * (size_t)nc);
  s->t_step = t;
  sim_emit_mode_changes(s, sink, t);
  sim_emit_sample(s, sink, t, x);
  return sim_restart(s, t) < 0 ? -1 : 1;
}

static int compare_crossings(const void *a, const void *b)
{
  const creep_crossing *p = a, *q = b;
  if (p->t != q->t)
    return p->t < q->t ? -1 : 1;
  return p->contact - q->contact;
}

/* Follows the sliding contacts' speeds over the last step, from t_creep to
 * t_b (state y), in time order.  A creeping contact that can stick stops
 * at its rung crossing (before t_b when a root fell at t_b: the root's own
 * handling decides that instant): returns 1 (the run goes on from there),
 * 0 if none stopped, < 0 on failure. */
int sim_follow_creep(ss_sim *s, double t_b, bool root_at_end, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, n = 0;
  double t_a = s->t_creep;
  if (!any_sliding(s) || !(t_b > t_a)) {
    s->t_creep = fmax(t_a, t_b);
    return 0;
  }
  if (s->t_speed != t_b) {
    sim_speeds(s, t_b, SIM_DATA(s->y));
    for (int i = 0; i < nc; i++)
      s->speed[i] = s->modes[i] * s->v[i];
  }
  s->t_speed = NAN; /* the search below evaluates without it */
  /* a rung crossed, or a ladder to move at the end (creep_sync) */
  bool any_crossing = false, any_move = false;
  for (int i = 0; i < nc; i++) {
    if (s->modes[i] == SS_MODE_STICK)
      continue;
    int k = s->creep_next[i];
    double speed = s->speed[i];
    bool crossing = k < CREEP_RUNGS && speed < creep_rung[k];
    any_crossing |= crossing;
    any_move |= crossing || (k > 0 && speed > CREEP_RISE * creep_rung[k - 1]);
  }
  if (any_crossing && creep_sample(s, t_a, t_b) < 0)
    any_crossing = false;
  for (int i = 0; any_crossing && i < nc; i++) {
    if (s->modes[i] == SS_MODE_STICK)
      continue;
    double lo = t_a;
    for (int k = s->creep_next[i]; k < CREEP_RUNGS && s->speed[i] < creep_rung[k]; k++) {
      double g_lo = creep_poly(s, i, lo) - creep_rung[k], g_hi = s->speed[i] - creep_rung[k];
      lo = creep_crossing_time(s, i, creep_rung[k], lo, fmax(g_lo, 0.0), t_b, g_hi, false, NAN);
      s->cross[n++] = (creep_crossing){lo, i, k};
    }
  }
  if (n > 1) /* most steps cross no rung */
    qsort(s->cross, (size_t)n, sizeof *s->cross, compare_crossings);
  for (int c = 0; c < n; c++) {
    const creep_crossing *e = &s->cross[c];
    creep_times(s, e->contact)[e->rung] = e->t;
    s->creep_next[e->contact] = e->rung + 1;
    if (!creeping(s, e->contact, e->rung))
      continue;
    /* the instant on the interpolant itself (the polynomial is exact for a
     * speed linear in the state) */
    double level = creep_rung[e->rung];
    double t = creep_crossing_time(s, e->contact, level, t_a,
                                   fmax(creep_speed(s, e->contact, t_a) - level, 0.0), t_b,
                                   s->speed[e->contact] - level, true, e->t);
    if (t < t_b || !root_at_end) { /* (a root at t_b: its own handling decides that instant) */
      int rc = creep_stop(s, e->contact, t, sink);
      if (rc != 0)
        return rc;
    }
  }
  for (int i = 0; any_move && i < nc; i++) /* (no rung crossed: the ladders as they were) */
    if (s->modes[i] != SS_MODE_STICK)
      creep_sync(s, i, s->speed[i]);
  s->t_creep = t_b;
  return 0;
}

/* ---- a speed through zero and back within one step ------------------
 *
 * CVODE sees a sliding contact's root function, its speed mode * v, only at
 * the steps' ends, and sliding steps are not capped: a speed that dips
 * through zero and back within one step goes unseen, and its friction,
 * still in its old direction, pushes along the motion (energy appears).
 * Checked after each step, in two stages:
 *
 * - a screen, one evaluation of the speeds per step (sim_speeds: the
 *   model's velocities alone where it can give them): the cubic through
 *   each speed and its rate (along the last right-hand side) at the step's
 *   two ends.  A speed passes if it is above zero at both ends and the cubic
 *   stays above DIP_SCREEN of the smaller end value.  (To hide a dip the
 *   speed would have to leave its cubic by half its size within one
 *   step; the full check below, run on every step, found no such step in
 *   the bench variants and in 9000 random runs.)
 * - the others, and every speed in the first step after a restart: their
 *   polynomials on the step's nodes (creep_sample; exact for a speed
 *   linear in the state), bounded from below through their Chebyshev
 *   coefficients.  Where the bound lets one fall below -atol, the step is
 *   halved down, on that polynomial, to the first sample there; the first
 *   fall through zero before it, located on the interpolant to rounding,
 *   ends the step as a root.  Shallower dips are within the integration's
 *   error on a velocity (and rounding makes some around located roots). */
#define DIP_SCREEN 0.5 /* share of the smaller end speed the cubic must stay above */
#define DIP_DEPTH  30  /* halvings of a step in the search */
#define DIP_PIECES 64  /* pieces of a step sampled at most per search */

/* cos(pi m / N) for m < 2N, N = n - 1: the Chebyshev-Lobatto nodes' table */
static const double *lobatto_cos(ss_sim *s, int n)
{
  if (s->cheb_n != n) {
    for (int m = 0; m < 2 * (n - 1); m++)
      s->cheb_cos[m] = cos(M_PI * m / (n - 1));
    s->cheb_n = n;
  }
  return s->cheb_cos;
}

/* Whether the polynomial through f[n] on Chebyshev-Lobatto nodes stays
 * above `level`, all of f being above it: from its Chebyshev coefficients a_k
 * (the discrete cosine transform of the values), if a_0 - sum |a_k| is, or
 * if it is monotone (its derivative's coefficients bound it away from zero:
 * then its ends are its extremes). */
static bool stays_above(ss_sim *s, const double *f, int n, double level)
{
  int N = n - 1;
  const double *c = lobatto_cos(s, n);
  double a[CREEP_NODES] = {0}, rest = 0.0;
  for (int k = 0; k <= N; k++) {
    double sum = 0.5 * (f[0] + (k % 2 ? -f[N] : f[N]));
    for (int j = 1, m = k; j < N; j++, m = (m + k) % (2 * N))
      sum += f[j] * c[m];
    a[k] = sum * (k == 0 || k == N ? 1.0 : 2.0) / N;
    rest += k > 0 ? fabs(a[k]) : 0.0;
  }
  if (a[0] - rest > level)
    return true;
  /* the derivative's coefficients: d_{k-1} = d_{k+1} + 2 k a_k, d_0 halved */
  double d_next = 0.0, d = 0.0, d0 = 0.0, dsum = 0.0;
  for (int k = N; k >= 1; k--) {
    double d_k1 = d_next + 2.0 * k * a[k]; /* d_{k-1} */
    d_next = d;
    d = d_k1;
    if (k > 1)
      dsum += fabs(d_k1);
    else
      d0 = 0.5 * d_k1;
  }
  return fabs(d0) > dsum;
}

/* Contact i's first sample at or below `level` on the step's speed
 * polynomial in [lo, hi], where it is above the level at lo: the bracket
 * [*t_above, *t_below] of that sample and the one before.  *budget counts
 * the pieces left. */
static bool dip_search(ss_sim *s, int i, double level, double lo, double hi, int depth, int *budget,
                       double *t_above, double *t_below)
{
  int n = s->n_nodes;
  const double *c = lobatto_cos(s, n);
  double f[CREEP_NODES], t_prev = lo;
  if (--*budget < 0)
    return false;
  for (int j = 0; j < n; j++) {
    double t = j == 0 ? lo : j == n - 1 ? hi : 0.5 * (lo + hi) - 0.5 * (hi - lo) * c[j];
    f[j] = creep_poly(s, i, t);
    if (!(f[j] > level)) {
      *t_above = t_prev;
      *t_below = t;
      return j > 0;
    }
    t_prev = t;
  }
  if (stays_above(s, f, n, level) || depth >= DIP_DEPTH) /* (every f above the level) */
    return false;
  double mid = 0.5 * (lo + hi);
  return dip_search(s, i, level, lo, mid, depth + 1, budget, t_above, t_below) ||
         dip_search(s, i, level, mid, hi, depth + 1, budget, t_above, t_below);
}

/* Whether the cubic through speeds p_a, p_b and rates d_a, d_b at the ends
 * of a step of length h stays above DIP_SCREEN of the smaller end speed. */
static inline bool cubic_passes(double p_a, double d_a, double p_b, double d_b, double h)
{
  double m_a = h * d_a, m_b = h * d_b; /* in tau = (t - t_a) / h */
  /* at once where it is plain: in Hermite form the end values' weights are
   * >= 0 and sum to 1, the slopes' are within 4/27, so the cubic stays above
   * min - 4/27 (|m_a| + |m_b|); at 3/4 of the smaller end speed or more it
   * passes, and the test below (whose rounding is far below a quarter of
   * it while the end speeds are within 1e6 of each other) says the same.
   * (With both speeds positive and the smaller finite, the bound holds only
   * for finite rates.) */
  double lo = p_a < p_b ? p_a : p_b, hi = p_a < p_b ? p_b : p_a;
  if (p_a > 0.0 && p_b > 0.0 && lo <= DBL_MAX &&
      (4.0 / 27.0) * (fabs(m_a) + fabs(m_b)) <= 0.25 * lo && hi <= 1e6 * lo)
    return true;
  if (!(p_a > 0.0 && p_b > 0.0 && isfinite(d_a) && isfinite(d_b)))
    return false;
  double c2 = 3.0 * (p_b - p_a) - 2.0 * m_a - m_b, c3 = 2.0 * (p_a - p_b) + m_a + m_b;
  double floor = DIP_SCREEN * lo;
  /* the cubic's extrema: roots of m_a + 2 c2 tau + 3 c3 tau^2 */
  double A = 3.0 * c3, B = 2.0 * c2, C = m_a, roots[2];
  int nr = 0;
  if (A == 0.0) {
    if (B != 0.0)
      roots[nr++] = -C / B;
  } else {
    double disc = B * B - 4.0 * A * C;
    if (disc >= 0.0) {
      double q = -0.5 * (B + copysign(sqrt(disc), B));
      roots[nr++] = q / A;
      if (q != 0.0)
        roots[nr++] = C / q;
    }
  }
  for (int r = 0; r < nr; r++) {
    double tau = roots[r];
    if (tau > 0.0 && tau < 1.0 && !(p_a + tau * (m_a + tau * (c2 + tau * c3)) > floor))
      return false;
  }
  return true;
}

/* Each contact's speed at the end t_b of the last step, state y, in
 * s->speed (for sim_follow_creep too), and if the last right-hand side was
 * evaluated at t_b, the speeds a step h along it in s->v: returns whether
 * it was (the rates are then (mode * v - speed) / h, else NAN). */
static bool end_speeds(ss_sim *s, double t_b, double h)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  if (s->t_speed != t_b) {
    sim_speeds(s, t_b, SIM_DATA(s->y));
    for (int i = 0; i < nc; i++)
      s->speed[i] = s->modes[i] * s->v[i];
    s->t_speed = t_b;
  }
  if (s->t_rhs != t_b || !(h > 0.0))
    return false;
  const double *restrict x = SIM_DATA(s->y), *restrict xd = SIM_DATA(s->ydot_last);
  if (m->ops->speeds_along) {
    m->ops->speeds_along(m, t_b, x, xd, h, s->modes, s->v);
    return true;
  }
  double *restrict xp = SIM_DATA(s->y_probe);
#define K(N)                    \
  for (int k = 0; k < (N); k++) \
    xp[k] = x[k] + h * xd[k];
  SS_SMALL_SWITCH(m->nx, K) /* of fixed length, unrolled */
#undef K
  sim_speeds(s, t_b + h, xp);
  return true;
}

/* The first instant within the last step [t_a, t_b] where a sliding
 * contact's speed falls through zero on its way below -atol (a root at t_b
 * is CVODE's own), or NAN: none.  Keeps the end speeds and rates for the
 * next step's screen. */
double sim_find_dip(ss_sim *s, double t_a, double t_b)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts;
  bool screened = s->t_dip_start == t_a;
  s->t_dip_start = NAN;
  if (!any_sliding(s) || !(t_b > t_a))
    return NAN;
  double h = t_b - t_a;
  bool rates = end_speeds(s, t_b, h);
  bool any_flagged = false;
  for (int i = 0; i < nc; i++) {
    double rate = rates ? (s->modes[i] * s->v[i] - s->speed[i]) / h : NAN;
    bool hit = s->modes[i] != SS_MODE_STICK &&
               !(screened && cubic_passes(s->dip_speed[i], s->dip_rate_a[i], s->speed[i], rate, h));
    s->hit[i] = hit;
    any_flagged |= hit;
    s->dip_speed[i] = s->speed[i];
    s->dip_rate_a[i] = rate;
  }
  s->t_dip_start = t_b;
  if (!any_flagged || creep_sample(s, t_a, t_b) < 0)
    return NAN;
  int n = s->n_nodes;
  double deep = -s->opts.atol;
  double first = t_b - 100.0 * DBL_EPSILON * (fabs(t_b) + (t_b - t_a)); /* CVODE's root tolerance */
  bool found = false;
  for (int i = 0; i < nc; i++) {
    if (!s->hit[i])
      continue;
    double f[CREEP_NODES];
    int j0 = -1; /* the first node with the speed above zero (0 after a slip from rest) */
    bool finite = true, above = true;
    for (int j = 0; j < n; j++) {
      f[j] = s->node_speed[(size_t)j * (size_t)nc + (size_t)i];
      finite &= isfinite(f[j]);
      above &= f[j] > deep;
      if (j0 < 0 && f[j] > 0.0)
        j0 = j;
    }
    if (!finite || j0 < 0 || (j0 == 0 && above && stays_above(s, f, n, deep)))
      continue;
    int budget = DIP_PIECES;
    double lo, hi;
    if (!dip_search(s, i, deep, s->node_t[j0], t_b, 0, &budget, &lo, &hi))
      continue;
    budget = DIP_PIECES; /* the first fall through zero before it (at t_b: CVODE's root) */
    if (!dip_search(s, i, 0.0, s->node_t[j0], hi, 0, &budget, &lo, &hi) || !(hi < t_b) ||
        !(lo < first))
      continue;
    /* on the interpolant itself, from the polynomial's crossing */
    double guess = creep_crossing_time(s, i, 0.0, lo, creep_poly(s, i, lo), hi,
                                       creep_poly(s, i, hi), false, NAN);
    double g_lo = creep_speed(s, i, lo), g_hi = creep_speed(s, i, hi);
    if (!(g_hi <= 0.0)) { /* a speed nonlinear in the state: its own sign at the guess */
      hi = guess;
      g_hi = creep_speed(s, i, hi);
    }
    if (!(g_lo > 0.0 && g_hi <= 0.0))
      continue;
    double t = creep_crossing_time(s, i, 0.0, lo, g_lo, hi, g_hi, true, guess);
    if (t < first) {
      first = t;
      found = true;
    }
  }
  if (found)
    s->t_dip_start = NAN;
  return found ? first : NAN;
}

/* A sliding contact's speed fell through zero at t_dip within the last
 * step: the step ends there, with any creeping stop before it, and the
 * contacts at or below zero there are roots.  Returns < 0 on failure. */
int sim_stop_at_dip(ss_sim *s, double t_dip, const ss_sink *sink)
{
  const ss_model *m = s->m;
  int nc = m->n_contacts, nr = nc + m->n_aux + m->n_kinks;
  double *x = SIM_DATA(s->y);
  if (CVodeGetDky(s->cvode, t_dip, 0, s->y) != CV_SUCCESS)
    return sim_fail(s, t_dip, "the integrator's interpolant cannot be read");
  int creep = sim_follow_creep(s, t_dip, true, sink);
  if (creep != 0)
    return creep < 0 ? -1 : 0;
  s->t_step = t_dip;
  sim_emit_grid_until(s, sink, nextafter(t_dip, -INFINITY));
  sim_speeds(s, t_dip, x);
  for (int i = 0; i < nr; i++)
    s->roots[i] = i < nc && s->modes[i] != SS_MODE_STICK && !(s->modes[i] * s->v[i] > 0.0) ? -1 : 0;
  if (s->failed)
    return -1;
  return sim_handle_roots(s, t_dip, sink);
}
