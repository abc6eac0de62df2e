/* ss-plot-stack-time.c - the plot stack's charts against time: one per
 * chart key of a shown column (a group and a unit; m and rad never share
 * an axis), in the groups' order.  Each chart shades every contact's stick
 * intervals; the ratio chart has the dashed mu_s and mu_k levels; a
 * column X with companions X_min and X_max gets a chart of its own, X over
 * the band between its bounds (the admissible load split while stuck).
 * A contact's curves keep its colour; a sum of friction forces and the
 * second component of a reaction are dashed.  Under each live line lie the
 * previous run's faint one and a layer per pinned run.  Apart: how the
 * charts are made; which columns they show is ss-plot-stack-columns.c's
 * (the hub asks it and hands the keys over), when they are rebuilt
 * ss-plot-stack.c's. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-band-layer.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"
#include "ss-span-layer.h"

static void
add_line (SsPlotStack *self, SsChart *chart, const ss_model *m, int column, const GdkRGBA *color, gboolean dashed)
{
  const ss_column *col = ss_model_column (m, column);
  SsSeries        *series = _ss_plot_stack_add_series (self->series, col->name);
  SsSeries        *ghost = _ss_plot_stack_add_series (self->ghost_series, col->name);
  g_autoptr(SsChartLayer) line = ss_line_layer_new (series, col->unit);
  g_autoptr(SsChartLayer) faint = ss_line_layer_new (ghost, col->unit);
  /* the chart's title carries the unit */
  g_autofree char *title = ss_plot_stack_column_label (m, column);

  ss_chart_layer_set_color (faint, color);
  ss_line_layer_set_faint (SS_LINE_LAYER (faint), TRUE);
  ss_line_layer_set_dashed (SS_LINE_LAYER (faint), dashed);
  ss_chart_layer_set_in_legend (faint, FALSE);
  ss_chart_layer_set_visible (faint, self->show_ghost);
  ss_chart_add_layer (chart, faint);
  g_ptr_array_add (self->ghost_layers, g_object_ref (faint));

  for (guint slot = 0; slot < self->n_slots; slot++)
    {
      g_autoptr(SsSeries) pin_series = ss_series_new (col->name);
      g_autoptr(SsChartLayer) pinned = ss_line_layer_new (pin_series, col->unit);

      ss_chart_layer_set_color (pinned, color);
      ss_chart_layer_set_in_legend (pinned, FALSE);
      ss_chart_layer_set_visible (pinned, FALSE);
      g_object_set_qdata (G_OBJECT (pinned), _ss_plot_stack_pin_slot_quark (), GUINT_TO_POINTER (slot + 1));
      ss_chart_add_layer (chart, pinned);
      g_ptr_array_add (self->pin_layers, g_object_ref (pinned));
    }

  ss_chart_layer_set_title (line, title);
  ss_chart_layer_set_color (line, color);
  ss_line_layer_set_dashed (SS_LINE_LAYER (line), dashed);
  ss_chart_add_layer (chart, line);
}

static void
add_stick_spans (SsPlotStack *self, SsChart *chart, const ss_model *m, gboolean in_legend)
{
  for (int c = 0; c < ss_model_n_contacts (m); c++)
    {
      g_autofree char *name = g_strdup_printf ("%s.stick", ss_model_contact_name (m, c));
      g_autofree char *label = ss_plot_stack_contact_label (m, c);
      g_autofree char *title = NULL;
      g_autoptr(SsChartLayer) span = NULL;
      GdkRGBA color;

      if (ss_model_column_find (m, name) < 0)
        continue;
      span = ss_span_layer_new (_ss_plot_stack_add_series (self->series, name));
      ss_span_layer_set_contact (SS_SPAN_LAYER (span), label);
      /* one contact: the mechanism's "stuck" orange; several: their colours */
      if (ss_model_n_contacts (m) > 1)
        {
          ss_plot_stack_get_contact_color (m, c, &color);
          color.alpha = 0.09;
        }
      else
        color = (GdkRGBA){ 0.902, 0.380, 0.0, 0.11 };
      ss_chart_layer_set_color (span, &color);
      /* Translators: legend entry for the shaded stick intervals of contact %s */
      title = g_strdup_printf (_("%s stuck"), label);
      ss_chart_layer_set_title (span, title);
      ss_chart_layer_set_in_legend (span, in_legend);
      ss_chart_add_layer (chart, span);
    }
}

/* The two-slider's incoherent friction directions ([Wojtyra2016] §3.2)
 * shaded where its flag is 1, in a neutral grey. */
static void
add_incoherent_span (SsPlotStack *self, SsChart *chart, const ss_model *m, gboolean in_legend)
{
  int column = ss_model_column_find (m, "stiction.incoherent");
  g_autoptr(SsChartLayer) span = NULL;
  g_autofree char *title = NULL;
  GdkRGBA          grey = { 0.35, 0.35, 0.45, 0.16 };

  if (column < 0)
    return;
  span = ss_span_layer_new (_ss_plot_stack_add_series (self->series, "stiction.incoherent"));
  title = ss_plot_stack_column_label (m, column);
  ss_chart_layer_set_color (span, &grey);
  ss_chart_layer_set_title (span, title);
  ss_chart_layer_set_in_legend (span, in_legend);
  ss_chart_add_layer (chart, span);
}

