"""Uploaded files as Discord keeps them (DISCORD-NOTES "Languages, attachments, shards").

A multipart request carries `payload_json` and `files[n]`; the body's `attachments`
lists the message's files: `{"id": n, ...}` for the file uploaded as `files[n]`, or the
id of a file the message already has (kept). A create or edit with `attachments`
replaces the message's files with that list; an edit without it keeps them. At most 10
files, each within the upload limit, each `description` (alt text) at most 1024
characters; an embed's `attachment://name` must name one of the message's files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import ApiError, FieldError, invalid_form

if TYPE_CHECKING:
    from .server import Double

Json = dict[str, Any]

ATTACHMENTS_MAX = 10
UPLOAD_LIMIT = 10 * 1024 * 1024
"""The upload limit the double's interactions announce (`attachment_size_limit`)."""
DESCRIPTION_MAX = 1024
SCHEME = "attachment://"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


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


def reference_errors(embeds: list[Json], attachments: list[Json]) -> list[FieldError]:
    """Every `attachment://name` of the embeds that names none of `attachments`."""
    names = {a.get("filename") for a in attachments}
    errors: list[FieldError] = []
    for index, embed in enumerate(embeds):
        for key in ("image", "thumbnail"):
            url = str((embed.get(key) or {}).get("url") or "")
            if url.startswith(SCHEME) and url[len(SCHEME):] not in names:
                errors.append((("embeds", index, key, "url"), "ATTACHMENT_NOT_FOUND",
                               f"{url} names no file of the message"))
    return errors
