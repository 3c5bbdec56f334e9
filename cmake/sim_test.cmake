# ascendops_sim_test(<name> SOURCES <files...> [DEFINES <defs...>]): a test program of the twin (tests/ut/sim/<dir>),
# linked with ascendc_sim and built into <build>/sim_tests, where the tests look for it; pip installs it into the
# package (ascendops/sim_tests) for test builds only: an install for use carries no test code.
function(ascendops_sim_test name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEFINES" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    if(ARG_DEFINES)
        target_compile_definitions(${name} PRIVATE ${ARG_DEFINES})
    endif()
    target_link_libraries(${name} PRIVATE ascendc_sim)
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/sim_tests)
    if(SKBUILD AND ASCENDOPS_TEST_EXTENSION)
        install(TARGETS ${name} RUNTIME DESTINATION ascendops/sim_tests)
    endif()
endfunction()
