#include "sim/cube_engine.h"

#include <algorithm>
#include <cstring>

#include "ascendc_sim/platform/int_math.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "sim/atomic.h"
#include "sim/events.h"
#include "sim/types.h"

namespace ascendc_sim {
namespace {

using ascendc_sim::DataType;
constexpr int64_t kFractal = 16;  // the cube multiplies 16x16x16 fractals (Mmad data formats)

float LoadElem(DataType t, const uint8_t* base, int64_t idx) {
    switch (t) {
        case DataType::kFloat16: {
            uint16_t h;
            std::memcpy(&h, base + idx * 2, 2);
            return HalfBitsToFloat(h);
        }
        case DataType::kBf16: {
            uint16_t h;
            std::memcpy(&h, base + idx * 2, 2);
            return Bf16BitsToFloat(h);
        }
        default: {
            float f;
            std::memcpy(&f, base + idx * 4, 4);
            return f;
        }
    }
}

void StoreElem(DataType t, uint8_t* base, int64_t idx, float v) {
    if (t == DataType::kFloat) {
        std::memcpy(base + idx * 4, &v, 4);
        return;
    }
    uint16_t h = t == DataType::kBf16 ? FloatToBf16Bits(v) : FloatToHalfBits(v);
    std::memcpy(base + idx * 2, &h, 2);
}

int64_t Pad(int64_t v) { return static_cast<int64_t>(ascendc_sim::AlignUp(v, kFractal)); }

// A(i, k) and B(k, j) of the single-core block as dense FP32 panels (the values the cube sees).
void LoadPanels(const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn, std::vector<float>& a,
                std::vector<float>& b) {
    int64_t k = job.singleK;
    a.resize(bm * k);
    b.resize(k * bn);
    for (int64_t i = 0; i < bm; ++i) {
        for (int64_t kk = 0; kk < k; ++kk) {
            int64_t idx = job.transA ? kk * job.orgM + (m0 + i) : (m0 + i) * job.orgKa + kk;
            a[i * k + kk] = LoadElem(job.a, job.aGm, idx);
        }
    }
    for (int64_t kk = 0; kk < k; ++kk) {
        for (int64_t j = 0; j < bn; ++j) {
            int64_t idx = job.transB ? (n0 + j) * job.orgKb + kk : kk * job.orgN + (n0 + j);
            b[kk * bn + j] = LoadElem(job.b, job.bGm, idx);
        }
    }
}

// The Matmul API's own cube side: the cube gets no compiler auto-sync (核内同步/关键特性说明), so the API orders its
// pipes itself - each stage waits for the stage that produced its input, and refills a buffer only after the stage
// that read it (SetFlag + WaitFlag on the AIC; the user's code never runs on an AIC serving Matmul requests).
void Handoff(CoreContext& aic, AscendC::HardEvent e) {
    NoteSetFlag(aic, "Matmul", static_cast<int>(e), 0);
    NoteWaitFlag(aic, "Matmul", static_cast<int>(e), 0);
}

// One base block's L1 / L0A / L0B / L0C traffic on MTE2, MTE1 and M, each buffer from its start (capped at its size).
void NoteBlockPipes(CoreContext& aic, const CubeJob& job, int64_t bm, int64_t bn) {
    using AscendC::HardEvent;
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(Soc(aic).version);
    if (cube == nullptr) return;
    uint64_t sa = ascendc_sim::DataTypeSize(job.a), sb = ascendc_sim::DataTypeSize(job.b);
    int64_t k = std::min<int64_t>(Pad(job.singleK), Pad(job.tiling.baseK));
    uint64_t l0a = std::min<uint64_t>(uint64_t(Pad(bm)) * k * sa, cube->l0aBytes);
    uint64_t l0b = std::min<uint64_t>(uint64_t(Pad(bn)) * k * sb, cube->l0bBytes);
    uint64_t l1 = std::min<uint64_t>(l0a + l0b, cube->l1Bytes);
    uint64_t l0c = std::min<uint64_t>(uint64_t(Pad(bm)) * Pad(bn) * 4, cube->l0cBytes);
    Handoff(aic, HardEvent::MTE1_MTE2);
    NoteCubeAccess(aic, "Matmul (MTE2: GM -> L1)", Pipe::kMte2, CubeBuffer::kL1, 0, l1, true);
    Handoff(aic, HardEvent::MTE2_MTE1);
    Handoff(aic, HardEvent::M_MTE1);
    NoteCubeAccess(aic, "Matmul (MTE1: L1 -> L0A/L0B)", Pipe::kMte1, CubeBuffer::kL1, 0, l1, false);
    NoteCubeAccess(aic, "Matmul (MTE1: L1 -> L0A/L0B)", Pipe::kMte1, CubeBuffer::kL0A, 0, l0a, true);
    NoteCubeAccess(aic, "Matmul (MTE1: L1 -> L0A/L0B)", Pipe::kMte1, CubeBuffer::kL0B, 0, l0b, true);
    Handoff(aic, HardEvent::MTE1_M);
    Handoff(aic, HardEvent::FIX_M);
    NoteCubeAccess(aic, "Matmul (M: Mmad)", Pipe::kM, CubeBuffer::kL0A, 0, l0a, false);
    NoteCubeAccess(aic, "Matmul (M: Mmad)", Pipe::kM, CubeBuffer::kL0B, 0, l0b, false);
    NoteCubeAccess(aic, "Matmul (M: Mmad)", Pipe::kM, CubeBuffer::kL0C, 0, l0c, true);
}

void NoteFixPipe(CoreContext& aic, int64_t bm, int64_t bn) {
    Handoff(aic, AscendC::HardEvent::M_FIX);
    NoteCubeAccess(aic, "Matmul (FIX: L0C out)", Pipe::kFix, CubeBuffer::kL0C, 0, uint64_t(Pad(bm)) * Pad(bn) * 4,
                   false);
}

// The GM rectangles of the block's A (bm x K) and B (K x bn) panels, as stored (ND, transposed or not).
void NotePanels(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn, bool loadA,
                bool loadB) {
    const uint64_t sa = ascendc_sim::DataTypeSize(job.a), sb = ascendc_sim::DataTypeSize(job.b);
    const uint64_t k = job.singleK;
    if (loadA) {
        if (job.transA) {  // stored [K, M]: K rows of bm elements
            NoteCubeRead(aic, job.aGm + m0 * sa, k, bm * sa, uint64_t(job.orgM) * sa);
        } else {
            NoteCubeRead(aic, job.aGm + uint64_t(m0) * job.orgKa * sa, bm, k * sa, uint64_t(job.orgKa) * sa);
        }
    }
    if (loadB) {
        if (job.transB) {  // stored [N, K]: bn rows of K elements
            NoteCubeRead(aic, job.bGm + uint64_t(n0) * job.orgKb * sb, bn, k * sb, uint64_t(job.orgKb) * sb);
        } else {
            NoteCubeRead(aic, job.bGm + n0 * sb, k, bn * sb, uint64_t(job.orgN) * sb);
        }
    }
}

void CountBlock(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn, bool loadA,
                bool loadB) {
    const ascendc_sim::CubeTiling& t = job.tiling;
    uint64_t sa = ascendc_sim::DataTypeSize(job.a), sb = ascendc_sim::DataTypeSize(job.b);
    uint64_t macs = uint64_t(Pad(bm)) * Pad(bn) * Pad(job.singleK);
    (job.a == DataType::kFloat ? aic.cost.cubeMacs32 : aic.cost.cubeMacs) += macs;
    uint64_t aBytes = uint64_t(bm) * job.singleK * sa, bBytes = uint64_t(bn) * job.singleK * sb;
    aic.cost.gmToL1Bytes += (loadA ? aBytes : 0) + (loadB ? bBytes : 0);
    NotePanels(aic, job, m0, n0, bm, bn, loadA, loadB);
    aic.cost.l1ToL0aBytes += uint64_t(Pad(bm)) * Pad(job.singleK) * sa;
    aic.cost.l1ToL0bBytes += uint64_t(Pad(bn)) * Pad(job.singleK) * sb;
    aic.cost.cubeDoubleBuffered = t.dbL0A == 2 && t.dbL0B == 2;
}

// c[bm x bn] += a[bm x k] * b[k x bn] in FP32 (products of half/bfloat16 values are exact in FP32), each element
// summed over k in order, a multiply then an add, as a plain loop would (bit for bit the same sums): tiles of 4 rows
// x 16 columns keep their sums in registers over the whole k, so the panels are loaded once per tile, not once per
// product. On x86-64 the tile also has an AVX build, picked at load time where the CPU has AVX (no FMA: it would
// round differently).
using Lanes8 = float __attribute__((vector_size(32)));
constexpr int64_t kTileRows = 4, kTileCols = 16;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ASCENDC_SIM_TILE_CLONES __attribute__((target_clones("avx", "default")))
#else
#define ASCENDC_SIM_TILE_CLONES
#endif

ASCENDC_SIM_TILE_CLONES void MultiplyTile(const float* a, const float* b, float* c, int64_t bn, int64_t k) {
    Lanes8 acc[kTileRows][2];
    for (int64_t r = 0; r < kTileRows; ++r) {
        std::memcpy(&acc[r][0], c + r * bn, sizeof(Lanes8));
        std::memcpy(&acc[r][1], c + r * bn + 8, sizeof(Lanes8));
    }
    for (int64_t kk = 0; kk < k; ++kk) {
        Lanes8 b0, b1;
        std::memcpy(&b0, b + kk * bn, sizeof(Lanes8));
        std::memcpy(&b1, b + kk * bn + 8, sizeof(Lanes8));
        for (int64_t r = 0; r < kTileRows; ++r) {
            const float av = a[r * k + kk];
            const Lanes8 ar = {av, av, av, av, av, av, av, av};
            acc[r][0] += ar * b0;
            acc[r][1] += ar * b1;
        }
    }
    for (int64_t r = 0; r < kTileRows; ++r) {
        std::memcpy(c + r * bn, &acc[r][0], sizeof(Lanes8));
        std::memcpy(c + r * bn + 8, &acc[r][1], sizeof(Lanes8));
    }
}

void MultiplyPanels(const float* a, const float* b, float* c, int64_t bm, int64_t bn, int64_t k) {
    const int64_t tileRows = bm / kTileRows * kTileRows, tileCols = bn / kTileCols * kTileCols;
    for (int64_t i = 0; i < tileRows; i += kTileRows) {
        for (int64_t j = 0; j < tileCols; j += kTileCols) MultiplyTile(a + i * k, b + j, c + i * bn + j, bn, k);
    }
    for (int64_t i = 0; i < bm; ++i) {  // the edges: rows below the last tile, columns right of it
        float* row = c + i * bn;
        const int64_t from = i < tileRows ? tileCols : 0;
        for (int64_t kk = 0; kk < k; ++kk) {
            const float av = a[i * k + kk];
            const float* brow = b + kk * bn;
            for (int64_t j = from; j < bn; ++j) row[j] += av * brow[j];
        }
    }
}

}  // namespace

void CubeComputeBlock(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn,
                      std::vector<float>& l0c, bool loadA, bool loadB) {
    CountBlock(aic, job, m0, n0, bm, bn, loadA, loadB);
    NoteBlockPipes(aic, job, bm, bn);
    thread_local std::vector<float> a, b;
    LoadPanels(job, m0, n0, bm, bn, a, b);
    l0c.assign(bm * bn, 0.0f);
    if (job.biasGm != nullptr) {  // bias initialises L0C from the BiasTable
        for (int64_t i = 0; i < bm; ++i) {
            for (int64_t j = 0; j < bn; ++j) l0c[i * bn + j] = LoadElem(job.bias, job.biasGm, n0 + j);
        }
    }
    MultiplyPanels(a.data(), b.data(), l0c.data(), bm, bn, job.singleK);
}

void CubeFixToGm(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t m0, int64_t n0,
                 int64_t bm, int64_t bn) {
    NoteFixPipe(aic, bm, bn);
    std::unique_lock<std::mutex> lock(AtomicMutex(), std::defer_lock);
    if (job.atomic) lock.lock();
    const int64_t ld = job.cLd > 0 ? job.cLd : job.orgN;
    const int64_t pad = n0 + bn == job.singleN && !job.atomic ? job.cPad : 0;
    for (int64_t i = 0; i < bm; ++i) {
        for (int64_t j = 0; j < bn; ++j) {
            int64_t idx = (m0 + i) * ld + (n0 + j);
            float v = l0c[i * bn + j];
            if (job.atomic) v += LoadElem(job.c, job.cGm, idx);  // atomic add in the output type's precision
            StoreElem(job.c, job.cGm, idx, v);
        }
        for (int64_t j = bn; j < bn + pad; ++j) StoreElem(job.c, job.cGm, (m0 + i) * ld + n0 + j, 0.0f);
    }
    aic.cost.l0cToGmBytes += uint64_t(bm) * bn * ascendc_sim::DataTypeSize(job.c);
}

void CubeFixToUb(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t bm, int64_t bn,
                 uint8_t* ub, int64_t ld) {
    NoteFixPipe(aic, bm, bn);
    for (int64_t i = 0; i < bm; ++i) {
        for (int64_t j = 0; j < bn; ++j) StoreElem(job.c, ub, i * ld + j, l0c[i * bn + j]);
    }
    aic.cost.l0cToGmBytes += uint64_t(bm) * bn * ascendc_sim::DataTypeSize(job.c);
}

int64_t CubeBlockCount(const CubeJob& job) {
    return static_cast<int64_t>(ascendc_sim::CeilDiv(job.singleM, job.tiling.baseM) *
                                ascendc_sim::CeilDiv(job.singleN, job.tiling.baseN));
}

// iterateOrder 0: M moves first (then N); 1: N first (docs, TCubeTiling.iterateOrder).
void CubeBlockOrigin(const CubeJob& job, int64_t i, int64_t& m0, int64_t& n0) {
    auto mBlocks = static_cast<int64_t>(ascendc_sim::CeilDiv(job.singleM, job.tiling.baseM));
    auto nBlocks = static_cast<int64_t>(ascendc_sim::CeilDiv(job.singleN, job.tiling.baseN));
    int64_t mi = job.tiling.iterateOrder == 0 ? i % mBlocks : i / nBlocks;
    int64_t ni = job.tiling.iterateOrder == 0 ? i / mBlocks : i % nBlocks;
    m0 = mi * job.tiling.baseM;
    n0 = ni * job.tiling.baseN;
}

void CubeResidency::Loads(const CubeJob& job, int64_t m0, int64_t n0, bool& loadA, bool& loadB) {
    const ascendc_sim::CubeTiling& t = job.tiling;
    const bool aResident = t.iterateOrder == 1 && int64_t{t.stepKa} * t.baseK >= job.singleK;
    const bool bResident = t.iterateOrder == 0 && int64_t{t.stepKb} * t.baseK >= job.singleK;
    loadA = !aResident || m0 != lastM_;
    loadB = !bResident || n0 != lastN_;
    lastM_ = m0;
    lastN_ = n0;
}

void CubeIterateAll(CoreContext& aic, const CubeJob& job) {
    std::vector<float> l0c;
    CubeResidency l1;
    for (int64_t i = 0; i < CubeBlockCount(job); ++i) {
        int64_t m0, n0;
        CubeBlockOrigin(job, i, m0, n0);
        int64_t bm = std::min<int64_t>(job.tiling.baseM, job.singleM - m0);
        int64_t bn = std::min<int64_t>(job.tiling.baseN, job.singleN - n0);
        bool loadA, loadB;
        l1.Loads(job, m0, n0, loadA, loadB);
        CubeComputeBlock(aic, job, m0, n0, bm, bn, l0c, loadA, loadB);
        CubeFixToGm(aic, job, l0c, m0, n0, bm, bn);
    }
}

}  // namespace ascendc_sim
