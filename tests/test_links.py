"""The links on the kit's pages are written from its one address setting (website/links.py): every region between
``<!-- links:... -->`` markers is what the generator writes for the address it records, and no page a reader
sees shows an ``<owner>/<repo>`` template."""

import json
import pathlib
import re
import shutil

import pytest

from fifteen_kit.errors import InvalidArgumentError
from website import links
from website.address import HOW_TO_PUBLISH, Address

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCHOOL = Address.parse("school-maths/fifteen-kit")


def _texts(page: str) -> list[str]:
    return links._markdown_of(ROOT / page)


@pytest.mark.parametrize("page", links.PAGES)
def test_every_region_is_what_the_generator_writes(page):
    texts = _texts(page)
    assert any(links.regions(t) for t in texts), f"{page} has no <!-- links:... --> region"
    for text in texts:
        assert links.stale(text) == [], f"{page}: run `python -m website.links` (stale: {links.stale(text)})"


def test_every_region_records_the_same_address():
    recorded = {address for page in links.PAGES for t in _texts(page) for _k, address, _b in links.regions(t)}
    assert len(recorded) == 1, recorded


def _reader_pages():
    yield from (ROOT / "README.md", ROOT / "CONTRIBUTING.md")
    yield from sorted((ROOT / "docs").rglob("*.md"))
    yield from sorted((ROOT / "lessons").rglob("*.md"))
    yield from sorted((ROOT / "lessons").rglob("*.ipynb"))
    yield from sorted((ROOT / "play").glob("*.ipynb"))


def test_no_page_a_reader_sees_shows_an_owner_repo_template():
    for path in _reader_pages():
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        else:
            text = path.read_text(encoding="utf-8")
        found = re.findall(r"<owner>|<repo>|OWNER/REPO/HEAD|v2/gh/<", text)
        assert not found, f"{path.relative_to(ROOT)}: {found}"


def test_with_an_address_every_lesson_gets_both_links():
    table = links.section("lessons", SCHOOL)
    for path in links.lesson_titles():
        assert SCHOOL.binder_url(path) in table and SCHOOL.lite_url(path) in table, path
    assert "no public address" not in table
    assert SCHOOL.binder_url() in links.section("start", SCHOOL) and SCHOOL.lite_url() in links.section("pupil", SCHOOL)
    assert SCHOOL.site_url in links.section("site", SCHOOL)


@pytest.mark.parametrize("kind", sorted(links.KINDS))
def test_without_an_address_a_region_says_how_to_publish_and_links_nowhere(kind):
    text = links.section(kind, None)
    assert "no public address" in text
    assert "mybinder.org/v2" not in text and not re.search(r"https://(?!OWNER\.github\.io/NAME/)\S*github\.io", text)
    assert text.endswith("\n")


def test_the_guide_gives_the_whole_publishing_recipe():
    assert HOW_TO_PUBLISH in links.section("lessons", None)


def test_a_hand_edited_region_is_stale():
    page = (ROOT / "README.md").read_text(encoding="utf-8")
    edited = page.replace("<!-- /links:start -->", "a line nobody generated\n<!-- /links:start -->")
    assert links.stale(edited) == ["start"]


def test_rewriting_for_an_address_and_back_restores_every_page_byte_for_byte(tmp_path):
    for page in links.PAGES:
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / page, tmp_path / page)
    assert sorted(links.write_pages(SCHOOL, root=tmp_path)) == sorted(links.PAGES)
    notebook = json.loads((tmp_path / "lessons" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    before = json.loads((ROOT / "lessons" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    assert [c.get("id") for c in notebook["cells"]] == [c.get("id") for c in before["cells"]]
    assert [c.get("outputs") for c in notebook["cells"]] == [c.get("outputs") for c in before["cells"]]
    assert "for=school-maths/fifteen-kit" in (tmp_path / "README.md").read_text(encoding="utf-8")
    assert links.write_pages(SCHOOL, root=tmp_path, check=True) == []
    links.write_pages(None, root=tmp_path)
    for page in links.PAGES:
        assert (tmp_path / page).read_bytes() == (ROOT / page).read_bytes(), page


def test_a_page_that_lost_its_markers_is_refused(tmp_path):
    for page in links.PAGES:
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / page, tmp_path / page)
    (tmp_path / "README.md").write_text("# fifteen-kit\n", encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match=r"README\.md"):
        links.write_pages(None, root=tmp_path)


@pytest.mark.parametrize("marker", [
    "<!-- links:start for=<owner>/<repo> -->\nx\n<!-- /links:start -->",
    "<!-- links:start for=a/b@../../etc -->\nx\n<!-- /links:start -->",
    "<!-- links:start for=javascript:alert(1)/x -->\nx\n<!-- /links:start -->",
])
def test_a_region_recording_a_bad_address_is_refused(marker):
    with pytest.raises(InvalidArgumentError):
        links.stale(marker)


def test_an_unknown_kind_is_refused():
    with pytest.raises(InvalidArgumentError, match="evil"):
        links.render("<!-- links:evil for=none -->\n<!-- /links:evil -->", None)
    with pytest.raises(InvalidArgumentError, match="start"):
        links.section("nope", None)
