/* ss-study-layer.c
 *
 * A variant without a value (a slider that never slips) or that failed has
 * no place on the value axis; drawing it at 0 would read as a result.  Its
 * mark goes in a row just above the plot's bottom edge instead, at its x:
 * red crosses for failed variants, rings in the outcome's colour for no
 * value, a row per outcome (up to four) so that overlaid outcomes stay
 * apart; that lane is shaded and set off by a dashed line, and the value
 * axis reaches below the data so that no point lies in it.  The line
 * joins neighbouring points only: a variant between them without a
 * value, failed or not run yet lifts the pen.  Outcomes take turns of
 * marker (filled circle, hollow square, filled triangle, hollow diamond)
 * and of line (solid, dashed): equal curves stay visible. */
#define G_LOG_DOMAIN "ss-study-layer"

#include <glib/gi18n.h>

#include "ss-study-layer.h"

#define MARK_BASE  7.0 /* px from the plot's bottom edge to the first row of marks */
#define MARK_STEP  9.0 /* px between the rows of no-value rings */
#define MARK_ROWS  4
#define POINT_SIZE 3.0
#define RING_SIZE  3.5
#define CROSS_SIZE 4.0
#define HOVER_SIZE 6.5
#define LANE_SHARE 0.2 /* of the data's span the value axis adds below it for the lane */

static const GdkRGBA failed_color = { 0.878, 0.106, 0.141, 1.0 };   /* #e01b24 */
static const GdkRGBA no_value_color = { 0.467, 0.463, 0.482, 1.0 }; /* #77767b */

struct _SsStudyLayer
{
  SsChartLayer     parent_instance;
  SsStudyTable    *table;
  SsStudyLayerKind kind;
  int              outcome;
  gboolean         normalised; /* 0 = the outcome's smallest value, 1 = its largest */
};

G_DEFINE_FINAL_TYPE (SsStudyLayer, ss_study_layer, SS_TYPE_CHART_LAYER)

SsStudyLayerKind
ss_study_layer_get_kind (SsStudyLayer *self)
{
  return self->kind;
}

int
ss_study_layer_get_outcome (SsStudyLayer *self)
{
  return self->outcome;
}

/* Where the layer draws @variant: its kind of mark, and for a point its
 * x and y in axis units (y normalised when the layer is). */
SsStudyMark
ss_study_layer_get_mark (SsStudyLayer *self, int variant, double *x, double *y)
{
  SsStudyRowState state = ss_study_table_get_state (self->table, variant);
  double          v, lo, hi;

  *x = ss_study_table_get_variant_point (self->table, variant, 0);
  *y = NAN;
  switch (self->kind)
    {
    case SS_STUDY_LAYER_FAILED:
      return state == SS_STUDY_ROW_FAILED ? SS_STUDY_MARK_FAILED : SS_STUDY_MARK_NONE;
    case SS_STUDY_LAYER_NO_VALUE:
      return SS_STUDY_MARK_NONE;
    case SS_STUDY_LAYER_OUTCOME:
    default:
      if (state != SS_STUDY_ROW_DONE)
        return SS_STUDY_MARK_NONE;
      v = ss_study_table_get_value (self->table, variant, self->outcome);
      if (!isfinite (v))
        return SS_STUDY_MARK_NO_VALUE;
      if (self->normalised && ss_study_table_get_range (self->table, self->outcome, &lo, &hi))
        v = hi > lo ? (v - lo) / (hi - lo) : 0.5;
      *y = v;
      return SS_STUDY_MARK_POINT;
    }
}

/* The pixel of @variant's mark in @ctx; FALSE when it has none here. */
gboolean
ss_study_layer_get_position (SsStudyLayer *self, const SsChartContext *ctx, int variant, double *px, double *py)
{
  double      x, y, bottom = ctx->y + ctx->height;
  SsStudyMark mark = ss_study_layer_get_mark (self, variant, &x, &y);

  if (mark == SS_STUDY_MARK_NONE)
    return FALSE;
  *px = ss_chart_context_x (ctx, x);
  if (mark == SS_STUDY_MARK_POINT)
    *py = ss_chart_context_y (ctx, y);
  else if (mark == SS_STUDY_MARK_FAILED)
    *py = bottom - MARK_BASE;
  else
    *py = bottom - MARK_BASE - MARK_STEP * (self->outcome % MARK_ROWS);
  return TRUE;
}

