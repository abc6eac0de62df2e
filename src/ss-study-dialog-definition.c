/* ss-study-dialog-definition.c - where the study window's study comes
 * from: the main window's values (a first axis and outcome chosen for
 * them), a shipped preset (the Presets menu) or the CLI's sweep text
 * (tests and scripts).  Each is made into an ss_study, which the library
 * checks, and handed to the hub (_ss_study_dialog_show_study), which makes
 * its base the window's and has the editor's rows show the rest. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-study-dialog-private.h"
#include <stickslip/study-presets.h>

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
  _ss_study_dialog_show_study (self, st, NULL, NULL);
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
  _ss_study_dialog_show_study (self, st, p->title, p->description);
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
  _ss_study_dialog_show_study (self, st, NULL, NULL);
  ss_study_free (st);
  return TRUE;
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
