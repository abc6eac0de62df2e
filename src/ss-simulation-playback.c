/* ss-simulation-playback.c - the simulation's playhead: Play at a speed,
 * loop, the scrubber's time, frame steps, and the contacts' modes at the
 * playhead.  Apart because it only reads the run the worker delivered. */
#define G_LOG_DOMAIN "ss-simulation"

#include <math.h>

#include "ss-simulation-private.h"

/* The contacts' modes are read again when next asked for: the playhead
 * moved or the run changed. */
void
_ss_simulation_invalidate_modes (SsSimulation *self)
{
  g_clear_object (&self->modes_dataset);
}

void
_ss_simulation_notify_time (SsSimulation *self)
{
  _ss_simulation_invalidate_modes (self);
  g_object_notify_by_pspec (G_OBJECT (self), _ss_simulation_properties[PROP_TIME]);
}

double
ss_simulation_get_t_end (SsSimulation *self)
{
  if (self->opts.t_end > 0)
    return self->opts.t_end;
  if (self->model != NULL)
    return ss_model_scenario (ss_model_ref_get_model (self->model))->t_end;
  return 0.0;
}

double
ss_simulation_get_time (SsSimulation *self)
{
  return self->time;
}

/* Moves the playhead; beyond what is computed it waits at the computed end. */
void
ss_simulation_set_time (SsSimulation *self, double t)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  if (!isfinite (t))
    return;
  t = CLAMP (t, 0.0, ss_simulation_get_t_end (self));
  if (t == self->time)
    return;
  self->time = t;
  _ss_simulation_notify_time (self);
}

/* One frame: one output interval of the run. */
double
ss_simulation_get_frame_step (SsSimulation *self)
{
  double dt = self->opts.dt_out;

  if (dt <= 0 && self->model != NULL)
    dt = ss_model_scenario (ss_model_ref_get_model (self->model))->dt_out;
  return dt;
}

/* Moves the playhead by whole output intervals, to the grid. */
void
ss_simulation_step_frame (SsSimulation *self, int frames)
{
  double dt = ss_simulation_get_frame_step (self);
  double k;

  g_return_if_fail (SS_IS_SIMULATION (self));

  if (!(dt > 0))
    return;
  ss_simulation_set_playing (self, FALSE);
  k = self->time / dt;
  /* from between two frames, the first step lands on the neighbour */
  k = frames > 0 ? floor (k + 1e-9) + frames : ceil (k - 1e-9) + frames;
  ss_simulation_set_time (self, k * dt);
}

void
ss_simulation_tick (SsSimulation *self, gint64 frame_time_us)
{
  double dt, t, t_end, limit;

  if (!self->playing)
    return;
  if (self->last_frame_time == 0)
    {
      self->last_frame_time = frame_time_us;
      return;
    }
  dt = (frame_time_us - self->last_frame_time) / 1e6;
  self->last_frame_time = frame_time_us;
  /* after a stall the animation resumes instead of jumping ahead */
  dt = CLAMP (dt, 0.0, 0.1);
  t_end = ss_simulation_get_t_end (self);
  t = self->time + dt * self->speed;
  /* a run still being computed: wait for it */
  limit = self->finished ? t_end : self->computed;
  if (t >= t_end && self->finished)
    {
      if (self->loop)
        t = 0.0;
      else
        {
          ss_simulation_set_time (self, t_end);
          ss_simulation_set_playing (self, FALSE);
          return;
        }
    }
  else if (t > limit)
    t = limit;
  ss_simulation_set_time (self, t);
}

gboolean
ss_simulation_get_playing (SsSimulation *self)
{
  return self->playing;
}

void
ss_simulation_set_playing (SsSimulation *self, gboolean playing)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  playing = !!playing;
  if (self->playing == playing)
    return;
  /* Play at the end starts over, as a media player does */
  if (playing && self->time >= ss_simulation_get_t_end (self))
    ss_simulation_set_time (self, 0.0);
  self->playing = playing;
  self->last_frame_time = 0;
  g_object_notify_by_pspec (G_OBJECT (self), _ss_simulation_properties[PROP_PLAYING]);
}

double
ss_simulation_get_speed (SsSimulation *self)
{
  return self->speed;
}

void
ss_simulation_set_speed (SsSimulation *self, double speed)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  speed = CLAMP (speed, 0.01, 100.0);
  if (speed == self->speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), _ss_simulation_properties[PROP_SPEED]);
}

void
ss_simulation_set_loop (SsSimulation *self, gboolean loop)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  loop = !!loop;
  if (loop == self->loop)
    return;
  self->loop = loop;
  g_object_notify_by_pspec (G_OBJECT (self), _ss_simulation_properties[PROP_LOOP]);
}

/* Each contact's mode at the playhead, read from the run: stuck, or the sign
 * of its sliding velocity. */
const int *
ss_simulation_get_modes (SsSimulation *self, int *n_modes)
{
  const ss_model *m = ss_simulation_get_model (self);
  guint           row = 0;

  *n_modes = 0;
  if (m == NULL || self->dataset == NULL || !ss_dataset_get_row_at (self->dataset, self->time, &row))
    return self->modes;
  if (self->modes_dataset == self->dataset && self->modes_row == row)
    {
      *n_modes = self->n_modes;
      return self->modes;
    }
  if (self->n_modes != ss_model_n_contacts (m))
    {
      g_free (self->modes);
      self->n_modes = ss_model_n_contacts (m);
      self->modes = g_new0 (int, MAX (self->n_modes, 1));
    }
  for (int c = 0; c < self->n_modes; c++)
    {
      char   name[160];
      int    stick_col, v_col;
      double stick, v;

      g_snprintf (name, sizeof name, "%s.stick", ss_model_contact_name (m, c));
      stick_col = ss_dataset_find_column (self->dataset, name);
      g_snprintf (name, sizeof name, "%s.v", ss_model_contact_name (m, c));
      v_col = ss_dataset_find_column (self->dataset, name);
      stick = ss_dataset_get_value (self->dataset, row, stick_col);
      v = ss_dataset_get_value (self->dataset, row, v_col);
      if (stick > 0.5 || !(v != 0))
        self->modes[c] = SS_MODE_STICK;
      else
        self->modes[c] = v > 0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
    }
  g_set_object (&self->modes_dataset, self->dataset);
  self->modes_row = row;
  *n_modes = self->n_modes;
  return self->modes;
}

/* Whether @contact is released at the shown row: at rest with its static
 * friction held at its maximum, as its last release or lock event by then
 * (or stick, slip, reverse) says. */
gboolean
ss_simulation_get_released (SsSimulation *self, int contact)
{
  const ss_model *m = ss_simulation_get_model (self);
  const ss_event *events;
  guint           row = 0, n = 0;
  double          t;
  gboolean        released = FALSE;

  if (m == NULL || self->dataset == NULL || !ss_model_contact_can_release (m, contact) ||
      !ss_dataset_get_row_at (self->dataset, self->time, &row))
    return FALSE;
  t = ss_dataset_get_times (self->dataset)[row];
  events = ss_dataset_get_events (self->dataset, &n);
  for (guint i = 0; i < n && events[i].t <= t; i++)
    if (events[i].source == contact && events[i].kind != SS_EVENT_GAP_ENTER && events[i].kind != SS_EVENT_GAP_EXIT)
      released = events[i].kind == SS_EVENT_RELEASE;
  return released;
}
