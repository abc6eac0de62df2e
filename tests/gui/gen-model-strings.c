/* gen-model-strings.c - prints src/ss-model-strings-list.c from the engine's
 * scenario tables and study presets (run: meson compile -C build
 * update-model-strings). */
#include <stdio.h>
#include <string.h>

#include "stickslip.h"
#include "study-presets.h"

static const char *seen[8192];
static int         n_seen;

static void
put (const char *s, const char *scenario, const char *what)
{
  if (s == NULL || s[0] == '\0')
    return;
  for (int i = 0; i < n_seen; i++)
    if (strcmp (seen[i], s) == 0)
      return;
  if (n_seen < (int)(sizeof seen / sizeof seen[0]))
    seen[n_seen++] = s;
  printf ("  /* %s: %s */\n  N_(\"", scenario, what);
  for (const char *p = s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        putchar ('\\');
      putchar (*p);
    }
  printf ("\"),\n");
}

int
main (void)
{
  char what[256];

  printf ("/* ss-model-strings-list.c - generated from the scenario tables of the\n"
          " * engine (titles, descriptions, parameter labels and descriptions, groups)\n"
          " * so that xgettext extracts them; test-model-strings fails when a scenario\n"
          " * adds a text that is missing here. */\n"
          "#include <glib/gi18n.h>\n\n#include \"ss-model-strings.h\"\n\n"
          "const char *const ss_i18n_model_texts[] = {\n");
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);

      put (sc->title, sc->name, "title");
      put (sc->description, sc->name, "description");
      for (int p = 0; p < sc->n_params; p++)
        {
          put (sc->params[p].group, sc->name, "group");
          snprintf (what, sizeof what, "label of %s", sc->params[p].name);
          put (sc->params[p].label, sc->name, what);
          snprintf (what, sizeof what, "description of %s", sc->params[p].name);
          put (sc->params[p].description, sc->name, what);
        }
    }
  for (int i = 0; i < ss_study_preset_count (); i++)
    {
      const ss_study_preset *p = ss_study_preset_get (i);

      put (p->title, p->name, "study preset title");
      put (p->description, p->name, "study preset description");
    }
  printf ("  NULL\n};\n");
  return 0;
}
