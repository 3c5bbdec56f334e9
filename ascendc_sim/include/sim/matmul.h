// The Matmul high-level API on the twin (lib/matmul_intf.h) on the separated architecture, in its two modes (Matmul
// usage docs): MIX, where the AIV-side object checks each call against the docs and hands the work to its group's
// AIC (sim/mix.h), and pure Cube (ASCENDC_CUBE_ONLY), where the AIC runs the calls itself. Either way the work runs
// on the cube (sim/cube_engine.h): IterateAll (sync, async + WaitIterateAll, atomic add), Iterate + GetTensorC.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/platform/matmul_tiling.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "kernel_tiling/kernel_tiling.h"
#include "sim/cube_engine.h"
#include "sim/dtype_of.h"
#include "sim/gm_access.h"
#include "sim/matmul_config.h"
#include "sim/matmul_static.h"
#include "sim/mix.h"
#include "sim/pipe.h"
#include "sim/tensor.h"

namespace AscendC {

// Bytes of one fractal row, C0 (kernel_utils_constants.h); Matmul kernels size their copies of C with it.
constexpr int32_t DEFAULT_C0_SIZE = 32;

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
    constexpr static TPosition srcPos = SRCPOS;
};

// The user callbacks of the Matmul (MatmulCallBackFunc.md): C out of CO1, A into A1, B into B1.
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local, const void* dataCopyOutParams,
                              const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
    constexpr static bool simAnySet = DataCopyOut != nullptr || CopyA1 != nullptr || CopyB1 != nullptr;
};

}  // namespace AscendC

// The system workspace REGIST_MATMUL_OBJ takes; the twin's AIC/AIV messages do not live in GM, so any value works.
// A global name in CANN (8.1.RC1 kernel_common.h, asc-devkit kernel_operator_swap_mem_intf.h).
__aicore__ inline GM_ADDR GetSysWorkSpacePtr() { return nullptr; }

namespace ascendc_sim {

// Checks shared by every Matmul instance (matmul.cpp).
void CheckMatmulRegistered(const char* api, bool registered);
void CheckMatmulTiling(const char* api, const ascendc_sim::CubeTiling& t, const ascendc_sim::MatmulTypes& types,
                       bool cubeOnly);
void BeginMatmulCompute(const char* api, const void* object);  // End() needed before switching objects (docs, End)
void EndMatmul(const void* object);
uint32_t NextMatmulIndex(const char* api);  // at most 4 objects, before InitBuffer (docs, REGIST_MATMUL_OBJ)
// Where a Matmul call runs: the AIV hands it to its AIC (MIX), or the AIC runs it itself (ASCENDC_CUBE_ONLY).
void CheckMatmulCore(const char* api, bool cubeOnly);
void CheckCubeOnlyLaunch(const char* api);   // ASCENDC_CUBE_ONLY needs a launch with AICs
void CheckMixMatmulLaunch(const char* api);  // MIX mode needs AIVs: a __cube__ kernel is pure Cube
// GEMV (A in CubeFormat::VECTOR): A untransposed at a 16-byte aligned GM address, its original M 1.
void CheckGemvA(const char* api, const void* gm, bool transposed);
std::string GemvShapeRule(int64_t orgM);

}  // namespace ascendc_sim

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>>
class Matmul {
    using SrcT = typename A_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    static_assert(std::is_same_v<SrcT, typename B_TYPE::T>, "Matmul: A and B must have the same type on the twin");
    // A as CubeFormat::VECTOR is GEMV (矩阵向量乘): a 1 x K row, as ND holds it (the checks in SetTensorA / Job).
    static constexpr bool kGemv = A_TYPE::format == CubeFormat::VECTOR;
    static_assert(A_TYPE::pos == TPosition::GM && B_TYPE::pos == TPosition::GM &&
                      (A_TYPE::format == CubeFormat::ND || kGemv) && B_TYPE::format == CubeFormat::ND,
                  "Matmul on the twin: A and B in GM, ND format (A also VECTOR)");
    static_assert(C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::ND_ALIGN,
                  "Matmul on the twin: C in ND or ND_ALIGN format");
    static_assert(C_TYPE::pos == TPosition::GM || C_TYPE::pos == TPosition::VECIN,
                  "Matmul on the twin: C in GM or VECIN");
    static_assert(!MM_CB::simAnySet,
                  "MatmulCallBackFunc with a DataCopyOut / CopyA1 / CopyB1 callback is not modelled by the twin");

public:
    Matmul() = default;
    Matmul(const Matmul&) = delete;
    Matmul& operator=(const Matmul&) = delete;
    ~Matmul() {
        if (pending_.work) {  // the AIC may still run the async request that points into this object
            auto& c = ascendc_sim::Core();
            try {
                ascendc_sim::WaitCube(c, "Matmul::~Matmul", pending_);
            } catch (...) {
            }
        }
    }

