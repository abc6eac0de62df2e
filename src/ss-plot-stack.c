/* ss-plot-stack.c - which columns go into which chart:
 *   ratio |F|/N per contact with dashed mu_s / mu_k levels;
 *   friction forces per contact plus the determinate sums ("sum.*") of
 *   statically undetermined contacts;
 *   joint reactions; applied forces; velocities; positions.
 * Charts of one kind split by unit (m and rad never share an axis).
 * Every chart shades each contact's stick intervals.  A column X with
 * companions X_min and X_max gets a chart of its own: X over the band
 * between its bounds (the admissible load split while stuck).
 * Characteristic and phase plots (a column against a column) follow the
 * charts against time.  A contact's curves keep its colour whatever the
 * modelling level or law (it follows the contact's name); the second
 * component of a reaction is dashed.
 * Pinned runs are drawn under every live line in the same colours, each in
 * a dash pattern of its own (a chart of four bearings and four runs reads
 * bearing by colour, run by pattern), and the top chart's legend names
 * the current run and each pinned one.
 * The charts scroll; the time axis's labels stay under them. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ss-settings.h"
#include "ss-band-layer.h"
#include "ss-chart-text.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-model-strings.h"
#include "ss-plot-stack.h"
#include "ss-span-layer.h"
#include "ss-units.h"
#include "ss-xy-layer.h"

struct _SsPlotStack
{
  GtkWidget   parent_instance;
  SsTimeAxis *time_axis;
  GtkWidget  *box;      /* the scrolled charts over the ruler */
  GtkWidget  *scroller; /* GtkScrolledWindow */
  GtkWidget  *charts_box;
  GtkWidget  *ruler;  /* SsChart: the time axis's labels */
  GPtrArray  *charts; /* SsChart: against time, then column against column */
  GPtrArray  *series; /* SsSeries of the current run */
  GPtrArray  *ghost_series;
  GPtrArray  *ghost_layers;
  GPtrArray  *pin_layers; /* layers of the pinned runs; qdata "ss-pin-slot": slot + 1 */
  GPtrArray  *run_layers; /* the top chart's legend entries naming the runs: current, then each pin */
  GPtrArray  *xy_layers;  /* the current run's SsXyLayer (legend names it) */
  GPtrArray  *xy_pairs;   /* "x\ty" column names of the characteristic plots */
  GMenu      *add_menu;   /* "Add Plot" entries of the charts' context menu */
  GPtrArray  *pins;       /* Pin: the pinned runs drawn, one layer slot each */
  guint       n_slots;    /* pinned-run layers each curve has */
  SsDataset  *current;
  SsDataset  *ghost;     /* the previous run, or NULL */
  char       *signature; /* column names the charts were built for */
  double      reveal;    /* the current run is shown up to this time, s (NaN: all) */
  gboolean    show_ghost;
  ss_model   *model;    /* a copy of the model whose columns are charted */
  GSettings  *settings; /* the application's: "signals" */
  GHashTable *shown;    /* column -> chart key ("": its own kind's) shown by choice */
  GHashTable *hidden;   /* columns of the default charts hidden by choice */
};

G_DEFINE_FINAL_TYPE (SsPlotStack, ss_plot_stack, GTK_TYPE_WIDGET)

/* A pinned run drawn: its data (NULL while it computes), legend name, style. */
typedef struct
{
  SsDataset *dataset;
  char      *name;
  guint      style; /* 0 .. SS_CHART_N_RUN_STYLES - 1 */
} Pin;

static void
pin_free (gpointer data)
{
  Pin *pin = data;

  g_clear_object (&pin->dataset);
  g_free (pin->name);
  g_free (pin);
}

static GQuark
pin_slot_quark (void)
{
  return g_quark_from_static_string ("ss-pin-slot");
}

