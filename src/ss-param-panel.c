/* ss-param-panel.c - validation is two-staged: the parameter's own range
 * (ss_param_check) and then the scenario's create(), which refuses
 * cross-parameter combinations such as mu_k > mu_s.  A refused value leaves
 * the last valid vector (and so the last valid run) untouched.
 *
 * Changes arrive as previews while the user drags a slider, holds a spin
 * button or turns the wheel on a focused control, and as final changes;
 * a final change always follows the last preview, even when that final
 * value is refused (then the last valid vector is final). */
#define G_LOG_DOMAIN "ss-param-panel"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-param-panel.h"

struct _SsParamPanel
{
  GtkWidget          parent_instance;
  GtkWidget         *box;
  const ss_scenario *scenario;
  double            *values;
  GPtrArray         *rows;            /* SsParamRow, index = parameter index */
  char              *error;           /* last refusal, NULL after a valid change */
  gboolean           preview_pending; /* changed (FALSE) went out, changed (TRUE) not yet */
  int                changed_param;   /* parameter of the last change, -1: all of them */
  ss_model          *model;           /* built of values when they were checked, until taken */
};

G_DEFINE_FINAL_TYPE (SsParamPanel, ss_param_panel, GTK_TYPE_WIDGET)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Law parameters shown only for the law that reads them (the model says). */
static void
update_law_visibility (SsParamPanel *self)
{
  int law = ss_scenario_param_index (self->scenario, "law");

  if (law < 0)
    return;
  for (guint i = 0; i < self->rows->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (self->rows, i),
                            ss_param_law_uses (self->scenario, (int)i, (int)self->values[law]));
}

/* "Only with Rod model: Flexible (three segments)", in the user's
 * language (the model words it in English for the CLI). */
static char *
inactive_reason (const ss_scenario *sc, const ss_param_condition *cond)
{
  const ss_param_info *choice = &sc->params[ss_scenario_param_index (sc, cond->choice_param)];
  g_autoptr(GString) list = g_string_new (NULL);

  for (int c = 0; choice->choices[c] != NULL; c++)
    if (cond->choices_mask >> c & 1u)
      {
        if (list->len > 0)
          g_string_append (list, ", ");
        g_string_append (list, ss_i18n_choice_label (choice->choices[c]));
      }
  /* Translators: why a parameter has no effect; the first %s is a choice
   * parameter ("Rod model"), the second the choices it needs */
  return g_strdup_printf (_("Only with %s: %s"), ss_i18n_model_text (choice->label), list->str);
}

/* Marks values that differ from their defaults and parameters that have no
 * effect under the current choices. */
static void
update_row_states (SsParamPanel *self)
{
  const ss_scenario *sc = self->scenario;

  for (guint i = 0; i < self->rows->len; i++)
    {
      SsParamRow               *row = g_ptr_array_index (self->rows, i);
      const ss_param_condition *cond = ss_param_unmet_condition (sc, self->values, (int)i);
      g_autofree char          *reason = cond ? inactive_reason (sc, cond) : NULL;

      ss_param_row_set_modified (row, self->values[i] != sc->params[i].def);
      ss_param_row_set_inactive_reason (row, reason);
    }
}

/* Rows show the valid vector; @all also replaces refused values and text
 * that is no number (a whole new vector). */
static void
sync_rows (SsParamPanel *self, gboolean all)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      SsParamRow *row = g_ptr_array_index (self->rows, i);

      ss_param_row_set_error (row, NULL);
      if (all || ss_param_row_get_value (row) != self->values[i])
        ss_param_row_set_value (row, self->values[i]);
    }
  update_law_visibility (self);
  update_row_states (self);
}

static void
emit_changed (SsParamPanel *self, int param, gboolean final)
{
  self->changed_param = param;
  self->preview_pending = !final;
  g_signal_emit (self, signals[CHANGED], 0, final);
}