    // Twin internals: called by REGIST_MATMUL_OBJ.
    void SimRegister(bool cubeOnly) {
        index_ = ascendc_sim::NextMatmulIndex("REGIST_MATMUL_OBJ");
        registered_ = true;
        cubeOnly_ = cubeOnly;
    }

    __aicore__ inline void Init(const TCubeTiling* tiling, TPipe* = nullptr, ascendc_sim::CallSite = {}) {
        ascendc_sim::CheckMatmulRegistered("Matmul::Init", registered_);
        constexpr ascendc_sim::MatmulConstants kConstants = ascendc_sim::ConstantsOf(MM_CFG);
        ascendc_sim::CheckMatmulOptions("Matmul::Init", kConstants.cfg, cubeOnly_);
        tiling_ = tiling != nullptr ? *tiling : ascendc_sim::StaticCubeTiling("Matmul::Init", kConstants, Types());
        ascendc_sim::CheckMatmulTiling("Matmul::Init", tiling_, Types(), cubeOnly_);
        ascendc_sim::CheckConstantTiling("Matmul::Init", tiling_, kConstants);
        hasTiling_ = true;
        SetOrgShape(tiling_.M, tiling_.N, tiling_.Ka, tiling_.Kb);
        SetSingleShape(tiling_.singleCoreM, tiling_.singleCoreN, tiling_.singleCoreK);
    }
    __aicore__ inline void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int = 0, ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetOrgShape");
        job_.orgM = orgM, job_.orgN = orgN, job_.orgKa = orgKa, job_.orgKb = orgKb;
    }
    __aicore__ inline void SetOrgShape(int orgM, int orgN, int orgK, ascendc_sim::CallSite = {}) {
        SetOrgShape(orgM, orgN, orgK, orgK);
    }
    __aicore__ inline void SetSingleShape(int singleM, int singleN, int singleK, ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetSingleShape");
        job_.singleM = singleM, job_.singleN = singleN, job_.singleK = singleK;
    }
    // Docs (SetTail): resets singleCoreM/N/K for this computation without changing the tiling; -1 keeps a value.
    __aicore__ inline void SetTail(int tailM = -1, int tailN = -1, int tailK = -1, ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetTail");
        if (tailM > 0) job_.singleM = tailM;
        if (tailN > 0) job_.singleN = tailN;
        if (tailK > 0) job_.singleK = tailK;
    }
    __aicore__ inline void SetTensorA(const GlobalTensor<SrcT>& gm, bool isTransposeA = false,
                                      ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetTensorA");
        CheckTranspose("Matmul::SetTensorA", isTransposeA, A_TYPE::isTrans);
        if constexpr (kGemv) ascendc_sim::CheckGemvA("Matmul::SetTensorA", gm.GetPhyAddr(), isTransposeA);
        a_ = gm;
        job_.transA = isTransposeA;
    }
    __aicore__ inline void SetTensorB(const GlobalTensor<SrcT>& gm, bool isTransposeB = false,
                                      ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetTensorB");
        CheckTranspose("Matmul::SetTensorB", isTransposeB, B_TYPE::isTrans);
        b_ = gm;
        job_.transB = isTransposeB;
    }
    // Docs (SetBias): only with TCubeTiling.isBias = 1.
    __aicore__ inline void SetBias(const GlobalTensor<BiasT>& gm, ascendc_sim::CallSite = {}) {
        Ready("Matmul::SetBias");
        if (tiling_.isBias != 1) ascendc_sim::Fail("Matmul::SetBias", "TCubeTiling.isBias is 0: bias not enabled");
        bias_ = gm;
        hasBias_ = true;
    }
    __aicore__ inline void DisableBias() { hasBias_ = false; }

    template <bool sync = true>
    __aicore__ inline void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0,
                                      bool enSequentialWrite = false, bool waitIterateAll = false, bool fakeMsg = false,
                                      ascendc_sim::CallSite = {}) {
        const char* api = "Matmul::IterateAll";
        auto& c = Start(api, enAtomic, enSequentialWrite || fakeMsg);
        if (!sync) CheckAsync(api);
        if (!sync && !waitIterateAll) {
            ascendc_sim::Fail(api, "async IterateAll without waitIterateAll is not modeled by the twin");
        }
        ascendc_sim::CubeJob job = Job(c, api, gm, enAtomic);
        jobCopy_ = job;
        pending_ = {};
        pending_.work = [this] { ascendc_sim::CubeIterateAll(ascendc_sim::Core(), jobCopy_); };
        Dispatch(c, api, pending_, sync);
        if (sync) {
            pending_ = {};
            NoteC(c);
        } else {
            auto* begin = reinterpret_cast<const uint8_t*>(gm.GetPhyAddr());
            ascendc_sim::AddPending(c, {begin, begin + CBytes(), this, &c});
        }
    }
    __aicore__ inline void WaitIterateAll(ascendc_sim::CallSite = {}) {
        auto& c = ascendc_sim::Core();
        ascendc_sim::Poll(c);
        if (!pending_.work) ascendc_sim::Fail("Matmul::WaitIterateAll", "no async IterateAll to wait for");
        ascendc_sim::WaitCube(c, "Matmul::WaitIterateAll", pending_);
        ascendc_sim::ClearPending(c, this);
        pending_ = {};
        NoteC(c);
    }

    // Docs (Iterate): one baseM x baseN block of C per call into L0C; false once every block was computed.
    // Async (MIX only, 异步场景处理): one call starts every block into the workspace of SetWorkspace (set before,
    // singleCoreM x singleCoreN elements of C); each GetTensorC<false> then takes the next block. The twin computes
    // each block when it is taken, which yields the same values; it does not model the workspace's content.
    template <bool sync = true>
    __aicore__ inline bool Iterate(bool enPartialSum = false, ascendc_sim::CallSite = {}) {
        const char* api = "Matmul::Iterate";
        if constexpr (!sync) {
            auto& c = Start(api, 0, enPartialSum);
            CheckAsync(api);
            if (workspace_ == nullptr) ascendc_sim::Fail(api, "async Iterate needs SetWorkspace before it (docs)");
            CheckWorkspace(c, api);
            iter_ = 0;
            asyncBlocks_ = ascendc_sim::CubeBlockCount(Job(c, api, GlobalTensor<DstT>(), 0));
            return true;
        }
        return NextBlock(api, enPartialSum);
    }
    // Docs (SetWorkspace): the GM space the async Iterate caches C in.
    // The space it must hold is checked against the GM allocation it falls in when Iterate<false> runs.
    template <class T>
    __aicore__ inline void SetWorkspace(GlobalTensor<T>& addr, ascendc_sim::CallSite = {}) {
        SetWorkspace(addr.GetPhyAddr(), 0);
    }
    template <class T>
    __aicore__ inline void SetWorkspace(__gm__ const T* addr, int size, ascendc_sim::CallSite = {}) {
        (void)size;
        Ready("Matmul::SetWorkspace");
        workspace_ = reinterpret_cast<const uint8_t*>(addr);
    }

