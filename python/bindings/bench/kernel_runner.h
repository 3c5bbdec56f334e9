// Running the twin's own kernels (tests/ut/sim/kernels) from Python: device buffers, the launch config, the launch
// and its stats as a dict. One definition for the twin's bench module and the test module's twin kernels.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "cost_dicts.h"
#include "op_host/common/platform.h"
#include "python/bindings/bench/kernels/sim_test_tiling.h"
#include "sim/cost_model.h"
#include "sim/launch.h"

namespace ascendc_sim::bench {

namespace py = pybind11;

using Kernel3 = void (*)(uint8_t*, uint8_t*, uint8_t*);
using Kernel4 = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*);
using Kernel5 = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// Device memory owned by the binding for one call, zeroed (`zeroed` false: as aclrtMalloc leaves it, unwritten).
class Dev {
public:
    explicit Dev(size_t bytes, bool zeroed = true) : bytes_(bytes) {
        if (aclrtMalloc(&p_, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) throw std::runtime_error("aclrtMalloc");
        if (zeroed) aclrtMemset(p_, bytes_, 0, bytes_);
    }
    Dev(const Dev&) = delete;
    Dev& operator=(const Dev&) = delete;
    ~Dev() { aclrtFree(p_); }
    uint8_t* Get() const { return static_cast<uint8_t*>(p_); }
    void Upload(const void* src, size_t bytes) const { aclrtMemcpy(p_, bytes_, src, bytes, ACL_MEMCPY_HOST_TO_DEVICE); }

private:
    void* p_ = nullptr;
    size_t bytes_;
};

inline std::unique_ptr<Dev> Upload(const py::array& a, size_t minBytes = 0) {
    auto d = std::make_unique<Dev>(std::max<size_t>(a.nbytes(), minBytes));
    d->Upload(a.data(), a.nbytes());
    return d;
}

inline py::array Download(const Dev& d, const py::dtype& dt, size_t count) {
    py::array out(dt, std::vector<py::ssize_t>{static_cast<py::ssize_t>(count)});
    aclrtMemcpy(out.mutable_data(), out.nbytes(), d.Get(), out.nbytes(), ACL_MEMCPY_DEVICE_TO_HOST);
    return out;
}

// A tiling struct uploaded as the kernel's tiling argument.
template <typename T>
std::unique_ptr<Dev> TilingDev(const T& t) {
    auto d = std::make_unique<Dev>(sizeof(t));
    d->Upload(&t, sizeof(t));
    return d;
}

inline std::unique_ptr<Dev> TilingDev(const SimTestTiling& t) { return TilingDev<SimTestTiling>(t); }

inline ascendc_sim::LaunchConfig Config(const std::string& kernel, const std::string& soc, uint32_t blockDim,
                                        double timeout = 10.0) {
    auto v = ascendops::ParseSoc(soc);
    if (!v) throw py::value_error("unknown soc " + soc);
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = kernel;
    cfg.blockDim = blockDim;
    cfg.platform = ascendops::Platform::Of(*v);
    cfg.deadlockTimeoutSeconds = timeout;
    cfg.trace = ascendc_sim::CurrentTraceRequest();
    return cfg;
}

inline py::dict StatsDict(const ascendc_sim::LaunchStats& s, const ascendops::SocInfo& soc) {
    py::list cores;
    for (const ascendc_sim::CoreCost& c : s.cores) {
        py::dict d;
        d["gm_to_ub_bytes"] = c.gmToUbBytes;
        d["ub_to_gm_bytes"] = c.ubToGmBytes;
        d["ub_to_ub_bytes"] = c.ubToUbBytes;
        d["vec_repeats"] = std::vector<uint64_t>(std::begin(c.vecRepeats), std::end(c.vecRepeats));
        d["vec_instrs"] = c.vecInstrs;
        d["scalar_gm_accesses"] = c.scalarGmAccesses;
        d["barriers"] = c.barriers;
        d["ub_bytes_allocated"] = c.ubBytesAllocated;
        d["double_buffered"] = c.doubleBuffered;
        d["cube_macs"] = c.cubeMacs;
        ascendops::bridge::AddCubeCost(d, c, soc.cost.freqMHz);
        d["l1_to_l0_bytes"] = c.l1ToL0aBytes + c.l1ToL0bBytes;
        d["l1_to_l0a_bytes"] = c.l1ToL0aBytes;
        d["l1_to_l0b_bytes"] = c.l1ToL0bBytes;
        d["l0c_to_gm_bytes"] = c.l0cToGmBytes;
        d["pipe_busy_us"] = ascendops::bridge::PipeTimes(c, soc.cost.freqMHz, &soc);
        d["vector_core"] = c.vectorCore;
        cores.append(d);
    }
    py::dict out;
    out["kernel"] = s.kernel;
    out["block_dim"] = s.blockDim;
    out["rounds"] = s.rounds;
    out["cores"] = cores;
    out["total_gm_bytes"] = s.TotalGmBytes();
    out["modeled_device_us"] = s.modeled.deviceUs;
    out["modeled_slowest_core_us"] = s.modeled.slowestCoreUs;
    out["modeled_bandwidth_us"] = s.modeled.bandwidthUs;
    out["modeled_launch_us"] = s.modeled.launchUs;
    out["trace"] = ascendops::bridge::TraceDict(s.trace, soc.cost.freqMHz);
    out["notes"] = s.notes;
    // Every GM byte the kernel moves counts as roofline bytes: the test kernels move only what they must.
    out["roofline_us"] = ascendc_sim::RooflineUs(s.TotalGmBytes(), soc);
    out["achievable_roofline_us"] =
        ascendc_sim::AchievableRooflineUs(s.TotalGmBytes(), ascendc_sim::WrittenShareOf(s, s.TotalGmBytes()), soc);
    return out;
}

// Launches without the GIL; RuntimeError carries the twin's message.
template <typename... A>
ascendc_sim::LaunchStats LaunchOrThrow(const ascendc_sim::LaunchConfig& cfg, void (*k)(A...), A... args) {
    ascendops::Result<ascendc_sim::LaunchStats> r = [&] {
        py::gil_scoped_release release;
        return ascendc_sim::Launch(cfg, k, args...);
    }();
    if (!r.ok()) throw std::runtime_error(r.error().message);
    return std::move(r.value());
}

template <typename... A>
py::dict Run(const ascendc_sim::LaunchConfig& cfg, void (*k)(A...), A... args) {
    return StatsDict(LaunchOrThrow(cfg, k, args...), *cfg.platform.soc);
}

}  // namespace ascendc_sim::bench
