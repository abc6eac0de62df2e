/* sim-dense.c - the extremes of watched columns on the integrator's dense
 * output (ss_sim_watch), for metrics that look for a peak (amplitude, the
 * largest friction ratio, a study's max:COL): found between the steps, not
 * between the output grid's rows, so they do not depend on dt_out.
 *
 * sim.c hands over each accepted stretch of the solution [t_a, t_b] while
 * the step's interpolant is still there (sim_dense_follow, from
 * sim_emit_grid_until) and each restart (sim_dense_restart).  A stretch's
 * end is kept as a node: the state and its rate there on CVODE's
 * interpolant (at a step's end CVODE's own y_n and zn[1] / h, which cost
 * a copy; CVodeGetDky only at a stretch cut short by an event or at a
 * segment's start), with the modes over the stretch.  A watched column is
 * sampled at the end of every DENSE_EVERY-th stretch and at each
 * segment's ends (modes or loads may jump at a restart).  A sample above
 * (below) both its neighbours brackets a maximum (minimum), located on the
 * stretches between them by successive parabolas (golden-section steps
 * where a parabola fails), evaluating only that column where the model
 * has it alone (observe_column): a stretch is interpolated only then, by
 * Hermite interpolation on the states and rates of its ends and of one
 * node beside each end where that stretch is of a like length (degree 7
 * in smooth stretches, 3 where the steps change fast, e.g. a stiff
 * transient).  The extremes so found differ from those on CVODE's own
 * interpolant by at most 1e-6 of the column's size on the bench variants
 * (below 1e-8 on most), at least 30 times less than the solution's own
 * error there (against a run at rtol 1e-12), at a fraction of the cost
 * of keeping each step's Taylor coefficients.  A bracket across a restart
 * is not searched (the column may jump there): the sample itself is the
 * extremum, and the event's row holds the other side. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvector-small.h"
#include "sim-private.h"

#define DENSE_EVERY  8 /* a sample every this many stretches (and at each segment's ends) */
#define DENSE_NODES  (2 * DENSE_EVERY + 4) /* nodes kept: a bracket's stretches and a neighbour */
#define DENSE_SIDE   1                     /* nodes beside a stretch's ends that shape it */
#define DENSE_RATIO  2.0   /* a node beside a stretch counts if its stretch is this alike */
#define DENSE_TOL    1e-10 /* a search's resolution in t, share of its bracket */
#define DENSE_FLAT   1e-14 /* a change of the column below this share of its size: none */
#define DENSE_SEARCH 60    /* evaluations at most in locating one extremum */
#define DENSE_NOISE  1e-7  /* a bracket spread below this share of the column's size: no search */

/* The solution at a stretch's end: the state and its rate on the step's
 * interpolant (for a step's end, CVODE's y_n and zn[1] / h: no
 * interpolation), with the modes over the stretch ending there. */
typedef struct dense_node {
  double t;    /* s */
  int segment; /* restarts before it: nodes of one segment join smoothly */
  double *y;   /* nx: the state */
  double *yd;  /* nx: its rate, per s */
  int *modes;  /* the contacts' modes over the stretch ending here */
} dense_node;