private:
    bool NextBlock(const char* api, bool enPartialSum) {
        auto& c = Start(api, 0, enPartialSum);
        if (iter_ == 0) iterJob_ = Job(c, api, GlobalTensor<DstT>(), 0);
        if (iter_ >= ascendc_sim::CubeBlockCount(iterJob_)) {
            iter_ = 0;
            return false;
        }
        ascendc_sim::CubeBlockOrigin(iterJob_, iter_++, m0_, n0_);
        bm_ = std::min<int64_t>(iterJob_.tiling.baseM, iterJob_.singleM - m0_);
        bn_ = std::min<int64_t>(iterJob_.tiling.baseN, iterJob_.singleN - n0_);
        if (iter_ == 1) l1_.Reset();
        l1_.Loads(iterJob_, m0_, n0_, loadA_, loadB_);
        ascendc_sim::CubeRequest r;
        r.work = [this] {
            ascendc_sim::CubeComputeBlock(ascendc_sim::Core(), iterJob_, m0_, n0_, bm_, bn_, l0c_, loadA_, loadB_);
        };
        Dispatch(c, api, r, true);
        blockReady_ = true;
        return true;
    }
    // The workspace must hold singleCoreM x singleCoreN elements of C (异步场景处理); the cube writes it.
    void CheckWorkspace(ascendc_sim::CoreContext& c, const char* api) const {
        const uint64_t need = uint64_t(job_.singleM) * job_.singleN * sizeof(DstT);
        ascendc_sim::CheckGm(c, api, workspace_, need, ascendc_sim::GmAccess::kWrite);
    }
    // GetTensorC<false>: the next block of the async Iterate.
    template <bool sync>
    void TakeAsyncBlock(const char* api) {
        if constexpr (!sync) {
            if (asyncBlocks_ == 0) ascendc_sim::Fail(api, "GetTensorC<false> without a pending async Iterate block");
            --asyncBlocks_;
            NextBlock(api, false);
        }
    }

