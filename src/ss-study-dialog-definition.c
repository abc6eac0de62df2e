/* ss-study-dialog-definition.c - the study window's editor as a whole:
 * the study it shows comes from the main window's values, a shipped
 * preset (the Presets menu) or the CLI's sweep text (tests and scripts),
 * and goes out as the validated ss_study that Run starts.  The scenario's
 * row says what the base values change from the defaults.  Apart from
 * the rows (ss-study-dialog-editor.c): this is where the library's
 * ss_study meets the editor, both ways. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-readable.h"
#include "ss-study-dialog-private.h"
#include <stickslip/study-presets.h>

/* A parameter's value for people: "0.5 N/m", a choice's label. */
static char *
format_param (const ss_param_info *p, double value)
{
  char buf[64];

  if (p->kind == SS_PARAM_CHOICE)
    return g_strdup (ss_i18n_choice_label (p->choices[(int)value]));
  ss_param_format (p, ss_readable_param (p, value), buf, sizeof buf);
  if (p->unit != NULL && p->unit[0] != '\0')
    return g_strdup_printf ("%s %s", buf, p->unit);
  return g_strdup (buf);
}

/* The base values that differ from the defaults: "Friction law = Regularised, …". */
char *
_ss_study_dialog_describe_base (const ss_scenario *sc, const double *base)
{
  g_autofree double *defaults = g_new (double, sc->n_params + 1);
  GString           *s = g_string_new (NULL);

  ss_scenario_defaults (sc, defaults);
  for (int i = 0; i < sc->n_params; i++)
    if (base[i] != defaults[i])
      {
        g_autofree char *value = format_param (&sc->params[i], base[i]);

        if (s->len > 0)
          g_string_append (s, ", ");
        /* Translators: a parameter and its value, e.g. "Spring stiffness k = 125 N/m" */
        g_string_append_printf (s, _("%s = %s"), ss_i18n_model_text (sc->params[i].label), value);
      }
  if (s->len == 0)
    g_string_append (s, _("the default values"));
  return g_string_free (s, FALSE);
}

/* ---- the definition ---------------------------------------------------- */

/* A model of the base values (the outcomes' names); NULL when they build
 * none (Run then says why). */
static void
update_names_model (SsStudyDialog *self)
{
  g_autofree double *values = g_memdup2 (self->base, sizeof (double) * (self->scenario->n_params + 1));

  g_clear_pointer (&self->names_model, ss_model_free);
  self->names_model = self->scenario->create (self->scenario, values, NULL);
  if (self->names_model == NULL)
    {
      ss_scenario_defaults (self->scenario, values);
      self->names_model = self->scenario->create (self->scenario, values, NULL);
    }
}

static void
show_scenario (SsStudyDialog *self, const char *description)
{
  g_autofree char *base = _ss_study_dialog_describe_base (self->scenario, self->base);
  g_autofree char *subtitle = g_strdup_printf (_("Base: %s"), base);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scenario_row), ss_i18n_model_text (self->scenario->title));
  adw_action_row_set_subtitle (self->scenario_row, subtitle);
  gtk_label_set_text (self->description_label, description != NULL ? ss_i18n_model_text (description) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

/* The editor shows @st (its scenario, base values, axes, outcomes). */
static void
fill_from_study (SsStudyDialog *self, const ss_study *st, const char *title, const char *description)
{
  const ss_scenario *sc = ss_study_scenario (st);

  self->filling = TRUE;
  self->scenario = sc;
  g_free (self->base);
  self->base = g_memdup2 (ss_study_base_values (st), sizeof (double) * (sc->n_params + 1));
  self->run_opts = *ss_study_run_opts (st);
  g_free (self->title);
  self->title = g_strdup (title);
  update_names_model (self);
  show_scenario (self, description);
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
          _ss_study_dialog_axis_fill_params (self, &self->axes[i], other.param);
          self->filling = FALSE;
          _ss_study_dialog_axis_suggest (self, &self->axes[i]);
          self->filling = TRUE;
          gtk_spin_button_set_value (self->axes[i].points, 11);
          continue;
        }
      _ss_study_dialog_axis_set (self, &self->axes[i], a);
    }
  gtk_switch_set_active (self->grid_switch, ss_study_n_axes (st) > 1);
  _ss_study_dialog_outcomes_clear (self);
  for (int i = 0; i < ss_study_n_outcomes (st); i++)
    _ss_study_dialog_outcome_add (self, ss_study_outcome_spec (st, i));
  self->filling = FALSE;
}

/* The scenario, its values and run options as the base; an axis and an
 * outcome to start from. */
