"""Interaction callbacks and the interaction webhook (original response, follow-ups), with
Discord's rules (`interactions/receiving-and-responding.mdx`): one initial response (else 400 /
40060), within the deadline (else 404 / 10062); the token serves the webhook from the initial
response on (before it: 404 / 10015 "Unknown Webhook") for 15 minutes (then 401 / 50027
"Invalid Webhook Token"), measured on the double's clock. These routes are webhooks: the
bot's channel permissions do not apply (:mod:`.access`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .command_limits import autocomplete_errors
from .errors import ApiError, invalid_form
from .limits import EPHEMERAL, RESPONSE_FLAGS, modal_errors
from .messages import COMMAND_REPLY_TYPE, StoredMessage
from .replies import json_response, no_content
from .rest import check_message, read_body
from .results import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionResult,
)

if TYPE_CHECKING:
    from .server import Double

Json = dict[str, Any]

#: Which initial responses each interaction type accepts.
ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


def add_routes(app: web.Application, double: Double, prefix: str) -> None:
    api = InteractionRoutes(double)
    hook = "/webhooks/{application_id}/{token}"
    table = [
        ("POST", "/interactions/{interaction_id}/{token}/callback", api.callback),
        ("POST", hook, api.followup),
        ("GET", hook + "/messages/@original", api.get_message),
        ("PATCH", hook + "/messages/@original", api.edit_message),
        ("DELETE", hook + "/messages/@original", api.delete_message),
        ("GET", hook + "/messages/{message_id}", api.get_message),
        ("PATCH", hook + "/messages/{message_id}", api.edit_message),
        ("DELETE", hook + "/messages/{message_id}", api.delete_message),
    ]
    for method, path, handler in table:
        app.router.add_route(method, prefix + path, handler)


class InteractionRoutes:
    def __init__(self, double: Double) -> None:
        self.double = double

    # -- initial response ----
    async def callback(self, request: web.Request) -> web.Response:
        double = self.double
        result = double.interactions.get(int(request.match_info["interaction_id"]))
        if result is None or result.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if result.responded_perf is None:
            result.responded_perf = time.perf_counter()
        body, _ = await read_body(request, double)
        if result.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if double.clock.now() - result.created_at > double.response_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        kind = int(body.get("type", 0))
        data: Json = body.get("data") or {}
        if kind not in ALLOWED_RESPONSES.get(result.type, set()):
            raise invalid_form(
                [
                    (
                        ("type",),
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"Response type {kind} is not valid for interaction type {result.type}",
                    )
                ]
            )
        await self._apply(result, kind, data)
        result.response_type = kind
        result.touch()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        return json_response(self._callback_body(result, kind))

    async def _apply(self, result: InteractionResult, kind: int, data: Json) -> None:
        double = self.double
        ephemeral_to = result.user if int(data.get("flags") or 0) & EPHEMERAL else None
        if kind == MESSAGE:
            check_message(data, creating=True, under=("data",), flags=RESPONSE_FLAGS)
            reply_type = COMMAND_REPLY_TYPE if result.type == APPLICATION_COMMAND else 0
            result.original = await double.create_message(
                result.channel,
                data,
                ephemeral_to=ephemeral_to,
                interaction=result,
                message_type=reply_type,
            )
            result.ephemeral = ephemeral_to is not None
        elif kind == DEFERRED_MESSAGE:
            result.original = await double.create_message(
                result.channel,
                {},
                ephemeral_to=ephemeral_to,
                loading=True,
                interaction=result,
                message_type=COMMAND_REPLY_TYPE if result.type == APPLICATION_COMMAND else 0,
            )
            result.ephemeral = ephemeral_to is not None
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            source = result.source_message
            if source is None:
                raise invalid_form(
                    [(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update")]
                )
            if kind == UPDATE_MESSAGE:
                check_message(data, creating=False, under=("data",))
                await double.edit_message(source, data)
            result.original = source
            result.ephemeral = source.ephemeral
        elif kind == AUTOCOMPLETE_RESULT:
            errors = autocomplete_errors(data)
            if errors:
                raise invalid_form(errors)
        elif kind == MODAL:
            errors = modal_errors(data)
            if errors:
                raise invalid_form(errors)
        result.response_data = data

    def _callback_body(self, result: InteractionResult, kind: int) -> Json:
        message = result.original
        interaction: Json = {
            "id": str(result.id),
            "type": result.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": result.ephemeral,
        }
        resource: Json = {"type": kind}
        if message is not None and kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
            interaction["response_message_id"] = str(message.id)
            resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    # -- webhook ----
    def _token(self, request: web.Request) -> InteractionResult:
        double = self.double
        if request.match_info["application_id"] != str(double.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        result = double.by_token.get(request.match_info["token"])
        if result is None:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if double.clock.now() - result.created_at > double.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if result.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return result

    def _target(self, request: web.Request, result: InteractionResult) -> StoredMessage:
        raw = request.match_info.get("message_id")
        if raw is None:
            if result.original is None or result.original.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            return result.original
        for message in result.all_messages():
            if str(message.id) == raw and not message.deleted:
                return message
        raise ApiError(404, 10008, "Unknown Message")

    async def followup(self, request: web.Request) -> web.Response:
        result = self._token(request)
        body, has_files = await read_body(request, self.double)
        check_message(body, creating=True, has_files=has_files, flags=RESPONSE_FLAGS)
        original = result.original
        if result.response_type == DEFERRED_MESSAGE and original is not None and original.loading:
            message = await self.double.edit_message(original, body)
        else:
            ephemeral_to = result.user if int(body.get("flags") or 0) & EPHEMERAL else None
            message = await self.double.create_message(
                result.channel, body, ephemeral_to=ephemeral_to, interaction=result
            )
        result.followups.append(message)
        result.touch()
        if request.query.get("wait") in ("true", "1", "True"):
            return json_response(message.payload())
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        result = self._token(request)
        return json_response(self._target(request, result).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        result = self._token(request)
        message = self._target(request, result)
        body, has_files = await read_body(request, self.double)
        check_message(body, creating=False, has_files=has_files)
        await self.double.edit_message(message, body)
        result.touch()
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        result = self._token(request)
        await self.double.delete_message(self._target(request, result))
        result.touch()
        return no_content()
