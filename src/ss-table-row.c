/* ss-table-row.c - a table's row drawn by one widget.  A list of events
 * changes its count of rows with every run, and GTK 4.8 makes or drops a
 * row widget for each event added or removed within 200 of the first one
 * shown: a row of one widget (inside the list's own row) is two widgets
 * made, where a GtkColumnView's row of three cells was seven or more, and
 * none of its cells joins a column whose every cell is measured again.
 * The columns are laid out as GtkColumnView lays out its own (each at
 * least its least width, the room up to their natural widths shared out,
 * what is left given to the expanding columns), and padded as Adwaita
 * pads a column view's cells, so a header of the same columns over the
 * rows lines up with them. */
#define G_LOG_DOMAIN "ss-table-row"

#include "config.h"

#include "ss-table-row.h"

/* px, each side of a column's text: Adwaita's column view cells' padding
 * (6 px), and a border of 1 px before every column but the first */
#define CELL_PADDING 6
/* px, the padding of a list's row around the row widget (Adwaita's
 * "listview > row"): the columns reach over it, as a column view's cells
 * reach the edges of its rows */
#define ROW_EDGE 2
/* px, above and below the header's titles, and the least height between
 * (Adwaita's column view header buttons: a button's least height) */
#define HEADER_PADDING    3
#define HEADER_MIN_HEIGHT 24

struct _SsTableRow
{
  GtkWidget             parent_instance;
  const SsTableColumns *columns; /* the owner's */
  gboolean              header;
  GtkWidget            *align_to; /* a header's list, not owned; NULL: its own width */
  char                 *text[SS_TABLE_MAX_COLUMNS];
  PangoLayout          *layout[SS_TABLE_MAX_COLUMNS]; /* made when the column is first drawn */
};

G_DEFINE_FINAL_TYPE (SsTableRow, ss_table_row, GTK_TYPE_WIDGET)

static int
column_padding (int column)
{
  return 2 * CELL_PADDING + (column > 0 ? 1 : 0);
}

/* The columns' starts and widths over @span px (padding included), in
 * their order from the start, as GtkColumnView allocates its columns. */
static void
layout_columns (const SsTableColumns *c, int span, int *x, int *width)
{
  GtkRequestedSize sizes[SS_TABLE_MAX_COLUMNS];
  int              least = 0, n_expand = 0, extra, share, rest, at = 0;

  for (int i = 0; i < c->n; i++)
    {
      sizes[i].data = NULL;
      sizes[i].minimum_size = MAX (c->minimum[i], 0) + column_padding (i);
      sizes[i].natural_size = MAX (MAX (c->natural[i], c->minimum[i]), 0) + column_padding (i);
      least += sizes[i].minimum_size;
      n_expand += c->expand[i] ? 1 : 0;
    }
  extra = gtk_distribute_natural_allocation (MAX (span - least, 0), (guint)c->n, sizes);
  share = n_expand > 0 ? extra / n_expand : 0;
  rest = n_expand > 0 ? extra % n_expand : 0;
  for (int i = 0; i < c->n; i++)
    {
      width[i] = sizes[i].minimum_size;
      if (c->expand[i])
        {
          width[i] += share + (rest > 0 ? 1 : 0);
          rest--;
        }
      x[i] = at;
      at += width[i];
    }
}

/* The span the columns are laid over, in @self's coordinates: a row's
 * width and its list row's padding, a header's list's width. */
static void
get_span (SsTableRow *self, float *x, int *width)
{
  graphene_rect_t bounds;

  if (self->header && self->align_to != NULL && gtk_widget_compute_bounds (self->align_to, GTK_WIDGET (self), &bounds))
    {
      *x = bounds.origin.x;
      *width = (int)bounds.size.width;
      return;
    }
  *x = self->header ? 0.f : -ROW_EDGE;
  *width = gtk_widget_get_width (GTK_WIDGET (self)) + (self->header ? 0 : 2 * ROW_EDGE);
}

/* Column @column's text's start and width in @self, px (after the
 * columns' padding), as drawn at @self's width. */
void
ss_table_row_get_column (SsTableRow *self, int column, int *x, int *width)
{
  int   xs[SS_TABLE_MAX_COLUMNS], widths[SS_TABLE_MAX_COLUMNS], span;
  float start;

  g_return_if_fail (SS_IS_TABLE_ROW (self));
  g_return_if_fail (column >= 0 && column < self->columns->n);

  get_span (self, &start, &span);
  layout_columns (self->columns, span, xs, widths);
  if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
    *x = (int)start + span - xs[column] - widths[column] + CELL_PADDING;
  else
    *x = (int)start + xs[column] + column_padding (column) - CELL_PADDING;
  *width = widths[column] - column_padding (column);
}

