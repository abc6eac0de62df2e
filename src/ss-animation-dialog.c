/* ss-animation-dialog.c - Export Animation: see ss-animation-dialog.h.
 *
 * The preview is the first frame itself (ss_animation_frames_render),
 * remade shortly after the options change.  The export draws its frames
 * and encodes them on a worker thread (ss_animation_write_async); the
 * window only shows the progress. */
#define G_LOG_DOMAIN "ss-animation-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-animation-dialog.h"
#include "ss-export-dialog.h"
#include "ss-export.h"
#include "ss-settings.h"

struct _SsAnimationDialog
{
  AdwWindow          parent_instance;
  SsPlotStack       *stack;
  SsDataset         *dataset;
  GSettings         *settings;
  char              *file_name; /* suggested, without extension */
  GArray            *chosen;    /* guint: the charts checked, top to bottom */
  GPtrArray         *chart_checks;
  GArray            *chart_indices; /* guint: each check's chart */
  GError            *encoder_error; /* why WebM cannot be written here; NULL: it can */
  SsAnimationFrames *preview_frames;
  cairo_surface_t   *preview_surface;
  guint              preview_id;
  gboolean           syncing_size;
  GCancellable      *cancellable; /* the export running, NULL: none */
  char              *path;        /* where it writes */
  gint64             started;     /* µs, monotonic */
  gboolean           closed;

  /* template */
  GtkWidget           *export_button;
  GtkDrawingArea      *preview;
  GtkWidget           *progress_box;
  GtkProgressBar      *progress_bar;
  GtkWidget           *options_page;
  AdwPreferencesGroup *time_group;
  GtkAdjustment       *from_adjustment;
  GtkAdjustment       *to_adjustment;
  GtkAdjustment       *speed_adjustment;
  AdwComboRow         *fps_row;
  AdwComboRow         *format_row;
  AdwComboRow         *size_row;
  GtkAdjustment       *width_adjustment;
  GtkAdjustment       *height_adjustment;
  AdwExpanderRow      *charts_row;
  AdwComboRow         *curves_row;
  AdwActionRow        *overlays_row;
  GtkSwitch           *overlays_switch;
  GtkSwitch           *forces_switch;
};

enum
{
  EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsAnimationDialog, ss_animation_dialog, ADW_TYPE_WINDOW)

static const guint frame_rates[] = { 24, 30, 60 };
static const int   sizes[][2] = { { 640, 480 }, { 854, 480 }, { 1280, 720 }, { 1920, 1080 } };

/* The options as the dialog shows them; the chart list is the dialog's,
 * valid until it changes. */
void
ss_animation_dialog_get_options (SsAnimationDialog *self, SsAnimationOptions *options)
{
  ss_animation_options_init (options);
  options->t0 = gtk_adjustment_get_value (self->from_adjustment);
  options->t1 = gtk_adjustment_get_value (self->to_adjustment);
  options->speed = gtk_adjustment_get_value (self->speed_adjustment);
  options->fps = frame_rates[MIN (adw_combo_row_get_selected (self->fps_row), G_N_ELEMENTS (frame_rates) - 1)];
  options->width = (int)gtk_adjustment_get_value (self->width_adjustment);
  options->height = (int)gtk_adjustment_get_value (self->height_adjustment);
  options->charts = (const guint *)(gpointer)self->chosen->data;
  options->n_charts = self->chosen->len;
  options->reveal = adw_combo_row_get_selected (self->curves_row) == 1;
  options->overlays =
      gtk_switch_get_active (self->overlays_switch) && gtk_widget_get_sensitive (GTK_WIDGET (self->overlays_row));
  options->forces = gtk_switch_get_active (self->forces_switch);
}

SsAnimationFormat
ss_animation_dialog_get_format (SsAnimationDialog *self)
{
  return adw_combo_row_get_selected (self->format_row) == 1 ? SS_ANIMATION_FORMAT_PNG : SS_ANIMATION_FORMAT_WEBM;
}

