"""How a stranger reads the duel: the book from `hello`, the gesture columns, threats.

Written from the rules texts and the seat protocol alone (spellcast-protocol(5)).
The rules' numbers (damage, monsters' strength), which spells a hand is making
and how far along, which spells a move completes, and the enemy's spells one or
two gestures from landing with a rough likelihood. Shared by the strangers
through `stranger_kit`.
"""

import sys

# The original's book, for a game that sends none (protocol 1.0).
ORIGINAL_SPELLS = (
    "Dispel Magic:cDPW Summon Elemental:cSWWS Magic Mirror:cw Lightning Bolt:DFFDD "
    "Cure Heavy Wounds:DFPW Cure Light Wounds:DFW Amnesia:DPP Confusion:DSF "
    "Disease:DSFFFc Blindness:DWFFd Delayed Effect:DWSSSP Raise Dead:DWWFWc "
    "Poison:DWWFWD Paralysis:FFF Summon Troll:FPSFW Fireball:FSSDD Shield:P "
    "Remove Enchantment:PDWP Invisibility:PPws Charm Monster:PSDD Charm Person:PSDF "
    "Summon Ogre:PSFW Finger of Death:PWPFSSSD Haste:PWPWWc Missile:SD "
    "Summon Goblin:SFW Anti-spell:SPF Permanency:SPFPSDW Time Stop:SPPc "
    "Resist Cold:SSFP Fear:SWD Fire Storm:SWWc Lightning Bolt:WDDc "
    "Cause Light Wounds:WFP Summon Giant:WFPSFW Cause Heavy Wounds:WPFD "
    "Counter-spell:WPP Ice Storm:WSSc Resist Heat:WWFP Protection from Evil:WWP "
    "Counter-spell:WWS"
)

# Damage a spell does to the being it is aimed at (the rules' numbers).
DAMAGE = {
    "Missile": 1, "Cause Light Wounds": 2, "Cause Heavy Wounds": 3,
    "Lightning Bolt": 5, "Fireball": 5, "Iceball": 5, "Frost Bolt": 5,
    "Stab": 1, "Onyx Beam": 3,
}
# What a lasting spell on a wizard is worth, in hit points, to whoever casts it.
HOSTILE = {
    "Paralysis": 3, "Fear": 2, "Confusion": 2, "Amnesia": 2, "Charm Person": 3.5,
    "Charm": 3.5, "Blindness": 3.5, "Disease": 9, "Poison": 9, "Anti-spell": 1,
}
SHIELDABLE = {"Missile", "Missile Swarm", "Stab"}
FIRE = {"Fireball", "Fire Storm"}
COLD = {"Iceball", "Ice Storm", "Frost Bolt"}
STORMS = {"Fire Storm", "Ice Storm"}
SUMMONS = {"Summon Goblin": 1, "Summon Ogre": 2, "Summon Troll": 3, "Summon Giant": 4}
SELF_SPELLS = {
    "Shield", "Counter-spell", "Magic Mirror", "Dispel Magic", "Protection from Evil",
    "Protection from Harm", "Resist Heat", "Resist Cold", "Cure Light Wounds",
    "Cure Heavy Wounds", "Raise Dead", "Invisibility", "Haste", "Time Stop",
    "Delayed Effect", "Permanency", "Summon Elemental", "Summon Fire Elemental",
    "Summon Ice Elemental",
} | set(SUMMONS)
COUNTERS = {"Counter-spell", "Dispel Magic"}
# Spells that rule a mind: two of them on one subject in one turn both fail.
MIND = {"Paralysis", "Confusion", "Amnesia", "Charm Person", "Charm Monster", "Fear", "Charm"}
MONSTER_STRENGTH = {"goblin": 1, "ogre": 2, "troll": 3, "giant": 4,
                    "fire elemental": 3, "ice elemental": 3}


def log(*parts):
    """One line on standard error (the game copies it, with the seat's name)."""
    sys.stderr.write(" ".join(str(p) for p in parts) + "\n")
    sys.stderr.flush()


class Book:
    """The rule book from `hello`: letters per hand, spells, hit points."""

    def __init__(self, hello):
        self.rules = hello.get("rules", "spellcast")
        book = hello.get("book")
        if book:
            self.hit_points = book.get("hit_points", 15)
            self.hands = [book["hands"]["left"], book["hands"]["right"]]
            pairs = [(s["name"], s["gestures"]) for s in book["spells"]]
        else:
            self.hit_points = 15
            self.hands = ["FPSWDCk-", "FPSWDCk-"]
            pairs = [tuple(item.rsplit(":", 1)) for item in ORIGINAL_SPELLS.split(" ")]
            pairs = [(n.replace("_", " "), g) for n, g in pairs]
        # Stab, surrender and the Onyx are no spells a hand works towards.
        self.spells = [(n, g) for n, g in pairs
                       if n not in ("Stab", "Surrender", "Onyx Beam") and g]
        self.deathmatch = self.rules == "deathmatch"
        self.gesticulation = self.rules == "gesticulation"
        # The original paralyses C S W into F D P; Gesticulation into D F P.
        self.paralyse = ({"C": "D", "S": "F", "W": "P"} if self.gesticulation
                         else {"C": "F", "S": "D", "W": "P"})
        self.fear_forbids = "CDW" if self.deathmatch else "CDFS"
        names = {n for n, _ in self.spells}
        self.has = names.__contains__


