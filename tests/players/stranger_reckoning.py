"""How a stranger weighs a move: what its spells are worth, what it keeps off.

Written from the rules texts alone. Every value is in hit points: damage dealt
to the enemy (less the chance its visible counters or shields keep it off), the
damage kept off me from the enemy's spells one gesture from landing, the pull of
spells in the making, and answers kept ready for spells landing next turn. A
mixin of `stranger_kit.Stranger`, which holds `book`, `me` and `style`.
"""

from stranger_reading import (COLD, COUNTERS, DAMAGE, FIRE, HOSTILE, MIND, MONSTER_STRENGTH,
                              SHIELDABLE, STORMS, SUMMONS, owner_hand, progress, snap_run)


class Reckoning:
    """The values behind a stranger's choice of move and of targets."""

    def enemy_block_chance(self, sit, name):
        """How likely the enemy keeps this spell of mine off, this turn."""
        counter = any(t.left == 1 and t.name in ("Counter-spell", "Dispel Magic", "Magic Mirror")
                      for t in sit.threats)
        p = 0.0
        if name in SHIELDABLE:
            p = 1.0 if sit.enemy_protected() else 0.3
        if counter and name != "Stab":
            if name == "Finger of Death":
                p = max(p, 0.3 if any(t.name == "Dispel Magic" and t.left == 1 for t in sit.threats) else 0.0)
            else:
                p = max(p, 0.6)
        return p

    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        """(target, value) of casting `name` now."""
        w = self.style.weight(name)
        enemy = sit.enemy
        ename = enemy["name"] if enemy else "nobody"
        ehp = max(1, sit.enemy_hp)
        off = self.style.offence * w
        if name in DAMAGE or name == "Missile Swarm":
            dmg = DAMAGE.get(name, 1)
            if name == "Missile Swarm" and rows is not None:
                dmg = max(1, snap_run(rows[:-1], hand))
            # A monster worth killing first?
            best_mon, mon_val = None, 0.0
            for m in sit.enemy_monsters:
                if m["hp"] <= dmg and not sit.resists(m, name):
                    val = MONSTER_STRENGTH.get(m["kind"], 1) * 2.2
                    if val > mon_val:
                        best_mon, mon_val = m["name"], val
            if enemy is None or sit.resists(enemy, name):
                return (best_mon or ename, mon_val * off)
            land = 1.0 - self.enemy_block_chance(sit, name)
            val = min(dmg, ehp) * land
            if dmg >= ehp:
                val += self.style.kill_bonus * land
            if name == "Stab":
                val *= self.style.stab
            if mon_val > val:
                return (best_mon, mon_val * off)
            return (ename, val * off)
        if name == "Finger of Death":
            land = 1.0 - self.enemy_block_chance(sit, name)
            return (ename, (ehp + self.style.kill_bonus) * land * off)
        if name in STORMS:
            gain = 0.0 if not enemy or sit.resists(enemy, name) else min(5, ehp) * 0.7
            if enemy and 5 >= ehp and not sit.resists(enemy, name):
                gain += self.style.kill_bonus * 0.6
            gain += sum(MONSTER_STRENGTH.get(m["kind"], 1) * 2 for m in sit.enemy_monsters
                        if m["hp"] <= 5 and not sit.resists(m, name))
            cost = 0.0 if sit.resists(sit.mine, name) else 5.0
            cost += sum(MONSTER_STRENGTH.get(m["kind"], 1) * 2 for m in sit.my_monsters)
            return ("nobody", (gain * off - cost * 1.5))
        if name in HOSTILE:
            val = HOSTILE[name]
            if name == "Anti-spell":
                val = 0.5 + sum(t.done * (1.0 if t.name in ("Finger of Death", "Lightning Bolt") else 0.4)
                                for t in sit.threats if t.left == 2)
            if name in ("Disease", "Poison") and enemy and name in sit.effect_names(enemy):
                val = 0.2
            if name in ("Paralysis", "Charm Person", "Charm") and enemy and name in sit.effect_names(enemy):
                val *= 0.6
            if name == "Charm" and sit.enemy_monsters:
                m = max(sit.enemy_monsters, key=lambda b: MONSTER_STRENGTH.get(b["kind"], 1) + b["hp"])
                if "elemental" not in m["kind"]:
                    return (m["name"], MONSTER_STRENGTH.get(m["kind"], 1) * 4 * w * self.style.summon)
            land = 1.0 - (0.6 if any(t.left == 1 and t.name in COUNTERS | {"Magic Mirror"}
                                      for t in sit.threats) else 0.0)
            return (ename, val * land * off)
        if name == "Charm Monster":
            mons = [m for m in sit.enemy_monsters if "elemental" not in m["kind"]]
            if not mons:
                return (ename, -0.5)
            m = max(mons, key=lambda b: MONSTER_STRENGTH.get(b["kind"], 1) + b["hp"])
            return (m["name"], MONSTER_STRENGTH.get(m["kind"], 1) * 4 * w * self.style.summon)
        if name in SUMMONS:
            strength = SUMMONS[name]
            risk = any(t.name in ("Charm Monster", "Charm") and t.left <= 2 for t in sit.threats)
            val = strength * 2.2 * (0.2 if risk else 1.0)
            return (self.me, val * w * self.style.summon)
        if name in ("Summon Elemental", "Summon Fire Elemental", "Summon Ice Elemental"):
            flags = sit.flags(sit.mine)
            if ("H" in flags and name != "Summon Ice Elemental") or ("C" in flags and name != "Summon Fire Elemental"):
                return (self.me, 4.0 * w * self.style.summon)
            return (self.me, -3.0)
        if name == "Summon Leech":
            return (ename, 4.0 * w * off)
        if name == "Remove Enchantment":
            bad = sum(HOSTILE.get(n, 0) for n in sit.my_effects)
            mons = [m for m in sit.enemy_monsters if "elemental" not in m["kind"]]
            mon = max(mons, key=lambda b: MONSTER_STRENGTH.get(b["kind"], 1), default=None)
            mon_val = MONSTER_STRENGTH.get(mon["kind"], 1) * 2.2 if mon else 0.0
            if bad >= mon_val and bad > 0:
                return (self.me, bad * w)
            if mon:
                return (mon["name"], mon_val * w)
            return (self.me, 0.0)
        if name in ("Cure Light Wounds", "Cure Heavy Wounds", "Raise Dead"):
            heal = {"Cure Light Wounds": 1, "Cure Heavy Wounds": 2, "Raise Dead": 5}[name]
            lost = self.book.hit_points - sit.hp
            val = min(heal, lost) * 0.8
            if name == "Cure Heavy Wounds" and "Disease" in sit.my_effects:
                val += 8
            return (self.me, val * w)
        if name in ("Protection from Evil", "Protection from Harm"):
            mons = sum(MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.enemy_monsters)
            return (self.me, (0.6 + mons * 2.0) * w * self.style.defence)
        if name in ("Resist Heat", "Resist Cold"):
            kind = FIRE if name == "Resist Heat" else COLD
            if sit.resists(sit.mine, next(iter(kind))):
                return (self.me, -0.2)
            return (self.me, 0.6 * w * self.style.defence)
        if name == "Invisibility":
            return (self.me, 1.5 * w)
        if name in ("Haste", "Time Stop"):
            return (self.me, 1.0 * w)
        if name == "Dispel Magic":
            # Every monster goes (after this turn's attacks), every enchantment ends.
            mons = sum(MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.enemy_monsters)
            mons -= sum(MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters)
            bad = sum(HOSTILE.get(n, 0) for n in sit.my_effects)
            return (self.me, (mons * 2.2 + bad) * w)
        if name == "Magic Mirror" or name in COUNTERS or name == "Shield":
            return (self.me, 0.0)     # reckoned in `incoming`
        return (self.me, 0.1 * w)

    def incoming(self, sit, cast):
        """Expected hit points I lose this turn, given what I cast (name, target)."""
        names = {n for n, t in cast if t == self.me}
        if sit.i_am_protected():
            names.add("Shield")
        dm = self.book.deathmatch
        shielded = bool(names & {"Shield", "Dispel Magic", "Protection from Evil", "Protection from Harm"})
        if "Counter-spell" in names:
            shielded = not dm      # Death Match's Counter-spell strips a Shield
        countered = "Counter-spell" in names
        dispelled = "Dispel Magic" in names
        mirror = "Magic Mirror" in names and not countered
        resist_heat = "Resist Heat" in names or "H" in sit.flags(sit.mine)
        resist_cold = "Resist Cold" in names or "C" in sit.flags(sit.mine)
        loss = 0.0
        scale = self.style.threat_scale
        for t in sit.threats:
            if t.left != 1:
                continue
            dmg = DAMAGE.get(t.name)
            if t.name == "Missile Swarm":
                dmg = max(1, snap_run(sit.enemy_rows, t.hand))
            if t.name == "Finger of Death":
                dmg = sit.hp + 10
            if t.name in STORMS:
                dmg = 5
            if dmg is None:
                dmg = HOSTILE.get(t.name, 0) * 0.7
                if t.name in ("Charm Monster", "Charm") and sit.my_monsters:
                    dmg = max(MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters) * 3
            if dmg <= 0:
                continue
            if dmg >= sit.hp and t.name in DAMAGE or t.name in STORMS and dmg >= sit.hp:
                dmg += 10   # it would kill
            blocked = False
            if dispelled:
                blocked = True
            elif t.name == "Finger of Death":
                blocked = mirror
            elif countered:
                blocked = True
            elif mirror and t.name not in STORMS:
                blocked = True
            elif t.name in SHIELDABLE and shielded:
                blocked = True
            elif t.name in FIRE and resist_heat or t.name in COLD and resist_cold:
                blocked = True
            if not blocked:
                loss += t.prob * dmg * scale
            elif mirror and t.name not in STORMS and not dispelled:
                loss -= t.prob * min(dmg, sit.enemy_hp) * 0.8   # it goes back
        for m in sit.enemy_monsters:
            s = MONSTER_STRENGTH.get(m["kind"], 1)
            if self.book.deathmatch and "elemental" in m["kind"]:
                s = 2
            if shielded:
                continue
            if m["kind"] == "fire elemental" and resist_heat or m["kind"] == "ice elemental" and resist_cold:
                continue
            loss += s
        for m in sit.my_monsters:
            if "elemental" in m["kind"] and not shielded:
                loss += 2 if self.book.deathmatch else 3
        if not shielded:
            loss += 0.25 * scale    # a stab
        return loss

    def potential(self, sit, rows, move):
        """The pull of the spells each hand is building (nearer is worth more)."""
        total = 0.0
        first_top = None
        for hand in (0, 1):
            vals = []
            for name, g in self.book.spells:
                own = owner_hand(g)
                if own is not None and own != hand or name in self.style.banned:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                    continue
                done = progress(rows, hand, g)
                if done == 0:
                    continue
                left = len(g) - done
                if not self.clap_heard(rows, name, g, done):
                    continue
                if self.book.deathmatch and g[0] == "c" and len(rows) - done == len(rows) - 1 \
                        and (len(rows) - 1) not in self.announced:
                    # A clap being weighed now announces one spell: the best.
                    if "clap_best" not in sit.__dict__:
                        sit.clap_best = self.clap_plan(sit)
                    if name != sit.clap_best or hand == 1:
                        continue
                base = self.plan_value(sit, name, hand, rows)
                if base <= 0:
                    continue
                vals.append((base * self.style.decay ** left, name))
            vals.sort(reverse=True)
            if hand == 1 and vals and vals[0][1] == first_top and first_top in MIND:
                vals = vals[1:]       # the same mind spell from both hands would fail
            if vals:
                total += vals[0][0] + 0.3 * sum(v for v, _ in vals[1:3])
                if hand == 0:
                    first_top = vals[0][1]
        return total

    def plan_value(self, sit, name, hand, rows):
        """What completing the spell later is worth, as now reckoned (cached a turn)."""
        if name != "Missile Swarm":
            cache = sit.__dict__.setdefault("plan_cache", {})
            if name not in cache:
                cache[name] = self.plan_value_uncached(sit, name, hand, rows)
            return cache[name]
        return self.plan_value_uncached(sit, name, hand, rows)

    def plan_value_uncached(self, sit, name, hand, rows):
        if name == "Missile Swarm":
            return (snap_run(rows, hand) + 1) * 0.8 * self.style.offence
        if name in ("Shield",):
            return 0.0
        if name in COUNTERS or name == "Magic Mirror":
            return 0.8 * self.style.defence * self.style.weight(name)
        _, v = self.spell_value(sit, name, 0, hand, rows + [rows[-1]] if rows else rows)
        return min(v, 30.0)

    def readiness(self, sit, rows):
        """For enemy spells landing next turn: have I an answer one gesture away?"""
        total = 0.0
        for t in sit.threats:
            if t.left != 2:
                continue
            dmg = DAMAGE.get(t.name, HOSTILE.get(t.name, 0) * 0.7)
            if t.name == "Finger of Death":
                dmg = 25
            if t.name in STORMS:
                dmg = 5
            if dmg <= 0:
                continue
            if self.has_answer_ready(rows, t):
                total += t.prob * dmg
        return total

    def has_answer_ready(self, rows, t):
        answers = ["Dispel Magic"]
        if t.name != "Finger of Death":
            answers += ["Counter-spell"]
        if t.name not in STORMS:
            answers += ["Magic Mirror"]
        if t.name in FIRE:
            answers += ["Resist Heat"]
        if t.name in COLD:
            answers += ["Resist Cold"]
        if t.name in SHIELDABLE:
            return True   # a Shield is always one gesture away
        for hand in (0, 1):
            for name, g in self.book.spells:
                if name in answers and progress(rows, hand, g) == len(g) - 1:
                    if g[-1].islower() or owner_hand(g) is None or owner_hand(g) == hand:
                        return True
        return False
