// Power (asc-devkit include/adv_api/math/power.h): dst = base ^ exp element by element, base and exp each a tensor
// or a scalar, with the overloads of that header ([sharedTmpBuffer][, calCount]; without calCount the tensor's
// size). half / float, computed as powf per element and rounded once to T (the PowerConfig algorithm changes only
// the cost on hardware); int32_t Power is not modeled.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/scalar_math.h"
#include "sim/vector_core.h"

namespace AscendC {

// power_common_utils.h
enum class PowerAlgo {
    INTRINSIC = 0,
    DOUBLE_FLOAT_TECH,
};
struct PowerConfig {
    PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig = {PowerAlgo::INTRINSIC};

}  // namespace AscendC

namespace ascendc_sim {

// One operand of Power: a tensor, or a scalar broadcast to every element.
template <typename T>
struct PowerOperand {
    const AscendC::LocalTensor<T>* tensor;
    float scalar;
};

template <typename T>
void PowerLoop(const AscendC::LocalTensor<T>& dst, PowerOperand<T> base, PowerOperand<T> exp,
               const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count) {
    const char* api = "Power";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(api);
    const T* b = base.tensor != nullptr ? base.tensor->Operand(api, "src0", count) : nullptr;
    const T* e = exp.tensor != nullptr ? exp.tensor->Operand(api, "src1", count) : nullptr;
    T* d = dst.Operand(api, "dst", count);
    for (uint32_t i = 0; i < count; ++i) {
        const float x = b != nullptr ? static_cast<float>(b[i]) : base.scalar;
        const float y = e != nullptr ? static_cast<float>(e[i]) : exp.scalar;
        d[i] = FromCompute<T>(fm::pow(x, y));
    }
    std::vector<FlowOperand> srcs;
    for (const auto* t : {base.tensor, exp.tensor}) {
        if (t != nullptr) srcs.push_back(CountOperand(*t, count));
    }
    const FlowOperand out = CountOperand(dst, count);
    if (srcs.empty()) {
        DefineBytes(c, DefSpace::kUb, out.fp);
    } else {
        Propagate(c, api, Flow::kElementwise, std::vector<FlowOperand>{out}, srcs);
    }
    CountVector(c, VecClass::kTranscendental, count, sizeof(T));
}

}  // namespace ascendc_sim

// The four overloads ([sharedTmpBuffer][, calCount]) of one (base, exp) pairing; `Base` / `Exp` the parameter types,
// `base` / `exp` the PowerOperand expressions, `size` the element count without calCount.
#define ASCENDC_SIM_POWER(Base, Exp, base, exp, size)                                                          \
    template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>          \
    __aicore__ inline void Power(const LocalTensor<T>& dst, Base src0, Exp src1,                               \
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,               \
                                 ascendc_sim::CallSite = {}) {                                                 \
        ascendc_sim::PowerLoop<T>(dst, base, exp, &sharedTmpBuffer, calCount);                                 \
    }                                                                                                          \
    template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>          \
    __aicore__ inline void Power(const LocalTensor<T>& dst, Base src0, Exp src1, uint32_t calCount,            \
                                 ascendc_sim::CallSite = {}) {                                                 \
        ascendc_sim::PowerLoop<T>(dst, base, exp, nullptr, calCount);                                          \
    }                                                                                                          \
    template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>          \
    __aicore__ inline void Power(const LocalTensor<T>& dst, Base src0, Exp src1,                               \
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, ascendc_sim::CallSite = {}) {    \
        ascendc_sim::PowerLoop<T>(dst, base, exp, &sharedTmpBuffer, size);                                     \
    }                                                                                                          \
    template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>          \
    __aicore__ inline void Power(const LocalTensor<T>& dst, Base src0, Exp src1, ascendc_sim::CallSite = {}) { \
        ascendc_sim::PowerLoop<T>(dst, base, exp, nullptr, size);                                              \
    }

namespace AscendC {

ASCENDC_SIM_POWER(const LocalTensor<T>&, const LocalTensor<T>&, (ascendc_sim::PowerOperand<T>{&src0, 0.0f}),
                  (ascendc_sim::PowerOperand<T>{&src1, 0.0f}), src0.GetSize())
ASCENDC_SIM_POWER(const LocalTensor<T>&, const T&, (ascendc_sim::PowerOperand<T>{&src0, 0.0f}),
                  (ascendc_sim::PowerOperand<T>{nullptr, static_cast<float>(src1)}), src0.GetSize())
ASCENDC_SIM_POWER(const T&, const LocalTensor<T>&, (ascendc_sim::PowerOperand<T>{nullptr, static_cast<float>(src0)}),
                  (ascendc_sim::PowerOperand<T>{&src1, 0.0f}), src1.GetSize())

}  // namespace AscendC

#undef ASCENDC_SIM_POWER
