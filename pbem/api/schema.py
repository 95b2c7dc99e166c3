"""The OpenAPI schema tells the truth about refusals on every path, the
ladders' and tournaments' as well as the games': any operation may answer 401
(no, a wrong or an expired token: DRF authenticates a token sent even where
none is needed), 503 (the database is down, with Retry-After), 400 where it
takes a body (a body that does not parse), 404 where the path names
something; every one of them in the one error shape."""

from __future__ import annotations

ERROR_REF = {"$ref": "#/components/schemas/Error"}

DESCRIPTIONS = {
    "400": "The request is not valid (the body does not parse or does not validate).",
    "401": "No credentials, wrong ones, or an expired token.",
    "404": "Not found (or not visible to you).",
    "503": "The database cannot be reached; nothing was changed. Send again after Retry-After seconds.",
}


def _error(code: str) -> dict:
    out = {"description": DESCRIPTIONS[code], "content": {"application/json": {"schema": ERROR_REF}}}
    if code == "503":
        out["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait"}}
    return out


def errors_documented(result, generator, request, public):
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            codes = ["401", "503"]
            if "requestBody" in operation:
                codes.append("400")
            if "{" in path:
                codes.append("404")
            for code in codes:
                responses.setdefault(code, _error(code))
            if "503" in responses:
                responses["503"].setdefault("headers", _error("503")["headers"])
    return result
