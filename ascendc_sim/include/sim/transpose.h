// Transposes on the vector pipe: Transpose of a 16 x 16 b16 matrix, the enhanced Transpose with TransposeParamsExt
// ([N, C, H, W] <-> [N, H, W, C]) and TransDataTo5HD of b16 (16 DataBlocks in, 16 out, per repeat). Each is a
// permutation: dst element i is src element from[i], its definedness with it (PickFlow). Structs and enum as CANN
// 8.1's basic_api/interface/kernel_struct_transpose.h declares them; semantics from Transpose.md and
// TransDataTo5HD.md (asc-devkit docs, 矢量计算/数据转换).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/vector_core.h"

namespace AscendC {

enum class TransposeType : uint8_t {
    TRANSPOSE_TYPE_NONE,
    TRANSPOSE_NZ2ND_0213,
    TRANSPOSE_NZ2NZ_0213,
    TRANSPOSE_NZ2NZ_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITHOUT_N,
    TRANSPOSE_NZ2NZ_012_WITHOUT_N,
    TRANSPOSE_ND2ND_ONLY,
    TRANSPOSE_ND_UB_GM,
    TRANSPOSE_GRAD_ND_UB_GM,
    TRANSPOSE_ND2ND_B16,
    TRANSPOSE_NCHW2NHWC,
    TRANSPOSE_NHWC2NCHW
};

struct TransDataTo5HDParams {
    __aicore__ TransDataTo5HDParams() {}
    __aicore__ TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                                    const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn),
          srcHighHalf(srcHighHalfIn),
          repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};

struct TransposeParamsExt {
    __aicore__ TransposeParamsExt() {}
    __aicore__ TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                  const uint16_t wSizeIn, const TransposeType transposeTypeIn)
        : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}
    uint16_t nSize = 0;
    uint16_t cSize = 0;
    uint16_t hSize = 0;
    uint16_t wSize = 0;
    TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

}  // namespace AscendC

namespace ascendc_sim {

// dst[i] = src[from[i]] over the UB bytes `d` and `s` (any overlap: src is read whole first), with definedness.
template <typename T>
void PermuteUb(CoreContext& c, const char* api, T* d, uint64_t dstUb, const T* s, uint64_t srcUb,
               const std::vector<uint32_t>& from) {
    std::vector<T> copy(s, s + (from.empty() ? 0 : *std::max_element(from.begin(), from.end()) + 1));
    std::vector<uint32_t> offsets(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
        d[i] = copy[from[i]];
        offsets[i] = from[i] * sizeof(T);
    }
    if (!from.empty()) {
        PickFlow(c, api, dstUb, offsets.data(), srcUb, static_cast<uint32_t>(from.size()), sizeof(T), 0,
                 copy.size() * sizeof(T));
    }
    CountVector(c, VecClass::kSimple, from.size(), sizeof(T));
}

// [rows, cols] -> [cols, rows] within each of `batches` matrices: the source index of each destination element.
inline std::vector<uint32_t> TransposedOrder(uint32_t batches, uint32_t rows, uint32_t cols) {
    std::vector<uint32_t> from(uint64_t{batches} * rows * cols);
    for (uint32_t b = 0; b < batches; ++b) {
        const uint32_t base = b * rows * cols;
        for (uint32_t j = 0; j < cols; ++j) {
            for (uint32_t i = 0; i < rows; ++i) from[base + j * rows + i] = base + i * cols + j;
        }
    }
    return from;
}

// Transpose.md 表5: NCHW2NHWC needs (cSize + 2) and NHWC2NCHW (cSize * 2 + 1) blocks of 32 x 32 bytes (b8) or
// 16 x 16 b16 / 16 x 8 b32 elements, 512 bytes, of sharedTmpBuffer.
inline uint64_t EnhancedTransposeTmpBytes(AscendC::TransposeType type, uint32_t cSize, uint32_t elemBytes) {
    const uint64_t block = elemBytes == 1 ? 1024 : 512;
    return (type == AscendC::TransposeType::TRANSPOSE_NCHW2NHWC ? cSize + 2ull : cSize * 2ull + 1) * block;
}

}  // namespace ascendc_sim

namespace AscendC {

// Transpose.md: a 16 x 16 matrix of uint16_t / int16_t / half; src and dst may be the same tensor.
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Transpose";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kOneOf<T, uint16_t, int16_t, half>);
    const T* s = src.Operand(api, "src", 256);
    T* d = dst.Operand(api, "dst", 256);
    PermuteUb(c, api, d, dst.UbOffset(), s, src.UbOffset(), TransposedOrder(1, 16, 16));
}

