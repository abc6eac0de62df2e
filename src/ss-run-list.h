/* ss-run-list.h - the runs pinned for one scenario (a GListModel of
 * SsPinnedRun), computed in parallel on every core.
 *
 * Every pin is computed by the library (ss_sim in stretches) in a shared
 * GThreadPool, one job per run; results come back under a mutex with at
 * most one pending idle, and a job replaced by a newer one (the run options
 * changed) is dropped on arrival.  Pins follow the list's run options: a
 * pinned run is a set of parameter values compared with the current run
 * over the same span and at the same accuracy, so changing t_end or a
 * tolerance recomputes every pin.
 *
 * "progress" (-1 when idle, else 0..1) covers the runs computing since the
 * list was last idle; ss_run_list_cancel() stops them and removes them:
 * the runs already done stay pinned. */
#pragma once

#include <gio/gio.h>

#include "ss-pinned-run.h"

G_BEGIN_DECLS

#define SS_TYPE_RUN_LIST (ss_run_list_get_type ())

G_DECLARE_FINAL_TYPE (SsRunList, ss_run_list, SS, RUN_LIST, GObject)

SsRunList   *ss_run_list_new (const ss_scenario *scenario);
void         ss_run_list_set_run_options (SsRunList *self, const ss_run_opts *opts);
void         ss_run_list_set_current (SsRunList *self, const double *values);
SsPinnedRun *ss_run_list_pin (SsRunList *self, const double *values, const char *name);
SsPinnedRun *ss_run_list_pin_dataset (SsRunList *self, const double *values, SsDataset *dataset);
void         ss_run_list_rename (SsRunList *self, SsPinnedRun *run, const char *name);
guint        ss_run_list_compare_all (SsRunList *self, const double *values, int param);
void         ss_run_list_remove (SsRunList *self, SsPinnedRun *run);
void         ss_run_list_clear (SsRunList *self);
void         ss_run_list_cancel (SsRunList *self);
gboolean     ss_run_list_is_busy (SsRunList *self);
double       ss_run_list_get_progress (SsRunList *self);
guint        ss_run_list_get_n_computing (SsRunList *self);
double       ss_run_list_get_last_batch_ms (SsRunList *self);

G_END_DECLS
