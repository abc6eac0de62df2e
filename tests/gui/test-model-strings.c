/* test-model-strings.c - every text of every scenario table (title,
 * description, parameter labels, descriptions, groups, the labels of
 * choices the tables give), every label of a model's columns and contacts,
 * the papers' examples (titles, citations, notes, settings, published
 * values) and every study preset's title and description are in the list
 * xgettext reads, so the translation test covers them. */
#include <glib.h>

#include <stickslip/examples.h>
#include "ss-model-strings.h"
#include <stickslip/stickslip.h>
#include <stickslip/study-presets.h>

static void
check (const char *s)
{
  if (s == NULL || s[0] == '\0')
    return;
  for (guint i = 0; ss_i18n_model_texts[i] != NULL; i++)
    if (g_str_equal (ss_i18n_model_texts[i], s))
      return;
  g_test_message ("missing from src/ss-model-strings-list.c: \"%s\"", s);
  g_test_fail ();
}

static void
test_all_listed (void)
{
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);

      check (sc->title);
      check (sc->description);
      for (int p = 0; p < sc->n_params; p++)
        {
          check (sc->params[p].label);
          check (sc->params[p].description);
          check (sc->params[p].group);
          for (int c = 0; sc->params[p].kind == SS_PARAM_CHOICE && sc->params[p].choices[c]; c++)
            check (ss_param_choice_label (&sc->params[p], c));
        }
    }
}

/* The labels of the models of every scenario's defaults and of each other
 * choice of each choice parameter. */
static void
test_labels_listed (void)
{
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      g_autofree double *values = g_new0 (double, sc->n_params + 1);

      for (int p = -1; p < sc->n_params; p++)
        {
          int n = p < 0                                   ? 1
                  : sc->params[p].kind == SS_PARAM_CHOICE ? (int)g_strv_length ((char **)sc->params[p].choices)
                                                          : 0;

          for (int k = 0; k < n; k++)
            {
              ss_model *m;

              ss_scenario_defaults (sc, values);
              if (p >= 0)
                values[p] = k;
              m = sc->create (sc, values, NULL);
              g_assert_nonnull (m);
              for (int c = 0; c < ss_model_n_contacts (m); c++)
                check (ss_model_contact_label (m, c));
              for (int c = 0; c < ss_model_n_columns (m); c++)
                check (ss_model_column (m, c)->label);
              ss_model_free (m);
            }
        }
    }
}

static void
test_examples_listed (void)
{
  for (int e = 0; e < ss_example_count (); e++)
    {
      const ss_example *ex = ss_example_get (e);

      check (ex->title);
      check (ex->source);
      check (ex->note);
      for (int s = 0; s < ex->n_settings; s++)
        {
          check (ex->settings[s].label);
          for (int v = 0; v < ss_example_n_values (ex, s); v++)
            {
              ss_example_value value;

              ss_example_get_value (ex, s, v, &value);
              check (value.what);
            }
        }
    }
  for (int i = 0; i < ss_study_preset_count (); i++)
    {
      check (ss_study_preset_get (i)->title);
      check (ss_study_preset_get (i)->description);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/i18n/model-strings-listed", test_all_listed);
  g_test_add_func ("/i18n/model-labels-listed", test_labels_listed);
  g_test_add_func ("/i18n/example-strings-listed", test_examples_listed);
  return g_test_run ();
}
