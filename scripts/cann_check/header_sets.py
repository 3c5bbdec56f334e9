"""Where each header set keeps what a build needs: kernel include lists (device path, CPU-debug), host headers, the op
compiler's own tables. Two layouts: an installed CANN 8.x toolkit (`<root>/<arch>-linux/...`, e.g. 8.1.RC1) and the
open-source parts at their heads (asc-devkit, metadef, opbase side by side, CANN 8.3 and later)."""

import re
from dataclasses import dataclass, field
from pathlib import Path

STANDINS = Path(__file__).resolve().parent / "standins"  # our stand-ins for headers no public repository has


@dataclass
class HeaderSet:
    label: str
    root: Path
    device_includes: list  # -I list of the kernel build (device path)
    cpu_includes: list  # tikicpulib's include list (CPU-debug), empty when the set has no stubs
    host_includes: list  # OpDef / tiling / aclnn / acl headers
    stub_fun: Path = None  # tikicpulib's stub_fun.h: every CCE intrinsic as a declaration
    ccec_include: Path = None  # ccec's own headers (__clang_cce_types.h, cce_aicore_intrinsics.h)
    types_h: Path = None  # graph/types.h (ge::DataType numbers)
    impl_build_py: Path = None  # the op compiler's DTYPE_MAP (ascendc_impl_build.py)
    constants_py: Path = None  # STR_TO_KERNEL_TYPE_V200 / _V220 (ascendc_constants.py)
    layout_links: dict = field(default_factory=dict)  # scratch path -> real header: links an install has
    generated: list = field(default_factory=list)  # (command with {out}, header) the set's own build generates
    npu_arch: bool = False  # the headers select the arch by __NPU_ARCH__ (asc-devkit)
    flow: object = None  # the module that runs the set's package build flow (run(...) -> report lines), if any


class TemplateFlowRunner:
    """The msopgen template flow (flow_template.py) of a toolkit that ships the template (CANN 8.0 / 8.1)."""

    @staticmethod
    def run(*args):
        import flow_template

        return flow_template.run_flow(*args)


class OpenFlowRunner:
    """What the open set shows of the asc-config flow (flow_open.py); it needs the toolkit's op compiler tables."""

    @staticmethod
    def run(*args):
        import flow_open

        return flow_open.run_flow(*args)


def _first(*paths):
    for p in paths:
        if p and Path(p).exists():
            return Path(p)
    return None


class BadInput(Exception):
    """A root that is no header set of the kind asked for (check.py: one line, exit 2)."""


def toolkit(root):
    """An installed toolkit (ASCEND_HOME_PATH): tikicpulib's include list (targets-tikicpulib.cmake) maps
    compiler/tikcpp/tikcfw{,/impl,/interface} to ascendc/include/basic_api and compiler/ascendc to ascendc/."""
    root = Path(root).resolve()
    arch = next((d for d in sorted(root.glob("*-linux")) if (d / "ascendc/include/basic_api").exists()), None)
    if arch is None:
        raise BadInput(f"{root} has no <arch>-linux/ascendc/include/basic_api: not a CANN 8.x toolkit")
    basic = arch / "ascendc/include/basic_api"
    high = arch / "ascendc/include/highlevel_api"
    kernel = [
        basic,
        basic / "impl",
        basic / "interface",
        high / "lib",
        high / "impl",
        high / "lib/matmul",
        high,
        arch / "include",
    ]
    ccec = next(iter(sorted((arch / "ccec_compiler/lib/clang").glob("*/include"))), None)
    stubs = root / "tools/tikicpulib/lib/include"
    tikcpp = _first(root / "python/site-packages/tbe/tikcpp", arch / "tikcpp")
    impl_build = _first(root / "tools/op_project_templates/ascendc/customize/cmake/util/ascendc_impl_build.py")
    has_template = (root / "tools/op_project_templates/ascendc/customize/cmake/func.cmake").exists()
    return HeaderSet(
        flow=TemplateFlowRunner if has_template else None,
        label=root.name,
        root=root,
        device_includes=kernel,
        cpu_includes=[stubs] + kernel if stubs.exists() else [],
        host_includes=[arch / "include", high, high / "tiling" if (high / "tiling").exists() else high],
        stub_fun=_first(stubs / "stub_fun.h"),
        ccec_include=ccec,
        types_h=arch / "include/graph/types.h",
        impl_build_py=impl_build,
        constants_py=_first(tikcpp / "ascendc_constants.py") if tikcpp else None,
        # An install links lib/matmul_intf.h (what CANN's own kernels include) into the kernel include root.
        # and tiling/tiling_api.h (the documented host include for the high-level APIs' tilings) to lib/.
        layout_links={
            "lib/matmul_intf.h": high / "lib/matmul/matmul_intf.h",
            "tiling/tiling_api.h": high / "lib/tiling_api.h",
        },
    )


