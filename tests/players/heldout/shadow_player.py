#!/usr/bin/env python3
"""A held-out stranger: the shadow (seat protocol 1.1, any book).

A player of hidden information. It makes itself hard to read: Invisibility
on itself and Blindness on the enemy, so that for turns at a time the enemy
cannot see its gestures (and, where the book says so, cannot reach it: in
the original his spells and stabs at an invisible wizard, or a blind
wizard's at anyone, go astray; in Death Match a blind wizard's spells,
stabs and monsters miss; in Gesticulation the fog only hides, and keeps
monsters and elementals off an invisible wizard). Behind that cover its
heavy blow in the making (Finger of Death, a Lightning Bolt, a Fireball,
Iceball or Frost Bolt, Cause Heavy Wounds) pulls harder, and the enemy,
who cannot see it coming, is reckoned to answer it only by chance. When it
can be seen, its hands keep several spells open (the feinter's reckoning,
`feinter_player.py`, which the shadow builds on), so its columns say little.
It reads what the fog hides from each side (its reading in `shadow_fog.py`):
it answers the threats it can see, guesses at the ones an unseen enemy may
be finishing (his hidden rows may be making anything), aims nothing at a
wizard its spells would miss, and keeps a cure coming while a Disease or
Poison is on it. Death Match's claps are read as announced.

What the cover is worth differs by book (`COVER`). In Death Match Blindness
alone is the cover (the book has no Invisibility) and the shadow casts it
again and again. In the original and Gesticulation the covers tie both
hands up for their last gestures, and cast for their own sake they cost
more than they keep off; there the shadow casts one to hide a heavy blow
under way or when the enemy's blows are near, and otherwise plays the
feint. It plays every book from `hello`: its spells, letters and hit
points. Written from the rules and the protocol only. Held out: see
README.md here.

    spellcast match "program:python3 tests/players/heldout/shadow_player.py" computer:easy
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402
from feinter_player import WEIGHTS as FEINT_WEIGHTS, Feinter  # noqa: E402
from shadow_fog import Fog, effect, guessed_threats  # noqa: E402

# The blows worth building behind the cover: the heaviest the books have.
HEAVY = {"Finger of Death", "Lightning Bolt", "Fireball", "Iceball", "Frost Bolt",
         "Cause Heavy Wounds"}
# Spells that blur what the enemy can see or do, beyond the two covers.
BLUR = {"Anti-spell", "Fear", "Confusion", "Amnesia"}
# The pull of a heavy blow in the making while the enemy cannot see it, as a
# multiple of the kit's (a blow he cannot read he cannot answer but by luck).
UNSEEN_PULL = 1.6
# A counter or mirror he happens to hold up against a blow he could not see
# coming is that much less likely than the kit's reading of his gestures.
UNSEEN_BLOCK = 0.5
# What the cover is worth, by book, in hit points (see `cover_value`):
# - hide: a turn of my columns unseen (his reading of them is his only way
#   to answer them in time);
# - astray: a turn of his spells going astray (about what a wizard does a
#   turn);
# - threat: the share of his visible blows within two gestures a turn of
#   cover turns astray;
# - build: a turn of cover per share of a heavy blow of mine already made
#   (cover is for finishing a blow behind);
# - pull: the cover in the making while none stands, by the share made.
# In Death Match Blindness costs one hand four gestures and the two hands
# one, and turns his spells, stabs and monsters astray: it is worth casting
# again and again. In the original and Gesticulation the covers take both
# hands for their last gestures (Invisibility two, Blindness one) and cost
# more than they keep off when cast for their own sake (measured against the
# easy computer: the shadow won about a third as often); there the shadow
# casts one to hide a heavy blow under way, or when his blows are near.
COVER = {
    "deathmatch": {"hide": 1.5, "astray": 2.5, "threat": 0.5, "build": 0.6, "pull": 4.0},
    "other": {"hide": 0.4, "astray": 0.0, "threat": 0.3, "build": 1.5, "pull": 0.0},
}
# The pull of a cure in the making while a Disease or Poison is on me.
CURE_PULL = 12.0
# Behind the cover the columns need not say little: the blow is the point,
# and the feint's pull keeps this share.
UNSEEN_FEINT = 0.3
WEIGHTS = dict(FEINT_WEIGHTS)
WEIGHTS.update({"Invisibility": 1.0, "Blindness": 1.0})


class Shadow(Feinter):
    name = "shadow"

    def __init__(self, style):
        super().__init__(style)
        self.enemy_hp_seen = None     # his hit points as last shown

    # ---- reading ------------------------------------------------------------
    def reply(self, message):
        """The kit's reply, the view read through the fog first."""
        kind = message.get("type")
        if kind in ("move", "questions"):
            view = message["view"]
            self.fill_hidden_hp(view)
            sit = kit.Situation(self.book, self.me, view)
            self.read(sit, view)
            if kind == "move":
                return {"move": self.choose_move(sit)}
            return {"answers": [self.answer(sit, q) for q in message["questions"]]}
        return super().reply(message)

    def fill_hidden_hp(self, view):
        """Hit points a view leaves out (a blind wizard's, by Gesticulation's text)
        are taken as last seen."""
        for b in view.get("beings", []):
            if b.get("kind") == "wizard" and b.get("name") != self.me:
                if isinstance(b.get("hp"), int):
                    self.enemy_hp_seen = b["hp"]
                else:
                    b["hp"] = self.enemy_hp_seen if self.enemy_hp_seen is not None \
                        else self.book.hit_points

    def read(self, sit, view):
        """The fog of this turn, the threats I can read and those I must guess."""
        sit.fog = Fog(self.book, sit) if sit.enemy else None
        if not sit.enemy:
            return
        self.read_threats(sit, view)
        kept = list(sit.threats)
        if sit.fog.he_unseen:
            kept.extend(guessed_threats(self.book, sit))
        sit.threats = kept

    # ---- values -------------------------------------------------------------
    def at_enemy(self, sit, target):
        return sit.enemy is not None and target == sit.enemy["name"]

    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        """The kit's value, with the covers reckoned and nothing aimed astray."""
        fog = getattr(sit, "fog", None)
        if name == "Invisibility":
            return (self.me, self.cover_value(sit, fog, mine=True))
        if name == "Blindness":
            ename = sit.enemy["name"] if sit.enemy else "nobody"
            return (ename, self.cover_value(sit, fog, mine=False))
        target, value = super().spell_value(sit, name, _unused, hand, rows)
        if fog is not None and fog.mine_astray and self.at_enemy(sit, target) and value > 0:
            value = 0.05 * value      # it would go astray: a waste of the gestures
        if name in BLUR and fog is not None and self.at_enemy(sit, target) and value > 0:
            value *= 1.2
        return target, value

    def cover_value(self, sit, fog, mine):
        """What three turns of cover are worth now, in hit points.

        Every book hides my gestures under it; where the book makes his
        spells go astray (the original both ways, Death Match's Blindness) it
        is worth the blows it keeps off, more when his monsters are kept off
        too; cover already standing is worth only the turns it adds.
        """
        if not sit.enemy:
            return -1.0
        rules = self.book.rules
        if mine:
            left = Fog.turns(sit.mine, "Invisibility")
        else:
            left = Fog.turns(sit.enemy, "Blindness")
        turns = max(0, 3 - left)
        if turns == 0:
            return -0.5
        book = COVER["deathmatch" if self.book.deathmatch else "other"]
        per_turn = book["hide"]
        astray = (rules == "spellcast" or rules not in ("gesticulation", "deathmatch")) \
            or (rules == "deathmatch" and not mine)
        if astray:
            per_turn += book["astray"]
            per_turn += book["threat"] * sum(t.prob * kit.DAMAGE.get(t.name, kit.HOSTILE.get(t.name, 1))
                                  for t in sit.threats if t.left <= 2)
        monsters = sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) for m in sit.enemy_monsters
                       if m.get("controller") == sit.enemy["name"])
        if mine and rules != "deathmatch" or not mine and rules == "deathmatch":
            per_turn += monsters
        if mine and rules == "gesticulation":
            per_turn += sum(3 for m in sit.enemy_monsters if "elemental" in m["kind"])
        # Cover is for building a blow behind: worth more while one is under way.
        building = self.heavy_in_making(sit, sit.my_rows)
        per_turn += book["build"] * building
        if not mine and effect(sit.enemy, "Blindness") is None:
            # A mirror or counter he holds up sends it back or stops it.
            block = max([t.prob for t in sit.threats if t.left == 1 and t.name in
                         ("Counter-spell", "Dispel Magic", "Magic Mirror")] or [0.0])
            per_turn *= (1.0 - block)
        return per_turn * turns * self.style.weight("Invisibility" if mine else "Blindness")

    def heavy_in_making(self, sit, rows):
        """How far my hands are into a heavy blow (0 to 1, the nearest)."""
        best = 0.0
        for hand in (0, 1):
            for name, g in self.book.spells:
                if name not in HEAVY:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                    continue
                done = kit.progress(rows, hand, g)
                if done:
                    best = max(best, done / len(g))
        return best

    def enemy_block_chance(self, sit, name):
        """His guards, less likely standing against a blow he never saw coming."""
        p = super().enemy_block_chance(sit, name)
        fog = getattr(sit, "fog", None)
        if fog is not None and fog.me_unseen and name not in kit.SHIELDABLE:
            p *= UNSEEN_BLOCK
        return p

    def incoming(self, sit, cast):
        """The kit's reckoning, with what the fog keeps off me left out."""
        fog = getattr(sit, "fog", None)
        if fog is None or not (fog.his_astray or fog.his_monsters_off):
            return super().incoming(sit, cast)
        threats, monsters = sit.threats, sit.enemy_monsters
        try:
            if fog.his_astray:
                sit.threats = [t for t in threats if t.name in kit.STORMS
                               or t.name in kit.COUNTERS or t.name == "Magic Mirror"]
            if fog.his_monsters_off:
                sit.enemy_monsters = [m for m in monsters if "elemental" in m["kind"]
                                      and not fog.elementals_off]
            loss = super().incoming(sit, cast)
            if fog.his_astray:
                names = {n for n, t in cast if t == self.me}
                if not (names & {"Shield", "Protection from Evil", "Protection from Harm",
                                 "Dispel Magic"} or sit.i_am_protected()):
                    loss -= 0.25 * self.style.threat_scale      # no stab reaches me
            return loss
        finally:
            sit.threats, sit.enemy_monsters = threats, monsters

    def plan_value_uncached(self, sit, name, hand, rows):
        """Heavy blows pull harder while the enemy cannot see them built."""
        value = super().plan_value_uncached(sit, name, hand, rows)
        fog = getattr(sit, "fog", None)
        if fog is not None and name in HEAVY and value > 0:
            if fog.me_unseen:
                value *= UNSEEN_PULL
            if fog.mine_astray:
                value *= 0.6          # it must wait for the fog to lift
        return value

    def potential(self, sit, rows, move):
        """The kit's pull; the feint's (columns that say little) while I am seen."""
        total = kit.Stranger.potential(self, sit, rows, move)
        fog = getattr(sit, "fog", None)
        total += self.feint(sit, rows) * (UNSEEN_FEINT if fog is not None and fog.me_unseen
                                          else 1.0)
        if fog is not None and fog.cover_left <= 1 and not fog.mine_astray:
            total += self.cover_pull(sit, rows)
        total += self.cure_pull(sit, rows)
        return total

    def cure_pull(self, sit, rows):
        """A Disease or Poison on me is death in six turns unless a cure lands."""
        cures = set()
        if "Disease" in sit.my_effects:
            cures |= {"Cure Heavy Wounds", "Remove Enchantment", "Dispel Magic"}
        if "Poison" in sit.my_effects:
            cures |= {"Remove Enchantment", "Dispel Magic"}
        if not cures:
            return 0.0
        best = 0.0
        for name, g in self.book.spells:
            if name not in cures:
                continue
            for hand in (0, 1):
                own = kit.owner_hand(g)
                if own is not None and own != hand:
                    continue
                done = kit.progress(rows, hand, g)
                best = max(best, CURE_PULL * done / len(g))
        return best

    def cover_spells(self):
        """The book's covers, the one worth most first (Invisibility cannot be
        turned back by his mirror, as Blindness aimed at him can)."""
        return [n for n in ("Invisibility", "Blindness") if self.book.has(n)]

    def cover_pull(self, sit, rows):
        """How far the move takes a hand into the next cover (best of the book's)."""
        pull = COVER["deathmatch" if self.book.deathmatch else "other"]["pull"]
        best = 0.0
        if not pull:
            return best
        for i, name in enumerate(self.cover_spells()):
            if self.cover_value(sit, sit.fog, mine=(name == "Invisibility")) <= 0:
                continue
            for spell, g in self.book.spells:
                if spell != name:
                    continue
                for hand in (0, 1):
                    done = kit.progress(rows, hand, g)
                    if done:
                        best = max(best, pull * done / len(g) * (1.0 if i == 0 else 0.8))
        return best

    def observe(self, message):
        if os.environ.get("SHADOW_LOG") == "2":
            for line in message.get("text", []):
                kit.log("  |", line)

    def log_choice(self, sit, scored):
        if os.environ.get("SHADOW_LOG"):
            fog = sit.fog
            kit.log("turn", len(sit.my_rows) + 1, "hp", sit.hp, sit.enemy_hp,
                    "unseen" if fog and fog.me_unseen else "seen",
                    "blind" if fog and fog.he_unseen else "",
                    "threats", sit.threats, "top", self.best_few(scored))

    # ---- questions ----------------------------------------------------------
    def pick_answer(self, sit, q):
        """Blindness goes on the enemy; the rest as the feinter answers."""
        if q.get("kind") == "target" and q.get("spell") == "Blindness" and sit.enemy:
            if sit.enemy["name"] in q["options"]:
                return sit.enemy["name"]
        return super().pick_answer(sit, q)


if __name__ == "__main__":
    kit.main(lambda: Shadow(kit.Style(spell_weight=WEIGHTS, offence=1.2, defence=1.1,
                                      readiness=0.7, decay=0.72, plan=1.1, stab=0.9)))
