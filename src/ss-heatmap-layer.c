/* ss-heatmap-layer.c
 *
 * Cells meet half-way between neighbouring points (the geometric mean on a
 * log axis), so a log grid looks even on a log axis.  The colour scale
 * spans the outcome's values among the finished variants; it widens as
 * variants come in.  The colour bar, its ticks, the outcome's name along it
 * and the key of the grey and hatched cells are drawn in the chart's right
 * gutter, which the layer reserves through get_gutter_label. */
#define G_LOG_DOMAIN "ss-heatmap-layer"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "ss-chart-text.h"
#include "ss-heatmap-layer.h"

#define BAR_WIDTH  12.0 /* px */
#define BAR_GAP    4.0  /* px between the bar and its labels */
#define KEY_SWATCH 12.0 /* px */
#define HATCH_STEP 5.0  /* px between the hatch lines */
#define CELL_SPILL 0.35 /* px a cell overlaps the next: no seams between cells */

static const GdkRGBA no_value_color = { 0.753, 0.749, 0.737, 1.0 }; /* #c0bfbc */
static const GdkRGBA failed_fill = { 0.965, 0.961, 0.957, 1.0 };    /* #f6f5f4 */
static const GdkRGBA failed_color = { 0.878, 0.106, 0.141, 1.0 };   /* #e01b24 */

struct _SsHeatmapLayer
{
  SsChartLayer  parent_instance;
  SsStudyTable *table;
  int           outcome;
  GHashTable   *text_sizes; /* "<e|s>text" -> its size (the layout of the bar is worked out thrice a frame) */
};

G_DEFINE_FINAL_TYPE (SsHeatmapLayer, ss_heatmap_layer, SS_TYPE_CHART_LAYER)

/* viridis (matplotlib's), every eighth of the scale */
static const guint8 viridis[9][3] = {
  { 68, 1, 84 },    { 72, 40, 120 },  { 62, 73, 137 },  { 49, 104, 142 }, { 38, 130, 142 },
  { 31, 158, 137 }, { 53, 183, 121 }, { 110, 206, 88 }, { 253, 231, 37 },
};

/* The colour of @fraction (0 the smallest value, 1 the largest): viridis,
 * perceptually even and readable in grey. */
void
ss_heatmap_color (double fraction, GdkRGBA *color)
{
  double s = CLAMP (isfinite (fraction) ? fraction : 0.5, 0.0, 1.0) * 8;
  int    i = MIN ((int)floor (s), 7);
  double f = s - i;

  color->red = ((1 - f) * viridis[i][0] + f * viridis[i + 1][0]) / 255.0;
  color->green = ((1 - f) * viridis[i][1] + f * viridis[i + 1][1]) / 255.0;
  color->blue = ((1 - f) * viridis[i][2] + f * viridis[i + 1][2]) / 255.0;
  color->alpha = 1.0;
}

static void
update_title (SsHeatmapLayer *self)
{
  const char      *unit = ss_study_table_get_outcome_unit (self->table, self->outcome);
  const char      *label = ss_study_table_get_outcome_label (self->table, self->outcome);
  g_autofree char *title = unit != NULL && unit[0] != '\0' && !g_str_equal (unit, "1")
                               ? g_strdup_printf ("%s (%s)", label, unit)
                               : g_strdup (label);

  ss_chart_layer_set_title (SS_CHART_LAYER (self), title);
}

