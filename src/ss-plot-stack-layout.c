/* ss-plot-stack-layout.c - the stack's layout the user makes: each chart's
 * place, its plot's height (dragging its bottom edge) and whether it is
 * hidden, kept per scenario in GSettings "chart-layout"; a legend click on
 * a curve hiding its previous and pinned runs with it.  Apart: it
 * arranges the charts the other parts build. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"
#include "ss-xy-layer.h"

/* ---- the charts' keys ----------------------------------------------- */

/* What names a chart across runs: its kind and unit ("friction/N"), or
 * "xy:" and its columns; NULL for none. */
static char *
chart_layout_key (SsChart *chart)
{
  const char *key = g_object_get_data (G_OBJECT (chart), "ss-chart-key");
  const char *pair = g_object_get_data (G_OBJECT (chart), "ss-xy-pair");

  if (key != NULL)
    return g_strdup (key);
  if (pair != NULL)
    return g_strconcat ("xy:", pair, NULL);
  return NULL;
}

static const char *
scenario_name (SsPlotStack *self)
{
  return self->model != NULL ? ss_model_scenario (self->model)->name : NULL;
}

/* ---- saving and loading ----------------------------------------------- */

/* GSettings "chart-layout": scenario -> chart key -> (place, plot height
 * px (0: automatic), hidden). */
void
_ss_plot_stack_save_layout (SsPlotStack *self)
{
  const char *scenario = scenario_name (self);
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder, charts;
  GVariantIter    iter;
  const char     *name;
  GVariant       *entry;
  gboolean        any = FALSE;

  if (scenario == NULL)
    return;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sa{s(iib)}}"));
  old = g_settings_get_value (self->settings, "chart-layout");
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s@a{s(iib)}}", &name, &entry))
    {
      if (!g_str_equal (name, scenario))
        g_variant_builder_add (&builder, "{s@a{s(iib)}}", name, entry);
      g_variant_unref (entry);
    }
  g_variant_builder_init (&charts, G_VARIANT_TYPE ("a{s(iib)}"));
  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart         *chart = g_ptr_array_index (self->charts, i);
      g_autofree char *key = chart_layout_key (chart);

      if (key == NULL)
        continue;
      g_variant_builder_add (&charts, "{s(iib)}", key, (gint32)i, (gint32)ss_chart_get_plot_height (chart),
                             ss_chart_get_collapsed (chart));
      any = TRUE;
    }
  if (any)
    g_variant_builder_add (&builder, "{sa{s(iib)}}", scenario, &charts);
  else
    g_variant_builder_clear (&charts);
  g_settings_set_value (self->settings, "chart-layout", g_variant_builder_end (&builder));
}

/* The saved entry of @chart in @layout (a{s(iib)}), FALSE when none. */
static gboolean
lookup_chart (GVariant *layout, SsChart *chart, int *place, int *height, gboolean *hidden)
{
  g_autofree char *key = chart_layout_key (chart);

  return layout != NULL && key != NULL && g_variant_lookup (layout, key, "(iib)", place, height, hidden);
}

static GVariant *
saved_layout (SsPlotStack *self)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, "chart-layout");
  const char *scenario = scenario_name (self);

  return scenario != NULL ? g_variant_lookup_value (all, scenario, G_VARIANT_TYPE ("a{s(iib)}")) : NULL;
}

typedef struct
{
  SsChart *chart;
  double   order;
} Placed;

static int
compare_placed (gconstpointer a, gconstpointer b)
{
  const Placed *pa = a, *pb = b;

  return pa->order < pb->order ? -1 : pa->order > pb->order;
}

/* The charts in the box in the order of self->charts. */
static void
restack (SsPlotStack *self)
{
  GtkWidget *previous = NULL;

  for (guint i = 0; i < self->charts->len; i++)
    {
      GtkWidget *chart = g_ptr_array_index (self->charts, i);

      gtk_box_reorder_child_after (GTK_BOX (self->charts_box), chart, previous);
      previous = chart;
    }
}

