// Split kernel: every output piece copied GM -> UB -> GM through one double-buffered bound queue (no compute).
// Each core walks its run of granules (split_tiling_data.h) piece by piece; inside a piece, its element range
// [s, e) of the output moves as
//   - whole rows, many per copy (strided DataCopy when rows and pitch are whole 32-byte blocks, DataCopyPad for
//     ragged rows on A2/A3), or column chunks of one row when a row is larger than a tile;
//   - on ascend310p (no DataCopyPad) ragged rows go through 32-byte-aligned output windows assembled in UB
//     (CopyWindows), so every write is whole blocks inside the destination piece and inside this core's range.
// NARROW (short x rows, pieces of a few elements) instead walks the core's units of whole x rows: a tile of rows
// comes in with one DataCopy, GatherMask packs each piece's columns out of it by a bit pattern built once per piece,
// and the packed rows go out with one DataCopy of whole blocks; the tail rows past the last unit take the paths
// above.
#pragma once
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"  // ListTensorDesc (kernel_operator.h does not include it)
#include "op_kernel/common/bf16_m200.h"        // DTYPE_X may name bfloat16_t on dav-m200 too
#include "op_kernel/split/split_tiling_data.h"

// Each SoC family compiles its own instance; the per-family namespace keeps their symbols apart on the twin (not an
// inline namespace: CANN's kernel_macros.h defines `inline` as a macro on the device path).
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDOPS_SPLIT_ARCH m200
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
#define ASCENDOPS_SPLIT_ARCH a3510
#else
#define ASCENDOPS_SPLIT_ARCH c220
#endif

namespace ascendops::split {
namespace ASCENDOPS_SPLIT_ARCH {

using namespace AscendC;

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
inline constexpr bool kHasDataCopyPad = false;  // ascend310p (dav_m200)
#else
inline constexpr bool kHasDataCopyPad = true;  // ascend910b, ascend910_93 (dav-c220), ascend950 (dav-3510)
#endif

inline constexpr uint64_t kBlockBytes = 32;

// NARROW's GatherMask lane for T (NarrowLaneBytes): 1- and 2-byte elements move as uint16_t, 4- and 8-byte ones as
// uint32_t (GatherMask.md 数据类型: 2- and 4-byte types on every SoC here).
template <uint32_t ElemBytes>
struct NarrowLane {
    using Type = uint16_t;
};
template <>
struct NarrowLane<4> {
    using Type = uint32_t;
};
template <>
struct NarrowLane<8> {
    using Type = uint32_t;
};

// How CopyRows moves a batch of rows: whole blocks with DataCopy, or byte-exact rows with DataCopyPad.
enum class RowMode { kBlocks, kPad };

template <typename T>
class SplitKernel {
    static constexpr uint64_t kBlockElems = kBlockBytes / sizeof(T);
    using Lane = typename NarrowLane<sizeof(T)>::Type;
    static constexpr uint64_t kBlockLanes = kBlockBytes / sizeof(Lane);

public:
    template <SplitKey K>
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SplitTilingData& td) {
        td_ = td;
        pitch_ = td.dimLen * td.inner;
        totalElems_ = td.batch * pitch_;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), totalElems_);
        outputs_.Init(reinterpret_cast<__gm__ void*>(y));
        pipe_.InitBuffer(queue_, kSplitBufferNum, td.tileElems * sizeof(T));
        if constexpr (K == SplitKey::kNarrow) {  // the UB split_tiling.cpp's NarrowUbBytes budgets
            pipe_.InitBuffer(rowsIn_, kSplitBufferNum, td.narrowChunkRows * pitch_ * sizeof(T) + kSplitRepeatBytes);
            uint64_t widest = 0;
            for (uint32_t p = 0; p < td.pieceNum; ++p) widest = td.pieceLen[p] > widest ? td.pieceLen[p] : widest;
            pipe_.InitBuffer(packedOut_, kSplitBufferNum, td.narrowChunkRows * widest * td.inner * sizeof(T));
            pipe_.InitBuffer(patterns_, td.pieceNum * kBlockBytes);
        }
    }

    template <SplitKey K>
    __aicore__ inline void Process() {
        if constexpr (K == SplitKey::kNarrow) {
            ProcessNarrow();
            return;
        }
        const uint64_t core = GetBlockIdx();
        uint64_t g = CoreGranuleStart(td_, core);
        const uint64_t gEnd = g + CoreGranules(td_, core);
        uint32_t p = 0;
        uint64_t dimStart = 0;  // where piece p starts along dim
        while (g < gEnd) {
            while (td_.pieceGranuleStart[p + 1] <= g) dimStart += td_.pieceLen[p++];
            const uint64_t first = td_.pieceGranuleStart[p];
            const uint64_t last = td_.pieceGranuleStart[p + 1];
            const uint64_t stop = gEnd < last ? gEnd : last;
            const uint64_t elems = PieceElems(td_, p);
            BindPiece(p, dimStart, elems);
            CopyRange<K>((g - first) * td_.granuleElems, stop == last ? elems : (stop - first) * td_.granuleElems);
            g = stop;
        }
    }

