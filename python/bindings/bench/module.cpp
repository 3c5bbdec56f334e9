// ascendops._sim_bench: what `ascendops bench` runs beyond the operator calls: the twin's own bench kernels (this
// folder: copy, stream, Matmul, the Add calibration) and op_api's host-overhead timers (python/bindings/bench/).
// Shipped with the package, as bench is a user command. Each source defines Bind_<name>(module&).
#include <pybind11/pybind11.h>

#define ASCENDOPS_BINDING(name) void Bind_##name(pybind11::module_& m);
#include "sim_bench_bindings.inc"
#undef ASCENDOPS_BINDING

PYBIND11_MODULE(_sim_bench, m) {
    m.doc() = "ascendops bench module: the CPU twin's bench kernels and op_api's host-overhead timers";
#define ASCENDOPS_BINDING(name) Bind_##name(m);
#include "sim_bench_bindings.inc"
#undef ASCENDOPS_BINDING
}
