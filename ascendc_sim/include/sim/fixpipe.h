// The FIX pipe: Fixpipe moves the NZ matrix in L0C (CO1) to GM or L1 (C1), through relu and the quantisation
// quantPre names (Fixpipe.md, FixpipeParamsV220; the dav_c220 checks of CANN 8.1.RC1
// kernel_operator_fixpipe_v2_impl.h:45-125), with the registers that steer it (SetFixpipePreQuantFlag,
// SetFixPipeConfig, SetFixpipeNz2ndFlag) and the raw form DataCopy(CO1 -> GM / C1, DataCopyCO12DstParams).
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/cube_ops.h"
#include "sim/gm_definedness.h"

// Fixpipe's quantisation modes: a global-scope enum of ccec's, which kernels name unqualified
// (kernel_struct_fixpipe.h uses it as QuantMode_t::NoQuant without a namespace).
enum QuantMode_t : uint8_t { NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8 };

namespace AscendC {

using ::QuantMode_t;

// Fixpipe（L0C到GM数据搬运）.md 表4, with the documented constructors (kernel_struct_fixpipe.h's argument order).
struct FixpipeParamsV220 {
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;  // between the Z columns of the NZ source, in C0 units (16 elements)
    uint32_t dstStride = 0;  // NZ2ND: elements per destination row; NZ: 32-byte blocks between column blocks
    QuantMode_t quantPre = NoQuant;
    uint64_t deqScalar = 0;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint16_t dstNdStride = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    bool isChannelSplit = false;
    FixpipeParamsV220() = default;
    FixpipeParamsV220(uint16_t n, uint16_t m, uint16_t srcStrideIn, uint32_t dstStrideIn, bool relu)
        : nSize(n), mSize(m), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(relu) {}
    FixpipeParamsV220(uint16_t n, uint16_t m, uint16_t srcStrideIn, uint32_t dstStrideIn, bool relu, QuantMode_t quant,
                      int64_t deq, uint16_t nd, uint16_t srcNd, uint16_t dstNd, uint8_t unit, bool channelSplit = false)
        : nSize(n),
          mSize(m),
          srcStride(srcStrideIn),
          dstStride(dstStrideIn),
          quantPre(quant),
          deqScalar(static_cast<uint64_t>(deq)),
          ndNum(nd),
          srcNdStride(srcNd),
          dstNdStride(dstNd),
          reluEn(relu),
          unitFlag(unit),
          isChannelSplit(channelSplit) {}
};

enum class CO2Layout : uint8_t { NZ, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
    CO2Layout format;
};
inline constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};

