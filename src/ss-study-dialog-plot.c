/* ss-study-dialog-plot.c - the study window's chart: a curve per outcome
 * over the one axis (outcomes of several units each on a 0-to-1 scale of
 * its own), or a heat map with its colour bar over two axes, with titles
 * made from the study; the info line under it; a click loading a variant
 * into the main window.
 *
 * The chart is an SsChart for characteristics (the same drawing path as
 * every chart and every export) on a time axis of its own, whose "time" is
 * the variant's index: hovering a point names the variant, a click loads it
 * into the main window (the variant-chosen signal, which the window turns
 * into one undo step).  Apart
 * from the editor: the chart is rebuilt for every run, from the run's
 * table alone. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-model-strings.h"
#include "ss-plot-stack-labels.h"
#include "ss-study-dialog-private.h"
#include "ss-study-layer.h"

static char *
axis_title (SsStudyTable *table, int axis)
{
  const char *unit = ss_study_table_get_axis_unit (table, axis);

  if (unit == NULL || unit[0] == '\0')
    return g_strdup (ss_study_table_get_axis_label (table, axis));
  return g_strdup_printf ("%s (%s)", ss_study_table_get_axis_label (table, axis), unit);
}

/* Outcomes of one unit share the value axis; of several units each is
 * drawn on a 0-to-1 scale of its own range (the legend and the readout
 * give the real values): two value axes would pair curves with axes by
 * colour alone, and a third unit would need a third axis. */
static gboolean
units_differ (SsStudyTable *table)
{
  for (int i = 1; i < ss_study_table_get_n_outcomes (table); i++)
    if (g_strcmp0 (ss_study_table_get_outcome_unit (table, i), ss_study_table_get_outcome_unit (table, 0)) != 0)
      return TRUE;
  return FALSE;
}

/* What the outcomes' labels say after their last ": " when that is the
 * same for all ("First slip" of "slider1: First slip", "slider2: First
 * slip"), else NULL. */
static const char *
common_quantity (SsStudyTable *table)
{
  const char *common = NULL;

  for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
    {
      const char *label = ss_study_table_get_outcome_label (table, i);
      const char *colon = g_strrstr (label, ": ");
      const char *quantity = colon != NULL ? colon + 2 : label;

      if (common != NULL && !g_str_equal (common, quantity))
        return NULL;
      common = quantity;
    }
  return common;
}

static char *
value_axis_title (SsStudyTable *table)
{
  const char *unit = ss_study_table_get_outcome_unit (table, 0);
  const char *quantity = common_quantity (table);

  if (units_differ (table))
    return g_strdup (_("Normalised: 0 = each outcome’s smallest value, 1 = its largest"));
  if (ss_study_table_get_n_outcomes (table) == 1)
    return unit[0] != '\0' ? g_strdup_printf ("%s (%s)", ss_study_table_get_outcome_label (table, 0), unit)
                           : g_strdup (ss_study_table_get_outcome_label (table, 0));
  if (quantity != NULL)
    return unit[0] != '\0' ? g_strdup_printf ("%s (%s)", quantity, unit) : g_strdup (quantity);
  return unit[0] != '\0' ? g_strdup_printf (_("Outcomes (%s)"), unit) : g_strdup (_("Outcomes"));
}

/* "Two sliders: First slip over γ1": the preset's title, or one made of
 * the scenario, the outcomes and the axes. */
static char *
make_plot_title (SsStudyDialog *self, SsStudyTable *table, const ss_scenario *sc)
{
  g_autoptr(GString) outcomes = g_string_new (NULL);
  g_autoptr(GString) axes = g_string_new (NULL);

  if (self->title != NULL)
    return g_strdup (ss_i18n_model_text (self->title));
  for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
    g_string_append_printf (outcomes, "%s%s", i > 0 ? ", " : "", ss_study_table_get_outcome_label (table, i));
  for (int i = 0; i < ss_study_table_get_n_axes (table); i++)
    /* Translators: between the varied parameters of a study's title */
    g_string_append_printf (axes, "%s%s", i > 0 ? _(" and ") : "", ss_study_table_get_axis_label (table, i));
  /* Translators: a study's title: scenario, outcomes, varied parameters */
  return g_strdup_printf (_("%1$s: %2$s over %3$s"), ss_i18n_model_text (sc->title), outcomes->str, axes->str);
}