static void
ring (cairo_t *cr, double x, double y, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

static void
cross (cairo_t *cr, double x, double y, double r)
{
  cairo_move_to (cr, x - r, y - r);
  cairo_line_to (cr, x + r, y + r);
  cairo_move_to (cr, x + r, y - r);
  cairo_line_to (cr, x - r, y + r);
}

/* The outcome's marker at (x, y): filled or stroked by the caller's
 * source; @scale the line scale. */
static void
marker (SsStudyLayer *self, cairo_t *cr, double x, double y, double scale)
{
  double r = POINT_SIZE * scale;

  switch (self->outcome % 4)
    {
    case 1: /* hollow square, larger: a circle under it shows */
      cairo_set_line_width (cr, 1.3 * scale);
      cairo_rectangle (cr, x - 1.5 * r, y - 1.5 * r, 3 * r, 3 * r);
      cairo_stroke (cr);
      break;
    case 2: /* filled triangle */
      cairo_move_to (cr, x, y - 1.5 * r);
      cairo_line_to (cr, x + 1.3 * r, y + 0.8 * r);
      cairo_line_to (cr, x - 1.3 * r, y + 0.8 * r);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case 3: /* hollow diamond */
      cairo_set_line_width (cr, 1.3 * scale);
      cairo_move_to (cr, x, y - 2 * r);
      cairo_line_to (cr, x + 2 * r, y);
      cairo_line_to (cr, x, y + 2 * r);
      cairo_line_to (cr, x - 2 * r, y);
      cairo_close_path (cr);
      cairo_stroke (cr);
      break;
    default: /* filled circle */
      ring (cr, x, y, r);
      cairo_fill (cr);
      break;
    }
}

static void
line_style (SsStudyLayer *self, cairo_t *cr, double scale)
{
  double dash[] = { 6 * scale, 3 * scale };

  cairo_set_line_width (cr, 1.6 * scale);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_dash (cr, dash, self->outcome % 2 ? 2 : 0, 0);
}

static void
draw_outcome (SsStudyLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  const GdkRGBA *color = ss_chart_layer_get_color (SS_CHART_LAYER (self));
  int            n = ss_study_table_get_n_variants (self->table);
  gboolean       pen = FALSE;
  double         px, py, x, y;

  /* the line: neighbouring points only */
  gdk_cairo_set_source_rgba (cr, color);
  line_style (self, cr, ctx->line_scale);
  for (int v = 0; v < n; v++)
    {
      if (ss_study_layer_get_mark (self, v, &x, &y) != SS_STUDY_MARK_POINT)
        {
          pen = FALSE;
          continue;
        }
      ss_study_layer_get_position (self, ctx, v, &px, &py);
      if (pen)
        cairo_line_to (cr, px, py);
      else
        cairo_move_to (cr, px, py);
      pen = TRUE;
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  for (int v = 0; v < n; v++)
    {
      SsStudyMark mark = ss_study_layer_get_mark (self, v, &x, &y);

      if (mark == SS_STUDY_MARK_NONE)
        continue;
      ss_study_layer_get_position (self, ctx, v, &px, &py);
      if (mark == SS_STUDY_MARK_POINT)
        marker (self, cr, px, py, ctx->line_scale);
      else
        {
          cairo_set_line_width (cr, 1.5 * ctx->line_scale);
          ring (cr, px, py, RING_SIZE * ctx->line_scale);
          cairo_stroke (cr);
        }
    }
}

/* Whether any variant is marked in the lane: failed, or without a value. */
static gboolean
lane_used (SsStudyLayer *self)
{
  if (ss_study_table_count (self->table, SS_STUDY_ROW_FAILED) > 0)
    return TRUE;
  for (int o = 0; o < ss_study_table_get_n_outcomes (self->table); o++)
    if (ss_study_table_count_no_value (self->table, o) > 0)
      return TRUE;
  return FALSE;
}

/* The lane of failed and no-value marks at the plot's bottom: shaded, a
 * dashed line above it, apart from the data. */
static void
draw_lane (SsStudyLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  int    rows = MIN (MAX (ss_study_table_get_n_outcomes (self->table), 1), MARK_ROWS);
  double top = ctx->y + ctx->height - MARK_BASE - MARK_STEP * (rows - 1) - (RING_SIZE + 4) * ctx->line_scale;
  double dash[] = { 3.0 * ctx->line_scale, 3.0 * ctx->line_scale };

  cairo_save (cr);
  cairo_rectangle (cr, ctx->x, top, ctx->width, ctx->y + ctx->height - top);
  cairo_set_source_rgba (cr, no_value_color.red, no_value_color.green, no_value_color.blue, 0.08);
  cairo_fill (cr);
  cairo_move_to (cr, ctx->x, round (top) + 0.5);
  cairo_line_to (cr, ctx->x + ctx->width, round (top) + 0.5);
  cairo_set_source_rgba (cr, no_value_color.red, no_value_color.green, no_value_color.blue, 0.6);
  cairo_set_line_width (cr, 1.0 * ctx->line_scale);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_failed (SsStudyLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  int    n = ss_study_table_get_n_variants (self->table);
  double px, py;

  gdk_cairo_set_source_rgba (cr, &failed_color);
  cairo_set_line_width (cr, 2.0 * ctx->line_scale);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int v = 0; v < n; v++)
    if (ss_study_layer_get_position (self, ctx, v, &px, &py))
      cross (cr, px, py, CROSS_SIZE * ctx->line_scale);
  cairo_stroke (cr);
}

static void
ss_study_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);
  double        px, py;
  int           hover = isfinite (ctx->cursor) ? (int)lround (ctx->cursor) : -1;

  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_clip (cr);
  /* the first outcome's layer is drawn first */
  if (self->kind == SS_STUDY_LAYER_OUTCOME && self->outcome == 0 && lane_used (self))
    draw_lane (self, cr, ctx);
  if (self->kind == SS_STUDY_LAYER_OUTCOME)
    draw_outcome (self, cr, ctx);
  else if (self->kind == SS_STUDY_LAYER_FAILED)
    draw_failed (self, cr, ctx);
  /* the variant under the pointer */
  if (hover >= 0 && hover < ss_study_table_get_n_variants (self->table) &&
      ss_study_layer_get_position (self, ctx, hover, &px, &py))
    {
      gdk_cairo_set_source_rgba (
          cr, self->kind == SS_STUDY_LAYER_FAILED ? &failed_color : ss_chart_layer_get_color (SS_CHART_LAYER (self)));
      cairo_set_line_width (cr, 1.5 * ctx->line_scale);
      ring (cr, px, py, HOVER_SIZE * ctx->line_scale);
      cairo_stroke (cr);
    }
}

