"""Writes for ratings, ladders and tournaments (HackSoft style: keyword-only
``<noun>_<verb>`` functions; views, tasks and mail commands call these), one
module per topic: entry (who may enter), ratings (the end of a game),
ladders (seeks, matchmaking, challenges), tournaments (rounds)."""

from pbem.ladders.services.entry import (  # noqa: F401
    email_verified,
)
from pbem.ladders.services.ladders import (  # noqa: F401
    challenge_create,
    challenge_respond,
    challenges_expire,
    ladder_join,
    ladder_leave,
    ladder_matchmake,
    matchmaking_run,
    seek_cancel,
    seek_create,
)
from pbem.ladders.services.ratings import (  # noqa: F401
    game_finished,
    game_is_rated,
    game_places,
    ratings_record,
)
from pbem.ladders.services.tournaments import (  # noqa: F401
    tournament_advance,
    tournament_create,
    tournament_register,
    tournament_start,
    tournament_withdraw,
    tournaments_advance,
)