void
_ss_study_dialog_update_info (SsStudyDialog *self)
{
  double           cursor = self->time_axis != NULL ? ss_time_axis_get_cursor (self->time_axis) : NAN;
  int              variant = isfinite (cursor) ? (int)lround (cursor) : -1;
  g_autofree char *point = NULL;
  GString         *text;

  if (self->table == NULL || variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    {
      gtk_label_set_text (self->info_label,
                          self->table != NULL ? _("Point at a variant to read it, click it to load it into the "
                                                    "main window. Scroll to zoom, drag to pan, double-click to show "
                                                    "everything.")
                                              : _("Choose the parameters and the outcomes, then run the study."));
      return;
    }
  point = ss_study_table_format_point (self->table, variant);
  text = g_string_new (point);
  g_string_append (text, ": ");
  switch (ss_study_table_get_state (self->table, variant))
    {
    case SS_STUDY_ROW_FAILED:
      /* Translators: a study's variant that failed, and why */
      g_string_append_printf (text, _("failed: %s"), ss_study_table_get_status (self->table, variant));
      break;
    case SS_STUDY_ROW_DONE:
      for (int i = 0; i < ss_study_table_get_n_outcomes (self->table); i++)
        {
          g_autofree char *value =
              ss_study_table_format_value (self->table, i, ss_study_table_get_value (self->table, variant, i));

          g_string_append_printf (text, "%s%s = %s", i > 0 ? "; " : "",
                                  ss_study_table_get_outcome_label (self->table, i), value);
        }
      break;
    case SS_STUDY_ROW_CANCELLED:
      g_string_append (text, _("cancelled"));
      break;
    case SS_STUDY_ROW_PENDING:
    default:
      g_string_append (text, _("not run yet"));
      break;
    }
  gtk_label_set_text (self->info_label, text->str);
  g_string_free (text, TRUE);
}

static void
chart_clicked_cb (SsStudyDialog *self, double t, SsChart *chart)
{
  (void)chart;
  if (isfinite (t))
    ss_study_dialog_load_variant (self, (int)lround (t));
}

void
_ss_study_dialog_heatmap_outcome_cb (SsStudyDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->heatmap_dropdown);

  if (self->heatmap != NULL && self->table != NULL && i < (guint)ss_study_table_get_n_outcomes (self->table))
    ss_heatmap_layer_set_outcome (self->heatmap, i);
}

