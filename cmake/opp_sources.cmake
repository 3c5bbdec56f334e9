# What the opp package is made of, for either flow (cmake/npu.cmake: asc-config; cmake/template_project.cmake:
# msopgen's template). Paths are absolute, under ASCENDOPS_SOURCE_ROOT.
#
# ASCENDOPS_OPP_OPS: the operator folders (op_host/<op>, op_kernel/<op>) of the registry (cmake/registry.cmake) and
# their OpTypes (op_host/<op>/<op>_def.cpp, vendor-prefixed so none repeats a CANN built-in; each OpDef names its
# kernel file and entry, op_def_util.h). An operator's "host" sources of the registry are its host units beyond
# op_host/<op>/<op>_{def,infershape,tiling_context,tiling}.cpp (FusedSwigluGrad: the w / x tilings, with CANN's
# matmul_tiling); its "op_api" sources go to op_api's NPU library (libascendops_opapi.so, docs/host_path.md): the
# compositions of the operators they call. The kernel-level pairs are the generated ones (libcust_opapi.so).
include(${CMAKE_CURRENT_LIST_DIR}/registry.cmake)
set(ASCENDOPS_OPP_OPS ${ASCENDOPS_OPERATORS})
set(ASCENDOPS_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/..)
get_filename_component(ASCENDOPS_SOURCE_ROOT ${ASCENDOPS_SOURCE_ROOT} ABSOLUTE)

# The code op_api's NPU library shares with the twin and the NPU side of the seam (*_npu.cpp).
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
        ascendops_registry_field(host_extra ${op} host)
        ascendops_registry_field(opapi_of ${op} op_api)
        foreach(rel ${host_extra})
            list(APPEND host ${root}/${rel})
        endforeach()
        foreach(rel ${opapi_of})
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
