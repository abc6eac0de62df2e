/* ss-runs-panel.h - the list of pinned runs: each with its line style, its
 * name (renamed in a popover; cleared, the automatic name returns), a spinner
 * while it computes or a warning when it failed, a visibility toggle and a
 * remove button; a header to pin the current run and to remove all.  A
 * widget of its own: a page of the window's panel area. */
#pragma once

#include <gtk/gtk.h>

#include "ss-run-list.h"

G_BEGIN_DECLS

#define SS_TYPE_RUNS_PANEL (ss_runs_panel_get_type ())

G_DECLARE_FINAL_TYPE (SsRunsPanel, ss_runs_panel, SS, RUNS_PANEL, GtkWidget)

void       ss_runs_panel_set_list (SsRunsPanel *self, SsRunList *list);
GtkWidget *ss_runs_panel_find_row_widget (SsRunsPanel *self, SsPinnedRun *run, const char *what);

G_END_DECLS
