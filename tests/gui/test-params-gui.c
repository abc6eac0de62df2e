/* test-params-gui.c - the parameter panel in a scrolled window, used the
 * way a user does: real X input through xdotool (wheel, drags, held spin
 * buttons, keys) under Xvfb, typed text through the spin button's own
 * update path.  Checks that input never changes a value by accident, that
 * bad text says why, that the slider keeps its range, the modified markers
 * and resets, insensitive rows with their reason, and the previews with
 * exactly one final change after them. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-param-panel.h"
#include "test-gui-util.h"
#include <stickslip/stickslip.h>

static GtkWidget    *window;
static GtkWidget    *scrolled;
static SsParamPanel *panel;
static gulong        xid;

/* ---- what the panel emitted ------------------------------------------- */

typedef struct
{
  gboolean final;
  double  *values; /* the vector at the emission */
} Emission;

static GPtrArray *emissions;

static void
emission_free (gpointer data)
{
  Emission *e = data;

  g_free (e->values);
  g_free (e);
}

static void
changed_cb (SsParamPanel *p, gboolean final, gpointer data)
{
  Emission *e = g_new0 (Emission, 1);

  (void)data;
  e->final = final;
  e->values = g_memdup2 (ss_param_panel_get_values (p), sizeof (double) * ss_param_panel_get_scenario (p)->n_params);
  g_ptr_array_add (emissions, e);
}

static guint
count_finals (void)
{
  guint n = 0;

  for (guint i = 0; i < emissions->len; i++)
    n += ((Emission *)g_ptr_array_index (emissions, i))->final;
  return n;
}

/* Where @widget's point (fx, fy) of its size is, in the X window. */
static void
surface_point (GtkWidget *widget, double fx, double fy, int *x, int *y)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (fx * gtk_widget_get_width (widget), fy * gtk_widget_get_height (widget));
  graphene_point_t out;
  double           sx, sy;

  g_assert_true (gtk_widget_compute_point (widget, window, &in, &out));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  *x = (int)round (out.x + sx);
  *y = (int)round (out.y + sy);
}

static void
pointer_to (GtkWidget *widget, double fx, double fy)
{
  int x, y;

  surface_point (widget, fx, fy, &x, &y);
  test_gui_xdo ("mousemove --window %lu %d %d", xid, x, y);
}

/* Scrolls the panel so that @widget is in view (no input involved). */
static void
show_widget (GtkWidget *widget)
{
  GtkAdjustment   *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  graphene_point_t in = GRAPHENE_POINT_INIT (0, 0), out;

  gtk_adjustment_set_value (vadj, 0);
  test_gui_pump (50);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (panel), &in, &out));
  gtk_adjustment_set_value (vadj, MAX (0, out.y - 40));
  gtk_test_widget_wait_for_draw (window);
  test_gui_pump (50);
}

static gboolean
is_inside (GtkWidget *widget, GtkWidget *ancestor)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (widget == ancestor)
      return TRUE;
  return FALSE;
}

/* The widget under @widget's point (fx, fy), as GTK picks it for input. */
static GtkWidget *
picked_at (GtkWidget *widget, double fx, double fy)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (fx * gtk_widget_get_width (widget), fy * gtk_widget_get_height (widget));
  graphene_point_t out;

  g_assert_true (gtk_widget_compute_point (widget, window, &in, &out));
  return gtk_widget_pick (window, out.x, out.y, GTK_PICK_DEFAULT);
}

static void
start (const char *scenario)
{
  ss_param_panel_set_scenario (panel, ss_scenario_find (scenario), NULL);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), 0);
  gtk_test_widget_wait_for_draw (window);
  test_gui_pump (100);
  g_ptr_array_set_size (emissions, 0);
}

static double
value_of (const char *name)
{
  return ss_param_panel_get_values (panel)[ss_scenario_param_index (ss_param_panel_get_scenario (panel), name)];
}

/* ---- wheel ------------------------------------------------------------ */

typedef struct
{
  GtkAdjustment *vadj;
  double         before;
  const double  *values;
  int            n;
} WheelWatch;

static gboolean
wheel_done (gpointer data)
{
  WheelWatch *w = data;

  return gtk_adjustment_get_value (w->vadj) != w->before || emissions->len > 0 ||
         memcmp (w->values, ss_param_panel_get_values (panel), sizeof (double) * w->n) != 0;
}

