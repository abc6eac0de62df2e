/* ss-plot-stack-columns.c - which of a run's columns the plot stack
 * charts: the default charts, or what the user chose for the scenario (a
 * column shown, on a chart of its kind or on one whose unit it shares; a
 * default hidden), kept per scenario in GSettings "signals"; the charts'
 * Add Signal and Remove Signal menus and their actions.  Apart: the
 * user's choices are state of their own, stored and restored here. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"

/* Whether @column (a name) is on a chart: the user's choice for this
 * scenario, else the default. */
gboolean
_ss_plot_stack_is_shown (SsPlotStack *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);

  if (g_hash_table_contains (self->shown, col->name))
    return TRUE;
  return _ss_plot_stack_column_default_shown (m, col) && !g_hash_table_contains (self->hidden, col->name);
}

/* The key of the chart @column is on. */
char *
_ss_plot_stack_chart_key_of (SsPlotStack *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  const char      *key = g_hash_table_lookup (self->shown, col->name);

  if (key != NULL && key[0] != '\0')
    return g_strdup (key);
  return _ss_plot_stack_default_chart_key (m, col);
}

/* GSettings "signals": scenario -> "+column", "+column@chart-key" (shown,
 * on that chart) and "-column" (a default hidden). */
void
_ss_plot_stack_load_choices (SsPlotStack *self, const char *scenario)
{
  g_autoptr(GVariant) all = NULL;
  g_autofree const char **list = NULL;

  g_hash_table_remove_all (self->shown);
  g_hash_table_remove_all (self->hidden);
  all = g_settings_get_value (self->settings, "signals");
  if (!g_variant_lookup (all, scenario, "^a&s", &list))
    return;
  for (guint i = 0; list[i] != NULL; i++)
    {
      const char *at = strchr (list[i], '@');

      if (list[i][0] == '-')
        g_hash_table_add (self->hidden, g_strdup (list[i] + 1));
      else if (list[i][0] == '+' && at != NULL)
        g_hash_table_insert (self->shown, g_strndup (list[i] + 1, at - list[i] - 1), g_strdup (at + 1));
      else if (list[i][0] == '+')
        g_hash_table_insert (self->shown, g_strdup (list[i] + 1), g_strdup (""));
    }
}

void
_ss_plot_stack_save_choices (SsPlotStack *self)
{
  g_autoptr(GVariant) old = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GList) names = NULL;
  GVariantBuilder builder;
  GVariantIter    iter;
  const char     *scenario;
  GVariant       *list;

  if (self->model == NULL)
    return;
  /* sorted: the same choice is stored the same way */
  names = g_list_sort (g_hash_table_get_keys (self->shown), (GCompareFunc)g_strcmp0);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *key = g_hash_table_lookup (self->shown, l->data);

      g_ptr_array_add (entries, key[0] != '\0' ? g_strdup_printf ("+%s@%s", (char *)l->data, key)
                                               : g_strdup_printf ("+%s", (char *)l->data));
    }
  g_clear_pointer (&names, g_list_free);
  names = g_list_sort (g_hash_table_get_keys (self->hidden), (GCompareFunc)g_strcmp0);
  for (GList *l = names; l != NULL; l = l->next)
    g_ptr_array_add (entries, g_strdup_printf ("-%s", (char *)l->data));

  old = g_settings_get_value (self->settings, "signals");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sas}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s@as}", &scenario, &list))
    {
      if (!g_str_equal (scenario, ss_model_scenario (self->model)->name))
        g_variant_builder_add (&builder, "{s@as}", scenario, list);
      g_variant_unref (list);
    }
  g_ptr_array_add (entries, NULL);
  if (entries->len > 1)
    g_variant_builder_add (&builder, "{s^as}", ss_model_scenario (self->model)->name, (char **)entries->pdata);
  g_settings_set_value (self->settings, "signals", g_variant_builder_end (&builder));
}

