/* ss-animation-cli.c - `stickslip --export-animation FILE` renders a run as a
 * video without opening a window: the scenario (--scenario NAME, or a
 * scenario file with its pinned runs), the CLI's --set and run options,
 * then the frames (ss-animation-frames.c) written (ss-animation-writer.c).
 * The mechanism alone needs no display; charts are GTK widgets, so
 * --charts needs one (xvfb-run serves). */
#define G_LOG_DOMAIN "ss-animation"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stickslip/scenario-file.h>
#include "ss-animation-cli.h"
#include "ss-animation-writer.h"
#include "ss-pinned-run.h"
#include "ss-settings.h"

typedef struct
{
  char    *output;
  char    *scenario;
  char    *from;
  char    *to;
  int      fps;
  char    *size;
  double   speed;
  char    *charts;
  char   **sets;
  char    *t_end;
  char    *dt_out;
  gboolean reveal;
  gboolean no_forces;
  gboolean no_pins;
  char   **files;
} Args;

static void
args_clear (Args *a)
{
  g_free (a->output);
  g_free (a->scenario);
  g_free (a->from);
  g_free (a->to);
  g_free (a->size);
  g_free (a->charts);
  g_strfreev (a->sets);
  g_free (a->t_end);
  g_free (a->dt_out);
  g_strfreev (a->files);
}

/* Whether @argv asks for a headless export (before a "--"). */
gboolean
ss_animation_cli_wanted (int argc, char **argv)
{
  for (int i = 1; i < argc && g_strcmp0 (argv[i], "--") != 0; i++)
    if (g_str_equal (argv[i], "--export-animation") || g_str_has_prefix (argv[i], "--export-animation="))
      return TRUE;
  return FALSE;
}

static int fail (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
fail (const char *format, ...)
{
  va_list          args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("stickslip: %s\n", msg);
  return 1;
}

/* A run of @m, as the window keeps it (finished). */
static SsDataset *
run_dataset (ss_model *m, const ss_run_opts *opts, char **error)
{
  ss_trace *trace = ss_run (m, opts, error);
  g_autoptr(SsModelRef) ref = NULL;
  SsDataset *dataset;

  if (trace == NULL)
    {
      ss_model_free (m);
      return NULL;
    }
  ref = ss_model_ref_new (m);
  dataset = ss_dataset_new (ref);
  ss_dataset_set_run_options (dataset, opts);
  ss_dataset_append_rows (dataset, (guint)trace->n_rows, trace->t, trace->rows);
  ss_dataset_append_events (dataset, (guint)trace->n_events, trace->events);
  ss_dataset_set_complete (dataset);
  ss_trace_free (trace);
  return dataset;
}

static gboolean
parse_seconds (const char *text, const char *option, double *out)
{
  char *end = NULL;

  if (text == NULL)
    return TRUE;
  *out = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*out))
    {
      fail (_("%s needs a number of seconds, not “%.40s”"), option, text);
      return FALSE;
    }
  return TRUE;
}

/* "all", or chart numbers (from 1, top down) and column names, comma
 * separated; a column not charted is put on its chart first.  Fills
 * @charts with chart indices in the stack's order. */
static gboolean
parse_charts (SsPlotStack *stack, const ss_model *m, const char *list, GArray *charts)
{
  g_auto (GStrv) items = g_strsplit (list, ",", -1);
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_strstrip (items[i]);
      if (g_ascii_isdigit (items[i][0]) || g_str_equal (items[i], "all"))
        continue;
      if (ss_model_column_find (m, items[i]) < 0)
        {
          fail (_("--charts: the run has no column “%.40s” (see stickslip-cli params and the CSV header)"), items[i]);
          return FALSE;
        }
      ss_plot_stack_set_column_shown (stack, items[i], TRUE);
    }
  for (guint i = 0; items[i] != NULL; i++)
    {
      guint n = ss_plot_stack_get_n_charts (stack);

      if (g_str_equal (items[i], "all"))
        {
          for (guint k = 0; k < n; k++)
            if (!ss_chart_is_xy (ss_plot_stack_get_chart (stack, k)))
              g_ptr_array_add (chosen, ss_plot_stack_get_chart (stack, k));
        }
      else if (g_ascii_isdigit (items[i][0]))
        {
          char   *end = NULL;
          guint64 k = g_ascii_strtoull (items[i], &end, 10);

          if (*end != '\0' || k < 1 || k > n || ss_chart_is_xy (ss_plot_stack_get_chart (stack, k - 1)))
            {
              fail (_("--charts: chart %.20s is not one of the %u charts against time"), items[i], n);
              return FALSE;
            }
          g_ptr_array_add (chosen, ss_plot_stack_get_chart (stack, k - 1));
        }
      else if (items[i][0] != '\0')
        g_ptr_array_add (chosen, ss_plot_stack_get_column_chart (stack, items[i]));
    }
  for (guint k = 0; k < ss_plot_stack_get_n_charts (stack); k++)
    if (g_ptr_array_find (chosen, ss_plot_stack_get_chart (stack, k), NULL))
      g_array_append_val (charts, k);
  return TRUE;
}

