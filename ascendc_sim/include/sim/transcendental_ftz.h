// Flush-to-zero of the transcendental vector instructions (Exp, Ln, Sqrt, Rsqrt, Reciprocal, Div) and, on dav-3510,
// their precision configs. Ascend 950's headers give each a config template parameter whose default INTRINSIC runs
// the intrinsic as PRECISION_1ULP_FTZ_TRUE does (asc-devkit include/basic_api/reg_compute/kernel_reg_compute_utils.h:
// 31-135; impl/basic_api/dav_3510/kernel_operator_vec_unary_impl.h:280), and only the *_FTZ_FALSE algorithms keep
// float subnormals (that path tests inputs against 1.1754944e-38, :64 and :126). The SoC table says which SoCs flush
// by default (SocKernelRules::transcendentalFtz): a flushing call reads float subnormal inputs as signed zero and
// writes subnormal results as signed zero. half computes in float, where its subnormals are normal: unchanged.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/context.h"

namespace AscendC {

enum class ExpAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
struct ExpConfig {
    ExpAlgo algo = ExpAlgo::INTRINSIC;
};
inline constexpr ExpConfig DEFAULT_EXP_CONFIG = {ExpAlgo::INTRINSIC};

enum class LnAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
struct LnConfig {
    LnAlgo algo = LnAlgo::INTRINSIC;
};
inline constexpr LnConfig DEFAULT_LN_CONFIG = {LnAlgo::INTRINSIC};

enum class ReciprocalAlgo { INTRINSIC = 0, PRECISION_1ULP_FTZ_TRUE, PRECISION_1ULP_FTZ_FALSE };
struct ReciprocalConfig {
    ReciprocalAlgo algo = ReciprocalAlgo::INTRINSIC;
};
inline constexpr ReciprocalConfig DEFAULT_RECIPROCAL_CONFIG = {ReciprocalAlgo::INTRINSIC};

enum class DivAlgo {
    INTRINSIC = 0,
    DIFF_COMPENSATION,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
struct DivConfig {
    DivAlgo algo = DivAlgo::INTRINSIC;
};
inline constexpr DivConfig DEFAULT_DIV_CONFIG = {DivAlgo::INTRINSIC};

enum class SqrtAlgo {
    INTRINSIC = 0,
    FAST_INVERSE,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
struct SqrtConfig {
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
inline constexpr SqrtConfig DEFAULT_SQRT_CONFIG = {SqrtAlgo::INTRINSIC};

enum class RsqrtAlgo {
    INTRINSIC = 0,
    FAST_INVERSE,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
struct RsqrtConfig {
    RsqrtAlgo algo = RsqrtAlgo::INTRINSIC;
};
inline constexpr RsqrtConfig DEFAULT_RSQRT_CONFIG = {RsqrtAlgo::INTRINSIC};

}  // namespace AscendC

namespace ascendc_sim {

// What a precision config asks of subnormals: the SoC's default, flush, keep, or an algorithm the twin does not model.
enum class FtzChoice : uint8_t { kDefault, kFlush, kKeep, kUnmodeled };

template <typename Algo>
constexpr FtzChoice ChoiceOf(Algo a) {
    if (a == Algo::INTRINSIC) return FtzChoice::kDefault;
    if (a == Algo::PRECISION_1ULP_FTZ_TRUE) return FtzChoice::kFlush;
    if constexpr (std::is_same_v<Algo, AscendC::DivAlgo>) {
        if (a == Algo::PRECISION_0ULP_FTZ_TRUE) return FtzChoice::kFlush;
        if (a == Algo::PRECISION_0ULP_FTZ_FALSE) return FtzChoice::kKeep;
        if (a == Algo::DIFF_COMPENSATION) return FtzChoice::kUnmodeled;
    }
    if constexpr (std::is_same_v<Algo, AscendC::SqrtAlgo> || std::is_same_v<Algo, AscendC::RsqrtAlgo>) {
        if (a == Algo::PRECISION_0ULP_FTZ_FALSE) return FtzChoice::kKeep;
        if (a == Algo::FAST_INVERSE) return FtzChoice::kUnmodeled;
    }
    return FtzChoice::kKeep;  // PRECISION_1ULP_FTZ_FALSE
}

// Whether this call flushes float subnormals on the running core's SoC.
inline bool CallFlushes(const char* api, FtzChoice choice) {
    if (choice == FtzChoice::kUnmodeled) Fail(api, "this precision config's algorithm is not modeled by the twin");
    if (choice == FtzChoice::kDefault) return Soc(Core()).rules.transcendentalFtz;
    return choice == FtzChoice::kFlush;
}

// v, or signed zero for a float subnormal (exponent bits 0, mantissa not) when `on`. Bit tests, not <cmath>: a
// kernel may name its entry like a libm function (tests/ut/sim/cpu_debug's atanh).
template <typename T, typename C>
C FlushIf(bool on, C v) {
    if constexpr (std::is_same_v<T, float>) {
        uint32_t bits;
        std::memcpy(&bits, &v, sizeof(bits));
        if (on && (bits & 0x7f800000u) == 0 && (bits & 0x007fffffu) != 0) {
            bits &= 0x80000000u;
            std::memcpy(&v, &bits, sizeof(bits));
        }
    }
    return v;
}

}  // namespace ascendc_sim

// The template heads of the flushing instructions: dav-3510 builds take the precision config (level 2
// <T, config>, level 0 <T, isSetMask, config>: asc-devkit include/basic_api/kernel_operator_vec_unary_intf.h:95-128,
// kernel_operator_vec_binary_intf.h:188); other builds the 8.x heads.
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
#define ASCENDC_SIM_FTZ_COUNT_HEAD(Config, Default) template <typename T, const Config& config = Default>
#define ASCENDC_SIM_FTZ_REPEAT_HEAD(Config, Default) \
    template <typename T, bool isSetMask = true, const Config& config = Default>
#define ASCENDC_SIM_FTZ_REPEAT_ARGS() T, isSetMask, config
#define ASCENDC_SIM_FTZ_CHOICE ::ascendc_sim::ChoiceOf(config.algo)
#else
#define ASCENDC_SIM_FTZ_COUNT_HEAD(Config, Default) template <typename T, bool isSetMask = true>
#define ASCENDC_SIM_FTZ_REPEAT_HEAD(Config, Default) template <typename T, bool isSetMask = true>
#define ASCENDC_SIM_FTZ_REPEAT_ARGS() T, isSetMask
#define ASCENDC_SIM_FTZ_CHOICE ::ascendc_sim::FtzChoice::kDefault
#endif

// The flushing instructions are the plain element-wise forms (sim/vector_ops.h, sim/vector_repeat.h) with the head
// above and `flushes` of the call: `a` (and `b`) arrive flushed, the result leaves flushed.
#define ASCENDC_SIM_FTZ_FLUSHES(Name) ::ascendc_sim::CallFlushes(#Name, ASCENDC_SIM_FTZ_CHOICE)
#define ASCENDC_SIM_UNARY_FTZ(Name, Config, Default, expr)                                                \
    ASCENDC_SIM_UNARY_AS(Name, kTranscendental, kFloatTypes, ASCENDC_SIM_FTZ_COUNT_HEAD, Config, Default, \
                         ASCENDC_SIM_FTZ_FLUSHES(Name), expr)
#define ASCENDC_SIM_BINARY_FTZ(Name, Config, Default, expr)                                                \
    ASCENDC_SIM_BINARY_AS(Name, kTranscendental, kFloatTypes, ASCENDC_SIM_FTZ_COUNT_HEAD, Config, Default, \
                          ASCENDC_SIM_FTZ_FLUSHES(Name), expr)
#define ASCENDC_SIM_UNARY_REPEAT_FTZ(Name, Config, Default, expr)                                                 \
    ASCENDC_SIM_UNARY_REPEAT_AS(Name, kTranscendental, kFloatTypes, ASCENDC_SIM_FTZ_REPEAT_HEAD, Config, Default, \
                                ASCENDC_SIM_FTZ_REPEAT_ARGS, ASCENDC_SIM_FTZ_FLUSHES(Name), expr)
#define ASCENDC_SIM_BINARY_REPEAT_FTZ(Name, Config, Default, expr)                                                 \
    ASCENDC_SIM_BINARY_REPEAT_AS(Name, kTranscendental, kFloatTypes, ASCENDC_SIM_FTZ_REPEAT_HEAD, Config, Default, \
                                 ASCENDC_SIM_FTZ_REPEAT_ARGS, ASCENDC_SIM_FTZ_FLUSHES(Name), expr)
