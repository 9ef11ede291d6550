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

from stranger_reading import (  # noqa: F401 (the players reach these through the kit)
    COLD, COUNTERS, DAMAGE, FIRE, HOSTILE, MIND, MONSTER_STRENGTH, SELF_SPELLS, SHIELDABLE,
    STORMS, SUMMONS, Book, Situation, Threat, completes, log, matches, owner_hand, progress,
    snap_run)
from stranger_reckoning import Reckoning


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


class Stranger(Reckoning):
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
        self.log_choice(sit, scored)
        return best[1]

    def log_choice(self, sit, scored):
        """A player that logs its choices (on standard error) says so here."""

    @staticmethod
    def best_few(scored, n=4):
        """The n best of [(score, move, picks)], for a log line."""
        top = sorted(scored, key=lambda s: -s[0])[:n]
        return [(round(v, 1), m, {h: p[0] for h, p in picks.items()}) for v, m, picks in top]

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
