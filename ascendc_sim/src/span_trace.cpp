#include "sim/span_trace.h"

#include <algorithm>

namespace ascendc_sim {
namespace {
thread_local TraceRequest tlsTraceRequest;
}  // namespace

void SetTraceRequest(const TraceRequest& request) {
    tlsTraceRequest = request;
    tlsTraceRequest.maxSpans = std::min(request.maxSpans, kMaxTraceSpans);
}

TraceRequest CurrentTraceRequest() { return tlsTraceRequest; }

void RecordSpan(SpanTrace& trace, uint8_t pipe, double start, double end, const char* api) {
    if (trace.spans.size() >= trace.maxSpans) {
        trace.truncated = true;
        return;
    }
    trace.spans.push_back({pipe, start, end, api != nullptr ? api : "?"});
}

}  // namespace ascendc_sim
