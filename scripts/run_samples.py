"""Builds and runs asc-devkit's Ascend C samples against the CPU twin (scripts/run_samples.sh builds the twin and
calls this). Prints one row per run (build / run / match / first error), the runs grouped by the reason they
stop, and the wall time; with --list, every listed run must match (exit 1 naming those that do not)."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("samples_root", type=Path, help="examples/01_simd_cpp_api of an asc-devkit checkout")
parser.add_argument("work", type=Path, help="scratch directory, one subdirectory per run")
parser.add_argument("repo", type=Path, help="the ascendops checkout")
parser.add_argument("build", type=Path, help="the CMake build holding libascendc_sim.a and libascendops_host.a")
parser.add_argument("--filter", default="", help="run only samples whose path contains this")
parser.add_argument("--soc", default="ascend910b")
parser.add_argument("--jobs", type=int, default=1, help="runs at once")
parser.add_argument(
    "--list", type=Path, help="file of run labels (one a line, # comments): run only these; each must match"
)
opts = parser.parse_args()
# absolute: each compile runs in the run's scratch directory, where a relative -I<sample> names nothing
samples_root, work, repo, build = (p.resolve() for p in (opts.samples_root, opts.work, opts.repo, opts.build))
name_filter, soc = opts.filter, opts.soc

# `kernel<...><<<blocks, l2ctrl, stream>>>(` -> `::ascendc_sim::KernelCall(kernel<...>, "kernel<...>", blocks,
# l2ctrl, stream)(`: the launch ccec lowers to a runtime call.
LAUNCH = re.compile(r"([A-Za-z_][\w:]*(?:\s*<[^;(){}]*?>)?)\s*<<<(.*?)>>>\s*\(", re.S)


# The kernel-type qualifier of a kernel's definition, which ccec reads at the launch (设置Kernel类型.md): __cube__
# AIC_ONLY, __mix__(1, n) MIX_AIC_1_n, otherwise AIV_ONLY.
KERNEL_TYPES = {"__cube__": "kAicOnly", "__mix__(1,1)": "kMixAic1_1", "__mix__(1,2)": "kMixAic1_2"}


def kernel_type(text, name):
    base = re.sub(r"\s*<.*", "", name, flags=re.S).split("::")[-1]
    decl = r"((?:(?:__\w+__(?:\s*\([^)]*\))?|void)\s+)+)"  # the qualifiers and `void` before the name
    m = next((d for d in re.finditer(decl + re.escape(base) + r"\s*\(", text) if "__global__" in d.group(1)), None)
    quals = re.sub(r"\s+", "", m.group(1)) if m else ""
    found = [t for q, t in KERNEL_TYPES.items() if q in quals]
    # A plain __aicore__ kernel with a MIX-mode Matmul (REGIST_MATMUL_OBJ, no ASCENDC_CUBE_ONLY) runs on AIC:AIV
    # groups of 1:2 (matmul_async_iterate launches usedCoreNum / 2 blocks: "AIC:AIV = 1:2").
    if not found and "REGIST_MATMUL_OBJ" in text and "#define ASCENDC_CUBE_ONLY" not in text:
        found = ["kMixAic1_2"]
    return f"::ascendc_sim::KernelType::{found[0] if found else 'kAivOnly'}"


def rewrite(text):
    # the name is a one-line string even when the kernel's template arguments span lines
    return LAUNCH.sub(
        lambda m: f'::ascendc_sim::KernelCall({m.group(1)}, "{" ".join(m.group(1).split())}", '
        f"{m.group(2)}, {kernel_type(text, m.group(1))})(",
        text,
    )


def first_error(text):
    lines = [t for t in text.splitlines() if not t.startswith("[WARNING] ascendc_sim:")]  # the twin's notes
    # The twin's own error first: the run's stderr follows its stdout, where a golden check may print "errors".
    twin = [t for t in lines if t.startswith("[ERROR] ascendc_sim:")]
    for line in twin or lines:
        if "error" in line.lower() or "[ERROR]" in line:
            line = re.sub(r"^/.*/([^/]+?:\d+:\d+: )", r"\1", line.strip())  # the scratch path of the source
            return re.sub(r" \(at /\S*?/([^/]+:\d+)\)", r" (at \1)", line)[:200]
    lines = [t for t in lines if t.strip()]
    return lines[-1].strip()[:160] if lines else ""


def run(cmd, cwd, timeout, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, f"timeout after {timeout} s"


# the twin is a subdirectory of the build
libs = [str(build / "ascendc_sim" / "libascendc_sim.a"), str(build / "libascendops_host.a")]
# The architecture ccec would target for the SoC (dav-2201 for A2/A3, dav-2002 for 310P, dav-3510 for 950), and the
# defines CANN's CPU-debug build sets for it (tools/tikicpulib/lib/cmake: __CCE_KT_TEST__, ASCENDC_CPU_DEBUG, the
# arch; asc-devkit's __DAV_C310__ for dav-3510, ascendc_compile_v220.py:82).
NPU_ARCH = {"ascend910b": 2201, "ascend910_93": 2201, "ascend310p": 2002, "ascend950": 3510}.get(soc, 2201)
ARCH_DEFINES = {
    2002: ["-D__CCE_AICORE__=200", "-D__DAV_M200__"],
    2201: ["-D__CCE_AICORE__=220", "-D__DAV_C220__"],
    3510: ["-D__DAV_C310__"],
}[NPU_ARCH]


def scenarios(sample):
    """The SCENARIO_NUM values a sample's CMakeLists.txt accepts for the SoC's architecture ([None]: it has none;
    []: the sample names only other architectures)."""
    cmake = sample / "CMakeLists.txt"
    text = cmake.read_text(errors="replace") if cmake.exists() else ""
    arch = re.search(r'set\(CMAKE_ASC_ARCHITECTURES\s+"([^"]*)"\s+CACHE\s+STRING\s+"([^"]*)"', text)
    if arch and f"dav-{NPU_ARCH}" not in arch.group(1) + arch.group(2):
        return []
    if "SCENARIO_NUM" not in text:
        return [None]
    found = None
    m = re.search(r"set\(VALID_SCENARIOS\s+([^)]*)\)", text)
    r = re.search(r'SCENARIO_NUM MATCHES "\^\[(\d)-(\d)\]\$"', text)
    # the validity check `if(NOT SCENARIO_NUM EQUAL 1 AND NOT SCENARIO_NUM EQUAL 2 ...)`
    check = re.search(r"if\((NOT SCENARIO_NUM EQUAL \d+(?:\s+AND\s+NOT SCENARIO_NUM EQUAL \d+)*)\s*\)", text)
    # the cache variable's description: "Scene number (1-3)", "(1,2,3)", "场景id: 1, 2"
    desc = re.search(r'set\(SCENARIO_NUM\s+"?\d+"?\s+CACHE\s+STRING\s+"[^"]*?(\d+(?:\s*[-,~]\s*\d+)+)\)?"', text)
    # the values the CMakeLists compares SCENARIO_NUM with (`if(SCENARIO_NUM EQUAL 1) ... elseif(... EQUAL 2)`)
    compared = sorted(set(re.findall(r'SCENARIO_NUM (?:STREQUAL|EQUAL) "?(\d+)"?', text)), key=int)
    if m:
        found = [v.strip('"') for v in m.group(1).split()]
    elif r:
        found = [str(v) for v in range(int(r.group(1)), int(r.group(2)) + 1)]
    elif check:
        found = re.findall(r"EQUAL (\d+)", check.group(1))
    elif desc:
        parts = [p.strip() for p in desc.group(1).replace("~", "-").split(",")]
        found = []
        for part in parts:
            lo, _, hi = part.partition("-")
            found += [str(v) for v in range(int(lo), int(hi or lo) + 1)]
    elif compared:
        found = compared
    else:
        d = re.search(r'set\(SCENARIO_NUM "?(\d+)', text)
        found = [d.group(1) if d else "0"]
    return [v for v in found if configures(sample, v)]


def configures(sample, scenario):
    """Whether CMake configures this run for the SoC's architecture: no `message(FATAL_ERROR ...)` on its path
    and no switch of CMAKE_ASC_ARCHITECTURES to another architecture (scenarios a sample keeps to dav-3510)."""
    env = cmake_build(sample, scenario)[3]
    return CONFIGURE_FAILED not in env and env["CMAKE_ASC_ARCHITECTURES"] == f"dav-{NPU_ARCH}"


# What the sample's CMakeLists.txt gives the build, read as CMake would with its cache defaults: the compile
# definitions of its targets and the sources of the `demo` executable with the libraries it links. Only the forms
# the samples use: set / option (a cache entry, FORCE), if / elseif / else / endif on STREQUAL, EQUAL, MATCHES,
# IN_LIST, DEFINED, NOT, AND, OR, a variable; message(FATAL_ERROR).
CMAKE_COMMAND = re.compile(r"^\s*(\w+)\s*\(((?:[^()]|\([^()]*\))*)\)", re.M | re.S)
# set in cmake_build's variables when the configure stops at a `message(FATAL_ERROR ...)` (no CMake name has a space)
CONFIGURE_FAILED = " FATAL_ERROR"


def cmake_commands(sample):
    cmake = sample / "CMakeLists.txt"
    text = cmake.read_text(errors="replace") if cmake.exists() else ""
    text = re.sub(r"#[^\n]*", "", text)
    return [(m.group(1).lower(), m.group(2)) for m in CMAKE_COMMAND.finditer(text)]


def cmake_words(args, env):
    words = re.findall(r'"[^"]*"|\$<[^>]*>>?|[^\s]+', args)
    expand = lambda w: re.sub(r"\$\{(\w+)\}", lambda v: env.get(v.group(1), ""), w.strip('"'))
    return [expand(w) for w in words]


def cmake_condition(words, env):
    value = lambda w: env.get(w, w)
    truth = lambda w: value(w).upper() not in ("", "0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND")
    for op, join in (("OR", any), ("AND", all)):
        if op in words:
            i = words.index(op)
            return join((cmake_condition(words[:i], env), cmake_condition(words[i + 1 :], env)))
    if words[:1] == ["NOT"]:
        return not cmake_condition(words[1:], env)
    if len(words) == 2 and words[0] == "DEFINED":
        return words[1] in env
    if len(words) == 3 and words[1] == "IN_LIST":
        return value(words[0]) in env.get(words[2], "").split(";")
    if len(words) == 3 and words[1] in ("STREQUAL", "EQUAL", "MATCHES"):
        a, b = value(words[0]), words[2]
        return a == b if words[1] != "MATCHES" else re.search(b, a) is not None
    return len(words) == 1 and truth(words[0])


def cmake_build(sample, scenario):
    """(compile definitions, {target: sources}, {target: linked targets}, variables) of the CMakeLists for this
    run."""
    env = {"CMAKE_ASC_ARCHITECTURES": f"dav-{NPU_ARCH}", "CMAKE_ASC_RUN_MODE": "cpu"}  # the CPU-debug build
    if scenario is not None:
        env["SCENARIO_NUM"] = env["SCENARIO"] = scenario  # both spellings, as the run's -D flags give them
    defines, sources, links, stack = [], {}, {}, []  # stack: (branch taken, some branch of this if taken)
    for cmd, args in cmake_commands(sample):
        active = all(taken for taken, _ in stack)
        if cmd == "if":
            taken = active and cmake_condition(cmake_words(args, env), env)
            stack.append((taken, taken))
        elif cmd in ("elseif", "else") and stack:
            done = stack[-1][1]
            outer = all(taken for taken, _ in stack[:-1])
            taken = outer and not done and (cmd == "else" or cmake_condition(cmake_words(args, env), env))
            stack[-1] = (taken, done or taken)
        elif cmd == "endif" and stack:
            stack.pop()
        elif not active:
            continue
        elif cmd in ("set", "option"):
            words = cmake_words(args, env)
            cached = "CACHE" in words or cmd == "option"
            # a cache default yields to a value given, unless FORCE
            if words and not (cached and words[0] in env and "FORCE" not in words):
                # a plain set of several values is a list; a cache entry's value is its first word
                value = words[1:2] if cached else words[1:]
                env[words[0]] = words[-1] if cmd == "option" else ";".join(value)
        elif cmd == "message" and cmake_words(args, env)[:1] == ["FATAL_ERROR"]:
            env[CONFIGURE_FAILED] = "1"
        elif cmd == "target_compile_definitions":
            words = cmake_words(args, env)[1:]
            defines += [w for w in words if w not in ("PRIVATE", "PUBLIC", "INTERFACE")]
        elif cmd == "add_definitions":  # the directory's definitions: its -D flags
            defines += [w[2:] for w in cmake_words(args, env) if w.startswith("-D")]
        elif cmd == "string" and cmake_words(args, env)[:2] == ["REGEX", "MATCH"]:
            # string(REGEX MATCH <regex> <output variable> <input>...): the first match, or empty
            words = cmake_words(args, env)
            found = re.search(words[2], "".join(words[4:]))
            env[words[3]] = found.group(0) if found else ""
        elif cmd in ("add_executable", "add_library"):
            words = cmake_words(args, env)
            sources[words[0]] = [w for w in words[1:] if w.endswith((".asc", ".cpp"))]
        elif cmd == "target_link_libraries":
            words = cmake_words(args, env)
            links[words[0]] = words[1:]
    return defines, sources, links, env


def demo_sources(sample, scenario):
    """The sources CMake compiles into `demo`, its linked libraries' included (None: no such target)."""
    _, sources, links, _ = cmake_build(sample, scenario)
    if "demo" not in sources:
        return None
    found = list(sources["demo"])
    for lib in links.get("demo", []):
        found += sources.get(lib, [])
    paths = [sample / name for name in found]
    return paths if paths and all(p.is_file() for p in paths) else None


