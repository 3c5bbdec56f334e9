// DataCopy / DataCopyPad between GM and UB (and UB to UB), with the strict length, alignment and bounds checks.
// UB->GM copies accumulate atomically while SetAtomicAdd is active.
#pragma once
#include <cstdint>
#include <cstring>

#include "sim/atomic.h"
#include "sim/cube_ops.h"
#include "sim/definedness.h"
#include "sim/device_memory.h"
#include "sim/gm_definedness.h"
#include "sim/gm_race.h"
#include "sim/pipe.h"
#include "sim/tensor.h"
#include "sim/timing.h"

namespace AscendC {

struct DataCopyParams {
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;   // 32-byte blocks (bytes for DataCopyPad)
    uint16_t srcStride = 0;  // gap between blocks
    uint16_t dstStride = 0;
    DataCopyParams() = default;
    DataCopyParams(uint16_t count, uint16_t len, uint16_t srcGap, uint16_t dstGap)
        : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap) {}
};

struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;   // bytes
    uint32_t srcStride = 0;  // GM: bytes; UB: 32-byte blocks
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcGap, uint32_t dstGap, uint32_t reserved)
        : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap), rsv(reserved) {}
};

template <typename T>
struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0;   // elements
    uint8_t rightPadding = 0;  // elements
    T paddingValue = 0;
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
    DataCopyPadParams() = default;
    DataCopyPadParams(bool pad, uint8_t left, uint8_t right, uint64_t value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

}  // namespace AscendC

