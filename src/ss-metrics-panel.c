/* ss-metrics-panel.c - rows follow the first run's model (the library's
 * order: period, amplitude, dissipated energy, then five per contact);
 * another run's value is the metric of the same name in its own model, so
 * runs of another level or law line up by contact.  Each run's metrics
 * are computed once, when it is first given. */
#define G_LOG_DOMAIN "ss-metrics-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <stickslip/metrics.h>
#include "ss-metrics-panel.h"
#include "ss-model-strings.h"
#include "ss-row-cells.h"
#include "ss-tooltips.h"
#include "ss-units.h"

/* ---- one metric as a list item ---------------------------------------- */

#define SS_TYPE_METRIC_ROW (ss_metric_row_get_type ())

G_DECLARE_FINAL_TYPE (SsMetricRow, ss_metric_row, SS, METRIC_ROW, GObject)

struct _SsMetricRow
{
  GObject    parent_instance;
  char      *name;    /* as `run --metrics` and `sweep --metric` call it */
  char      *label;   /* translated */
  char      *unit;    /* SI, "" for counts and ratios */
  char      *tooltip; /* what it tells, translated, and its command-line name */
  GArray    *values;  /* double per run; NaN: undetermined */
  GPtrArray *notes;   /* per run: why the value is undetermined (English, "" when it is not) */
};

G_DEFINE_FINAL_TYPE (SsMetricRow, ss_metric_row, G_TYPE_OBJECT)

static void
ss_metric_row_finalize (GObject *object)
{
  SsMetricRow *self = SS_METRIC_ROW (object);

  g_free (self->name);
  g_free (self->label);
  g_free (self->unit);
  g_free (self->tooltip);
  g_array_unref (self->values);
  g_ptr_array_unref (self->notes);
  G_OBJECT_CLASS (ss_metric_row_parent_class)->finalize (object);
}

static guint row_changed_signal;