# `python3 ../scripts/<script>.py <args>` and `./demo <args>` as the sample's README runs them (the first such line).
# Its arguments are the words before a redirection, a pipe, a comment or the line's end.
README_RUN = re.compile(
    r"(?:python3\s+\.\./scripts/|^\s*\./)(gen_data|verify_result|demo)(?:\.py)?((?:[ \t]+(?!\d*>)[^\s;#&|>]+)*)", re.M
)


# the README's shell assignments (`SCENARIO_NUM=1 ASC_ARCH=dav-2201`), lines of nothing else but a comment
README_SET = re.compile(r"^\s*((?:[A-Z_]+=[^\s#]+\s*)+)(?:#[^\n]*)?$", re.M)  # a trailing comment is no value


def readme_args(sample, script, scenario):
    """The arguments the README passes to scripts/<script>.py (None: no such line): $SCENARIO_NUM is the run's
    scenario, another $VAR the CMake variable of that name, else the README's own assignment."""
    readme = sample / "README.md"
    text = readme.read_text(errors="replace") if readme.exists() else ""
    script_path = sample / "scripts" / f"{script}.py"
    source = script_path.read_text(errors="replace") if script_path.exists() else ""
    values = dict(kv.split("=", 1) for line in README_SET.findall(text) for kv in line.split())
    values.update(cmake_build(sample, scenario)[3])
    if scenario is not None:
        values["SCENARIO"] = values["SCENARIO_NUM"] = scenario
    fill = lambda m: values.get(m.group(1), "")  # noqa: E731  (an unset variable is empty, as in the shell)
    for m in README_RUN.finditer(text):
        if m.group(1) == script:
            # a cmake option pasted after gen_data.py is not its argument, unless the script reads it (quant's
            # gen_data.py takes -DCMAKE_ASC_ARCHITECTURES=dav-2201 and refuses to run without it)
            args = [re.sub(r"\$\{?(\w+)\}?", fill, a) for a in m.group(2).split()]
            return [a for a in args if not a.startswith("-DCMAKE") or a[2:].split("=")[0] in source]
    return None