struct sim_dense {
  int nx;          /* the model's states */
  int n_contacts;  /* its contacts */
  int n_watch;     /* watched columns */
  int *watch;      /* their indices */
  bool *records;   /* per watched column: only extremes beyond every earlier one */
  double *rec_max; /* per watched column: the largest extremum reported, or -inf */
  double *rec_min; /* the smallest, or +inf */
  double *scale;   /* per watched column: the largest |sample| so far */
  void (*peak)(void *user, const ss_peak *p);
  void *user; /* for peak */
  dense_node node[DENSE_NODES];
  int head;        /* the newest node */
  int n_nodes;     /* nodes kept */
  int segment;     /* restarts so far */
  double t;        /* followed up to here, s (NAN: nothing yet) */
  bool fresh;      /* the next stretch starts a segment: a node and a sample at its start */
  int since;       /* stretches since the last sample */
  double st[3];    /* the last three samples' times, oldest first */
  int sseg[3];     /* their segments */
  double *sv;      /* 3 * n_watch values, sample-major */
  int n_samples;   /* samples held (at most 3) */
  double *x;       /* scratch state */
  double *row;     /* scratch row */
  void *scratch;   /* observe's scratch */
  bool whole_rows; /* a watched column the model has not alone: samples are whole rows */
  N_Vector dky;    /* scratch state or rate from the interpolant */
  N_Vector zn1;    /* CVODE's zn[1], h y' at the last step's end (CVODE allocates its
                      history once, with its memory: the same vector for the whole
                      run); NULL: not asked for yet */
  long serial;     /* nodes added so far */
  /* the last stretch interpolated (stretch_state) */
  int hc_n;                        /* its Hermite conditions (0: none) */
  double hc_b;                     /* its end, s */
  int hc_seg;                      /* its segment */
  long hc_serial;                  /* serial when it was built */
  double hc_z[4 * DENSE_SIDE + 4]; /* its nodes, each twice, s from its end */
  /* the reciprocals of its divided differences' spans */
  double hc_inv[(4 * DENSE_SIDE + 4) * (4 * DENSE_SIDE + 4)];
  const dense_node *hc_nd[2 * DENSE_SIDE + 2]; /* its nodes, the oldest first */
  double *hc_c;                                /* (4 DENSE_SIDE + 4) * nx Newton coefficients */
  bool *hc_have;                               /* nx: a state's coefficients are built */
};

void sim_dense_free(struct sim_dense *d)
{
  if (!d)
    return;
  for (int i = 0; i < DENSE_NODES; i++) {
    free(d->node[i].y);
    free(d->node[i].modes);
  }
  free(d->watch);
  free(d->records);
  free(d->rec_max);
  free(d->rec_min);
  free(d->scale);
  free(d->sv);
  free(d->x);
  free(d->row);
  free(d->scratch);
  free(d->hc_c);
  free(d->hc_have);
  if (d->dky)
    N_VDestroy(d->dky);
  free(d);
}

static struct sim_dense *dense_new(ss_sim *s)
{
  const ss_model *m = s->m;
  struct sim_dense *d = calloc(1, sizeof *d);
  if (!d)
    return NULL;
  bool ok = true;
  for (int i = 0; i < DENSE_NODES; i++) {
    d->node[i].y = calloc(2 * (size_t)m->nx + 1, sizeof(double));
    d->node[i].yd = d->node[i].y ? d->node[i].y + m->nx : NULL;
    d->node[i].modes = calloc((size_t)m->n_contacts + 1, sizeof(int));
    ok &= d->node[i].y && d->node[i].modes;
  }
  d->x = calloc((size_t)m->nx + 1, sizeof(double));
  d->row = calloc((size_t)m->n_columns + 1, sizeof(double));
  d->scratch = m->observe_scratch ? calloc(1, m->observe_scratch) : NULL;
  d->dky = N_VClone(s->y);
  d->hc_c = calloc((4 * DENSE_SIDE + 4) * (size_t)m->nx + 1, sizeof(double));
  d->hc_have = calloc((size_t)m->nx + 1, sizeof(bool));
  d->nx = m->nx;
  d->n_contacts = m->n_contacts;
  d->t = NAN;
  d->fresh = true;
  if (!ok || !d->x || !d->row || !d->dky || !d->hc_c || !d->hc_have ||
      (m->observe_scratch && !d->scratch)) {
    sim_dense_free(d);
    return NULL;
  }
  return d;
}

