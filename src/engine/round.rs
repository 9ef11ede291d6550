//! One round as a resumable sequence of stages, in the original's
//! order: each stage prepares a batch of questions; while some are
//! unanswered the round waits, and the answers resume it at the stage's
//! continuation. The scratch of the resolution lives here, apart from the
//! duel's lasting state.

use super::batch::{Batch, BatchBuffers};
use super::being::Life;
use super::being::Zaps;
use super::cast::Cast;
use super::cast_list::Candidate;
use super::duel::{Duel, Outcome, RoundKind};
use super::gesture::{Gesture, Hand};
use super::ids::BeingId;
use super::narrate::CourseEvent;
use super::question::Question;
use super::resolve::Attack;
use super::setup::MAX_PLAYERS;
use super::spellbook::Spell;
use std::cell::Cell;
use std::mem::take;

/// What a caller does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Some players have open questions: see [`Duel::waiting_on`] and
    /// [`Duel::open_questions`].
    Questions,
    /// Nothing waits for answers: the round is resolved (or, for answers given
    /// during the moves, the next round can start). Next: [`Duel::start_round`]
    /// for [`Duel::round_kind`] and [`Duel::is_active`].
    RoundDone,
    /// The duel is over.
    Over(Outcome),
}

/// Where the round stands: the stage whose batch is open (or was opened last);
/// when that batch is complete, the stage's continuation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Stage {
    /// Between rounds, waiting for the moves (a Charm Person gesture may be asked).
    #[default]
    Moves,
    /// Moves given; the charmers' gestures are awaited.
    Charm,
    /// Which clap spell each two-handed clap announces (Death Match).
    Announce,
    /// Which spell a crowded hand casts, and whether to release a banked spell.
    SpellChoice,
    /// Which spell Delayed Effect banks.
    Delay,
    /// Which spell Permanency extends.
    Permanent,
    /// Whom each cast is aimed at.
    Targets,
    /// Fire or ice, per Summon Elemental.
    Elemental,
    /// Which hand Paralysis or Charm Person seizes.
    ControlHands,
    /// Gesticulation: each Paralysis's hand and the monsters' orders, asked
    /// once the targets are set, still before the reveal.
    Orders,
    /// Whom the monsters attack.
    Monsters,
}

impl Stage {
    /// Whether the round's rows are in the histories at this stage: they
    /// are recorded when the charm batch closes. (Whether they are shown
    /// yet is the book's reveal: [`super::RuleSet::before_reveal`].)
    pub fn rows_recorded(self) -> bool {
        !matches!(self, Stage::Moves | Stage::Charm)
    }
}

/// The spells acting on the whole arena in one resolution: Dispel Magic and
/// the storms.
#[derive(Debug, Clone, Default)]
pub(crate) struct ArenaWideSpells {
    /// A Dispel Magic took effect: every other spell is dispelled.
    pub dispel: bool,
    /// Fire Storms cast this round (several act as one).
    pub fire_storms: u32,
    /// Ice Storms cast this round.
    pub ice_storms: u32,
}

impl ArenaWideSpells {
    /// Whether a Fire Storm and whether an Ice Storm strike this round.
    pub fn storms(&self) -> (bool, bool) {
        (self.fire_storms > 0, self.ice_storms > 0)
    }
}

/// One round's working state, from the moves to the end of resolution.
/// Buffers are kept from round to round to spare allocations.
#[derive(Debug, Default)]
pub(crate) struct Round {
    pub stage: Stage,
    pub kind: RoundKind,
    /// Who moves in this round.
    pub active: [bool; MAX_PLAYERS],
    pub moves: [(Gesture, Gesture); MAX_PLAYERS],
    pub batch: Batch,
    /// Per wizard and hand, the first of the hand's candidates: what it
    /// casts unless a spell-choice question says otherwise (the whole
    /// lists are only the questions' menus).
    pub first_candidates: [[Option<Candidate>; 2]; MAX_PLAYERS],
    /// The cast list.
    pub casts: Vec<Cast>,
    /// Wizards whose Delayed Effect or Permanency picks a cast, and the
    /// indices into `casts` each may pick.
    pub picking: Vec<(BeingId, Vec<usize>)>,
    pub arena: ArenaWideSpells,
    /// What landed on each being this round.
    pub zaps: Vec<Zaps>,
    /// The hand each Paralysis and Charm Person seizes: (victim, spell, hand).
    pub hands: Vec<(BeingId, Spell, Hand)>,
    /// Each monster attack of the round, in order.
    pub plan: Vec<(BeingId, Attack)>,
    /// How many events had been told when the round's rows were recorded:
    /// what is told after that, until the book's reveal, tells of the rows
    /// and is held back ([`Duel::narration_since`]).
    pub told_at_rows: usize,
}