enum
{
  TIME_CLICKED,
  COLUMNS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
static char *
column_title (const ss_model *m, int column)
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
static guint
first_free_slot (const ss_model *m)
{
  return scenario_contacts (ss_model_scenario (m))->len;
}

void
ss_plot_stack_get_contact_color (const ss_model *m, int contact, GdkRGBA *color)
{
  ss_plot_stack_get_color (contact_slot (m, contact), color);
}

/* ---- grouping ------------------------------------------------------- */

/* The chart groups, in the order the charts come. */
typedef enum
{
  GROUP_RATIO,
  GROUP_FRICTION,
  GROUP_NORMAL,
  GROUP_INTERNAL,
  GROUP_BAND,
  GROUP_REACTION,
  GROUP_APPLIED,
  GROUP_VELOCITY,
  GROUP_POSITION,
  GROUP_ENERGY,
  GROUP_SLIP,
  GROUP_OTHER,
  N_GROUPS
} Group;

/* the first part of a chart key, "friction/N m" */
static const char *const group_ids[N_GROUPS] = {
  "ratio",   "friction", "normal",   "internal", "band", "reaction",
  "applied", "velocity", "position", "energy",   "slip", "other",
};

/* X with X_min and X_max beside it */
static gboolean
band_bounds (const ss_model *m, const char *name, int *lower, int *upper)
{
  g_autofree char *lo = g_strconcat (name, "_min", NULL);
  g_autofree char *hi = g_strconcat (name, "_max", NULL);

  *lower = ss_model_column_find (m, lo);
  *upper = ss_model_column_find (m, hi);
  return *lower >= 0 && *upper >= 0;
}

static Group
column_group (const ss_model *m, const ss_column *col)
{
  int lo, hi;

  if (band_bounds (m, col->name, &lo, &hi))
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
static gboolean
column_default_shown (const ss_model *m, const ss_column *col)
{
  Group group = column_group (m, col);

  return group != GROUP_SLIP && group != GROUP_OTHER;
}

/* The key of the chart a column goes to by default: its group and unit
 * ("friction/N m"), or a band chart of its own ("band/split.alpha"). */
static char *
default_chart_key (const ss_model *m, const ss_column *col)
{
  Group group = column_group (m, col);

  return g_strdup_printf ("%s/%s", group_ids[group], group == GROUP_BAND ? col->name : col->unit);
}

static Group
key_group (const char *key)
{
  for (Group g = 0; g < N_GROUPS; g++)
    if (g_str_has_prefix (key, group_ids[g]) && key[strlen (group_ids[g])] == '/')
      return g;
  return GROUP_OTHER;
}

/* The unit of a chart key's charts, NULL for a band chart. */
static const char *
key_unit (const char *key)
{
  const char *slash = strchr (key, '/');

  return key_group (key) == GROUP_BAND || slash == NULL ? NULL : slash + 1;
}

G_STATIC_ASSERT (N_GROUPS == SS_PLOT_STACK_N_GROUPS);

/* The kind of column @column, 0 .. SS_PLOT_STACK_N_GROUPS - 1 in the order
 * of the charts. */
int
ss_plot_stack_get_column_group (const ss_model *m, int column)
{
  return (int)column_group (m, ss_model_column (m, column));
}

/* A group's name, translated: the chooser's headings. */
const char *
ss_plot_stack_group_name (const ss_model *m, int column)
{
  switch (column_group (m, ss_model_column (m, column)))
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
static char *
chart_title (const ss_model *m, const char *key, GArray *columns)
{
  const char *unit = key_unit (key);
  const char *name = NULL;
  gboolean    moment = g_strcmp0 (unit, "N m") == 0;

  switch (key_group (key))
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
      name = key_group (key) == GROUP_INTERNAL ? _("Friction state") : _("Other");
    }
  if (unit == NULL || unit[0] == '\0' || g_str_equal (unit, "1")) /* "1": dimensionless */
    return g_strdup (name);
  return g_strdup_printf ("%s (%s)", name, unit);
}

static char *
model_signature (const ss_model *m)
{
  GString *s = g_string_new (ss_model_scenario (m)->name);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      g_string_append_c (s, '|');
      g_string_append (s, ss_model_column (m, i)->name);
    }
  return g_string_free (s, FALSE);
}

/* ---- charts against time -------------------------------------------- */

static SsSeries *
add_series (GPtrArray *list, const char *column)
{
  SsSeries *series = ss_series_new (column);

  g_ptr_array_add (list, series);
  return series;
}

static void
add_line (SsPlotStack *self, SsChart *chart, const ss_model *m, int column, const GdkRGBA *color, gboolean dashed)
{
  const ss_column *col = ss_model_column (m, column);
  SsSeries        *series = add_series (self->series, col->name);
  SsSeries        *ghost = add_series (self->ghost_series, col->name);
  g_autoptr(SsChartLayer) line = ss_line_layer_new (series, col->unit);
  g_autoptr(SsChartLayer) faint = ss_line_layer_new (ghost, col->unit);
  /* the chart's title carries the unit */
  g_autofree char *title = ss_plot_stack_column_label (m, column);

  ss_chart_layer_set_color (faint, color);
  ss_line_layer_set_faint (SS_LINE_LAYER (faint), TRUE);
  ss_line_layer_set_dashed (SS_LINE_LAYER (faint), dashed);
  ss_chart_layer_set_in_legend (faint, FALSE);
  ss_chart_layer_set_visible (faint, self->show_ghost);
  ss_chart_add_layer (chart, faint);
  g_ptr_array_add (self->ghost_layers, g_object_ref (faint));

  for (guint slot = 0; slot < self->n_slots; slot++)
    {
      g_autoptr(SsSeries) pin_series = ss_series_new (col->name);
      g_autoptr(SsChartLayer) pinned = ss_line_layer_new (pin_series, col->unit);

      ss_chart_layer_set_color (pinned, color);
      ss_chart_layer_set_in_legend (pinned, FALSE);
      ss_chart_layer_set_visible (pinned, FALSE);
      g_object_set_qdata (G_OBJECT (pinned), pin_slot_quark (), GUINT_TO_POINTER (slot + 1));
      ss_chart_add_layer (chart, pinned);
      g_ptr_array_add (self->pin_layers, g_object_ref (pinned));
    }

  ss_chart_layer_set_title (line, title);
  ss_chart_layer_set_color (line, color);
  ss_line_layer_set_dashed (SS_LINE_LAYER (line), dashed);
  ss_chart_add_layer (chart, line);
}

static void
add_stick_spans (SsPlotStack *self, SsChart *chart, const ss_model *m, gboolean in_legend)
{
  for (int c = 0; c < ss_model_n_contacts (m); c++)
    {
      g_autofree char *name = g_strdup_printf ("%s.stick", ss_model_contact_name (m, c));
      g_autofree char *label = ss_plot_stack_contact_label (m, c);
      g_autofree char *title = NULL;
      g_autoptr(SsChartLayer) span = NULL;
      GdkRGBA color;

      if (ss_model_column_find (m, name) < 0)
        continue;
      span = ss_span_layer_new (add_series (self->series, name));
      ss_span_layer_set_contact (SS_SPAN_LAYER (span), label);
      /* one contact: the mechanism's "stuck" orange; several: their colours */
      if (ss_model_n_contacts (m) > 1)
        {
          ss_plot_stack_get_contact_color (m, c, &color);
          color.alpha = 0.09;
        }
      else
        color = (GdkRGBA){ 0.902, 0.380, 0.0, 0.11 };
      ss_chart_layer_set_color (span, &color);
      /* Translators: legend entry for the shaded stick intervals of contact %s */
      title = g_strdup_printf (_("%s stuck"), label);
      ss_chart_layer_set_title (span, title);
      ss_chart_layer_set_in_legend (span, in_legend);
      ss_chart_add_layer (chart, span);
    }
}

/* The two-slider's incoherent friction directions ([Wojtyra2016] §3.2)
 * shaded where its flag is 1, in a neutral grey. */
static void
add_incoherent_span (SsPlotStack *self, SsChart *chart, const ss_model *m, gboolean in_legend)
{
  int column = ss_model_column_find (m, "stiction.incoherent");
  g_autoptr(SsChartLayer) span = NULL;
  g_autofree char *title = NULL;
  GdkRGBA          grey = { 0.35, 0.35, 0.45, 0.16 };

  if (column < 0)
    return;
  span = ss_span_layer_new (add_series (self->series, "stiction.incoherent"));
  title = ss_plot_stack_column_label (m, column);
  ss_chart_layer_set_color (span, &grey);
  ss_chart_layer_set_title (span, title);
  ss_chart_layer_set_in_legend (span, in_legend);
  ss_chart_add_layer (chart, span);
}

/* Dashed mu_s and mu_k levels; contacts sharing a level share one line. */
static void
add_levels (SsChart *chart, const ss_model *m)
{
  int n = ss_model_n_contacts (m);

  for (int kind = 0; kind < 2; kind++)
    for (int c = 0; c < n; c++)
      {
        g_autoptr(SsChartLayer) level = NULL;
        g_autofree char *label = NULL;
        double           mu_s, mu_k, v;
        gboolean         shared = TRUE, seen = FALSE;
        GdkRGBA          color;

        ss_model_contact_mu (m, c, &mu_s, &mu_k);
        v = kind == 0 ? mu_s : mu_k;
        if (kind == 1 && mu_k == mu_s)
          continue;
        for (int o = 0; o < n; o++)
          {
            double os, ok;

            ss_model_contact_mu (m, o, &os, &ok);
            if ((kind == 0 ? os : ok) != v)
              shared = FALSE;
            else if (o < c)
              seen = TRUE;
          }
        if (seen)
          continue;
        if (shared || n == 1)
          {
            label = g_strdup (kind == 0 ? "μs" : "μk");
            if (n == 1)
              ss_plot_stack_get_contact_color (m, 0, &color);
            else
              color = (GdkRGBA){ 0.4, 0.4, 0.45, 1.0 };
          }
        else
          {
            GString *names = g_string_new (kind == 0 ? "μs" : "μk");

            /* every contact on this level, e.g. "μs 10, 20" */
            for (int o = c, first = 1; o < n; o++)
              {
                g_autofree char *name = NULL;
                double           os, ok;

                ss_model_contact_mu (m, o, &os, &ok);
                if ((kind == 0 ? os : ok) != v)
                  continue;
                name = ss_plot_stack_contact_label (m, o);
                g_string_append_printf (names, "%s%s", first ? " " : ", ", name);
                first = 0;
              }
            label = g_string_free (names, FALSE);
            ss_plot_stack_get_contact_color (m, c, &color);
          }
        if (kind == 1)
          color.alpha = 0.6;
        level = ss_level_layer_new (v, label);
        ss_chart_layer_set_color (level, &color);
        ss_chart_add_layer (chart, level);
      }
}

static void
clear_charts (SsPlotStack *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->charts_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->charts_box), child);
  g_ptr_array_set_size (self->charts, 0);
  g_ptr_array_set_size (self->series, 0);
  g_ptr_array_set_size (self->ghost_series, 0);
  g_ptr_array_set_size (self->ghost_layers, 0);
  g_ptr_array_set_size (self->pin_layers, 0);
  g_ptr_array_set_size (self->run_layers, 0);
  g_ptr_array_set_size (self->xy_layers, 0);
  g_menu_remove_all (self->add_menu);
}

static void
chart_time_clicked_cb (SsPlotStack *self, double t)
{
  g_signal_emit (self, signals[TIME_CLICKED], 0, t);
}

/* Into the scrolled box, with the stack's context menu entries. */
static void
append_chart (SsPlotStack *self, SsChart *chart)
{
  g_ptr_array_add (self->charts, chart);
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (self->add_menu));
  g_signal_connect_swapped (chart, "time-clicked", G_CALLBACK (chart_time_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->charts_box), GTK_WIDGET (chart));
}

/* X over the band X_min .. X_max */
static void
add_band (SsPlotStack *self, SsChart *chart, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  g_autoptr(SsChartLayer) band = NULL;
  int     lo, hi;
  GdkRGBA color;

  band_bounds (m, col->name, &lo, &hi);
  ss_plot_stack_get_color (first_free_slot (m) + 4, &color);
  band = ss_band_layer_new (add_series (self->series, ss_model_column (m, lo)->name),
                            add_series (self->series, ss_model_column (m, hi)->name), col->unit);
  ss_chart_layer_set_color (band, &color);
  /* Translators: legend of the band of load splits for which every joint can stay stuck */
  ss_chart_layer_set_title (band, _("admissible while stuck"));
  ss_chart_add_layer (chart, band);
  ss_plot_stack_get_color (first_free_slot (m) + 3, &color);
  add_line (self, chart, m, column, &color, FALSE);
}

