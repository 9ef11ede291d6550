#!/usr/bin/env python3
"""A held-out stranger: the puppeteer (seat protocol 1.1, any book).

It fights with the mind spells: Paralysis held on the enemy's more
dangerous hand, Charm Person (Death Match's Charm) choosing that hand's
gesture, Fear, Amnesia, Confusion, Anti-spell against a long spell, and
Blindness, then finishes with whatever damage the hands have on offer.
The charmed hand is given a gesture that breaks what it was making, now
and then a palm, hoping the other hand offers one too. Written from the
rules and the protocol only. Held out: see README.md here.

    spellcast match "program:python3 tests/players/heldout/puppeteer_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

WEIGHTS = {
    "Paralysis": 2.2, "Charm Person": 2.0, "Charm": 2.0, "Fear": 1.8, "Amnesia": 1.6,
    "Confusion": 1.4, "Anti-spell": 1.8, "Blindness": 1.8, "Frost Bolt": 1.4,
    "Summon Goblin": 0.5, "Summon Ogre": 0.5, "Summon Troll": 0.5, "Summon Giant": 0.5,
    "Finger of Death": 0.8,
}


class Puppeteer(kit.Stranger):
    name = "puppeteer"

    def hello(self, message):
        reply = super().hello(message)
        if self.book.gesticulation:
            # Gesticulation's Charm Person only keeps the subject from aiming at me.
            self.style.spell_weight["Charm Person"] = 0.5
        return reply

    def choose_move(self, sit):
        # The mind spells hold the enemy; the longer the duel, the more they must kill.
        late = max(0, len(sit.my_rows) - 12)
        self.style.offence = 1.1 + 0.05 * late
        for name in ("Paralysis", "Fear", "Amnesia", "Confusion"):
            self.style.spell_weight[name] = WEIGHTS[name] / (1.0 + 0.05 * late)
        return super().choose_move(sit)

    def gesture_to_force(self, sit, opts):
        """Break the charmed hand's spells; a palm now and then."""
        hand = 0 if self.charm_hand == "left" else 1
        rows = sit.enemy_rows
        if "P" in opts and self.rng.random() < 0.3:
            return "P"
        best, cost = None, None
        for letter in opts:
            trial = rows + [(letter + "-") if hand == 0 else ("-" + letter)]
            c = 0.0
            for name, g in self.book.spells:
                done = kit.progress(trial, hand, g)
                if done:
                    c += done * (kit.DAMAGE.get(name, 0) + kit.HOSTILE.get(name, 0) + 0.5)
            if letter == "k":
                c += 2.0       # a knife in its hand is a knife at me
            if cost is None or c < cost:
                best, cost = letter, c
        return best

    def hand_to_hold(self, sit, q):
        hand = super().hand_to_hold(sit, q)
        if q.get("kind") == "charm-hand":
            self.charm_hand = hand
        return hand


if __name__ == "__main__":
    kit.main(lambda: Puppeteer(kit.Style(spell_weight=WEIGHTS, offence=1.1, defence=1.1,
                                         readiness=0.6, decay=0.72, plan=1.1, stab=0.9)))