/* A line's height and baseline in @self's font, px: what a one-line
 * GtkInscription asks for (the font's ascent and descent). */
void
ss_table_row_measure_line (SsTableRow *self, int *height, int *baseline)
{
  PangoFontMetrics *metrics;
  int               ascent, descent;

  g_return_if_fail (SS_IS_TABLE_ROW (self));

  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (self)), NULL, NULL);
  ascent = pango_font_metrics_get_ascent (metrics);
  descent = pango_font_metrics_get_descent (metrics);
  pango_font_metrics_unref (metrics);
  *height = PANGO_PIXELS_CEIL (ascent + descent);
  *baseline = PANGO_PIXELS_CEIL (ascent);
}

/* A line of @self's font (the columns' when a row, its own when a
 * header). */
static void
get_line (SsTableRow *self, int *height, int *baseline)
{
  if (!self->header && self->columns->height >= 0)
    {
      *height = self->columns->height;
      *baseline = self->columns->baseline;
      return;
    }
  ss_table_row_measure_line (self, height, baseline);
}

static void
ss_table_row_measure (GtkWidget     *widget,
                      GtkOrientation orientation,
                      int            for_size,
                      int           *minimum,
                      int           *natural,
                      int           *minimum_baseline,
                      int           *natural_baseline)
{
  SsTableRow           *self = SS_TABLE_ROW (widget);
  const SsTableColumns *c = self->columns;
  int                   height, baseline;

  (void)for_size;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* the columns', never the texts' */
      int edge = self->header ? 0 : 2 * ROW_EDGE;

      *minimum = *natural = 0;
      for (int i = 0; i < c->n; i++)
        {
          *minimum += MAX (c->minimum[i], 0) + column_padding (i);
          *natural += MAX (MAX (c->natural[i], c->minimum[i]), 0) + column_padding (i);
        }
      *minimum = MAX (*minimum - edge, 0);
      *natural = MAX (*natural - edge, *minimum);
      *minimum_baseline = *natural_baseline = -1;
      return;
    }
  get_line (self, &height, &baseline);
  if (self->header)
    {
      /* the titles padded, and a separator under them */
      *minimum = *natural = MAX (height, HEADER_MIN_HEIGHT) + 2 * HEADER_PADDING + 1;
      *minimum_baseline = *natural_baseline = -1;
      return;
    }
  *minimum = *natural = height;
  *minimum_baseline = *natural_baseline = baseline;
}

/* Column @column's layout, made once with the widget's font (and tabular
 * digits where the column asks for them). */
static PangoLayout *
make_layout (SsTableRow *self, int column, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  if (self->columns->tabular[column])
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

static PangoLayout *
get_layout (SsTableRow *self, int column)
{
  if (self->layout[column] == NULL)
    {
      self->layout[column] = make_layout (self, column, self->text[column]);
      pango_layout_set_ellipsize (self->layout[column], PANGO_ELLIPSIZE_END);
      pango_layout_set_single_paragraph_mode (self->layout[column], TRUE);
    }
  return self->layout[column];
}

/* Each column's text on the line's baseline, ellipsized at the column's
 * width, aligned in it as the column says; a header's dim, as a column
 * view's titles, with a separator under them. */
static void
ss_table_row_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsTableRow           *self = SS_TABLE_ROW (widget);
  const SsTableColumns *c = self->columns;
  gboolean              rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int                   xs[SS_TABLE_MAX_COLUMNS], widths[SS_TABLE_MAX_COLUMNS], span, height, baseline, top;
  float                 start;
  GdkRGBA               color;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  get_span (self, &start, &span);
  layout_columns (c, span, xs, widths);
  get_line (self, &height, &baseline);
  top = self->header ? HEADER_PADDING + (MAX (height, HEADER_MIN_HEIGHT) - height) / 2
                     : (gtk_widget_get_height (widget) - height) / 2;
  if (self->header)
    {
      GdkRGBA line = color;

      line.alpha *= 0.15f;
      gtk_snapshot_append_color (snapshot, &line,
                                 &GRAPHENE_RECT_INIT (start, gtk_widget_get_height (widget) - 1, span, 1));
      color.alpha *= 0.4f; /* the column view's titles' */
    }
  for (int i = 0; i < c->n; i++)
    {
      int          text_width = widths[i] - column_padding (i);
      float        x, xalign = self->header ? 0.f : c->xalign[i]; /* titles at the start, as a column view's */
      PangoLayout *layout;

      if (self->text[i] == NULL || self->text[i][0] == '\0' || text_width <= 0)
        continue;
      layout = get_layout (self, i);
      pango_layout_set_width (layout, text_width * PANGO_SCALE);
      if (rtl)
        xalign = 1.f - xalign;
      pango_layout_set_alignment (layout, xalign < 0.33f   ? PANGO_ALIGN_LEFT
                                          : xalign < 0.67f ? PANGO_ALIGN_CENTER
                                                           : PANGO_ALIGN_RIGHT);
      if (rtl)
        x = start + span - xs[i] - widths[i] + CELL_PADDING;
      else
        x = start + xs[i] + column_padding (i) - CELL_PADDING;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (
          snapshot, &GRAPHENE_POINT_INIT (x, top + baseline - pango_layout_get_baseline (layout) / PANGO_SCALE));
      gtk_snapshot_append_layout (snapshot, layout, &color);
      gtk_snapshot_restore (snapshot);
    }
}

