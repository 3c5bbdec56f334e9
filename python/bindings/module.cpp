// ascendops._C: the private compiled module. Each bind_<name>.cpp contributes Bind_<name>(module&).
#include <pybind11/pybind11.h>

#define ASCENDOPS_BINDING(name) void Bind_##name(pybind11::module_& m);
#include "bindings.inc"
#undef ASCENDOPS_BINDING

PYBIND11_MODULE(_C, m) {
    m.doc() = "ascendops private module: aclnn entry points, tiling functions and the CPU twin";
#define ASCENDOPS_BINDING(name) Bind_##name(m);
#include "bindings.inc"
#undef ASCENDOPS_BINDING
}
