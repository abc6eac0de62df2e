/* ss-export-dialog.c */
#define G_LOG_DOMAIN "ss-export-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ss-settings.h"
#include "ss-export-dialog.h"

struct _SsExportDialog
{
  AdwWindow    parent_instance;
  SsPlotStack *stack;
  GSettings   *settings;
  char        *file_name; /* suggested, without extension */
  GArray      *chosen;    /* guint: the charts checked, top to bottom */
  GPtrArray   *chart_rows;
  GPtrArray   *chart_checks;
  SsExportUnit unit; /* the one the sizes are in now */
  /* a drawing instead of the plot stack's charts (ss_export_dialog_new_for_drawing) */
  SsExportDrawFunc draw;
  GObject         *draw_owner;

  /* template */
  GtkWidget           *export_button;
  GtkDrawingArea      *preview;
  AdwPreferencesGroup *size_group;
  AdwComboRow         *format_row;
  AdwComboRow         *unit_row;
  GtkSpinButton       *width_spin;
  GtkSpinButton       *height_spin;
  GtkAdjustment       *width_adjustment;
  GtkAdjustment       *height_adjustment;
  GtkAdjustment       *dpi_adjustment;
  GtkAdjustment       *font_adjustment;
  AdwExpanderRow      *charts_row;
  AdwActionRow        *per_chart_row;
  GtkSwitch           *per_chart_switch;
  AdwActionRow        *overlays_row;
  GtkSwitch           *overlays_switch;
  AdwExpanderRow      *title_row;
  AdwExpanderRow      *parameters_row;
  GtkEditable         *title_entry;
  GtkEditable         *subtitle_entry;
};

enum
{
  EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsExportDialog, ss_export_dialog, ADW_TYPE_WINDOW)

/* settings' names of the formats and units, in the rows' order */
static const char *const format_names[] = { "png", "svg", "pdf" };
static const char *const unit_names[] = { "mm", "px" };

/* The options as the dialog shows them; the strings and the chart list
 * are the dialog's, valid until it changes. */
void
ss_export_dialog_get_options (SsExportDialog *self, SsExportOptions *options)
{
  const char *title = gtk_editable_get_text (self->title_entry);
  const char *subtitle = gtk_editable_get_text (self->subtitle_entry);

  ss_export_options_init (options);
  options->format = (SsExportFormat)MIN (adw_combo_row_get_selected (self->format_row), SS_EXPORT_PDF);
  options->unit = (SsExportUnit)MIN (adw_combo_row_get_selected (self->unit_row), SS_EXPORT_UNIT_PX);
  options->width = gtk_adjustment_get_value (self->width_adjustment);
  options->height = gtk_adjustment_get_value (self->height_adjustment);
  options->dpi = gtk_adjustment_get_value (self->dpi_adjustment);
  options->font_size = gtk_adjustment_get_value (self->font_adjustment);
  options->charts = (const guint *)(gpointer)self->chosen->data;
  options->n_charts = self->chosen->len;
  if (self->draw != NULL)
    {
      /* one drawing: no charts to choose, no overlays */
      options->charts = NULL;
      options->n_charts = 1;
    }
  options->one_file_per_chart = self->draw == NULL && gtk_switch_get_active (self->per_chart_switch);
  options->overlays = self->draw == NULL && gtk_switch_get_active (self->overlays_switch) &&
                      gtk_widget_get_sensitive (GTK_WIDGET (self->overlays_row));
  if (adw_expander_row_get_enable_expansion (self->title_row) && title[0] != '\0')
    options->title = title;
  if (adw_expander_row_get_enable_expansion (self->parameters_row) && subtitle[0] != '\0')
    options->subtitle = subtitle;
}

/* The file each chart row would be written to, in one file per chart. */
static void
update_chart_rows (SsExportDialog *self, const SsExportOptions *options)
{
  if (self->draw != NULL)
    return;
  const char      *ext = ss_export_format_extension (options->format);
  g_autofree char *example = g_strdup_printf ("%s-1%s, %s-2%s, …", self->file_name, ext, self->file_name, ext);

  adw_action_row_set_subtitle (self->per_chart_row, example);

  for (guint i = 0; i < self->chart_rows->len; i++)
    {
      g_autofree char *base = g_strconcat (self->file_name, ext, NULL);
      g_autofree char *name = ss_export_chart_path (base, i);

      adw_action_row_set_subtitle (g_ptr_array_index (self->chart_rows, i), options->one_file_per_chart ? name : NULL);
    }
  {
    /* Translators: how many charts of all are exported, e.g. "4 of 5" */
    g_autofree char *count = g_strdup_printf (_("%u of %u"), self->chosen->len, self->chart_rows->len);

    adw_expander_row_set_subtitle (self->charts_row, count);
  }
}

