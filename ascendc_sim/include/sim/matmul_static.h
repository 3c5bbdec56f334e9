// Constant Matmul tiling on the twin (GetMatmulApiTiling.md, Matmul模板参数.md): GetMatmulApiTiling, and the
// constants a Matmul template argument (a MatmulConfig or a MatmulApiStaticTiling) fixes, with the checks of them.
#pragma once
#include <cstdint>

#include "ascendc_sim/platform/matmul_tiling.h"
#include "sim/matmul_config.h"

namespace AscendC {

inline constexpr int32_t kMatmulL1Size = 512 * 1024;  // Impl::L1_SIZE of A2/A3 (GetMatmulApiTiling.md example)

// The shapes of the MatmulConfig as constants; the other fields stay -1 until the kernel sets them (its depthA1,
// stepKa, ... then replace what the twin's tiling would choose).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = kMatmulL1Size) {
    auto constant = [](uint32_t v) { return v == 0 ? -1 : static_cast<int32_t>(v); };
    MatmulApiStaticTiling t;
    t.cfg = mmCFG;
    t.simL1Size = l1Size;
    t.singleCoreM = t.M = constant(mmCFG.singleCoreM);
    t.singleCoreN = t.N = constant(mmCFG.singleCoreN);
    t.singleCoreK = t.Ka = t.Kb = constant(mmCFG.singleCoreK);
    t.baseM = constant(mmCFG.basicM), t.baseN = constant(mmCFG.basicN), t.baseK = constant(mmCFG.basicK);
    t.isBias = mmCFG.enableSetBias ? 1 : 0;  // asc-devkit constant_tiling.h: the bias follows enableSetBias
    return t;
}

}  // namespace AscendC

namespace ascendc_sim {

// The TCubeTiling fields a template argument fixes; -1: not constant.
struct MatmulConstants {
    bool apiTiling = false;  // from GetMatmulApiTiling (may replace the runtime tiling when full)
    int32_t singleM = -1, singleN = -1, singleK = -1, baseM = -1, baseN = -1, baseK = -1;
    int32_t depthA1 = -1, depthB1 = -1, stepM = -1, stepN = -1, stepKa = -1, stepKb = -1;
    int32_t iterateOrder = -1, dbL0A = -1, dbL0B = -1, dbL0C = -1, isBias = -1;
    int32_t l1Size = 0;
    MatmulConfig cfg = CFG_NORM;
};
constexpr MatmulConstants ConstantsOf(const MatmulConfig& c) {
    auto constant = [](uint32_t v) { return v == 0 ? -1 : static_cast<int32_t>(v); };
    MatmulConstants k;
    k.singleM = constant(c.singleCoreM), k.singleN = constant(c.singleCoreN), k.singleK = constant(c.singleCoreK);
    k.baseM = constant(c.basicM), k.baseN = constant(c.basicN), k.baseK = constant(c.basicK);
    k.stepM = constant(c.stepM), k.stepN = constant(c.stepN);
    k.cfg = c;
    return k;
}
constexpr MatmulConstants ConstantsOf(const MatmulApiStaticTiling& t) {
    MatmulConstants k;
    k.apiTiling = true;
    k.singleM = t.singleCoreM, k.singleN = t.singleCoreN, k.singleK = t.singleCoreK;
    k.baseM = t.baseM, k.baseN = t.baseN, k.baseK = t.baseK;
    k.depthA1 = t.depthA1, k.depthB1 = t.depthB1, k.stepM = t.stepM, k.stepN = t.stepN;
    k.stepKa = t.stepKa, k.stepKb = t.stepKb, k.iterateOrder = t.iterateOrder;
    k.dbL0A = t.dbL0A, k.dbL0B = t.dbL0B, k.dbL0C = t.dbL0C, k.isBias = t.isBias;
    k.l1Size = t.simL1Size;
    k.cfg = t.cfg;
    return k;
}

// A runtime tiling against the template's constants (they must be equal, GetMatmulApiTiling.md 约束说明).
void CheckConstantTiling(const char* api, const CubeTiling& t, const MatmulConstants& k);
// The tiling of a nullptr REGIST_MATMUL_OBJ argument: only a full GetMatmulApiTiling constant allows it; the fields
// it leaves open come from the host tiling of its shapes.
CubeTiling StaticCubeTiling(const char* api, const MatmulConstants& k, const MatmulTypes& types);
// The MatmulConfig fields whose effect the twin does not model, refused by name (src/matmul_options.cpp).
void CheckMatmulOptions(const char* api, const MatmulConfig& c, bool cubeOnly);

}  // namespace ascendc_sim
