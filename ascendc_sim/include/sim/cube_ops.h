// The basic cube APIs on the twin (基础API/矩阵计算（ISASI）): DataCopy GM -> L1 (MTE2), LoadData 2D L1 -> L0A/L0B
// (MTE1) and Mmad (M) (Fixpipe, L0C out on FIX: sim/fixpipe.h), on the buffers TPipe carves for the cube positions
// (A1/B1 in L1, A2 in L0A, B2 in L0B, CO1 in L0C). The cube side gets no compiler auto-sync (核内同步/关键特性说明), so
// every pipe hand-off needs its SetFlag/WaitFlag, PipeBarrier or cube-position TQue (sim/pipe_sync.h checks each
// access). Modeled: A2/A3 AIC cores, half/bfloat16/float inputs with float L0C and int8 inputs with int32 L0C;
// anything else fails.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/context.h"
#include "sim/dtype_of.h"
#include "sim/sync.h"
#include "sim/tensor.h"

namespace AscendC {

// LoadData 2D (LoadData_2D.md): 512-byte fractals; the field order of the documented aggregate initialisation.
struct LoadData2DParams {
    uint16_t startIndex = 0;  // first source fractal
    uint8_t repeatTimes = 0;  // fractals moved; 0 is a NOP
    uint16_t srcStride = 0;   // source fractal step (512 B units)
    uint8_t sid = 0;          // deprecated
    uint16_t dstGap = 0;      // destination gap between fractals (512 B units)
    bool ifTranspose = false;
    uint8_t addrMode = 0;  // GM -> L1 only
    LoadData2DParams() = default;
    LoadData2DParams(uint16_t start, uint8_t repeat, uint16_t stride, uint8_t sidIn, uint16_t gap, bool transpose,
                     uint8_t mode)
        : startIndex(start),
          repeatTimes(repeat),
          srcStride(stride),
          sid(sidIn),
          dstGap(gap),
          ifTranspose(transpose),
          addrMode(mode) {}
};

// Mmad (Mmad.md 表4), with its two documented constructors. isBias / cmatrixInitVal false accumulate into L0C;
// cmatrixSource (BT init) is not modeled.
struct MmadParams {
    uint16_t m = 0, n = 0, k = 0;
    bool isBias = false;
    int32_t fmOffset = 0;
    bool enSsparse = false, enWinogradA = false, enWinogradB = false;
    uint8_t unitFlag = 0;
    bool kDirectionAlign = false;
    bool cmatrixSource = false;
    bool cmatrixInitVal = true;
    MmadParams() = default;
    MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, bool bias, int32_t fmOffsetIn, bool sparse, bool winogradA,
               bool winogradB)
        : m(mIn),
          n(nIn),
          k(kIn),
          isBias(bias),
          fmOffset(fmOffsetIn),
          enSsparse(sparse),
          enWinogradA(winogradA),
          enWinogradB(winogradB) {}
    MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn, bool source, bool initVal)
        : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(source), cmatrixInitVal(initVal) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// A cube-buffer operand: its bytes, checked for the core, the buffer, the alignment and the tensor's extent.
struct CubeOperand {
    uint8_t* data;
    CubeBuffer buffer;
    uint64_t offset;  // inside its buffer
};
CubeOperand CheckCubeOperand(CoreContext& c, const char* api, const char* role, const BufferSlot* slot,
                             const void* data, uint64_t tensorBytes, uint64_t bytes, uint32_t buffers, uint64_t align);
inline constexpr uint32_t BufferBit(CubeBuffer b) { return 1u << static_cast<int>(b); }
// A cube-position buffer's address in the definedness space of the cube buffers (sim/definedness.h).
uint64_t CubeDefAddress(const CoreContext& c, const BufferSlot& s);

// The implementations behind the templates (cube_ops.cpp); element types as DataType.
void CopyGmToL1(const char* api, const CubeOperand& dst, const uint8_t* gm, uint64_t count, uint64_t rowBytes,
                uint64_t srcPitch, uint64_t dstPitch);
void LoadData2D(const char* api, const CubeOperand& dst, const CubeOperand& src, uint64_t dstBytes, uint64_t srcBytes,
                const AscendC::LoadData2DParams& p, uint32_t elemBytes);
// bias: the float bias row in BT (C2) that C starts from, or nullptr. `in`: half, bfloat16 or float (float C), int8
// (int32 C).
void MmadCube(const CubeOperand& dst, const CubeOperand& a, const CubeOperand& b, ascendc_sim::DataType in,
              const AscendC::MmadParams& p, const CubeOperand* bias = nullptr);