static void
ss_metric_row_class_init (SsMetricRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_metric_row_finalize;
  /* the row shows other values now: its cells follow */
  row_changed_signal =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static gboolean
same_values (GArray *a, GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      double x = g_array_index (a, double, i), y = g_array_index (b, double, i);

      if (!(x == y || (isnan (x) && isnan (y))))
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_notes (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

/* @row takes @from's metric and values; "changed" when they differ. */
static void
ss_metric_row_take (SsMetricRow *row, SsMetricRow *from)
{
  gboolean same = g_strcmp0 (row->name, from->name) == 0 && g_strcmp0 (row->label, from->label) == 0 &&
                  g_strcmp0 (row->unit, from->unit) == 0 && g_strcmp0 (row->tooltip, from->tooltip) == 0 &&
                  same_values (row->values, from->values) && same_notes (row->notes, from->notes);

  if (same)
    return;
  g_free (row->name);
  g_free (row->label);
  g_free (row->unit);
  g_free (row->tooltip);
  row->name = g_steal_pointer (&from->name);
  row->label = g_steal_pointer (&from->label);
  row->unit = g_steal_pointer (&from->unit);
  row->tooltip = g_steal_pointer (&from->tooltip);
  g_array_set_size (row->values, 0);
  g_array_append_vals (row->values, from->values->data, from->values->len);
  g_ptr_array_unref (row->notes);
  row->notes = g_ptr_array_ref (from->notes);
  g_signal_emit (row, row_changed_signal, 0);
}

static void
ss_metric_row_init (SsMetricRow *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->notes = g_ptr_array_new_with_free_func (g_free);
}

static const char *
row_note (SsMetricRow *row, guint run)
{
  return run < row->notes->len ? g_ptr_array_index (row->notes, run) : "";
}

static double
row_value (SsMetricRow *row, guint run)
{
  return run < row->values->len ? g_array_index (row->values, double, run) : NAN;
}

/* ---- the panel ------------------------------------------------------------ */

typedef struct
{
  SsDataset        *dataset;
  ss_metrics       *owned;   /* measured here: the dataset came without */
  const ss_metrics *metrics; /* the dataset's, or owned; NULL: out of memory */
} Run;

struct _SsMetricsPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkColumnView *view;
  GtkButton     *copy_button;

  GListStore        *store; /* SsMetricRow */
  GtkMultiSelection *selection;
  GArray            *runs;     /* Run */
  GPtrArray         *names;    /* char *, per run: its whole name (the copied header) */
  GPtrArray         *titles;   /* char *, per run: its column's title */
  GPtrArray         *tooltips; /* char *, per run: what its column shows */
  /* what to show once on screen (or asked) */
  gboolean   stale;
  GPtrArray *pending;          /* SsDataset */
  GPtrArray *pending_names;    /* char * */
  GPtrArray *pending_titles;   /* char * */
  GPtrArray *pending_tooltips; /* char * */
  guint      n_refreshes;
};

G_DEFINE_FINAL_TYPE (SsMetricsPanel, ss_metrics_panel, GTK_TYPE_WIDGET)

static void
clear_run (gpointer data)
{
  Run *run = data;

  g_clear_object (&run->dataset);
  g_clear_pointer (&run->owned, ss_metrics_free);
  run->metrics = NULL;
}

/* A column's label from the model's table, translated; its name without. */
static const char *
column_label (const ss_model *m, int column)
{
  const ss_column *col = ss_model_column (m, column);

  return col->label != NULL ? ss_i18n_model_text (col->label) : col->name;
}

/* What a metric tells, for its tooltip. */
static const char *
metric_description (ss_metric_kind kind)
{
  switch (kind)
    {
    case SS_METRIC_PERIOD:
      /* Translators: tooltip of a run metric */
      return _("The period of the limit cycle: the events repeat over the last three periods. — when the motion is "
               "not periodic.");
    case SS_METRIC_AMPLITUDE:
      /* Translators: tooltip of a run metric */
      return _("Half the peak-to-peak of the first velocity over the last period.");
    case SS_METRIC_ENERGY_DISSIPATED:
      /* Translators: tooltip of a run metric */
      return _("The energy friction and damping dissipated over the whole run.");
    case SS_METRIC_FIRST_SLIP:
      /* Translators: tooltip of a run metric */
      return _("When the contact first slides (0: from the start). — when it never slides.");
    case SS_METRIC_STICK_PHASES:
      /* Translators: tooltip of a run metric */
      return _("How many times the contact sticks, a phase at the start and one still open at the end included.");
    case SS_METRIC_STICK_TIME:
      /* Translators: tooltip of a run metric */
      return _("The total time the contact is stuck.");
    case SS_METRIC_LONGEST_STICK:
      /* Translators: tooltip of a run metric */
      return _("The longest time the contact stays stuck.");
    case SS_METRIC_MAX_RATIO:
      /* Translators: tooltip of a run metric */
      return _("The largest ratio of friction to normal force over the run.");
    }
  return "";
}

/* What the panel calls each metric; per contact @contact names it. */
static char *
metric_label (const ss_metric_desc *d, const ss_model *m, const ss_metrics *mt)
{
  /* contacts as the legends name them: "slider 1", "ψ bearing" */
  const char *contact = d->contact >= 0 ? ss_i18n_model_text (ss_model_contact_label (m, d->contact)) : NULL;

  switch (d->kind)
    {
    case SS_METRIC_PERIOD:
      /* Translators: run metric: the period of the limit cycle */
      return g_strdup (_("Period"));
    case SS_METRIC_AMPLITUDE:
      if (mt != NULL && mt->amplitude_column >= 0)
        /* Translators: run metric: half the peak-to-peak of a velocity column (%s) over the last period */
        return g_strdup_printf (_("Amplitude of %s"), column_label (m, mt->amplitude_column));
      /* Translators: run metric: half the peak-to-peak of the first velocity over the last period */
      return g_strdup (_("Amplitude"));
    case SS_METRIC_ENERGY_DISSIPATED:
      /* Translators: run metric */
      return g_strdup (_("Dissipated energy"));
    case SS_METRIC_FIRST_SLIP:
      /* Translators: run metric of contact %s: the first time it slides */
      return g_strdup_printf (_("%s: first slip"), contact);
    case SS_METRIC_STICK_PHASES:
      /* Translators: run metric of contact %s: how many times it sticks */
      return g_strdup_printf (_("%s: stick phases"), contact);
    case SS_METRIC_STICK_TIME:
      /* Translators: run metric of contact %s: the total time it is stuck */
      return g_strdup_printf (_("%s: time stuck"), contact);
    case SS_METRIC_LONGEST_STICK:
      /* Translators: run metric of contact %s: its longest stick phase */
      return g_strdup_printf (_("%s: longest stick"), contact);
    case SS_METRIC_MAX_RATIO:
      /* Translators: run metric of contact %s: the largest friction to normal force ratio */
      return g_strdup_printf (_("%s: largest |F|/N"), contact);
    }
  return g_strdup (d->name);
}

/* A value with its unit ("1.85 s"; counts and ratios bare; "−" the minus,
 * the copied text keeps the CLI's "-"): the table has no column of units,
 * which the side panel's width cannot spare. */
static char *
format_value (double v, const char *unit)
{
  return isnan (v) ? g_strdup ("—") : ss_format_screen_quantity (v, unit);
}

static void ensure_fresh (SsMetricsPanel *self);

/* ---- columns ------------------------------------------------------------- */

#define COLUMN_LABEL -1

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  g_object_set_data (G_OBJECT (item), "factory", factory);
  /* never cut: a long name wraps, so that the values stay in view beside
   * it in the side panel's width; the table scrolls sideways beyond */
  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (data) >= 0 ? 1.0f : 0.0f);
  if (GPOINTER_TO_INT (data) == COLUMN_LABEL)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_width_chars (GTK_LABEL (label), 10);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
    }
  if (GPOINTER_TO_INT (data) >= 0)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

