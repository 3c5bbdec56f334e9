// aclnnAscendopsFusedGdnDecode from C/C++, as seed 004's sample calls the built-in (ops-transformer
// examples/test_aclnn_fused_gdn_decode.cpp): FLOAT16 inputs, FLOAT32 state, B=1, H=1, Hv=2, K=64, V=8, 2 state slots,
// scale 0.125, softplusThreshold 20, ssmStateIndices {1}. Steps of the single-operator API guide (asc-devkit
// docs/zh/guide/编程指南/高级编程/Aclnn算子工程化开发/调用/单算子API调用.md): init, device, stream, device tensors,
// the two-stage call, synchronise, copy back, release.
//
// Built here against the CPU twin (examples/CMakeLists.txt); on an Atlas A2/A3 machine the same file builds against
// CANN (include $ASCEND_HOME_PATH/include and this repository's op_api/, whose declaration equals the package's
// generated one; link ascendcl, nnopbase and the package's cust_opapi).
// Prints "out:" (the 16 outputs), "state_slot1:" (the 1024 updated state values) and whether slot 0 is unchanged.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnn_fused_gdn_decode.h"
#ifdef ASCENDOPS_EXAMPLE_ON_TWIN
#include "common/aclnn_context.h"  // SetSimDevice: which SoC the twin plays (a real device is what it is)
#endif

#define CHECK(expr)                                                                               \
    do {                                                                                          \
        const int64_t status_ = static_cast<int64_t>(expr);                                       \
        if (status_ != 0) {                                                                       \
            std::fprintf(stderr, "%s failed: %lld: %s\n", #expr, static_cast<long long>(status_), \
                         aclGetRecentErrMsg());                                                   \
            return 1;                                                                             \
        }                                                                                         \
    } while (0)

namespace {

// IEEE binary16 <-> float, round to nearest even (normal and subnormal values; the data here is exact anyway).
uint16_t FloatToHalf(float f) {
    uint32_t x;
    std::memcpy(&x, &f, sizeof(x));
    const uint32_t sign = (x >> 16) & 0x8000u;
    const float a = std::fabs(f);
    if (!(a < 65520.0f)) return static_cast<uint16_t>(sign | (a != a ? 0x7e00u : 0x7c00u));
    if (a < 6.103515625e-05f) {  // subnormal half: a multiple of 2^-24
        return static_cast<uint16_t>(sign | static_cast<uint32_t>(std::nearbyint(a * 16777216.0f)));
    }
    std::memcpy(&x, &a, sizeof(x));
    const uint32_t mant = x & 0x7fffffu, exp = (x >> 23) - 112u;  // rebias 127 -> 15
    uint32_t h = (exp << 10) | (mant >> 13);
    const uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;  // carries into the exponent correctly
    return static_cast<uint16_t>(sign | h);
}

float HalfToFloat(uint16_t h) {
    const float sign = (h & 0x8000u) ? -1.0f : 1.0f;
    const int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    if (exp == 0) return sign * std::ldexp(static_cast<float>(mant), -24);
    if (exp == 31) return mant ? NAN : sign * INFINITY;
    return sign * std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
}

// Device copy of a host vector and the ND aclTensor over it (the sample's CreateTensor).
template <typename T>
int CreateTensor(const std::vector<T>& host, const std::vector<int64_t>& shape, aclDataType dtype, void** device,
                 aclTensor** tensor) {
    const size_t bytes = host.size() * sizeof(T);
    CHECK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size() - 1; i > 0; --i) strides[i - 1] = shape[i] * strides[i];
    *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), *device);
    return *tensor == nullptr ? 1 : 0;
}

}  // namespace

