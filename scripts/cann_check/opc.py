"""The op compiler's steps before ccec runs, as CANN's own scripts do them (tbe/tikcpp compile_op.py, asc-devkit
asc_op_compiler/compile_op.py): the kernel is preprocessed with __CHECK_FEATURE_AT_PRECOMPILE, which turns
KERNEL_TASK_TYPE(_DEFAULT) and REGISTER_TILING_DEFAULT into marker declarations; the kernel types, the tiling keys
and the tiling struct are then read back from the .i file by regular expressions (written here from their documented
behaviour: `g_tilingKey == (<literal>` per key, `__enable_feature_for_compile_<key|default> = <type>;`,
`__enable_custom_tiling <struct> = default;`)."""

import re

KEY_RE = re.compile(r"g_tilingKey == \((-?\d+)")
ANY_KEY_RE = re.compile(r"g_tilingKey == \((.*?)\)")
TYPE_DEFAULT_RE = re.compile(r"__enable_feature_for_compile_default\s*=\s*([0-9a-zA-Z_]+)\s*;")
TYPE_KEY_RE = re.compile(r"__enable_feature_for_compile_(-?\d+)([a-zA-Z]*)\s*=\s*([0-9a-zA-Z_]+)\s*;")
TILING_RE = re.compile(r"__enable_custom_tiling\s*([0-9a-zA-Z_:]+)\s*=\s*default;")


def key_regexes(hs):
    """The key precompiler's own two patterns (numeric key, any key), read from the header set's compile_op.py
    (find_tilingkey) when it has one; the documented ones otherwise."""
    scripts = []
    if hs.constants_py:
        scripts += sorted(hs.constants_py.parent.glob("compile_op.py")) + sorted(
            hs.constants_py.parent.glob("kernel_info_infer.py")
        )
    for script in scripts:
        found = re.findall(r're\.findall\(r"(g_tilingKey[^"]*)"', script.read_text())
        if len(found) >= 2:
            return re.compile(found[0]), re.compile(found[1])
    return KEY_RE, ANY_KEY_RE


def read_precompiled(text, key_re=KEY_RE, any_key_re=ANY_KEY_RE):
    """(keys, default kernel type, {key: kernel type}, tiling struct, problems) of a preprocessed kernel."""
    problems = []
    keys = key_re.findall(text)
    if not keys and any_key_re.search(text):
        problems.append(
            f"TILING_KEY_IS({any_key_re.search(text).group(1)}) is not a numeric literal: the key "
            "precompiler cannot read it"
        )
    elif not keys:
        problems.append("no TILING_KEY_IS(<literal>) found: the binary registers key 0 only")
    default = TYPE_DEFAULT_RE.search(text)
    per_key = {m.group(1): m.group(3) for m in TYPE_KEY_RE.finditer(text)}
    tiling = TILING_RE.search(text)
    if not tiling:
        problems.append("no REGISTER_TILING_DEFAULT(<struct>) found")
    return (
        sorted(set(keys), key=int),
        default.group(1) if default else None,
        per_key,
        tiling.group(1) if tiling else None,
        problems,
    )


# Core types a kernel type runs on (asc-devkit docs 设置Kernel类型.md): dav-c220 vector (AIV) / cube (AIC) cores;
# on dav-m200 the AI Core, and the Vector Core for MIX_VECTOR_CORE (KERNEL_TYPE_MIX_VECTOR_CORE runs on both).
# dav-3510 takes the same types on its vector / cube cores (asc-devkit config/ascend950.py: support_mix).
CORES_OF_TYPE = {
    "KERNEL_TYPE_AIV_ONLY": ["c220-vec", "3510-vec"],
    "KERNEL_TYPE_MIX_AIV_1_0": ["c220-vec", "3510-vec"],
    "KERNEL_TYPE_AIC_ONLY": ["c220-cube", "3510-cube"],
    "KERNEL_TYPE_MIX_AIC_1_0": ["c220-cube", "3510-cube"],
    "KERNEL_TYPE_MIX_AIC_1_1": ["c220-vec", "c220-cube", "3510-vec", "3510-cube"],
    "KERNEL_TYPE_MIX_AIC_1_2": ["c220-vec", "c220-cube", "3510-vec", "3510-cube"],
    "KERNEL_TYPE_AICORE": ["m200"],
    "KERNEL_TYPE_MIX_AICORE": ["m200"],
    "KERNEL_TYPE_VECTORCORE": ["m200-vec"],
    "KERNEL_TYPE_MIX_VECTOR_CORE": ["m200", "m200-vec"],
}