/* The cell of @item shows its row (its factory knows the column). */
static void
show_cell (GtkListItem *item)
{
  SsMetricRow     *row = gtk_list_item_get_item (item);
  GtkLabel        *label = GTK_LABEL (gtk_list_item_get_child (item));
  GObject         *factory = g_object_get_data (G_OBJECT (item), "factory");
  int              column = GPOINTER_TO_INT (g_object_get_data (factory, "column"));
  g_autofree char *text = NULL;
  const char      *note;

  if (row == NULL)
    return;
  if (column == COLUMN_LABEL)
    {
      gtk_label_set_text (label, row->label);
      ss_tooltips_set_text (GTK_WIDGET (label), row->tooltip);
      return;
    }
  text = format_value (row_value (row, (guint)column), row->unit);
  note = row_note (row, (guint)column);
  if (note[0] != '\0')
    {
      /* why there is no value, shortly; the whole reason in the tooltip */
      g_autofree char *tip = g_strdup_printf ("%s\n%s", note, (const char *)g_object_get_data (factory, "run-tooltip"));

      g_free (text);
      /* Translators: a metric without a value, and why (a run too short for the periodicity test, or not periodic) */
      text = g_strdup_printf (_("— %s"),
                                 g_str_has_prefix (note, "run too short") ? _("run too short") : _("not periodic"));
      gtk_label_set_text (label, text);
      ss_tooltips_set_text (GTK_WIDGET (label), tip);
      return;
    }
  gtk_label_set_text (label, text);
  ss_tooltips_set_text (GTK_WIDGET (label), g_object_get_data (factory, "run-tooltip"));
}

static GtkColumnViewColumn *
new_column (const char *title, int column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (column));
  /* a row takes another run's values in place: its cells follow */
  ss_row_cells_follow (GTK_SIGNAL_LIST_ITEM_FACTORY (factory), show_cell);
  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  return gtk_column_view_column_new (title, factory);
}

/* One value column per run, titled by its short title; each of its cells
 * has the run's tooltip (what differs from this run: GTK 4.8 gives a
 * column's header no tooltip).  Columns are made anew only when their
 * titles or tooltips change. */
