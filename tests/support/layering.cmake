# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The folders of core/ in layering order: a file may include headers of its own folder and of the folders before
# it, never of one after it; ui/ includes nothing of core/cli/. Every include of core/, ui/ and app/ names its layer
# from the repository's root ("core/load/workload.h", "ui/report/wallsview.h"), so that a reader knows which of two
# folders of one name (report/, run/, …) it is. cmake -DSOURCE_DIR=<repository> -P layering.cmake fails with every
# include that runs against the order or does not name its layer, with a folder the order does not name, and with a
# function of core/ or ui/ longer than 150 lines, with a stored fact read by key above store/, and with a
# step's phase compared with a word.
# docs/architecture.md explains the order.
set(LAYERS common net telemetry catalog server load doctor store shard stats plan quality analysis import launch sim run
    predict tune report cli)

file(GLOB folders LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}/core" "${SOURCE_DIR}/core/*")
set(problems "")
foreach(folder IN LISTS folders)
    if(NOT IS_DIRECTORY "${SOURCE_DIR}/core/${folder}")
        continue()
    endif()
    list(FIND LAYERS "${folder}" rank)
    if(rank LESS 0)
        string(APPEND problems "core/${folder}/ is not in the layering order of tests/support/layering.cmake\n")
        continue()
    endif()
    file(GLOB_RECURSE sources "${SOURCE_DIR}/core/${folder}/*.h" "${SOURCE_DIR}/core/${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^#include \"core/[a-z]+/")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^#include \"core/([a-z]+)/.*" "\\1" target "${line}")
            list(FIND LAYERS "${target}" targetRank)
            if(targetRank GREATER rank)
                file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
                string(APPEND problems "${shown}: ${line} (${folder} is below ${target})\n")
            endif()
        endforeach()
    endforeach()
endforeach()
# Includes that name their layer: core/… or ui/… (a test's own .moc aside), and core/ never includes ui/.
file(GLOB_RECURSE layeredSources "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/ui/*.h"
    "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(source IN LISTS layeredSources)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
    file(STRINGS "${source}" includes REGEX "^#include \"")
    foreach(line IN LISTS includes)
        if(line MATCHES "\\.moc\"")
            continue()
        elseif(NOT line MATCHES "^#include \"(core|ui)/")
            string(APPEND problems "${shown}: ${line} (name the layer: \"core/…\" or \"ui/…\" from the repository's root)\n")
        elseif(shown MATCHES "^core/" AND line MATCHES "^#include \"ui/")
            string(APPEND problems "${shown}: ${line} (core includes nothing of ui/)\n")
        endif()
    endforeach()
endforeach()
# The window and the command line are siblings over core: no file of ui/ includes a command's header.
file(GLOB_RECURSE uiSources "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp")
foreach(source IN LISTS uiSources)
    file(STRINGS "${source}" includes REGEX "^#include \"core/cli/")
    foreach(line IN LISTS includes)
        file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
        string(APPEND problems "${shown}: ${line} (the window includes no command)\n")
    endforeach()
endforeach()
# One run, one answer: a run is put into words in core/report only (ReportContent and its faces), and the report's
# JSON is read back beside its writer. Outside core/report, no file reads the report's schema by key, and no face of
# the window or the command line formats a capacity, a wall or the lowest wall itself.
file(GLOB_RECURSE productSources "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/ui/*.h"
    "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(source IN LISTS productSources)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
    if(shown MATCHES "^core/report/")
        continue()
    endif()
    file(STRINGS "${source}" reads REGEX "(value|contains)\\(u\"(schema|analysis|document)\"\\)|u\"kneepoint-report\"")
    foreach(line IN LISTS reads)
        string(STRIP "${line}" line)
        string(APPEND problems "${shown}: ${line} (the report's JSON is read in core/report: JsonReport::read)\n")
    endforeach()
    if(shown MATCHES "^(ui|app|core/cli)/")
        file(STRINGS "${source}" words
            REGEX "Capacity::Bound|lowestSentence\\(|Wall::name\\(|capacityAnswer\\(|answerOf\\(|evidenceWithQueue\\(")
        foreach(line IN LISTS words)
            string(STRIP "${line}" line)
            string(APPEND problems "${shown}: ${line} (a capacity or a wall is put into words in core/report)\n")
        endforeach()
    endif()
endforeach()
# A run's stored facts and environment are read through their types (core/store: ClientEnvironment with its
# NetworkFacts, ClockAnchor and import; LaunchFacts; ServerOutageRecord; core/server: ServerFacts,
# PrefixCacheResets), so that a key is spelt once, beside its writer's type. Above store/, no file reads them by key:
# neither the stored objects themselves (info.facts, info.environment, and RunData::stored's) nor one of their keys.
list(FIND LAYERS store storeRank)
set(storedKeys "launch|network|clock|import|server_outages|prefix_cache_reset|engine_args|memory_estimate|experiment")
string(APPEND storedKeys "|kneepoint_version|health_round_trip_median_ms|anchor_utc_ns|cores")
set(rawFactRead "(info|stored)\\.(facts|environment)\\.(value|contains)\\(|(value|contains)\\(u\"(${storedKeys})\"\\)")
foreach(source IN LISTS productSources)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
    if(shown MATCHES "^core/([a-z]+)/")
        list(FIND LAYERS "${CMAKE_MATCH_1}" rank)
        if(NOT rank GREATER storeRank)
            continue()
        endif()
    endif()
    file(STRINGS "${source}" reads REGEX "${rawFactRead}")
    foreach(line IN LISTS reads)
        string(STRIP "${line}" line)
        string(APPEND problems "${shown}: ${line} (read a stored fact through its type: ClientEnvironment, LaunchFacts, …)\n")
    endforeach()
endforeach()
# What a step measures is a Phase (core/store/phase.h), named in one place: no file compares a phase with a word.
foreach(source IN LISTS productSources)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
    file(STRINGS "${source}" words REGEX "\\.phase *[!=]= *u\"|\\.phase\\(QStringLiteral\\(\"|info\\.phase = QStringLiteral")
    foreach(line IN LISTS words)
        string(STRIP "${line}" line)
        string(APPEND problems "${shown}: ${line} (a step's phase is a Phase, not a word)\n")
    endforeach()
endforeach()
# No function of core/ or ui/ runs past 150 lines: a long function's commented phases are functions of their own. A
# function is counted from its opening brace to its closing one, each alone on a line at the left margin, as
# clang-format writes every function there.
set(longestFunction 150)
foreach(source IN LISTS productSources)
    if(NOT source MATCHES "/(core|ui)/[^/]+/.*\\.cpp$")
        continue()
    endif()
    file(READ "${source}" text)
    # One list element per line, empty lines kept; a semicolon would split a line in two.
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(number 0)
    set(opened -1)
    foreach(line IN LISTS lines)
        math(EXPR number "${number} + 1")
        if(line STREQUAL "{")
            set(opened ${number})
        elseif(line STREQUAL "}" AND opened GREATER 0)
            math(EXPR length "${number} - ${opened} + 1")
            if(length GREATER longestFunction)
                file(RELATIVE_PATH shown "${SOURCE_DIR}" "${source}")
                string(APPEND problems
                    "${shown}:${opened}: a function of ${length} lines (at most ${longestFunction}: split its phases)\n")
            endif()
            set(opened -1)
        endif()
    endforeach()
endforeach()
if(problems)
    message(FATAL_ERROR "Includes against the layering of core/, or functions too long:\n${problems}")
endif()
list(LENGTH LAYERS count)
message(STATUS "core/: ${count} folders, no include against the layering")