# The compiler's predefined macros per core type. The 8.1.RC1 headers select the arch by __CCE_AICORE__ and
# __DAV_*__ alone; asc-devkit also by __NPU_ARCH__ (2201 dav-c220, 2002 dav-m200) and __DAV_VEC__ / __DAV_CUBE__
# (the conditions its compile_op.py / ascendc_compile_gen_code.py emit), added for header sets that use them.
# dav-3510 exists in asc-devkit only: __DAV_C310__ (ascendc_compile_v220.py:82) and __NPU_ARCH__ 3510 with
# __DAV_VEC__ / __DAV_CUBE__ (ascendc_compile_gen_code.py:135-142).
CORE_DEFINES = {
    "3510-vec": ["__DAV_C310__"],
    "3510-cube": ["__DAV_C310__"],
    "c220-vec": ["__CCE_AICORE__=220", "__DAV_C220_VEC__"],
    "c220-cube": ["__CCE_AICORE__=220", "__DAV_C220_CUBE__"],
    "m200": ["__CCE_AICORE__=200", "__DAV_M200__"],
    "m200-vec": ["__CCE_AICORE__=200", "__DAV_M200_VEC__", "__ENABLE_VECTOR_CORE__"],
}
NPU_ARCH_DEFINES = {
    "3510-vec": ["__NPU_ARCH__=3510", "__DAV_VEC__"],
    "3510-cube": ["__NPU_ARCH__=3510", "__DAV_CUBE__"],
    "c220-vec": ["__NPU_ARCH__=2201", "__DAV_VEC__"],
    "c220-cube": ["__NPU_ARCH__=2201", "__DAV_CUBE__"],
    "m200": ["__NPU_ARCH__=2002"],
    "m200-vec": ["__NPU_ARCH__=2002"],
}
PRIMARY_CORE = {"m200": "m200", "c220": "c220-vec", "3510": "3510-vec"}
# The families a header set knows: dav-3510 only the ones that define __NPU_ARCH__ (asc-devkit, CANN 8.3 on).
NPU_ARCH_ONLY_FAMILIES = {"3510"}

# tikicpulib's defines per SoC (targets-tikicpulib.cmake: ascend310p, ascend910B1).
CPU_DEFINES = {
    "m200": ["__CCE_AICORE__=200", "__DAV_M200__"],
    "c220": ["__CCE_AICORE__=220", "__DAV_C220__"],
    "3510": ["__NPU_ARCH__=3510", "__DAV_C310__"],
}
CPU_COMMON = ["_GLIBCXX_USE_CXX11_ABI=0", "__CCE_KT_TEST__=1", "ASCENDC_CPU_DEBUG=1", "ASCENDC_DEBUG=1"]


def cores_of(family, default_type, per_key, valid_types):
    """(core types to compile, problems) for the kernel types an instance declares on its family."""
    problems, cores = [], []
    declared = ([default_type] if default_type else []) + sorted(set(per_key.values()))
    if not declared:
        problems.append("no KERNEL_TASK_TYPE_DEFAULT: the op compiler cannot tell the kernel type")
    for t in declared:
        if valid_types is not None and t not in valid_types[family]:
            problems.append(f"kernel type {t} is not valid on {family} (the op compiler drops it)")
        for c in CORES_OF_TYPE.get(t, []):
            if c.startswith(family) and c not in cores:
                cores.append(c)
    return cores or [PRIMARY_CORE[family]], problems


def tiling_header(struct):
    """Stand-in for the tiling header the op compiler generates for a REGISTER_TILING_DEFAULT struct (its dynamic
    form: the struct as written, copied from the tiling argument)."""
    return f"""// Generated by scripts/cann_check (stand-in for the op compiler's tiling header).
#pragma once
#include "kernel_tiling/kernel_tiling.h"
#if defined(ASCENDC_CPU_DEBUG)
#include "kernel_log.h"
#endif
template <class T>
__aicore__ inline void InitTilingData(const __gm__ uint8_t* tiling, T* data);
#define GET_TILING_DATA(tiling_data, tiling_arg) \\
    {struct} tiling_data;                    \\
    InitTilingData<{struct}>(tiling_arg, &tiling_data);
#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg) \\
    tiling_struct tiling_data;                                          \\
    InitTilingData<tiling_struct>(tiling_arg, &tiling_data);
"""


def wrapper(source, struct):
    """Stand-in for the op compiler's generated kernel wrapper: it includes the kernel, then names the tiling struct
    as written at namespace scope (its tiling-size section, sizeof(<struct>))."""
    return f"""// Generated by scripts/cann_check (stand-in for the op compiler's kernel wrapper).
#include "{source}"
static const uint64_t ascendops_check_tiling_size = sizeof({struct});
"""