/* What the files will be (or why not), the preview, the Export button. */
static void
update (SsExportDialog *self)
{
  SsExportOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  gboolean         ok;

  ss_export_dialog_get_options (self, &options);
  ok = ss_export_check_options (&options, &error);
  if (ok && options.n_charts == 0)
    {
      ok = FALSE;
      summary = g_strdup (_("Choose at least one chart to export"));
    }
  else if (!ok)
    summary = g_strdup (error->message);
  else
    {
      double w_mm, h_mm;
      int    w, h;

      ss_export_get_print_size (&options, &w_mm, &h_mm);
      ss_export_get_pixel_size (&options, &w, &h);
      if (options.format == SS_EXPORT_PNG)
        /* Translators: the PNG's size in pixels and its printed size */
        summary = g_strdup_printf (_("%d × %d px, printed %.0f × %.0f mm at %g dpi"), w, h, w_mm, h_mm, options.dpi);
      else
        /* Translators: the page size of a PDF or an SVG */
        summary = g_strdup_printf (_("A page of %.1f × %.1f mm"), w_mm, h_mm);
      if (options.one_file_per_chart)
        {
          /* Translators: appended to the size: "…, 5 files" */
          g_autofree char *files = g_strdup_printf (
              g_dngettext (GETTEXT_PACKAGE, ", %u file", ", %u files", options.n_charts), options.n_charts);
          char *both = g_strconcat (summary, files, NULL);

          g_free (summary);
          summary = both;
        }
    }
  adw_preferences_group_set_description (self->size_group, summary);
  /* said under the format, not in its name: the chosen name fits the row */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row),
                               options.format == SS_EXPORT_SVG ? _("Text stays text, editable") : NULL);
  gtk_widget_set_sensitive (self->export_button, ok);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.choose-file", ok);
  update_chart_rows (self, &options);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

/* The figure on a sheet, to scale, in the middle of the area. */
static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SsExportDialog *self = data;
  SsExportOptions options;
  double          w_mm, h_mm, scale, w, h, x, y;

  (void)area;
  cairo_set_source_rgba (cr, 0, 0, 0, 0.06);
  cairo_paint (cr);
  ss_export_dialog_get_options (self, &options);
  if (!ss_export_check_options (&options, NULL) || options.n_charts == 0)
    return;
  ss_export_get_print_size (&options, &w_mm, &h_mm);
  scale = MIN ((width - 32) / w_mm, (height - 32) / h_mm);
  if (!(scale > 0))
    return;
  w = round (w_mm * scale);
  h = round (h_mm * scale);
  x = round ((width - w) / 2);
  y = round ((height - h) / 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
  cairo_rectangle (cr, x + 2, y + 2, w, h);
  cairo_fill (cr);
  cairo_translate (cr, x, y);
  if (self->draw != NULL)
    ss_export_draw_drawing_preview (&options, self->draw, self->draw_owner, cr, w, h);
  else
    ss_export_draw_preview (self->stack, &options, cr, w, h);
}

static void
chart_toggled_cb (SsExportDialog *self)
{
  g_array_set_size (self->chosen, 0);
  for (guint i = 0; i < self->chart_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->chart_checks, i)))
      g_array_append_val (self->chosen, i);
  update (self);
}

static void
set_unit_range (SsExportDialog *self, SsExportUnit unit)
{
  gboolean mm = unit == SS_EXPORT_UNIT_MM;

  for (guint i = 0; i < 2; i++)
    {
      GtkAdjustment *adjustment = i == 0 ? self->width_adjustment : self->height_adjustment;

      gtk_adjustment_set_lower (adjustment, mm ? SS_EXPORT_MIN_MM : SS_EXPORT_MIN_PX);
      gtk_adjustment_set_upper (adjustment, mm ? SS_EXPORT_MAX_MM : SS_EXPORT_MAX_PX);
      gtk_adjustment_set_step_increment (adjustment, mm ? 1 : 10);
      gtk_adjustment_set_page_increment (adjustment, mm ? 10 : 100);
    }
  gtk_spin_button_set_digits (self->width_spin, mm ? 1 : 0);
  gtk_spin_button_set_digits (self->height_spin, mm ? 1 : 0);
}

