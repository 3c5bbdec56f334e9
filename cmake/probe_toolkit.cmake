# cmake [-DASCEND_HOME_PATH=<root>] -P cmake/probe_toolkit.cmake: cmake/cann_toolkit.cmake's findings as key=value
# lines for the shell scripts (scripts/build.sh, scripts/_setup.sh); lists are ;-separated. Without a root: the
# summary line of a build without a toolkit, as cmake/cann.cmake says it. CMAKE: this cmake's own executable (behind
# any wrapper script on PATH).
include(${CMAKE_CURRENT_LIST_DIR}/cann_toolkit.cmake)
execute_process(COMMAND ${CMAKE_COMMAND} -E echo "CMAKE=${CMAKE_COMMAND}")
if(NOT ASCEND_HOME_PATH)
    execute_process(COMMAND ${CMAKE_COMMAND} -E echo "SUMMARY=${ASCENDOPS_NO_TOOLKIT_SUMMARY}")
    return()
endif()
ascendops_probe_toolkit("${ASCEND_HOME_PATH}")
foreach(key FLOW VERSION FOUND SUMMARY)
    execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${key}=${ASCENDOPS_TOOLKIT_${key}}")
endforeach()
foreach(key ASC_CMAKE_DIR TEMPLATE_DIR FLOW_MISSING RUNTIME_MISSING)
    execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${key}=${ASCENDOPS_${key}}")
endforeach()
