// What `#include "lib/matmul_intf.h"` gives a kernel off-hardware: the twin's Matmul high-level API.
#pragma once
#include "kernel_operator.h"
#include "sim/matmul.h"
