/* ss-window-cursors.c - the window's measurement cursors: the transport
 * bar's toggle and win.cursors (Ctrl+M) show or hide cursors A and B on
 * every chart against time and their readout under the charts; the
 * readout follows every run, preview and pinned run shown. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-window-private.h"

static void
cursors_toggled_cb (SsWindow *self, GtkToggleButton *button)
{
  ss_time_axis_set_measuring (ss_plot_stack_get_time_axis (self->plot_stack), gtk_toggle_button_get_active (button));
  ss_cursor_readout_refresh (self->cursor_readout);
}

static void
cursors_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  gtk_toggle_button_set_active (self->cursors_button, !gtk_toggle_button_get_active (self->cursors_button));
}

void
_ss_window_cursors_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (SS_TYPE_CURSOR_READOUT);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, cursors_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, cursor_readout);
  gtk_widget_class_install_action (widget_class, "win.cursors", NULL, cursors_action);
}

void
_ss_window_cursors_init (SsWindow *self)
{
  ss_cursor_readout_set_plot_stack (self->cursor_readout, self->plot_stack);
  g_signal_connect_swapped (self->cursors_button, "toggled", G_CALLBACK (cursors_toggled_cb), self);
}

/* The runs shown changed (a batch, a recompute, a pin): the values too. */
void
_ss_window_cursors_update (SsWindow *self)
{
  ss_cursor_readout_refresh (self->cursor_readout);
}

/* Shows the cursors at @a and @b, s (tests, scripts). */
void
ss_window_set_cursors (SsWindow *self, double a, double b)
{
  SsTimeAxis *axis = ss_plot_stack_get_time_axis (self->plot_stack);

  gtk_toggle_button_set_active (self->cursors_button, TRUE);
  ss_time_axis_set_measure (axis, SS_TIME_AXIS_CURSOR_A, a);
  ss_time_axis_set_measure (axis, SS_TIME_AXIS_CURSOR_B, b);
}

SsCursorReadout *
ss_window_get_cursor_readout (SsWindow *self)
{
  return self->cursor_readout;
}
