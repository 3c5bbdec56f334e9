"""The opp package through msopgen's template flow (CANN 8.0 / 8.1), run here as far as the header set allows.

What scripts/build.sh runs on an Atlas machine, step by step, over an install-shaped view of the header set
(toolkit_view.py), each step by the template's own CMake functions and Python utilities from the set:
  generate   cmake/template_project.cmake: the project from the set's template (what build.sh generates)
  configure  cmake --preset=default: the template's config/func/intf.cmake; its opbuild() links the OpDef sources
             and runs op_build, a binary: the STAND-IN (opbuild_standin/) writes the op info only
  op info    the template's parse_ini_to_json.py (targets ops_info_gen_<soc>) and gen_ops_filter.sh
             (npu_supported_ops): the op info per SoC against the OpDefs' tables (units.py)
  kernels    the template's <OpType>_<soc> targets (ascendc_compile_kernel.py: ascendc_impl_build.py writes the op
             implementation, ascendc_bin_param_build.py one binary compile json and opc script per dtype combination),
             then opc, a binary: the STAND-IN (opc_standin.py) runs the set's op compiler driver (tbe/tikcpp), which
             generates the kernel wrapper and the tiling header and runs ccec per tiling key and core type: the
             STAND-IN (ccec_standin.py) records the command line and compiles what it is given with clang
  ccec       per compiled kernel instance: the arch of each command is one the kernel's declared types run on, every
             tiling key is compiled, DTYPE_<PARAM> names the instance's types, -I<repository> and
             -DASCENDOPS_WITH_CANN (the project's add_ops_compile_options) are there, and clang accepts the generated
             wrapper and tiling header
  stops at   ld.lld (the ccec toolchain links the kernel objects ccec would have made), and the host libraries'
             link (lib64/libnnopbase.so, librt2_registry.a, ... are binaries), which the package (CPack) needs
opc runs the driver for one SoC per family (ascend910b and ascend910_93 build the same dav-c220 kernels); --quick for
one dtype combination per OpType and family (the CI budget). Every other call is recorded and counted.
"""

import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import header_sets
import opc
import units

CORE_OF_ARCH = {
    "dav-c220-vec": "c220-vec",
    "dav-c220-cube": "c220-cube",
    "dav-m200": "m200",
    "dav-m200-vec": "m200-vec",
    "dav-c310-vec": "3510-vec",  # Ascend950*.ini CCEC_AIV_version / CCEC_AIC_version
    "dav-c310-cube": "3510-cube",
}


class Step:
    """One line of the flow's report: ok, or what failed; `note` says what ran, what stood in, where it stopped."""

    def __init__(self, name, ok, note="", error=""):
        self.mode, self.name, self.ok, self.error, self.blocked, self.note = "flow", name, ok, error, False, note


