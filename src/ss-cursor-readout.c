/* ss-cursor-readout.c - the measurement cursors' readout: a line with the
 * cursors' times and a table of the curves' values, rebuilt when a cursor
 * moves or the runs change (ss_cursor_readout_refresh).  The values are
 * the legends' own (ss_line_layer_value_at); one undetermined shows "—". */
#define G_LOG_DOMAIN "ss-cursor-readout"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-cursor-readout.h"
#include "ss-readable.h"
#include "ss-units.h"

#define N_COLUMNS 5 /* curve, run, A, B, B − A */

struct _SsCursorReadout
{
  GtkWidget    parent_instance;
  GtkWidget   *box;
  GtkWidget   *times; /* GtkLabel: tA, tB, Δt, 1/Δt */
  GtkWidget   *grid;  /* GtkGrid: the header row, then a row per curve */
  SsPlotStack *stack; /* weak */
  GPtrArray   *readings;
  GPtrArray   *cells; /* char *, N_COLUMNS a row, as shown */
  double       t[2];
};

G_DEFINE_FINAL_TYPE (SsCursorReadout, ss_cursor_readout, GTK_TYPE_WIDGET)

/* A value as the legends read it: nothing finer than the curve's noise. */
static char *
format_value (double v, double noise, const char *unit)
{
  return isnan (v) ? g_strdup ("—") : ss_format_screen_minus (ss_readable_quantity (v, noise, unit));
}

static GtkWidget *
cell_label (const char *text, gboolean numeric, gboolean header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), !header);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (header)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The values of a reading at A, at B and B − A; NaN where undetermined. */
static void
reading_values (SsCursorReadout *self, const SsPlotStackReading *reading, double v[3])
{
  v[0] = ss_line_layer_value_at (reading->layer, self->t[0]);
  v[1] = ss_line_layer_value_at (reading->layer, self->t[1]);
  v[2] = v[1] - v[0];
}

void
ss_cursor_readout_refresh (SsCursorReadout *self)
{
  SsTimeAxis      *axis;
  GtkWidget       *child;
  g_autofree char *a = NULL, *b = NULL, *dt = NULL, *freq = NULL, *times = NULL;
  const char      *headers[N_COLUMNS] = { _("Curve"), _("Run"), "A", "B", _("B − A") };

  g_return_if_fail (SS_IS_CURSOR_READOUT (self));
  if (self->stack == NULL)
    return;
  axis = ss_plot_stack_get_time_axis (self->stack);
  gtk_widget_set_visible (GTK_WIDGET (self), ss_time_axis_get_measuring (axis));
  if (!ss_time_axis_get_measuring (axis))
    return;
  self->t[0] = ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A);
  self->t[1] = ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_B);
  a = ss_format_screen_minus (ss_format_quantity (self->t[0], "s"));
  b = ss_format_screen_minus (ss_format_quantity (self->t[1], "s"));
  dt = ss_format_screen_minus (ss_format_quantity (self->t[1] - self->t[0], "s"));
  freq = self->t[1] != self->t[0] ? ss_format_quantity (1.0 / fabs (self->t[1] - self->t[0]), "Hz") : g_strdup ("—");
  /* Translators: the measurement cursors' readout: the times of cursors A and B, their distance and its inverse */
  times = g_strdup_printf (_("A: %s    B: %s    Δt = tB − tA = %s    1/Δt = %s"), a, b, dt, freq);
  gtk_label_set_text (GTK_LABEL (self->times), times);

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_clear_pointer (&self->readings, g_ptr_array_unref);
  g_ptr_array_set_size (self->cells, 0);
  self->readings = ss_plot_stack_list_readings (self->stack);
  for (guint c = 0; c < N_COLUMNS; c++)
    gtk_grid_attach (GTK_GRID (self->grid), cell_label (headers[c], c >= 2, TRUE), c, 0, 1, 1);
  for (guint r = 0; r < self->readings->len; r++)
    {
      const SsPlotStackReading *reading = g_ptr_array_index (self->readings, r);
      double                    v[3];

      reading_values (self, reading, v);
      g_ptr_array_add (self->cells, g_strdup (reading->name));
      g_ptr_array_add (self->cells, g_strdup (reading->run));
      for (guint k = 0; k < 3; k++)
        g_ptr_array_add (self->cells, format_value (v[k], ss_line_layer_get_noise (reading->layer), reading->unit));
      for (guint c = 0; c < N_COLUMNS; c++)
        gtk_grid_attach (GTK_GRID (self->grid),
                         cell_label (g_ptr_array_index (self->cells, r * N_COLUMNS + c), c >= 2, FALSE), c, r + 1, 1,
                         1);
    }
}

/* Rows of curves in the table (tests). */
guint
ss_cursor_readout_get_n_rows (SsCursorReadout *self)
{
  return self->readings != NULL ? self->readings->len : 0;
}

