/* ss-study-dialog-editor.c - the study window's editor rows: an axis
 * (the parameter varied, from, to, points, log steps; a range suggested
 * around the base value) and an outcome (what each variant gives: a run
 * metric, or a signal's maximum, minimum, final value, value at a time or
 * amplitude).  Each row is filled from and read into the library's terms
 * here: the hub hands a study's axes and outcomes in (editor_fill) and
 * asks for them back (editor_read) around the base values it keeps. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-plot-stack-labels.h"
#include "ss-readable.h"
#include "ss-study-dialog-private.h"
#include "ss-units.h"

#define MAX_POINTS 10000 /* per axis in the editor (the library allows 1e6 variants in all) */

typedef enum
{
  OUTCOME_METRIC,
  OUTCOME_MAX,
  OUTCOME_MIN,
  OUTCOME_FINAL,
  OUTCOME_AT,
  OUTCOME_AMP,
  N_OUTCOME_KINDS
} OutcomeKind;

static const char *const outcome_prefixes[N_OUTCOME_KINDS] = { "", "max:", "min:", "final:", "at:", "amp:" };

/* An outcome's row */
struct _OutcomeEditor
{
  SsStudyDialog *dialog;
  GtkWidget     *row;
  GtkDropDown   *kind;
  GtkDropDown   *target;
  GtkWidget     *time_box;
  GtkEditable   *time;
  GtkWidget     *remove;
  GPtrArray     *names;  /* the target list's metric or column names */
  OutcomeKind    listed; /* the kind the target list was made for */
};

/* A drop-down whose button ellipsizes the chosen entry (long signal names
 * would widen the sidebar) and whose list shows entries whole. */
