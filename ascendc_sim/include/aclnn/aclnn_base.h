// aclnn base declarations: status type, handles, and the executor (defined by op_api).
#pragma once
#include "aclnn/acl_meta.h"

struct aclOpExecutor;
