"""The live server of the browser tests on ASGI: uvicorn in a thread of the test process,
serving the site as config.asgi does (and the static files, as pytest-django's WSGI live
server does), so that the pages' event streams are served as in production (pbem.web.stream
answers 204 under WSGI). It stands in for pytest-django's ``live_server`` (tests/conftest.py),
with the same attributes that plugin's helper fixture uses."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.test.utils import modify_settings


class AsgiLiveServer:
    def __init__(self, host: str = "localhost"):
        self.host = host
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        config = uvicorn.Config(
            ASGIStaticFilesHandler(get_asgi_application()),
            log_level="warning",
            lifespan="off",
            # open event streams do not hold the end of the run back
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self._sock]}, daemon=True, name="asgi-live-server")
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the ASGI live server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self._sock.close()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __str__(self) -> str:
        return self.url

    def __add__(self, other: str) -> str:
        return f"{self}{other}"