static void
set_run_columns (SsMetricsPanel *self, GPtrArray *titles, GPtrArray *tooltips)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  gboolean    same = titles->len == self->titles->len;

  for (guint i = 0; same && i < titles->len; i++)
    same = g_str_equal (g_ptr_array_index (titles, i), g_ptr_array_index (self->titles, i)) &&
           g_str_equal (g_ptr_array_index (tooltips, i), g_ptr_array_index (self->tooltips, i));
  if (same)
    return;
  g_ptr_array_set_size (self->titles, 0);
  g_ptr_array_set_size (self->tooltips, 0);
  for (guint i = 0; i < titles->len; i++)
    {
      g_ptr_array_add (self->titles, g_strdup (g_ptr_array_index (titles, i)));
      g_ptr_array_add (self->tooltips, g_strdup (g_ptr_array_index (tooltips, i)));
    }
  while (g_list_model_get_n_items (columns) > 1)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, 1);

      gtk_column_view_remove_column (self->view, col);
    }
  for (guint i = 0; i < self->titles->len; i++)
    {
      g_autoptr(GtkColumnViewColumn) col = new_column (g_ptr_array_index (self->titles, i), (int)i);

      g_object_set_data_full (G_OBJECT (gtk_column_view_column_get_factory (col)), "run-tooltip",
                              g_strdup (g_ptr_array_index (self->tooltips, i)), g_free);
      gtk_column_view_append_column (self->view, col);
    }
}

/* ---- copy ----------------------------------------------------------------- */

/* Tab-separated: a header (metric, unit, the runs' names) and the rows (all,
 * or those selected when @selected_only and any is); numbers as the CLI
 * writes them, an empty field where undetermined. */
char *
ss_metrics_panel_dup_text (SsMetricsPanel *self, gboolean selected_only)
{
  GString *s = g_string_new (NULL);
  guint    n;

  ensure_fresh (self);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  if (gtk_bitset_is_empty (selected))
    selected_only = FALSE;
  /* Translators: header of the copied metrics table */
  g_string_append_printf (s, "%s\t%s", _("Metric"), _("Unit"));
  for (guint r = 0; r < self->names->len; r++)
    g_string_append_printf (s, "\t%s", (const char *)g_ptr_array_index (self->names, r));
  g_string_append_c (s, '\n');
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SsMetricRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (selected_only && !gtk_bitset_contains (selected, i))
        continue;
      g_string_append_printf (s, "%s\t%s", row->label, row->unit);
      for (guint r = 0; r < self->runs->len; r++)
        {
          char num[G_ASCII_DTOSTR_BUF_SIZE];

          ss_number_format (row_value (row, r), num, sizeof num);
          g_string_append_printf (s, "\t%s", num);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* The whole table to the clipboard. */
void
ss_metrics_panel_copy (SsMetricsPanel *self)
{
  g_autofree char *text = ss_metrics_panel_dup_text (self, FALSE);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static gboolean
copy_selection_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  SsMetricsPanel  *self = SS_METRICS_PANEL (data);
  g_autofree char *text = ss_metrics_panel_dup_text (self, TRUE);

  (void)widget;
  (void)args;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  return TRUE;
}

/* ---- lifecycle ----------------------------------------------------------- */

static void
ss_metrics_panel_dispose (GObject *object)
{
  SsMetricsPanel *self = SS_METRICS_PANEL (object);
  GtkWidget      *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_METRICS_PANEL);
  /* the template's top box has no name to be cleared by */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->runs, g_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->titles, g_ptr_array_unref);
  g_clear_pointer (&self->tooltips, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->pending_names, g_ptr_array_unref);
  g_clear_pointer (&self->pending_titles, g_ptr_array_unref);
  g_clear_pointer (&self->pending_tooltips, g_ptr_array_unref);

  G_OBJECT_CLASS (ss_metrics_panel_parent_class)->dispose (object);
}

/* Shown again: what changed meanwhile, at once. */
static void
ss_metrics_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ss_metrics_panel_parent_class)->map (widget);
  ensure_fresh (SS_METRICS_PANEL (widget));
}

