// The test kernels' way of ordering two pipes: set and wait one event (SetFlag/WaitFlag doc example).
#pragma once
#include "kernel_operator.h"

template <AscendC::HardEvent E>
__aicore__ inline void PipeSync() {
    AscendC::SetFlag<E>(EVENT_ID0);
    AscendC::WaitFlag<E>(EVENT_ID0);
}
