"""A folder served on 127.0.0.1 the way a static web host serves it, for the site's and JupyterLite's tests."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """What any static web host does: files, with the types browsers insist on for modules and WebAssembly."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".mjs": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json", ".whl": "application/zip",
        ".pdf": "application/pdf", ".svg": "image/svg+xml"}

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(folder: Path, handler: type[StaticHost] = StaticHost, port: int = 0) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (``port`` 0: any free port) while the block runs; yields ``http://127.0.0.1:N``."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
