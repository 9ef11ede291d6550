"""What the heuristic players share: the seat protocol's loop, the spell list
and reading gesture rows (spellcast-protocol(5), the original manual page).

A player is a class with `choose_move(game)` returning two letters (a
`ScoredPlayer` gives one from its `score(game, move)`) and,
optionally, `answer(game, question)` for questions it wants to decide itself;
`run(player)` does the rest. Nothing here knows any other player's code.
"""

import functools
import json
import random
import sys

# Every spell as the manual page lists its gestures: an upper-case letter is one
# hand's gesture, a lower-case one is the same gesture made by both hands.
SPELLS = [
    ("Dispel Magic", "cDPW"),
    ("Summon Elemental", "cSWWS"),
    ("Magic Mirror", "cw"),
    ("Lightning Bolt", "DFFDD"),
    ("Cure Heavy Wounds", "DFPW"),
    ("Cure Light Wounds", "DFW"),
    ("Amnesia", "DPP"),
    ("Confusion", "DSF"),
    ("Disease", "DSFFFc"),
    ("Blindness", "DWFFd"),
    ("Delayed Effect", "DWSSSP"),
    ("Raise Dead", "DWWFWc"),
    ("Poison", "DWWFWD"),
    ("Paralysis", "FFF"),
    ("Summon Troll", "FPSFW"),
    ("Fireball", "FSSDD"),
    ("Shield", "P"),
    ("Remove Enchantment", "PDWP"),
    ("Invisibility", "PPws"),
    ("Charm Monster", "PSDD"),
    ("Charm Person", "PSDF"),
    ("Summon Ogre", "PSFW"),
    ("Finger of Death", "PWPFSSSD"),
    ("Haste", "PWPWWc"),
    ("Missile", "SD"),
    ("Summon Goblin", "SFW"),
    ("Anti-spell", "SPF"),
    ("Permanency", "SPFPSDW"),
    ("Time Stop", "SPPc"),
    ("Resist Cold", "SSFP"),
    ("Fear", "SWD"),
    ("Fire Storm", "SWWc"),
    ("Lightning Bolt", "WDDc"),
    ("Cause Light Wounds", "WFP"),
    ("Summon Giant", "WFPSFW"),
    ("Cause Heavy Wounds", "WPFD"),
    ("Counter-spell", "WPP"),
    ("Ice Storm", "WSSc"),
    ("Resist Heat", "WWFP"),
    ("Protection from Evil", "WWP"),
    ("Counter-spell", "WWS"),
]

# Damage a spell does to the wizard it is cast at (Finger of Death: all of it).
DAMAGE = {
    "Missile": 1,
    "Cause Light Wounds": 2,
    "Cause Heavy Wounds": 3,
    "Lightning Bolt": 5,
    "Fireball": 5,
    "Finger of Death": 15,
    "Fire Storm": 5,
    "Ice Storm": 5,
    "Poison": 15,
    "Disease": 15,
}
# What a Shield stops (besides stabs and monsters): only Missile among spells.
SHIELDED = {"Missile"}
# Spells a wizard casts on himself (or has no subject for).
SELF_AIMED = {
    "Shield", "Counter-spell", "Magic Mirror", "Dispel Magic", "Cure Light Wounds",
    "Cure Heavy Wounds", "Protection from Evil", "Resist Heat", "Resist Cold",
    "Invisibility", "Haste", "Remove Enchantment", "Time Stop", "Delayed Effect",
    "Permanency", "Summon Goblin", "Summon Ogre", "Summon Troll", "Summon Giant",
    "Summon Elemental", "Raise Dead",
}
# Spells whose effect does not care about the subject's Shield, reflectable by a
# mirror: what a mirror or a counter-spell is for.
MIRRORABLE = {
    "Lightning Bolt", "Fireball", "Finger of Death", "Cause Light Wounds",
    "Cause Heavy Wounds", "Missile", "Paralysis", "Amnesia", "Confusion", "Fear",
    "Charm Person", "Charm Monster", "Blindness", "Disease", "Poison", "Anti-spell",
}
MONSTER_DAMAGE = {"goblin": 1, "ogre": 2, "troll": 3, "giant": 4,
                  "fire elemental": 3, "ice elemental": 3}
