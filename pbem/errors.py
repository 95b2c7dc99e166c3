"""What the services refuse, each with the HTTP status a channel answers with.

Every message is meant for the player as is: it says what was wrong and what
to send instead, and never holds anything hidden (another hand, a bid).
"""


class ServiceError(Exception):
    status = 400
    code = "invalid"

    def __init__(self, message: str, **extra):
        super().__init__(message)
        self.message = message
        self.extra = extra


class IllegalMove(ServiceError):
    status = 400
    code = "illegal_move"


class InvalidRequest(ServiceError):
    status = 400
    code = "invalid_request"


class NotYourSeat(ServiceError):
    status = 403
    code = "not_your_seat"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class NotYourTurn(ServiceError):
    status = 409
    code = "not_your_turn"


class StaleVersion(ServiceError):
    status = 409
    code = "stale_version"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class IdempotencyKeyReused(ServiceError):
    status = 422
    code = "idempotency_key_reused"


class Unavailable(ServiceError):
    """A service the request needs cannot be reached just now (PostgreSQL);
    nothing was changed and the same request may be sent again."""

    status = 503
    code = "unavailable"
