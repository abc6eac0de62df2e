/* ss-plot-stack.c - which columns go into which chart:
 *   ratio |F|/N per contact with dashed mu_s / mu_k levels;
 *   friction forces per contact plus the determinate sums ("sum.*") of
 *   statically undetermined contacts;
 *   joint reactions; applied forces; velocities; positions.
 * Charts of one kind split by unit (m and rad never share an axis).
 * Every chart shades each contact's stick intervals.  A column X with
 * companions X_min and X_max gets a chart of its own: X over the band
 * between its bounds (the admissible load split while stuck).
 * A pinned reference run is drawn dash-dot under every live line, and the
 * top chart's legend names the two runs by the parameters that differ. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "ss-band-layer.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-plot-stack.h"
#include "ss-span-layer.h"

struct _SsPlotStack
{
  GtkWidget   parent_instance;
  SsTimeAxis *time_axis;
  GtkWidget  *box;
  GPtrArray  *charts; /* SsChart */
  GPtrArray  *series; /* SsSeries of the current run */
  GPtrArray  *ghost_series;
  GPtrArray  *ghost_layers;
  GPtrArray  *ref_series; /* SsSeries of the reference run */
  GPtrArray  *ref_layers;
  GPtrArray  *run_layers; /* the two legend entries naming the runs */
  SsDataset  *reference;  /* pinned run, or NULL */
  SsDataset  *current;
  char       *ref_label;
  char       *live_label;
  char       *signature; /* column names the charts were built for */
  gboolean    show_ghost;
};

G_DEFINE_FINAL_TYPE (SsPlotStack, ss_plot_stack, GTK_TYPE_WIDGET)

/* GNOME palette, dark enough for white paper and light enough for dark mode */
static const char *palette[] = {
  "#3584e4", "#e01b24", "#26a269", "#e66100", "#9141ac", "#865e3c", "#1c9aa6", "#c88800",
};

