#!/usr/bin/env bash
# Runs an xboard engine that lacks `setboard` (Fairy-Max) so python-chess
# accepts it: python-chess insists on the feature at start-up but never
# uses it for games that begin at the standard start position, which is
# what play_games.py does with PGN openings. Only that feature line changes.
"$@" | sed -u 's/setboard=0/setboard=1/'