// DataCopy L1 (C1) -> BT (C2) on MTE1, or -> FB (C2PIPE2GM) on FIX, of `bytes`.
void CopyL1ToBt(const char* api, const CubeOperand& dst, const CubeOperand& src, uint64_t bytes);
// DataCopy L1 -> GM on MTE3: `count` rows of `rowBytes`, `srcPitch` / `dstPitch` apart.
void CopyL1ToGm(const char* api, uint8_t* gm, const CubeOperand& src, uint64_t count, uint64_t rowBytes,
                uint64_t srcPitch, uint64_t dstPitch);
// Byte counts of the operands Mmad / LoadData touch (for the extent checks before the access).
// `inBytes`: the size of A's and B's elements (their fractals are 16 x 32 bytes).
uint64_t MmadBytes(const AscendC::MmadParams& p, char which, uint32_t inBytes);
uint64_t LoadData2DSrcBytes(const AscendC::LoadData2DParams& p);
uint64_t LoadData2DDstBytes(const AscendC::LoadData2DParams& p);

template <typename T>
CubeOperand CubeTensor(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes,
                       uint32_t buffers, uint64_t align) {
    t.CheckLive(api);
    CoreContext& c = Core();
    return CheckCubeOperand(c, api, role, t.Slot(), t.Data(), uint64_t{t.GetSize()} * sizeof(T), bytes, buffers, align);
}

// LoadData 2D's destination (L0A / L0B, 512-byte aligned) and source (L1, 32-byte aligned) checked, then the move.
template <typename T>
void LoadData2DTensors(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       const AscendC::LoadData2DParams& p) {
    const uint64_t dstBytes = LoadData2DDstBytes(p), srcBytes = LoadData2DSrcBytes(p);
    auto d = CubeTensor(api, "dst", dst, dstBytes, BufferBit(CubeBuffer::kL0A) | BufferBit(CubeBuffer::kL0B), 512);
    auto s = CubeTensor(api, "src", src, srcBytes, BufferBit(CubeBuffer::kL1), 32);
    LoadData2D(api, d, s, dstBytes, srcBytes, p, sizeof(T));
}

// Mmad's C (L0C, 1024-byte aligned), A (L0A) and B (L0B, 512-byte aligned) checked for extent, buffer and alignment.
struct MmadOperands {
    CubeOperand c, a, b;
};
template <typename T, typename U>
MmadOperands MmadTensors(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& fm,
                         const AscendC::LocalTensor<U>& filter, const AscendC::MmadParams& p) {
    return {CubeTensor("Mmad", "dst", dst, MmadBytes(p, 'c', sizeof(U)), BufferBit(CubeBuffer::kL0C), 1024),
            CubeTensor("Mmad", "fm", fm, MmadBytes(p, 'a', sizeof(U)), BufferBit(CubeBuffer::kL0A), 512),
            CubeTensor("Mmad", "filter", filter, MmadBytes(p, 'b', sizeof(U)), BufferBit(CubeBuffer::kL0B), 512)};
}

}  // namespace ascendc_sim

namespace AscendC {

// LoadData_2D.md: L1 (A1/B1) -> L0A (A2) / L0B (B2); destination 512-byte aligned, L1 address 32-byte aligned.
template <typename T>
__aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& p,
                                ascendc_sim::CallSite = {}) {
    const char* api = "LoadData";
    ascendc_sim::Poll(ascendc_sim::Core());
    if (p.repeatTimes == 0) return;  // documented NOP
    if (p.ifTranspose && sizeof(T) != 2) ascendc_sim::Fail(api, "ifTranspose needs a 2-byte type (LoadData_2D.md)");
    ascendc_sim::LoadData2DTensors(api, dst, src, p);
}

// LoadDataWithTranspose (LoadDataWithTranspose.md, 表 LoadData2dTransposeParams): L1 (A1/B1) -> L0A/L0B, each
// repeat transposing one square of fractals.
struct LoadData2dTransposeParams {
    uint16_t startIndex = 0;  // first source square
    uint8_t repeatTimes = 0;  // squares moved; 0 is a NOP
    uint16_t srcStride = 0;   // source square to square, head to head (square units)
    uint16_t dstGap = 0;      // end of one repeat's first destination fractal to the next one's start (512 B units)
    uint16_t dstFracGap = 0;  // inside a repeat of two fractals (b8 / b32), between them (512 B units)
    uint8_t addrMode = 0;
    LoadData2dTransposeParams() = default;
    LoadData2dTransposeParams(uint16_t start, uint8_t repeat, uint16_t stride, uint16_t gap, uint16_t fracGap)
        : startIndex(start), repeatTimes(repeat), srcStride(stride), dstGap(gap), dstFracGap(fracGap) {}
    LoadData2dTransposeParams(uint16_t start, uint8_t repeat, uint16_t stride, uint16_t gap, uint16_t fracGap,
                              uint8_t mode)
        : startIndex(start), repeatTimes(repeat), srcStride(stride), dstGap(gap), dstFracGap(fracGap), addrMode(mode) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// LoadDataWithTranspose of b8 / b32 squares (two fractals each): the bytes read from src's start and written from
// dst's, and the move (cube_transpose.cpp).
uint64_t TransposeSquaresSrcBytes(const AscendC::LoadData2dTransposeParams& p);
uint64_t TransposeSquaresDstBytes(const AscendC::LoadData2dTransposeParams& p);
void TransposeSquares(const char* api, const CubeOperand& dst, const CubeOperand& src,
                      const AscendC::LoadData2dTransposeParams& p, uint32_t elemBytes);

}  // namespace ascendc_sim

