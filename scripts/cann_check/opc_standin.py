"""STAND-IN for CANN's op compiler `opc`, as the binary compile scripts of msopgen's template call it (cmake/util/
ascendc_bin_param_build.py writes them): opc <op impl .py> --main_func=<f> --input_param=<param json>
--soc_version=<SoC> --output=<dir> --impl_mode=<modes> --simplified_key_mode=0 --op_mode=dynamic.

What opc does before the compiler, done here with the header set's own Python: load the SoC's platform facts, import
the generated op implementation (ascendc_impl_build.py's output) and call its entry with the parameters, attributes and
kernel name of the param json; the entry runs the op compiler driver of the header set (tbe/tikcpp compile_op: the
precompile, the tiling header, the kernel wrapper, the ccec command per tiling key and core type), with ccec being
ccec_standin.py and the toolkit's compiled tbe modules the stand-ins of tbe_standin/. It stops where a tool would need
the kernel objects ccec did not make (ld.lld).

Each call is recorded in $ASCENDOPS_FLOW_RECORD/opc/<soc>/<kernel>/call.json (the arguments, the parameters, whether it
compiled, where it stopped and why) with its ccec calls beside it. Only calls for the SoCs of $ASCENDOPS_FLOW_SOCS
compile (with $ASCENDOPS_FLOW_FIRST_ONLY, each target's first dtype combination by kernel name); the others are
recorded only. Exit status 1: no kernel binary was made (as the template's script expects of a failed opc).
"""

import importlib.util
import inspect
import json
import os
import shutil
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def parse(argv):
    impl = argv[0]
    opts = dict(a[2:].split("=", 1) for a in argv[1:] if a.startswith("--") and "=" in a)
    return impl, opts


def call_args(entry, op):
    """Positional parameters (inputs, outputs) and keyword attributes of the op implementation's entry. Each
    parameter carries its entry argument's name as param_name (x_in__, y_out_: the driver derives DTYPE_<X> and the
    wrapper's arguments from it), and its original shape and format."""
    names = list(inspect.signature(entry).parameters)
    params = []
    for name, p in zip(names, op["inputs"] + op["outputs"]):
        for d in p if isinstance(p, list) else [p]:
            d.update(param_name=name, ori_shape=d["shape"], ori_format=d["format"])
        params.append(p)
    return params, {a["name"]: a["value"] for a in op.get("attrs", [])}


def compiled_here(param_file, soc):
    """Whether this call compiles: its SoC is one of $ASCENDOPS_FLOW_SOCS (one per SoC family) and, with
    $ASCENDOPS_FLOW_FIRST_ONLY, it is the target's first dtype combination by kernel name."""
    if soc not in os.environ.get("ASCENDOPS_FLOW_SOCS", soc).split(","):
        return False
    first = sorted(Path(param_file).parent.glob("*_param.json"))[0]
    return not os.environ.get("ASCENDOPS_FLOW_FIRST_ONLY") or Path(param_file).name == first.name


def compile_kernel(impl, opts, op, toolkit, work, call):
    """Runs the op implementation's entry (and with it tbe/tikcpp) as opc does; records where it stopped."""
    sys.path[1:1] = [str(toolkit / "python" / "site-packages"), str(Path(impl).parent)]  # after tbe_standin
    spec = importlib.util.spec_from_file_location(Path(impl).stem, impl)
    module = importlib.util.module_from_spec(spec)
    os.environ["ASCENDOPS_CCEC_RECORD"] = str(work / "ccec")
    (work / "ccec").mkdir(exist_ok=True)
    os.chdir(work)  # kernel_meta/ goes here (the build config's kernel_meta_parent_dir)
    try:
        spec.loader.exec_module(module)
        entry = getattr(module, opts["main_func"])
        params, attrs = call_args(entry, op)
        call["params"] = [d for p in params for d in (p if isinstance(p, list) else [p])]
        # --impl_mode lists the modes in order of preference ("high_performance,optional"): the first is used.
        entry(*params, **attrs, kernel_name=op["bin_filename"], impl_mode=opts.get("impl_mode", "").split(",")[0])
        call["stopped"] = "nothing: compile_op returned"
    except Exception as e:  # where the flow stops: the first tool or fact it needs that is not here
        call["stopped"] = f"{type(e).__name__}: {e}"
        call["traceback"] = traceback.format_exc()[-3000:]


def main():
    impl, opts = parse(sys.argv[1:])
    record = Path(os.environ["ASCENDOPS_FLOW_RECORD"])
    toolkit = Path(os.environ["ASCENDOPS_FLOW_TOOLKIT"])
    param = json.loads(Path(opts["input_param"]).read_text())
    op = param["op_list"][0]
    sys.path.insert(0, str(HERE / "tbe_standin"))
    from tbe.common.platform import platform_info

    platform_info.load(next(toolkit.glob("*-linux/data/platform_config")), opts["soc_version"])
    soc = platform_info.get_soc_spec("SHORT_SOC_VERSION").lower()  # the compute unit (Ascend910B1 -> ascend910b)
    work = record / "opc" / soc / op["bin_filename"]  # a kernel name is the same on every SoC
    work.mkdir(parents=True, exist_ok=True)
    shutil.copy(impl, work / Path(impl).name)
    kernel = Path(os.environ.get("BUILD_KERNEL_SRC", "")).resolve()
    call = {
        "argv": sys.argv[1:],
        "op_type": param["op_type"],
        "soc": soc,
        "kernel": op["bin_filename"],
        "param": param,
        "params": [d for p in op["inputs"] + op["outputs"] for d in (p if isinstance(p, list) else [p])],
        "impl": str(work / Path(impl).name),
        "kernel_source": os.path.relpath(kernel, os.environ.get("ASCENDOPS_FLOW_REPO", "/")),
        "ccec": str(work / "ccec"),
        "compiled": compiled_here(opts["input_param"], soc),
        "stopped": "not compiled: another SoC of its family, or outside the quick subset",
    }
    if call["compiled"]:
        compile_kernel(impl, opts, op, toolkit, work, call)
    (work / "call.json").write_text(json.dumps(call, indent=1))
    return 1


if __name__ == "__main__":
    sys.exit(main())