/* The saved places, heights and hidden charts on the charts just built;
 * a chart without a saved place keeps its own among them. */
void
_ss_plot_stack_apply_layout (SsPlotStack *self)
{
  g_autoptr(GVariant) layout = saved_layout (self);
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (Placed));

  for (guint i = 0; i < self->charts->len; i++)
    {
      Placed   p = { g_ptr_array_index (self->charts, i), i };
      int      place = 0, height = 0;
      gboolean hidden = FALSE;

      if (lookup_chart (layout, p.chart, &place, &height, &hidden))
        p.order = place - 0.5 / (i + 2); /* before an unsaved chart of that place */
      ss_chart_set_plot_height (p.chart, height);
      ss_chart_set_collapsed (p.chart, hidden);
      g_array_append_val (placed, p);
    }
  g_array_sort (placed, compare_placed); /* stable enough: orders differ */
  for (guint i = 0; i < placed->len; i++)
    g_ptr_array_index (self->charts, i) = g_array_index (placed, Placed, i).chart;
  restack (self);
}

/* The user's layout of one chart added later (a characteristic plot). */
void
_ss_plot_stack_apply_chart_layout (SsPlotStack *self, SsChart *chart)
{
  g_autoptr(GVariant) layout = saved_layout (self);
  int      place = 0, height = 0;
  gboolean hidden = FALSE;

  if (lookup_chart (layout, chart, &place, &height, &hidden))
    {
      ss_chart_set_plot_height (chart, height);
      ss_chart_set_collapsed (chart, hidden);
    }
}

/* ---- the user's changes ------------------------------------------------ */

static void
chart_layout_changed_cb (SsPlotStack *self, SsChart *chart)
{
  (void)chart;
  _ss_plot_stack_save_layout (self);
}

/* Moves @chart @delta places (-1 up, +1 down) among the charts. */
void
ss_plot_stack_move_chart (SsPlotStack *self, SsChart *chart, int delta)
{
  guint index;
  int   to;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (!g_ptr_array_find (self->charts, chart, &index))
    return;
  to = CLAMP ((int)index + delta, 0, (int)self->charts->len - 1);
  if (to == (int)index)
    return;
  g_ptr_array_remove_index (self->charts, index);
  g_ptr_array_insert (self->charts, to, chart);
  restack (self);
  _ss_plot_stack_save_layout (self);
  _ss_plot_stack_reveal (self, chart);
}

static void
chart_move_cb (SsPlotStack *self, int delta, SsChart *chart)
{
  ss_plot_stack_move_chart (self, chart, delta);
}

/* The pinned run a layer draws (its slot + 1), 0 for another run's. */
static guint
layer_slot (SsChartLayer *layer)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (layer), _ss_plot_stack_pin_slot_quark ()));
}

static const char *
layer_column (SsChartLayer *layer)
{
  if (SS_IS_LINE_LAYER (layer))
    return ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer)));
  return NULL;
}

/* The key of a curve the user hid (see hidden_curves), or NULL. */
static char *
hidden_key (SsPlotStack *self, SsChartLayer *layer, SsChart *chart)
{
  g_autofree char *key = chart_layout_key (chart);
  guint            run;

  if (g_ptr_array_find (self->run_layers, layer, &run))
    return g_strdup_printf ("run\t%u", run);
  if (key == NULL || layer_column (layer) == NULL || layer_slot (layer) != 0)
    return NULL;
  return g_strdup_printf ("%s\t%s", key, layer_column (layer));
}

static void set_curve_hidden (SsPlotStack *self, SsChartLayer *layer, SsChart *chart);

/* A legend entry was clicked: a run's entry (top chart) hides or shows
 * that run's curves on every chart; a curve's hides or shows with it the
 * same column's previous and pinned runs on its chart.  Kept while the
 * charts are rebuilt (a pin more, a signal added). */
