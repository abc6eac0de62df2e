/* ss-plot-stack-readings.c - the curves the measurement cursors read: every
 * visible curve of every chart against time (not those the user hid), the current run's and each
 * visible pinned run's, named as the legends name them.  Apart: it only
 * lists what the charts already hold; the values come from the layers. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"

static void
reading_free (gpointer data)
{
  SsPlotStackReading *reading = data;

  g_free (reading->name);
  g_free (reading->run);
  g_free (reading->unit);
  g_clear_object (&reading->layer);
  g_free (reading);
}

static void
add_reading (GPtrArray *readings, const char *name, const char *run, SsChartLayer *layer)
{
  SsPlotStackReading *reading = g_new0 (SsPlotStackReading, 1);

  reading->name = g_strdup (name);
  reading->run = g_strdup (run);
  reading->unit = g_strdup (ss_line_layer_get_unit (SS_LINE_LAYER (layer)));
  reading->layer = g_object_ref (SS_LINE_LAYER (layer));
  g_ptr_array_add (readings, reading);
}

/* The pinned run a layer draws, or NULL for the current run's. */
static Pin *
layer_pin (SsPlotStack *self, SsChartLayer *layer)
{
  guint slot = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (layer), _ss_plot_stack_pin_slot_quark ()));

  return slot > 0 ? _ss_plot_stack_slot_pin (self, slot - 1) : NULL;
}

/* The curves of the charts against time, top to bottom, each chart's in
 * its legend's order, each current run's curve followed by the visible
 * pinned runs' of the same column (SsPlotStackReading, owned). */
GPtrArray *
ss_plot_stack_list_readings (SsPlotStack *self)
{
  GPtrArray *readings = g_ptr_array_new_with_free_func (reading_free);

  g_return_val_if_fail (SS_IS_PLOT_STACK (self), readings);
  for (guint c = 0; c < self->charts->len; c++)
    {
      SsChart   *chart = g_ptr_array_index (self->charts, c);
      GPtrArray *layers = ss_chart_get_layers (chart);

      if (ss_chart_is_xy (chart))
        continue;
      for (guint i = 0; i < layers->len; i++)
        {
          SsChartLayer    *line = g_ptr_array_index (layers, i);
          const char      *column;
          g_autofree char *name = NULL;
          char            *paren;

          if (!SS_IS_LINE_LAYER (line) || !ss_chart_layer_get_in_legend (line) || !ss_chart_layer_get_visible (line) ||
              ss_chart_layer_get_hidden (line) || ss_chart_layer_get_title (line) == NULL ||
              layer_pin (self, line) != NULL || !ss_series_has_data (ss_line_layer_get_series (SS_LINE_LAYER (line))))
            continue;
          /* the legend's name: "z", not "z (m)"; the unit has a column */
          name = g_strdup (ss_chart_layer_get_title (line));
          paren = g_str_has_suffix (name, ")") ? strstr (name, " (") : NULL;
          if (paren != NULL)
            *paren = '\0';
          /* Translators: the run a measurement cursor reads, beside the pinned runs' names */
          add_reading (readings, name, _("current run"), line);
          column = ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (line)));
          for (guint j = 0; j < layers->len; j++)
            {
              SsChartLayer *pinned = g_ptr_array_index (layers, j);
              Pin          *pin = SS_IS_LINE_LAYER (pinned) ? layer_pin (self, pinned) : NULL;

              if (pin != NULL && pin->dataset != NULL && ss_chart_layer_get_visible (pinned) &&
                  !ss_chart_layer_get_hidden (pinned) &&
                  g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (pinned))), column) == 0)
                add_reading (readings, name, pin->name, pinned);
            }
        }
    }
  return readings;
}