/// The resolution's buffers of a dropped round, emptied, for the next fresh
/// copy of a duel on this thread: a search that copies a position, plays
/// one round and drops the copy, millions of times, then allocates none of
/// them again.
#[derive(Debug, Default)]
struct Buffers {
    casts: Vec<Cast>,
    picking: Vec<(BeingId, Vec<usize>)>,
    zaps: Vec<Zaps>,
    hands: Vec<(BeingId, Spell, Hand)>,
    plan: Vec<(BeingId, Attack)>,
    batch: BatchBuffers,
}

thread_local! {
    /// One dropped round's buffers (one is enough: a search drops a copy
    /// before it makes the next).
    static SPARE: Cell<Option<Buffers>> = const { Cell::new(None) };
}

impl Drop for Round {
    fn drop(&mut self) {
        if self.casts.capacity() == 0 && self.zaps.capacity() == 0 {
            return;
        }
        let mut buffers = Buffers {
            casts: take(&mut self.casts),
            picking: take(&mut self.picking),
            zaps: take(&mut self.zaps),
            hands: take(&mut self.hands),
            plan: take(&mut self.plan),
            batch: self.batch.surrender_buffers(),
        };
        buffers.casts.clear();
        buffers.picking.clear();
        buffers.zaps.clear();
        buffers.hands.clear();
        buffers.plan.clear();
        // At thread exit the slot may be gone: the buffers are then freed.
        let _ = SPARE.try_with(|slot| slot.set(Some(buffers)));
    }
}

impl Round {
    /// A round between rounds, with a dropped round's buffers if there are any.
    pub(crate) fn between(&self) -> Round {
        let buffers = SPARE
            .try_with(|slot| slot.take())
            .ok()
            .flatten()
            .unwrap_or_default();
        let mut batch = self.batch.clone();
        batch.adopt_buffers(buffers.batch);
        Round {
            stage: self.stage,
            kind: self.kind,
            active: self.active,
            moves: self.moves,
            batch,
            first_candidates: Default::default(),
            casts: buffers.casts,
            picking: buffers.picking,
            arena: ArenaWideSpells::default(),
            zaps: buffers.zaps,
            hands: buffers.hands,
            plan: buffers.plan,
            told_at_rows: self.told_at_rows,
        }
    }
}

impl Clone for Round {
    /// Between rounds only the stage, the moves and the open batch matter:
    /// the resolution scratch is left behind, so that a search's copies
    /// are cheap.
    fn clone(&self) -> Round {
        if self.stage == Stage::Moves {
            return self.between();
        }
        Round {
            stage: self.stage,
            kind: self.kind,
            active: self.active,
            moves: self.moves,
            batch: self.batch.clone(),
            first_candidates: self.first_candidates,
            casts: self.casts.clone(),
            picking: self.picking.clone(),
            arena: self.arena.clone(),
            zaps: self.zaps.clone(),
            hands: self.hands.clone(),
            plan: self.plan.clone(),
            told_at_rows: self.told_at_rows,
        }
    }

    /// The same copy into an existing round, keeping its buffers: a search
    /// that copies into one duel again and again allocates nothing.
    fn clone_from(&mut self, source: &Round) {
        let Round {
            stage,
            kind,
            active,
            moves,
            batch,
            first_candidates,
            casts,
            picking,
            arena,
            zaps,
            hands,
            plan,
            told_at_rows,
        } = source;
        self.told_at_rows = *told_at_rows;
        self.stage = *stage;
        self.kind = *kind;
        self.active = *active;
        self.moves = *moves;
        self.batch.clone_from(batch);
        if *stage == Stage::Moves {
            self.first_candidates = Default::default();
            self.arena = ArenaWideSpells::default();
            self.casts.clear();
            self.picking.clear();
            self.zaps.clear();
            self.hands.clear();
            self.plan.clear();
        } else {
            self.first_candidates = *first_candidates;
            self.arena.clone_from(arena);
            self.casts.clone_from(casts);
            self.picking.clone_from(picking);
            self.zaps.clone_from(zaps);
            self.hands.clone_from(hands);
            self.plan.clone_from(plan);
        }
    }
}

impl Duel {
    /// Opens a stage's batch (nothing happens when it is empty). Questions to
    /// players who have gone take their pre-filled answers at once. Most
    /// stages ask nothing and never allocated their list: that case returns
    /// at once, inline.
    #[inline]
    pub(crate) fn ask(&mut self, batch: Vec<Question>) {
        if batch.capacity() == 0 {
            return;
        }
        self.open_batch(batch);
    }

    /// [`Duel::ask`] of an allocated list.
    fn open_batch(&mut self, batch: Vec<Question>) {
        if batch.is_empty() {
            if batch.capacity() > 0 {
                self.round.batch.recycle(batch, Vec::new());
            }
            return;
        }
        self.round.batch.open(batch);
        for p in 0..self.players {
            if self.leaving[p] {
                self.round.batch.default_for(super::PlayerId::new(p));
            }
        }
    }

