/* ss-plot-stack-runs.c - the runs the plot stack draws: the current one,
 * the previous one (faint) and any number of pinned runs, each pinned run
 * in a dash pattern of its own under every live line in the same colours
 * (a chart of four bearings and four runs reads bearing by colour, run by
 * pattern); the top chart's legend names the current run and each pinned
 * one.  The charts keep a layer per pinned run and curve ("slots"); this
 * file puts the runs' data, styles and names on them, apart from building
 * the charts because the runs change far more often than the charts. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"
#include "ss-xy-layer.h"

void
_ss_plot_stack_pin_free (gpointer data)
{
  Pin *pin = data;

  g_clear_object (&pin->dataset);
  g_free (pin->name);
  g_free (pin);
}

/* Legend entries naming the current run and each pinned one (no data). */
void
_ss_plot_stack_add_run_legend (SsPlotStack *self, SsChart *chart)
{
  for (guint i = 0; i < 1 + self->n_slots; i++)
    {
      g_autoptr(SsSeries) none = ss_series_new ("");
      g_autoptr(SsChartLayer) layer = ss_line_layer_new (none, NULL);
      GdkRGBA grey = { 0.45, 0.45, 0.5, 1.0 };

      ss_chart_layer_set_color (layer, &grey);
      ss_chart_layer_set_visible (layer, FALSE);
      ss_chart_add_layer (chart, layer);
      g_ptr_array_add (self->run_layers, g_object_ref (layer));
    }
}

/* The pinned runs' data, styles and names on their layers; the legend
 * entries of the top chart name them (while any is drawn). */
static void
update_pins (SsPlotStack *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->pins->len; i++)
    any |= _ss_plot_stack_slot_pin (self, i)->dataset != NULL;
  for (guint i = 0; i < self->pin_layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->pin_layers, i);
      guint      slot = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (layer), _ss_plot_stack_pin_slot_quark ())) - 1;
      Pin       *pin = _ss_plot_stack_slot_pin (self, slot);
      SsDataset *dataset = pin != NULL ? pin->dataset : NULL;

      if (SS_IS_XY_LAYER (layer))
        {
          ss_series_set_dataset (ss_xy_layer_get_x_series (SS_XY_LAYER (layer)), dataset);
          ss_series_set_dataset (ss_xy_layer_get_y_series (SS_XY_LAYER (layer)), dataset);
          ss_xy_layer_set_run_style (SS_XY_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
          ss_chart_layer_set_title (layer, pin != NULL ? pin->name : NULL);
          ss_chart_layer_set_in_legend (layer, dataset != NULL);
        }
      else
        {
          ss_series_set_dataset (ss_line_layer_get_series (SS_LINE_LAYER (layer)), dataset);
          ss_line_layer_set_run_style (SS_LINE_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
        }
      ss_chart_layer_set_visible (layer, dataset != NULL);
    }
  for (guint i = 0; i < self->run_layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->run_layers, i);
      Pin          *pin = i > 0 ? _ss_plot_stack_slot_pin (self, i - 1) : NULL;

      if (i == 0)
        {
          ss_chart_layer_set_visible (layer, any && self->current != NULL);
          ss_chart_layer_set_title (layer, _("current run"));
          continue;
        }
      ss_chart_layer_set_visible (layer, pin != NULL && pin->dataset != NULL);
      ss_line_layer_set_run_style (SS_LINE_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
      ss_chart_layer_set_title (layer, pin != NULL ? pin->name : NULL);
    }
}

/* Whether @dataset is drawn as a pinned run. */
static gboolean
is_pinned (SsPlotStack *self, SsDataset *dataset)
{
  for (guint i = 0; i < self->pins->len; i++)
    if (dataset != NULL && _ss_plot_stack_slot_pin (self, i)->dataset == dataset)
      return TRUE;
  return FALSE;
}