/* TRUE when @values pass; *@model (when given) is the model they build. */
static gboolean
validate (const ss_scenario *sc, const double *values, ss_model **model, char **error)
{
  char     *msg = NULL;
  ss_model *m;

  for (int i = 0; i < sc->n_params; i++)
    if (!ss_param_check (&sc->params[i], values[i], &msg))
      {
        if (error)
          *error = g_strdup (msg);
        free (msg);
        return FALSE;
      }
  m = sc->create (sc, values, &msg);
  if (m == NULL)
    {
      if (error)
        *error = g_strdup (msg ? msg : _("The scenario refused these parameters"));
      free (msg);
      return FALSE;
    }
  if (model != NULL)
    *model = m;
  else
    ss_model_free (m);
  return TRUE;
}

static gboolean
request (SsParamPanel *self, int i, double value, gboolean final)
{
  g_autofree double *candidate = NULL;
  g_autofree char   *error = NULL;
  ss_model          *model = NULL;

  candidate = g_memdup2 (self->values, sizeof (double) * self->scenario->n_params);
  candidate[i] = value;
  if (!validate (self->scenario, candidate, &model, &error))
    {
      SsParamRow *row = g_ptr_array_index (self->rows, i);

      if (ss_param_row_get_value (row) != value)
        {
          /* programmatic requests show the refused value too */
          ss_param_row_set_value (row, value);
        }
      ss_param_row_set_error (row, error);
      g_free (self->error);
      self->error = g_steal_pointer (&error);
      /* never leave the app on a preview */
      if (final && self->preview_pending)
        emit_changed (self, self->changed_param, TRUE);
      return FALSE;
    }
  g_clear_pointer (&self->error, g_free);
  memcpy (self->values, candidate, sizeof (double) * self->scenario->n_params);
  ss_model_free (self->model);
  self->model = model;
  sync_rows (self, FALSE);
  emit_changed (self, i, final);
  return TRUE;
}

/* The models of the values one key step down and up of the last changed
 * parameter's slider, those valid, into @models; how many.  What a
 * simulation may compute ahead (ss_simulation_prefetch). */
guint
ss_param_panel_step_models (SsParamPanel *self, ss_model *models[2])
{
  guint n = 0;

  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), 0);

  if (self->scenario == NULL || self->changed_param < 0 || self->error != NULL)
    return 0;
  for (int direction = -1; direction <= 1; direction += 2)
    {
      SsParamRow        *row = g_ptr_array_index (self->rows, self->changed_param);
      g_autofree double *candidate = NULL;
      double             value;

      if (!ss_param_row_key_step_value (row, direction, &value))
        continue;
      candidate = g_memdup2 (self->values, sizeof (double) * self->scenario->n_params);
      candidate[self->changed_param] = value;
      if (validate (self->scenario, candidate, &models[n], NULL))
        n++;
    }
  return n;
}

/* TRUE when @value for @name was valid and applied (a final change). */
gboolean
ss_param_panel_request (SsParamPanel *self, const char *name, double value)
{
  int i;

  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), FALSE);

  i = ss_scenario_param_index (self->scenario, name);
  g_return_val_if_fail (i >= 0, FALSE);

  return request (self, i, value, TRUE);
}

static void
row_value_requested_cb (SsParamRow *row, double value, gboolean final, SsParamPanel *self)
{
  request (self, ss_scenario_param_index (self->scenario, ss_param_row_get_info (row)->name), value, final);
}

static void
clear (SsParamPanel *self)
{
  GtkRoot   *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  GtkWidget *child;

  /* Drop a focus inside the rows first: GTK 4.8 otherwise moves it, once
   * they are gone, to a list box row without its list box (a critical). */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    gtk_root_set_focus (root, NULL);

  /* rows going away say nothing more (a drag cut short by the switch) */
  for (guint i = 0; i < self->rows->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->rows, i), self);
  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);
  g_ptr_array_set_size (self->rows, 0);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->model, ss_model_free);
  self->preview_pending = FALSE;
  self->changed_param = -1;
}

