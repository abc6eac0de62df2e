/* ss-memory-budget.c - the GUI's one memory budget (ss-memory-budget.h). */
#define G_LOG_DOMAIN "ss-memory-budget"

#include "config.h"

#include "ss-memory-budget.h"

typedef struct
{
  gpointer            owner;
  SsMemoryCollectFunc collect;
} Holder;

static GArray *holders; /* Holder */

void
ss_memory_budget_add_holder (gpointer owner, SsMemoryCollectFunc collect)
{
  Holder h = { owner, collect };

  if (holders == NULL)
    holders = g_array_new (FALSE, FALSE, sizeof (Holder));
  g_array_append_val (holders, h);
}

void
ss_memory_budget_remove_holder (gpointer owner)
{
  for (guint i = holders != NULL ? holders->len : 0; i-- > 0;)
    if (g_array_index (holders, Holder, i).owner == owner)
      g_array_remove_index (holders, i);
}

gsize
ss_memory_budget_dataset_bytes (SsDataset *dataset)
{
  guint n_events = 0;

  if (dataset == NULL)
    return 0;
  ss_dataset_get_events (dataset, &n_events);
  return (gsize)ss_dataset_get_n_rows (dataset) * (gsize)(ss_dataset_get_n_columns (dataset) + 1) * sizeof (double) +
         (gsize)n_events * sizeof (ss_event);
}

gsize
ss_memory_budget_run_bytes (const ss_model *model, const ss_run_opts *opts)
{
  ss_run_opts resolved;

  if (model == NULL || !ss_run_opts_resolve (model, opts, &resolved, NULL))
    return 0; /* refused by the engine before any work */
  return ss_run_grid_rows (&resolved) * (gsize)(ss_model_n_columns (model) + 1) * sizeof (double);
}

gsize
ss_memory_budget_used (void)
{
  g_autoptr(GHashTable) datasets = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer       key;
  gsize          pending = 0, used = 0;

  for (guint i = 0; holders != NULL && i < holders->len; i++)
    {
      Holder *h = &g_array_index (holders, Holder, i);

      h->collect (h->owner, datasets, &pending);
    }
  g_hash_table_iter_init (&iter, datasets);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    used += ss_memory_budget_dataset_bytes (key);
  return used + pending;
}

char *
ss_memory_budget_format (gsize bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}
