"""What the opp package builds, read from the tables the OpDefs and the twin build read (never a list of our own).

Kernel instances: one per OpDef dtype combination and SoC family (the op compiler compiles each registered
combination with -DDTYPE_<PARAM>=<C type>, ascendc_impl_build.py's DTYPE_MAP, read from the toolkit); the core types
each instance is compiled for follow from the kernel types the kernel itself declares (opc.py).
"""

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Instance:
    op: str  # kernel folder under op_kernel/
    source: str  # entry file, relative to the repository root
    name: str  # instance label: <entry>[_<combo>]_<family>
    family: str  # m200 or c220
    dtypes: dict = field(default_factory=dict)  # DTYPE_<PARAM> -> ge DT_* name


def _read(root, rel):
    return (Path(root) / rel).read_text()


def _opdef_socs(root, op):
    """The SoCs an OpDef registers (AddAiCoreConfigs / AddA2A3Configs string literals)."""
    return sorted(set(re.findall(r"\"(ascend(?:310p|910b|910_93|950))\"", _read(root, f"op_host/{op}/{op}_def.cpp"))))


def soc_families(root):
    """SoC (OpDef AddConfig name) -> the family of its kernel build, its core architecture without "dav-"
    (ascend910b and ascend910_93 are one family, c220), read from the SoC table (ascendc_sim/platform/soc.cpp)."""
    rows = re.findall(r"\"(ascend\w+)\",\s*\"[^\"]*\",\s*Arch::kDav(\w+),", _read(root, "ascendc_sim/platform/soc.cpp"))
    return {soc: arch.lower() for soc, arch in rows}


def _families(root, op):
    family = soc_families(root)
    return sorted({family[s] for s in _opdef_socs(root, op)})


def _data_type_numbers(root):
    """ascendops::DataType enumerators -> their numbers (equal to ge::DataType's)."""
    text = _read(root, "ascendc_sim/platform/dtype.h")
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"\b(k\w+) = (\d+),", text)}


def ge_names(types_h):
    """ge::DataType number -> DT_* name, from the header set's graph/types.h (newer metadef spells the numbers in
    c_types.h: DT_X = ::C_DT_X)."""
    types_h = Path(types_h)
    text = types_h.read_text()
    c_types = types_h.parent / "c_types.h"
    c_numbers = {}
    if c_types.exists():
        found = re.finditer(r"^\s*(C_DT_\w+) = (\d+),", c_types.read_text(), re.M)
        c_numbers = {m.group(1): int(m.group(2)) for m in found}
    out = {int(m.group(2)): m.group(1) for m in re.finditer(r"^\s*(DT_\w+) = (\d+),", text, re.M)}
    for m in re.finditer(r"^\s*(DT_\w+) = ::(C_DT_\w+),", text, re.M):
        if m.group(2) in c_numbers:
            out[c_numbers[m.group(2)]] = m.group(1)
    return out


def cast_instances(root):
    plan = _read(root, "op_kernel/cast/cast_plan.h")
    order = re.search(r"enum class CastType : uint8_t \{([^}]*)\}", plan).group(1)
    tags = [t.strip()[1:] for t in order.split(",") if t.strip() and t.strip() != "kCount"]
    ge = re.search(r"kGeTypes\[[^]]*\] = \{([^}]*)\}", _read(root, "op_host/cast/cast_def.cpp")).group(1)
    ge_of = dict(zip(tags, re.findall(r"ge::(DT_\w+)", ge)))
    rows = re.findall(r"^ *\{T::k(\w+), T::k(\w+),", plan, re.M)
    out = []
    for fam in _families(root, "cast"):
        for src, dst in rows:
            out.append(
                Instance(
                    "cast",
                    "op_kernel/cast/cast.cpp",
                    f"cast_{src}_{dst}_{fam}",
                    fam,
                    {"X": ge_of[src], "Y": ge_of[dst]},
                )
            )
    return out


def split_instances(root, ge_of_number):
    text = _read(root, "op_host/split/split_tiling.h")
    body = re.search(r"kSplitTypes\[\] = \{([^}]*)\}", text).group(1)
    numbers = _data_type_numbers(root)
    out = []
    for fam in _families(root, "split"):
        for t in re.findall(r"DataType::(k\w+)", body):
            ge = ge_of_number[numbers[t]]
            out.append(Instance("split", "op_kernel/split/split.cpp", f"split_{t[1:]}_{fam}", fam, {"X": ge, "Y": ge}))
    return out


