# What the opp package is made of, for either flow (cmake/npu.cmake: asc-config; cmake/template_project.cmake:
# msopgen's template). Paths are absolute, under ASCENDOPS_SOURCE_ROOT.
#
# ASCENDOPS_OPP_OPS: the operator folders (op_host/<op>, op_kernel/<op>) and their OpTypes (op_host/<op>/<op>_def.cpp,
# vendor-prefixed so none repeats a CANN built-in; each OpDef names its kernel file and entry, op_def_util.h).
set(ASCENDOPS_OPP_OPS cast embedding_dense_grad fused_gdn_decode fused_swiglu_grad split)
set(ASCENDOPS_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/..)
get_filename_component(ASCENDOPS_SOURCE_ROOT ${ASCENDOPS_SOURCE_ROOT} ABSOLUTE)

# Host units of an operator beyond op_host/<op>/<op>_{def,infershape,tiling_context,tiling}.cpp: FusedSwigluGrad's
# w / x tilings, with CANN's matmul_tiling for their cube tiling.
set(ascendops_opp_host_extra_fused_swiglu_grad op_host/fused_swiglu_grad/fused_swiglu_grad_cube_tiling.cpp
    ascendc_sim/platform/soc_cube.cpp op_host/common/matmul_tiling_cann.cpp)
# op_api's NPU library (libascendops_opapi.so, docs/host_path.md): the compositions (aclnnAscendopsEmbeddingDenseBackward,
# aclnnAscendopsFusedSwigluGrad) of the operators they call, the code they share with the twin, the NPU side of the
# seam (*_npu.cpp) and the pure tilings they size workspaces with. The kernel-level pairs are the generated ones
# (libcust_opapi.so).
set(ascendops_opapi_of_embedding_dense_grad op_api/aclnn_embedding_dense_backward.cpp
    op_api/embedding_dense_grad_args.cpp)
set(ascendops_opapi_of_fused_swiglu_grad op_api/aclnn_fused_swiglu_grad_user.cpp)
set(ascendops_opapi_common op_api/common/aclnn_context.cpp op_api/common/tensor_util.cpp
    op_api/common/backend_npu.cpp op_api/common/device_steps_npu.cpp)

# ascendops_opp_sources(<ops>): for the operators <ops> (a subset of ASCENDOPS_OPP_OPS) sets
#   ASCENDOPS_OPP_HOST         OpDefs, InferShape, tiling adapters and the pure tilings they call
#   ASCENDOPS_OPP_KERNELS      op_kernel/<op>/*.cpp and *.h (the package compiles <opFile>.cpp, headers beside it)
#   ASCENDOPS_OPAPI            libascendops_opapi.so's sources
#   ASCENDOPS_OPAPI_HEADERS    its headers (op_api/aclnn_*.h)
function(ascendops_opp_sources ops)
    set(root ${ASCENDOPS_SOURCE_ROOT})
    set(host ${root}/ascendc_sim/platform/soc.cpp)
    set(kernels "")
    set(opapi "")
    foreach(op ${ops})
        if(NOT op IN_LIST ASCENDOPS_OPP_OPS)
            message(FATAL_ERROR "ascendops: unknown operator '${op}' (the package has ${ASCENDOPS_OPP_OPS})")
        endif()
        foreach(part def infershape tiling_context tiling)
            list(APPEND host ${root}/op_host/${op}/${op}_${part}.cpp)
        endforeach()
        foreach(rel ${ascendops_opp_host_extra_${op}})
            list(APPEND host ${root}/${rel})
        endforeach()
        foreach(rel ${ascendops_opapi_of_${op}})
            list(APPEND opapi ${root}/${rel})
        endforeach()
        file(GLOB files ${root}/op_kernel/${op}/*.cpp ${root}/op_kernel/${op}/*.h)
        list(APPEND kernels ${files})
    endforeach()
    foreach(rel ${ascendops_opapi_common})
        list(APPEND opapi ${root}/${rel})
    endforeach()
    file(GLOB tilings ${root}/ascendc_sim/platform/*.cpp ${root}/op_host/common/*.cpp ${root}/op_host/*/*_tiling.cpp)
    list(FILTER tilings EXCLUDE REGEX "matmul_tiling_cann\\.cpp$")  # the pure cube tiling, as the twin's
    file(GLOB headers ${root}/op_api/aclnn_*.h)
    set(ASCENDOPS_OPP_HOST "${host}" PARENT_SCOPE)
    set(ASCENDOPS_OPP_KERNELS "${kernels}" PARENT_SCOPE)
    set(ASCENDOPS_OPAPI "${opapi};${tilings}" PARENT_SCOPE)
    set(ASCENDOPS_OPAPI_HEADERS "${headers}" PARENT_SCOPE)
endfunction()

# cmake -P cmake/opp_sources.cmake: the lists of every operator as key=value lines (scripts/cann_check/units.py).
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
    ascendops_opp_sources("${ASCENDOPS_OPP_OPS}")
    foreach(key HOST KERNELS)
        execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${key}=${ASCENDOPS_OPP_${key}}")
    endforeach()
endif()
