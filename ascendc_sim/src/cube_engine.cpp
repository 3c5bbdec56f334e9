#include "sim/cube_engine.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/platform/int_math.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "sim/atomic.h"
#include "sim/events.h"
#include "sim/matmul_gemm.h"
#include "sim/types.h"

namespace ascendc_sim {
namespace {

using ascendc_sim::DataType;
constexpr int64_t kFractal = 16;  // the cube multiplies 16x16x16 fractals (Mmad data formats)

template <typename T>
T Load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

// f(Src{}, read): the GM element type of `t` as the cube sees it, `read(pointer)` its value as FP32 (bf16 -> f32 is
// the bits shifted up; half converts exactly). Float16 and Bf16 are 2 bytes; every other type is read as FP32.
template <typename F>
decltype(auto) WithReader(DataType t, F&& f) {
    switch (t) {
        case DataType::kFloat16:
            return f(uint16_t{}, [](const uint8_t* p) { return HalfBitsToFloat(Load<uint16_t>(p)); });
        case DataType::kBf16:
            return f(uint16_t{}, [](const uint8_t* p) { return Bf16BitsToFloat(Load<uint16_t>(p)); });
        default:
            return f(float{}, [](const uint8_t* p) { return Load<float>(p); });
    }
}

// f(Dst{}, write): C's element type as FIX writes it, `write(pointer, value)` rounding FP32 to nearest even.
template <typename F>
decltype(auto) WithWriter(DataType t, F&& f) {
    switch (t) {
        case DataType::kFloat:
            return f(float{}, [](uint8_t* p, float v) { std::memcpy(p, &v, 4); });
        case DataType::kBf16:
            return f(uint16_t{}, [](uint8_t* p, float v) {
                const uint16_t h = FloatToBf16Bits(v);
                std::memcpy(p, &h, 2);
            });
        default:
            return f(uint16_t{}, [](uint8_t* p, float v) {
                const uint16_t h = FloatToHalfBits(v);
                std::memcpy(p, &h, 2);
            });
    }
}

int64_t Pad(int64_t v) { return static_cast<int64_t>(ascendc_sim::AlignUp(v, kFractal)); }

// A(i, k) (bm x K) and B(k, j) (K x bn) of the single-core block as FP32 panels (the values the cube sees), packed
// for GemmAccumulate. A panel packed for the previous block of this job (the same rows of A, or columns of B) is kept
// when GM cannot have changed in between: inside one IterateAll, or where the tiling keeps the panel in L1.
struct PackedPanels {
    GemmOperands<float> operands;
    const CubeJob* aJob = nullptr;
    const CubeJob* bJob = nullptr;
    const uint8_t* aGm = nullptr;
    const uint8_t* bGm = nullptr;
    int64_t aFrom = -1, bFrom = -1;
    std::vector<float> bias;  // the block's bias row as FP32
};

void LoadPanels(const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn, bool mayKeepA, bool mayKeepB,
                PackedPanels& panels) {
    const int64_t k = job.singleK;
    GemmOperands<float>& o = panels.operands;
    const bool sameK = o.k == k;
    if (!(mayKeepA && sameK && panels.aJob == &job && panels.aGm == job.aGm && panels.aFrom == m0 && o.m == bm)) {
        WithReader(job.a, [&](auto src, auto read) {
            const int64_t size = sizeof(src);
            if (job.transA) {  // stored [K, M]
                o.PackA<decltype(src)>(bm, k, job.aGm + m0 * size, 1, job.orgM, read);
            } else {
                o.PackA<decltype(src)>(bm, k, job.aGm + m0 * job.orgKa * size, job.orgKa, 1, read);
            }
        });
        panels.aJob = &job;
        panels.aGm = job.aGm;
        panels.aFrom = m0;
        if (!sameK) panels.bJob = nullptr;  // B's panel was packed for another depth
    }
    if (!(mayKeepB && panels.bJob == &job && panels.bGm == job.bGm && panels.bFrom == n0 && o.n == bn)) {
        WithReader(job.b, [&](auto src, auto read) {
            const int64_t size = sizeof(src);
            if (job.transB) {  // stored [N, K]
                o.PackB<decltype(src)>(bn, k, job.bGm + n0 * job.orgKb * size, job.orgKb, 1, read);
            } else {
                o.PackB<decltype(src)>(bn, k, job.bGm + n0 * size, 1, job.orgN, read);
            }
        });
        panels.bJob = &job;
        panels.bGm = job.bGm;
        panels.bFrom = n0;
    }
}

// Columns [n0, n0 + bn) of the bias as FP32 (the BiasTable's values), or nullptr without a bias.
const float* LoadBias(const CubeJob& job, int64_t n0, int64_t bn, std::vector<float>& row) {
    if (job.biasGm == nullptr) return nullptr;
    row.resize(bn);
    WithReader(job.bias, [&](auto src, auto read) {
        const uint8_t* from = job.biasGm + n0 * int64_t{sizeof(src)};
        for (int64_t j = 0; j < bn; ++j) row[j] = read(from + j * int64_t{sizeof(src)});
    });
    return row.data();
}

// bm rows of bn FP32 values (row stride bn) into C's type at element `at` of `to` (row stride ld elements);
// `atomic`: added to the values there, in C's precision; `pad` zero elements after each row.
void FixRows(DataType c, const float* l0c, int64_t bm, int64_t bn, uint8_t* to, int64_t at, int64_t ld, bool atomic,
             int64_t pad) {
    WithWriter(c, [&](auto dst, auto write) {
        using Dst = decltype(dst);
        const int64_t size = sizeof(Dst);
        for (int64_t i = 0; i < bm; ++i) {
            const float* from = l0c + i * bn;
            uint8_t* row = to + (at + i * ld) * size;
            if (atomic) {
                WithReader(c, [&](auto, auto read) {
                    for (int64_t j = 0; j < bn; ++j) write(row + j * size, from[j] + read(row + j * size));
                });
            } else if constexpr (std::is_same_v<Dst, float>) {
                std::memcpy(row, from, bn * size);
            } else {
                for (int64_t j = 0; j < bn; ++j) write(row + j * size, from[j]);
            }
            std::memset(row + bn * size, 0, pad * size);  // 0.0 is all-zero bits in every C type
        }
    });
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

// The block's product into l0c; `oneCall`: panels kept from the previous block of this IterateAll.
void ComputeBlockWith(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn,
                      std::vector<float>& l0c, bool loadA, bool loadB, PackedPanels& panels, bool oneCall) {
    CountBlock(aic, job, m0, n0, bm, bn, loadA, loadB);
    NoteBlockPipes(aic, job, bm, bn);
    LoadPanels(job, m0, n0, bm, bn, oneCall || !loadA, oneCall || !loadB, panels);
    if (l0c.size() < std::size_t(bm * bn)) l0c.resize(bm * bn);  // every element below is written
    // L0C starts from the BiasTable (bias) or zero; FP32 accumulation, products of half/bfloat16 values exact in FP32.
    GemmAssign(panels.operands, LoadBias(job, n0, bn, panels.bias), l0c.data(), bn);
}

}  // namespace

void CubeComputeBlock(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn,
                      std::vector<float>& l0c, bool loadA, bool loadB) {
    thread_local PackedPanels panels;
    ComputeBlockWith(aic, job, m0, n0, bm, bn, l0c, loadA, loadB, panels, false);
}

void CubeFixToGm(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t m0, int64_t n0,
                 int64_t bm, int64_t bn) {
    NoteFixPipe(aic, bm, bn);
    std::unique_lock<std::mutex> lock(AtomicMutex(), std::defer_lock);
    if (job.atomic) lock.lock();
    const int64_t ld = job.cLd > 0 ? job.cLd : job.orgN;
    const int64_t pad = n0 + bn == job.singleN && !job.atomic ? job.cPad : 0;
    FixRows(job.c, l0c.data(), bm, bn, job.cGm, m0 * ld + n0, ld, job.atomic != 0, pad);
    aic.cost.l0cToGmBytes += uint64_t(bm) * bn * ascendc_sim::DataTypeSize(job.c);
}

void CubeFixToUb(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t bm, int64_t bn,
                 uint8_t* ub, int64_t ld) {
    NoteFixPipe(aic, bm, bn);
    FixRows(job.c, l0c.data(), bm, bn, ub, 0, ld, false, 0);
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
    // The buffers stay with the thread (no allocation and zero fill per call); the panels are packed afresh, as GM
    // may have changed since the last call.
    thread_local std::vector<float> l0c;
    thread_local PackedPanels panels;
    panels.aJob = panels.bJob = nullptr;
    CubeResidency l1;
    for (int64_t i = 0; i < CubeBlockCount(job); ++i) {
        int64_t m0, n0;
        CubeBlockOrigin(job, i, m0, n0);
        int64_t bm = std::min<int64_t>(job.tiling.baseM, job.singleM - m0);
        int64_t bn = std::min<int64_t>(job.tiling.baseN, job.singleN - n0);
        bool loadA, loadB;
        l1.Loads(job, m0, n0, loadA, loadB);
        ComputeBlockWith(aic, job, m0, n0, bm, bn, l0c, loadA, loadB, panels, true);
        CubeFixToGm(aic, job, l0c, m0, n0, bm, bn);
    }
}

}  // namespace ascendc_sim
