/* ss-plot-stack-labels.h - what the plot stack's charts call a model's
 * columns and contacts and how they colour them, from the model's tables
 * alone (no widget, no state of a stack): labels, the palette and each
 * contact's place in it, the groups the columns fall in, the charts' keys
 * and titles.  The functions prefixed ss_plot_stack_ serve the rest of the
 * application too (the signal chooser, the study window and its table);
 * those prefixed _ss_plot_stack_ only the plot stack's files. */
#pragma once

#include <gdk/gdk.h>
#include <stickslip/stickslip.h>

G_BEGIN_DECLS

void  ss_plot_stack_get_color (guint index, GdkRGBA *color);
void  ss_plot_stack_get_contact_color (const ss_model *model, int contact, GdkRGBA *color);
char *ss_plot_stack_column_label (const ss_model *model, int column);
char *ss_plot_stack_contact_label (const ss_model *model, int contact);
/* the kinds of columns, in the order of their charts */
#define SS_PLOT_STACK_N_GROUPS 12
int         ss_plot_stack_get_column_group (const ss_model *model, int column);
const char *ss_plot_stack_group_name (const ss_model *model, int column);

/* The chart groups, in the order the charts come. */
typedef enum
{
  GROUP_RATIO,
  GROUP_FRICTION,
  GROUP_NORMAL,
  GROUP_INTERNAL,
  GROUP_BAND,
  GROUP_REACTION,
  GROUP_APPLIED,
  GROUP_VELOCITY,
  GROUP_POSITION,
  GROUP_ENERGY,
  GROUP_SLIP,
  GROUP_OTHER,
  N_GROUPS
} Group;

char       *_ss_plot_stack_column_title (const ss_model *m, int column);
guint       _ss_plot_stack_first_free_slot (const ss_model *m);
gboolean    _ss_plot_stack_band_bounds (const ss_model *m, const char *name, int *lower, int *upper);
Group       _ss_plot_stack_column_group (const ss_model *m, const ss_column *col);
gboolean    _ss_plot_stack_column_default_shown (const ss_model *m, const ss_column *col);
char       *_ss_plot_stack_default_chart_key (const ss_model *m, const ss_column *col);
Group       _ss_plot_stack_key_group (const char *key);
const char *_ss_plot_stack_key_unit (const char *key);
char       *_ss_plot_stack_chart_title (const ss_model *m, const char *key, GArray *columns);

G_END_DECLS