static void
setup_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (ellipsize != NULL)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void)factory;
  (void)data;
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static GtkDropDown *
make_dropdown (void)
{
  GtkDropDown        *dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  GtkListItemFactory *button = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (1));
  g_signal_connect (button, "bind", G_CALLBACK (bind_label_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (setup_label_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (bind_label_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_object_unref (button);
  g_object_unref (list);
  gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
  return dropdown;
}

/* A number as typed: "1e-5", "0.5" or the Polish "0,5". */
static char *
normalise_number (const char *text)
{
  char *s = g_strstrip (g_strdup (text));

  g_strdelimit (s, ",", '.');
  return s;
}

/* ---- axes ------------------------------------------------------------- */

static void
set_number_text (GtkEditable *editable, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  ss_format_double (value, buf, sizeof buf);
  gtk_editable_set_text (editable, buf);
}

static int
axis_selected_param (AxisEditor *axis)
{
  guint i = adw_combo_row_get_selected (axis->param_row);

  return i < axis->params->len ? g_array_index (axis->params, int, i) : -1;
}

static void
axis_suggest (SsStudyDialog *self, AxisEditor *axis)
{
  int                  param = axis_selected_param (axis);
  const ss_param_info *p;
  double               lo, hi;
  gboolean             log_steps;

  if (param < 0)
    return;
  p = &self->scenario->params[param];
  _ss_study_dialog_suggest_range (p, self->base[param], &lo, &hi, &log_steps);
  /* as a person would type them: 1e-06, not 1.0000000000000002e-06 */
  lo = CLAMP (ss_readable_param (p, lo), p->min, p->max);
  hi = CLAMP (ss_readable_param (p, hi), p->min, p->max);
  set_number_text (GTK_EDITABLE (axis->from_row), lo);
  set_number_text (GTK_EDITABLE (axis->to_row), hi);
  gtk_switch_set_active (axis->log, log_steps);
  if ((p->flags & SS_PARAM_INTEGER) && hi > lo)
    gtk_spin_button_set_value (axis->points, MIN (hi - lo + 1, 21));
}

static void
axis_param_changed_cb (AdwComboRow *row, GParamSpec *pspec, SsStudyDialog *self)
{
  (void)pspec;
  if (self->filling)
    return;
  for (int i = 0; i < SS_STUDY_MAX_AXES; i++)
    if (self->axes[i].param_row == row)
      axis_suggest (self, &self->axes[i]);
}

/* The real parameters of the scenario in the axis's list. */
static void
axis_fill_params (SsStudyDialog *self, AxisEditor *axis, int select)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint chosen = 0;

  g_array_set_size (axis->params, 0);
  for (int i = 0; i < self->scenario->n_params; i++)
    {
      const ss_param_info *p = &self->scenario->params[i];
      g_autofree char     *label = NULL;

      if (p->kind != SS_PARAM_REAL)
        continue;
      if (i == select)
        chosen = axis->params->len;
      label = p->unit[0] != '\0' ? g_strdup_printf ("%s (%s)", ss_i18n_model_text (p->label), p->unit)
                                 : g_strdup (ss_i18n_model_text (p->label));
      gtk_string_list_append (labels, label);
      g_array_append_val (axis->params, i);
    }
  adw_combo_row_set_model (axis->param_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (axis->param_row, chosen);
}

static void
axis_set (SsStudyDialog *self, AxisEditor *axis, const ss_study_axis *a)
{
  axis_fill_params (self, axis, a->param);
  set_number_text (GTK_EDITABLE (axis->from_row), a->lo);
  set_number_text (GTK_EDITABLE (axis->to_row), a->hi);
  gtk_spin_button_set_value (axis->points, a->n);
  gtk_switch_set_active (axis->log, a->scale == SS_STUDY_LOG);
}

/* The axis as typed; FALSE and *error naming the field. */
static gboolean
axis_read (SsStudyDialog *self, AxisEditor *axis, ss_study_axis *a, char **error)
{
  const ss_param_info *p;
  AdwEntryRow         *rows[2] = { axis->from_row, axis->to_row };
  double              *ends[2] = { &a->lo, &a->hi };

  a->param = axis_selected_param (axis);
  if (a->param < 0)
    {
      *error = g_strdup (_("Choose a parameter to vary"));
      return FALSE;
    }
  p = &self->scenario->params[a->param];
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *text = normalise_number (gtk_editable_get_text (GTK_EDITABLE (rows[i])));
      char            *msg = NULL;

      if (!ss_param_parse (p, text, ends[i], &msg))
        {
          /* Translators: a field of the study ("From", "To") and the model's message */
          *error = g_strdup_printf (_("%s: %s"), adw_preferences_row_get_title (ADW_PREFERENCES_ROW (rows[i])), msg);
          free (msg);
          return FALSE;
        }
    }
  a->n = gtk_spin_button_get_value_as_int (axis->points);
  a->scale = gtk_switch_get_active (axis->log) ? SS_STUDY_LOG : SS_STUDY_LINEAR;
  return TRUE;
}

static void
axis_build (SsStudyDialog *self, AxisEditor *axis, AdwPreferencesGroup *group)
{
  GtkWidget *row;

  axis->params = g_array_new (FALSE, FALSE, sizeof (int));
  axis->param_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->param_row), _("Parameter"));
  /* the chosen parameter under the title, the row's whole width: a long
   * label ("Przyspieszenie ziemskie g (m/s²)") is not cut */
  adw_combo_row_set_use_subtitle (axis->param_row, TRUE);
  g_signal_connect (axis->param_row, "notify::selected", G_CALLBACK (axis_param_changed_cb), self);
  adw_preferences_group_add (group, GTK_WIDGET (axis->param_row));

  axis->from_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->from_row), _("From"));
  adw_preferences_group_add (group, GTK_WIDGET (axis->from_row));
  axis->to_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->to_row), _("To"));
  adw_preferences_group_add (group, GTK_WIDGET (axis->to_row));

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Points"));
  axis->points = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, MAX_POINTS, 1));
  gtk_widget_set_valign (GTK_WIDGET (axis->points), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (axis->points));
  adw_preferences_group_add (group, row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Logarithmic steps"));
  axis->log = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (axis->log), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (axis->log));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (axis->log));
  adw_preferences_group_add (group, row);
}

