"""The shadow's reading of the fog: who sees whom, and what may come unseen.

Written from the rules texts (spellcast-rules(7), variants.md) and the seat
protocol alone. A wizard's gestures are hidden from the other while he is
invisible or the other is blind; the books differ in what else the fog does:

- the original: spells and stabs at an invisible being, and a blind caster's
  spells and stabs at others, go astray; monsters cannot attack an invisible
  wizard (elementals can);
- Gesticulation: both only hide; an invisible wizard is safe from monsters and
  elementals, and every spell and stab lands;
- Death Match (Blindness only): a blind wizard's spells at others and his
  stabs miss, and his monsters do not attack.

The protocol shows the fog itself: a `?` in a column is a hand this seat could
not see, and the effects list names Blindness and Invisibility where the text
pane announced them.
"""

import stranger_kit as kit

# A blow the enemy may be finishing behind the fog is guessed at this share of
# what a seen sequence of the same length would be given, for each gesture of
# it that was hidden (his hidden rows may be making anything).
HIDDEN_LETTER = 0.55
# At most this many guessed spells a hand: the fog hides one sequence, not all.
GUESSES_A_HAND = 2
# A guessed spell is dropped below this likelihood.
GUESS_FLOOR = 0.04


def effect(being, name):
    """The effect of that name on the being, or None."""
    for e in (being or {}).get("effects", []) or []:
        if e.get("name") == name:
            return e
    return None


class Fog:
    """What each side of the duel can see and do through the fog, this turn."""

    def __init__(self, book, sit):
        rules = book.rules
        me, enemy = sit.mine, sit.enemy
        self.rules = rules
        i_blind = effect(me, "Blindness") is not None
        he_blind = effect(enemy, "Blindness") is not None
        i_invisible = effect(me, "Invisibility") is not None
        he_invisible = effect(enemy, "Invisibility") is not None
        last = sit.enemy_rows[-3:]
        fogged = any("?" in row for row in last[-1:])
        # He does not see my gestures: the shadow's cover.
        self.me_unseen = i_invisible or he_blind
        # I do not see his: his last row hidden, or the fog named.
        self.he_unseen = fogged or i_blind or he_invisible
        self.hidden_rows = sum(1 for row in last if "?" in row)
        original = rules not in ("gesticulation", "deathmatch")
        dm = rules == "deathmatch"
        # My spells and stabs at him go astray.
        self.mine_astray = (original and (i_blind or he_invisible)) or (dm and i_blind)
        # His spells and stabs at me go astray.
        self.his_astray = (original and (he_blind or i_invisible)) or (dm and he_blind)
        # His monsters cannot reach me (elementals are another matter).
        self.his_monsters_off = (i_invisible and rules != "deathmatch") or (dm and he_blind)
        # Elementals cannot reach me either (Gesticulation's invisibility).
        self.elementals_off = i_invisible and rules == "gesticulation"
        self.cover_left = max(self.turns(me, "Invisibility"), self.turns(enemy, "Blindness"))

    @staticmethod
    def turns(being, name):
        """Turns of the effect left as the protocol counts them (3 when not told)."""
        e = effect(being, name)
        if e is None:
            return 0
        return e.get("turns", 3) or 0


def wild_progress(rows, hand, gestures):
    """(done, hidden) for the longest prefix of the spell the latest rows may make.

    A `?` stands for any letter; `hidden` counts the spell's gestures that fell
    on `?`. A prefix made wholly in the open is the kit's business and skipped.
    """
    n = len(gestures)
    for done in range(min(n - 1, len(rows)), 0, -1):
        start = len(rows) - done
        hidden = 0
        ok = True
        for i, letter in enumerate(gestures[:done]):
            row = rows[start + i]
            cells = (row[hand],) if letter.isupper() else (row[0], row[1])
            want = letter.upper()
            for cell in cells:
                if cell == "?":
                    hidden += 1
                elif cell != want:
                    ok = False
                    break
            if not ok:
                break
        if ok and hidden:
            return done, hidden
    return 0, 0


def guessed_threats(book, sit):
    """Spells the enemy may be one or two gestures from behind the fog."""
    if not sit.enemy:
        return []
    rows = sit.enemy_rows
    out = []
    for hand in (0, 1):
        found = []
        nxt = sit.enemy_next_letters(hand)
        for name, g in book.spells:
            if len(g) < 2:
                continue
            own = kit.owner_hand(g)
            if own is not None and own != hand:
                continue
            if book.deathmatch and g[0] == "c":
                continue      # an announced clap is public even in fog; unheard, none
            done, hidden = wild_progress(rows, hand, g)
            left = len(g) - done
            if done == 0 or left > 2 or g[done].upper() not in nxt:
                continue
            base = min(0.9, 0.15 + 0.2 * done) if left == 1 else min(0.8, 0.1 + 0.15 * done)
            prob = base * HIDDEN_LETTER ** hidden
            if prob < GUESS_FLOOR:
                continue
            danger = kit.DAMAGE.get(name, kit.HOSTILE.get(name, 0.5))
            if name == "Finger of Death":
                danger = 20
            found.append((prob * danger, kit.Threat(sit.enemy["name"], name, hand, left, done, prob)))
        found.sort(key=lambda f: -f[0])
        out.extend(t for _, t in found[:GUESSES_A_HAND])
    return out
