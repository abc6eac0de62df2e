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
 * A pinned reference run is drawn dash-dot under every live line, and the
 * top chart's legend names the two runs by the parameters that differ.
 * The charts scroll; the time axis's labels stay under them. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ss-band-layer.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-plot-stack.h"
#include "ss-span-layer.h"
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
  GPtrArray  *ref_series; /* SsSeries of the reference run */
  GPtrArray  *ref_layers;
  GPtrArray  *run_layers; /* the two legend entries naming the runs */
  GPtrArray  *xy_layers;  /* the current run's SsXyLayer (legend names it) */
  GPtrArray  *xy_ref_layers;
  GPtrArray  *xy_pairs;  /* "x\ty" column names of the characteristic plots */
  GMenu      *add_menu;  /* "Add Plot" entries of the charts' context menu */
  SsDataset  *reference; /* pinned run, or NULL */
  SsDataset  *current;
  SsDataset  *ghost; /* the previous run, or NULL */
  char       *ref_label;
  char       *live_label;
  char       *signature; /* column names the charts were built for */
  double      reveal;    /* the current run is shown up to this time, s (NaN: all) */
  gboolean    show_ghost;
};

G_DEFINE_FINAL_TYPE (SsPlotStack, ss_plot_stack, GTK_TYPE_WIDGET)

enum
{
  TIME_CLICKED,
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

static const struct
{
  const char *name;
  const char *letter;
} greek[] = {
  { "alpha", "α" }, { "beta", "β" },  { "gamma", "γ" }, { "delta", "δ" },  { "epsilon", "ε" }, { "zeta", "ζ" },
  { "eta", "η" },   { "theta", "θ" }, { "kappa", "κ" }, { "lambda", "λ" }, { "mu", "μ" },      { "nu", "ν" },
  { "xi", "ξ" },    { "pi", "π" },    { "rho", "ρ" },   { "sigma", "σ" },  { "tau", "τ" },     { "phi", "ϕ" },
  { "chi", "χ" },   { "psi", "ψ" },   { "omega", "ω" },
};

/* "theta1" -> "θ1", "psi" -> "ψ"; NULL when the word names no letter. */
static char *
greek_word (const char *word)
{
  for (guint i = 0; i < G_N_ELEMENTS (greek); i++)
    {
      gsize n = strlen (greek[i].name);
      gsize k = n;

      if (strncmp (word, greek[i].name, n) != 0)
        continue;
      while (g_ascii_isdigit (word[k]))
        k++;
      if (word[k] == '\0')
        return g_strconcat (greek[i].letter, word + n, NULL);
    }
  return NULL;
}

/* One part of a column or contact name, readable: "bearing_psi" ->
 * "ψ bearing", "shaft_psi_delta" -> "ψ–δ shaft", "psi_dot" -> "ψ̇",
 * "M_psi" -> "Mψ", "x_drive" -> "x drive", "theta1" -> "θ1". */
static char *
humanise_part (const char *part)
{
  g_auto(GStrv) words = g_strsplit (part, "_", -1);
  guint    n = g_strv_length (words), first_letter;
  gboolean dot = n > 1 && g_str_equal (words[n - 1], "dot");
  GString *s = g_string_new (NULL);
  GString *letters = g_string_new (NULL);

  if (dot)
    n--;
  /* the letters that end the name: "bearing [psi]", "shaft [psi delta]" */
  for (first_letter = n; first_letter > 0; first_letter--)
    {
      g_autofree char *letter = greek_word (words[first_letter - 1]);

      if (letter == NULL)
        break;
      g_string_prepend (letters, letter);
      if (first_letter < n)
        g_string_insert (letters, (gssize)strlen (letter), "–");
    }
  if (first_letter == 0 || letters->len == 0)
    {
      /* all letters, or none at the end: in the order written */
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *letter = greek_word (words[i]);

          g_string_append_printf (s, "%s%s", i > 0 ? " " : "", letter ? letter : words[i]);
        }
      if (first_letter == 0)
        {
          g_string_assign (s, letters->str);
          if (n == 0)
            g_string_assign (s, part);
        }
    }
  else
    {
      for (guint i = 0; i < first_letter; i++)
        g_string_append_printf (s, "%s%s", i > 0 ? " " : "", words[i]);
      if (first_letter == 1 && strlen (words[0]) == 1)
        g_string_append (s, letters->str); /* a symbol with a subscript: "Mψ" */
      else
        {
          g_string_prepend (s, " ");
          g_string_prepend (s, letters->str); /* "ψ bearing" */
        }
    }
  if (dot)
    g_string_append (s, "\u0307"); /* combining dot above: ψ̇ */
  g_string_free (letters, TRUE);
  return g_string_free (s, FALSE);
}

