/* ss-model-ref.h - a reference-counted ss_model shared by the worker thread,
 * datasets and widgets (the engine's model is immutable once built). */
#pragma once

#include <glib.h>

#include <stickslip/stickslip.h>

G_BEGIN_DECLS

typedef struct _SsModelRef SsModelRef;

SsModelRef     *ss_model_ref_new (ss_model *model);
SsModelRef     *ss_model_ref_ref (SsModelRef *self);
void            ss_model_ref_unref (SsModelRef *self);
const ss_model *ss_model_ref_get_model (SsModelRef *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsModelRef, ss_model_ref_unref)

G_END_DECLS
