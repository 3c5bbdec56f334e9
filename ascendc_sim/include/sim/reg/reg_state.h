// The register file of a dav-3510 vector core as the register-based API (AscendC::Reg) sees it: vector registers
// of VL = 256 bytes and mask registers of VL / 8 bytes, each with the definedness of its bytes, and the state of the
// VF (__simd_vf__ function) running on the calling core. The UB side of a load or store is sim/reg/reg_ub.h.
#pragma once
#include <cstdint>
#include <cstring>

#include "sim/context.h"
#include "sim/undef_map.h"

namespace ascendc_sim::reg {

// VL: 256 bytes on Ascend 950 (RegTensor doc, 支持的型号: Atlas 350 加速卡 VL=256B; asc-devkit
// kernel_operator_sys_var_intf.h GetVecLen returns VECTOR_REG_WIDTH).
inline constexpr uint32_t kVL = 256;
// Registers a VF may hold (asc-devkit examples/01_simd_cpp_api/05_best_practices/02_reg_compute/
// softmax_high_performance/README.md: "<=32 RegTensor, <=8 MaskReg", the hardware limits).
inline constexpr uint32_t kVectorRegs = 32;
inline constexpr uint32_t kMaskRegs = 8;

// One bit per byte of a register: set where the byte holds no defined value.
template <uint32_t kBytes>
struct ByteBits {
    uint64_t w[(kBytes + 63) / 64] = {};
    bool Get(uint32_t i) const { return (w[i / 64] >> (i % 64)) & 1u; }
    void Set(uint32_t i, bool v) {
        const uint64_t bit = uint64_t{1} << (i % 64);
        w[i / 64] = v ? (w[i / 64] | bit) : (w[i / 64] & ~bit);
    }
    // [b, e) a word at a time: an element's bits sit in one word (registers are checked per element).
    bool Any(uint32_t b, uint32_t e) const {
        for (; b < e;) {
            const uint32_t lo = b % 64, n = e - b < 64 - lo ? e - b : 64 - lo;
            if (w[b / 64] & Bits(lo, n)) return true;
            b += n;
        }
        return false;
    }
    bool AnyAtAll() const {
        for (uint64_t v : w)
            if (v != 0) return true;
        return false;
    }
    void SetRange(uint32_t b, uint32_t e, bool v) {
        for (; b < e;) {
            const uint32_t lo = b % 64, n = e - b < 64 - lo ? e - b : 64 - lo;
            w[b / 64] = v ? (w[b / 64] | Bits(lo, n)) : (w[b / 64] & ~Bits(lo, n));
            b += n;
        }
    }

private:
    static uint64_t Bits(uint32_t lo, uint32_t n) { return (n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1) << lo; }
};

// Registers live on this core (declared by the kernel, copies included; results the API hands back are not counted
// until the kernel names them).
struct RegCounts {
    uint32_t vector = 0;
    uint32_t mask = 0;
};
inline thread_local RegCounts tlsRegCounts;
// Fails naming the rule when declaring one more register passes the limit.
void CountVectorReg(uint32_t regs);
void CountMaskReg();
inline void ReleaseVectorReg(uint32_t regs) { tlsRegCounts.vector -= regs; }
inline void ReleaseMaskReg() { --tlsRegCounts.mask; }

// A tag for the API's own results: a register the API returns by value is the kernel's to name.
struct Uncounted {};

}  // namespace ascendc_sim::reg