/* Another unit: the same printed size in it. */
static void
unit_changed_cb (SsExportDialog *self)
{
  SsExportUnit unit = (SsExportUnit)MIN (adw_combo_row_get_selected (self->unit_row), SS_EXPORT_UNIT_PX);
  double       dpi = gtk_adjustment_get_value (self->dpi_adjustment);
  double       factor = unit == SS_EXPORT_UNIT_PX ? dpi / 25.4 : 25.4 / dpi;
  double       w = gtk_adjustment_get_value (self->width_adjustment) * factor;
  double       h = gtk_adjustment_get_value (self->height_adjustment) * factor;

  if (unit == self->unit)
    return;
  self->unit = unit;
  set_unit_range (self, unit);
  /* whole pixels, tenths of a millimetre */
  gtk_adjustment_set_value (self->width_adjustment, unit == SS_EXPORT_UNIT_PX ? round (w) : round (w * 10) / 10);
  gtk_adjustment_set_value (self->height_adjustment, unit == SS_EXPORT_UNIT_PX ? round (h) : round (h * 10) / 10);
  update (self);
}

static gboolean
name_to_index (GValue *value, GVariant *variant, gpointer names)
{
  const char *const *list = names;
  const char        *name = g_variant_get_string (variant, NULL);

  for (guint i = 0; list[i] != NULL; i++)
    if (g_str_equal (list[i], name))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_name (const GValue *value, const GVariantType *type, gpointer names)
{
  const char *const *list = names;
  guint              index = g_value_get_uint (value);

  (void)type;
  if (index >= g_strv_length ((char **)list))
    return NULL;
  return g_variant_new_string (list[index]);
}

/* ---- writing -------------------------------------------------------- */

/* Writes the figure as the dialog shows it to @path (one file per chart:
 * see ss_export_chart_path); the paths written are added to @written. */
gboolean
ss_export_dialog_export_to (SsExportDialog *self, const char *path, GPtrArray *written, GError **error)
{
  SsExportOptions options;

  g_return_val_if_fail (SS_IS_EXPORT_DIALOG (self), FALSE);

  ss_export_dialog_get_options (self, &options);
  if (self->draw != NULL)
    {
      if (!ss_export_drawing (path, &options, self->draw, self->draw_owner, error))
        return FALSE;
      if (written != NULL)
        g_ptr_array_add (written, g_strdup (path));
      return TRUE;
    }
  return ss_export_figure (self->stack, path, &options, written, error);
}

static void
show_error (SsExportDialog *self, const char *heading, const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
export_now (SsExportDialog *self, const char *path)
{
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (!ss_export_dialog_export_to (self, path, written, &error))
    {
      show_error (self, _("Could not export the figure"), error->message);
      return;
    }
  g_ptr_array_add (written, NULL);
  g_signal_emit (self, signals[EXPORTED], 0, (char **)written->pdata);
  gtk_window_close (GTK_WINDOW (self));
}

static void
replace_response_cb (AdwMessageDialog *dialog, const char *response, SsExportDialog *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "ss-path");

  if (g_str_equal (response, "replace"))
    export_now (self, path);
}

/* One file per chart: the chooser asked about NAME.EXT, not about the
 * NAME-N.EXT written; those that exist are replaced only when confirmed. */
static void
export_checked (SsExportDialog *self, const char *path)
{
  SsExportOptions options;
  guint           existing = 0;
  GtkWidget      *dialog;

  ss_export_dialog_get_options (self, &options);
  for (guint i = 0; options.one_file_per_chart && i < options.n_charts; i++)
    {
      g_autofree char *file = ss_export_chart_path (path, options.charts[i]);

      existing += g_file_test (file, G_FILE_TEST_EXISTS);
    }
  if (existing == 0)
    {
      export_now (self, path);
      return;
    }
  dialog = adw_message_dialog_new (
      GTK_WINDOW (self),
      g_dngettext (GETTEXT_PACKAGE, "Replace the existing file?", "Replace the existing files?", existing), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  g_dngettext (GETTEXT_PACKAGE, "%u of the charts’ files exists already.",
                                               "%u of the charts’ files exist already.", existing),
                                  existing);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel",
                                    _("_Cancel"), "replace", _("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace", ADW_RESPONSE_DESTRUCTIVE);
  g_object_set_data_full (G_OBJECT (dialog), "ss-path", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (replace_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, SsExportDialog *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  SsExportFormat   format;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      path = file != NULL ? g_file_get_path (file) : NULL;
    }
  g_object_unref (chooser);
  if (path == NULL)
    return;
  folder = g_file_get_parent (file);
  if (folder != NULL && g_file_is_native (folder))
    {
      g_autofree char *dir = g_file_get_path (folder);

      g_settings_set_string (self->settings, "export-folder", dir);
    }
  /* a name typed with another format's extension: that format */
  if (ss_export_format_from_path (path, &format))
    adw_combo_row_set_selected (self->format_row, format);
  else
    {
      char *with = g_strconcat (path, ss_export_format_extension (adw_combo_row_get_selected (self->format_row)), NULL);

      g_free (path);
      path = with;
    }
  export_checked (self, path);
}

static void
choose_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsExportDialog       *self = SS_EXPORT_DIALOG (widget);
  SsExportFormat        format = adw_combo_row_get_selected (self->format_row);
  GtkFileChooserNative *chooser;
  g_autofree char      *folder = g_settings_get_string (self->settings, "export-folder");
  g_autofree char      *name = g_strconcat (self->file_name, ss_export_format_extension (format), NULL);
  const char           *filter_names[] = { N_("PNG image"), N_("SVG drawing"), N_("PDF document") };

  (void)action_name;
  (void)parameter;
  chooser = ss_export_save_chooser (GTK_WINDOW (self), _("Export Figure"),
                                                          _(filter_names[MIN (format, SS_EXPORT_PDF)]),
                                                             ss_export_format_extension (format), folder, name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- the dialog ----------------------------------------------------- */

GtkWidget *
ss_export_dialog_chart_row_new (SsPlotStack *stack, guint index, gboolean active, GtkWidget **check)
{
  SsChart         *chart = ss_plot_stack_get_chart (stack, index);
  GtkWidget       *row = adw_action_row_new ();
  g_autofree char *title = NULL;

  if (ss_chart_get_title (chart) != NULL)
    title = g_strdup (ss_chart_get_title (chart));
  else
    /* Translators: a chart without a title, by its place */
    title = g_strdup_printf (_("Chart %u"), index + 1);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  *check = gtk_check_button_new ();
  gtk_check_button_set_active (GTK_CHECK_BUTTON (*check), active);
  gtk_widget_set_valign (*check, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), *check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *check);
  return row;
}

static void
add_chart_rows (SsExportDialog *self)
{
  for (guint i = 0; i < ss_plot_stack_get_n_charts (self->stack); i++)
    {
      GtkWidget *check;
      GtkWidget *row = ss_export_dialog_chart_row_new (self->stack, i, TRUE, &check);

      g_signal_connect_swapped (check, "toggled", G_CALLBACK (chart_toggled_cb), self);
      adw_expander_row_add_row (self->charts_row, row);
      g_ptr_array_add (self->chart_rows, row);
      g_ptr_array_add (self->chart_checks, check);
      g_array_append_val (self->chosen, i);
    }
}

static void
bind_settings (SsExportDialog *self)
{
  g_settings_bind_with_mapping (self->settings, "export-format", self->format_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                name_to_index, index_to_name, (gpointer)format_names, NULL);
  /* the sizes' range is the unit's */
  self->unit =
      g_str_equal (g_settings_get_string (self->settings, "export-unit"), "px") ? SS_EXPORT_UNIT_PX : SS_EXPORT_UNIT_MM;
  set_unit_range (self, self->unit);
  g_settings_bind_with_mapping (self->settings, "export-unit", self->unit_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                name_to_index, index_to_name, (gpointer)unit_names, NULL);
  g_settings_bind (self->settings, "export-width", self->width_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-height", self->height_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-dpi", self->dpi_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-font-size", self->font_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-one-file-per-chart", self->per_chart_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-overlays", self->overlays_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-title", self->title_row, "enable-expansion", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-parameters", self->parameters_row, "enable-expansion",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
ss_export_dialog_dispose (GObject *object)
{
  SsExportDialog *self = SS_EXPORT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->stack);
  g_clear_object (&self->draw_owner);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->file_name, g_free);
  g_clear_pointer (&self->chosen, g_array_unref);
  g_clear_pointer (&self->chart_rows, g_ptr_array_unref);
  g_clear_pointer (&self->chart_checks, g_ptr_array_unref);

  G_OBJECT_CLASS (ss_export_dialog_parent_class)->dispose (object);
}

static void
ss_export_dialog_class_init (SsExportDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_export_dialog_dispose;

  /* the paths written (NULL-terminated), after a successful export */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_STRV);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, size_group);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, unit_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, dpi_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, font_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, charts_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, per_chart_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, per_chart_switch);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, overlays_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, overlays_switch);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, parameters_row);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, SsExportDialog, subtitle_entry);
  gtk_widget_class_install_action (widget_class, "export.choose-file", NULL, choose_file_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ss_export_dialog_init (SsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->chosen = g_array_new (FALSE, FALSE, sizeof (guint));
  self->chart_rows = g_ptr_array_new ();
  self->chart_checks = g_ptr_array_new ();
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}

static void setup (SsExportDialog *self, const char *title, const char *subtitle);

/* A dialog exporting the charts of @stack, titled after @scenario with
 * @values (the parameters @shown, or NULL: those its friction law uses;
 * see ss_export_dup_title), modal over @parent. */
SsExportDialog *
ss_export_dialog_new (
    GtkWindow *parent, SsPlotStack *stack, const ss_scenario *scenario, const double *values, const gboolean *shown)
{
  SsExportDialog  *self = g_object_new (SS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), NULL);

  self->stack = g_object_ref (stack);
  self->file_name = g_strdup (scenario != NULL ? scenario->name : "figure");
  if (scenario != NULL && values != NULL)
    title = ss_export_dup_title (scenario, values, shown, &subtitle);
  add_chart_rows (self);

  /* the overlays' switch means something only with overlays to draw */
  gtk_widget_set_sensitive (GTK_WIDGET (self->overlays_row), ss_plot_stack_has_overlays (stack));
  adw_action_row_set_subtitle (self->overlays_row,
                               ss_plot_stack_has_overlays (stack) ? _("Drawn and named in the legend")
                                                                  : _("None shown now"));
  setup (self, title, subtitle);
  return self;
}

