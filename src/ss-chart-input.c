/* ss-chart-input.c - the pointer on a chart: hover, picking, zoom, pan,
 * clicks naming a time and the context menu; apart from the drawing. */
#define G_LOG_DOMAIN "ss-chart"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-bench.h"
#include "ss-chart-private.h"
#include "ss-chart-text.h"
#include "ss-line-layer.h"
#include "ss-popover-list.h"
#include "ss-span-layer.h"
#include "ss-units.h"
#include "ss-xy-layer.h"

static double
x_to_time (SsChart *self, double x)
{
  double t0, t1;

  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  if (self->plot_width <= 0)
    return t0;
  return t0 + (x - self->plot_x) / self->plot_width * (t1 - t0);
}

/* The time of the data point drawn nearest to (x, y) in @ctx, within
 * PICK_RADIUS; the layer in *layer when not NULL.  NaN: none. */
double
ss_chart_pick (SsChart *self, const SsChartContext *ctx, double x, double y, SsChartLayer **layer)
{
  double best = PICK_RADIUS, t = NAN;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *l = g_ptr_array_index (self->layers, i);
      double        distance, lt;

      if (ss_chart_layer_pick (l, ctx, x, y, &distance, &lt) && distance <= best)
        {
          best = distance;
          t = lt;
          if (layer != NULL)
            *layer = l;
        }
    }
  return t;
}

/* The time a pointer at (x, y) of the screen means: under it on a chart
 * against time, the nearest point's on a characteristic; NaN: none. */
double
ss_chart_time_at (SsChart *self, double x, double y)
{
  double t0, t1, t;

  if (self->kind == CHART_XY)
    return self->screen.width > 0 ? ss_chart_pick (self, &self->screen, x, y, NULL) : NAN;
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  t = x_to_time (self, x);
  return t >= t0 && t <= t1 ? t : NAN;
}

/* Over the value axis, left of the plot (the ruler has none). */
static gboolean
on_value_axis (SsChart *self, double x)
{
  return self->kind != CHART_RULER && self->screen.width > 0 && x < self->screen.x;
}

/* px either side of a measurement cursor's line that grab it; its letter's
 * tab at the top of the plot grabs it too */
#define MEASURE_GRAB     5.0
#define MEASURE_TAB      16.0
#define MEASURE_TAB_GRAB 14.0

/* The measurement cursor whose line (or tab) is under (@x, @y) on a chart
 * against time (the nearer of the two); -1: none. */
static int
measure_near (SsChart *self, double x, double y)
{
  double t0, t1, best = MEASURE_GRAB;
  int    which = -1;

  if (self->kind != CHART_TIME || !ss_time_axis_get_measuring (self->time_axis) || self->plot_width <= 0)
    return -1;
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  for (int i = 0; i < 2; i++)
    {
      double t = ss_time_axis_get_measure (self->time_axis, i);
      double px = self->plot_x + (t - t0) / (t1 - t0) * self->plot_width;

      double reach = y >= self->screen.y && y <= self->screen.y + MEASURE_TAB ? MEASURE_TAB_GRAB : best;

      if (!isnan (t) && t >= t0 && t <= t1 && fabs (px - x) <= reach)
        {
          best = fabs (px - x);
          which = i;
        }
    }
  return which;
}

/* Inside the plot area the screen last drew. */
static gboolean
in_plot (SsChart *self, double x, double y)
{
  return !self->collapsed && self->screen.width > 0 && x >= self->screen.x &&
         x <= self->screen.x + self->screen.width && y >= self->screen.y && y <= self->screen.y + self->screen.height;
}

/* On the grip at the chart's bottom edge, under the plot and its labels. */
static gboolean
on_resize_grip (SsChart *self, double y)
{
  double bottom = self->screen.y + self->screen.height + (self->show_time_labels ? 0 : 1);

  return self->kind != CHART_RULER && !self->collapsed && self->screen.height > 0 &&
         y >= gtk_widget_get_height (GTK_WIDGET (self)) - RESIZE_GRIP && y > bottom;
}

