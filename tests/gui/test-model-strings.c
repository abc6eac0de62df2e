/* test-model-strings.c - every text of every scenario table (title,
 * description, parameter labels, descriptions, groups) and of the papers'
 * examples (titles, citations, notes, settings, published values) is in the list
 * xgettext reads, so the translation test covers it. */
#include <glib.h>

#include "examples.h"
#include "ss-model-strings.h"
#include "stickslip.h"

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
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/i18n/model-strings-listed", test_all_listed);
  g_test_add_func ("/i18n/example-strings-listed", test_examples_listed);
  return g_test_run ();
}
