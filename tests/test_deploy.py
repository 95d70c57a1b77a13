"""The container and service files (Dockerfile, .dockerignore, compose.yaml, the systemd unit): each
read for what a hoster relies on, the image's health check run for real against a server on
127.0.0.1, its entry point (tini) run over a stand-in bot, and the unit checked by systemd's own
parser (`systemd-analyze verify`); each tool a test needs is skipped, with the reason, where absent.
No image is built here: that needs the base image from a registry this machine cannot reach."""

from __future__ import annotations

import http.server
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "systemd" / "tavern@.service"


# --- Dockerfile ----------------------------------------------------------------------------------


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments left out."""
    found: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        name, _, arguments = pending.strip().partition(" ")
        found.append((name.upper(), " ".join(arguments.split()) if name.upper() == "RUN" else arguments))
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return found


def final_stage() -> list[tuple[str, str]]:
    """The instructions of the image that runs: from the last FROM on."""
    instructions = dockerfile_instructions()
    last_from = max(index for index, (name, _) in enumerate(instructions) if name == "FROM")
    return instructions[last_from:]


def exec_form(arguments: str) -> list[str]:
    """A JSON-array argument (exec form: no shell in between, so signals reach the program)."""
    value = json.loads(arguments)
    assert isinstance(value, list) and all(isinstance(item, str) for item in value), arguments
    return value


def test_the_image_runs_as_a_user_that_is_not_root() -> None:
    users = [arguments for name, arguments in final_stage() if name == "USER"]
    assert users, "no USER in the final stage: the bot would run as root"
    assert users[-1].split(":")[0] not in ("root", "0")


def test_the_bot_is_started_in_exec_form_under_tini_and_stopped_with_sigterm() -> None:
    stage = final_stage()
    entrypoint = exec_form(next(arguments for name, arguments in stage if name == "ENTRYPOINT"))
    # tini is PID 1 and passes SIGTERM to `tavern` alone (no -g: the computer workers are the
    # bot's to end); installed in this same stage.
    assert entrypoint == ["/usr/bin/tini", "--", "tavern"]
    assert any(
        name == "RUN" and "apt-get install" in arguments and " tini" in arguments for name, arguments in stage
    )
    assert exec_form(next(arguments for name, arguments in stage if name == "CMD")) == ["run"]
    assert ("STOPSIGNAL", "SIGTERM") in stage


def test_the_image_has_the_library_pillow_shapes_right_to_left_text_with() -> None:
    """Pillow's wheels bring Raqm and HarfBuzz but load FriBiDi from the system: without it an
    Arabic or Hebrew name is drawn unjoined and in the wrong order."""
    assert any(
        name == "RUN" and "apt-get install" in arguments and " libfribidi0" in arguments
        for name, arguments in final_stage()
    )


BOT_STAND_IN = """
import multiprocessing, os, pathlib, signal, sys, time
from concurrent.futures import ProcessPoolExecutor

def start_worker(mark: str) -> int:
    signal.signal(signal.SIGTERM, lambda *_: pathlib.Path(mark).write_text("SIGTERM"))
    return os.getpid()

if __name__ == "__main__":
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    pool.submit(start_worker, sys.argv[1]).result()
    print("ready", flush=True)
    while not stopping:
        time.sleep(0.02)
    pool.shutdown(wait=True)
    print("stopped", flush=True)