/* ---- outcomes --------------------------------------------------------- */

static gboolean
kind_lists_metrics (OutcomeKind kind)
{
  return kind == OUTCOME_METRIC;
}

/* The names a kind of outcome chooses from (metrics or columns) with
 * their labels. */
static void
outcome_fill_targets (OutcomeEditor *ed, const char *select)
{
  SsStudyDialog  *self = ed->dialog;
  OutcomeKind     kind = gtk_drop_down_get_selected (ed->kind);
  const ss_model *m = self->names_model;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint chosen = 0;

  g_ptr_array_set_size (ed->names, 0);
  for (int i = 0; m != NULL && (kind_lists_metrics (kind) ? i < ss_metrics_count (m) : i < ss_model_n_columns (m)); i++)
    {
      g_autofree char *label = NULL;
      const char      *unit;
      char            *name;

      if (kind_lists_metrics (kind))
        {
          ss_metric_desc desc;

          ss_metrics_describe (m, i, &desc);
          name = g_strdup (desc.name);
          label = ss_study_outcome_label (m, desc.name);
          unit = desc.kind == SS_METRIC_AMPLITUDE && desc.unit == NULL ? NULL : desc.unit;
        }
      else
        {
          const ss_column *col = ss_model_column (m, i);

          name = g_strdup (col->name);
          label = ss_plot_stack_column_label (m, i);
          unit = col->unit;
        }
      if (select != NULL && g_str_equal (select, name))
        chosen = ed->names->len;
      g_ptr_array_add (ed->names, name);
      if (unit != NULL && unit[0] != '\0' && !g_str_equal (unit, "1"))
        {
          g_autofree char *with_unit = g_strdup_printf ("%s (%s)", label, unit);

          gtk_string_list_append (labels, with_unit);
        }
      else
        gtk_string_list_append (labels, label);
    }
  gtk_drop_down_set_model (ed->target, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (ed->target, chosen);
  ed->listed = kind;
}

static void
outcome_kind_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, OutcomeEditor *ed)
{
  OutcomeKind      kind = gtk_drop_down_get_selected (dropdown);
  guint            i = gtk_drop_down_get_selected (ed->target);
  g_autofree char *keep = NULL;

  (void)pspec;
  gtk_widget_set_visible (ed->time_box, kind == OUTCOME_AT);
  if (kind_lists_metrics (kind) == kind_lists_metrics (ed->listed))
    return;
  keep = i < ed->names->len ? g_strdup (g_ptr_array_index (ed->names, i)) : NULL;
  outcome_fill_targets (ed, keep);
}

/* The outcome as the library writes it: "period", "max:spring.F",
 * "at:2.5:v"; NULL and *error for a bad time. */
static char *
outcome_read (OutcomeEditor *ed, char **error)
{
  OutcomeKind kind = gtk_drop_down_get_selected (ed->kind);
  guint       i = gtk_drop_down_get_selected (ed->target);
  const char *name;

  if (i >= ed->names->len)
    {
      *error = g_strdup (_("Outcomes: choose what each variant gives"));
      return NULL;
    }
  name = g_ptr_array_index (ed->names, i);
  if (kind == OUTCOME_AT)
    {
      g_autofree char *text = normalise_number (gtk_editable_get_text (ed->time));
      char            *end = NULL;
      double           t = g_ascii_strtod (text, &end);
      char             buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (text[0] == '\0' || *end != '\0' || !isfinite (t) || t < 0)
        {
          *error = g_strdup_printf (_("Outcomes: the time “%s” is not a number of seconds ≥ 0"), text);
          return NULL;
        }
      ss_format_double (t, buf, sizeof buf);
      return g_strdup_printf ("at:%s:%s", buf, name);
    }
  return g_strconcat (outcome_prefixes[kind], name, NULL);
}

static void
outcome_editor_free (OutcomeEditor *ed)
{
  g_ptr_array_unref (ed->names);
  g_free (ed);
}

