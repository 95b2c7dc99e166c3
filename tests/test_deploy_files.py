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