static void
print_progress (guint done, guint total, gpointer data)
{
  (void)data;
  g_printerr ("\rstickslip: frame %u of %u", done, total);
  if (done == total)
    g_printerr ("\n");
}

static int export(Args *a)
{
  const ss_scenario *sc = NULL;
  ss_run_opts        opts = { 0 };
  ss_scenario_pin   *pins = NULL;
  int                n_pins = 0;
  char              *err = NULL;
  double            *values = NULL;
  ss_model          *m;
  SsAnimationOptions options;
  SsAnimationFormat  format;
  g_autoptr(SsDataset) dataset = NULL;
  g_autoptr(SsPlotStack) stack = NULL;
  g_autoptr(SsAnimationFrames) frames = NULL;
  g_autoptr(GArray) charts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) pinned = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 1;

  if (!ss_animation_format_from_path (a->output, &format))
    return fail (_("--export-animation: “%.60s” must end in .webm (a WebM video) or .png (numbered PNG frames)"),
                    a->output);
  ss_animation_options_init (&options);
  if (!parse_seconds (a->from, "--from", &options.t0) || !parse_seconds (a->to, "--to", &options.t1))
    return 1;
  options.fps = (guint)MAX (a->fps, 0);
  options.speed = a->speed;
  options.reveal = a->reveal;
  options.forces = !a->no_forces;
  options.overlays = !a->no_pins;
  if (a->size != NULL && sscanf (a->size, "%dx%d", &options.width, &options.height) != 2)
    return fail (_("--size needs WIDTHxHEIGHT in pixels, e.g. 1280x720, not “%.40s”"), a->size);

  /* the scenario: a file (with its pinned runs) or a name */
  if (a->files != NULL && a->files[0] != NULL)
    {
      if (a->files[1] != NULL)
        return fail (_("one scenario file at a time, not “%.60s” too"), a->files[1]);
      values = ss_scenario_file_load_pins (a->files[0], &sc, &opts, &pins, &n_pins, &err);
      if (values == NULL)
        goto out;
      if (a->scenario != NULL && !g_str_equal (a->scenario, sc->name))
        {
          fail (_("%s describes scenario “%s”, not “%s”"), a->files[0], sc->name, a->scenario);
          goto out;
        }
    }
  else
    {
      sc = a->scenario != NULL ? ss_scenario_find (a->scenario) : ss_scenario_get (0);
      if (sc == NULL)
        {
          fail (_("unknown scenario “%.40s” (see stickslip-cli list)"), a->scenario);
          goto out;
        }
      values = malloc (sizeof (double) * (size_t)(sc->n_params + 1)); /* free()d as the file's values */
      ss_scenario_defaults (sc, values);
    }
  for (guint i = 0; a->sets != NULL && a->sets[i] != NULL; i++)
    if (!ss_param_set_assignment (sc, values, a->sets[i], &err))
      goto out;
  if ((a->t_end != NULL && !ss_run_opts_set_text (&opts, "--t-end", a->t_end, &err)) ||
      (a->dt_out != NULL && !ss_run_opts_set_text (&opts, "--dt-out", a->dt_out, &err)))
    goto out;
  m = sc->create (sc, values, &err);
  if (m == NULL || (dataset = run_dataset (m, &opts, &err)) == NULL)
    goto out;

  if (a->charts != NULL)
    {
      g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (SsPlotStackRun));

      /* charts are widgets: GTK, but no window */
      if (!gtk_init_check ())
        {
          fail (_("--charts needs a display (X11 or Wayland) to draw the charts; without one, run it through "
                  "xvfb-run, or leave --charts out for the mechanism alone"));
          goto out;
        }
      ss_settings_use_memory ();
      stack = SS_PLOT_STACK (g_object_ref_sink (ss_plot_stack_new ()));
      ss_plot_stack_set_model (stack, ss_dataset_get_model (dataset));
      for (int i = 0; i < n_pins; i++)
        {
          ss_model  *pm;
          SsDataset *run;

          if (pins[i].hidden)
            continue;
          pm = sc->create (sc, pins[i].values, &err);
          if (pm == NULL || (run = run_dataset (pm, &opts, &err)) == NULL)
            goto out;
          g_ptr_array_add (pinned, run);
          g_ptr_array_add (names, pins[i].name != NULL ? g_strdup (pins[i].name)
                                                       : ss_pinned_run_describe (sc, pins[i].values, values));
        }
      for (guint i = 0; i < pinned->len; i++)
        {
          SsPlotStackRun run = { pinned->pdata[i], names->pdata[i], i % SS_CHART_N_RUN_STYLES };

          g_array_append_val (runs, run);
        }
      ss_plot_stack_set_pinned_runs (stack, (const SsPlotStackRun *)(gpointer)runs->data, runs->len);
      ss_plot_stack_set_datasets (stack, dataset, NULL);
      if (!parse_charts (stack, ss_dataset_get_model (dataset), a->charts, charts))
        goto out;
      options.charts = (const guint *)(gpointer)charts->data;
      options.n_charts = charts->len;
    }

  frames = ss_animation_frames_new (dataset, stack, &options, &error);
  if (frames == NULL || !ss_animation_write (frames, a->output, format, NULL,
                                             isatty (STDERR_FILENO) ? print_progress : NULL, NULL, &error))
    {
      fail ("%s", error->message);
      goto out;
    }
  {
    int    w, h;
    guint  n = ss_animation_frames_get_n_frames (frames);
    double seconds = (double)n / ss_animation_frames_get_fps (frames);

    ss_animation_frames_get_size (frames, &w, &h);
    /* Translators: what was written: file, frames, size, duration */
    g_print (_("%s: %u frames, %d × %d px, %.2f s\n"), a->output, n, w, h, seconds);
  }
  status = 0;