static void
update_remove_buttons (SsStudyDialog *self)
{
  for (guint i = 0; i < self->outcomes->len; i++)
    gtk_widget_set_sensitive (((OutcomeEditor *)g_ptr_array_index (self->outcomes, i))->remove,
                              self->outcomes->len > 1);
}

static void
outcome_remove_cb (GtkButton *button, OutcomeEditor *ed)
{
  SsStudyDialog *self = ed->dialog;

  (void)button;
  if (self->outcomes->len <= 1)
    return;
  adw_preferences_group_remove (self->outcome_group, ed->row);
  g_ptr_array_remove (self->outcomes, ed); /* frees ed */
  update_remove_buttons (self);
}

/* A row: what is taken (a metric, a signal's maximum, …), of what, and the
 * time for a value at a time. */
OutcomeEditor *
_ss_study_dialog_outcome_add (SsStudyDialog *self, const char *spec)
{
  static const char
      *kinds[] = {
        N_("Run metric"),          N_("Maximum of a signal"),
                                        N_("Minimum of a signal"), N_("Final value of a signal"),
                                                                        N_("Signal at a time"),    N_("Amplitude of a signal") };
  OutcomeEditor *ed = g_new0 (OutcomeEditor, 1);
  g_autoptr(GtkStringList) kind_list = gtk_string_list_new (NULL);
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget       *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget       *unit;
  OutcomeKind      kind = OUTCOME_METRIC;
  const char      *name = spec;
  g_autofree char *time = NULL;

  G_STATIC_ASSERT (G_N_ELEMENTS (kinds) == N_OUTCOME_KINDS);
  ed->dialog = self;
  ed->names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    gtk_string_list_append (kind_list, _(kinds[i]));
  for (int k = OUTCOME_MAX; spec != NULL && k < N_OUTCOME_KINDS; k++)
    if (g_str_has_prefix (spec, outcome_prefixes[k]))
      {
        kind = k;
        name = spec + strlen (outcome_prefixes[k]);
      }
  if (kind == OUTCOME_AT)
    {
      const char *colon = strchr (name, ':');

      time = colon != NULL ? g_strndup (name, colon - name) : g_strdup ("0");
      name = colon != NULL ? colon + 1 : name;
    }

  ed->kind = make_dropdown ();
  gtk_drop_down_set_model (ed->kind, G_LIST_MODEL (kind_list));
  gtk_drop_down_set_selected (ed->kind, kind);
  ed->listed = kind;
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (ed->kind));
  ed->remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_add_css_class (ed->remove, "flat");
  gtk_widget_set_tooltip_text (ed->remove, _("Remove this outcome"));
  g_signal_connect (ed->remove, "clicked", G_CALLBACK (outcome_remove_cb), ed);
  gtk_box_append (GTK_BOX (line), ed->remove);
  gtk_box_append (GTK_BOX (box), line);

  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  ed->target = make_dropdown ();
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (ed->target));
  ed->time_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  ed->time = GTK_EDITABLE (gtk_entry_new ());
  gtk_editable_set_width_chars (ed->time, 6);
  gtk_editable_set_text (ed->time, time != NULL ? time : "1");
  gtk_widget_set_tooltip_text (GTK_WIDGET (ed->time), _("Time of the value, s"));
  gtk_box_append (GTK_BOX (ed->time_box), GTK_WIDGET (ed->time));
  unit = gtk_label_new ("s");
  gtk_box_append (GTK_BOX (ed->time_box), unit);
  gtk_widget_set_visible (ed->time_box, kind == OUTCOME_AT);
  gtk_box_append (GTK_BOX (line), ed->time_box);
  gtk_box_append (GTK_BOX (box), line);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  ed->row = adw_preferences_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (ed->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (ed->row), box);
  adw_preferences_group_add (self->outcome_group, ed->row);

  outcome_fill_targets (ed, name);
  g_signal_connect (ed->kind, "notify::selected", G_CALLBACK (outcome_kind_changed_cb), ed);
  g_ptr_array_add (self->outcomes, ed);
  update_remove_buttons (self);
  return ed;
}