    /// Runs the round from its current stage until it waits for answers or ends.
    pub(crate) fn advance(&mut self) -> Step {
        loop {
            if !self.round.batch.complete() {
                return Step::Questions;
            }
            if self.round.stage == Stage::Moves {
                // Charm gestures answered before the moves stay in the batch
                // until `start_round` resumes the round with them.
                return Step::RoundDone;
            }
            let (questions, answers) = self.round.batch.take();
            let next = self.resume(&questions, &answers);
            self.round.batch.recycle(questions, answers);
            match next {
                Ok(stage) => self.round.stage = stage,
                Err(step) => return step,
            }
        }
    }

    /// Runs one stage's continuation with its batch's answers; returns the
    /// stage whose batch is open next, or the step that ends the run.
    /// Inlined into [`Duel::advance`], its one caller: called apart, its
    /// large frame was saved and restored for every stage of every round.
    #[inline(always)]
    fn resume(&mut self, questions: &[Question], answers: &[usize]) -> Result<Stage, Step> {
        Ok(match self.round.stage {
            Stage::Moves => return Err(Step::RoundDone),
            Stage::Charm => {
                self.record_gestures(questions, answers);
                self.round.told_at_rows = self.events.len();
                let rules = self.rules;
                if let Some(stage) = &rules.quirks.announcing {
                    (stage.ask)(self);
                    Stage::Announce
                } else {
                    self.ask_spell_choices();
                    Stage::SpellChoice
                }
            }
            Stage::Announce => {
                let rules = self.rules;
                if let Some(stage) = &rules.quirks.announcing {
                    (stage.record)(self, questions, answers);
                }
                self.ask_spell_choices();
                Stage::SpellChoice
            }
            Stage::SpellChoice => {
                self.apply_spell_choices(questions, answers);
                (self.rules.windows.ask_delay)(self);
                Stage::Delay
            }
            Stage::Delay => {
                self.apply_delay(questions, answers);
                (self.rules.windows.ask_permanent)(self);
                Stage::Permanent
            }
            Stage::Permanent => {
                self.apply_permanent(questions, answers);
                self.ask_targets();
                Stage::Targets
            }
            Stage::Targets => {
                self.apply_targets(questions, answers);
                if self.round.kind == RoundKind::Haste {
                    return Err(self.end_haste_round());
                }
                return (self.rules.resolve)(self, Stage::Targets, &[], &[]);
            }
            // The rest of the round is the rule set's resolution.
            stage => return (self.rules.resolve)(self, stage, questions, answers),
        })
    }

    /// A haste round resolves nothing: its spells wait for the next round.
    fn end_haste_round(&mut self) -> Step {
        std::mem::swap(&mut self.haste_casts, &mut self.round.casts);
        self.round_kind = RoundKind::Normal;
        self.active = self.wizards_alive();
        self.between_rounds()
    }

    /// After resolution: time passes, the duel may end, and the
    /// kind of the next round is decided.
    pub(crate) fn end_round(&mut self) -> Step {
        let active = self.round.active;
        self.pass_time(&active);
        if let Some(outcome) = self.check_end() {
            self.round.stage = Stage::Moves;
            return Step::Over(outcome);
        }
        for b in &mut self.beings[..self.players] {
            if b.alive() && b.surrendered {
                b.life = Life::Gone;
            }
        }
        if self.round.kind == RoundKind::Normal {
            self.turn += 1;
        }
        self.decide_next_round();
        self.between_rounds()
    }

    /// Waits for the next moves; the charmers' gesture questions open now.
    fn between_rounds(&mut self) -> Step {
        self.round.stage = Stage::Moves;
        self.ask_charm_gestures();
        Step::RoundDone
    }

    pub(crate) fn wizards_alive(&self) -> [bool; MAX_PLAYERS] {
        self.wizards_where(|b| b.alive())
    }

    /// Records the round's header for the transcript.
    pub(crate) fn announce_round(&mut self) {
        let lines = self.header_lines();
        self.say_event(CourseEvent::TurnHeader {
            // People count from 1: the first turn is headed "Turn 1", as
            // the seat protocol numbers it (the original wrote "Turn 0").
            turn: self.turn + 1,
            kind: self.round.kind,
            lines,
        });
    }

    /// The transcript header's line for each living wizard and monster.
    fn header_lines(&self) -> Vec<(BeingId, i32, Option<[super::gesture::Mark; 2]>)> {
        let mut lines = Vec::new();
        if !self.narrating {
            return lines;
        }
        for (id, b) in self.beings.iter().enumerate() {
            if !b.alive() {
                continue;
            }
            let marks = if id < self.players && self.round.active[id] {
                b.history.last().map(|r| r.marks)
            } else {
                None
            };
            lines.push((id.into(), b.hp, marks));
        }
        lines
    }
}
