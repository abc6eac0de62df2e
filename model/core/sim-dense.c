/* sim-dense.c - the extremes of watched columns on the integrator's dense
 * output (ss_sim_watch), for metrics that look for a peak (amplitude, the
 * largest friction ratio, a study's max:COL): found between the steps, not
 * between the output grid's rows, so they do not depend on dt_out.
 *
 * sim.c hands over each accepted stretch of the solution [t_a, t_b] while
 * the step's interpolant is still there (sim_dense_follow, from
 * sim_emit_grid_until) and each restart (sim_dense_restart).  A stretch is
 * kept as its interpolant's Taylor coefficients at t_b (CVodeGetDky, exact
 * for the interpolant's degree) with its modes; a watched column is sampled
 * at the end of every DENSE_EVERY-th stretch and at each segment's ends
 * (modes or loads may jump at a restart).  A sample above (below) both its neighbours
 * brackets a maximum (minimum): golden-section search on the stretches that
 * cover the bracket locates it.  A bracket across a restart is not searched
 * (the column may jump there): the sample itself is the extremum, and the
 * event's row holds the other side. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim-private.h"

#define DENSE_EVERY  8 /* a sample every this many stretches (and at each segment's ends) */
#define DENSE_PIECES (2 * DENSE_EVERY + 2) /* stretches kept: what a bracket spans */
#define DENSE_COEFS  13                    /* Taylor coefficients at most (Adams order 12) */
#define DENSE_SEARCH 60                    /* evaluations at most in locating one extremum */
#define DENSE_NOISE  1e-7 /* a bracket spread below this share of the column's size: no search */

typedef struct dense_piece {
  double a, b;  /* the stretch, s */
  int n_coef;   /* coefficients in use */
  int segment;  /* restarts before it: stretches of one segment join smoothly */
  double *coef; /* DENSE_COEFS * nx: y^(k)(b) / k! */
  int *modes;   /* the contacts' modes over it */
} dense_piece;

struct sim_dense {
  int n_watch;     /* watched columns */
  int *watch;      /* their indices */
  bool *records;   /* per watched column: only extremes beyond every earlier one */
  double *rec_max; /* per watched column: the largest extremum reported, or -inf */
  double *rec_min; /* the smallest, or +inf */
  double *scale;   /* per watched column: the largest |sample| so far */
  void (*peak)(void *user, const ss_peak *p);
  void *user; /* for peak */
  dense_piece piece[DENSE_PIECES];
  int head;      /* the newest piece */
  int n_pieces;  /* pieces kept */
  int segment;   /* restarts so far */
  double t;      /* followed up to here, s (NAN: nothing yet) */
  bool fresh;    /* the next stretch starts a segment: sample its start */
  int since;     /* stretches since the last sample */
  double st[3];  /* the last three samples' times, oldest first */
  int sseg[3];   /* their segments */
  double *sv;    /* 3 * n_watch values, sample-major */
  int n_samples; /* samples held (at most 3) */
  double *x;     /* scratch state */
  double *row;   /* scratch row */
  void *scratch; /* observe's scratch */
  N_Vector dky;  /* scratch derivative */
};