void
ss_plot_stack_get_color (guint index, GdkRGBA *color)
{
  gdk_rgba_parse (color, palette[index % G_N_ELEMENTS (palette)]);
}

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
group_title (Group group, const char *unit)
{
  const char *name = NULL;
  gboolean    moment = g_strcmp0 (unit, "N m") == 0;

  switch (group)
    {
    case GROUP_RATIO:
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

static SsSeries *
add_series (GPtrArray *list, const char *column)
{
  SsSeries *series = ss_series_new (column);

  g_ptr_array_add (list, series);
  return series;
}

static void
add_line (SsPlotStack *self, SsChart *chart, const ss_column *col, const GdkRGBA *color, gboolean dashed)
{
  SsSeries *series = add_series (self->series, col->name);
  SsSeries *ghost = add_series (self->ghost_series, col->name);
  SsSeries *ref = add_series (self->ref_series, col->name);
  g_autoptr(SsChartLayer) line = ss_line_layer_new (series, col->unit);
  g_autoptr(SsChartLayer) faint = ss_line_layer_new (ghost, col->unit);
  g_autoptr(SsChartLayer) pinned = ss_line_layer_new (ref, col->unit);
  g_autofree char *title = NULL;

  if (col->unit != NULL && col->unit[0] != '\0' && !g_str_equal (col->unit, "1"))
    title = g_strdup_printf ("%s (%s)", col->name, col->unit);
  else
    title = g_strdup (col->name);

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
      g_autofree char *title = NULL;
      g_autoptr(SsChartLayer) span = NULL;
      GdkRGBA color;

      if (ss_model_column_find (m, name) < 0)
        continue;
      span = ss_span_layer_new (add_series (self->series, name));
      ss_span_layer_set_contact (SS_SPAN_LAYER (span), ss_model_contact_name (m, c));
      /* one contact: the mechanism's "stuck" orange; several: their colours */
      if (ss_model_n_contacts (m) > 1)
        {
          ss_plot_stack_get_color (c, &color);
          color.alpha = 0.09;
        }
      else
        color = (GdkRGBA){ 0.902, 0.380, 0.0, 0.11 };
      ss_chart_layer_set_color (span, &color);
      /* Translators: legend entry for the shaded stick intervals of contact %s */
      title = g_strdup_printf (_("%s stuck"), ss_model_contact_name (m, c));
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
              ss_plot_stack_get_color (0, &color);
            else
              color = (GdkRGBA){ 0.4, 0.4, 0.45, 1.0 };
          }
        else
          {
            GString *names = g_string_new (kind == 0 ? "μs" : "μk");

            /* every contact on this level, e.g. "μs 10, 20" */
            for (int o = c, first = 1; o < n; o++)
              {
                double os, ok;

                ss_model_contact_mu (m, o, &os, &ok);
                if ((kind == 0 ? os : ok) != v)
                  continue;
                g_string_append_printf (names, "%s%s", first ? " " : ", ", ss_model_contact_name (m, o));
                first = 0;
              }
            label = g_string_free (names, FALSE);
            ss_plot_stack_get_color (c, &color);
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

  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);
  g_ptr_array_set_size (self->charts, 0);
  g_ptr_array_set_size (self->series, 0);
  g_ptr_array_set_size (self->ghost_series, 0);
  g_ptr_array_set_size (self->ghost_layers, 0);
  g_ptr_array_set_size (self->ref_series, 0);
  g_ptr_array_set_size (self->ref_layers, 0);
  g_ptr_array_set_size (self->run_layers, 0);
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
add_band_chart (SsPlotStack *self, const ss_model *m, const ss_column *col)
{
  SsChart         *chart = SS_CHART (ss_chart_new (self->time_axis));
  g_autofree char *title = band_title (col->name);
  g_autoptr(SsChartLayer) band = NULL;
  int     lo, hi;
  GdkRGBA color;

  band_bounds (m, col->name, &lo, &hi);
  ss_chart_set_title (chart, title);
  add_stick_spans (self, chart, m, FALSE);
  ss_plot_stack_get_color (ss_model_n_contacts (m) + 4, &color);
  band = ss_band_layer_new (add_series (self->series, ss_model_column (m, lo)->name),
                            add_series (self->series, ss_model_column (m, hi)->name), col->unit);
  ss_chart_layer_set_color (band, &color);
  /* Translators: legend of the band of load splits for which every joint can stay stuck */
  ss_chart_layer_set_title (band, _("admissible while stuck"));
  ss_chart_add_layer (chart, band);
  ss_plot_stack_get_color (ss_model_n_contacts (m) + 3, &color);
  add_line (self, chart, col, &color, FALSE);
  g_ptr_array_add (self->charts, chart);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (chart));
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

  for (Group group = GROUP_RATIO; group < GROUP_NONE; group++)
    {
      g_autoptr(GPtrArray) units = g_ptr_array_new ();

      /* one chart per distinct unit in this group, in column order */
      for (int i = 0; i < ss_model_n_columns (m); i++)
        {
          const ss_column *col = ss_model_column (m, i);

          if (group == GROUP_BAND && column_group (m, col) == GROUP_BAND)
            add_band_chart (self, m, col);
          else if (column_group (m, col) == group &&
                   !g_ptr_array_find_with_equal_func (units, col->unit, g_str_equal, NULL))
            g_ptr_array_add (units, col->unit);
        }

      for (guint u = 0; u < units->len; u++)
        {
          const char      *unit = g_ptr_array_index (units, u);
          g_autofree char *title = group_title (group, unit);
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
                ss_plot_stack_get_color (col->contact, &color);
              else
                ss_plot_stack_get_color (ss_model_n_contacts (m) + other++, &color);
              add_line (self, chart, col, &color, g_str_has_prefix (col->name, "sum."));
            }

          g_ptr_array_add (self->charts, chart);
          gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (chart));
        }
    }

  for (guint i = 0; i < self->charts->len; i++)
    ss_chart_set_show_time_labels (g_ptr_array_index (self->charts, i), i + 1 == self->charts->len);
  if (self->charts->len > 0)
    add_run_legend (self, g_ptr_array_index (self->charts, 0));
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
}

void
ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  g_set_object (&self->current, current);
  /* the reference already shows that run */
  if (ghost != NULL && ghost == self->reference)
    ghost = NULL;
  for (guint i = 0; i < self->series->len; i++)
    ss_series_set_dataset (g_ptr_array_index (self->series, i), current);
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

/* The export path: a title block, then every chart through ss_chart_draw(). */
void
ss_plot_stack_draw (SsPlotStack        *self,
                    cairo_t            *cr,
                    double              width,
                    double              height,
                    const SsChartStyle *style,
                    const char         *title,
                    const char         *subtitle)
{
  double y = 0, chart_height, total = 0;
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

  /* the bottom chart carries the time labels */
  for (guint i = 0; i < n; i++)
    total += i + 1 == n ? 1.25 : 1.0;
  chart_height = n > 0 ? (height - y - 6) / total : 0;
  for (guint i = 0; i < n; i++)
    {
      double h = chart_height * (i + 1 == n ? 1.25 : 1.0);

      cairo_save (cr);
      cairo_translate (cr, 0, y);
      ss_chart_draw (g_ptr_array_index (self->charts, i), cr, width, h, style);
      cairo_restore (cr);
      y += h;
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
  g_clear_object (&self->reference);
  g_clear_object (&self->current);
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
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "plotstack");
}

static void
ss_plot_stack_init (SsPlotStack *self)
{
  self->time_axis = ss_time_axis_new ();
  self->charts = g_ptr_array_new ();
  self->series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->ref_series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ref_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->run_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->show_ghost = TRUE;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
ss_plot_stack_new (void)
{
  return g_object_new (SS_TYPE_PLOT_STACK, NULL);
}
