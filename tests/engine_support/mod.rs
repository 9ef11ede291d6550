//! Helpers for the engine's own tests: a duel driven round by round with
//! scripted answers, recording every question the engine asks.
#![allow(dead_code)]

use spellcast::engine::{
    self, Being, Choice, Gesture, Hand, Mark, Outcome, PlayerSpec, Question, QuestionKind,
    RoundKind, Seen, Spell, Step, Viewer,
};
pub use spellcast::engine::{BeingId, PlayerId};

/// Index of a being in these tests: wizards 0.. (A, B, C), then monsters.
pub type Id = usize;

/// A scripted answer: for `player`'s questions of `kind` (and `spell` if
/// given, for target/release questions; `about` for monster/paralyse/charm
/// questions), pick `choice` when it is one of the options (otherwise the
/// next rule, then the default applies). Rules stay in force until removed.
#[derive(Debug, Clone)]
pub struct Rule {
    pub player: usize,
    pub kind: &'static str,
    pub spell: Option<Spell>,
    pub about: Option<Id>,
    pub choice: Choice,
}

/// Answers from rules, falling back to the engine's default; records batches.
#[derive(Debug, Default)]
pub struct Scripted {
    pub rules: Vec<Rule>,
    pub batches: Vec<Vec<Question>>,
}

fn question_spell(q: &Question) -> Option<Spell> {
    match q.kind {
        QuestionKind::Target { spell, .. } | QuestionKind::Release { spell } => Some(spell),
        _ => None,
    }
}

fn question_about(q: &Question) -> Option<Id> {
    match q.kind {
        QuestionKind::Monster { monster, .. } => Some(monster.index()),
        QuestionKind::ParalyzeHand { victim, .. }
        | QuestionKind::CharmHand { victim }
        | QuestionKind::CharmGesture { victim, .. } => Some(victim.index()),
        _ => None,
    }
}

impl Scripted {
    /// Answers one player's share of a batch.
    fn answer(&self, batch: &[Question]) -> Vec<usize> {
        batch
            .iter()
            .map(|q| {
                let rule = self.rules.iter().find(|r| {
                    r.player == q.player.index()
                        && r.kind == q.kind.script_kind()
                        && r.spell
                            .is_none_or(|s| question_spell(q).map(Spell::name) == Some(s.name()))
                        && r.about.is_none_or(|a| question_about(q) == Some(a))
                        && q.options.contains(&r.choice)
                });
                match rule {
                    Some(r) => q
                        .options
                        .iter()
                        .position(|&c| c == r.choice)
                        .expect("checked above"),
                    None => q.fallback(),
                }
            })
            .collect()
    }
}

/// A duel under test.
pub struct Duel {
    pub game: engine::Duel,
    pub answers: Scripted,
    /// Every question asked in each round played (batches flattened).
    pub asked: Vec<Vec<Question>>,
    /// The batches of the last round.
    pub last_batches: Vec<Vec<Question>>,
    /// Whether each of those batches was asked before the reveal.
    pub last_reveals: Vec<bool>,
    /// Round kinds of the rounds played.
    pub kinds: Vec<RoundKind>,
}

pub const A: usize = 0;
pub const B: usize = 1;
pub const C: usize = 2;

pub fn g(c: char) -> Gesture {
    Gesture::from_script_letter(c).unwrap_or_else(|| panic!("bad gesture letter {c:?}"))
}

impl Duel {
    /// Players by `name[:g]`, seed 0.
    pub fn new(players: &[&str]) -> Duel {
        Duel::seeded(players, 0)
    }

    pub fn seeded(players: &[&str], seed: u64) -> Duel {
        let specs: Vec<PlayerSpec> = players.iter().map(|p| PlayerSpec::parse(p)).collect();
        Duel {
            game: engine::Duel::new(&specs, seed).expect("a valid player list"),
            answers: Scripted::default(),
            asked: Vec::new(),
            last_batches: Vec::new(),
            last_reveals: Vec::new(),
            kinds: Vec::new(),
        }
    }

    /// Two wizards, Arnold (0) and Barbara (1).
    pub fn two() -> Duel {
        Duel::new(&["Arnold", "Barbara:f"])
    }

