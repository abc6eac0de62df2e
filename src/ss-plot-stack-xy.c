/* ss-plot-stack-xy.c - the plot stack's characteristic and phase plots:
 * a column against a column (a contact's friction against its slip
 * velocity or its normal force; a velocity against its position), for the
 * current, the previous and the pinned runs in the colour of the contact
 * it belongs to.  The charts' "Add Characteristic Plot" menu offers them;
 * a pair stays while the runs have both columns, across parameter
 * changes.  Apart: a kind of chart of its own, added and removed at will
 * rather than built from the columns shown. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-plot-stack-private.h"
#include "ss-xy-layer.h"

static char *
pair_key (const char *x_column, const char *y_column)
{
  return g_strconcat (x_column, "\t", y_column, NULL);
}

static GMenuItem *
pair_item (const char *label, const char *action, const char *x_column, const char *y_column)
{
  GMenuItem *item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, g_variant_new ("(ss)", x_column, y_column));
  return item;
}

static void
add_pair_entry (GMenu *menu, const ss_model *m, const char *label, const char *x_column, const char *y_column)
{
  g_autoptr(GMenuItem) item = NULL;

  if (ss_model_column_find (m, x_column) < 0 || ss_model_column_find (m, y_column) < 0)
    return;
  item = pair_item (label, "plot-stack.add-xy", x_column, y_column);
  g_menu_append_item (menu, item);
}

/* The charts' "Add Characteristic Plot" entries for @m: each contact's
 * friction against its slip velocity and against its normal force, and
 * each coordinate's phase portrait. */
void
_ss_plot_stack_fill_add_menu (SsPlotStack *self, const ss_model *m)
{
  g_autoptr(GMenu) entries = g_menu_new ();

  for (int c = 0; c < ss_model_n_contacts (m); c++)
    {
      const char      *name = ss_model_contact_name (m, c);
      g_autofree char *label = ss_plot_stack_contact_label (m, c);
      g_autofree char *f = g_strdup_printf ("%s.F", name);
      g_autofree char *v = g_strdup_printf ("%s.v", name);
      g_autofree char *n = g_strdup_printf ("%s.N", name);
      /* Translators: menu entry, %s is a contact */
      g_autofree char *against_v = g_strdup_printf (_("%s: Friction against Slip Velocity"), label);
      /* Translators: menu entry, %s is a contact */
      g_autofree char *against_n = g_strdup_printf (_("%s: Friction against Normal Force"), label);

      add_pair_entry (entries, m, against_v, v, f);
      add_pair_entry (entries, m, against_n, n, f);
    }
  /* each velocity against the position the model says it is the rate of */
  for (int v = 0; v < ss_model_n_columns (m); v++)
    {
      int              p = ss_model_column (m, v)->rate_of;
      g_autofree char *pl = NULL;
      g_autofree char *vl = NULL;
      g_autofree char *label = NULL;

      if (p < 0)
        continue;
      pl = ss_plot_stack_column_label (m, p);
      vl = ss_plot_stack_column_label (m, v);
      /* Translators: menu entry of a phase portrait, e.g. "v against z" */
      label = g_strdup_printf (_("%1$s against %2$s"), vl, pl);

      add_pair_entry (entries, m, label, ss_model_column (m, p)->name, ss_model_column (m, v)->name);
    }
  g_menu_remove_all (self->add_menu);
  g_menu_append_submenu (self->add_menu, _("Add Characteristic Plot"), G_MENU_MODEL (entries));
}

/* A curve of @y against @x of the run the series in @list show; the chart
 * holds it. */
static SsChartLayer *
add_xy_layer (SsChart *chart, GPtrArray *list, const ss_column *x, const ss_column *y)
{
  g_autoptr(SsChartLayer) layer = ss_xy_layer_new (_ss_plot_stack_add_series (list, x->name),
                                                    _ss_plot_stack_add_series (list, y->name), x->unit, y->unit);

  ss_chart_add_layer (chart, layer);
  return layer;
}

/* @y_column against @x_column of @m, for the current, the previous and the
 * pinned run, in the colour of the contact it belongs to. */