static void
ss_metrics_panel_class_init (SsMetricsPanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_metrics_panel_dispose;
  widget_class->map = ss_metrics_panel_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-metrics-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, SsMetricsPanel, view);
  gtk_widget_class_bind_template_child (widget_class, SsMetricsPanel, copy_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ss_metrics_panel_init (SsMetricsPanel *self)
{
  GtkEventController *shortcuts;
  g_autoptr(GtkColumnViewColumn) label = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_array_set_clear_func (self->runs, clear_run);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->titles = g_ptr_array_new_with_free_func (g_free);
  self->tooltips = g_ptr_array_new_with_free_func (g_free);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  self->pending_names = g_ptr_array_new_with_free_func (g_free);
  self->pending_titles = g_ptr_array_new_with_free_func (g_free);
  self->pending_tooltips = g_ptr_array_new_with_free_func (g_free);
  self->store = g_list_store_new (SS_TYPE_METRIC_ROW);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));

  /* Translators: column of the metrics table */
  label = new_column (_("Metric"), COLUMN_LABEL);
  gtk_column_view_column_set_expand (label, TRUE);
  gtk_column_view_append_column (self->view, label);

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>c"),
                                                          gtk_callback_action_new (copy_selection_cb, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->view), shortcuts);
  g_signal_connect_swapped (self->copy_button, "clicked", G_CALLBACK (ss_metrics_panel_copy), self);
}

static ss_metrics *
compute_metrics (SsDataset *dataset)
{
  ss_trace   *tr = ss_dataset_to_trace (dataset);
  ss_metrics *mt = tr ? ss_metrics_compute (ss_dataset_get_model (dataset), tr) : NULL;

  ss_trace_free (tr);
  return mt;
}

static GPtrArray *
dup_strings (const char *const *strings, guint n)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (a, g_strdup (strings != NULL && strings[i] != NULL ? strings[i] : ""));
  return a;
}

/* The table brought up to the runs given last: a run shown before keeps
 * its metrics, a run the worker measured brings its own (only a run
 * without is measured here), the columns stay while their titles do, and
 * the rows are swapped in one items-changed. */
static void
refresh (SsMetricsPanel *self)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray      *datasets = self->pending;
  guint           n = datasets->len;
  const ss_model *first;
  ss_metric_desc  d;
  guint           old_n;

  self->stale = FALSE;
  self->n_refreshes++;
  g_array_set_clear_func (runs, clear_run);
  for (guint i = 0; i < n; i++)
    {
      SsDataset *ds = g_ptr_array_index (datasets, i);
      Run        run = { g_object_ref (ds), NULL, ss_dataset_get_metrics (ds) };

      for (guint k = 0; k < self->runs->len && run.metrics == NULL; k++)
        {
          Run *old = &g_array_index (self->runs, Run, k);

          if (old->dataset == ds && old->owned != NULL)
            run.metrics = run.owned = g_steal_pointer (&old->owned);
        }
      if (run.metrics == NULL)
        run.metrics = run.owned = compute_metrics (ds);
      g_array_append_val (runs, run);
    }
  g_array_set_size (self->runs, 0);
  g_array_append_vals (self->runs, runs->data, runs->len);
  /* the runs moved, without their references */
  g_array_set_clear_func (runs, NULL);
  g_ptr_array_unref (self->names);
  self->names = g_ptr_array_ref (self->pending_names);

  first = n > 0 ? ss_dataset_get_model (g_ptr_array_index (datasets, 0)) : NULL;
  for (int i = 0; first != NULL && ss_metrics_describe (first, i, &d); i++)
    {
      SsMetricRow *row = g_object_new (SS_TYPE_METRIC_ROW, NULL);

      row->name = g_strdup (d.name);
      row->label = metric_label (&d, first, g_array_index (self->runs, Run, 0).metrics);
      row->unit = g_strdup (d.unit);
      /* Translators: the last line of a metric's tooltip, %s its name for the command line ("slider1.first_slip") */
      row->tooltip = g_strdup_printf (_("%s\nCommand line: %s"), metric_description (d.kind), d.name);
      for (guint r = 0; r < n; r++)
        {
          Run            *run = &g_array_index (self->runs, Run, r);
          const ss_model *m = ss_dataset_get_model (run->dataset);
          int             k = ss_metrics_find (m, d.name);
          double          v = k >= 0 && run->metrics != NULL ? ss_metrics_value (run->metrics, k) : NAN;

          g_array_append_val (row->values, v);
          g_ptr_array_add (row->notes,
                           g_strdup (k >= 0 && run->metrics != NULL ? ss_metrics_note (run->metrics, k) : ""));
        }
      g_ptr_array_add (rows, row);
    }
  set_run_columns (self, self->pending_titles, self->pending_tooltips);
  /* the rows there take the new values in place (the view keeps its
   * widgets); only a change of the count is an items-changed */
  old_n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  for (guint i = 0; i < MIN (old_n, rows->len); i++)
    {
      g_autoptr(SsMetricRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      ss_metric_row_take (row, g_ptr_array_index (rows, i));
    }
  if (rows->len != old_n)
    g_list_store_splice (self->store, MIN (old_n, rows->len), old_n > rows->len ? old_n - rows->len : 0,
                         old_n < rows->len ? rows->pdata + old_n : NULL, old_n < rows->len ? rows->len - old_n : 0);
}

