#!/usr/bin/env python3
"""A stranger: the one-ply hunter (seat protocol 1.1, any book).

Every legal pair of gestures is scored by what it does this very turn: the
damage its completed spells deal (less the chance the enemy's visible
counters or shields keep them off), the damage it keeps off from the enemy's
spells one gesture from landing, and a smaller pull towards spells in the
making. It takes the best pair. Written from the rules and the protocol only.

    spellcast match "program:python3 tests/players/onestep_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stranger_kit as kit  # noqa: E402


class OneStep(kit.Stranger):
    name = "one-ply hunter"


if __name__ == "__main__":
    kit.main(lambda: OneStep(kit.Style(offence=1.2, decay=0.65, plan=1.0, readiness=0.3)))