void
ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_set_object (&self->current, current);
  /* a pinned run already shows that run */
  if (is_pinned (self, ghost))
    ghost = NULL;
  g_set_object (&self->ghost, ghost);
  for (guint i = 0; i < self->series->len; i++)
    {
      ss_series_set_dataset (g_ptr_array_index (self->series, i), current);
      ss_series_set_reveal_end (g_ptr_array_index (self->series, i), self->reveal);
    }
  for (guint i = 0; i < self->ghost_series->len; i++)
    ss_series_set_dataset (g_ptr_array_index (self->ghost_series, i), ghost);
  update_pins (self);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
  /* the charts on screen are drawn off the main thread meanwhile */
  for (guint i = 0; i < self->charts->len; i++)
    ss_chart_prepare (g_ptr_array_index (self->charts, i));
}

/* The pinned runs every chart draws with the current one, in their
 * order: @runs[i].dataset (a run of the stack's scenario; NULL while it
 * computes: nothing drawn yet), its legend name and its line style.  The
 * charts get a layer per run and curve (rebuilt when the count changes). */
void
ss_plot_stack_set_pinned_runs (SsPlotStack *self, const SsPlotStackRun *runs, guint n_runs)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));
  g_return_if_fail (n_runs == 0 || runs != NULL);

  g_ptr_array_set_size (self->pins, 0);
  for (guint i = 0; i < n_runs; i++)
    {
      Pin *pin = g_new0 (Pin, 1);

      pin->dataset = runs[i].dataset != NULL ? g_object_ref (runs[i].dataset) : NULL;
      pin->name = g_strdup (runs[i].name);
      pin->style = runs[i].style % SS_CHART_N_RUN_STYLES;
      g_ptr_array_add (self->pins, pin);
    }
  /* a run hidden through its legend entry is that run: pins gone, a run
   * pinned later in its slot starts shown */
  for (guint slot = n_runs + 1; slot <= self->n_slots; slot++)
    {
      g_autofree char *key = g_strdup_printf ("run\t%u", slot);

      g_hash_table_remove (self->hidden_curves, key);
    }
  if (n_runs != self->n_slots)
    {
      gboolean more = n_runs > self->n_slots;

      self->n_slots = n_runs;
      _ss_plot_stack_rebuild (self);
      /* the legend naming the runs, into view */
      for (guint i = 0; more && i < self->run_layers->len; i++)
        for (guint c = 0; c < self->charts->len; c++)
          if (g_ptr_array_find (ss_chart_get_layers (g_ptr_array_index (self->charts, c)),
                                g_ptr_array_index (self->run_layers, i), NULL))
            {
              _ss_plot_stack_reveal (self, g_ptr_array_index (self->charts, c));
              more = FALSE;
              break;
            }
    }
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
}

guint
ss_plot_stack_get_n_pinned_runs (SsPlotStack *self)
{
  return self->pins->len;
}

/* Pinned run @index's data (NULL while it computes) and legend name. */
SsDataset *
ss_plot_stack_get_pinned_run (SsPlotStack *self, guint index, const char **name)
{
  Pin *pin = _ss_plot_stack_slot_pin (self, index);

  g_return_val_if_fail (pin != NULL, NULL);
  if (name != NULL)
    *name = pin->name;
  return pin->dataset;
}

/* Whether a figure with overlays has any: a pinned run, or a previous
 * one shown. */
gboolean
ss_plot_stack_has_overlays (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), FALSE);

  for (guint i = 0; i < self->pins->len; i++)
    if (_ss_plot_stack_slot_pin (self, i)->dataset != NULL)
      return TRUE;
  return self->show_ghost && self->ghost != NULL && ss_dataset_get_n_rows (self->ghost) > 0;
}

void
ss_plot_stack_set_show_ghost (SsPlotStack *self, gboolean show)
{
  self->show_ghost = show;
  for (guint i = 0; i < self->ghost_layers->len; i++)
    ss_chart_layer_set_visible (g_ptr_array_index (self->ghost_layers, i), show);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}
