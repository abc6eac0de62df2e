/* test-gui.h - what the GUI tests' files share: the window they drive,
 * a temporary folder, and helpers (test-gui.c); the tests, by topic, in
 * test-gui-window.c, test-gui-files.c, test-gui-charts.c and
 * test-gui-live.c, registered in one order by test-gui.c's main. */
#pragma once

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "drawings/drawings.h"
#include "ss-application.h"
#include "ss-band-layer.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-marker-layer.h"
#include "ss-readable.h"
#include "ss-chart.h"
#include "ss-export.h"
#include "ss-model-strings.h"
#include "ss-resources.h"
#include "ss-series.h"
#include "ss-span-layer.h"
#include "ss-time-axis.h"
#include "ss-units.h"
#include "ss-pinned-run.h"
#include "ss-run-list.h"
#include "ss-runs-panel.h"
#include "ss-window-private.h"
#include "test-gui-util.h"
#include <stickslip/stickslip.h>

extern SsWindow *window;
extern char     *tmpdir;

gboolean files_equal_text (const char *a, const char *b);
void     check_csv_is_cli (const char *path, const char *const *args);
void     check_png (const char *path, int width, int height);
guint    count_message_dialogs (const char **body);
void     destroy_message_dialogs (void);
int      spawn_app (const char *const *argv, char **env, char **err);

void test_scenario (gconstpointer data);
void test_slider (void);
void test_startup_whole_run (void);
void test_undo_redo (void);
void test_undo_to_saved (void);
void test_space_plays (void);
void test_drag_preview_then_final (void);
void test_fits_1024 (void);
void test_split_menu_tooltip_quiet (void);
void test_invalid_values (void);
void test_drag_coalesces (void);
void test_switch_cancels_run (void);
void test_reset_defaults (void);
void test_settings_persist (void);
void test_recompute_progress (void);
void test_failure_dialog (void);
void test_quit_closes_windows (void);
void test_export (void);
void test_scenario_file (void);
void test_open_file (void);
void test_files_written_in_place (void);
void test_scripted_run_keeps_settings (void);
void test_pinned_runs (void);
void test_compare_all_cli (void);
void test_compare_all_cancel (void);
void test_runs_file (void);
void test_runs_follow_run_options (void);
void test_chart_incremental (void);
void test_chart_complete_run (void);
void test_drag_outpaces_previews (void);
void test_level_label_room (void);
void test_split_band (void);
void test_cursors_readout (void);
void test_cursors_copy (void);
void test_cursors_drag (void);
void test_memory_budget (void);
void test_long_line_dialog (void);
void test_every_input_previews (void);
void test_kept_runs (void);
void test_steps_ahead (void);
void test_steps_ahead_off (void);
