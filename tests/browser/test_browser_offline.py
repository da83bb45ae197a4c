"""The installable app (docs/web.md, "The installable app"): the manifest is linked and valid,
its icons load, the service worker registers and controls the page, and a reload while the
server is away shows the offline page (in the saved language, Spanish then English; in the
saved theme, dark and high contrast, and «Automático» following the system's dark scheme),
which axe-core finds nothing on at the three sizes, and which reloads the page by itself once
the server is back."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from a11y import axe_audit, foreign_words, language_words

SIZES = {"desktop": (1920, 1080), "laptop": (1280, 800), "phone": (390, 844)}


def check_offline_page(page: Any, lang: str, shot: Any, theme: str = "") -> None:
    words = language_words()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        audit = axe_audit(page)
        assert audit["violations"] == [], (lang, theme, size, json.dumps(audit["violations"]))
        assert foreign_words(page, lang, words) == {}, (lang, size)
        shot(page, f"offline-{lang}{'-' + theme if theme else ''}-{size}")


#: The offline box's background in each theme (theme.css's --panel).
PANEL = {"light": "rgb(255, 255, 255)", "dark": "rgb(29, 35, 39)", "contrast": "rgb(0, 0, 0)"}
BOX = "getComputedStyle(document.querySelector('.offline-box')).backgroundColor"


def save_theme(page: Any, theme: str) -> None:
    """What the page's «Tema» setting saves (store.js's settings), then a reload."""
    page.evaluate("""(theme) => {
        const saved = JSON.parse(localStorage.getItem("golf.settings") || "{}");
        localStorage.setItem("golf.settings", JSON.stringify({...saved, theme})); }""", theme)
    page.reload()
    expect(page.get_by_test_id("offline-page")).to_be_visible()


def forgive_refused_checks(problems: Any, url: str) -> None:
    """The browser's own console line for each of the offline page's checks of the server
    (a HEAD request every 2 s) refused while the test had it stopped: expected, only these."""
    line = f"console error: Failed to load resource: net::ERR_CONNECTION_REFUSED ({url}:0)"
    problems.errors[:] = [e for e in problems.errors if not e.endswith(line)]


def test_installable_app_and_offline_page(open_page, own_server, shot, until, problems):
    opened = open_page(url=own_server.url)
    page = opened.page
    expect(page.get_by_test_id("game-code")).to_have_text(re.compile(r"\S"))

    # the manifest: linked, valid, its icons served as the images they say
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate("async (href) => (await fetch(href)).json()", href)
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == \
        ("Golf", "/", "standalone")
    assert manifest["theme_color"] == page.locator('meta[name="theme-color"]') \
        .get_attribute("content")
    for icon in manifest["icons"]:
        size = page.evaluate("""async (src) => {
            const img = new Image(); img.src = src; await img.decode();
            return `${img.naturalWidth}x${img.naturalHeight}`; }""", icon["src"])
        assert icon["sizes"] == "any" or size == icon["sizes"], (icon, size)

    # the service worker: registered at "/", controlling the page, its cache filled
    controlled = ("async () => !!(await navigator.serviceWorker.ready) "
                  "&& !!navigator.serviceWorker.controller")
    until(page, lambda: page.evaluate(controlled), "the service worker to control the page")
    cached = page.evaluate("""async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((n) => n.startsWith("golf-")));
        return (await cache.keys()).map((r) => new URL(r.url).pathname); }""")
    assert "/static/offline.html" in cached and "/static/app.js" in cached
    assert not [url for url in cached if url.startswith("/api/") or url == "/ws"]

    # the server goes away: a reload shows our offline page, in Spanish
    own_server.stop()
    page.reload()
    expect(page.get_by_test_id("offline-page")).to_be_visible()
    expect(page.locator("h1")).to_have_text("Sin conexión con el servidor")
    assert page.evaluate("document.documentElement.lang") == "es"
    check_offline_page(page, "es", shot)

    # in English when English is the saved language
    page.evaluate("localStorage.setItem('golf.lang', 'en')")
    page.reload()
    expect(page.locator("h1")).to_have_text("No connection to the server")
    assert page.evaluate("document.documentElement.lang") == "en"
    check_offline_page(page, "en", shot)

    # in the saved theme: dark, high contrast; «Automático» follows the system's dark scheme
    for theme in ("dark", "contrast"):
        save_theme(page, theme)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        assert page.evaluate(BOX) == PANEL[theme], theme
        check_offline_page(page, "en", shot, theme)
    page.emulate_media(color_scheme="dark")
    save_theme(page, "auto")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(BOX) == PANEL["dark"]
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate(BOX) == PANEL["light"]

    # the server comes back: the page reloads by itself into the game
    page.set_viewport_size({"width": 1280, "height": 800})
    own_server.start()
    expect(page.get_by_test_id("game-code")).to_have_text(re.compile(r"\S"),
                                                          timeout=15_000)
    expect(page.get_by_test_id("offline-page")).to_have_count(0)
    forgive_refused_checks(problems, own_server.url)
