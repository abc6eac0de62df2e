/* test-chart-main.c - what a chart's main thread does when a complete
 * run is handed over: it lays the chart out once (ss_chart_prepare's
 * layout serves the frame that follows, which draws exactly what an
 * export of the chart draws), and it does not free the images it
 * replaces (the render thread does); a change of the window between the
 * two lays it out again. */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-chart-private.h"
#include "ss-dataset.h"
#include "ss-line-layer.h"
#include "test-gui-util.h"
#include <stickslip/stickslip.h>

/* The nodes of one snapshot of @chart, in order. */
static GPtrArray *
snapshot_nodes (GtkWidget *chart)
{
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GPtrArray     *nodes = g_ptr_array_new_with_free_func ((GDestroyNotify)gsk_render_node_unref);

  GTK_WIDGET_GET_CLASS (chart)->snapshot (chart, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return nodes;
  if (gsk_render_node_get_node_type (node) == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      g_ptr_array_add (nodes, gsk_render_node_ref (gsk_container_node_get_child (node, i)));
  else
    g_ptr_array_add (nodes, gsk_render_node_ref (node));
  gsk_render_node_unref (node);
  return nodes;
}

/* The render threads' work done and its results delivered. */
static void
drain (void)
{
  ss_chart_wait_renders ();
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  ss_chart_wait_renders ();
}

static void
test_hand_over (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsTimeAxis) axis = ss_time_axis_new ();
  g_autoptr(SsSeries) series = ss_series_new ("v");
  g_autoptr(SsChartLayer) line = NULL;
  GtkWidget *chart = ss_chart_new (axis);
  GtkWindow *win = GTK_WINDOW (gtk_window_new ());
  ss_trace  *traces[2];
  test_wait  wait = test_wait_start ("the chart laid out");

  /* two runs of different lengths, handed over in turn */
  for (int i = 0; i < 2; i++)
    {
      ss_run_opts opts = { .t_end = i == 0 ? 10 : 8 };

      traces[i] = ss_run (m, &opts, NULL);
      g_assert_nonnull (traces[i]);
    }
  ss_time_axis_set_extent (axis, 0, 10);
  {
    g_autoptr(SsDataset) ds = ss_dataset_new_from_trace (ref, traces[1]);

    ss_dataset_set_complete (ds);
    ss_series_set_dataset (series, ds);
  }
  line = ss_line_layer_new (series, "m/s");
  ss_chart_layer_set_title (line, "v (m/s)");
  ss_chart_add_layer (SS_CHART (chart), line);
  ss_chart_set_title (SS_CHART (chart), "Velocity (m/s)");
  gtk_window_set_child (win, chart);
  gtk_window_set_default_size (win, 640, 240);
  gtk_window_present (win);
  while (gtk_widget_get_width (chart) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  /* both runs shown once: the legend's rooms (the widest readout over a
   * run) have grown to what they will be */
  for (int i = 0; i < 4; i++)
    {
      g_autoptr(SsDataset) ds = ss_dataset_new_from_trace (ref, traces[i % 2]);

      ss_dataset_set_complete (ds);
      ss_series_set_dataset (series, ds);
      gtk_test_widget_wait_for_draw (chart);
      drain ();
    }

  for (int run = 0; run < 4; run++)
    {
      g_autoptr(SsDataset) ds = ss_dataset_new_from_trace (ref, traces[run % 2]);
      g_autoptr(GPtrArray) nodes = NULL;
      guint            layouts = _ss_chart_get_screen_layouts (SS_CHART (chart));
      guint            renders = ss_chart_get_body_renders (SS_CHART (chart));
      guint            frees = _ss_chart_get_main_frees ();
      int              width = gtk_widget_get_width (chart), height = gtk_widget_get_height (chart);
      cairo_surface_t *screen = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      SsChartStyle     style;
      cairo_t         *cr;

      /* the last two with the legend's values read at a resting playhead,
       * as the window shows them */
      if (run == 2)
        {
          ss_time_axis_set_readout_at_playhead (axis, TRUE);
          ss_time_axis_set_playhead (axis, 2.5);
        }
      /* the hand-over: the run's data, the charts prepared, a frame */
      ss_dataset_set_complete (ds);
      ss_series_set_dataset (series, ds);
      ss_chart_prepare (SS_CHART (chart));
      nodes = snapshot_nodes (chart);
      g_assert_cmpuint (nodes->len, >=, 1);
      g_assert_cmpuint (ss_chart_get_body_renders (SS_CHART (chart)), ==, renders + 1);
      /* laid out once, by the hand-over */
      g_assert_cmpuint (_ss_chart_get_screen_layouts (SS_CHART (chart)), ==, layouts + 1);

      /* the body, legend included, is what the chart draws for itself
       * (the playhead's line goes over it) */
      cr = cairo_create (screen);
      gsk_render_node_draw (g_ptr_array_index (nodes, 0), cr);
      cairo_destroy (cr);
      cr = cairo_create (whole);
      ss_chart_style_init_for_widget (&style, chart);
      ss_chart_draw (SS_CHART (chart), cr, width, height, &style);
      cairo_destroy (cr);
      cairo_surface_flush (screen);
      cairo_surface_flush (whole);
      g_assert_cmpuint (count_differing_pixels (screen, whole, 0), ==, 0);
      cairo_surface_destroy (screen);
      cairo_surface_destroy (whole);

      /* the image replaced was freed off this thread */
      drain ();
      g_assert_cmpuint (_ss_chart_get_main_frees (), ==, frees);
    }

  /* a change between the hand-over and its frame lays it out again */
  {
    g_autoptr(SsDataset) ds = ss_dataset_new_from_trace (ref, traces[0]);
    g_autoptr(GPtrArray) nodes = NULL;
    guint layouts = _ss_chart_get_screen_layouts (SS_CHART (chart));

    ss_dataset_set_complete (ds);
    ss_series_set_dataset (series, ds);
    ss_chart_prepare (SS_CHART (chart));
    ss_time_axis_set_range (axis, 1, 9);
    nodes = snapshot_nodes (chart);
    g_assert_cmpuint (_ss_chart_get_screen_layouts (SS_CHART (chart)), ==, layouts + 2);
    drain ();
  }

  gtk_window_destroy (win);
  for (int i = 0; i < 2; i++)
    ss_trace_free (traces[i]);
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);
  g_test_add_func ("/chart-main/hand-over", test_hand_over);
  return g_test_run ();
}
