/* ss-memory-budget.h - one memory budget for every run the GUI keeps: the
 * current run and its ghost (the run before a change), the pinned runs of
 * every scenario (a file's, "Compare all", the examples' presets) and any
 * other holder that registers.  Holders name the datasets they keep (a
 * dataset kept twice counts once) and the bytes of work under way; a run
 * that would take the total past SS_MEMORY_BUDGET is not computed, with a
 * message saying so.  Main thread only. */
#pragma once

#include <glib.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

/* The budget: 3 GiB, three runs at the engine's cap on one run's history
 * (SS_RUN_MAX_BYTES, 1 GiB). */
#define SS_MEMORY_BUDGET ((gsize)3 << 30)

/* A holder adds the datasets it keeps to @datasets (a set) and the bytes of
 * its runs under way to *@pending. */
typedef void (*SsMemoryCollectFunc) (gpointer owner, GHashTable *datasets, gsize *pending);

void ss_memory_budget_add_holder (gpointer owner, SsMemoryCollectFunc collect);
void ss_memory_budget_remove_holder (gpointer owner);
/* What the holders keep and will keep: bytes. */
gsize ss_memory_budget_used (void);
/* The bytes a dataset's rows, times and events take. */
gsize ss_memory_budget_dataset_bytes (SsDataset *dataset);
/* The bytes a run of @model with @opts keeps at least: its output grid of
 * the model's columns and time (the events add rows). */
gsize ss_memory_budget_run_bytes (const ss_model *model, const ss_run_opts *opts);
/* "1.5 GiB" */
char *ss_memory_budget_format (gsize bytes);

G_END_DECLS
