/* ss-window-cursors.c - the window's measurement cursors: the transport
 * bar's toggle and win.cursors (Ctrl+M) show or hide cursors A and B on
 * every chart against time and their readout under the charts; the
 * readout follows every run, preview and pinned run shown; Alt+arrows
 * nudge A, Alt+Shift+arrows B. */
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

/* Alt+Left/Right nudge cursor A, Alt+Shift+Left/Right cursor B, by a
 * two-hundredth of the visible time range. */
static void
nudge_cursor_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow   *self = SS_WINDOW (widget);
  SsTimeAxis *axis = ss_plot_stack_get_time_axis (self->plot_stack);
  int         which, direction;
  double      t0, t1;

  (void)action_name;
  g_variant_get (param, "(ii)", &which, &direction);
  if (!ss_time_axis_get_measuring (axis))
    return;
  ss_time_axis_get_range (axis, &t0, &t1);
  ss_time_axis_set_measure (axis, which, ss_time_axis_get_measure (axis, which) + direction * (t1 - t0) / 200);
}

void
_ss_window_cursors_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (SS_TYPE_CURSOR_READOUT);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, cursors_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, cursor_readout);
  gtk_widget_class_install_action (widget_class, "win.cursors", NULL, cursors_action);
  gtk_widget_class_install_action (widget_class, "win.nudge-cursor", "(ii)", nudge_cursor_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.nudge-cursor", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.nudge-cursor", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK | GDK_SHIFT_MASK, "win.nudge-cursor",
                                       "(ii)", 1, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK | GDK_SHIFT_MASK, "win.nudge-cursor",
                                       "(ii)", 1, 1);
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