static void
ensure_fresh (SsMetricsPanel *self)
{
  if (self->stale)
    refresh (self);
}

/* Shows the metrics of @datasets (SsDataset, finished runs; NULL or empty:
 * none), column i titled @titles[i] (NULL: @names[i]) with the tooltip
 * @tooltips[i] (NULL: @names[i]); @names[i] heads the copied table.  A run
 * given before keeps its metrics: only new runs without the worker's are
 * measured.  Off screen, nothing is done until the panel is shown or
 * asked. */
void
ss_metrics_panel_set_runs (SsMetricsPanel    *self,
                           GPtrArray         *datasets,
                           const char *const *names,
                           const char *const *titles,
                           const char *const *tooltips)
{
  guint n = datasets ? datasets->len : 0;

  g_return_if_fail (SS_IS_METRICS_PANEL (self));

  g_ptr_array_set_size (self->pending, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->pending, g_object_ref (g_ptr_array_index (datasets, i)));
  g_ptr_array_unref (self->pending_names);
  g_ptr_array_unref (self->pending_titles);
  g_ptr_array_unref (self->pending_tooltips);
  self->pending_names = dup_strings (names, n);
  self->pending_titles = dup_strings (titles != NULL ? titles : names, n);
  self->pending_tooltips = dup_strings (tooltips != NULL ? tooltips : names, n);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
}

/* How many times the table was brought up to date: not while it is off
 * screen, once when it is shown again. */
guint
ss_metrics_panel_get_n_refreshes (SsMetricsPanel *self)
{
  return self->n_refreshes;
}

/* The title of run @run's column. */
const char *
ss_metrics_panel_get_run_title (SsMetricsPanel *self, guint run)
{
  ensure_fresh (self);
  return run < self->titles->len ? g_ptr_array_index (self->titles, run) : NULL;
}

guint
ss_metrics_panel_get_n_runs (SsMetricsPanel *self)
{
  ensure_fresh (self);
  return self->runs->len;
}

guint
ss_metrics_panel_get_n_rows (SsMetricsPanel *self)
{
  ensure_fresh (self);
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

const char *
ss_metrics_panel_get_name (SsMetricsPanel *self, guint row)
{
  g_autoptr(SsMetricRow) item = NULL;

  ensure_fresh (self);
  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);
  /* the store keeps the row */
  return item != NULL ? item->name : NULL;
}

/* Why the value of @row in @run is undetermined (English, as the CLI's
 * note), or "". */
const char *
ss_metrics_panel_get_note (SsMetricsPanel *self, guint row, guint run)
{
  g_autoptr(SsMetricRow) item = NULL;

  ensure_fresh (self);
  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);
  /* the store keeps the row */
  return item != NULL ? row_note (item, run) : "";
}

double
ss_metrics_panel_get_value (SsMetricsPanel *self, guint row, guint run)
{
  g_autoptr(SsMetricRow) item = NULL;

  ensure_fresh (self);
  item = g_list_model_get_item (G_LIST_MODEL (self->store), row);

  return item != NULL ? row_value (item, run) : NAN;
}
