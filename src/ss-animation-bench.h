/* ss-animation-bench.h - --bench-animation (see ss-animation-bench.c). */
#pragma once

#include "ss-window.h"

G_BEGIN_DECLS

void ss_animation_bench_run (SsWindow *window);

G_END_DECLS
