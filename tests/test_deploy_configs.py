"""The reverse proxy files of docs/deploy/ are ones the proxies take: nginx parses its
file (``nginx -t``, with a certificate made for the test, never listening), and
Caddy validates its own. Each test skips where its proxy is not installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy"
LIVE = "/etc/letsencrypt/live/sniff.example.org/"


def _certificate(folder: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (nginx -t needs a certificate to load)")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-subj", "/CN=sniff.example.org", "-days", "1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=30,
    )  # fmt: skip
    return cert, key


@pytest.mark.parametrize("name", ["nginx-sniff.conf", "nginx-sniff-workers.conf"])
def test_nginx_takes_the_sites_file(tmp_path: Path, name: str) -> None:
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if nginx is None:
        pytest.skip("nginx is not installed")
    cert, key = _certificate(tmp_path)
    site = (DEPLOY / name).read_text(encoding="utf-8")
    assert LIVE + "fullchain.pem" in site and LIVE + "privkey.pem" in site
    site = site.replace(LIVE + "fullchain.pem", str(cert)).replace(LIVE + "privkey.pem", str(key))
    (tmp_path / "site.conf").write_text(site, encoding="utf-8")
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  include {tmp_path}/site.conf;\n}}\n",
        encoding="utf-8",
    )
    log = str(tmp_path / "error.log")
    done = subprocess.run(
        [nginx, "-t", "-q", "-e", log, "-p", str(tmp_path), "-c", str(main)],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_the_sites_file_passes_the_websocket_and_the_players_address() -> None:
    site = (DEPLOY / "nginx-sniff.conf").read_text(encoding="utf-8")
    ws = site[site.index("location = /ws") :]
    ws = ws[: ws.index("}")]
    for line in (
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $sniff_connection;",
        "proxy_set_header Host $http_host;",
        "proxy_set_header X-Forwarded-For $remote_addr;",
        "proxy_read_timeout 3600s;",
    ):
        assert line in ws
    assert "server 127.0.0.1:8765;" in site


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile-workers"])
def test_caddy_validates_the_caddyfile(tmp_path: Path, name: str) -> None:
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("caddy is not installed")
    # (a copy whose log goes to the test's folder: validating opens the log file)
    text = (DEPLOY / name).read_text(encoding="utf-8")
    text = text.replace("/var/log/caddy/sniff.log", str(tmp_path / "sniff.log"))
    (tmp_path / "Caddyfile").write_text(text, encoding="utf-8")
    done = subprocess.run(
        [caddy, "validate", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_workers_files_route_each_process_its_own_characters() -> None:
    from sniff.server.workers import share

    first, second = share(1, 2), share(2, 2)
    nginx = (DEPLOY / "nginx-sniff-workers.conf").read_text(encoding="utf-8")
    caddy = (DEPLOY / "Caddyfile-workers").read_text(encoding="utf-8")
    for text in (nginx, caddy):
        assert f"^/ws/[{first[0]}-9A-{first[-1]}]$" in text
        assert f"^/ws/[{second[0]}-{second[-1]}]$" in text


def test_the_service_runs_the_server_on_loopback_behind_the_proxy() -> None:
    unit = (DEPLOY / "sniff.service").read_text(encoding="utf-8")
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    assert "sniff serve --host 127.0.0.1" in start and "--trusted-proxy 127.0.0.1" in start
    assert "KillSignal=SIGTERM" in unit  # the signal that saves every table