static void
outcomes_clear (SsStudyDialog *self)
{
  while (self->outcomes->len > 0)
    {
      OutcomeEditor *ed = g_ptr_array_index (self->outcomes, self->outcomes->len - 1);

      adw_preferences_group_remove (self->outcome_group, ed->row);
      g_ptr_array_remove_index (self->outcomes, self->outcomes->len - 1);
    }
}

/* ---- the editor as a whole ------------------------------------------- */

/* The rows show @st's axes and outcomes (the hub has made its scenario and
 * base values the window's): an unused second axis takes the next real
 * parameter, ready to be switched on. */
void
_ss_study_dialog_editor_fill (SsStudyDialog *self, const ss_study *st)
{
  const ss_scenario *sc = ss_study_scenario (st);

  self->filling = TRUE;
  for (int i = 0; i < SS_STUDY_MAX_AXES; i++)
    {
      const ss_study_axis *a = ss_study_axis_get (st, i < ss_study_n_axes (st) ? i : 0);
      ss_study_axis        other = *a;

      if (i >= ss_study_n_axes (st))
        {
          /* an unused second axis: the next parameter, ready to switch on */
          other.param = -1;
          for (int p = a->param + 1; p < sc->n_params && other.param < 0; p++)
            if (sc->params[p].kind == SS_PARAM_REAL)
              other.param = p;
          if (other.param < 0)
            other.param = a->param;
          axis_fill_params (self, &self->axes[i], other.param);
          self->filling = FALSE;
          axis_suggest (self, &self->axes[i]);
          self->filling = TRUE;
          gtk_spin_button_set_value (self->axes[i].points, 11);
          continue;
        }
      axis_set (self, &self->axes[i], a);
    }
  gtk_switch_set_active (self->grid_switch, ss_study_n_axes (st) > 1);
  outcomes_clear (self);
  for (int i = 0; i < ss_study_n_outcomes (st); i++)
    _ss_study_dialog_outcome_add (self, ss_study_outcome_spec (st, i));
  self->filling = FALSE;
}

/* The library's message (malloc) as ours (g_malloc). */
static gboolean
library_error (char **error, char *err)
{
  *error = g_strdup (err);
  free (err);
  return FALSE;
}

/* The axes (the second when the grid switch is on) and the outcomes as
 * typed, added to @st; FALSE and *error (g_malloc) naming the field and
 * the valid values. */
gboolean
_ss_study_dialog_editor_read (SsStudyDialog *self, ss_study *st, char **error)
{
  int   n_axes = gtk_switch_get_active (self->grid_switch) ? 2 : 1;
  char *err = NULL;

  for (int i = 0; i < n_axes; i++)
    {
      ss_study_axis a;

      if (!axis_read (self, &self->axes[i], &a, error))
        return FALSE;
      if (!ss_study_add_axis (st, &a, &err))
        return library_error (error, err);
    }
  for (guint i = 0; i < self->outcomes->len; i++)
    {
      g_autofree char *spec = outcome_read (g_ptr_array_index (self->outcomes, i), error);

      if (spec == NULL)
        return FALSE;
      if (!ss_study_add_outcome (st, spec, &err))
        return library_error (error, err);
    }
  return TRUE;
}

/* The axes' rows (the second's follow the grid switch) and the outcomes. */
void
_ss_study_dialog_editor_init (SsStudyDialog *self)
{
  self->outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify)outcome_editor_free);
  axis_build (self, &self->axes[0], self->axis_group_1);
  axis_build (self, &self->axes[1], self->axis_group_2);
  /* the second axis's rows follow its switch */
  g_object_bind_property (self->grid_switch, "active", self->axes[1].param_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].from_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].to_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].points, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].log, "sensitive", G_BINDING_SYNC_CREATE);
}