public:
    // GM: the block lands at its place in C (non-sequential write).
    template <bool sync = true>
    __aicore__ inline void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0,
                                      bool enSequentialWrite = false, ascendc_sim::CallSite = {}) {
        const char* api = "Matmul::GetTensorC";
        TakeAsyncBlock<sync>(api);
        auto& c = TakeBlock(api);
        // GetTensorC docs: enSequentialWrite puts the block at gm as baseM x baseN rows; else at its place in C.
        ascendc_sim::CubeJob out = iterJob_;
        out.cGm = reinterpret_cast<uint8_t*>(gm.GetPhyAddr());
        out.atomic = enAtomic;
        int64_t m0 = m0_, n0 = n0_;
        if (enSequentialWrite) out.cLd = tiling_.baseN, out.cPad = 0, m0 = n0 = 0;
        CheckCRows(c, api, gm, m0, n0, bm_, bn_ + (n0_ + bn_ == out.singleN ? out.cPad : 0), enAtomic, out.cLd);
        ascendc_sim::CubeRequest r;
        r.work = [this, out, m0, n0] { ascendc_sim::CubeFixToGm(ascendc_sim::Core(), out, l0c_, m0, n0, bm_, bn_); };
        Dispatch(c, api, r, true);
    }
    // UB (VECIN): the block as baseM rows of baseN elements.
    template <bool sync = true>
    __aicore__ inline void GetTensorC(const LocalTensor<DstT>& ub, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                                      ascendc_sim::CallSite = {}) {
        const char* api = "Matmul::GetTensorC";
        TakeAsyncBlock<sync>(api);
        auto& c = TakeBlock(api);
        (void)enSequentialWrite;  // a UB block is always baseM x baseN rows from the tensor's start
        if (enAtomic) ascendc_sim::Fail(api, "enAtomic needs a GM destination");
        if (cubeOnly_) ascendc_sim::Fail(api, "C to a UB tensor in ASCENDC_CUBE_ONLY mode: the AIC has no UB");
        auto* dst = reinterpret_cast<uint8_t*>(ub.Operand(api, "C", uint64_t(tiling_.baseM) * tiling_.baseN));
        ascendc_sim::CubeRequest r;
        r.work = [this, dst] {
            ascendc_sim::CubeFixToUb(ascendc_sim::Core(), iterJob_, l0c_, bm_, bn_, dst, tiling_.baseN);
        };
        Dispatch(c, api, r, true);
        // The cube side is not tracked for definedness: C lands in UB defined.
        ascendc_sim::DefineBytes(c, ascendc_sim::DefSpace::kUb,
                                 ascendc_sim::Footprint::Contiguous(
                                     ub.UbOffset(), uint64_t(tiling_.baseM) * tiling_.baseN, sizeof(DstT) * 8));
    }

    // Docs (End): releases the object's resources; needed before another object computes.
    __aicore__ inline void End(ascendc_sim::CallSite = {}) {
        auto& c = ascendc_sim::Core();
        ascendc_sim::Poll(c);
        ascendc_sim::CheckMatmulRegistered("Matmul::End", registered_);
        if (pending_.work) ascendc_sim::Fail("Matmul::End", "async IterateAll not waited for (call WaitIterateAll)");
        iter_ = 0;
        blockReady_ = false;
        ascendc_sim::EndMatmul(this);
    }