/* Wheel steps over sliders and spin buttons nobody focused scroll the
 * panel and change no parameter (GtkScale and GtkSpinButton take the
 * wheel by default: g, mu_s and mu_k used to change while scrolling). */
static void
test_wheel_scrolls_only (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkAdjustment     *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_autofree double *values = NULL;
  SsParamRow        *row;
  WheelWatch         w = { vadj, 0, NULL, sc->n_params };
  double             top;

  start ("one-mass");
  values = g_memdup2 (ss_param_panel_get_values (panel), sizeof (double) * sc->n_params);
  w.values = values;
  row = ss_param_panel_get_row (panel, "g");
  /* the pointer starts on g's slider, the panel moves under it */
  g_assert_true (is_inside (picked_at (GTK_WIDGET (ss_param_row_get_scale (row)), 0.5, 0.5),
                            GTK_WIDGET (ss_param_row_get_scale (row))));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj) - gtk_adjustment_get_page_size (vadj), >, 200);
  pointer_to (GTK_WIDGET (ss_param_row_get_scale (row)), 0.5, 0.5);
  for (int i = 0; i < 8; i++)
    {
      w.before = gtk_adjustment_get_value (vadj);
      test_gui_xdo ("click 5");
      /* a pause ending at the step's first effect: at the end of its range a
       * wheel step scrolls nothing */
      test_gui_pump_until (wheel_done, &w, 5000);
      g_assert_true (memcmp (values, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
      g_assert_cmpuint (emissions->len, ==, 0);
    }
  top = gtk_adjustment_get_value (vadj);
  g_assert_cmpfloat (top, >, 100);

  /* back up, the pointer on mu_s's spin button this time */
  show_widget (GTK_WIDGET (ss_param_row_get_spin (ss_param_panel_get_row (panel, "mu_s"))));
  top = gtk_adjustment_get_value (vadj);
  g_assert_true (
      is_inside (picked_at (GTK_WIDGET (ss_param_row_get_spin (ss_param_panel_get_row (panel, "mu_s"))), 0.3, 0.5),
                 GTK_WIDGET (ss_param_row_get_spin (ss_param_panel_get_row (panel, "mu_s")))));
  pointer_to (GTK_WIDGET (ss_param_row_get_spin (ss_param_panel_get_row (panel, "mu_s"))), 0.3, 0.5);
  for (int i = 0; i < 5; i++)
    {
      w.before = gtk_adjustment_get_value (vadj);
      test_gui_xdo ("click 4");
      test_gui_pump_until (wheel_done, &w, 5000);
      g_assert_true (memcmp (values, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
      g_assert_cmpuint (emissions->len, ==, 0);
    }
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), <, top);
  /* nothing took the focus on the way */
  g_assert_null (gtk_window_get_focus (GTK_WINDOW (window)));
}

static gboolean
final_arrived (gpointer data)
{
  (void)data;
  return count_finals () > 0;
}

/* Checks: at least one preview, then exactly one final, last, equal to the
 * panel's vector; @n is the scenario's parameter count. */
static void
check_previews_then_one_final (int n)
{
  Emission *last;

  /* nothing more comes */
  test_gui_pump (3 * SS_PARAM_ROW_SETTLE_MS);
  g_assert_cmpuint (emissions->len, >=, 2);
  g_assert_false (((Emission *)g_ptr_array_index (emissions, 0))->final);
  g_assert_cmpuint (count_finals (), ==, 1);
  last = g_ptr_array_index (emissions, emissions->len - 1);
  g_assert_true (last->final);
  g_assert_true (memcmp (last->values, ss_param_panel_get_values (panel), sizeof (double) * n) == 0);
  g_assert_false (ss_param_panel_is_previewing (panel));
}

/* The focused slider takes the wheel: previews, then one final change once
 * the wheel rests. */
static void
test_focused_wheel (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  GtkWidget         *scale;
  double             before;

  start ("one-mass");
  row = ss_param_panel_get_row (panel, "mu_s");
  scale = GTK_WIDGET (ss_param_row_get_scale (row));
  show_widget (scale);
  gtk_widget_grab_focus (scale);
  g_assert_true (gtk_widget_has_focus (scale));
  before = value_of ("mu_s");
  pointer_to (scale, 0.5, 0.5);
  test_gui_xdo ("click 5");
  test_gui_xdo ("click 5");
  test_gui_wait_for (final_arrived, NULL, "the final change");
  check_previews_then_one_final (sc->n_params);
  g_assert_cmpfloat (value_of ("mu_s"), <, before);
  g_assert_cmpstr (ss_param_panel_get_changed_param (panel), ==, "mu_s");
}

/* ---- typed text and the slider's range --------------------------------- */

static void
type_into (GtkSpinButton *spin, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  /* what Enter and focus-out do */
  gtk_spin_button_update (spin);
  test_gui_pump (20);
}

static GtkWidget *
find_child_of_type (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_child_of_type (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Text that is no number stays with its reason (the parameter and its
 * valid range) until corrected; the previous value stays in effect. */
static void
test_invalid_text (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = NULL;
  SsParamRow        *row;
  GtkSpinButton     *spin;
  GtkRevealer       *revealer;

  start ("one-mass");
  values = g_memdup2 (ss_param_panel_get_values (panel), sizeof (double) * sc->n_params);
  row = ss_param_panel_get_row (panel, "k");
  spin = ss_param_row_get_spin (row);
  revealer = GTK_REVEALER (find_child_of_type (GTK_WIDGET (row), GTK_TYPE_REVEALER));

  type_into (spin, "12x");
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "'k'"));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "valid range (0, 1e+09] N/m"));
  g_assert_true (gtk_revealer_get_reveal_child (revealer));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "12x");
  g_assert_true (memcmp (values, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_cmpuint (emissions->len, ==, 0);

  /* another parameter changes: the reason stays until k is corrected */
  g_assert_true (ss_param_panel_request (panel, "mu_s", 0.6));
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "12x");
  g_assert_true (gtk_revealer_get_reveal_child (revealer));

  /* corrected, with a decimal comma: one final change */
  g_ptr_array_set_size (emissions, 0);
  type_into (spin, "250,5");
  g_assert_cmpuint (emissions->len, ==, 1);
  g_assert_true (((Emission *)g_ptr_array_index (emissions, 0))->final);
  g_assert_null (ss_param_row_get_error (row));
  g_assert_false (gtk_revealer_get_reveal_child (revealer));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_cmpfloat (value_of ("k"), ==, 250.5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "250.5");
}

