// Launching a kernel of any parameter list (GM pointers, scalars, structs by value), as the CPU-debug front and the
// `<<<>>>` launch pass them. Pointer arguments are checked as device memory; the rest are copied to every core.
#pragma once
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim/launch.h"

namespace ascendc_sim {

template <typename... Params>
struct BoundKernel {
    void (*kernel)(Params...);
    std::tuple<std::decay_t<Params>...> args;
};

// The GM view of one argument: pointers as they are, anything else as nullptr (kept in place so the
// inputs-outputs-workspace-tiling order of the pointer parameters is unchanged).
template <typename A>
uint8_t* GmView(const A& a) {
    if constexpr (std::is_pointer_v<A>) {
        return reinterpret_cast<uint8_t*>(const_cast<std::remove_cv_t<std::remove_pointer_t<A>>*>(a));
    } else {
        return nullptr;
    }
}

template <typename Tuple, std::size_t... I>
std::vector<uint8_t*> GmViews(const Tuple& t, std::index_sequence<I...>) {
    return {GmView(std::get<I>(t))...};
}

// Arguments convert to the parameters as in a plain call of the kernel.
template <typename... Params, typename... Args>
ascendc_sim::Result<LaunchStats> LaunchKernel(const LaunchConfig& cfg, void (*kernel)(Params...), Args&&... args) {
    static_assert(sizeof...(Params) == sizeof...(Args), "the kernel takes a different number of arguments");
    BoundKernel<Params...> bound{kernel, {std::forward<Args>(args)...}};
    KernelThunk thunk = [](void* fn, uint8_t* const*) {
        auto* b = static_cast<BoundKernel<Params...>*>(fn);
        std::apply(b->kernel, b->args);  // each core gets its own copies: parameters are by value
    };
    return LaunchErased(cfg, thunk, &bound, GmViews(bound.args, std::index_sequence_for<Params...>{}));
}

}  // namespace ascendc_sim
