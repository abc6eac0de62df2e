/* ss-chart-private.h - what the chart's files share (ss-chart.c,
 * -layout.c, -draw.c, -render.c, -input.c): the instance
 * struct, the layout of a draw, and the private functions, prefixed
 * _ss_chart_. */
#pragma once

#include "ss-chart.h"

G_BEGIN_DECLS

#define MARGIN_LEFT  58.0
#define MARGIN_RIGHT 14.0
#define SWATCH_WIDTH 18.0
#define PICK_RADIUS  24.0 /* px from a point a pointer still picks it */
#define MIN_PAD      6.0  /* px at least between the data and the frame */
#define RESIZE_GRIP  6.0  /* px at a chart's bottom edge that drag its height */

typedef enum
{
  CHART_TIME,  /* layers against the shared time axis */
  CHART_XY,    /* a column against a column over the time window */
  CHART_RULER, /* the time axis's labels alone, under a stack */
} ChartKind;

/* Everything the cached body depends on except rows appended to the data;
 * compared bytewise, so built on zeroed memory. */
typedef struct
{
  double  width;
  double  height;
  double  plot[4]; /* the plot area: x, y, width, height */
  double  x0, x1;  /* the axes' ranges as drawn */
  double  y0, y1;
  int     x_scale, y_scale;
  double  cursor;   /* s, NaN included */
  double  hover;    /* s, NaN included */
  double  playhead; /* s, NaN included */
  double  data_end; /* s; a chart not against time redraws on new rows */
  GdkRGBA fg;
  guint   revision;        /* the chart's own: title, layers, labels */
  guint   legend_revision; /* the legend entries' rooms */
  guint   n_layers;
  guint64 layer_revisions; /* sum over the layers; each only grows */
} BodyKey;

typedef enum
{
  DRAG_PAN,       /* in the plot: moves zoomed axes */
  DRAG_ZOOM_Y,    /* on the value axis: up zooms in */
  DRAG_MEASURE_A, /* a measurement cursor: moves it */
  DRAG_MEASURE_B,
  DRAG_RESIZE, /* the bottom edge: the plot's height */
  DRAG_NONE,   /* a click on the legend or a hidden chart */
} DragMode;

typedef struct _ChartJob ChartJob;

/* Where a chart's parts go, worked out once per draw. */
typedef struct
{
  SsChartContext ctx;
  double         width; /* user units */
  double         height;
  double         legend_left;
  double         legend_right;
  double         cursor; /* the legend's values are read here, s; NaN: none */
  double         hover;  /* the hover cursor's line, s; NaN: none */
} ChartLayout;

/* What the screen's layout reads besides the layers' complete rows; built
 * on zeroed memory, compared bytewise. */
typedef struct
{
  double       width, height;
  double       t0, t1;   /* the time window */
  double       cursor;   /* s, NaN included */
  double       playhead; /* s, NaN included */
  double       data_end; /* the visible layers' earliest, s */
  SsChartStyle style;
  gboolean     readout_at_playhead;
  guint        revision;
  guint        legend_revision;
  guint        inputs; /* the chart's layout_inputs */
  guint        n_layers;
  guint64      layer_revisions;
} LayoutKey;

/* A body drawn into pixels for the screen: its surface (device pixels,
 * the widget's scale) and what it was drawn for. */
typedef struct
{
  cairo_surface_t *surface;
  BodyKey          key;
  int              scale;
} ChartImage;

/* What one drawing of a chart's decor and data reads: the live chart's
 * own on the main thread (_ss_chart_paint_init), or a copy a render
 * thread owns, with frozen layers (ss_chart_layer_freeze) and a text
 * cache of its own. */
typedef struct
{
  ChartKind   kind;
  char       *title;   /* as drawn, or NULL */
  char       *x_title; /* the x axis's, or NULL */
  gboolean    show_time_labels;
  GPtrArray  *layers;
  GHashTable *text_cache; /* "<b|r><size>:<text>" -> PangoLayout */
} ChartPaint;

/* The width a legend entry keeps on screen: its widest text at a thousand
 * instants of its data (and its name alone), and any wider one read
 * since, so a readout that changes length while playing re-wraps
 * nothing.  Sampled again when the layer's data change or are complete. */
