/* ss-runs-panel.c - the pinned runs as a list box bound to an SsRunList;
 * each row shows and edits one SsPinnedRun. */
#define G_LOG_DOMAIN "ss-runs-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-chart-layer.h"
#include "ss-runs-panel.h"
#include "ss-tooltips.h"

struct _SsRunsPanel
{
  GtkWidget parent_instance;

  GtkWidget  *box;
  GtkListBox *list_box;
  SsRunList  *list;
};

G_DEFINE_FINAL_TYPE (SsRunsPanel, ss_runs_panel, GTK_TYPE_WIDGET)

/* ---- a row -------------------------------------------------------------- */

/* A short line in the run's dash pattern, as its curves are drawn. */
static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SsPinnedRun *run = data;
  GdkRGBA      color;

  (void)area;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, 2.0);
  ss_chart_set_run_dash (cr, ss_pinned_run_get_style (run) + 1, 1.0);
  cairo_move_to (cr, 1, height / 2.0);
  cairo_line_to (cr, width - 1, height / 2.0);
  cairo_stroke (cr);
}

typedef struct
{
  SsRunsPanel *panel;
  SsPinnedRun *run;
  GtkLabel    *label;
  GtkEntry    *entry; /* in the rename popover */
  GtkWidget   *spinner;
  GtkWidget   *warning;
  GtkWidget   *eye;
} Row;

static void
row_sync (Row *row)
{
  SsPinnedRunState state = ss_pinned_run_get_state (row->run);
  gboolean         visible = ss_pinned_run_get_visible (row->run);

  gtk_label_set_text (row->label, ss_pinned_run_get_name (row->run));
  ss_tooltips_set_text (GTK_WIDGET (row->label), ss_pinned_run_get_name (row->run));
  gtk_widget_set_visible (row->spinner, state == SS_PINNED_RUN_COMPUTING);
  gtk_spinner_set_spinning (GTK_SPINNER (row->spinner), state == SS_PINNED_RUN_COMPUTING);
  gtk_widget_set_visible (row->warning, state == SS_PINNED_RUN_FAILED);
  ss_tooltips_set_text (row->warning, ss_pinned_run_get_error (row->run));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (row->eye), visible);
  gtk_button_set_icon_name (GTK_BUTTON (row->eye), visible ? "view-reveal-symbolic" : "view-conceal-symbolic");
  ss_tooltips_set_text (row->eye, visible ? _("Hide This Run") : _("Show This Run"));
  gtk_widget_set_opacity (GTK_WIDGET (row->label), visible ? 1.0 : 0.55);
}

/* Enter in the rename popover: the user's name (blank: the automatic one) */
static void
rename_activate_cb (GtkEntry *entry, Row *row)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_POPOVER);

  if (row->panel->list != NULL)
    ss_run_list_rename (row->panel->list, row->run, gtk_editable_get_text (GTK_EDITABLE (entry)));
  row_sync (row);
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

static void
rename_show_cb (GtkPopover *popover, Row *row)
{
  (void)popover;
  gtk_editable_set_text (GTK_EDITABLE (row->entry), ss_pinned_run_get_name (row->run));
  gtk_widget_grab_focus (GTK_WIDGET (row->entry));
}

/* A popover with the name in an entry: Enter renames, Escape leaves it. */
static GtkWidget *
rename_button (Row *row)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *hint = gtk_label_new (_("Rename the run; empty: named by what differs"));

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-edit-symbolic");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Rename This Run"));
  row->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_max_length (row->entry, 100);
  gtk_editable_set_width_chars (GTK_EDITABLE (row->entry), 24);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Run name"), -1);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_add_css_class (hint, "caption");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->entry));
  gtk_box_append (GTK_BOX (box), hint);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  g_signal_connect (row->entry, "activate", G_CALLBACK (rename_activate_cb), row);
  g_signal_connect (popover, "show", G_CALLBACK (rename_show_cb), row);
  return button;
}

static void
eye_toggled_cb (GtkToggleButton *button, Row *row)
{
  ss_pinned_run_set_visible (row->run, gtk_toggle_button_get_active (button));
}

static void
remove_clicked_cb (GtkButton *button, Row *row)
{
  (void)button;
  if (row->panel->list != NULL)
    ss_run_list_remove (row->panel->list, row->run);
}

static void
row_free (gpointer data)
{
  Row *row = data;

  g_signal_handlers_disconnect_by_func (row->run, row_sync, row);
  g_object_unref (row->run);
  g_free (row);
}

