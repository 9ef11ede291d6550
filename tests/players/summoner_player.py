#!/usr/bin/env python3
"""A summoner (seat protocol, version 1): it builds monsters, the bigger the
better when there is time, sends them where they hurt most, takes the enemy's
monsters with Charm Monster, and shields itself against what attacks it.

    spellcast match "program:python3 tests/players/summoner_player.py" computer:hard
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wizardlib as w  # noqa: E402

# A monster's worth when summoned: its blows over the few turns it may live.
WORTH = {n: 2.5 * d for n, d in w.SUMMONS.items()}


def spell_value(name):
    if name in WORTH:
        return WORTH[name]
    return {"Charm Monster": 3, "Shield": 1, "Missile": 1, "Stab": 0.8,
            "Cause Light Wounds": 2}.get(name, 0)


class Summoner(w.ScoredPlayer):
    name = "summoner"

    def score(self, game, move):
        enemy = game.enemy()
        rows = game.after(move)
        cast = dict((s, h) for h, s in w.casts(game, move, spell_value))
        theirs = game.hostile_monsters()
        total = 0.0
        for spell in cast:
            if spell in WORTH:
                total += WORTH[spell]
            elif spell == "Charm Monster" and theirs:
                total += 2.5 * max(w.MONSTER_DAMAGE.get(m["kind"], 1) for m in theirs)
            elif spell in ("Missile", "Cause Light Wounds", "Stab"):
                total += {"Missile": 1, "Cause Light Wounds": 2, "Stab": 0.7}[spell]
        # Monsters on the way, and a charm ready for the enemy's.
        for hand in (w.LEFT, w.RIGHT):
            heading = [WORTH[n] / (r + 1.0) for r, n, _ in w.building(rows, hand)
                       if n in WORTH]
            if theirs:
                heading += [2.0 / (r + 1.0) for r, n, _ in w.building(rows, hand)
                            if n == "Charm Monster"]
            total += 0.6 * max(heading or [0])
        # Shield against monsters and missiles; counter what lands this turn.
        threats = game.enemy_threats(within=1)
        bodily = sum(w.MONSTER_DAMAGE.get(m["kind"], 1) for m in theirs)
        bodily += sum(1 for _, n, _ in threats if n == "Missile")
        if "Shield" in cast or "Counter-spell" in cast:
            total += bodily * 0.9
        if "Counter-spell" in cast:
            total += sum(w.DAMAGE.get(n, 1) for _, n, _ in threats if n != "Finger of Death")
        return total

    def answer(self, game, question):
        if question["kind"] == "monster":
            return self.order(game, question)
        return w.default_answer(game, question, prefer_spells=[
            "Summon Giant", "Summon Troll", "Summon Ogre", "Charm Monster",
            "Summon Goblin", "Counter-spell", "Shield"])

    def order(self, game, question):
        """Kill an enemy monster this one can kill when it hits harder than the
        enemy wizard can be hit; otherwise go for the wizard."""
        options = question["options"]
        me = game.being(question["about"])
        enemy = game.enemy()
        power = w.MONSTER_DAMAGE.get(me["kind"], 1) if me else 1
        shielded = game.effect(enemy, "Protection from Evil")
        prey = [m for m in game.hostile_monsters()
                if m["name"] in options and m["name"] != question["about"]
                and m["hp"] <= power and m.get("controller")]
        prey.sort(key=lambda m: -w.MONSTER_DAMAGE.get(m["kind"], 1))
        if prey and (shielded or w.MONSTER_DAMAGE.get(prey[0]["kind"], 1) >= 2):
            return prey[0]["name"]
        if enemy in options:
            return enemy
        return question.get("default", options[0])


if __name__ == "__main__":
    w.run(Summoner())
