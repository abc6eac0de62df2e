/* ss-param-row.c - the slider works in log10 space for SS_PARAM_LOG; its
 * range is a fixed practical window around the default: a valid value typed
 * beyond it pins the slider at its end.  The spin button accepts any
 * number, so a value outside the valid range reaches the panel and is
 * refused with a reason instead of being clamped silently; text that is no
 * number stays in the entry next to its reason.
 *
 * Wheel: only a focused slider or spin button takes it (their own scroll
 * controllers are switched off otherwise), so scrolling the panel never
 * changes a value.  Drags: changes while the pointer is down on the slider
 * or a spin button's +/- are previews; the release makes the last one
 * final, as does a pause of SS_PARAM_ROW_SETTLE_MS after wheel steps. */
#define G_LOG_DOMAIN "ss-param-row"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "ss-model-strings.h"
#include "ss-drop-down.h"
#include "ss-param-row.h"
#include "ss-raster.h"
#include "ss-readable.h"

struct _SsParamRow
{
  GtkListBoxRow parent_instance;

  GtkLabel      *label;
  GtkSpinButton *spin;
  GtkDropDown   *dropdown;
  GtkLabel      *unit_label;
  GtkScale      *scale;
  GtkWidget     *value_box;
  GtkRevealer   *error_revealer;
  GtkLabel      *error_label;
  GtkWidget     *reset_button;
  GtkWidget     *reset_slot;

  const ss_param_info *info;
  double               value; /* value shown (last requested) */
  gboolean             is_log;
  gboolean             syncing;    /* programmatic update: no signal */
  char                *error;      /* the panel refused the value */
  char                *text_error; /* the spin button holds text that is no number */
  char                *inactive_reason;
  gboolean             modified;

  /* input in progress: previews until it settles */
  GtkEventController *scale_wheel;     /* the slider's own scroll controller */
  GtkEventController *spin_wheel;      /* the spin button's own scroll controller */
  gboolean            pressed;         /* pointer or touch down on the slider or spin button */
  gboolean            wheel;           /* the event being handled is a wheel step */
  gboolean            preview_pending; /* a preview went out, its final not yet */
  guint               settle_id;       /* final after the last wheel step */
  guint               release_id;      /* final once the release is handled */
  guint               wheel_clear_id;

  guint renders; /* children drawn into the row's image */
};

G_DEFINE_FINAL_TYPE (SsParamRow, ss_param_row, GTK_TYPE_LIST_BOX_ROW)

enum
{
  VALUE_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

double
ss_param_row_slider_to_value (SsParamRow *self, double slider)
{
  double v = self->is_log ? pow (10.0, slider) : slider;

  if (self->info->flags & SS_PARAM_INTEGER)
    v = round (v);
  else if (v != 0.0)
    {
      /* three significant digits are enough for a drag */
      double mag = pow (10.0, floor (log10 (fabs (v))) - 2);

      v = round (v / mag) * mag;
    }
  return v;
}

/* The value one key step of the slider would request into @value:
 * @direction -1 down or +1 up, as GtkRange moves (its step increment,
 * within its bounds, at its round digits); FALSE for a choice, at a
 * bound, or where the step rounds to the value shown. */
gboolean
ss_param_row_key_step_value (SsParamRow *self, int direction, double *value)
{
  GtkRange      *range;
  GtkAdjustment *adj;
  double         from, to;
  int            digits;

  g_return_val_if_fail (SS_IS_PARAM_ROW (self), FALSE);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->scale)))
    return FALSE;
  range = GTK_RANGE (self->scale);
  adj = gtk_range_get_adjustment (range);
  from = gtk_adjustment_get_value (adj);
  to = from + direction * gtk_adjustment_get_step_increment (adj);
  digits = gtk_range_get_round_digits (range);
  to = CLAMP (to, gtk_adjustment_get_lower (adj), gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  if (digits >= 0)
    {
      double power = pow (10.0, digits);

      to = floor (to * power + 0.5) / power;
    }
  if (to == from)
    return FALSE;
  *value = ss_param_row_slider_to_value (self, to);
  return *value != self->value;
}

/* "100", "1e-05", "6.16" for 6.15848211066: the spin button's text and
 * the default in tooltips, the digits the control supports
 * (ss_readable_param). */
