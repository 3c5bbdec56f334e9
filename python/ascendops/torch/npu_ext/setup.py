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
opp = Path(os.environ.get("ASCEND_OPP_PATH", Path(ascend) / "opp"))
# The package's generated aclnn pairs (libcust_opapi.so) live in its vendor folder (docs/npu.md).
vendor_lib = opp / "vendors" / "ascendops" / "op_api" / "lib"
if not (vendor_lib / "libcust_opapi.so").exists():
    sys.exit(f"ascendops_torch_npu: {vendor_lib}/libcust_opapi.so is missing: install the ascendops opp package first")

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
