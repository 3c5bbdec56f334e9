// Loads and stores between UB and the registers (asc-devkit include/basic_api/reg_compute/
// kernel_reg_compute_datacopy_intf.h): LoadAlign / StoreAlign with their distribution modes, post-update and
// AddrReg addressing, DataBlock strides and mask registers; the unaligned forms; Gather / Scatter by index register.
// A `__ubuf__ T*` holds the UB byte address, as LocalTensor::GetPhyAddr gives it.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/reg/reg_lanes.h"

namespace ascendc_sim::reg {

template <typename T>
inline uint64_t UbAt(const T* p) {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
}
inline constexpr const char* kAlignDoc = "LoadAlign / StoreAlign doc: the UB address is 32-byte aligned";

// Reads `bytes` at `at` into register bytes [to, to + bytes).
template <typename U>
void ReadInto(const char* api, U& dst, uint32_t to, uint64_t at, uint32_t bytes, uint32_t ordered = UINT32_MAX) {
    bool undef[2 * kVL];
    UndefOrigin origin;
    UbRead(api, at, bytes, dst.bytes + to, undef, &origin, &dst, ordered);
    bool any = false;
    for (uint32_t i = 0; i < bytes; ++i) {
        dst.undef.Set(to + i, undef[i]);
        any = any || undef[i];
    }
    if (any) dst.origin = origin;
}

// Writes register bytes [from, from + bytes) to `at`.
template <typename U>
void WriteFrom(const char* api, const U& src, uint32_t from, uint64_t at, uint32_t bytes) {
    bool undef[2 * kVL];
    for (uint32_t i = 0; i < bytes; ++i) undef[i] = src.undef.Get(from + i);
    UbWrite(api, at, bytes, src.bytes + from, undef, src.origin, &src);
}

// The selected elements [first, lanes) of `src` (element i of `elemBytes` at at + i * elemBytes): each run of
// selected elements is one write.
template <typename U>
void StoreMasked(const char* api, const U& src, const MaskReg& mask, uint64_t at, uint32_t elemBytes, uint32_t lanes,
                 uint32_t stride, uint32_t first = 0) {
    for (uint32_t i = first; i < lanes;) {
        if (!LaneOn(mask, i, stride) && !LaneMaskUndef(mask, i, stride)) {
            ++i;
            continue;
        }
        uint32_t j = i;
        while (j < lanes && (LaneOn(mask, j, stride) || LaneMaskUndef(mask, j, stride))) ++j;
        WriteFrom(api, src, i * elemBytes, at + i * elemBytes, (j - i) * elemBytes);
        i = j;
    }
}

template <typename U, typename T>
void CheckElem(const char* api) {
    static_assert(kIsRegTensor<U>, "the register operand must be a RegTensor");
    static_assert(std::is_same_v<T, DefaultType> || sizeof(T) == sizeof(typename U::ActualT),
                  "the UB pointer's type must have the register's element width");
    (void)api;
}

// Load of `dist` at UB byte `at` into dst.
template <AscendC::Reg::LoadDist dist, typename U>
void LoadDist(const char* api, U& dst, uint64_t at) {
    using AscendC::Reg::LoadDist;
    using E = typename U::ActualT;
    constexpr uint32_t kBytes = U::kBytes;
    if constexpr (dist == LoadDist::DIST_NORM) {
        RequireUbAlign(api, at, 32, kAlignDoc);
        ReadInto(api, dst, 0, at, kBytes);
    } else if constexpr (dist == LoadDist::DIST_BRC_B8 || dist == LoadDist::DIST_BRC_B16 ||
                         dist == LoadDist::DIST_BRC_B32) {
        // one element read, copied to every lane (LoadAlign doc, DIST_BRC_B*)
        constexpr uint32_t w = dist == LoadDist::DIST_BRC_B8 ? 1 : dist == LoadDist::DIST_BRC_B16 ? 2 : 4;
        static_assert(w == sizeof(E), "DIST_BRC_B<w>: w must be the register's element width");
        RequireUbAlign(api, at, 32, kAlignDoc);
        ReadInto(api, dst, 0, at, w);
        for (uint32_t i = 1; i < kBytes / w; ++i) {
            std::memcpy(dst.bytes + i * w, dst.bytes, w);
            for (uint32_t b = 0; b < w; ++b) dst.undef.Set(i * w + b, dst.undef.Get(b));
        }
    } else if constexpr (dist == LoadDist::DIST_US_B8 || dist == LoadDist::DIST_US_B16) {
        // half a register read, each element twice (upsample)
        constexpr uint32_t w = dist == LoadDist::DIST_US_B8 ? 1 : 2;
        static_assert(w == sizeof(E), "DIST_US_B<w>: w must be the register's element width");
        RequireUbAlign(api, at, 32, kAlignDoc);
        U tmp{Uncounted{}};
        ReadInto(api, tmp, 0, at, kBytes / 2);
        for (uint32_t i = 0; i < kBytes / w; ++i) {
            std::memcpy(dst.bytes + i * w, tmp.bytes + (i / 2) * w, w);
            for (uint32_t b = 0; b < w; ++b) dst.undef.Set(i * w + b, tmp.undef.Get((i / 2) * w + b));
        }
        dst.origin = tmp.origin;
    } else if constexpr (dist == LoadDist::DIST_DS_B8 || dist == LoadDist::DIST_DS_B16) {
        // two registers' worth read, every second element kept (downsample)
        constexpr uint32_t w = dist == LoadDist::DIST_DS_B8 ? 1 : 2;
        static_assert(w == sizeof(E), "DIST_DS_B<w>: w must be the register's element width");
        RequireUbAlign(api, at, 32, kAlignDoc);
        for (uint32_t i = 0; i < kBytes / w; ++i) ReadInto(api, dst, i * w, at + 2 * i * w, w);
    } else if constexpr (dist == LoadDist::DIST_UNPACK_B8 || dist == LoadDist::DIST_UNPACK_B16 ||
                         dist == LoadDist::DIST_UNPACK_B32 || dist == LoadDist::DIST_UNPACK4_B8) {
        // narrow elements read, each into the low part of a lane `ratio` times wider (the rest 0)
        constexpr uint32_t w = dist == LoadDist::DIST_UNPACK_B16 ? 2 : dist == LoadDist::DIST_UNPACK_B32 ? 4 : 1;
        constexpr uint32_t ratio = dist == LoadDist::DIST_UNPACK4_B8 ? 4 : 2;
        RequireUbAlign(api, at, 32, kAlignDoc);
        U tmp{Uncounted{}};
        ReadInto(api, tmp, 0, at, kBytes / ratio);
        for (uint32_t i = 0; i < kBytes / (w * ratio); ++i) {
            std::memset(dst.bytes + i * w * ratio, 0, w * ratio);
            std::memcpy(dst.bytes + i * w * ratio, tmp.bytes + i * w, w);
            dst.undef.SetRange(i * w * ratio, (i + 1) * w * ratio, false);
            for (uint32_t b = 0; b < w; ++b) dst.undef.Set(i * w * ratio + b, tmp.undef.Get(i * w + b));
        }
        dst.origin = tmp.origin;
    } else {
        static_assert(dist == LoadDist::DIST_NORM, "LoadAlign: this LoadDist is not modeled by the twin");
    }
}

// Store of `dist` from src at UB byte `at` under mask.
template <AscendC::Reg::StoreDist dist, typename U>
void StoreDist(const char* api, const U& src, uint64_t at, const MaskReg& mask) {
    using AscendC::Reg::StoreDist;
    using E = typename U::ActualT;
    RequireUbAlign(api, at, 32, kAlignDoc);
    if constexpr (dist == StoreDist::DIST_NORM || dist == StoreDist::DIST_NORM_B8 || dist == StoreDist::DIST_NORM_B16 ||
                  dist == StoreDist::DIST_NORM_B32) {
        StoreMasked(api, src, mask, at, sizeof(E), U::kLanes, kMaskStride<U>);
    } else if constexpr (dist == StoreDist::DIST_FIRST_ELEMENT_B8 || dist == StoreDist::DIST_FIRST_ELEMENT_B16 ||
                         dist == StoreDist::DIST_FIRST_ELEMENT_B32) {
        // element 0 alone (a reduction's result)
        constexpr uint32_t w = dist == StoreDist::DIST_FIRST_ELEMENT_B8    ? 1
                               : dist == StoreDist::DIST_FIRST_ELEMENT_B16 ? 2
                                                                           : 4;
        if (LaneOn(mask, 0, kMaskStride<U>) || LaneMaskUndef(mask, 0, kMaskStride<U>)) WriteFrom(api, src, 0, at, w);
    } else if constexpr (dist == StoreDist::DIST_PACK_B16 || dist == StoreDist::DIST_PACK_B32 ||
                         dist == StoreDist::DIST_PACK_B64 || dist == StoreDist::DIST_PACK4_B32) {
        // the low part of each selected lane, packed
        constexpr uint32_t lane = dist == StoreDist::DIST_PACK_B16 ? 2 : dist == StoreDist::DIST_PACK_B64 ? 8 : 4;
        constexpr uint32_t part = dist == StoreDist::DIST_PACK4_B32 ? 1 : lane / 2;
        U packed{Uncounted{}};
        for (uint32_t i = 0; i < U::kBytes / lane; ++i) {
            std::memcpy(packed.bytes + i * part, src.bytes + i * lane, part);
            for (uint32_t b = 0; b < part; ++b) packed.undef.Set(i * part + b, src.undef.Get(i * lane + b));
        }
        packed.origin = src.origin;
        StoreMasked(api, packed, mask, at, part, U::kBytes / lane, lane);
    } else {
        static_assert(dist == StoreDist::DIST_NORM, "StoreAlign: this StoreDist is not modeled by the twin");
    }
}

// DataBlock mode: block b (32 bytes) of the register at at + b * blockStride * 32, for the blocks the mask reaches.
template <typename U>
void BlockCopy(const char* api, U& reg, uint64_t at, uint32_t blockStride, const MaskReg& mask, bool load) {
    RequireUbAlign(api, at, 32, kAlignDoc);
    for (uint32_t b = 0; b < U::kBytes / 32; ++b) {
        bool any = false;
        for (uint32_t i = b * 32; i < (b + 1) * 32; ++i) any = any || mask.Bit(i % kVL) || mask.undef.Get(i % kVL);
        if (!any) continue;
        if (load) {
            ReadInto(api, reg, b * 32, at + uint64_t{b} * blockStride * 32, 32);
        } else {
            constexpr uint32_t w = sizeof(typename U::ActualT);
            StoreMasked(api, reg, mask, at + uint64_t{b} * blockStride * 32 - b * 32, w, (b + 1) * 32 / w,
                        kMaskStride<U>, b * 32 / w);
        }
    }
}

}  // namespace ascendc_sim::reg