/* The whole axis, whatever has finished: the plot does not move as the
 * variants come in. */
static gboolean
ss_study_layer_get_x_range (SsChartLayer *layer, double t0, double t1, double *min, double *max)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);
  int           n = ss_study_table_get_axis_n (self->table, 0);
  double        a = ss_study_table_get_axis_point (self->table, 0, 0);
  double        b = ss_study_table_get_axis_point (self->table, 0, n - 1);

  (void)t0;
  (void)t1;
  if (self->kind != SS_STUDY_LAYER_OUTCOME)
    return FALSE;
  *min = MIN (a, b);
  *max = MAX (a, b);
  return TRUE;
}

static gboolean
ss_study_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);

  (void)t0;
  (void)t1;
  (void)n_bins;
  if (self->kind != SS_STUDY_LAYER_OUTCOME || !ss_study_table_get_range (self->table, self->outcome, min, max))
    return FALSE;
  if (self->normalised)
    {
      *min = 0;
      *max = 1;
    }
  /* room below the data for the lane of marks without a value */
  if (lane_used (self))
    {
      double span = *max > *min ? *max - *min : MAX (fabs (*max), 1e-300);

      *min -= LANE_SHARE * span;
    }
  return TRUE;
}

static gboolean
ss_study_layer_pick (SsChartLayer *layer, const SsChartContext *ctx, double x, double y, double *distance, double *t)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);
  double        best = INFINITY, px, py;
  int           found = -1;

  for (int v = 0; v < ss_study_table_get_n_variants (self->table); v++)
    if (ss_study_layer_get_position (self, ctx, v, &px, &py) && hypot (px - x, py - y) < best)
      {
        best = hypot (px - x, py - y);
        found = v;
      }
  if (found < 0)
    return FALSE;
  *distance = best;
  *t = found;
  return TRUE;
}

static char *
ss_study_layer_format_value (SsChartLayer *layer, double t)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);
  int           variant = isfinite (t) ? (int)lround (t) : -1;

  if (self->kind != SS_STUDY_LAYER_OUTCOME || variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    return NULL;
  switch (ss_study_table_get_state (self->table, variant))
    {
    case SS_STUDY_ROW_DONE:
      return ss_study_table_format_value (self->table, self->outcome,
                                          ss_study_table_get_value (self->table, variant, self->outcome));
    case SS_STUDY_ROW_FAILED:
      return g_strdup (_("failed"));
    case SS_STUDY_ROW_PENDING:
    case SS_STUDY_ROW_CANCELLED:
    default:
      return NULL;
    }
}