/* ---- the charts' own menus ------------------------------------------ */

static GMenuItem *
signal_item (const ss_model *m, int column, const char *action, GVariant *target)
{
  g_autofree char *label = _ss_plot_stack_column_title (m, column);
  GMenuItem       *item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, target);
  return item;
}

/* A chart against time's menu: "Add Signal" (first what shares the
 * chart's unit and joins it, then the rest by group, each to a chart of
 * its own kind), "Remove Signal" (the chart's lines) and the
 * characteristic plots; @column_keys: the key of the chart each column of
 * @m is on, NULL where it is not shown. */
void
_ss_plot_stack_set_chart_menu (SsPlotStack *self, SsChart *chart, const ss_model *m, GPtrArray *column_keys)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) add = g_menu_new ();
  g_autoptr(GMenu) here = g_menu_new ();
  g_autoptr(GMenu) remove = g_menu_new ();
  g_autoptr(GArray) columns = g_array_new (FALSE, FALSE, sizeof (int));
  GMenu      *by_group[N_GROUPS] = { NULL };
  const char *key = g_object_get_data (G_OBJECT (chart), "ss-chart-key");
  const char *unit = _ss_plot_stack_key_unit (key);

  /* the chart's columns */
  for (int i = 0; i < ss_model_n_columns (m); i++)
    if (g_strcmp0 (g_ptr_array_index (column_keys, i), key) == 0)
      g_array_append_val (columns, i);
  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      const ss_column *col = ss_model_column (m, i);
      g_autoptr(GMenuItem) item = NULL;
      Group group = _ss_plot_stack_column_group (m, col);

      if (_ss_plot_stack_is_shown (self, m, i))
        continue;
      if (unit != NULL && g_str_equal (col->unit, unit))
        {
          item = signal_item (m, i, "plot-stack.add-signal", g_variant_new ("(ss)", col->name, key));
          g_menu_append_item (here, item);
          continue;
        }
      item = signal_item (m, i, "plot-stack.add-signal", g_variant_new ("(ss)", col->name, ""));
      if (by_group[group] == NULL)
        by_group[group] = g_menu_new ();
      g_menu_append_item (by_group[group], item);
    }
  g_menu_append_section (add, NULL, G_MENU_MODEL (here));
  {
    g_autoptr(GMenu) others = g_menu_new ();

    for (Group g = 0; g < N_GROUPS; g++)
      {
        if (by_group[g] == NULL)
          continue;
        for (int i = 0; i < ss_model_n_columns (m); i++)
          if (_ss_plot_stack_column_group (m, ss_model_column (m, i)) == g)
            {
              g_menu_append_submenu (others, ss_plot_stack_group_name (m, i), G_MENU_MODEL (by_group[g]));
              break;
            }
        g_object_unref (by_group[g]);
      }
    g_menu_append_section (add, NULL, G_MENU_MODEL (others));
  }
  for (guint i = 0; i < columns->len; i++)
    {
      int column = g_array_index (columns, int, i);
      g_autoptr(GMenuItem) item = signal_item (m, column, "plot-stack.remove-signal",
                                                g_variant_new_string (ss_model_column (m, column)->name));

      g_menu_append_item (remove, item);
    }
  /* Translators: context menu of a chart: put another column of the run on it */
  g_menu_append_submenu (menu, _("Add Signal"), G_MENU_MODEL (add));
  g_menu_append_submenu (menu, _("Remove Signal"), G_MENU_MODEL (remove));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (self->add_menu));
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (menu));
}

/* ---- showing and hiding columns ------------------------------------- */

/* Whether column @column (a CSV name) is drawn on a chart. */
gboolean
ss_plot_stack_get_column_shown (SsPlotStack *self, const char *column)
{
  int i;

  g_return_val_if_fail (SS_IS_PLOT_STACK (self), FALSE);
  if (self->model == NULL || (i = ss_model_column_find (self->model, column)) < 0)
    return FALSE;
  return _ss_plot_stack_is_shown (self, self->model, i);
}

