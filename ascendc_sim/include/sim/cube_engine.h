// The cube unit of one AIC on the twin: base-block matrix products with FP32 accumulation in L0C, the FIX
// conversion to the C type on the way out, and the cost counters of MTE2 (GM->L1), MTE1 (L1->L0), M and FIX.
#pragma once
#include <cstdint>
#include <vector>

#include "ascendc_sim/platform/cube_tiling.h"
#include "ascendc_sim/platform/dtype.h"
#include "sim/context.h"

namespace ascendc_sim {

// One Matmul computation as the AIV hands it to the AIC: operands in GM (ND), shapes, tiling.
struct CubeJob {
    ascendc_sim::DataType a, b, c, bias;
    const uint8_t* aGm = nullptr;
    const uint8_t* bGm = nullptr;
    const uint8_t* biasGm = nullptr;  // nullptr: no bias
    uint8_t* cGm = nullptr;
    bool transA = false, transB = false;
    uint8_t atomic = 0;                                // 0 none, 1 add (IterateAll/GetTensorC enAtomic)
    int64_t orgM = 0, orgN = 0, orgKa = 0, orgKb = 0;  // leading dimensions of A, B and C
    int64_t singleM = 0, singleN = 0, singleK = 0;
    int64_t cLd = 0;   // C's row stride in elements (0: orgN)
    int64_t cPad = 0;  // zero columns after the single-core block's last one (C in ND_ALIGN)
    ascendc_sim::CubeTiling tiling{};
};

// Which K panels a base block must bring into L1. A panel that L1 holds whole (stepK x baseK >= singleK, TCubeTiling
// docs: "K方向全载") stays while the blocks move along the other axis: B across the M blocks of one N column (M
// first), A across the N blocks of one M row (N first).
class CubeResidency {
public:
    void Loads(const CubeJob& job, int64_t m0, int64_t n0, bool& loadA, bool& loadB);
    void Reset() { lastM_ = lastN_ = -1; }

private:
    int64_t lastM_ = -1, lastN_ = -1;
};

// Base block (m0, n0) of size bm x bn of the single-core product into l0c (row-major bm x bn, FP32), bias
// included; loadA / loadB false when that panel is still in L1 (cost only).
void CubeComputeBlock(CoreContext& aic, const CubeJob& job, int64_t m0, int64_t n0, int64_t bm, int64_t bn,
                      std::vector<float>& l0c, bool loadA = true, bool loadB = true);
// FIX: the block to GM at C's (m0, n0), converted to C's type (round to nearest even), atomically added if asked.
void CubeFixToGm(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t m0, int64_t n0,
                 int64_t bm, int64_t bn);
// FIX to a UB (VECIN) tensor: bm rows of bn values, row stride `ld` elements.
void CubeFixToUb(CoreContext& aic, const CubeJob& job, const std::vector<float>& l0c, int64_t bm, int64_t bn,
                 uint8_t* ub, int64_t ld);
// IterateAll: every base block of the single-core product in the tiling's iterateOrder, written to C.
void CubeIterateAll(CoreContext& aic, const CubeJob& job);
// Base blocks along M and N; block index `i` in iterateOrder -> its (m0, n0).
int64_t CubeBlockCount(const CubeJob& job);
void CubeBlockOrigin(const CubeJob& job, int64_t i, int64_t& m0, int64_t& n0);

}  // namespace ascendc_sim