/* The legend entry under (@x, @y), or NULL. */
static SsChartLayer *
legend_entry_at (SsChart *self, double x, double y)
{
  if (self->collapsed)
    return NULL;
  for (guint i = 0; i < self->legend_boxes->len; i++)
    {
      LegendBox *box = &g_array_index (self->legend_boxes, LegendBox, i);

      if (x >= box->x && x < box->x + box->width && y >= box->y && y < box->y + box->height)
        return box->layer;
    }
  return NULL;
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, SsChart *self)
{
  const char *cursor = NULL;

  (void)motion;
  self->pointer_x = x;
  self->pointer_y = y;
  if (self->collapsed)
    {
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
      return;
    }
  ss_time_axis_set_cursor (self->time_axis, ss_chart_time_at (self, x, y));
  /* a measurement cursor under the pointer can be dragged, the bottom edge
   * resizes, a legend entry hides or shows its curve */
  if (measure_near (self, x, y) >= 0)
    cursor = "col-resize";
  else if (on_resize_grip (self, y))
    cursor = "row-resize";
  else if (legend_entry_at (self, x, y) != NULL)
    cursor = "pointer";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

static void
leave_cb (GtkEventControllerMotion *motion, SsChart *self)
{
  (void)motion;
  ss_time_axis_set_cursor (self->time_axis, NAN);
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll, double dx, double dy, SsChart *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double          t0, t1, cursor = ss_time_axis_get_cursor (self->time_axis);

  /* the wheel scrolls the stack of charts everywhere but over a plot (the
   * title, the legend, the axes' labels, a hidden chart); Ctrl+wheel
   * zooms the values anywhere on the chart */
  if (self->kind != CHART_RULER && (state & GDK_CONTROL_MASK) == 0 &&
      (self->collapsed || !in_plot (self, self->pointer_x, self->pointer_y)))
    return FALSE;
  if (self->collapsed)
    return FALSE;

  if (self->kind != CHART_RULER && self->screen.width > 0 &&
      ((state & GDK_CONTROL_MASK) != 0 || self->kind == CHART_XY))
    {
      double factor = pow (1.25, fabs (dx) > fabs (dy) ? dx : dy);

      /* Ctrl zooms the values; a characteristic zooms both ways (Shift:
       * along x alone) around the pointer */
      if ((state & GDK_SHIFT_MASK) == 0 || self->kind != CHART_XY)
        ss_axis_zoom (self->y_axis, ss_axis_map_from_pixel (&self->screen.ymap, self->pointer_y), factor);
      if (self->kind == CHART_XY && (state & GDK_CONTROL_MASK) == 0)
        ss_axis_zoom (self->x_axis, ss_axis_map_from_pixel (&self->screen.xmap, self->pointer_x), factor);
      return TRUE;
    }
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  if ((state & GDK_SHIFT_MASK) != 0 || fabs (dx) > fabs (dy))
    {
      double d = fabs (dx) > fabs (dy) ? dx : dy;

      ss_time_axis_pan (self->time_axis, d * 0.1 * (t1 - t0));
      return TRUE;
    }
  if (isnan (cursor))
    cursor = 0.5 * (t0 + t1);
  ss_time_axis_zoom (self->time_axis, cursor, pow (1.25, dy));
  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag *drag, double x, double y, SsChart *self)
{
  int which = measure_near (self, x, y);

  (void)drag;
  self->dragged = FALSE;
  self->drag_start_x = x;
  if (self->collapsed || legend_entry_at (self, x, y) != NULL)
    {
      self->drag_mode = DRAG_NONE;
      return;
    }
  if (on_resize_grip (self, y))
    {
      self->dragged = TRUE;
      self->drag_mode = DRAG_RESIZE;
      self->drag_height = self->screen.height;
      return;
    }
  if (which >= 0)
    {
      /* not a click: the playhead stays */
      self->dragged = TRUE;
      self->drag_mode = which == 0 ? DRAG_MEASURE_A : DRAG_MEASURE_B;
      return;
    }
  self->drag_mode = on_value_axis (self, x) ? DRAG_ZOOM_Y : DRAG_PAN;
  ss_time_axis_get_range (self->time_axis, &self->drag_lower, &self->drag_upper);
  ss_axis_get_range (self->x_axis, &self->drag_x0, &self->drag_x1);
  ss_axis_get_range (self->y_axis, &self->drag_y0, &self->drag_y1);
  if (self->drag_mode == DRAG_ZOOM_Y)
    self->drag_center = ss_axis_map_from_pixel (&self->screen.ymap, y);
}

static void
drag_update_cb (GtkGestureDrag *drag, double dx, double dy, SsChart *self)
{
  double dt;

  (void)drag;
  if (fabs (dx) + fabs (dy) > 3)
    self->dragged = TRUE;
  if (self->drag_mode == DRAG_NONE)
    return;
  if (self->drag_mode == DRAG_RESIZE)
    {
      ss_chart_set_plot_height (self, self->drag_height + dy);
      return;
    }
  if (self->drag_mode == DRAG_MEASURE_A || self->drag_mode == DRAG_MEASURE_B)
    {
      ss_time_axis_set_measure (self->time_axis,
                                self->drag_mode == DRAG_MEASURE_A ? SS_TIME_AXIS_CURSOR_A : SS_TIME_AXIS_CURSOR_B,
                                x_to_time (self, self->drag_start_x + dx));
      return;
    }
  if (self->drag_mode == DRAG_ZOOM_Y)
    {
      /* from the range at the press: up zooms in, down out */
      ss_axis_set_range (self->y_axis, self->drag_y0, self->drag_y1);
      ss_axis_zoom (self->y_axis, self->drag_center, exp (dy / 100));
      return;
    }
  if (self->kind != CHART_RULER && self->screen.height > 0)
    ss_axis_pan_from (self->y_axis, self->drag_y0, self->drag_y1, dy / self->screen.height);
  if (self->kind == CHART_XY)
    {
      if (self->screen.width > 0)
        ss_axis_pan_from (self->x_axis, self->drag_x0, self->drag_x1, -dx / self->screen.width);
      return;
    }
  if (self->plot_width <= 0 || !ss_time_axis_is_zoomed (self->time_axis))
    return;
  dt = -dx / self->plot_width * (self->drag_upper - self->drag_lower);
  ss_time_axis_set_range (self->time_axis, self->drag_lower + dt, self->drag_upper + dt);
}

static void
drag_end_cb (GtkGestureDrag *drag, double dx, double dy, SsChart *self)
{
  (void)drag;
  (void)dx;
  (void)dy;
  if (self->drag_mode == DRAG_RESIZE)
    _ss_chart_emit_layout_changed (self);
}

static void
pressed_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  SsChartLayer *entry;

  (void)click;
  if (self->collapsed)
    {
      /* a hidden chart: a click shows it */
      if (n_press == 1)
        {
          ss_chart_set_collapsed (self, FALSE);
          _ss_chart_emit_layout_changed (self);
        }
      return;
    }
  /* a legend entry hides or shows its curve; the playhead stays */
  if ((entry = legend_entry_at (self, x, y)) != NULL)
    {
      /* every click, quick ones too */
      ss_chart_layer_set_hidden (entry, !ss_chart_layer_get_hidden (entry));
      _ss_chart_emit_legend_toggled (self, entry);
      return;
    }
  if (n_press != 2 || on_resize_grip (self, y))
    return;
  if (on_value_axis (self, x))
    ss_axis_reset_zoom (self->y_axis);
  else if (self->kind == CHART_XY)
    {
      ss_axis_reset_zoom (self->x_axis);
      ss_axis_reset_zoom (self->y_axis);
    }
  else
    ss_time_axis_reset_zoom (self->time_axis);
}

