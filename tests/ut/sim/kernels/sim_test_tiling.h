// The twin's test kernels share the bench kernels' tiling struct (SimTestTiling), defined once beside them.
#pragma once
#include "python/bindings/bench/kernels/sim_test_tiling.h"
