#!/usr/bin/env python3
"""A held-out stranger: the feinter (seat protocol 1.1, any book).

Its hands prefer gestures that keep several spells open at once: sequences
sharing a prefix (P S D then D for Charm Monster or F for Charm Person; W W
then P, S or F P; D F then W, P W or F D D), and endings that finish a blow
and a defence alike (a last P that is Shield, Counter-spell and a cause of
wounds together). A hand with a blow and a defence both within two gestures
is worth more than one with a single plan, so the enemy cannot read its
intent early. Only at the last gesture, and in the spell question after it,
does it decide which to complete, from what the enemy has standing then:
his shield, the counter or mirror one gesture from done (a blow into a
mirror comes back), his resistances, his hit points and his monsters. Each
choice of the spells a move completes is weighed with what it keeps off me,
so a finishing letter that may be a blow or a guard becomes whichever the
turn calls for. It reads the enemy's columns for what he can finish this
turn and the next (in Death Match, a clap spell only as he announced it),
counts a monster about to come (it strikes as it comes) and a spell on its
mind (it breaks the feint's sequences) as worse than the kit does, kills his
monsters first, and plays every book from `hello`: its spells, letters and
hit points. Written from the rules and the protocol only. Held out: see
README.md here.

    spellcast match "program:python3 tests/players/heldout/feinter_player.py" computer:easy
"""

import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import stranger_kit as kit  # noqa: E402

# Spells a hand aims at the enemy or his monsters: the blows of a feint.
BLOWS = set(kit.DAMAGE) | set(kit.HOSTILE) | kit.STORMS | {
    "Finger of Death", "Missile Swarm", "Charm Monster", "Summon Leech"}
# Spells that stand between me and a blow: the guards of a feint.
GUARDS = {"Shield", "Counter-spell", "Magic Mirror", "Dispel Magic", "Protection from Evil",
          "Protection from Harm", "Resist Heat", "Resist Cold", "Cure Light Wounds",
          "Cure Heavy Wounds", "Remove Enchantment"}
# A hand keeping a blow and a guard both this near is a feint.
FEINT_REACH = 2
# The pull of a hand that keeps a blow and a guard open (hit points, as the
# kit's values), and of each further spell it keeps open within reach.
FEINT_BOTH = 1.1
FEINT_MORE = 0.35
# More still when the next letter may finish either: the decision at the last.
FEINT_LAST = 1.5
FEINT_MORE_CAP = 3
# A mirror or counter one gesture from done is likelier than the kit's even
# reading: his clap, or a counter's first gestures, say what he means.
MIRROR_READY = 0.55
COUNTER_READY = 0.55
# A spell on my mind breaks the sequences a feint lives on: its cost, in hit
# points, above the kit's reckoning of it.
MIND_COST = 3.0
# A monster lives to strike again each turn it is not killed.
MONSTER_KILL = 2.0
# The turns of striking a new monster is reckoned to have before it dies.
MONSTER_STAYS = 1.5
WEIGHTS = {
    "Finger of Death": 1.3, "Lightning Bolt": 1.4, "Fireball": 1.3, "Iceball": 1.3,
    "Frost Bolt": 1.4, "Cause Heavy Wounds": 1.3, "Cause Light Wounds": 1.1,
    "Counter-spell": 1.3, "Magic Mirror": 1.3, "Dispel Magic": 1.1, "Charm Monster": 1.1,
    "Charm Person": 1.1, "Charm": 1.1, "Summon Goblin": 0.5, "Summon Ogre": 0.6,
    "Summon Troll": 0.6, "Summon Giant": 0.6, "Permanency": 0.0, "Delayed Effect": 0.0,
    "Time Stop": 0.3, "Haste": 0.3, "Invisibility": 0.5,
}