private:
    static ascendc_sim::MatmulTypes Types() {
        return {ascendc_sim::DTypeOf<SrcT>(),
                ascendc_sim::DTypeOf<SrcT>(),
                ascendc_sim::DTypeOf<DstT>(),
                ascendc_sim::DTypeOf<BiasT>(),
                A_TYPE::isTrans,
                B_TYPE::isTrans};
    }
    void Ready(const char* api) {
        ascendc_sim::Poll(ascendc_sim::Core());
        ascendc_sim::CheckMatmulRegistered(api, registered_);
        if (pending_.work) ascendc_sim::Fail(api, "async IterateAll not waited for (call WaitIterateAll first)");
    }
    // MIX: the group's AIC runs the request; pure Cube: this AIC runs it now.
    void Dispatch(ascendc_sim::CoreContext& c, const char* api, ascendc_sim::CubeRequest& r, bool wait) {
        if (!cubeOnly_) return ascendc_sim::PostToCube(c, api, r, wait);
        r.work();
        r.done = true;
    }
    // 异步场景处理 (Matmul programming guide): the async Iterate / IterateAll exist in MIX mode only.
    void CheckAsync(const char* api) const {
        if (cubeOnly_)
            ascendc_sim::Fail(api, "the async mode in ASCENDC_CUBE_ONLY mode: pure Cube has the sync mode only");
    }
    static void CheckTranspose(const char* api, bool wanted, bool enabled) {
        if (wanted && !enabled) ascendc_sim::Fail(api, "transpose requested but the MatmulType has ISTRANS = false");
    }
    ascendc_sim::CoreContext& Start(const char* api, uint8_t enAtomic, bool unsupportedFlag) {
        Ready(api);
        auto& c = ascendc_sim::Core();
        ascendc_sim::CheckMatmulCore(api, cubeOnly_);
        if (!hasTiling_) ascendc_sim::Fail(api, "no tiling: pass it to REGIST_MATMUL_OBJ or call Init");
        if (enAtomic > 1)
            ascendc_sim::Fail(api, ascendc_sim::Str("enAtomic ", int(enAtomic), " (max/min) not modeled"));
        if (unsupportedFlag) ascendc_sim::Fail(api, "enSequentialWrite / enPartialSum / fakeMsg are not modeled");
        ascendc_sim::BeginMatmulCompute(api, this);
        return c;
    }
    ascendc_sim::CoreContext& TakeBlock(const char* api) {
        Ready(api);
        if (!blockReady_) ascendc_sim::Fail(api, "no block computed: call Iterate first");
        blockReady_ = false;
        return ascendc_sim::Core();
    }
    // C is written row by row (row stride orgN): each row is its own GM write for the race check.
    void CheckCRows(ascendc_sim::CoreContext& c, const char* api, const GlobalTensor<DstT>& gm, int64_t m0, int64_t n0,
                    int64_t rows, int64_t cols, uint8_t atomic, int64_t ld) const {
        auto access = atomic ? ascendc_sim::GmAccess::kAtomicWrite : ascendc_sim::GmAccess::kWrite;
        for (int64_t r = 0; r < rows; ++r) {
            gm.CheckRange(c, api, uint64_t(m0 + r) * ld + n0, cols, access);
            // The cube's side is not tracked for definedness: what it writes counts as defined.
            if (!atomic) ascendc_sim::DefineGm(c, gm.GetPhyAddr() + uint64_t(m0 + r) * ld + n0, cols * sizeof(DstT));
        }
    }
    uint64_t CBytes() const {
        const ascendc_sim::CubeJob& j = jobCopy_;
        return (uint64_t(j.singleM - 1) * j.cLd + j.singleN + j.cPad) * sizeof(DstT);
    }
    // The C rows IterateAll wrote now sit in L2 for this AIV's later reads (sim/l2_reuse.h).
    void NoteC(ascendc_sim::CoreContext& c) const {
        const ascendc_sim::CubeJob& j = jobCopy_;
        ascendc_sim::NoteOwnWrite(c, j.cGm, j.singleM, (j.singleN + j.cPad) * sizeof(DstT), j.cLd * sizeof(DstT));
    }

    // The job for the AIC, with every operand's GM span checked on this AIV first.
    ascendc_sim::CubeJob Job(ascendc_sim::CoreContext& c, const char* api, const GlobalTensor<DstT>& cGm,
                             uint8_t atomic) {
        ascendc_sim::CubeJob j = job_;
        ascendc_sim::MatmulTypes t = Types();
        j.a = t.a, j.b = t.b, j.c = t.c, j.bias = t.bias;
        // ND_ALIGN (CubeFormat): C's rows padded to 32 bytes; the twin writes the pad columns as 0 (A x 0 + 0, the
        // samples' golden), an assumption where the docs are silent.
        constexpr int64_t kC0 = 32 / sizeof(DstT);
        const bool aligned = C_TYPE::format == CubeFormat::ND_ALIGN;
        j.cLd = aligned ? (j.orgN + kC0 - 1) / kC0 * kC0 : j.orgN;
        j.cPad = aligned ? (j.singleN + kC0 - 1) / kC0 * kC0 - j.singleN : 0;
        j.tiling = tiling_;
        j.atomic = atomic;
        if constexpr (kGemv) {
            if (j.orgM != 1) ascendc_sim::Fail(api, ascendc_sim::GemvShapeRule(j.orgM));
        }
        if (j.singleM <= 0 || j.singleN <= 0 || j.singleK <= 0 || j.singleM > j.orgM || j.singleN > j.orgN ||
            j.singleK > j.orgKa || j.orgKa != j.orgKb) {
            ascendc_sim::Fail(api, ascendc_sim::Str("single shape (", j.singleM, ", ", j.singleN, ", ", j.singleK,
                                                    ") must be positive and inside org shape (", j.orgM, ", ", j.orgN,
                                                    ", ", j.orgKa, ", ", j.orgKb, ")"));
        }
        uint64_t aSpan =
            j.transA ? uint64_t(j.singleK - 1) * j.orgM + j.singleM : uint64_t(j.singleM - 1) * j.orgKa + j.singleK;
        uint64_t bSpan =
            j.transB ? uint64_t(j.singleN - 1) * j.orgKb + j.singleK : uint64_t(j.singleK - 1) * j.orgN + j.singleN;
        a_.CheckRange(c, "Matmul (A)", 0, aSpan, ascendc_sim::GmAccess::kRead);
        b_.CheckRange(c, "Matmul (B)", 0, bSpan, ascendc_sim::GmAccess::kRead);
        j.aGm = reinterpret_cast<const uint8_t*>(a_.GetPhyAddr());
        j.bGm = reinterpret_cast<const uint8_t*>(b_.GetPhyAddr());
        j.biasGm = nullptr;
        if (hasBias_) {
            bias_.CheckRange(c, "Matmul (bias)", 0, j.singleN, ascendc_sim::GmAccess::kRead);
            j.biasGm = reinterpret_cast<const uint8_t*>(bias_.GetPhyAddr());
        }
        if (cGm.GetPhyAddr() != nullptr) {
            CheckCRows(c, "Matmul (C)", cGm, 0, 0, j.singleM, j.singleN + (atomic ? 0 : j.cPad), atomic, j.cLd);
            j.cGm = reinterpret_cast<uint8_t*>(cGm.GetPhyAddr());
        }
        return j;
    }

    bool registered_ = false;
    bool cubeOnly_ = false;
    bool hasTiling_ = false;
    uint32_t index_ = 0;
    TCubeTiling tiling_{};
    ascendc_sim::CubeJob job_;
    ascendc_sim::CubeJob jobCopy_;
    ascendc_sim::CubeJob iterJob_;
    GlobalTensor<SrcT> a_, b_;
    GlobalTensor<BiasT> bias_;
    bool hasBias_ = false;
    ascendc_sim::CubeRequest pending_;
    int64_t iter_ = 0, m0_ = 0, n0_ = 0, bm_ = 0, bn_ = 0;
    ascendc_sim::CubeResidency l1_;  // panels Iterate keeps in L1 from one block to the next
    bool loadA_ = true, loadB_ = true;
    bool blockReady_ = false;
    int64_t asyncBlocks_ = 0;  // blocks of the async Iterate not yet taken by GetTensorC<false>
    const uint8_t* workspace_ = nullptr;
    std::vector<float> l0c_;
};

}  // namespace AscendC