/* Legend entries naming the current run and each pinned one (no data). */
static void
add_run_legend (SsPlotStack *self, SsChart *chart)
{
  for (guint i = 0; i < 1 + self->n_slots; i++)
    {
      g_autoptr(SsSeries) none = ss_series_new ("");
      g_autoptr(SsChartLayer) layer = ss_line_layer_new (none, NULL);
      GdkRGBA grey = { 0.45, 0.45, 0.5, 1.0 };

      ss_chart_layer_set_color (layer, &grey);
      ss_chart_layer_set_visible (layer, FALSE);
      ss_chart_add_layer (chart, layer);
      g_ptr_array_add (self->run_layers, g_object_ref (layer));
    }
}

/* The charts' plots line up with each other and with the ruler: the
 * widest margins any of them wants, for all. */
static void
align_charts (SsPlotStack *self)
{
  double left = 0, right = 0;

  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (self->charts, i);
      double   l, r;

      if (ss_chart_is_xy (chart))
        continue;
      ss_chart_get_own_margins (chart, &l, &r);
      left = MAX (left, l);
      right = MAX (right, r);
    }
  for (guint i = 0; i < self->charts->len; i++)
    if (!ss_chart_is_xy (g_ptr_array_index (self->charts, i)))
      ss_chart_set_margins (g_ptr_array_index (self->charts, i), left, right);
  ss_chart_set_margins (SS_CHART (self->ruler), left, right);
}

/* ---- characteristic and phase plots --------------------------------- */

static char *
pair_key (const char *x_column, const char *y_column)
{
  return g_strconcat (x_column, "\t", y_column, NULL);
}

static GMenuItem *
pair_item (const char *label, const char *action, const char *x_column, const char *y_column)
{
  GMenuItem *item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, g_variant_new ("(ss)", x_column, y_column));
  return item;
}

static void
add_pair_entry (GMenu *menu, const ss_model *m, const char *label, const char *x_column, const char *y_column)
{
  g_autoptr(GMenuItem) item = NULL;

  if (ss_model_column_find (m, x_column) < 0 || ss_model_column_find (m, y_column) < 0)
    return;
  item = pair_item (label, "plot-stack.add-xy", x_column, y_column);
  g_menu_append_item (menu, item);
}

/* The charts' "Add Characteristic Plot" entries for @m: each contact's
 * friction against its slip velocity and against its normal force, and
 * each coordinate's phase portrait. */
static void
fill_add_menu (SsPlotStack *self, const ss_model *m)
{
  g_autoptr(GMenu) entries = g_menu_new ();

  for (int c = 0; c < ss_model_n_contacts (m); c++)
    {
      const char      *name = ss_model_contact_name (m, c);
      g_autofree char *label = ss_plot_stack_contact_label (m, c);
      g_autofree char *f = g_strdup_printf ("%s.F", name);
      g_autofree char *v = g_strdup_printf ("%s.v", name);
      g_autofree char *n = g_strdup_printf ("%s.N", name);
      /* Translators: menu entry, %s is a contact */
      g_autofree char *against_v = g_strdup_printf (_("%s: Friction against Slip Velocity"), label);
      /* Translators: menu entry, %s is a contact */
      g_autofree char *against_n = g_strdup_printf (_("%s: Friction against Normal Force"), label);

      add_pair_entry (entries, m, against_v, v, f);
      add_pair_entry (entries, m, against_n, n, f);
    }
  /* each velocity against the position the model says it is the rate of */
  for (int v = 0; v < ss_model_n_columns (m); v++)
    {
      int              p = ss_model_column (m, v)->rate_of;
      g_autofree char *pl = NULL;
      g_autofree char *vl = NULL;
      g_autofree char *label = NULL;

      if (p < 0)
        continue;
      pl = ss_plot_stack_column_label (m, p);
      vl = ss_plot_stack_column_label (m, v);
      /* Translators: menu entry of a phase portrait, e.g. "v against z" */
      label = g_strdup_printf (_("%1$s against %2$s"), vl, pl);

      add_pair_entry (entries, m, label, ss_model_column (m, p)->name, ss_model_column (m, v)->name);
    }
  g_menu_remove_all (self->add_menu);
  g_menu_append_submenu (self->add_menu, _("Add Characteristic Plot"), G_MENU_MODEL (entries));
}

/* A curve of @y against @x of the run the series in @list show; the chart
 * holds it. */
static SsChartLayer *
add_xy_layer (SsChart *chart, GPtrArray *list, const ss_column *x, const ss_column *y)
{
  g_autoptr(SsChartLayer) layer =
                 ss_xy_layer_new (add_series (list, x->name), add_series (list, y->name), x->unit, y->unit);

  ss_chart_add_layer (chart, layer);
  return layer;
}

/* The pinned run drawn in @slot, NULL when none (or not computed yet). */
static Pin *
slot_pin (SsPlotStack *self, guint slot)
{
  return slot < self->pins->len ? g_ptr_array_index (self->pins, slot) : NULL;
}

static void
update_xy_titles (SsPlotStack *self)
{
  for (guint i = 0; i < self->xy_layers->len; i++)
    /* Translators: legend entry of the run computed from the current values */
    ss_chart_layer_set_title (g_ptr_array_index (self->xy_layers, i), _("current run"));
}

/* @y_column against @x_column of @m, for the current, the previous and the
 * pinned run, in the colour of the contact it belongs to. */
static SsChart *
add_xy_chart (SsPlotStack *self, const ss_model *m, int x_column, int y_column)
{
  const ss_column *x = ss_model_column (m, x_column), *y = ss_model_column (m, y_column);
  SsChart         *chart = SS_CHART (ss_chart_new_xy (self->time_axis));
  g_autofree char *x_title = column_title (m, x_column);
  g_autofree char *y_title = column_title (m, y_column);
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) remove = NULL;
  SsChartLayer *layer;
  GdkRGBA       color;

  if (y->contact >= 0 || x->contact >= 0)
    ss_plot_stack_get_contact_color (m, y->contact >= 0 ? y->contact : x->contact, &color);
  else
    ss_plot_stack_get_color (first_free_slot (m), &color);
  ss_chart_set_title (chart, y_title);
  ss_axis_set_title (ss_chart_get_x_axis (chart), x_title);

  layer = add_xy_layer (chart, self->ghost_series, x, y);
  ss_chart_layer_set_color (layer, &color);
  ss_xy_layer_set_faint (SS_XY_LAYER (layer), TRUE);
  ss_chart_layer_set_in_legend (layer, FALSE);
  ss_chart_layer_set_visible (layer, self->show_ghost);
  g_ptr_array_add (self->ghost_layers, g_object_ref (layer));

  for (guint slot = 0; slot < self->n_slots; slot++)
    {
      g_autoptr(SsSeries) xs = ss_series_new (x->name);
      g_autoptr(SsSeries) ys = ss_series_new (y->name);
      g_autoptr(SsChartLayer) pinned = ss_xy_layer_new (xs, ys, x->unit, y->unit);

      ss_chart_add_layer (chart, pinned);
      ss_chart_layer_set_color (pinned, &color);
      ss_chart_layer_set_visible (pinned, FALSE);
      g_object_set_qdata (G_OBJECT (pinned), pin_slot_quark (), GUINT_TO_POINTER (slot + 1));
      g_ptr_array_add (self->pin_layers, g_object_ref (pinned));
    }

  layer = add_xy_layer (chart, self->series, x, y);
  ss_chart_layer_set_color (layer, &color);
  g_ptr_array_add (self->xy_layers, g_object_ref (layer));

  /* a characteristic is about as tall as wide */
  gtk_widget_set_size_request (GTK_WIDGET (chart), -1, 260);
  append_chart (self, chart);
  g_object_set_data_full (G_OBJECT (chart), "ss-xy-pair", pair_key (x->name, y->name), g_free);
  g_menu_append_submenu (menu, _("Add Characteristic Plot"), G_MENU_MODEL (self->add_menu));
  remove = pair_item (_("Remove This Plot"), "plot-stack.remove-xy", x->name, y->name);
  g_menu_append_item (menu, remove);
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (menu));
  update_xy_titles (self);
  return chart;
}

