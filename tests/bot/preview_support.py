"""Measuring a picture as simcord's channel preview shows it, in a real browser.

simcord draws the channel as a Discord client would (its own CSS: an embed's
image in a box at most 280 px high, a message's own picture at the message's
width); Chromium, driven by Playwright, lays it out at a desktop's or a phone's
width and reports the size each picture is drawn at. Without Playwright and
simcord's preview extras (``pip install 'simcord[preview,screenshot]'``) or a
Chromium (Debian: ``apt-get install chromium``) the tests that need it skip.
"""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest
import simcord

#: A desktop window and a phone, in CSS pixels (width, height).
DESKTOP = (960, 860)
PHONE = (400, 860)
_ARGS = ["--no-sandbox", "--headless", "--disable-gpu"]


def chromium() -> str:
    """The Chromium to drive (``CHROMIUM`` or the system's); skips the test without one,
    or without Playwright and simcord's preview extras."""
    for module in ("playwright", "markdown_it", "linkify_it", "regex"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"no {module} (pip install 'simcord[preview,screenshot]')")
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which(
        "chromium-browser")
    if path is None:
        pytest.skip("no Chromium on this machine (Debian: apt-get install chromium)")
    return path


async def shown_sizes(env: simcord.Env, channel, viewer, message, filename: str,
                      viewports=(DESKTOP, PHONE)) -> dict[tuple[int, int], tuple[int, int]]:
    """How big the channel preview draws ``message``'s picture ``filename`` at each
    viewport: ``{viewport: (width, height)}`` in CSS pixels."""
    from playwright.async_api import async_playwright

    sizes = {}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium(), args=_ARGS)
        try:
            for width, height in viewports:
                async with env.preview(channel, viewers=[viewer], layout="channel",
                                       display="fixed", width=width,
                                       height=height) as preview:
                    await preview.show(message)
                    page = await browser.new_page(viewport={"width": width, "height": height})
                    await page.goto(preview.url)
                    image = page.locator(f'img[alt="{filename}"]').last
                    await image.wait_for(state="attached")
                    await page.wait_for_function("i => i.complete && i.naturalWidth > 0",
                                                 arg=await image.element_handle())
                    box = await image.evaluate(
                        "i => [i.getBoundingClientRect().width, i.getBoundingClientRect().height]")
                    sizes[(width, height)] = (round(box[0]), round(box[1]))
                    await page.close()
        finally:
            await browser.close()
    return sizes
