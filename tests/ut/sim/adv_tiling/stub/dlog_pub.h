// What asc-devkit's impl/adv_api/detail/host_log.h takes from CANN's dlog_pub.h: the module and level numbers.
// Only for building asc-devkit's open tiling sources as the oracle (test_adv_tiling.py); logging is off.
#pragma once
#define ASCENDCKERNEL 0
#define DEBUG_LOG_MASK 0
#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3
