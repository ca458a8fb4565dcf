// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A stand-in for `docker`, `podman` and `vllm` in kneepoint launch's tests, chosen by the name it is started as.
// Every call appends its argument list as one JSON array line to $KNEEPOINT_FAKE_DOCKER_LOG. `run` and `serve` turn
// into `kneepoint sim` ($KNEEPOINT_BINARY) by exec, so the launcher's child is the simulator itself; `stop`, `rm -f`
// and `kill` end it through a pid file in $KNEEPOINT_FAKE_DOCKER_STATE (default: the log's directory); `ps` lists
// the containers still running. Extra simulator arguments come from $KNEEPOINT_FAKE_ENGINE_SIM_ARGS (space
// separated); $KNEEPOINT_FAKE_ENGINE_DELAY_S delays the start with a loading line, $KNEEPOINT_FAKE_ENGINE_FATAL prints
// that line and exits 1 instead. Plain C++ and POSIX, no Qt: it must start fast and exec cleanly.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <sys/types.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

std::string env(const char* name)
{
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

std::string jsonString(const std::string& s)
{
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + '"';
}

std::string baseName(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string stateDirectory()
{
    std::string dir = env("KNEEPOINT_FAKE_DOCKER_STATE");
    if (dir.empty()) {
        const std::string log = env("KNEEPOINT_FAKE_DOCKER_LOG");
        const auto slash = log.rfind('/');
        dir = slash == std::string::npos ? std::string(".") : log.substr(0, slash);
    }
    return dir;
}

void record(const std::vector<std::string>& args)
{
    const std::string path = env("KNEEPOINT_FAKE_DOCKER_LOG");
    if (path.empty())
        return;
    std::ofstream log(path, std::ios::app);
    log << '[';
    for (std::size_t i = 0; i < args.size(); ++i)
        log << (i ? "," : "") << jsonString(args[i]);
    log << "]\n";
}

bool alive(pid_t pid)
{
    return pid > 0 && ::kill(pid, 0) == 0;
}

pid_t readPid(const std::string& name)
{
    std::ifstream in(stateDirectory() + "/" + name + ".pid");
    long pid = 0;
    in >> pid;
    return static_cast<pid_t>(pid);
}

int stopContainer(const std::string& name)
{
    const pid_t pid = readPid(name);
    if (!alive(pid)) {
        std::remove((stateDirectory() + "/" + name + ".pid").c_str());
        std::cerr << "Error response from daemon: No such container: " << name << '\n';
        return 1;
    }
    ::kill(pid, SIGTERM);
    for (int i = 0; i < 100 && alive(pid); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (alive(pid))
        ::kill(pid, SIGKILL);
    std::remove((stateDirectory() + "/" + name + ".pid").c_str());
    std::cout << name << '\n';
    return 0;
}

/// The engine arguments the simulator shares with vLLM; everything else (--revision, --tensor-parallel-size…) is
/// vLLM's alone and dropped.
const std::set<std::string> SimFlags {"--served-model-name", "--max-model-len", "--gpu-memory-utilization",
    "--kv-cache-dtype", "--max-num-seqs", "--max-num-batched-tokens", "--block-size", "--seed",
    "--num-gpu-blocks-override", "--host", "--port"};

[[noreturn]] void execSim(
    const std::string& model, const std::vector<std::string>& engine, const std::string& port, const std::string& name)
{
    std::vector<std::string> args {"kneepoint", "sim", "--model", model};
    if (!port.empty())
        args.insert(args.end(), {"--host", "127.0.0.1", "--port", port});
    for (std::size_t i = 0; i < engine.size(); ++i) {
        if (SimFlags.count(engine[i]) && i + 1 < engine.size()) {
            if (port.empty() || (engine[i] != "--host" && engine[i] != "--port"))
                args.insert(args.end(), {engine[i], engine[i + 1]});
            ++i;
        }
    }
    std::istringstream extra(env("KNEEPOINT_FAKE_ENGINE_SIM_ARGS"));
    for (std::string word; extra >> word;)
        args.push_back(word);
    // A server started with an FP8 KV cache may answer otherwise: these words follow, and the simulator takes the
    // last value of an option (--answer-accuracy 0.5 after the common 0.95).
    for (std::size_t i = 0; i + 1 < engine.size(); ++i) {
        if (engine[i] == "--kv-cache-dtype" && engine[i + 1] == "fp8") {
            std::istringstream fp8(env("KNEEPOINT_FAKE_ENGINE_FP8_SIM_ARGS"));
            for (std::string word; fp8 >> word;)
                args.push_back(word);
        }
    }
    if (!name.empty()) {
        std::ofstream pidFile(stateDirectory() + "/" + name + ".pid");
        pidFile << ::getpid() << '\n';
    }
    // A start-up that takes a while, or one that dies with one of vLLM's fatal lines.
    const std::string delay = env("KNEEPOINT_FAKE_ENGINE_DELAY_S");
    if (!delay.empty()) {
        std::cout << "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]" << std::endl;
        std::this_thread::sleep_for(std::chrono::seconds(std::stoi(delay)));
    }
    const std::string fatal = env("KNEEPOINT_FAKE_ENGINE_FATAL");
    if (!fatal.empty()) {
        std::cout << "Traceback (most recent call last):\n" << fatal << std::endl;
        std::_Exit(1);
    }
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string binary = env("KNEEPOINT_BINARY");
    std::cout.flush();
    ::execv(binary.c_str(), argv.data());
    std::cerr << "fake engine: cannot run KNEEPOINT_BINARY '" << binary << "': " << std::strerror(errno) << '\n';
    std::_Exit(127);
}

int container(const std::vector<std::string>& args)
{
    if (args.size() < 2) {
        std::cerr << "fake docker: no command\n";
        return 2;
    }
    const std::string& command = args[1];
    if (command == "run") {
        static const std::set<std::string> withValue {"--name", "--label", "--gpus", "-p", "-e", "-v", "--shm-size",
            "--runtime", "--entrypoint", "--env", "--volume", "--publish"};
        std::string name;
        std::string port;
        std::size_t i = 2;
        for (; i < args.size() && args[i].rfind('-', 0) == 0; ++i) {
            if (!withValue.count(args[i]))
                continue;
            if (i + 1 >= args.size())
                return 125;
            const std::string& value = args[i + 1];
            if (args[i] == "--name")
                name = value;
            if (args[i] == "-p" || args[i] == "--publish") {
                // host:port:8000 → the port
                const auto last = value.rfind(':');
                const auto before = value.rfind(':', last - 1);
                port = value.substr(before + 1, last - before - 1);
            }
            ++i;
        }
        if (i + 1 >= args.size()) {
            std::cerr << "fake docker: run needs an image and a model\n";
            return 125;
        }
        const std::string& model = args[i + 1];
        const std::vector<std::string> engine(args.begin() + static_cast<long>(i) + 2, args.end());
        execSim(model, engine, port, name);
    }
    if (command == "stop" || command == "kill" || command == "rm") {
        int code = 0;
        for (std::size_t i = 2; i < args.size(); ++i) {
            if (args[i] == "-t" || args[i] == "--time" || args[i] == "-s") {
                ++i;
                continue;
            }
            if (args[i].rfind('-', 0) == 0)
                continue;
            code = std::max(code, stopContainer(args[i]));
        }
        return code;
    }
    // The daemon's version, or the error a stopped daemon gives (KNEEPOINT_FAKE_DOCKER_DAEMON=down).
    if (command == "version") {
        if (env("KNEEPOINT_FAKE_DOCKER_DAEMON") == "down") {
            std::cerr << "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon "
                         "running?\n";
            return 1;
        }
        std::cout << "27.1.1\n";
        return 0;
    }
    if (command == "ps") {
        for (std::size_t i = 2; i + 1 < args.size(); ++i) {
            const std::string prefix = "label=org.kneepoint.launch=";
            if (args[i] == "--filter" && args[i + 1].rfind(prefix, 0) == 0) {
                const std::string name = "kneepoint-" + args[i + 1].substr(prefix.size());
                if (alive(readPid(name)))
                    std::cout << name << '\n';
            }
        }
        return 0;
    }
    std::cerr << "fake docker: unknown command " << command << '\n';
    return 1;
}

int vllm(const std::vector<std::string>& args)
{
    if (args.size() < 3 || args[1] != "serve") {
        std::cerr << "fake vllm: expected 'serve MODEL …'\n";
        return 2;
    }
    const std::vector<std::string> engine(args.begin() + 3, args.end());
    execSim(args[2], engine, std::string(), "vllm-serve");
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv, argv + argc);
    record(args);
    const std::string self = baseName(args.front());
    if (self == "vllm")
        return vllm(args);
    if (self == "nvidia-smi") {
        // --query-gpu=name,memory.total for the GPU, else GpuSeries::nvidiaSmiFields() (index, power.draw,
        // utilization.gpu, memory.used, clocks.sm): a line per GPU, memory.used from the environment's figures.
        const bool total = args.size() > 1 && args[1].find("memory.total") != std::string::npos;
        if (total) {
            std::cout << "NVIDIA H100 80GB HBM3, 81559\n";
            return 0;
        }
        std::string used = env("KNEEPOINT_FAKE_NVIDIA_SMI_USED");
        if (used.empty())
            used = "1000";
        std::size_t gpu = 0, from = 0;
        while (from <= used.size()) {
            const std::size_t end = std::min(used.find('\n', from), used.size());
            std::cout << gpu++ << ", 312.50, 97, " << used.substr(from, end - from) << ", 1980\n";
            from = end + 1;
        }
        return 0;
    }
    return container(args);
}
