// The register-based vector API on an architecture that has none: naming it fails to compile with the rule. Its
// headers declare it for __NPU_ARCH__ 3510 only (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_struct_intf.h, _maskreg_intf.h).
#pragma once

namespace ascendc_sim::reg {
template <typename T>
inline constexpr bool kNeverOffArch = false;
}  // namespace ascendc_sim::reg

namespace AscendC::Reg {

template <typename T = void, const void* = nullptr>
struct RegTensor {
    static_assert(ascendc_sim::reg::kNeverOffArch<T>,
                  "'AscendC::Reg' (the register-based vector API) exists on dav-3510 only: build the kernel with "
                  "__NPU_ARCH__ == 3510 (asc-devkit reg_compute headers)");
};
template <typename T = void>
struct OnDav3510Only {
    static_assert(ascendc_sim::reg::kNeverOffArch<T>,
                  "'AscendC::Reg' (the register-based vector API) exists on dav-3510 only: build the kernel with "
                  "__NPU_ARCH__ == 3510 (asc-devkit reg_compute headers)");
};
using MaskReg = OnDav3510Only<>;

}  // namespace AscendC::Reg

namespace AscendC {
namespace MicroAPI = Reg;
}  // namespace AscendC