// DataCopy CO1 -> GM / C1 (DataCopy随路量化激活搬运.md, kernel_struct_data_copy.h's fields and constructor): the raw
// FIX instruction; the quantisation words come from the registers SetFixpipePreQuantFlag / SetFixPipeConfig set,
// the ND split from SetFixpipeNz2ndFlag's.
struct DataCopyCO12DstParams {
    uint8_t sid = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint32_t dstStride = 0;  // nz2ndEn: elements per destination row; else 32-byte blocks between column blocks
    uint16_t srcStride = 0;  // L0C column block to column block, in 16-row units
    uint8_t unitFlag = 0;
    uint8_t clipReluPre = 0;
    uint8_t eltWiseOp = 0;
    QuantMode_t quantPre = NoQuant;
    uint8_t reluPre = 0;
    bool channelSplit = false;
    bool nz2ndEn = false;
    DataCopyCO12DstParams() = default;
    DataCopyCO12DstParams(uint16_t n, uint16_t m, uint32_t dstStrideIn, uint16_t srcStrideIn, QuantMode_t quant,
                          uint8_t relu, bool split, bool nz2nd)
        : nSize(n),
          mSize(m),
          dstStride(dstStrideIn),
          srcStride(srcStrideIn),
          quantPre(quant),
          reluPre(relu),
          channelSplit(split),
          nz2ndEn(nz2nd) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// Where Fixpipe's output goes: `runs` runs of `runBytes`, `pitchBytes` apart (ND: a row each; NZ: a C0 column
// block each, its mSize rows of c0 elements one after another), element (i, j) at Offset(i, j) bytes.
struct FixpipeOut {
    bool nz = false;
    uint32_t c0 = 16;  // NZ: elements per row of a column block
    uint64_t runs = 0, runBytes = 0, pitchBytes = 0, elemBytes = 0;
    // ND with ndNum > 1: `matrices` NZ matrices srcMatrixBytes apart in L0C, dstMatrixBytes apart in GM
    // (SetFixpipeNz2ndFlag.md: srcNdStride in 1024-byte fractals, dstNdStride in elements, head to head).
    uint64_t matrices = 1, srcMatrixBytes = 0, dstMatrixBytes = 0;
    uint64_t Offset(uint64_t i, uint64_t j) const {
        return nz ? (j / c0) * pitchBytes + (i * c0 + j % c0) * elemBytes : i * pitchBytes + j * elemBytes;
    }
    uint64_t Span() const { return (runs - 1) * pitchBytes + runBytes; }  // one matrix
};
FixpipeOut FixpipeOutLayout(const char* api, const AscendC::FixpipeParamsV220& p, uint32_t elemBytes, bool nz);
// Where the matrix goes: GM, or an L1 (C1) operand.
struct FixpipeDst {
    uint8_t* gm = nullptr;
    const CubeOperand* l1 = nullptr;
};
// The quantisation words: the scalar one, or for the vector modes (V*) one uint64_t per output column, read from
// `columns` (L1 for Fixpipe's cbufWorkspace, FB for DataCopy's SetFixPipeConfig tensor).
struct FixpipeQuant {
    uint64_t scalar = 0;
    const CubeOperand* columns = nullptr;
    // The Fixpipe API's PipeBarrier<PIPE_FIX> between loading the words and the move
    // (kernel_operator_fixpipe_v2_impl.h: 228, 327); the raw DataCopy has none.
    bool barrier = true;
};
bool IsVectorQuant(QuantMode_t mode);
// `in`: L0C's element type (float, or int32 from int8 inputs); `out` the destination's. Fails unless quantPre
// converts in to out (fixpipe.cpp's table).
void FixpipeMove(const char* api, const FixpipeDst& dst, ascendc_sim::DataType out, ascendc_sim::DataType in,
                 const CubeOperand& src, const AscendC::FixpipeParamsV220& p, const FixpipeOut& layout,
                 const FixpipeQuant& q);
// One L0C element (float or int32 bits at `src`) through relu and quantPre into `dst` (out's bytes); `word` is the
// column's quantisation word (fixpipe.cpp).
void FixpipeConvert(const char* api, QuantMode_t mode, bool relu, uint64_t word, ascendc_sim::DataType in,
                    ascendc_sim::DataType out, const uint8_t* src, uint8_t* dst);
void CheckQuantMode(const char* api, QuantMode_t mode, ascendc_sim::DataType in, ascendc_sim::DataType out);
// The FIX registers (CoreContext::cube) as the Set* APIs and Fixpipe leave them.
void SetQuantPreRegister(uint64_t word);
void SetNdParaRegister(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride);
void SetFpcRegister(const char* api, int8_t cubeBuffer, uint64_t offset, bool unitFlagReset);
// DataCopy CO1 -> GM / C1: the instruction's fields as FixpipeParamsV220, with the registers it reads.
AscendC::FixpipeParamsV220 Co12Params(const char* api, const AscendC::DataCopyCO12DstParams& p);
// The FB words SetFixPipeConfig pointed the FPC at, checked for `columns` words.
CubeOperand FpcQuantWords(const char* api, uint64_t columns);
uint64_t FixpipeSrcBytes(const AscendC::FixpipeParamsV220& p);

// The source's L0C operand (64-byte aligned: L0C_SRC_ALIGN, kernel_operator_fixpipe_v2_impl.h:43).
template <typename U>
CubeOperand FixpipeSource(const char* api, const AscendC::LocalTensor<U>& src, const AscendC::FixpipeParamsV220& p,
                          const FixpipeOut& out) {
    static_assert(std::is_same_v<U, float> || std::is_same_v<U, int32_t>, "Fixpipe: a float or int32_t L0C source");
    const uint64_t bytes = (out.matrices - 1) * out.srcMatrixBytes + FixpipeSrcBytes(p);
    return CubeTensor(api, "src", src, bytes, BufferBit(CubeBuffer::kL0C), 64);
}

// The GM destination's runs checked and marked written, then the move.
template <typename T, typename U>
void FixpipeToGlobal(const char* api, const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                     const AscendC::FixpipeParamsV220& p, bool nz, const FixpipeQuant& q) {
    auto& core = Core();
    const FixpipeOut out = FixpipeOutLayout(api, p, sizeof(T), nz);
    const CubeOperand s = FixpipeSource(api, src, p, out);
    for (uint64_t t = 0; t < out.matrices; ++t) {
        for (uint64_t r = 0; r < out.runs; ++r) {
            const uint64_t at = t * out.dstMatrixBytes + r * out.pitchBytes;
            dst.CheckRange(core, api, at / sizeof(T), out.runBytes / sizeof(T), GmAccess::kWrite);
            DefineGm(core, reinterpret_cast<uint8_t*>(dst.GetPhyAddr()) + at, out.runBytes);
        }
    }
    FixpipeDst d;
    d.gm = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    FixpipeMove(api, d, DTypeOf<T>(), DTypeOf<U>(), s, p, out, q);
}

// L0C -> L1 (C1), NZ only, the destination 32-byte aligned (CheckFixpipeL0C2L1Param, kernel_operator_fixpipe_v2_impl.h:
// 98-112).
template <typename T, typename U>
void FixpipeToLocal(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                    const AscendC::FixpipeParamsV220& p, bool nz, const FixpipeQuant& q) {
    static_assert(
        !std::is_same_v<T, float> && !std::is_same_v<T, int32_t>,
        "Fixpipe CO1 -> C1: int8_t / uint8_t / half / bfloat16_t destinations (kernel_operator_fixpipe_v2_impl.h"
        ":107)");
    if (!nz) Fail(api, "CO1 -> C1 writes NZ only: use CFG_NZ (kernel_operator_fixpipe_v2_impl.h:102)");
    if (p.isChannelSplit) Fail(api, "CO1 -> C1 takes no isChannelSplit (kernel_operator_fixpipe_v2_impl.h:104)");
    const FixpipeOut out = FixpipeOutLayout(api, p, sizeof(T), true);
    const CubeOperand s = FixpipeSource(api, src, p, out);
    const CubeOperand l1 = CubeTensor(api, "dst", dst, out.Span(), BufferBit(CubeBuffer::kL1), 32);
    FixpipeDst d;
    d.l1 = &l1;
    FixpipeMove(api, d, DTypeOf<T>(), DTypeOf<U>(), s, p, out, q);
}

// Fixpipe's vector-quantisation words: nSize uint64_t in L1 (C1), 32-byte aligned.
inline CubeOperand FixpipeWorkspace(const char* api, const AscendC::LocalTensor<uint64_t>& words,
                                    const AscendC::FixpipeParamsV220& p) {
    if (!IsVectorQuant(p.quantPre)) {
        Fail(api, ascendc_sim::Str("a cbufWorkspace is given but quantPre ", int(p.quantPre),
                                   " is no vector mode (VDEQF16, VQF322B8_PRE, VREQ8)"));
    }
    Core().cube.fpcQuantOffset = -1;  // the API points the FPC at a temporary FB copy (CopyDeqTensorToFbuf)
    return CubeTensor(api, "cbufWorkspace", words, uint64_t{p.nSize} * 8, BufferBit(CubeBuffer::kL1), 32);
}

// Fixpipe's common start: the core polled; false for the documented NOP (a zero size).
inline bool FixpipeMoves(const AscendC::FixpipeParamsV220& p) {
    Poll(Core());
    return p.mSize != 0 && p.nSize != 0 && p.ndNum != 0;
}

inline FixpipeQuant ScalarQuant(const char* api, const AscendC::FixpipeParamsV220& p) {
    if (IsVectorQuant(p.quantPre)) {
        Fail(api, ascendc_sim::Str("quantPre ", int(p.quantPre), " is a vector mode: pass its cbufWorkspace tensor"));
    }
    // Fixpipe loads a scalar mode's word into the register (SetQuantPreImpl, kernel_operator_fixpipe_v2_impl.h:226)
    if (p.quantPre == DEQF16 || p.quantPre == QF322B8_PRE || p.quantPre == REQ8) SetQuantPreRegister(p.deqScalar);
    return {p.deqScalar, nullptr};
}

}  // namespace ascendc_sim

