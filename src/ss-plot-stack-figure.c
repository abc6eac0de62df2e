/* ss-plot-stack-figure.c - the plot stack drawn for export (PNG, SVG and
 * PDF through ss-export.c): a title block, the charts chosen, the time
 * axis's labels under the last chart against time, then the
 * characteristic plots, every one through ss_chart_draw() as on screen;
 * the legends name the runs drawn by the parameter values in which they
 * differ.  Apart: the screen never takes this path. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "ss-chart-text.h"
#include "ss-line-layer.h"
#include "ss-plot-stack-private.h"
#include "ss-span-layer.h"
#include "ss-units.h"

/* Height of the ruler's two text rows in @style, user units. */
static double
ruler_height (cairo_t *cr, const SsChartStyle *style)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  int                   tw, th;

  pango_font_description_set_size (font, (int)(style->font_size * PANGO_SCALE));
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  pango_font_description_free (font);
  g_object_unref (layout);
  return 2 * th + 8;
}

/* "Spring stiffness k = 300 N/m; Mass M = 2 kg" for the parameters
 * @indices of @m (at most three, then "…"), in the user's locale. */
static char *
describe_params (const ss_model *m, GArray *indices)
{
  const ss_scenario *sc = ss_model_scenario (m);
  GString           *s = g_string_new (NULL);

  for (guint k = 0; k < indices->len; k++)
    {
      int              i = g_array_index (indices, int, k);
      g_autofree char *text = NULL;

      if (k == 3)
        {
          g_string_append_printf (s, "%s…", ss_format_list_separator ());
          break;
        }
      text = ss_format_param_assignment (&sc->params[i], ss_model_values (m)[i], " ");
      g_string_append_printf (s, "%s%s", k > 0 ? ss_format_list_separator () : "", text);
    }
  return g_string_free (s, FALSE);
}

/* The parameters in which any of @others differs from @m (runs of one
 * scenario), in table order. */
static GArray *
differing_params (const ss_model *m, const ss_model *const *others, guint n_others)
{
  const ss_scenario *sc = ss_model_scenario (m);
  GArray            *indices = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < sc->n_params; i++)
    for (guint k = 0; k < n_others; k++)
      if (ss_model_scenario (others[k]) == sc && ss_model_values (others[k])[i] != ss_model_values (m)[i])
        {
          g_array_append_val (indices, i);
          break;
        }
  return indices;
}

/* "current run: Spring stiffness k = 300 N/m", or "current run" alone. */
static char *
run_name (const char *what, const ss_model *m, GArray *indices)
{
  g_autofree char *values = NULL;

  if (m == NULL || indices->len == 0)
    return g_strdup (what);
  values = describe_params (m, indices);
  /* Translators: a run's legend entry in an exported figure: %1$s is
   * "current run" or "previous run", %2$s the parameter values in which
   * the runs differ */
  return g_strdup_printf (_("%1$s: %2$s"), what, values);
}

static SsChartLayer *
run_entry (const char *title, const GdkRGBA *color, gboolean faint, guint run_style)
{
  g_autoptr(SsSeries) none = ss_series_new ("");
  SsChartLayer *entry = ss_line_layer_new (none, NULL);

  ss_chart_layer_set_title (entry, title);
  ss_chart_layer_set_color (entry, color);
  ss_line_layer_set_faint (SS_LINE_LAYER (entry), faint);
  ss_line_layer_set_run_style (SS_LINE_LAYER (entry), run_style);
  return entry;
}

/* Legend entries naming the runs a figure draws, in @color: the current
 * one and the previous one (faint), with the values of the parameters in
 * which the runs differ, then every pinned run drawn, by its name in its
 * line style; empty when only the current run is drawn. */
static GPtrArray *
run_entries (SsPlotStack *self, gboolean overlays, const GdkRGBA *color)
{
  GPtrArray      *entries = g_ptr_array_new_with_free_func (g_object_unref);
  const ss_model *live = self->current != NULL ? ss_dataset_get_model (self->current) : NULL;
  const ss_model *ghost = NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  g_autoptr(GArray) indices = NULL;
  g_autofree char *title = NULL;

  if (overlays && self->show_ghost && self->ghost != NULL && ss_dataset_get_n_rows (self->ghost) > 0)
    g_ptr_array_add (others, (gpointer)(ghost = ss_dataset_get_model (self->ghost)));
  for (guint i = 0; overlays && i < self->pins->len; i++)
    if (_ss_plot_stack_slot_pin (self, i)->dataset != NULL)
      g_ptr_array_add (others, (gpointer)ss_dataset_get_model (_ss_plot_stack_slot_pin (self, i)->dataset));
  if (live == NULL || others->len == 0)
    return entries;
  indices = differing_params (live, (const ss_model *const *)others->pdata, others->len);
  /* Translators: legend entries of an exported figure */
  title = run_name (_("current run"), live, indices);
  g_ptr_array_add (entries, run_entry (title, color, FALSE, 0));
  if (ghost != NULL)
    {
      g_autofree char *previous = run_name (_("previous run"), ghost, indices);

      g_ptr_array_add (entries, run_entry (previous, color, TRUE, 0));
    }
  for (guint i = 0; overlays && i < self->pins->len; i++)
    {
      Pin *pin = _ss_plot_stack_slot_pin (self, i);

      if (pin->dataset != NULL)
        g_ptr_array_add (entries, run_entry (pin->name, color, FALSE, pin->style + 1));
    }
  return entries;
}

/* The legend of @chart in a figure: its own entries (the runs' names
 * replaced by the figure's); the first chart against time also names the
 * stick intervals and the runs, a characteristic names its runs. */
