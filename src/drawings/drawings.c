/* drawings.c - the registry: which scenario gets which drawing, and the
 * check of a drawing's declared columns against a model's output. */
#define G_LOG_DOMAIN "ss-drawings"

#include <string.h>

#include "drawings.h"

extern const SsDrawing ss_drawing_one_mass;
extern const SsDrawing ss_drawing_dupont;
extern const SsDrawing ss_drawing_two_block;
extern const SsDrawing ss_drawing_gear_train;
extern const SsDrawing ss_drawing_slider_crank;
extern const SsDrawing ss_drawing_slider_crank_offset;
extern const SsDrawing ss_drawing_two_slider;

/* One row per mechanism: the scenario's name (ss_scenario.name) and its
 * drawing (src/drawings/draw-NAME.c). */
static const struct
{
  const char      *scenario;
  const SsDrawing *drawing;
} registry[] = {
  { "one-mass", &ss_drawing_one_mass },         { "dupont", &ss_drawing_dupont },
  { "two-block", &ss_drawing_two_block },       { "gear-train", &ss_drawing_gear_train },
  { "slider-crank", &ss_drawing_slider_crank }, { "slider-crank-offset", &ss_drawing_slider_crank_offset },
  { "two-slider", &ss_drawing_two_slider },
};

/* The drawing of @scenario, or NULL: draw it with ss_drawing_generic. */
const SsDrawing *
ss_drawing_lookup (const char *scenario)
{
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_strcmp0 (registry[i].scenario, scenario) == 0)
      return registry[i].drawing;
  return NULL;
}

/* The scenario of the registry's row @i, NULL past the end. */
const char *
ss_drawing_get_scenario (guint i)
{
  return i < G_N_ELEMENTS (registry) ? registry[i].scenario : NULL;
}

/* Whether @model's choices call for @column ("when" names a choice
 * parameter and the choices it is there for).  A malformed "when" counts as
 * required, so that the check reports it. */
gboolean
ss_drawing_column_required (const SsSketchColumn *column, const ss_model *model)
{
  const ss_scenario *sc = ss_model_scenario (model);
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) choices = NULL;
  const ss_param_info *p;
  int                  i;

  if (column->when == NULL)
    return TRUE;
  parts = g_strsplit (column->when, "=", 2);
  i = parts[1] != NULL ? ss_scenario_param_index (sc, parts[0]) : -1;
  if (i < 0 || sc->params[i].kind != SS_PARAM_CHOICE)
    return TRUE;
  p = &sc->params[i];
  choices = g_strsplit (parts[1], "|", -1);
  for (guint k = 0; choices[k] != NULL; k++)
    if (g_strcmp0 (choices[k], p->choices[(int)ss_model_values (model)[i]]) == 0)
      return TRUE;
  return FALSE;
}

/* A "when" that names no choice parameter, or a choice it does not have. */
static gboolean
when_is_valid (const char *when, const ss_scenario *sc)
{
  g_auto(GStrv) parts = g_strsplit (when, "=", 2);
  g_auto(GStrv) choices = NULL;
  int i = parts[1] != NULL ? ss_scenario_param_index (sc, parts[0]) : -1;

  if (i < 0 || sc->params[i].kind != SS_PARAM_CHOICE)
    return FALSE;
  choices = g_strsplit (parts[1], "|", -1);
  for (guint k = 0; choices[k] != NULL; k++)
    {
      gboolean known = FALSE;

      for (guint c = 0; sc->params[i].choices[c] != NULL; c++)
        known |= g_str_equal (sc->params[i].choices[c], choices[k]);
      if (!known)
        return FALSE;
    }
  return TRUE;
}

/* What @drawing declares that @model lacks: each column its choices call
 * for (a pattern: for each contact) and each parameter, as texts; an empty
 * array when nothing is missing. */
GPtrArray *
ss_drawing_dup_missing (const SsDrawing *drawing, const ss_model *model)
{
  const ss_scenario *sc = ss_model_scenario (model);
  GPtrArray         *missing = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; drawing->columns != NULL && drawing->columns[i].name != NULL; i++)
    {
      const SsSketchColumn *column = &drawing->columns[i];
      const char           *contact = strstr (column->name, "{contact}");

      if (column->when != NULL && !when_is_valid (column->when, sc))
        g_ptr_array_add (missing, g_strdup_printf ("column \"%s\": \"when=%s\" names no choice of %s", column->name,
                                                   column->when, sc->name));
      else if (!ss_drawing_column_required (column, model))
        continue;
      if (contact != NULL)
        {
          /* one column per contact: prefix, the contact's name, suffix */
          for (int c = 0; c < ss_model_n_contacts (model); c++)
            {
              g_autofree char *prefix = g_strndup (column->name, contact - column->name);
              g_autofree char *name =
                  g_strconcat (prefix, ss_model_contact_name (model, c), contact + strlen ("{contact}"), NULL);

              if (ss_model_column_find (model, name) < 0)
                g_ptr_array_add (missing, g_strdup_printf ("column \"%s\"", name));
            }
        }
      else if (strchr (column->name, '{') != NULL)
        {
          if (!g_str_equal (column->name, "{position}"))
            g_ptr_array_add (missing, g_strdup_printf ("column \"%s\": unknown pattern", column->name));
        }
      else if (ss_model_column_find (model, column->name) < 0)
        g_ptr_array_add (missing, g_strdup_printf ("column \"%s\"", column->name));
    }
  for (guint i = 0; drawing->params != NULL && drawing->params[i] != NULL; i++)
    if (ss_scenario_param_index (sc, drawing->params[i]) < 0)
      g_ptr_array_add (missing, g_strdup_printf ("parameter \"%s\"", drawing->params[i]));
  return missing;
}
