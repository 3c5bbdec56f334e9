#include "sim/load3d.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "sim/definedness.h"
#include "sim/pipe_sync.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kLoad3dRows = 16;        // rows of a fractal (LoadData_3D.md: 16 x C0)
constexpr uint32_t kLoad3dBlockBytes = 32;  // C0 elements are 32 bytes

int64_t Load3dAlignUp16(int64_t v) { return (v + kLoad3dRows - 1) / kLoad3dRows * kLoad3dRows; }

// The image-to-column matrix X (LoadData_3D.md, 功能说明; its pseudo-code load3d.py): row m is the output position
// (ho, wo) = (m / Wout, m % Wout); column kk = ((c1 * Hk + kh) * Wk + kw) * C0 + c reads feature-map element
// (c1, h, w, c) with h = ho * strideH + kh * dilationH - padTop and w likewise, or the pad value outside the map.
struct Im2colPlan {
    uint32_t c0 = 0, e = 0;
    int64_t h = 0, w = 0, wOut = 0, rows = 0, columns = 0;
    Load3dCall call;

    // The source element offset X(m, kk) reads, or -1 for a pad.
    int64_t Source(int64_t m, int64_t kk) const {
        const int64_t kb = kk / c0, c = kk % c0, window = int64_t{call.filterH} * call.filterW;
        const int64_t c1 = kb / window, kh = (kb % window) / call.filterW, kw = kb % call.filterW;
        const int64_t ho = m / wOut, wo = m % wOut;
        const int64_t y = ho * call.strideH + kh * call.dilationH - call.fm.pad[2];
        const int64_t x = wo * call.strideW + kw * call.dilationW - call.fm.pad[0];
        if (y < 0 || y >= h || x < 0 || x >= w) return -1;
        return ((c1 * h + y) * w + x) * c0 + c;
    }
};

Im2colPlan PlanIm2col(const char* api, const Load3dCall& call) {
    Im2colPlan g;
    g.call = call;
    g.e = call.elemBytes;
    g.c0 = kLoad3dBlockBytes / call.elemBytes;
    g.h = call.fm.l1H;
    g.w = call.fm.l1W;
    if (call.toL0b && call.elemBytes == 1) Fail(api, "L1 -> L0B does not move b8 data (LoadData_3D.md, 约束说明)");
    if (call.transpose && !call.toL0b && call.elemBytes == 1) {
        Fail(api, "enTranspose into L0A does not take b8 data on A2/A3 (LoadData_3D.md, 约束说明)");
    }
    if (call.channelSize % g.c0 != 0) {
        Fail(api, Str("channelSize ", call.channelSize, " is not a multiple of C0 = ", g.c0,
                      " (the small-channel layouts are not modeled)"));
    }
    if (call.strideW == 0 || call.strideH == 0 || call.dilationW == 0 || call.dilationH == 0) {
        Fail(api, "strideW, strideH, dilationFilterW and dilationFilterH must be positive");
    }
    if (call.kStartPt % g.c0 != 0 || call.kExtension % g.c0 != 0) {
        Fail(api, Str("kStartPt ", call.kStartPt, " and kExtension ", call.kExtension, " must be multiples of C0 = ",
                      g.c0, " (LoadData_3D.md 表4; a partial last fractal is not modeled)"));
    }
    if (call.mExtension % kLoad3dRows != 0) {
        Fail(api, Str("mExtension ", call.mExtension, " is not a multiple of 16 (a partial fractal is not modeled)"));
    }
    const int64_t kh = (int64_t{call.filterH} - 1) * call.dilationH + 1,
                  kw = (int64_t{call.filterW} - 1) * call.dilationW + 1;
    const int64_t hOut = (g.h + call.fm.pad[2] + call.fm.pad[3] - kh) / call.strideH + 1;
    g.wOut = (g.w + call.fm.pad[0] + call.fm.pad[1] - kw) / call.strideW + 1;
    if (g.h + call.fm.pad[2] + call.fm.pad[3] < kh || g.w + call.fm.pad[0] + call.fm.pad[1] < kw) {
        Fail(api, Str("the ", call.filterH, " x ", call.filterW, " filter (dilated ", kh, " x ", kw,
                      ") does not fit the padded ", g.h, " x ", g.w, " feature map"));
    }
    g.rows = hOut * g.wOut;
    g.columns = int64_t{call.channelSize} * call.filterH * call.filterW;
    if (int64_t{call.mStartPt} + call.mExtension > g.rows) {
        Fail(api, Str("mStartPt + mExtension = ", call.mStartPt + call.mExtension, " beyond the ", g.rows,
                      " rows (Hout x Wout) of the image-to-column matrix"));
    }
    if (int64_t{call.kStartPt} + call.kExtension > g.columns) {
        Fail(api, Str("kStartPt + kExtension = ", call.kStartPt + call.kExtension, " beyond the ", g.columns,
                      " columns (channelSize x filterH x filterW) of the image-to-column matrix"));
    }
    return g;
}

// Where X(mStartPt + i, kStartPt + j) lands, in elements from the destination's start (LoadData_3D.md, 关键特性说明):
//  - L0A, not transposed: Zz of the mExtension x kExtension matrix in 16 x C0 fractals;
//  - L0A, transposed: Zz of its transpose (kExtension x mExtension) in 16 x C0 fractals (b32: the rows past
//    kExtension in the last fractal row are not written);
//  - L0B: Zn, each run of C0 rows i (one C0 block) holding every column j (kExtension rounded up to 16) with its
//    C0 values of i together.
int64_t Load3dDstOffset(const Load3dCall& call, int64_t i, int64_t j) {
    const int64_t c0 = kLoad3dBlockBytes / call.elemBytes;
    if (call.toL0b) return (i / c0) * Load3dAlignUp16(call.kExtension) * c0 + j * c0 + i % c0;
    if (!call.transpose)
        return ((i / kLoad3dRows) * (call.kExtension / c0) + j / c0) * kLoad3dRows * c0 + (i % kLoad3dRows) * c0 +
               j % c0;
    return ((j / kLoad3dRows) * (call.mExtension / c0) + i / c0) * kLoad3dRows * c0 + (j % kLoad3dRows) * c0 + i % c0;
}