/* "sum.20-12" -> "sum 20−12", "load.P" -> "load P". */
static char *
humanise_name (const char *name)
{
  g_auto(GStrv) parts = g_strsplit (name, ".", -1);
  GString *s = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = humanise_part (parts[i]);

      if (i > 0)
        g_string_append_c (s, ' ');
      /* a difference of contacts reads with a minus sign */
      if (i > 0 && g_str_equal (parts[0], "sum"))
        {
          for (const char *p = part; *p != '\0'; p++)
            if (*p == '-')
              g_string_append (s, "−");
            else
              g_string_append_c (s, *p);
        }
      else
        g_string_append (s, part);
    }
  return g_string_free (s, FALSE);
}

/* A contact's readable name: "bearing_psi" -> "ψ bearing". */
char *
ss_plot_stack_contact_label (const ss_model *m, int contact)
{
  return humanise_name (ss_model_contact_name (m, contact));
}

static gboolean
is_moment (const ss_column *col)
{
  return g_strcmp0 (col->unit, "N m") == 0;
}

/* A readable label for column @column of @m, without its unit:
 * "base: friction force F", "ψ bearing: |F|/N", "O: reaction Rx",
 * "sum 20−12", "ψ̇".  Made from the column's kind, its contact's name and
 * the name's suffix until the model's tables carry labels of their own;
 * this is the one place to take them from then. */
