/* ss-animation-cli.h - `stickslip --export-animation FILE ...`: a run
 * rendered as a video without a window (see ss-animation-cli.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean ss_animation_cli_wanted (int argc, char **argv);
int      ss_animation_cli_run (int argc, char **argv);

G_END_DECLS