static const ss_model *
current_model (SsPlotStack *self)
{
  return self->current != NULL ? ss_dataset_get_model (self->current) : NULL;
}

static SsChart *
find_xy_chart (SsPlotStack *self, const char *key)
{
  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (self->charts, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (chart), "ss-xy-pair"), key) == 0)
        return chart;
    }
  return NULL;
}

/* Adds a chart of @y_column against @x_column (a characteristic: "base.F"
 * against "base.v"; a phase portrait: "v" against "z") after the charts
 * against time; it stays while the runs have both columns, across
 * parameter changes.  Returns the chart, or NULL when the current run
 * lacks a column (the pair is kept for runs that have both). */
SsChart *
ss_plot_stack_add_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column)
{
  g_autofree char *key = pair_key (x_column, y_column);
  const ss_model  *m = current_model (self);
  SsChart         *chart;
  int              x, y;

  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);

  if ((chart = find_xy_chart (self, key)) != NULL)
    return chart;
  if (!g_ptr_array_find_with_equal_func (self->xy_pairs, key, g_str_equal, NULL))
    g_ptr_array_add (self->xy_pairs, g_strdup (key));
  if (m == NULL || (x = ss_model_column_find (m, x_column)) < 0 || (y = ss_model_column_find (m, y_column)) < 0)
    return NULL;
  chart = add_xy_chart (self, m, x, y);
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
  return chart;
}

static void
forget_layer (SsPlotStack *self, SsChartLayer *layer)
{
  GPtrArray *lists[] = { self->ghost_layers, self->pin_layers, self->xy_layers };
  GPtrArray *series[] = { self->series, self->ghost_series };

  for (guint k = 0; k < G_N_ELEMENTS (series) && SS_IS_XY_LAYER (layer); k++)
    {
      g_ptr_array_remove (series[k], ss_xy_layer_get_x_series (SS_XY_LAYER (layer)));
      g_ptr_array_remove (series[k], ss_xy_layer_get_y_series (SS_XY_LAYER (layer)));
    }
  for (guint k = 0; k < G_N_ELEMENTS (lists); k++)
    g_ptr_array_remove (lists[k], layer);
}

/* Removes the chart of @y_column against @x_column, for good. */
void
ss_plot_stack_remove_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column)
{
  g_autofree char *key = pair_key (x_column, y_column);
  SsChart         *chart = find_xy_chart (self, key);
  guint            index;

  if (g_ptr_array_find_with_equal_func (self->xy_pairs, key, g_str_equal, &index))
    g_ptr_array_remove_index (self->xy_pairs, index);
  if (chart == NULL)
    return;
  for (guint i = 0; i < ss_chart_get_layers (chart)->len; i++)
    forget_layer (self, g_ptr_array_index (ss_chart_get_layers (chart), i));
  g_ptr_array_remove (self->charts, chart);
  gtk_box_remove (GTK_BOX (self->charts_box), GTK_WIDGET (chart));
}

static void
add_xy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *x, *y;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &x, &y);
  ss_plot_stack_add_xy_chart (SS_PLOT_STACK (widget), x, y);
}

static void
remove_xy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *x, *y;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &x, &y);
  ss_plot_stack_remove_xy_chart (SS_PLOT_STACK (widget), x, y);
}

/* ---- which columns are shown ----------------------------------------- */

/* Whether @column (a name) is on a chart: the user's choice for this
 * scenario, else the default. */
static gboolean
is_shown (SsPlotStack *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);

  if (g_hash_table_contains (self->shown, col->name))
    return TRUE;
  return column_default_shown (m, col) && !g_hash_table_contains (self->hidden, col->name);
}

/* The key of the chart @column is on. */
static char *
chart_key_of (SsPlotStack *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  const char      *key = g_hash_table_lookup (self->shown, col->name);

  if (key != NULL && key[0] != '\0')
    return g_strdup (key);
  return default_chart_key (m, col);
}

/* GSettings "signals": scenario -> "+column", "+column@chart-key" (shown,
 * on that chart) and "-column" (a default hidden). */
static void
load_choices (SsPlotStack *self, const char *scenario)
{
  g_autoptr(GVariant) all = NULL;
  g_autofree const char **list = NULL;

  g_hash_table_remove_all (self->shown);
  g_hash_table_remove_all (self->hidden);
  all = g_settings_get_value (self->settings, "signals");
  if (!g_variant_lookup (all, scenario, "^a&s", &list))
    return;
  for (guint i = 0; list[i] != NULL; i++)
    {
      const char *at = strchr (list[i], '@');

      if (list[i][0] == '-')
        g_hash_table_add (self->hidden, g_strdup (list[i] + 1));
      else if (list[i][0] == '+' && at != NULL)
        g_hash_table_insert (self->shown, g_strndup (list[i] + 1, at - list[i] - 1), g_strdup (at + 1));
      else if (list[i][0] == '+')
        g_hash_table_insert (self->shown, g_strdup (list[i] + 1), g_strdup (""));
    }
}

static void
save_choices (SsPlotStack *self)
{
  g_autoptr(GVariant) old = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GList) names = NULL;
  GVariantBuilder builder;
  GVariantIter    iter;
  const char     *scenario;
  GVariant       *list;

  if (self->model == NULL)
    return;
  /* sorted: the same choice is stored the same way */
  names = g_list_sort (g_hash_table_get_keys (self->shown), (GCompareFunc)g_strcmp0);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *key = g_hash_table_lookup (self->shown, l->data);

      g_ptr_array_add (entries, key[0] != '\0' ? g_strdup_printf ("+%s@%s", (char *)l->data, key)
                                               : g_strdup_printf ("+%s", (char *)l->data));
    }
  g_clear_pointer (&names, g_list_free);
  names = g_list_sort (g_hash_table_get_keys (self->hidden), (GCompareFunc)g_strcmp0);
  for (GList *l = names; l != NULL; l = l->next)
    g_ptr_array_add (entries, g_strdup_printf ("-%s", (char *)l->data));

  old = g_settings_get_value (self->settings, "signals");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sas}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s@as}", &scenario, &list))
    {
      if (!g_str_equal (scenario, ss_model_scenario (self->model)->name))
        g_variant_builder_add (&builder, "{s@as}", scenario, list);
      g_variant_unref (list);
    }
  g_ptr_array_add (entries, NULL);
  if (entries->len > 1)
    g_variant_builder_add (&builder, "{s^as}", ss_model_scenario (self->model)->name, (char **)entries->pdata);
  g_settings_set_value (self->settings, "signals", g_variant_builder_end (&builder));
}

/* ---- the charts' own menus ------------------------------------------ */

static GMenuItem *
signal_item (const ss_model *m, int column, const char *action, GVariant *target)
{
  g_autofree char *label = column_title (m, column);
  GMenuItem       *item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, target);
  return item;
}

/* "Add Signal" (first what shares the chart's unit and joins it, then the
 * rest by group, each to a chart of its own kind), "Remove Signal" (the
 * chart's lines) and the characteristic plots. */
