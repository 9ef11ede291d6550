#!/usr/bin/env python3
"""A stranger: the beastmaster (seat protocol 1.1, any book).

It builds monsters (goblins to giants, Death Match's leeches), sets them on
the enemy wizard, shields itself from the enemy's monsters, takes the
enemy's monsters with Charm Monster (Death Match's Charm) and turns them
round, and keeps its own summons back while the enemy is one or two
gestures from a charm. Written from the rules and the protocol only.

    spellcast match "program:python3 tests/players/beastmaster_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stranger_kit as kit  # noqa: E402

WEIGHTS = {
    "Summon Goblin": 1.3, "Summon Ogre": 1.5, "Summon Troll": 1.6, "Summon Giant": 1.8,
    "Summon Leech": 1.6, "Charm Monster": 2.0, "Charm": 2.0,
    "Protection from Evil": 1.4, "Protection from Harm": 1.4, "Paralysis": 1.2,
    "Remove Enchantment": 1.3, "Finger of Death": 0.6,
}


class Beastmaster(kit.Stranger):
    name = "beastmaster"

    def monster_target(self, sit, opts):
        """Monsters go for the wizard, unless an enemy monster is about to die anyway."""
        enemy = sit.enemy["name"] if sit.enemy else None
        strong = [m for m in sit.enemy_monsters if "elemental" not in m["kind"]
                  and kit.MONSTER_STRENGTH.get(m["kind"], 1) >= 3 and m["name"] in opts]
        if strong and not sit.enemy_protected():
            mine = sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters)
            target = min(strong, key=lambda m: m["hp"])
            if target["hp"] <= mine and sit.hp < sit.enemy_hp:
                return target["name"]
        return super().monster_target(sit, opts)


if __name__ == "__main__":
    kit.main(lambda: Beastmaster(kit.Style(spell_weight=WEIGHTS, summon=1.8, offence=1.0,
                                           defence=1.1, decay=0.72, readiness=0.6)))
