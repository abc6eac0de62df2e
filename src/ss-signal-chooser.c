/* ss-signal-chooser.c - the plot stack's columns in a searchable list of
 * check boxes, under headings by kind (positions, velocities, friction,
 * normal forces, ratios, energy, ...), each row with the column's label,
 * unit and CSV name.  Toggling a row puts the column on its chart or takes
 * it off; the stack remembers the choice per scenario. */
#define G_LOG_DOMAIN "ss-signal-chooser"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ss-plot-stack-labels.h"
#include "ss-signal-chooser.h"

struct _SsSignalChooser
{
  GtkWidget    parent_instance;
  GtkWidget   *button;
  GtkWidget   *popover;
  GtkWidget   *search;
  GtkWidget   *list;
  GtkWidget   *reset;
  SsPlotStack *stack;
  gulong       changed_id;
  char        *built_for; /* column names the rows were made for */
  gboolean     syncing;
};

G_DEFINE_FINAL_TYPE (SsSignalChooser, ss_signal_chooser, GTK_TYPE_WIDGET)

/* Row data: "ss-column" (CSV name), "ss-group" (heading), "ss-text" (what
 * a search matches, casefolded). */

static void
check_toggled_cb (GtkCheckButton *check, SsSignalChooser *self)
{
  const char *column = g_object_get_data (G_OBJECT (check), "ss-column");

  if (self->syncing || self->stack == NULL)
    return;
  ss_plot_stack_set_column_shown (self->stack, column, gtk_check_button_get_active (check));
}

static GtkWidget *
make_row (SsSignalChooser *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  g_autofree char *label = ss_plot_stack_column_label (m, column);
  const char      *group = ss_plot_stack_group_name (m, column);
  gboolean         unit_shown = col->unit[0] != '\0' && !g_str_equal (col->unit, "1");
  g_autofree char *text = g_strjoin (" ", label, col->name, unit_shown ? col->unit : "", group, NULL);
  GtkWidget       *row = gtk_list_box_row_new ();
  GtkWidget       *check = gtk_check_button_new ();
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget       *name = gtk_label_new (label);
  GtkWidget       *unit = gtk_label_new (unit_shown ? col->unit : "");
  GtkWidget       *id = gtk_label_new (col->name);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  /* room for "ψ bearing: friction moment" before it ellipsizes */
  gtk_label_set_width_chars (GTK_LABEL (name), 30);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 40);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_widget_add_css_class (unit, "caption");
  gtk_widget_add_css_class (id, "dim-label");
  gtk_widget_add_css_class (id, "caption");
  gtk_widget_add_css_class (id, "monospace");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), unit);
  gtk_box_append (GTK_BOX (box), id);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), box);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), ss_plot_stack_get_column_shown (self->stack, col->name));
  gtk_widget_set_margin_start (check, 6);
  gtk_widget_set_margin_end (check, 6);
  g_object_set_data_full (G_OBJECT (check), "ss-column", g_strdup (col->name), g_free);
  g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), self);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), check);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data_full (G_OBJECT (row), "ss-column", g_strdup (col->name), g_free);
  g_object_set_data (G_OBJECT (row), "ss-group", (gpointer)group);
  g_object_set_data_full (G_OBJECT (row), "ss-text", g_utf8_casefold (text, -1), g_free);
  return row;
}

static char *
columns_of (const ss_model *m)
{
  GString *s = g_string_new (ss_model_scenario (m)->name);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    g_string_append_printf (s, "|%s", ss_model_column (m, i)->name);
  return g_string_free (s, FALSE);
}

/* Rows anew for another model, else the check boxes brought in line. */
static void
sync_rows (SsSignalChooser *self)
{
  const ss_model  *m = self->stack != NULL ? ss_plot_stack_get_model (self->stack) : NULL;
  g_autofree char *columns = m != NULL ? columns_of (m) : NULL;
  GtkListBoxRow   *row;

  self->syncing = TRUE;
  if (g_strcmp0 (columns, self->built_for) != 0)
    {
      while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), 0)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->list), GTK_WIDGET (row));
      g_free (self->built_for);
      self->built_for = g_steal_pointer (&columns);
      /* in the order of the charts' kinds, then of the columns */
      for (int group = 0; m != NULL && group < SS_PLOT_STACK_N_GROUPS; group++)
        for (int i = 0; i < ss_model_n_columns (m); i++)
          if (ss_plot_stack_get_column_group (m, i) == group)
            gtk_list_box_append (GTK_LIST_BOX (self->list), make_row (self, m, i));
    }
  else
    for (int i = 0; (row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), i)) != NULL; i++)
      gtk_check_button_set_active (
          GTK_CHECK_BUTTON (gtk_list_box_row_get_child (row)),
          ss_plot_stack_get_column_shown (self->stack, g_object_get_data (G_OBJECT (row), "ss-column")));
  self->syncing = FALSE;
  gtk_widget_set_sensitive (self->button, m != NULL);
}

