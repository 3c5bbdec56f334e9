// ListTensorDesc / TensorDesc, in their own header as CANN ships them (8.1.RC1 basic_api and asc-devkit
// include/basic_api: kernel_operator_list_tensor_intf.h, which kernel_operator.h does not include).
#pragma once
#include "kernel_operator.h"
#include "sim/list_tensor_desc.h"