"""


@pytest.mark.skipif(not Path("/usr/bin/tini").exists(), reason="tini is not installed here (Debian: tini)")
def test_tini_hands_sigterm_to_the_bot_alone_and_passes_its_exit_status_on(tmp_path: Path) -> None:
    """The image's ENTRYPOINT with a stand-in for `tavern` that has a computer worker: `docker stop`'s
    SIGTERM reaches the bot, never its worker (which the bot ends itself), and the bot's exit 0 is
    the container's."""
    script, mark = tmp_path / "bot.py", tmp_path / "worker-got-sigterm"
    script.write_text(BOT_STAND_IN, encoding="utf-8")
    entrypoint = exec_form(next(arguments for name, arguments in final_stage() if name == "ENTRYPOINT"))
    command = [*entrypoint[:-1], sys.executable, str(script), str(mark)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None
        assert process.stdout.readline() == "ready\n"
        process.send_signal(signal.SIGTERM)
        output, errors = process.communicate(timeout=30)
    assert (process.returncode, output) == (0, "stopped\n"), errors
    assert not mark.exists()


def test_the_database_lives_on_the_data_volume() -> None:
    stage = final_stage()
    volumes = [arguments for name, arguments in stage if name == "VOLUME"]
    assert volumes and "/data" in exec_form(volumes[-1])
    environment = " ".join(arguments for name, arguments in stage if name == "ENV")
    assert re.search(r"\bDATABASE_PATH=/data/tavern\.sqlite3\b", environment)
    # A relative DATABASE_PATH (the .env example's data/tavern.sqlite3) lands on the volume too.
    assert [arguments for name, arguments in stage if name == "WORKDIR"][-1] == "/data"
    # The folder is the user's before VOLUME, so a new named volume starts out writable by it.
    names = [name for name, _ in stage]
    chown = next(
        i for i, (name, arguments) in enumerate(stage) if name == "RUN" and "chown tavern" in arguments
    )
    assert chown < names.index("VOLUME")


def test_the_dependencies_are_installed_from_the_lock_file_with_hashes() -> None:
    instructions = dockerfile_instructions()
    assert instructions[0] == ("ARG", "PYTHON_IMAGE=python:3.12-slim")
    assert [arguments.split()[0] for name, arguments in instructions if name == "FROM"] == [
        "${PYTHON_IMAGE}"
    ] * 2
    runs = [arguments for name, arguments in instructions if name == "RUN"]
    assert any("pip install --require-hashes -r /src/requirements/run.txt" in run for run in runs)
    # The bot itself adds nothing unlocked: its dependencies are all in already.
    assert any("pip install --no-deps /src" in run for run in runs)
    assert ("COPY", "requirements/run.txt /src/requirements/run.txt") in instructions
    assert ("COPY", "--from=build /opt/tavern /opt/tavern") in final_stage()


def test_no_secret_is_baked_into_the_image() -> None:
    for name, arguments in dockerfile_instructions():
        if name in ("ENV", "ARG", "LABEL"):
            assert not re.search(r"TOKEN|PASSWORD|SECRET|DATABASE_URL", arguments, re.IGNORECASE), arguments


# --- the image's HEALTHCHECK, run for real --------------------------------------------------------


def healthcheck_command() -> list[str]:
    arguments = next(arguments for name, arguments in final_stage() if name == "HEALTHCHECK")
    options, _, command = arguments.partition(" CMD ")
    assert set(re.findall(r"--([a-z-]+)=", options)) == {"interval", "timeout", "start-period", "retries"}
    words = exec_form(command)
    assert words[:2] == ["python", "-c"]  # slim images have no curl; the venv's python is on PATH
    return [sys.executable, *words[1:]]


@pytest.fixture
def healthz_server() -> Iterator[tuple[int, list[int]]]:
    """A server on 127.0.0.1 answering /healthz with the status the test puts in the list."""
    status = [200]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status[0] if self.path == "/healthz" else 404)
            self.end_headers()
            self.wfile.write(b"ok\n")

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], status
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def run_healthcheck(**settings: str) -> int:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("METRICS_")}
    environment.update(settings)
    return subprocess.run(healthcheck_command(), env=environment, capture_output=True, timeout=30).returncode


