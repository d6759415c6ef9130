"""Lesson links a pupil crafts: nbgitpuller's page shows none of the link's text as HTML, and pulls only the hub's
lessons into ~/fifteen-kit (hub/singleuser/kit_lesson_links.py).

Before it, ``/hub/user-redirect/git-pull?repo="><script>...`` sent to the teacher ran the pupil's script on the hub's
web address as the teacher (it set a classmate's password and made an API token of the teacher's), and a link could
make a classmate's server clone the sender's repository into any folder of theirs.
"""

from __future__ import annotations

import sys

from hub.classroom import REPO_ROOT, TARGET_DIR

sys.path.insert(0, str(REPO_ROOT / "hub" / "singleuser"))
from kit_lesson_links import allowed  # a server extension (the servers find it through PYTHONPATH)

SCRIPT = '"><script>alert(1)</script>'


def test_only_the_hubs_lessons_into_the_lesson_folder():
    good = {"repo": "/srv/lessons.git", "targetpath": TARGET_DIR, "urlpath": "lab/tree/fifteen-kit/x.ipynb"}
    assert allowed(good, "/srv/lessons.git", TARGET_DIR)
    for change in ({"repo": "http://127.0.0.6:8000/evil.git"}, {"repo": SCRIPT}, {"targetpath": "/tmp/x"},
                   {"targetpath": ".ipython/profile_default/startup"}, {"targetPath": "../other"},
                   {"urlpath": "../../hub/admin"}, {"urlpath": "//evil.example"}, {"urlpath": "javascript:alert(1)"}):
        assert not allowed({**good, **change}, "/srv/lessons.git", TARGET_DIR), change


def test_a_crafted_lesson_link_shows_no_script_and_pulls_nothing(attack_hub):
    pupil = attack_hub.browser("pupil01")
    room = attack_hub.room
    good = {"repo": room.source, "branch": room.branch, "targetpath": TARGET_DIR, "urlpath": "lab"}
    page = attack_hub.sync(pupil.client.get(f"{pupil.prefix}git-pull", params={**good, "urlpath": f"lab{SCRIPT}"}))
    assert page.status_code == 200 and "<script>alert(1)" not in page.text
    for change in ({"repo": SCRIPT}, {"repo": "http://127.0.0.6:18399/evil.git"}, {"targetpath": "/tmp/x"}):
        for path in ("git-pull", "git-pull/api"):
            reply = attack_hub.sync(pupil.client.get(f"{pupil.prefix}{path}", params={**good, **change}))
            assert reply.status_code == 403, (change, path, reply.status_code)