bool ss_sim_watch(ss_sim *s, int col, bool records, void (*peak)(void *user, const ss_peak *p),
                  void *user)
{
  if (!s || col < 0 || col >= s->m->n_columns)
    return false;
  if (!s->dense && !(s->dense = dense_new(s)))
    return false;
  struct sim_dense *d = s->dense;
  d->peak = peak;
  d->user = user;
  for (int i = 0; i < d->n_watch; i++)
    if (d->watch[i] == col) {
      d->records[i] &= records; /* every extremum wins over records alone */
      return true;
    }
  size_t n = (size_t)d->n_watch + 1;
  int *w = realloc(d->watch, sizeof(int) * n);
  if (w)
    d->watch = w;
  bool *r = w ? realloc(d->records, sizeof(bool) * n) : NULL;
  if (r)
    d->records = r;
  double *mx = r ? realloc(d->rec_max, sizeof(double) * n) : NULL;
  if (mx)
    d->rec_max = mx;
  double *mn = mx ? realloc(d->rec_min, sizeof(double) * n) : NULL;
  if (mn)
    d->rec_min = mn;
  double *sc = mn ? realloc(d->scale, sizeof(double) * n) : NULL;
  if (sc)
    d->scale = sc;
  double *sv = sc ? realloc(d->sv, sizeof(double) * 3 * n) : NULL;
  if (!sv)
    return false;
  d->sv = sv;
  d->watch[d->n_watch] = col;
  d->records[d->n_watch] = records;
  d->rec_max[d->n_watch] = -INFINITY;
  d->rec_min[d->n_watch] = INFINITY;
  d->scale[d->n_watch] = 0.0;
  d->n_watch++;
  d->n_samples = 0; /* (before the run: nothing sampled yet) */
  return true;
}

static dense_node *nth_node(struct sim_dense *d, int j) /* 0 <= j < DENSE_NODES; 0: the newest */
{
  int k = d->head - j;
  return &d->node[k < 0 ? k + DENSE_NODES : k];
}

static bool near_len(double l, double len)
{
  return l <= DENSE_RATIO * len && len <= DENSE_RATIO * l;
}

/* The stretch from node j + 1 to node j (j = 0: the newest) for Hermite
 * interpolation on the states and rates of its two ends and of the nodes
 * beside them in the segment (up to DENSE_SIDE on each side), in Newton
 * form: its nodes and spans, kept for the next point on the same stretch,
 * a state's coefficients built when a point first needs them. */
static void stretch_select(struct sim_dense *d, int j)
{
  const dense_node *b = nth_node(d, j);
  int seg = b->segment;
  if (d->hc_n > 0 && d->hc_b == b->t && d->hc_seg == seg && d->hc_serial == d->serial)
    return;
  /* the nodes: from the oldest, each twice (value, rate) */
  int lo = j + 1, hi = j;
  double len = b->t - nth_node(d, j + 1)->t;
  for (int k = 0; k < DENSE_SIDE && lo + 1 < d->n_nodes && nth_node(d, lo + 1)->segment == seg &&
                  near_len(nth_node(d, lo)->t - nth_node(d, lo + 1)->t, len);
       k++)
    lo++;
  for (int k = 0; k < DENSE_SIDE && hi > 0 && nth_node(d, hi - 1)->segment == seg &&
                  near_len(nth_node(d, hi - 1)->t - nth_node(d, hi)->t, len);
       k++)
    hi--;
  int m = 2 * (lo - hi + 1);
  for (int k = 0; k < m / 2; k++)
    d->hc_nd[k] = nth_node(d, lo - k);
  double t0 = b->t;
  for (int k = 0; k < m; k++)
    d->hc_z[k] = d->hc_nd[k / 2]->t - t0;
  for (int l = 1; l < m; l++)
    for (int k = l; k < m; k++)
      d->hc_inv[l * m + k] = 1.0 / (d->hc_z[k] - d->hc_z[k - l]);
  for (int i = 0; i < d->nx; i++)
    d->hc_have[i] = false;
  d->hc_n = m;
  d->hc_b = b->t;
  d->hc_seg = seg;
  d->hc_serial = d->serial;
}

