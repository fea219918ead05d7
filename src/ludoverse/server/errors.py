"""Errors the server answers with: a stable code for programs, one plain sentence for people,
and nothing about hidden state."""

from __future__ import annotations


class TableError(Exception):
    """A refused request. ``status`` is the HTTP status; ``code`` a stable identifier."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers: dict[str, str] = {}

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


def not_found(what: str) -> TableError:
    return TableError(404, "not_found", f"{what} not found")


def bad_request(message: str) -> TableError:
    return TableError(400, "bad_request", message)


def forbidden(message: str) -> TableError:
    return TableError(403, "forbidden", message)


def conflict(code: str, message: str) -> TableError:
    return TableError(409, code, message)


def too_many(message: str) -> TableError:
    """A cap (not a rate) is reached: waiting will not help until something closes."""
    return TableError(429, "too_many", message)