void sim_dense_free(struct sim_dense *d)
{
  if (!d)
    return;
  for (int i = 0; i < DENSE_PIECES; i++) {
    free(d->piece[i].coef);
    free(d->piece[i].modes);
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
  for (int i = 0; i < DENSE_PIECES; i++) {
    d->piece[i].coef = calloc((size_t)DENSE_COEFS * (size_t)m->nx + 1, sizeof(double));
    d->piece[i].modes = calloc((size_t)m->n_contacts + 1, sizeof(int));
    ok &= d->piece[i].coef && d->piece[i].modes;
  }
  d->x = calloc((size_t)m->nx + 1, sizeof(double));
  d->row = calloc((size_t)m->n_columns + 1, sizeof(double));
  d->scratch = m->observe_scratch ? calloc(1, m->observe_scratch) : NULL;
  d->dky = N_VClone(s->y);
  d->t = NAN;
  d->fresh = true;
  if (!ok || !d->x || !d->row || !d->dky || (m->observe_scratch && !d->scratch)) {
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

/* The state on piece p at t (Horner in t - b). */
static void piece_state(const ss_sim *s, const dense_piece *p, double t, double *x)
{
  int nx = s->m->nx;
  double dt = t - p->b;
  for (int i = 0; i < nx; i++) {
    double v = 0.0;
    for (int k = p->n_coef - 1; k >= 0; k--)
      v = v * dt + p->coef[(size_t)k * (size_t)nx + (size_t)i];
    x[i] = v;
  }
}

/* The row at t on the newest piece of the sample's segment that covers it
 * (a row at a stretch's end: that stretch's); false if none does. */
static bool dense_row(ss_sim *s, double t, int segment)
{
  struct sim_dense *d = s->dense;
  for (int j = 0; j < d->n_pieces; j++) {
    const dense_piece *p = &d->piece[(d->head - j + DENSE_PIECES) % DENSE_PIECES];
    if (p->segment != segment || t < p->a || t > p->b)
      continue;
    piece_state(s, p, t, d->x);
    s->m->ops->observe(s->m, d->scratch, t, d->x, p->modes, d->row);
    return true;
  }
  return false;
}

static double dense_value(ss_sim *s, double t, int segment, int col, double sign)
{
  return dense_row(s, t, segment) ? sign * s->dense->row[col] : NAN;
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
    double tol = 1e-10 * (c - a);
    for (int it = 0; it < DENSE_SEARCH && c - a > 2.0 * tol; it++) {
      double p = (b - a) * (fb - fc), q = (b - c) * (fb - fa);
      double den = 2.0 * (p - q), u = NAN;
      if (den != 0.0)
        u = b - ((b - a) * p - (b - c) * q) / den;
      if (!(u > a + tol && u < c - tol) || fabs(u - b) < 0.5 * tol)
        u = b - a > c - b ? b - g * (b - a) : b + g * (c - b);
      double fu = dense_value(s, u, seg, col, sign);
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
        if (moved < tol)
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
    memmove(d->sv, d->sv + n, sizeof(double) * 2 * (size_t)n);
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
  /* the segment's end: a sample, from its last stretch */
  if (d->since > 0 && !isnan(d->t) && dense_row(s, d->t, d->segment))
    add_sample(s, d->t, d->segment);
  d->since = 0;
  d->segment++;
  d->fresh = true;
  d->t = t;
}

void sim_dense_follow(ss_sim *s, double until)
{
  struct sim_dense *d = s->dense;
  const ss_model *m = s->m;
  /* whole stretches only: a run advanced in parts (ss_sim_advance's target
   * within a step) comes back for the rest of the step */
  if (!d || d->n_watch == 0 || !(until >= nextafter(s->t_step, -INFINITY)))
    return;
  double a = isnan(d->t) ? 0.0 : d->t;
  if (!(until > a))
    return;
  d->head = (d->head + 1) % DENSE_PIECES;
  dense_piece *p = &d->piece[d->head];
  int nx = m->nx, n = 0, q = 0;
  double fact = 1.0;
  /* the interpolant's degree: the order of the step (asking for more is
   * an error CVODE reports) */
  if (CVodeGetLastOrder(s->cvode, &q) != CV_SUCCESS)
    q = 0;
  for (int k = 0; k <= q && k < DENSE_COEFS; k++) {
    if (CVodeGetDky(s->cvode, until, k, d->dky) != CV_SUCCESS)
      break;
    if (k > 0)
      fact *= k;
    const double *y = N_VGetArrayPointer(d->dky);
    for (int i = 0; i < nx; i++)
      p->coef[(size_t)k * (size_t)nx + (size_t)i] = y[i] / fact;
    n = k + 1;
  }
  if (n == 0) { /* no interpolant: nothing to follow */
    d->head = (d->head - 1 + DENSE_PIECES) % DENSE_PIECES;
    return;
  }
  p->a = a;
  p->b = until;
  p->n_coef = n;
  p->segment = d->segment;
  memcpy(p->modes, s->modes, sizeof(int) * (size_t)m->n_contacts);
  if (d->n_pieces < DENSE_PIECES)
    d->n_pieces++;
  d->t = until;
  if (d->fresh) {
    d->fresh = false;
    if (dense_row(s, a, d->segment))
      add_sample(s, a, d->segment);
  }
  /* samples a few stretches apart: the stretches between them are kept,
   * and a search runs on them */
  if (++d->since >= DENSE_EVERY || until >= s->opts.t_end) {
    d->since = 0;
    if (dense_row(s, until, d->segment))
      add_sample(s, until, d->segment);
  }
}
