// ascendops._C_test: the test-only extension (built by the developer build and by scripts/test.sh's pip build, never
// part of an ordinary install): the tensor bridge's test hooks. It links its own copy of the twin, so its hooks read
// their own state (e.g. _recent_error), not _C's. (The twin's test kernels stay in _C.simtest: `ascendops bench sim`
// and `bench matmul` run them.)
#include <pybind11/pybind11.h>

void Bind_test_hooks(pybind11::module_& m);  // bind_test_hooks.cpp

PYBIND11_MODULE(_C_test, m) {
    m.doc() = "ascendops test-only module: the tensor bridge's test hooks";
    Bind_test_hooks(m);
}
