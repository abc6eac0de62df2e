/* ss-history.h - undo and redo of what the user set: the scenario and its
 * parameter values, one entry per change (a drag of one control is one),
 * each with the scenario file shown then; which entry was saved (or
 * opened), so that an undo back to it is unmodified. */
#pragma once

#include <glib-object.h>

#include <stickslip/stickslip.h>

G_BEGIN_DECLS

#define SS_TYPE_HISTORY (ss_history_get_type ())

G_DECLARE_FINAL_TYPE (SsHistory, ss_history, SS, HISTORY, GObject)

SsHistory *ss_history_new (void);
void       ss_history_record (SsHistory *self, const ss_scenario *scenario, const double *values);
gboolean   ss_history_can_undo (SsHistory *self);
gboolean   ss_history_can_redo (SsHistory *self);
gboolean   ss_history_undo (SsHistory *self, const ss_scenario **scenario, const double **values);
gboolean   ss_history_redo (SsHistory *self, const ss_scenario **scenario, const double **values);

void ss_history_end_step (SsHistory *self);

/* the file shown with each state, and whether it is the file's */
void        ss_history_set_file (SsHistory *self, const char *file);
const char *ss_history_get_file (SsHistory *self);
gboolean    ss_history_is_saved (SsHistory *self);

G_END_DECLS
