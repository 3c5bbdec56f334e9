"""The opp package's asc-config flow (CANN 8.3+, cmake/npu.cmake) against the open-source header set, as far as the
set allows. The set is headers and the op compiler's Python: asc-devkit's cmake/asc (asc-config.cmake, the
npu_op_* functions and their Python utilities) is not in it, so the project cannot be configured; what the set has:
  asc-config  named missing (an 8.3+ install ships it as <arch>-linux/lib64/cmake/asc-config.cmake)
  op info     the OpDef sources linked as opbuild links them (g++ -shared against the registration library, here
              the STAND-IN libregister.so built against the set's metadef op_def.h), and the STAND-IN op_build in the
              open-source opbuild's form (prebuildPattern, coreType, jitCompile): the op info per SoC against the
              OpDefs' tables (units.py)
The kernels' side of this set (the op compiler's precompile and the device compile) is check.py's opc and device
modes; its op compiler driver (asc_op_compile_base) loads the platform through a compiled library no header set has.
"""

import subprocess
import sys
from pathlib import Path

import flow_template
import units

HERE = Path(__file__).resolve().parent


def run_flow(hs, repo, scratch_dir, pre, ccec_config, jobs, quick):
    steps = []
    asc = next(iter(sorted(Path(hs.root).glob("**/asc-config.cmake"))), None)
    steps.append(
        flow_template.Step(
            "asc-config",
            True,
            f"{asc}"
            if asc
            else "not in the set (asc-devkit's cmake/asc): the asc-config project (cmake/npu.cmake) is "
            "not configured here; an 8.3+ install ships it as <arch>-linux/lib64/cmake/asc-config.cmake",
        )
    )
    work = Path(scratch_dir) / "flow_open"
    lib64, autogen = work / "lib64", work / "autogen"
    lib64.mkdir(parents=True)
    autogen.mkdir()
    # The set's host headers, and what check.py's scratch folder adds to them (the generated kernel_tiling.h, the
    # links an install has), as the host mode compiles with.
    links = Path(scratch_dir) / "links"
    includes = sum((["-I", str(p)] for p in hs.host_includes + [links / "host", links]), [])
    build = [
        [
            "g++",
            "-std=c++17",
            "-fPIC",
            "-shared",
            "-D_GLIBCXX_USE_CXX11_ABI=0",
            *includes,
            str(HERE / "opbuild_standin/op_def_standin.cpp"),
            "-o",
            str(lib64 / "libregister.so"),
        ],
    ]
    (work / "empty.c").write_text("// stand-in: an empty library (flow_open.py)\n")
    build += [
        ["cc", "-shared", "-fPIC", str(work / "empty.c"), "-o", str(lib64 / n)]
        for n in ("libexe_graph.so", "libtiling_api.so")
    ]
    host = [str(Path(repo) / u) for u in units.opp_host_sources(repo)]
    # opbuild's own command (msopgen's cmake/func.cmake), with our C++17 and include root first.
    build.append(
        [
            "g++",
            "-g",
            "-fPIC",
            "-shared",
            "-std=c++17",
            f"-I{repo}",
            "-DASCENDOPS_WITH_CANN",
            *host,
            "-D_GLIBCXX_USE_CXX11_ABI=0",
            *includes,
            "-L",
            str(lib64),
            "-lexe_graph",
            "-lregister",
            "-ltiling_api",
            "-o",
            str(autogen / "libascend_all_ops.so"),
        ]
    )
    for cmd in build:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            steps.append(flow_template.Step("op info", False, "the OpDef library", flow_template.first_error(p.stdout)))
            return steps
    env = {"LD_LIBRARY_PATH": str(lib64), "ENABLE_SOURCE_PACKAGE": "False", "PATH": "/usr/bin:/bin"}
    p = subprocess.run(
        [
            sys.executable,
            str(HERE / "opbuild_standin/op_build.py"),
            "--open-set",
            str(autogen / "libascend_all_ops.so"),
            str(autogen),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    inis = {ini.name.split("-")[1]: ini for ini in sorted(autogen.glob("aic-*-ops-info.ini"))}
    problems = [] if p.returncode == 0 else [flow_template.first_error(p.stdout)]
    problems += flow_template.check_op_info(hs, repo, inis)
    for soc, ini in inis.items():
        for op, section in flow_template.read_ini(ini).items():
            if (section.get("prebuildPattern.value"), section.get("coreType.value")) != ("Opaque", "AiCore"):
                problems.append(f"{soc} {op}: no prebuildPattern / coreType as the open-source opbuild writes them")
    per_soc = ", ".join(f"{soc} {len(flow_template.read_ini(p))} ops" for soc, p in inis.items())
    steps.append(
        flow_template.Step(
            "op info",
            not problems,
            f"the OpDefs against the set's op_def.h (STAND-IN libregister.so and op_build): {per_soc}, each dtype "
            "combination as the OpDefs' tables give it",
            "; ".join(problems),
        )
    )
    return steps