/* A valid value beyond the slider's window pins the slider at its end; the
 * window itself never changes. */
static void
test_slider_range_fixed (void)
{
  SsParamRow    *row;
  GtkAdjustment *adj;
  double         lower, upper;

  start ("one-mass");
  row = ss_param_panel_get_row (panel, "k");
  adj = ss_param_row_get_adjustment (row);
  lower = gtk_adjustment_get_lower (adj);
  upper = gtk_adjustment_get_upper (adj);
  g_assert_cmpfloat (upper, <, 8); /* log10 of the slider's end */

  type_into (ss_param_row_get_spin (row), "1e8");
  g_assert_cmpfloat (value_of ("k"), ==, 1e8);
  g_assert_null (ss_param_row_get_error (row));
  g_assert_cmpfloat (gtk_adjustment_get_lower (adj), ==, lower);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, upper);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, upper);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ss_param_row_get_spin (row))), ==, "1e+08");

  /* the same through a request and a whole new vector */
  g_assert_true (ss_param_panel_request (panel, "k", 1e-3));
  g_assert_cmpfloat (gtk_adjustment_get_lower (adj), ==, lower);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, upper);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, lower);

  /* back inside: the slider follows again */
  type_into (ss_param_row_get_spin (row), "1000");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 3.0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, upper);
}

/* ---- editing state ------------------------------------------------------ */

