/* ss-settings.c - the application's GSettings: the installed schema or, in
 * an uninstalled build, the one compiled in the build tree; in memory for
 * the scripted runs.  Its own unit, so that the window and the application
 * do not call each other. */
#define G_LOG_DOMAIN "ss-settings"

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "ss-settings.h"

/* NULL: the default backend */
static GSettingsBackend *backend;

/* Settings of the windows created from now on stay in memory: --bench and
 * --screenshot script the window, and their scenario and window size must
 * not become the user's saved ones. */
void
ss_settings_use_memory (void)
{
  if (backend == NULL)
    backend = g_memory_settings_backend_new ();
}

/* The schemas of the environment first (XDG_DATA_DIRS), then the ones
 * installed under the program's own prefix (which need not be listed
 * there), then the one compiled in the build tree, so `build/src/stickslip`
 * runs without installing. */
GSettings *
ss_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  const char *dirs[] = { SCHEMA_DIR, BUILD_SCHEMA_DIR };

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  for (size_t i = 0; schema == NULL && i < G_N_ELEMENTS (dirs); i++)
    {
      g_autoptr(GSettingsSchemaSource) dir_source = NULL;

      if (!g_file_test (dirs[i], G_FILE_TEST_IS_DIR))
        continue;
      dir_source = g_settings_schema_source_new_from_directory (dirs[i], source, FALSE, NULL);
      if (dir_source != NULL)
        schema = g_settings_schema_source_lookup (dir_source, APP_ID, FALSE);
    }
  if (schema == NULL)
    {
      g_printerr ("stickslip: GSettings schema %s not found (installed, in %s or in %s): "
                  "reinstall, or run glib-compile-schemas on the folder holding %s.gschema.xml\n",
                  APP_ID, SCHEMA_DIR, BUILD_SCHEMA_DIR, APP_ID);
      exit (EXIT_FAILURE);
    }
  return g_settings_new_full (schema, backend, NULL);
}
