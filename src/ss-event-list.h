/* ss-event-list.h - every event of a run (time, contact or freeplay
 * element, kind), filtered by contact and kind; activating one asks for the
 * playhead to go there ("event-activated"). */
#pragma once

#include <gtk/gtk.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_EVENT_LIST (ss_event_list_get_type ())

G_DECLARE_FINAL_TYPE (SsEventList, ss_event_list, SS, EVENT_LIST, GtkWidget)

void         ss_event_list_set_dataset (SsEventList *self, SsDataset *dataset);
SsDataset   *ss_event_list_get_dataset (SsEventList *self);
void         ss_event_list_set_filter (SsEventList *self, const char *source, int kind);
guint        ss_event_list_get_n_shown (SsEventList *self);
gboolean     ss_event_list_get_shown (SsEventList *self, guint position, ss_event *event);
const char  *ss_event_list_get_shown_source (SsEventList *self, guint position);
guint        ss_event_list_get_n_refreshes (SsEventList *self);
GtkListView *ss_event_list_get_view (SsEventList *self);
const char  *ss_event_list_kind_label (ss_event_kind kind);

G_END_DECLS
