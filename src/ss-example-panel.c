/* ss-example-panel.c - the texts come from the library's examples table
 * (model/core/examples.c), translated through the model strings list; this
 * run's figures are measured the way the library's test measures them
 * (ss_example_measure), on the final run only. */
#define G_LOG_DOMAIN "ss-example-panel"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "ss-example-panel.h"
#include "ss-model-strings.h"
#include "ss-units.h"

struct _SsExamplePanel
{
  GtkWidget parent_instance;

  /* template */
  GtkStack   *stack;
  GtkLabel   *title_label;
  GtkLabel   *source_label;
  GtkBox     *settings_box;
  GtkLabel   *modified_label;
  GtkLabel   *note_label;
  GtkLabel   *no_values_label;
  GtkListBox *values_list;

  const ss_example *example;
  int               setting;  /* whose values are shown */
  gboolean          modified; /* the parameters are no setting's */
  GPtrArray        *checks;   /* GtkCheckButton per setting */
  GArray           *measured; /* double per value: this run's figure (NaN: none yet or none) */
  gboolean          have_run;
  gboolean          stale; /* a run given off screen, not measured yet */
  SsDataset        *dataset;
  gboolean          syncing;
};

G_DEFINE_FINAL_TYPE (SsExamplePanel, ss_example_panel, GTK_TYPE_WIDGET)

enum
{
  SETTING_ACTIVATED,
  TIME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The paper's figure as text: "1.86 s", "3 m/s²", "never". */
char *
ss_example_value_paper_text (const ss_example_value *value, const ss_model *model)
{
  const char *unit = "s";

  if (value->measure == SS_EXAMPLE_NO_EVENT)
    /* Translators: what a paper publishes for an event that does not happen */
    return g_strdup (_("never"));
  if (value->measure == SS_EXAMPLE_VALUE)
    {
      int c = model ? ss_model_column_find (model, value->column) : -1;

      unit = c >= 0 ? ss_model_column (model, c)->unit : "";
      return ss_format_quantity (value->value, unit);
    }
  return ss_format_quantity (value->t, unit);
}

static const ss_model *
run_model (SsExamplePanel *self)
{
  return self->dataset ? ss_dataset_get_model (self->dataset) : NULL;
}

/* The unit of @v's figures: s, or its column's. */
static const char *
value_unit (SsExamplePanel *self, const ss_example_value *v)
{
  const ss_model *m = run_model (self);
  int             c = m != NULL && v->column != NULL ? ss_model_column_find (m, v->column) : -1;

  if (v->measure != SS_EXAMPLE_VALUE)
    return "s";
  return c >= 0 ? ss_model_column (m, c)->unit : "";
}

static char *
subtitle (SsExamplePanel *self, const ss_example_value *v, double measured)
{
  GString         *s = g_string_new (NULL);
  g_autofree char *paper = ss_example_value_paper_text (v, run_model (self));

  /* Translators: the value a paper publishes, e.g. "paper: 1.86 s" */
  g_string_append_printf (s, _("paper: %s"), paper);
  if (v->measure != SS_EXAMPLE_NO_EVENT && isnan (v->tolerance))
    /* Translators: after a paper's value this app does not reproduce */
    g_string_append_printf (s, " (%s)", _("not reproduced"));
  else if (v->tolerance > 0)
    {
      g_autofree char *tol = ss_format_quantity (v->tolerance, value_unit (self, v));

      g_string_append_printf (s, " ± %s", tol);
    }
  if (self->have_run)
    {
      g_autofree char *figure = isnan (measured) ? NULL : ss_format_quantity (measured, value_unit (self, v));
      g_autofree char *ours = NULL;

      if (v->measure == SS_EXAMPLE_NO_EVENT)
        /* Translators: when an event happens in this run, e.g. "at 1.9 s" */
        ours = figure == NULL ? g_strdup (_("never")) : g_strdup_printf (_("at %s"), figure);
      else if (figure == NULL)
        /* Translators: a published event or value this run does not have */
        ours = g_strdup (_("none"));
      else
        ours = g_steal_pointer (&figure);
      /* Translators: this run's figure next to the paper's, e.g. " · this run: 1.859 s" */
      g_string_append_printf (s, _(" · this run: %s"), ours);
    }
  return g_string_free (s, FALSE);
}

static void
row_activated_cb (SsExamplePanel *self, AdwActionRow *row)
{
  int              i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "value"));
  ss_example_value v;
  double           t;

  if (self->example == NULL || !ss_example_get_value (self->example, self->setting, i, &v))
    return;
  t = v.t;
  if (isnan (t) && i < (int)self->measured->len)
    t = g_array_index (self->measured, double, i); /* an outcome that happened: when */
  if (!isnan (t))
    g_signal_emit (self, signals[TIME_ACTIVATED], 0, t);
}

