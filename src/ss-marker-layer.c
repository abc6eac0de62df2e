/* ss-marker-layer.c - diamonds, whiskers and labels of published values.
 * Everything is drawn dark with a light halo, so it reads on a light and a
 * dark plot alike, on screen and in every export. */
#define G_LOG_DOMAIN "ss-marker-layer"

#include <math.h>
#include <pango/pangocairo.h>

#include "ss-chart-text.h"
#include "ss-marker-layer.h"

typedef struct
{
  SsMarker *marker;
  SsSeries *series; /* the curve it sits on, or NULL */
} Entry;

struct _SsMarkerLayer
{
  SsChartLayer    parent_instance;
  GArray         *entries; /* Entry */
  GMutex          placed_lock;
  GArray         *placed; /* graphene_rect_t: the labels of the last drawing */
  graphene_rect_t plot;   /* its plot area */
};

G_DEFINE_FINAL_TYPE (SsMarkerLayer, ss_marker_layer, SS_TYPE_CHART_LAYER)

/* ---- markers ------------------------------------------------------------ */

SsMarker *
ss_marker_new (double t, const char *column, const char *label)
{
  SsMarker *marker = g_new0 (SsMarker, 1);

  marker->t = t;
  marker->value = NAN;
  marker->tolerance = NAN;
  marker->column = g_strdup (column);
  marker->label = g_strdup (label);
  return marker;
}

SsMarker *
ss_marker_copy (const SsMarker *marker)
{
  SsMarker *copy = g_memdup2 (marker, sizeof *marker);

  copy->column = g_strdup (marker->column);
  copy->label = g_strdup (marker->label);
  return copy;
}

void
ss_marker_free (SsMarker *marker)
{
  if (marker == NULL)
    return;
  g_free (marker->column);
  g_free (marker->label);
  g_free (marker);
}

static gboolean
same_double (double a, double b)
{
  return a == b || (isnan (a) && isnan (b));
}

gboolean
ss_marker_equal (const SsMarker *a, const SsMarker *b)
{
  return same_double (a->t, b->t) && same_double (a->value, b->value) && same_double (a->tolerance, b->tolerance) &&
         g_strcmp0 (a->column, b->column) == 0 && g_strcmp0 (a->label, b->label) == 0 && a->missed == b->missed &&
         a->failure == b->failure;
}

/* ---- drawing -------------------------------------------------------------- */

#define FAIL_R    0.878 /* #e01b24, GNOME's red 3: where a failed run stopped */
#define FAIL_G    0.106
#define FAIL_B    0.141
#define INK_R     0.141 /* #241f31, GNOME's dark 4 */
#define INK_G     0.122
#define INK_B     0.192
#define MAX_BOXES 64

typedef struct
{
  double x, y, width, height;
} Box;

static gboolean
boxes_overlap (const Box *a, const Box *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height && b->y < a->y + a->height;
}

static gboolean
box_is_free (const Box *box, const Box *placed, guint n_placed, const SsChartContext *ctx)
{
  if (box->x < ctx->x || box->y < ctx->y || box->x + box->width > ctx->x + ctx->width ||
      box->y + box->height > ctx->y + ctx->height)
    return FALSE;
  for (guint i = 0; i < n_placed; i++)
    if (boxes_overlap (box, &placed[i]))
      return FALSE;
  return TRUE;
}

/* Whether @series' curve passes through @box (sampled every 2 units across
 * it): a label there would hide the data it labels. */
static gboolean
box_on_curve (const Box *box, SsSeries *series, const SsChartContext *ctx)
{
  if (series == NULL || !ctx->time_x)
    return FALSE;
  for (double x = box->x - 2; x <= box->x + box->width + 2; x += 2)
    {
      double v = ss_series_value_at (series, ss_axis_map_from_pixel (&ctx->xmap, x));
      double y;

      if (!isfinite (v))
        continue;
      y = ss_chart_context_y (ctx, v);
      if (y >= box->y - 2 && y <= box->y + box->height + 2)
        return TRUE;
    }
  return FALSE;
}

