# The CANN toolkit named by ASCEND_HOME_PATH, if any (cmake/cann_toolkit.cmake), and what this build makes of it.
# The CPU path (host tiling, CPU twin kernels, aclnn on the twin, the Python modules) is built whatever the toolkit:
# a toolkit only adds targets (ASCENDOPS_WITH_CANN: the asc-config flow's opp package, cmake/npu.cmake;
# ASCENDOPS_NPU_MODULE: ascendops._C_npu, cmake/npu_module.cmake). One status line says what was found and built.
include(${CMAKE_CURRENT_LIST_DIR}/cann_toolkit.cmake)
set(ASCENDOPS_WITH_CANN OFF)
set(ASCENDOPS_NPU_MODULE OFF)
if(DEFINED ENV{ASCEND_HOME_PATH} AND NOT "$ENV{ASCEND_HOME_PATH}" STREQUAL "")
    set(ASCEND_HOME_PATH "$ENV{ASCEND_HOME_PATH}")
    ascendops_probe_toolkit("${ASCEND_HOME_PATH}")
    message(STATUS "ascendops: ${ASCENDOPS_TOOLKIT_SUMMARY}")
else()
    message(STATUS "ascendops: ${ASCENDOPS_NO_TOOLKIT_SUMMARY}")
endif()
