"""A Web Push service stand-in on loopback: it takes what pywebpush posts,
checks the VAPID JWT (RFC 8292) against the server's public key, decrypts the
aes128gcm payload (RFC 8291) with the subscription's private key, and keeps
the notification read; it answers with the statuses it is told to (201 by
default), so tests can make a device gone (404/410) or the service down (5xx)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.test import override_settings


def b64d(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Device:
    """A browser's side of one subscription: its key pair and auth secret."""

    def __init__(self, service: PushService, name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = f"{service.origin}/push/{name}"
        point = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.p256dh = b64e(point)
        self.auth_b64 = b64e(self.auth)
        service.devices[f"/push/{name}"] = self


class PushService:
    def __init__(self, vapid_public_key: str):
        self.vapid_public_key = vapid_public_key
        self.devices: dict[str, Device] = {}
        self.answers: list[int] = []  # statuses to answer with, in order; then 201
        self.received: list[dict] = []  # {device, status, notification (dict) or error}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                status = service.answers.pop(0) if service.answers else 201
                entry = {"path": self.path, "status": status, "headers": dict(self.headers)}
                try:
                    entry["notification"] = service.read(self.path, self.headers, body)
                except Exception as exc:  # noqa: BLE001 - a test reads what failed
                    entry["error"] = f"{type(exc).__name__}: {exc}"
                    status = 400
                service.received.append(entry)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        # the stand-in listens on loopback, which a push may reach only by the operator's leave
        # (notifications.egress): given while it runs
        self.allowed = override_settings(PBEM_CHANNEL_ALLOWED_NETWORKS=["127.0.0.0/8"])
        self.allowed.enable()
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.allowed.disable()
        self.server.shutdown()
        self.server.server_close()

    def device(self, name: str) -> Device:
        return Device(self, name)

    def read(self, path: str, headers, body: bytes) -> dict:
        """Check the VAPID signature and claims, decrypt and parse the payload."""
        scheme, _, params = headers["Authorization"].partition(" ")
        assert scheme == "vapid", scheme
        fields = dict(p.strip().split("=", 1) for p in params.split(","))
        assert fields["k"] == self.vapid_public_key, "signed with another key"
        head, claims, signature = fields["t"].split(".")
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64d(fields["k"]))
        raw = b64d(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises InvalidSignature
        assert json.loads(b64d(head)) == {"typ": "JWT", "alg": "ES256"}
        claims = json.loads(b64d(claims))
        assert claims["aud"] == self.origin and claims["exp"] > time.time() and claims["sub"].startswith("mailto:")
        assert headers["Content-Encoding"] == "aes128gcm" and int(headers["TTL"]) > 0
        device = self.devices[path]
        plain = http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm")
        return json.loads(plain)
