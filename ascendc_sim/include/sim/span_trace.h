// An optional per-core trace of the cost model's timeline: which pipe was busy from which cycle to which, for which
// API. `ascendops bench small` draws it. One core per launch and a bounded count, so memory never grows with the
// kernel; a launch that asked for none pays one pointer test per charged instruction.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/pipe_sync.h"

namespace ascendc_sim {

inline constexpr uint32_t kMaxTraceSpans = 50000;        // 1.2 MB of spans: a small shape's whole timeline fits
inline constexpr uint8_t kBarrierSpanPipe = kPipeCount;  // a span on every pipe at once (ChargeAllPipes: SyncAll)

// Which core of the next launches to trace (block index; a MIX launch's thread index); core -1: none.
struct TraceRequest {
    int32_t core = -1;
    uint32_t maxSpans = kMaxTraceSpans;
};

struct PipeSpan {
    uint8_t pipe;       // sim/pipe_sync.h's Pipe, or kBarrierSpanPipe
    double start, end;  // cycles on the core's timeline
    const char* api;    // the instruction's API (a string literal of the twin)
};

struct SpanTrace {
    int32_t core = -1;  // -1: no trace was requested
    uint32_t maxSpans = 0;
    bool truncated = false;  // more than maxSpans spans: the later ones were dropped
    std::vector<PipeSpan> spans;
};

// The calling thread's request; launch paths copy it into LaunchConfig::trace (the request travels with the launch,
// not with whichever thread runs a core).
void SetTraceRequest(const TraceRequest& request);
TraceRequest CurrentTraceRequest();

// Appends one span, or marks the trace truncated once it holds maxSpans.
void RecordSpan(SpanTrace& trace, uint8_t pipe, double start, double end, const char* api);

}  // namespace ascendc_sim