static void
set_chart_menu (SsPlotStack *self, SsChart *chart, const ss_model *m, const char *key, GArray *columns)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) add = g_menu_new ();
  g_autoptr(GMenu) here = g_menu_new ();
  g_autoptr(GMenu) remove = g_menu_new ();
  GMenu      *by_group[N_GROUPS] = { NULL };
  const char *unit = key_unit (key);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      const ss_column *col = ss_model_column (m, i);
      g_autoptr(GMenuItem) item = NULL;
      Group group = column_group (m, col);

      if (is_shown (self, m, i))
        continue;
      if (unit != NULL && g_str_equal (col->unit, unit))
        {
          item = signal_item (m, i, "plot-stack.add-signal", g_variant_new ("(ss)", col->name, key));
          g_menu_append_item (here, item);
          continue;
        }
      item = signal_item (m, i, "plot-stack.add-signal", g_variant_new ("(ss)", col->name, ""));
      if (by_group[group] == NULL)
        by_group[group] = g_menu_new ();
      g_menu_append_item (by_group[group], item);
    }
  g_menu_append_section (add, NULL, G_MENU_MODEL (here));
  {
    g_autoptr(GMenu) others = g_menu_new ();

    for (Group g = 0; g < N_GROUPS; g++)
      {
        if (by_group[g] == NULL)
          continue;
        for (int i = 0; i < ss_model_n_columns (m); i++)
          if (column_group (m, ss_model_column (m, i)) == g)
            {
              g_menu_append_submenu (others, ss_plot_stack_group_name (m, i), G_MENU_MODEL (by_group[g]));
              break;
            }
        g_object_unref (by_group[g]);
      }
    g_menu_append_section (add, NULL, G_MENU_MODEL (others));
  }
  for (guint i = 0; i < columns->len; i++)
    {
      int column = g_array_index (columns, int, i);
      g_autoptr(GMenuItem) item = signal_item (m, column, "plot-stack.remove-signal",
                                                g_variant_new_string (ss_model_column (m, column)->name));

      g_menu_append_item (remove, item);
    }
  /* Translators: context menu of a chart: put another column of the run on it */
  g_menu_append_submenu (menu, _("Add Signal"), G_MENU_MODEL (add));
  g_menu_append_submenu (menu, _("Remove Signal"), G_MENU_MODEL (remove));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (self->add_menu));
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (menu));
}

/* ---- building the charts ------------------------------------------- */

/* One chart against time per chart key of a shown column, in the order of
 * the groups, then of the columns. */
static void
build_time_charts (SsPlotStack *self, const ss_model *m)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) column_keys = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    g_ptr_array_add (column_keys, is_shown (self, m, i) ? chart_key_of (self, m, i) : NULL);
  for (Group group = 0; group < N_GROUPS; group++)
    for (int i = 0; i < ss_model_n_columns (m); i++)
      {
        const char *key = g_ptr_array_index (column_keys, i);

        if (key != NULL && key_group (key) == group && !g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
          g_ptr_array_add (keys, g_strdup (key));
      }

  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      g_autoptr(GArray) columns = g_array_new (FALSE, FALSE, sizeof (int));
      SsChart         *chart = SS_CHART (ss_chart_new (self->time_axis));
      g_autofree char *title = NULL;
      guint            other = 0;

      for (int i = 0; i < ss_model_n_columns (m); i++)
        if (g_strcmp0 (g_ptr_array_index (column_keys, i), key) == 0)
          g_array_append_val (columns, i);
      title = chart_title (m, key, columns);
      ss_chart_set_title (chart, title);
      add_stick_spans (self, chart, m, self->charts->len == 0);
      add_incoherent_span (self, chart, m, self->charts->len == 0);
      if (key_group (key) == GROUP_RATIO)
        add_levels (chart, m);

      for (guint j = 0; j < columns->len; j++)
        {
          int              i = g_array_index (columns, int, j);
          const ss_column *col = ss_model_column (m, i);
          GdkRGBA          color;

          if (key_group (key) == GROUP_BAND && column_group (m, col) == GROUP_BAND)
            {
              add_band (self, chart, m, i);
              continue;
            }
          if (col->contact >= 0)
            ss_plot_stack_get_contact_color (m, col->contact, &color);
          else
            ss_plot_stack_get_color (first_free_slot (m) + other++, &color);
          /* a sum of friction forces, a reaction's second component: dashed */
          add_line (self, chart, m, i, &color, g_str_has_prefix (col->name, "sum.") || col->component_of >= 0);
        }
      append_chart (self, chart);
      g_object_set_data_full (G_OBJECT (chart), "ss-chart-key", g_strdup (key), g_free);
      set_chart_menu (self, chart, m, key, columns);
    }
}

/* Every chart anew for self->model and the choices. */
static void
rebuild (SsPlotStack *self)
{
  const ss_model *m = self->model;

  clear_charts (self);
  if (m == NULL)
    return;
  fill_add_menu (self, m);
  build_time_charts (self, m);
  if (self->charts->len > 0)
    add_run_legend (self, g_ptr_array_index (self->charts, 0));
  for (guint i = 0; i < self->xy_pairs->len; i++)
    {
      g_auto(GStrv) pair = g_strsplit (g_ptr_array_index (self->xy_pairs, i), "\t", 2);
      int x = ss_model_column_find (m, pair[0]), y = ss_model_column_find (m, pair[1]);

      if (x >= 0 && y >= 0)
        add_xy_chart (self, m, x, y);
    }
  align_charts (self);
}

/* After the user changed what is shown: charts anew, with the runs. */
static void
columns_changed (SsPlotStack *self)
{
  save_choices (self);
  rebuild (self);
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
  g_signal_emit (self, signals[COLUMNS_CHANGED], 0);
}

/* ---- the stack ------------------------------------------------------ */

/* Builds the charts of @m's columns: what the user chose for @m's scenario
 * (GSettings "signals"), else the default charts.  The stack keeps a copy
 * of the model's description, not @m. */
void
ss_plot_stack_set_model (SsPlotStack *self, const ss_model *m)
{
  g_autofree char *signature = NULL;
  const char      *old_scenario = self->model != NULL ? ss_model_scenario (self->model)->name : NULL;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  signature = m ? model_signature (m) : NULL;
  if (g_strcmp0 (signature, self->signature) == 0)
    return;
  g_free (self->signature);
  self->signature = g_steal_pointer (&signature);
  if (m == NULL || g_strcmp0 (old_scenario, ss_model_scenario (m)->name) != 0)
    {
      if (m != NULL)
        load_choices (self, ss_model_scenario (m)->name);
    }
  g_clear_pointer (&self->model, ss_model_free);
  if (m != NULL)
    {
      const ss_scenario *sc = ss_model_scenario (m);

      self->model = sc->create (sc, ss_model_values (m), NULL);
    }
  rebuild (self);
  g_signal_emit (self, signals[COLUMNS_CHANGED], 0);
}

/* The stack's copy of the model it shows the columns of, or NULL. */
const ss_model *
ss_plot_stack_get_model (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);
  return self->model;
}

/* Whether column @column (a CSV name) is drawn on a chart. */
gboolean
ss_plot_stack_get_column_shown (SsPlotStack *self, const char *column)
{
  int i;

  g_return_val_if_fail (SS_IS_PLOT_STACK (self), FALSE);
  if (self->model == NULL || (i = ss_model_column_find (self->model, column)) < 0)
    return FALSE;
  return is_shown (self, self->model, i);
}

static void
set_shown (SsPlotStack *self, const char *column, gboolean shown, const char *key)
{
  int      i = self->model != NULL ? ss_model_column_find (self->model, column) : -1;
  gboolean by_default;

  if (i < 0)
    return;
  by_default = column_default_shown (self->model, ss_model_column (self->model, i));
  g_hash_table_remove (self->shown, column);
  g_hash_table_remove (self->hidden, column);
  if (shown && (!by_default || (key != NULL && key[0] != '\0')))
    g_hash_table_insert (self->shown, g_strdup (column), g_strdup (key != NULL ? key : ""));
  else if (!shown && by_default)
    g_hash_table_add (self->hidden, g_strdup (column));
}

/* Puts column @column on the chart of its kind and unit (a new one when
 * there is none), or takes it off; remembered for the scenario. */
void
ss_plot_stack_set_column_shown (SsPlotStack *self, const char *column, gboolean shown)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (ss_plot_stack_get_column_shown (self, column) == shown)
    return;
  set_shown (self, column, shown, NULL);
  columns_changed (self);
}

/* Puts column @column on @chart when their units agree, else on a chart
 * of its own kind; remembered for the scenario. */
void
ss_plot_stack_add_column_to_chart (SsPlotStack *self, const char *column, SsChart *chart)
{
  const char *key = chart != NULL ? g_object_get_data (G_OBJECT (chart), "ss-chart-key") : NULL;
  int         i = self->model != NULL ? ss_model_column_find (self->model, column) : -1;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (i < 0)
    return;
  if (key != NULL && g_strcmp0 (key_unit (key), ss_model_column (self->model, i)->unit) != 0)
    key = NULL;
  set_shown (self, column, TRUE, key);
  columns_changed (self);
}

