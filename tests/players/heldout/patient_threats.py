"""How the patient defender reads the enemy: what can land on it, and when.

Part of the held-out patient defender (`patient_player.py`), written from the
rules texts and the seat protocol alone. From the enemy's gesture columns it
lists every spell he can finish within three turns, each with the turn it can
land and a chance (a long sequence, a gesture of both hands, an announced clap
or a spell he has cast before is rarely an accident), and says what each would
cost the defender and what, standing on it that turn, would stop it.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

# Chance a visible sequence is finished when one gesture is missing, by how
# many gestures are already made (a long sequence is rarely made by chance).
FINISH_CHANCE = {1: 0.2, 2: 0.55, 3: 0.75}
LATER_CHANCE = {1: 0.2, 2: 0.4, 3: 0.6}
# A spell the enemy has finished before in this duel, by turns to go.
HABIT_CHANCE = {1: 0.8, 2: 0.6, 3: 0.45}
CHARMERS = {"Charm Monster", "Charm"}


class Blow:
    """An enemy spell that can land in `left` turns (1: this one), and its chance."""

    def __init__(self, name, hand, left, chance):
        self.name, self.hand, self.left, self.chance = name, hand, left, chance

    def __repr__(self):
        return "%s(%s in %d, %.2f)" % (self.name, "LR"[self.hand], self.left, self.chance)


class Reading:
    """A mixin of the patient defender (a `stranger_kit.Stranger`)."""

    def __init__(self):
        self.habit_memory = {}    # wizard -> [rows read, spells he has finished]

    # ---- reading the enemy's columns ---------------------------------------
    def blows(self, sit):
        """The enemy's spells that can land within three turns (cached per view)."""
        cached = sit.__dict__.get("patient_blows")
        if cached is not None:
            return cached
        out = []
        for enemy in sit.enemies:
            out += self.blows_of(sit, enemy)
        sit.patient_blows = out
        return out

    def blows_of(self, sit, enemy):
        """One enemy's spells, each at the nearest turn it can land."""
        rows = sit.rows.get(enemy["name"], [])
        effects = {e["name"]: e for e in enemy.get("effects", [])}
        announced = {a.get("row", 0) - 1: a.get("spell")
                     for a in sit.view.get("announced", []) if a.get("wizard") == enemy["name"]}
        short_used = any(kit.matches(rows, h, "WDDc", end - 4)
                         for end in range(4, len(rows) + 1) for h in (0, 1))
        nxt = [self.enemy_letters(rows, effects, hand) for hand in (0, 1)]
        habits = self.habits(enemy["name"], rows)
        out = []
        for hand in (0, 1):
            for name, g in self.book.spells:
                if len(g) < 2 or (name == "Lightning Bolt" and g[-1] == "c" and short_used):
                    continue
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                for done in range(len(g) - 1, 0, -1):
                    left = len(g) - done
                    if left > 3 or len(rows) < done:
                        continue
                    if not kit.matches(rows, hand, g[:done], len(rows) - done):
                        continue
                    said = None
                    if self.book.deathmatch and g[0] == "c":
                        said = announced.get(len(rows) - done)
                        if said is not None and said != name:
                            continue
                    step = g[done]
                    if step.islower():
                        if step.upper() not in nxt[0] or step.upper() not in nxt[1]:
                            continue
                    elif step not in nxt[hand]:
                        continue
                    table = FINISH_CHANCE if left == 1 else LATER_CHANCE
                    chance = table[min(done, 3)]
                    if said == name or any(c.islower() for c in g[:done]):
                        # Both hands at once, or a clap announced: no accident.
                        chance = max(chance, table[3])
                    if name in habits:
                        chance = max(chance, HABIT_CHANCE[left])
                    out.append(Blow(name, hand, left, chance))
                    break       # the nearest finish of this spell on this hand
        return out

    def habits(self, who, rows):
        """The spells this wizard has already finished in the duel: he will again."""
        seen = self.habit_memory.setdefault(who, [0, set()])
        for end in range(seen[0] + 1, len(rows) + 1):
            upto = rows[:end]
            for name, g in self.book.spells:
                if len(g) > 1 and any(kit.completes(upto, h, g) for h in (0, 1)):
                    seen[1].add(name)
        seen[0] = len(rows)
        return seen[1]

    def enemy_letters(self, rows, effects, hand):
        """The letters the enemy's hand can make next, as his spells allow."""
        letters = set("FPSWDC") & set(self.book.hands[hand] + "C")
        if "Fear" in effects:
            letters -= set(self.book.fear_forbids)
        if "Amnesia" in effects and rows:
            letters &= {rows[-1][hand]}
        para = effects.get("Paralysis")
        if para and rows and para.get("hand") == ("left", "right")[hand]:
            letters &= {self.book.paralyse.get(rows[-1][hand], rows[-1][hand])}
        return letters

    # ---- what a blow would do to me ---------------------------------------
    def harm(self, sit, name, hand):
        """Hit points (or their worth) the spell costs me if it lands on me."""
        hp = sit.hp
        if name == "Finger of Death":
            return hp + self.style.kill_bonus
        if name == "Missile Swarm":
            dmg = max(1, kit.snap_run(sit.rows.get(sit.enemy["name"], []), hand))
        elif name in kit.STORMS:
            dmg = 5
        elif name in kit.DAMAGE:
            dmg = kit.DAMAGE[name] + (2 if name == "Frost Bolt" else 0)
        elif name in CHARMERS and sit.my_monsters:
            return max(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.my_monsters) * 3.5
        elif name == "Charm Person" and self.book.gesticulation:
            return 1.0
        elif name == "Anti-spell":
            return 1.0 + 0.6 * self.my_progress_worth(sit)
        elif name in kit.HOSTILE:
            upset = 0.3 * self.my_progress_worth(sit) if name in kit.MIND else 0.0
            return kit.HOSTILE[name] * 1.3 + upset
        elif name == "Summon Leech":
            return 3.0
        elif name in kit.SUMMONS:
            return kit.SUMMONS[name] * (2 if self.book.deathmatch else 1)
        elif "Elemental" in name:
            return 2.0 if self.book.deathmatch else 3.0
        elif name in ("Time Stop", "Haste"):
            return 1.5
        else:
            return 0.0
        if dmg >= hp:
            dmg += self.style.kill_bonus
        return dmg

    def my_progress_worth(self, sit):
        """What my hands' spells in the making are worth now (lost to an Anti-spell)."""
        if "progress_worth" not in sit.__dict__:
            sit.progress_worth = 0.0      # (the reckoning below asks for it again)
            if sit.my_rows:
                sit.progress_worth = kit.Stranger.potential(self, sit, sit.my_rows, None)
        return sit.progress_worth

    def guard(self, sit, cast):
        """What stands on me this turn, given the spells I cast at myself."""
        mine = {n for n, t in cast if t == self.me}
        flags = sit.flags(sit.mine)
        dm = self.book.deathmatch
        g = {
            "counter": "Counter-spell" in mine,
            "dispel": "Dispel Magic" in mine,
            "raise": "Raise Dead" in mine,
            "heat": "H" in flags or "Resist Heat" in mine,
            "cold": "C" in flags or "Resist Cold" in mine,
        }
        g["mirror"] = "Magic Mirror" in mine and not g["counter"] and not g["dispel"]
        shield = bool(mine & {"Shield", "Protection from Evil", "Protection from Harm"}) \
            or sit.i_am_protected() or g["dispel"] or (g["counter"] and not dm)
        if dm and g["counter"]:
            shield = False      # Death Match's Counter-spell takes the Shield away
        g["shield"] = shield
        return g

    def stopped(self, blow_name, g):
        """(stopped, reflected) for an enemy spell at me under guard `g`."""
        aimed = blow_name not in kit.STORMS and "Elemental" not in blow_name \
            and blow_name not in kit.SUMMONS
        if g["dispel"]:
            return True, False
        if blow_name == "Finger of Death":
            return (g["mirror"] or g["raise"]), g["mirror"]
        if blow_name in kit.FIRE and g["heat"] or blow_name in kit.COLD and g["cold"]:
            return True, False
        if g["counter"] and (aimed or blow_name in kit.STORMS):
            return True, False
        if g["mirror"] and aimed:
            return True, True
        if blow_name in kit.SHIELDABLE or blow_name in kit.SUMMONS:
            return g["shield"], False
        if "Elemental" in blow_name:
            return g["shield"], False
        return False, False

    def exposure(self, sit, cast):
        """Expected harm to me this turn (less what a mirror sends back)."""
        g = self.guard(sit, cast)
        loss = 0.0
        for b in self.blows(sit):
            if b.left != 1:
                continue
            harm = self.harm(sit, b.name, b.hand)
            if harm <= 0:
                continue
            stop, back = self.stopped(b.name, g)
            if not stop:
                loss += b.chance * harm
            elif back:
                loss -= b.chance * min(self.harm_to_enemy(sit, b.name), sit.enemy_hp + 5) * 0.7
        for m in sit.beings.values():
            kind = m["kind"]
            if kind == "wizard" or m.get("controller") == self.me and "elemental" not in kind:
                continue
            if g["shield"] or kind == "fire elemental" and g["heat"] \
                    or kind == "ice elemental" and g["cold"]:
                continue
            if "elemental" in kind:
                loss += 2 if self.book.deathmatch else 3
            elif self.book.deathmatch:
                loss += {"goblin": 1, "ogre": 2, "troll": 3}.get(kind, 1)
            else:
                loss += kit.MONSTER_STRENGTH.get(kind, 1)
        if not g["shield"]:
            loss += 0.15      # a knife is always one gesture away
        return loss

    def harm_to_enemy(self, sit, name):
        """What one of his spells does to him when my mirror sends it back."""
        if name == "Finger of Death":
            return sit.enemy_hp
        return kit.DAMAGE.get(name, kit.HOSTILE.get(name, 1.0))