static void
format_value (const ss_param_info *p, double v, char *buf, gsize size)
{
  v = ss_readable_param (p, v);
  if (v != 0 && (fabs (v) < 1e-3 || fabs (v) >= 1e6))
    g_snprintf (buf, size, "%.4g", v);
  else
    g_snprintf (buf, size, "%.6g", v);
}

static double
value_to_slider (SsParamRow *self, double v)
{
  if (self->is_log)
    return v > 0 ? log10 (v) : gtk_adjustment_get_lower (gtk_range_get_adjustment (GTK_RANGE (self->scale)));
  return v;
}

/* A window around the default, within the valid range. */
static void
slider_bounds (SsParamRow *self, double *lo, double *hi)
{
  const ss_param_info *p = self->info;
  double               def = p->def;

  if (self->is_log)
    {
      double base = def > 0 ? def : (p->max > 0 ? sqrt (MAX (p->min, 1e-12) * p->max) : 1.0);

      *lo = MAX (base / 1000.0, p->min > 0 ? p->min : base / 1000.0);
      *hi = MIN (base * 1000.0, p->max);
    }
  else
    {
      double w = def != 0.0 ? 3.0 * fabs (def) : MIN (p->max - p->min, 10.0);

      *lo = MAX (p->min, def - w);
      *hi = MIN (p->max, def + w);
      if (p->min >= 0 && *lo > 0 && *lo < 0.25 * *hi)
        *lo = p->min;
    }
  if (!(*hi > *lo))
    {
      *lo = p->min;
      *hi = p->max;
    }
}

static void
update_message (SsParamRow *self)
{
  const char *message = self->text_error ? self->text_error : self->error;

  if (message != NULL)
    {
      gtk_label_set_text (self->error_label, message);
      gtk_widget_add_css_class (GTK_WIDGET (self->spin), "error");
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->spin), "error");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

static void
show_value_text (SsParamRow *self)
{
  char buf[64];

  format_value (self->info, gtk_spin_button_get_value (self->spin), buf, sizeof buf);
  if (g_strcmp0 (buf, gtk_editable_get_text (GTK_EDITABLE (self->spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->spin), buf);
}

static void
clear_text_error (SsParamRow *self)
{
  if (self->text_error == NULL)
    return;
  g_clear_pointer (&self->text_error, g_free);
  update_message (self);
}

static void
sync_widgets (SsParamRow *self)
{
  GtkAdjustment       *adj = gtk_range_get_adjustment (GTK_RANGE (self->scale));
  const ss_param_info *p = self->info;

  self->syncing = TRUE;
  if (p->kind == SS_PARAM_CHOICE)
    gtk_drop_down_set_selected (self->dropdown, (guint)MAX (0, (int)self->value));
  else
    {
      double v = self->value;

      /* the adjustment clamps: beyond the slider's window it pins at the
       * end, the spin button shows the exact value */
      if (isfinite (v) && ss_param_check (p, v, NULL))
        gtk_adjustment_set_value (adj, value_to_slider (self, v));
      if (self->is_log && v > 0)
        {
          double mag = pow (10.0, floor (log10 (v)) - 1);

          gtk_spin_button_set_increments (self->spin, mag, mag * 10);
        }
      gtk_spin_button_set_value (self->spin, v);
      show_value_text (self);
    }
  self->syncing = FALSE;
}

static void
emit_request (SsParamRow *self, gboolean final)
{
  g_signal_emit (self, signals[VALUE_REQUESTED], 0, self->value, final);
}

/* The final change after previews; nothing when none is pending. */
static void
settle (SsParamRow *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (!self->preview_pending)
    return;
  self->preview_pending = FALSE;
  emit_request (self, TRUE);
}

static gboolean
settle_cb (gpointer data)
{
  SsParamRow *self = data;

  self->settle_id = 0;
  settle (self);
  return G_SOURCE_REMOVE;
}

/* A value the user chose: a preview while a drag, a held spin button or
 * wheel steps go on, else final. */
static void
user_change (SsParamRow *self, double value)
{
  gboolean preview = self->pressed || self->wheel;

  self->value = value;
  self->wheel = FALSE;
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->preview_pending = preview;
  if (preview && !self->pressed)
    self->settle_id = g_timeout_add (SS_PARAM_ROW_SETTLE_MS, settle_cb, self);
  emit_request (self, !preview);
}

static void
scale_changed_cb (GtkRange *range, SsParamRow *self)
{
  double v;

  if (self->syncing)
    return;
  v = ss_param_row_slider_to_value (self, gtk_range_get_value (range));
  g_clear_pointer (&self->text_error, g_free);
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->spin, v);
  show_value_text (self);
  self->syncing = FALSE;
  update_message (self);
  user_change (self, v);
}

static void
spin_changed_cb (GtkSpinButton *spin, SsParamRow *self)
{
  double v;

  if (self->syncing)
    return;
  v = gtk_spin_button_get_value (spin);
  /* GTK re-announces the old value after refusing the text */
  if (self->text_error != NULL && v == self->value)
    return;
  if (self->text_error != NULL)
    {
      clear_text_error (self);
      show_value_text (self);
    }
  self->value = v;
  sync_widgets (self);
  user_change (self, v);
}

/* Accepts "1e-5", "0.5" and the Polish "0,5"; anything else keeps the
 * previous value and shows why, in the model's words (the parameter and
 * its valid range). */
static int
spin_input_cb (GtkSpinButton *spin, double *new_value, SsParamRow *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  char            *end = NULL;
  char             shown[64];
  double           v;

  /* the text as we wrote it (rounded to the digits shown): the value */
  format_value (self->info, self->value, shown, sizeof shown);
  if (self->text_error == NULL && g_str_equal (text, shown))
    {
      *new_value = self->value;
      return TRUE;
    }
  g_strdelimit (text, ",", '.');
  v = g_ascii_strtod (text, &end);
  if (text[0] == '\0' || end == NULL || *end != '\0' || !isfinite (v))
    {
      char  *msg = NULL;
      double unused;

      if (!ss_param_parse (self->info, text, &unused, &msg))
        {
          g_free (self->text_error);
          self->text_error = g_strdup (msg);
        }
      free (msg);
      update_message (self);
      return GTK_INPUT_ERROR;
    }
  clear_text_error (self);
  *new_value = v;
  return TRUE;
}

static gboolean
spin_output_cb (GtkSpinButton *spin, SsParamRow *self)
{
  (void)spin;
  /* keep what the user typed next to its reason; otherwise our format */
  if (self->text_error == NULL)
    show_value_text (self);
  return TRUE;
}

static void
dropdown_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, SsParamRow *self)
{
  (void)pspec;
  if (self->syncing)
    return;
  user_change (self, (double)gtk_drop_down_get_selected (dropdown));
}