SUMMONS = {"Summon Goblin": 1, "Summon Ogre": 2, "Summon Troll": 3, "Summon Giant": 4}

LETTERS = "FPSWDCk-"
LEFT, RIGHT = 0, 1


def all_moves():
    """Every two-letter move worth making: never two stabs, never surrender (PP)."""
    return [a + b for a in LETTERS for b in LETTERS if a + b not in ("kk", "PP")]


def hand_tokens(rows, hand):
    """One hand's newest eight rows as a string of two letters a row: the hand's
    letter, then the letter in lower case when both hands made it, else '#'."""
    out = []
    for row in rows[-8:]:
        both = row[0].lower() if row[0] == row[1] and row[0] not in "?*-k" else "#"
        out.append(row[hand] + both)
    return "".join(out)


def _fits(tokens, gestures):
    """Whether the token string ends with these gestures."""
    n = len(gestures)
    if len(tokens) < 2 * n:
        return False
    tail = tokens[len(tokens) - 2 * n:]
    for i, g in enumerate(gestures):
        if g.islower():
            if tail[2 * i + 1] != g:
                return False
        elif tail[2 * i] != g:
            return False
    return True


@functools.lru_cache(maxsize=65536)
def _analyse(tokens):
    """(spells completed, [(remaining, name, next gesture)]) for one hand."""
    done, out = [], []
    for name, g in SPELLS:
        if _fits(tokens, g):
            done.append(name)
        for k in range(len(g) - 1, 0, -1):
            if _fits(tokens, g[:k]):
                out.append((len(g) - k, name, g[k]))
                break
    return tuple(done), tuple(sorted(out))


def completed(rows, hand):
    """The spells the newest row completes with `hand`."""
    return list(_analyse(hand_tokens(rows, hand))[0])


def building(rows, hand):
    """(remaining, name, next gesture) for every spell this hand is part-way into."""
    return list(_analyse(hand_tokens(rows, hand))[1])


def forced_row(game, move):
    """The row the engine will make of `move`, as far as this wizard can tell."""
    me = game.me_being()
    effects = {e["name"]: e for e in me.get("effects", [])} if me else {}
    rows = game.rows(game.me)
    last = rows[-1] if rows else "--"
    out = list(move)
    if "Amnesia" in effects and rows:
        return last
    if "Fear" in effects:
        out = ["-" if c in "CDFS" else c for c in out]
    para = effects.get("Paralysis")
    if para and rows:
        h = 0 if para.get("hand") == "left" else 1
        out[h] = {"C": "F", "S": "D", "W": "P"}.get(last[h], last[h])
    return "".join(out)


class Game:
    """One seat's knowledge, refreshed from each message's view."""

    def __init__(self, hello):
        self.me = hello["you"]
        self.players = [p.split(":")[0] for p in hello["players"]]
        self.view = {"beings": [], "gestures": {}}

    def update(self, message):
        if "view" in message:
            self.view = message["view"]

    def beings(self):
        return self.view.get("beings", [])

    def being(self, name):
        for b in self.beings():
            if b["name"] == name:
                return b
        return None

    def me_being(self):
        return self.being(self.me)

    def enemy(self):
        """The first living wizard who is not me (a duel has one)."""
        for b in self.beings():
            if b["kind"] == "wizard" and b["name"] != self.me:
                return b["name"]
        return None

    def rows(self, name):
        return [r for r in self.view.get("gestures", {}).get(name, [])]

    def hp(self, name):
        b = self.being(name)
        return b["hp"] if b else 0

    def effect(self, name, effect):
        b = self.being(name)
        return any(e["name"] == effect for e in b.get("effects", [])) if b else False

    def monsters(self, controller):
        return [b for b in self.beings()
                if b["kind"] != "wizard" and b.get("controller") == controller]

    def hostile_monsters(self):
        """Monsters that may attack me: the enemy's and elementals."""
        return [b for b in self.beings() if b["kind"] != "wizard"
                and b.get("controller") != self.me]

    def monster_threat(self, controller):
        return sum(MONSTER_DAMAGE.get(m["kind"], 1) for m in self.monsters(controller))

    def enemy_threats(self, within=1):
        """(remaining, spell, hand) the enemy could finish within `within` moves."""
        enemy = self.enemy()
        rows = self.rows(enemy) if enemy else []
        out = []
        for hand in (LEFT, RIGHT):
            for remaining, name, _ in building(rows, hand):
                if remaining <= within:
                    out.append((remaining, name, hand))
        return out

    def after(self, move):
        """My rows as they would be after making `move`."""
        return self.rows(self.me) + [forced_row(self, move)]