def scenario_args(sample, script, scenario):
    """The README's arguments, else `-scenarioNum=N` when the sample's script takes it."""
    args = readme_args(sample, script.stem, scenario)
    if args is not None:
        return args
    if scenario is None or not script.exists() or "scenarioNum" not in script.read_text(errors="replace"):
        return []
    return [f"-scenarioNum={scenario}"]


def run_one(srcs, sample, label, scenario):
    out = work / label.replace("/", "__")
    shutil.rmtree(out, ignore_errors=True)
    (out / "build").mkdir(parents=True)
    if (sample / "scripts").is_dir():
        shutil.copytree(sample / "scripts", out / "scripts")
    cpps = []
    for src in srcs:
        cpps.append(out / (src.stem + ".cpp"))
        cpps[-1].write_text(rewrite(src.read_text(encoding="utf-8", errors="replace")))
    exe = out / "build" / "demo"
    defines = [
        "-D__CCE_KT_TEST__=1",
        "-DASCENDC_CPU_DEBUG=1",
        *ARCH_DEFINES,
        f"-D__NPU_ARCH__={NPU_ARCH}",
        f"-DNPU_ARCH={NPU_ARCH}",
    ]
    if scenario is not None:
        defines += [f"-DSCENARIO_NUM={scenario}", f"-DSCENARIO={scenario}"]
    defines += [f"-D{d}" for d in cmake_build(sample, scenario)[0]]  # the CMakeLists' own, last: they win
    cmd = [
        "g++",
        "-std=c++17",
        "-O1",
        "-w",
        *defines,
        f"-I{sample}",
        f"-I{repo / 'ascendc_sim/include'}",
        f"-I{repo}",
        "-include",
        "sim/kernel_call.h",
        *map(str, cpps),
        "-o",
        str(exe),
        *libs,
        "-lpthread",
    ]
    code, text = run(cmd, out, 600, {**os.environ, "LC_ALL": "C"})  # ASCII quotes in the messages
    if code != 0:
        return ("no", "-", "-", first_error(text))
    env = {**os.environ, "ASCENDC_SIM_SOC": soc}
    if (out / "scripts" / "gen_data.py").exists():
        args = scenario_args(sample, out / "scripts" / "gen_data.py", scenario)
        code, text = run([sys.executable, "../scripts/gen_data.py", *args], out / "build", 300, env)
        if code != 0:
            return ("yes", "no", "-", "gen_data.py: " + first_error(text))
    code, text = run([str(exe), *(readme_args(sample, "demo", scenario) or [])], out / "build", 300, env)
    if code != 0 or "[ERROR]" in text:
        return ("yes", "no", "-", first_error(text))
    verify = out / "scripts" / "verify_result.py"
    vargs = readme_args(sample, "verify_result", scenario)
    if vargs is None:
        vargs = [*scenario_args(sample, verify, scenario), "output/output.bin", "output/golden.bin"]
    if verify.exists() and any((out / "build" / a).is_file() and "golden" in a for a in vargs):
        vcode, vtext = run([sys.executable, "../scripts/verify_result.py", *vargs], out / "build", 300)
        ok = vcode == 0 and "fail" not in vtext.lower()
        return ("yes", "yes", "yes" if ok else "no", "" if ok else first_error(vtext))
    ok = "fail" not in text.lower()
    return ("yes", "yes", "yes" if ok else "no", "" if ok else first_error(text))


