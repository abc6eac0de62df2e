/* ss-text-cell.c - a line of text, drawn as GtkInscription draws it, as
 * wide and high as its owner says: setting its text queues a redraw, not a
 * resize.  One widget, not a box around an inscription: a list makes and
 * drops these by the hundred when its count of rows changes (GTK 4.8
 * keeps about 200 rows made), and its text's Pango layout is made only
 * when the cell is first drawn. */
#define G_LOG_DOMAIN "ss-text-cell"

#include "config.h"

#include <math.h>

#include "ss-text-cell.h"

struct _SsTextCell
{
  GtkWidget    parent_instance;
  char        *text;
  PangoLayout *layout; /* made when first drawn, with the cell's text attributes; NULL: not yet */
  float        xalign;
  int          minimum; /* px, -1: none */
  int          natural; /* px, -1: none */
  int          height;  /* px, a line's; -1: measured from the font */
  int          baseline;
};

G_DEFINE_FINAL_TYPE (SsTextCell, ss_text_cell, GTK_TYPE_WIDGET)

/* A line's height and baseline in @self's font, px: what a GtkInscription
 * of one line asks for (the font's ascent and descent). */
void
ss_text_cell_measure_line (SsTextCell *self, int *height, int *baseline)
{
  PangoFontMetrics *metrics;
  int               ascent, descent;

  g_return_if_fail (SS_IS_TEXT_CELL (self));

  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (self)), NULL, NULL);
  ascent = pango_font_metrics_get_ascent (metrics);
  descent = pango_font_metrics_get_descent (metrics);
  pango_font_metrics_unref (metrics);
  *height = PANGO_PIXELS_CEIL (ascent + descent);
  *baseline = PANGO_PIXELS_CEIL (ascent);
}

static void
ss_text_cell_measure (GtkWidget     *widget,
                      GtkOrientation orientation,
                      int            for_size,
                      int           *minimum,
                      int           *natural,
                      int           *minimum_baseline,
                      int           *natural_baseline)
{
  SsTextCell *self = SS_TEXT_CELL (widget);
  int         height = self->height, baseline = self->baseline;

  (void)for_size;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* no width of its own (an inscription of no chars): the owner's */
      *minimum = MAX (self->minimum, 0);
      *natural = MAX (self->natural, *minimum);
      *minimum_baseline = *natural_baseline = -1;
      return;
    }
  if (height < 0)
    ss_text_cell_measure_line (self, &height, &baseline);
  *minimum = *natural = height;
  *minimum_baseline = *natural_baseline = baseline;
}

/* The layout's alignment for the cell's xalign, as GtkInscription sets it. */
static void
update_alignment (SsTextCell *self)
{
  gboolean ltr = gtk_widget_get_direction (GTK_WIDGET (self)) != GTK_TEXT_DIR_RTL;

  if (self->layout == NULL)
    return;
  if (self->xalign < 0.33f)
    pango_layout_set_alignment (self->layout, ltr ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT);
  else if (self->xalign < 0.67f)
    pango_layout_set_alignment (self->layout, PANGO_ALIGN_CENTER);
  else
    pango_layout_set_alignment (self->layout, ltr ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
}

/* Drawn as a one-line GtkInscription ending its text with an ellipsis
 * draws: the layout as wide and high as the cell, on the cell's baseline,
 * clipped to the cell. */
static void
ss_text_cell_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsTextCell    *self = SS_TEXT_CELL (widget);
  int            width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int            baseline = gtk_widget_get_allocated_baseline (widget);
  PangoRectangle logical;
  float          x = 0.f, y;

  if (self->text == NULL || self->text[0] == '\0')
    return;
  if (self->layout == NULL)
    {
      /* the cell's CSS text attributes (the times' tabular digits) */
      self->layout = gtk_widget_create_pango_layout (widget, self->text);
      pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
      update_alignment (self);
    }
  pango_layout_set_width (self->layout, width * PANGO_SCALE);
  pango_layout_set_height (self->layout, height * PANGO_SCALE);
  if (width <= 0)
    {
      float xalign = gtk_widget_get_direction (widget) != GTK_TEXT_DIR_LTR ? 1.f - self->xalign : self->xalign;

      pango_layout_get_pixel_extents (self->layout, NULL, &logical);
      x = floorf (xalign * (width - logical.width) - logical.x);
    }
  if (baseline != -1)
    y = baseline - pango_layout_get_baseline (self->layout) / PANGO_SCALE;
  else if (pango_layout_is_ellipsized (self->layout))
    y = 0.f;
  else
    {
      pango_layout_get_pixel_extents (self->layout, NULL, &logical);
      y = MAX (floorf ((height - logical.height) * 0.5f), 0.f); /* centred */
    }
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* GTK 4.8's way to draw text in the widget's colour (and shadow) */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_snapshot_render_layout (snapshot, gtk_widget_get_style_context (widget), x, y, self->layout);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_snapshot_pop (snapshot);
}