out:
  if (err != NULL)
    fail ("%s", err);
  free (err);
  free (values);
  ss_scenario_pins_free (pins, n_pins);
  return status;
}

/* Parses @argv (the whole command line) and renders; the exit status. */
int
ss_animation_cli_run (int argc, char **argv)
{
  Args a = { .fps = 30, .speed = 1.0 };
  /* clang-format off */
  const GOptionEntry entries[] = {
    { "export-animation", 0, 0, G_OPTION_ARG_FILENAME, &a.output,
      N_("Render the run as a WebM video (.webm) or numbered PNG frames (.png) without a window, then quit"),
      N_("FILE") },
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &a.scenario, N_("The scenario (see stickslip-cli list)"), N_("NAME") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &a.from, N_("Start at this time of the run (default 0)"), N_("SECONDS") },
    { "to", 0, 0, G_OPTION_ARG_STRING, &a.to, N_("End at this time of the run (default: its end)"), N_("SECONDS") },
    { "fps", 0, 0, G_OPTION_ARG_INT, &a.fps, N_("Frames per second: 24, 30 or 60 (default 30)"), N_("N") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &a.size, N_("Frame size in pixels (default 640x480)"), N_("WxH") },
    { "speed", 0, 0, G_OPTION_ARG_DOUBLE, &a.speed, N_("Run seconds per second of video, 0.1–10 (default 1)"),
      N_("X") },
    { "charts", 0, 0, G_OPTION_ARG_STRING, &a.charts,
      N_("Charts under the mechanism: numbers from the top, column names, or “all” (needs a display)"),
      N_("LIST") },
    { "reveal", 0, 0, G_OPTION_ARG_NONE, &a.reveal, N_("Draw the curves up to the playhead only"), NULL },
    { "no-forces", 0, 0, G_OPTION_ARG_NONE, &a.no_forces, N_("Leave the force arrows out"), NULL },
    { "no-pinned", 0, 0, G_OPTION_ARG_NONE, &a.no_pins, N_("Leave a scenario file’s pinned runs out"), NULL },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.sets, N_("Set a parameter (repeatable)"), N_("NAME=VALUE") },
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &a.t_end, N_("Run duration"), N_("SECONDS") },
    { "dt-out", 0, 0, G_OPTION_ARG_STRING, &a.dt_out, N_("Output step"), N_("SECONDS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a.files, NULL, N_("[FILE.stickslip]") },
    { NULL },
  };
  /* clang-format on */
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  int status;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Render a run as a video without opening a window."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = fail ("%s", error->message);
  else
    status = export(&a);
  args_clear (&a);
  return status;
}