SsChart *
_ss_plot_stack_build_xy_chart (SsPlotStack *self, const ss_model *m, int x_column, int y_column)
{
  const ss_column *x = ss_model_column (m, x_column), *y = ss_model_column (m, y_column);
  SsChart         *chart = SS_CHART (ss_chart_new_xy (self->time_axis));
  g_autofree char *x_title = _ss_plot_stack_column_title (m, x_column);
  g_autofree char *y_title = _ss_plot_stack_column_title (m, y_column);
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) remove = NULL;
  SsChartLayer *layer;
  GdkRGBA       color;

  if (y->contact >= 0 || x->contact >= 0)
    ss_plot_stack_get_contact_color (m, y->contact >= 0 ? y->contact : x->contact, &color);
  else
    ss_plot_stack_get_color (_ss_plot_stack_first_free_slot (m), &color);
  ss_chart_set_title (chart, y_title);
  ss_axis_set_title (ss_chart_get_x_axis (chart), x_title);

  layer = add_xy_layer (chart, self->ghost_series, x, y);
  ss_chart_layer_set_color (layer, &color);
  ss_xy_layer_set_faint (SS_XY_LAYER (layer), TRUE);
  ss_chart_layer_set_in_legend (layer, FALSE);
  ss_chart_layer_set_visible (layer, self->show_ghost);
  g_ptr_array_add (self->ghost_layers, g_object_ref (layer));

  for (guint slot = 0; slot < self->n_slots; slot++)
    {
      g_autoptr(SsSeries) xs = ss_series_new (x->name);
      g_autoptr(SsSeries) ys = ss_series_new (y->name);
      g_autoptr(SsChartLayer) pinned = ss_xy_layer_new (xs, ys, x->unit, y->unit);

      ss_chart_add_layer (chart, pinned);
      ss_chart_layer_set_color (pinned, &color);
      ss_chart_layer_set_visible (pinned, FALSE);
      g_object_set_qdata (G_OBJECT (pinned), _ss_plot_stack_pin_slot_quark (), GUINT_TO_POINTER (slot + 1));
      g_ptr_array_add (self->pin_layers, g_object_ref (pinned));
    }

  layer = add_xy_layer (chart, self->series, x, y);
  ss_chart_layer_set_color (layer, &color);
  /* Translators: legend entry of the run computed from the current values */
  ss_chart_layer_set_title (layer, _("current run"));
  g_ptr_array_add (self->xy_layers, g_object_ref (layer));

  /* a characteristic is about as tall as wide */
  gtk_widget_set_size_request (GTK_WIDGET (chart), -1, 260);
  _ss_plot_stack_append_chart (self, chart);
  g_object_set_data_full (G_OBJECT (chart), "ss-xy-pair", pair_key (x->name, y->name), g_free);
  g_menu_append_submenu (menu, _("Add Characteristic Plot"), G_MENU_MODEL (self->add_menu));
  remove = pair_item (_("Remove This Plot"), "plot-stack.remove-xy", x->name, y->name);
  g_menu_append_item (menu, remove);
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (menu));
  return chart;
}

static const ss_model *
current_model (SsPlotStack *self)
{
  return self->current != NULL ? ss_dataset_get_model (self->current) : NULL;
}

static SsChart *
find_xy_chart (SsPlotStack *self, const char *key)
{
  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (self->charts, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (chart), "ss-xy-pair"), key) == 0)
        return chart;
    }
  return NULL;
}

/* Adds a chart of @y_column against @x_column (a characteristic: "base.F"
 * against "base.v"; a phase portrait: "v" against "z") after the charts
 * against time; it stays while the runs have both columns, across
 * parameter changes.  Returns the chart, or NULL when the current run
 * lacks a column (the pair is kept for runs that have both). */
SsChart *
ss_plot_stack_add_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column)
{
  g_autofree char *key = pair_key (x_column, y_column);
  const ss_model  *m = current_model (self);
  SsChart         *chart;
  int              x, y;

  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);

  if ((chart = find_xy_chart (self, key)) != NULL)
    return chart;
  if (!g_ptr_array_find_with_equal_func (self->xy_pairs, key, g_str_equal, NULL))
    g_ptr_array_add (self->xy_pairs, g_strdup (key));
  if (m == NULL || (x = ss_model_column_find (m, x_column)) < 0 || (y = ss_model_column_find (m, y_column)) < 0)
    return NULL;
  chart = _ss_plot_stack_build_xy_chart (self, m, x, y);
  _ss_plot_stack_chart_added (self, chart);
  return chart;
}

static void
forget_layer (SsPlotStack *self, SsChartLayer *layer)
{
  GPtrArray *lists[] = { self->ghost_layers, self->pin_layers, self->xy_layers };
  GPtrArray *series[] = { self->series, self->ghost_series };

  for (guint k = 0; k < G_N_ELEMENTS (series) && SS_IS_XY_LAYER (layer); k++)
    {
      g_ptr_array_remove (series[k], ss_xy_layer_get_x_series (SS_XY_LAYER (layer)));
      g_ptr_array_remove (series[k], ss_xy_layer_get_y_series (SS_XY_LAYER (layer)));
    }
  for (guint k = 0; k < G_N_ELEMENTS (lists); k++)
    g_ptr_array_remove (lists[k], layer);
}

/* Removes the chart of @y_column against @x_column, for good. */
void
ss_plot_stack_remove_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column)
{
  g_autofree char *key = pair_key (x_column, y_column);
  SsChart         *chart = find_xy_chart (self, key);
  guint            index;

  if (g_ptr_array_find_with_equal_func (self->xy_pairs, key, g_str_equal, &index))
    g_ptr_array_remove_index (self->xy_pairs, index);
  if (chart == NULL)
    return;
  for (guint i = 0; i < ss_chart_get_layers (chart)->len; i++)
    forget_layer (self, g_ptr_array_index (ss_chart_get_layers (chart), i));
  _ss_plot_stack_remove_chart (self, chart);
}

static void
add_xy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *x, *y;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &x, &y);
  ss_plot_stack_add_xy_chart (SS_PLOT_STACK (widget), x, y);
}

static void
remove_xy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *x, *y;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &x, &y);
  ss_plot_stack_remove_xy_chart (SS_PLOT_STACK (widget), x, y);
}

/* plot-stack.add-xy and .remove-xy (x column, y column): the charts' menus */
void
_ss_plot_stack_xy_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "plot-stack.add-xy", "(ss)", add_xy_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.remove-xy", "(ss)", remove_xy_action);
}
