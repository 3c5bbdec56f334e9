"""STAND-IN: SoC facts from the header set's platform config (README.md). opc_standin.py calls load() first."""

import configparser
from pathlib import Path

ASCEND_310P = "Ascend310P"
ASCEND_310 = "Ascend310"

_soc = {}  # key -> value of the SoC being compiled for
_core_type = ["AiCore"]


def load(platform_config_dir, soc_version):
    ini = configparser.ConfigParser()
    path = Path(platform_config_dir) / f"{soc_version}.ini"
    if not ini.read(path):
        raise FileNotFoundError(f"tbe stand-in: no platform config {path}")
    _soc.clear()
    _soc.update(
        {
            "SOC_VERSION": ini["version"]["SoC_version"],
            "SHORT_SOC_VERSION": ini["version"]["Short_SoC_version"],
            "AIC_ARCH": ini["version"]["CCEC_AIC_version"],
            "AIV_ARCH": ini["version"].get("CCEC_AIV_version", ""),
            "cube_vector_combine": ini["SoCInfo"].get("cube_vector_combine", ""),
        }
    )


def set_soc_spec(core_type):
    """The core type the next compile is for: AiCore or VectorCore."""
    _core_type[0] = core_type


def set_current_compile_soc_info(*args, **kwargs):
    raise NotImplementedError("tbe stand-in: set_current_compile_soc_info is not used by a binary compile")


def get_soc_spec(key):
    if key == "AICORE_TYPE":
        return _core_type[0]
    if key == "Compiler_arch":
        return _soc["AIV_ARCH"] if _core_type[0] == "VectorCore" else _soc["AIC_ARCH"]
    if key not in _soc:
        raise KeyError(f"tbe stand-in: no platform fact {key!r} (scripts/cann_check/tbe_standin)")
    return _soc[key]
