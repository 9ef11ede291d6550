#!/usr/bin/env python3
"""A patient defender (seat protocol, version 1): it reads what the enemy is
building and keeps the answer one gesture away (Shield against missiles, stabs
and monsters, Counter-spell or Magic Mirror against spells, Dispel Magic
against a Finger of Death), casts it on the turn the enemy's spell lands, and
meanwhile builds one big blow (Finger of Death, Lightning Bolt) to strike late.

    spellcast match "program:python3 tests/players/defender_player.py" computer:hard
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wizardlib as w  # noqa: E402

STRIKES = {"Finger of Death": 15, "Lightning Bolt": 5, "Cause Heavy Wounds": 3}
# What an enemy spell costs me if it lands (damage, or a turn or two lost).
COST = dict(w.DAMAGE, **{"Paralysis": 3, "Charm Person": 4, "Amnesia": 2,
                         "Confusion": 2, "Fear": 2, "Anti-spell": 2, "Blindness": 3,
                         "Charm Monster": 2})
ANSWERS = {
    "Dispel Magic": lambda s: True,
    "Counter-spell": lambda s: s != "Finger of Death",
    "Magic Mirror": lambda s: s in w.MIRRORABLE,
    "Shield": lambda s: s in w.SHIELDED,
}
READY = {"Counter-spell": "WPP", "Magic Mirror": "cw", "Dispel Magic": "cDPW"}


def spell_value(name):
    order = ["Finger of Death", "Dispel Magic", "Lightning Bolt", "Counter-spell",
             "Magic Mirror", "Cause Heavy Wounds", "Shield", "Missile", "Stab"]
    return len(order) - order.index(name) if name in order else 0


class Defender(w.ScoredPlayer):
    name = "defender"

    def score(self, game, move):
        enemy = game.enemy()
        rows = game.after(move)
        cast = dict((s, h) for h, s in w.casts(game, move, spell_value))
        total = 0.0
        # Answer what lands this turn.
        now = [n for r, n, _ in game.enemy_threats(within=1) if n in COST]
        bodily = game.monster_threat(enemy)
        for spell in now:
            if any(ANSWERS[a](spell) for a in cast if a in ANSWERS):
                total += COST[spell]
        if ("Shield" in cast or "Counter-spell" in cast or "Dispel Magic" in cast
                or "Protection from Evil" in cast):
            total += bodily + 0.3
        # Keep an answer one gesture away for what could land next turn.
        soon = [n for r, n, _ in game.enemy_threats(within=2) if n in COST]
        if soon:
            ready = set()
            for hand in (w.LEFT, w.RIGHT):
                for r, n, _ in w.building(rows, hand):
                    if r == 1 and n in ANSWERS:
                        ready.add(n)
            for spell in set(soon):
                if any(ANSWERS[a](spell) for a in ready):
                    total += 0.4 * COST[spell]
        # The late blow: what it does when cast, and how far along it is.
        for spell in cast:
            if spell in STRIKES:
                total += STRIKES[spell] * 1.2
            elif spell == "Stab":
                total += 0.6
            elif spell == "Missile":
                total += 0.8
        for hand in (w.LEFT, w.RIGHT):
            heading = [STRIKES[n] * (len(dict(w.SPELLS)[n]) - r) / len(dict(w.SPELLS)[n])
                       / (r + 1.0) for r, n, _ in w.building(rows, hand) if n in STRIKES]
            total += 0.5 * max(heading or [0])
        if game.hp(game.me) <= 8 and ("Cure Heavy Wounds" in cast or "Cure Light Wounds" in cast):
            total += 2
        return total

    def answer(self, game, question):
        return w.default_answer(game, question, prefer_spells=[
            "Finger of Death", "Dispel Magic", "Lightning Bolt", "Counter-spell",
            "Magic Mirror", "Shield"])


if __name__ == "__main__":
    w.run(Defender())
