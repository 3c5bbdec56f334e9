// How a kernel enters the register API: a __simd_vf__ function called through asc_vf_call (asc-devkit
// include/basic_api/kernel_common.h: on AIV only), or a __VEC_SCOPE__ block; the VF's loads and stores are ordered
// among themselves only by LocalMemBar (kernel_reg_compute_membar_intf.h).
#pragma once
#include <cstdint>

#include "sim/reg/reg_types.h"
#include "sim/reg/reg_ub.h"

// ccec's function qualifiers of the VF and of the functions it calls: nothing on the CPU.
#define __simd_vf__
#define __simd_callee__

namespace ascendc_sim::reg {

// The calling core is inside a VF while one lives.
struct VfScope {
    VfScope() { EnterVf(); }
    ~VfScope() { LeaveVf(); }
    VfScope(const VfScope&) = delete;
    VfScope& operator=(const VfScope&) = delete;
};

}  // namespace ascendc_sim::reg

// A block run as one VF (the macro form of a __simd_vf__ function).
#define __VEC_SCOPE__ if (::ascendc_sim::reg::VfScope ascendcSimVfScope_{}; true)

template <auto funcPtr, typename... Args>
inline void asc_vf_call(Args&&... args) {
    ::ascendc_sim::reg::VfScope scope;
    funcPtr(args...);
}

namespace AscendC {

// VL in bytes (kernel_operator_sys_var_intf.h: VECTOR_REG_WIDTH on dav-3510).
__aicore__ inline constexpr uint32_t GetVecLen() { return ascendc_sim::reg::kVL; }

namespace Reg {

template <MemType src, MemType dst>
inline void LocalMemBar() {
    ascendc_sim::reg::MemBar(static_cast<int>(src), static_cast<int>(dst));
}

}  // namespace Reg
}  // namespace AscendC