namespace AscendC::Reg {

// --- LoadAlign ---
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::CheckElem<U, T>("LoadAlign");
    ascendc_sim::reg::LoadDist<dist>("LoadAlign", dstReg, ascendc_sim::reg::UbAt(srcAddr));
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride, ascendc_sim::CallSite = {}) {
    LoadAlign<T, dist>(dstReg, srcAddr);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::CheckElem<U, T>("LoadAlign");
    ascendc_sim::reg::LoadDist<dist>("LoadAlign", dstReg, ascendc_sim::reg::UbAt(srcAddr) + offset.bytes);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, DataCopyMode dataMode, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, uint32_t dataBlockStride, MaskReg& mask,
                      ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::BlockCopy("LoadAlign", dstReg, ascendc_sim::reg::UbAt(srcAddr), dataBlockStride, mask, true);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, uint32_t dataBlockStride, uint32_t repeatStride, MaskReg& mask,
                      ascendc_sim::CallSite = {}) {
    LoadAlign<T, dataMode>(dstReg, srcAddr, dataBlockStride, mask);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += repeatStride * 32 / sizeof(T);
}

// --- StoreAlign ---
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::CheckElem<U, T>("StoreAlign");
    ascendc_sim::reg::StoreDist<dist>("StoreAlign", srcReg, ascendc_sim::reg::UbAt(dstAddr), mask);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask,
                       ascendc_sim::CallSite = {}) {
    StoreAlign<T, dist>(dstAddr, srcReg, mask);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::CheckElem<U, T>("StoreAlign");
    ascendc_sim::reg::StoreDist<dist>("StoreAlign", srcReg, ascendc_sim::reg::UbAt(dstAddr) + offset.bytes, mask);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, DataCopyMode dataMode, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, uint32_t dataBlockStride, MaskReg& mask,
                       ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::BlockCopy("StoreAlign", srcReg, ascendc_sim::reg::UbAt(dstAddr), dataBlockStride, mask, false);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, uint32_t dataBlockStride, uint32_t repeatStride, MaskReg& mask,
                       ascendc_sim::CallSite = {}) {
    StoreAlign<T, dataMode>(dstAddr, srcReg, dataBlockStride, mask);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += repeatStride * 32 / sizeof(T);
}

