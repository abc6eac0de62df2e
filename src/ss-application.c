/* ss-application.c */
#define G_LOG_DOMAIN "ss-application"

#include "config.h"

#include <epoxy/gl.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ss-animation-cli.h"
#include "ss-animation-writer.h"
#include "ss-application.h"
#include "ss-bench.h"
#include "ss-resources.h"
#include "ss-settings.h"
#include "ss-study-dialog.h"
#include "ss-window.h"

struct _SsApplication
{
  AdwApplication parent_instance;
  char          *scenario;      /* --scenario */
  double         play;          /* --play seconds, < 0 when not given */
  char          *screenshot;    /* --screenshot PNG, then quit */
  gboolean       bench;         /* --bench: scripted benchmark, then quit */
  gboolean       bench_compare; /* --bench-compare: "Compare all" timing, then quit */
  gboolean       bench_study;   /* --bench-study: frame times while studies run, then quit */
  gboolean       bench_video;   /* --bench-animation: an export, the frame times meanwhile */
  int            exit_status;   /* non-zero when a scripted run could not open its file */
};

G_DEFINE_FINAL_TYPE (SsApplication, ss_application, ADW_TYPE_APPLICATION)

void
ss_application_init_i18n (void)
{
  g_autofree char *installed = g_build_filename (LOCALEDIR, "pl", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);

  setlocale (LC_ALL, "");
  /* uninstalled: the catalogues the build made */
  if (g_file_test (installed, G_FILE_TEST_EXISTS))
    bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  else
    bindtextdomain (GETTEXT_PACKAGE, BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* --export-animation: rendered here, without registering, activating or
 * opening a window, and with options of its own (ss-animation-cli.c). */
static gboolean
ss_application_local_command_line (GApplication *app, char ***arguments, int *exit_status)
{
  char **argv = *arguments;

  if (ss_animation_cli_wanted ((int)g_strv_length (argv), argv))
    {
      /* the parser takes out what it reads: a copy, @arguments stays whole */
      g_autofree char **copy = g_memdup2 (argv, (g_strv_length (argv) + 1) * sizeof (char *));

      *exit_status = ss_animation_cli_run ((int)g_strv_length (copy), copy);
      return TRUE;
    }
  return G_APPLICATION_CLASS (ss_application_parent_class)->local_command_line (app, arguments, exit_status);
}

static int
ss_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  SsApplication *self = SS_APPLICATION (app);

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("stickslip %s\nCVODE: %s\n", ss_version (), ss_cvode_build ());
      return 0;
    }
  g_variant_dict_lookup (options, "scenario", "s", &self->scenario);
  g_variant_dict_lookup (options, "play", "d", &self->play);
  g_variant_dict_lookup (options, "screenshot", "^ay", &self->screenshot);
  self->bench = g_variant_dict_contains (options, "bench");
  self->bench_compare = g_variant_dict_contains (options, "bench-compare");
  self->bench_study = g_variant_dict_contains (options, "bench-study");
  self->bench_video = g_variant_dict_contains (options, "bench-animation");
  if (self->bench || self->bench_compare || self->bench_study || self->bench_video || self->screenshot != NULL)
    ss_settings_use_memory ();
  if (self->scenario != NULL && ss_scenario_find (self->scenario) == NULL)
    {
      g_printerr (_("Unknown scenario “%s”. Known scenarios:"), self->scenario);
      for (int i = 0; i < ss_scenario_count (); i++)
        g_printerr (" %s", ss_scenario_get (i)->name);
      g_printerr ("\n");
      return 2;
    }
  return -1;
}

static SsWindow *
present_window (SsApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (ss_window_new (GTK_APPLICATION (self)));
  if (self->scenario != NULL)
    ss_window_set_scenario (SS_WINDOW (window), self->scenario);
  gtk_window_present (window);
  return SS_WINDOW (window);
}

