/* gen-model-strings.c - prints src/ss-model-strings-list.c from the engine's
 * scenario tables and study presets (run: meson compile -C build
 * update-model-strings). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickslip/examples.h>
#include <stickslip/stickslip.h>
#include <stickslip/study-presets.h>

static char *seen[8192];
static int   n_seen;

static void
put (const char *s, const char *scenario, const char *what)
{
  if (s == NULL || s[0] == '\0')
    return;
  for (int i = 0; i < n_seen; i++)
    if (strcmp (seen[i], s) == 0)
      return;
  if (n_seen < (int)(sizeof seen / sizeof seen[0]))
    seen[n_seen++] = strdup (s); /* a model's labels go with the model */
  printf ("  /* %s: %s */\n  N_(\"", scenario, what);
  for (const char *p = s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        putchar ('\\');
      putchar (*p);
    }
  printf ("\"),\n");
}

/* The labels of the columns and contacts of @sc's model for @values. */
static void
put_labels (const ss_scenario *sc, const double *values)
{
  char      what[256];
  char     *error = NULL;
  ss_model *m = sc->create (sc, values, &error);

  free (error);
  if (m == NULL)
    return;
  for (int c = 0; c < ss_model_n_contacts (m); c++)
    {
      snprintf (what, sizeof what, "label of contact %s", ss_model_contact_name (m, c));
      put (ss_model_contact_label (m, c), sc->name, what);
    }
  for (int i = ss_model_n_contacts (m); i < ss_model_n_sources (m); i++)
    {
      snprintf (what, sizeof what, "label of gap element %s", ss_model_source_name (m, i));
      put (ss_model_source_label (m, i), sc->name, what);
    }
  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      snprintf (what, sizeof what, "label of column %s", ss_model_column (m, i)->name);
      put (ss_model_column (m, i)->label, sc->name, what);
    }
  ss_model_free (m);
}

/* Every combination of @sc's choices from parameter @p on (the columns
 * differ with levels, laws, rods). */
static void
put_choice_labels (const ss_scenario *sc, double *values, int p)
{
  while (p < sc->n_params && sc->params[p].kind != SS_PARAM_CHOICE)
    p++;
  if (p == sc->n_params)
    {
      put_labels (sc, values);
      return;
    }
  for (int k = 0; sc->params[p].choices[k] != NULL; k++)
    {
      values[p] = k;
      put_choice_labels (sc, values, p + 1);
    }
  values[p] = sc->params[p].def;
}

int
main (void)
{
  char what[256];

  printf ("/* ss-model-strings-list.c - generated from the scenario tables of the\n"
          " * engine (titles, descriptions, parameter labels and descriptions, groups,\n"
          " * labels of columns and contacts) and of the papers' examples (titles,\n"
          " * citations, notes, settings, values)\n"
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
          for (int c = 0; sc->params[p].kind == SS_PARAM_CHOICE && sc->params[p].choices[c]; c++)
            {
              snprintf (what, sizeof what, "label of %s=%s", sc->params[p].name, sc->params[p].choices[c]);
              put (ss_param_choice_label (&sc->params[p], c), sc->name, what);
            }
        }
    }
  /* labels of built models, over every combination of choices */
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      double            *values = calloc ((size_t)sc->n_params + 1, sizeof *values);

      ss_scenario_defaults (sc, values);
      put_choice_labels (sc, values, 0);
      free (values);
    }
  /* the papers' examples: titles, notes, settings, published values */
  for (int e = 0; e < ss_example_count (); e++)
    {
      const ss_example *ex = ss_example_get (e);

      put (ex->title, ex->id, "example title");
      put (ex->source, ex->id, "example citation");
      put (ex->note, ex->id, "example note");
      for (int s = 0; s < ex->n_settings; s++)
        {
          put (ex->settings[s].label, ex->id, "example setting");
          for (int v = 0; v < ss_example_n_values (ex, s); v++)
            {
              ss_example_value value;

              ss_example_get_value (ex, s, v, &value);
              put (value.what, ex->id, "a published value");
            }
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
