#include "aclnn_call.h"

#include <string>

#include "torch_npu/csrc/core/npu/NPUFunctions.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "torch_npu/csrc/framework/OpCommand.h"

namespace ascendops::torch_npu_ext {
namespace {

// aclnn's parameter errors (aclnn_base.h ACLNN_ERR_PARAM_NULLPTR / ACLNN_ERR_PARAM_INVALID).
constexpr aclnnStatus kParamNull = 161001;
constexpr aclnnStatus kParamInvalid = 161002;

struct DtypeRow {
    at::ScalarType torch;
    aclDataType acl;
};
constexpr DtypeRow kDtypes[] = {
    {at::kFloat, ACL_FLOAT}, {at::kHalf, ACL_FLOAT16}, {at::kBFloat16, ACL_BF16}, {at::kDouble, ACL_DOUBLE},
    {at::kInt, ACL_INT32},   {at::kLong, ACL_INT64},   {at::kShort, ACL_INT16},   {at::kChar, ACL_INT8},
    {at::kByte, ACL_UINT8},  {at::kBool, ACL_BOOL},
};

std::string RecentMessage() {
    const char* message = aclGetRecentErrMsg();
    return message == nullptr ? std::string("(no message)") : std::string(message);
}

}  // namespace

aclDataType AclDtypeOf(at::ScalarType dtype, const char* name) {
    for (const DtypeRow& row : kDtypes) {
        if (row.torch == dtype) return row.acl;
    }
    TORCH_CHECK_TYPE(false, name, ": dtype ", dtype, " is not supported by ascendops");
}

AclArgs::~AclArgs() {
    for (aclTensorList* list : lists_) aclDestroyTensorList(list);
    for (aclTensor* tensor : tensors_) aclDestroyTensor(tensor);
    for (aclIntArray* array : arrays_) aclDestroyIntArray(array);
}

aclTensor* AclArgs::Make(const at::Tensor& t, const char* name) const {
    TORCH_CHECK_TYPE(t.defined(), name, ": an undefined tensor");
    TORCH_CHECK_VALUE(t.device() == device_, name, " is on ", t.device(), ", the call on ", device_,
                      ": every tensor must be on one NPU");
    const std::vector<int64_t> sizes(t.sizes().begin(), t.sizes().end());
    const std::vector<int64_t> strides(t.strides().begin(), t.strides().end());
    const int64_t storageElements = static_cast<int64_t>(t.storage().nbytes() / t.element_size());
    aclTensor* tensor =
        aclCreateTensor(sizes.data(), sizes.size(), AclDtypeOf(t.scalar_type(), name), strides.data(),
                        t.storage_offset(), ACL_FORMAT_ND, &storageElements, 1, const_cast<void*>(t.storage().data()));
    TORCH_CHECK(tensor != nullptr, name, ": aclCreateTensor returned null: ", RecentMessage());
    return tensor;
}

aclTensor* AclArgs::Tensor(const at::Tensor& t, const char* name) {
    tensors_.push_back(Make(t, name));
    return tensors_.back();
}

aclTensorList* AclArgs::TensorList(const std::vector<at::Tensor>& ts, const char* name) {
    std::vector<aclTensor*> items;
    for (const at::Tensor& t : ts) {
        try {
            items.push_back(Make(t, name));
        } catch (...) {
            for (aclTensor* made : items) aclDestroyTensor(made);
            throw;
        }
    }
    aclTensorList* list = aclCreateTensorList(items.data(), items.size());
    if (list == nullptr) {
        for (aclTensor* made : items) aclDestroyTensor(made);
        TORCH_CHECK(false, name, ": aclCreateTensorList returned null: ", RecentMessage());
    }
    lists_.push_back(list);
    return list;
}

aclIntArray* AclArgs::IntArray(c10::IntArrayRef values) {
    aclIntArray* array = aclCreateIntArray(values.data(), values.size());
    TORCH_CHECK(array != nullptr, "aclCreateIntArray returned null: ", RecentMessage());
    arrays_.push_back(array);
    return array;
}

PreparedCall PreparedCall::Prepare(const char* api, std::shared_ptr<AclArgs> args, const PhaseOne& phaseOne,
                                   PhaseTwo phaseTwo, const at::Device& device) {
    // stream(false): the stream handle without draining the task queue (phase 2 is queued behind the work in it).
    aclrtStream stream = c10_npu::getCurrentNPUStream(device.index()).stream(false);
    if (c10_npu::check_enqueue_need_use(stream)) c10_npu::UseStreamResInCurrentThread(stream);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = phaseOne(&workspaceSize, &executor);
    if (status == kParamNull || status == kParamInvalid) {
        TORCH_CHECK_VALUE(false, api, "GetWorkspaceSize: aclnn error ", status, ": ", RecentMessage());
    }
    TORCH_CHECK(status == 0, api, "GetWorkspaceSize: aclnn error ", status, ": ", RecentMessage());
    at::Tensor workspace;
    if (workspaceSize != 0) {
        workspace = at::empty({static_cast<int64_t>(workspaceSize)}, at::TensorOptions(device).dtype(at::kByte));
    }
    return PreparedCall{api, std::move(args), phaseTwo, executor, workspace, workspaceSize, stream};
}

void PreparedCall::Queue() const {
    // The workspace's block goes back to the caching allocator when the caller drops this call; the allocator
    // hands it out again only in this stream's order, so phase 2 (queued on the same stream) still owns it.
    void* workspaceAddress = workspace.defined() ? workspace.data_ptr() : nullptr;
    auto launch = [api = api, args = args, phaseTwo = phaseTwo, workspaceAddress, size = workspaceSize,
                   executor = executor, stream = stream]() -> int {
        if (c10_npu::check_dequeue_need_use(stream)) c10_npu::UseStreamResInCurrentThread(stream);
        const aclnnStatus launched = phaseTwo(workspaceAddress, size, executor, stream);
        TORCH_CHECK(launched == 0, api, ": aclnn error ", launched, ": ", RecentMessage());
        return launched;
    };
    at_npu::native::OpCommand::RunOpApiV2(api, launch);
}

void RunAclnn(const char* api, std::shared_ptr<AclArgs> args, const PhaseOne& phaseOne, PhaseTwo phaseTwo,
              const at::Device& device) {
    PreparedCall::Prepare(api, std::move(args), phaseOne, phaseTwo, device).Queue();
}

}  // namespace ascendops::torch_npu_ext
