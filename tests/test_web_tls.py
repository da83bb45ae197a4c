"""``golf web`` over real TLS (docs/web.md, *Play with friends*): a certificate authority and a
server certificate for 127.0.0.1 made here, a real ``golf web --certfile --keyfile`` process,
and clients that trust only that authority: HTTPS for the page and WSS for the game, end to end.
The same port refuses plain HTTP, a client that does not trust the certificate gets nothing,
and the allowlists take the https origin (not the http one). A real browser plays over it in
tests/browser/test_browser_security.py."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import json
import ssl
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator

import pytest
import websockets
from test_web_server import GUARD, Server, Tab

from golfcore.cli import main
from golfcore.web.security import CSP


@dataclass(frozen=True)
class Certificates:
    ca: Path        # the authority's certificate (what clients trust)
    cert: Path      # the server's certificate, for 127.0.0.1 and localhost
    key: Path       # its private key (unencrypted PEM)


def make_certificates(folder: Path) -> Certificates:
    """A throwaway certificate authority and a server certificate it signed."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "golfcore test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                       content_commitment=False, key_encipherment=False,
                                       data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                         critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
            .issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([
                x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = Certificates(folder / "ca.pem", folder / "cert.pem", folder / "key.pem")
    paths.ca.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths.key.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                            serialization.PrivateFormat.PKCS8,
                                            serialization.NoEncryption()))
    return paths


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    return make_certificates(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory,
           certificates: Certificates) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("tls-db") / "web.sqlite3",
                     "--certfile", str(certificates.cert), "--keyfile", str(certificates.key))
    yield running
    running.stop()


def trusting(certificates: Certificates) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(certificates.ca))


def test_https_and_wss_end_to_end(server: Server, certificates: Certificates) -> None:
    assert server.url.startswith("https://127.0.0.1:") and server.ws_url.startswith("wss://")
    context = trusting(certificates)
    with urllib.request.urlopen(server.url, timeout=GUARD, context=context) as page:
        assert page.status == 200 and page.headers["content-security-policy"] == CSP
        assert b'<script type="module" src="/static/app.js">' in page.read()

    async def play() -> tuple[dict, dict, dict]:
        async with websockets.connect(server.ws_url, ssl=context,
                                      origin=server.url.rstrip("/")) as ws:  # type: ignore
            tab = Tab(ws)
            hello = await tab("hello")
            new = await tab("new", code="GO1-E-AAAAAAB")
            drawn = await tab("draw", version=0)
            return hello, new, drawn

    hello, new, drawn = asyncio.run(play())
    assert hello["ok"] is True and new["ok"] is True and drawn["version"] == 1
    with urllib.request.urlopen(server.url + "api/stats", timeout=GUARD,
                                context=context) as stats:
        assert json.load(stats)["solitaire"][0]["variant"] == "app-facil"
    assert server.stderr.empty(), list(server.stderr.queue)    # no warning on loopback


def test_only_the_https_origin_is_the_server_s_own(server: Server,
                                                   certificates: Certificates) -> None:
    context = trusting(certificates)

    async def attempt(origin: str) -> int:
        try:
            async with websockets.connect(server.ws_url, ssl=context,
                                          origin=origin) as ws:  # type: ignore[arg-type]
                return 101 if (await Tab(ws)("hello"))["ok"] else 0
        except websockets.InvalidStatus as exc:
            return exc.response.status_code

    assert asyncio.run(attempt(f"https://localhost:{server.port}")) == 101
    assert asyncio.run(attempt(f"http://127.0.0.1:{server.port}")) == 403
    assert asyncio.run(attempt("https://evil.example")) == 403


def test_nothing_travels_in_clear_and_nothing_without_the_certificate(server: Server) -> None:
    plain = server.url.replace("https://", "http://")
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(plain, timeout=GUARD).read()
    with pytest.raises(urllib.error.URLError) as refused:
        urllib.request.urlopen(server.url, timeout=GUARD)      # the system's authorities
    assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)

    async def ws_in_clear() -> None:
        async with websockets.connect(server.ws_url.replace("wss://", "ws://")):
            pass

    with pytest.raises((websockets.InvalidMessage, websockets.InvalidHandshake, OSError,
                        EOFError)):
        asyncio.run(ws_in_clear())


def test_a_certificate_that_cannot_be_used_is_a_usage_error(
        certificates: Certificates, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = make_certificates(tmp_path)
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    for cert, key, message in [
            (certificates.cert, other.key, "cannot use the certificate"),   # not its key
            (garbage, certificates.key, "cannot use the certificate"),
            (tmp_path / "missing.pem", certificates.key, "no such file")]:
        assert main(["web", "--port", "0", "--certfile", str(cert), "--keyfile", str(key)]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def test_tls_on_a_network_address_warns_only_that_anyone_may_play(
        tmp_path: Path, certificates: Certificates) -> None:
    running = Server(tmp_path / "web.sqlite3", "--host", "0.0.0.0", "--certfile",
                     str(certificates.cert), "--keyfile", str(certificates.key))
    try:
        warning = running.stderr.get(timeout=GUARD)
        assert "warning: listening on 0.0.0.0" in warning
        assert running.url.startswith("https://127.0.0.1:")
    finally:
        running.stop()
    # no "no TLS" warning: only Ctrl-C's line
    assert list(running.stderr.queue) == ["golf: interrupted"]