/* A new chart for @table: a curve per outcome, or a heat map. */
void
_ss_study_dialog_show_table (SsStudyDialog *self, SsStudyTable *table, const ss_scenario *sc)
{
  GtkWidget       *old = GTK_WIDGET (self->chart);
  g_autofree char *x_title = axis_title (table, 0);
  SsAxis          *x_axis;

  if (old != NULL)
    gtk_box_remove (self->chart_box, old);
  gtk_widget_set_visible (self->placeholder, FALSE);
  if (self->time_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->time_axis, self);
  g_clear_object (&self->time_axis);
  g_set_object (&self->table, table);
  self->heatmap = NULL;

  self->time_axis = ss_time_axis_new ();
  self->chart = SS_CHART (ss_chart_new_xy (self->time_axis));
  /* the line under the chart says what a click does */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chart), NULL);
  x_axis = ss_chart_get_x_axis (self->chart);
  ss_axis_set_title (x_axis, x_title);
  ss_axis_set_scale (x_axis, ss_study_table_get_axis_scale (table, 0));
  if (ss_study_table_get_n_axes (table) == 1)
    {
      g_autofree char *y_title = value_axis_title (table);
      gboolean         normalise = units_differ (table);

      ss_chart_set_title (self->chart, y_title);
      for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
        {
          g_autoptr(SsChartLayer) layer = ss_study_layer_new (table, SS_STUDY_LAYER_OUTCOME, i);
          GdkRGBA color;

          ss_plot_stack_get_color (i, &color);
          ss_chart_layer_set_color (layer, &color);
          ss_study_layer_set_normalised (SS_STUDY_LAYER (layer), normalise);
          ss_chart_add_layer (self->chart, layer);
        }
      for (int k = SS_STUDY_LAYER_FAILED; k <= SS_STUDY_LAYER_NO_VALUE; k++)
        {
          g_autoptr(SsChartLayer) layer = ss_study_layer_new (table, k, 0);

          ss_chart_add_layer (self->chart, layer);
        }
      gtk_widget_set_visible (GTK_WIDGET (self->heatmap_box), FALSE);
    }
  else
    {
      g_autofree char *y_title = axis_title (table, 1);
      g_autoptr(SsChartLayer) layer = ss_heatmap_layer_new (table, 0);
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

      ss_chart_set_title (self->chart, y_title);
      ss_chart_set_tight (self->chart, TRUE);
      ss_chart_set_log_scale (self->chart, ss_study_table_get_axis_scale (table, 1) == SS_AXIS_SCALE_LOG);
      ss_chart_add_layer (self->chart, layer);
      self->heatmap = SS_HEATMAP_LAYER (layer);
      for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
        gtk_string_list_append (labels, ss_study_table_get_outcome_label (table, i));
      gtk_drop_down_set_model (self->heatmap_dropdown, G_LIST_MODEL (labels));
      gtk_drop_down_set_selected (self->heatmap_dropdown, 0);
      gtk_widget_set_visible (GTK_WIDGET (self->heatmap_box), ss_study_table_get_n_outcomes (table) > 1);
    }
  g_signal_connect_swapped (self->chart, "time-clicked", G_CALLBACK (chart_clicked_cb), self);
  g_signal_connect_swapped (self->time_axis, "cursor-changed", G_CALLBACK (_ss_study_dialog_update_info), self);
  gtk_box_append (self->chart_box, GTK_WIDGET (self->chart));
  g_free (self->plot_title);
  self->plot_title = make_plot_title (self, table, sc);
  adw_window_title_set_subtitle (self->window_title, self->plot_title);
  _ss_study_dialog_update_info (self);
}

/* Shows @variant in the main window: the study's scenario, its base values
 * and the variant's point, as a user's change (one undo step).  A variant
 * that failed or did not run is not loaded: the info line says why. */
gboolean
ss_study_dialog_load_variant (SsStudyDialog *self, int variant)
{
  const ss_study    *st = ss_study_dialog_get_study (self);
  const ss_scenario *sc;
  g_autofree double *values = NULL;
  g_autofree char   *point = NULL;
  g_autofree char   *msg = NULL;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (st == NULL || self->table == NULL || variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    return FALSE;
  point = ss_study_table_format_point (self->table, variant);
  if (ss_study_table_get_state (self->table, variant) != SS_STUDY_ROW_DONE)
    {
      if (ss_study_table_get_state (self->table, variant) == SS_STUDY_ROW_FAILED)
        {
          /* Translators: a failed variant is not loaded; %1$s its point, %2$s why */
          msg = g_strdup_printf (_("%1$s failed (%2$s): not loaded"), point,
                                    ss_study_table_get_status (self->table, variant));
          gtk_label_set_text (self->info_label, msg);
        }
      return FALSE;
    }
  sc = ss_study_scenario (st);
  values = g_memdup2 (ss_study_base_values (st), sizeof (double) * (sc->n_params + 1));
  for (int i = 0; i < ss_study_table_get_n_axes (self->table); i++)
    values[ss_study_table_get_axis_param (self->table, i)] = ss_study_table_get_variant_point (self->table, variant, i);
  _ss_study_dialog_emit_variant_chosen (self, sc, values);
  msg = g_strdup_printf (_("Loaded in the main window: %s"), point);
  _ss_study_dialog_toast (self, msg);
  return TRUE;
}
