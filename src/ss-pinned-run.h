/* ss-pinned-run.h - one run pinned beside the current one: its scenario and
 * parameter values, a name (automatic: what differs from the current run;
 * or the user's), a line style, whether it is drawn, and its data once
 * computed (SsRunList computes it). */
#pragma once

#include <glib-object.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_PINNED_RUN (ss_pinned_run_get_type ())

G_DECLARE_FINAL_TYPE (SsPinnedRun, ss_pinned_run, SS, PINNED_RUN, GObject)

typedef enum
{
  SS_PINNED_RUN_COMPUTING,
  SS_PINNED_RUN_DONE,
  SS_PINNED_RUN_FAILED,
} SsPinnedRunState;

/* Line styles a run's curves take, in the contact colours (ss_chart_set_run_dash). */
#define SS_PINNED_RUN_N_STYLES 8

SsPinnedRun     *ss_pinned_run_new (const ss_scenario *scenario, const double *values, guint style);
const double    *ss_pinned_run_get_values (SsPinnedRun *self);
const char      *ss_pinned_run_get_name (SsPinnedRun *self);
void             ss_pinned_run_set_name (SsPinnedRun *self, const char *name);
gboolean         ss_pinned_run_get_renamed (SsPinnedRun *self);
void             ss_pinned_run_set_auto_name (SsPinnedRun *self, const char *name);
guint            ss_pinned_run_get_style (SsPinnedRun *self);
gboolean         ss_pinned_run_get_visible (SsPinnedRun *self);
void             ss_pinned_run_set_visible (SsPinnedRun *self, gboolean visible);
SsPinnedRunState ss_pinned_run_get_state (SsPinnedRun *self);
const char      *ss_pinned_run_get_error (SsPinnedRun *self);
SsDataset       *ss_pinned_run_get_dataset (SsPinnedRun *self);
void  ss_pinned_run_set_result (SsPinnedRun *self, SsPinnedRunState state, SsDataset *dataset, const char *error);
char *ss_pinned_run_describe (const ss_scenario *scenario, const double *values, const double *current);

G_END_DECLS
