#!/usr/bin/env python3
"""A stranger: the patient warden (seat protocol 1.1, any book).

It reads the enemy's gesture columns for every spell one or two gestures
from landing and keeps the right answer ready for the turn it lands: a
Shield against stabs, missiles and monsters, a Counter-spell or Magic Mirror
against a bolt or an enchantment, Dispel Magic against a Finger of Death,
Resist Heat or Cold against fire and ice, Anti-spell against a long spell
two gestures from its end. It strikes late: its appetite for damage grows
as the duel goes on and as the enemy weakens. Written from the rules and
the protocol only.

    spellcast match "program:python3 tests/players/warden_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stranger_kit as kit  # noqa: E402

WEIGHTS = {
    "Counter-spell": 1.6, "Magic Mirror": 1.6, "Dispel Magic": 1.4, "Anti-spell": 2.0,
    "Protection from Evil": 1.5, "Protection from Harm": 1.5, "Resist Heat": 1.3,
    "Resist Cold": 1.3, "Finger of Death": 1.4, "Lightning Bolt": 1.2,
    "Summon Goblin": 0.4, "Summon Ogre": 0.4, "Summon Troll": 0.4, "Summon Giant": 0.4,
    "Cure Heavy Wounds": 1.5, "Cure Light Wounds": 1.5,
}


class Warden(kit.Stranger):
    name = "patient warden"

    def choose_move(self, sit):
        # Strike late: the longer the duel and the weaker the enemy, the bolder.
        rows = len(sit.my_rows)
        weak = sit.enemy_hp <= self.book.hit_points // 2
        self.style.offence = 0.75 + min(0.6, 0.04 * max(0, rows - 6)) + (0.3 if weak else 0.0)
        return super().choose_move(sit)


if __name__ == "__main__":
    kit.main(lambda: Warden(kit.Style(spell_weight=WEIGHTS, defence=1.6, readiness=1.5,
                                      threat_scale=1.4, decay=0.72, plan=1.0, stab=0.8)))