int main() {
    constexpr int64_t kBatch = 1, kHeads = 1, kValueHeads = 2, kKeyDim = 64, kValueDim = 8, kSlots = 2;
    const int64_t qkvWidth = 2 * kHeads * kKeyDim + kValueHeads * kValueDim;  // 144
    const double scale = 0.125, softplusThreshold = 20.0;

    // Inputs, all exactly representable in their dtypes (tests/st/test_examples.py builds the same arrays).
    std::vector<uint16_t> mixed(kBatch * qkvWidth), a{FloatToHalf(0.5f), FloatToHalf(-0.25f)},
        b{FloatToHalf(0.75f), FloatToHalf(-1.5f)}, dtBias{FloatToHalf(0.125f), FloatToHalf(-0.375f)};
    for (int64_t i = 0; i < kBatch * qkvWidth; ++i) mixed[i] = FloatToHalf(static_cast<float>((i * 7) % 23 - 11) / 64);
    std::vector<float> aLog{-0.5f, 0.25f}, state(kSlots * kValueHeads * kValueDim * kKeyDim);
    for (size_t i = 0; i < state.size(); ++i) state[i] = static_cast<float>(static_cast<int64_t>(i * 5 % 19) - 9) / 128;
    std::vector<int32_t> indices{1};
    std::vector<uint16_t> out(kBatch * kValueHeads * kValueDim, 0);

    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
#ifdef ASCENDOPS_EXAMPLE_ON_TWIN
    ascendops::SetSimDevice(ascendops::SocVersion::kAscend910B);  // FusedGdnDecode runs on Atlas A2 / A3
#endif
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));

    void* dev[8] = {};
    aclTensor* t[8] = {};
    CHECK(CreateTensor(mixed, {kBatch, qkvWidth}, ACL_FLOAT16, &dev[0], &t[0]));
    CHECK(CreateTensor(a, {kBatch, kValueHeads}, ACL_FLOAT16, &dev[1], &t[1]));
    CHECK(CreateTensor(b, {kBatch, kValueHeads}, ACL_FLOAT16, &dev[2], &t[2]));
    CHECK(CreateTensor(aLog, {kValueHeads}, ACL_FLOAT, &dev[3], &t[3]));
    CHECK(CreateTensor(dtBias, {kValueHeads}, ACL_FLOAT16, &dev[4], &t[4]));
    CHECK(CreateTensor(state, {kSlots, kValueHeads, kValueDim, kKeyDim}, ACL_FLOAT, &dev[5], &t[5]));
    CHECK(CreateTensor(indices, {kBatch}, ACL_INT32, &dev[6], &t[6]));
    CHECK(CreateTensor(out, {kBatch, 1, kValueHeads, kValueDim}, ACL_FLOAT16, &dev[7], &t[7]));

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    CHECK(aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], t[5], t[6], scale,
                                                       softplusThreshold, t[7], &workspaceSize, &executor));
    void* workspace = nullptr;
    if (workspaceSize > 0) CHECK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclnnAscendopsFusedGdnDecode(workspace, workspaceSize, executor, stream));
    CHECK(aclrtSynchronizeStream(stream));

    std::vector<float> newState(state.size());
    CHECK(aclrtMemcpy(out.data(), out.size() * sizeof(uint16_t), dev[7], out.size() * sizeof(uint16_t),
                      ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(aclrtMemcpy(newState.data(), newState.size() * sizeof(float), dev[5], newState.size() * sizeof(float),
                      ACL_MEMCPY_DEVICE_TO_HOST));
    std::printf("workspace_size: %llu\nout:", static_cast<unsigned long long>(workspaceSize));
    for (uint16_t h : out) std::printf(" %.9g", HalfToFloat(h));
    const size_t slot = state.size() / kSlots;
    std::printf("\nstate_slot1:");
    for (size_t i = slot; i < state.size(); ++i) std::printf(" %.9g", newState[i]);
    std::printf("\nstate_slot0_unchanged: %s\n",
                std::memcmp(newState.data(), state.data(), slot * sizeof(float)) == 0 ? "yes" : "no");

    if (workspace != nullptr) aclrtFree(workspace);
    for (int i = 0; i < 8; ++i) {
        aclDestroyTensor(t[i]);
        aclrtFree(dev[i]);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
