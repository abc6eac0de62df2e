/* ss-application.h */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SS_TYPE_APPLICATION (ss_application_get_type ())

G_DECLARE_FINAL_TYPE (SsApplication, ss_application, SS, APPLICATION, AdwApplication)

SsApplication *ss_application_new (void);
void           ss_application_init_i18n (void);
int            ss_application_get_exit_status (SsApplication *self);

G_END_DECLS