/* State i's Newton coefficients on the selected stretch. */
static inline __attribute__((always_inline)) void stretch_build(struct sim_dense *d, int i)
{
  int m = d->hc_n, nx = d->nx;
  const double *inv = d->hc_inv;
  const dense_node *const *nd = d->hc_nd;
  double q[4 * DENSE_SIDE + 4];
  for (int k = 0; k < m; k++)
    q[k] = nd[k / 2]->y[i];
  /* divided differences on the doubled nodes: a rate where one meets itself */
  for (int k = m - 1; k >= 1; k--)
    q[k] = k & 1 ? nd[k / 2]->yd[i] : (q[k] - q[k - 1]) * inv[m + k];
  for (int l = 2; l < m; l++)
    for (int k = m - 1; k >= l; k--)
      q[k] = (q[k] - q[k - 1]) * inv[l * m + k];
  for (int k = 0; k < m; k++)
    d->hc_c[(size_t)k * (size_t)nx + (size_t)i] = q[k];
  d->hc_have[i] = true;
}

/* State i at u = t - the stretch's end on the selected stretch, its
 * coefficients built. */
static inline __attribute__((always_inline)) double stretch_eval(const struct sim_dense *d, int i,
                                                                 double u)
{
  int m = d->hc_n, nx = d->nx;
  double v = d->hc_c[(size_t)(m - 1) * (size_t)nx + (size_t)i];
  for (int k = m - 2; k >= 0; k--)
    v = v * (u - d->hc_z[k]) + d->hc_c[(size_t)k * (size_t)nx + (size_t)i];
  return v;
}

/* State i at u on the selected stretch. */
static double stretch_value(struct sim_dense *d, int i, double u)
{
  if (!d->hc_have[i])
    stretch_build(d, i);
  return stretch_eval(d, i, u);
}

/* The state at t within the stretch from node j + 1 to node j. */
static void stretch_state(ss_sim *s, int j, double t, double *x)
{
  struct sim_dense *d = s->dense;
  stretch_select(d, j);
  int nx = d->nx;
  for (int i = 0; i < nx; i++)
    if (!d->hc_have[i])
      stretch_build(d, i);
  double u = t - nth_node(d, j)->t;
  for (int i = 0; i < nx; i++)
    x[i] = stretch_eval(d, i, u);
}

/* The newest node j (0: the newest) of the segment whose stretch covers t
 * (*at: t is the node's own time); -1 if none does. */
static inline int dense_find(const struct sim_dense *d, double t, int segment, bool *at)
{
  for (int j = 0; j < d->n_nodes; j++) {
    const dense_node *b = nth_node((struct sim_dense *)d, j);
    if (b->segment != segment || t > b->t)
      continue;
    *at = !(t < b->t);
    if (*at)
      return j;
    const dense_node *a = j + 1 < d->n_nodes ? nth_node((struct sim_dense *)d, j + 1) : NULL;
    if (!a || a->segment != segment)
      return -1;
    if (t < a->t)
      continue;
    return j;
  }
  return -1;
}

/* The state at t on the newest stretch of the segment that covers it (at
 * a node: the node's own state), with the modes of the stretch ending
 * there; NULL if none does. */
static inline const double *dense_state(ss_sim *s, double t, int segment, const int **modes)
{
  struct sim_dense *d = s->dense;
  bool at;
  int j = dense_find(d, t, segment, &at);
  if (j < 0)
    return NULL;
  const dense_node *b = nth_node(d, j);
  *modes = b->modes;
  if (at)
    return b->y;
  stretch_state(s, j, t, d->x);
  return d->x;
}

/* The row at t (dense_state's) in d->row; false if no stretch covers t. */
static bool dense_row(ss_sim *s, double t, int segment)
{
  const int *modes;
  const double *x = dense_state(s, t, segment, &modes);
  if (!x)
    return false;
  s->m->ops->observe(s->m, s->dense->scratch, t, x, modes, s->dense->row);
  return true;
}

/* The watched columns of the row at t (dense_state's) in d->row, each
 * alone where the model has them so (observe_column), else the whole row;
 * false if no stretch covers t. */
