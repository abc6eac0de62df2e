/* ss-cursor-readout.h - the measurement cursors' readout under the charts:
 * tA, tB, Δt and 1/Δt, and every visible curve's values at A and B and
 * their difference, for the current run and each visible pinned run;
 * copied as tab-separated text. */
#pragma once

#include <gtk/gtk.h>

#include "ss-plot-stack.h"

G_BEGIN_DECLS

#define SS_TYPE_CURSOR_READOUT (ss_cursor_readout_get_type ())

G_DECLARE_FINAL_TYPE (SsCursorReadout, ss_cursor_readout, SS, CURSOR_READOUT, GtkWidget)

void  ss_cursor_readout_set_plot_stack (SsCursorReadout *self, SsPlotStack *stack);
void  ss_cursor_readout_refresh (SsCursorReadout *self);
guint ss_cursor_readout_get_n_rows (SsCursorReadout *self);
char *ss_cursor_readout_dup_cell (SsCursorReadout *self, guint row, guint column);
char *ss_cursor_readout_dup_text (SsCursorReadout *self);
void  ss_cursor_readout_copy (SsCursorReadout *self);

G_END_DECLS