char *
ss_plot_stack_column_label (const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  g_autofree char *contact = NULL;
  const char      *suffix = strrchr (col->name, '.');

  if (col->contact < 0)
    return humanise_name (col->name);
  contact = ss_plot_stack_contact_label (m, col->contact);
  suffix = suffix != NULL ? suffix + 1 : col->name;
  switch (col->kind)
    {
    case SS_COL_FRICTION:
      /* Translators: legend label, %s is a contact (a joint, a bearing) */
      return g_strdup_printf (is_moment (col) ? _("%s: friction moment") : _("%s: friction force F"), contact);
    case SS_COL_NORMAL:
      /* Translators: legend label, %s is a contact; for a bearing the
       * normal load is the basis of its friction limit */
      return g_strdup_printf (is_moment (col) ? _("%s: normal load N") : _("%s: normal force N"), contact);
    case SS_COL_RATIO:
      /* Translators: legend label, %s is a contact */
      return g_strdup_printf (_("%s: |F|/N"), contact);
    case SS_COL_SLIP_VELOCITY:
      /* Translators: legend label, %s is a contact */
      return g_strdup_printf (_("%s: slip velocity v"), contact);
    case SS_COL_STICK:
      /* Translators: legend label, %s is a contact */
      return g_strdup_printf (_("%s: stuck"), contact);
    case SS_COL_FORCE:
      if (suffix[0] == 'R')
        /* Translators: legend label of a joint reaction component, e.g.
         * "O: reaction Rx" (%1$s the joint, %2$s the component) */
        return g_strdup_printf (_("%1$s: reaction %2$s"), contact, suffix);
      G_GNUC_FALLTHROUGH;
    case SS_COL_POSITION:
    case SS_COL_VELOCITY:
    case SS_COL_INTERNAL:
    case SS_COL_ENERGY:
    case SS_COL_OTHER:
    default:
      {
        g_autofree char *what = humanise_name (suffix);

        return g_strdup_printf ("%s: %s", contact, what);
      }
    }
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

/* Whether contact @c's friction has a viscous term, so |F|/N can pass
 * mu_s while it slides.  The model does not say so yet: a positive
 * parameter described as a viscous coefficient whose name ends with the
 * contact's ("c10" for contact 10, "mu_psi" for bearing_psi, "c" for a
 * model's only contact).  To be replaced by the model's own flag. */
static gboolean
contact_is_viscous (const ss_model *m, int c)
{
  const ss_scenario *sc = ss_model_scenario (m);
  const double      *values = ss_model_values (m);
  const char        *contact = ss_model_contact_name (m, c);

  for (int i = 0; i < sc->n_params; i++)
    {
      const ss_param_info *p = &sc->params[i];
      const char          *key = strrchr (p->name, '_');

      if (p->kind != SS_PARAM_REAL || !(values[i] > 0) || p->description == NULL ||
          g_ascii_strncasecmp (p->description, "viscous", 7) != 0)
        continue;
      if (key != NULL)
        key++;
      else
        for (key = p->name; g_ascii_isalpha (*key); key++)
          ;
      if (key[0] == '\0'
              ? ss_model_n_contacts (m) == 1
              : (g_str_equal (contact, key) || (g_str_has_suffix (contact, key) && strlen (contact) > strlen (key) &&
                                                contact[strlen (contact) - strlen (key) - 1] == '_')))
        return TRUE;
    }
  return FALSE;
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

typedef enum
{
  GROUP_RATIO,
  GROUP_FRICTION,
  GROUP_BAND,
  GROUP_REACTION,
  GROUP_APPLIED,
  GROUP_VELOCITY,
  GROUP_POSITION,
  GROUP_NONE
} Group;

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
    case SS_COL_FORCE:
      if (g_str_has_prefix (col->name, "sum."))
        return GROUP_FRICTION;
      /* joint reaction components: "O.Rx", "guide.Rn", "guide.Rm" */
      if (g_str_has_suffix (col->name, ".Rx") || g_str_has_suffix (col->name, ".Ry") ||
          g_str_has_suffix (col->name, ".Rn") || g_str_has_suffix (col->name, ".Rm"))
        return GROUP_REACTION;
      return GROUP_APPLIED;
    case SS_COL_VELOCITY:
      return GROUP_VELOCITY;
    case SS_COL_POSITION:
      return GROUP_POSITION;
    case SS_COL_INTERNAL:
    case SS_COL_NORMAL:
    case SS_COL_SLIP_VELOCITY:
    case SS_COL_STICK:
    case SS_COL_ENERGY:
    case SS_COL_OTHER:
    default:
      return GROUP_NONE;
    }
}

