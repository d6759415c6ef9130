"""Download axe-core (Deque's accessibility rules engine, npm package ``axe-core``) for the browser tests.

The tarball comes from the npm registry at a pinned version and is checked against the registry's published
sha512 integrity before ``package/axe.min.js`` is extracted to the path given on the command line.
Usage: ``python tests/browser/fetch_axe.py .cache/axe-core-4.14.1/axe.min.js``
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "4.14.1"
URL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="


def main(target: str) -> None:
    with urllib.request.urlopen(URL, timeout=120) as response:
        data = response.read()
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != INTEGRITY:
        sys.exit(f"axe-core {VERSION}: the download's sha512 is {digest}, not the registry's {INTEGRITY}")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        member = tar.extractfile("package/axe.min.js")
        if member is None:
            sys.exit(f"axe-core {VERSION}: no package/axe.min.js in {URL}")
        script = member.read()
    out = Path(target)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(script)
    print(f"axe-core {VERSION} -> {out} ({len(script) // 1024} KiB)")


if __name__ == "__main__":
    main(sys.argv[1])