static void
legend_toggled_cb (SsPlotStack *self, SsChartLayer *layer, SsChart *chart)
{
  g_autofree char *key = hidden_key (self, layer, chart);

  if (key != NULL && ss_chart_layer_get_hidden (layer))
    g_hash_table_add (self->hidden_curves, g_steal_pointer (&key));
  else if (key != NULL)
    g_hash_table_remove (self->hidden_curves, key);
  set_curve_hidden (self, layer, chart);
}

/* @layer's hidden state on its companions. */
static void
set_curve_hidden (SsPlotStack *self, SsChartLayer *layer, SsChart *chart)
{
  gboolean hidden = ss_chart_layer_get_hidden (layer);
  guint    run;

  if (g_ptr_array_find (self->run_layers, layer, &run))
    {
      for (guint c = 0; c < self->charts->len; c++)
        {
          GPtrArray *layers = ss_chart_get_layers (g_ptr_array_index (self->charts, c));

          for (guint i = 0; i < layers->len; i++)
            {
              SsChartLayer *l = g_ptr_array_index (layers, i);

              if (g_ptr_array_find (self->run_layers, l, NULL) || g_ptr_array_find (self->ghost_layers, l, NULL))
                continue;
              if (run == 0 ? layer_slot (l) == 0 && (SS_IS_LINE_LAYER (l) || SS_IS_XY_LAYER (l)) &&
                                 ss_chart_layer_get_in_legend (l)
                           : layer_slot (l) == run)
                ss_chart_layer_set_hidden (l, hidden);
            }
        }
      return;
    }
  if (layer_column (layer) != NULL && layer_slot (layer) == 0)
    {
      GPtrArray *layers = ss_chart_get_layers (chart);

      for (guint i = 0; i < layers->len; i++)
        {
          SsChartLayer *l = g_ptr_array_index (layers, i);

          if (l != layer && !ss_chart_layer_get_in_legend (l) &&
              g_strcmp0 (layer_column (l), layer_column (layer)) == 0)
            ss_chart_layer_set_hidden (l, hidden);
        }
    }
}

/* The curves the user hid, hidden again on charts built anew. */
void
_ss_plot_stack_apply_hidden_curves (SsPlotStack *self)
{
  if (g_hash_table_size (self->hidden_curves) == 0)
    return;
  for (guint c = 0; c < self->charts->len; c++)
    {
      SsChart   *chart = g_ptr_array_index (self->charts, c);
      GPtrArray *layers = ss_chart_get_layers (chart);

      for (guint i = 0; i < layers->len; i++)
        {
          SsChartLayer    *layer = g_ptr_array_index (layers, i);
          g_autofree char *key = NULL;

          if (!ss_chart_layer_get_in_legend (layer) && !g_ptr_array_find (self->run_layers, layer, NULL))
            continue;
          key = hidden_key (self, layer, chart);
          if (key != NULL && g_hash_table_contains (self->hidden_curves, key))
            {
              ss_chart_layer_set_hidden (layer, TRUE);
              set_curve_hidden (self, layer, chart);
            }
        }
    }
}

/* The stack's handlers on a chart it holds. */
void
_ss_plot_stack_connect_chart (SsPlotStack *self, SsChart *chart)
{
  g_signal_connect_object (chart, "layout-changed", G_CALLBACK (chart_layout_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chart, "move-requested", G_CALLBACK (chart_move_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chart, "legend-toggled", G_CALLBACK (legend_toggled_cb), self, G_CONNECT_SWAPPED);
}

/* The scrolled window of the charts (its vertical adjustment scrolls them). */
GtkScrolledWindow *
ss_plot_stack_get_scroller (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);
  return GTK_SCROLLED_WINDOW (self->scroller);
}

/* The box of the charts inside the scrolled window. */
GtkWidget *
ss_plot_stack_get_charts_box (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);
  return self->charts_box;
}