def gdn_instances(root, ge_of_number):
    text = _read(root, "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h")
    body = re.search(r"kDtypeCombos\[\] = \{(.*?)\n\};", text, re.S).group(1)
    numbers = _data_type_numbers(root)
    out = []
    for fam in _families(root, "fused_gdn_decode"):
        combos = re.findall(r"\{\s*DataType::(k\w+),\s*DataType::(k\w+),\s*DataType::(k\w+),\s*DataType::(k\w+),", body)
        for inp, state, bias, index in combos:
            names = {"MIXED_QKV": inp, "STATE": state, "DT_BIAS": bias, "SSM_STATE_INDICES": index}
            dt = {param: ge_of_number[numbers[t]] for param, t in names.items()}
            out.append(
                Instance(
                    "fused_gdn_decode",
                    "op_kernel/fused_gdn_decode/fused_gdn_decode.cpp",
                    f"fused_gdn_decode_{inp[1:]}_{state[1:]}_{bias[1:]}_{index[1:]}_{fam}",
                    fam,
                    dt,
                )
            )
    return out


def single_combo_instances(root):
    """Kernels whose OpDef registers one dtype combination: EmbeddingDenseGrad, FusedSwigluGrad's three."""
    out = []
    for fam in _families(root, "embedding_dense_grad"):
        out.append(
            Instance(
                "embedding_dense_grad",
                "op_kernel/embedding_dense_grad/embedding_dense_grad.cpp",
                f"embedding_dense_grad_{fam}",
                fam,
            )
        )
    for part in ("b", "w", "x"):
        for fam in _families(root, "fused_swiglu_grad"):
            out.append(
                Instance(
                    "fused_swiglu_grad",
                    f"op_kernel/fused_swiglu_grad/fused_swiglu_grad_{part}.cpp",
                    f"fused_swiglu_grad_{part}_{fam}",
                    fam,
                )
            )
    return out


def kernel_instances(root, types_h):
    ge_of_number = ge_names(types_h)
    return (
        cast_instances(root)
        + split_instances(root, ge_of_number)
        + gdn_instances(root, ge_of_number)
        + single_combo_instances(root)
    )


def host_units(root):
    """Every NPU host unit: OpDefs, InferShape, tiling contexts, CANN's matmul tiling, _C_npu's sources (the bindings
    _C has too), the C example."""
    r = Path(root)
    units = sorted(
        str(p.relative_to(r))
        for pat in ("op_host/*/*_def.cpp", "op_host/*/*_infershape.cpp", "op_host/*/*_tiling_context.cpp")
        for p in r.glob(pat)
    )
    units.append("op_host/common/matmul_tiling_cann.cpp")
    units += npu_module_sources(root)
    units += sorted(str(p.relative_to(r)) for p in r.glob("examples/*/main.cpp"))
    units += opapi_units(root)
    return units


def cmake_list(root, script, key):
    """The ;-list a CMake file prints as its <key>=... line in script mode, as repository-relative paths."""
    out = subprocess.run(
        ["cmake", "-P", str(Path(root) / script)], stdout=subprocess.PIPE, text=True, check=True
    ).stdout
    value = next(line.split("=", 1)[1] for line in out.splitlines() if line.startswith(f"{key}="))
    return [str(Path(p).resolve().relative_to(Path(root).resolve())) for p in value.split(";")]


def opp_host_sources(root):
    """The opp package's host sources, as cmake/opp_sources.cmake lists them for every operator."""
    return cmake_list(root, "cmake/opp_sources.cmake", "HOST")


def npu_module_sources(root):
    """ascendops._C_npu's sources, as cmake/bindings_sources.cmake lists them."""
    return cmake_list(root, "cmake/bindings_sources.cmake", "NPU")


def opapi_units(root):
    """op_api's NPU library (libascendops_opapi.so): the op_api sources cmake/opp_sources.cmake and the operator
    registry (python/ascendops/registry.json) list."""
    text = _read(root, "cmake/opp_sources.cmake") + _read(root, "python/ascendops/registry.json")
    return sorted(set(re.findall(r"\b(op_api/[\w/]+\.cpp)\b", text)))
