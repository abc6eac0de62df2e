/* ss-text-cell.c - a line of text drawn by a GtkInscription, as wide as its
 * owner says: setting its text queues a redraw, not a resize. */
#define G_LOG_DOMAIN "ss-text-cell"

#include "config.h"

#include "ss-text-cell.h"

struct _SsTextCell
{
  GtkWidget       parent_instance;
  GtkInscription *inscription;
  int             minimum; /* px, -1: none */
  int             natural; /* px, -1: none */
};

G_DEFINE_FINAL_TYPE (SsTextCell, ss_text_cell, GTK_TYPE_WIDGET)

/* The height of a line in the last font measured: the cells of a list
 * share their font and style, and GtkInscription asks Pango for the font's
 * metrics (text shaped) on each measure. */
static struct
{
  PangoFontDescription *font;
  double                resolution;
  int                   scale;
  int                   minimum, natural, minimum_baseline, natural_baseline;
} line_height;

static void
ss_text_cell_measure (GtkWidget     *widget,
                      GtkOrientation orientation,
                      int            for_size,
                      int           *minimum,
                      int           *natural,
                      int           *minimum_baseline,
                      int           *natural_baseline)
{
  SsTextCell                 *self = SS_TEXT_CELL (widget);
  const PangoFontDescription *font;
  PangoContext               *context;
  double                      resolution;
  int                         scale;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* the inscription asks for no width (no chars): the owner's */
      *minimum = MAX (self->minimum, 0);
      *natural = MAX (self->natural, *minimum);
      *minimum_baseline = *natural_baseline = -1;
      return;
    }
  context = gtk_widget_get_pango_context (GTK_WIDGET (self->inscription));
  font = pango_context_get_font_description (context);
  resolution = pango_cairo_context_get_resolution (context);
  scale = gtk_widget_get_scale_factor (widget);
  if (line_height.font == NULL || line_height.scale != scale || line_height.resolution != resolution ||
      !pango_font_description_equal (line_height.font, font))
    {
      gtk_widget_measure (GTK_WIDGET (self->inscription), orientation, for_size, &line_height.minimum,
                          &line_height.natural, &line_height.minimum_baseline, &line_height.natural_baseline);
      g_clear_pointer (&line_height.font, pango_font_description_free);
      line_height.font = pango_font_description_copy (font);
      line_height.scale = scale;
      line_height.resolution = resolution;
    }
  *minimum = line_height.minimum;
  *natural = line_height.natural;
  *minimum_baseline = line_height.minimum_baseline;
  *natural_baseline = line_height.natural_baseline;
}

static void
ss_text_cell_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (GTK_WIDGET (SS_TEXT_CELL (widget)->inscription), width, height, baseline, NULL);
}

static void
ss_text_cell_dispose (GObject *object)
{
  SsTextCell *self = SS_TEXT_CELL (object);

  if (self->inscription != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->inscription));
  self->inscription = NULL;
  G_OBJECT_CLASS (ss_text_cell_parent_class)->dispose (object);
}

static void
ss_text_cell_class_init (SsTextCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_text_cell_dispose;
  widget_class->measure = ss_text_cell_measure;
  widget_class->size_allocate = ss_text_cell_size_allocate;
}

static void
ss_text_cell_init (SsTextCell *self)
{
  self->minimum = self->natural = -1;
  self->inscription = GTK_INSCRIPTION (gtk_inscription_new (NULL));
  gtk_inscription_set_xalign (self->inscription, 0.0f);
  gtk_inscription_set_min_chars (self->inscription, 0);
  gtk_inscription_set_nat_chars (self->inscription, 0);
  gtk_inscription_set_text_overflow (self->inscription, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_widget_set_parent (GTK_WIDGET (self->inscription), GTK_WIDGET (self));
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

  gtk_inscription_set_xalign (self->inscription, xalign);
}

/* Draws @text (NULL: none) from the next frame on; nothing is measured. */
void
ss_text_cell_set_text (SsTextCell *self, const char *text)
{
  g_return_if_fail (SS_IS_TEXT_CELL (self));

  if (g_strcmp0 (gtk_inscription_get_text (self->inscription), text) != 0)
    gtk_inscription_set_text (self->inscription, text);
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

/* The width of @text in the cell's font, px: what a label showing it would
 * ask for. */
int
ss_text_cell_measure_text (SsTextCell *self, const char *text)
{
  g_autoptr(PangoLayout) layout = NULL;
  int width;

  g_return_val_if_fail (SS_IS_TEXT_CELL (self), 0);

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->inscription), text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}