/* A click that did not drag names a time (see ss_chart_time_at). */
static void
released_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  double t;

  (void)click;
  if (n_press != 1 || self->dragged || on_value_axis (self, x) || self->drag_mode == DRAG_NONE)
    return;
  /* the plot names a time (the ruler: its labels); the legend, the
   * title and the labels round the plot do not */
  if (self->kind != CHART_RULER && !in_plot (self, x, y))
    return;
  t = ss_chart_time_at (self, x, y);
  if (!isnan (t))
    _ss_chart_emit_time_clicked (self, t);
}

/* A log scale can show the values: all positive, or (against time) their
 * magnitudes |value|, when some are not 0. */
gboolean
ss_chart_can_log_scale (SsChart *self)
{
  double lo, hi;

  if (self->kind == CHART_RULER || !ss_chart_get_y_range (self, &lo, &hi))
    return FALSE;
  return lo > 0 || (self->kind == CHART_TIME && MAX (fabs (lo), fabs (hi)) > 0);
}

/* Another chart of the stack above (@up) or below this one: a place to
 * move to. */
static gboolean
has_neighbour (SsChart *self, gboolean up)
{
  GtkWidget *w = GTK_WIDGET (self);

  while ((w = up ? gtk_widget_get_prev_sibling (w) : gtk_widget_get_next_sibling (w)) != NULL)
    if (SS_IS_CHART (w) && SS_CHART (w)->kind != CHART_RULER)
      return TRUE;
  return FALSE;
}

