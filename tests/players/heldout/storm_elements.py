"""How the elementalist reads the elements: its element, resistances, elementals, storms.

Written from the rules texts alone (spellcast(6) SPELLS, spellcast-rules(7)).
An elemental strikes every being each turn, its maker included, except the
shielded and those resisting its element; a storm strikes every being not
resisting it and not under a Counter-spell, and no Shield stops it. A storm
of an elemental's own kind swallows it and still strikes; a storm of the
other kind and the elemental destroy each other; two elementals of
different kinds destroy each other, two of one kind merge. A Fireball
kills an ice elemental, an Iceball or Frost Bolt a fire elemental.
Every value is in hit points, as in the kit. A mixin of
`stranger_kit.Stranger`, which holds `book`, `me`, `rng` and `style`.
"""

import stranger_kit as kit

STORM_OF = {"fire": "Fire Storm", "cold": "Ice Storm"}
RESIST_OF = {"fire": "Resist Heat", "cold": "Resist Cold"}
# A summons of the book's own: None when its caster picks the kind.
ELEMENTAL_SUMMONS = {"Summon Elemental": None, "Summon Fire Elemental": "fire",
                     "Summon Ice Elemental": "cold"}
KIND_OF = {"Fire Storm": "fire", "Ice Storm": "cold", "Fireball": "fire", "Iceball": "cold",
           "Frost Bolt": "cold", "Resist Heat": "fire", "Resist Cold": "cold",
           "fire elemental": "fire", "ice elemental": "cold"}
# The status letter of each resistance.
FLAG_OF = {"fire": "H", "cold": "C"}
# A storm's damage to each being it strikes.
STORM_DAMAGE = 5
# How many turns an elemental is reckoned to strike before something ends it.
ELEMENTAL_TURNS = 3.0


def other(kind):
    return "cold" if kind == "fire" else "fire"


class Elements:
    """The elementalist's reading of the elements in play."""

    kind = None     # the element I fight with, kept until the enemy makes me change

    def resists(self, being, kind):
        return FLAG_OF[kind] in ((being or {}).get("flags", "") or "")

    def element(self, sit):
        """Fire or cold: the one I resist and he does not, else the one he does not resist."""
        if self.kind is None:
            self.kind = self.rng.choice(("fire", "cold"))
        enemy = sit.enemy
        open_to = [k for k in ("fire", "cold") if not self.resists(enemy, k)]
        mine = [k for k in ("fire", "cold") if self.resists(sit.mine, k)]
        good = [k for k in open_to if k in mine]
        if good:
            self.kind = good[0] if self.kind not in good else self.kind
        elif open_to and self.kind not in open_to:
            self.kind = open_to[0]
        return self.kind

    def elemental_hit(self):
        """An elemental's blow, by the book (Death Match's are weaker)."""
        return 2 if self.book.deathmatch else 3

    def elementals(self, sit, kind):
        return [b for b in sit.beings.values() if KIND_OF.get(b["kind"]) == kind
                and "elemental" in b["kind"]]

    def his_monsters(self, sit):
        enemy = (sit.enemy or {}).get("name")
        return [b for b in sit.beings.values() if b["kind"] != "wizard"
                and "elemental" not in b["kind"] and b.get("controller") == enemy]

    def elemental_effect(self, sit, kind):
        """What an elemental of this kind is worth to me over its life (hurt to him less hurt to me)."""
        hit = self.elemental_hit()
        enemy = sit.enemy
        gain = 0.0
        if enemy and not self.resists(enemy, kind) and not sit.enemy_protected():
            gain += min(hit * ELEMENTAL_TURNS, sit.enemy_hp + 10)
        gain += sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) * 1.5 for m in self.his_monsters(sit)
                    if m["hp"] <= hit)
        if not self.resists(sit.mine, kind):
            gain -= hit * ELEMENTAL_TURNS * 1.3
            if hit * 2 >= sit.hp:
                gain -= 20.0
        return gain

    def elemental_worth(self, sit, kind):
        """The elementals of this kind in play, as `elemental_effect` reckons them (0 if none)."""
        return self.elemental_effect(sit, kind) if self.elementals(sit, kind) else 0.0

    def countered_chance(self, sit):
        """How likely his Counter-spell or Dispel Magic stands over him this turn."""
        return max([t.prob for t in sit.threats
                    if t.left == 1 and t.name in ("Counter-spell", "Dispel Magic")] or [0.0])

    def storm_value(self, sit, kind):
        """My storm of this kind now: his loss (and his monsters') less mine."""
        if self.elementals(sit, other(kind)):
            return -self.elemental_worth(sit, other(kind)) - 0.5   # spent on that elemental
        value = 0.0
        enemy = sit.enemy
        if enemy and not self.resists(enemy, kind):
            land = 1.0 - self.countered_chance(sit)
            value += min(STORM_DAMAGE, sit.enemy_hp) * land
            if STORM_DAMAGE >= sit.enemy_hp:
                value += self.style.kill_bonus * land
        value += sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) * 2.2 for m in self.his_monsters(sit)
                     if m["hp"] <= STORM_DAMAGE)
        value -= sum(kit.MONSTER_STRENGTH.get(m["kind"], 1) * 2.2 for m in sit.my_monsters)
        value -= self.elemental_worth(sit, kind)                  # swallowed
        if not self.resists(sit.mine, kind):
            value -= STORM_DAMAGE * 1.5
            if STORM_DAMAGE >= sit.hp:
                value -= 30.0
        if any(t.left == 1 and t.name == STORM_OF[other(kind)] for t in sit.threats):
            value *= 0.5                                          # his storm would cancel mine
        return value

    def summon_value(self, sit, kind):
        """My elemental of this kind now: what it does, or the other kind it ends."""
        if self.elementals(sit, other(kind)):
            return -self.elemental_worth(sit, other(kind)) - 0.5
        if self.elementals(sit, kind):
            return 0.2
        return self.elemental_effect(sit, kind)

    def best_summon(self, sit):
        """The kind my Summon Elemental should take."""
        return max(("fire", "cold"), key=lambda k: (self.summon_value(sit, k), k == self.element(sit)))

    def enemy_elemental_coming(self, sit):
        return any(t.left == 1 and t.name in ELEMENTAL_SUMMONS and t.prob >= 0.3
                   for t in sit.threats)

    def landing_at_me(self, sit):
        """Whether a blow or lasting spell of his can land on me this turn."""
        return any(t.left == 1 and (t.name in kit.DAMAGE or t.name in kit.STORMS
                                    or t.name in kit.HOSTILE or t.name == "Finger of Death")
                   for t in sit.threats)

    def elemental_it_kills(self, sit, name):
        """The elemental my ball or bolt of this name would destroy, if one is in play."""
        found = self.elementals(sit, other(KIND_OF[name]))
        return found[0] if found else None
