"""What the strangers share: the seat protocol's plumbing and a reading of the book.

Written from the rules texts and the seat protocol alone (spellcast-protocol(5)),
as a player who learned the game would write it. Nothing here knows the game's
own computer player. Each stranger builds a `Style` (what it values) and may
override `Stranger.choose_move`; this module reads `hello`'s book, follows every
wizard's gesture columns, lists the moves a hand may make, the spells each move
completes, the enemy's spells that can land this turn or the next, and answers
every kind of question.

Units: every value is in hit points (damage dealt to the enemy, or kept off).
"""

import json
import random
import sys
import traceback

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


class Style:
    """What a stranger values. Multipliers on the common reckoning."""

    def __init__(self, **kw):
        self.spell_weight = dict(kw.get("spell_weight", {}))   # name -> multiplier
        self.offence = kw.get("offence", 1.0)
        self.defence = kw.get("defence", 1.0)
        self.readiness = kw.get("readiness", 0.5)        # defence one turn ahead
        self.plan = kw.get("plan", 1.0)                  # pull of spells in the making
        self.decay = kw.get("decay", 0.7)
        self.stab = kw.get("stab", 1.0)
        self.summon = kw.get("summon", 1.0)
        self.threat_scale = kw.get("threat_scale", 1.0)
        self.noise = kw.get("noise", 0.05)
        self.kill_bonus = kw.get("kill_bonus", 25.0)
        self.banned = set(kw.get("banned", ()))

    def weight(self, name):
        return self.spell_weight.get(name, 1.0)