def reason_group(reason):
    """The group a run's first error falls in: the header or API name the twin lacks, else the error itself."""
    for pattern, fmt in REASONS:
        m = re.search(pattern, reason)
        if m:
            return fmt.format(*m.groups())
    return re.sub(r"^\S+:\d+:\d+: ", "", reason)[:100]


# First compile errors of g++ and first twin errors, as the group they name.
REASONS = [
    (r"fatal error: ([^:]+): No such file", "header `{}` not in the twin"),
    (r"'(\w+)' is not a member of '([\w:]+)'", "`{1}::{0}` not in the twin"),
    (r"'(\w+)' in namespace '([\w:]+)' does not name a (?:template )?type", "`{1}::{0}` not in the twin"),
    (
        r"'([\w:]+)' (?:was not declared in this scope|has not been declared|does not name a type)",
        "`{}` not in the twin",
    ),
    (r"no matching function for call to '([\w:]+)", "`{}`: no overload of the twin takes these arguments"),
    (r"\[ERROR\] ascendc_sim: kernel '[^']*' core \d+: (\w+): ", "twin rule of `{}`"),
    (r"^(gen_data\.py): ", "{} fails"),
]


def labelled_runs():
    """One run per scenario of each sample: the sources its CMake builds into `demo`, else each .asc alone."""
    runs = []
    for sample in sorted({src.parent for src in samples_root.rglob("*.asc")}):
        rel = str(sample.relative_to(samples_root))
        if name_filter and name_filter not in rel:
            continue
        for scenario in scenarios(sample):  # none: a sample of another architecture
            label = rel if scenario is None else f"{rel} [{scenario}]"
            built = demo_sources(sample, scenario)
            if built and any(p.suffix == ".asc" for p in built):
                runs.append((label, built, sample, scenario))
                continue
            for src in sorted(sample.glob("*.asc")):
                runs.append((label, [src], sample, scenario))
    return runs