static bool dense_sample_row(ss_sim *s, double t, int segment)
{
  struct sim_dense *d = s->dense;
  const ss_model_ops *ops = s->m->ops;
  if (!ops->observe_column || d->whole_rows)
    return dense_row(s, t, segment);
  const int *modes;
  const double *x = dense_state(s, t, segment, &modes);
  if (!x)
    return false;
  for (int w = 0; w < d->n_watch; w++)
    if (!ops->observe_column(s->m, t, x, modes, d->watch[w], &d->row[d->watch[w]])) {
      d->whole_rows = true; /* a column it has not alone: whole rows from here on */
      ops->observe(s->m, d->scratch, t, x, modes, d->row);
      break;
    }
  return true;
}

/* Column col of the row at t, times sign (NAN: no stretch covers t): the
 * model's observe_column where it has that column alone, else the row. */
static double dense_value(ss_sim *s, double t, int segment, int col, double sign)
{
  struct sim_dense *d = s->dense;
  int i = s->m->ops->column_state ? s->m->ops->column_state(s->m, col) : -1;
  if (i >= 0) { /* a state's own value: that state alone */
    bool at;
    int j = dense_find(d, t, segment, &at);
    if (j < 0)
      return NAN;
    if (at)
      return sign * nth_node(d, j)->y[i];
    stretch_select(d, j);
    return sign * stretch_value(d, i, t - nth_node(d, j)->t);
  }
  const int *modes;
  const double *x = dense_state(s, t, segment, &modes);
  if (!x)
    return NAN;
  const ss_model_ops *ops = s->m->ops;
  double v;
  if (!ops->observe_column || !ops->observe_column(s->m, t, x, modes, col, &v)) {
    ops->observe(s->m, s->dense->scratch, t, x, modes, s->dense->row);
    v = s->dense->row[col];
  }
  return sign * v;
}

/* The extremum bracketed by samples 0 and 2 of column w (sign +1 a maximum,
 * -1 a minimum), on the stretches: successive parabolas through the best
 * three points, a golden-section step where a parabola leaves the bracket
 * or stalls; never below the middle sample.  Watched for records only, it
 * is searched and reported only when it may pass the record. */
static void locate(ss_sim *s, int w, double sign)
{
  struct sim_dense *d = s->dense;
  int col = d->watch[w], seg = d->sseg[1];
  double a = d->st[0], b = d->st[1], c = d->st[2];
  double fa = sign * d->sv[w], fb = sign * d->sv[(size_t)d->n_watch + (size_t)w],
         fc = sign * d->sv[2 * (size_t)d->n_watch + (size_t)w];
  double *record = sign > 0 ? &d->rec_max[w] : &d->rec_min[w];
  if (d->records[w]) {
    /* the parabola through the three passes the middle one by `top`: the
     * extremum by less than twice that and the samples' spread */
    double fab = (fb - fa) / (b - a), fabc = ((fc - fb) / (c - b) - fab) / (c - a);
    double slope = fab + fabc * (b - a); /* at b */
    double top = fabc < 0.0 ? -slope * slope / (4.0 * fabc) : 0.0;
    if (!isfinite(top))
      top = INFINITY;
    if (!(fb + 2.0 * top + (fb - fa) + (fb - fc) > sign * *record))
      return;
  }
  /* a bracket whose samples differ by less than the integration's
   * tolerance, or than DENSE_NOISE of the column's size so far, holds its
   * extremum to within that: the sample is it (a stiff run's tiny steps,
   * a creeping guide's noise) */
  double spread = (fb - fa) + (fb - fc);
  bool search = !(spread < fmax(s->opts.rtol * fabs(fb) + s->opts.atol, DENSE_NOISE * d->scale[w]));
  if (search && d->sseg[0] == seg && d->sseg[2] == seg) {
    const double g = 0.5 * (3.0 - sqrt(5.0)); /* 0.382 */
    double tol = DENSE_TOL * (c - a), eps = DENSE_FLAT * fmax(fabs(fb), d->scale[w]);
    int small = 0;
    for (int it = 0; it < DENSE_SEARCH && c - a > 2.0 * tol; it++) {
      double p = (b - a) * (fb - fc), q = (b - c) * (fb - fa);
      double den = 2.0 * (p - q), u = NAN;
      if (den != 0.0)
        u = b - ((b - a) * p - (b - c) * q) / den;
      bool golden = !(u > a + tol && u < c - tol) || fabs(u - b) < 0.5 * tol;
      if (golden)
        u = b - a > c - b ? b - g * (b - a) : b + g * (c - b);
      double fu = dense_value(s, u, seg, col, sign);
      /* two parabola steps in a row that change nothing beyond rounding:
       * the extremum is found (the bracket's far side need not shrink) */
      small = !golden && fabs(fu - fb) <= eps ? small + 1 : 0;
      if (isnan(fu))
        break;
      if (fu > fb) {
        if (u < b) {
          c = b;
          fc = fb;
        } else {
          a = b;
          fa = fb;
        }
        double moved = fabs(u - b);
        b = u;
        fb = fu;
        if (moved < tol || small >= 2)
          break;
      } else if (small >= 2) {
        break;
      } else if (u < b) {
        a = u;
        fa = fu;
      } else {
        c = u;
        fc = fu;
      }
    }
  }
  if (d->records[w]) {
    if (!(fb > sign * *record))
      return;
    *record = sign * fb;
  }
  if (d->peak) {
    ss_peak p = {b, col, sign > 0 ? 1 : -1, sign * fb};
    d->peak(d->user, &p);
  }
}