static void
reset_clicked_cb (SsParamRow *self)
{
  ss_param_row_cancel_pending (self);
  g_clear_pointer (&self->text_error, g_free);
  self->value = self->info->def;
  sync_widgets (self);
  update_message (self);
  emit_request (self, TRUE);
}

static gboolean
release_cb (gpointer data)
{
  SsParamRow *self = data;

  self->release_id = 0;
  self->pressed = FALSE;
  settle (self);
  return G_SOURCE_REMOVE;
}

/* Press and release on the slider or the spin button (its +/- included),
 * seen before the controls handle them. */
static gboolean
pointer_event_cb (GtkEventControllerLegacy *controller, GdkEvent *event, SsParamRow *self)
{
  (void)controller;
  switch ((int)gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
    case GDK_TOUCH_BEGIN:
      self->pressed = TRUE;
      g_clear_handle_id (&self->settle_id, g_source_remove);
      g_clear_handle_id (&self->release_id, g_source_remove);
      break;
    case GDK_BUTTON_RELEASE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
    case GDK_GRAB_BROKEN:
      /* after the controls have handled the release too */
      if (self->pressed && self->release_id == 0)
        self->release_id = g_idle_add (release_cb, self);
      break;
    default:
      break;
    }
  return GDK_EVENT_PROPAGATE;
}

static gboolean
wheel_clear_cb (gpointer data)
{
  SsParamRow *self = data;

  self->wheel_clear_id = 0;
  self->wheel = FALSE;
  return G_SOURCE_REMOVE;
}

/* Runs before the control's own scroll controller: that one only acts
 * when the control has the focus; otherwise the wheel goes on to the
 * scrolled window around the panel. */