class Stranger:
    """A seat-protocol player: one-ply scoring of every legal move pair."""

    name = "stranger"

    def __init__(self, style):
        self.style = style
        self.book = None
        self.me = None
        self.rng = random.Random()
        self.chosen = {}        # hand -> spell name chosen for this turn's move
        self.announce = "nothing"
        self.charm_hand = None
        self.errors = 0
        self.announced = {}     # Death Match: row index of my clap -> spell announced

    # ---- protocol -------------------------------------------------------
    def hello(self, message):
        self.book = Book(message)
        self.me = message["you"]
        self.rng.seed(message.get("seed", 0))
        return {"ready": True, "name": self.name}

    def run(self):
        for line in sys.stdin:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            kind = message.get("type")
            if kind == "end":
                break
            try:
                answer = self.reply(message)
            except Exception:  # a stranger never leaves its seat
                self.errors += 1
                if self.errors <= 3:
                    log("error:", traceback.format_exc().replace("\n", " | "))
                answer = self.fallback(message)
            if answer is not None:
                sys.stdout.write(json.dumps(answer) + "\n")
                sys.stdout.flush()

    def reply(self, message):
        kind = message.get("type")
        if kind == "hello":
            return self.hello(message)
        if kind == "move":
            sit = Situation(self.book, self.me, message["view"])
            return {"move": self.choose_move(sit)}
        if kind == "questions":
            sit = Situation(self.book, self.me, message["view"])
            return {"answers": [self.answer(sit, q) for q in message["questions"]]}
        if kind == "round":
            self.observe(message)
        return None

    def fallback(self, message):
        kind = message.get("type")
        if kind == "hello":
            return {"ready": True}
        if kind == "move":
            return {"move": "--"}
        if kind == "questions":
            return {"answers": [q.get("default", q["options"][0]) for q in message["questions"]]}
        return None

    def observe(self, message):
        """A finished round; strangers that learn from the text override this."""

    # ---- moves ----------------------------------------------------------
    def forced_letters(self, sit, hand):
        """The letters this hand may usefully choose, given spells on me."""
        letters = self.book.hands[hand]
        rows = sit.my_rows
        eff = sit.my_effects
        if "Amnesia" in eff and rows:
            return [rows[-1][hand]] if rows[-1][hand] in letters else list(letters)
        para = eff.get("Paralysis")
        if para and para.get("hand") == ("left", "right")[hand] and rows:
            last = rows[-1][hand]
            last = self.book.paralyse.get(last, last)
            return [last] if last in letters else list(letters)
        if "Fear" in eff:
            return [c for c in letters if c not in self.book.fear_forbids]
        return list(letters)

    def legal_moves(self, sit):
        left = self.forced_letters(sit, 0)
        right = self.forced_letters(sit, 1)
        moves = []
        for a in left:
            for b in right:
                if a == "k" and b == "k":
                    continue
                if a == "P" and b == "P":
                    continue          # surrender
                moves.append(a + b)
        return moves or ["--"]

    def surrender_risk(self, sit, move):
        """The chance a palm of mine meets a palm I did not choose (a surrender)."""
        if "P" not in move:
            return 0.0
        eff = sit.my_effects
        risk = 0.0
        for name in ("Charm Person", "Charm"):
            if name in eff:
                held = eff[name].get("hand")
                palm = [h for h in (0, 1) if move[h] == "P"]
                if held is None or any(("left", "right")[1 - h] == held for h in palm):
                    risk = max(risk, 0.5)
        if "Confusion" in eff:
            risk = max(risk, 0.09)
        return risk

    def completions(self, rows, move):
        """Per hand, the spells the move completes: {hand: [(name, gestures)]}."""
        new = rows + [move]
        out = {0: [], 1: []}
        for hand in (0, 1):
            if move[hand] == "k":
                out[hand].append(("Stab", "k"))
            for name, g in self.book.spells:
                own = owner_hand(g)
                if own is not None and own != hand:
                    continue
                if name in self.style.banned or not self.clap_heard(new, name, g, len(g)):
                    continue
                if completes(new, hand, g):
                    out[hand].append((name, g))
        return out

    def clap_heard(self, rows, name, g, done):
        """Death Match: a clap spell grows only from a clap that announced it."""
        if not self.book.deathmatch or g[0] != "c" or done == 0:
            return True
        clap = len(rows) - done
        if clap == len(rows) - 1 and clap not in self.announced:
            return True       # the clap being weighed now: I would announce this
        return self.announced.get(clap) == name

    def choose_move(self, sit):
        scored = self.score_moves(sit)
        best = max(scored, key=lambda s: s[0])
        self.adopt(sit, best)
        return best[1]

    def score_moves(self, sit):
        """[(score, move, picks)] for every legal move."""
        out = []
        for move in self.legal_moves(sit):
            score, picks = self.score_move(sit, move)
            score += self.rng.random() * self.style.noise
            out.append((score, move, picks))
        return out

    def adopt(self, sit, best):
        _, move, picks = best
        self.chosen = {h: n for h, (n, _, _) in picks.items()}
        self.announce = "nothing"
        if move == "CC":
            self.announce = self.clap_plan(sit) or "nothing"
            self.announced[len(sit.my_rows)] = self.announce

    def clap_plan(self, sit):
        """The clap spell worth most to begin (Death Match announcements)."""
        best, value = None, 0.0
        for name, g in self.book.spells:
            if g[0] == "c" and len(g) > 1:
                v = self.spell_value(sit, name, len(g))[1] * self.style.decay ** (len(g) - 1)
                if v > value:
                    best, value = name, v
        return best

    def score_move(self, sit, move):
        comps = self.completions(sit.my_rows, move)
        picks = {}
        cast = []
        for hand in (0, 1):
            best = None
            for name, g in comps[hand]:
                target, value = self.spell_value(sit, name, 0, hand=hand, rows=sit.my_rows + [move])
                if best is None or value > best[2]:
                    best = (name, target, value)
            if best:
                picks[hand] = best
                cast.append(best)
        # Two-handed spells of both hands count once (owner_hand took care of it).
        score = sum(v for _, _, v in cast)
        if len(cast) == 2 and cast[0][0] in MIND and cast[1][0] in MIND \
                and cast[0][1] == cast[1][1]:
            score -= cast[0][2] + cast[1][2] + 1.0    # they would cancel each other
        score -= self.style.defence * self.incoming(sit, [(n, t) for n, t, _ in cast])
        score += self.style.plan * self.potential(sit, sit.my_rows + [move], move)
        score += self.style.readiness * self.readiness(sit, sit.my_rows + [move])
        score -= self.surrender_risk(sit, move) * (self.style.kill_bonus + 15.0)
        return score, picks

    # ---- reckoning ------------------------------------------------------
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

    # ---- questions ------------------------------------------------------
    def answer(self, sit, q):
        opts = q["options"]
        kind = q.get("kind")
        pick = None
        try:
            pick = self.pick_answer(sit, q)
        except Exception as err:
            log("answer error:", repr(err))
        if pick in opts:
            return pick
        return q.get("default", opts[0]) if q.get("default") in opts else opts[0]

    def pick_answer(self, sit, q):
        opts = q["options"]
        kind = q.get("kind")
        enemy = sit.enemy["name"] if sit.enemy else None
        if kind == "spell":
            hand = 0 if q.get("hand") == "left" else 1
            if self.chosen.get(hand) in opts:
                return self.chosen[hand]
            return max(opts, key=lambda n: self.spell_value(sit, n, 0, hand, sit.my_rows)[1])
        if kind == "target":
            spell = q.get("spell", "")
            if spell == "Stab":
                t, _ = self.spell_value(sit, "Stab")
                return t if t in opts else enemy
            if spell in SELF_SPELLS:
                return self.me
            t, _ = self.spell_value(sit, spell, 0, 0 if q.get("hand") == "left" else 1, sit.my_rows)
            if t == "nobody" or t not in opts:
                t = enemy if spell not in SELF_SPELLS else self.me
            return t
        if kind == "monster":
            return self.monster_target(sit, opts)
        if kind == "elemental":
            flags = sit.flags(sit.mine)
            if "C" in flags:
                return "ice"
            if "H" in flags:
                return "fire"
            ef = sit.flags(sit.enemy)
            return "ice" if "H" in ef else "fire"
        if kind == "announce":
            return self.announce
        if kind == "resist-charm":
            return "yes" if sit.hp > 8 else "no"
        if kind in ("paralyze", "charm-hand"):
            return self.hand_to_hold(sit, q)
        if kind == "charm-gesture":
            return self.gesture_to_force(sit, opts)
        if kind == "release":
            return "yes"
        return None

    def monster_target(self, sit, opts):
        enemy = sit.enemy["name"] if sit.enemy else None
        if sit.enemy_protected() and sit.enemy_monsters:
            m = max(sit.enemy_monsters, key=lambda b: MONSTER_STRENGTH.get(b["kind"], 1))
            if m["name"] in opts:
                return m["name"]
        return enemy

    def hand_to_hold(self, sit, q):
        """The enemy hand nearest a dangerous spell."""
        about = q.get("about")
        if about and about == self.me:
            return "left"
        score = [0.0, 0.0]
        rows = sit.enemy_rows
        for hand in (0, 1):
            for name, g in self.book.spells:
                done = progress(rows, hand, g)
                if done:
                    score[hand] += done * (DAMAGE.get(name, 0) + HOSTILE.get(name, 0) + 1)
        return "left" if score[0] >= score[1] else "right"

    def gesture_to_force(self, sit, opts):
        """A letter for the charmed hand that breaks every spell it was making."""
        for letter in ("-",):
            if letter in opts:
                return letter
        return opts[0]


def main(make):
    """Builds the stranger with `make()` and plays; an argument seeds nothing more."""
    make().run()