// --- mask registers in UB: VL / 8 bytes (DIST_NORM) ---
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr, ascendc_sim::CallSite = {}) {
    static_assert(dist == MaskDist::DIST_NORM, "LoadAlign of a MaskReg: only DIST_NORM is modeled by the twin");
    const uint64_t at = ascendc_sim::reg::UbAt(srcAddr);
    ascendc_sim::reg::RequireUbAlign("LoadAlign", at, 32, ascendc_sim::reg::kAlignDoc);
    uint8_t bytes[ascendc_sim::reg::kVL / 8];
    bool undef[ascendc_sim::reg::kVL / 8];
    ascendc_sim::reg::UbRead("LoadAlign", at, sizeof(bytes), bytes, undef, nullptr, &mask);
    for (uint32_t i = 0; i < ascendc_sim::reg::kVL; ++i) {
        mask.SetBit(i, (bytes[i / 8] >> (i % 8)) & 1u);
        mask.undef.Set(i, undef[i / 8]);
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
inline void StoreAlign(__ubuf__ T* dstAddr, MaskReg& mask, ascendc_sim::CallSite = {}) {
    static_assert(dist == MaskDist::DIST_NORM, "StoreAlign of a MaskReg: only DIST_NORM is modeled by the twin");
    const uint64_t at = ascendc_sim::reg::UbAt(dstAddr);
    ascendc_sim::reg::RequireUbAlign("StoreAlign", at, 32, ascendc_sim::reg::kAlignDoc);
    uint8_t bytes[ascendc_sim::reg::kVL / 8] = {};
    bool undef[ascendc_sim::reg::kVL / 8] = {};
    for (uint32_t i = 0; i < ascendc_sim::reg::kVL; ++i) {
        if (mask.Bit(i)) bytes[i / 8] = static_cast<uint8_t>(bytes[i / 8] | (1u << (i % 8)));
        undef[i / 8] = undef[i / 8] || mask.undef.Get(i);
    }
    ascendc_sim::reg::UbWrite("StoreAlign", at, sizeof(bytes), bytes, undef, ascendc_sim::UndefOrigin(), &mask);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
inline void LoadAlign(MaskReg& mask, __ubuf__ T*& srcAddr, int32_t offset, ascendc_sim::CallSite = {}) {
    LoadAlign<T, dist>(mask, srcAddr);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += offset;
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr, AddrReg offset, ascendc_sim::CallSite = {}) {
    LoadAlign<T, dist>(mask, reinterpret_cast<__ubuf__ T*>(ascendc_sim::reg::UbAt(srcAddr) + offset.bytes));
}
template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
inline void StoreAlign(__ubuf__ T*& dstAddr, MaskReg& mask, int32_t offset, ascendc_sim::CallSite = {}) {
    StoreAlign<T, dist>(dstAddr, mask);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += offset;
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
inline void StoreAlign(__ubuf__ T* dstAddr, MaskReg& mask, AddrReg offset, ascendc_sim::CallSite = {}) {
    StoreAlign<T, dist>(reinterpret_cast<__ubuf__ T*>(ascendc_sim::reg::UbAt(dstAddr) + offset.bytes), mask);
}

// --- unaligned: LoadUnAlignPre primes the alignment register, LoadUnAlign reads a register at any element
// address; StoreUnAlign writes up to the last 32-byte boundary and holds the rest for the next store or
// StoreUnAlignPost (LoadUnAlign / StoreUnAlign docs) ---
template <typename T>
inline void LoadUnAlignPre(UnalignRegForLoad& ureg, __ubuf__ T* srcAddr, ascendc_sim::CallSite = {}) {
    ureg.base = ascendc_sim::reg::UbAt(srcAddr);
    ureg.primed = true;
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, uint32_t postUpdateStride,
                        ascendc_sim::CallSite = {}) {
    if (!ureg.primed) {
        ascendc_sim::Fail("LoadUnAlign", "the alignment register was not primed by LoadUnAlignPre (LoadUnAlign doc)");
    }
    // the stream consumes postUpdateStride elements a step: the access order covers those bytes (LoadUnAlign doc)
    const uint32_t consumed = postMode == PostLiteral::POST_MODE_UPDATE
                                  ? postUpdateStride * static_cast<uint32_t>(sizeof(typename U::ActualT))
                                  : U::kBytes;
    ascendc_sim::reg::ReadInto("LoadUnAlign", dstReg, 0, ascendc_sim::reg::UbAt(srcAddr), U::kBytes, consumed);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& ureg, uint32_t postUpdateStride,
                         ascendc_sim::CallSite = {}) {
    const uint64_t at = ascendc_sim::reg::UbAt(dstAddr);
    const uint32_t bytes = postUpdateStride * sizeof(typename U::ActualT);
    if (bytes > U::kBytes) ascendc_sim::Fail("StoreUnAlign", "postUpdateStride exceeds the register's elements");
    if (ureg.pending != 0 && ureg.base + ureg.pending != at) {
        ascendc_sim::Fail("StoreUnAlign",
                          "the store does not continue where the previous StoreUnAlign ended "
                          "(StoreUnAlignPost flushes the held bytes first)");
    }
    if (ureg.pending == 0) ureg.base = at;
    uint8_t buf[2 * ascendc_sim::reg::kVL];
    bool undef[2 * ascendc_sim::reg::kVL];
    for (uint32_t i = 0; i < ureg.pending; ++i) buf[i] = ureg.tail[i], undef[i] = ureg.tailUndef.Get(i);
    for (uint32_t i = 0; i < bytes; ++i)
        buf[ureg.pending + i] = srcReg.bytes[i], undef[ureg.pending + i] = srcReg.undef.Get(i);
    const uint64_t end = at + bytes;
    const uint64_t flushEnd = end / 32 * 32 > ureg.base ? end / 32 * 32 : ureg.base;
    const uint32_t flush = static_cast<uint32_t>(flushEnd - ureg.base);
    if (flush > 0) {
        ascendc_sim::reg::UbWrite("StoreUnAlign", ureg.base, flush, buf, undef, srcReg.origin, &srcReg);
    }
    ureg.pending = ureg.pending + bytes - flush;
    for (uint32_t i = 0; i < ureg.pending; ++i) ureg.tail[i] = buf[flush + i], ureg.tailUndef.Set(i, undef[flush + i]);
    ureg.base = flushEnd;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <typename T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
inline void StoreUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& ureg, int32_t postUpdateStride,
                             ascendc_sim::CallSite = {}) {
    if (ureg.pending > 0) {
        bool undef[ascendc_sim::reg::kVL];
        for (uint32_t i = 0; i < ureg.pending; ++i) undef[i] = ureg.tailUndef.Get(i);
        ascendc_sim::reg::UbWrite("StoreUnAlignPost", ureg.base, ureg.pending, ureg.tail, undef,
                                  ascendc_sim::UndefOrigin(), &ureg);
        ureg.pending = 0;
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
    if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}

// --- by index: dst lane i = base[index[i]] (elements), Scatter the reverse ---
template <typename T0 = DefaultType, typename T1, typename T2 = DefaultType, typename T3, typename T4>
inline void Gather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename T3::ActualT;
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStride<T3>;
    const uint64_t base = ascendc_sim::reg::UbAt(baseAddr);
    for (uint32_t i = 0; i < T3::kLanes; ++i) {
        if (ascendc_sim::reg::LaneOn(mask, i, stride)) {
            if (index.LaneUndef(i % T4::kLanes)) {
                ascendc_sim::Fail("Gather", "an index lane the mask selects holds no defined value");
            }
            const uint64_t at = base + static_cast<uint64_t>(index.Lane(i % T4::kLanes)) * sizeof(E);
            ascendc_sim::reg::ReadInto("Gather", dstReg, i * sizeof(E), at, sizeof(E));
        } else {
            dstReg.SetLane(i, E{}, false);
        }
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
// DataBlock b (32 bytes) of dst = the 32 bytes at base + index[b] bytes, for the blocks the mask reaches; the
// others 0 (the GatherB sample's golden: index = block number * 32).
template <typename T = DefaultType, typename U, typename S>
inline void GatherB(U& dstReg, __ubuf__ T* baseAddr, S& index, MaskReg& mask, ascendc_sim::CallSite = {}) {
    const uint64_t base = ascendc_sim::reg::UbAt(baseAddr);
    for (uint32_t b = 0; b < U::kBytes / 32; ++b) {
        bool any = false;
        for (uint32_t i = b * 32; i < (b + 1) * 32; ++i) any = any || mask.Bit(i) || mask.undef.Get(i);
        if (!any) {
            std::memset(dstReg.bytes + b * 32, 0, 32);
            dstReg.undef.SetRange(b * 32, (b + 1) * 32, false);
            continue;
        }
        if (index.LaneUndef(b)) ascendc_sim::Fail("GatherB", "an index lane the mask selects holds no defined value");
        const uint64_t at = base + static_cast<uint64_t>(index.Lane(b));
        ascendc_sim::reg::RequireUbAlign("GatherB", at, 32, "GatherB doc: each index addresses a 32-byte DataBlock");
        ascendc_sim::reg::ReadInto("GatherB", dstReg, b * 32, at, 32);
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

template <typename T = DefaultType, typename U = DefaultType, typename S, typename V>
inline void Scatter(__ubuf__ T* baseAddr, S& srcReg, V& index, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename S::ActualT;
    constexpr uint32_t stride = ascendc_sim::reg::kMaskStride<S>;
    const uint64_t base = ascendc_sim::reg::UbAt(baseAddr);
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        if (!ascendc_sim::reg::LaneOn(mask, i, stride)) continue;
        if (index.LaneUndef(i % V::kLanes)) {
            ascendc_sim::Fail("Scatter", "an index lane the mask selects holds no defined value");
        }
        const uint64_t at = base + static_cast<uint64_t>(index.Lane(i % V::kLanes)) * sizeof(E);
        ascendc_sim::reg::WriteFrom("Scatter", srcReg, i * sizeof(E), at, sizeof(E));
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

}  // namespace AscendC::Reg

namespace AscendC::Reg {

// The address register of up to four nested hardware loops: sum of index_k * stride_k elements of T
// (kernel_reg_compute_addrreg_intf.h; the index is the loop's 16-bit counter).
template <typename T>
inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, ascendc_sim::CallSite = {}) {
    return {uint64_t{index0} * stride0 * sizeof(T)};
}
template <typename T>
inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1,
                             ascendc_sim::CallSite = {}) {
    return {(uint64_t{index0} * stride0 + uint64_t{index1} * stride1) * sizeof(T)};
}
template <typename T>
inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1, uint16_t index2,
                             uint32_t stride2, ascendc_sim::CallSite = {}) {
    return {(uint64_t{index0} * stride0 + uint64_t{index1} * stride1 + uint64_t{index2} * stride2) * sizeof(T)};
}
template <typename T>
inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1, uint16_t index2,
                             uint32_t stride2, uint16_t index3, uint32_t stride3, ascendc_sim::CallSite = {}) {
    return {(uint64_t{index0} * stride0 + uint64_t{index1} * stride1 + uint64_t{index2} * stride2 +
             uint64_t{index3} * stride3) *
            sizeof(T)};
}

}  // namespace AscendC::Reg
