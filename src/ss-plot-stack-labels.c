/* ss-plot-stack-labels.c - what the plot stack's charts call things and
 * how they colour them, from the model's tables alone (no widget): the
 * columns' and contacts' labels, the palette and each contact's place in
 * it (the same for its name at every modelling level or law), the groups
 * the columns fall in (the charts' order and keys, "friction/N m") and
 * the charts' titles.  Not a part of the plot stack (it holds none of its
 * state): a module of its own, ss-plot-stack-labels.h, that the stack's
 * files and the rest of the application (the signal chooser, the study
 * window and its table) call alike. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-plot-stack-labels.h"

/* GNOME palette, dark enough for white paper and light enough for dark mode */
static const char *palette[] = {
  "#3584e4", "#e01b24", "#26a269", "#e66100", "#9141ac", "#865e3c", "#1c9aa6", "#c88800",
};

void
ss_plot_stack_get_color (guint index, GdkRGBA *color)
{
  gdk_rgba_parse (color, palette[index % G_N_ELEMENTS (palette)]);
}

/* ---- labels --------------------------------------------------------- */

/* A contact's label from the model's table, translated: "ψ bearing". */
char *
ss_plot_stack_contact_label (const ss_model *m, int contact)
{
  return g_strdup (ss_i18n_model_text (ss_model_contact_label (m, contact)));
}

/* The label of column @column of @m from the model's table, translated,
 * without its unit: "ψ bearing: friction moment", "drive moment Mψ". */
char *
ss_plot_stack_column_label (const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  const char      *what = col->label != NULL ? ss_i18n_model_text (col->label) : col->name;
  g_autofree char *contact = NULL;

  if (col->contact < 0)
    return g_strdup (what);
  contact = ss_plot_stack_contact_label (m, col->contact);
  /* Translators: legend label, %1$s a contact (a joint, a bearing), %2$s
   * what of it is drawn ("friction force") */
  return g_strdup_printf (_("%1$s: %2$s"), contact, what);
}

/* "label (unit)" */
char *
_ss_plot_stack_column_title (const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  g_autofree char *label = ss_plot_stack_column_label (m, column);

  if (col->unit != NULL && col->unit[0] != '\0' && !g_str_equal (col->unit, "1")) /* "1": dimensionless */
    return g_strdup_printf ("%s (%s)", label, col->unit);
  return g_steal_pointer (&label);
}

/* ---- colours -------------------------------------------------------- */

/* Every contact name a scenario shows over its choices (modelling levels,
 * laws, drives), in the order they first appear from its defaults on: a
 * contact's palette slot is its place here, whatever the current values. */
static GPtrArray *
scenario_contacts (const ss_scenario *sc)
{
  static GHashTable *cache; /* ss_scenario * -> GPtrArray of names */
  GPtrArray         *names;
  g_autofree double *values = NULL;

  if (cache == NULL)
    cache = g_hash_table_new (NULL, NULL);
  names = g_hash_table_lookup (cache, sc);
  if (names != NULL)
    return names;
  names = g_ptr_array_new_with_free_func (g_free);
  values = g_new (double, MAX (sc->n_params, 1));
  for (int p = -1; p < sc->n_params; p++)
    {
      int n_choices = 1;

      if (p >= 0 && sc->params[p].kind != SS_PARAM_CHOICE)
        continue;
      if (p >= 0)
        n_choices = (int)g_strv_length ((char **)sc->params[p].choices);
      for (int k = 0; k < n_choices; k++)
        {
          char     *error = NULL;
          ss_model *m;

          ss_scenario_defaults (sc, values);
          if (p >= 0)
            values[p] = k;
          m = sc->create (sc, values, &error);
          free (error);
          if (m == NULL)
            continue;
          for (int c = 0; c < ss_model_n_contacts (m); c++)
            if (!g_ptr_array_find_with_equal_func (names, ss_model_contact_name (m, c), g_str_equal, NULL))
              g_ptr_array_add (names, g_strdup (ss_model_contact_name (m, c)));
          ss_model_free (m);
        }
    }
  g_hash_table_insert (cache, (gpointer)sc, names);
  return names;
}

/* Palette slot of contact @c of @m: the same for its name in every level. */
static guint
contact_slot (const ss_model *m, int c)
{
  GPtrArray *names = scenario_contacts (ss_model_scenario (m));
  guint      index;

  if (g_ptr_array_find_with_equal_func (names, ss_model_contact_name (m, c), g_str_equal, &index))
    return index;
  /* a contact only a combination of choices shows: after the others */
  return names->len + (guint)c;
}

