#!/usr/bin/env python3
"""A damage racer (seat protocol, version 1): it counts what the spells its
hands are building will do, plays for the quickest damage, stabs with an idle
hand, and guards when the enemy is one gesture from a blow.

    spellcast match "program:python3 tests/players/racer_player.py" computer:hard
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wizardlib as w  # noqa: E402

# The racer's arsenal: quick damage first.
ARSENAL = ["Missile", "Cause Light Wounds", "Cause Heavy Wounds", "Lightning Bolt",
           "Fireball"]


def spell_value(name):
    if name in ARSENAL:
        return w.DAMAGE[name]
    return {"Counter-spell": 0.8, "Shield": 0.5, "Stab": 0.9}.get(name, 0.0)


class Racer(w.ScoredPlayer):
    name = "racer"

    def score(self, game, move):
        enemy = game.enemy()
        rows = game.after(move)
        total = 0.0
        cast = dict((s, h) for h, s in w.casts(game, move, spell_value))
        for spell in cast:
            total += w.DAMAGE.get(spell, 0) if spell in ARSENAL else 0
            if spell == "Stab":
                total += 0.8
        # The fastest damage each hand is heading for.
        for hand in (w.LEFT, w.RIGHT):
            heading = [w.DAMAGE[n] / (r + 1.0) for r, n, _ in w.building(rows, hand)
                       if n in ARSENAL]
            total += 0.7 * max(heading or [0])
        # Guard when the enemy is one gesture from a blow, and against monsters.
        threats = game.enemy_threats(within=1)
        harm = sum(w.DAMAGE.get(n, 0) for _, n, _ in threats if n not in ("Disease", "Poison"))
        shieldable = sum(w.DAMAGE.get(n, 0) for _, n, _ in threats if n in w.SHIELDED)
        shieldable += game.monster_threat(enemy) + 0.5  # and a stab, maybe
        if "Counter-spell" in cast or "Dispel Magic" in cast:
            total += harm + shieldable
        elif "Magic Mirror" in cast:
            total += harm
        elif "Shield" in cast and shieldable >= 1.5:
            total += shieldable
        if game.hp(game.me) <= 6 and "Cure Light Wounds" in cast:
            total += 1.5
        return total

    def answer(self, game, question):
        return w.default_answer(game, question, prefer_spells=ARSENAL[::-1] + ["Counter-spell"])


if __name__ == "__main__":
    w.run(Racer())
