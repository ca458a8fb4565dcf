#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Kubernetes manifests of a sharded run without a cluster.

kubectl --dry-run needs a cluster and says nothing about Kneepoint's own rules, so this checks what breaks a sharded
run silently: an Indexed Job whose completions, parallelism and --shard I/N disagree (pods running the wrong part of
the plan, or two pods the same part), a retried shard that would miss the schedule, the API key outside a Secret, a
$(VAR) that Kubernetes would pass on literally, a database written outside the shared volume, and options the
kneepoint binary does not have.

    packaging/kubernetes/check-manifests.py                         # every *.yaml next to this script
    packaging/kubernetes/check-manifests.py --kneepoint build/ci/app/kneepoint
    packaging/kubernetes/check-manifests.py --allow run=--url,--shard --allow merge=--db FILE.yaml

Needs python3 and python3-yaml (Debian 12 packages). Exits 1 on any problem, naming file, document and object.
"""

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import yaml

COMPLETION_INDEX_FIELD = "metadata.annotations['batch.kubernetes.io/job-completion-index']"
RESULTS = "/results"
WORKLOAD_KINDS = {"Job", "Deployment", "Pod", "StatefulSet", "DaemonSet"}
VAR_REFERENCE = re.compile(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)")
HELP_OPTION = re.compile(r"--[a-z0-9][a-z0-9-]*")


class Problems:
    """Collects every problem, so one run of CI lists them all instead of the first."""

    def __init__(self):
        self.messages = []

    def add(self, where, message):
        self.messages.append(f"{where}: {message}")


class Document:
    def __init__(self, path, number, body):
        self.path = path
        self.number = number
        self.body = body
        # (N, --db pattern) once check_indexed_job has read this document as the shards' Indexed Job.
        self.shards = None

    @property
    def kind(self):
        return self.body.get("kind")

    @property
    def name(self):
        return (self.body.get("metadata") or {}).get("name")

    def where(self):
        return f"{self.path} (document {self.number}, {self.kind}/{self.name})"


def load(paths, problems):
    documents = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                bodies = list(yaml.safe_load_all(f))
        except (OSError, yaml.YAMLError) as e:
            problems.add(path, f"cannot be read as YAML: {e}")
            continue
        for number, body in enumerate(bodies, start=1):
            if body is None:  # an empty document, e.g. after a trailing ---
                continue
            where = f"{path} (document {number})"
            if not isinstance(body, dict):
                problems.add(where, "is not a mapping")
                continue
            for field in ("apiVersion", "kind"):
                if not isinstance(body.get(field), str) or not body[field]:
                    problems.add(where, f"has no {field}")
            if not isinstance(body.get("metadata"), dict) or not body["metadata"].get("name"):
                problems.add(where, "has no metadata.name")
            documents.append(Document(path, number, body))
    return documents


def pod_spec(document):
    """The pod template's spec of a workload, or None for other kinds."""
    body = document.body
    if body.get("kind") == "Pod":
        return body.get("spec") or {}
    if body.get("kind") in WORKLOAD_KINDS:
        return ((body.get("spec") or {}).get("template") or {}).get("spec") or {}
    return None


def kneepoint_arguments(container):
    """The arguments after `kneepoint`, or None when the container runs something else (a shell, sleep)."""
    command = container.get("command")
    args = [str(a) for a in container.get("args") or []]
    if command is None:
        # The image's ENTRYPOINT is kneepoint; only an image of ours is assumed to have it.
        return args if "kneepoint" in str(container.get("image", "")) else None
    command = [str(c) for c in command]
    if command and os.path.basename(command[0]) == "kneepoint":
        return command[1:] + args
    return None


def options_of(arguments):
    """(option, value or None) for every --option in an argument list, in either --opt VALUE or --opt=VALUE form."""
    found = []
    for i, arg in enumerate(arguments):
        if not arg.startswith("--"):
            continue
        if "=" in arg:
            name, value = arg.split("=", 1)
        else:
            name = arg
            following = arguments[i + 1] if i + 1 < len(arguments) else None
            value = following if following is not None and not following.startswith("--") else None
        found.append((name, value))
    return found