def test_the_healthcheck_asks_healthz_when_metrics_port_is_set(healthz_server: tuple[int, list[int]]) -> None:
    port, status = healthz_server
    assert run_healthcheck(METRICS_PORT=str(port)) == 0
    assert run_healthcheck(METRICS_PORT=str(port), METRICS_HOST="0.0.0.0") == 0  # asks 127.0.0.1
    assert run_healthcheck(METRICS_PORT=str(port), METRICS_HOST="127.0.0.1") == 0
    status[0] = 503
    assert run_healthcheck(METRICS_PORT=str(port)) != 0


def test_the_healthcheck_fails_when_nothing_answers_and_passes_without_metrics() -> None:
    with socket_port() as free_port:
        assert run_healthcheck(METRICS_PORT=str(free_port)) != 0
    assert run_healthcheck() == 0
    assert run_healthcheck(METRICS_PORT="") == 0


class socket_port:
    """A port on 127.0.0.1 that is bound (so no one else takes it) but does not listen."""

    def __enter__(self) -> int:
        import socket

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        return int(self.socket.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        self.socket.close()


# --- .dockerignore --------------------------------------------------------------------------------


def dockerignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """Docker's pattern rules: `*` and `?` stay within one folder, `**` spans any number."""
    parts = re.split(r"(\*\*/?|\*|\?)", pattern.strip("/"))
    regex = "".join(
        {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part))
        for part in parts
    )
    return re.compile(regex + r"\Z")


def sent_to_builder(path: str) -> bool:
    """Whether the build context holds `path`: the last pattern matching it or a folder above it
    decides (as Docker's MatchesOrParentMatches)."""
    parts = path.split("/")
    candidates = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    sent = True
    for pattern in dockerignore_patterns():
        negated = pattern.startswith("!")
        regex = pattern_regex(pattern[1:] if negated else pattern)
        if any(regex.match(candidate) for candidate in candidates):
            sent = negated
    return sent


def test_dockerignore_keeps_secrets_and_tests_out() -> None:
    for path in (
        ".env",
        ".git/config",
        ".venv/bin/python",
        "tests/test_deploy.py",
        "bench/__main__.py",
        "docs/rules/keibot.md",
        "data/tavern.sqlite3",
        "data/tavern.sqlite3-wal",
        "host/__pycache__/store.cpython-312.pyc",
        "backup.sqlite3",
        "Dockerfile",
    ):
        assert not sent_to_builder(path), path