static gboolean
wheel_capture_cb (GtkEventControllerScroll *controller, double dx, double dy, SsParamRow *self)
{
  GtkWidget          *control = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkEventController *own = control == GTK_WIDGET (self->scale) ? self->scale_wheel : self->spin_wheel;
  gboolean            focused = (gtk_widget_get_state_flags (control) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;

  (void)dx;
  (void)dy;
  if (own != NULL)
    gtk_event_controller_set_propagation_phase (own, focused ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE);
  if (focused)
    {
      self->wheel = TRUE;
      if (self->wheel_clear_id == 0)
        self->wheel_clear_id = g_idle_add (wheel_clear_cb, self);
    }
  return GDK_EVENT_PROPAGATE;
}

/* The scroll controller a GTK control installs on itself. */
static GtkEventController *
own_scroll_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        return controller; /* owned by the widget */
    }
  return NULL;
}

static void
guard_control (SsParamRow *self, GtkWidget *control, GtkEventController **own)
{
  GtkEventController *controller;

  *own = own_scroll_controller (control);
  if (*own != NULL)
    gtk_event_controller_set_propagation_phase (*own, GTK_PHASE_NONE);
  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (wheel_capture_cb), self);
  gtk_widget_add_controller (control, controller);

  controller = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "event", G_CALLBACK (pointer_event_cb), self);
  gtk_widget_add_controller (control, controller);
}

static void
unmap_cb (SsParamRow *self)
{
  /* a release that will never come */
  if (self->pressed)
    {
      g_clear_handle_id (&self->release_id, g_source_remove);
      release_cb (self);
    }
}

static void
update_tooltip (SsParamRow *self)
{
  const ss_param_info *p = self->info;
  g_autofree char     *desc = g_markup_escape_text (ss_i18n_model_text (p->description), -1);
  g_autofree char     *def = NULL;
  g_autofree char     *def_line = NULL;
  g_autofree char     *markup = NULL;

  if (p->kind == SS_PARAM_CHOICE)
    def = g_strdup (ss_i18n_choice_label (p->choices[(int)p->def]));
  else
    {
      char buf[64];

      format_value (p, p->def, buf, sizeof buf);
      def = p->unit[0] ? g_strdup_printf ("%s %s", buf, p->unit) : g_strdup (buf);
    }
  /* Translators: %s is a parameter's default value with its unit */
  def_line = g_markup_printf_escaped (_("Default: %s"), def);
  if (self->inactive_reason != NULL)
    {
      g_autofree char *reason = g_markup_escape_text (self->inactive_reason, -1);

      markup = g_strdup_printf ("<b>%s</b>\n%s\n<small><tt>%s</tt> · %s</small>", reason, desc, p->name, def_line);
    }
  else
    markup = g_strdup_printf ("%s\n<small><tt>%s</tt> · %s</small>", desc, p->name, def_line);
  gtk_widget_set_tooltip_markup (GTK_WIDGET (self), markup);
  {
    /* Translators: %s is a parameter's default value with its unit */
    g_autofree char *reset = g_strdup_printf (_("Reset to the default, %s"), def);

    gtk_widget_set_tooltip_text (self->reset_button, reset);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->reset_button), GTK_ACCESSIBLE_PROPERTY_LABEL, reset, -1);
  }
}

static void
ss_param_row_dispose (GObject *object)
{
  SsParamRow *self = (SsParamRow *)object;

  g_clear_handle_id (&self->settle_id, g_source_remove);
  g_clear_handle_id (&self->release_id, g_source_remove);
  g_clear_handle_id (&self->wheel_clear_id, g_source_remove);

  G_OBJECT_CLASS (ss_param_row_parent_class)->dispose (object);
}

static void
ss_param_row_finalize (GObject *object)
{
  SsParamRow *self = (SsParamRow *)object;

  g_free (self->error);
  g_free (self->text_error);
  g_free (self->inactive_reason);

  G_OBJECT_CLASS (ss_param_row_parent_class)->finalize (object);
}

/* The reset button's size, kept by its slot while it is hidden: a row does
 * not grow (and push every row below it) on its value's first change. */
static void
reserve_reset_slot (SsParamRow *self)
{
  gboolean shown = gtk_widget_get_visible (self->reset_button);
  int      width, height;

  gtk_widget_set_visible (self->reset_button, TRUE);
  gtk_widget_measure (self->reset_button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (self->reset_button, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  gtk_widget_set_visible (self->reset_button, shown);
  gtk_widget_set_size_request (self->reset_slot, width, height);
}

static void
ss_param_row_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ss_param_row_parent_class)->root (widget);
  reserve_reset_slot (SS_PARAM_ROW (widget));
}