namespace AscendC {

// Fixpipe.md: CO1 -> GM as ND (CFG_ROW_MAJOR, NZ2ND) or NZ (CFG_NZ), scalar quantisation (deqScalar) or none.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p,
                               ascendc_sim::CallSite = {}) {
    static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe CFG_COLUMN_MAJOR (DN) is dav-3510 only");
    if (!ascendc_sim::FixpipeMoves(p)) return;
    const bool nz = config.format == CO2Layout::NZ;
    ascendc_sim::FixpipeToGlobal("Fixpipe", dst, src, p, nz, ascendc_sim::ScalarQuant("Fixpipe", p));
}

// Fixpipe.md: CO1 -> GM with vector quantisation, one word per column from cbufWorkspace (L1).
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if_t<std::is_same_v<S, uint64_t>, bool> = true>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                               const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& p,
                               ascendc_sim::CallSite = {}) {
    static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe CFG_COLUMN_MAJOR (DN) is dav-3510 only");
    if (!ascendc_sim::FixpipeMoves(p)) return;
    const ascendc_sim::CubeOperand words = ascendc_sim::FixpipeWorkspace("Fixpipe", cbufWorkspace, p);
    ascendc_sim::FixpipeToGlobal("Fixpipe", dst, src, p, config.format == CO2Layout::NZ, {0, &words});
}

