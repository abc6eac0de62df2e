/* ss-window.h - the main window: scenario, parameters, transport, the
 * mechanism and the stacked plots. */
#pragma once

#include <adwaita.h>

#include "ss-pinned-run.h"
#include "ss-study-dialog.h"
#include <stickslip/stickslip.h>

G_BEGIN_DECLS

#define SS_TYPE_WINDOW (ss_window_get_type ())

G_DECLARE_FINAL_TYPE (SsWindow, ss_window, SS, WINDOW, AdwApplicationWindow)

SsWindow          *ss_window_new (GtkApplication *application);
gboolean           ss_window_set_scenario (SsWindow *self, const char *name);
const ss_scenario *ss_window_get_scenario (SsWindow *self);
gboolean           ss_window_load_file (SsWindow *self, const char *path, GError **error);
gboolean           ss_window_open_file (SsWindow *self, const char *path);
gboolean           ss_window_save_file (SsWindow *self, const char *path, GError **error);
/* The pinned runs of the scenario shown (the win.pin-run, win.clear-runs
 * and win.compare-all actions; --bench-compare). */
SsPinnedRun *ss_window_pin_run (SsWindow *self);
void         ss_window_clear_runs (SsWindow *self);
guint        ss_window_compare_all (SsWindow *self, const char *param);
void         ss_window_pin_states (
            SsWindow *self, const ss_scenario *sc, guint n, const double *const *values, const char *const *names);
/* The window's parameter study window (made on first use), presented. */
SsStudyDialog *ss_window_show_study_dialog (SsWindow *self);
/* The scripted runs of the command line: --bench-compare, --bench,
 * --play and --screenshot. */
void ss_window_bench_compare (SsWindow *self);
void ss_window_run_benchmark (SsWindow *self);
void ss_window_play_and_capture (SsWindow *self, double seconds, const char *png_path);
/* --bench-animation (ss-animation-bench.c). */
void ss_window_run_animation_benchmark (SsWindow *self);

G_END_DECLS
