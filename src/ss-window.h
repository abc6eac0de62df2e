/* ss-window.h - the main window: scenario, parameters, transport, the
 * mechanism and the stacked plots. */
#pragma once

#include <adwaita.h>

#include "stickslip.h"

G_BEGIN_DECLS

#define SS_TYPE_WINDOW (ss_window_get_type ())

G_DECLARE_FINAL_TYPE (SsWindow, ss_window, SS, WINDOW, AdwApplicationWindow)

SsWindow          *ss_window_new (GtkApplication *application);
gboolean           ss_window_set_scenario (SsWindow *self, const char *name);
const ss_scenario *ss_window_get_scenario (SsWindow *self);
gboolean           ss_window_load_file (SsWindow *self, const char *path, GError **error);
gboolean           ss_window_open_file (SsWindow *self, const char *path);

G_END_DECLS
