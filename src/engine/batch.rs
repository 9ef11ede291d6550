//! The batch of questions a round is waiting on: asked in the original's
//! order, shown to each player as his own slice, answered player by player.

use super::ids::PlayerId;
use super::question::{Choice, Question};
use super::setup::MAX_PLAYERS;

/// One open batch. Questions are kept grouped by player (in asking order
/// within a player) so that each player's share is one slice; `origin`
/// remembers the asking order the round's resolution needs back.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    questions: Vec<Question>,
    origin: Vec<u16>,
    chosen: Vec<usize>,
    /// Per player: has questions in this batch and has not answered them yet.
    waiting: [bool; MAX_PLAYERS],
    /// Buffers of a closed batch, kept for the next one: most rounds ask
    /// something, and this runs millions of times in self-play.
    spare_questions: Vec<Question>,
    spare_answers: Vec<usize>,
    /// Option lists of closed batches' questions, emptied, for the next
    /// questions' menus.
    spare_options: Vec<Vec<Choice>>,
}

/// The most option lists a batch keeps for later questions: more than a
/// round asks in one batch but in crowded free-for-alls.
const KEPT_OPTION_LISTS: usize = 32;

impl Clone for Batch {
    /// The open batch only: the spare buffers stay behind. Between rounds
    /// most batches are empty, and their copy is made without a call.
    fn clone(&self) -> Batch {
        if self.questions.is_empty() && self.origin.is_empty() && self.chosen.is_empty() {
            return Batch {
                waiting: self.waiting,
                ..Batch::default()
            };
        }
        Batch {
            questions: self.questions.clone(),
            origin: self.origin.clone(),
            chosen: self.chosen.clone(),
            waiting: self.waiting,
            spare_questions: Vec::new(),
            spare_answers: Vec::new(),
            spare_options: Vec::new(),
        }
    }

    /// The open batch into an existing one, whose spare buffers stay.
    fn clone_from(&mut self, source: &Batch) {
        let Batch {
            questions,
            origin,
            chosen,
            waiting,
            spare_questions: _,
            spare_answers: _,
            spare_options: _,
        } = source;
        self.questions.clone_from(questions);
        self.origin.clone_from(origin);
        self.chosen.clone_from(chosen);
        self.waiting = *waiting;
    }
}

/// A batch's buffers, without meaning: what a dropped round leaves behind
/// for the next fresh copy (see `Round`'s `Drop`).
#[derive(Debug, Default)]
pub(crate) struct BatchBuffers {
    questions: Vec<Question>,
    answers: Vec<usize>,
    origin: Vec<u16>,
    options: Vec<Vec<Choice>>,
}

impl Batch {
    /// Gives up the spare buffers (the batch is being dropped).
    pub fn surrender_buffers(&mut self) -> BatchBuffers {
        BatchBuffers {
            questions: std::mem::take(&mut self.spare_questions),
            answers: std::mem::take(&mut self.spare_answers),
            origin: std::mem::take(&mut self.origin),
            options: std::mem::take(&mut self.spare_options),
        }
    }

    /// Takes a dropped batch's buffers as spares where this one has none.
    pub fn adopt_buffers(&mut self, buffers: BatchBuffers) {
        if self.spare_questions.capacity() == 0 {
            self.spare_questions = buffers.questions;
        }
        if self.spare_answers.capacity() == 0 {
            self.spare_answers = buffers.answers;
        }
        if self.spare_options.is_empty() {
            self.spare_options = buffers.options;
        }
        if self.origin.capacity() == 0 {
            self.origin = buffers.origin;
            self.origin.clear();
        }
    }

    /// Opens `asked` (in asking order). Any earlier batch must have been taken.
    pub fn open(&mut self, mut asked: Vec<Question>) {
        self.waiting = [false; MAX_PLAYERS];
        self.origin.clear();
        self.origin.extend((0..asked.len()).map(|i| i as u16));
        // Grouped by player, stably, in place: a batch is a few questions.
        for i in 1..asked.len() {
            let mut j = i;
            while j > 0 && asked[j - 1].player > asked[j].player {
                asked.swap(j - 1, j);
                self.origin.swap(j - 1, j);
                j -= 1;
            }
        }
        if self.chosen.capacity() == 0 {
            self.chosen = std::mem::take(&mut self.spare_answers);
        }
        self.chosen.clear();
        self.chosen.extend(asked.iter().map(Question::fallback));
        for q in &asked {
            if let Some(w) = self.waiting.get_mut(q.player.index()) {
                *w = true;
            }
        }
        self.questions = asked;
    }

    /// Whether nobody is waited for (also true when nothing was asked).
    pub fn complete(&self) -> bool {
        !self.waiting.contains(&true)
    }

    /// Whether `p` still has to answer.
    pub fn waits_for(&self, p: PlayerId) -> bool {
        self.waiting.get(p.index()).copied().unwrap_or(false)
    }

    /// The players still to answer, in player order.
    pub fn waiting(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.waiting
            .iter()
            .enumerate()
            .filter(|(_, w)| **w)
            .map(|(p, _)| PlayerId::new(p))
    }

    /// Where `p`'s questions lie in the grouped list.
    fn range(&self, p: PlayerId) -> std::ops::Range<usize> {
        let start = self.questions.partition_point(|q| q.player < p);
        let end = self.questions.partition_point(|q| q.player <= p);
        start..end
    }