/* A new sample at t (the row in d->row, segment seg): the middle one of
 * the last three, above or below both others, brackets an extremum. */
static void add_sample(ss_sim *s, double t, int seg)
{
  struct sim_dense *d = s->dense;
  int n = d->n_watch;
  if (d->n_samples == 3) {
    d->st[0] = d->st[1];
    d->st[1] = d->st[2];
    d->sseg[0] = d->sseg[1];
    d->sseg[1] = d->sseg[2];
    for (int k = 0; k < 2 * n; k++) /* (a few doubles) */
      d->sv[k] = d->sv[k + n];
    d->n_samples = 2;
  }
  int k = d->n_samples++;
  d->st[k] = t;
  d->sseg[k] = seg;
  for (int w = 0; w < n; w++) {
    double v = d->row[d->watch[w]];
    d->sv[(size_t)k * (size_t)n + (size_t)w] = v;
    if (fabs(v) > d->scale[w])
      d->scale[w] = fabs(v);
  }
  if (d->n_samples < 3)
    return;
  for (int w = 0; w < n; w++) {
    double v0 = d->sv[w], v1 = d->sv[n + w], v2 = d->sv[2 * n + w];
    if (isnan(v0) || isnan(v1) || isnan(v2))
      continue;
    if (v1 > v0 && v1 >= v2)
      locate(s, w, 1.0);
    else if (v1 < v0 && v1 <= v2)
      locate(s, w, -1.0);
  }
}

void sim_dense_restart(ss_sim *s, double t)
{
  struct sim_dense *d = s->dense;
  if (!d)
    return;
  /* the segment's end: a sample, at its last node */
  if (d->since > 0 && !isnan(d->t) && dense_sample_row(s, d->t, d->segment))
    add_sample(s, d->t, d->segment);
  d->since = 0;
  d->segment++;
  d->fresh = true;
  d->t = t;
}

/* The node at t from CVodeGetDky (a stretch cut short by an event, a
 * segment's start): its state and rate; false if the interpolant cannot
 * tell. */
static __attribute__((noinline)) bool dky_node(ss_sim *s, double t, dense_node *p)
{
  struct sim_dense *d = s->dense;
  size_t bytes = sizeof(double) * (size_t)s->m->nx;
  if (CVodeGetDky(s->cvode, t, 0, d->dky) != CV_SUCCESS)
    return false;
  memcpy(p->y, SIM_DATA(d->dky), bytes);
  if (CVodeGetDky(s->cvode, t, 1, d->dky) != CV_SUCCESS)
    return false;
  memcpy(p->yd, SIM_DATA(d->dky), bytes);
  return true;
}

