/* ss-simulation.h - the whole run of the current model, computed by a worker
 * thread, and the playhead that plays it back.
 *
 * Every start, reset and parameter change computes the whole history, 0 to
 * t_end; the charts show it at once.  The playhead (Play, the scrubber, a
 * click on a chart) only chooses which instant the mechanism, the cursor and
 * the readouts show: a parameter change never moves it.  The main thread never
 * waits for the integrator. */
#pragma once

#include <glib-object.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_SIMULATION (ss_simulation_get_type ())

G_DECLARE_FINAL_TYPE (SsSimulation, ss_simulation, SS, SIMULATION, GObject)

SsSimulation      *ss_simulation_new (void);
void               ss_simulation_set_run_options (SsSimulation *self, const ss_run_opts *opts);
const ss_run_opts *ss_simulation_get_run_options (SsSimulation *self);

/* runs */
void ss_simulation_start (SsSimulation *self, ss_model *model);
void ss_simulation_recompute (SsSimulation *self, ss_model *model);
void ss_simulation_recompute_preview (SsSimulation *self, ss_model *model);
void ss_simulation_reset (SsSimulation *self);
void ss_simulation_set_preview_threshold (SsSimulation *self, double ms);
void ss_simulation_set_keep_runs (SsSimulation *self, gboolean keep);
void ss_simulation_set_finals_beside (SsSimulation *self, gboolean beside);
void ss_simulation_prefetch (SsSimulation *self, ss_model *model);
void ss_simulation_set_display (SsSimulation *self, double t0, double t1, guint n_bins);

/* Tests: called on the worker thread as each run starts (@preview: at
 * preview accuracy), before it integrates; it may block to hold the run. */
typedef void (*SsSimulationRunHook) (gboolean preview, gpointer data);
void ss_simulation_set_run_hook (SsSimulation *self, SsSimulationRunHook hook, gpointer data);

gboolean        ss_simulation_get_finished (SsSimulation *self);
gboolean        ss_simulation_get_preview (SsSimulation *self);
gboolean        ss_simulation_get_kept (SsSimulation *self);
gboolean        ss_simulation_is_busy (SsSimulation *self);
gboolean        ss_simulation_is_computing_ahead (SsSimulation *self);
double          ss_simulation_get_progress (SsSimulation *self);
double          ss_simulation_get_t_end (SsSimulation *self);
SsDataset      *ss_simulation_get_dataset (SsSimulation *self);
SsDataset      *ss_simulation_get_ghost (SsSimulation *self);
const ss_model *ss_simulation_get_model (SsSimulation *self);
void            ss_simulation_get_stats (SsSimulation *self, ss_stats *stats);
const char     *ss_simulation_get_error (SsSimulation *self);

/* the playhead */
double     ss_simulation_get_time (SsSimulation *self);
void       ss_simulation_set_time (SsSimulation *self, double t);
void       ss_simulation_step_frame (SsSimulation *self, int frames);
double     ss_simulation_get_frame_step (SsSimulation *self);
void       ss_simulation_tick (SsSimulation *self, gint64 frame_time_us);
gboolean   ss_simulation_get_playing (SsSimulation *self);
void       ss_simulation_set_playing (SsSimulation *self, gboolean playing);
double     ss_simulation_get_speed (SsSimulation *self);
void       ss_simulation_set_speed (SsSimulation *self, double speed);
void       ss_simulation_set_loop (SsSimulation *self, gboolean loop);
const int *ss_simulation_get_modes (SsSimulation *self, int *n_modes);
gboolean   ss_simulation_get_released (SsSimulation *self, int contact);

G_END_DECLS