    /// Three wizards: Arnold, Barbara, Carol.
    pub fn three() -> Duel {
        Duel::new(&["Arnold", "Barbara:f", "Carol:f"])
    }

    /// Adds a persistent answer rule.
    pub fn rule(&mut self, player: usize, kind: &'static str, choice: Choice) -> &mut Duel {
        self.answers.rules.push(Rule {
            player,
            kind,
            spell: None,
            about: None,
            choice,
        });
        self
    }

    /// Adds a persistent target rule for one spell.
    pub fn aim(&mut self, player: usize, spell: Spell, choice: Choice) -> &mut Duel {
        self.answers.rules.push(Rule {
            player,
            kind: "target",
            spell: Some(spell),
            about: None,
            choice,
        });
        self
    }

    /// Adds a persistent rule for questions about one being (monster, paralyse, charm).
    pub fn about(
        &mut self,
        player: usize,
        kind: &'static str,
        about: Id,
        choice: Choice,
    ) -> &mut Duel {
        self.answers.rules.push(Rule {
            player,
            kind,
            spell: None,
            about: Some(about),
            choice,
        });
        self
    }

    pub fn clear_rules(&mut self) {
        self.answers.rules.clear();
    }

    /// Plays one round; each move is two letters (left, right) of `PDFWSCk-`,
    /// one per player (inactive players' moves are ignored by the engine).
    pub fn round(&mut self, moves: &[&str]) -> &mut Duel {
        let mut mv = vec![None; self.game.players()];
        for (p, m) in moves.iter().enumerate() {
            let c: Vec<char> = m.chars().collect();
            assert_eq!(c.len(), 2, "move {m:?}");
            if self.game.is_active(PlayerId::new(p)) {
                mv[p] = Some((g(c[0]), g(c[1])));
            }
        }
        for (p, m) in mv.iter_mut().enumerate() {
            if m.is_none() && self.game.is_active(PlayerId::new(p)) {
                *m = Some((Gesture::Nothing, Gesture::Nothing));
            }
        }
        self.kinds.push(self.game.round_kind());
        self.answers.batches.clear();
        self.last_reveals.clear();
        let mut step = self.game.start_round(&mv).expect("legal moves");
        while step == Step::Questions {
            // One batch: every waiting player's share, recorded together.
            let waiting: Vec<PlayerId> = self.game.waiting_on().collect();
            self.last_reveals.push(self.game.before_reveal());
            let mut batch = Vec::new();
            for p in waiting {
                let share = self.game.open_questions(p).to_vec();
                let answers = self.answers.answer(&share);
                batch.extend(share);
                step = self.game.answer(p, &answers).expect("legal answers");
            }
            self.answers.batches.push(batch);
        }
        self.last_batches = std::mem::take(&mut self.answers.batches);
        self.asked
            .push(self.last_batches.iter().flatten().cloned().collect());
        self
    }

    /// Plays several rounds from per-player strings written as `"LLLL/RRRR"`
    /// (left-hand letters, slash, right-hand letters), all the same length.
    pub fn seq(&mut self, per_player: &[&str]) -> &mut Duel {
        let hands: Vec<(Vec<char>, Vec<char>)> = per_player
            .iter()
            .map(|s| {
                let (l, r) = s.split_once('/').expect("LLL/RRR");
                let (l, r): (Vec<char>, Vec<char>) = (l.chars().collect(), r.chars().collect());
                assert_eq!(l.len(), r.len(), "hands of {s:?} differ in length");
                (l, r)
            })
            .collect();
        let n = hands[0].0.len();
        assert!(
            hands.iter().all(|h| h.0.len() == n),
            "players differ in length"
        );
        for i in 0..n {
            let moves: Vec<String> = hands
                .iter()
                .map(|(l, r)| format!("{}{}", l[i], r[i]))
                .collect();
            let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
            self.round(&refs);
        }
        self
    }

    /// Plays `n` rounds in which nobody does anything.
    pub fn idle(&mut self, n: usize) -> &mut Duel {
        let moves = vec!["--"; self.game.players()];
        for _ in 0..n {
            self.round(&moves);
        }
        self
    }

    pub fn being(&self, id: Id) -> &Being {
        self.game.being(BeingId::new(id))
    }

    pub fn hp(&self, id: Id) -> i32 {
        self.being(id).hp
    }

