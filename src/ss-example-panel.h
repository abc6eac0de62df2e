/* ss-example-panel.h - the paper's example shown: title, citation, its
 * settings (choosing one asks for it: "setting-activated"), the note, and
 * the published values next to this run's (activating one asks for the
 * playhead to go to its instant: "time-activated"). */
#pragma once

#include <gtk/gtk.h>

#include <stickslip/examples.h>
#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_EXAMPLE_PANEL (ss_example_panel_get_type ())

G_DECLARE_FINAL_TYPE (SsExamplePanel, ss_example_panel, SS, EXAMPLE_PANEL, GtkWidget)

void ss_example_panel_set_example (SsExamplePanel *self, const ss_example *example, int setting, gboolean modified);
const ss_example *ss_example_panel_get_example (SsExamplePanel *self);
int               ss_example_panel_get_setting (SsExamplePanel *self);
void              ss_example_panel_set_run (SsExamplePanel *self, SsDataset *dataset);
double            ss_example_panel_get_measured (SsExamplePanel *self, int value);
char             *ss_example_value_paper_text (const ss_example_value *value, const ss_model *model);

G_END_DECLS