/* The outcome the map shows. */
void
ss_heatmap_layer_set_outcome (SsHeatmapLayer *self, int outcome)
{
  g_return_if_fail (outcome >= 0 && outcome < ss_study_table_get_n_outcomes (self->table));

  if (self->outcome == outcome)
    return;
  self->outcome = outcome;
  update_title (self);
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

/* The colour scale's range; FALSE when no variant has a value yet. */
static gboolean
color_range (SsHeatmapLayer *self, double *lo, double *hi)
{
  if (!ss_study_table_get_range (self->table, self->outcome, lo, hi))
    return FALSE;
  if (*hi == *lo)
    {
      double d = *lo != 0 ? 0.05 * fabs (*lo) : 0.5;

      *lo -= d;
      *hi += d;
    }
  return TRUE;
}

/* What @variant's cell shows, and its colour for a value. */
SsHeatmapCell
ss_heatmap_layer_get_cell (SsHeatmapLayer *self, int variant, GdkRGBA *color)
{
  double v, lo, hi;

  switch (ss_study_table_get_state (self->table, variant))
    {
    case SS_STUDY_ROW_FAILED:
      if (color != NULL)
        *color = failed_fill;
      return SS_HEATMAP_CELL_FAILED;
    case SS_STUDY_ROW_DONE:
      v = ss_study_table_get_value (self->table, variant, self->outcome);
      if (!isfinite (v) || !color_range (self, &lo, &hi))
        {
          if (color != NULL)
            *color = no_value_color;
          return SS_HEATMAP_CELL_NO_VALUE;
        }
      if (color != NULL)
        ss_heatmap_color ((v - lo) / (hi - lo), color);
      return SS_HEATMAP_CELL_VALUE;
    case SS_STUDY_ROW_PENDING:
    case SS_STUDY_ROW_CANCELLED:
    default:
      return SS_HEATMAP_CELL_EMPTY;
    }
}

/* The cell of @variant in @ctx's pixels. */
void
ss_heatmap_layer_get_cell_rect (SsHeatmapLayer *self, const SsChartContext *ctx, int variant, graphene_rect_t *rect)
{
  double x0, x1, y0, y1, px0, px1, py0, py1;

  ss_study_table_get_axis_edges (self->table, 0, ss_study_table_get_point_index (self->table, variant, 0), &x0, &x1);
  ss_study_table_get_axis_edges (self->table, 1, ss_study_table_get_point_index (self->table, variant, 1), &y0, &y1);
  px0 = ss_chart_context_x (ctx, x0);
  px1 = ss_chart_context_x (ctx, x1);
  py0 = ss_chart_context_y (ctx, y0);
  py1 = ss_chart_context_y (ctx, y1);
  graphene_rect_init (rect, MIN (px0, px1), MIN (py0, py1), fabs (px1 - px0), fabs (py1 - py0));
}

static void
hatch (cairo_t *cr, const graphene_rect_t *r, double step)
{
  cairo_save (cr);
  cairo_rectangle (cr, r->origin.x, r->origin.y, r->size.width, r->size.height);
  cairo_clip (cr);
  gdk_cairo_set_source_rgba (cr, &failed_color);
  cairo_set_line_width (cr, 1.2);
  for (double d = -r->size.height; d < r->size.width; d += step)
    {
      cairo_move_to (cr, r->origin.x + d, r->origin.y + r->size.height);
      cairo_line_to (cr, r->origin.x + d + r->size.height, r->origin.y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static PangoLayout *
create_layout (cairo_t *cr, const SsChartContext *ctx, const char *text)
{
  /* as the chart's own text: the same size */
  PangoLayout *layout = ss_chart_text_layout_new (cr, ctx == NULL || !ctx->for_export ? 8.5 : 9.0, FALSE);

  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Text size in user units (cached: hinting is off, so it does not depend
 * on the target). */
static void
text_size (
    SsHeatmapLayer *self, cairo_t *cr, const SsChartContext *ctx, const char *text, double *width, double *height)
{
  g_autofree char *key = g_strdup_printf ("%c%s", ctx != NULL && ctx->for_export ? 'e' : 's', text);
  int             *size = g_hash_table_lookup (self->text_sizes, key);

  if (size == NULL)
    {
      g_autoptr(PangoLayout) layout = create_layout (cr, ctx, text);

      if (g_hash_table_size (self->text_sizes) > 256)
        g_hash_table_remove_all (self->text_sizes);
      size = g_new (int, 2);
      pango_layout_get_pixel_size (layout, &size[0], &size[1]);
      g_hash_table_insert (self->text_sizes, g_steal_pointer (&key), size);
    }
  *width = size[0];
  *height = size[1];
}

/* The bar's geometry: its top and bottom, the key's rows under it. */
typedef struct
{
  double x;           /* the bar's left edge */
  double top, bottom; /* the bar's ends */
  double key_y;       /* the key's first row */
  double text_height;
  double label_width; /* the widest tick label */
} Bar;

static void
tick_map (SsHeatmapLayer *self, const Bar *bar, SsAxisMap *map)
{
  double lo = 0, hi = 1;

  color_range (self, &lo, &hi);
  ss_axis_map_init (map, lo, hi, SS_AXIS_SCALE_LINEAR, bar->bottom, bar->top - bar->bottom);
}

static void
bar_layout (SsHeatmapLayer *self, cairo_t *cr, const SsChartContext *ctx, Bar *bar)
{
  double      w, h, key_w;
  SsAxisMap   map;
  SsAxisTicks ticks;

  text_size (self, cr, ctx, "0", &w, &bar->text_height);
  bar->x = (ctx != NULL ? ctx->x + ctx->width : 0) + SS_CHART_GUTTER_GAP + 6;
  bar->top = (ctx != NULL ? ctx->y : 0) + bar->text_height / 2;
  /* two key rows under the bar */
  bar->key_y = (ctx != NULL ? ctx->y + ctx->height : 0) - 2 * (bar->text_height + 3);
  bar->bottom = MAX (bar->top + 10, bar->key_y - 8 - bar->text_height / 2);
  bar->label_width = 0;
  tick_map (self, bar, &map);
  ss_axis_map_ticks (&map, SS_AXIS_VERTICAL, bar->text_height, &ticks);
  for (guint i = 0; i < ticks.n; i++)
    {
      g_autofree char *label = ss_axis_map_format_tick (&map, &ticks, ticks.values[i]);

      text_size (self, cr, ctx, label, &w, &h);
      bar->label_width = MAX (bar->label_width, w);
    }
  /* room for the key's texts too */
  text_size (self, cr, ctx, _("no value"), &key_w, &h);
  bar->label_width = MAX (bar->label_width, key_w - BAR_WIDTH);
  text_size (self, cr, ctx, _("failed"), &key_w, &h);
  bar->label_width = MAX (bar->label_width, key_w - BAR_WIDTH);
}

static double
gutter_width (SsHeatmapLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  Bar bar;

  bar_layout (self, cr, ctx, &bar);
  /* bar, its tick labels, the outcome's name along it */
  return 6 + BAR_WIDTH + BAR_GAP + bar.label_width + 6 + bar.text_height + 2;
}

static gboolean
ss_heatmap_layer_get_gutter_label (
    SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx, double *y, double *width, double *height)
{
  SsHeatmapLayer *self = SS_HEATMAP_LAYER (layer);

  *width = gutter_width (self, cr, ctx);
  *height = ctx != NULL ? ctx->height : 0;
  *y = ctx != NULL ? ctx->y + ctx->height / 2 : 0;
  return TRUE;
}

static void
draw_key_row (cairo_t *cr, const SsChartContext *ctx, const Bar *bar, double y, gboolean failed, const GdkRGBA *fg)
{
  graphene_rect_t r = GRAPHENE_RECT_INIT (bar->x, y + (bar->text_height - KEY_SWATCH) / 2, BAR_WIDTH, KEY_SWATCH);
  g_autoptr(PangoLayout) layout = create_layout (cr, ctx, failed ? _("failed") : _("no value"));

  gdk_cairo_set_source_rgba (cr, failed ? &failed_fill : &no_value_color);
  cairo_rectangle (cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
  cairo_fill (cr);
  if (failed)
    hatch (cr, &r, 4.0);
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
  cairo_stroke (cr);
  ss_chart_show_text (cr, layout, bar->x + BAR_WIDTH + BAR_GAP, y, 0);
}

static void
draw_color_bar (SsHeatmapLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  GdkRGBA          fg = ctx->fg;
  Bar              bar;
  SsAxisMap        map;
  SsAxisTicks      ticks;
  double           lo, hi, w, h;
  gboolean         any = color_range (self, &lo, &hi);
  cairo_pattern_t *gradient;
  const char      *title = ss_chart_layer_get_title (SS_CHART_LAYER (self));

  bar_layout (self, cr, ctx, &bar);
  gradient = cairo_pattern_create_linear (0, bar.bottom, 0, bar.top);
  for (int i = 0; i <= 16; i++)
    {
      GdkRGBA c;

      ss_heatmap_color (i / 16.0, &c);
      cairo_pattern_add_color_stop_rgb (gradient, i / 16.0, c.red, c.green, c.blue);
    }
  cairo_set_source (cr, gradient);
  cairo_rectangle (cr, bar.x, bar.top, BAR_WIDTH, bar.bottom - bar.top);
  if (any)
    cairo_fill (cr);
  else
    cairo_new_path (cr); /* no scale before the first value */
  cairo_pattern_destroy (gradient);
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, bar.x, bar.top, BAR_WIDTH, bar.bottom - bar.top);
  cairo_stroke (cr);

  if (any)
    {
      tick_map (self, &bar, &map);
      ss_axis_map_ticks (&map, SS_AXIS_VERTICAL, bar.text_height, &ticks);
      for (guint i = 0; i < ticks.n; i++)
        {
          double           y = ss_axis_map_to_pixel (&map, ticks.values[i]);
          g_autofree char *label = ss_axis_map_format_tick (&map, &ticks, ticks.values[i]);
          g_autoptr(PangoLayout) layout = create_layout (cr, ctx, label);

          cairo_move_to (cr, bar.x + BAR_WIDTH, y);
          cairo_line_to (cr, bar.x + BAR_WIDTH + 3, y);
          cairo_stroke (cr);
          text_size (self, cr, ctx, label, &w, &h);
          ss_chart_show_text (cr, layout, bar.x + BAR_WIDTH + BAR_GAP, y - h / 2, 0);
        }
    }

  /* the outcome's name along the bar, upwards */
  if (title != NULL)
    {
      g_autoptr(PangoLayout) layout = create_layout (cr, ctx, title);
      double x = bar.x + BAR_WIDTH + BAR_GAP + bar.label_width + 6;

      pango_layout_set_width (layout, (int)(MAX (20, bar.bottom - bar.top) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      cairo_save (cr);
      cairo_translate (cr, x, bar.bottom);
      cairo_rotate (cr, -G_PI / 2);
      pango_cairo_update_layout (cr, layout);
      ss_chart_show_text (cr, layout, 0, 0, 0);
      cairo_restore (cr);
    }

  draw_key_row (cr, ctx, &bar, bar.key_y, FALSE, &fg);
  draw_key_row (cr, ctx, &bar, bar.key_y + bar.text_height + 3, TRUE, &fg);
}

/* Pixel centres of an axis's points in @map: the first and the step; FALSE
 * when they are not evenly spaced (a linear study on a log axis or the
 * reverse) or there is one point. */
static gboolean
even_centres (SsHeatmapLayer *self, int axis, const SsAxisMap *map, double *first, double *step)
{
  int n = ss_study_table_get_axis_n (self->table, axis);

  if (n < 2)
    return FALSE;
  *first = ss_axis_map_to_pixel (map, ss_study_table_get_axis_point (self->table, axis, 0));
  *step = (ss_axis_map_to_pixel (map, ss_study_table_get_axis_point (self->table, axis, n - 1)) - *first) / (n - 1);
  for (int k = 1; k < n - 1; k++)
    if (fabs (ss_axis_map_to_pixel (map, ss_study_table_get_axis_point (self->table, axis, k)) - (*first + k * *step)) >
        0.25)
      return FALSE;
  return fabs (*step) >= 1e-9;
}

/* On screen, when the cells are even in pixels: one pixel per cell in an
 * image scaled up without smoothing (a 100 × 100 grid is one paint, not
 * 10,000 fills); exports keep a rectangle per cell (vector output). */
static gboolean
draw_cells_image (SsHeatmapLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  int              n0 = ss_study_table_get_axis_n (self->table, 0);
  int              n1 = ss_study_table_get_axis_n (self->table, 1);
  double           x0, dx, y0, dy;
  cairo_surface_t *image;
  guint8          *data;
  int              stride;

  if (ctx->for_export || !even_centres (self, 0, &ctx->xmap, &x0, &dx) || !even_centres (self, 1, &ctx->ymap, &y0, &dy))
    return FALSE;
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, n0, n1);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (int v = 0; v < n0 * n1; v++)
    {
      GdkRGBA  color;
      int      i = ss_study_table_get_point_index (self->table, v, 0);
      int      j = ss_study_table_get_point_index (self->table, v, 1);
      guint32 *px = (guint32 *)(data + j * stride) + i;

      if (ss_heatmap_layer_get_cell (self, v, &color) == SS_HEATMAP_CELL_EMPTY)
        *px = 0; /* premultiplied: transparent */
      else
        *px = 0xff000000u | (guint32)lround (color.red * 255) << 16 | (guint32)lround (color.green * 255) << 8 |
              (guint32)lround (color.blue * 255);
    }
  cairo_surface_mark_dirty (image);
  cairo_save (cr);
  /* image column i covers x0 + (i - 1/2) dx to x0 + (i + 1/2) dx */
  cairo_translate (cr, x0 - dx / 2, y0 - dy / 2);
  cairo_scale (cr, dx, dy);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, n0, n1);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (image);
  return TRUE;
}

static void
ss_heatmap_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsHeatmapLayer *self = SS_HEATMAP_LAYER (layer);
  int             n = ss_study_table_get_n_variants (self->table);
  int             hover = isfinite (ctx->cursor) ? (int)lround (ctx->cursor) : -1;
  gboolean        painted;
  graphene_rect_t r;

  cairo_save (cr);
  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_clip (cr);
  painted = draw_cells_image (self, cr, ctx);
  for (int v = 0; v < n; v++)
    {
      GdkRGBA       color;
      SsHeatmapCell cell = ss_heatmap_layer_get_cell (self, v, &color);

      if (cell == SS_HEATMAP_CELL_EMPTY || (painted && cell != SS_HEATMAP_CELL_FAILED))
        continue;
      ss_heatmap_layer_get_cell_rect (self, ctx, v, &r);
      if (!painted)
        {
          gdk_cairo_set_source_rgba (cr, &color);
          cairo_rectangle (cr, r.origin.x - CELL_SPILL, r.origin.y - CELL_SPILL, r.size.width + 2 * CELL_SPILL,
                           r.size.height + 2 * CELL_SPILL);
          cairo_fill (cr);
        }
      if (cell == SS_HEATMAP_CELL_FAILED)
        hatch (cr, &r, HATCH_STEP);
    }
  if (hover >= 0 && hover < n && ss_heatmap_layer_get_cell (self, hover, NULL) != SS_HEATMAP_CELL_EMPTY)
    {
      ss_heatmap_layer_get_cell_rect (self, ctx, hover, &r);
      cairo_set_line_width (cr, 2.5);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, r.origin.x + 1, r.origin.y + 1, r.size.width - 2, r.size.height - 2);
      cairo_stroke (cr);
      cairo_set_line_width (cr, 1.0);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_rectangle (cr, r.origin.x + 0.5, r.origin.y + 0.5, r.size.width - 1, r.size.height - 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  draw_color_bar (self, cr, ctx);
}

static gboolean
axis_extent (SsHeatmapLayer *self, int axis, double *min, double *max)
{
  int    n = ss_study_table_get_axis_n (self->table, axis);
  double a0, a1, b0, b1;

  ss_study_table_get_axis_edges (self->table, axis, 0, &a0, &a1);
  ss_study_table_get_axis_edges (self->table, axis, n - 1, &b0, &b1);
  *min = MIN (a0, b0);
  *max = MAX (a1, b1);
  return TRUE;
}

static gboolean
ss_heatmap_layer_get_x_range (SsChartLayer *layer, double t0, double t1, double *min, double *max)
{
  (void)t0;
  (void)t1;
  return axis_extent (SS_HEATMAP_LAYER (layer), 0, min, max);
}

static gboolean
ss_heatmap_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  (void)t0;
  (void)t1;
  (void)n_bins;
  return axis_extent (SS_HEATMAP_LAYER (layer), 1, min, max);
}

/* The cell under the pointer (distance 0); cells not run yet are not
 * picked. */
static gboolean
ss_heatmap_layer_pick (SsChartLayer *layer, const SsChartContext *ctx, double x, double y, double *distance, double *t)
{
  SsHeatmapLayer *self = SS_HEATMAP_LAYER (layer);
  graphene_rect_t r;

  for (int v = 0; v < ss_study_table_get_n_variants (self->table); v++)
    {
      ss_heatmap_layer_get_cell_rect (self, ctx, v, &r);
      if (graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (x, y)) &&
          ss_heatmap_layer_get_cell (self, v, NULL) != SS_HEATMAP_CELL_EMPTY)
        {
          *distance = 0;
          *t = v;
          return TRUE;
        }
    }
  return FALSE;
}

static char *
ss_heatmap_layer_format_value (SsChartLayer *layer, double t)
{
  SsHeatmapLayer *self = SS_HEATMAP_LAYER (layer);
  int             variant = isfinite (t) ? (int)lround (t) : -1;

  if (variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    return NULL;
  switch (ss_heatmap_layer_get_cell (self, variant, NULL))
    {
    case SS_HEATMAP_CELL_VALUE:
    case SS_HEATMAP_CELL_NO_VALUE:
      return ss_study_table_format_value (self->table, self->outcome,
                                          ss_study_table_get_value (self->table, variant, self->outcome));
    case SS_HEATMAP_CELL_FAILED:
      return g_strdup (_("failed"));
    case SS_HEATMAP_CELL_EMPTY:
    default:
      return NULL;
    }
}

static void
ss_heatmap_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  cairo_pattern_t *gradient = cairo_pattern_create_linear (x, 0, x + width, 0);

  (void)layer;
  for (int i = 0; i <= 8; i++)
    {
      GdkRGBA c;

      ss_heatmap_color (i / 8.0, &c);
      cairo_pattern_add_color_stop_rgb (gradient, i / 8.0, c.red, c.green, c.blue);
    }
  cairo_set_source (cr, gradient);
  cairo_rectangle (cr, x, y + height / 2 - 4, width, 8);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);
}

static guint
ss_heatmap_layer_get_data_revision (SsChartLayer *layer)
{
  return ss_study_table_get_revision (SS_HEATMAP_LAYER (layer)->table);
}

static void
ss_heatmap_layer_dispose (GObject *object)
{
  SsHeatmapLayer *self = (SsHeatmapLayer *)object;

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->table);
  g_clear_pointer (&self->text_sizes, g_hash_table_unref);

  G_OBJECT_CLASS (ss_heatmap_layer_parent_class)->dispose (object);
}

static void
ss_heatmap_layer_class_init (SsHeatmapLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_heatmap_layer_dispose;
  layer_class->draw = ss_heatmap_layer_draw;
  layer_class->get_x_range = ss_heatmap_layer_get_x_range;
  layer_class->get_y_range = ss_heatmap_layer_get_y_range;
  layer_class->pick = ss_heatmap_layer_pick;
  layer_class->format_value = ss_heatmap_layer_format_value;
  layer_class->draw_swatch = ss_heatmap_layer_draw_swatch;
  layer_class->get_data_revision = ss_heatmap_layer_get_data_revision;
  layer_class->get_gutter_label = ss_heatmap_layer_get_gutter_label;
}

static void
ss_heatmap_layer_init (SsHeatmapLayer *self)
{
  self->text_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* A map of @table's @outcome; the table must have two axes. */
SsChartLayer *
ss_heatmap_layer_new (SsStudyTable *table, int outcome)
{
  SsHeatmapLayer *self;

  g_return_val_if_fail (ss_study_table_get_n_axes (table) == 2, NULL);

  self = g_object_new (SS_TYPE_HEATMAP_LAYER, NULL);
  self->table = g_object_ref (table);
  self->outcome = outcome;
  update_title (self);
  g_signal_connect_swapped (table, "changed", G_CALLBACK (ss_chart_layer_changed), self);
  return SS_CHART_LAYER (self);
}