namespace ascendc_sim {

inline constexpr uint64_t kBlock = 32;

// Rows of a strided copy: `count` rows of `rowBytes`, source/destination row pitches in bytes.
struct CopyShape {
    uint64_t count;
    uint64_t rowBytes;
    uint64_t srcPitch;
    uint64_t dstPitch;
    uint64_t SrcSpan() const { return count == 0 ? 0 : (count - 1) * srcPitch + rowBytes; }
    uint64_t DstSpan() const { return count == 0 ? 0 : (count - 1) * dstPitch + rowBytes; }
    Footprint SrcRows(uint64_t base) const { return Footprint::Rows(base, count, rowBytes, srcPitch); }
    Footprint DstRows(uint64_t base) const { return Footprint::Rows(base, count, rowBytes, dstPitch); }
};

// The GM rows a copy reads, for the cross-core race check: one record of the rows.
inline void LogGmRows(CoreContext& c, const char* api, const void* gm, uint64_t count, uint64_t rowBytes,
                      uint64_t pitch, GmAccessKind kind) {
    std::optional<DeviceAllocation> a = FindAllocation(gm, 0);
    if (!a || count == 0) return;
    const uint64_t off = static_cast<const uint8_t*>(gm) - a->base;
    LogGmRowsAccess(c, api, a->id, StridedRange::Rows(off, count, rowBytes, pitch), kind);
}

template <typename T>
void CopyGmToUb(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                const CopyShape& s) {
    CoreContext& c = Core();
    Poll(c);
    if (dst.Slot() != nullptr && dst.Slot()->cubeBuffer >= 0) {  // GM -> L1 (A1/B1) on the AIC's MTE2
        CubeOperand l1 = CubeTensor(api, "dst", dst, s.DstSpan(), BufferBit(CubeBuffer::kL1), 32);
        src.CheckRange(c, api, 0, (s.SrcSpan() + sizeof(T) - 1) / sizeof(T), GmAccess::kRead);
        if (s.count != 0) {
            CopyGmToL1(api, l1, reinterpret_cast<const uint8_t*>(src.GetPhyAddr()), s.count, s.rowBytes, s.srcPitch,
                       s.dstPitch);
        }
        return;
    }
    PipeScope scope(c, Pipe::kMte2);
    const Footprint ubRows = s.DstRows(dst.UbOffset());
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", (s.DstSpan() + sizeof(T) - 1) / sizeof(T), &ubRows));
    src.CheckRange(c, api, 0, (s.SrcSpan() + sizeof(T) - 1) / sizeof(T), GmAccess::kRead, false);
    LogGmRows(c, api, src.GetPhyAddr(), s.count, s.rowBytes, s.srcPitch, GmAccessKind::kRead);
    NoteGm(c, api, Pipe::kMte2, src.GetPhyAddr(), s.SrcSpan(), false);
    CacheDmaRead(c, api, src.GetPhyAddr(), s.SrcSpan());
    const auto* g = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    for (uint64_t r = 0; r < s.count; ++r) std::memcpy(d + r * s.dstPitch, g + r * s.srcPitch, s.rowBytes);
    CopyFromGm(c, api, s.SrcRows(reinterpret_cast<uint64_t>(g)), DefSpace::kUb, ubRows);
    c.cost.gmToUbBytes += s.count * s.rowBytes;
    ChargeCopy(c, Pipe::kMte2, g, s.count, s.rowBytes, s.srcPitch, src.L2Bypass());
}

template <typename T>
void CopyUbToGm(const char* api, const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const CopyShape& s) {
    CoreContext& c = Core();
    Poll(c);
    if (src.Slot() != nullptr && src.Slot()->cubeBuffer >= 0) {  // L1 (A1/B1/C1) -> GM on the AIC's MTE3
        CubeOperand l1 = CubeTensor(api, "src", src, s.SrcSpan(), BufferBit(CubeBuffer::kL1), 32);
        dst.CheckRange(c, api, 0, (s.DstSpan() + sizeof(T) - 1) / sizeof(T), GmAccess::kWrite);
        if (s.count != 0) {
            CopyL1ToGm(api, reinterpret_cast<uint8_t*>(dst.GetPhyAddr()), l1, s.count, s.rowBytes, s.srcPitch,
                       s.dstPitch);
        }
        return;
    }
    PipeScope scope(c, Pipe::kMte3);
    const Footprint ubRows = s.SrcRows(src.UbOffset());
    const auto* u =
        reinterpret_cast<const uint8_t*>(src.Operand(api, "src", (s.SrcSpan() + sizeof(T) - 1) / sizeof(T), &ubRows));
    auto* g = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    if (dst.GetPhyAddr() == nullptr) Fail(api, "GlobalTensor has no buffer (SetGlobalBuffer not called)");
    NoteGm(c, api, Pipe::kMte3, g, s.DstSpan(), true);
    CacheDmaWrite(c, api, g, s.DstSpan());
    CheckGmRows(c, api, g, s.count, s.rowBytes, s.dstPitch, c.atomicAdd ? GmAccess::kAtomicWrite : GmAccess::kWrite);
    CopyToGm(c, api, DefSpace::kUb, ubRows, s.DstRows(reinterpret_cast<uint64_t>(g)), c.atomicAdd);
    for (uint64_t r = 0; r < s.count; ++r) {
        uint64_t offset = r * s.dstPitch;
        if (c.atomicAdd) {
            AtomicAccumulate<T>(c, api, reinterpret_cast<T*>(g + offset),
                                reinterpret_cast<const T*>(u + r * s.srcPitch), s.rowBytes / sizeof(T));
        } else {
            std::memcpy(g + offset, u + r * s.srcPitch, s.rowBytes);
        }
    }
    c.cost.ubToGmBytes += s.count * s.rowBytes;
    ChargeCopy(c, Pipe::kMte3, g, s.count, s.rowBytes, s.dstPitch, false);
}

template <typename T>
void CopyUbToUb(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const CopyShape& s) {
    CoreContext& c = Core();
    Poll(c);
    const Footprint to = s.DstRows(dst.UbOffset()), from = s.SrcRows(src.UbOffset());
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", s.DstSpan() / sizeof(T), &to));
    const auto* u = reinterpret_cast<const uint8_t*>(src.Operand(api, "src", s.SrcSpan() / sizeof(T), &from));
    for (uint64_t r = 0; r < s.count; ++r) std::memmove(d + r * s.dstPitch, u + r * s.srcPitch, s.rowBytes);
    Propagate(c, api, Flow::kElementwise, {{to}}, {{from}});
    c.cost.ubToUbBytes += s.count * s.rowBytes;
    ChargeUbCopy(c, s.count * s.rowBytes);
}

// `bytes` of the `size`-byte `value` repeated (bytes a multiple of size): one element, then doubling copies.
inline void FillElements(uint8_t* dst, uint64_t bytes, const uint8_t* value, uint64_t size) {
    if (bytes == 0) return;
    std::memcpy(dst, value, size);
    for (uint64_t done = size; done < bytes; done *= 2) std::memcpy(dst + done, dst, std::min(done, bytes - done));
}

// DataCopy moves whole 32-byte blocks: CANN's CPU debug asserts a count of whole blocks, hardware rounds it down
// (inner_kernel_operator_data_copy_intf.cppm DataCopy(..., calCount)). The fix offered is one the SoC has.
template <typename T>
CopyShape ContiguousBlocks(const char* api, uint64_t count) {
    uint64_t bytes = count * sizeof(T);
    if (bytes % kBlock != 0) {
        const SocInfo& soc = Soc(Core());
        Fail(api, Str("length ", count, " x ", sizeof(T), " B = ", bytes,
                      " bytes is not a whole number of 32-byte blocks (CANN's CPU debug rejects it; hardware rounds "
                      "it down to whole blocks); ",
                      soc.hasDataCopyPad ? "use DataCopyPad for a partial block"
                                         : Str("copy whole blocks (", soc.name,
                                               " has no DataCopyPad: round the count up into a padded buffer, or "
                                               "move the last block back over valid data)")));
    }
    return {1, bytes, bytes, bytes};
}

// DataCopyParams / DataCopyExtParams: blockCount in [1, 4095]; blockLen in [1, 65535] blocks, or
// [1, 2097151] bytes for DataCopyPad (数据搬运/DataCopy.md, DataCopyPad.md).
inline constexpr uint32_t kMaxBlockCount = 4095;
inline constexpr uint32_t kMaxPadBlockLenBytes = 2097151;

inline void CheckBlockParams(const char* api, uint32_t blockCount, uint32_t blockLen, uint32_t maxLen) {
    if (blockCount < 1 || blockCount > kMaxBlockCount) {
        Fail(api, Str("blockCount ", blockCount, " outside [1, ", kMaxBlockCount, "]"));
    }
    if (blockLen < 1 || blockLen > maxLen) Fail(api, Str("blockLen ", blockLen, " outside [1, ", maxLen, "]"));
}

inline CopyShape BlockShape(const AscendC::DataCopyParams& p) {
    CheckBlockParams("DataCopy", p.blockCount, p.blockLen, 65535);
    uint64_t row = uint64_t{p.blockLen} * kBlock;
    return {p.blockCount, row, row + uint64_t{p.srcStride} * kBlock, row + uint64_t{p.dstStride} * kBlock};
}

void RequireDataCopyPad(const char* api);

// DataCopy into a cube buffer from another local tensor: L1 (C1) -> BT (C2), whose blockLen counts 64-byte blocks on
// A2/A3 (asc-devkit examples/01_simd_cpp_api/03_basic_api/03_matrix_compute/mmad: "C1->C2，要求blockLen的单位是64B"),
// or L1 -> FB (C2PIPE2GM), 128-byte blocks (copy_cbuf_to_fbuf's burst, CANN kernel_operator_fixpipe_v2_impl.h:177).
template <typename T>
void CopyLocalToCube(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                     const AscendC::DataCopyParams& p) {
    const char* api = "DataCopy";
    Poll(Core());
    if (p.blockCount != 1 || p.srcStride != 0 || p.dstStride != 0) {
        Fail(api, "L1 -> BT / FB: one run of blocks (blockCount 1, no strides) is modeled");
    }
    const bool toFb = dst.Slot()->cubeBuffer == static_cast<int8_t>(CubeBuffer::kFb);
    const uint64_t unit = toFb ? 128 : 64;
    const uint64_t bytes = uint64_t{p.blockLen} * unit;
    if (bytes == 0) return;
    CubeOperand d = CubeTensor(api, "dst", dst, bytes, BufferBit(toFb ? CubeBuffer::kFb : CubeBuffer::kBt), unit);
    CubeOperand s = CubeTensor(api, "src", src, bytes, BufferBit(CubeBuffer::kL1), 32);
    CopyL1ToBt(api, d, s, bytes);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopyGmToUb("DataCopy", dst, src, ascendc_sim::ContiguousBlocks<T>("DataCopy", count));
}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopyUbToGm("DataCopy", dst, src, ascendc_sim::ContiguousBlocks<T>("DataCopy", count));
}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopyUbToUb("DataCopy", dst, src, ascendc_sim::ContiguousBlocks<T>("DataCopy", count));
}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopyGmToUb("DataCopy", dst, src, ascendc_sim::BlockShape(p));
}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopyUbToGm("DataCopy", dst, src, ascendc_sim::BlockShape(p));
}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                                ascendc_sim::CallSite = {}) {
    if (dst.Slot() != nullptr && dst.Slot()->cubeBuffer >= 0) return ascendc_sim::CopyLocalToCube(dst, src, p);
    ascendc_sim::CopyUbToUb("DataCopy", dst, src, ascendc_sim::BlockShape(p));
}

