// ascendops._C (the CPU twin) and ascendops._C_npu (CANN, an Ascend device): one source, built once per backend
// (ASCENDOPS_MODULE names the module). Each bind_<name>.cpp contributes Bind_<name>(module&), the backend its own
// functions (backend.h).
#include <pybind11/pybind11.h>

#include "backend.h"

#ifndef ASCENDOPS_MODULE
#define ASCENDOPS_MODULE _C
#endif

#define ASCENDOPS_BINDING(name) void Bind_##name(pybind11::module_& m);
#include "bindings.inc"
#undef ASCENDOPS_BINDING

PYBIND11_MODULE(ASCENDOPS_MODULE, m) {
    m.doc() = "ascendops private module: aclnn entry points, check and tiling functions, and the backend's device";
#define ASCENDOPS_BINDING(name) Bind_##name(m);
#include "bindings.inc"
#undef ASCENDOPS_BINDING
    ascendops::bridge::BindBackend(m);
}