/* The room a menu leaves between itself and the window's edge, px. */
#define MENU_EDGE 8
/* The popover's frame around its scrolled list (padding, border), px. */
#define MENU_FRAME 24

/* The context menu at @y opens on the side of the click with room for it
 * inside the window (below when it fits there, else where there is more),
 * and its list, a submenu's too, is never taller than that room: a longer
 * one scrolls, so no part of it lies past the window's edge. */
static void
fit_menu (SsChart *self, double y)
{
  GtkWidget         *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  GtkScrolledWindow *scrolled = ss_popover_list_get (GTK_POPOVER (self->menu));
  graphene_point_t   at = GRAPHENE_POINT_INIT (0, (float)y), in_root;
  double             above, below, room;
  int                natural = 0;
  gboolean           down;

  if (root == NULL || scrolled == NULL || !gtk_widget_compute_point (GTK_WIDGET (self), root, &at, &in_root))
    return;
  above = in_root.y - MENU_EDGE;
  below = gtk_widget_get_height (root) - in_root.y - MENU_EDGE;
  gtk_scrolled_window_set_max_content_height (scrolled, -1);
  gtk_widget_measure (GTK_WIDGET (scrolled), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  down = natural + MENU_FRAME <= below || below >= above;
  room = down ? below : above;
  gtk_popover_set_position (GTK_POPOVER (self->menu), down ? GTK_POS_BOTTOM : GTK_POS_TOP);
  gtk_scrolled_window_set_max_content_height (scrolled, MAX ((int)room - MENU_FRAME, 60));
}

/* The stack's view follows the keyboard's focus again (the menu closed,
 * or the chart goes while it is open). */
void
_ss_chart_release_view (SsChart *self)
{
  if (self->menu_viewport != NULL)
    gtk_viewport_set_scroll_to_focus (self->menu_viewport, TRUE);
  g_clear_weak_pointer (&self->menu_viewport);
}

static gboolean
release_view_idle (gpointer data)
{
  SsChart *self = data;

  /* unless the menu opened again meanwhile */
  if (self->menu == NULL || !gtk_widget_get_visible (self->menu))
    _ss_chart_release_view (self);
  return G_SOURCE_REMOVE;
}

/* The menu closed: once the focus is back on the chart (without scrolling
 * to it either), the view follows the focus again. */
static void
menu_closed_cb (SsChart *self)
{
  g_signal_handlers_disconnect_by_func (self->menu, menu_closed_cb, self);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, release_view_idle, g_object_ref (self), g_object_unref);
}

/* A chart in a scrolled stack: while its menu is open, the view does not
 * scroll to the menu's entries as they take the keyboard's focus (GTK's
 * viewport places a popover's entry as if it lay in the view, and would
 * scroll the charts away under the menu). */