void
ss_study_dialog_set_base (SsStudyDialog *self, const ss_scenario *sc, const double *values, const ss_run_opts *opts)
{
  ss_study     *st;
  ss_model     *m;
  ss_study_axis axis = { .param = -1, .n = 21 };
  gboolean      log_steps = FALSE;
  char          buf[G_ASCII_DTOSTR_BUF_SIZE + 256];

  g_return_if_fail (SS_IS_STUDY_DIALOG (self));
  g_return_if_fail (sc != NULL);
  st = ss_study_new (sc);
  for (int i = 0; i < sc->n_params && values != NULL; i++)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE];

      ss_param_format (&sc->params[i], values[i], value, sizeof value);
      g_snprintf (buf, sizeof buf, "%s=%s", sc->params[i].name, value);
      ss_study_set (st, buf, NULL);
    }
  if (opts != NULL)
    ss_study_set_run_opts (st, opts);
  /* the first parameter with a log slider (a stiffness, a mass), else the
   * first real one */
  for (int i = 0; i < sc->n_params && axis.param < 0; i++)
    if (sc->params[i].kind == SS_PARAM_REAL && (sc->params[i].flags & SS_PARAM_LOG))
      axis.param = i;
  for (int i = 0; i < sc->n_params && axis.param < 0; i++)
    if (sc->params[i].kind == SS_PARAM_REAL)
      axis.param = i;
  _ss_study_dialog_suggest_range (&sc->params[axis.param], ss_study_base_values (st)[axis.param], &axis.lo, &axis.hi,
                                  &log_steps);
  axis.scale = log_steps ? SS_STUDY_LOG : SS_STUDY_LINEAR;
  if (!ss_study_add_axis (st, &axis, NULL))
    {
      axis.lo = axis.hi = ss_study_base_values (st)[axis.param];
      axis.n = 1;
      ss_study_add_axis (st, &axis, NULL);
    }
  /* the first contact's first slip, else the period */
  m = sc->create (sc, ss_study_base_values (st), NULL);
  if (m != NULL && ss_model_n_contacts (m) > 0)
    {
      g_snprintf (buf, sizeof buf, "%s.first_slip", ss_model_contact_name (m, 0));
      ss_study_add_outcome (st, buf, NULL);
    }
  else
    ss_study_add_outcome (st, "period", NULL);
  ss_model_free (m);
  fill_from_study (self, st, NULL, NULL);
  ss_study_free (st);
}

/* The shipped study @name (study-presets.h) in the editor. */
gboolean
ss_study_dialog_load_preset (SsStudyDialog *self, const char *name)
{
  const ss_study_preset *p = ss_study_preset_find (name);
  char                  *err = NULL;
  ss_study              *st;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  st = ss_study_preset_build (p, &err);
  if (st == NULL)
    {
      g_warning ("%s", err);
      free (err);
      return FALSE;
    }
  fill_from_study (self, st, p->title, p->description);
  ss_study_free (st);
  return TRUE;
}

/* A study given as the CLI's sweep takes it, in the editor (tests and
 * scripts). */
gboolean
ss_study_dialog_set_definition (SsStudyDialog     *self,
                                const char        *scenario,
                                const char *const *sets,
                                const char *const *axes,
                                const char *const *outcomes,
                                GError           **error)
{
  ss_study *st = ss_study_new (ss_scenario_find (scenario));
  char     *err = NULL;
  gboolean  ok = st != NULL;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  for (int i = 0; ok && sets != NULL && sets[i] != NULL; i++)
    ok = ss_study_set (st, sets[i], &err);
  for (int i = 0; ok && axes[i] != NULL; i++)
    ok = ss_study_add_axis_text (st, axes[i], &err);
  for (int i = 0; ok && outcomes[i] != NULL; i++)
    ok = ss_study_add_outcome (st, outcomes[i], &err);
  if (ok && ss_study_n_axes (st) == 0)
    {
      ok = FALSE;
      err = strdup ("no parameter to vary");
    }
  if (!ok)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", err ? err : scenario);
      free (err);
      ss_study_free (st);
      return FALSE;
    }
  fill_from_study (self, st, NULL, NULL);
  ss_study_free (st);
  return TRUE;
}

/* The study the editor describes, validated; NULL and *error naming the
 * field and the valid values. */
ss_study *
_ss_study_dialog_build_study (SsStudyDialog *self, char **error)
{
  ss_study *st = ss_study_new (self->scenario);
  int       n_axes = gtk_switch_get_active (self->grid_switch) ? 2 : 1;
  char     *err = NULL;

  for (int i = 0; i < self->scenario->n_params; i++)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], assignment[G_ASCII_DTOSTR_BUF_SIZE + 256];

      ss_param_format (&self->scenario->params[i], self->base[i], value, sizeof value);
      g_snprintf (assignment, sizeof assignment, "%s=%s", self->scenario->params[i].name, value);
      if (!ss_study_set (st, assignment, &err))
        goto fail;
    }
  ss_study_set_run_opts (st, &self->run_opts);
  for (int i = 0; i < n_axes; i++)
    {
      ss_study_axis a;

      if (!_ss_study_dialog_axis_read (self, &self->axes[i], &a, &err))
        goto fail_editor;
      if (!ss_study_add_axis (st, &a, &err))
        goto fail;
    }
  for (guint i = 0; i < self->outcomes->len; i++)
    {
      g_autofree char *spec = _ss_study_dialog_outcome_read (g_ptr_array_index (self->outcomes, i), &err);

      if (spec == NULL)
        goto fail_editor;
      if (!ss_study_add_outcome (st, spec, &err))
        goto fail;
    }
  if (!ss_study_validate (st, &err))
    goto fail;
  return st;

fail_editor: /* our message (g_malloc) */
  *error = err;
  ss_study_free (st);
  return NULL;
fail: /* the library's (malloc) */
  *error = g_strdup (err);
  free (err);
  ss_study_free (st);
  return NULL;
}

/* The Presets menu: every shipped study. */
void
_ss_study_dialog_presets_init (SsStudyDialog *self)
{
  g_autoptr(GMenu) presets = g_menu_new ();

  for (int i = 0; i < ss_study_preset_count (); i++)
    {
      const ss_study_preset *p = ss_study_preset_get (i);
      /* a menu's "_" underlines the next letter: "σ0_1" needs "σ0__1" */
      g_auto(GStrv) parts = g_strsplit (ss_i18n_model_text (p->title), "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "study.load-preset", "s", p->name);
      g_menu_append_item (presets, item);
    }
  gtk_menu_button_set_menu_model (self->preset_button, G_MENU_MODEL (presets));
}