/* --bench, --play, --screenshot */
static void
run_script (SsApplication *self, SsWindow *window)
{
  if (self->bench)
    ss_bench_force_enable ();
  if (self->bench_compare)
    {
      ss_window_bench_compare (window);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  else if (self->bench)
    ss_window_run_benchmark (window);
  else if (self->bench_study)
    ss_study_dialog_run_benchmark (ss_window_show_study_dialog (window), TRUE);
  else if (self->bench_video)
    ss_window_run_animation_benchmark (window);
  else if (self->play > 0 || self->screenshot != NULL)
    ss_window_play_and_capture (window, MAX (self->play, 0.0), self->screenshot);
}

static void
ss_application_activate (GApplication *app)
{
  SsApplication *self = SS_APPLICATION (app);

  run_script (self, present_window (self));
}

/* `stickslip FILE`: the window starts on a saved scenario file (it overrides
 * --scenario).  A scripted run (--screenshot, --bench) of a file that cannot
 * be opened says why on stderr and exits with status 1: no dialog waits
 * there, and no picture of another scenario is saved. */
static void
ss_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  SsApplication   *self = SS_APPLICATION (app);
  g_autofree char *path = g_file_get_path (files[0]);
  g_autofree char *uri = g_file_get_uri (files[0]);
  const char      *name = path != NULL ? path : uri; /* a remote file fails to load, and says so */
  SsWindow        *window = present_window (self);

  (void)hint;
  if (n_files > 1)
    g_printerr (_("Only one scenario file is opened at a time: “%s”; the others are ignored.\n"), name);
  if (self->bench || self->screenshot != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!ss_window_load_file (window, name, &error))
        {
          g_printerr (_("Could not open “%s”: %s\n"), name, error->message);
          self->exit_status = 1;
          gtk_window_destroy (GTK_WINDOW (window));
          return;
        }
    }
  else
    {
      ss_window_open_file (window, name);
    }
  run_script (self, window);
}

int
ss_application_get_exit_status (SsApplication *self)
{
  return self->exit_status;
}

static void
about_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  static const char *developers[] = { "The Stick-Slip Lab authors", NULL };
  GtkWindow         *parent = gtk_application_get_active_window (GTK_APPLICATION (data));
  GtkWidget         *about;
  /* the installed copy works offline; else the repository's */
  g_autofree char *models = g_build_filename (DOCDIR, "models.md", NULL);
  g_autofree char *models_uri = NULL;
  const char      *models_link = "https://github.com/stickslip/stickslip-lab/blob/main/docs/models.md";

  (void)action;
  (void)param;
  if (g_file_test (models, G_FILE_TEST_IS_REGULAR) && (models_uri = g_filename_to_uri (models, NULL, NULL)) != NULL)
    models_link = models_uri;
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, "application-icon", APP_ID, "application-name",
                        _("Stick-Slip Lab"), "developer-name",
                           _("The Stick-Slip Lab authors"), "version", PACKAGE_VERSION, "comments",
                              _("Simulate stick-slip friction in mechanisms: event-driven Coulomb friction, "
                                      "regularised, tanh and LuGre laws, live plots and animation."),
                                 "website", "https://github.com/stickslip/stickslip-lab", "issue-url",
                                 "https://github.com/stickslip/stickslip-lab/issues", "license-type",
                                 GTK_LICENSE_GPL_3_0, "developers", developers,
                                 /* Translators: put your names here, one per line */
                                 "translator-credits", _("translator-credits"), NULL);
  adw_about_window_add_link (ADW_ABOUT_WINDOW (about), _("Models and papers"), models_link);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_autolist(GtkWindow) windows = NULL;

  (void)action;
  (void)param;
  /* close the windows so they save their settings; a closed window leaves
   * the application's list, so walk a copy */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (data)); l != NULL; l = l->next)
    windows = g_list_prepend (windows, g_object_ref (l->data));
  windows = g_list_reverse (windows);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_application_quit (G_APPLICATION (data));
}

/* GTK picks its GL renderer whenever GL works, but a software GL (Mesa's
 * llvmpipe: Xvfb, virtual machines, remote desktops) composites our large
 * Cairo-drawn charts about five times slower than GTK's Cairo renderer.
 * Choose Cairo there, before the first window is realised (GSK reads the
 * variable once); an explicit GSK_RENDERER is always respected. */
