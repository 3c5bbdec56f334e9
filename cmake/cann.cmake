# Detect the CANN toolkit. Without it only the CPU path (host tiling, CPU twin kernels, aclnn on the twin) is built.
set(ASCENDOPS_WITH_CANN OFF)
if(DEFINED ENV{ASCEND_HOME_PATH} AND EXISTS "$ENV{ASCEND_HOME_PATH}")
    set(ASCENDOPS_WITH_CANN ON)
    set(ASCEND_HOME_PATH "$ENV{ASCEND_HOME_PATH}")
    message(STATUS "ascendops: CANN toolkit at ${ASCEND_HOME_PATH}; the NPU opp package is built by scripts/build.sh")
else()
    message(STATUS "ascendops: CANN toolkit not found (ASCEND_HOME_PATH unset): building the CPU path only")
endif()
