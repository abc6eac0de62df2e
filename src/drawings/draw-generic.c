/* draw-generic.c - any scenario without a drawing of its own: each
 * coordinate as a slider on its own track, each contact as a labelled
 * lamp. */
#include <math.h>
#include <pango/pangocairo.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "{position}", NULL },
  { "{contact}.stick", NULL },
  { NULL, NULL },
};

static void
draw (SsSketch *f)
{
  const ss_model *m = ss_sketch_get_model (f);
  int             n_pos = 0, k = 0;
  double          track_x0 = 90, track_x1 = f->width - 30, y;

  for (int i = 0; i < ss_model_n_columns (m); i++)
    if (ss_model_column (m, i)->kind == SS_COL_POSITION)
      n_pos++;
  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      const ss_column *col = ss_model_column (m, i);
      double           lo, hi, v, x;

      if (col->kind != SS_COL_POSITION)
        continue;
      y = 34 + (f->height - 70) * (k + 0.5) / MAX (n_pos, 1);
      k++;
      ss_sketch_set_color (f, &f->fg, 0.3);
      cairo_set_line_width (f->cr, 2);
      cairo_move_to (f->cr, track_x0, y);
      cairo_line_to (f->cr, track_x1, y);
      cairo_stroke (f->cr);
      ss_sketch_set_color (f, &f->fg, 0.8);
      ss_sketch_text (f, track_x0 - 10, y, col->name, 1.0, 0.5, FALSE);
      v = ss_sketch_value (f, col->name);
      if (!ss_sketch_column_range (f, col->name, &lo, &hi) || !isfinite (v))
        continue;
      if (!(hi > lo))
        {
          lo -= 1;
          hi += 1;
        }
      x = track_x0 + (v - lo) / (hi - lo) * (track_x1 - track_x0 - 30);
      ss_sketch_block (f, x, y - 10, 30, 20, &ss_sketch_block_color, NULL);
    }
  {
    double x = track_x0;

    for (int c = 0; c < ss_model_n_contacts (m); c++)
      {
        PangoLayout *layout = pango_cairo_create_layout (f->cr);
        int          w, h;

        pango_layout_set_text (layout, ss_model_contact_name (m, c), -1);
        pango_layout_get_pixel_size (layout, &w, &h);
        g_object_unref (layout);
        ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, ss_model_contact_name (m, c))), 1.0);
        cairo_arc (f->cr, x + 6, 14, 6, 0, 2 * G_PI);
        cairo_fill (f->cr);
        ss_sketch_set_color (f, &f->fg, 0.8);
        ss_sketch_text (f, x + 16, 14, ss_model_contact_name (m, c), 0.0, 0.5, FALSE);
        x += 16 + w + 28;
      }
  }
}

const SsDrawing ss_drawing_generic = { draw, columns, NULL };