/* The text shown in a row's column: curve, run, A, B, B − A (tests). */
char *
ss_cursor_readout_dup_cell (SsCursorReadout *self, guint row, guint column)
{
  g_return_val_if_fail (row < ss_cursor_readout_get_n_rows (self) && column < N_COLUMNS, NULL);
  return g_strdup (g_ptr_array_index (self->cells, row * N_COLUMNS + column));
}

static void
append_number (GString *text, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (text, '\t');
  /* undetermined: a dash, never a number */
  g_string_append (text, isnan (v) ? "—" : g_ascii_formatd (buf, sizeof buf, "%.10g", v));
}

/* The readout as tab-separated text: a header line naming the cursors'
 * times, then a line per curve; numbers with a point and ten significant
 * digits, the unit in a column of its own. */
char *
ss_cursor_readout_dup_text (SsCursorReadout *self)
{
  GString *text = g_string_new (NULL);
  char     a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], dt[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (SS_IS_CURSOR_READOUT (self), g_string_free (text, FALSE));
  g_ascii_formatd (a, sizeof a, "%.10g", self->t[0]);
  g_ascii_formatd (b, sizeof b, "%.10g", self->t[1]);
  g_ascii_formatd (dt, sizeof dt, "%.10g", self->t[1] - self->t[0]);
  /* Translators: the header of the copied measurement cursors' readout, tab-separated; %s are times in seconds */
  g_string_append_printf (text, _("Curve\tRun\tUnit\tA (t = %s s)\tB (t = %s s)\tB − A (Δt = %s s)"), a, b, dt);
  g_string_append_c (text, '\n');
  for (guint r = 0; r < ss_cursor_readout_get_n_rows (self); r++)
    {
      const SsPlotStackReading *reading = g_ptr_array_index (self->readings, r);
      double                    v[3];

      reading_values (self, reading, v);
      g_string_append_printf (text, "%s\t%s\t%s", reading->name, reading->run, reading->unit ? reading->unit : "");
      for (guint k = 0; k < 3; k++)
        append_number (text, v[k]);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* Puts the readout on the clipboard as tab-separated text. */
void
ss_cursor_readout_copy (SsCursorReadout *self)
{
  g_autofree char *text = NULL;

  ss_cursor_readout_refresh (self);
  text = ss_cursor_readout_dup_text (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
copy_clicked_cb (SsCursorReadout *self)
{
  ss_cursor_readout_copy (self);
}

void
ss_cursor_readout_set_plot_stack (SsCursorReadout *self, SsPlotStack *stack)
{
  g_return_if_fail (SS_IS_CURSOR_READOUT (self));
  g_return_if_fail (self->stack == NULL);
  self->stack = stack;
  g_object_add_weak_pointer (G_OBJECT (stack), (gpointer *)&self->stack);
  g_signal_connect_object (ss_plot_stack_get_time_axis (stack), "measure-changed",
                           G_CALLBACK (ss_cursor_readout_refresh), self, G_CONNECT_SWAPPED);
  ss_cursor_readout_refresh (self);
}

static void
ss_cursor_readout_dispose (GObject *object)
{
  SsCursorReadout *self = SS_CURSOR_READOUT (object);

  if (self->stack != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->stack), (gpointer *)&self->stack);
  self->stack = NULL;
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->readings, g_ptr_array_unref);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  G_OBJECT_CLASS (ss_cursor_readout_parent_class)->dispose (object);
}

static void
ss_cursor_readout_class_init (SsCursorReadoutClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_cursor_readout_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cursorreadout");
}

static void
ss_cursor_readout_init (SsCursorReadout *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->cells = g_ptr_array_new_with_free_func (g_free);
  self->t[0] = self->t[1] = NAN;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 4);
  gtk_widget_set_margin_bottom (self->box, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->times = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->times), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->times), PANGO_ELLIPSIZE_END);
  gtk_label_set_selectable (GTK_LABEL (self->times), TRUE);
  gtk_widget_set_hexpand (self->times, TRUE);
  gtk_widget_add_css_class (self->times, "numeric");
  gtk_widget_add_css_class (self->times, "heading");
  gtk_box_append (GTK_BOX (header), self->times);
  gtk_widget_set_tooltip_text (copy, _("Copy the Readout as Tab-Separated Text"));
  gtk_widget_add_css_class (copy, "flat");
  g_signal_connect_swapped (copy, "clicked", G_CALLBACK (copy_clicked_cb), self);
  gtk_box_append (GTK_BOX (header), copy);
  gtk_box_append (GTK_BOX (self->box), header);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->grid);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  /* columns cut by a narrow window or rows below show their scrollbars */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller), FALSE);
  gtk_box_append (GTK_BOX (self->box), scroller);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