/* The current path: a light halo, then the ink (filled or stroked). */
static void
ink_path (cairo_t *cr, const SsChartContext *ctx, gboolean fill, gboolean hollow)
{
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 3.0 * ctx->line_scale);
  cairo_stroke_preserve (cr);
  if (hollow)
    {
      cairo_fill_preserve (cr);
      fill = FALSE;
    }
  cairo_set_source_rgb (cr, INK_R, INK_G, INK_B);
  cairo_set_line_width (cr, 1.2 * ctx->line_scale);
  if (fill)
    cairo_fill (cr);
  else
    cairo_stroke (cr);
}

static void
diamond_path (cairo_t *cr, double x, double y, double r)
{
  cairo_move_to (cr, x, y - r);
  cairo_line_to (cr, x + r, y);
  cairo_line_to (cr, x, y + r);
  cairo_line_to (cr, x - r, y);
  cairo_close_path (cr);
}

static PangoLayout *
label_layout (cairo_t *cr, const char *text)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7.5");

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (font);
  return layout;
}

static void
show_label (cairo_t *cr, const SsChartContext *ctx, PangoLayout *layout, double x, double y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_layout_path (cr, layout);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 2.5 * ctx->line_scale);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_new_path (cr);
  cairo_set_source_rgb (cr, INK_R, INK_G, INK_B);
  ss_chart_show_text (cr, layout, x, y, 0);
}

/* Label @layout shown in @box, which the last drawing's record keeps. */
static void
put_label (SsMarkerLayer *self, cairo_t *cr, const SsChartContext *ctx, PangoLayout *layout, const Box *box)
{
  graphene_rect_t rect = GRAPHENE_RECT_INIT (box->x, box->y, box->width, box->height);

  show_label (cr, ctx, layout, box->x, box->y);
  g_mutex_lock (&self->placed_lock);
  g_array_append_val (self->placed, rect);
  g_mutex_unlock (&self->placed_lock);
}

/* Where marker @e sits in @ctx; FALSE when its instant is off the plot. */
static gboolean
marker_position (const Entry *e, const SsChartContext *ctx, double *x, double *y)
{
  double v = e->marker->value;

  if (isnan (e->marker->t))
    return FALSE;
  *x = ss_chart_context_x (ctx, e->marker->t);
  if (*x < ctx->x - 0.5 || *x > ctx->x + ctx->width + 0.5)
    return FALSE;
  if (isnan (v) && e->series != NULL)
    v = ss_series_value_at (e->series, e->marker->t);
  /* no curve there (an undetermined value): at the top */
  *y = isfinite (v) ? ss_chart_context_y (ctx, v) : ctx->y + 8;
  *y = CLAMP (*y, ctx->y + 5, ctx->y + ctx->height - 5);
  return TRUE;
}