def open_sources(root, toolkit_set=None):
    """asc-devkit + metadef + opbase (cann-open). The include list is the op compiler's own (asc-devkit
    tools/build/asc_op_compile_base/adapter/compile_op.py, _update_compile_option, with asc = the devkit root).
    Intrinsic declarations and ccec's builtin types are the compiler's, which no public repository has: they come
    from `toolkit_set` (an installed toolkit) when one is given."""
    root = Path(root).resolve()
    asc = root / "asc-devkit"
    if not (asc / "include/kernel_operator.h").exists():
        raise BadInput(f"--open {root} has no asc-devkit/include/kernel_operator.h: not the open header set")
    kernel = [
        asc / "impl/adv_api",
        asc / "impl/basic_api",
        asc / "impl/c_api",
        asc / "impl/basic_api/reg_compute",
        asc / "impl/simt_api",
        asc / "impl/utils",
        asc,
        asc / "include",
        asc / "include/adv_api",
        asc / "include/basic_api",
        asc / "include/aicpu_api",
        asc / "include/c_api",
        asc / "include/basic_api/reg_compute",
        asc / "include/simt_api",
        asc / "include/utils",
    ]
    meta = root / "metadef/inc"
    host = [
        meta / "external",
        # The graph engine's public headers (graph/operator_reg.h, operator.h, ...), which register/op_def.h includes:
        # an install's include/ holds them beside metadef's inc/external.
        root / "ge/inc/graph_metadef/external",
        meta / "external/asc",
        meta,
        root / "opbase/include/nnopbase",
        root / "opbase/include",
        root / "opbase/pkg_inc",
        asc / "include/utils",
        asc / "include/adv_api",
        asc / "include",
        STANDINS,
    ]
    tools = asc / "tools/build/asc_op_compile_base"
    return HeaderSet(
        flow=OpenFlowRunner if toolkit_set and toolkit_set.impl_build_py else None,
        label=root.name,
        root=root,
        device_includes=kernel,
        cpu_includes=[],
        host_includes=host,
        npu_arch=True,
        stub_fun=toolkit_set.stub_fun if toolkit_set else None,
        ccec_include=toolkit_set.ccec_include if toolkit_set else None,
        types_h=_first(meta / "external/graph/types.h", meta / "graph/types.h"),
        impl_build_py=toolkit_set.impl_build_py if toolkit_set else None,
        constants_py=_first(*sorted(tools.glob("**/ascendc_constants.py"))),
        # kernel_tiling/kernel_tiling.h is generated by the devkit's build (impl/adv_api/gen_kernel_tiling.cmake).
        generated=[
            (
                [
                    "python3",
                    str(asc / "impl/adv_api/cmake/scripts/gen_kernel_tiling_data_def.py"),
                    str(asc / "include/adv_api"),
                    "{out}",
                ],
                "kernel_tiling/kernel_tiling.h",
            )
        ],
        # The ACL runtime headers (acl/) are in no repository of the set: an installed toolkit's (or torch-npu's).
        layout_links={
            "lib/matmul_intf.h": asc / "include/adv_api/matmul/matmul_intf.h",
            "tiling/tiling_api.h": asc / "include/adv_api/tiling_api.h",
            "host/acl": (toolkit_set.root / "aarch64-linux/include/acl") if toolkit_set else None,
        },
    )


def dtype_map(hs):
    """ge DT_* name -> C type the op compiler defines DTYPE_<PARAM> to (ascendc_impl_build.py DTYPE_MAP)."""
    fallback = {
        "DT_FLOAT": "float",
        "DT_FLOAT16": "half",
        "DT_INT8": "int8_t",
        "DT_INT16": "int16_t",
        "DT_INT32": "int32_t",
        "DT_INT64": "int64_t",
        "DT_UINT8": "uint8_t",
        "DT_BOOL": "bool",
        "DT_BF16": "bfloat16_t",
    }  # asc-devkit's op_build keeps the same names (its own DTYPE_MAP)
    if not hs.impl_build_py:
        return fallback
    text = hs.impl_build_py.read_text()
    return {m.group(1): m.group(2) for m in re.finditer(r'"\w+": \["(DT_\w+)", "(\w+)"\]', text)} or fallback


def kernel_types(hs):
    """The kernel types the op compiler accepts per core version: {"m200": {...}, "c220": {...}}."""
    if not hs.constants_py:
        return None
    text = hs.constants_py.read_text()
    out = {}
    for fam, var in (("m200", "STR_TO_KERNEL_TYPE_V200"), ("c220", "STR_TO_KERNEL_TYPE_V220")):
        m = re.search(var + r"\s*=\s*\{(.*?)\}", text, re.S)
        out[fam] = set(re.findall(r'"(KERNEL_TYPE_\w+)"', m.group(1))) if m else set()
    out["3510"] = out["c220"]  # config/ascend950.py compiles with the v220 kernel-type handling
    return out
