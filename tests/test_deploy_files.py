"""The files that run pbem elsewhere are valid, and the import rules hold."""

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_docker_compose_file_is_accepted():
    tool = shutil.which("docker-compose")
    assert tool, "docker-compose is installed by scripts/ensure-tools (make test)"
    run = subprocess.run([tool, "-f", str(ROOT / "docker-compose.yml"), "config", "-q"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    assert {"web", "worker", "beat", "postgres", "redis", "mailcatcher", "smtp-inbound"} <= set(services)
    assert services["beat"]["deploy"]["replicas"] == 1


def test_import_rules_hold():
    """engines/ imports nothing of the service (import-linter contracts in pyproject.toml)."""
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: " in run.stdout and " broken" in run.stdout and "0 broken" in run.stdout


def test_the_image_holds_every_package_the_project_installs():
    """The Dockerfile copies each top-level package that pyproject installs (a
    missing one, as boards/ was, fails only when the image first draws a board)."""
    import tomllib

    include = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    copied = {line.split()[1] for line in (ROOT / "Dockerfile").read_text().splitlines() if line.startswith("COPY ")}
    assert {pattern.rstrip("*") for pattern in include} <= copied


def _queues_taken(argv: list[str]) -> set[str]:
    return set(argv[argv.index("-Q") + 1].split(",")) if "celery" in argv and "worker" in argv else set()


def test_every_way_of_running_pbem_has_a_worker_for_the_games_and_one_for_mail():
    """Mail has a queue of its own by default (PBEM_MAIL_QUEUE, issue 29): a deployment file that
    started no worker for it would send no mail at all."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    taken = [_queues_taken(s.get("command") or []) for s in compose.values()]
    # CELERY_QUEUE's default and PBEM_MAIL_QUEUE's, each on workers of their own
    assert {"pbem"} in taken and {"pbem.mail"} in taken
    env = {"PATH": "/usr/bin:/bin"}  # the Procfile's defaults, as a shell expands them
    taken = []
    for line in (ROOT / "Procfile").read_text().splitlines():
        cmd = line.split(":", 1)[1]
        out = subprocess.run(["sh", "-c", f'for a in {cmd}; do echo "$a"; done'], env=env, capture_output=True, text=True)
        taken.append(_queues_taken(out.stdout.split()))
    assert {"pbem"} in taken and {"pbem.mail"} in taken
    conf = (ROOT / "config" / "supervisord.conf").read_text()
    assert "-Q %(ENV_CELERY_QUEUE)s " in conf and "-Q %(ENV_CELERY_QUEUE)s.mail " in conf  # make run: CELERY_QUEUE=pbem
