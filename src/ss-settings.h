/* ss-settings.h - the application's GSettings, for every window. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *ss_settings_new (void);
void       ss_settings_use_memory (void);

G_END_DECLS
