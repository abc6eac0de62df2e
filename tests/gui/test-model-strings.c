/* test-model-strings.c - every text of every scenario table (title,
 * description, parameter labels, descriptions, groups) and every study
 * preset's title and description is in the list xgettext reads, so the
 * translation test covers it. */
#include <glib.h>

#include "ss-model-strings.h"
#include "stickslip.h"
#include "study-presets.h"

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
  return g_test_run ();
}
