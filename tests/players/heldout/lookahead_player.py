#!/usr/bin/env python3
"""A held-out stranger: the two-ply lookahead (seat protocol 1.1, any book).

Moves are simultaneous, so it guesses the enemy's move before choosing its
own. From the enemy's visible gesture columns it lists the enemy's likely
move pairs (those that finish or further a spell, a shield, a stab), weighs
them by how good they look from the enemy's side, then plays each of its own
best candidates against each of them, resolving the turn in brief by the
rules (counter-spells, mirrors, Dispel Magic, shields, resistances, storms,
monsters), and takes the move whose outcome is best on a blend of the
expected and the worst case. Written from the rules and the protocol only.
Held out: see README.md here.

    spellcast match "program:python3 tests/players/heldout/lookahead_player.py" computer:easy
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

PROTECTIVE = {"Shield": 0.5, "Counter-spell": 1.5, "Magic Mirror": 1.5, "Dispel Magic": 2.0,
              "Protection from Evil": 1.5, "Protection from Harm": 1.5, "Resist Heat": 0.8,
              "Resist Cold": 0.8, "Cure Light Wounds": 0.8, "Cure Heavy Wounds": 1.5,
              "Remove Enchantment": 1.0, "Raise Dead": 2.0}
MY_CANDIDATES = 14
THEIR_CANDIDATES = 12


class Lookahead(kit.Stranger):
    name = "two-ply lookahead"

    # ---- the enemy's side --------------------------------------------------
    def enemy_spell_value(self, sit, name, rows, hand):
        if name == "Missile Swarm":
            return kit.snap_run(rows[:-1], hand) * 1.0
        if name == "Finger of Death":
            return 20.0
        if name in kit.DAMAGE:
            return float(kit.DAMAGE[name])
        if name in kit.STORMS:
            return 3.0
        if name in kit.HOSTILE:
            return kit.HOSTILE[name] * 0.8
        if name in kit.SUMMONS:
            return kit.SUMMONS[name] * 2.0
        if name == "Summon Leech":
            return 3.0
        if name in ("Charm Monster", "Charm") and sit.my_monsters:
            return 6.0
        return PROTECTIVE.get(name, 0.2)

    def enemy_completions(self, sit, move):
        """{hand: (name, value)}: the enemy's best completed spell per hand."""
        rows = sit.enemy_rows + [move]
        out = {}
        for hand in (0, 1):
            best = None
            if move[hand] == "k":
                best = ("Stab", 1.0)
            for name, g in self.book.spells:
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and sit.enemy_used_short_bolt():
                    continue
                if kit.completes(rows, hand, g):
                    v = self.enemy_spell_value(sit, name, rows, hand)
                    if best is None or v > best[1]:
                        best = (name, v)
            if best:
                out[hand] = best
        return out

    def enemy_potential(self, sit, rows):
        total = 0.0
        for hand in (0, 1):
            top = 0.0
            for name, g in self.book.spells:
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                done = kit.progress(rows, hand, g)
                if done:
                    v = self.enemy_spell_value(sit, name, rows, hand) * 0.7 ** (len(g) - done)
                    top = max(top, v)
            total += top
        return total

    def enemy_moves(self, sit):
        """[(weight, move)]: the enemy's likely moves, weighed from its side."""
        letters = []
        for hand in (0, 1):
            nxt = sit.enemy_next_letters(hand)
            pool = set("Pk") | {"-"}
            for name, g in self.book.spells:
                done = kit.progress(sit.enemy_rows, hand, g)
                if done and g[done].upper() in nxt:
                    pool.add(g[done].upper())
                elif len(g) > 1 and g[0].upper() in nxt and g[0].isupper():
                    pool.add(g[0])
            if self.book.deathmatch and hand == 0:
                pool.discard("k")
            letters.append([c for c in pool if c == "-" or c == "k" or c in nxt])
        scored = []
        for a in letters[0]:
            for b in letters[1]:
                if (a == "k" and b == "k") or (a == "P" and b == "P"):
                    continue
                move = a + b
                comps = self.enemy_completions(sit, move)
                v = sum(x[1] for x in comps.values())
                v += 0.6 * self.enemy_potential(sit, sit.enemy_rows + [move])
                scored.append((v, move, comps))
        scored.sort(reverse=True)
        scored = scored[:THEIR_CANDIDATES] or [(0.0, "--", {})]
        top = scored[0][0]
        return [(math.exp((v - top) / 1.5), move, comps) for v, move, comps in scored]

    # ---- one turn, in brief ------------------------------------------------
    def outcome(self, sit, picks, their):
        """My gain in hit points, this turn, when my picks meet their completions."""
        me, enemy = self.me, sit.enemy["name"]
        mine = [(n, t) for n, t, _ in picks.values()]
        theirs = [(n, me if n not in kit.SELF_SPELLS and n not in PROTECTIVE else enemy)
                  for n, _ in their.values()]
        everything = {n for n, _ in mine} | {n for n, _ in theirs}
        dispel = "Dispel Magic" in everything

        def guard(cast, who):
            names = {n for n, t in cast if t == who}
            dm = self.book.deathmatch
            shield = bool(names & {"Shield", "Dispel Magic", "Protection from Evil",
                                   "Protection from Harm"})
            if "Counter-spell" in names:
                shield = not dm
            return {"shield": shield, "counter": "Counter-spell" in names,
                    "mirror": "Magic Mirror" in names and "Counter-spell" not in names,
                    "heat": "Resist Heat" in names, "cold": "Resist Cold" in names}

        my_guard = guard(mine, me)
        their_guard = guard(theirs, enemy)
        if sit.i_am_protected():
            my_guard["shield"] = True
        if sit.enemy_protected():
            their_guard["shield"] = True
        dealt = {me: 0.0, enemy: 0.0}
        moods = {me: 0.0, enemy: 0.0}

        def strike(name, caster, target, g, being, rows, hand):
            if target not in dealt:
                return
            if name in kit.STORMS:
                for who, gd in ((me, my_guard), (enemy, their_guard)):
                    b = sit.mine if who == me else sit.enemy
                    if dispel or gd["counter"] or sit.resists(b, name):
                        continue
                    if (name == "Fire Storm" and gd["heat"]) or (name == "Ice Storm" and gd["cold"]):
                        continue
                    dealt[who] += 5
                return
            dmg = kit.DAMAGE.get(name)
            if name == "Missile Swarm":
                dmg = max(1, kit.snap_run(rows[:-1], hand))
            if name == "Finger of Death":
                dmg = 99
            if dmg is None and name not in kit.HOSTILE:
                return
            if name != "Stab":
                if dispel:
                    return
                if g["counter"] and name != "Finger of Death":
                    return
                if g["mirror"]:
                    target = caster
                    g = my_guard if caster == me else their_guard
                    if g["mirror"]:
                        return
            if name in kit.SHIELDABLE and g["shield"]:
                return
            victim = sit.mine if target == me else sit.enemy
            if sit.resists(victim, name) or (name in kit.FIRE and g["heat"]) or \
                    (name in kit.COLD and g["cold"]):
                return
            if dmg is None:
                moods[target] += kit.HOSTILE[name] * 0.8
            else:
                dealt[target] += dmg

        for hand, (name, target, _) in picks.items():
            strike(name, me, target, their_guard if target == enemy else my_guard,
                   None, sit.my_rows, hand)
        for hand, (name, _) in their.items():
            target = me if name not in kit.SELF_SPELLS and name not in PROTECTIVE else enemy
            strike(name, enemy, target, my_guard if target == me else their_guard,
                   None, sit.enemy_rows, hand)
        # Monsters already here, and this turn's summons, strike at once.
        for m in sit.my_monsters:
            if "elemental" not in m["kind"] and not their_guard["shield"]:
                dealt[enemy] += kit.MONSTER_STRENGTH.get(m["kind"], 1)
        for m in sit.enemy_monsters:
            s = 2 if (self.book.deathmatch and "elemental" in m["kind"]) else \
                kit.MONSTER_STRENGTH.get(m["kind"], 1)
            if not my_guard["shield"]:
                dealt[me] += s
        for name, target, _ in picks.values():
            if name in kit.SUMMONS and not their_guard["shield"] and not dispel:
                dealt[enemy] += kit.SUMMONS[name]
        for name, _ in their.values():
            if name in kit.SUMMONS and not my_guard["shield"] and not dispel:
                dealt[me] += kit.SUMMONS[name]
        gain = 0.0
        if any(n == "Dispel Magic" for n, _, _ in picks.values()):
            gain += 2.2 * (sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.enemy_monsters)
                           - sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters))
        gain += min(dealt[enemy], sit.enemy_hp + 1) - min(dealt[me], sit.hp + 1)
        gain += moods[enemy] - moods[me]
        if dealt[enemy] >= sit.enemy_hp:
            gain += self.style.kill_bonus
        if dealt[me] >= sit.hp:
            gain -= self.style.kill_bonus * 1.2
        # Other spells of mine are worth what the one-ply reckoning says.
        for name, target, value in picks.values():
            if name not in kit.DAMAGE and name not in kit.HOSTILE and name not in kit.STORMS \
                    and name != "Missile Swarm" and name != "Finger of Death" \
                    and name not in PROTECTIVE and not dispel:
                gain += value
        return gain

    def choose_move(self, sit):
        if not sit.enemy:
            return super().choose_move(sit)
        ranked = sorted(self.score_moves(sit), key=lambda s: -s[0])
        pool = ranked[:MY_CANDIDATES]
        for entry in ranked[MY_CANDIDATES:]:
            if any(n in PROTECTIVE for n, _, _ in entry[2].values()) and len(pool) < MY_CANDIDATES + 6:
                pool.append(entry)
        theirs = self.enemy_moves(sit)
        total_w = sum(w for w, _, _ in theirs)
        best, best_val = None, None
        for one_ply, move, picks in pool:
            rows = sit.my_rows + [move]
            outcomes = [self.outcome(sit, picks, comps) for _, _, comps in theirs]
            expected = sum(w * o for (w, _, _), o in zip(theirs, outcomes)) / total_w
            worst = min(outcomes)
            value = 0.85 * expected + 0.15 * worst
            value += self.style.plan * self.potential(sit, rows, move)
            value += self.style.readiness * self.readiness(sit, rows)
            # Half the say goes to the one-ply reckoning of the enemy's visible threats.
            value = 0.5 * value + 0.5 * one_ply
            if best_val is None or value > best_val:
                best, best_val = (one_ply, move, picks), value
        self.adopt(sit, best)
        return best[1]


if __name__ == "__main__":
    kit.main(lambda: Lookahead(kit.Style(offence=1.1, defence=1.2, readiness=0.8, decay=0.7,
                                         plan=1.0)))
