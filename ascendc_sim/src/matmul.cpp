#include "sim/matmul.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kMaxMatmulObjects = 4;  // docs, REGIST_MATMUL_OBJ

const void*& ActiveMatmul() { return Core().activeMatmul; }

}  // namespace

void CheckMatmulRegistered(const char* api, bool registered) {
    if (!registered) Fail(api, "Matmul object used before REGIST_MATMUL_OBJ");
}

void CheckMatmulTiling(const char* api, const ascendc_sim::CubeTiling& t, const ascendc_sim::MatmulTypes& types) {
    CoreContext& c = Core();
    const ascendc_sim::SocInfo& soc = Soc(c);
    std::string why = ascendc_sim::CheckMatmulTypes(types, soc);
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(soc.version);
    // usedCoreNum counts the cores that drive a Matmul: the AIVs of a MIX launch (docs, SetDim).
    uint32_t maxCores = c.launch->cfg.platform.coreNum;
    if (why.empty()) why = ascendc_sim::CheckCubeTiling(t, types, *cube, maxCores);
    if (!why.empty()) Fail(api, why);
}

void CheckConstantTiling(const char* api, const ascendc_sim::CubeTiling& t, const MatmulConstants& k) {
    struct Pair {
        const char* name;
        int32_t tiling, constant;
    };
    const Pair pairs[] = {{"singleCoreM", t.singleCoreM, k.singleM},
                          {"singleCoreN", t.singleCoreN, k.singleN},
                          {"singleCoreK", t.singleCoreK, k.singleK},
                          {"baseM", t.baseM, k.baseM},
                          {"baseN", t.baseN, k.baseN},
                          {"baseK", t.baseK, k.baseK}};
    for (const Pair& p : pairs) {
        if (p.constant >= 0 && p.tiling != p.constant) {
            Fail(api, Str("TCubeTiling.", p.name, " = ", p.tiling, " differs from the constant ", p.constant,
                          " of the Matmul template (GetMatmulApiTiling: the constants must equal the tiling)"));
        }
    }
}

ascendc_sim::CubeTiling StaticCubeTiling(const char* api, const MatmulConstants& k,
                                         const ascendc_sim::MatmulTypes& types) {
    bool full = k.singleM > 0 && k.singleN > 0 && k.singleK > 0 && k.baseM > 0 && k.baseN > 0 && k.baseK > 0;
    if (!k.apiTiling || !full) {
        Fail(api,
             "tiling is null: only a full constant tiling (GetMatmulApiTiling of a MatmulConfig with single-core "
             "and base shapes) may stand in for it (GetMatmulApiTiling.md)");
    }
    const ascendc_sim::Platform& platform = Core().launch->cfg.platform;
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(platform.soc->version);
    if (cube == nullptr || !cube->separated)
        Fail(api, Str("GetMatmulApiTiling is not supported on ", Soc(Core()).name));
    ascendc_sim::MultiCoreMatmulTiling host(platform);
    host.SetAType(types.a, types.transA);
    host.SetBType(types.b, types.transB);
    host.SetCType(types.c);
    host.SetBiasType(types.bias);
    host.SetDim(1);
    host.SetShape(k.singleM, k.singleN, k.singleK);
    host.SetOrgShape(k.singleM, k.singleN, k.singleK);
    host.SetBufferSpace(k.l1Size);
    host.SetFixSplit(k.baseM, k.baseN);
    ascendc_sim::CubeTiling t{};
    if (host.GetTiling(t) != 0) Fail(api, Str("constant tiling: ", host.LastError()));
    return t;
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