def matches(rows, hand, gestures, start):
    """Whether rows[start:start+len(gestures)] spell `gestures` on `hand`."""
    for i, letter in enumerate(gestures):
        row = rows[start + i]
        if letter.isupper():
            if row[hand] != letter:
                return False
        else:
            up = letter.upper()
            if row[0] != up or row[1] != up:
                return False
    return True


def progress(rows, hand, gestures):
    """How many of the spell's gestures the hand's latest rows already make (< all)."""
    n = len(gestures)
    for done in range(min(n - 1, len(rows)), 0, -1):
        if matches(rows, hand, gestures[:done], len(rows) - done):
            return done
    return 0


def completes(rows, hand, gestures):
    """Whether the latest rows complete the spell on this hand."""
    n = len(gestures)
    return len(rows) >= n and matches(rows, hand, gestures, len(rows) - n)


def owner_hand(gestures):
    """A spell of both hands only (Magic Mirror) is counted once, on the left."""
    return None if any(c.isupper() for c in gestures) else 0


def snap_run(rows, hand):
    """Consecutive snaps of this hand just before now (Death Match's Missile Swarm)."""
    count = 0
    for row in reversed(rows):
        if row[hand] == "S":
            count += 1
        else:
            break
    return count


class Threat:
    """An enemy spell that can land: `left` gestures to go on `hand`."""

    def __init__(self, caster, name, hand, left, done, prob):
        self.caster, self.name, self.hand = caster, name, hand
        self.left, self.done, self.prob = left, done, prob

    def __repr__(self):
        return "%s(%s,%d to go,p=%.2f)" % (self.name, "LR"[self.hand], self.left, self.prob)


class Situation:
    """One moment of the duel as this seat sees it."""

    def __init__(self, book, me, view):
        self.book, self.me, self.view = book, me, view
        beings = view.get("beings", [])
        self.beings = {b["name"]: b for b in beings}
        self.rows = {n: list(r) for n, r in view.get("gestures", {}).items()}
        self.mine = self.beings.get(me, {"hp": book.hit_points, "flags": "", "effects": []})
        self.enemies = [b for b in beings if b["kind"] == "wizard" and b["name"] != me]
        self.enemy = min(self.enemies, key=lambda b: b["hp"]) if self.enemies else None
        self.enemy_monsters = [b for b in beings if b["kind"] != "wizard"
                               and b.get("controller") != me]
        self.my_monsters = [b for b in beings if b["kind"] != "wizard"
                            and b.get("controller") == me]
        self.my_effects = {e["name"]: e for e in self.mine.get("effects", [])}
        self.hp = self.mine["hp"]
        self.enemy_hp = self.enemy["hp"] if self.enemy else 0
        self.my_rows = self.rows.get(me, [])
        self.enemy_rows = self.rows.get(self.enemy["name"], []) if self.enemy else []
        self.short_bolt_used = view.get("me", {}).get("short_lightning_used", False)
        self.threats = self.enemy_threats() if self.enemy else []

    def flags(self, being):
        return (being or {}).get("flags", "") or ""

    def effect_names(self, being):
        return {e["name"] for e in (being or {}).get("effects", [])}

    def enemy_next_letters(self, hand):
        """Letters the enemy's hand can still make next turn, as far as we know."""
        letters = set("FPSWDC")
        effects = {e["name"]: e for e in self.enemy.get("effects", [])}
        rows = self.enemy_rows
        if "Fear" in effects:
            letters -= set(self.book.fear_forbids)
        if "Amnesia" in effects and rows:
            letters &= {rows[-1][hand]}
        para = effects.get("Paralysis")
        if para and rows and para.get("hand") == ("left", "right")[hand]:
            last = rows[-1][hand]
            letters &= {self.book.paralyse.get(last, last)}
        return letters

    def enemy_threats(self):
        """The enemy's spells two gestures or fewer from landing, with a likelihood."""
        out = []
        rows = [r for r in self.enemy_rows]
        for hand in (0, 1):
            nxt = self.enemy_next_letters(hand)
            for name, g in self.book.spells:
                if len(g) < 2:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and self.enemy_used_short_bolt():
                    continue
                own = owner_hand(g)
                if own is not None and own != hand:
                    continue
                done = progress(rows, hand, g)
                left = len(g) - done
                if done == 0 or left > 2:
                    continue
                if g[done].upper() not in nxt:
                    continue
                prob = min(0.9, 0.15 + 0.2 * done) if left == 1 else min(0.8, 0.1 + 0.15 * done)
                out.append(Threat(self.enemy["name"], name, hand, left, done, prob))
        return out

    def enemy_used_short_bolt(self):
        rows = self.enemy_rows
        for end in range(4, len(rows) + 1):
            for hand in (0, 1):
                if matches(rows, hand, "WDDc", end - 4):
                    return True
        return False

    def enemy_protected(self):
        return "P" in self.flags(self.enemy) or any(
            n.startswith("Protection") for n in self.effect_names(self.enemy))

    def i_am_protected(self):
        return "P" in self.flags(self.mine) or any(n.startswith("Protection") for n in self.my_effects)

    def resists(self, being, name):
        flags = self.flags(being)
        return (name in FIRE and "H" in flags) or (name in COLD and "C" in flags)
