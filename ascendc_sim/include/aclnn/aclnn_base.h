// aclnn base declarations: status type, handles, and the executor (an opaque handle; op_api defines what it holds).
#pragma once
#include "aclnn/acl_meta.h"