static void
ss_study_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  SsStudyLayer *self = SS_STUDY_LAYER (layer);
  double        cx = x + width / 2, cy = y + height / 2;

  switch (self->kind)
    {
    case SS_STUDY_LAYER_FAILED:
      gdk_cairo_set_source_rgba (cr, &failed_color);
      cairo_set_line_width (cr, 2.0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cross (cr, cx, cy, CROSS_SIZE);
      cairo_stroke (cr);
      break;
    case SS_STUDY_LAYER_NO_VALUE:
      gdk_cairo_set_source_rgba (cr, &no_value_color);
      cairo_set_line_width (cr, 1.5);
      ring (cr, cx, cy, RING_SIZE);
      cairo_stroke (cr);
      break;
    case SS_STUDY_LAYER_OUTCOME:
    default:
      gdk_cairo_set_source_rgba (cr, ss_chart_layer_get_color (layer));
      line_style (self, cr, 1.0);
      cairo_move_to (cr, x, cy);
      cairo_line_to (cr, x + width, cy);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      marker (self, cr, cx, cy, 1.0);
      break;
    }
}

static guint
ss_study_layer_get_data_revision (SsChartLayer *layer)
{
  return ss_study_table_get_revision (SS_STUDY_LAYER (layer)->table);
}

/* The legend's "failed" and "no value" show only when there are such. */
static void
table_changed_cb (SsStudyLayer *self)
{
  int n = 0;

  if (self->kind == SS_STUDY_LAYER_FAILED)
    n = ss_study_table_count (self->table, SS_STUDY_ROW_FAILED);
  else if (self->kind == SS_STUDY_LAYER_NO_VALUE)
    for (int o = 0; o < ss_study_table_get_n_outcomes (self->table); o++)
      n += ss_study_table_count_no_value (self->table, o);
  if (self->kind != SS_STUDY_LAYER_OUTCOME)
    ss_chart_layer_set_in_legend (SS_CHART_LAYER (self), n > 0);
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

static void
ss_study_layer_dispose (GObject *object)
{
  SsStudyLayer *self = (SsStudyLayer *)object;

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->table);

  G_OBJECT_CLASS (ss_study_layer_parent_class)->dispose (object);
}

static void
ss_study_layer_class_init (SsStudyLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_study_layer_dispose;
  layer_class->draw = ss_study_layer_draw;
  layer_class->get_x_range = ss_study_layer_get_x_range;
  layer_class->get_y_range = ss_study_layer_get_y_range;
  layer_class->pick = ss_study_layer_pick;
  layer_class->format_value = ss_study_layer_format_value;
  layer_class->draw_swatch = ss_study_layer_draw_swatch;
  layer_class->get_data_revision = ss_study_layer_get_data_revision;
}

static void
ss_study_layer_init (SsStudyLayer *self)
{
  (void)self;
}

/* @outcome: the outcome an SS_STUDY_LAYER_OUTCOME layer draws (else
 * ignored).  Titles: the outcome's label with its unit, "failed", "no
 * value". */
SsChartLayer *
ss_study_layer_new (SsStudyTable *table, SsStudyLayerKind kind, int outcome)
{
  SsStudyLayer *self = g_object_new (SS_TYPE_STUDY_LAYER, NULL);

  self->table = g_object_ref (table);
  self->kind = kind;
  self->outcome = kind == SS_STUDY_LAYER_OUTCOME ? outcome : 0;
  if (kind == SS_STUDY_LAYER_OUTCOME)
    {
      const char      *unit = ss_study_table_get_outcome_unit (table, outcome);
      g_autofree char *title =
          unit != NULL && unit[0] != '\0' && !g_str_equal (unit, "1")
              ? g_strdup_printf ("%s (%s)", ss_study_table_get_outcome_label (table, outcome), unit)
              : g_strdup (ss_study_table_get_outcome_label (table, outcome));

      ss_chart_layer_set_title (SS_CHART_LAYER (self), title);
    }
  else
    {
      ss_chart_layer_set_title (SS_CHART_LAYER (self), kind == SS_STUDY_LAYER_FAILED ? _("failed") : _("no value"));
      ss_chart_layer_set_color (SS_CHART_LAYER (self), kind == SS_STUDY_LAYER_FAILED ? &failed_color : &no_value_color);
    }
  g_signal_connect_swapped (table, "changed", G_CALLBACK (table_changed_cb), self);
  table_changed_cb (self);
  return SS_CHART_LAYER (self);
}

/* Each outcome on a 0-to-1 scale of its own range (outcomes of different
 * units on one chart); the readout keeps the real values. */
void
ss_study_layer_set_normalised (SsStudyLayer *self, gboolean normalised)
{
  if (self->normalised == !!normalised)
    return;
  self->normalised = !!normalised;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}