static void
fill_values (SsExamplePanel *self)
{
  GtkWidget *child;
  int        n = self->example ? ss_example_n_values (self->example, self->setting) : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->values_list))) != NULL)
    gtk_list_box_remove (self->values_list, child);
  for (int i = 0; i < n; i++)
    {
      ss_example_value v;
      double           measured = i < (int)self->measured->len ? g_array_index (self->measured, double, i) : NAN;
      g_autofree char *text = NULL;
      GtkWidget       *row = adw_action_row_new ();
      GtkWidget       *icon = NULL;

      ss_example_get_value (self->example, self->setting, i, &v);
      text = subtitle (self, &v, measured);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ss_i18n_model_text (v.what));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Move the playhead to this instant"));
      g_object_set_data (G_OBJECT (row), "value", GINT_TO_POINTER (i));
      g_signal_connect_swapped (row, "activated", G_CALLBACK (row_activated_cb), self);
      if (self->have_run)
        {
          if (!ss_example_value_holds (&v, measured))
            {
              icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
              gtk_widget_add_css_class (icon, "warning");
              gtk_widget_set_tooltip_text (icon, _("This run does not agree with the table: the parameters or the run "
                                                   "settings differ from the example's"));
            }
          else if (v.measure != SS_EXAMPLE_NO_EVENT && isnan (v.tolerance))
            {
              icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");
              gtk_widget_set_tooltip_text (icon, _("Not reproduced: the note says why"));
            }
          else
            {
              icon = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
              gtk_widget_add_css_class (icon, "success");
              gtk_widget_set_tooltip_text (icon, _("Within the published tolerance"));
            }
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
        }
      gtk_list_box_append (self->values_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->values_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->no_values_label), n == 0);
}

static void
check_toggled_cb (SsExamplePanel *self, GtkCheckButton *check)
{
  if (self->syncing || !gtk_check_button_get_active (check))
    return;
  g_signal_emit (self, signals[SETTING_ACTIVATED], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "setting")));
}

static void
ss_example_panel_dispose (GObject *object)
{
  SsExamplePanel *self = SS_EXAMPLE_PANEL (object);
  GtkWidget      *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_EXAMPLE_PANEL);
  /* the template's top box has no name to be cleared by */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->dataset);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  g_clear_pointer (&self->measured, g_array_unref);

  G_OBJECT_CLASS (ss_example_panel_parent_class)->dispose (object);
}

static void measure (SsExamplePanel *self);

/* Shown again: the run given meanwhile, measured at once. */
static void
ss_example_panel_map (GtkWidget *widget)
{
  SsExamplePanel *self = SS_EXAMPLE_PANEL (widget);

  GTK_WIDGET_CLASS (ss_example_panel_parent_class)->map (widget);
  if (self->stale)
    measure (self);
}