// Transpose.md, the enhanced form: TRANSPOSE_ND2ND_B16 (a 16 x 16 uint16_t matrix; src and dst may coincide),
// TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW (b8 / b16 / b32; src and dst must not be the same), with the
// sharedTmpBuffer of 表5.
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const TransposeParamsExt& params,
                                 ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Transpose";
    CoreContext& c = Core();
    Poll(c);
    const TransposeType type = params.transposeType;
    if (type == TransposeType::TRANSPOSE_ND2ND_B16) {
        RequireType<T>(api, std::is_same_v<T, uint16_t>);
        const T* s = src.Operand(api, "src", 256);
        T* d = dst.Operand(api, "dst", 256);
        PermuteUb(c, api, d, dst.UbOffset(), s, src.UbOffset(), TransposedOrder(1, 16, 16));
        return;
    }
    if (type != TransposeType::TRANSPOSE_NCHW2NHWC && type != TransposeType::TRANSPOSE_NHWC2NCHW) {
        Fail(api, Str("transposeType ", static_cast<int>(type),
                      " is not one of TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC, TRANSPOSE_NHWC2NCHW (Transpose.md)"));
    }
    RequireType<T>(api, sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
    const uint32_t n = params.nSize, ch = params.cSize, hw = uint32_t{params.hSize} * params.wSize;
    const uint64_t count = uint64_t{n} * ch * hw;
    if (src.UbOffset() == dst.UbOffset()) Fail(api, "src and dst must not be the same tensor for this transposeType");
    const uint64_t tmpBytes = EnhancedTransposeTmpBytes(type, ch, sizeof(T));
    sharedTmpBuffer.Operand(api, "sharedTmpBuffer", tmpBytes);
    const T* s = src.Operand(api, "src", count);
    T* d = dst.Operand(api, "dst", count);
    // per batch, [C, HW] -> [HW, C] or back
    const bool toNhwc = type == TransposeType::TRANSPOSE_NCHW2NHWC;
    PermuteUb(c, api, d, dst.UbOffset(), s, src.UbOffset(), TransposedOrder(n, toNhwc ? ch : hw, toNhwc ? hw : ch));
}

}  // namespace AscendC

namespace ascendc_sim {

// TransDataTo5HD of b16: per repeat, dst block k takes element k of each of the 16 src blocks (TransDataTo5HD.md
// 图1); block addresses advance by dstRepStride / srcRepStride DataBlocks a repeat. b8 and b32 (srcHighHalf /
// dstHighHalf, two dst blocks per loop) are not modeled.
template <typename T>
void TransDataTo5HDAt(const uint64_t (&dstList)[16], const uint64_t (&srcList)[16],
                      const AscendC::TransDataTo5HDParams& p) {
    const char* api = "TransDataTo5HD";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kOneOf<T, uint16_t, int16_t, half>);
    if (p.repeatTimes == 0) return;
    std::vector<Footprint> dstBlocks, srcBlocks;
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
        for (int i = 0; i < 16; ++i) {
            const uint64_t blocks[2] = {dstList[i] + uint64_t{r} * p.dstRepStride * 32,
                                        srcList[i] + uint64_t{r} * p.srcRepStride * 32};
            for (uint64_t at : blocks) {
                if (at % 32 != 0 || at + 32 > c.ubBytes) {
                    Fail(api, Str("block address ", at, " (list entry ", i, ", repeat ", r,
                                  ") is not a 32-byte aligned DataBlock of UB (", c.ubBytes, " bytes)"));
                }
            }
            dstBlocks.push_back(Footprint::Contiguous(blocks[0], 16, 16));
            srcBlocks.push_back(Footprint::Contiguous(blocks[1], 16, 16));
        }
    }
    NoteUbOperand(c, api, "src", srcBlocks.data(), srcBlocks.size());
    NoteUbOperand(c, api, "dst", dstBlocks.data(), dstBlocks.size());
    std::vector<T> in(16 * 16);
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
        const Footprint* srcRep = &srcBlocks[r * 16];
        const Footprint* dstRep = &dstBlocks[r * 16];
        for (int i = 0; i < 16; ++i) std::memcpy(&in[i * 16], c.ub + srcRep[i].base, 32);
        for (int k = 0; k < 16; ++k) {
            uint32_t offsets[16];
            auto* out = reinterpret_cast<T*>(c.ub + dstRep[k].base);
            for (int i = 0; i < 16; ++i) {
                offsets[i] = static_cast<uint32_t>(srcRep[i].base + k * sizeof(T));
                out[i] = in[i * 16 + k];
            }
            PickFlow(c, api, dstRep[k].base, offsets, 0, 16, sizeof(T), 0, c.ubBytes);
        }
    }
    CountVector(c, VecClass::kSimple, uint64_t{p.repeatTimes} * 256, sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                                      uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& params,
                                      ascendc_sim::CallSite = {}) {
    uint64_t d[16], s[16];
    for (int i = 0; i < 16; ++i) {
        d[i] = dstList[i];
        s[i] = srcList[i];
    }
    ascendc_sim::TransDataTo5HDAt<T>(d, s, params);
}

template <typename T>
__aicore__ inline void TransDataTo5HD(const LocalTensor<T> (&dstLocalList)[NCHW_CONV_ADDR_LIST_SIZE],
                                      const LocalTensor<T> (&srcLocalList)[NCHW_CONV_ADDR_LIST_SIZE],
                                      const TransDataTo5HDParams& params, ascendc_sim::CallSite = {}) {
    uint64_t d[16], s[16];
    for (int i = 0; i < 16; ++i) {
        dstLocalList[i].CheckLive("TransDataTo5HD");
        srcLocalList[i].CheckLive("TransDataTo5HD");
        d[i] = dstLocalList[i].GetPhyAddr();
        s[i] = srcLocalList[i].GetPhyAddr();
    }
    ascendc_sim::TransDataTo5HDAt<T>(d, s, params);
}

}  // namespace AscendC