private:
    __aicore__ inline void BindPiece(uint32_t p, uint64_t dimStart, uint64_t elems) {
        yGm_.SetGlobalBuffer(outputs_.GetDataPtr<T>(p), elems);
        rowElems_ = td_.pieceLen[p] * td_.inner;
        srcBase_ = dimStart * td_.inner;
    }

    // Where element `pos` of the current piece's output is read in x.
    __aicore__ inline uint64_t SourceOf(uint64_t pos) const {
        const uint64_t b = pos / rowElems_;
        return b * pitch_ + srcBase_ + (pos - b * rowElems_);
    }

    template <SplitKey K>
    __aicore__ inline void CopyRange(uint64_t s, uint64_t e) {
        const bool blocks = (rowElems_ * sizeof(T)) % kBlockBytes == 0 && (pitch_ * sizeof(T)) % kBlockBytes == 0;
        if constexpr (K == SplitKey::kAligned) {
            CopyRows<RowMode::kBlocks>(s, e);
        } else if constexpr (K == SplitKey::kPad && kHasDataCopyPad) {
            if (blocks) {
                CopyRows<RowMode::kBlocks>(s, e);
            } else {
                CopyRows<RowMode::kPad>(s, e);
            }
        } else if constexpr (K == SplitKey::kAlignedWindow) {
            if (blocks) {
                CopyRows<RowMode::kBlocks>(s, e);
            } else {
                CopyWindows(s, e);
            }
        }
    }

    // Rows that one copy may carry: they fit a tile, blockCount <= 4095, and the stride fields can encode them.
    template <RowMode M>
    __aicore__ inline uint64_t RowsPerCopy(uint64_t wanted) const {
        const uint64_t rowBytes = rowElems_ * sizeof(T);
        const uint64_t gapBytes = (pitch_ - rowElems_) * sizeof(T);
        const uint64_t ubRowBytes =
            M == RowMode::kPad ? (rowBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes : rowBytes;
        uint64_t rows = td_.tileElems * sizeof(T) / ubRowBytes;
        if (rows > wanted) rows = wanted;
        if (rows > kSplitMaxBlockCount) rows = kSplitMaxBlockCount;
        const bool encodable = M == RowMode::kPad ? gapBytes <= 0xFFFFFFFFull
                                                  : gapBytes / kBlockBytes <= kSplitMaxBlockStride &&
                                                        rowBytes / kBlockBytes <= kSplitMaxBlockStride;
        return encodable || rows == 0 ? rows : 1;
    }

    template <RowMode M>
    __aicore__ inline void CopyRows(uint64_t s, uint64_t e) {
        uint64_t pos = s;
        while (pos < e) {
            const uint64_t column = pos % rowElems_;
            const uint64_t rows = column == 0 ? RowsPerCopy<M>((e - pos) / rowElems_) : 0;
            if (rows > 0) {
                MoveRows<M>(SourceOf(pos), pos, rows, rowElems_);
                pos += rows * rowElems_;
                continue;
            }
            uint64_t n = rowElems_ - column;  // one row's rest (or a column chunk of it)
            if (n > e - pos) n = e - pos;
            if (n > td_.tileElems) n = td_.tileElems;
            MoveRows<M>(SourceOf(pos), pos, 1, n);
            pos += n;
        }
    }

    // rows x n elements: x rows at pitch_ from `src` -> UB -> `rows * n` contiguous output elements at `dst`.
    template <RowMode M>
    __aicore__ inline void MoveRows(uint64_t src, uint64_t dst, uint64_t rows, uint64_t n) {
        const auto rowBytes = static_cast<uint32_t>(n * sizeof(T));
        LocalTensor<T> t = queue_.template AllocTensor<T>();
        if constexpr (M == RowMode::kBlocks) {
            if (rows == 1) {
                DataCopy(t, xGm_[src], static_cast<uint32_t>(n));
            } else {
                DataCopy(t, xGm_[src],
                         DataCopyParams(static_cast<uint16_t>(rows), static_cast<uint16_t>(rowBytes / kBlockBytes),
                                        static_cast<uint16_t>((pitch_ - n) * sizeof(T) / kBlockBytes), 0));
            }
        } else {
            DataCopyPad(t, xGm_[src],
                        DataCopyExtParams(static_cast<uint16_t>(rows), rowBytes,
                                          static_cast<uint32_t>((pitch_ - n) * sizeof(T)), 0, 0),
                        DataCopyPadExtParams<T>(false, 0, 0, 0));
        }
        queue_.EnQue(t);
        t = queue_.template DeQue<T>();
        if constexpr (M == RowMode::kBlocks) {
            DataCopy(yGm_[dst], t, static_cast<uint32_t>(rows * n));
        } else {
            DataCopyPad(yGm_[dst], t, DataCopyExtParams(static_cast<uint16_t>(rows), rowBytes, 0, 0, 0));
        }
        queue_.FreeTensor(t);
    }

    // NARROW: this core's units of rows through GatherMask; the last core also copies the tail rows.
    __aicore__ inline void ProcessNarrow() {
        const uint64_t core = GetBlockIdx();
        const uint64_t unit = td_.narrowUnitRows;
        const uint64_t first = CoreGranuleStart(td_, core) * unit;
        const uint64_t end = first + CoreGranules(td_, core) * unit;
        BuildPatterns();
        for (uint64_t b = first; b < end; b += td_.narrowChunkRows) {
            PackRows(b, end - b < td_.narrowChunkRows ? end - b : td_.narrowChunkRows);
        }
        if (core + 1 == td_.blockDim && end < td_.batch) CopyTailRows(end);
    }

    // One 32-byte block of pattern per piece: bit j set when lane j of a repeat (narrowRepeatLanes lanes of whole x
    // rows, then none) lies in the piece's columns. Every repeat reads the same block (src1RepeatStride 0).
    __aicore__ inline void BuildPatterns() {
        LocalTensor<Lane> bits = patterns_.template Get<Lane>();
        const uint64_t laneBits = sizeof(Lane) * 8;
        const uint64_t pitchLanes = pitch_ * sizeof(T) / sizeof(Lane);
        uint64_t from = 0;  // the piece's first lane in an x row
        for (uint32_t p = 0; p < td_.pieceNum; ++p) {
            const uint64_t to = from + td_.pieceLen[p] * td_.inner * sizeof(T) / sizeof(Lane);
            for (uint64_t w = 0; w < kBlockLanes; ++w) {
                Lane word = 0;
                for (uint64_t i = 0; i < laneBits; ++i) {
                    const uint64_t lane = w * laneBits + i;
                    const uint64_t column = lane % pitchLanes;
                    if (lane < td_.narrowRepeatLanes && column >= from && column < to) {
                        word = static_cast<Lane>(word | (Lane(1) << i));
                    }
                }
                bits.SetValue(p * kBlockLanes + w, word);
            }
            from = to;
        }
        Sync<HardEvent::S_V>();  // the patterns are in UB before the first GatherMask reads them
    }

    // x rows [b, b + rows) (whole units) -> UB -> every piece's rows packed -> its output.
    __aicore__ inline void PackRows(uint64_t b, uint64_t rows) {
        LocalTensor<T> in = rowsIn_.template AllocTensor<T>();
        DataCopy(in, xGm_[b * pitch_], static_cast<uint32_t>(rows * pitch_));
        rowsIn_.EnQue(in);
        in = rowsIn_.template DeQue<T>();
        const LocalTensor<Lane> inLanes = in.template ReinterpretCast<Lane>();
        const LocalTensor<Lane> bits = patterns_.template Get<Lane>();
        const uint64_t repeatLanes = td_.narrowRepeatLanes;
        // Normal mode: repeat r reads 256 bytes from block r * (repeatLanes / kBlockLanes); lanes past repeatLanes
        // have no pattern bit, so overlapping reads pick nothing twice (GatherMask.md 表3).
        const GatherMaskParams params(1, static_cast<uint16_t>(rows * pitch_ * sizeof(T) / sizeof(Lane) / repeatLanes),
                                      static_cast<uint16_t>(repeatLanes / kBlockLanes), 0);
        uint64_t dimStart = 0;
        for (uint32_t p = 0; p < td_.pieceNum; ++p) {
            const uint64_t len = td_.pieceLen[p];
            if (len > 0) {
                BindPiece(p, dimStart, PieceElems(td_, p));
                LocalTensor<T> out = packedOut_.template AllocTensor<T>();
                uint64_t kept = 0;
                GatherMask(out.template ReinterpretCast<Lane>(), inLanes, bits[p * kBlockLanes], false, 0, params,
                           kept);
                packedOut_.EnQue(out);
                out = packedOut_.template DeQue<T>();
                DataCopy(yGm_[b * rowElems_], out, static_cast<uint32_t>(rows * rowElems_));
                packedOut_.FreeTensor(out);
            }
            dimStart += len;
        }
        rowsIn_.FreeTensor(in);
    }

    // Rows [b, batch) (fewer than one unit) of every piece: DataCopyPad rows on A2/A3; on ascend310p aligned windows
    // ending at the piece's end, reaching back over this core's own rows to a whole block.
    __aicore__ inline void CopyTailRows(uint64_t b) {
        uint64_t dimStart = 0;
        for (uint32_t p = 0; p < td_.pieceNum; ++p) {
            const uint64_t elems = PieceElems(td_, p);
            if (elems > 0) {
                BindPiece(p, dimStart, elems);
                const uint64_t s = b * rowElems_;
                if constexpr (kHasDataCopyPad) {
                    CopyRows<RowMode::kPad>(s, elems);
                } else {
                    CopyWindows(elems - s >= kBlockElems ? s : elems - kBlockElems, elems);
                }
            }
            dimStart += td_.pieceLen[p];
        }
    }

    // ascendc310p, ragged rows: output windows of whole blocks, each inside [s, e). A range shorter than one block
    // is a whole piece (granules are >= 32 bytes otherwise) and goes through scalar GM access.
    __aicore__ inline void CopyWindows(uint64_t s, uint64_t e) {
        if (e - s < kBlockElems) {
            CopyScalar(s, e);
            return;
        }
        const uint64_t tile = td_.tileElems;
        uint64_t pos = s;
        while (e - pos >= tile) {
            Window(pos, tile);
            pos += tile;
        }
        const uint64_t rem = e - pos;
        const uint64_t up = (rem + kBlockElems - 1) / kBlockElems * kBlockElems;
        if (rem == 0) return;
        if (e - s >= up) {  // one window ending at e; it overlaps bytes this core already wrote (same values)
            Window(e - up, up);
        } else {  // the range is one short stretch: two overlapping whole-block windows cover it
            const uint64_t down = rem / kBlockElems * kBlockElems;
            Window(s, down);
            Window(e - down, down);
        }
    }

    // Output elements [w0, w0 + n) (n whole blocks) assembled in UB, then one DataCopy out. Each row segment is
    // loaded with one DataCopy to the block boundary below its UB position, reading the elements in front of it
    // in x; that load overwrites the end of the previous segment in the same block, which the scalar unit saved
    // before the load and writes back after it. Past the end of x the last elements come by scalar GM reads.
    __aicore__ inline void Window(uint64_t w0, uint64_t n) {
        LocalTensor<T> t = queue_.template AllocTensor<T>();
        Sync<HardEvent::MTE3_S>();  // the buffer's previous DataCopy out is done before any scalar write to it
        T saved[kBlockElems];
        uint64_t savedFrom = 0;
        uint64_t savedNum = 0;
        for (uint64_t q = 0; q < n;) {
            const uint64_t pos = w0 + q;
            uint64_t len = rowElems_ - pos % rowElems_;
            if (len > n - q) len = n - q;
            const uint64_t shift = q % kBlockElems;
            const uint64_t from = SourceOf(pos) - shift;
            const uint64_t words = (shift + len + kBlockElems - 1) / kBlockElems * kBlockElems;
            const uint64_t avail = totalElems_ - from;
            const uint64_t bulk = words <= avail ? words : avail / kBlockElems * kBlockElems;
            if (bulk > 0) DataCopy(t[q - shift], xGm_[from], static_cast<uint32_t>(bulk));
            Sync<HardEvent::MTE2_S>();
            for (uint64_t i = 0; i < savedNum; ++i) t.SetValue(savedFrom + i, saved[i]);
            for (uint64_t i = q - shift + bulk > q ? q - shift + bulk : q; i < q + len; ++i) {
                t.SetValue(i, xGm_.GetValue(from + (i - (q - shift))));
            }
            q += len;
            savedNum = q < n ? q % kBlockElems : 0;
            savedFrom = q - savedNum;
            for (uint64_t i = 0; i < savedNum; ++i) saved[i] = t.GetValue(savedFrom + i);
            Sync<HardEvent::S_MTE2>();  // the next load rewrites the bytes just read
        }
        Sync<HardEvent::S_MTE3>();  // scalar writes land before the copy out reads the tile
        queue_.EnQue(t);
        t = queue_.template DeQue<T>();
        DataCopy(yGm_[w0], t, static_cast<uint32_t>(n));
        queue_.FreeTensor(t);
    }

    // A piece below one block: element by element through scalar GM access, then the data cache written back.
    __aicore__ inline void CopyScalar(uint64_t s, uint64_t e) {
        for (uint64_t i = s; i < e; ++i) yGm_.SetValue(i, xGm_.GetValue(SourceOf(i)));
        DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(yGm_);  // the form ascend310p has
    }

    template <HardEvent E>
    __aicore__ inline void Sync() {
        const auto id = static_cast<event_t>(pipe_.FetchEventID(E));
        SetFlag<E>(id);
        WaitFlag<E>(id);
    }

    SplitTilingData td_;
    uint64_t pitch_ = 0;       // elements of one batch row of x (dimLen * inner)
    uint64_t totalElems_ = 0;  // elements of x
    uint64_t rowElems_ = 0;    // elements of one batch row of the current piece
    uint64_t srcBase_ = 0;     // where the current piece starts inside a batch row of x
    TPipe pipe_;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, kSplitBufferNum> queue_;
    TQue<QuePosition::VECIN, kSplitBufferNum> rowsIn_;      // NARROW: x rows
    TQue<QuePosition::VECOUT, kSplitBufferNum> packedOut_;  // NARROW: one piece's packed rows
    TBuf<QuePosition::VECCALC> patterns_;                   // NARROW: one pattern block per piece
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    ListTensorDesc outputs_;
};

template <typename T, SplitKey K>
__aicore__ inline void RunSplit(GM_ADDR x, GM_ADDR y, const SplitTilingData& td) {
    SplitKernel<T> op;
    op.template Init<K>(x, y, td);
    op.template Process<K>();
}

}  // namespace ASCENDOPS_SPLIT_ARCH
using namespace ASCENDOPS_SPLIT_ARCH;
}  // namespace ascendops::split