/* Another style (the font may change): the layouts are made again when
 * next drawn. */
static void
ss_table_row_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  SsTableRow *self = SS_TABLE_ROW (widget);

  GTK_WIDGET_CLASS (ss_table_row_parent_class)->css_changed (widget, change);
  for (int i = 0; i < SS_TABLE_MAX_COLUMNS; i++)
    g_clear_object (&self->layout[i]);
}

static void
ss_table_row_finalize (GObject *object)
{
  SsTableRow *self = SS_TABLE_ROW (object);

  for (int i = 0; i < SS_TABLE_MAX_COLUMNS; i++)
    {
      g_free (self->text[i]);
      g_clear_object (&self->layout[i]);
    }
  G_OBJECT_CLASS (ss_table_row_parent_class)->finalize (object);
}

static void
ss_table_row_class_init (SsTableRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_table_row_finalize;
  widget_class->measure = ss_table_row_measure;
  widget_class->snapshot = ss_table_row_snapshot;
  widget_class->css_changed = ss_table_row_css_changed;
  gtk_widget_class_set_css_name (widget_class, "tablerow");
  /* read as one line: its texts, comma-separated, are its label */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
ss_table_row_init (SsTableRow *self)
{
  (void)self;
}

/* A row of @columns (owned by the caller, who keeps them while the row
 * lives and queues a resize of the rows when they change). */
GtkWidget *
ss_table_row_new (const SsTableColumns *columns)
{
  SsTableRow *self = g_object_new (SS_TYPE_TABLE_ROW, NULL);

  g_return_val_if_fail (columns != NULL && columns->n <= SS_TABLE_MAX_COLUMNS, NULL);
  self->columns = columns;
  return GTK_WIDGET (self);
}

/* The titles' row over the rows of @columns shown by @align_to (a list
 * view): its columns line up with theirs. */
GtkWidget *
ss_table_row_new_header (const SsTableColumns *columns, GtkWidget *align_to)
{
  SsTableRow *self = SS_TABLE_ROW (ss_table_row_new (columns));

  self->header = TRUE;
  self->align_to = align_to;
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");            /* the list's background */
  gtk_widget_add_css_class (GTK_WIDGET (self), "caption-heading"); /* the titles' font */
  return GTK_WIDGET (self);
}

/* Shows @texts (one per column; NULL: none) from the next frame on: only
 * drawn, nothing measured.  Assistive technologies read them, joined, as
 * the row's label. */
void
ss_table_row_set_texts (SsTableRow *self, const char *const *texts)
{
  gboolean changed = FALSE;
  g_autoptr(GString) label = NULL;

  g_return_if_fail (SS_IS_TABLE_ROW (self));

  for (int i = 0; i < self->columns->n; i++)
    if (g_strcmp0 (self->text[i], texts[i]) != 0)
      {
        g_free (self->text[i]);
        self->text[i] = g_strdup (texts[i]);
        if (self->layout[i] != NULL)
          pango_layout_set_text (self->layout[i], texts[i] != NULL ? texts[i] : "", -1);
        changed = TRUE;
      }
  if (!changed)
    return;
  label = g_string_new (NULL);
  for (int i = 0; i < self->columns->n; i++)
    if (self->text[i] != NULL && self->text[i][0] != '\0')
      g_string_append_printf (label, "%s%s", label->len > 0 ? ", " : "", self->text[i]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label->str, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ss_table_row_get_text (SsTableRow *self, int column)
{
  g_return_val_if_fail (SS_IS_TABLE_ROW (self), NULL);
  g_return_val_if_fail (column >= 0 && column < self->columns->n, NULL);

  return self->text[column];
}

/* The width of @text in column @column's font, px: what a label showing
 * it would ask for. */
int
ss_table_row_measure_text (SsTableRow *self, int column, const char *text)
{
  g_autoptr(PangoLayout) layout = NULL;
  int width;

  g_return_val_if_fail (SS_IS_TABLE_ROW (self), 0);
  g_return_val_if_fail (column >= 0 && column < self->columns->n, 0);

  layout = make_layout (self, column, text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}
