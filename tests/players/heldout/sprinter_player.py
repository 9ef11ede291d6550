#!/usr/bin/env python3
"""A held-out stranger: the sprinter (seat protocol 1.1, any book).

A tempo player. Each hand commits to the heaviest blow it can finish
soonest (Finger of Death, a Lightning Bolt in either form, the short form
as soon as it can, a Fireball or Death Match's Frost Bolt) and sees it
through, breaking off only to throw up the Counter-spell, mirror or shield
that the enemy's visible gestures call for this very turn. Stabs are rare:
a knife would break the sequence. Written from the rules and the protocol
only. Held out: see README.md here.

    spellcast match "program:python3 tests/players/heldout/sprinter_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

WEIGHTS = {
    "Finger of Death": 1.4, "Lightning Bolt": 1.8, "Fireball": 1.5, "Iceball": 1.5,
    "Frost Bolt": 1.6, "Cause Heavy Wounds": 1.4, "Counter-spell": 1.4,
    "Magic Mirror": 1.2, "Summon Goblin": 0.3, "Summon Ogre": 0.3, "Summon Troll": 0.3,
    "Summon Giant": 0.3, "Summon Leech": 0.6, "Charm Monster": 0.8, "Permanency": 0.0,
    "Delayed Effect": 0.0, "Haste": 0.5, "Time Stop": 0.5,
}


class Sprinter(kit.Stranger):
    name = "sprinter"

    def __init__(self, style):
        super().__init__(style)
        self.commit = {0: None, 1: None}     # hand -> spell it is racing

    def potential(self, sit, rows, move):
        total = super().potential(sit, rows, move)
        for hand in (0, 1):
            name = self.commit.get(hand)
            if not name:
                continue
            for spell, g in self.book.spells:
                if spell == name and kit.progress(rows, hand, g) >= 2:
                    total += 1.2       # staying the course
                    break
        return total

    def plan_value_uncached(self, sit, name, hand, rows):
        # A blow in the making is worth its damage, not the whole duel.
        return min(super().plan_value_uncached(sit, name, hand, rows), 10.0)

    def adopt(self, sit, best):
        super().adopt(sit, best)
        rows = sit.my_rows + [best[1]]
        for hand in (0, 1):
            top, value = None, 0.0
            for name, g in self.book.spells:
                if self.style.weight(name) < 1.3:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                    continue
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                done = kit.progress(rows, hand, g)
                if done:
                    v = self.style.weight(name) * self.style.decay ** (len(g) - done)
                    if v > value:
                        top, value = name, v
            self.commit[hand] = top


if __name__ == "__main__":
    kit.main(lambda: Sprinter(kit.Style(spell_weight=WEIGHTS, offence=1.3, defence=1.0,
                                        readiness=0.7, decay=0.75, plan=1.3, stab=0.7)))