static void
ss_marker_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsMarkerLayer *self = SS_MARKER_LAYER (layer);
  Box            placed[MAX_BOXES];
  guint          n_placed = 0;
  double         r = 4.5 * ctx->line_scale, outcome_y = ctx->y + 3;

  g_mutex_lock (&self->placed_lock);
  g_array_set_size (self->placed, 0);
  graphene_rect_init (&self->plot, ctx->x, ctx->y, ctx->width, ctx->height);
  g_mutex_unlock (&self->placed_lock);
  cairo_save (cr);
  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_clip (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  /* the diamonds and whiskers first: labels keep off them */
  for (guint i = 0; i < self->entries->len; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);
      double       x, y, tol = e->marker->tolerance;

      if (!marker_position (e, ctx, &x, &y))
        continue;
      if (e->marker->failure)
        {
          /* a failed run's end: a dashed line across the plot */
          double dash[] = { 4.0 * ctx->line_scale, 3.0 * ctx->line_scale };

          cairo_save (cr);
          cairo_move_to (cr, x, ctx->y);
          cairo_line_to (cr, x, ctx->y + ctx->height);
          cairo_set_source_rgb (cr, FAIL_R, FAIL_G, FAIL_B);
          cairo_set_line_width (cr, 1.5 * ctx->line_scale);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_restore (cr);
          continue;
        }
      if (tol > 0)
        {
          double x0 = ss_chart_context_x (ctx, e->marker->t - tol);
          double x1 = ss_chart_context_x (ctx, e->marker->t + tol);

          if (x1 - x0 >= 2 * r + 2)
            {
              cairo_move_to (cr, x0, y);
              cairo_line_to (cr, x1, y);
              cairo_move_to (cr, x0, y - 3);
              cairo_line_to (cr, x0, y + 3);
              cairo_move_to (cr, x1, y - 3);
              cairo_line_to (cr, x1, y + 3);
              ink_path (cr, ctx, FALSE, FALSE);
            }
        }
      diamond_path (cr, x, y, r);
      ink_path (cr, ctx, TRUE, e->marker->missed);
      if (n_placed < MAX_BOXES)
        placed[n_placed++] = (Box){ x - r, y - r, 2 * r, 2 * r };
    }

  for (guint i = 0; i < self->entries->len; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);
      g_autoptr(PangoLayout) layout = NULL;
      double x, y;
      int    w, h;

      if (e->marker->label == NULL)
        continue;
      layout = label_layout (cr, e->marker->label);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (isnan (e->marker->t))
        {
          /* an outcome: at the right end, one under another */
          Box box = { ctx->x + ctx->width - w - 4, outcome_y, w, h };

          put_label (self, cr, ctx, layout, &box);
          outcome_y += h + 1;
          if (n_placed < MAX_BOXES)
            placed[n_placed++] = box;
          continue;
        }
      if (!marker_position (e, ctx, &x, &y))
        continue;
      if (e->marker->failure)
        {
          /* at the top, right of the line (left of it at the plot's end) */
          Box box = { x + 3, ctx->y + 2, w, h };

          if (box.x + w > ctx->x + ctx->width)
            box.x = x - 3 - w;
          put_label (self, cr, ctx, layout, &box);
          if (n_placed < MAX_BOXES)
            placed[n_placed++] = box;
          continue;
        }
      {
        /* beside the diamond, then further up or down, right before left:
         * the first place clear of the other labels and marks and of the
         * curve it sits on, else the first clear of the labels alone */
        const double dx[] = { r + 2, -r - 2 - w };
        Box          box = { 0 }, fallback = { 0 };
        gboolean     found = FALSE, any = FALSE;

        for (int step = 0; step < 8 && !found; step++)
          for (int side = 0; side < 2 && !found; side++)
            for (int up = 0; up < 2 && !found; up++)
              {
                Box try = { x + dx[side], up ? y - h - 2 - step * (h + 1) : y + 2 + step * (h + 1), w, h };

                if (!box_is_free (&try, placed, n_placed, ctx))
                  continue;
                if (!any)
                  fallback = try;
                any = TRUE;
                if (!box_on_curve (&try, e->series, ctx))
                  {
                    box = try;
                    found = TRUE;
                  }
              }
        /* no free place: the diamond alone (the Example tab lists it)
         * rather than a label over another */
        if (!found && !any)
          continue;
        if (!found)
          box = fallback;
        put_label (self, cr, ctx, layout, &box);
        if (n_placed < MAX_BOXES)
          placed[n_placed++] = box;
      }
    }
  cairo_restore (cr);
}

/* markers at values of their own stay on the axis */
static gboolean
ss_marker_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  SsMarkerLayer *self = SS_MARKER_LAYER (layer);
  gboolean       any = FALSE;

  (void)n_bins;
  for (guint i = 0; i < self->entries->len; i++)
    {
      const SsMarker *m = g_array_index (self->entries, Entry, i).marker;

      if (isnan (m->value) || !(m->t >= t0 && m->t <= t1))
        continue;
      *min = any ? MIN (*min, m->value) : m->value;
      *max = any ? MAX (*max, m->value) : m->value;
      any = TRUE;
    }
  return any;
}

static void
ss_marker_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  (void)layer;
  diamond_path (cr, x + width / 2, y + height / 2, MIN (height / 2, 4.5));
  cairo_set_source_rgb (cr, INK_R, INK_G, INK_B);
  cairo_fill (cr);
}

/* the curves the markers sit on move them */
static guint
ss_marker_layer_get_data_revision (SsChartLayer *layer)
{
  SsMarkerLayer *self = SS_MARKER_LAYER (layer);
  guint          revision = 0;

  for (guint i = 0; i < self->entries->len; i++)
    {
      SsSeries *series = g_array_index (self->entries, Entry, i).series;

      if (series != NULL)
        revision += ss_series_get_revision (series);
    }
  return revision;
}

static void
clear_entry (gpointer data)
{
  Entry *e = data;

  ss_marker_free (e->marker);
  g_clear_object (&e->series);
}