def env_by_name(container):
    return {e.get("name"): e for e in container.get("env") or [] if isinstance(e, dict)}


def check_container(document, container, spec, problems):
    where = f"{document.where()} container {container.get('name')}"
    env = env_by_name(container)
    arguments = kneepoint_arguments(container) or []

    # Kubernetes leaves an undefined $(VAR) as it is, so the shard would get the literal text as its value.
    # envFrom may define any name, so with envFrom the check cannot tell and is skipped.
    if not container.get("envFrom"):
        for arg in arguments:
            for var in VAR_REFERENCE.findall(arg):
                if var not in env:
                    problems.add(where, f"argument '{arg}' uses $({var}), which the container's env does not define")

    key = env.get("KNEEPOINT_API_KEY")
    if key is not None:
        reference = (key.get("valueFrom") or {}).get("secretKeyRef")
        if "value" in key or not reference:
            problems.add(where, "KNEEPOINT_API_KEY must come from a Secret (valueFrom.secretKeyRef), not a value")
        elif not reference.get("name") or not reference.get("key"):
            problems.add(where, "KNEEPOINT_API_KEY's secretKeyRef needs a name and a key")
        elif reference.get("optional") is True:
            problems.add(where, "KNEEPOINT_API_KEY's secretKeyRef is optional: without the Secret it runs keyless")
    for name, _ in options_of(arguments):
        if name == "--api-key":
            problems.add(where, "the API key is never an argument (the pod spec and ps show it): use KNEEPOINT_API_KEY")

    # A mount of a volume the pod does not define is rejected by the API server; catch it before.
    volumes = {v.get("name") for v in spec.get("volumes") or []}
    for mount in container.get("volumeMounts") or []:
        if mount.get("name") not in volumes:
            problems.add(where, f"mounts volume '{mount.get('name')}', which the pod does not define")


def check_indexed_job(document, problems):
    """The rules of a sharded run's Indexed Job. Returns (N, the --db pattern) for the merge check."""
    where = document.where()
    spec = document.body.get("spec") or {}
    template = pod_spec(document)
    completions = spec.get("completions")
    parallelism = spec.get("parallelism")
    if not isinstance(completions, int) or completions < 1:
        problems.add(where, "an Indexed Job needs completions, a whole number of shards")
        completions = None
    if parallelism != completions:
        problems.add(where, f"parallelism ({parallelism}) must equal completions ({completions}): every shard runs "
                     "at the same time, on one schedule")
    if spec.get("backoffLimit") != 0:
        problems.add(where, "backoffLimit must be 0: a retried shard starts late and cannot rejoin the schedule")
    if template.get("restartPolicy") != "Never":
        problems.add(where, "restartPolicy must be Never: a restarted shard cannot rejoin the schedule")

    db_pattern = None
    runs = 0
    for container in template.get("containers") or []:
        arguments = kneepoint_arguments(container)
        if not arguments or arguments[0] != "run":
            continue
        runs += 1
        cwhere = f"{where} container {container.get('name')}"
        env = env_by_name(container)
        options = options_of(arguments)
        shards = [value for name, value in options if name == "--shard"]
        if not shards:
            problems.add(cwhere, "kneepoint run in an Indexed Job needs --shard $(JOB_COMPLETION_INDEX)/N, or every "
                         "pod runs the whole plan")
        for value in shards:
            index, _, count = (value or "").partition("/")
            if not count.isdigit():
                problems.add(cwhere, f"--shard '{value}' is not I/N")
            elif completions is not None and int(count) != completions:
                problems.add(cwhere, f"--shard '{value}' splits into {count} parts, but the Job has {completions} "
                             "completions")
            if index != "$(JOB_COMPLETION_INDEX)":
                problems.add(cwhere, f"--shard '{value}' must take its index from $(JOB_COMPLETION_INDEX), or pods "
                             "run the same part")

        field = ((env.get("JOB_COMPLETION_INDEX") or {}).get("valueFrom") or {}).get("fieldRef") or {}
        if field.get("fieldPath") != COMPLETION_INDEX_FIELD:
            problems.add(cwhere, f"JOB_COMPLETION_INDEX must come from the downward API: fieldRef.fieldPath: "
                         f"{COMPLETION_INDEX_FIELD}")
        key = env.get("KNEEPOINT_API_KEY")
        if key is None and not any(name == "--api-key-file" for name, _ in options):
            problems.add(cwhere, "KNEEPOINT_API_KEY is not set (from a secretKeyRef)")
        if not any(m.get("mountPath") == RESULTS for m in container.get("volumeMounts") or []):
            problems.add(cwhere, f"nothing is mounted at {RESULTS}: the shard databases would die with the pods")
        if "--start-at" not in (name for name, _ in options):
            problems.add(cwhere, "kneepoint run --shard needs --start-at, the schedule every shard shares")
        dbs = [value for name, value in options if name == "--db"]
        for value in dbs:
            if not (value or "").startswith(RESULTS + "/"):
                problems.add(cwhere, f"--db '{value}' is outside {RESULTS}, so the merge cannot reach it")
            if "$(JOB_COMPLETION_INDEX)" not in (value or ""):
                problems.add(cwhere, f"--db '{value}' is the same file for every shard: name it by "
                             "$(JOB_COMPLETION_INDEX)")
            db_pattern = value
        if not dbs:
            problems.add(cwhere, "kneepoint run needs --db on the shared volume")
    if runs == 0:
        problems.add(where, "an Indexed Job here should run `kneepoint run` in a container")
    return completions, db_pattern