// GM->UB: each row lands 32-byte aligned in UB as [left pad][blockLen bytes][right pad][dummy up to 32 B].
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                                   const DataCopyPadExtParams<T>& pad, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "DataCopyPad";
    RequireDataCopyPad(api);
    if (p.blockLen % sizeof(T) != 0) Fail(api, Str("blockLen ", p.blockLen, " is not a multiple of ", sizeof(T)));
    uint64_t left = uint64_t{pad.leftPadding} * sizeof(T);
    uint64_t right = uint64_t{pad.rightPadding} * sizeof(T);
    if (left > kBlock || right > kBlock) {
        Fail(api, Str("leftPadding ", int(pad.leftPadding), " / rightPadding ", int(pad.rightPadding),
                      " elements exceed 32 bytes"));
    }
    if (p.blockCount == 0 || p.blockLen == 0) return;  // documented NOP
    CheckBlockParams(api, p.blockCount, p.blockLen, kMaxPadBlockLenBytes);
    uint64_t rowUb = (left + p.blockLen + right + kBlock - 1) / kBlock * kBlock;
    CopyShape s{p.blockCount, p.blockLen, p.blockLen + uint64_t{p.srcStride}, rowUb + uint64_t{p.dstStride} * kBlock};
    CoreContext& c = Core();
    Poll(c);
    PipeScope scope(c, Pipe::kMte2);
    const Footprint whole = Footprint::Rows(dst.UbOffset(), s.count, rowUb, s.dstPitch);
    auto* d =
        reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", ((s.count - 1) * s.dstPitch + rowUb) / sizeof(T), &whole));
    src.CheckRange(c, api, 0, s.SrcSpan() / sizeof(T), GmAccess::kRead, false);
    LogGmRows(c, api, src.GetPhyAddr(), s.count, s.rowBytes, s.srcPitch, GmAccessKind::kRead);
    NoteGm(c, api, Pipe::kMte2, src.GetPhyAddr(), s.SrcSpan(), false);
    CacheDmaRead(c, api, src.GetPhyAddr(), s.SrcSpan());
    const auto* g = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    const bool padSet = c.copyPad.bytes != 0;
    if (padSet && !pad.isPad && c.copyPad.bytes != sizeof(T)) {
        Fail(api, Str("SetPadValue set a ", int(c.copyPad.bytes), "-byte value; DataCopyPad moves ", sizeof(T),
                      "-byte elements (SetPadValue(ISASI).md: the same type)"));
    }
    // Fill: paddingValue with isPad; SetPadValue's value without isPad once set; the row's first element as dummy
    // without padding; else unspecified.
    uint8_t fill[sizeof(T)];
    const bool firstAsDummy = !pad.isPad && left == 0 && right == 0;
    if (pad.isPad) {
        std::memcpy(fill, &pad.paddingValue, sizeof(T));
    } else if (padSet && !firstAsDummy) {
        std::memcpy(fill, &c.copyPad.bits, sizeof(T));
    } else {
        std::memset(fill, 0xA5, sizeof(T));
    }
    const uint64_t tail = left + p.blockLen;
    for (uint64_t r = 0; r < s.count; ++r) {
        uint8_t* row = d + r * s.dstPitch;
        const uint8_t* from = g + r * s.srcPitch;
        std::memcpy(row + left, from, p.blockLen);
        if (firstAsDummy) std::memcpy(fill, from, sizeof(T));
        FillElements(row, left, fill, sizeof(T));
        FillElements(row + tail, rowUb - tail, fill, sizeof(T));
    }
    // The pad bytes: paddingValue with isPad, the first element's copy without padding, SetPadValue's value;
    // unspecified otherwise.
    if (pad.isPad || (left == 0 && right == 0) || padSet) {
        DefineBytes(c, DefSpace::kUb, whole);
    } else {
        PoisonBytes(c, DefSpace::kUb, whole, {"left unspecified (no isPad)", api, tlsCallLine});
    }
    CopyFromGm(c, api, s.SrcRows(reinterpret_cast<uint64_t>(g)), DefSpace::kUb,
               Footprint::Rows(dst.UbOffset() + left, s.count, s.rowBytes, s.dstPitch));
    c.cost.gmToUbBytes += s.count * s.rowBytes;
    ChargeCopy(c, Pipe::kMte2, g, s.count, s.rowBytes, s.srcPitch, src.L2Bypass());
}