static void
set_shown (SsPlotStack *self, const char *column, gboolean shown, const char *key)
{
  int      i = self->model != NULL ? ss_model_column_find (self->model, column) : -1;
  gboolean by_default;

  if (i < 0)
    return;
  by_default = _ss_plot_stack_column_default_shown (self->model, ss_model_column (self->model, i));
  g_hash_table_remove (self->shown, column);
  g_hash_table_remove (self->hidden, column);
  if (shown && (!by_default || (key != NULL && key[0] != '\0')))
    g_hash_table_insert (self->shown, g_strdup (column), g_strdup (key != NULL ? key : ""));
  else if (!shown && by_default)
    g_hash_table_add (self->hidden, g_strdup (column));
}

/* Puts column @column on the chart of its kind and unit (a new one when
 * there is none), or takes it off; remembered for the scenario. */
void
ss_plot_stack_set_column_shown (SsPlotStack *self, const char *column, gboolean shown)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (ss_plot_stack_get_column_shown (self, column) == shown)
    return;
  set_shown (self, column, shown, NULL);
  _ss_plot_stack_columns_changed (self);
  /* the chart it went to, into view */
  if (shown)
    _ss_plot_stack_reveal (self, ss_plot_stack_get_column_chart (self, column));
}

/* Puts column @column on @chart when their units agree, else on a chart
 * of its own kind; remembered for the scenario. */
void
ss_plot_stack_add_column_to_chart (SsPlotStack *self, const char *column, SsChart *chart)
{
  const char *key = chart != NULL ? g_object_get_data (G_OBJECT (chart), "ss-chart-key") : NULL;
  int         i = self->model != NULL ? ss_model_column_find (self->model, column) : -1;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (i < 0)
    return;
  if (key != NULL && g_strcmp0 (_ss_plot_stack_key_unit (key), ss_model_column (self->model, i)->unit) != 0)
    key = NULL;
  set_shown (self, column, TRUE, key);
  _ss_plot_stack_columns_changed (self);
  _ss_plot_stack_reveal (self, ss_plot_stack_get_column_chart (self, column));
}

/* The default charts again for this scenario. */
void
ss_plot_stack_reset_columns (SsPlotStack *self)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_hash_table_remove_all (self->shown);
  g_hash_table_remove_all (self->hidden);
  _ss_plot_stack_columns_changed (self);
}

/* The chart against time drawing column @column, or NULL. */
SsChart *
ss_plot_stack_get_column_chart (SsPlotStack *self, const char *column)
{
  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart   *chart = g_ptr_array_index (self->charts, i);
      GPtrArray *layers = ss_chart_get_layers (chart);

      if (ss_chart_is_xy (chart))
        continue;
      for (guint j = 0; j < layers->len; j++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, j);

          if (SS_IS_LINE_LAYER (layer) && ss_chart_layer_get_in_legend (layer) &&
              g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))), column) == 0)
            return chart;
        }
    }
  return NULL;
}

static void
add_signal_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsPlotStack *self = SS_PLOT_STACK (widget);
  const char  *column, *key;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &column, &key);
  if (!self->model || ss_model_column_find (self->model, column) < 0)
    return;
  set_shown (self, column, TRUE, key);
  _ss_plot_stack_columns_changed (self);
  _ss_plot_stack_reveal (self, ss_plot_stack_get_column_chart (self, column));
}

static void
remove_signal_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  ss_plot_stack_set_column_shown (SS_PLOT_STACK (widget), g_variant_get_string (parameter, NULL), FALSE);
}

/* plot-stack.add-signal (column, chart key) and .remove-signal (column):
 * the charts' menus */
void
_ss_plot_stack_columns_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "plot-stack.add-signal", "(ss)", add_signal_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.remove-signal", "s", remove_signal_action);
}