// Fixpipe.md: CO1 -> C1 (L1), NZ.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p,
                               ascendc_sim::CallSite = {}) {
    if (!ascendc_sim::FixpipeMoves(p)) return;
    const bool nz = config.format == CO2Layout::NZ;
    ascendc_sim::FixpipeToLocal("Fixpipe", dst, src, p, nz, ascendc_sim::ScalarQuant("Fixpipe", p));
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if_t<std::is_same_v<S, uint64_t>, bool> = true>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                               const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& p,
                               ascendc_sim::CallSite = {}) {
    if (!ascendc_sim::FixpipeMoves(p)) return;
    const ascendc_sim::CubeOperand words = ascendc_sim::FixpipeWorkspace("Fixpipe", cbufWorkspace, p);
    ascendc_sim::FixpipeToLocal("Fixpipe", dst, src, p, config.format == CO2Layout::NZ, {0, &words});
}

// SetFixpipePreQuantFlag.md: the scalar quantisation word DataCopy CO1 -> GM / C1 uses.
__aicore__ inline void SetFixpipePreQuantFlag(uint64_t config, ascendc_sim::CallSite = {}) {
    ascendc_sim::SetQuantPreRegister(config);
}

// SetFixpipeNz2ndFlag.md: the ND split of a DataCopy with nz2ndEn; srcNdStride in [0, 512]
// (kernel_operator_fixpipe_impl.h:64).
__aicore__ inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride,
                                           ascendc_sim::CallSite = {}) {
    ascendc_sim::SetNdParaRegister(ndNum, srcNdStride, dstNdStride);
}