def check_cross_references(documents, problems):
    """What spans documents and files: claims, the clock server's Service, the merge's list of shard files."""
    claims = {d.name for d in documents if d.kind == "PersistentVolumeClaim"}
    services = {d.name: d for d in documents if d.kind == "Service"}
    workloads = [(d, pod_spec(d)) for d in documents if pod_spec(d) is not None]

    for document, spec in workloads:
        for volume in spec.get("volumes") or []:
            claim = (volume.get("persistentVolumeClaim") or {}).get("claimName")
            if claim and claim not in claims:
                problems.add(document.where(), f"volume '{volume.get('name')}' claims '{claim}', which no "
                             "PersistentVolumeClaim here defines")

    # --clock-server http://NAME:PORT must name a Service of ours with that port, or every shard fails to start.
    for document, spec in workloads:
        for container in spec.get("containers") or []:
            for name, value in options_of(kneepoint_arguments(container) or []):
                if name != "--clock-server" or not value:
                    continue
                url = urlsplit(value)
                host = (url.hostname or "").split(".")[0]
                service = services.get(host)
                if service is None:
                    problems.add(document.where(), f"--clock-server {value}: no Service '{host}' here")
                    continue
                ports = {p.get("port") for p in (service.body.get("spec") or {}).get("ports") or []}
                if url.port not in ports:
                    problems.add(document.where(), f"--clock-server {value}: Service '{host}' has ports "
                                 f"{sorted(ports)}, not {url.port}")

    # The merge must name exactly the files the shards write: one missing is a run with a quarter of its load gone.
    shard_jobs = [d for d in documents if d.shards is not None]
    for document, spec in workloads:
        for container in spec.get("containers") or []:
            arguments = kneepoint_arguments(container)
            if not arguments or arguments[0] != "merge":
                continue
            inputs = []
            for i, arg in enumerate(arguments[1:], start=1):
                if arg.startswith("--"):
                    continue
                if arguments[i - 1].startswith("--") and "=" not in arguments[i - 1]:
                    continue  # the value of an option such as --db
                inputs.append(arg)
            for job in shard_jobs:
                completions, pattern = job.shards
                if completions is None or pattern is None:
                    continue
                expected = [pattern.replace("$(JOB_COMPLETION_INDEX)", str(i)) for i in range(completions)]
                if sorted(inputs) != sorted(expected):
                    problems.add(document.where(), f"merges {inputs}, but {job.where()} writes {expected}")