def test_dockerignore_lets_through_every_file_the_package_is_built_from() -> None:
    """Every tracked file of the packages pyproject.toml finds (their fonts and migrations too),
    the metadata and the lock file: a package added to pyproject but not to .dockerignore fails."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = pyproject["tool"]["setuptools"]["packages"]["find"]  # the layers and the entry package
    packages = [pattern.removesuffix("*") for pattern in found["include"]]
    assert sent_to_builder("pyproject.toml") and sent_to_builder("README.md")
    assert sent_to_builder("requirements/run.txt") and not sent_to_builder("requirements/test.txt")
    for package in packages:
        files = [
            path for path in (ROOT / package).rglob("*") if path.is_file() and "__pycache__" not in path.parts
        ]
        assert files, package
        for path in files:
            relative = path.relative_to(ROOT).as_posix()
            if not relative.endswith((".sqlite3", ".sqlite3-wal", ".sqlite3-shm")):
                assert sent_to_builder(relative), relative
    assert sent_to_builder("render/fonts/DejaVuSans.ttf")
    assert sent_to_builder("data/migrations/sqlite/0001_matches.sql")
    assert sent_to_builder("tavern/cli.py")  # the console script's package (issue 32)


# --- compose.yaml ---------------------------------------------------------------------------------


def read_simple_yaml(text: str) -> Any:
    """The part of YAML compose.yaml uses: block mappings and lists, `[flow, lists]` and quoted or
    plain scalars, comments. (No YAML library is among the project's packages.)"""
    lines: list[tuple[int, str]] = []
    for raw in text.splitlines():
        stripped = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if stripped.strip():
            lines.append((len(stripped) - len(stripped.lstrip()), stripped.strip()))

    def scalar(value: str) -> Any:
        if value.startswith("[") and value.endswith("]"):
            return [scalar(item.strip()) for item in value[1:-1].split(",") if item.strip()]
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            return value[1:-1]
        return value

    def block(start: int, indent: int) -> tuple[Any, int]:
        if lines[start][1].startswith("- "):
            items: list[Any] = []
            index = start
            while index < len(lines) and lines[index][0] == indent and lines[index][1].startswith("- "):
                items.append(scalar(lines[index][1][2:].strip()))
                index += 1
            return items, index
        mapping: dict[str, Any] = {}
        index = start
        while index < len(lines) and lines[index][0] == indent:
            key, colon, value = lines[index][1].partition(":")
            assert colon, f"not a mapping line: {lines[index][1]!r}"
            index += 1
            if value.strip():
                mapping[key.strip()] = scalar(value.strip())
            elif index < len(lines) and lines[index][0] > indent:
                mapping[key.strip()], index = block(index, lines[index][0])
            elif index < len(lines) and lines[index][0] == indent and lines[index][1].startswith("- "):
                mapping[key.strip()], index = block(index, indent)  # a list at the key's indent
            else:
                mapping[key.strip()] = None
        return mapping, index

    document, end = block(0, 0)
    assert end == len(lines), f"unread line: {lines[end][1]!r}"
    return document


@pytest.fixture(scope="module")
def compose() -> Any:
    return read_simple_yaml((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_the_bot_on_a_volume_and_stops_it_within_ten_seconds(compose: Any) -> None:
    bot = compose["services"]["bot"]
    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    assert bot["environment"]["DATABASE_PATH"] == "/data/tavern.sqlite3"
    assert bot["environment"]["METRICS_PORT"].isdigit()  # gives the image's HEALTHCHECK an answer
    assert bot["volumes"] == ["tavern-data:/data"]
    assert bot["restart"] == "unless-stopped"
    assert bot["stop_signal"] == "SIGTERM"
    assert bot["stop_grace_period"] == "10s"
    assert "profiles" not in bot  # starts with a plain `docker compose up`
    # Waits for PostgreSQL when its profile runs it; without the profile the bot starts alone.
    assert bot["depends_on"] == {"postgres": {"condition": "service_healthy", "required": "false"}}


def test_compose_has_postgresql_under_its_own_profile(compose: Any) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["profiles"] == ["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert postgres["volumes"] == ["postgres-data:/var/lib/postgresql/data"]
    assert postgres["healthcheck"]["test"][:2] == ["CMD", "pg_isready"]
    # No password written in the file: it comes from .env.
    assert postgres["environment"]["POSTGRES_PASSWORD"] == "${POSTGRES_PASSWORD:-}"
    assert set(compose["volumes"]) == {"tavern-data", "postgres-data"}
    # The header tells the bot's DATABASE_URL for this service.
    assert "DATABASE_URL=postgresql://tavern:<the same password>@postgres:5432/tavern" in (
        ROOT / "compose.yaml"
    ).read_text(encoding="utf-8")


def docker_compose_v2() -> bool:
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30).returncode == 0


@pytest.mark.skipif(not docker_compose_v2(), reason="the docker compose plugin is not installed here")
def test_docker_compose_reads_the_file(tmp_path: Path) -> None:
    environment = {**os.environ, "POSTGRES_PASSWORD": "x"}
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\n", encoding="utf-8")
    shutil.copy(ROOT / "compose.yaml", tmp_path / "compose.yaml")
    for profile in ([], ["--profile", "postgres"]):
        result = subprocess.run(
            ["docker", "compose", "-f", "compose.yaml", *profile, "config", "--quiet"],
            cwd=tmp_path,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr


# --- the systemd unit -----------------------------------------------------------------------------


def unit_settings() -> dict[str, list[str]]:
    """`Section.Key` -> its values in order (a key may repeat, as EnvironmentFile does)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, equals, value = line.partition("=")
        assert equals, f"not a setting: {line!r}"
        settings.setdefault(f"{section}.{key}", []).append(value)
    return settings


def test_the_unit_runs_one_instance_per_shard_range_and_restarts_on_failure() -> None:
    settings = unit_settings()
    exec_start = shlex.split(settings["Service.ExecStart"][0])
    assert exec_start[1:] == ["run", "--shards", "%i"]
    assert exec_start[0].endswith("/bin/tavern")
    assert settings["Service.Restart"] == ["on-failure"]
    assert settings["Service.EnvironmentFile"] == ["/etc/tavern/env", "-/etc/tavern/%i.env"]
    assert settings["Service.User"] == ["tavern"]
    assert settings["Install.WantedBy"] == ["multi-user.target"]


def test_the_unit_stops_the_bot_with_sigterm_within_ten_seconds() -> None:
    settings = unit_settings()
    assert settings["Service.KillSignal"] == ["SIGTERM"]
    # SIGTERM to the bot alone: the default would also break the computer workers' searches.
    assert settings["Service.KillMode"] == ["mixed"]
    assert settings["Service.TimeoutStopSec"] == ["10"]


def test_the_unit_is_hardened_but_may_write_its_database_folder() -> None:
    settings = unit_settings()
    for key, value in {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "StateDirectory": "tavern",
        "ReadWritePaths": "/var/lib/tavern",
        "WorkingDirectory": "/var/lib/tavern",
        "CapabilityBoundingSet": "",
    }.items():
        assert settings[f"Service.{key}"] == [value], key
    # Python's ctypes/libffi closures need memory that is written and then run.
    assert "Service.MemoryDenyWriteExecute" not in settings


def systemd_root(tmp_path: Path) -> Path:
    """A file-system root for `systemd-analyze verify --root`: systemd's own units, ours, and a
    stand-in for the installed `tavern` (verify checks that ExecStart's program exists)."""
    root = tmp_path / "root"
    units = next(
        (Path(p) for p in ("/usr/lib/systemd/system", "/lib/systemd/system") if Path(p).is_dir()), None
    )
    if units is None:
        pytest.skip("no systemd unit folder here for verify to resolve the default dependencies")
    shutil.copytree(units, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, root / "etc/systemd/system" / UNIT.name)
    program = root / shlex.split(unit_settings()["Service.ExecStart"][0])[0].lstrip("/")
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    return root


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_systemd_analyze_verify_accepts_the_unit_with_a_shard_range_instance(tmp_path: Path) -> None:
    root = systemd_root(tmp_path)
    command = ["systemd-analyze", "verify", f"--root={root}", "tavern@0-3.service"]
    quiet = {key: value for key, value in os.environ.items() if not key.startswith("SYSTEMD_")}
    result = subprocess.run(command, env=quiet, capture_output=True, text=True, timeout=60)
    # Unknown keys and bad values are warnings with status 0: any output at all is a finding.
    assert (result.returncode, result.stdout + result.stderr) == (0, "")

    # systemd's own reading of the instance: %i with its dash expanded where it is used.
    debug = subprocess.run(
        command, env={**quiet, "SYSTEMD_LOG_LEVEL": "debug"}, capture_output=True, text=True, timeout=60
    )
    assert debug.returncode == 0
    dump = debug.stdout + debug.stderr
    program = shlex.split(unit_settings()["Service.ExecStart"][0])[0]
    for line in (
        f"Command Line: {program} run --shards 0-3",
        "EnvironmentFile: -/etc/tavern/0-3.env",
        "KillMode: mixed",
        "KillSignal: SIGTERM",
        "TimeoutStopSec: 10s",
        "Restart: on-failure",
        "ProtectSystem: strict",
        "ReadWritePaths: /var/lib/tavern",
    ):
        assert f"\t{line}\n" in dump, line