GtkProgressBar *
ss_animation_dialog_get_progress_bar (SsAnimationDialog *self)
{
  return self->progress_bar;
}

gboolean
ss_animation_dialog_get_busy (SsAnimationDialog *self)
{
  return self->cancellable != NULL;
}

/* ---- options and preview ------------------------------------------------ */

static gboolean
rebuild_preview (gpointer data)
{
  SsAnimationDialog *self = data;
  SsAnimationOptions options;

  self->preview_id = 0;
  g_clear_object (&self->preview_frames);
  g_clear_pointer (&self->preview_surface, cairo_surface_destroy);
  ss_animation_dialog_get_options (self, &options);
  self->preview_frames = ss_animation_frames_new (self->dataset, self->stack, &options, NULL);
  if (self->preview_frames != NULL)
    self->preview_surface = ss_animation_frames_render (self->preview_frames, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
  return G_SOURCE_REMOVE;
}

/* Whether the options make a video, and why not in @reason. */
static gboolean
check (SsAnimationDialog *self, char **reason)
{
  SsAnimationOptions options;
  g_autoptr(GError) error = NULL;
  double t_end = ss_dataset_get_end_time (self->dataset);

  ss_animation_dialog_get_options (self, &options);
  if (!ss_dataset_get_complete (self->dataset))
    {
      *reason = g_strdup (_("The run is still being computed: export it when it is finished"));
      return FALSE;
    }
  if (!ss_animation_options_check (&options, t_end, &error))
    {
      *reason = g_strdup (error->message);
      return FALSE;
    }
  if (ss_animation_dialog_get_format (self) == SS_ANIMATION_FORMAT_WEBM && self->encoder_error != NULL)
    {
      *reason = g_strdup (self->encoder_error->message);
      return FALSE;
    }
  {
    guint  n = ss_animation_options_get_n_frames (&options);
    double seconds = (double)n / options.fps;

    /* Translators: e.g. "300 frames, 10.0 s of video" */
    *reason = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u frame, %.1f s of video", "%u frames, %.1f s of video", n), n, seconds);
  }
  return TRUE;
}

static void
update (SsAnimationDialog *self)
{
  g_autofree char *summary = NULL;
  gboolean         ok = check (self, &summary);

  adw_preferences_group_set_description (self->time_group, summary);
  gtk_widget_set_sensitive (self->export_button, ok && self->cancellable == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "animation.choose-file", ok && self->cancellable == NULL);
  /* the same frames a moment later: not on every step of a spin button */
  if (self->preview_id != 0)
    g_source_remove (self->preview_id);
  self->preview_id = g_timeout_add (120, rebuild_preview, self);
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SsAnimationDialog *self = data;
  double             w, h, scale;

  (void)area;
  cairo_set_source_rgba (cr, 0, 0, 0, 0.06);
  cairo_paint (cr);
  if (self->preview_surface == NULL)
    return;
  w = cairo_image_surface_get_width (self->preview_surface);
  h = cairo_image_surface_get_height (self->preview_surface);
  scale = MIN ((width - 32) / w, (height - 32) / h);
  if (!(scale > 0))
    return;
  cairo_translate (cr, round ((width - w * scale) / 2), round ((height - h * scale) / 2));
  cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
  cairo_rectangle (cr, 2, 2, w * scale, h * scale);
  cairo_fill (cr);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, self->preview_surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
}

static void
chart_toggled_cb (SsAnimationDialog *self)
{
  g_array_set_size (self->chosen, 0);
  for (guint i = 0; i < self->chart_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->chart_checks, i)))
      g_array_append_val (self->chosen, g_array_index (self->chart_indices, guint, i));
  {
    /* Translators: how many charts of all are drawn, e.g. "2 of 5" */
    g_autofree char *count = g_strdup_printf (_("%u of %u"), self->chosen->len, self->chart_checks->len);

    adw_expander_row_set_subtitle (self->charts_row, count);
  }
  update (self);
}

