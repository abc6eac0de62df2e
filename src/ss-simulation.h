/* ss-simulation.h - runs the engine in a worker thread and hands its samples
 * to the main loop.  The main thread never waits for the integrator. */
#pragma once

#include <glib-object.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_SIMULATION (ss_simulation_get_type ())

G_DECLARE_FINAL_TYPE (SsSimulation, ss_simulation, SS, SIMULATION, GObject)

SsSimulation      *ss_simulation_new (void);
void               ss_simulation_set_run_options (SsSimulation *self, const ss_run_opts *opts);
const ss_run_opts *ss_simulation_get_run_options (SsSimulation *self);
void               ss_simulation_start (SsSimulation *self, ss_model *model);
void               ss_simulation_recompute (SsSimulation *self, ss_model *model);
void               ss_simulation_reset (SsSimulation *self);
void               ss_simulation_advance_to (SsSimulation *self, double t);
void               ss_simulation_step (SsSimulation *self);
double             ss_simulation_get_step_size (SsSimulation *self);
void               ss_simulation_tick (SsSimulation *self, gint64 frame_time_us);
gboolean           ss_simulation_get_playing (SsSimulation *self);
void               ss_simulation_set_playing (SsSimulation *self, gboolean playing);
double             ss_simulation_get_speed (SsSimulation *self);
void               ss_simulation_set_speed (SsSimulation *self, double speed);
double             ss_simulation_get_time (SsSimulation *self);
double             ss_simulation_get_t_end (SsSimulation *self);
gboolean           ss_simulation_get_finished (SsSimulation *self);
gboolean           ss_simulation_is_busy (SsSimulation *self);
double             ss_simulation_get_progress (SsSimulation *self);
SsDataset         *ss_simulation_get_dataset (SsSimulation *self);
SsDataset         *ss_simulation_get_ghost (SsSimulation *self);
void               ss_simulation_clear_ghost (SsSimulation *self);
SsModelRef        *ss_simulation_get_model_ref (SsSimulation *self);
const ss_model    *ss_simulation_get_model (SsSimulation *self);
const int         *ss_simulation_get_modes (SsSimulation *self, int *n_modes);
void               ss_simulation_get_stats (SsSimulation *self, ss_stats *stats);
const char        *ss_simulation_get_error (SsSimulation *self);

G_END_DECLS
