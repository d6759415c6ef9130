"""Lesson links (nbgitpuller's ``/git-pull``) that pull only the hub's lessons, into ``~/fifteen-kit``, and show no
text of the link's as HTML.

nbgitpuller 1.3.0 renders its page with a Jinja environment that does not escape: ``/git-pull?repo="><script>...``
put the link's script into a page of the hub's web address, which ran with the rights of whoever opened the link
(a pupil's link opened by the teacher: new passwords for any account, an API token of the teacher's).  And it
cloned any repository, from any address (another pupil's own web server), into any folder the pupil can write
(``targetpath`` may be absolute or climb out with ``..``).  This server extension, loaded by every pupil's server
(``jupyter_server_config.d/kit-lesson-links.json``), turns on escaping and refuses (403) a request of
``/git-pull`` whose ``repo`` is not the hub's lesson source (``KIT_LESSON_SOURCE``), whose ``targetpath`` is not
``KIT_LESSON_TARGET`` or whose ``urlpath`` does not stay inside the pupil's own server.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["allowed"]


def allowed(args: dict[str, str], source: str, target: str) -> bool:
    """True when a lesson link's arguments pull ``source`` into ``target`` and send the pupil to a page of their
    own server.

    >>> allowed({"repo": "/srv/lessons.git", "targetpath": "fifteen-kit", "urlpath": "lab/tree/fifteen-kit/a.ipynb"},
    ...         "/srv/lessons.git", "fifteen-kit")
    True
    >>> allowed({"repo": "http://127.0.0.6:8000/evil.git", "targetpath": "fifteen-kit"}, "/srv/lessons.git",
    ...         "fifteen-kit")
    False
    >>> allowed({"repo": "/srv/lessons.git", "targetpath": "/tmp/x"}, "/srv/lessons.git", "fifteen-kit")
    False
    >>> allowed({"repo": "/srv/lessons.git", "targetpath": "fifteen-kit", "urlpath": "../../hub/admin"},
    ...         "/srv/lessons.git", "fifteen-kit")
    False
    """
    if not source or args.get("repo") != source:
        return False
    if any(args.get(name, "") not in ("", target) for name in ("targetpath", "targetPath")):
        return False
    return not any(path.startswith(("/", "\\")) or ".." in path.replace("\\", "/").split("/") or ":" in path
                   or any(ord(ch) < 32 for ch in path) for path in (args.get("urlpath", ""), args.get("urlPath", "")))


def _load_jupyter_server_extension(app: Any) -> None:
    from nbgitpuller._compat import get_base_handler  # type: ignore[import-untyped]
    from tornado import web

    get_base_handler(app)  # what nbgitpuller itself does before importing its handlers
    from nbgitpuller import handlers  # type: ignore[import-untyped]

    handlers.jinja_env.autoescape = True
    source = os.environ.get("KIT_LESSON_SOURCE", "")
    target = os.environ.get("KIT_LESSON_TARGET", "fifteen-kit")

    def prepare(self: Any) -> Any:
        args = {name: self.get_argument(name, "") for name in
                ("repo", "targetpath", "targetPath", "urlpath", "urlPath")}
        if not allowed(args, source, target):
            raise web.HTTPError(403, "This link does not open one of the class's lessons.")
        return original[type(self)](self)

    original = {cls: cls.prepare for cls in (handlers.SyncHandler, handlers.UIHandler)}
    for cls in original:
        cls.prepare = prepare
    app.log.info("kit_lesson_links: /git-pull pulls only %s into ~/%s", source, target)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "kit_lesson_links"}]
