// Cast kernel: every path class of the plan table as a CopyIn -> Compute -> CopyOut pipeline with double-buffered
// queues. The plan (which steps, which intermediate types) is fixed at compile time per (source, destination,
// SoC family), so only instructions the SoC has are instantiated; round modes come from the tiling data.
#pragma once
#include "kernel_operator.h"
#include "op_kernel/cast/cast_plan.h"
#include "op_kernel/cast/cast_tiling_data.h"
#include "op_kernel/common/bf16_m200.h"  // DTYPE_X may name bfloat16_t on dav-m200 too
#include "op_kernel/common/data_copy_pad.h"

// Each SoC family compiles its own instance; the per-family namespace keeps their symbols apart (the CPU twin links
// both into one library). Not an inline namespace: CANN's kernel_macros.h defines `inline` as a macro on the device
// path, so a using-directive makes the names visible instead.
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDOPS_CAST_ARCH m200
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
#define ASCENDOPS_CAST_ARCH a3510
#else
#define ASCENDOPS_CAST_ARCH c220
#endif

namespace ascendops::cast {
namespace ASCENDOPS_CAST_ARCH {

using namespace AscendC;

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
inline constexpr CastArch kArch = CastArch::kM200;  // ascend310p
#else
// ascend910b, ascend910_93; ascend950 too: its direct pairs include every c220 one (the twin's cast table).
inline constexpr CastArch kArch = CastArch::kC220;
#endif

inline constexpr uint32_t kZeroTailElems = 16;  // one 32-byte block of zero halfwords after a BF16 input tile

// Element type <-> CastType. BOOL is stored as one byte 0/1 and computed on as uint8_t.
// clang-format off
template <CastType T> struct TypeOf;
template <> struct TypeOf<CastType::kF16> { using type = half; };
template <> struct TypeOf<CastType::kF32> { using type = float; };
template <> struct TypeOf<CastType::kI32> { using type = int32_t; };
template <> struct TypeOf<CastType::kI16> { using type = int16_t; };
template <> struct TypeOf<CastType::kI8> { using type = int8_t; };
template <> struct TypeOf<CastType::kU8> { using type = uint8_t; };
template <> struct TypeOf<CastType::kBool> { using type = uint8_t; };
template <> struct TypeOf<CastType::kI64> { using type = int64_t; };
template <> struct TypeOf<CastType::kBf16> { using type = bfloat16_t; };
template <CastType T> using TypeOfT = typename TypeOf<T>::type;

template <typename T> struct CastTypeOf;
template <> struct CastTypeOf<half> { static constexpr CastType value = CastType::kF16; };
template <> struct CastTypeOf<float> { static constexpr CastType value = CastType::kF32; };
template <> struct CastTypeOf<int32_t> { static constexpr CastType value = CastType::kI32; };
template <> struct CastTypeOf<int16_t> { static constexpr CastType value = CastType::kI16; };
template <> struct CastTypeOf<int8_t> { static constexpr CastType value = CastType::kI8; };
template <> struct CastTypeOf<uint8_t> { static constexpr CastType value = CastType::kU8; };
template <> struct CastTypeOf<bool> { static constexpr CastType value = CastType::kBool; };
template <> struct CastTypeOf<int64_t> { static constexpr CastType value = CastType::kI64; };
template <> struct CastTypeOf<bfloat16_t> { static constexpr CastType value = CastType::kBf16; };
// clang-format on

__aicore__ inline RoundMode ToRoundMode(CastRound r) {
    constexpr RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                                    RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC,
                                    RoundMode::CAST_ODD};
    return kModes[static_cast<uint32_t>(r)];
}

// Hands out the UB of the tmp buffer in the order the plan's steps ask for it (the order ScratchOf counts):
// Gather offset tables first (filled on the first tile, kept), then per-tile intermediates.
class Scratch {
public:
    __aicore__ inline void Init(const LocalTensor<uint8_t>& tables, const LocalTensor<uint8_t>& tiles,
                                uint32_t tileElems) {
        tables_ = tables;
        tiles_ = tiles;
        tileElems_ = tileElems;
    }
    __aicore__ inline void BeginTile(bool firstTile) {
        tableOffset_ = 0;
        tileOffset_ = 0;
        buildTables_ = firstTile;
    }
    __aicore__ inline bool BuildTables() const { return buildTables_; }
    // `lanes` elements of T per tile element (2 for interleaved pairs).
    template <typename T>
    __aicore__ inline LocalTensor<T> Table(uint32_t lanes = 1) {
        return Take<T>(tables_, tableOffset_, lanes);
    }
    template <typename T>
    __aicore__ inline LocalTensor<T> Tile(uint32_t lanes = 1) {
        return Take<T>(tiles_, tileOffset_, lanes);
    }
    __aicore__ inline uint32_t TileElems() const { return tileElems_; }

private:
    template <typename T>
    __aicore__ inline LocalTensor<T> Take(const LocalTensor<uint8_t>& area, uint32_t& offset, uint32_t lanes) {
        LocalTensor<T> t = area[offset].template ReinterpretCast<T>();
        offset += tileElems_ * lanes * sizeof(T);  // tileElems is a multiple of 256: every slice stays 32B aligned
        return t;
    }