typedef struct
{
  double   width;    /* user units */
  guint    revision; /* of the layer when sampled */
  gboolean complete; /* its data were complete then */
} LegendReserve;

/* A legend entry where the screen last laid it out (clicks hide its layer). */
typedef struct
{
  SsChartLayer *layer;
  double        x, y, width, height;
} LegendBox;

struct _SsChart
{
  GtkWidget   parent_instance;
  ChartKind   kind;
  SsTimeAxis *time_axis; /* window, cursor and playhead */
  SsAxis     *x_axis;    /* the time axis, or a value axis of its own */
  SsAxis     *y_axis;    /* the chart's own value axis */
  gboolean    in_layout; /* the layout sets the axes' extents */
  GPtrArray  *layers;
  char       *title; /* value axis label, with unit */
  gboolean    show_time_labels;
  gboolean    tight;       /* a characteristic's axes end at its data, unpadded */
  double      margin_left; /* forced plot margins, user units; < 0: own */
  double      margin_right;
  /* the last on-screen layout, for the pointer */
  SsChartContext screen;
  double         plot_x;
  double         plot_width;
  double         pointer_x;
  double         pointer_y;
  /* a drag: its kind, where it started and the ranges then */
  DragMode     drag_mode;
  gboolean     dragged;
  double       drag_lower; /* time */
  double       drag_upper;
  double       drag_x0, drag_x1, drag_y0, drag_y1;
  double       drag_center;   /* value under the press (zooming values) */
  double       drag_start_x;  /* px, where the press was */
  GtkWidget   *menu;          /* context menu, a GtkPopoverMenu */
  GtkViewport *menu_viewport; /* the stack's, its scroll-to-focus off while the menu is open */
  GMenuModel  *extra_menu;    /* the owner's entries in it */
  /* on-screen text, "<b|r><size>:<text>" -> PangoLayout: shaping labels
   * was a third of a chart's drawing time, and they rarely change */
  GHashTable *text_cache;
  cairo_t    *measure; /* lays out text before anything is drawn */
  /* the screen's drawing without the newest columns: see ss_chart_snapshot */
  GskRenderNode *body;
  BodyKey        body_key;
  double         body_cut; /* x from which the body holds no data, px */
  guint          body_renders;
  /* a finished run's body as pixels, drawn by the render thread
   * (ss-chart-render.c): the one shown, and the one being drawn */
  ChartImage *image;
  ChartImage *body_image; /* the image the body node shows (not owned) */
  ChartJob   *job;
  ChartJob   *reserve_job; /* the image taken, its legend rooms to come */
  GPtrArray  *job_reserve; /* legend layers whose room the job samples */
  guint       revision;    /* grows when the title, labels or layers change */
  /* grows with every signal that may move the layout (axes, time axis,
   * layers) and with every layout not the screen's */
  guint layout_inputs;
  /* the layout ss_chart_prepare worked out, for the frame that follows if
   * nothing it reads changed meanwhile; and how many the screen made */
  gboolean    prepared;
  LayoutKey   prepared_key;
  ChartLayout prepared_lay;
  guint       screen_layouts;
  /* the legend: the entries' places on screen, and the width each keeps
   * for its readout (layer -> LegendReserve) so values never re-wrap it */
  GArray     *legend_boxes;
  GHashTable *legend_reserve;
  guint       legend_revision; /* grows with every room that changes */
  guint       reserve_idle;
  guint       resample_idle;
  gboolean    record_legend; /* the screen's layout is under way */
  /* the user's layout: the plot's height (px, 0: automatic), hidden */
  double   plot_height;
  gboolean collapsed;
  double   drag_height; /* the plot's height at a resize's press */
  /* a brief highlight after the chart came into view (ss_chart_flash) */
  gint64 flash_start; /* monotonic µs; 0: none */
  guint  flash_tick;
};

#define FLASH_US (1500 * G_TIME_SPAN_MILLISECOND)

#define TEXT_CACHE_LIMIT 512

