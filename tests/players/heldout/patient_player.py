#!/usr/bin/env python3
"""A held-out stranger: the patient defender (seat protocol 1.1, any book).

Every turn it reads the enemy's gesture columns and lists what the enemy can
finish this turn, next turn and the turn after, each with its timing. Against
what can land this turn it stands the answer that stops it (Shield against
stabs, missiles and monsters; Counter-spell, Magic Mirror or Dispel Magic
against spells, the mirror only where no counter of its own would break it;
Resist Heat or Cold against fire and cold; Dispel Magic when several threats
stack up). Against what lands later it keeps an answer exactly that many
gestures from done, so that a mirror or counter stands the turn the blow
lands and not the turn before, while lasting answers (resistances,
protection) may come early. It never summons a monster the enemy could take
with Charm Monster (Death Match's Charm), watches the once-a-duel short
Lightning Bolt, cures when low, and builds a heavy blow on the side, striking
when the enemy has no counter or mirror ready. It reads the book from
`hello`: its hit points, its letters and its spells. The reading of the
enemy's columns is in `patient_threats.py`. Written from the rules and the
protocol only. Held out: see README.md here.

    spellcast match "program:python3 tests/players/heldout/patient_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402
from patient_threats import CHARMERS, Reading  # noqa: E402

# How much a blow that may land next turn (or the one after) counts, against
# one landing now, when an answer stands ready for it.
READY_NEXT = 0.8
READY_LATER = 0.45
# Answers that last once made, so may come early (the others must stand the
# very turn the blow lands).
ANSWERS_LASTING = {"Resist Heat", "Resist Cold", "Protection from Evil",
                   "Protection from Harm"}
# A surrender forced on me (a charmed or confused hand meeting my palm) loses.
SURRENDER_COST = 100.0
# Spells that remove the enemy's monsters, worth building when he has some.
STRIKES = {"Finger of Death", "Charm Monster", "Charm", "Remove Enchantment", "Dispel Magic",
           "Cure Heavy Wounds"}
# The pull of the next gesture of the blow one hand is building.
STRIKE_PULL = 1.0
STRIKE_DECAY = 0.85
STRIKE_DECAY_BROKEN = 0.72
BREAKERS = {"Anti-spell", "Paralysis", "Charm Person", "Charm", "Amnesia", "Confusion", "Fear"}
WEIGHTS = {
    "Finger of Death": 1.3, "Lightning Bolt": 1.4, "Fireball": 1.3, "Iceball": 1.3,
    "Frost Bolt": 1.4, "Cause Heavy Wounds": 1.2, "Counter-spell": 1.3,
    "Magic Mirror": 1.3, "Dispel Magic": 1.2, "Cure Heavy Wounds": 1.2,
    "Summon Goblin": 0.6, "Summon Ogre": 0.7, "Summon Troll": 0.8, "Summon Giant": 0.8,
    "Permanency": 0.0, "Delayed Effect": 0.0, "Time Stop": 0.3, "Haste": 0.3,
    "Invisibility": 0.5,
}


class Patient(Reading, kit.Stranger):
    name = "patient defender"
    committed = None

    def __init__(self, style):
        kit.Stranger.__init__(self, style)
        Reading.__init__(self)

    # ---- keeping answers ready ----------------------------------------------
    def answers_for(self, name):
        """The spells that stop `name` when they stand the turn it lands."""
        dm = self.book.deathmatch
        out = {"Dispel Magic"}
        if name == "Finger of Death":
            return out | {"Magic Mirror", "Raise Dead"}
        if name in kit.STORMS:
            out.add("Counter-spell")
        elif "Elemental" in name or name in kit.SUMMONS:
            out |= {"Shield", "Protection from Evil", "Protection from Harm"}
        else:
            out |= {"Counter-spell", "Magic Mirror"}
            if name in kit.SHIELDABLE and not dm:
                out |= {"Shield", "Protection from Evil", "Protection from Harm"}
            elif name in kit.SHIELDABLE:
                out.add("Shield")
        if name in kit.FIRE or name == "Summon Fire Elemental":
            out.add("Resist Heat")
        if name in kit.COLD or name == "Summon Ice Elemental":
            out.add("Resist Cold")
        return out

    def steps_to(self, rows, hand, g):
        """Gestures this hand still needs to finish `g` (its whole length if none begun)."""
        return len(g) - kit.progress(rows, hand, g)

    def readiness(self, sit, rows):
        """Worth of the answers this move leaves exactly in time for later blows."""
        total = 0.0
        flags = sit.flags(sit.mine)
        for b in self.blows(sit):
            if b.left == 1:
                continue
            harm = self.harm(sit, b.name, b.hand)
            if harm <= 0:
                continue
            if b.name in kit.FIRE and "H" in flags or b.name in kit.COLD and "C" in flags:
                continue
            if self.answer_in_time(rows, b):
                total += (READY_NEXT if b.left == 2 else READY_LATER) * b.chance * harm
        return total

    def answer_in_time(self, rows, b):
        """Whether my rows leave an answer to `b` finishing the turn it lands."""
        answers = self.answers_for(b.name)
        want = b.left - 1
        if "Shield" in answers and want >= 1:
            return True           # a palm is always one gesture away
        for name, g in self.book.spells:
            if name not in answers:
                continue
            for hand in (0, 1):
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                steps = self.steps_to(rows, hand, g)
                if steps == want or name in ANSWERS_LASTING and steps <= want:
                    return True
        return False

    # ---- my own spells -----------------------------------------------------
    def enemy_answer(self, sit, names):
        """Chance the enemy stands one of `names` this turn."""
        p = 0.0
        for b in self.blows(sit):
            if b.left == 1 and b.name in names:
                p = max(p, b.chance)
        return p

    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        target, value = super().spell_value(sit, name, _unused, hand, rows)
        enemy = sit.enemy["name"] if sit.enemy else None
        if name in kit.SUMMONS or name in ("Summon Elemental", "Summon Fire Elemental",
                                            "Summon Ice Elemental"):
            if any(b.name in CHARMERS and b.left <= 3 for b in self.blows(sit)):
                return (target, -4.0 - kit.SUMMONS.get(name, 3))   # it would be turned on me
        if target == enemy and enemy and value > 0 and name != "Stab":
            # A counter keeps it off; a mirror sends it back at me.
            counter = self.enemy_answer(sit, {"Counter-spell", "Dispel Magic"})
            if name == "Finger of Death":
                counter = self.enemy_answer(sit, {"Dispel Magic", "Raise Dead"})
            mirror = self.enemy_answer(sit, {"Magic Mirror"})
            value *= (1.0 - max(counter, mirror))
            value -= mirror * self.harm(sit, name, hand) * 0.8
        if target and target.startswith("#") and value > 0:
            value *= 1.6        # a monster left alive strikes every turn
        if name in ("Protection from Evil", "Protection from Harm"):
            turns = [e.get("turns", 0) or 0 for n, e in sit.my_effects.items()
                     if n.startswith("Protection")]
            if turns and max(turns) > 1:
                value *= 0.2    # it still stands
        if name in ("Cure Light Wounds", "Cure Heavy Wounds"):
            lost = self.book.hit_points - sit.hp
            low = lost / float(self.book.hit_points)
            value *= 1.0 + 2.5 * low
        return (target, value)

    def enemy_block_chance(self, sit, name):
        """His shield against my missiles and knives (his counters: `spell_value`)."""
        if name in kit.SHIELDABLE:
            return 1.0 if sit.enemy_protected() else 0.3
        return 0.0

    # ---- the blow in the making -------------------------------------------
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

    def plan_worth(self, sit, name):
        """What a spell one hand builds towards is worth: a blow, or my cure."""
        return max(self.blow_worth(sit, name), self.cure_worth(sit, name))

    def cure_worth(self, sit, name):
        """Disease and poison kill in a few turns unless cured (they show as d and p)."""
        flags = sit.flags(sit.mine)
        diseased = "d" in flags or "Disease" in sit.my_effects
        poisoned = "p" in flags or "Poison" in sit.my_effects
        if not (diseased or poisoned):
            return 0.0
        if name in ("Remove Enchantment", "Dispel Magic"):
            return float(sit.hp + self.style.kill_bonus)
        if name == "Cure Heavy Wounds" and diseased and not poisoned:
            return float(sit.hp + self.style.kill_bonus)
        return 0.0

    def blow_worth(self, sit, name):
        """What landing `name` is worth, in hit points: on the enemy or his best monster."""
        ehp = max(1, sit.enemy_hp)
        if sit.enemy is None:
            return 0.0
        monsters = sit.enemy_monsters
        takeable = [m for m in monsters if "elemental" not in m["kind"]]
        if name in CHARMERS:
            return max((self.monster_hit(m["kind"]) * 5.0 for m in takeable), default=0.0)
        if name == "Remove Enchantment":
            return max((self.monster_hit(m["kind"]) * 3.0 for m in takeable), default=0.0)
        if name == "Dispel Magic":
            mine = sum(self.monster_hit(m["kind"]) for m in sit.my_monsters)
            return max(0.0, sum(self.monster_hit(m["kind"]) * 3.0 for m in monsters) - 3.0 * mine)
        worth = 0.0
        if name == "Finger of Death":
            worth = ehp * 1.5
        dmg = kit.DAMAGE.get(name, 0)
        if dmg and not sit.resists(sit.enemy, name):
            worth = min(dmg, ehp) * (2.0 if dmg >= ehp else 1.0)
        for m in monsters:
            if dmg >= self.monster_hp(m["kind"]) and not sit.resists(m, name):
                worth = max(worth, self.monster_hit(m["kind"]) * 3.0)
        return worth

    def strike_plan(self, sit):
        """(hand, name, gestures, done): the blow one hand works towards now."""
        if "strike" in sit.__dict__:
            return sit.strike
        best, rate = None, 0.0
        decay = self.strike_decay(sit)
        for name, g in self.book.spells:
            if name not in STRIKES and name not in kit.DAMAGE or name == "Stab" or len(g) < 2:
                continue
            if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                continue
            worth = self.plan_worth(sit, name)
            if worth <= 0:
                continue
            for hand in (0, 1):
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                if not self.clap_heard(sit.my_rows, name, g, kit.progress(sit.my_rows, hand, g)):
                    continue
                done = kit.progress(sit.my_rows, hand, g)
                steps = len(g) - done
                r = worth * decay ** steps / (steps + 1)
                if self.committed == (hand, name) and done > 0:
                    r *= 1.3      # a blow under way is not dropped lightly
                if r > rate:
                    best, rate = (hand, name, g, done), r
        sit.strike = best
        return best

    def strike_decay(self, sit):
        """How much each further gesture costs a blow: more against an enemy whose
        Anti-spell or mind spells have broken my sequences before."""
        if sit.enemy is None:
            return STRIKE_DECAY
        habits = self.habits(sit.enemy["name"], sit.rows.get(sit.enemy["name"], []))
        return STRIKE_DECAY_BROKEN if habits & BREAKERS else STRIKE_DECAY

    def strike_bonus(self, sit, move):
        """The pull of a move that makes the next gesture of the planned blow."""
        plan = self.strike_plan(sit)
        if plan is None:
            return 0.0
        hand, name, g, done = plan
        step = g[done]
        made = move[hand] if step.isupper() else (move[0] if move[0] == move[1] else "")
        if made.upper() != step.upper() or done + 1 == len(g):
            return 0.0            # (the cast itself is valued as a spell)
        decay = self.strike_decay(sit)
        return STRIKE_PULL * self.plan_worth(sit, name) * decay ** (len(g) - done - 1)

    # ---- the choice --------------------------------------------------------
    def score_move(self, sit, move):
        comps = self.completions(sit.my_rows, move)
        rows = sit.my_rows + [move]
        options = {}
        for hand in (0, 1):
            options[hand] = [None] if not comps[hand] else []
            for name, g in comps[hand]:
                target, value = self.spell_value(sit, name, 0, hand, rows)
                options[hand].append((name, target, value, g[-1].islower()))
        # A hand that completes several spells casts the one that serves best,
        # its shelter counted: a Counter-spell ending in a palm beats the Shield.
        best = None
        for left in options[0]:
            for right in options[1]:
                if left and right and (left[3] or right[3]):
                    right = None      # a spell of both hands is cast once
                picks = {h: p[:3] for h, p in enumerate((left, right)) if p}
                value = sum(v for _, _, v in picks.values())
                if len(picks) == 2 and picks[0][0] in kit.MIND and picks[1][0] in kit.MIND \
                        and picks[0][1] == picks[1][1]:
                    value -= picks[0][2] + picks[1][2] + 1.0
                cast = [(n, t) for n, t, _ in picks.values()]
                value -= self.style.defence * self.exposure(sit, cast)
                if best is None or value > best[0]:
                    best = (value, picks)
        value, picks = best
        parts = (value,
                 self.style.readiness * self.readiness(sit, rows),
                 self.style.plan * self.potential(sit, rows, move)
                 + self.strike_bonus(sit, move),
                 -self.surrender_risk(sit, move) * SURRENDER_COST)
        return sum(parts), picks

    def choose_move(self, sit):
        """The kit's choice among the scored moves; the planned blow is remembered."""
        move = super().choose_move(sit)
        plan = self.strike_plan(sit)
        self.committed = (plan[0], plan[1]) if plan else None
        return move


if __name__ == "__main__":
    kit.main(lambda: Patient(kit.Style(spell_weight=WEIGHTS, offence=1.0, defence=1.3,
                                       readiness=1.0, decay=0.72, plan=0.4, stab=0.8,
                                       noise=0.03)))