    LocalTensor<uint8_t> tables_;
    LocalTensor<uint8_t> tiles_;
    uint32_t tileElems_ = 0;
    uint32_t tableOffset_ = 0;
    uint32_t tileOffset_ = 0;
    bool buildTables_ = false;
};

// A Gather offset table is arithmetic: entry j is base[j % lanes] + (j / lanes) * stride[j % lanes] (bytes). The
// scalar unit writes the first 32-byte block and a block of per-entry strides; each step then copies the filled
// prefix one prefix-length on with one vector Add of the strides times the prefix's lane groups (the stride block
// broadcast by block and repeat strides of 0): log2(entries / 8) steps instead of a scalar UB write (11 cycles) per
// entry. `work` (>= 16 int32, apart from the table) holds the stride and step blocks.
template <uint32_t kLanes>
__aicore__ inline void FillProgression(const LocalTensor<uint32_t>& table, uint32_t entries,
                                       const uint32_t (&base)[kLanes], const uint32_t (&stride)[kLanes],
                                       const LocalTensor<int32_t>& work) {
    constexpr uint32_t kBlock = 8;                    // int32 per 32-byte block: whole lane groups
    constexpr uint32_t kPerRepeat = 64;               // int32 per 256-byte repeat
    constexpr uint32_t kMaxChunk = 255 * kPerRepeat;  // repeatTime <= 255
    static_assert(kBlock % kLanes == 0, "a block holds whole lane groups");
    PipeBarrier<PIPE_ALL>();  // `work` may still be read by an earlier table's vector steps
    for (uint32_t j = 0; j < kBlock; ++j) {
        table.SetValue(j, base[j % kLanes] + j / kLanes * stride[j % kLanes]);
        work.SetValue(j, static_cast<int32_t>(stride[j % kLanes]));
    }
    PipeBarrier<PIPE_ALL>();  // the scalar unit's UB writes land before the vector unit reads them
    LocalTensor<int32_t> t = table.template ReinterpretCast<int32_t>();  // byte offsets < UB size fit int32
    LocalTensor<int32_t> step = work[kBlock];
    const BinaryRepeatParams broadcastStep(1, 1, 0, 8, 8, 0);
    for (uint32_t len = kBlock; len < entries; len *= 2) {
        Muls(step, work, static_cast<int32_t>(len / kLanes), static_cast<int32_t>(kBlock));
        PipeBarrier<PIPE_V>();
        const uint32_t n = entries - len < len ? entries - len : len;
        for (uint32_t done = 0; done < n; done += kMaxChunk) {
            const uint32_t count = n - done < kMaxChunk ? n - done : kMaxChunk;
            const uint32_t mask = count < kPerRepeat ? count : kPerRepeat;  // n is 8, 16, 32 or a multiple of 64
            Add(t[len + done], t[done], step, mask, static_cast<int32_t>((count + kPerRepeat - 1) / kPerRepeat),
                broadcastStep);
        }
        PipeBarrier<PIPE_V>();  // the next step reads what this one wrote; the Gather reads the last
    }
}

// Gather offsets (bytes) that interleave two lanes: out[2i] <- first[i], out[2i + 1] <- second[i]. Built once per
// core; the vector unit has no interleave instruction. `spare`: UB free until the Gather (the tile's destination).
template <typename W>
__aicore__ inline void FillInterleaveOffsets(const LocalTensor<uint32_t>& offsets, uint32_t tileElems,
                                             uint32_t firstBase, uint32_t firstStride, uint32_t secondBase,
                                             uint32_t secondStride, const LocalTensor<W>& spare) {
    FillProgression<2>(offsets, 2 * tileElems, {firstBase, secondBase}, {firstStride, secondStride},
                       spare.template ReinterpretCast<int32_t>());
}

// Gather offsets (bytes) that pick one 32-bit lane of every 64-bit element.
template <typename W>
__aicore__ inline void FillLaneOffsets(const LocalTensor<uint32_t>& offsets, uint32_t tileElems, uint32_t lane,
                                       const LocalTensor<W>& spare) {
    FillProgression<1>(offsets, tileElems, {lane * 4}, {8}, spare.template ReinterpretCast<int32_t>());
}

// Scalar GM stores sit in the core's data cache until flushed (DMA copies do not go through it).
template <typename T>
__aicore__ inline void FlushScalarStores(const GlobalTensor<T>& gm) {
    if constexpr (kArch == CastArch::kM200) {  // Atlas inference AI Core: the form without DcciDst
        DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(gm);
    } else {
        DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(gm);
    }
}

template <CastType S, CastType D>
__aicore__ inline void Convert(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                               Scratch& sc, CastRound round, CastRound midRound);

// The same conversion with the table's own round modes (for a step inside a longer plan).
template <CastType S, CastType D>
__aicore__ inline void ConvertStep(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                                   Scratch& sc) {
    constexpr CastPlan plan = PlanOf(kArch, S, D);
    Convert<S, D>(dst, src, n, sc, plan.round, plan.midRound);
}

// DST_BOOL: ceil(min(|x|, 1)). An FP32 value reaches half with round-to-odd, which never turns a nonzero into 0.
template <CastType S>
__aicore__ inline void ToBool(const LocalTensor<uint8_t>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                              Scratch& sc, CastRound round) {
    constexpr CastType kDomain = BoolDomainOf(S);
    using F = TypeOfT<kDomain>;
    LocalTensor<F> w = sc.Tile<F>();
    if constexpr (S == kDomain) {
        Abs(w, src, n);
    } else {
        Cast(w, src, RoundMode::CAST_NONE, n);  // integers to a float type: nonzero stays nonzero
        PipeBarrier<PIPE_V>();
        Abs(w, w, n);
    }
    PipeBarrier<PIPE_V>();
    Mins(w, w, static_cast<F>(1), n);
    PipeBarrier<PIPE_V>();
    if constexpr (kDomain == CastType::kF32) {
        LocalTensor<half> h = sc.Tile<half>();
        Cast(h, w, RoundMode::CAST_ODD, n);
        PipeBarrier<PIPE_V>();
        Cast(dst, h, ToRoundMode(round), n);
    } else {
        Cast(dst, w, ToRoundMode(round), n);
    }
}

// NARROW8: mod-256 wrap, not saturation. The low byte is kept with And before any narrowing conversion (which
// would saturate): on INT16 lanes directly, on INT32 values through their low halfword lane ([0x00FF, 0] mask
// pairs). The 0..255 value then reaches the 8-bit type through half, which holds -128..255 exactly.
template <CastType S, CastType D>
__aicore__ inline void Narrow8(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                               Scratch& sc) {
    LocalTensor<int16_t> w = sc.Tile<int16_t>();
    if constexpr (S == CastType::kI16) {
        LocalTensor<uint16_t> mask = sc.Table<uint16_t>();
        if (sc.BuildTables()) Duplicate(mask, static_cast<uint16_t>(0x00FF), sc.TileElems());
        PipeBarrier<PIPE_V>();
        And(w.ReinterpretCast<uint16_t>(), src.template ReinterpretCast<uint16_t>(), mask, n);
    } else {
        LocalTensor<int32_t> mask = sc.Table<int32_t>();
        if (sc.BuildTables()) Duplicate(mask, static_cast<int32_t>(0xFF), sc.TileElems());
        LocalTensor<int32_t> x32 = sc.Tile<int32_t>();
        if constexpr (S == CastType::kI32) {
            PipeBarrier<PIPE_V>();
            And(x32.ReinterpretCast<uint16_t>(), src.template ReinterpretCast<uint16_t>(),
                mask.ReinterpretCast<uint16_t>(), 2 * n);
        } else {
            ConvertStep<S, CastType::kI32>(x32, src, n, sc);  // floats truncate (saturating at the INT32 range)
            PipeBarrier<PIPE_V>();
            And(x32.ReinterpretCast<uint16_t>(), x32.ReinterpretCast<uint16_t>(), mask.ReinterpretCast<uint16_t>(),
                2 * n);
        }
        PipeBarrier<PIPE_V>();
        Cast(w, x32, RoundMode::CAST_NONE, n);  // 0..255: exact
    }
    if constexpr (D == CastType::kI8) {  // (u + 128) mod 256 - 128 maps 0..255 onto -128..127, no overflow
        LocalTensor<uint16_t> mask16 = sc.Table<uint16_t>();
        if (sc.BuildTables()) Duplicate(mask16, static_cast<uint16_t>(0x00FF), sc.TileElems());
        PipeBarrier<PIPE_V>();
        Adds(w, w, static_cast<int16_t>(128), n);
        PipeBarrier<PIPE_V>();
        And(w.ReinterpretCast<uint16_t>(), w.ReinterpretCast<uint16_t>(), mask16, n);
        PipeBarrier<PIPE_V>();
        Adds(w, w, static_cast<int16_t>(-128), n);
    }
    PipeBarrier<PIPE_V>();
    LocalTensor<half> h = sc.Tile<half>();
    Cast(h, w, RoundMode::CAST_NONE, n);
    PipeBarrier<PIPE_V>();
    Cast(dst, h, RoundMode::CAST_NONE, n);
}

// Sign lanes of `x` (-1 or 0) computed in a float type F: max(min(x, 0), -1) is -1 for every negative integer.
template <typename F, typename I>
__aicore__ inline void SignLanes(const LocalTensor<I>& sign, const LocalTensor<I>& x, const LocalTensor<F>& tmp,
                                 uint32_t n) {
    Cast(tmp, x, RoundMode::CAST_NONE, n);
    PipeBarrier<PIPE_V>();
    Mins(tmp, tmp, static_cast<F>(0), n);
    PipeBarrier<PIPE_V>();
    Maxs(tmp, tmp, static_cast<F>(-1), n);
    PipeBarrier<PIPE_V>();
    Cast(sign, tmp, RoundMode::CAST_RINT, n);
}

// WIDEN64: sign extension by interleaving value and sign lanes with Gather (no direct instruction on dav_m200).
template <CastType S, CastType D>
__aicore__ inline void Widen(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                             Scratch& sc) {
    const uint32_t tile = sc.TileElems();
    if constexpr (D != CastType::kI64) {  // INT16 -> INT32 (-> FP32) on dav_m200
        LocalTensor<uint32_t> offsets = sc.Table<uint32_t>(2);
        if (sc.BuildTables()) FillInterleaveOffsets(offsets, tile, 0, 2, tile * 2, 2, dst);
        LocalTensor<int16_t> pair = sc.Tile<int16_t>(2);
        Adds(pair, src, static_cast<int16_t>(0), n);  // value lanes next to the sign lanes for one Gather
        SignLanes(pair[tile], src, sc.Tile<half>(), n);
        PipeBarrier<PIPE_V>();
        if constexpr (D == CastType::kI32) {
            Gather(dst.template ReinterpretCast<int16_t>(), pair, offsets, 0, 2 * n);
        } else {
            LocalTensor<int32_t> wide = sc.Tile<int32_t>();
            Gather(wide.ReinterpretCast<int16_t>(), pair, offsets, 0, 2 * n);
            PipeBarrier<PIPE_V>();
            Cast(dst, wide, RoundMode::CAST_NONE, n);
        }
    } else if constexpr (kArch == CastArch::kC220) {  // 32-bit result, then the direct INT32 -> INT64
        LocalTensor<int32_t> r = sc.Tile<int32_t>();
        ConvertStep<S, CastType::kI32>(r, src, n, sc);
        PipeBarrier<PIPE_V>();
        Cast(dst, r, RoundMode::CAST_NONE, n);
    } else {  // dav_m200: [value | sign] words interleaved into little-endian INT64
        LocalTensor<uint32_t> offsets = sc.Table<uint32_t>(2);
        if (sc.BuildTables()) FillInterleaveOffsets(offsets, tile, 0, 4, tile * 4, 4, dst);
        LocalTensor<int32_t> pair = sc.Tile<int32_t>(2);
        if constexpr (S == CastType::kI32) {
            Adds(pair, src, 0, n);
        } else {
            ConvertStep<S, CastType::kI32>(pair, src, n, sc);
        }
        PipeBarrier<PIPE_V>();
        SignLanes(pair[tile], pair, sc.Tile<float>(), n);
        PipeBarrier<PIPE_V>();
        Gather(dst.template ReinterpretCast<int32_t>(), pair, offsets, 0, 2 * n);
    }
}

// BF16 -> FP32: the halfword becomes the high half of the FP32 word, the low half is zero (NaN/Inf bits kept).
__aicore__ inline void WidenBf16(const LocalTensor<float>& dst, const LocalTensor<bfloat16_t>& src, uint32_t n,
                                 Scratch& sc) {
    if constexpr (kArch == CastArch::kC220) {
        Cast(dst, src, RoundMode::CAST_NONE, n);
    } else {  // no BF16 conversion and no vector shifts on dav_m200: Gather [0 | bf16] halfword pairs
        const uint32_t tile = sc.TileElems();
        LocalTensor<uint32_t> offsets = sc.Table<uint32_t>(2);
        if (sc.BuildTables()) FillInterleaveOffsets(offsets, tile, tile * 2, 0, 0, 2, dst);
        LocalTensor<uint16_t> bits = src.template ReinterpretCast<uint16_t>();
        Duplicate(bits[tile], static_cast<uint16_t>(0), kZeroTailElems);
        PipeBarrier<PIPE_V>();
        Gather(dst.template ReinterpretCast<uint16_t>(), bits, offsets, 0, 2 * n);
    }
}

// INT32 -> half rounding ties away from zero with conversions that round to nearest even (dav_m200): x to float
// is exact below 2^24; x * (1 + 2^-20) moves a tie (|x| >= 2049, half-way between halves 2 or more apart) off the
// midpoint away from zero and no other value across one (the nearest midpoint is >= 1 away, the shift < 1/16 below
// 65520), so the nearest-even step rounds ties away and everything else as before. Beyond, half overflows anyway.
__aicore__ inline void Int32ToHalfTiesAway(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src, uint32_t n,
                                           Scratch& sc) {
    constexpr float kTieShift = 1.0f + 1.0f / (1 << 20);
    LocalTensor<float> f = sc.Tile<float>();
    Cast(f, src, RoundMode::CAST_NONE, n);
    PipeBarrier<PIPE_V>();
    Muls(f, f, kTieShift, n);
    PipeBarrier<PIPE_V>();
    Cast(dst, f, RoundMode::CAST_NONE, n);
}

// INT64 -> anything: the low 32-bit lane carries the value mod 2^32; BOOL also ORs in the high lane so that
// 2^32 stays true. A plan round of kRound (to half) rounds the low lane's ties away from zero.
template <CastType D>
__aicore__ inline void Narrow64(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<int64_t>& src, uint32_t n,
                                Scratch& sc) {
    const uint32_t tile = sc.TileElems();
    LocalTensor<int32_t> words = src.template ReinterpretCast<int32_t>();
    LocalTensor<uint32_t> loOffsets = sc.Table<uint32_t>();
    if (sc.BuildTables()) FillLaneOffsets(loOffsets, tile, 0, dst);
    if constexpr (D == CastType::kI32) {
        Gather(dst, words, loOffsets, 0, n);
    } else {
        LocalTensor<int32_t> lo = sc.Tile<int32_t>();
        Gather(lo, words, loOffsets, 0, n);
        if constexpr (D == CastType::kBool) {
            LocalTensor<uint32_t> hiOffsets = sc.Table<uint32_t>();
            if (sc.BuildTables()) FillLaneOffsets(hiOffsets, tile, 1, dst);
            LocalTensor<int32_t> hi = sc.Tile<int32_t>();
            Gather(hi, words, hiOffsets, 0, n);
            PipeBarrier<PIPE_V>();
            Or(lo.ReinterpretCast<uint16_t>(), lo.ReinterpretCast<uint16_t>(), hi.ReinterpretCast<uint16_t>(), 2 * n);
        }
        PipeBarrier<PIPE_V>();
        if constexpr (PlanOf(kArch, CastType::kI64, D).round == CastRound::kRound) {
            static_assert(D == CastType::kF16, "ties away from zero: INT64 -> FLOAT16 only");
            Int32ToHalfTiesAway(dst, lo, n, sc);
        } else {
            ConvertStep<CastType::kI32, D>(dst, lo, n, sc);
        }
    }
}

template <CastType S, CastType D>
__aicore__ inline void Convert(const LocalTensor<TypeOfT<D>>& dst, const LocalTensor<TypeOfT<S>>& src, uint32_t n,
                               Scratch& sc, CastRound round, CastRound midRound) {
    constexpr CastPlan plan = PlanOf(kArch, S, D);
    static_assert(plan.path != CastPath::kUnsupported, "no Cast plan for this pair on this SoC");
    if constexpr (plan.path == CastPath::kDirect) {
        Cast(dst, src, ToRoundMode(round), n);
    } else if constexpr (plan.path == CastPath::kTwoCast) {
        LocalTensor<TypeOfT<plan.mid>> mid = sc.Tile<TypeOfT<plan.mid>>();
        Cast(mid, src, ToRoundMode(round), n);
        PipeBarrier<PIPE_V>();
        Cast(dst, mid, ToRoundMode(midRound), n);
    } else if constexpr (plan.path == CastPath::kDstBool) {
        ToBool<S>(dst, src, n, sc, round);
    } else if constexpr (plan.path == CastPath::kNarrow8) {
        Narrow8<S, D>(dst, src, n, sc);
    } else if constexpr (plan.path == CastPath::kWiden64) {
        Widen<S, D>(dst, src, n, sc);
    } else if constexpr (plan.path == CastPath::kBf16ToF32) {
        WidenBf16(dst, src, n, sc);
    } else if constexpr (plan.path == CastPath::kBf16ToOther) {
        LocalTensor<float> wide = sc.Tile<float>();
        WidenBf16(wide, src, n, sc);
        PipeBarrier<PIPE_V>();
        ConvertStep<CastType::kF32, D>(dst, wide, n, sc);
    } else if constexpr (plan.path == CastPath::kNarrow64) {
        Narrow64<D>(dst, src, n, sc);
    }
}

// Moves [offset, offset + n) of this core's range between GM and UB. Whole 32-byte blocks use DataCopy; a ragged
// tail uses DataCopyPad where the SoC has it (the host never asks for a ragged tail elsewhere).
template <typename T>
__aicore__ inline void CopyGmToUb(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t n) {
    if ((n * sizeof(T)) % 32 == 0) {
        DataCopy(dst, src, n);
    } else {
        DataCopyPadWhereAny(dst, src, DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0},
                            DataCopyPadExtParams<T>{false, 0, 0, 0});
    }
}
template <typename T>
__aicore__ inline void CopyUbToGm(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n) {
    if ((n * sizeof(T)) % 32 == 0) {
        DataCopy(dst, src, n);
    } else {
        DataCopyPadWhereAny(dst, src, DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
    }
}

// One core's share: whole tiles, then the tail. Without DataCopyPad the tail is a whole-block window that ends at
// the tensor end and overlaps elements this core already wrote (same values); a tensor smaller than one block
// goes element by element through scalar GM access. Derived provides Tile(offset, n) and ScalarTile(n).
template <typename Derived, typename S, typename D>
class CastPipeline {
public:
    __aicore__ inline void Process() {
        const uint64_t core = GetBlockIdx();
        const uint64_t count = CoreElems(td_, core);
        const bool lastCore = core + 1 == td_.blockDim;
        const uint64_t ragged = lastCore ? td_.tailElems : 0;
        const uint64_t whole = count - ragged;
        auto& self = *static_cast<Derived*>(this);
        for (uint64_t done = 0; done < whole; done += td_.tileElems) {
            const uint64_t left = whole - done;
            self.Tile(done, static_cast<uint32_t>(left < td_.tileElems ? left : td_.tileElems));
        }
        if (ragged == 0) return;
        if (td_.usePad != 0) {
            self.Tile(whole, static_cast<uint32_t>(ragged));
        } else if (count >= td_.granuleElems) {
            // The window rewrites bytes an earlier tile's copy-out wrote from another buffer of the rotating queue:
            // overlapping MTE3 destinations need PipeBarrier<PIPE_MTE3> between them (PipeBarrier(ISASI).md).
            PipeBarrier<PIPE_MTE3>();
            self.Tile(count - td_.granuleElems, static_cast<uint32_t>(td_.granuleElems));
        } else {
            self.ScalarTile(static_cast<uint32_t>(count));
        }
    }

protected:
    // GM views of this core's range only: an access outside it is a bug the twin reports.
    __aicore__ inline void InitGm(GM_ADDR x, GM_ADDR y, const CastTilingData& td) {
        td_ = td;
        const uint64_t core = GetBlockIdx();
        const uint64_t start = CoreStart(td, core);
        const uint64_t count = CoreElems(td, core);
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(x) + start, count);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(y) + start, count);
    }

    CastTilingData td_;
    TPipe pipe_;
    GlobalTensor<S> xGm_;
    GlobalTensor<D> yGm_;
};