static GtkWidget *
create_row (gpointer item, gpointer user_data)
{
  Row       *row = g_new0 (Row, 1);
  GtkWidget *list_row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *remove, *rename;

  row->panel = user_data;
  row->run = g_object_ref (item);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (list_row), FALSE);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 4);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 30);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, g_object_ref (row->run), g_object_unref);
  gtk_widget_set_name (swatch, "swatch");
  gtk_box_append (GTK_BOX (box), swatch);

  row->label = GTK_LABEL (gtk_label_new (ss_pinned_run_get_name (row->run)));
  gtk_widget_set_hexpand (GTK_WIDGET (row->label), TRUE);
  gtk_label_set_xalign (row->label, 0);
  /* names are long ("Modelling level: 2 — weightless gears"): three lines */
  gtk_label_set_wrap (row->label, TRUE);
  gtk_label_set_wrap_mode (row->label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (row->label, 3);
  gtk_label_set_ellipsize (row->label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (row->label, 8);
  gtk_label_set_max_width_chars (row->label, 20);
  gtk_widget_add_css_class (GTK_WIDGET (row->label), "caption");
  gtk_widget_set_name (GTK_WIDGET (row->label), "name");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->label));

  row->spinner = gtk_spinner_new ();
  gtk_widget_set_tooltip_text (row->spinner, _("Computing…"));
  gtk_box_append (GTK_BOX (box), row->spinner);
  row->warning = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_widget_add_css_class (row->warning, "warning");
  gtk_box_append (GTK_BOX (box), row->warning);

  rename = rename_button (row);
  gtk_widget_set_name (rename, "rename");
  gtk_box_append (GTK_BOX (box), rename);

  row->eye = gtk_toggle_button_new ();
  gtk_widget_add_css_class (row->eye, "flat");
  gtk_widget_set_valign (row->eye, GTK_ALIGN_CENTER);
  gtk_widget_set_name (row->eye, "visible");
  gtk_box_append (GTK_BOX (box), row->eye);

  remove = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove This Run"));
  gtk_widget_set_name (remove, "remove");
  gtk_box_append (GTK_BOX (box), remove);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), box);
  g_object_set_data_full (G_OBJECT (list_row), "ss-row", row, row_free);
  row_sync (row);
  g_signal_connect_swapped (row->run, "notify", G_CALLBACK (row_sync), row);
  g_signal_connect (row->eye, "toggled", G_CALLBACK (eye_toggled_cb), row);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), row);
  return list_row;
}

/* ---- the panel ---------------------------------------------------------- */

static void
ss_runs_panel_dispose (GObject *object)
{
  SsRunsPanel *self = (SsRunsPanel *)object;

  if (self->list_box != NULL)
    gtk_list_box_bind_model (self->list_box, NULL, NULL, NULL, NULL);
  g_clear_object (&self->list);
  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_RUNS_PANEL);

  G_OBJECT_CLASS (ss_runs_panel_parent_class)->dispose (object);
}

static void
ss_runs_panel_class_init (SsRunsPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_runs_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-runs-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, SsRunsPanel, box);
  gtk_widget_class_bind_template_child (widget_class, SsRunsPanel, list_box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "runspanel");
}

static void
ss_runs_panel_init (SsRunsPanel *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));
  placeholder = gtk_label_new (_("Pin the current run (Ctrl+K) to compare it with later ones, or compare every "
                                 "choice of a parameter with the button beside it."));
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_label_set_xalign (GTK_LABEL (placeholder), 0);
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_add_css_class (placeholder, "caption");
  gtk_list_box_set_placeholder (self->list_box, placeholder);
}

/* Shows (and edits) @list: the current scenario's pinned runs. */
void
ss_runs_panel_set_list (SsRunsPanel *self, SsRunList *list)
{
  g_return_if_fail (SS_IS_RUNS_PANEL (self));

  if (!g_set_object (&self->list, list))
    return;
  gtk_list_box_bind_model (self->list_box, list != NULL ? G_LIST_MODEL (list) : NULL, create_row, self, NULL);
}

/* For the tests: the row of @run's widget named @what ("swatch", "name",
 * "rename", "visible", "remove"; "rename-entry": the rename popover's
 * entry), or NULL. */
GtkWidget *
ss_runs_panel_find_row_widget (SsRunsPanel *self, SsPinnedRun *run, const char *what)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      Row *row = g_object_get_data (G_OBJECT (child), "ss-row");

      if (row == NULL || row->run != run)
        continue;
      if (g_str_equal (what, "rename-entry"))
        return GTK_WIDGET (row->entry);
      for (GtkWidget *w = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (child))); w != NULL;
           w = gtk_widget_get_next_sibling (w))
        if (g_strcmp0 (gtk_widget_get_name (w), what) == 0)
          return w;
    }
  return NULL;
}