def run(cmd, cwd=None, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def cfg_types(hs):
    """Op-info dtype name -> ge DT_* name (the template's ascendc_impl_build.py DTYPE_MAP)."""
    text = hs.impl_build_py.read_text()
    return {m.group(1): m.group(2) for m in re.finditer(r'"(\w+)": \["(DT_\w+)", "\w+"\]', text)}


def read_ini(path):
    """[OpType] -> {key: value} of an op-info ini."""
    ops, cur = {}, None
    for line in Path(path).read_text().splitlines():
        if line.startswith("["):
            cur = ops.setdefault(line.strip("[]"), {})
        elif "=" in line and cur is not None:
            k, v = line.split("=", 1)
            cur[k] = v
    return ops


def combos(section, cfg):
    """The dtype combinations of an op-info section: [{PARAM: DT_*}], one per column of the dtype lists."""
    params = {}
    for key, value in section.items():
        m = re.match(r"(input|output)(\d+)\.dtype$", key)
        if m:
            name = section[f"{m.group(1)}{m.group(2)}.name"].upper()
            params[name] = [cfg[t] for t in value.split(",")]
    width = {len(v) for v in params.values()}
    return [{p: types[i] for p, types in params.items()} for i in range(width.pop() if width else 0)]


def check_op_info(hs, repo, inis):
    """Problems of the op info {soc: ini}: per OpType, its kernel file exists and its dtype combinations are the kernel
    instances the OpDefs' tables give (units.py) for the SoC's family."""
    cfg = cfg_types(hs)
    instances = units.kernel_instances(repo, hs.types_h)
    problems = []
    if not inis:
        problems.append("no op info was written")
    for soc, ini in inis.items():
        family = units.soc_families(repo)[soc]
        for op, section in read_ini(ini).items():
            found = sorted(Path(repo).glob(f"op_kernel/*/{section['opFile.value']}.cpp"))
            if not found:
                problems.append(f"{soc} {op}: no kernel file op_kernel/*/{section['opFile.value']}.cpp")
                continue
            source = found[0].relative_to(repo).as_posix()
            want = [i.dtypes for i in instances if i.source == source and i.family == family]
            got = combos(section, cfg)
            ours = sorted(sorted({k: c[k] for k in w}.items()) for c, w in zip(got, want)) if want else []
            if not want:
                problems.append(f"{soc} {op}: no kernel instance of {source} on {family}")
            elif len(got) != len(want) or ours != sorted(sorted(w.items()) for w in want):
                problems.append(f"{soc} {op}: {len(got)} dtype combinations, the OpDef tables give {len(want)}")
    return problems


class TemplateFlow:
    def __init__(self, hs, repo, scratch_dir, pre, ccec_config, jobs, quick):
        self.hs, self.repo, self.jobs, self.quick = hs, Path(repo), jobs, quick
        self.ccec_config = ccec_config  # the ccec stand-in's clang and per-core flags (ccec_standin.py)
        self.dir = Path(scratch_dir) / "flow"
        self.view = self.dir / "toolkit"
        self.project = self.dir / "project"
        self.build = self.project / "build_out"
        self.record = self.dir / "record"
        self.pre = pre  # (kernel source, family) -> check.precompile result: (Result, cores, struct, keys)
        self.cfg = cfg_types(hs)  # op-info dtype name -> DT_*
        self.ctypes = header_sets.dtype_map(hs)  # DT_* -> the C type DTYPE_<PARAM> names
        self.families = units.soc_families(repo)  # SoC -> kernel family (its core architecture)
        self.steps = []

    # ---- the steps
    def generate(self):
        import toolkit_view

        toolkit_view.make_view(self.hs.root, self.view)
        rc, out = run(
            [
                "cmake",
                f"-DASCEND_HOME_PATH={self.view}",
                f"-DPROJECT_DIR={self.project}",
                "-P",
                str(self.repo / "cmake/template_project.cmake"),
            ]
        )
        links = sorted(p.name for p in (self.project / "op_kernel").glob("*.cpp"))
        ok = rc == 0 and (self.project / "cmake/func.cmake").exists() and links
        self.steps.append(
            Step(
                "generate",
                ok,
                f"the set's template + our op_host/CMakeLists.txt; op_kernel: " f"{', '.join(links)}",
                "" if ok else out[-800:],
            )
        )
        return ok

    def configure(self):
        rc, out = run(["cmake", "--preset=default"], cwd=self.project)
        inis = {p.name.split("-")[1]: p for p in sorted((self.build / "autogen").glob("aic-*-ops-info.ini"))}
        # a SoC whose architecture this header set has no kernel build for (dav-3510 before the 9.x headers) is
        # left out of the op info, kernel and package steps, as check.py leaves its kernel instances out
        unbuildable = {s for s in inis if self.families.get(s) in opc.NPU_ARCH_ONLY_FAMILIES and not self.hs.npu_arch}
        self.inis = {s: p for s, p in inis.items() if s not in unbuildable}
        standin = "opbuild stand-in" in out or self.inis
        ok = rc == 0 and bool(self.inis)
        note = (
            "template cmake (config, func, intf) and op_host/op_kernel CMakeLists ran; opbuild() compiled and "
            "linked the OpDef sources with the template's command; op_build is a binary: STAND-IN op info for "
            f"{', '.join(self.inis)}"
            + (f" (not {', '.join(sorted(unbuildable))}: no kernel build in this header set)" if unbuildable else "")
        )
        self.steps.append(Step("configure", ok and standin, note, "" if ok else out[-1500:]))
        return ok

    def op_info(self):
        rc, out = run(
            ["cmake", "--build", str(self.build), "--target"]
            + [f"ops_info_gen_{soc}" for soc in self.inis]
            + ["npu_supported_ops"]
        )
        problems = [] if rc == 0 else [f"the op info targets failed: {out[-600:]}"]
        problems += check_op_info(self.hs, self.repo, self.inis)
        self.expected = {}  # (OpType, soc) -> the dtype combinations the package compiles
        for soc, ini in self.inis.items():
            js = self.build / f"op_kernel/tbe/op_info_cfg/ai_core/{soc}/aic-{soc}-ops-info.json"
            info = json.loads(js.read_text()) if js.exists() else {}
            for op, section in read_ini(ini).items():
                if info.get(op, {}).get("opFile", {}).get("value") != section["opFile.value"]:
                    problems.append(f"{soc} {op}: missing from parse_ini_to_json.py's {js.name}")
                self.expected[(op, soc)] = combos(section, self.cfg)
        supported = self.build / "op_kernel/tbe/op_info_cfg/ai_core/npu_supported_ops.json"
        names = json.loads(supported.read_text()) if supported.exists() else {}
        missing = {op for op, _ in self.expected} - set(names)
        if missing:
            problems.append(f"gen_ops_filter.sh's npu_supported_ops.json lacks {sorted(missing)}")
        per_soc = ", ".join(f"{soc} {len(read_ini(p))} ops" for soc, p in self.inis.items())
        note = (
            f"parse_ini_to_json.py and gen_ops_filter.sh: {per_soc}; {sum(map(len, self.expected.values()))} "
            "dtype combinations, each as the OpDefs' tables give it"
        )
        self.steps.append(Step("op info", not problems, note, "; ".join(problems)))

    def kernels(self):
        self.record.mkdir(parents=True, exist_ok=True)
        # The binary compile links the tiling library into the compile's opp folder (ascendc_compile_kernel.py
        # ascendc_put_tiling); linking it needs the toolkit's libraries: a placeholder file stands in for the path.
        tiling = self.build / "op_host/libcust_opmaster_rt2.0.so"
        tiling.parent.mkdir(parents=True, exist_ok=True)
        tiling.write_text("placeholder: the tiling library's link needs the toolkit's libraries\n")
        env = dict(os.environ)
        env["PATH"] = f"{self.view}/bin:{self.view}/compiler/ccec_compiler/bin:{env['PATH']}"
        env.update(
            ASCENDOPS_FLOW_RECORD=str(self.record),
            ASCENDOPS_FLOW_TOOLKIT=str(self.view),
            ASCENDOPS_FLOW_REPO=str(self.repo),
            ASCENDOPS_CCEC_STANDIN=str(self.ccec_config),
            MAKEFLAGS="-k",
        )  # every dtype combination's opc script and every tiling key, past the first stop
        firsts = {}  # one SoC per family: ascend910b and ascend910_93 compile the same kernels (dav-c220)
        for soc in (s for s in self.families if s in self.inis):
            firsts.setdefault(self.families[soc], soc)
        env["ASCENDOPS_FLOW_SOCS"] = ",".join(firsts.values())
        if self.quick:
            env["ASCENDOPS_FLOW_FIRST_ONLY"] = "1"
        targets = [f"{op}_{soc}" for op, soc in self.expected]
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            outs = list(pool.map(lambda t: run(["make", "-C", str(self.build), f"{t}/fast"], env=env), targets))
        self.make_output = dict(zip(targets, outs))

    def check_kernels(self):
        calls = [json.loads(p.read_text()) for p in sorted((self.record / "opc").glob("*/*/call.json"))]
        problems = []
        by_target = {}
        for c in calls:
            by_target.setdefault((c["op_type"], c["soc"]), []).append(c)
        impls = {}
        for (op, soc), want in self.expected.items():
            got = by_target.get((op, soc), [])
            if len(got) != len(want):
                tail = " | ".join(self.make_output[f"{op}_{soc}"][1].strip().splitlines()[-3:])
                problems.append(
                    f"{op}_{soc}: {len(got)} binary compile jsons and opc calls, {len(want)} expected " f"({tail})"
                )
            for c in got:
                impls.setdefault(op, c["impl"])
        for op, impl in impls.items():
            text = Path(impl).read_text()
            if f'op_type = "{op}"' not in text:
                problems.append(f"{op}: the generated op implementation {Path(impl).name} names another OpType")
        n_calls = len(calls)
        self.steps.append(
            Step(
                "kernels",
                not problems,
                f"ascendc_impl_build.py: {len(impls)} op implementations; ascendc_bin_param_build.py: "
                f"{n_calls} binary compile jsons and opc scripts; opc is a binary: STAND-IN",
                "; ".join(problems),
            )
        )
        self._check_ccec([c for c in calls if c.get("compiled")])

    # ---- ccec command lines of the compiled instances
    def _check_ccec(self, calls):
        problems, failed, commands = [], [], 0
        for c in calls:
            label = f"{c['kernel']} ({c['op_type']} on {c['soc']})"
            compiles = [json.loads(p.read_text()) for p in sorted(Path(c["ccec"]).glob("*.json"))]
            compiles = [e for e in compiles if e["mode"] == "compile"]
            commands += len(compiles)
            if "ld.lld" not in c["stopped"]:
                problems.append(f"{label}: stopped before the link: {c['stopped']}")
            if not compiles:
                continue
            # The kernel's own declarations (check.py's precompile of the source for the family): core types, keys.
            _, cores, _, keys = self.pre[(c["kernel_source"], self.families[c["soc"]])]
            got_cores = {CORE_OF_ARCH.get(e["arch"]) for e in compiles}
            if got_cores != set(cores):
                problems.append(f"{label}: compiled for {sorted(got_cores)}, the kernel's types run on {sorted(cores)}")
            got_keys = {e["key"] for e in compiles}
            if got_keys != set(keys):
                problems.append(f"{label}: tiling keys {sorted(got_keys)}, the kernel has {sorted(keys)}")
            for e in compiles:
                missing = self._missing_options(e["argv"], c["params"])
                if missing:
                    problems.append(f"{label} {e['arch']}: the command lacks {', '.join(missing)}")
                if e["rc"] != 0:
                    failed.append(f"{label} {e['arch']} key {e['key']}: {first_error(e['output'])}")
        note = (
            f"{len(calls)} kernel instances through tbe/tikcpp (wrapper, tiling header, per key and core type): "
            f"{commands} ccec commands, {commands - len(failed)} compiled by clang; then ld.lld (binary)"
        )
        self.steps.append(Step("ccec", not problems and not failed, note, "; ".join(problems + failed[:5])))

    def package(self):
        """The package's configuration, as far as it runs without the libraries: the installer scripts get our
        vendor (the template's modify_vendor target), CPack names the .run and runs the template's makeself.cmake."""
        rc, out = run(["cmake", "--build", str(self.build), "--target", "modify_vendor"])
        problems = [] if rc == 0 else [f"modify_vendor failed: {out[-400:]}"]
        for script in ("install.sh", "upgrade.sh"):
            path = self.build / "scripts" / script
            if not path.exists() or "vendor_name=ascendops\n" not in path.read_text():
                problems.append(f"{script} does not install vendor ascendops")
        cpack = (self.build / "CPackConfig.cmake").read_text() if (self.build / "CPackConfig.cmake").exists() else ""
        if not re.search(r'CPACK_PACKAGE_FILE_NAME "custom_opp_\w+\.run"', cpack) or "makeself.cmake" not in cpack:
            problems.append(
                "CPackConfig.cmake names no custom_opp_<os>_<arch>.run made by the template's makeself.cmake"
            )
        note = (
            "the installer scripts with vendor ascendops, CPack's custom_opp_<os>_<arch>.run by the template's "
            "makeself.cmake; CPack installs every target first: the host libraries and kernel binaries (not here)"
        )
        self.steps.append(Step("package", not problems, note, "; ".join(problems)))

    def _missing_options(self, argv, params):
        """What a kernel's ccec command must carry and does not: our include root and define (the project's
        add_ops_compile_options), the tikcfw include folders (the op implementation's), DTYPE_<PARAM> of each
        parameter (<PARAM>_REF for an output named as an input)."""
        missing = [f for f in (f"-I{self.repo}", "-DASCENDOPS_WITH_CANN") if f not in argv]
        for p in params:
            ctype = self.ctypes[self.cfg[p["dtype"]]]
            name = p["name"].upper()
            if f"-DDTYPE_{name}={ctype}" not in argv and f"-DDTYPE_{name}_REF={ctype}" not in argv:
                missing.append(f"-DDTYPE_{name}={ctype}")
        tikcfw = [a for a in argv if a.startswith("-I") and a.endswith(("tikcfw", "tikcfw/impl", "tikcfw/interface"))]
        if len(tikcfw) != 3:
            missing.append("-I <tikcpp>/tikcfw, tikcfw/impl, tikcfw/interface")
        return missing


def first_error(text):
    for line in text.splitlines():
        if re.search(r"\berror\b:|^Error|Error:", line):
            return line.strip()[:300]
    return text.strip().splitlines()[0][:300] if text.strip() else "failed without a message"


def run_flow(hs, repo, scratch_dir, pre, ccec_config, jobs, quick):
    """The steps in order, each only after the one before it succeeded; returns their report lines."""
    flow = TemplateFlow(hs, repo, scratch_dir, pre, ccec_config, jobs, quick)
    if flow.generate() and flow.configure():
        flow.op_info()
        flow.kernels()
        flow.check_kernels()
        flow.package()
    return flow.steps
