// Slice copies (数据搬运/切片数据搬运.md): DataCopy GM -> UB and UB -> GM with a SliceInfo per dimension. Dimension 0
// takes bursts of burstLen 32-byte blocks from startIndex, `stride` elements apart, up to endIndex (inclusive); a
// higher dimension takes single indices the same way (burstLen must be 1 there), each index stepping over the
// product of the lower dimensions' shapeValue. The source's elements in that order fill the destination's slices in
// theirs; each piece is the plain strided copy's (sim/data_copy.h: bounds, pipes, definedness, cost).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim/data_copy.h"
#include "sim/kernel_utils.h"
#include "sim/shape_info.h"  // K_MAX_DIM

namespace AscendC {

// kernel_struct_data_copy.h / kernel_utils_constants.h
struct SliceInfo {
    __aicore__ SliceInfo() {}
    __aicore__ SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
                         const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
        : startIndex(startIndexIn),
          endIndex(endIndexIn),
          stride(strideIn),
          burstLen(burstLenIn),
          shapeValue(shapeValueIn) {}
    uint32_t startIndex = 0;
    uint32_t endIndex = ONE_BLK_SIZE - 1;
    uint32_t stride = 0;
    uint32_t burstLen = ONE_BLK_SIZE;
    uint32_t shapeValue = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

struct SliceRun {
    uint64_t offset, elems;  // in elements of the operand
};

// The runs of elements a SliceInfo list selects, in order (outer dimensions outermost).
inline std::vector<SliceRun> SliceRuns(const char* api, const char* role, const AscendC::SliceInfo* info,
                                       uint32_t dimValue, uint32_t elemBytes) {
    if (dimValue == 0 || dimValue > static_cast<uint32_t>(AscendC::K_MAX_DIM)) {
        Fail(api, Str("dimValue ", dimValue, " is not in [1, ", AscendC::K_MAX_DIM, "]"));
    }
    std::vector<SliceRun> runs;
    const uint64_t burst = uint64_t{info[0].burstLen} * kBlock / elemBytes;
    if (burst == 0) Fail(api, Str(role, "SliceInfo[0].burstLen is 0"));
    for (uint64_t at = info[0].startIndex; at + burst <= uint64_t{info[0].endIndex} + 1; at += burst + info[0].stride) {
        runs.push_back({at, burst});
    }
    uint64_t pitch = info[0].shapeValue;
    for (uint32_t d = 1; d < dimValue; ++d) {
        if (info[d].burstLen != 1) Fail(api, Str(role, "SliceInfo[", d, "].burstLen is ", info[d].burstLen, ", not 1"));
        std::vector<SliceRun> outer;
        for (uint64_t i = info[d].startIndex; i <= info[d].endIndex; i += 1 + uint64_t{info[d].stride}) {
            for (const SliceRun& r : runs) outer.push_back({i * pitch + r.offset, r.elems});
        }
        runs.swap(outer);
        pitch *= info[d].shapeValue;
    }
    return runs;
}

// Walks the source and destination runs together: copy(srcOffset, dstOffset, elems) per piece both share.
template <typename F>
void PairRuns(const char* api, const std::vector<SliceRun>& src, const std::vector<SliceRun>& dst, F&& copy) {
    uint64_t total[2] = {0, 0};
    for (const SliceRun& r : src) total[0] += r.elems;
    for (const SliceRun& r : dst) total[1] += r.elems;
    if (total[0] != total[1]) {
        Fail(api, Str("the source slices hold ", total[0], " elements and the destination slices ", total[1]));
    }
    std::size_t i = 0, j = 0;
    uint64_t usedI = 0, usedJ = 0;
    while (i < src.size() && j < dst.size()) {
        const uint64_t n = std::min(src[i].elems - usedI, dst[j].elems - usedJ);
        copy(src[i].offset + usedI, dst[j].offset + usedJ, n);
        usedI += n;
        usedJ += n;
        if (usedI == src[i].elems) ++i, usedI = 0;
        if (usedJ == dst[j].elems) ++j, usedJ = 0;
    }
}

// The pieces a slice copy of T makes: piece(srcOffset, dstOffset, elems), in elements.
template <typename T, typename F>
void CopySlices(const AscendC::SliceInfo* dstInfo, const AscendC::SliceInfo* srcInfo, uint32_t dimValue, F&& piece) {
    const char* api = "DataCopy";
    PairRuns(api, SliceRuns(api, "src", srcInfo, dimValue, sizeof(T)),
             SliceRuns(api, "dst", dstInfo, dimValue, sizeof(T)), piece);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
                                const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopySlices<T>(dstSliceInfo, srcSliceInfo, dimValue, [&](uint64_t from, uint64_t to, uint64_t n) {
        ascendc_sim::CopyGmToUb("DataCopy", dst[static_cast<uint32_t>(to)], src[from],
                                ascendc_sim::CopyShape{1, n * sizeof(T), 0, 0});
    });
}

template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
                                const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1,
                                ascendc_sim::CallSite = {}) {
    ascendc_sim::CopySlices<T>(dstSliceInfo, srcSliceInfo, dimValue, [&](uint64_t from, uint64_t to, uint64_t n) {
        ascendc_sim::CopyUbToGm("DataCopy", dst[to], src[static_cast<uint32_t>(from)],
                                ascendc_sim::CopyShape{1, n * sizeof(T), 0, 0});
    });
}

}  // namespace AscendC