/* @values must be valid (defaults when NULL). */
void
ss_param_panel_set_scenario (SsParamPanel *self, const ss_scenario *sc, const double *values)
{
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_if_fail (SS_IS_PARAM_PANEL (self));

  clear (self);
  self->scenario = sc;
  if (sc == NULL)
    return;
  self->values = g_new (double, sc->n_params);
  if (values != NULL)
    memcpy (self->values, values, sizeof (double) * sc->n_params);
  else
    ss_scenario_defaults (sc, self->values);

  for (int i = 0; i < sc->n_params; i++)
    {
      const ss_param_info *p = &sc->params[i];
      const char          *group_name = p->group ? p->group : "Parameters";
      AdwPreferencesGroup *group = g_hash_table_lookup (groups, group_name);
      SsParamRow          *row;

      if (group == NULL)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, ss_i18n_model_text (group_name));
          gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (group));
          g_hash_table_insert (groups, (gpointer)group_name, group);
        }
      row = ss_param_row_new (p, self->values[i]);
      g_signal_connect (row, "value-requested", G_CALLBACK (row_value_requested_cb), self);
      adw_preferences_group_add (group, GTK_WIDGET (row));
      g_ptr_array_add (self->rows, row);
    }
  update_law_visibility (self);
  update_row_states (self);
}

const ss_scenario *
ss_param_panel_get_scenario (SsParamPanel *self)
{
  return self->scenario;
}

const double *
ss_param_panel_get_values (SsParamPanel *self)
{
  return self->values;
}

/* Replaces the whole vector (defaults, a loaded file, undo); refused as a
 * whole when invalid.  Emits changed (TRUE) and drops previews in flight. */
gboolean
ss_param_panel_set_values (SsParamPanel *self, const double *values, char **error)
{
  ss_model *model = NULL;

  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), FALSE);

  if (!validate (self->scenario, values, &model, error))
    return FALSE;
  for (guint i = 0; i < self->rows->len; i++)
    ss_param_row_cancel_pending (g_ptr_array_index (self->rows, i));
  memcpy (self->values, values, sizeof (double) * self->scenario->n_params);
  ss_model_free (self->model);
  self->model = model;
  g_clear_pointer (&self->error, g_free);
  sync_rows (self, TRUE);
  emit_changed (self, -1, TRUE);
  return TRUE;
}

/* The model of the values, built when they were checked (a change builds
 * its model once), or NULL: taken already, or the values were given
 * unchecked (ss_param_panel_set_scenario).  The caller owns it. */
ss_model *
ss_param_panel_take_model (SsParamPanel *self)
{
  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), NULL);

  return g_steal_pointer (&self->model);
}

SsParamRow *
ss_param_panel_get_row (SsParamPanel *self, const char *name)
{
  int i = ss_scenario_param_index (self->scenario, name);

  return i >= 0 ? g_ptr_array_index (self->rows, i) : NULL;
}

/* The parameter the last changed emission concerns (a user's edit or
 * ss_param_panel_request), or NULL when the whole vector was replaced. */
const char *
ss_param_panel_get_changed_param (SsParamPanel *self)
{
  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), NULL);

  if (self->scenario == NULL || self->changed_param < 0)
    return NULL;
  return self->scenario->params[self->changed_param].name;
}

/* TRUE between a preview and its final change. */
gboolean
ss_param_panel_is_previewing (SsParamPanel *self)
{
  g_return_val_if_fail (SS_IS_PARAM_PANEL (self), FALSE);

  return self->preview_pending;
}

static void
ss_param_panel_dispose (GObject *object)
{
  SsParamPanel *self = (SsParamPanel *)object;

  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->rows, i), self);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->model, ss_model_free);

  G_OBJECT_CLASS (ss_param_panel_parent_class)->dispose (object);
}

static void
ss_param_panel_class_init (SsParamPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_param_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  /* A valid new value vector is in place.  final FALSE: a preview while
   * the user still drags, holds or turns the wheel; changed (TRUE) follows
   * the last preview (it may repeat the vector of the last preview). */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
ss_param_panel_init (SsParamPanel *self)
{
  self->rows = g_ptr_array_new ();
  self->changed_param = -1;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 18);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
ss_param_panel_new (void)
{
  return g_object_new (SS_TYPE_PARAM_PANEL, NULL);
}