// The source elements the block reads, [lo, hi) (hi <= lo: only pads).
std::pair<int64_t, int64_t> Load3dSourceSpan(const Im2colPlan& g) {
    int64_t lo = INT64_MAX, hi = -1;
    for (int64_t i = 0; i < g.call.mExtension; ++i) {
        for (int64_t j = 0; j < g.call.kExtension; j += g.c0) {
            const int64_t s = g.Source(g.call.mStartPt + i, g.call.kStartPt + j);
            if (s >= 0) lo = std::min(lo, s), hi = std::max(hi, s + int64_t{g.c0});
        }
    }
    return {lo, hi};
}

}  // namespace

// To the last element written (the last row and column land last in every layout).
uint64_t Load3dDstBytes(const Load3dCall& call) {
    return uint64_t(Load3dDstOffset(call, int64_t{call.mExtension} - 1, int64_t{call.kExtension} - 1) + 1) *
           call.elemBytes;
}

uint64_t Load3dSrcBytes(const char* api, const Load3dCall& call) {
    const auto [lo, hi] = Load3dSourceSpan(PlanIm2col(api, call));
    return hi > lo ? uint64_t(hi) * call.elemBytes : 0;
}

void Load3d(const char* api, const CubeOperand& dst, const CubeOperand& src, const Load3dCall& call) {
    CoreContext& c = Core();
    const Im2colPlan g = PlanIm2col(api, call);
    const int64_t mExt = call.mExtension, kExt = call.kExtension, e = g.e;
    const auto [lo, hi] = Load3dSourceSpan(g);  // the bytes read: from the first to the last source element
    const uint64_t dstBytes = Load3dDstBytes(call);
    if (hi > lo) NoteCubeAccess(c, api, Pipe::kMte1, src.buffer, src.offset + lo * e, uint64_t(hi - lo) * e, false);
    NoteCubeAccess(c, api, Pipe::kMte1, dst.buffer, dst.offset, dstBytes, true);
    const uint64_t srcDef = (uint64_t{static_cast<uint8_t>(src.buffer)} << kCubeBufferShift) + src.offset;
    const uint64_t dstDef = (uint64_t{static_cast<uint8_t>(dst.buffer)} << kCubeBufferShift) + dst.offset;
    const bool srcUndef = hi > lo && c.def.cube.AnyUndef(srcDef + lo * e, srcDef + hi * e);
    // A pad's value, or the element the source holds, per destination element (the C0 values of one source
    // position are a run when not transposed).
    for (int64_t i = 0; i < mExt; ++i) {
        for (int64_t j = 0; j < kExt; ++j) {
            const int64_t s = g.Source(call.mStartPt + i, call.kStartPt + j);
            const int64_t d = Load3dDstOffset(call, i, j) * e;
            if (s < 0) {
                std::memcpy(dst.data + d, &call.padBits, e);
            } else {
                std::memcpy(dst.data + d, src.data + s * e, e);
            }
        }
    }
    // Definedness: every written element defined when the source block holds no undefined byte (pads are defined);
    // else each element takes its source element's.
    if (!srcUndef) {
        if (!call.transpose) {
            DefineBytes(c, DefSpace::kCube, Footprint::Contiguous(dstDef, dstBytes, 8));
        } else {
            for (int64_t i = 0; i < mExt; i += g.c0) {
                for (int64_t j = 0; j < kExt; ++j) {
                    DefineBytes(c, DefSpace::kCube,
                                Footprint::Contiguous(dstDef + Load3dDstOffset(call, i, j) * e, g.c0 * e, 8));
                }
            }
        }
    } else {
        for (int64_t i = 0; i < mExt; ++i) {
            for (int64_t j = 0; j < kExt; ++j) {
                const int64_t s = g.Source(call.mStartPt + i, call.kStartPt + j);
                const Footprint to = Footprint::Contiguous(dstDef + Load3dDstOffset(call, i, j) * e, 1, 8 * e);
                if (s < 0) {
                    DefineBytes(c, DefSpace::kCube, to);
                } else {
                    Propagate(c, api, Flow::kElementwise, {{to, DefSpace::kCube}},
                              {{Footprint::Contiguous(srcDef + s * e, 1, 8 * e), DefSpace::kCube}});
                }
            }
        }
    }
    (dst.buffer == CubeBuffer::kL0B ? c.cost.l1ToL0bBytes : c.cost.l1ToL0aBytes) += dstBytes;
}

Fmatrix ReadFmatrix(const char* api, bool right) {
    const Fmatrix& f = Core().load3d.fmatrix[right ? 1 : 0];
    if (!f.set) {
        Fail(api, Str("isSetFMatrix = false reads the ", right ? "right" : "left",
                      " feature-map register, which no SetFmatrix (nor LoadData) has set on this core"));
    }
    return f;
}

uint32_t ReadPadValue(const char* api) {
    const Load3dRegs& r = Core().load3d;
    if (!r.padSet) {
        Fail(api,
             "isSetPadding = false reads the pad register, which no SetLoadDataPaddingValue (nor LoadData) has "
             "set on this core");
    }
    return r.padBits;
}

}  // namespace ascendc_sim