    /// `p`'s open questions, empty once answered.
    pub fn questions_of(&self, p: PlayerId) -> &[Question] {
        if self.waits_for(p) {
            &self.questions[self.range(p)]
        } else {
            &[]
        }
    }

    /// Records `p`'s answers; the caller has checked them.
    pub fn record(&mut self, p: PlayerId, answers: &[usize]) {
        let range = self.range(p);
        self.chosen[range].copy_from_slice(answers);
        self.waiting[p.index()] = false;
    }

    /// `p`'s questions take their pre-filled answers (the player has gone).
    pub fn default_for(&mut self, p: PlayerId) {
        if let Some(w) = self.waiting.get_mut(p.index()) {
            *w = false;
        }
    }

    /// Every player but `keep` (and those who have gone) has his questions
    /// open again, with their pre-filled answers: what a search copy does
    /// with answers its seat was not told.
    pub fn forget_answers_but(&mut self, keep: PlayerId, gone: &[bool; MAX_PLAYERS]) {
        for (i, q) in self.questions.iter().enumerate() {
            let p = q.player.index();
            if q.player != keep && !gone.get(p).copied().unwrap_or(false) {
                self.waiting[p] = true;
                self.chosen[i] = q.fallback();
            }
        }
    }

    /// An empty option list for a question being asked: a closed batch's.
    pub fn options(&mut self) -> Vec<Choice> {
        self.spare_options.pop().unwrap_or_default()
    }

    /// Adds `question` to a stage's `list` of questions, the list being a
    /// closed batch's if it is the stage's first question.
    pub fn enlist(&mut self, list: &mut Vec<Question>, question: Question) {
        if list.capacity() == 0 {
            *list = std::mem::take(&mut self.spare_questions);
        }
        list.push(question);
    }

    /// Keeps a closed batch's buffers for later batches. Most stages of a
    /// round ask nothing: their lists were never allocated, and return at
    /// once, inline, without the dropping of questions below.
    #[inline(always)]
    pub fn recycle(&mut self, questions: Vec<Question>, answers: Vec<usize>) {
        if questions.capacity() == 0 && answers.capacity() == 0 {
            return;
        }
        self.keep(questions, answers);
    }

    /// [`Batch::recycle`] of lists that hold something.
    fn keep(&mut self, mut questions: Vec<Question>, answers: Vec<usize>) {
        for q in questions.drain(..) {
            if q.options.capacity() > 0 && self.spare_options.len() < KEPT_OPTION_LISTS {
                let mut options = q.options;
                options.clear();
                self.spare_options.push(options);
            }
        }
        if questions.capacity() > self.spare_questions.capacity() {
            self.spare_questions = questions;
        }
        if answers.capacity() > self.spare_answers.capacity() {
            self.spare_answers = answers;
        }
    }

    /// Closes the batch: its questions and answers in asking order. A
    /// stage that asked nothing opened no batch, and gets two empty lists
    /// at once, inline (the closing of an open one below has nothing to do).
    #[inline(always)]
    pub fn take(&mut self) -> (Vec<Question>, Vec<usize>) {
        if self.questions.capacity() == 0 && self.chosen.capacity() == 0 {
            return (Vec::new(), Vec::new());
        }
        self.close()
    }

    /// [`Batch::take`] of an opened batch.
    fn close(&mut self) -> (Vec<Question>, Vec<usize>) {
        self.waiting = [false; MAX_PLAYERS];
        let mut questions = std::mem::take(&mut self.questions);
        let mut chosen = std::mem::take(&mut self.chosen);
        // Back in asking order, in place (the grouping undone).
        let origin = &mut self.origin;
        for i in 1..origin.len() {
            let mut j = i;
            while j > 0 && origin[j - 1] > origin[j] {
                origin.swap(j - 1, j);
                questions.swap(j - 1, j);
                chosen.swap(j - 1, j);
                j -= 1;
            }
        }
        origin.clear();
        (questions, chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::question::{Choice, QuestionKind};

    fn q(player: usize, default: Option<usize>) -> Question {
        Question {
            player: PlayerId::new(player),
            kind: QuestionKind::Elemental,
            options: vec![Choice::Fire(true), Choice::Fire(false)],
            default,
        }
    }

    #[test]
    fn each_player_sees_his_share_and_answers_come_back_in_asking_order() {
        let mut b = Batch::default();
        b.open(vec![q(1, None), q(0, None), q(1, Some(1))]);
        let (p0, p1) = (PlayerId::new(0), PlayerId::new(1));
        assert_eq!(b.questions_of(p1).len(), 2);
        assert_eq!(b.questions_of(p0).len(), 1);
        assert_eq!(b.waiting().collect::<Vec<_>>(), vec![p0, p1]);
        b.record(p1, &[1, 0]);
        assert!(b.questions_of(p1).is_empty());
        assert!(!b.complete());
        b.default_for(p0);
        assert!(b.complete());
        let (qs, answers) = b.take();
        let players: Vec<usize> = qs.iter().map(|q| q.player.index()).collect();
        assert_eq!(players, vec![1, 0, 1]);
        assert_eq!(answers, vec![1, 0, 0]);
    }
}