/* Dashed mu_s and mu_k levels; contacts sharing a level share one line. */
static void
add_levels (SsChart *chart, const ss_model *m)
{
  int n = ss_model_n_contacts (m);

  for (int kind = 0; kind < 2; kind++)
    for (int c = 0; c < n; c++)
      {
        g_autoptr(SsChartLayer) level = NULL;
        g_autofree char *label = NULL;
        double           mu_s, mu_k, v;
        gboolean         shared = TRUE, seen = FALSE;
        GdkRGBA          color;

        ss_model_contact_mu (m, c, &mu_s, &mu_k);
        v = kind == 0 ? mu_s : mu_k;
        if (kind == 1 && mu_k == mu_s)
          continue;
        for (int o = 0; o < n; o++)
          {
            double os, ok;

            ss_model_contact_mu (m, o, &os, &ok);
            if ((kind == 0 ? os : ok) != v)
              shared = FALSE;
            else if (o < c)
              seen = TRUE;
          }
        if (seen)
          continue;
        if (shared || n == 1)
          {
            label = g_strdup (kind == 0 ? "μs" : "μk");
            if (n == 1)
              ss_plot_stack_get_contact_color (m, 0, &color);
            else
              color = (GdkRGBA){ 0.4, 0.4, 0.45, 1.0 };
          }
        else
          {
            GString *names = g_string_new (kind == 0 ? "μs" : "μk");

            /* every contact on this level, e.g. "μs 10, 20" */
            for (int o = c, first = 1; o < n; o++)
              {
                g_autofree char *name = NULL;
                double           os, ok;

                ss_model_contact_mu (m, o, &os, &ok);
                if ((kind == 0 ? os : ok) != v)
                  continue;
                name = ss_plot_stack_contact_label (m, o);
                g_string_append_printf (names, "%s%s", first ? " " : ", ", name);
                first = 0;
              }
            label = g_string_free (names, FALSE);
            ss_plot_stack_get_contact_color (m, c, &color);
          }
        if (kind == 1)
          color.alpha = 0.6;
        level = ss_level_layer_new (v, label);
        ss_chart_layer_set_color (level, &color);
        ss_chart_add_layer (chart, level);
      }
}

/* X over the band X_min .. X_max */
static void
add_band (SsPlotStack *self, SsChart *chart, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  g_autoptr(SsChartLayer) band = NULL;
  int     lo, hi;
  GdkRGBA color;

  _ss_plot_stack_band_bounds (m, col->name, &lo, &hi);
  ss_plot_stack_get_color (_ss_plot_stack_first_free_slot (m) + 4, &color);
  band = ss_band_layer_new (_ss_plot_stack_add_series (self->series, ss_model_column (m, lo)->name),
                            _ss_plot_stack_add_series (self->series, ss_model_column (m, hi)->name), col->unit);
  ss_chart_layer_set_color (band, &color);
  /* Translators: legend of the band of load splits for which every joint can stay stuck */
  ss_chart_layer_set_title (band, _("admissible while stuck"));
  ss_chart_add_layer (chart, band);
  ss_plot_stack_get_color (_ss_plot_stack_first_free_slot (m) + 3, &color);
  add_line (self, chart, m, column, &color, FALSE);
}

/* ---- building the charts ------------------------------------------- */

/* One chart against time per chart key of a shown column, in the order of
 * the groups, then of the columns; @column_keys: the key of the chart each
 * column of @m goes on, NULL where it is not shown. */
void
_ss_plot_stack_build_time_charts (SsPlotStack *self, const ss_model *m, GPtrArray *column_keys)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);

  for (Group group = 0; group < N_GROUPS; group++)
    for (int i = 0; i < ss_model_n_columns (m); i++)
      {
        const char *key = g_ptr_array_index (column_keys, i);

        if (key != NULL && _ss_plot_stack_key_group (key) == group &&
            !g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
          g_ptr_array_add (keys, g_strdup (key));
      }

  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      g_autoptr(GArray) columns = g_array_new (FALSE, FALSE, sizeof (int));
      SsChart         *chart = SS_CHART (ss_chart_new (self->time_axis));
      g_autofree char *title = NULL;
      guint            other = 0;

      for (int i = 0; i < ss_model_n_columns (m); i++)
        if (g_strcmp0 (g_ptr_array_index (column_keys, i), key) == 0)
          g_array_append_val (columns, i);
      title = _ss_plot_stack_chart_title (m, key, columns);
      ss_chart_set_title (chart, title);
      add_stick_spans (self, chart, m, self->charts->len == 0);
      add_incoherent_span (self, chart, m, self->charts->len == 0);
      if (_ss_plot_stack_key_group (key) == GROUP_RATIO)
        add_levels (chart, m);

      for (guint j = 0; j < columns->len; j++)
        {
          int              i = g_array_index (columns, int, j);
          const ss_column *col = ss_model_column (m, i);
          GdkRGBA          color;

          if (_ss_plot_stack_key_group (key) == GROUP_BAND && _ss_plot_stack_column_group (m, col) == GROUP_BAND)
            {
              add_band (self, chart, m, i);
              continue;
            }
          if (col->contact >= 0)
            ss_plot_stack_get_contact_color (m, col->contact, &color);
          else
            ss_plot_stack_get_color (_ss_plot_stack_first_free_slot (m) + other++, &color);
          /* a sum of friction forces, a reaction's second component: dashed */
          add_line (self, chart, m, i, &color, g_str_has_prefix (col->name, "sum.") || col->component_of >= 0);
        }
      _ss_plot_stack_append_chart (self, chart);
      g_object_set_data_full (G_OBJECT (chart), "ss-chart-key", g_strdup (key), g_free);
    }
}
