// DataCopyPad where the SoC has it. dav-m200 (ascend310p) has none: CANN 8.1.RC1 declares it there only as a
// deprecated "unsupported API on current device" (impl/dav_m200/kernel_operator_data_copy_impl.h), so an m200
// instance must not instantiate it. These wrappers are templates, so `if constexpr` keeps the call out of that
// build; the tilings never choose a padded copy on such a SoC. Everything here lives in a per-family namespace:
// the twin links both families' instances into one library, whose inline functions must not collide.
#pragma once
#include "kernel_operator.h"
#include "op_kernel/common/kernel_family.h"

namespace ascendops {
namespace ASCENDOPS_KERNEL_FAMILY {

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
inline constexpr bool kHasDataCopyPad = false;  // ascend310p (dav_m200)
#else
inline constexpr bool kHasDataCopyPad = true;  // ascend910b, ascend910_93 (dav_c220), ascend950 (dav_3510)
#endif

template <typename T>
__aicore__ inline void DataCopyPadWhereAny(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                                           const AscendC::DataCopyExtParams& params,
                                           const AscendC::DataCopyPadExtParams<T>& pad) {
    if constexpr (kHasDataCopyPad) AscendC::DataCopyPad(dst, src, params, pad);
}

template <typename T>
__aicore__ inline void DataCopyPadWhereAny(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                                           const AscendC::DataCopyExtParams& params) {
    if constexpr (kHasDataCopyPad) AscendC::DataCopyPad(dst, src, params);
}

}  // namespace ASCENDOPS_KERNEL_FAMILY
using namespace ASCENDOPS_KERNEL_FAMILY;
}  // namespace ascendops
