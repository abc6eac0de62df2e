/* drawings.h - one drawing per mechanism, found by scenario name.
 *
 * A drawing is a draw function (src/drawings/draw-NAME.c, made of the kit
 * in ss-sketch.h) and the tables of what it reads: the output columns and
 * the parameters.  It reads values only through those names, and
 * tests/gui/test-drawings checks them against every scenario's output for
 * every combination of its choice parameters.
 *
 * Adding a mechanism's drawing: a new draw-NAME.c defining an SsDrawing,
 * and a row in the registry in drawings.c (and the file in src/meson.build).
 * A scenario without a row gets the generic drawing. */
#pragma once

#include "ss-sketch.h"

G_BEGIN_DECLS

typedef struct
{
  void (*draw) (SsSketch *f);
  const SsSketchColumn *columns; /* the columns draw() reads, { NULL } ends them */
  const char *const    *params;  /* the parameters draw() reads, NULL-terminated (or NULL) */
} SsDrawing;

extern const SsDrawing ss_drawing_generic;

const SsDrawing *ss_drawing_lookup (const char *scenario);
const char      *ss_drawing_get_scenario (guint i);
gboolean         ss_drawing_column_required (const SsSketchColumn *column, const ss_model *model);
GPtrArray       *ss_drawing_dup_missing (const SsDrawing *drawing, const ss_model *model);

G_END_DECLS
