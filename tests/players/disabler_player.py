#!/usr/bin/env python3
"""A disabler (seat protocol, version 1): it spoils what the enemy builds with
the mind spells (Paralysis, Fear, Amnesia, Confusion, Charm Person), timed to
land as the enemy's spell is about to, and wears him down with the wounds
spells and a stab from an idle hand. It guards like the others only when a
blow is one gesture away and it has no spell of its own to land first.

    spellcast match "program:python3 tests/players/disabler_player.py" computer:hard
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wizardlib as w  # noqa: E402

# The mind spells (the manual page: each spoils the subject's next gestures).
MIND = ["Paralysis", "Fear", "Amnesia", "Confusion", "Charm Person"]
WOUNDS = ["Cause Light Wounds", "Cause Heavy Wounds", "Missile"]
# What a landed enemy spell would cost me, for weighing a spoiler against it.
COST = dict(w.DAMAGE, **{"Paralysis": 3, "Charm Person": 4, "Amnesia": 2,
                         "Confusion": 2, "Fear": 2, "Blindness": 3,
                         "Summon Giant": 4, "Summon Troll": 3, "Summon Ogre": 2,
                         "Summon Goblin": 1})
# Fear stops C, D, F and S; the others stop anything not yet made.
FEAR_STOPS = "CDFS"


def spell_value(name):
    if name in MIND:
        return 2.0 + MIND[::-1].index(name) * 0.1
    if name in WOUNDS:
        return w.DAMAGE[name]
    return {"Counter-spell": 0.8, "Shield": 0.5, "Stab": 0.9}.get(name, 0.0)


class Disabler(w.ScoredPlayer):
    name = "disabler"

    def spoil_worth(self, game, spell):
        """What casting `spell` at the enemy now saves me: the cost of the most
        dangerous thing he could finish next turn that it would stop."""
        best = 0.0
        enemy = game.enemy()
        rows = game.rows(enemy) if enemy else []
        for hand in (w.LEFT, w.RIGHT):
            for remaining, name, nxt in w.building(rows, hand):
                if remaining > 2 or name not in COST:
                    continue
                if spell == "Fear" and nxt.upper() not in FEAR_STOPS:
                    continue
                best = max(best, COST[name] / remaining)
        return best

    def score(self, game, move):
        rows = game.after(move)
        total = 0.0
        cast = dict((s, h) for h, s in w.casts(game, move, spell_value))
        for spell in cast:
            if spell in MIND:
                total += 1.0 + self.spoil_worth(game, spell)
            elif spell in WOUNDS:
                total += w.DAMAGE[spell]
            elif spell == "Stab":
                total += 0.7
        # Where each hand is heading: a spoiler ready to time, or damage.
        for hand in (w.LEFT, w.RIGHT):
            heading = [spell_value(n) / (r + 1.0) for r, n, _ in w.building(rows, hand)
                       if n in MIND or n in WOUNDS]
            total += 0.6 * max(heading or [0])
        # Guard against a blow one gesture away when nothing of mine spoils it.
        threats = [n for _, n, _ in game.enemy_threats(within=1)]
        harm = sum(w.DAMAGE.get(n, 0) for n in threats if n not in ("Disease", "Poison"))
        spoiled = any(s in MIND for s in cast)
        if harm and not spoiled:
            if "Counter-spell" in cast or "Dispel Magic" in cast:
                total += harm
            elif "Magic Mirror" in cast:
                total += harm
        shieldable = game.monster_threat(game.enemy()) + 0.5
        if "Shield" in cast and shieldable >= 1.5:
            total += shieldable
        if game.hp(game.me) <= 6 and "Cure Light Wounds" in cast:
            total += 1.5
        return total

    def answer(self, game, question):
        return w.default_answer(game, question, prefer_spells=MIND + WOUNDS[::-1])


if __name__ == "__main__":
    w.run(Disabler())
