/* ss-animation-bench.h - --bench-animation (see ss-animation-bench.c); the
 * window starts it (ss_window_run_animation_benchmark). */
#pragma once

#include <gtk/gtk.h>

#include "ss-plot-stack.h"
#include "ss-simulation.h"

G_BEGIN_DECLS

void ss_animation_bench_run (GtkWindow *window, SsSimulation *sim, SsPlotStack *stack);

G_END_DECLS
