/* ss-sketch.h - the kit the mechanism drawings (src/drawings/) are made
 * of: ground, blocks, springs, rails, pins, links, arrows and text on a
 * cairo_t, one world-to-canvas mapping, and the sample row's values read by
 * column name.
 *
 * A drawing reads columns only through the names it declares in its
 * SsSketchColumn table (src/drawings/drawings.h): reading an undeclared
 * name is a programming error (g_critical, NaN), and tests/gui/test-drawings
 * checks that every declared name is in the model's output, so a renamed
 * column cannot silently draw NaN. */
#pragma once

#include <gtk/gtk.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

/* A column a drawing reads.  @name is a column of the model's output
 * ("z", "base.F", "slider1.stick"), or a pattern over the model's own
 * columns: "{contact}.stick" (each contact's) or "{position}" (each
 * generalised coordinate).  @when NULL: the column is always there;
 * "level=1|2": only while the choice parameter `level` is 1 or 2 (the
 * drawing copes with its absence, e.g. draws the mode as unknown). */
typedef struct
{
  const char *name;
  const char *when;
} SsSketchColumn;

typedef enum
{
  SS_SKETCH_STUCK,
  SS_SKETCH_SLIDING,
  SS_SKETCH_UNKNOWN
} SsSketchMode;

/* Extent of a value derived from each row (a spring's stretch, the blocks'
 * spread, the crank tip), folded in as rows arrive: rescanning 1e5 rows
 * every frame cost milliseconds. */
typedef struct
{
  guint  rows;   /* rows folded in */
  double lo, hi; /* extent so far; lo > hi while empty */
} SsSketchExtent;

/* Extents a drawing may keep (slots 0 .. SS_SKETCH_N_EXTENTS - 1, each
 * drawing numbers its own); the view clears them for a new run. */
#define SS_SKETCH_N_EXTENTS 4

/* Texts a drawing shows, laid out once (see ss_sketch_texts_new). */
typedef struct _SsSketchTexts SsSketchTexts;

/* One frame of a drawing: where it draws and which row it shows. */
typedef struct
{
  SsDataset            *ds;
  guint                 row;
  cairo_t              *cr;
  double                width;
  double                height;
  gboolean              forces; /* force arrows shown */
  GdkRGBA               fg;
  double                force_scale;  /* px per N (or N m); the drawing sets it */
  SsSketchExtent       *extents;      /* SS_SKETCH_N_EXTENTS, kept by the view */
  int                   scale_factor; /* device pixels per px */
  const SsSketchColumn *columns;      /* the drawing's declared columns, { NULL } ends them */
  const int            *column_index; /* per declared column: its index in ds, -1 if absent */
  const char *const    *params;       /* the drawing's declared parameters, NULL-terminated */
  SsSketchTexts        *texts;        /* laid-out texts kept across frames; NULL: none kept */
} SsSketch;

/* World metres -> canvas px, y up. */
typedef struct
{
  double scale;
  double ox, oy; /* canvas position of the world origin */
} SsSketchView;

extern const GdkRGBA ss_sketch_stuck_color;
extern const GdkRGBA ss_sketch_sliding_color;
extern const GdkRGBA ss_sketch_unknown_color;
extern const GdkRGBA ss_sketch_block_color;
extern const GdkRGBA ss_sketch_block2_color;
extern const GdkRGBA ss_sketch_spring_color;
extern const GdkRGBA ss_sketch_friction_color;
extern const GdkRGBA ss_sketch_load_color;

/* Pango layouts of the texts a view's frames show, by text and weight, in
 * one Pango context kept up to date with the cairo context each frame
 * draws on: a frame that shows the texts of the last one lays none of them
 * out again.  At most SS_SKETCH_TEXTS_MAX are kept (then they are dropped
 * and laid out again as needed); one thread uses them at a time. */
#define SS_SKETCH_TEXTS_MAX 64
SsSketchTexts *ss_sketch_texts_new (void);
void           ss_sketch_texts_free (SsSketchTexts *texts);
guint          ss_sketch_texts_get_made (SsSketchTexts *texts);