/* Slots from here on are free for curves of no contact. */
guint
_ss_plot_stack_first_free_slot (const ss_model *m)
{
  return scenario_contacts (ss_model_scenario (m))->len;
}

void
ss_plot_stack_get_contact_color (const ss_model *m, int contact, GdkRGBA *color)
{
  ss_plot_stack_get_color (contact_slot (m, contact), color);
}

/* ---- grouping ------------------------------------------------------- */

/* the first part of a chart key, "friction/N m" */
static const char *const group_ids[N_GROUPS] = {
  "ratio",   "friction", "normal",   "internal", "band", "reaction",
  "applied", "velocity", "position", "energy",   "slip", "other",
};

/* X with X_min and X_max beside it */
gboolean
_ss_plot_stack_band_bounds (const ss_model *m, const char *name, int *lower, int *upper)
{
  g_autofree char *lo = g_strconcat (name, "_min", NULL);
  g_autofree char *hi = g_strconcat (name, "_max", NULL);

  *lower = ss_model_column_find (m, lo);
  *upper = ss_model_column_find (m, hi);
  return *lower >= 0 && *upper >= 0;
}

Group
_ss_plot_stack_column_group (const ss_model *m, const ss_column *col)
{
  int lo, hi;

  if (_ss_plot_stack_band_bounds (m, col->name, &lo, &hi))
    return GROUP_BAND;
  switch (col->kind)
    {
    case SS_COL_RATIO:
      return GROUP_RATIO;
    case SS_COL_FRICTION:
      return GROUP_FRICTION;
    case SS_COL_NORMAL:
      return GROUP_NORMAL;
    case SS_COL_FORCE:
      /* the determinate sums of statically undetermined friction forces */
      if (g_str_has_prefix (col->name, "sum."))
        return GROUP_FRICTION;
      /* a contact's force: a component of its joint's reaction */
      return col->contact >= 0 ? GROUP_REACTION : GROUP_APPLIED;
    case SS_COL_VELOCITY:
      return GROUP_VELOCITY;
    case SS_COL_POSITION:
      return GROUP_POSITION;
    case SS_COL_ENERGY:
      return GROUP_ENERGY;
    case SS_COL_INTERNAL:
      return GROUP_INTERNAL;
    case SS_COL_SLIP_VELOCITY:
      return GROUP_SLIP;
    case SS_COL_STICK:
    case SS_COL_OTHER:
    default:
      return GROUP_OTHER;
    }
}

/* Whether the default charts show @col: all but slip velocities, stick
 * flags and the rest (the shaded spans show those that matter). */
gboolean
_ss_plot_stack_column_default_shown (const ss_model *m, const ss_column *col)
{
  Group group = _ss_plot_stack_column_group (m, col);

  return group != GROUP_SLIP && group != GROUP_OTHER;
}

/* The key of the chart a column goes to by default: its group and unit
 * ("friction/N m"), or a band chart of its own ("band/split.alpha"). */
char *
_ss_plot_stack_default_chart_key (const ss_model *m, const ss_column *col)
{
  Group group = _ss_plot_stack_column_group (m, col);

  return g_strdup_printf ("%s/%s", group_ids[group], group == GROUP_BAND ? col->name : col->unit);
}

Group
_ss_plot_stack_key_group (const char *key)
{
  for (Group g = 0; g < N_GROUPS; g++)
    if (g_str_has_prefix (key, group_ids[g]) && key[strlen (group_ids[g])] == '/')
      return g;
  return GROUP_OTHER;
}

/* The unit of a chart key's charts, NULL for a band chart. */
const char *
_ss_plot_stack_key_unit (const char *key)
{
  const char *slash = strchr (key, '/');

  return _ss_plot_stack_key_group (key) == GROUP_BAND || slash == NULL ? NULL : slash + 1;
}

G_STATIC_ASSERT (N_GROUPS == SS_PLOT_STACK_N_GROUPS);

/* The kind of column @column, 0 .. SS_PLOT_STACK_N_GROUPS - 1 in the order
 * of the charts. */
int
ss_plot_stack_get_column_group (const ss_model *m, int column)
{
  return (int)_ss_plot_stack_column_group (m, ss_model_column (m, column));
}