/* The default charts again for this scenario. */
void
ss_plot_stack_reset_columns (SsPlotStack *self)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_hash_table_remove_all (self->shown);
  g_hash_table_remove_all (self->hidden);
  columns_changed (self);
}

/* The chart against time drawing column @column, or NULL. */
SsChart *
ss_plot_stack_get_column_chart (SsPlotStack *self, const char *column)
{
  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart   *chart = g_ptr_array_index (self->charts, i);
      GPtrArray *layers = ss_chart_get_layers (chart);

      if (ss_chart_is_xy (chart))
        continue;
      for (guint j = 0; j < layers->len; j++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, j);

          if (SS_IS_LINE_LAYER (layer) && ss_chart_layer_get_in_legend (layer) &&
              g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))), column) == 0)
            return chart;
        }
    }
  return NULL;
}

static void
add_signal_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsPlotStack *self = SS_PLOT_STACK (widget);
  const char  *column, *key;

  (void)action_name;
  g_variant_get (parameter, "(&s&s)", &column, &key);
  if (!self->model || ss_model_column_find (self->model, column) < 0)
    return;
  set_shown (self, column, TRUE, key);
  columns_changed (self);
}

static void
remove_signal_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  ss_plot_stack_set_column_shown (SS_PLOT_STACK (widget), g_variant_get_string (parameter, NULL), FALSE);
}

/* The pinned runs' data, styles and names on their layers; the legend
 * entries of the top chart name them (while any is drawn). */
static void
update_pins (SsPlotStack *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->pins->len; i++)
    any |= slot_pin (self, i)->dataset != NULL;
  for (guint i = 0; i < self->pin_layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->pin_layers, i);
      guint         slot = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (layer), pin_slot_quark ())) - 1;
      Pin          *pin = slot_pin (self, slot);
      SsDataset    *dataset = pin != NULL ? pin->dataset : NULL;

      if (SS_IS_XY_LAYER (layer))
        {
          ss_series_set_dataset (ss_xy_layer_get_x_series (SS_XY_LAYER (layer)), dataset);
          ss_series_set_dataset (ss_xy_layer_get_y_series (SS_XY_LAYER (layer)), dataset);
          ss_xy_layer_set_run_style (SS_XY_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
          ss_chart_layer_set_title (layer, pin != NULL ? pin->name : NULL);
          ss_chart_layer_set_in_legend (layer, dataset != NULL);
        }
      else
        {
          ss_series_set_dataset (ss_line_layer_get_series (SS_LINE_LAYER (layer)), dataset);
          ss_line_layer_set_run_style (SS_LINE_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
        }
      ss_chart_layer_set_visible (layer, dataset != NULL);
    }
  for (guint i = 0; i < self->run_layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->run_layers, i);
      Pin          *pin = i > 0 ? slot_pin (self, i - 1) : NULL;

      if (i == 0)
        {
          ss_chart_layer_set_visible (layer, any && self->current != NULL);
          ss_chart_layer_set_title (layer, _("current run"));
          continue;
        }
      ss_chart_layer_set_visible (layer, pin != NULL && pin->dataset != NULL);
      ss_line_layer_set_run_style (SS_LINE_LAYER (layer), pin != NULL ? pin->style + 1 : 1);
      ss_chart_layer_set_title (layer, pin != NULL ? pin->name : NULL);
    }
  update_xy_titles (self);
}

/* Whether @dataset is drawn as a pinned run. */
static gboolean
is_pinned (SsPlotStack *self, SsDataset *dataset)
{
  for (guint i = 0; i < self->pins->len; i++)
    if (dataset != NULL && slot_pin (self, i)->dataset == dataset)
      return TRUE;
  return FALSE;
}

void
ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_set_object (&self->current, current);
  /* a pinned run already shows that run */
  if (is_pinned (self, ghost))
    ghost = NULL;
  g_set_object (&self->ghost, ghost);
  for (guint i = 0; i < self->series->len; i++)
    {
      ss_series_set_dataset (g_ptr_array_index (self->series, i), current);
      ss_series_set_reveal_end (g_ptr_array_index (self->series, i), self->reveal);
    }
  for (guint i = 0; i < self->ghost_series->len; i++)
    ss_series_set_dataset (g_ptr_array_index (self->ghost_series, i), ghost);
  update_pins (self);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

static void rebuild (SsPlotStack *self);

/* The pinned runs every chart draws with the current one, in their
 * order: @runs[i].dataset (a run of the stack's scenario; NULL while it
 * computes: nothing drawn yet), its legend name and its line style.  The
 * charts get a layer per run and curve (rebuilt when the count changes). */
void
ss_plot_stack_set_pinned_runs (SsPlotStack *self, const SsPlotStackRun *runs, guint n_runs)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));
  g_return_if_fail (n_runs == 0 || runs != NULL);

  g_ptr_array_set_size (self->pins, 0);
  for (guint i = 0; i < n_runs; i++)
    {
      Pin *pin = g_new0 (Pin, 1);

      pin->dataset = runs[i].dataset != NULL ? g_object_ref (runs[i].dataset) : NULL;
      pin->name = g_strdup (runs[i].name);
      pin->style = runs[i].style % SS_CHART_N_RUN_STYLES;
      g_ptr_array_add (self->pins, pin);
    }
  if (n_runs != self->n_slots)
    {
      self->n_slots = n_runs;
      rebuild (self);
    }
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
}

guint
ss_plot_stack_get_n_pinned_runs (SsPlotStack *self)
{
  return self->pins->len;
}

/* Pinned run @index's data (NULL while it computes) and legend name. */
SsDataset *
ss_plot_stack_get_pinned_run (SsPlotStack *self, guint index, const char **name)
{
  Pin *pin = slot_pin (self, index);

  g_return_val_if_fail (pin != NULL, NULL);
  if (name != NULL)
    *name = pin->name;
  return pin->dataset;
}

/* Whether a figure with overlays has any: a pinned run, or a previous
 * one shown. */
gboolean
ss_plot_stack_has_overlays (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), FALSE);

  for (guint i = 0; i < self->pins->len; i++)
    if (slot_pin (self, i)->dataset != NULL)
      return TRUE;
  return self->show_ghost && self->ghost != NULL && ss_dataset_get_n_rows (self->ghost) > 0;
}

void
ss_plot_stack_set_show_ghost (SsPlotStack *self, gboolean show)
{
  self->show_ghost = show;
  for (guint i = 0; i < self->ghost_layers->len; i++)
    ss_chart_layer_set_visible (g_ptr_array_index (self->ghost_layers, i), show);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

SsTimeAxis *
ss_plot_stack_get_time_axis (SsPlotStack *self)
{
  return self->time_axis;
}

/* Charts against time first, then the characteristic plots. */
guint
ss_plot_stack_get_n_charts (SsPlotStack *self)
{
  return self->charts->len;
}

SsChart *
ss_plot_stack_get_chart (SsPlotStack *self, guint index)
{
  g_return_val_if_fail (index < self->charts->len, NULL);
  return g_ptr_array_index (self->charts, index);
}

/* The time axis's labels under the scrolled charts. */
SsChart *
ss_plot_stack_get_ruler (SsPlotStack *self)
{
  return SS_CHART (self->ruler);
}

/* Height of the ruler's two text rows in @style, user units. */
static double
ruler_height (cairo_t *cr, const SsChartStyle *style)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  int                   tw, th;

  pango_font_description_set_size (font, (int)(style->font_size * PANGO_SCALE));
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  pango_font_description_free (font);
  g_object_unref (layout);
  return 2 * th + 8;
}

/* "Spring stiffness k = 300 N/m; Mass M = 2 kg" for the parameters
 * @indices of @m (at most three, then "…"), in the user's locale. */
static char *
describe_params (const ss_model *m, GArray *indices)
{
  const ss_scenario *sc = ss_model_scenario (m);
  GString           *s = g_string_new (NULL);

  for (guint k = 0; k < indices->len; k++)
    {
      int              i = g_array_index (indices, int, k);
      g_autofree char *text = NULL;

      if (k == 3)
        {
          g_string_append_printf (s, "%s…", ss_format_list_separator ());
          break;
        }
      text = ss_format_param_assignment (&sc->params[i], ss_model_values (m)[i], " ");
      g_string_append_printf (s, "%s%s", k > 0 ? ss_format_list_separator () : "", text);
    }
  return g_string_free (s, FALSE);
}