static char *
group_title (const ss_model *m, Group group, const char *unit)
{
  const char *name = NULL;
  gboolean    moment = g_strcmp0 (unit, "N m") == 0;

  switch (group)
    {
    case GROUP_RATIO:
      /* a viscous term adds to |F| while sliding: above mu_s is no broken
       * friction cone there */
      for (int c = 0; c < ss_model_n_contacts (m); c++)
        if (contact_is_viscous (m, c))
          /* Translators: chart title; the friction force includes its
           * viscous part, so the ratio may exceed the static coefficient */
          return g_strdup (_("Friction ratio |F|/N (incl. viscous)"));
      return g_strdup (_("Friction ratio |F|/N"));
    case GROUP_FRICTION:
      name = moment ? _("Friction moment") : _("Friction force");
      break;
    case GROUP_BAND:
      return NULL; /* named per column */
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
    case GROUP_NONE:
    default:
      g_assert_not_reached ();
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
  SsSeries        *ref = add_series (self->ref_series, col->name);
  g_autoptr(SsChartLayer) line = ss_line_layer_new (series, col->unit);
  g_autoptr(SsChartLayer) faint = ss_line_layer_new (ghost, col->unit);
  g_autoptr(SsChartLayer) pinned = ss_line_layer_new (ref, col->unit);
  /* the chart's title carries the unit */
  g_autofree char *title = ss_plot_stack_column_label (m, column);

  ss_chart_layer_set_color (faint, color);
  ss_line_layer_set_faint (SS_LINE_LAYER (faint), TRUE);
  ss_line_layer_set_dashed (SS_LINE_LAYER (faint), dashed);
  ss_chart_layer_set_in_legend (faint, FALSE);
  ss_chart_layer_set_visible (faint, self->show_ghost);
  ss_chart_add_layer (chart, faint);
  g_ptr_array_add (self->ghost_layers, g_object_ref (faint));

  ss_chart_layer_set_color (pinned, color);
  ss_line_layer_set_reference (SS_LINE_LAYER (pinned), TRUE);
  ss_chart_layer_set_in_legend (pinned, FALSE);
  ss_chart_layer_set_visible (pinned, self->reference != NULL);
  ss_chart_add_layer (chart, pinned);
  g_ptr_array_add (self->ref_layers, g_object_ref (pinned));

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
  g_ptr_array_set_size (self->ref_series, 0);
  g_ptr_array_set_size (self->ref_layers, 0);
  g_ptr_array_set_size (self->run_layers, 0);
  g_ptr_array_set_size (self->xy_layers, 0);
  g_ptr_array_set_size (self->xy_ref_layers, 0);
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

static char *
band_title (const char *column)
{
  if (g_strcmp0 (column, "split.alpha") == 0)
    /* Translators: chart title; alpha is the fraction of the rod load P that
     * revolute joint 1 passes to slider 1 */
    return g_strdup (_("Load split through revolute 1, α"));
  return g_strdup (column);
}

/* X over the band X_min .. X_max */
static void
add_band_chart (SsPlotStack *self, const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);
  SsChart         *chart = SS_CHART (ss_chart_new (self->time_axis));
  g_autofree char *title = band_title (col->name);
  g_autoptr(SsChartLayer) band = NULL;
  int     lo, hi;
  GdkRGBA color;

  band_bounds (m, col->name, &lo, &hi);
  ss_chart_set_title (chart, title);
  add_stick_spans (self, chart, m, FALSE);
  ss_plot_stack_get_color (first_free_slot (m) + 4, &color);
  band = ss_band_layer_new (add_series (self->series, ss_model_column (m, lo)->name),
                            add_series (self->series, ss_model_column (m, hi)->name), col->unit);
  ss_chart_layer_set_color (band, &color);
  /* Translators: legend of the band of load splits for which every joint can stay stuck */
  ss_chart_layer_set_title (band, _("admissible while stuck"));
  ss_chart_add_layer (chart, band);
  ss_plot_stack_get_color (first_free_slot (m) + 3, &color);
  add_line (self, chart, m, column, &color, FALSE);
  append_chart (self, chart);
}

/* Legend entries naming the live and the reference run (no data). */
static void
add_run_legend (SsPlotStack *self, SsChart *chart)
{
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(SsSeries) none = ss_series_new ("");
      g_autoptr(SsChartLayer) layer = ss_line_layer_new (none, NULL);
      GdkRGBA grey = { 0.45, 0.45, 0.5, 1.0 };

      ss_chart_layer_set_color (layer, &grey);
      ss_line_layer_set_reference (SS_LINE_LAYER (layer), i == 1);
      ss_chart_layer_set_visible (layer, FALSE);
      ss_chart_add_layer (chart, layer);
      g_ptr_array_add (self->run_layers, g_object_ref (layer));
    }
}

/* The n-th column of a contact (in column order) within a group: the
 * second component of a reaction ("O.Ry" after "O.Rx") is drawn dashed. */