template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                                   const DataCopyPadParams& pad, ascendc_sim::CallSite = {}) {
    DataCopyPad(
        dst, src, DataCopyExtParams(p.blockCount, p.blockLen, p.srcStride, p.dstStride, 0),
        DataCopyPadExtParams<T>(pad.isPad, pad.leftPadding, pad.rightPadding, static_cast<T>(pad.paddingValue)));
}

// SetPadValue(ISASI).md: the value DataCopyPad GM -> UB pads with when isPad is false (A2/A3); `pos` VECIN,
// VECOUT or MAX (either).
template <typename T, TPosition pos = TPosition::MAX>
__aicore__ inline void SetPadValue(T paddingValue, ascendc_sim::CallSite = {}) {
    static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::MAX,
                  "SetPadValue: pos is VECIN, VECOUT or MAX");
    static_assert(sizeof(T) <= 8, "SetPadValue: a value of at most 8 bytes");
    auto& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireDataCopyPad("SetPadValue");
    c.copyPad.bytes = sizeof(T);
    c.copyPad.bits = 0;
    std::memcpy(&c.copyPad.bits, &paddingValue, sizeof(T));
}

// UB->GM: rows are read from 32-byte aligned UB rows (stride in blocks) and written as blockLen bytes (stride in
// bytes).
template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p,
                                   ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "DataCopyPad";
    RequireDataCopyPad(api);
    if (p.blockLen % sizeof(T) != 0) Fail(api, Str("blockLen ", p.blockLen, " is not a multiple of ", sizeof(T)));
    if (p.blockCount == 0 || p.blockLen == 0) return;
    CheckBlockParams(api, p.blockCount, p.blockLen, kMaxPadBlockLenBytes);
    uint64_t rowUb = (uint64_t{p.blockLen} + kBlock - 1) / kBlock * kBlock;
    CopyUbToGm(api, dst, src,
               CopyShape{p.blockCount, p.blockLen, rowUb + uint64_t{p.srcStride} * kBlock,
                         p.blockLen + uint64_t{p.dstStride}});
}

template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                                   ascendc_sim::CallSite = {}) {
    DataCopyPad(dst, src, DataCopyExtParams(p.blockCount, p.blockLen, p.srcStride, p.dstStride, 0));
}

}  // namespace AscendC