namespace ascendc_sim {

// Registers each object; an object followed by its tiling is initialised on the core that runs its calls (the AIV
// in MIX, the AIC in pure Cube mode).
template <class MM>
void RegisterMatmuls(bool cubeOnly, MM& mm) {
    mm.SimRegister(cubeOnly);
}
template <class MM, class Next, class... Rest>
void RegisterMatmuls(bool cubeOnly, MM& mm, Next&& next, Rest&&... rest) {
    mm.SimRegister(cubeOnly);
    if constexpr (std::is_convertible_v<std::decay_t<Next>, const TCubeTiling*>) {
        if (Core().isAic == cubeOnly) mm.Init(next);
        if constexpr (sizeof...(Rest) > 0) RegisterMatmuls(cubeOnly, rest...);
    } else {
        RegisterMatmuls(cubeOnly, next, rest...);
    }
}

// REGIST_MATMUL_OBJ (true: the core leaves the kernel). MIX: the AIC serves the group's AIVs until they leave, the
// AIVs register the objects. Pure Cube (asc-devkit kfc_register_obj.h under ASCENDC_CUBE_ONLY): the AIC initialises
// the objects and goes on, an AIV leaves at once.
template <class... Objs>
bool RegisterMatmulObjects(bool cubeOnly, AscendC::TPipe* pipe, GM_ADDR workspace, Objs&&... objs) {
    (void)pipe;
    (void)workspace;
    CoreContext& c = Core();
    Poll(c);
    if (cubeOnly) {
        CheckCubeOnlyLaunch("REGIST_MATMUL_OBJ");
        if (!c.isAic) return true;
        RegisterMatmuls(true, objs...);
        return false;
    }
    CheckMixMatmulLaunch("REGIST_MATMUL_OBJ");
    GroupOf(c, "REGIST_MATMUL_OBJ");
    RegisterMatmuls(false, objs...);
    if (!c.isAic) return false;
    ServeCube(c);
    return true;
}

}  // namespace ascendc_sim

// ASCENDC_SIM_MATMUL_CUBE_ONLY: whether the kernel's source defined ASCENDC_CUBE_ONLY before lib/matmul_intf.h.
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...) \
    if (::ascendc_sim::RegisterMatmulObjects(ASCENDC_SIM_MATMUL_CUBE_ONLY, tpipe, workspace, __VA_ARGS__)) return