/* CVODE's zn[1] (CVODE allocates its history once, with its memory: the
 * same vector for the whole run); NULL if CVODE does not tell. */
static __attribute__((noinline)) N_Vector cvode_zn1(ss_sim *s)
{
  N_Vector zn1 = NULL;
  if (CVodeGetNonlinearSystemData(s->cvode, &(sunrealtype){0}, &(N_Vector){NULL}, &(N_Vector){NULL},
                                  &(N_Vector){NULL}, &(sunrealtype){0}, &(sunrealtype){0}, &zn1,
                                  &(void *){NULL}) != CV_SUCCESS)
    return NULL;
  return zn1;
}

/* A new node at t on the last step's interpolant: its state and rate
 * (at the step's end, CVODE's own y_n and zn[1] / h, the interpolant's
 * there without the interpolation); false if the interpolant cannot tell.
 * Every step comes here: the step's end is two copies of the state's
 * length and the modes, the rest out of the way. */
static inline __attribute__((always_inline)) bool add_node(ss_sim *s, struct sim_dense *d, double t)
{
  int next = d->head + 1 < DENSE_NODES ? d->head + 1 : 0;
  dense_node *p = &d->node[next];
  if (!d->zn1)
    d->zn1 = cvode_zn1(s);
  sunrealtype tn, h;
  if (d->zn1 && CVodeGetCurrentTime(s->cvode, &tn) == CV_SUCCESS && t == tn &&
      CVodeGetLastStep(s->cvode, &h) == CV_SUCCESS && h != 0.0) {
    const double *restrict z = SIM_DATA(d->zn1), *restrict y = SIM_DATA(s->y);
    double *restrict yn = p->y, *restrict yd = p->yd, r = 1.0 / h;
    /* (loops of the state's length, unrolled) */
#define K(N)                                         \
  _Pragma("GCC ivdep") for (int i = 0; i < (N); i++) \
  {                                                  \
    yn[i] = y[i];                                    \
    yd[i] = z[i] * r;                                \
  }
    SS_SMALL_SWITCH(d->nx, K)
#undef K
  } else if (!dky_node(s, t, p)) {
    return false;
  }
  p->t = t;
  p->segment = d->segment;
  int *restrict pm = p->modes;
  const int *restrict sm = s->modes;
  if (d->n_contacts == 1) /* (the commonest: no loop) */
    pm[0] = sm[0];
  else
    for (int i = 0, nc = d->n_contacts; i < nc; i++)
      pm[i] = sm[i];
  d->head = next;
  d->serial++;
  if (d->n_nodes < DENSE_NODES)
    d->n_nodes++;
  return true;
}

/* A segment's first node, at its start a, and its sample there; false if
 * the interpolant cannot tell. */
static __attribute__((noinline)) bool segment_start(ss_sim *s, struct sim_dense *d, double a)
{
  if (!add_node(s, d, a))
    return false;
  d->fresh = false;
  if (dense_sample_row(s, a, d->segment))
    add_sample(s, a, d->segment);
  return true;
}

void sim_dense_follow(ss_sim *s, double until)
{
  struct sim_dense *d = s->dense;
  /* whole stretches only: a run advanced in parts (ss_sim_advance's target
   * within a step) comes back for the rest of the step */
  if (!d || d->n_watch == 0 || (until < s->t_step && !(until >= nextafter(s->t_step, -INFINITY))))
    return;
  if (d->fresh) { /* the segment's first node, on its first step */
    double a = isnan(d->t) ? 0.0 : d->t;
    if (!(until > a) || !segment_start(s, d, a))
      return;
  } else if (!(until > d->t)) {
    return;
  }
  if (!add_node(s, d, until))
    return;
  d->t = until;
  /* samples a few stretches apart: the stretches between them are kept,
   * and a search runs on them */
  if (++d->since >= DENSE_EVERY || until >= s->opts.t_end) {
    d->since = 0;
    if (dense_sample_row(s, until, d->segment))
      add_sample(s, until, d->segment);
  }
}