/* Drawn into an image when something in the row changes: in the frames
 * between, a new run's frame or another row's drag, the renderer
 * composites it instead of drawing the row's labels, slider and spin
 * button again (src/ss-raster.c).  The row the focus is in is drawn as
 * it is: its caret fades in and out every frame, and only the caret's
 * area needs painting then. */
static void
ss_param_row_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsParamRow *self = SS_PARAM_ROW (widget);
  void (*draw) (GtkWidget *, GtkSnapshot *) = GTK_WIDGET_CLASS (ss_param_row_parent_class)->snapshot;

  if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN)
    draw (widget, snapshot);
  else if (ss_raster_snapshot (widget, snapshot, draw))
    self->renders++;
}

guint
ss_param_row_get_renders (SsParamRow *self)
{
  g_return_val_if_fail (SS_IS_PARAM_ROW (self), 0);
  return self->renders;
}

static void
ss_param_row_class_init (SsParamRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_param_row_dispose;
  G_OBJECT_CLASS (klass)->finalize = ss_param_row_finalize;
  widget_class->root = ss_param_row_root;
  widget_class->snapshot = ss_param_row_snapshot;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-param-row.ui");
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, label);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, spin);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, unit_label);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, scale);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, value_box);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, error_label);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, reset_button);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, reset_slot);

  /* The user asked for a value; the panel decides whether it is valid.
   * final FALSE: a preview while the input goes on; a final request always
   * follows the last preview. */
  signals[VALUE_REQUESTED] = g_signal_new ("value-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_BOOLEAN);
}

static void
ss_param_row_init (SsParamRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->reset_button, "clicked", G_CALLBACK (reset_clicked_cb), self);
  g_signal_connect (self, "unmap", G_CALLBACK (unmap_cb), NULL);
}

SsParamRow *
ss_param_row_new (const ss_param_info *info, double value)
{
  SsParamRow *self = g_object_new (SS_TYPE_PARAM_ROW, NULL);
  GtkWidget  *compare;

  self->info = info;
  self->value = value;
  self->is_log = (info->flags & SS_PARAM_LOG) != 0;

  gtk_label_set_text (self->label, ss_i18n_model_text (info->label));
  update_tooltip (self);
  gtk_label_set_text (self->unit_label, info->unit);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  ss_i18n_model_text (info->label), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  ss_i18n_model_text (info->label), -1);

  if (info->kind == SS_PARAM_CHOICE)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

      for (int i = 0; info->choices != NULL && info->choices[i] != NULL; i++)
        {
          const char *label = ss_param_choice_label (info, i); /* the table's, if it has one */

          gtk_string_list_append (list, label ? ss_i18n_model_text (label) : ss_i18n_choice_label (info->choices[i]));
        }
      gtk_drop_down_set_model (self->dropdown, G_LIST_MODEL (list));
      /* the button shows the choice ellipsized, the list shows it whole:
       * a long law name must not widen the parameter panel */
      ss_drop_down_ellipsize (self->dropdown, 6);
      /* on the value's line, the row's width, instead of the label's:
       * "Flexible (three bodies)", "Exact Coulomb (event-driven)" whole */
      g_object_ref (self->dropdown);
      gtk_box_remove (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->dropdown))), GTK_WIDGET (self->dropdown));
      gtk_box_append (GTK_BOX (self->value_box), GTK_WIDGET (self->dropdown));
      g_object_unref (self->dropdown);
      gtk_widget_set_hexpand (GTK_WIDGET (self->dropdown), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->scale), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->spin), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->dropdown), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->unit_label), FALSE);
      g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (dropdown_changed_cb), self);
      /* "Compare all": one pinned run per choice (the window's action) */
      compare = gtk_button_new_from_icon_name ("view-continuous-symbolic");
      gtk_widget_add_css_class (compare, "flat");
      gtk_widget_set_valign (compare, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (compare, _("Compare All Choices: pin one run per choice"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (compare), "win.compare-all");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (compare), g_variant_new_string (info->name));
      gtk_widget_insert_after (compare, gtk_widget_get_parent (GTK_WIDGET (self->dropdown)),
                               GTK_WIDGET (self->dropdown));
    }
  else
    {
      GtkAdjustment *adj;
      double         lo, hi;

      slider_bounds (self, &lo, &hi);
      if (self->is_log)
        {
          lo = log10 (lo);
          hi = log10 (hi);
        }
      adj = gtk_adjustment_new (CLAMP (value_to_slider (self, value), lo, hi), lo, hi, (hi - lo) / 200, (hi - lo) / 20,
                                0);
      gtk_range_set_adjustment (GTK_RANGE (self->scale), adj);
      gtk_spin_button_set_adjustment (self->spin, gtk_adjustment_new (value, -1e15, 1e15,
                                                                      self->is_log ? value / 10 : (hi - lo) / 100,
                                                                      self->is_log ? value : (hi - lo) / 10, 0));
      gtk_spin_button_set_digits (self->spin, (info->flags & SS_PARAM_INTEGER) ? 0 : 6);
      g_signal_connect (self->spin, "input", G_CALLBACK (spin_input_cb), self);
      g_signal_connect (self->spin, "output", G_CALLBACK (spin_output_cb), self);
      g_signal_connect (self->spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
      g_signal_connect (self->scale, "value-changed", G_CALLBACK (scale_changed_cb), self);
      guard_control (self, GTK_WIDGET (self->scale), &self->scale_wheel);
      guard_control (self, GTK_WIDGET (self->spin), &self->spin_wheel);
    }
  sync_widgets (self);
  return self;
}

