#!/usr/bin/env python3
"""A held-out stranger: the monster builder (seat protocol 1.1, any book).

It fights with monsters: it summons the strongest it can finish (a giant, a
troll, an ogre, goblins in between), keeps them its own, and takes the
enemy's with Charm Monster (Death Match's Charm). It summons nothing while
the enemy is within reach of a charm; when his Charm Monster or Charm can
land this turn it throws its Counter-spell over its strongest monster
instead of itself. It directs every monster each turn: at the enemy, or,
while he stands shielded, at his strongest monster; under the original
rules, whose orders come after the reveal, it reads his new palms before
choosing. It builds its cure when diseased or poisoned. Written from the
rules and the protocol only. Held out: see README.md here.

    spellcast match "program:python3 tests/players/heldout/builder_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

WEIGHTS = {
    "Summon Goblin": 1.6, "Summon Ogre": 2.0, "Summon Troll": 2.2, "Summon Giant": 2.4,
    "Charm Monster": 2.2, "Charm": 2.2, "Protection from Evil": 1.3,
    "Protection from Harm": 1.3, "Counter-spell": 1.2, "Summon Elemental": 0.3,
    "Summon Fire Elemental": 0.3, "Summon Ice Elemental": 0.3, "Finger of Death": 0.8,
    "Permanency": 0.0, "Delayed Effect": 0.0, "Time Stop": 0.3, "Haste": 0.8,
}
CHARMERS = ("Charm Monster", "Charm")


class Builder(kit.Stranger):
    name = "monster builder"

    def monster_hit(self, kind):
        """What a monster of this kind does each turn it strikes, by the book."""
        if "elemental" in kind:
            return 2 if self.book.deathmatch else 3
        return kit.MONSTER_STRENGTH.get(kind, 1)

    def monster_hp(self, kind):
        """Hit points that kill a monster of this kind, by the book."""
        if self.book.deathmatch:
            return {"goblin": 2, "ogre": 3, "troll": 4}.get(kind, 3)
        return 3 if "elemental" in kind else kit.MONSTER_STRENGTH.get(kind, 1)

    def charm_coming(self, sit):
        """Whether the enemy's Charm Monster (or Charm) can land this turn."""
        return any(t.name in CHARMERS and t.left == 1 for t in sit.threats)

    def sickness(self, sit):
        """{"disease", "poison"} as they are on me (status letters d and p)."""
        flags = sit.flags(sit.mine)
        out = set()
        if "d" in flags or "Disease" in sit.my_effects:
            out.add("disease")
        if "p" in flags or "Poison" in sit.my_effects:
            out.add("poison")
        return out

    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        target, value = super().spell_value(sit, name, _unused, hand, rows)
        if name in kit.SUMMONS and any(t.name in CHARMERS and t.left <= 2 for t in sit.threats):
            return (target, -2.0)          # it would be his before it struck
        if name in kit.SUMMONS:
            # A monster strikes every turn it lives: more so when the enemy has few answers.
            value *= 1.0 + 0.1 * max(0, 4 - len(sit.my_monsters))
        sick = self.sickness(sit)
        if sick and (name in ("Remove Enchantment", "Dispel Magic")
                     or name == "Cure Heavy Wounds" and sick == {"disease"}):
            return (self.me, 25.0)         # disease and poison kill unless cured
        if name == "Counter-spell" and sit.my_monsters and self.charm_coming(sit):
            best = max(sit.my_monsters, key=lambda m: self.monster_hit(m["kind"]))
            return (best["name"], self.monster_hit(best["kind"]) * 4.0)
        return (target, value)

    def incoming(self, sit, cast):
        """The kit's reckoning, with a charm kept off my monster by a counter over it."""
        loss = super().incoming(sit, cast)
        if sit.my_monsters and any(n == "Counter-spell" and t != self.me for n, t in cast):
            strongest = max(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters)
            loss -= sum(t.prob * strongest * 3 for t in sit.threats
                        if t.name in CHARMERS and t.left == 1)
        return loss

    def pick_answer(self, sit, q):
        if q.get("kind") == "target" and q.get("spell") == "Counter-spell":
            hand = 0 if q.get("hand") == "left" else 1
            target, _ = self.spell_value(sit, "Counter-spell", 0, hand, sit.my_rows)
            if target in q["options"]:
                return target
        return super().pick_answer(sit, q)

    def monster_target(self, sit, opts):
        """The enemy, unless he stands shielded and one of his monsters would die."""
        enemy = sit.enemy["name"] if sit.enemy else None
        shielded = sit.enemy_protected()
        rows = sit.enemy_rows
        if rows and not self.book.deathmatch and not self.book.gesticulation:
            shielded = shielded or "P" in rows[-1]     # orders come after the reveal
        if shielded:
            prey = [m for m in sit.enemy_monsters if m["name"] in opts]
            if prey:
                return max(prey, key=lambda m: (self.monster_hit(m["kind"]), -m["hp"]))["name"]
        return enemy if enemy in opts else opts[0]


if __name__ == "__main__":
    kit.main(lambda: Builder(kit.Style(spell_weight=WEIGHTS, offence=1.0, defence=1.3,
                                       readiness=0.6, decay=0.72, plan=1.0, stab=0.8,
                                       summon=1.0, noise=0.05)))