template <typename SrcT, typename DstT>
class CastKernel
    : public CastPipeline<CastKernel<SrcT, DstT>, TypeOfT<CastTypeOf<SrcT>::value>, TypeOfT<CastTypeOf<DstT>::value>> {
    static constexpr CastType kSrc = CastTypeOf<SrcT>::value;
    static constexpr CastType kDst = CastTypeOf<DstT>::value;
    using S = TypeOfT<kSrc>;
    using D = TypeOfT<kDst>;
    static constexpr bool kZeroTail = kSrc == CastType::kBf16 && kArch == CastArch::kM200;

public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CastTilingData& td) {
        this->InitGm(x, y, td);
        const uint32_t tile = td.tileElems;
        this->pipe_.InitBuffer(inQueue_, kCastBufferNum,
                               tile * sizeof(S) + (kZeroTail ? kZeroTailElems * sizeof(S) : 0));
        this->pipe_.InitBuffer(outQueue_, kCastBufferNum, tile * sizeof(D));
        constexpr CastScratch kScratch = ScratchOf(kArch, kSrc, kDst);
        if constexpr (kScratch.table + kScratch.scratch > 0) {
            this->pipe_.InitBuffer(tmpBuf_, tile * (kScratch.table + kScratch.scratch));
            LocalTensor<uint8_t> tmp = tmpBuf_.template Get<uint8_t>();
            scratch_.Init(tmp, tmp[tile * kScratch.table], tile);
        }
    }

    __aicore__ inline void Tile(uint64_t offset, uint32_t n) {
        LocalTensor<S> in = inQueue_.template AllocTensor<S>();
        CopyGmToUb(in, this->xGm_[offset], n);
        inQueue_.EnQue(in);
        Compute(n);
        LocalTensor<D> out = outQueue_.template DeQue<D>();
        CopyUbToGm(this->yGm_[offset], out, n);
        outQueue_.FreeTensor(out);
    }

    // Below one 32-byte block: scalar GM loads and stores, with full barriers between the scalar and vector units.
    __aicore__ inline void ScalarTile(uint32_t n) {
        LocalTensor<S> in = inQueue_.template AllocTensor<S>();
        for (uint32_t i = 0; i < n; ++i) in.SetValue(i, this->xGm_.GetValue(i));
        PipeBarrier<PIPE_ALL>();
        inQueue_.EnQue(in);
        Compute(n);
        LocalTensor<D> out = outQueue_.template DeQue<D>();
        PipeBarrier<PIPE_ALL>();
        for (uint32_t i = 0; i < n; ++i) this->yGm_.SetValue(i, out.GetValue(i));
        FlushScalarStores(this->yGm_);
        outQueue_.FreeTensor(out);
    }

