"""The scripts the site's pages run, served by the site itself: nothing is loaded from a CDN.

Sphinx and myst-nb would load MathJax (lesson outputs in LaTeX) and, for the lessons' saved widgets, RequireJS
and the Jupyter widgets' HTML manager from CDNs; a school's web filter or a classroom without internet would then
show raw LaTeX and empty boxes.  Each comes here from the npm registry at a pinned version, checked against the
registry's published sha512 integrity, and only the files the pages use are kept (in ``.cache/site/``, so a
second build needs no network).

>>> sorted(PACKAGES)
['@jupyter-widgets/html-manager', 'mathjax', 'requirejs']
>>> PACKAGES["mathjax"].folder.name
'mathjax-3.2.2'
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import io
import shutil
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from fifteen_kit.errors import InvalidArgumentError

__all__ = ["CACHE", "PACKAGES", "NpmPackage", "vendor"]

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "site"
REGISTRY = "https://registry.npmjs.org"


@dataclass(frozen=True)
class NpmPackage:
    """One npm package at a pinned version and the files of it the site serves.

    Attributes:
        name: the package's npm name (scoped names included).
        version: its exact version.
        integrity: the registry's ``sha512-...`` integrity of the tarball.
        keep: shell patterns of the paths kept, relative to the tarball's ``package/``.

    >>> PACKAGES["requirejs"].url
    'https://registry.npmjs.org/requirejs/-/requirejs-2.3.8.tgz'
    """

    name: str
    version: str
    integrity: str
    keep: tuple[str, ...]

    @property
    def url(self) -> str:
        """The tarball's address on the registry."""
        return f"{REGISTRY}/{self.name}/-/{self.name.rsplit('/', 1)[-1]}-{self.version}.tgz"

    @property
    def folder(self) -> Path:
        """Where the kept files are cached."""
        return CACHE / f"{self.name.replace('/', '+')}-{self.version}"

    def fetch(self) -> Path:
        """The cached folder of kept files, downloaded and checked first if it is not there yet.

        Raises:
            InvalidArgumentError: the download's sha512 is not the pinned one, or a pattern matched nothing.
        """
        done = self.folder / ".complete"
        if done.exists():
            return self.folder
        with urllib.request.urlopen(self.url, timeout=300) as response:
            data = response.read()
        digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
        if digest != self.integrity:
            raise InvalidArgumentError(f"the download's sha512 is {digest}, not the pinned {self.integrity}",
                                       input=self.url, position=f"{self.name}@{self.version}")
        shutil.rmtree(self.folder, ignore_errors=True)
        matched = dict.fromkeys(self.keep, 0)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for member in tar.getmembers():
                inside = member.name.removeprefix("package/")
                hits = [p for p in self.keep if fnmatch.fnmatchcase(inside, p)]
                if not member.isfile() or not hits or ".." in Path(inside).parts:
                    continue
                source = tar.extractfile(member)
                assert source is not None  # a regular file always has a body
                target = self.folder / inside
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
                for p in hits:
                    matched[p] += 1
        if missing := [p for p, n in matched.items() if not n]:
            raise InvalidArgumentError("no file of the package matches", input=", ".join(missing),
                                       position=f"{self.name}@{self.version}")
        done.touch()
        return self.folder


#: What the site's pages load: MathJax 3 (TeX to HTML, its fonts and the TeX extensions it loads on demand),
#: RequireJS and the widgets' HTML manager, which draws a lesson's saved boards (ipywidgets 8.1.9's front end).
PACKAGES: dict[str, NpmPackage] = {p.name: p for p in (
    NpmPackage("mathjax", "3.2.2",
               "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
               ("es5/tex-chtml.js", "es5/input/tex/extensions/*.js", "es5/output/chtml/fonts/woff-v2/*.woff")),
    NpmPackage("requirejs", "2.3.8",
               "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
               ("require.js",)),
    NpmPackage("@jupyter-widgets/html-manager", "1.0.15",
               "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
               ("dist/embed-amd.js", "dist/*.woff2", "dist/*.woff")),
)}


def vendor(static: Path) -> dict[str, str]:
    """Copy every package's kept files into ``static/vendor/<name>/`` (fetching them first if need be).

    Returns {package name: its folder relative to ``static``}, e.g. ``{"mathjax": "vendor/mathjax", ...}``.
    Raises InvalidArgumentError as :meth:`NpmPackage.fetch` does.
    """
    out = {}
    for package in PACKAGES.values():
        folder = package.fetch()
        target = static / "vendor" / package.name.replace("/", "+")
        shutil.copytree(folder, target, ignore=shutil.ignore_patterns(".complete"), dirs_exist_ok=True)
        out[package.name] = f"vendor/{package.name.replace('/', '+')}"
    return out