/* The parameters in which any of @others differs from @m (runs of one
 * scenario), in table order. */
static GArray *
differing_params (const ss_model *m, const ss_model *const *others, guint n_others)
{
  const ss_scenario *sc = ss_model_scenario (m);
  GArray            *indices = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < sc->n_params; i++)
    for (guint k = 0; k < n_others; k++)
      if (ss_model_scenario (others[k]) == sc && ss_model_values (others[k])[i] != ss_model_values (m)[i])
        {
          g_array_append_val (indices, i);
          break;
        }
  return indices;
}

/* "current run: Spring stiffness k = 300 N/m", or "current run" alone. */
static char *
run_name (const char *what, const ss_model *m, GArray *indices)
{
  g_autofree char *values = NULL;

  if (m == NULL || indices->len == 0)
    return g_strdup (what);
  values = describe_params (m, indices);
  /* Translators: a run's legend entry in an exported figure: %1$s is
   * "current run" or "previous run", %2$s the parameter values in which
   * the runs differ */
  return g_strdup_printf (_("%1$s: %2$s"), what, values);
}

static SsChartLayer *
run_entry (const char *title, const GdkRGBA *color, gboolean faint, guint run_style)
{
  g_autoptr(SsSeries) none = ss_series_new ("");
  SsChartLayer *entry = ss_line_layer_new (none, NULL);

  ss_chart_layer_set_title (entry, title);
  ss_chart_layer_set_color (entry, color);
  ss_line_layer_set_faint (SS_LINE_LAYER (entry), faint);
  ss_line_layer_set_run_style (SS_LINE_LAYER (entry), run_style);
  return entry;
}

/* Legend entries naming the runs a figure draws, in @color: the current
 * one and the previous one (faint), with the values of the parameters in
 * which the runs differ, then every pinned run drawn, by its name in its
 * line style; empty when only the current run is drawn. */
static GPtrArray *
run_entries (SsPlotStack *self, gboolean overlays, const GdkRGBA *color)
{
  GPtrArray      *entries = g_ptr_array_new_with_free_func (g_object_unref);
  const ss_model *live = self->current != NULL ? ss_dataset_get_model (self->current) : NULL;
  const ss_model *ghost = NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  g_autoptr(GArray) indices = NULL;
  g_autofree char *title = NULL;

  if (overlays && self->show_ghost && self->ghost != NULL && ss_dataset_get_n_rows (self->ghost) > 0)
    g_ptr_array_add (others, (gpointer)(ghost = ss_dataset_get_model (self->ghost)));
  for (guint i = 0; overlays && i < self->pins->len; i++)
    if (slot_pin (self, i)->dataset != NULL)
      g_ptr_array_add (others, (gpointer)ss_dataset_get_model (slot_pin (self, i)->dataset));
  if (live == NULL || others->len == 0)
    return entries;
  indices = differing_params (live, (const ss_model *const *)others->pdata, others->len);
  /* Translators: legend entries of an exported figure */
  title = run_name (_("current run"), live, indices);
  g_ptr_array_add (entries, run_entry (title, color, FALSE, 0));
  if (ghost != NULL)
    {
      g_autofree char *previous = run_name (_("previous run"), ghost, indices);

      g_ptr_array_add (entries, run_entry (previous, color, TRUE, 0));
    }
  for (guint i = 0; overlays && i < self->pins->len; i++)
    {
      Pin *pin = slot_pin (self, i);

      if (pin->dataset != NULL)
        g_ptr_array_add (entries, run_entry (pin->name, color, FALSE, pin->style + 1));
    }
  return entries;
}

/* The legend of @chart in a figure: its own entries (the runs' names
 * replaced by the figure's); the first chart against time also names the
 * stick intervals and the runs, a characteristic names its runs. */
static GPtrArray *
figure_legend (SsPlotStack *self, SsChart *chart, gboolean first, gboolean overlays)
{
  GPtrArray *legend = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *layers = ss_chart_get_layers (chart);
  g_autoptr(GPtrArray) runs = NULL;
  GdkRGBA grey = { 0.45, 0.45, 0.5, 1.0 };

  if (ss_chart_is_xy (chart))
    {
      /* the curves' colour, the current run's last */
      for (guint i = 0; i < layers->len; i++)
        grey = *ss_chart_layer_get_color (g_ptr_array_index (layers, i));
      runs = run_entries (self, overlays, &grey);
    }
  else
    {
      for (guint i = 0; i < layers->len; i++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, i);

          if (g_ptr_array_find (self->run_layers, layer, NULL))
            continue;
          if (ss_chart_layer_get_in_legend (layer) || (first && SS_IS_SPAN_LAYER (layer)))
            g_ptr_array_add (legend, g_object_ref (layer));
        }
      if (first)
        runs = run_entries (self, overlays, &grey);
    }
  for (guint i = 0; runs != NULL && i < runs->len; i++)
    g_ptr_array_add (legend, g_object_ref (g_ptr_array_index (runs, i)));
  return legend;
}

/* The figure's title block (it wraps to the width; either text may be
 * NULL); returns its height. */
static double
draw_title_block (cairo_t *cr, const SsChartStyle *style, double width, const char *title, const char *subtitle)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
  int                   tw, th;
  double                y = 10;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  gdk_cairo_set_source_rgba (cr, &style->fg);
  if (title != NULL && title[0] != '\0')
    {
      pango_layout_set_text (layout, title, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th + 2;
    }
  if (subtitle != NULL && subtitle[0] != '\0')
    {
      pango_font_description_free (font);
      font = pango_font_description_from_string ("Sans 8.5");
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, subtitle, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th;
    }
  pango_font_description_free (font);
  g_object_unref (layout);
  return y + 10;
}

/* The export path: a title block, then the charts of @figure against
 * time, the time axis's labels under them, and its characteristic plots,
 * every one through ss_chart_draw(). */
void
ss_plot_stack_draw_figure (SsPlotStack             *self,
                           cairo_t                 *cr,
                           double                   width,
                           double                   height,
                           const SsChartStyle      *style,
                           const SsPlotStackFigure *figure)
{
  double       y = 0, unit, total = 0, ruler = 0, extra = 0;
  SsChartStyle chart_style = *style;
  g_autoptr(GPtrArray) charts = g_ptr_array_new ();
  g_autoptr(GPtrArray) hidden = g_ptr_array_new ();
  gboolean first = TRUE;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  for (guint i = 0; i < (figure->charts != NULL ? figure->n_charts : self->charts->len); i++)
    {
      guint index = figure->charts != NULL ? figure->charts[i] : i;

      if (index < self->charts->len)
        g_ptr_array_add (charts, g_ptr_array_index (self->charts, index));
    }
  if (!figure->overlays)
    {
      g_ptr_array_extend (hidden, self->ghost_layers, NULL, NULL);
      g_ptr_array_extend (hidden, self->pin_layers, NULL, NULL);
    }
  chart_style.hidden = hidden;

  cairo_save (cr);
  if (style->plot_bg.alpha > 0)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }
  if ((figure->title != NULL && figure->title[0] != '\0') || (figure->subtitle != NULL && figure->subtitle[0] != '\0'))
    y = draw_title_block (cr, style, width, figure->title, figure->subtitle);

  /* a characteristic gets more height than a chart against time; the
   * first chart against time, whose legend names the runs, a row more
   * per two runs */
  {
    g_autoptr(GPtrArray) runs = run_entries (self, figure->overlays, &style->fg);

    extra = 0.12 * runs->len;
  }
  for (guint i = 0; i < charts->len; i++)
    total += ss_chart_is_xy (g_ptr_array_index (charts, i)) ? 1.6 : 1.0;
  for (guint i = 0; i < charts->len; i++)
    if (!ss_chart_is_xy (g_ptr_array_index (charts, i)))
      {
        total += extra;
        break;
      }
  if (charts->len > 0 && !ss_chart_is_xy (g_ptr_array_index (charts, 0)))
    ruler = ruler_height (cr, style);
  unit = charts->len > 0 ? MAX (0, height - y - 6 - ruler) / total : 0;
  for (guint i = 0; i < charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (charts, i);
      double   h = unit * (ss_chart_is_xy (chart) ? 1.6 : (first ? 1.0 + extra : 1.0));
      g_autoptr(GPtrArray) legend = figure_legend (self, chart, first && !ss_chart_is_xy (chart), figure->overlays);

      if (!ss_chart_is_xy (chart))
        first = FALSE;
      /* the time axis's labels under the last chart against time */
      if (ss_chart_is_xy (chart) && ruler > 0)
        {
          cairo_save (cr);
          cairo_translate (cr, 0, y);
          ss_chart_draw (SS_CHART (self->ruler), cr, width, ruler, style);
          cairo_restore (cr);
          y += ruler;
          ruler = 0;
        }
      chart_style.legend = legend;
      cairo_save (cr);
      cairo_translate (cr, 0, y);
      ss_chart_draw (chart, cr, width, h, &chart_style);
      cairo_restore (cr);
      y += h;
    }
  if (ruler > 0)
    {
      cairo_translate (cr, 0, y);
      ss_chart_draw (SS_CHART (self->ruler), cr, width, ruler, style);
    }
  cairo_restore (cr);
}