static void
test_modified_and_reset (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  GtkWidget         *reset;
  int                height_before = 0, height_after = 0;

  start ("one-mass");
  for (int i = 0; i < sc->n_params; i++)
    g_assert_false (ss_param_row_get_modified (ss_param_panel_get_row (panel, sc->params[i].name)));
  row = ss_param_panel_get_row (panel, "k");
  reset = ss_param_row_get_reset_button (row);
  g_assert_false (gtk_widget_get_visible (reset));
  gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (row)), NULL,
                      &height_before, NULL, NULL);
  g_assert_cmpint (height_before, >, 0);

  type_into (ss_param_row_get_spin (row), "400");
  g_assert_true (ss_param_row_get_modified (row));
  g_assert_true (gtk_widget_get_visible (reset));
  /* the button had its place: the row keeps its height */
  gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (row)), NULL,
                      &height_after, NULL, NULL);
  g_assert_cmpint (height_after, ==, height_before);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (reset), "100 N/m"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_markup (GTK_WIDGET (row)), "Default: 100 N/m"));
  for (int i = 0; i < sc->n_params; i++)
    if (strcmp (sc->params[i].name, "k") != 0)
      g_assert_false (ss_param_row_get_modified (ss_param_panel_get_row (panel, sc->params[i].name)));

  /* a refused value keeps the marker of the valid one */
  type_into (ss_param_row_get_spin (row), "-1");
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_true (ss_param_row_get_modified (row));

  g_ptr_array_set_size (emissions, 0);
  /* as Enter or Space on the button does (GTK clicks it 250 ms later) */
  g_assert_true (gtk_widget_activate (reset));
  test_gui_wait_for (final_arrived, NULL, "the final change");
  test_gui_pump (20);
  g_assert_cmpfloat (value_of ("k"), ==, 100.0);
  g_assert_null (ss_param_row_get_error (row));
  g_assert_cmpuint (emissions->len, ==, 1);
  g_assert_true (((Emission *)g_ptr_array_index (emissions, 0))->final);
  g_assert_cmpstr (ss_param_panel_get_changed_param (panel), ==, "k");
  g_assert_false (ss_param_row_get_modified (row));
  g_assert_false (gtk_widget_get_visible (reset));
  g_assert_cmpfloat (gtk_adjustment_get_value (ss_param_row_get_adjustment (row)), ==, 2.0);

  /* a choice row too */
  g_assert_true (ss_param_panel_request (panel, "law", 2));
  row = ss_param_panel_get_row (panel, "law");
  g_assert_true (ss_param_row_get_modified (row));
  g_ptr_array_set_size (emissions, 0);
  g_assert_true (gtk_widget_activate (ss_param_row_get_reset_button (row)));
  test_gui_wait_for (final_arrived, NULL, "the final change");
  g_assert_cmpfloat (value_of ("law"), ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (ss_param_row_get_dropdown (row)), ==, 0);
}

/* A rigid rod makes its springs irrelevant: insensitive rows that say why. */
static void
test_inactive_rows (void)
{
  SsParamRow *row;

  start ("two-slider");
  row = ss_param_panel_get_row (panel, "k1");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (row)));
  g_assert_cmpstr (ss_param_row_get_inactive_reason (row), ==, "Only with Rod model: Flexible (three segments)");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_markup (GTK_WIDGET (row)), "Only with Rod model: Flexible"));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "end_fraction"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "m1"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "treatment"))));

  g_assert_true (ss_param_panel_request (panel, "rod", 1));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (row)));
  g_assert_null (ss_param_row_get_inactive_reason (row));
  g_assert_null (strstr (gtk_widget_get_tooltip_markup (GTK_WIDGET (row)), "Only with"));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "treatment"))));

  /* law parameters stay hidden while their law is not chosen */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ss_param_panel_get_row (panel, "gamma_1"))));

  start ("gear-train");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "I_delta"))));
  g_assert_true (ss_param_panel_request (panel, "level", 1));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "I_delta"))));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "I_gamma"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ss_param_panel_get_row (panel, "mu_delta"))));
  g_assert_cmpstr (ss_param_row_get_inactive_reason (ss_param_panel_get_row (panel, "I_delta")), ==,
                   "Only with Modelling level: 1 — full model");
}

/* ---- previews ------------------------------------------------------------ */

typedef struct
{
  guint len;
} CountWatch;

static gboolean
more_emissions (gpointer data)
{
  return emissions->len > ((CountWatch *)data)->len;
}

/* Press, moves, release on a slider: previews while pressed, then exactly
 * one final change with the last value. */