// SetFixPipeConfig.md: points the FPC at the quantisation words in FB (C2PIPE2GM); asc-devkit's dav_c220 form of
// one tensor also takes a CO1 tensor, for isUnitFlag alone (impl/basic_api/dav_c220/kernel_operator_fixpipe_impl.h:
// 53). setRelu true (reluPre) is documented as unsupported.
template <typename T, bool setRelu = false>
__aicore__ inline void SetFixPipeConfig(const LocalTensor<T>& pre, bool isUnitFlag = false,
                                        ascendc_sim::CallSite = {}) {
    static_assert(!setRelu, "SetFixPipeConfig: setRelu supports false only (SetFixPipeConfig.md)");
    const char* api = "SetFixPipeConfig";
    ascendc_sim::Poll(ascendc_sim::Core());
    const ascendc_sim::CubeOperand t = ascendc_sim::CubeTensor(
        api, "pre", pre, 0,
        ascendc_sim::BufferBit(ascendc_sim::CubeBuffer::kFb) | ascendc_sim::BufferBit(ascendc_sim::CubeBuffer::kL0C),
        1);
    ascendc_sim::SetFpcRegister(api, static_cast<int8_t>(t.buffer), t.offset, isUnitFlag);
}

template <typename T>
__aicore__ inline void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre,
                                        bool isUnitFlag = false, ascendc_sim::CallSite = {}) {
    const char* api = "SetFixPipeConfig";
    ascendc_sim::Poll(ascendc_sim::Core());
    const uint32_t fb = ascendc_sim::BufferBit(ascendc_sim::CubeBuffer::kFb);
    // reluPre is reserved: an empty LocalTensor will do (SetFixPipeConfig.md); a given one is FB, FPC[7:0] in 64 B
    if (reluPre.Slot() != nullptr) ascendc_sim::CubeTensor(api, "reluPre", reluPre, 0, fb, 64);
    const ascendc_sim::CubeOperand q = ascendc_sim::CubeTensor(api, "quantPre", quantPre, 0, fb, 128);
    ascendc_sim::SetFpcRegister(api, static_cast<int8_t>(q.buffer), q.offset, isUnitFlag);
}

// DataCopy随路量化激活搬运.md: CO1 -> GM (ND with nz2ndEn, else NZ) or C1 (L1, NZ); `move` takes the instruction's
// fields as FixpipeParamsV220 and the quantisation words the FIX registers hold.
template <typename Move>
__aicore__ inline void DataCopyFromCo1(const DataCopyCO12DstParams& p, Move&& move) {
    const char* api = "DataCopy";
    ascendc_sim::Poll(ascendc_sim::Core());
    if (p.mSize == 0 || p.nSize == 0) return;
    const FixpipeParamsV220 f = ascendc_sim::Co12Params(api, p);
    if (!ascendc_sim::IsVectorQuant(p.quantPre))
        return move(api, f, ascendc_sim::FixpipeQuant{f.deqScalar, nullptr, false});
    const ascendc_sim::CubeOperand words = ascendc_sim::FpcQuantWords(api, p.nSize);
    move(api, f, ascendc_sim::FixpipeQuant{0, &words, false});
}

template <typename T, typename U>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p,
                                ascendc_sim::CallSite = {}) {
    DataCopyFromCo1(p, [&](const char* api, const FixpipeParamsV220& f, const ascendc_sim::FixpipeQuant& q) {
        ascendc_sim::FixpipeToGlobal(api, dst, src, f, !p.nz2ndEn, q);
    });
}

template <typename T, typename U>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p,
                                ascendc_sim::CallSite = {}) {
    DataCopyFromCo1(p, [&](const char* api, const FixpipeParamsV220& f, const ascendc_sim::FixpipeQuant& q) {
        ascendc_sim::FixpipeToLocal(api, dst, src, f, !p.nz2ndEn, q);
    });
}

}  // namespace AscendC