static int
component_index (const ss_model *m, int column, Group group)
{
  const ss_column *col = ss_model_column (m, column);
  int              n = 0;

  if (col->contact < 0)
    return 0;
  for (int i = 0; i < column; i++)
    if (ss_model_column (m, i)->contact == col->contact && column_group (m, ss_model_column (m, i)) == group)
      n++;
  return n;
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
  g_autoptr(GPtrArray) positions = g_ptr_array_new ();
  g_autoptr(GPtrArray) velocities = g_ptr_array_new ();

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
  /* coordinates and their rates come in the same order */
  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      const ss_column *col = ss_model_column (m, i);

      if (col->contact < 0 && col->kind == SS_COL_POSITION)
        g_ptr_array_add (positions, GINT_TO_POINTER (i));
      else if (col->contact < 0 && col->kind == SS_COL_VELOCITY)
        g_ptr_array_add (velocities, GINT_TO_POINTER (i));
    }
  for (guint i = 0; i < MIN (positions->len, velocities->len); i++)
    {
      int              p = GPOINTER_TO_INT (g_ptr_array_index (positions, i));
      int              v = GPOINTER_TO_INT (g_ptr_array_index (velocities, i));
      g_autofree char *pl = ss_plot_stack_column_label (m, p);
      g_autofree char *vl = ss_plot_stack_column_label (m, v);
      /* Translators: menu entry of a phase portrait, e.g. "v against z" */
      g_autofree char *label = g_strdup_printf (_("%1$s against %2$s"), vl, pl);

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

static void
update_xy_titles (SsPlotStack *self)
{
  gboolean shown = self->reference != NULL && self->current != NULL;

  for (guint i = 0; i < self->xy_layers->len; i++)
    {
      SsChartLayer    *live = g_ptr_array_index (self->xy_layers, i);
      SsChartLayer    *ref = g_ptr_array_index (self->xy_ref_layers, i);
      g_autofree char *title = shown ? g_strdup_printf (_("%s (reference)"), self->ref_label) : NULL;

      ss_chart_layer_set_title (live, shown ? self->live_label : _("current run"));
      ss_chart_layer_set_title (ref, title);
      ss_chart_layer_set_in_legend (ref, shown);
    }
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

  layer = add_xy_layer (chart, self->ref_series, x, y);
  ss_chart_layer_set_color (layer, &color);
  ss_xy_layer_set_reference (SS_XY_LAYER (layer), TRUE);
  ss_chart_layer_set_visible (layer, self->reference != NULL);
  g_ptr_array_add (self->ref_layers, g_object_ref (layer));
  g_ptr_array_add (self->xy_ref_layers, g_object_ref (layer));

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
  GPtrArray *lists[] = { self->ghost_layers, self->ref_layers, self->xy_layers, self->xy_ref_layers };
  GPtrArray *series[] = { self->series, self->ghost_series, self->ref_series };

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

/* ---- the stack ------------------------------------------------------ */

void
ss_plot_stack_set_model (SsPlotStack *self, const ss_model *m)
{
  g_autofree char *signature = NULL;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  signature = m ? model_signature (m) : NULL;
  if (g_strcmp0 (signature, self->signature) == 0)
    return;
  g_free (self->signature);
  self->signature = g_steal_pointer (&signature);
  clear_charts (self);
  if (m == NULL)
    return;
  fill_add_menu (self, m);

  for (Group group = GROUP_RATIO; group < GROUP_NONE; group++)
    {
      g_autoptr(GPtrArray) units = g_ptr_array_new ();

      /* one chart per distinct unit in this group, in column order */
      for (int i = 0; i < ss_model_n_columns (m); i++)
        {
          const ss_column *col = ss_model_column (m, i);

          if (group == GROUP_BAND && column_group (m, col) == GROUP_BAND)
            add_band_chart (self, m, i);
          else if (column_group (m, col) == group &&
                   !g_ptr_array_find_with_equal_func (units, col->unit, g_str_equal, NULL))
            g_ptr_array_add (units, col->unit);
        }

      for (guint u = 0; u < units->len; u++)
        {
          const char      *unit = g_ptr_array_index (units, u);
          g_autofree char *title = group_title (m, group, unit);
          SsChart         *chart = SS_CHART (ss_chart_new (self->time_axis));
          guint            other = 0;

          ss_chart_set_title (chart, title);
          add_stick_spans (self, chart, m, self->charts->len == 0);

          if (group == GROUP_RATIO)
            add_levels (chart, m);

          for (int i = 0; i < ss_model_n_columns (m); i++)
            {
              const ss_column *col = ss_model_column (m, i);
              GdkRGBA          color;

              if (column_group (m, col) != group || g_strcmp0 (col->unit, unit) != 0)
                continue;
              if (col->contact >= 0)
                ss_plot_stack_get_contact_color (m, col->contact, &color);
              else
                ss_plot_stack_get_color (first_free_slot (m) + other++, &color);
              add_line (self, chart, m, i, &color,
                        g_str_has_prefix (col->name, "sum.") || component_index (m, i, group) > 0);
            }

          append_chart (self, chart);
        }
    }

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

/* "name=value" for every parameter in which run @a differs from run @b,
 * e.g. "level=1" against "level=3"; NULL when they do not differ (or are
 * runs of different scenarios). */
static char *
describe_difference (const ss_model *a, const ss_model *b)
{
  const ss_scenario *sc = ss_model_scenario (a);
  const double      *va = ss_model_values (a), *vb = ss_model_values (b);
  GString           *s;
  int                shown = 0, more = 0;

  if (sc != ss_model_scenario (b))
    return NULL;
  s = g_string_new (NULL);
  for (int i = 0; i < sc->n_params; i++)
    {
      char buf[64];

      if (va[i] == vb[i])
        continue;
      if (shown == 3)
        {
          more++;
          continue;
        }
      ss_param_format (&sc->params[i], va[i], buf, sizeof buf);
      g_string_append_printf (s, "%s%s=%s", shown ? ", " : "", sc->params[i].name, buf);
      shown++;
    }
  if (more > 0)
    g_string_append_printf (s, ", …");
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

void
ss_plot_stack_describe_runs (const ss_model *reference, const ss_model *live, char **ref_label, char **live_label)
{
  char *r = describe_difference (reference, live);
  char *l = describe_difference (live, reference);

  /* Translators: legend names of two runs with the same parameters */
  *ref_label = r ? r : g_strdup (_("reference run"));
  *live_label = l ? l : g_strdup (_("current run"));
}

static void
update_reference (SsPlotStack *self)
{
  gboolean shown = self->reference != NULL && self->current != NULL;

  g_clear_pointer (&self->ref_label, g_free);
  g_clear_pointer (&self->live_label, g_free);
  if (shown)
    ss_plot_stack_describe_runs (ss_dataset_get_model (self->reference), ss_dataset_get_model (self->current),
                                 &self->ref_label, &self->live_label);
  for (guint i = 0; i < self->ref_series->len; i++)
    ss_series_set_dataset (g_ptr_array_index (self->ref_series, i), self->reference);
  for (guint i = 0; i < self->ref_layers->len; i++)
    ss_chart_layer_set_visible (g_ptr_array_index (self->ref_layers, i), self->reference != NULL);
  for (guint i = 0; i < self->run_layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->run_layers, i);

      ss_chart_layer_set_visible (layer, shown);
      if (shown && i == 1)
        {
          /* Translators: legend entry of the pinned reference run, %s names
           * what differs from the current run, e.g. "level=1" */
          g_autofree char *title = g_strdup_printf (_("%s (reference)"), self->ref_label);

          ss_chart_layer_set_title (layer, title);
        }
      else if (shown)
        ss_chart_layer_set_title (layer, self->live_label);
    }
  update_xy_titles (self);
}

void
ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_set_object (&self->current, current);
  /* the reference already shows that run */
  if (ghost != NULL && ghost == self->reference)
    ghost = NULL;
  g_set_object (&self->ghost, ghost);
  for (guint i = 0; i < self->series->len; i++)
    {
      ss_series_set_dataset (g_ptr_array_index (self->series, i), current);
      ss_series_set_reveal_end (g_ptr_array_index (self->series, i), self->reveal);
    }
  for (guint i = 0; i < self->ghost_series->len; i++)
    ss_series_set_dataset (g_ptr_array_index (self->ghost_series, i), ghost);
  update_reference (self);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

/* Pins @reference (a run of the same scenario) to be drawn with every
 * later run; NULL clears it. */
void
ss_plot_stack_set_reference (SsPlotStack *self, SsDataset *reference)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (!g_set_object (&self->reference, reference))
    return;
  update_reference (self);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

SsDataset *
ss_plot_stack_get_reference (SsPlotStack *self)
{
  return self->reference;
}

/* The legend's names of the reference and the live run (NULL without a
 * reference). */
void
ss_plot_stack_get_run_labels (SsPlotStack *self, const char **ref_label, const char **live_label)
{
  *ref_label = self->ref_label;
  *live_label = self->live_label;
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

/* The export path: a title block, then the charts against time, the time
 * axis's labels under them, and the characteristic plots, every one
 * through ss_chart_draw(). */
void
ss_plot_stack_draw (SsPlotStack        *self,
                    cairo_t            *cr,
                    double              width,
                    double              height,
                    const SsChartStyle *style,
                    const char         *title,
                    const char         *subtitle)
{
  double y = 0, unit, total = 0, ruler = 0;
  guint  n = self->charts->len;

  cairo_save (cr);
  if (style->plot_bg.alpha > 0)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }

  if (title != NULL)
    {
      PangoLayout          *layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
      int                   tw, th;

      pango_layout_set_font_description (layout, font);
      pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_text (layout, title, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &style->fg);
      cairo_move_to (cr, 12, 10);
      pango_cairo_show_layout (cr, layout);
      y = 10 + th + 2;
      if (subtitle != NULL)
        {
          pango_font_description_free (font);
          font = pango_font_description_from_string ("Sans 8.5");
          pango_layout_set_font_description (layout, font);
          pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
          pango_layout_set_text (layout, subtitle, -1);
          pango_layout_get_pixel_size (layout, &tw, &th);
          cairo_move_to (cr, 12, y);
          pango_cairo_show_layout (cr, layout);
          y += th;
        }
      y += 10;
      pango_font_description_free (font);
      g_object_unref (layout);
    }

  /* a characteristic gets more height than a chart against time */
  for (guint i = 0; i < n; i++)
    total += ss_chart_is_xy (g_ptr_array_index (self->charts, i)) ? 1.6 : 1.0;
  if (n > 0 && !ss_chart_is_xy (g_ptr_array_index (self->charts, 0)))
    ruler = ruler_height (cr, style);
  unit = n > 0 ? MAX (0, height - y - 6 - ruler) / total : 0;
  for (guint i = 0; i < n; i++)
    {
      SsChart *chart = g_ptr_array_index (self->charts, i);
      double   h = unit * (ss_chart_is_xy (chart) ? 1.6 : 1.0);

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
      cairo_save (cr);
      cairo_translate (cr, 0, y);
      ss_chart_draw (chart, cr, width, h, style);
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

static void
ss_plot_stack_dispose (GObject *object)
{
  SsPlotStack *self = (SsPlotStack *)object;

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_layers, g_ptr_array_unref);
  g_clear_pointer (&self->ref_series, g_ptr_array_unref);
  g_clear_pointer (&self->ref_layers, g_ptr_array_unref);
  g_clear_pointer (&self->run_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_ref_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_pairs, g_ptr_array_unref);
  g_clear_object (&self->add_menu);
  g_clear_object (&self->reference);
  g_clear_object (&self->current);
  g_clear_object (&self->ghost);
  g_clear_pointer (&self->ref_label, g_free);
  g_clear_pointer (&self->live_label, g_free);
  g_clear_pointer (&self->signature, g_free);
  g_clear_object (&self->time_axis);

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

  gtk_widget_class_install_action (widget_class, "plot-stack.add-xy", "(ss)", add_xy_action);
  gtk_widget_class_install_action (widget_class, "plot-stack.remove-xy", "(ss)", remove_xy_action);
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
  self->ref_series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ref_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->run_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_ref_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_pairs = g_ptr_array_new_with_free_func (g_free);
  self->add_menu = g_menu_new ();
  self->show_ghost = TRUE;

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
