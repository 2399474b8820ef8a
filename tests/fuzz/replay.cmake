# CTest's fuzz_replay (tests/fuzz/CMakeLists.txt): runs the replay build of
# every harness (HARNESSES, separated by '|') over its seed corpus and its
# regressions, and fails naming each harness that crashed or broke an invariant.
string(REPLACE "|" ";" harnesses "${HARNESSES}")
set(failed)
foreach(harness IN LISTS harnesses)
    execute_process(COMMAND "${harness}" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        get_filename_component(name "${harness}" NAME)
        list(APPEND failed "${name} (${rc})")
    endif()
endforeach()
if(failed)
    list(JOIN failed ", " failed)
    message(FATAL_ERROR "fuzz replay failed: ${failed}")
endif()