/* A group's name, translated: the chooser's headings. */
const char *
ss_plot_stack_group_name (const ss_model *m, int column)
{
  switch (_ss_plot_stack_column_group (m, ss_model_column (m, column)))
    {
    case GROUP_RATIO:
      return _("Friction ratios");
    case GROUP_FRICTION:
      return _("Friction forces");
    case GROUP_NORMAL:
      return _("Normal forces");
    case GROUP_INTERNAL:
      return _("Friction states");
    case GROUP_BAND:
      return _("Load splits");
    case GROUP_REACTION:
      return _("Joint reactions");
    case GROUP_APPLIED:
      return _("Loads and internal forces");
    case GROUP_VELOCITY:
      return _("Velocities");
    case GROUP_POSITION:
      return _("Positions");
    case GROUP_ENERGY:
      return _("Energy");
    case GROUP_SLIP:
      return _("Slip velocities");
    case GROUP_OTHER:
    case N_GROUPS:
    default:
      return _("Other");
    }
}

/* A chart's title: the group's name with the unit, or for charts of
 * things without a group name the columns' common label. */
char *
_ss_plot_stack_chart_title (const ss_model *m, const char *key, GArray *columns)
{
  const char *unit = _ss_plot_stack_key_unit (key);
  const char *name = NULL;
  gboolean    moment = g_strcmp0 (unit, "N m") == 0;

  switch (_ss_plot_stack_key_group (key))
    {
    case GROUP_RATIO:
      /* a viscous term adds to |F| while sliding: above mu_s is no broken
       * friction cone there */
      for (int c = 0; c < ss_model_n_contacts (m); c++)
        if (ss_model_contact_is_viscous (m, c))
          /* Translators: chart title; the friction force includes its
           * viscous part, so the ratio may exceed the static coefficient */
          return g_strdup (_("Friction ratio |F|/N (incl. viscous)"));
      return g_strdup (_("Friction ratio |F|/N"));
    case GROUP_FRICTION:
      name = moment ? _("Friction moment") : _("Friction force");
      break;
    case GROUP_NORMAL:
      /* Translators: chart title; for bearings the normal load is the
       * basis of the friction limit, a moment */
      name = moment ? _("Normal load") : _("Normal force");
      break;
    case GROUP_BAND:
      if (columns->len > 0 && g_str_equal (ss_model_column (m, g_array_index (columns, int, 0))->name, "split.alpha"))
        /* Translators: chart title; alpha is the fraction of the rod load P that
         * revolute joint 1 passes to slider 1 */
        return g_strdup (_("Load split through revolute 1, α"));
      break;
    case GROUP_REACTION:
      /* Translators: chart of the joints' reaction forces or moments
       * (empty while stuck: the statics do not determine them) */
      name = moment ? _("Joint reaction moments") : _("Joint reactions");
      break;
    case GROUP_APPLIED:
      name = moment ? _("Other moments") : _("Other forces");
      break;
    case GROUP_VELOCITY:
      name = _("Velocity");
      break;
    case GROUP_POSITION:
      name = _("Position");
      break;
    case GROUP_ENERGY:
      /* Translators: chart title: external work, kinetic, potential and
       * dissipated energy */
      name = _("Energy and work");
      break;
    case GROUP_SLIP:
      name = _("Slip velocity");
      break;
    case GROUP_INTERNAL:
    case GROUP_OTHER:
    case N_GROUPS:
    default:
      break;
    }
  if (name == NULL)
    {
      /* "Bristle deflection": what every column of the chart is */
      const char *common = NULL;

      for (guint i = 0; i < columns->len; i++)
        {
          const char *label = ss_model_column (m, g_array_index (columns, int, i))->label;

          if (i == 0)
            common = label;
          else if (g_strcmp0 (common, label) != 0)
            common = NULL;
        }
      if (common != NULL)
        {
          const char      *text = ss_i18n_model_text (common);
          g_autofree char *first = g_utf8_substring (text, 0, 1);
          g_autofree char *upper = g_utf8_strup (first, -1);
          g_autofree char *label = g_strconcat (upper, g_utf8_offset_to_pointer (text, 1), NULL);

          name = NULL;
          if (unit == NULL || unit[0] == '\0' || g_str_equal (unit, "1"))
            return g_steal_pointer (&label);
          return g_strdup_printf ("%s (%s)", label, unit);
        }
      name = _ss_plot_stack_key_group (key) == GROUP_INTERNAL ? _("Friction state") : _("Other");
    }
  if (unit == NULL || unit[0] == '\0' || g_str_equal (unit, "1")) /* "1": dimensionless */
    return g_strdup (name);
  return g_strdup_printf ("%s (%s)", name, unit);
}
