"""Ratings, ladders and tournaments (issue 16).

- ratings.py      openskill's Plackett-Luce over a game's places (pure)
- matchmaking.py  forming tables from seeking players (pure)
- pairing.py      Swiss / group tables and tournament standings (pure)
- services/     every write (HackSoft style), by topic; ``ratings.game_finished`` runs in the
                  transaction that finishes a game
- selectors.py    every read; tasks.py, api/, views.py stay thin
"""
