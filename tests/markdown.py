"""What the tests read in the project's Markdown: sections, headings and the anchors
GitHub gives them, and links. Fenced code is not prose: its lines are never headings
and its brackets never links."""

from __future__ import annotations

import re

FENCE = re.compile(r"^```.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*$", re.MULTILINE)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:[ \t]+\"[^\"]*\")?\)")


def prose(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return FENCE.sub("", text)


def section(text: str, heading: str) -> str:
    """The text under the heading line ``heading`` up to the next heading of any level."""
    start = text.index(heading + "\n") + len(heading) + 1
    end = text.find("\n#", start)
    return text[start : end if end >= 0 else None]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading (before numbering repeats)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor; a repeated one is numbered ``-1``, ``-2``… as GitHub does."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in HEADING.findall(prose(text)):
        base = slug(heading)
        count = seen.get(base, 0)
        found.add(base if count == 0 else f"{base}-{count}")
        seen[base] = count + 1
    return found


def links(text: str) -> list[str]:
    """The target of every inline link and image in the prose, as written."""
    return LINK.findall(INLINE_CODE.sub("", prose(text)))
