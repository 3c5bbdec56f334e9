// ascendops._C_test: the test-only extension (built by the developer build and by scripts/test.sh's pip build, never
// part of an ordinary install): the test hooks of the bridge and of op_api's phase 1, and the twin's test-only
// kernels (simtest, simapi). It shares the one twin of libascendops_sim.so with _C. Each source of this folder
// defines Bind_<name>(module&).
#include <pybind11/pybind11.h>

#define ASCENDOPS_BINDING(name) void Bind_##name(pybind11::module_& m);
#include "test_bindings.inc"
#undef ASCENDOPS_BINDING

PYBIND11_MODULE(_C_test, m) {
    m.doc() = "ascendops test-only module: test hooks and the CPU twin's test kernels";
#define ASCENDOPS_BINDING(name) Bind_##name(m);
#include "test_bindings.inc"
#undef ASCENDOPS_BINDING
}