def default_answer(game, question, prefer_spells=()):
    """An answer a sensible wizard gives: his own spells on himself, harm on
    the enemy, monsters at the enemy wizard."""
    kind = question["kind"]
    options = question["options"]
    enemy = game.enemy()
    if kind == "spell":
        for name in prefer_spells:
            if name in options:
                return name
        harmful = [o for o in options if o in DAMAGE]
        if harmful:
            return max(harmful, key=lambda o: DAMAGE[o])
        return options[0]
    if kind == "target":
        spell = question.get("spell", "")
        if spell in SELF_AIMED:
            return game.me if game.me in options else options[0]
        if spell == "Charm Monster":
            theirs = sorted(game.hostile_monsters(),
                            key=lambda m: -MONSTER_DAMAGE.get(m["kind"], 1))
            for m in theirs:
                if m["name"] in options:
                    return m["name"]
        if enemy in options:
            return enemy
        return question.get("default", options[0])
    if kind == "monster":
        if enemy in options:
            return enemy
        return question.get("default", options[0])
    if kind in ("paralyze", "charm-hand"):
        rows = game.rows(question.get("about", enemy))
        best = max((LEFT, RIGHT), key=lambda h: max(
            [len(g) - r for r, _, g in building(rows, h)] or [0]))
        name = "left" if best == LEFT else "right"
        return name if name in options else options[0]
    if kind == "charm-gesture":
        return "-" if "-" in options else options[0]
    if kind == "elemental":
        return "fire" if "fire" in options else options[0]
    if kind == "release":
        return "yes" if "yes" in options else options[0]
    return question.get("default", options[0])


def run(player):
    """The seat protocol's loop around a player object."""
    if len(sys.argv) > 1:
        random.seed(int(sys.argv[1]))
    game = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "end":
            break
        if kind == "hello":
            game = Game(message)
            reply = {"ready": True, "name": player.name}
        elif kind == "move":
            game.update(message)
            reply = {"move": player.choose_move(game)}
        elif kind == "questions":
            game.update(message)
            reply = {"answers": [player.answer(game, q) for q in message["questions"]]}
        else:
            if game is not None:
                game.update(message)
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def casts(game, move, value):
    """The spells `move` would complete, one a hand, each hand's the one `value`
    likes best: a list of (hand, spell), a two-handed spell listed once."""
    rows = game.after(move)
    out, seen = [], set()
    for hand in (LEFT, RIGHT):
        done = completed(rows, hand)
        letter = rows[-1][hand]
        if letter == "k":
            done.append("Stab")
        if not done:
            continue
        best = max(done, key=value)
        both = any(n == best and g[-1].islower() for n, g in SPELLS)
        if both and best in seen:
            continue
        seen.add(best)
        out.append((hand, best))
    return out


def best_move(game, score):
    """The move with the highest score, ties broken at random."""
    return max(all_moves(), key=lambda m: (score(m), random.random()))


class ScoredPlayer:
    """A player that makes the move its `score(game, move)` rates highest."""

    def choose_move(self, game):
        return best_move(game, lambda m: self.score(game, m))