static void
size_row_cb (SsAnimationDialog *self)
{
  guint i = adw_combo_row_get_selected (self->size_row);

  if (self->syncing_size || i >= G_N_ELEMENTS (sizes))
    return;
  self->syncing_size = TRUE;
  gtk_adjustment_set_value (self->width_adjustment, sizes[i][0]);
  gtk_adjustment_set_value (self->height_adjustment, sizes[i][1]);
  self->syncing_size = FALSE;
  update (self);
}

/* A size typed in: its preset, or Other. */
static void
size_changed_cb (SsAnimationDialog *self)
{
  int   w = (int)gtk_adjustment_get_value (self->width_adjustment);
  int   h = (int)gtk_adjustment_get_value (self->height_adjustment);
  guint preset = G_N_ELEMENTS (sizes);

  if (!self->syncing_size)
    {
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        if (sizes[i][0] == w && sizes[i][1] == h)
          preset = i;
      self->syncing_size = TRUE;
      adw_combo_row_set_selected (self->size_row, preset);
      self->syncing_size = FALSE;
    }
  update (self);
}

/* ---- the export ------------------------------------------------------- */

static void
set_busy (SsAnimationDialog *self, gboolean busy)
{
  gtk_widget_set_sensitive (self->options_page, !busy);
  gtk_widget_set_visible (self->progress_box, busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "animation.stop", busy);
  update (self);
}

static char *
format_left (double seconds)
{
  int s = (int)ceil (seconds);

  if (s >= 60)
    /* Translators: time left, minutes and seconds */
    return g_strdup_printf (_("%d min %02d s left"), s / 60, s % 60);
  /* Translators: time left in seconds */
  return g_strdup_printf (_("%d s left"), s);
}

static void
progress_cb (guint done, guint total, gpointer data)
{
  SsAnimationDialog *self = data;
  double             elapsed = (g_get_monotonic_time () - self->started) / 1e6;
  g_autofree char   *left = done > 0 ? format_left (elapsed / done * (total - done)) : g_strdup ("");
  g_autofree char   *text = NULL;

  /* Translators: export progress, e.g. "Frame 120 of 300 — 5 s left" */
  text = g_strdup_printf (_("Frame %u of %u — %s"), done, total, left);
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double)done / total : 0);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
show_error (SsAnimationDialog *self, const char *heading, const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
written_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SsAnimationDialog) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_steal_pointer (&self->path);
  gboolean         ok = ss_animation_write_finish (result, &error);

  (void)source;
  g_clear_object (&self->cancellable);
  if (g_application_get_default () != NULL)
    g_application_release (g_application_get_default ());
  if (self->closed)
    return;
  set_busy (self, FALSE);
  if (ok)
    {
      g_signal_emit (self, signals[EXPORTED], 0, path);
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_error (self, _("Could not export the animation"), error->message);
}

/* Starts writing the video as the dialog shows it to @path (on a worker
 * thread: "exported" follows, or an error dialog); FALSE and @error when
 * it cannot start. */
gboolean
ss_animation_dialog_export_to (SsAnimationDialog *self, const char *path, GError **error)
{
  SsAnimationOptions options;
  g_autoptr(SsAnimationFrames) frames = NULL;

  g_return_val_if_fail (SS_IS_ANIMATION_DIALOG (self), FALSE);
  g_return_val_if_fail (self->cancellable == NULL, FALSE);

  if (ss_animation_dialog_get_format (self) == SS_ANIMATION_FORMAT_WEBM && self->encoder_error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->encoder_error));
      return FALSE;
    }
  ss_animation_dialog_get_options (self, &options);
  frames = ss_animation_frames_new (self->dataset, self->stack, &options, error);
  if (frames == NULL)
    return FALSE;
  self->cancellable = g_cancellable_new ();
  self->path = g_strdup (path);
  self->started = g_get_monotonic_time ();
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, "");
  set_busy (self, TRUE);
  /* the application waits for the export to end or clean up after a stop */
  if (g_application_get_default () != NULL)
    g_application_hold (g_application_get_default ());
  ss_animation_write_async (frames, path, ss_animation_dialog_get_format (self), self->cancellable, progress_cb, self,
                            written_cb, g_object_ref (self));
  return TRUE;
}