static GPtrArray *
figure_legend (SsPlotStack *self, SsChart *chart, gboolean first, gboolean overlays)
{
  GPtrArray *legend = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *layers = ss_chart_get_layers (chart);
  g_autoptr(GPtrArray) runs = NULL;
  GdkRGBA grey = { 0.45, 0.45, 0.5, 1.0 };

  if (ss_chart_is_xy (chart))
    {
      /* the curves' colour, the current run's last */
      for (guint i = 0; i < layers->len; i++)
        grey = *ss_chart_layer_get_color (g_ptr_array_index (layers, i));
      runs = run_entries (self, overlays, &grey);
    }
  else
    {
      for (guint i = 0; i < layers->len; i++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, i);

          if (g_ptr_array_find (self->run_layers, layer, NULL))
            continue;
          if (ss_chart_layer_get_in_legend (layer) || (first && SS_IS_SPAN_LAYER (layer)))
            g_ptr_array_add (legend, g_object_ref (layer));
        }
      if (first)
        runs = run_entries (self, overlays, &grey);
    }
  for (guint i = 0; runs != NULL && i < runs->len; i++)
    g_ptr_array_add (legend, g_object_ref (g_ptr_array_index (runs, i)));
  return legend;
}

/* The figure's title block (it wraps to the width; either text may be
 * NULL); returns its height. */
static double
draw_title_block (cairo_t *cr, const SsChartStyle *style, double width, const char *title, const char *subtitle)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
  int                   tw, th;
  double                y = 10;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  gdk_cairo_set_source_rgba (cr, &style->fg);
  if (title != NULL && title[0] != '\0')
    {
      pango_layout_set_text (layout, title, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th + 2;
    }
  if (subtitle != NULL && subtitle[0] != '\0')
    {
      pango_font_description_free (font);
      font = pango_font_description_from_string ("Sans 8.5");
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, subtitle, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th;
    }
  pango_font_description_free (font);
  g_object_unref (layout);
  return y + 10;
}

/* The export path: a title block, then the charts of @figure against
 * time, the time axis's labels under them, and its characteristic plots,
 * every one through ss_chart_draw(). */
void
ss_plot_stack_draw_figure (SsPlotStack             *self,
                           cairo_t                 *cr,
                           double                   width,
                           double                   height,
                           const SsChartStyle      *style,
                           const SsPlotStackFigure *figure)
{
  double       y = 0, unit, total = 0, ruler = 0, extra = 0;
  SsChartStyle chart_style = *style;
  g_autoptr(GPtrArray) charts = g_ptr_array_new ();
  g_autoptr(GPtrArray) hidden = g_ptr_array_new ();
  gboolean first = TRUE;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  for (guint i = 0; i < (figure->charts != NULL ? figure->n_charts : self->charts->len); i++)
    {
      guint index = figure->charts != NULL ? figure->charts[i] : i;

      /* all: those the window shows, not the ones the user hid */
      if (index < self->charts->len &&
          (figure->charts != NULL || !ss_chart_get_collapsed (g_ptr_array_index (self->charts, index))))
        g_ptr_array_add (charts, g_ptr_array_index (self->charts, index));
    }
  if (!figure->overlays)
    {
      g_ptr_array_extend (hidden, self->ghost_layers, NULL, NULL);
      g_ptr_array_extend (hidden, self->pin_layers, NULL, NULL);
    }
  chart_style.hidden = hidden;

  cairo_save (cr);
  if (style->plot_bg.alpha > 0)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }
  if ((figure->title != NULL && figure->title[0] != '\0') || (figure->subtitle != NULL && figure->subtitle[0] != '\0'))
    y = draw_title_block (cr, style, width, figure->title, figure->subtitle);

  /* a characteristic gets more height than a chart against time; the
   * first chart against time, whose legend names the runs, a row more
   * per two runs */
  {
    g_autoptr(GPtrArray) runs = run_entries (self, figure->overlays, &style->fg);

    extra = 0.12 * runs->len;
  }
  for (guint i = 0; i < charts->len; i++)
    total += ss_chart_is_xy (g_ptr_array_index (charts, i)) ? 1.6 : 1.0;
  for (guint i = 0; i < charts->len; i++)
    if (!ss_chart_is_xy (g_ptr_array_index (charts, i)))
      {
        total += extra;
        break;
      }
  if (charts->len > 0 && !ss_chart_is_xy (g_ptr_array_index (charts, 0)))
    ruler = ruler_height (cr, style);
  unit = charts->len > 0 ? MAX (0, height - y - 6 - ruler) / total : 0;
  for (guint i = 0; i < charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (charts, i);
      double   h = unit * (ss_chart_is_xy (chart) ? 1.6 : (first ? 1.0 + extra : 1.0));
      g_autoptr(GPtrArray) legend = figure_legend (self, chart, first && !ss_chart_is_xy (chart), figure->overlays);

      if (!ss_chart_is_xy (chart))
        first = FALSE;
      /* the time axis's labels under the last chart against time */
      if (ss_chart_is_xy (chart) && ruler > 0)
        {
          cairo_save (cr);
          cairo_translate (cr, 0, y);
          ss_chart_draw (SS_CHART (self->ruler), cr, width, ruler, style);
          cairo_restore (cr);
          y += ruler;
          ruler = 0;
        }
      chart_style.legend = legend;
      cairo_save (cr);
      cairo_translate (cr, 0, y);
      ss_chart_draw (chart, cr, width, h, &chart_style);
      cairo_restore (cr);
      y += h;
    }
  if (ruler > 0)
    {
      cairo_translate (cr, 0, y);
      ss_chart_draw (SS_CHART (self->ruler), cr, width, ruler, style);
    }
  cairo_restore (cr);
}