const ss_param_info *
ss_param_row_get_info (SsParamRow *self)
{
  return self->info;
}

double
ss_param_row_get_value (SsParamRow *self)
{
  return self->value;
}

/* Programmatic change (defaults, file, settings): no signal.  Replaces
 * text the user left that is no number. */
void
ss_param_row_set_value (SsParamRow *self, double value)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  self->value = value;
  g_clear_pointer (&self->text_error, g_free);
  sync_widgets (self);
  update_message (self);
}

/* The panel's refusal of the value (NULL: accepted).  Text that is no
 * number is the row's own business and shows first until corrected. */
void
ss_param_row_set_error (SsParamRow *self, const char *message)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  g_free (self->error);
  self->error = g_strdup (message);
  update_message (self);
}

/* The message shown under the row, or NULL. */
const char *
ss_param_row_get_error (SsParamRow *self)
{
  return self->text_error ? self->text_error : self->error;
}

/* Marks a value that differs from the default: bold label, reset button. */
void
ss_param_row_set_modified (SsParamRow *self, gboolean modified)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  self->modified = modified;
  gtk_widget_set_visible (self->reset_button, modified);
  if (modified)
    gtk_widget_add_css_class (GTK_WIDGET (self->label), "param-modified");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->label), "param-modified");
}

gboolean
ss_param_row_get_modified (SsParamRow *self)
{
  return self->modified;
}

/* Why the parameter has no effect now (NULL: it has): the row turns
 * insensitive and its tooltip leads with the reason. */
void
ss_param_row_set_inactive_reason (SsParamRow *self, const char *reason)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  if (g_strcmp0 (reason, self->inactive_reason) == 0)
    return;
  g_free (self->inactive_reason);
  self->inactive_reason = g_strdup (reason);
  gtk_widget_set_sensitive (GTK_WIDGET (self), reason == NULL);
  update_tooltip (self);
}

const char *
ss_param_row_get_inactive_reason (SsParamRow *self)
{
  return self->inactive_reason;
}

/* Drops a final still to come (the panel replaced every value). */
void
ss_param_row_cancel_pending (SsParamRow *self)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->release_id != 0)
    {
      g_clear_handle_id (&self->release_id, g_source_remove);
      self->pressed = FALSE; /* released already */
    }
  self->preview_pending = FALSE;
}

/* The slider's adjustment (log10 of the value for log parameters). */
GtkAdjustment *
ss_param_row_get_adjustment (SsParamRow *self)
{
  return gtk_range_get_adjustment (GTK_RANGE (self->scale));
}

GtkScale *
ss_param_row_get_scale (SsParamRow *self)
{
  return self->scale;
}

GtkSpinButton *
ss_param_row_get_spin (SsParamRow *self)
{
  return self->spin;
}

GtkDropDown *
ss_param_row_get_dropdown (SsParamRow *self)
{
  return self->dropdown;
}

GtkWidget *
ss_param_row_get_reset_button (SsParamRow *self)
{
  return self->reset_button;
}