static void
ss_example_panel_class_init (SsExamplePanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_example_panel_dispose;
  widget_class->map = ss_example_panel_map;

  /* the setting chosen, an index of the example's settings */
  signals[SETTING_ACTIVATED] = g_signal_new ("setting-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                             NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* the instant of a published value activated, s */
  signals[TIME_ACTIVATED] = g_signal_new ("time-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-example-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, stack);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, source_label);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, settings_box);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, modified_label);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, note_label);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, no_values_label);
  gtk_widget_class_bind_template_child (widget_class, SsExamplePanel, values_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ss_example_panel_init (SsExamplePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->checks = g_ptr_array_new ();
  self->measured = g_array_new (FALSE, FALSE, sizeof (double));
  self->setting = -1;
}

/* Shows @example (NULL: none) with the values of @setting; @modified: the
 * parameters are no setting's (none is checked). */
void
ss_example_panel_set_example (SsExamplePanel *self, const ss_example *example, int setting, gboolean modified)
{
  g_return_if_fail (SS_IS_EXAMPLE_PANEL (self));

  if (example != self->example)
    {
      GtkWidget      *child;
      GtkCheckButton *group = NULL;

      self->example = example;
      g_ptr_array_set_size (self->checks, 0);
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->settings_box))) != NULL)
        gtk_box_remove (self->settings_box, child);
      for (int s = 0; example != NULL && s < example->n_settings; s++)
        {
          GtkWidget *check = gtk_check_button_new_with_label (ss_i18n_model_text (example->settings[s].label));

          if (group != NULL)
            gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
          else
            group = GTK_CHECK_BUTTON (check);
          if (example->settings[s].assignments[0] != '\0')
            gtk_widget_set_tooltip_text (check, example->settings[s].assignments);
          g_object_set_data (G_OBJECT (check), "setting", GINT_TO_POINTER (s));
          g_signal_connect_swapped (check, "toggled", G_CALLBACK (check_toggled_cb), self);
          gtk_box_append (self->settings_box, check);
          g_ptr_array_add (self->checks, check);
        }
      if (example != NULL)
        {
          g_autofree char *source =
              g_strdup_printf ("%s · %s", ss_i18n_model_text (example->source), example->scenario);

          gtk_label_set_text (self->title_label, ss_i18n_model_text (example->title));
          gtk_label_set_text (self->source_label, source);
          gtk_label_set_text (self->note_label, ss_i18n_model_text (example->note));
        }
      gtk_stack_set_visible_child_name (self->stack, example ? "example" : "empty");
      self->setting = -1;
    }
  if (setting != self->setting)
    {
      self->setting = setting;
      g_array_set_size (self->measured, 0);
      self->have_run = FALSE;
    }
  self->modified = modified;
  self->syncing = TRUE;
  for (guint s = 0; s < self->checks->len; s++)
    gtk_check_button_set_active (g_ptr_array_index (self->checks, s), !modified && (int)s == setting);
  self->syncing = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->modified_label), example != NULL && modified);
  fill_values (self);
}

const ss_example *
ss_example_panel_get_example (SsExamplePanel *self)
{
  return self->example;
}

int
ss_example_panel_get_setting (SsExamplePanel *self)
{
  return self->setting;
}

/* Measures the published values in self->dataset and shows them next to
 * the paper's. */
static void
measure (SsExamplePanel *self)
{
  ss_trace *tr = NULL;
  int       n;

  self->stale = FALSE;
  g_array_set_size (self->measured, 0);
  self->have_run = FALSE;
  n = self->example ? ss_example_n_values (self->example, self->setting) : 0;
  if (self->dataset != NULL && n > 0)
    tr = ss_dataset_to_trace (self->dataset);
  for (int i = 0; tr != NULL && i < n; i++)
    {
      ss_example_value v;
      double           got;

      ss_example_get_value (self->example, self->setting, i, &v);
      got = ss_example_measure (&v, ss_dataset_get_model (self->dataset), tr);
      g_array_append_val (self->measured, got);
    }
  self->have_run = tr != NULL;
  ss_trace_free (tr);
  fill_values (self);
}

/* Measures the published values in @dataset (a finished run of the
 * example's scenario; NULL: none) and shows them next to the paper's; off
 * screen, once shown (or asked). */
void
ss_example_panel_set_run (SsExamplePanel *self, SsDataset *dataset)
{
  g_return_if_fail (SS_IS_EXAMPLE_PANEL (self));

  g_set_object (&self->dataset, dataset);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    measure (self);
}

/* This run's figure of value @value of the setting shown (NaN: none, or
 * not measured yet). */
double
ss_example_panel_get_measured (SsExamplePanel *self, int value)
{
  if (self->stale)
    measure (self);
  if (value < 0 || value >= (int)self->measured->len)
    return NAN;
  return g_array_index (self->measured, double, value);
}
