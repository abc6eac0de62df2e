/* block1d.h - one block with one frictional contact: the mechanism shared by
 * the one-mass and dupont scenarios (they differ only in their loads). */
#ifndef SS_BLOCK1D_H
#define SS_BLOCK1D_H

#include "friction.h"
#include "ss-internal.h"

typedef struct ss_block1d ss_block1d;

/* Loads on the block at one instant. */
typedef struct ss_block1d_loads {
  double applied;   /* everything but friction acting on the block, N */
  double normal;    /* normal force magnitude of the contact, N */
  double power_in;  /* power of external sources into block and springs, W */
  double potential; /* energy stored in springs, J */
} ss_block1d_loads;

struct ss_block1d {
  double mass;        /* block mass, kg */
  double viscous;     /* viscous friction coefficient C, N s/m */
  ss_friction fr;     /* friction law and coefficients */
  double load_period; /* shortest period in the loads, s (0: none) */
  /* loads at (t, z); v is the block velocity (for the power) */
  void (*loads)(const ss_block1d *b, double t, double z, double v, ss_block1d_loads *out);
  /* optional: the first kink of the loads after t, s (INFINITY: none) */
  double (*next_kink)(const ss_block1d *b, double t);
  int n_extra; /* scenario-specific output columns, appended after the contact */
  /* fills n_extra values (load contributions per source) */
  void (*extra)(const ss_block1d *b, double t, double z, double v, double *out);
  const void *data; /* scenario constants for the callbacks */
};

/* Creates the model: takes ownership of b (malloc'ed, freed with the model).
 * Columns: z, v, [bristle], contact columns, extras (names given), energies. */
ss_model *ss_block1d_model_new(const ss_scenario *sc, const double *values, ss_block1d *b,
                               const char *contact_name, const ss_column_spec *extras,
                               char **error);

#endif