def help_options(kneepoint, command, problems):
    """The --options `kneepoint COMMAND --help` lists, or None when there is no such command."""
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    try:
        result = subprocess.run([kneepoint, command, "--help"], capture_output=True, text=True, timeout=60,
                                env=environment, check=False)
    except OSError as e:
        problems.add(kneepoint, f"cannot be run: {e}")
        return None
    if result.returncode != 0:
        problems.add(kneepoint, f"`{command} --help` failed ({result.returncode}): {result.stderr.strip()}")
        return None
    return set(HELP_OPTION.findall(result.stdout + result.stderr))


def check_options(documents, known, kneepoint, problems):
    """Every subcommand and --option the manifests give kneepoint exists, per --allow lists or the binary's help."""
    used = []
    for document in documents:
        spec = pod_spec(document)
        if spec is None:
            continue
        for container in spec.get("containers") or []:
            arguments = kneepoint_arguments(container)
            if arguments:
                used.append((f"{document.where()} container {container.get('name')}", arguments))
    if kneepoint and not (os.path.isfile(kneepoint) and os.access(kneepoint, os.X_OK)):
        problems.add(kneepoint, "is not an executable file (--kneepoint takes the path of the built binary)")
        return
    failed = set()  # commands whose --help failed, already reported with the binary's own words
    for command in sorted({arguments[0] for _, arguments in used}):
        if command not in known and kneepoint:
            options = help_options(kneepoint, command, problems)
            if options is None:
                failed.add(command)
            else:
                known[command] = options
    for where, arguments in used:
        command = arguments[0]
        if command in failed:
            continue
        if command not in known:
            problems.add(where, f"kneepoint has no subcommand '{command}'" + ("" if kneepoint else " in --allow"))
            continue
        for name, _ in options_of(arguments):
            if name not in known[command]:
                problems.add(where, f"`kneepoint {command}` has no option {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help="manifests to check (default: every *.yaml next to this script)")
    parser.add_argument("--kneepoint", metavar="PATH",
                        help="check every subcommand and option against `PATH <subcommand> --help`")
    parser.add_argument("--allow", metavar="CMD=--OPT,--OPT", action="append", default=[],
                        help="the options a subcommand has, instead of asking a binary (repeatable)")
    args = parser.parse_args()
    files = args.files or sorted(Path(__file__).resolve().parent.glob("*.yaml"))
    if not files:
        parser.error("no manifests to check")

    problems = Problems()
    documents = load(files, problems)
    for document in documents:
        spec = pod_spec(document)
        if spec is None:
            continue
        if not spec.get("containers"):
            problems.add(document.where(), "has no containers")
        for container in spec.get("containers") or []:
            check_container(document, container, spec, problems)
        if document.kind == "Job" and (document.body.get("spec") or {}).get("completionMode") == "Indexed":
            document.shards = check_indexed_job(document, problems)
    # The whole folder describes a sharded run; a file given alone (the merge Job) may not.
    if not args.files and not any(d.shards is not None for d in documents):
        problems.add(", ".join(map(str, files)), "no Indexed Job (completionMode: Indexed) runs the shards")
    check_cross_references(documents, problems)

    known = {}
    for entry in args.allow:
        command, _, options = entry.partition("=")
        known.setdefault(command, set()).update(o for o in options.split(",") if o)
    if known or args.kneepoint:
        check_options(documents, known, args.kneepoint, problems)
    else:
        print("note: options not checked against kneepoint (give --kneepoint PATH or --allow)", file=sys.stderr)

    if problems.messages:
        for message in problems.messages:
            print(f"error: {message}", file=sys.stderr)
        print(f"{len(problems.messages)} problem(s) in {len(files)} file(s)", file=sys.stderr)
        return 1
    print(f"ok: {len(documents)} documents in {len(files)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