/* ---- columns and parameters ---------------------------------------------- */

void            ss_sketch_resolve_columns (const SsSketchColumn *columns, const ss_model *model, int *column_index);
guint           ss_sketch_count_columns (const SsSketchColumn *columns);
const ss_model *ss_sketch_get_model (SsSketch *f);
double          ss_sketch_value (SsSketch *f, const char *column);
double          ss_sketch_abs_max (SsSketch *f, const char *column);
gboolean        ss_sketch_column_range (SsSketch *f, const char *column, double *lo, double *hi);
SsSketchMode    ss_sketch_contact_mode (SsSketch *f, const char *contact);
double          ss_sketch_param (SsSketch *f, const char *name, double fallback);
double          ss_sketch_force_scale (SsSketch *f, const char *const *columns, double max_px);

typedef double (*SsSketchRowValue) (double a, double b, double param);

void   ss_sketch_extent (SsSketch        *f,
                         int              slot,
                         const char      *column_a,
                         const char      *column_b,
                         SsSketchRowValue fn,
                         double           param,
                         double          *lo,
                         double          *hi);
double ss_sketch_abs_difference (double a, double b, double offset);
void   ss_sketch_crank_extent (SsSketch   *f,
                               int         slot_x,
                               int         slot_y,
                               const char *angle,
                               double      radius,
                               double     *x_min,
                               double     *x_max,
                               double     *y_min,
                               double     *y_max);

/* ---- pieces ----------------------------------------------------------------- */

const GdkRGBA *ss_sketch_mode_color (SsSketchMode mode);
void           ss_sketch_set_color (SsSketch *f, const GdkRGBA *color, double alpha);
void ss_sketch_text (SsSketch *f, double x, double y, const char *str, double xalign, double yalign, gboolean bold);
void ss_sketch_rounded_rect (SsSketch *f, double x, double y, double w, double h, double r);
void ss_sketch_fill_hatch (SsSketch *f, double spacing, double x_line, double y_line, const GdkRGBA *color);
void ss_sketch_ground (SsSketch *f, double x0, double x1, double y, double offset_px);
void ss_sketch_block (SsSketch *f, double x, double y, double w, double h, const GdkRGBA *color, const char *label);
void ss_sketch_spring (SsSketch *f, double x0, double x1, double y, double amplitude);
void ss_sketch_spring_between (SsSketch *f, double x0, double y0, double x1, double y1, double amplitude);
void ss_sketch_arrow (SsSketch *f, double x, double y, double dx, double dy, const GdkRGBA *color, const char *label);
void ss_sketch_force_arrow (SsSketch *f, double x, double y, double force, const GdkRGBA *color, const char *label);
void ss_sketch_force_arrow_out (
    SsSketch *f, double x_left, double x_right, double y, double force, const GdkRGBA *color, const char *label);
void ss_sketch_contact_strip (SsSketch *f, double x0, double x1, double y, SsSketchMode mode);
void ss_sketch_mode_legend (SsSketch *f);
void ss_sketch_link (SsSketch *f, double x0, double y0, double x1, double y1, double width, const GdkRGBA *color);
void ss_sketch_pin (SsSketch *f, double x, double y, const char *contact, const char *label);
void ss_sketch_ground_pivot (SsSketch *f, double x, double y);
void ss_sketch_rail (SsSketch *f, double x0, double y0, double x1, double y1);
void ss_sketch_gravity_arrow (SsSketch *f, double x, double y, double dx, double dy);
void ss_sketch_moment_arrow (
    SsSketch *f, double x, double y, double radius, double moment, double max, const GdkRGBA *color, const char *label);

/* ---- world coordinates -------------------------------------------------- */

SsSketchView
ss_sketch_fit_view (SsSketch *f, double x_min, double x_max, double y_min, double y_max, double left_margin);

static inline double
ss_sketch_vx (const SsSketchView *v, double x)
{
  return v->ox + x * v->scale;
}

static inline double
ss_sketch_vy (const SsSketchView *v, double y)
{
  return v->oy - y * v->scale;
}

G_END_DECLS
