/* ss-simulation-private.h - what the simulation's files share: the instance
 * struct, the request the worker takes, the properties and signals, and the
 * private functions, prefixed _ss_simulation_.
 *
 *   ss-simulation.c           the GObject: properties, signals, start,
 *                             recompute and reset, the shown run
 *   ss-simulation-worker.c    the worker thread and both ends of its
 *                             hand-over: requests in, batches out
 *   ss-simulation-playback.c  the playhead: Play, loop, frame steps, the
 *                             contacts' modes at the playhead
 *
 * Split so that the one file whose code another thread runs reads alone,
 * and no file passes 1,000 lines.  A part calls only the hub
 * (ss-simulation.c), never the other part: the worker's hand-over tells the
 * hub (_ss_simulation_run_changed), which tells the playhead. */
#pragma once

#include "ss-simulation.h"

G_BEGIN_DECLS

/* A whole run the main thread asks the worker for. */
typedef struct
{
  SsModelRef *model;
  ss_run_opts opts;
  guint       gen;
  gboolean    progressive; /* hand over slices as they are done */
  gboolean    preview;
  gboolean    then_final; /* a preview first, then the final run (final_opts) */
  ss_run_opts final_opts;
  gboolean    beside;                 /* ... run by the second worker beside the preview */
  gboolean    ahead;                  /* computed ahead (ss_simulation_prefetch): kept, not shown */
  gint64      time;                   /* request time, µs (0: not a parameter change) */
  double      display_t0, display_t1; /* the charts' time window, s ... */
  guint       display_bins;           /* ... and pixel columns (0: unknown) */
} Request;

/* What the worker hands over (ss-simulation-worker.c). */
typedef struct Batch Batch;

/* One of the two worker threads (ss-simulation-worker.c): the first takes
 * every request; the second the final run behind a preview of the same
 * request (then_final), at the same time as the first runs the preview.
 * Its fields are shared, under the mutex. */
typedef struct
{
  SsSimulation *self;
  GThread      *thread;
  gboolean      finals;        /* the second: takes final_req, not req */
  gboolean      busy;          /* on a run */
  gboolean      ahead;         /* ... computed ahead */
  guint         gen;           /* ... of this generation */
  double        reached;       /* ... up to this simulated time, s */
  double        t_end;         /* ... of this end time, s */
  long          steps;         /* ... its integrator steps, as of its last look at requests */
  long          abandon_steps; /* steps when a newer request came (-1: none since the run began) */
} Worker;

struct _SsSimulation
{
  GObject parent_instance;

  /* main thread only */
  guint       generation;
  SsModelRef *model;
  SsDataset  *dataset;
  SsDataset  *ghost;
  SsDataset  *ghost_candidate;
  gint64      last_recompute_request;
  guint       drag_generation; /* the first generation of the drag going on: its previews are shown */
  ss_run_opts opts;
  gboolean    finished;               /* the shown run reached t_end (or failed) */
  gboolean    preview;                /* the shown run is a preview (a drag's, or before a slow final run) */
  gboolean    previewing;             /* the last request was a preview: a drag goes on */
  gboolean    kept_shown;             /* the shown run is a kept one, shown again at once */
  double      last_final_ms;          /* worker time of the last final run, ms (0: none yet) */
  double      preview_over_ms;        /* a final run expected longer than this shows a preview first */
  GQueue      kept;                   /* KeptRun: complete final runs, newest first */
  gboolean    keep_runs;              /* a change back to values run before shows that run at once */
  gboolean    finals_beside;          /* a preview's final run runs beside it, on the second worker */
  double      display_t0, display_t1; /* the charts' time window, s, and pixel columns: */
  guint       display_bins;           /* runs come decimated for it (0: unknown) */
  double      computed;               /* simulated time the shown run reaches, s */
  char       *error;
  ss_stats    stats;
  double      progress;       /* share of a slow recompute done, or -1 */
  gboolean    recomputing;    /* a recompute asked for, its run not delivered */
  gint64      progress_since; /* when it (the first of a drag) was asked for, µs */
  guint       progress_id;    /* timeout polling the worker's progress */

  /* the playhead */
  double     time; /* s */
  gboolean   playing;
  gboolean   loop;
  double     speed;
  gint64     last_frame_time;
  int       *modes; /* per contact at the playhead */
  int        n_modes;
  guint      modes_row; /* the dataset row they were read from */
  SsDataset *modes_dataset;

  /* shared with the workers, under mutex */
  GMutex   mutex;
  GCond    cond;
  gboolean quit;
  Request  req;                   /* req.model != NULL: a run waits for the first worker */
  Request  final_req;             /* final_req.model != NULL: a final run waits for the second */
  Request  ahead_req[2];          /* runs to compute ahead, after final_req, on the second */
  GSList  *ahead_out;             /* runs computed ahead, for the main thread to keep */
  guint    newest_gen;            /* the newest request's generation ... */
  gboolean newest_drag;           /* ... and whether it is a drag's preview */
  guint    preview_gen;           /* a preview whose final run follows is on (0: none) */
  Worker   workers[2];            /* the first takes req, the second final_req */
  long     overrun_steps;         /* steps the last abandoned run took after the newer request (-1: none yet) */
  guint    previews_beside_final; /* previews handed over while their final run was on or done */
  Batch   *out;
  Batch   *out_next; /* the final run behind a preview of the same request not taken yet */
  Batch   *held;     /* a final run done before its preview: handed over after it */
  guint    idle_id;

  /* tests: called as each run starts (ss_simulation_set_run_hook), under mutex */
  SsSimulationRunHook run_hook;
  gpointer            run_hook_data;
};

enum
{
  PROP_0,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_TIME,
  PROP_LOOP,
  PROP_PROGRESS,
  N_PROPS
};

enum
{
  UPDATED,
  FAILED,
  N_SIGNALS
};

extern GParamSpec *_ss_simulation_properties[N_PROPS];
extern guint       _ss_simulation_signals[N_SIGNALS];

/* The bytes of the runs kept for a change back to their values, at most. */
#define KEPT_BYTES ((gsize)256 << 20)

/* A complete final run kept for a change back to its values. */
typedef struct
{
  SsDataset *dataset;
  ss_stats   stats;
  gboolean   ahead; /* computed ahead, not shown yet */
} KeptRun;

/* ss-simulation.c: what the parts call */
void _ss_simulation_keep_run (SsSimulation *self, SsDataset *dataset, const ss_stats *stats, gboolean ahead);
SsDataset      *
_ss_simulation_find_run (SsSimulation *self, const ss_model *model, const ss_run_opts *opts, ss_stats *stats);
void _ss_simulation_set_progress (SsSimulation *self, double progress);
void _ss_simulation_run_changed (SsSimulation *self, const char *error);

/* the parts: what the hub calls */

/* ss-simulation-worker.c */
void _ss_simulation_start_worker (SsSimulation *self);
void _ss_simulation_stop_worker (SsSimulation *self);
void _ss_simulation_request_run (SsSimulation *self,
                                 SsModelRef   *model,
                                 gboolean      progressive,
                                 gboolean      preview,
                                 gboolean      then_final,
                                 gint64        request_time);

/* ss-simulation-playback.c */
void _ss_simulation_notify_time (SsSimulation *self);
void _ss_simulation_invalidate_modes (SsSimulation *self);

G_END_DECLS