private:
    __aicore__ inline void Compute(uint32_t n) {
        LocalTensor<S> in = inQueue_.template DeQue<S>();
        LocalTensor<D> out = outQueue_.template AllocTensor<D>();
        // The scratch tiles are rewritten every tile: the last tile's vector reads of them come first (nothing else
        // orders the two without the compiler's auto-sync; PipeBarrier(ISASI).md).
        if (!firstTile_) PipeBarrier<PIPE_V>();
        scratch_.BeginTile(firstTile_);
        firstTile_ = false;
        Convert<kSrc, kDst>(out, in, n, scratch_, static_cast<CastRound>(this->td_.roundMode),
                            static_cast<CastRound>(this->td_.midRoundMode));
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
    }

    TQue<QuePosition::VECIN, kCastBufferNum> inQueue_;
    TQue<QuePosition::VECOUT, kCastBufferNum> outQueue_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    Scratch scratch_;
    bool firstTile_ = true;
};

// SAMEWIDTH_8BIT: bool/int8/uint8 re-typing is bit-identical: GM -> UB -> GM through one bound queue.
template <typename SrcT>
class CastCopyKernel
    : public CastPipeline<CastCopyKernel<SrcT>, TypeOfT<CastTypeOf<SrcT>::value>, TypeOfT<CastTypeOf<SrcT>::value>> {
    using S = TypeOfT<CastTypeOf<SrcT>::value>;

public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CastTilingData& td) {
        this->InitGm(x, y, td);
        this->pipe_.InitBuffer(queue_, kCastBufferNum, td.tileElems * sizeof(S));
    }

    __aicore__ inline void Tile(uint64_t offset, uint32_t n) {
        LocalTensor<S> t = queue_.template AllocTensor<S>();
        CopyGmToUb(t, this->xGm_[offset], n);
        queue_.EnQue(t);
        t = queue_.template DeQue<S>();
        CopyUbToGm(this->yGm_[offset], t, n);
        queue_.FreeTensor(t);
    }

    __aicore__ inline void ScalarTile(uint32_t n) {
        for (uint32_t i = 0; i < n; ++i) this->yGm_.SetValue(i, this->xGm_.GetValue(i));
        FlushScalarStores(this->yGm_);
    }

private:
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, kCastBufferNum> queue_;
};

// The branch of tiling key kKey: runs when kKey is this instance's path class (the plan is fixed per dtype pair and
// SoC family), else does nothing (the host never sends another key to this instance).
template <typename SrcT, typename DstT, CastPath kKey>
__aicore__ inline void RunCastPath(GM_ADDR x, GM_ADDR y, const CastTilingData& td) {
    constexpr CastPath kPath = PlanOf(kArch, CastTypeOf<SrcT>::value, CastTypeOf<DstT>::value).path;
    if constexpr (kKey != kPath) {
        return;
    } else if constexpr (kPath == CastPath::kSameWidth8Bit) {
        CastCopyKernel<SrcT> op;
        op.Init(x, y, td);
        op.Process();
    } else {
        CastKernel<SrcT, DstT> op;
        op.Init(x, y, td);
        op.Process();
    }
}

}  // namespace ASCENDOPS_CAST_ARCH
using namespace ASCENDOPS_CAST_ARCH;
}  // namespace ascendops::cast