static void
prefer_cairo_on_software_gl (void)
{
  static const char *software[] = { "llvmpipe", "softpipe", "swrast", "Software Rasterizer" };
  GdkDisplay        *display = gdk_display_get_default ();
  g_autoptr(GdkGLContext) context = NULL;
  const char *renderer;

  if (g_getenv ("GSK_RENDERER") != NULL || display == NULL)
    return;
  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return; /* no GL at all: GTK falls back to Cairo itself */
  gdk_gl_context_make_current (context);
  renderer = (const char *)glGetString (GL_RENDERER);
  for (guint i = 0; renderer != NULL && i < G_N_ELEMENTS (software); i++)
    if (strstr (renderer, software[i]) != NULL)
      {
        g_debug ("software GL (%s): using the Cairo renderer", renderer);
        g_setenv ("GSK_RENDERER", "cairo", FALSE);
        break;
      }
  gdk_gl_context_clear_current ();
}

static void
ss_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action, NULL, NULL, NULL, { 0 } },
    { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  };
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.reset", { "<Control>r", NULL } },
    { "win.export-plot", { "<Control>e", NULL } },
    { "win.export-csv", { "<Control><Shift>e", NULL } },
    { "win.export-animation", { "<Control><Alt>e", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.pin-run", { "<Control>k", NULL } },
    { "win.cursors", { "<Control>m", NULL } },
    { "win.clear-runs", { "<Control><Shift>k", NULL } },
  };

  G_APPLICATION_CLASS (ss_application_parent_class)->startup (app);
  prefer_cairo_on_software_gl ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

static void
ss_application_shutdown (GApplication *app)
{
  /* an export stopped by its window's closing removes its temporary files
   * on its own thread: let it finish (Ctrl+Q leaves nothing behind) */
  ss_animation_wait_writers ();
  ss_bench_report ();
  G_APPLICATION_CLASS (ss_application_parent_class)->shutdown (app);
}

static void
ss_application_finalize (GObject *object)
{
  SsApplication *self = (SsApplication *)object;

  g_free (self->scenario);
  g_free (self->screenshot);

  G_OBJECT_CLASS (ss_application_parent_class)->finalize (object);
}

static void
ss_application_class_init (SsApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_application_finalize;

  app_class->activate = ss_application_activate;
  app_class->open = ss_application_open;
  app_class->handle_local_options = ss_application_handle_local_options;
  app_class->local_command_line = ss_application_local_command_line;
  app_class->startup = ss_application_startup;
  app_class->shutdown = ss_application_shutdown;
}

static void
ss_application_init (SsApplication *self)
{
  static const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, NULL,
      N_("Start with this scenario (see stickslip-cli list)"), N_("NAME") },
      { "play", 'p', 0, G_OPTION_ARG_DOUBLE, NULL, N_("Simulate this many seconds at start"), N_("SECONDS") },
        { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, NULL,
          N_("Save the window as a PNG image after --play, then quit"), N_("FILE") },
          { "bench", 0, 0, G_OPTION_ARG_NONE, NULL,
            N_("Run the drawing and recompute benchmark, print it and quit"), NULL },
            { "bench-compare", 0, 0, G_OPTION_ARG_NONE, NULL,
              N_("Time “Compare all” on the gear train’s four levels, print it and quit"), NULL },
              { "bench-study", 0, 0, G_OPTION_ARG_NONE, NULL,
                N_("Run parameter studies, print the frame times while they run and quit"), NULL },
                { "bench-animation", 0, 0, G_OPTION_ARG_NONE, NULL,
                  N_("Time an animation’s export and the frame times meanwhile, print them and quit"), NULL },
                  { "export-animation", 0, 0, G_OPTION_ARG_FILENAME, NULL,
                    N_("Render the run as a WebM video (.webm) or numbered PNG frames (.png) without a window, "
                     "then quit (--export-animation FILE --help lists its options)"),
                        N_("FILE") },
                    { "version", 'V', 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and quit"), NULL }, { NULL } };

  self->play = -1;
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

SsApplication *
ss_application_new (void)
{
  ss_register_resource ();
  return g_object_new (SS_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN, "resource-base-path",
                       "/io/github/stickslip/Lab", NULL);
}
