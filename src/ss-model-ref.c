/* ss-model-ref.c */
#define G_LOG_DOMAIN "ss-model-ref"

#include "ss-model-ref.h"

struct _SsModelRef
{
  ss_model *model;
};

static void
ss_model_ref_clear (gpointer data)
{
  SsModelRef *self = data;

  g_clear_pointer (&self->model, ss_model_free);
}

/* Takes ownership of @model. */
SsModelRef *
ss_model_ref_new (ss_model *model)
{
  SsModelRef *self;

  g_return_val_if_fail (model != NULL, NULL);

  self = g_atomic_rc_box_new0 (SsModelRef);
  self->model = model;
  return self;
}

SsModelRef *
ss_model_ref_ref (SsModelRef *self)
{
  return g_atomic_rc_box_acquire (self);
}

void
ss_model_ref_unref (SsModelRef *self)
{
  g_atomic_rc_box_release_full (self, ss_model_ref_clear);
}

const ss_model *
ss_model_ref_get_model (SsModelRef *self)
{
  return self->model;
}
