/* ss-window.h - the main window: scenario, parameters, transport, the
 * mechanism and the stacked plots. */
#pragma once

#include <adwaita.h>

#include "ss-mechanism-view.h"
#include "ss-param-panel.h"
#include "ss-plot-stack.h"
#include "ss-simulation.h"

G_BEGIN_DECLS

#define SS_TYPE_WINDOW (ss_window_get_type ())

G_DECLARE_FINAL_TYPE (SsWindow, ss_window, SS, WINDOW, AdwApplicationWindow)

SsWindow          *ss_window_new (GtkApplication *application);
SsSimulation      *ss_window_get_simulation (SsWindow *self);
SsParamPanel      *ss_window_get_param_panel (SsWindow *self);
SsPlotStack       *ss_window_get_plot_stack (SsWindow *self);
SsMechanismView   *ss_window_get_mechanism_view (SsWindow *self);
gboolean           ss_window_set_scenario (SsWindow *self, const char *name);
const ss_scenario *ss_window_get_scenario (SsWindow *self);
char              *ss_window_dup_status_text (SsWindow *self);
char              *ss_window_dup_plot_title (SsWindow *self, char **subtitle);
gboolean           ss_window_export_plot_to (SsWindow *self, const char *path, int width, int height, GError **error);
gboolean           ss_window_export_csv_to (SsWindow *self, const char *path, GError **error);
gboolean           ss_window_load_file (SsWindow *self, const char *path, GError **error);
gboolean           ss_window_open_file (SsWindow *self, const char *path);
gboolean           ss_window_save_file (SsWindow *self, const char *path, GError **error);

void     ss_window_play_and_capture (SsWindow *self, double seconds, const char *png_path);
void     ss_window_keep_reference (SsWindow *self);
void     ss_window_clear_reference (SsWindow *self);
void     ss_window_run_benchmark (SsWindow *self);
gboolean ss_window_capture_png (SsWindow *self, const char *path, GError **error);

G_END_DECLS