/* Another style (the font's attributes may change): the layout is made
 * again when next drawn. */
static void
ss_text_cell_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  SsTextCell *self = SS_TEXT_CELL (widget);

  GTK_WIDGET_CLASS (ss_text_cell_parent_class)->css_changed (widget, change);
  g_clear_object (&self->layout);
}

static void
ss_text_cell_direction_changed (GtkWidget *widget, GtkTextDirection previous)
{
  GTK_WIDGET_CLASS (ss_text_cell_parent_class)->direction_changed (widget, previous);
  update_alignment (SS_TEXT_CELL (widget));
}

static void
ss_text_cell_finalize (GObject *object)
{
  SsTextCell *self = SS_TEXT_CELL (object);

  g_free (self->text);
  g_clear_object (&self->layout);
  G_OBJECT_CLASS (ss_text_cell_parent_class)->finalize (object);
}

static void
ss_text_cell_class_init (SsTextCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_text_cell_finalize;
  widget_class->measure = ss_text_cell_measure;
  widget_class->snapshot = ss_text_cell_snapshot;
  widget_class->css_changed = ss_text_cell_css_changed;
  widget_class->direction_changed = ss_text_cell_direction_changed;
  /* styled as the inscription it replaces */
  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
ss_text_cell_init (SsTextCell *self)
{
  self->minimum = self->natural = -1;
  self->height = self->baseline = -1;
}

GtkWidget *
ss_text_cell_new (void)
{
  return g_object_new (SS_TYPE_TEXT_CELL, NULL);
}

/* Where the text sits in a wider cell: 0 start, 1 end. */
void
ss_text_cell_set_xalign (SsTextCell *self, float xalign)
{
  g_return_if_fail (SS_IS_TEXT_CELL (self));

  self->xalign = CLAMP (xalign, 0.f, 1.f);
  update_alignment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Draws @text (NULL: none) from the next frame on; nothing is measured.
 * Assistive technologies read it as the cell's label. */
void
ss_text_cell_set_text (SsTextCell *self, const char *text)
{
  g_return_if_fail (SS_IS_TEXT_CELL (self));

  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  if (self->layout != NULL)
    pango_layout_set_text (self->layout, text != NULL ? text : "", -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text != NULL ? text : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ss_text_cell_get_text (SsTextCell *self)
{
  g_return_val_if_fail (SS_IS_TEXT_CELL (self), NULL);

  return self->text;
}

/* The cell's least and natural widths, px (-1: none); measured again only
 * when they change. */
void
ss_text_cell_set_widths (SsTextCell *self, int minimum, int natural)
{
  g_return_if_fail (SS_IS_TEXT_CELL (self));

  if (self->minimum == minimum && self->natural == natural)
    return;
  self->minimum = minimum;
  self->natural = natural;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The cell's height and baseline, px, those of a line in its font
 * (ss_text_cell_measure_line of a cell of the same style); -1: the cell
 * measures its own font. */
void
ss_text_cell_set_line (SsTextCell *self, int height, int baseline)
{
  g_return_if_fail (SS_IS_TEXT_CELL (self));

  if (self->height == height && self->baseline == baseline)
    return;
  self->height = height;
  self->baseline = baseline;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The width of @text in the cell's font, px: what a label showing it would
 * ask for. */
int
ss_text_cell_measure_text (SsTextCell *self, const char *text)
{
  g_autoptr(PangoLayout) layout = NULL;
  int width;

  g_return_val_if_fail (SS_IS_TEXT_CELL (self), 0);

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}