class Feinter(kit.Stranger):
    name = "feinter"

    # ---- reading the enemy ------------------------------------------------
    def reply(self, message):
        """The kit's reply, with the enemy's columns read the feinter's way."""
        kind = message.get("type")
        if kind in ("move", "questions"):
            sit = kit.Situation(self.book, self.me, message["view"])
            self.read_threats(sit, message["view"])
            if kind == "move":
                return {"move": self.choose_move(sit)}
            return {"answers": [self.answer(sit, q) for q in message["questions"]]}
        return super().reply(message)

    def read_threats(self, sit, view):
        """The kit's threats, Death Match's claps as announced, guards made likelier.

        A two-handed clap followed by a wave is a mirror one gesture from done
        far more often than the kit's even reading says; so is a counter whose
        first gestures are made, and a clap spell in Death Match grows only from
        the clap that announced it.
        """
        if not sit.enemy:
            return
        gestures = {}
        for name, g in self.book.spells:
            gestures.setdefault(name, []).append(g)
        told = {}
        if self.book.deathmatch:
            told = {a.get("row"): a.get("spell") for a in view.get("announced", [])
                    if a.get("wizard") == sit.enemy["name"]}
        rows = len(sit.enemy_rows)
        kept = []
        for t in sit.threats:
            gs = [g for g in gestures.get(t.name, []) if len(g) - t.done == t.left]
            if self.book.deathmatch and gs and all(g[0] == "c" for g in gs):
                if told.get(rows - t.done + 1) != t.name:
                    continue      # his clap announced another spell, or none
                t.prob = max(t.prob, 0.85 if t.left == 1 else 0.7)
            if t.left == 1 and t.name == "Magic Mirror":
                t.prob = max(t.prob, MIRROR_READY)
            if t.left == 1 and t.name in kit.COUNTERS and t.done >= 2:
                t.prob = max(t.prob, COUNTER_READY)
            kept.append(t)
        sit.threats = kept

    def mirror_chance(self, sit):
        """How likely a mirror stands on the enemy this turn."""
        return max([t.prob for t in sit.threats if t.left == 1 and t.name == "Magic Mirror"]
                   or [0.0])

    def enemy_block_chance(self, sit, name):
        """His Shield, or his counter or mirror as likely as his gestures make it."""
        p = super().enemy_block_chance(sit, name) if name in kit.SHIELDABLE else 0.0
        for t in sit.threats:
            if t.left != 1:
                continue
            if t.name == "Dispel Magic" or t.name == "Counter-spell" and name != "Finger of Death" \
                    or t.name == "Magic Mirror" and name not in kit.STORMS:
                p = max(p, t.prob)
        return p

    # ---- the last gesture's choice ------------------------------------------
    def spell_value(self, sit, name, _unused=0, hand=0, rows=None):
        """The kit's value, less what a blow into his mirror does to me."""
        target, value = super().spell_value(sit, name, _unused, hand, rows)
        if value > 0 and any(m["name"] == target for m in sit.enemy_monsters):
            value *= MONSTER_KILL
        if sit.enemy and target == sit.enemy["name"] and name in BLOWS \
                and name not in kit.STORMS:
            value -= self.mirrored_back(sit, name, hand, rows)
        return target, value

    def incoming(self, sit, cast):
        """The kit's reckoning, and the sequences a spell on my mind would break."""
        loss = super().incoming(sit, cast)
        names = {n for n, t in cast if t == self.me}
        if names & {"Counter-spell", "Dispel Magic"}:
            return loss
        shielded = bool(names & {"Shield", "Protection from Evil", "Protection from Harm"}) \
            or sit.i_am_protected()
        for t in sit.threats:
            strength = kit.SUMMONS.get(t.name)
            if t.left == 1 and strength:
                # It strikes as it comes, and every turn after until killed.
                loss += t.prob * strength * (MONSTER_STAYS + (0 if shielded else 1))
        if "Magic Mirror" in names:
            return loss
        for t in sit.threats:
            if t.left == 1 and t.name in kit.MIND and t.name != "Charm Monster":
                loss += t.prob * MIND_COST * self.style.threat_scale
        return loss

    def mirrored_back(self, sit, name, hand, rows):
        """A blow aimed at a mirrored enemy lands on me instead."""
        p = self.mirror_chance(sit)
        if not p:
            return 0.0
        if name == "Finger of Death":
            return p * (sit.hp + self.style.kill_bonus)
        if sit.resists(sit.mine, name):
            return 0.0
        dmg = kit.DAMAGE.get(name)
        if name == "Missile Swarm":
            dmg = max(1, kit.snap_run((rows or sit.my_rows)[:-1], hand))
        if dmg is None:
            dmg = kit.HOSTILE.get(name, 1.0)
        if dmg >= sit.hp:
            dmg += self.style.kill_bonus
        return p * dmg

    def score_move(self, sit, move):
        """Every way of choosing the spells the move completes, the best kept.

        A last letter that finishes a blow and a guard alike is decided here:
        each pairing of the two hands' completions is weighed by its worth
        to me and by what it keeps off me this turn.
        """
        rows = sit.my_rows + [move]
        comps = self.completions(sit.my_rows, move)
        options = []
        for hand in (0, 1):
            opts = [None]
            for name, _g in comps[hand]:
                target, value = self.spell_value(sit, name, 0, hand=hand, rows=rows)
                opts.append((name, target, value))
            options.append(opts)
        best = None
        for left, right in itertools.product(*options):
            cast = [c for c in (left, right) if c is not None]
            if comps[0] and left is None or comps[1] and right is None:
                continue          # a completed spell is cast; only which is chosen
            score = sum(v for _, _, v in cast)
            if len(cast) == 2 and cast[0][0] in kit.MIND and cast[1][0] in kit.MIND \
                    and cast[0][1] == cast[1][1]:
                score -= cast[0][2] + cast[1][2] + 1.0    # they would cancel each other
            score -= self.style.defence * self.incoming(sit, [(n, t) for n, t, _ in cast])
            if best is None or score > best[0]:
                picks = {}
                if left is not None:
                    picks[0] = left
                if right is not None:
                    picks[1] = right
                best = (score, picks)
        score, picks = best
        score += self.style.plan * self.potential(sit, rows, move)
        score += self.style.readiness * self.readiness(sit, rows)
        score -= self.surrender_risk(sit, move) * (self.style.kill_bonus + 15.0)
        return score, picks

    # ---- keeping spells open ------------------------------------------------
    def potential(self, sit, rows, move):
        """The kit's pull of spells in the making, and the feint's own."""
        return super().potential(sit, rows, move) + self.feint(sit, rows)

    def feint(self, sit, rows):
        """What each hand gains by keeping a blow and a guard (or many spells) open."""
        total = 0.0
        for hand in (0, 1):
            blow = guard = None
            near = set()
            for name, g in self.book.spells:
                own = kit.owner_hand(g)
                if own is not None and own != hand or name in self.style.banned:
                    continue
                if name == "Lightning Bolt" and g[-1] == "c" and sit.short_bolt_used:
                    continue
                if self.style.weight(name) <= 0.0:
                    continue
                done = kit.progress(rows, hand, g)
                left = len(g) - done
                if done == 0 or left > FEINT_REACH or not self.clap_heard(rows, name, g, done):
                    continue
                if self.book.deathmatch and g[0] == "c" and done == 1 \
                        and (len(rows) - 1) not in self.announced:
                    continue      # a clap being weighed now announces one spell only
                if name in BLOWS and self.plan_value(sit, name, hand, rows) > 0:
                    blow = left if blow is None else min(blow, left)
                    near.add(name)
                elif name in GUARDS and name != "Shield":
                    guard = left if guard is None else min(guard, left)
                    near.add(name)
            if blow is not None and guard is not None:
                total += FEINT_BOTH * self.style.decay ** (max(blow, guard) - 1)
                if max(blow, guard) == 1:
                    total += FEINT_LAST      # one letter away from either
            if len(near) > 1:
                total += FEINT_MORE * min(len(near) - 1, FEINT_MORE_CAP)
        return total

    def log_choice(self, sit, scored):
        if os.environ.get("FEINT_LOG"):
            kit.log("turn", len(sit.my_rows) + 1, "hp", sit.hp, sit.enemy_hp, "threats",
                    sit.threats, "top", self.best_few(scored))

    # ---- questions ----------------------------------------------------------
    def pick_answer(self, sit, q):
        """The spell question names the spell the move was chosen for."""
        if q.get("kind") == "spell":
            hand = 0 if q.get("hand") == "left" else 1
            want = self.chosen.get(hand)
            for opt in q["options"]:
                if want and (opt == want or opt.startswith(want + " (")):
                    return opt
        return super().pick_answer(sit, q)


if __name__ == "__main__":
    kit.main(lambda: Feinter(kit.Style(spell_weight=WEIGHTS, offence=1.2, defence=1.1,
                                       readiness=0.7, decay=0.72, plan=1.1, stab=0.9)))