namespace AscendC {

// For half / bfloat16_t a square is one 16 x 16 fractal, transposed as LoadData's ifTranspose does (dstFracGap has
// no effect). A b8 square is two 16 x 32 fractals one above the other, a b32 square two 16 x 8 side by side; the
// transposed square is split the same way into two fractals dstFracGap apart (LoadDataWithTranspose.md, 分形转置).
template <typename T>
__aicore__ inline void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                             const LoadData2dTransposeParams& p, ascendc_sim::CallSite = {}) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "LoadDataWithTranspose: b8, b16 or b32 data");
    const char* api = "LoadDataWithTranspose";
    ascendc_sim::Poll(ascendc_sim::Core());
    if (p.repeatTimes == 0) return;
    if constexpr (sizeof(T) == 2) {
        const LoadData2DParams q(p.startIndex, p.repeatTimes, p.srcStride, 0, p.dstGap, true, p.addrMode);
        ascendc_sim::LoadData2DTensors(api, dst, src, q);
    } else {
        using ascendc_sim::BufferBit;
        using ascendc_sim::CubeBuffer;
        if (p.addrMode != 0) ascendc_sim::Fail(api, "addrMode (decreasing addresses) is not modeled");
        auto d = ascendc_sim::CubeTensor(api, "dst", dst, ascendc_sim::TransposeSquaresDstBytes(p),
                                         BufferBit(CubeBuffer::kL0A) | BufferBit(CubeBuffer::kL0B), 512);
        auto s = ascendc_sim::CubeTensor(api, "src", src, ascendc_sim::TransposeSquaresSrcBytes(p),
                                         BufferBit(CubeBuffer::kL1), 32);
        ascendc_sim::TransposeSquares(api, d, s, p, sizeof(T));
    }
}

// Mmad.md: C (CO1, Nz) = A (A2, Zz) x B (B2, Zn) (+ C); on the twin half, bfloat16_t or float inputs with a float
// L0C, int8_t inputs with an int32_t L0C (Mmad.md 表2's dav-2201 rows without the int4b_t and sparse ones).
template <typename T, typename U, typename S>
__aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                            const MmadParams& p, ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<U, S> &&
                      ((std::is_same_v<T, float> && (std::is_same_v<U, half> || std::is_same_v<U, ascendc_sim::Bf16> ||
                                                     std::is_same_v<U, float>)) ||
                       (std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>)),
                  "Mmad on the twin: half, bfloat16_t or float inputs with a float L0C, int8_t with int32_t");
    ascendc_sim::Poll(ascendc_sim::Core());
    if (p.m == 0 || p.n == 0 || p.k == 0) return;  // documented NOP
    const ascendc_sim::MmadOperands o = ascendc_sim::MmadTensors(dst, fm, filter, p);
    ascendc_sim::MmadCube(o.c, o.a, o.b, ascendc_sim::DTypeOf<U>(), p);
}

// Mmad.md (bias overload): C starts from the bias row in C2 (BT), bias[j] for every row of column j, whatever
// cmatrixInitVal says, then accumulates A x B.
template <typename T, typename U, typename S, typename V>
__aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                            const LocalTensor<V>& bias, const MmadParams& p, ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<U, S> && std::is_same_v<T, float> && std::is_same_v<V, float> &&
                      (std::is_same_v<U, half> || std::is_same_v<U, ascendc_sim::Bf16> || std::is_same_v<U, float>),
                  "Mmad with bias on the twin: half, bfloat16_t or float inputs, float L0C and bias");
    ascendc_sim::Poll(ascendc_sim::Core());
    if (p.m == 0 || p.n == 0 || p.k == 0) return;  // documented NOP
    const ascendc_sim::MmadOperands o = ascendc_sim::MmadTensors(dst, fm, filter, p);
    auto t = ascendc_sim::CubeTensor("Mmad", "bias", bias, uint64_t{p.n} * sizeof(float),
                                     ascendc_sim::BufferBit(ascendc_sim::CubeBuffer::kBt), 64);
    ascendc_sim::MmadCube(o.c, o.a, o.b, ascendc_sim::DTypeOf<U>(), p, &t);
}

}  // namespace AscendC