start = time.monotonic()
runs = labelled_runs()
wanted = None
if opts.list:
    wanted = [line.split("#")[0].strip() for line in opts.list.read_text().splitlines()]
    wanted = [w for w in wanted if w]
    unknown = sorted(set(wanted) - {r[0] for r in runs})
    if unknown:
        sys.exit(f"run_samples: listed runs that are not samples for {soc}: {', '.join(unknown)}")
    runs = [r for r in runs if r[0] in set(wanted)]
with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
    results = list(pool.map(lambda r: run_one(r[1], r[2], r[0], r[3]), runs))
rows = [(r[0], *res) for r, res in zip(runs, results)]
elapsed = time.monotonic() - start

width = max([len(r[0]) for r in rows] + [6])
print(f"{'sample':<{width}}  build  run  match  reason")
for r in rows:
    print(f"{r[0]:<{width}}  {r[1]:<5}  {r[2]:<3}  {r[3]:<5}  {r[4]}")
groups = {}
for r in rows:
    if r[3] != "yes":
        groups.setdefault(reason_group(r[4]), []).append(r[0])
if groups:
    print("\nruns that do not match, by reason:")
    for reason, labels in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        print(f"{len(labels):4d}  {reason}: {', '.join(labels)}")
passed = sum(1 for r in rows if r[3] == "yes")
print(
    f"\n{passed} of {len(rows)} samples build, run and match their golden on {soc} ({elapsed:.0f} s, "
    f"{max(1, opts.jobs)} at once)"
)
missed = [r[0] for r in rows if r[3] != "yes"]
if wanted is not None and missed:
    sys.exit(f"run_samples: listed runs that do not match: {', '.join(missed)}")
