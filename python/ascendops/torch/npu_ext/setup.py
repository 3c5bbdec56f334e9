"""Builds ascendops' native torch_npu kernels (csrc/: PrivateUse1 kernels running the aclnn pairs of the installed
ascendops opp package) on an Atlas machine with CANN, torch_npu and that package installed; one command, from the
repository root, with CANN's environment set (set_env.sh):

    pip install --no-build-isolation python/ascendops/torch/npu_ext

``import ascendops.torch`` then registers these kernels for NPU tensors (docs/torch.md).
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension
from torch_npu.utils.cpp_extension import NpuExtension

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[3]  # python/ascendops/torch/npu_ext -> the repository root (op_api/, op_host/)

ascend = os.environ.get("ASCEND_HOME_PATH")
if not ascend:
    sys.exit("ascendops_torch_npu: ASCEND_HOME_PATH is not set: source CANN's set_env.sh first")
# The package's generated aclnn pairs (libcust_opapi.so) live in its vendor folder, found as the Python front finds
# it (docs/npu.md): our vendor's entry of ASCEND_CUSTOM_OPP_PATH, then $ASCEND_OPP_PATH/vendors/ascendops.
custom = [Path(p) for p in os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(":") if p.endswith("vendors/ascendops")]
vendors = [*custom, Path(os.environ.get("ASCEND_OPP_PATH", Path(ascend) / "opp")) / "vendors" / "ascendops"]
vendor_lib = next((v / "op_api" / "lib" for v in vendors if (v / "op_api" / "lib" / "libcust_opapi.so").exists()), None)
if vendor_lib is None:
    sys.exit(
        f"ascendops_torch_npu: no op_api/lib/libcust_opapi.so in {', '.join(map(str, vendors))}: "
        "install the opp package"
    )

setup(
    name="ascendops-torch-npu",
    version="0.1.0",
    description="ascendops operators as native torch_npu (PrivateUse1) kernels",
    packages=["ascendops_torch_npu"],
    ext_modules=[
        NpuExtension(
            "ascendops_torch_npu._kernels",
            sources=sorted(str(p.relative_to(HERE)) for p in (HERE / "csrc").glob("*.cpp")),
            include_dirs=[str(REPOSITORY / "op_api"), str(REPOSITORY), str(Path(ascend) / "include")],
            library_dirs=[str(vendor_lib), str(Path(ascend) / "lib64")],
            libraries=["cust_opapi", "nnopbase", "ascendcl"],
            runtime_library_dirs=[str(vendor_lib)],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