static void
ss_marker_layer_finalize (GObject *object)
{
  SsMarkerLayer *self = (SsMarkerLayer *)object;

  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->placed, g_array_unref);
  g_mutex_clear (&self->placed_lock);

  G_OBJECT_CLASS (ss_marker_layer_parent_class)->finalize (object);
}

static SsChartLayer *
ss_marker_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsMarkerLayer *self = SS_MARKER_LAYER (layer);
  SsMarkerLayer *copy = g_object_new (SS_TYPE_MARKER_LAYER, NULL);

  (void)n_bins;
  for (guint i = 0; i < self->entries->len; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);
      Entry        c = { ss_marker_copy (e->marker), NULL };

      if (e->series != NULL && (c.series = ss_series_freeze (e->series, t0, t1, 0)) == NULL)
        {
          ss_marker_free (c.marker);
          g_object_unref (copy);
          return NULL;
        }
      g_array_append_val (copy->entries, c);
    }
  return SS_CHART_LAYER (copy);
}

static void
ss_marker_layer_class_init (SsMarkerLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_marker_layer_finalize;
  layer_class->draw = ss_marker_layer_draw;
  layer_class->get_y_range = ss_marker_layer_get_y_range;
  layer_class->draw_swatch = ss_marker_layer_draw_swatch;
  layer_class->get_data_revision = ss_marker_layer_get_data_revision;
  layer_class->freeze = ss_marker_layer_freeze;
}

static void
ss_marker_layer_init (SsMarkerLayer *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (self->entries, clear_entry);
  self->placed = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  g_mutex_init (&self->placed_lock);
  ss_chart_layer_set_in_legend (SS_CHART_LAYER (self), FALSE);
}

SsChartLayer *
ss_marker_layer_new (void)
{
  return g_object_new (SS_TYPE_MARKER_LAYER, NULL);
}

/* Draws @markers (SsMarker, copied), each on the curve of @series' entry
 * at the same index (NULL: none); in the legend while there are any but
 * a failed run's end. */
void
ss_marker_layer_set_markers (SsMarkerLayer *self, GPtrArray *markers, GPtrArray *series)
{
  guint    n = markers != NULL ? markers->len : 0;
  gboolean same = n == self->entries->len;

  g_return_if_fail (SS_IS_MARKER_LAYER (self));
  g_return_if_fail (n == 0 || (series != NULL && series->len == n));

  for (guint i = 0; same && i < n; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);

      same = ss_marker_equal (e->marker, g_ptr_array_index (markers, i)) && e->series == g_ptr_array_index (series, i);
    }
  if (same)
    return;
  g_array_set_size (self->entries, 0);
  for (guint i = 0; i < n; i++)
    {
      SsSeries *s = g_ptr_array_index (series, i);
      Entry     e = { ss_marker_copy (g_ptr_array_index (markers, i)), s ? g_object_ref (s) : NULL };

      g_array_append_val (self->entries, e);
    }
  {
    gboolean published = FALSE;

    for (guint i = 0; i < n; i++)
      published |= !((const SsMarker *)g_ptr_array_index (markers, i))->failure;
    ss_chart_layer_set_in_legend (SS_CHART_LAYER (self), published);
  }
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

guint
ss_marker_layer_get_n_markers (SsMarkerLayer *self)
{
  return self->entries->len;
}

const SsMarker *
ss_marker_layer_get_marker (SsMarkerLayer *self, guint index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_array_index (self->entries, Entry, index).marker;
}

SsSeries *
ss_marker_layer_get_series (SsMarkerLayer *self, guint index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_array_index (self->entries, Entry, index).series;
}

/* Where the last drawing put the labels (a copy, graphene_rect_t), in its
 * coordinates, and its plot area in @plot. */
GArray *
ss_marker_layer_dup_label_boxes (SsMarkerLayer *self, graphene_rect_t *plot)
{
  GArray *boxes;

  g_return_val_if_fail (SS_IS_MARKER_LAYER (self), NULL);
  g_mutex_lock (&self->placed_lock);
  boxes = g_array_copy (self->placed);
  if (plot != NULL)
    *plot = self->plot;
  g_mutex_unlock (&self->placed_lock);
  return boxes;
}
