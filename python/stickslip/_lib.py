"""The ctypes binding of libstickslip's entry layer (stickslip/api.h).

The library is found, in this order, at the path in the environment
variable STICKSLIP_LIBRARY (``meson devenv`` sets it to the build tree's),
at the path ``meson install`` wrote into _config.py, and by its soname
through the system's loader (LD_LIBRARY_PATH, ldconfig).
"""

import ctypes
import os

SOVERSION = 1  # the entry layer's version: SS_API_VERSION, the soname's number

OK, INVALID, SIMULATION, CANCELLED, MEMORY = 0, 1, 2, 3, 4

c_int, c_double, c_size_t, c_char_p, c_void_p = (
    ctypes.c_int, ctypes.c_double, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p)
P_double = ctypes.POINTER(ctypes.c_double)
P_int = ctypes.POINTER(ctypes.c_int)

RUN_PROGRESS = ctypes.CFUNCTYPE(None, c_void_p, c_double, c_double)
SWEEP_PROGRESS = ctypes.CFUNCTYPE(None, c_void_p, c_int, c_int)

# name: (restype, argtypes); arrays go as addresses (ndarray.ctypes.data)
_PROTOTYPES = {
    "ss_api_version": (c_int, []),
    "ss_api_error": (c_char_p, []),
    "ss_api_cvode_build": (c_char_p, []),
    "ss_api_scenario_count": (c_int, []),
    "ss_api_scenario_find": (c_int, [c_char_p]),
    "ss_api_scenario_name": (c_char_p, [c_int]),
    "ss_api_scenario_title": (c_char_p, [c_int]),
    "ss_api_scenario_description": (c_char_p, [c_int]),
    "ss_api_scenario_t_end": (c_double, [c_int]),
    "ss_api_scenario_dt_out": (c_double, [c_int]),
    "ss_api_param_count": (c_int, [c_int]),
    "ss_api_param_name": (c_char_p, [c_int, c_int]),
    "ss_api_param_label": (c_char_p, [c_int, c_int]),
    "ss_api_param_unit": (c_char_p, [c_int, c_int]),
    "ss_api_param_description": (c_char_p, [c_int, c_int]),
    "ss_api_param_group": (c_char_p, [c_int, c_int]),
    "ss_api_param_is_choice": (c_int, [c_int, c_int]),
    "ss_api_param_default": (c_double, [c_int, c_int]),
    "ss_api_param_min": (c_double, [c_int, c_int]),
    "ss_api_param_max": (c_double, [c_int, c_int]),
    "ss_api_param_min_exclusive": (c_int, [c_int, c_int]),
    "ss_api_param_integer": (c_int, [c_int, c_int]),
    "ss_api_param_log": (c_int, [c_int, c_int]),
    "ss_api_param_range": (c_int, [c_int, c_int, c_char_p, c_size_t]),
    "ss_api_param_n_choices": (c_int, [c_int, c_int]),
    "ss_api_param_choice": (c_char_p, [c_int, c_int, c_int]),
    "ss_api_option_count": (c_int, []),
    "ss_api_option_name": (c_char_p, [c_int]),
    "ss_api_option_unit": (c_char_p, [c_int]),
    "ss_api_option_description": (c_char_p, [c_int]),
    "ss_api_option_default": (c_double, [c_int]),
    "ss_api_example_count": (c_int, []),
    "ss_api_example_id": (c_char_p, [c_int]),
    "ss_api_example_scenario": (c_char_p, [c_int]),
    "ss_api_example_source": (c_char_p, [c_int]),
    "ss_api_example_title": (c_char_p, [c_int]),
    "ss_api_example_note": (c_char_p, [c_int]),
    "ss_api_example_n_settings": (c_int, [c_int]),
    "ss_api_example_setting_label": (c_char_p, [c_int, c_int]),
    "ss_api_example_setting_assignments": (c_char_p, [c_int, c_int]),
    "ss_api_preset_count": (c_int, []),
    "ss_api_preset_name": (c_char_p, [c_int]),
    "ss_api_preset_title": (c_char_p, [c_int]),
    "ss_api_preset_description": (c_char_p, [c_int]),
    "ss_api_preset_scenario": (c_char_p, [c_int]),
    "ss_api_preset_set": (c_char_p, [c_int, c_int]),
    "ss_api_preset_axis": (c_char_p, [c_int, c_int]),
    "ss_api_preset_outcome": (c_char_p, [c_int, c_int]),
    "ss_api_spec_new": (c_void_p, [c_char_p]),
    "ss_api_spec_new_example": (c_void_p, [c_char_p, c_int]),
    "ss_api_spec_new_preset": (c_void_p, [c_char_p]),
    "ss_api_spec_free": (None, [c_void_p]),
    "ss_api_spec_scenario": (c_char_p, [c_void_p]),
    "ss_api_spec_set": (c_int, [c_void_p, c_char_p, c_char_p]),
    "ss_api_spec_set_value": (c_int, [c_void_p, c_char_p, c_double]),
    "ss_api_spec_get": (c_double, [c_void_p, c_char_p]),
    "ss_api_spec_add_axis": (c_int, [c_void_p, c_char_p]),
    "ss_api_spec_add_axis_range": (c_int, [c_void_p, c_char_p, c_double, c_double, c_int, c_int]),
    "ss_api_spec_add_outcome": (c_int, [c_void_p, c_char_p]),
    "ss_api_spec_n_axes": (c_int, [c_void_p]),
    "ss_api_spec_n_outcomes": (c_int, [c_void_p]),
    "ss_api_spec_n_variants": (c_int, [c_void_p]),
    "ss_api_run_new": (c_void_p, [c_void_p]),
    "ss_api_run_free": (None, [c_void_p]),
    "ss_api_run_advance": (c_int, [c_void_p, c_double]),
    "ss_api_run_exec": (c_int, [c_void_p, P_int, RUN_PROGRESS, c_void_p]),
    "ss_api_run_time": (c_double, [c_void_p]),
    "ss_api_run_t_end": (c_double, [c_void_p]),
    "ss_api_run_option": (c_double, [c_void_p, c_int]),
    "ss_api_run_scenario": (c_char_p, [c_void_p]),
    "ss_api_run_copy_values": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_run_n_rows": (c_size_t, [c_void_p]),
    "ss_api_run_n_columns": (c_int, [c_void_p]),
    "ss_api_run_column_name": (c_char_p, [c_void_p, c_int]),
    "ss_api_run_column_unit": (c_char_p, [c_void_p, c_int]),
    "ss_api_run_column_label": (c_char_p, [c_void_p, c_int]),
    "ss_api_run_column_find": (c_int, [c_void_p, c_char_p]),
    "ss_api_run_copy_time": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_run_copy_column": (c_size_t, [c_void_p, c_int, c_void_p, c_size_t]),
    "ss_api_run_copy_columns": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_run_copy_rows": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_run_time_data": (c_void_p, [c_void_p]),
    "ss_api_run_rows_data": (c_void_p, [c_void_p]),
    "ss_api_run_n_events": (c_size_t, [c_void_p]),
    "ss_api_run_copy_events": (c_size_t, [c_void_p, c_void_p, c_void_p, c_void_p, c_size_t]),
    "ss_api_run_n_sources": (c_int, [c_void_p]),
    "ss_api_run_source_name": (c_char_p, [c_void_p, c_int]),
    "ss_api_event_kind_name": (c_char_p, [c_int]),
    "ss_api_run_n_metrics": (c_int, [c_void_p]),
    "ss_api_run_metric_name": (c_char_p, [c_void_p, c_int]),
    "ss_api_run_metric_unit": (c_char_p, [c_void_p, c_int]),
    "ss_api_run_metrics": (c_int, [c_void_p, P_double, c_size_t]),
    "ss_api_run_stat": (c_double, [c_void_p, c_char_p]),
    "ss_api_sweep_run": (c_void_p, [c_void_p, c_int, P_int, SWEEP_PROGRESS, c_void_p]),
    "ss_api_sweep_free": (None, [c_void_p]),
    "ss_api_sweep_n_rows": (c_int, [c_void_p]),
    "ss_api_sweep_n_axes": (c_int, [c_void_p]),
    "ss_api_sweep_n_outcomes": (c_int, [c_void_p]),
    "ss_api_sweep_axis_name": (c_char_p, [c_void_p, c_int]),
    "ss_api_sweep_axis_unit": (c_char_p, [c_void_p, c_int]),
    "ss_api_sweep_outcome_name": (c_char_p, [c_void_p, c_int]),
    "ss_api_sweep_outcome_unit": (c_char_p, [c_void_p, c_int]),
    "ss_api_sweep_copy_axis_values": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_sweep_copy_values": (c_size_t, [c_void_p, c_void_p, c_size_t]),
    "ss_api_sweep_status": (c_char_p, [c_void_p, c_int]),
    "ss_api_sweep_n_failed": (c_int, [c_void_p]),
    "ss_api_sweep_cancelled": (c_int, [c_void_p]),
}


def _candidates():
    path = os.environ.get("STICKSLIP_LIBRARY")
    if path:
        yield path
    try:
        from ._config import LIBRARY  # written by meson install
    except ImportError:
        pass
    else:
        yield LIBRARY
    yield "libstickslip.so.%d" % SOVERSION


def _load():
    tried = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append(str(e))
            continue
        for name, (restype, argtypes) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes
        if lib.ss_api_version() != SOVERSION:
            raise ImportError("%s has entry layer version %d; this module needs %d"
                              % (path, lib.ss_api_version(), SOVERSION))
        return lib
    raise ImportError("cannot load libstickslip: " + "; ".join(tried)
                      + " (set STICKSLIP_LIBRARY to the library's path)")


lib = _load()


def text(b):
    """A string of the library (UTF-8), None for NULL."""
    return None if b is None else b.decode("utf-8")


def error():
    """The library's message of the last failure in this thread."""
    return text(lib.ss_api_error())
