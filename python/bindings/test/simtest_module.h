// ascendops._C_test.simtest: the twin's test-only kernels (tests/ut/sim/kernels), one submodule over the files
// that bind them. Failures raise RuntimeError carrying the twin's message.
#pragma once
#include <pybind11/pybind11.h>

inline pybind11::module_ SimtestModule(pybind11::module_& m) {
    if (pybind11::hasattr(m, "simtest")) return m.attr("simtest").cast<pybind11::module_>();
    return m.def_submodule("simtest", "test kernels of the CPU twin (tests/ut/sim)");
}