static void
test_drag_previews (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkWidget         *scale;
  CountWatch         cw;
  int                x, y;
  guint              before_release;

  start ("one-mass");
  scale = GTK_WIDGET (ss_param_row_get_scale (ss_param_panel_get_row (panel, "k")));
  show_widget (scale);
  /* off the knob: the press moves it there (k = 100 sits mid-slider) */
  surface_point (scale, 0.3, 0.5, &x, &y);
  cw.len = emissions->len;
  test_gui_xdo ("mousemove --window %lu %d %d mousedown 1", xid, x, y);
  test_gui_wait_for (more_emissions, &cw, "a change from the pointer");
  for (int i = 1; i <= 6; i++)
    {
      cw.len = emissions->len;
      test_gui_xdo ("mousemove --window %lu %d %d", xid, x + 8 * i, y);
      test_gui_wait_for (more_emissions, &cw, "a change from the pointer");
    }
  /* while the button is down: previews only */
  test_gui_pump (3 * SS_PARAM_ROW_SETTLE_MS);
  before_release = emissions->len;
  g_assert_cmpuint (before_release, >=, 3);
  g_assert_cmpuint (count_finals (), ==, 0);
  g_assert_true (ss_param_panel_is_previewing (panel));
  test_gui_xdo ("mouseup 1");
  test_gui_wait_for (final_arrived, NULL, "the final change");
  check_previews_then_one_final (sc->n_params);
  /* the final repeats the last preview's vector */
  g_assert_true (memcmp (((Emission *)g_ptr_array_index (emissions, before_release - 1))->values,
                         ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_cmpfloat (value_of ("k"), !=, 100.0);
}

static gboolean
enough_previews (gpointer data)
{
  return emissions->len >= GPOINTER_TO_UINT (data);
}

/* A held + button: previews as it repeats, one final on release. */
static void
test_held_spin_previews (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkSpinButton     *spin;
  GtkWidget         *up;
  double             before;

  start ("one-mass");
  spin = ss_param_row_get_spin (ss_param_panel_get_row (panel, "v_drive"));
  up = gtk_widget_get_last_child (GTK_WIDGET (spin));
  g_assert_true (GTK_IS_BUTTON (up));
  show_widget (GTK_WIDGET (spin));
  before = value_of ("v_drive");
  pointer_to (up, 0.5, 0.5);
  test_gui_xdo ("mousedown 1");
  /* the first step on press, then GTK's repeat timer */
  test_gui_wait_for (enough_previews, GUINT_TO_POINTER (4), "four previews");
  g_assert_cmpuint (count_finals (), ==, 0);
  test_gui_xdo ("mouseup 1");
  test_gui_wait_for (final_arrived, NULL, "the final change");
  check_previews_then_one_final (sc->n_params);
  g_assert_cmpfloat (value_of ("v_drive"), >, before);
}

/* A drag that ends on a refused value (mu_k beyond mu_s): the last valid
 * preview becomes final, the app never stays on a preview. */
static void
test_refused_end_of_drag (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkWidget         *scale;
  SsParamRow        *row;
  CountWatch         cw;
  int                x, y;

  start ("one-mass");
  row = ss_param_panel_get_row (panel, "mu_k");
  scale = GTK_WIDGET (ss_param_row_get_scale (row));
  show_widget (scale);
  surface_point (scale, 0.3, 0.5, &x, &y);
  cw.len = emissions->len;
  test_gui_xdo ("mousemove --window %lu %d %d mousedown 1", xid, x, y);
  test_gui_wait_for (more_emissions, &cw, "a change from the pointer");
  /* to the slider's right end: mu_k = 10 > mu_s = 0.5, refused */
  for (double f = 0.4; f <= 1.05; f += 0.1)
    {
      int x2;

      surface_point (scale, f, 0.5, &x2, &y);
      test_gui_xdo ("mousemove --window %lu %d %d", xid, x2, y);
      test_gui_pump (30);
    }
  test_gui_pump (3 * SS_PARAM_ROW_SETTLE_MS);
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_cmpuint (count_finals (), ==, 0);
  test_gui_xdo ("mouseup 1");
  test_gui_wait_for (final_arrived, NULL, "the final change");
  check_previews_then_one_final (sc->n_params);
  g_assert_cmpfloat (value_of ("mu_k"), <=, value_of ("mu_s"));
}

/* Keys on a focused slider are single final changes. */
static void
test_keyboard_final (void)
{
  GtkWidget *scale;
  double     before;

  start ("one-mass");
  scale = GTK_WIDGET (ss_param_row_get_scale (ss_param_panel_get_row (panel, "v_drive")));
  show_widget (scale);
  gtk_widget_grab_focus (scale);
  before = value_of ("v_drive");
  test_gui_xdo ("windowfocus --sync %lu key Right", xid);
  test_gui_wait_for (final_arrived, NULL, "the final change");
  test_gui_pump (3 * SS_PARAM_ROW_SETTLE_MS);
  g_assert_cmpuint (emissions->len, >=, 1);
  for (guint i = 0; i < emissions->len; i++)
    g_assert_true (((Emission *)g_ptr_array_index (emissions, i))->final);
  g_assert_cmpfloat (value_of ("v_drive"), >, before);
}

/* Programmatic changes: a whole vector is one final change; a new scenario
 * none. */
static void
test_programmatic (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = g_new (double, sc->n_params);

  start ("one-mass");
  ss_scenario_defaults (sc, values);
  values[ss_scenario_param_index (sc, "k")] = 300;
  g_assert_true (ss_param_panel_set_values (panel, values, NULL));
  g_assert_cmpuint (emissions->len, ==, 1);
  g_assert_true (((Emission *)g_ptr_array_index (emissions, 0))->final);
  g_assert_null (ss_param_panel_get_changed_param (panel));
  g_assert_true (ss_param_row_get_modified (ss_param_panel_get_row (panel, "k")));
  ss_param_panel_set_scenario (panel, ss_scenario_find ("two-block"), NULL);
  g_assert_cmpuint (emissions->len, ==, 1);
}

/* ---- drawing ----------------------------------------------------------- */

static GskRenderNode *
unwrap (GskRenderNode *node)
{
  while (node != NULL)
    switch (gsk_render_node_get_node_type (node))
      {
      case GSK_CONTAINER_NODE:
        if (gsk_container_node_get_n_children (node) != 1)
          return node;
        node = gsk_container_node_get_child (node, 0);
        break;
      case GSK_DEBUG_NODE:
        node = gsk_debug_node_get_child (node);
        break;
      case GSK_TRANSFORM_NODE:
        node = gsk_transform_node_get_child (node);
        break;
      default:
        return node;
      }
  return NULL;
}

/* @row's children drawn by @snapshot_func on the window's background, at
 * scale 1: the image's pixels */
static cairo_surface_t *
draw_row (SsParamRow *row, void (*snapshot_func) (GtkWidget *, GtkSnapshot *))
{
  int              w = gtk_widget_get_width (GTK_WIDGET (row)), h = gtk_widget_get_height (GTK_WIDGET (row));
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  GtkSnapshot     *snapshot = gtk_snapshot_new ();
  GskRenderNode   *node;
  cairo_t         *cr = cairo_create (image);

  snapshot_func (GTK_WIDGET (row), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  gsk_render_node_unref (node);
  cairo_surface_flush (image);
  return image;
}

/* A row is drawn once into an image and composited while it is
 * unchanged: GTK 4.8's Cairo renderer repaints every row inside a frame's
 * damaged area, and a new run's frame spans the panel.  Redrawing the
 * panel, scrolling it and changing another parameter draw no row again;
 * the changed row is drawn once more; the row being edited is drawn as
 * nodes; the image matches the row's widgets drawn in place to one level
 * in 255. */
static void
test_rows_drawn_once (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = g_new (double, sc->n_params);
  g_autofree guint  *renders = g_new0 (guint, sc->n_params);
  GtkAdjustment     *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  int                k = ss_scenario_param_index (sc, "k");
  SsParamRow        *row;
  cairo_surface_t   *direct, *image;
  GtkSnapshot       *snapshot;
  GskRenderNode     *node;
  int                max_diff = 0;

  start ("one-mass");
  for (int i = 0; i < sc->n_params; i++)
    {
      row = ss_param_panel_get_row (panel, sc->params[i].name);
      if (row == NULL || !gtk_widget_get_mapped (GTK_WIDGET (row)))
        continue;
      /* drawn: one image */
      snapshot = gtk_snapshot_new ();
      GTK_WIDGET_GET_CLASS (row)->snapshot (GTK_WIDGET (row), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (node);
      g_assert_cmpint (gsk_render_node_get_node_type (unwrap (node)), ==, GSK_CAIRO_NODE);
      gsk_render_node_unref (node);
      renders[i] = ss_param_row_get_renders (row);
      g_assert_cmpuint (renders[i], >=, 1);
    }

  gtk_widget_queue_draw (GTK_WIDGET (panel));
  gtk_test_widget_wait_for_draw (window);
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj));
  gtk_test_widget_wait_for_draw (window);
  gtk_adjustment_set_value (vadj, 0);
  gtk_test_widget_wait_for_draw (window);
  ss_scenario_defaults (sc, values);
  values[k] = 300;
  g_assert_true (ss_param_panel_set_values (panel, values, NULL));
  gtk_test_widget_wait_for_draw (window);
  test_gui_pump (50);
  for (int i = 0; i < sc->n_params; i++)
    {
      row = ss_param_panel_get_row (panel, sc->params[i].name);
      if (row == NULL || renders[i] == 0)
        continue;
      if (i == k)
        g_assert_cmpuint (ss_param_row_get_renders (row), >, renders[i]);
      else
        g_assert_cmpuint (ss_param_row_get_renders (row), ==, renders[i]);
    }

  /* the row being edited is drawn as it is: its caret fades every frame */
  row = ss_param_panel_get_row (panel, "k");
  gtk_widget_grab_focus (GTK_WIDGET (ss_param_row_get_spin (row)));
  gtk_test_widget_wait_for_draw (window);
  renders[k] = ss_param_row_get_renders (row);
  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (row)->snapshot (GTK_WIDGET (row), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_cmpint (gsk_render_node_get_node_type (unwrap (node)), !=, GSK_CAIRO_NODE);
  gsk_render_node_unref (node);
  test_gui_pump (1500);
  g_assert_cmpuint (ss_param_row_get_renders (row), ==, renders[k]);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpuint (ss_param_row_get_renders (row), >, renders[k]);

  direct = draw_row (row, GTK_WIDGET_CLASS (g_type_class_peek (GTK_TYPE_LIST_BOX_ROW))->snapshot);
  image = draw_row (row, GTK_WIDGET_GET_CLASS (row)->snapshot);
  for (int y = 0; y < cairo_image_surface_get_height (direct); y++)
    {
      const guint8 *a = cairo_image_surface_get_data (direct) + y * cairo_image_surface_get_stride (direct);
      const guint8 *b = cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image);

      for (int x = 0; x < 4 * cairo_image_surface_get_width (direct); x++)
        max_diff = MAX (max_diff, abs (a[x] - b[x]));
    }
  g_test_message ("max diff %d", max_diff);
  g_assert_cmpint (max_diff, <=, 1);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (image);
}

int
main (int argc, char *argv[])
{
  int rc;

  test_gui_init_x11 (&argc, &argv);
  emissions = g_ptr_array_new_with_free_func (emission_free);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 420);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  panel = SS_PARAM_PANEL (ss_param_panel_new ());
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (panel));
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  g_signal_connect (panel, "changed", G_CALLBACK (changed_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  xid = test_gui_xid (window);

  g_test_add_func ("/params/wheel-scrolls-only", test_wheel_scrolls_only);
  g_test_add_func ("/params/focused-wheel", test_focused_wheel);
  g_test_add_func ("/params/invalid-text", test_invalid_text);
  g_test_add_func ("/params/slider-range-fixed", test_slider_range_fixed);
  g_test_add_func ("/params/modified-and-reset", test_modified_and_reset);
  g_test_add_func ("/params/inactive-rows", test_inactive_rows);
  g_test_add_func ("/params/drag-previews", test_drag_previews);
  g_test_add_func ("/params/held-spin-previews", test_held_spin_previews);
  g_test_add_func ("/params/refused-end-of-drag", test_refused_end_of_drag);
  g_test_add_func ("/params/keyboard-final", test_keyboard_final);
  g_test_add_func ("/params/programmatic", test_programmatic);
  g_test_add_func ("/params/rows-drawn-once", test_rows_drawn_once);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_ptr_array_unref (emissions);
  return rc;
}
