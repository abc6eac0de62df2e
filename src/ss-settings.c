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

/* Installed schemas first; an uninstalled build uses the one compiled in
 * the build tree, so `build/src/stickslip` runs without installing. */
GSettings *
ss_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaSource) build_source = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_autoptr(GError) error = NULL;

      build_source = g_settings_schema_source_new_from_directory (BUILD_SCHEMA_DIR, source, FALSE, &error);
      if (build_source != NULL)
        schema = g_settings_schema_source_lookup (build_source, APP_ID, FALSE);
      if (schema == NULL)
        g_error ("GSettings schema %s not found (installed or in %s)", APP_ID, BUILD_SCHEMA_DIR);
    }
  return g_settings_new_full (schema, backend, NULL);
}