/* A dialog exporting what @draw draws (called with @owner as its data,
 * kept alive by the dialog) by the same options as the charts' figure,
 * remembered alike: size, resolution, font size, format, the title block
 * (@title and @subtitle, editable); files suggested as @file_name.EXT. */
SsExportDialog *
ss_export_dialog_new_for_drawing (GtkWindow       *parent,
                                  const char      *file_name,
                                  const char      *title,
                                  const char      *subtitle,
                                  SsExportDrawFunc draw,
                                  GObject         *owner)
{
  SsExportDialog *self = g_object_new (SS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);

  g_return_val_if_fail (draw != NULL && G_IS_OBJECT (owner), NULL);

  self->draw = draw;
  self->draw_owner = g_object_ref (owner);
  self->file_name = g_strdup (file_name != NULL ? file_name : "figure");
  gtk_widget_set_visible (GTK_WIDGET (self->charts_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->per_chart_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->overlays_row), FALSE);
  /* and their group, empty without them */
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->charts_row), ADW_TYPE_PREFERENCES_GROUP), FALSE);
  setup (self, title, subtitle);
  return self;
}

static void
setup (SsExportDialog *self, const char *title, const char *subtitle)
{
  self->settings = ss_settings_new ();
  gtk_editable_set_text (self->title_entry, title ? title : "");
  gtk_editable_set_text (self->subtitle_entry, subtitle ? subtitle : "");
  bind_settings (self);

  g_signal_connect_swapped (self->unit_row, "notify::selected", G_CALLBACK (unit_changed_cb), self);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->width_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->height_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->dpi_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->font_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->per_chart_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->overlays_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->title_row, "notify::enable-expansion", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->parameters_row, "notify::enable-expansion", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->title_entry, "changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->subtitle_entry, "changed", G_CALLBACK (update), self);
  update (self);
}
