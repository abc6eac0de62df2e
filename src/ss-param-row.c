/* ss-param-row.c - the slider works in log10 space for SS_PARAM_LOG; its
 * range is a practical window around the default that widens to whatever
 * valid value is typed.  The spin button accepts any number, so a value
 * outside the valid range reaches the panel and is refused with a reason
 * instead of being clamped silently. */
#define G_LOG_DOMAIN "ss-param-row"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "ss-model-strings.h"
#include "ss-param-row.h"

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

  const ss_param_info *info;
  double               value; /* value shown (last requested) */
  gboolean             is_log;
  gboolean             syncing; /* programmatic update: no signal */
  char                *error;
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
sync_widgets (SsParamRow *self)
{
  GtkAdjustment       *adj = gtk_range_get_adjustment (GTK_RANGE (self->scale));
  const ss_param_info *p = self->info;

  self->syncing = TRUE;
  if (p->kind == SS_PARAM_CHOICE)
    gtk_drop_down_set_selected (self->dropdown, (guint)MAX (0, (int)self->value));
  else
    {
      double s = value_to_slider (self, self->value);
      double v = self->value;

      if (isfinite (v) && ss_param_check (p, v, NULL))
        {
          /* widen the slider to a valid typed value */
          if (s < gtk_adjustment_get_lower (adj))
            gtk_adjustment_set_lower (adj, s);
          if (s > gtk_adjustment_get_upper (adj))
            gtk_adjustment_set_upper (adj, s);
          gtk_adjustment_set_value (adj, s);
        }
      if (self->is_log && v > 0)
        {
          double mag = pow (10.0, floor (log10 (v)) - 1);

          gtk_spin_button_set_increments (self->spin, mag, mag * 10);
        }
      gtk_spin_button_set_value (self->spin, v);
    }
  self->syncing = FALSE;
}

static void
request_value (SsParamRow *self, double value)
{
  self->value = value;
  g_signal_emit (self, signals[VALUE_REQUESTED], 0, value);
}

static void
scale_changed_cb (GtkRange *range, SsParamRow *self)
{
  double v;

  if (self->syncing)
    return;
  v = ss_param_row_slider_to_value (self, gtk_range_get_value (range));
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->spin, v);
  self->syncing = FALSE;
  request_value (self, v);
}

static void
spin_changed_cb (GtkSpinButton *spin, SsParamRow *self)
{
  double v;

  if (self->syncing)
    return;
  v = gtk_spin_button_get_value (spin);
  self->value = v;
  sync_widgets (self);
  request_value (self, v);
}

/* Accepts "1e-5", "0.5" and the Polish "0,5". */
static int
spin_input_cb (GtkSpinButton *spin, double *new_value, SsParamRow *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  char            *end = NULL;
  double           v;

  g_strdelimit (text, ",", '.');
  v = g_ascii_strtod (text, &end);
  if (text[0] == '\0' || end == NULL || *end != '\0' || !isfinite (v))
    {
      g_autofree char *msg =
          /* Translators: %s is the text the user typed into a number field */
          g_strdup_printf (_("“%s” is not a number"), gtk_editable_get_text (GTK_EDITABLE (spin)));

      ss_param_row_set_error (self, msg);
      return GTK_INPUT_ERROR;
    }
  *new_value = v;
  return TRUE;
}

static gboolean
spin_output_cb (GtkSpinButton *spin, SsParamRow *self)
{
  char   buf[64];
  double v = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));

  (void)self;
  if (v != 0 && (fabs (v) < 1e-3 || fabs (v) >= 1e6))
    g_snprintf (buf, sizeof buf, "%.4g", v);
  else
    g_snprintf (buf, sizeof buf, "%.6g", v);
  if (g_strcmp0 (buf, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), buf);
  return TRUE;
}

static void
dropdown_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, SsParamRow *self)
{
  (void)pspec;
  if (self->syncing)
    return;
  request_value (self, (double)gtk_drop_down_get_selected (dropdown));
}

static void
ss_param_row_finalize (GObject *object)
{
  SsParamRow *self = (SsParamRow *)object;

  g_free (self->error);

  G_OBJECT_CLASS (ss_param_row_parent_class)->finalize (object);
}

static void
ss_param_row_class_init (SsParamRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_param_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-param-row.ui");
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, label);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, spin);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, unit_label);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, scale);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, value_box);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, SsParamRow, error_label);

  /* The user asked for a value; the panel decides whether it is valid. */
  signals[VALUE_REQUESTED] = g_signal_new ("value-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
}

static void
ss_param_row_init (SsParamRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

SsParamRow *
ss_param_row_new (const ss_param_info *info, double value)
{
  SsParamRow *self = g_object_new (SS_TYPE_PARAM_ROW, NULL);

  self->info = info;
  self->value = value;
  self->is_log = (info->flags & SS_PARAM_LOG) != 0;

  gtk_label_set_text (self->label, ss_i18n_model_text (info->label));
  {
    g_autofree char *escaped_desc = g_markup_escape_text (ss_i18n_model_text (info->description), -1);
    g_autofree char *markup = g_strdup_printf ("%s\n<small><tt>%s</tt></small>", escaped_desc, info->name);

    gtk_widget_set_tooltip_markup (GTK_WIDGET (self), markup);
  }
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
      gtk_widget_set_visible (GTK_WIDGET (self->dropdown), TRUE);
      gtk_widget_set_visible (self->value_box, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->unit_label), FALSE);
      g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (dropdown_changed_cb), self);
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
      adj = gtk_adjustment_new (value_to_slider (self, value), lo, hi, (hi - lo) / 200, (hi - lo) / 20, 0);
      gtk_range_set_adjustment (GTK_RANGE (self->scale), adj);
      gtk_spin_button_set_adjustment (self->spin, gtk_adjustment_new (value, -1e15, 1e15,
                                                                      self->is_log ? value / 10 : (hi - lo) / 100,
                                                                      self->is_log ? value : (hi - lo) / 10, 0));
      gtk_spin_button_set_digits (self->spin, (info->flags & SS_PARAM_INTEGER) ? 0 : 6);
      g_signal_connect (self->spin, "input", G_CALLBACK (spin_input_cb), self);
      g_signal_connect (self->spin, "output", G_CALLBACK (spin_output_cb), self);
      g_signal_connect (self->spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
      g_signal_connect (self->scale, "value-changed", G_CALLBACK (scale_changed_cb), self);
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

/* Programmatic change (defaults, file, settings): no signal. */
void
ss_param_row_set_value (SsParamRow *self, double value)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  self->value = value;
  sync_widgets (self);
}

void
ss_param_row_set_error (SsParamRow *self, const char *message)
{
  g_return_if_fail (SS_IS_PARAM_ROW (self));

  g_free (self->error);
  self->error = g_strdup (message);
  if (message != NULL)
    {
      gtk_label_set_text (self->error_label, message);
      gtk_widget_add_css_class (GTK_WIDGET (self->spin), "error");
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->spin), "error");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

const char *
ss_param_row_get_error (SsParamRow *self)
{
  return self->error;
}

/* The slider's adjustment (log10 of the value for log parameters). */
GtkAdjustment *
ss_param_row_get_adjustment (SsParamRow *self)
{
  return gtk_range_get_adjustment (GTK_RANGE (self->scale));
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
