#!/usr/bin/env python3
"""A held-out stranger: the elementalist (seat protocol 1.1, any book).

It fights with the elements and the area spells. It picks an element (by
the duel's seed, then the one the enemy does not resist), casts its Resist on
itself first, since its own storms and elementals strike their maker too,
then lays down that element's storm (which no Shield stops), summons that
element's elemental, and throws Fireball, Gesticulation's Iceball, Death
Match's Frost Bolt and Lightning Bolt in between. It reads the elementals
and resistances in play: an elemental of the other kind dies with a storm
or elemental of mine (so the storm is spent on it only when it hurts me),
one of my kind is swallowed by my storm (so no storm while it fights for
me), a resisting enemy is not stormed with his element. Against the
enemy's storm or elemental about to land it casts its own Resist,
Counter-spell or Dispel Magic (a Counter-spell at the enemy himself when
only his elemental is coming), and while its long spells build the other
hand keeps a Shield up against stabs and monsters, or a Protection from
Evil (Harm) while his monsters are about. It reads the book from
`hello`: its spells, its letters and its hit points (Death Match's clap
spells announced with the clap). Written from the rules and the protocol
only. Held out: see README.md here. With STORM_LOG=1 in its environment it
logs each choice, and the moves it weighed, on standard error.

    spellcast match "program:python3 tests/players/heldout/storm_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402
from storm_elements import (ELEMENTAL_SUMMONS, ELEMENTAL_TURNS, KIND_OF, RESIST_OF,  # noqa: E402
                            STORM_OF, Elements, other)

WEIGHTS = {
    "Fire Storm": 1.4, "Ice Storm": 1.4, "Fireball": 1.4, "Iceball": 1.4, "Frost Bolt": 1.4,
    "Lightning Bolt": 1.5, "Summon Elemental": 1.3, "Summon Fire Elemental": 1.3,
    "Summon Ice Elemental": 1.3, "Counter-spell": 1.2, "Dispel Magic": 1.2,
    "Summon Goblin": 0.3, "Summon Ogre": 0.3, "Summon Troll": 0.3, "Summon Giant": 0.3,
    "Summon Leech": 0.5, "Charm Monster": 0.6, "Charm Person": 0.4, "Charm": 0.5,
    "Paralysis": 0.5, "Amnesia": 0.4, "Confusion": 0.4, "Fear": 0.5, "Blindness": 0.5,
    "Finger of Death": 0.0, "Disease": 0.5, "Poison": 0.5, "Permanency": 0.0,
    "Delayed Effect": 0.0, "Time Stop": 0.2, "Haste": 0.3, "Invisibility": 0.4,
}
# Not its way of fighting: the slow killers and the spells that bend time.
BANNED = ("Finger of Death", "Poison", "Disease", "Permanency", "Delayed Effect", "Haste",
          "Time Stop")
# What a Resist of my element is worth before I have it: it turns my own
# storms and elementals from a blow at both of us into a blow at him.
RESIST_FIRST = 6.0
# The pull of the programme's next gesture (resist, then storm and elemental,
# bolts and balls between): what a hand builds, in place of the kit's pull.
PROGRAMME_PULL = {"resist": 7.0, "storm": 5.0, "elemental": 4.0, "blow": 4.0}
# Answers kept in the making (the kit reckons them when they land).
ANSWERS = ("Counter-spell", "Dispel Magic")
ANSWER_PULL = 0.8
# The pull of a cure while disease or poison, which kill, are on me.
CURE_PULL = 12.0
# The pull of staying on a spell a hand has committed to.
STAY = 1.5
# Spells of his that break the sequences my storms and elementals need, and
# what that costs me beyond the kit's reckoning of them.
BREAKERS = {"Paralysis", "Confusion", "Amnesia", "Fear", "Charm Person", "Charm", "Anti-spell"}
BREAKING = 3.0
# What keeps monsters off me this turn, and how much more than the kit I fear them.
GUARDS = {"Shield", "Counter-spell", "Dispel Magic", "Protection from Evil",
          "Protection from Harm"}
MONSTER_GUARD = 1.0
# Spells that act as one when both hands cast them the same turn.
ONCE = {"Fire Storm", "Ice Storm", "Resist Heat", "Resist Cold", "Summon Elemental",
        "Summon Fire Elemental", "Summon Ice Elemental", "Shield", "Counter-spell",
        "Dispel Magic", "Magic Mirror", "Protection from Evil", "Protection from Harm"}
BLOWS = ("Lightning Bolt", "Fireball", "Iceball", "Frost Bolt")


class Elementalist(Elements, kit.Stranger):
    name = "elementalist"

    def __init__(self, style):
        super().__init__(style)
        self.wary = 0           # the enemy's mirrors seen so far
        self.commit = {0: None, 1: None}     # hand -> programme spell it is making

    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        w = self.style.weight(name)
        kind = self.element(sit)
        if name in RESIST_OF.values():
            return (self.me, self.resist_value(sit, name, kind) * w)
        if name in STORM_OF.values():
            return ("nobody", self.storm_value(sit, KIND_OF[name]) * w * self.style.offence)
        if name in ELEMENTAL_SUMMONS:
            summoned = ELEMENTAL_SUMMONS[name] or self.best_summon(sit)
            return (self.me, self.summon_value(sit, summoned) * w * self.style.offence)
        if name == "Counter-spell" and self.enemy_elemental_coming(sit) \
                and not self.landing_at_me(sit):
            return (sit.enemy["name"], 0.0)      # his elemental fails under my counter
        if name in ("Fireball", "Iceball", "Frost Bolt"):
            killed = self.elemental_it_kills(sit, name)
            if killed is not None:
                keep = -self.elemental_worth(sit, other(KIND_OF[name]))
                target, value = super().spell_value(sit, name, _unused, hand, rows)
                if keep > value:
                    return (killed["name"], keep * w)
                return (target, value)
        if name in self.cures(sit):
            # Cure Heavy Wounds leaves my resistances, the others take them away.
            return (self.me, CURE_PULL * (2.0 if name == "Cure Heavy Wounds" else 1.5))
        target, value = super().spell_value(sit, name, _unused, hand, rows)
        if name in kit.DAMAGE and target == (sit.enemy or {}).get("name"):
            value -= self.mirrored_back(sit, name)
        return (target, value)

    def reply(self, message):
        """The kit's reply, with Death Match's announced claps read into the threats."""
        if message.get("type") in ("move", "questions"):
            sit = kit.Situation(self.book, self.me, message["view"])
            self.hear_announcements(sit, message["view"])
            if message["type"] == "move":
                return {"move": self.choose_move(sit)}
            return {"answers": [self.answer(sit, q) for q in message["questions"]]}
        return super().reply(message)

    def observe(self, message):
        """Counts the enemy's mirrors: no mirror throws a storm back."""
        for line in message.get("text", []):
            if " casts Magic Mirror" in line and not line.startswith("You "):
                self.wary += 1

    def enemy_block_chance(self, sit, name):
        """His Shield, or his mirror or counter as likely as his gestures make it."""
        p = super().enemy_block_chance(sit, name) if name in kit.SHIELDABLE else 0.0
        for t in sit.threats:
            if t.left != 1:
                continue
            if t.name in ("Counter-spell", "Dispel Magic") or \
                    t.name == "Magic Mirror" and name not in kit.STORMS:
                p = max(p, t.prob)
        return p

    def mirrored_back(self, sit, name):
        """What my blow costs me if his mirror stands: it comes back at me."""
        dmg = kit.DAMAGE.get(name, 0)
        if name in KIND_OF and self.resists(sit.mine, KIND_OF[name]):
            return 0.0
        p = max([t.prob for t in sit.threats if t.left == 1 and t.name == "Magic Mirror"] or [0.0])
        return p * dmg

    def hear_announcements(self, sit, view):
        """A clap spell grows only from the clap that announced it (Death Match)."""
        if not self.book.deathmatch or not sit.enemy:
            return
        told = {a["row"]: a["spell"] for a in view.get("announced", [])
                if a.get("wizard") == sit.enemy["name"]}
        rows = len(sit.enemy_rows)
        kept = []
        for t in sit.threats:
            g = dict(self.book.spells).get(t.name, "")
            if g.startswith("c"):
                heard = told.get(rows - t.done + 1)
                if heard != t.name:
                    continue
                t.prob = 0.85 if t.left == 1 else 0.7
            kept.append(t)
        sit.threats = kept

    def log_choice(self, sit, scored):
        if os.environ.get("STORM_LOG"):
            kit.log("turn", len(sit.my_rows) + 1, "hp", sit.hp, sit.enemy_hp, "programme",
                    sit.__dict__.get("programme"), "threats", sit.threats,
                    "top", self.best_few(scored))

    def programme(self, sit):
        """{spell: pull}: what the hands should be building now, by the elements in play."""
        kind = self.element(sit)
        out = {name: ANSWER_PULL for name in ANSWERS}
        if not self.resists(sit.mine, kind):
            out[RESIST_OF[kind]] = PROGRAMME_PULL["resist"]
        else:
            storm = self.storm_value(sit, kind) + self.monsters_coming(sit)
            if storm > 0:
                out[STORM_OF[kind]] = PROGRAMME_PULL["storm"] + 0.4 * storm \
                    + min(3.0, 0.5 * self.wary)
        for name, summoned in ELEMENTAL_SUMMONS.items():
            if self.book.has(name):
                value = self.summon_value(sit, summoned or self.best_summon(sit))
                if value > 0:
                    out[name] = PROGRAMME_PULL["elemental"] + 0.3 * value
        for name in BLOWS:
            if self.book.has(name) and self.spell_value(sit, name)[1] > 0:
                out[name] = PROGRAMME_PULL["blow"] / (1.0 + 0.5 * self.wary)
        for name in self.cures(sit):
            out[name] = CURE_PULL
        menace = sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in self.his_monsters(sit)) \
            + self.monsters_coming(sit) / 1.5
        if menace > 0 and not sit.i_am_protected():
            for name in ("Protection from Evil", "Protection from Harm"):
                if self.book.has(name):
                    out[name] = 2.0 + menace
        return out

    def monsters_coming(self, sit):
        """His monsters one or two gestures from appearing, which my storm would kill."""
        return sum(t.prob * kit.SUMMONS[t.name] * 1.5 for t in sit.threats
                   if t.name in kit.SUMMONS)

    def cures(self, sit):
        """The spells that would save me from the disease or poison on me."""
        flags = sit.flags(sit.mine)
        sick = "d" in flags or "Disease" in sit.my_effects
        poisoned = "p" in flags or "Poison" in sit.my_effects
        if not sick and not poisoned:
            return ()
        out = ["Remove Enchantment", "Dispel Magic"]
        if not poisoned:
            out.append("Cure Heavy Wounds")
        return [n for n in out if self.book.has(n)]

    def potential(self, sit, rows, move):
        """The pull of what each hand is building; a spell that works once is counted once."""
        if "programme" not in sit.__dict__:
            sit.programme = self.programme(sit)
        lists = [self.building(sit, rows, hand) for hand in (0, 1)]
        best = 0.0
        for first in (0, 1):
            a = lists[first]
            top = a[0][1] if a else None
            b = [v for v in lists[1 - first] if not (v[1] == top and top in ONCE)]
            best = max(best, sum(vals[0][0] if vals else 0.0 for vals in (a, b)))
        return best

    def building(self, sit, rows, hand):
        """[(pull, name)] of the programme's spells this hand is making, best first."""
        out = []
        for name, g in self.book.spells:
            pull = sit.programme.get(name)
            own = kit.owner_hand(g)
            if not pull or own is not None and own != hand:
                continue
            if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                continue
            done = kit.progress(rows, hand, g)
            if done == 0 or not self.clap_heard(rows, name, g, done):
                continue
            if self.book.deathmatch and g[0] == "c" and done == 1 \
                    and (len(rows) - 1) not in self.announced:
                if "clap_best" not in sit.__dict__:
                    sit.clap_best = self.clap_plan(sit)
                if name != sit.clap_best:
                    continue            # this clap would announce another spell
            if self.commit.get(hand) == name and done > 1:
                pull += STAY
            out.append((pull * self.style.decay ** (len(g) - done), name))
        out.sort(reverse=True)
        return out

    def adopt(self, sit, best):
        """Each hand commits to the programme's spell its new gestures lead to."""
        super().adopt(sit, best)
        rows = sit.my_rows + [best[1]]
        for hand in (0, 1):
            found = self.building(sit, rows, hand)
            self.commit[hand] = found[0][1] if found else None

    def score_move(self, sit, move):
        score, picks = super().score_move(sit, move)
        if 0 in picks and 1 in picks and picks[0][0] == picks[1][0] and picks[0][0] in ONCE:
            score -= min(picks[0][2], picks[1][2])      # the second works as the first
        return score, picks

    def resist_value(self, sit, name, kind):
        """My Resist: first for my element, then against what is coming at me."""
        own = RESIST_OF[kind] == name
        element = "fire" if name == RESIST_OF["fire"] else "cold"
        if self.resists(sit.mine, element):
            return -0.5
        value = RESIST_FIRST if own else 0.3
        value += max(0.0, -self.elemental_worth(sit, element))   # one hurting me now
        return value

    def incoming(self, sit, cast):
        """The kit's reckoning, a spell that breaks my long sequences, his elemental coming."""
        loss = super().incoming(sit, cast)
        on_me = {n for n, t in cast if t == self.me}
        guards = GUARDS - {"Counter-spell"} if self.book.deathmatch else GUARDS   # it strips Shield there
        guarded = on_me & guards or sit.i_am_protected()
        if not guarded:
            # His monsters strike every turn my long spells build: keep the Shield up.
            loss += MONSTER_GUARD * sum(kit.MONSTER_STRENGTH.get(m["kind"], 1)
                                        for m in self.his_monsters(sit))
        if not on_me & {"Counter-spell", "Dispel Magic", "Magic Mirror"}:
            loss += sum(t.prob * BREAKING for t in sit.threats
                        if t.left == 1 and t.name in BREAKERS)
        dispelled = any(n == "Dispel Magic" for n, _ in cast)
        countered = any(n == "Counter-spell" and t == (sit.enemy or {}).get("name")
                        for n, t in cast)
        if dispelled or countered:
            return loss
        hit = self.elemental_hit()
        for t in sit.threats:
            if t.left == 1 and t.name in ELEMENTAL_SUMMONS:
                exposed = 2 - sum(self.resists(sit.mine, k) or any(
                    n == RESIST_OF[k] for n, _ in cast) for k in ("fire", "cold"))
                loss += t.prob * hit * ELEMENTAL_TURNS * exposed / 2.0
        return loss

    def readiness(self, sit, rows):
        """The kit's, and an answer one gesture away from his sequence-breaking spells."""
        total = super().readiness(sit, rows)
        for t in sit.threats:
            if t.left == 2 and t.name in BREAKERS and self.has_answer_ready(rows, t):
                total += t.prob * BREAKING
        return total

    def clap_plan(self, sit):
        """Death Match: the clap spell of my plan (storm or elemental) is announced."""
        kind = self.element(sit)
        wanted = [STORM_OF[kind], "Summon Elemental"]
        best, value = None, 0.0
        for name, g in self.book.spells:
            if g[0] != "c" or len(g) < 2:
                continue
            v = self.spell_value(sit, name, 0)[1] * self.style.decay ** (len(g) - 1)
            if name in wanted:
                v += 1.0
            if v > value:
                best, value = name, v
        return best

    def pick_answer(self, sit, q):
        if q.get("kind") == "elemental":
            return "fire" if self.best_summon(sit) == "fire" else "ice"
        if q.get("kind") == "target" and q.get("spell") == "Counter-spell":
            hand = 0 if q.get("hand") == "left" else 1
            target, _ = self.spell_value(sit, "Counter-spell", 0, hand, sit.my_rows)
            if target in q["options"]:
                return target
        if q.get("kind") == "target" and q.get("spell") in ("Fireball", "Iceball", "Frost Bolt"):
            hand = 0 if q.get("hand") == "left" else 1
            target, _ = self.spell_value(sit, q["spell"], 0, hand, sit.my_rows)
            if target in q["options"]:
                return target
        return super().pick_answer(sit, q)


if __name__ == "__main__":
    kit.main(lambda: Elementalist(kit.Style(spell_weight=WEIGHTS, offence=1.2, defence=1.4,
                                            readiness=0.6, decay=0.75, plan=1.2, stab=0.8,
                                            summon=1.0, noise=0.05,
                                            banned=BANNED)))