/* A heading over the first row of each kind. */
static void
header_func (GtkListBoxRow *row, GtkListBoxRow *before, gpointer data)
{
  const char *group = g_object_get_data (G_OBJECT (row), "ss-group");
  GtkWidget  *header;

  (void)data;
  if (before != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (before), "ss-group"), group) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_label_new (group);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_set_margin_start (header, 8);
  gtk_widget_set_margin_top (header, before != NULL ? 10 : 2);
  gtk_widget_set_margin_bottom (header, 2);
  gtk_list_box_row_set_header (row, header);
}

/* Every word of the search in the row's label, name, unit or kind. */
static gboolean
filter_func (GtkListBoxRow *row, gpointer data)
{
  SsSignalChooser *self = data;
  const char      *text = g_object_get_data (G_OBJECT (row), "ss-text");
  g_autofree char *query = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search)), -1);
  g_auto(GStrv) words = g_strsplit_set (query, " \t", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (text, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
search_changed_cb (SsSignalChooser *self)
{
  gtk_list_box_invalidate_filter (GTK_LIST_BOX (self->list));
  gtk_list_box_invalidate_headers (GTK_LIST_BOX (self->list));
}

static void
reset_clicked_cb (SsSignalChooser *self)
{
  if (self->stack != NULL)
    ss_plot_stack_reset_columns (self->stack);
}

static void
popover_show_cb (SsSignalChooser *self)
{
  gtk_widget_grab_focus (self->search);
}

void
ss_signal_chooser_set_plot_stack (SsSignalChooser *self, SsPlotStack *stack)
{
  g_return_if_fail (SS_IS_SIGNAL_CHOOSER (self));

  if (self->stack != NULL)
    g_clear_signal_handler (&self->changed_id, self->stack);
  g_set_object (&self->stack, stack);
  if (stack != NULL)
    self->changed_id = g_signal_connect_swapped (stack, "columns-changed", G_CALLBACK (sync_rows), self);
  sync_rows (self);
}

/* What the search entry holds (tests, a search from elsewhere). */
void
ss_signal_chooser_set_search (SsSignalChooser *self, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search), text);
  search_changed_cb (self);
}

static GtkWidget *
find_row (SsSignalChooser *self, const char *column)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), i)) != NULL; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "ss-column"), column) == 0)
      return GTK_WIDGET (row);
  return NULL;
}

/* The check box of column @column's row, or NULL. */
GtkCheckButton *
ss_signal_chooser_get_check (SsSignalChooser *self, const char *column)
{
  GtkWidget *row = find_row (self, column);

  return row != NULL ? GTK_CHECK_BUTTON (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))) : NULL;
}

/* Whether column @column's row matches the search. */
gboolean
ss_signal_chooser_is_listed (SsSignalChooser *self, const char *column)
{
  GtkWidget *row = find_row (self, column);

  return row != NULL && filter_func (GTK_LIST_BOX_ROW (row), self);
}

static void
ss_signal_chooser_dispose (GObject *object)
{
  SsSignalChooser *self = (SsSignalChooser *)object;

  if (self->stack != NULL)
    g_clear_signal_handler (&self->changed_id, self->stack);
  g_clear_object (&self->stack);
  g_clear_pointer (&self->built_for, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_SIGNAL_CHOOSER);

  G_OBJECT_CLASS (ss_signal_chooser_parent_class)->dispose (object);
}

static void
ss_signal_chooser_class_init (SsSignalChooserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_signal_chooser_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-signal-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, SsSignalChooser, button);
  gtk_widget_class_bind_template_child (widget_class, SsSignalChooser, popover);
  gtk_widget_class_bind_template_child (widget_class, SsSignalChooser, search);
  gtk_widget_class_bind_template_child (widget_class, SsSignalChooser, list);
  gtk_widget_class_bind_template_child (widget_class, SsSignalChooser, reset);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_show_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "signalchooser");
}

static void
ss_signal_chooser_init (SsSignalChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->list), header_func, NULL, NULL);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (self->list), filter_func, self, NULL);
  gtk_widget_set_sensitive (self->button, FALSE);
}

GtkWidget *
ss_signal_chooser_new (void)
{
  return g_object_new (SS_TYPE_SIGNAL_CHOOSER, NULL);
}
