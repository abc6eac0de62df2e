/* ss-bench.c - collects timings per label; main thread only. */
#define G_LOG_DOMAIN "ss-bench"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ss-bench.h"
#include <stickslip/stickslip.h>

static const char *kind_names[SS_BENCH_N_KINDS] = {
  "frame (plots + mechanism)",
  "plots only",
  "recompute (worker)",
  "final change -> frame",
  "frame interval",
  "whole frame (GTK paint)",
  "preview recompute (worker)",
  "drag -> preview frame",
  "whole frame, main thread CPU",
  "frame showing new curves",
  "... its main thread CPU",
  "final update, main thread CPU",
};

typedef struct
{
  char   *label;
  GArray *samples[SS_BENCH_N_KINDS];
} Group;

static GPtrArray *groups;
static Group     *current;
static gint64     input_time;   /* µs, 0: none marked */
static gint64     trace_origin; /* µs: the last input marked */

static int enabled = -1;

void
ss_bench_force_enable (void)
{
  enabled = 1;
}

gboolean
ss_bench_enabled (void)
{

  if (enabled < 0)
    enabled = g_getenv ("STICKSLIP_BENCH") != NULL;
  return enabled;
}

static void
group_free (gpointer data)
{
  Group *g = data;

  for (int i = 0; i < SS_BENCH_N_KINDS; i++)
    g_array_unref (g->samples[i]);
  g_free (g->label);
  g_free (g);
}

static Group *
find_group (const char *label)
{
  for (guint i = 0; groups != NULL && i < groups->len; i++)
    {
      Group *g = g_ptr_array_index (groups, i);

      if (g_strcmp0 (g->label, label) == 0)
        return g;
    }
  return NULL;
}

void
ss_bench_set_label (const char *label)
{
  if (!ss_bench_enabled ())
    return;
  if (groups == NULL)
    groups = g_ptr_array_new_with_free_func (group_free);
  current = find_group (label);
  if (current != NULL)
    return;
  current = g_new0 (Group, 1);
  current->label = g_strdup (label);
  for (int i = 0; i < SS_BENCH_N_KINDS; i++)
    current->samples[i] = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (groups, current);
}

void
ss_bench_record (SsBenchKind kind, double ms)
{
  if (!ss_bench_enabled ())
    return;
  if (current == NULL)
    ss_bench_set_label ("default");
  g_array_append_val (current->samples[kind], ms);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

guint
ss_bench_count (const char *label, SsBenchKind kind)
{
  Group *g = find_group (label);

  return g != NULL ? g->samples[kind]->len : 0;
}

/* Nearest rank: the smallest sample with at least q n samples at or below it. */
static double
sorted_quantile (const double *v, guint n, double q)
{
  double rank = ceil (q * n);

  return v[(guint)CLAMP (rank, 1.0, (double)n) - 1];
}

double
ss_bench_quantile (const char *label, SsBenchKind kind, double q)
{
  Group             *g = find_group (label);
  g_autofree double *v = NULL;
  guint              n;

  if (g == NULL || g->samples[kind]->len == 0)
    return NAN;
  n = g->samples[kind]->len;
  v = g_memdup2 (g->samples[kind]->data, n * sizeof (double));
  qsort (v, n, sizeof (double), cmp_double);
  return sorted_quantile (v, n, q);
}

void
ss_bench_report (void)
{
  if (!ss_bench_enabled () || groups == NULL)
    return;
  fprintf (stderr, "stickslip benchmark (ms)\n");
  fprintf (stderr, "CVODE: %s\n", ss_cvode_build ());
  fprintf (stderr, "%-34s %-28s %6s %9s %9s %9s\n", "label", "measure", "n", "p50", "p95", "max");
  for (guint i = 0; i < groups->len; i++)
    {
      Group *g = g_ptr_array_index (groups, i);

      for (int k = 0; k < SS_BENCH_N_KINDS; k++)
        {
          GArray *a = g->samples[k];
          double *v = (double *)(gpointer)a->data;

          if (a->len == 0)
            continue;
          qsort (v, a->len, sizeof (double), cmp_double);
          fprintf (stderr, "%-34s %-28s %6u %9.3f %9.3f %9.3f\n", g->label, kind_names[k], a->len,
                   sorted_quantile (v, a->len, 0.5), sorted_quantile (v, a->len, 0.95), v[a->len - 1]);
        }
    }
  ss_bench_reset ();
}

void
ss_bench_reset (void)
{
  g_clear_pointer (&groups, g_ptr_array_unref);
  current = NULL;
  input_time = 0;
}

void
ss_bench_mark_input (void)
{
  input_time = g_get_monotonic_time ();
  trace_origin = input_time;
  ss_bench_trace ("input");
}

gboolean
ss_bench_tracing (void)
{
  static int tracing = -1;

  if (tracing < 0)
    tracing = g_getenv ("STICKSLIP_TRACE") != NULL;
  return tracing;
}

/* Any thread. */
void
ss_bench_trace (const char *what)
{
  if (!ss_bench_tracing ())
    return;
  gint64 now = g_get_monotonic_time ();

  fprintf (stderr, "trace %9.3f ms (thread CPU %10.3f ms, at %.6f s) %s\n", (now - trace_origin) / 1000.0,
           ss_bench_thread_cpu_us () / 1000.0, now / 1e6, what);
}

/* The origin of the latency of the run requested at @request_time: the
 * marked input that caused it, else the request itself. */
gint64
ss_bench_take_input (gint64 request_time)
{
  gint64 origin = input_time != 0 && input_time <= request_time ? input_time : request_time;

  input_time = 0;
  return origin;
}

static double accumulated[SS_BENCH_N_KINDS];

void
ss_bench_accumulate (SsBenchKind kind, double ms)
{
  if (ss_bench_enabled ())
    accumulated[kind] += ms;
}

void
ss_bench_commit_frame (void)
{
  if (!ss_bench_enabled ())
    return;
  for (int k = 0; k < SS_BENCH_N_KINDS; k++)
    if (accumulated[k] > 0)
      {
        ss_bench_record (k, accumulated[k]);
        accumulated[k] = 0;
      }
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/* The q-quantile of @values (sorted in place): the sample at the rounded
 * rank q (n - 1); NaN when there is none.  The study and animation
 * benchmarks' frame times. */
double
ss_bench_percentile (GArray *values, double q)
{
  if (values->len == 0)
    return NAN;
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, MIN (values->len - 1, (guint)floor (q * (values->len - 1) + 0.5)));
}

/* The calling thread's CPU time, µs. */
gint64
ss_bench_thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gint64 update_cpu_start = -1;

/* Main thread: a final run's hand-over begins. */
void
ss_bench_start_update (void)
{
  if (ss_bench_enabled ())
    update_cpu_start = ss_bench_thread_cpu_us ();
}

/* Main thread: the frame showing that run's curves ended. */
void
ss_bench_end_update (void)
{
  if (!ss_bench_enabled () || update_cpu_start < 0)
    return;
  ss_bench_record (SS_BENCH_UPDATE_CPU, (ss_bench_thread_cpu_us () - update_cpu_start) / 1000.0);
  update_cpu_start = -1;
}
