#include "sim/matmul.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kMaxMatmulObjects = 4;  // docs, REGIST_MATMUL_OBJ

const void*& ActiveMatmul() { return Core().activeMatmul; }

}  // namespace

void CheckMatmulRegistered(const char* api, bool registered) {
    if (!registered) Fail(api, "Matmul object used before REGIST_MATMUL_OBJ");
}

void CheckMatmulTiling(const char* api, const ascendc_sim::CubeTiling& t, const ascendc_sim::MatmulTypes& types,
                       bool cubeOnly) {
    CoreContext& c = Core();
    const ascendc_sim::SocInfo& soc = Soc(c);
    std::string why = ascendc_sim::CheckMatmulTypes(types, soc);
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(soc.version);
    // usedCoreNum counts the cores that drive a Matmul (docs, SetDim): the AIVs of a MIX launch, the AICs in pure
    // Cube mode (best practice 纯Cube模式: the tiling splits over the 24 AICs of a 24-AIC / 48-AIV A2).
    uint32_t maxCores = c.launch->cfg.platform.coreNum / (cubeOnly ? cube->aivPerAic : 1);
    if (why.empty()) why = ascendc_sim::CheckCubeTiling(t, types, *cube, maxCores);
    if (!why.empty()) Fail(api, why);
}

void CheckCubeOnlyLaunch(const char* api) {
    const LaunchConfig& cfg = Core().launch->cfg;
    if (!cfg.aicOnly && cfg.aivPerAic == 0) {
        Fail(api,
             "ASCENDC_CUBE_ONLY: the Matmul runs on the AIC, and this vector launch has none (a __cube__ or MIX "
             "kernel is needed)");
    }
}

void CheckMixMatmulLaunch(const char* api) {
    if (Core().launch->cfg.aicOnly) {
        Fail(api,
             "a __cube__ (AIC-only) kernel runs the Matmul in pure Cube mode: define ASCENDC_CUBE_ONLY before "
             "lib/matmul_intf.h (Matmul usage docs)");
    }
}

void CheckMatmulCore(const char* api, bool cubeOnly) {
    CoreContext& c = Core();
    if (cubeOnly) {
        CheckCubeOnlyLaunch(api);
        if (!c.isAic) {
            Fail(api,
                 "called on an AIV: with ASCENDC_CUBE_ONLY the Matmul runs on the AIC (keep the vector code "
                 "apart with ASCEND_IS_AIV, Matmul usage docs)");
        }
        return;
    }
    CheckMixMatmulLaunch(api);
    if (c.isAic) Fail(api, "called on the AIC: in MIX mode Matmul calls run on the AIV (docs REGIST_MATMUL_OBJ)");
}

// 矩阵向量乘 (GEMV), 约束说明: the original M is 1, A is not transposed, and A's GM data is 16-byte aligned.
void CheckGemvA(const char* api, const void* gm, bool transposed) {
    if (transposed) Fail(api, "A in CubeFormat::VECTOR (GEMV) cannot be transposed (矩阵向量乘, 约束说明)");
    if (reinterpret_cast<uintptr_t>(gm) % 16 != 0) {
        Fail(api, "A in CubeFormat::VECTOR (GEMV) needs a 16-byte aligned GM address (矩阵向量乘, 约束说明)");
    }
}

std::string GemvShapeRule(int64_t orgM) {
    return Str("A in CubeFormat::VECTOR (GEMV) needs the original M to be 1, not ", orgM, " (矩阵向量乘, 约束说明)");
}

void BeginMatmulCompute(const char* api, const void* object) {
    const void*& active = ActiveMatmul();
    if (active != nullptr && active != object) {
        Fail(api, "another Matmul object computed without End(): call End() before switching objects (docs, End)");
    }
    active = object;
}

void EndMatmul(const void* object) {
    if (ActiveMatmul() == object) ActiveMatmul() = nullptr;
}

uint32_t NextMatmulIndex(const char* api) {
    CoreContext& c = Core();
    // Docs (REGIST_MATMUL_OBJ): in the separated mode it must come before InitBuffer; at most 4 objects.
    if (c.ubUsed != 0) Fail(api, Str("called after TPipe::InitBuffer (", c.ubUsed, " UB bytes already carved)"));
    uint32_t& n = RegisteredMatmulObjects();
    if (n >= kMaxMatmulObjects) Fail(api, Str("more than ", kMaxMatmulObjects, " Matmul objects"));
    return n++;
}

}  // namespace ascendc_sim
