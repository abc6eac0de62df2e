/* ss-bench.c - collects timings per scenario label; main thread only. */
#define G_LOG_DOMAIN "ss-bench"

#include <stdio.h>
#include <stdlib.h>

#include "ss-bench.h"
#include "stickslip.h"

static const char *kind_names[SS_BENCH_N_KINDS] = {
  "frame (plots + mechanism)", "plots only",     "recompute (worker)",
  "slider -> curves drawn",    "frame interval", "whole frame (GTK paint)",
  "preview recompute (worker)", "drag -> preview curves drawn",
};

typedef struct
{
  char   *label;
  GArray *samples[SS_BENCH_N_KINDS];
} Group;

static GPtrArray *groups;
static Group     *current;

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

void
ss_bench_set_label (const char *label)
{
  if (!ss_bench_enabled ())
    return;
  if (groups == NULL)
    groups = g_ptr_array_new_with_free_func (group_free);
  for (guint i = 0; i < groups->len; i++)
    {
      Group *g = g_ptr_array_index (groups, i);

      if (g_strcmp0 (g->label, label) == 0)
        {
          current = g;
          return;
        }
    }
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

void
ss_bench_report (void)
{
  if (!ss_bench_enabled () || groups == NULL)
    return;
  fprintf (stderr, "stickslip benchmark (ms)\n");
  fprintf (stderr, "CVODE: %s\n", ss_cvode_build ());
  fprintf (stderr, "%-28s %-26s %7s %9s %9s %9s\n", "label", "measure", "n", "median", "p90", "max");
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
          fprintf (stderr, "%-28s %-26s %7u %9.3f %9.3f %9.3f\n", g->label, kind_names[k], a->len, v[a->len / 2],
                   v[(a->len * 9) / 10], v[a->len - 1]);
        }
    }
  ss_bench_reset ();
}

void
ss_bench_reset (void)
{
  g_clear_pointer (&groups, g_ptr_array_unref);
  current = NULL;
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