/* Every chart, with the previous and the pinned run. */
void
ss_plot_stack_draw (SsPlotStack        *self,
                    cairo_t            *cr,
                    double              width,
                    double              height,
                    const SsChartStyle *style,
                    const char         *title,
                    const char         *subtitle)
{
  SsPlotStackFigure figure = { .title = title, .subtitle = subtitle, .overlays = TRUE };

  ss_plot_stack_draw_figure (self, cr, width, height, style, &figure);
}

static void
ss_plot_stack_dispose (GObject *object)
{
  SsPlotStack *self = (SsPlotStack *)object;

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_layers, g_ptr_array_unref);
  g_clear_pointer (&self->pin_layers, g_ptr_array_unref);
  g_clear_pointer (&self->pins, g_ptr_array_unref);
  g_clear_pointer (&self->run_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_pairs, g_ptr_array_unref);
  g_clear_object (&self->add_menu);
  g_clear_object (&self->current);
  g_clear_object (&self->ghost);
  g_clear_pointer (&self->signature, g_free);
  g_clear_object (&self->time_axis);
  g_clear_pointer (&self->model, ss_model_free);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->shown, g_hash_table_unref);
  g_clear_pointer (&self->hidden, g_hash_table_unref);

  G_OBJECT_CLASS (ss_plot_stack_parent_class)->dispose (object);
}

static void
ss_plot_stack_class_init (SsPlotStackClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_plot_stack_dispose;

  /* a click on a chart that did not drag: the time it names */
  signals[TIME_CLICKED] = g_signal_new ("time-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
  /* the charts were built anew: another model, or other columns shown */
  signals[COLUMNS_CHANGED] = g_signal_new ("columns-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "plot-stack.add-xy", "(ss)", add_xy_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.remove-xy", "(ss)", remove_xy_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.add-signal", "(ss)", add_signal_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.remove-signal", "s", remove_signal_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "plotstack");
}

static void
ss_plot_stack_init (SsPlotStack *self)
{
  self->reveal = NAN;
  self->time_axis = ss_time_axis_new ();
  self->charts = g_ptr_array_new ();
  self->series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->pin_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->pins = g_ptr_array_new_with_free_func (pin_free);
  self->run_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_pairs = g_ptr_array_new_with_free_func (g_free);
  self->add_menu = g_menu_new ();
  self->show_ghost = TRUE;
  self->shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->settings = ss_settings_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  self->charts_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (self->charts_box, 6);
  gtk_widget_set_margin_end (self->charts_box, 6);
  gtk_widget_set_margin_top (self->charts_box, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->charts_box);

  /* always in view, whatever the window's height */
  self->ruler = ss_chart_new_ruler (self->time_axis);
  gtk_widget_set_margin_start (self->ruler, 6);
  gtk_widget_set_margin_end (self->ruler, 6);
  gtk_widget_set_margin_bottom (self->ruler, 4);
  g_signal_connect_swapped (self->ruler, "time-clicked", G_CALLBACK (chart_time_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), self->ruler);
}

GtkWidget *
ss_plot_stack_new (void)
{
  return g_object_new (SS_TYPE_PLOT_STACK, NULL);
}

/* "Reveal curves as they play": the current run's curves end at @t, the
 * playhead; NaN shows the whole run.  Pinned and previous runs stay whole. */
void
ss_plot_stack_set_reveal_time (SsPlotStack *self, double t)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (t == self->reveal || (isnan (t) && isnan (self->reveal)))
    return;
  self->reveal = t;
  for (guint i = 0; i < self->series->len; i++)
    ss_series_set_reveal_end (g_ptr_array_index (self->series, i), t);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

/* ---- published values on the charts (ss-marker-layer.c) --------------- */

#include "ss-marker-layer.h"

/* Marks @markers (SsMarker; NULL or empty: none) on the charts against
 * time, each on the chart that draws its column's curve of the current run
 * (on that curve), the others on the first chart.  The charts are rebuilt
 * for a model with other columns: call it again after
 * ss_plot_stack_set_model() (it changes nothing when nothing moved). */
void
ss_plot_stack_set_markers (SsPlotStack *self, GPtrArray *markers)
{
  g_autoptr(GPtrArray) layers = g_ptr_array_new ();

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart      *chart = g_ptr_array_index (self->charts, i);
      GPtrArray    *chart_layers = ss_chart_get_layers (chart);
      SsChartLayer *found = NULL;

      if (ss_chart_is_xy (chart))
        continue;
      for (guint k = 0; k < chart_layers->len && found == NULL; k++)
        if (SS_IS_MARKER_LAYER (g_ptr_array_index (chart_layers, k)))
          found = g_ptr_array_index (chart_layers, k);
      if (found == NULL)
        {
          g_autoptr(SsChartLayer) layer = ss_marker_layer_new ();

          /* Translators: legend entry of the diamonds that mark a paper's
           * published values on the charts */
          ss_chart_layer_set_title (layer, _("published"));
          ss_chart_add_layer (chart, layer);
          found = layer;
        }
      g_ptr_array_add (layers, found);
    }
  if (layers->len == 0)
    return;

  for (guint i = 0; i < layers->len; i++)
    {
      SsMarkerLayer *layer = g_ptr_array_index (layers, i);
      SsChart       *chart = NULL;
      g_autoptr(GPtrArray) mine = g_ptr_array_new ();
      g_autoptr(GPtrArray) on = g_ptr_array_new ();

      for (guint c = 0; c < self->charts->len && chart == NULL; c++)
        if (g_ptr_array_find (ss_chart_get_layers (g_ptr_array_index (self->charts, c)), layer, NULL))
          chart = g_ptr_array_index (self->charts, c);
      for (guint m = 0; markers != NULL && m < markers->len; m++)
        {
          SsMarker *marker = g_ptr_array_index (markers, m);
          SsChart  *home = g_ptr_array_index (self->charts, 0);
          SsSeries *series = NULL;

          /* the chart with the live curve of its column */
          for (guint c = 0; c < self->charts->len && series == NULL && marker->column != NULL; c++)
            {
              GPtrArray *chart_layers = ss_chart_get_layers (g_ptr_array_index (self->charts, c));

              for (guint k = 0; k < chart_layers->len && series == NULL; k++)
                {
                  SsChartLayer *l = g_ptr_array_index (chart_layers, k);

                  if (SS_IS_LINE_LAYER (l) && ss_chart_layer_get_in_legend (l) &&
                      g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (l))), marker->column) ==
                          0)
                    {
                      series = ss_line_layer_get_series (SS_LINE_LAYER (l));
                      home = g_ptr_array_index (self->charts, c);
                    }
                }
            }
          if (home != chart)
            continue;
          g_ptr_array_add (mine, marker);
          g_ptr_array_add (on, series);
        }
      ss_marker_layer_set_markers (layer, mine, on);
    }
}
