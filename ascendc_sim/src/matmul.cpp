#include "sim/matmul.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kMaxMatmulObjects = 4;  // docs, REGIST_MATMUL_OBJ

const void*& ActiveMatmul() {
    thread_local const void* active = nullptr;  // one thread per core and launch
    return active;
}

}  // namespace

void CheckMatmulRegistered(const char* api, bool registered) {
    if (!registered) Fail(api, "Matmul object used before REGIST_MATMUL_OBJ");
}

void CheckMatmulTiling(const char* api, const ascendops::CubeTiling& t, const ascendops::MatmulTypes& types) {
    CoreContext& c = Core();
    const ascendops::SocInfo& soc = Soc(c);
    std::string why = ascendops::CheckMatmulTypes(types, soc);
    const ascendops::SocCubeInfo* cube = ascendops::FindSocCubeInfo(soc.version);
    // usedCoreNum counts the cores that drive a Matmul: the AIVs of a MIX launch (docs, SetDim).
    uint32_t maxCores = c.launch->cfg.platform.coreNum;
    if (why.empty()) why = ascendops::CheckCubeTiling(t, types, *cube, maxCores);
    if (!why.empty()) Fail(api, why);
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
