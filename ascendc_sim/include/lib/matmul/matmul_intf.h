// The include path the Matmul usage docs give ("lib/matmul/matmul_intf.h"); same API as lib/matmul_intf.h.
#pragma once
#include "lib/matmul_intf.h"
