// Kernel utilities of the Ascend C API (DivCeil, AlignUp, ...), ascendc_assert / ASSERT, and the scalar min/max that
// ccec provides without a header (__clang_cce_aicore_functions.h), so kernels call them unqualified.
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/kernel_entry.h"
#include "sim/pipe.h"
#include "sim/qualifiers.h"
#include "sim/types.h"

namespace AscendC {

// impl/basic_api utils (kernel_utils_ceil_oom_que.h): unsigned 32-bit arithmetic, as documented.
__aicore__ inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
__aicore__ constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// Sizes kernels compute with (impl/basic_api/utils/kernel_utils_constants.h).
constexpr uint16_t ONE_BLK_SIZE = 32;          // bytes of a DataBlock
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;  // bytes one repeat of a vector instruction covers
constexpr int32_t DEFAULT_BLK_NUM = 8;         // DataBlocks per repeat
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;   // the contiguous repeat stride in DataBlocks
constexpr uint8_t DEFAULT_BLK_STRIDE = 1;      // the contiguous block stride in DataBlocks
constexpr int32_t MAX_REPEAT_TIMES = 255;      // repeats one instruction takes
constexpr int32_t BLOCK_CUBE = 16;             // edge of a cube fractal

// The bytes of a DataBlock on this SoC: 32 on every SoC the twin models (GetDataBlockSizeInBytes.md).
__aicore__ inline constexpr int16_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }

}  // namespace AscendC

// The pipe of the calling core, global as CANN declares it (kernel_common.h).
using AscendC::GetTPipePtr;

namespace ascendc_sim {

// A read-only value of the calling core, as ccec's builtin block variables are; an object, not a macro, so a kernel's
// own variable of that name shadows it.
template <int64_t (*get)()>
struct CoreValue {
    operator int64_t() const { return get(); }  // NOLINT: implicit like the builtin
};

}  // namespace ascendc_sim

// ccec's builtin block variables and intrinsics some kernels read directly (the calling core's).
inline constexpr ascendc_sim::CoreValue<AscendC::GetBlockIdx> block_idx{};
inline constexpr ascendc_sim::CoreValue<AscendC::GetBlockNum> block_num{};
__aicore__ inline int64_t get_block_idx() { return AscendC::GetBlockIdx(); }
__aicore__ inline int64_t get_block_num() { return AscendC::GetBlockNum(); }
__aicore__ inline int64_t get_subblockid() { return AscendC::GetSubBlockIdx(); }

namespace ascendc_sim {

[[noreturn]] void AssertFailed(const char* expr, const char* file, int line);

}  // namespace ascendc_sim

// An assertion that fails stops the launch with the expression and its place (the device traps; a message form's
// text is not printed, as in CANN's CPU-debug build: include/utils/debug/asc_assert.h).
#define ASCENDC_SIM_ASSERT_ONE_(expr, ...) \
    (static_cast<bool>(expr) ? void(0) : ::ascendc_sim::AssertFailed(#expr, __FILE__, __LINE__))
#ifndef NDEBUG
#define ascendc_assert(...) ASCENDC_SIM_ASSERT_ONE_(__VA_ARGS__, 0)
#else
#define ascendc_assert(...) void(0)
#endif
#ifndef ASSERT
#define ASSERT(x) ASCENDC_SIM_ASSERT_ONE_(x, 0)
#endif
// ASCENDC_ASSERT(cond, behavior): on a false cond, run the statement block (a KERNEL_LOG), then stop (CANN's
// CPU-debug kernel_log.h raises SIGABRT there; the twin stops the launch naming cond).
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)                              \
    do {                                                            \
        if (!(cond)) {                                              \
            behavior;                                               \
            ::ascendc_sim::AssertFailed(#cond, __FILE__, __LINE__); \
        }                                                           \
    } while (0)
#endif

// ccec's scalar min/max: one overload per scalar type (no template), for the AI core's scalar unit.
#define ASCENDC_SIM_SCALAR_MIN_MAX(T)                           \
    __aicore__ inline T min(T a, T b) { return b < a ? b : a; } \
    __aicore__ inline T max(T a, T b) { return a < b ? b : a; }
ASCENDC_SIM_SCALAR_MIN_MAX(long long)
ASCENDC_SIM_SCALAR_MIN_MAX(long)
ASCENDC_SIM_SCALAR_MIN_MAX(int)
ASCENDC_SIM_SCALAR_MIN_MAX(short)
ASCENDC_SIM_SCALAR_MIN_MAX(char)
ASCENDC_SIM_SCALAR_MIN_MAX(unsigned long long)
ASCENDC_SIM_SCALAR_MIN_MAX(unsigned long)
ASCENDC_SIM_SCALAR_MIN_MAX(unsigned int)
ASCENDC_SIM_SCALAR_MIN_MAX(unsigned short)
ASCENDC_SIM_SCALAR_MIN_MAX(unsigned char)
ASCENDC_SIM_SCALAR_MIN_MAX(float)
#undef ASCENDC_SIM_SCALAR_MIN_MAX
__aicore__ inline half min(half a, half b) { return float(b) < float(a) ? b : a; }
__aicore__ inline half max(half a, half b) { return float(a) < float(b) ? b : a; }
