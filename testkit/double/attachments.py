"""Uploaded files as Discord keeps them (DISCORD-NOTES "Languages, attachments, shards").

A multipart request carries `payload_json` and `files[n]`; the body's `attachments`
lists the message's files: `{"id": n, ...}` for the file uploaded as `files[n]`, or the
id of a file the message already has (kept). A create or edit with `attachments`
replaces the message's files with that list; an edit without it keeps them. At most 10
files, each within the upload limit, each `description` (alt text) at most 1024
characters; an `attachment://name` (an embed's image, thumbnail, author or footer icon; a
thumbnail, media gallery or file component) must name one of the message's files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import ApiError, FieldError, invalid_form
from .limits import Path, walk_components

if TYPE_CHECKING:
    from .server import Double

Json = dict[str, Any]

ATTACHMENTS_MAX = 10
UPLOAD_LIMIT = 10 * 1024 * 1024
"""The upload limit the double's interactions announce (`attachment_size_limit`)."""
DESCRIPTION_MAX = 1024
SCHEME = "attachment://"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
EMBED_MEDIA = (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"),
               ("footer", "icon_url"))
THUMBNAIL, MEDIA_GALLERY, FILE = 11, 12, 13


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part."""

    filename: str
    data: bytes


def content_type(data: bytes) -> str:
    return "image/png" if data.startswith(PNG_MAGIC) else "application/octet-stream"


def resolve(items: Any, uploads: dict[int, Upload], double: Double, *,
            under: tuple[str | int, ...] = ()) -> list[Json]:
    """The attachment objects `items` name: new ones for uploaded files, `{"id": …}`
    placeholders (marked `_keep`) for files the message should keep."""
    if not isinstance(items, list):
        raise invalid_form([((*under, "attachments"), "BASE_TYPE_LIST", "Must be a list")])
    if len(items) > ATTACHMENTS_MAX:
        raise invalid_form([((*under, "attachments"), "BASE_TYPE_MAX_LENGTH",
                             f"Must be {ATTACHMENTS_MAX} or fewer in length.")])
    out: list[Json] = []
    errors: list[FieldError] = []
    for index, item in enumerate(items):
        path = (*under, "attachments", index)
        description = item.get("description")
        if isinstance(description, str) and len(description) > DESCRIPTION_MAX:
            errors.append(((*path, "description"), "BASE_TYPE_MAX_LENGTH",
                           f"Must be {DESCRIPTION_MAX} or fewer in length."))
        raw_id = str(item.get("id", index))
        upload = uploads.get(int(raw_id)) if raw_id.isdigit() and int(raw_id) < 100 else None
        if upload is None:
            out.append({"id": raw_id, "_keep": True})
            continue
        if len(upload.data) > UPLOAD_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
        attachment_id = double.ids.next()
        double.uploads[attachment_id] = upload.data
        filename = str(item.get("filename") or upload.filename)
        url = f"{double.url}/attachments/{attachment_id}/{filename}"
        attachment: Json = {"id": str(attachment_id), "filename": filename,
                            "size": len(upload.data), "url": url, "proxy_url": url,
                            "content_type": content_type(upload.data)}
        if description:
            attachment["description"] = description
        out.append(attachment)
    if errors:
        raise invalid_form(errors)
    return out


def kept(items: list[Json], base: list[Json]) -> list[Json]:
    """`items` with each kept placeholder replaced by the message's file of that id."""
    have = {a["id"]: a for a in base}
    out = []
    for index, item in enumerate(items):
        if not item.get("_keep"):
            out.append(item)
        elif item["id"] in have:
            out.append(have[item["id"]])
        else:
            raise invalid_form([(("attachments", index, "id"), "ATTACHMENT_NOT_FOUND",
                                 "Unknown attachment")])
    return out


def _media_urls(embeds: list[Json], components: list[Json]) -> list[tuple[Path, str]]:
    """Every media URL of the embeds and components, with its path in the body."""
    found: list[tuple[Path, str]] = []
    for index, embed in enumerate(embeds):
        for key, field in EMBED_MEDIA:
            url = (embed.get(key) or {}).get(field)
            if url:
                found.append((("embeds", index, key, field), str(url)))
    for path, component in walk_components(components):
        kind = component.get("type")
        if kind == THUMBNAIL:
            found.append(((*path, "media", "url"), str((component.get("media") or {}).get("url"))))
        elif kind == MEDIA_GALLERY:
            found.extend(((*path, "items", number, "media", "url"),
                          str((item.get("media") or {}).get("url")))
                         for number, item in enumerate(component.get("items") or []))
        elif kind == FILE:
            found.append(((*path, "file", "url"), str((component.get("file") or {}).get("url"))))
    return found


def reference_errors(
    embeds: list[Json], attachments: list[Json], components: list[Json]
) -> list[FieldError]:
    """Every `attachment://name` of the embeds and components that names none of
    `attachments`."""
    names = {a.get("filename") for a in attachments}
    return [(path, "ATTACHMENT_NOT_FOUND", f"{url} names no file of the message")
            for path, url in _media_urls(embeds, components)
            if url.startswith(SCHEME) and url[len(SCHEME):] not in names]