void
ss_animation_dialog_stop (SsAnimationDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
stop_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  ss_animation_dialog_stop (SS_ANIMATION_DIALOG (widget));
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, SsAnimationDialog *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  SsAnimationFormat format;

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
  /* a name typed with the other format's extension: that format */
  if (ss_animation_format_from_path (path, &format))
    adw_combo_row_set_selected (self->format_row, format == SS_ANIMATION_FORMAT_PNG ? 1 : 0);
  else
    {
      char *with = g_strconcat (path, ss_animation_format_extension (ss_animation_dialog_get_format (self)), NULL);

      g_free (path);
      path = with;
    }
  if (!ss_animation_dialog_export_to (self, path, &error))
    show_error (self, _("Could not export the animation"), error->message);
}

static void
choose_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsAnimationDialog    *self = SS_ANIMATION_DIALOG (widget);
  SsAnimationFormat     format = ss_animation_dialog_get_format (self);
  GtkFileChooserNative *chooser;
  g_autofree char      *folder = g_settings_get_string (self->settings, "export-folder");
  g_autofree char      *name = g_strconcat (self->file_name, ss_animation_format_extension (format), NULL);

  (void)action_name;
  (void)parameter;
  /* Translators: file filters; the frames are NAME-00001.png, … */
  chooser = ss_export_save_chooser (GTK_WINDOW (self), _("Export Animation"), format == SS_ANIMATION_FORMAT_PNG
                                                          ? _("PNG frames (NAME-00001.png, …)")
                                                          : _("WebM video"), ss_animation_format_extension (format),
                                                               folder, name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- the dialog ----------------------------------------------------- */

static void
add_chart_rows (SsAnimationDialog *self)
{
  for (guint i = 0; i < ss_plot_stack_get_n_charts (self->stack); i++)
    {
      GtkWidget *row, *check;

      /* a playhead line runs across charts against time */
      if (ss_chart_is_xy (ss_plot_stack_get_chart (self->stack, i)))
        continue;
      /* the top two, as a start */
      row = ss_export_dialog_chart_row_new (self->stack, i, self->chart_checks->len < 2, &check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (chart_toggled_cb), self);
      adw_expander_row_add_row (self->charts_row, row);
      g_ptr_array_add (self->chart_checks, check);
      g_array_append_val (self->chart_indices, i);
    }
}

static gboolean
close_request_cb (SsAnimationDialog *self)
{
  /* closing stops the export: nothing stays of it */
  self->closed = TRUE;
  ss_animation_dialog_stop (self);
  return FALSE;
}

/* The window goes: so does the dialog, and the export stops (nothing stays
 * of it; the export's thread holds the dialog until it has cleaned up). */
static void
parent_destroyed_cb (SsAnimationDialog *self)
{
  self->closed = TRUE;
  ss_animation_dialog_stop (self);
  gtk_window_set_transient_for (GTK_WINDOW (self), NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
ss_animation_dialog_dispose (GObject *object)
{
  SsAnimationDialog *self = SS_ANIMATION_DIALOG (object);

  if (self->preview_id != 0)
    g_source_remove (self->preview_id);
  self->preview_id = 0;
  self->closed = TRUE;
  ss_animation_dialog_stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_ANIMATION_DIALOG);
  g_clear_object (&self->stack);
  g_clear_object (&self->dataset);
  g_clear_object (&self->settings);
  g_clear_object (&self->preview_frames);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->preview_surface, cairo_surface_destroy);
  g_clear_pointer (&self->file_name, g_free);
  g_clear_pointer (&self->chosen, g_array_unref);
  g_clear_pointer (&self->chart_indices, g_array_unref);
  g_clear_pointer (&self->chart_checks, g_ptr_array_unref);
  g_clear_error (&self->encoder_error);

  G_OBJECT_CLASS (ss_animation_dialog_parent_class)->dispose (object);
}

static void
ss_animation_dialog_class_init (SsAnimationDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_animation_dialog_dispose;

  /* the path written, after a successful export */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-animation-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, progress_box);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, options_page);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, time_group);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, from_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, to_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, fps_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, charts_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, curves_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, overlays_row);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, overlays_switch);
  gtk_widget_class_bind_template_child (widget_class, SsAnimationDialog, forces_switch);
  gtk_widget_class_install_action (widget_class, "animation.choose-file", NULL, choose_file_action);
  gtk_widget_class_install_action (widget_class, "animation.stop", NULL, stop_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ss_animation_dialog_init (SsAnimationDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->chosen = g_array_new (FALSE, FALSE, sizeof (guint));
  self->chart_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  self->chart_checks = g_ptr_array_new ();
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}

/* A dialog recording @dataset (the current run, shown by @stack) as the
 * window plays it, modal over @parent; files named @file_name by default;
 * @reveal and @forces as the window shows them. */
SsAnimationDialog *
ss_animation_dialog_new (
    GtkWindow *parent, SsPlotStack *stack, SsDataset *dataset, const char *file_name, gboolean reveal, gboolean forces)
{
  SsAnimationDialog *self = g_object_new (SS_TYPE_ANIMATION_DIALOG, "transient-for", parent, NULL);
  double             t_end = ss_dataset_get_end_time (dataset);

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), NULL);
  g_return_val_if_fail (SS_IS_DATASET (dataset), NULL);

  self->stack = g_object_ref (stack);
  self->dataset = g_object_ref (dataset);
  self->settings = ss_settings_new ();
  self->file_name = g_strdup (file_name != NULL ? file_name : "animation");
  add_chart_rows (self);

  gtk_adjustment_configure (self->from_adjustment, 0, 0, t_end, 0.1, 1, 0);
  gtk_adjustment_configure (self->to_adjustment, t_end, 0, t_end, 0.1, 1, 0);
  gtk_adjustment_set_value (self->speed_adjustment, 1.0);
  adw_combo_row_set_selected (self->fps_row, 1);
  adw_combo_row_set_selected (self->size_row, 0);
  gtk_adjustment_set_value (self->width_adjustment, sizes[0][0]);
  gtk_adjustment_set_value (self->height_adjustment, sizes[0][1]);
  adw_combo_row_set_selected (self->curves_row, reveal ? 1 : 0);
  gtk_switch_set_active (self->forces_switch, forces);
  gtk_switch_set_active (self->overlays_switch, TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->overlays_row), ss_plot_stack_has_overlays (stack));
  adw_action_row_set_subtitle (self->overlays_row,
                               ss_plot_stack_has_overlays (stack) ? _("On the charts, as in the window")
                                                                  : _("None shown now"));
  /* WebM needs GStreamer's encoder; without it, say what to install and
   * offer the PNG frames */
  if (!ss_animation_check_encoder (&self->encoder_error))
    {
      adw_combo_row_set_selected (self->format_row, 1);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row), self->encoder_error->message);
    }

  g_signal_connect_swapped (self->from_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->to_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->speed_adjustment, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->fps_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->size_row, "notify::selected", G_CALLBACK (size_row_cb), self);
  g_signal_connect_swapped (self->width_adjustment, "value-changed", G_CALLBACK (size_changed_cb), self);
  g_signal_connect_swapped (self->height_adjustment, "value-changed", G_CALLBACK (size_changed_cb), self);
  g_signal_connect_swapped (self->curves_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->overlays_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->forces_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  if (parent != NULL)
    g_signal_connect_object (parent, "destroy", G_CALLBACK (parent_destroyed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "animation.stop", FALSE);
  chart_toggled_cb (self);
  return self;
}