/* ss-chart.c */
void   _ss_chart_paint_init (SsChart *self, ChartPaint *paint);
void   _ss_chart_paint_clear (ChartPaint *paint);
void   _ss_chart_emit_time_clicked (SsChart *self, double t);
void   _ss_chart_emit_legend_toggled (SsChart *self, SsChartLayer *layer);
void   _ss_chart_emit_layout_changed (SsChart *self);
double _ss_chart_flash_alpha (SsChart *self);
PangoLayout             *
_ss_chart_text (GHashTable *cache, cairo_t *cr, const SsChartStyle *style, gboolean bold, const char *text);
GHashTable *_ss_chart_text_cache_new (void);
double      _ss_chart_text_height (GHashTable *cache, cairo_t *cr, const SsChartStyle *style);
gboolean    _ss_chart_is_hidden (const SsChartStyle *style, SsChartLayer *layer);
char       *_ss_chart_legend_text (SsChartLayer *layer, double cursor);
double   _ss_chart_sample_reserve (SsChartLayer *layer, double t0, double t1, cairo_t *cr, const SsChartStyle *style);
gboolean _ss_chart_reserve_stale (SsChart *self, SsChartLayer *layer);
void     _ss_chart_draw_body (
        const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartContext *ctx, const SsChartStyle *style);
double   _ss_chart_title_height (SsChart *self, cairo_t *cr, const SsChartStyle *style);
gboolean _ss_chart_shows_magnitude (SsChart *self);
char    *_ss_chart_shown_title (SsChart *self);
void     _ss_chart_measure_color (guint which, GdkRGBA *color);
void     _ss_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);
double   _ss_chart_earliest_data_end (SsChart *self);
void     _ss_chart_job_apply_reserve (SsChart *self, ChartJob *job);
guint    _ss_chart_get_screen_layouts (SsChart *self);

/* ss-chart.c: the legend's rooms (tests use them too) */
PangoLayout *_ss_chart_readout_layout_new (cairo_t *cr, const SsChartStyle *style);
void         _ss_chart_get_reserve_counts (guint *formatted, guint *measured);

/* ss-chart-layout.c */
void   _ss_chart_reserve_sampled (SsChart *self, SsChartLayer *layer, double width);
double _ss_chart_draw_legend (SsChart            *self,
                              cairo_t            *cr,
                              double              left,
                              double              right,
                              double              top,
                              double              cursor,
                              const SsChartStyle *style,
                              gboolean            draw);
void   _ss_chart_draw_legend_in (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style);
void   _ss_chart_ensure_measure (SsChart *self);
void   _ss_chart_own_margins (SsChart *self, cairo_t *cr, double *left, double *right);
void   _ss_chart_plot_margins (SsChart *self, cairo_t *cr, double *left, double *right);
void
_ss_chart_layout (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style, ChartLayout *lay);

/* ss-chart-draw.c */
void _ss_chart_draw_decor (const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style);
void _ss_chart_draw_data (
    const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartContext *ctx, const SsChartStyle *style);
void _ss_chart_draw_hover (cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style);
void _ss_chart_plan_gutter (GPtrArray *layers, cairo_t *cr, const SsChartContext *ctx, SsChartLabels *labels);

/* ss-chart-render.c */
ChartJob   *_ss_chart_job_new (SsChart            *self,
                               const ChartLayout  *lay,
                               const SsChartStyle *style,
                               const BodyKey      *key,
                               int                 width,
                               int                 height,
                               int                 scale);
void        _ss_chart_job_submit (ChartJob *job, gboolean urgent);
ChartImage *_ss_chart_job_finish (ChartJob *job, gboolean wait);
gboolean    _ss_chart_job_matches (ChartJob *job, const BodyKey *key, int scale);
void        _ss_chart_job_drop (ChartJob *job);
GArray     *_ss_chart_job_take_reserve (ChartJob *job);
void        _ss_chart_image_free (ChartImage *image);
void        _ss_chart_image_release (ChartImage *image);
guint       _ss_chart_get_main_frees (void);

/* ss-chart-input.c */
void _ss_chart_release_view (SsChart *self);
void _ss_chart_input_init (SsChart *self);
void _ss_chart_input_class_init (GtkWidgetClass *widget_class);

G_END_DECLS