static void
hold_view (SsChart *self)
{
  GtkWidget *viewport = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_VIEWPORT);

  if (viewport == NULL)
    return;
  if (self->menu_viewport == NULL)
    {
      if (!gtk_viewport_get_scroll_to_focus (GTK_VIEWPORT (viewport)))
        return;
      g_set_weak_pointer (&self->menu_viewport, GTK_VIEWPORT (viewport));
      gtk_viewport_set_scroll_to_focus (self->menu_viewport, FALSE);
    }
  /* (held still when the menu opens again before the view was released) */
  g_signal_handlers_disconnect_by_func (self->menu, menu_closed_cb, self);
  g_signal_connect_swapped (self->menu, "closed", G_CALLBACK (menu_closed_cb), self);
}

static void
context_menu_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GdkRectangle rect = { (int)x, (int)y, 1, 1 };

  (void)n_press;
  if (self->kind == CHART_RULER || self->collapsed)
    return;
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  g_menu_append (section, self->kind == CHART_XY ? _("Autoscale") : _("Autoscale Values"), "chart.autoscale");
  /* where the values are positive, or as |value| against time */
  if (ss_chart_can_log_scale (self) || ss_chart_get_log_scale (self))
    g_menu_append (section, _("Logarithmic Value Scale"), "chart.log-scale");
  if (ss_time_axis_is_zoomed (self->time_axis))
    g_menu_append (section, _("Show the Whole Time Range"), "chart.show-all-time");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  /* in a stack: its place, height and whether it is shown */
  if (g_signal_has_handler_pending (self, g_signal_lookup ("move-requested", SS_TYPE_CHART), 0, FALSE))
    {
      g_autoptr(GMenu) layout = g_menu_new ();

      /* the top chart cannot move up, the bottom one down */
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.move-up", has_neighbour (self, TRUE));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.move-down", has_neighbour (self, FALSE));
      g_menu_append (layout, _("Move Chart Up"), "chart.move-up");
      g_menu_append (layout, _("Move Chart Down"), "chart.move-down");
      if (self->plot_height > 0)
        g_menu_append (layout, _("Automatic Chart Height"), "chart.auto-height");
      g_menu_append (layout, _("Hide Chart"), "chart.hide");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (layout));
    }
  if (self->extra_menu != NULL)
    g_menu_append_section (menu, NULL, self->extra_menu);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  fit_menu (self, y);
  hold_view (self);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
autoscale_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsChart *self = SS_CHART (widget);

  (void)action_name;
  (void)parameter;
  ss_axis_reset_zoom (self->y_axis);
  if (self->kind == CHART_XY)
    ss_axis_reset_zoom (self->x_axis);
}

static void
show_all_time_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  ss_time_axis_reset_zoom (SS_CHART (widget)->time_axis);
}

static void
move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  g_signal_emit_by_name (widget, "move-requested", g_variant_get_int32 (parameter));
}

static void
move_up_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  g_signal_emit_by_name (widget, "move-requested", -1);
}

static void
move_down_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  g_signal_emit_by_name (widget, "move-requested", 1);
}

static void
hide_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  ss_chart_set_collapsed (SS_CHART (widget), TRUE);
  _ss_chart_emit_layout_changed (SS_CHART (widget));
}

static void
auto_height_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  ss_chart_set_plot_height (SS_CHART (widget), 0);
  _ss_chart_emit_layout_changed (SS_CHART (widget));
}

/* The pointer's controllers, in the order they see events. */
void
_ss_chart_input_init (SsChart *self)
{
  GtkEventController *controller;
  GtkGesture         *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "pressed", G_CALLBACK (pressed_cb), self);
  g_signal_connect (gesture, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (context_menu_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

void
_ss_chart_input_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "chart.autoscale", NULL, autoscale_action);
  gtk_widget_class_install_action (widget_class, "chart.show-all-time", NULL, show_all_time_action);
  gtk_widget_class_install_action (widget_class, "chart.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "chart.move-up", NULL, move_up_action);
  gtk_widget_class_install_action (widget_class, "chart.move-down", NULL, move_down_action);
  gtk_widget_class_install_action (widget_class, "chart.hide", NULL, hide_action);
  gtk_widget_class_install_action (widget_class, "chart.auto-height", NULL, auto_height_action);
}