    pub fn alive(&self, id: Id) -> bool {
        self.being(id).alive()
    }

    pub fn flags(&self, id: Id) -> String {
        self.being(id).flags()
    }

    /// The wizard commanding a monster, as a test index.
    pub fn owner(&self, id: Id) -> Option<Id> {
        self.being(id).controller().map(PlayerId::index)
    }

    /// Whether wizard `p` moves in the next round.
    pub fn active(&self, p: Id) -> bool {
        self.game.is_active(PlayerId::new(p))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Monsters (being ids) in creation order.
    pub fn monsters(&self) -> Vec<Id> {
        (self.game.players()..self.game.beings().len()).collect()
    }

    /// The questions asked in the last round.
    pub fn last_questions(&self) -> &[Question] {
        self.asked.last().map(Vec::as_slice).unwrap_or(&[])
    }

    /// The questions of the last round of one script kind.
    /// Whether each batch of the last round holding a question of this
    /// script kind was asked before the reveal.
    pub fn reveal_of(&self, kind: &str) -> Vec<bool> {
        self.last_batches
            .iter()
            .zip(&self.last_reveals)
            .filter(|(b, _)| b.iter().any(|q| q.kind.script_kind() == kind))
            .map(|(_, &before)| before)
            .collect()
    }

    pub fn last_of(&self, kind: &str) -> Vec<Question> {
        self.last_questions()
            .iter()
            .filter(|q| q.kind.script_kind() == kind)
            .cloned()
            .collect()
    }

    /// All questions ever asked of one script kind.
    pub fn all_of(&self, kind: &str) -> Vec<Question> {
        self.asked
            .iter()
            .flatten()
            .filter(|q| q.kind.script_kind() == kind)
            .cloned()
            .collect()
    }

    /// Target questions asked in the last round for one spell.
    pub fn last_targets(&self, spell: Spell) -> Vec<Question> {
        self.last_questions()
            .iter()
            .filter(|q| matches!(q.kind, QuestionKind::Target { spell: s, .. } if s.name() == spell.name()))
            .cloned()
            .collect()
    }

    /// What `viewer` sees of `owner`'s newest row.
    pub fn newest_seen(&self, owner: usize, viewer: usize) -> [Seen; 2] {
        *self
            .game
            .seen_history(PlayerId::new(owner), Viewer::Player(PlayerId::new(viewer)))
            .last()
            .expect("a row")
    }

    /// The owner's own (unfogged) history as gestures; anti-spell marks as `None`.
    pub fn history(&self, owner: usize) -> Vec<[Option<Gesture>; 2]> {
        self.game
            .seen_history(PlayerId::new(owner), Viewer::Player(PlayerId::new(owner)))
            .iter()
            .map(|row| {
                row.map(|s| match s {
                    Seen::Mark(Mark::Made(g)) => Some(g),
                    _ => None,
                })
            })
            .collect()
    }

    /// The owner's newest row as seen by himself.
    pub fn newest(&self, owner: usize) -> [Option<Gesture>; 2] {
        *self.history(owner).last().expect("a row")
    }

    /// All narration text of the duel as `viewer` reads it.
    pub fn text(&self, viewer: Viewer) -> String {
        self.game.narration_since(viewer, 0).0.join("\n")
    }

    /// What wizard `viewer` reads.
    pub fn read(&self, viewer: Id) -> String {
        self.text(Viewer::Player(PlayerId::new(viewer)))
    }
}

pub fn seen(g: Gesture) -> Seen {
    Seen::Mark(Mark::Made(g))
}

pub fn being(id: Id) -> Choice {
    Choice::Being(BeingId::new(id))
}

pub fn pid(p: Id) -> PlayerId {
    PlayerId::new(p)
}

pub fn bid(b: Id) -> BeingId {
    BeingId::new(b)
}

pub fn hand(h: Hand) -> Choice {
    Choice::Hand(h)
}

pub fn spell_choice(spell: Spell, both: bool) -> Choice {
    Choice::Spell { spell, both }
}

/// Options of a question as spells (for choice questions).
pub fn option_spells(q: &Question) -> Vec<Spell> {
    q.options
        .iter()
        .filter_map(|c| match c {
            Choice::Spell { spell, .. } => Some(*spell),
            _ => None,
        })
        .collect()
}
