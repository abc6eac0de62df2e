/* ss-signal-chooser.h - a button whose popover lists every column of the
 * charted run, searchable, grouped by kind, with a check box each: checked
 * columns are on the plot stack's charts. */
#pragma once

#include <gtk/gtk.h>

#include "ss-plot-stack.h"

G_BEGIN_DECLS

#define SS_TYPE_SIGNAL_CHOOSER (ss_signal_chooser_get_type ())

G_DECLARE_FINAL_TYPE (SsSignalChooser, ss_signal_chooser, SS, SIGNAL_CHOOSER, GtkWidget)

GtkWidget      *ss_signal_chooser_new (void);
void            ss_signal_chooser_set_plot_stack (SsSignalChooser *self, SsPlotStack *stack);
void            ss_signal_chooser_set_search (SsSignalChooser *self, const char *text);
GtkCheckButton *ss_signal_chooser_get_check (SsSignalChooser *self, const char *column);
gboolean        ss_signal_chooser_is_listed (SsSignalChooser *self, const char *column);

G_END_DECLS
