//! The duel's state and the queries every front end reads.

use super::being::{Being, BeingKind, Gender};
use super::gesture::Seen;
use super::narrate::{Event, Viewer};
use super::turn::Cast;
use super::BeingId;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The most wizards one duel can hold.
pub const MAX_PLAYERS: usize = 8;

/// A wizard as the front end names it before the duel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// Unique, non-empty, not `nobody`.
    pub name: String,
    /// Pronouns in narration.
    pub gender: Gender,
}

impl PlayerSpec {
    /// Parses the `name[:g]` form of the `spellcast*name` resource and of scripts:
    /// the name is cut at the first colon and trailing blanks are dropped.
    pub fn parse(s: &str) -> PlayerSpec {
        let (name, gender) = match s.split_once(':') {
            Some((n, g)) => (n, Gender::from_suffix(g)),
            None => (s, Gender::Male),
        };
        PlayerSpec {
            name: name.trim_end_matches([' ', '\t']).to_string(),
            gender,
        }
    }
}

/// What kind of round is next; only some wizards move in haste and time-stop rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundKind {
    /// Every living wizard moves.
    Normal,
    /// Hasted wizards make an extra move, resolved with the next normal round.
    Haste,
    /// Time-stopped wizards move alone, resolved at once.
    TimeStop,
}

impl RoundKind {
    /// `normal`, `haste`, `timestop` as the script report writes it.
    pub fn script_name(self) -> &'static str {
        match self {
            RoundKind::Normal => "normal",
            RoundKind::Haste => "haste",
            RoundKind::TimeStop => "timestop",
        }
    }
}

/// How a duel ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This wizard won.
    Winner(BeingId),
    /// Nobody won.
    Draw,
}

/// A duel in progress. Build it with [`Game::new`], then call
/// [`Game::play_round`] once per round until [`Game::outcome`] is set.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) beings: Vec<Being>,
    pub(crate) players: usize,
    pub(crate) rng: StdRng,
    /// Number of the next normal turn (the transcript's `Turn N`).
    pub(crate) turn: u32,
    pub(crate) round_kind: RoundKind,
    /// Which wizards move in the current round.
    pub(crate) active: [bool; MAX_PLAYERS],
    /// Spells completed in a haste round, resolved with the next round.
    pub(crate) haste_casts: Vec<Cast>,
    pub(crate) events: Vec<Event>,
    pub(crate) outcome: Option<Outcome>,
    /// Whether narration events are recorded at all (bots and benchmarks may skip them).
    pub(crate) narrating: bool,
    pub(crate) rounds_played: u32,
    /// Round-wide state of the resolution in progress.
    pub(crate) arena: Arena,
    /// Wizards whose player has gone; they surrender at the end of the turn.
    pub(crate) leaving: Vec<bool>,
    /// Buffers reused from round to round.
    pub(crate) scratch: Scratch,
}

/// Working buffers of a round, kept to spare allocations.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    /// Spells completed by one wizard's newest row.
    pub found: Vec<(super::spellbook::Spell, super::recognise::Completed)>,
    /// Candidates per wizard and hand.
    pub lists: Vec<[Vec<(super::spellbook::Spell, bool)>; 2]>,
    /// The target questions of a round, with their menus.
    pub questions: Vec<super::question::Question>,
    /// The cast list.
    pub casts: Vec<Cast>,
}

/// What holds for the whole arena during one resolution.
#[derive(Debug, Clone, Default)]
pub(crate) struct Arena {
    /// A Dispel Magic took effect: every other spell is dispelled.
    pub dispel: bool,
    /// Fire Storms cast this round (several act as one).
    pub fire_storms: u32,
    /// Ice Storms cast this round.
    pub ice_storms: u32,
}

impl Game {
    /// Starts a duel between 2 to 8 wizards; `seed` fixes every random choice.
    /// The caller checks names (unique, not empty, not `nobody`); players
    /// beyond the eighth are left out, as the game has room for eight.
    pub fn new(players: &[PlayerSpec], seed: u64) -> Game {
        let players = &players[..players.len().min(MAX_PLAYERS)];
        let beings: Vec<Being> = players
            .iter()
            .map(|p| Being::new(p.name.clone(), p.gender, BeingKind::Wizard))
            .collect();
        let n = beings.len();
        let mut game = Game {
            beings,
            players: n,
            rng: StdRng::seed_from_u64(seed),
            turn: 0,
            round_kind: RoundKind::Normal,
            active: [false; MAX_PLAYERS],
            haste_casts: Vec::new(),
            events: Vec::new(),
            outcome: None,
            narrating: true,
            rounds_played: 0,
            arena: Arena::default(),
            leaving: vec![false; n],
            scratch: Scratch {
                found: Vec::new(),
                lists: vec![[Vec::new(), Vec::new()]; n],
                questions: Vec::new(),
                casts: Vec::new(),
            },
        };
        game.active = game.wizards_alive();
        for w in 0..n {
            game.say_event(Event::Enters { wizard: w });
        }
        game
    }

    /// Turns narration off or on; with it off the engine records no text (for fast self-play).
    pub fn set_narration(&mut self, on: bool) {
        self.narrating = on;
    }

    /// Number of wizards (players).
    pub fn players(&self) -> usize {
        self.players
    }

    /// Every being that ever existed: wizards first, then monsters in creation order.
    pub fn beings(&self) -> &[Being] {
        &self.beings
    }

    /// One being.
    pub fn being(&self, id: BeingId) -> &Being {
        &self.beings[id]
    }

    /// The kind of the next round.
    pub fn round_kind(&self) -> RoundKind {
        self.round_kind
    }

    /// Whether wizard `player` moves in the next round.
    pub fn is_active(&self, player: usize) -> bool {
        self.active.get(player).copied().unwrap_or(false)
    }

    /// The number of the next normal turn, starting at 0.
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// Set once the duel is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Everything that has happened so far; render each with [`Event::text`].
    pub fn messages(&self) -> &[Event] {
        &self.events
    }

    /// What `viewer` sees of `owner`'s gesture history, oldest first.
    /// Fog hides rows made invisibly, in a time stop, or while the viewer was blind.
    pub fn seen_history(&self, owner: usize, viewer: Viewer) -> Vec<[Seen; 2]> {
        let v = match viewer {
            Viewer::Player(p) => Some(p),
            Viewer::Observer => None,
        };
        self.beings[owner]
            .history
            .iter()
            .map(|r| r.seen_by(owner, v))
            .collect()
    }

    /// Records a line a player typed, for every window and the transcript.
    /// Speech of an unknown player is ignored.
    pub fn say(&mut self, player: usize, text: &str) {
        if player >= self.players {
            return;
        }
        self.events.push(Event::Speech {
            wizard: player,
            text: text.to_string(),
        });
    }

    /// The player of wizard `player` has gone (a display died or its window
    /// was closed): the wizard surrenders at the end of the current (or next)
    /// normal turn and the others play on. Front ends answer his questions
    /// with their pre-filled answers meanwhile.
    pub fn withdraw(&mut self, player: usize) {
        let Some(flag) = self.leaving.get_mut(player) else {
            return;
        };
        if *flag || self.outcome.is_some() || !self.beings[player].alive {
            return;
        }
        *flag = true;
        self.events.push(Event::Withdraws { wizard: player });
    }

    /// Whether the player of this wizard has gone.
    pub fn has_withdrawn(&self, player: usize) -> bool {
        self.leaving.get(player).copied().unwrap_or(false)
    }

    /// The transcript the first player may save: gestures, all text, all speech.
    pub fn transcript(&self) -> String {
        super::transcript::write(self)
    }

    /// A mask of the wizards for which `f` holds.
    pub(crate) fn wizards_where(&self, f: impl Fn(&Being) -> bool) -> [bool; MAX_PLAYERS] {
        let mut mask = [false; MAX_PLAYERS];
        for (w, b) in self.beings[..self.players].iter().enumerate() {
            mask[w] = f(b);
        }
        mask
    }

    pub(crate) fn say_event(&mut self, e: Event) {
        if self.narrating {
            self.events.push(e);
        }
    }

    pub(crate) fn is_frozen(&self, id: BeingId) -> bool {
        self.round_kind == RoundKind::TimeStop && self.beings[id].fx.time_stop == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DefaultAnswers, Gesture};

    fn duel(names: &[&str]) -> Game {
        let specs: Vec<PlayerSpec> = names.iter().map(|n| PlayerSpec::parse(n)).collect();
        Game::new(&specs, 1)
    }

    const NOTHING: (Gesture, Gesture) = (Gesture::Nothing, Gesture::Nothing);

    #[test]
    fn names_carry_genders_and_lose_trailing_blanks() {
        let p = PlayerSpec::parse(" Morgana \t:female");
        assert_eq!(p.name, " Morgana");
        assert_eq!(p.gender, Gender::Female);
        assert_eq!(PlayerSpec::parse("Zed").gender, Gender::Male);
        assert_eq!(PlayerSpec::parse("Zed:x").gender, Gender::None);
        assert_eq!(PlayerSpec::parse("Zed:N").gender, Gender::Neuter);
    }

    #[test]
    fn a_player_who_leaves_a_duel_of_two_hands_the_other_the_win() {
        let mut g = duel(&["Ann:f", "Bob"]);
        g.withdraw(1);
        assert!(g.has_withdrawn(1));
        g.play_round(&[NOTHING, NOTHING], &mut DefaultAnswers);
        assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
        let seen: Vec<String> = g
            .messages()
            .iter()
            .filter_map(|e| e.text(&g, Viewer::Player(0)))
            .collect();
        assert!(
            seen.iter().any(|t| t.contains("Bob has left the arena")),
            "{seen:?}"
        );
    }

    #[test]
    fn the_others_play_on_when_one_of_three_leaves() {
        let mut g = duel(&["Ann:f", "Bob", "Cy"]);
        g.withdraw(2);
        g.play_round(&[NOTHING; 3], &mut DefaultAnswers);
        assert_eq!(g.outcome(), None);
        assert!(!g.being(2).alive);
        assert!(g.is_active(0) && g.is_active(1) && !g.is_active(2));
        let rows: Vec<_> = g.status(0).iter().map(|r| r.being).collect();
        assert_eq!(rows, vec![0, 1]);
    }

    #[test]
    fn transcript_lists_each_turn_with_gestures_and_speech() {
        let mut g = duel(&["Ann:f", "Bob"]);
        g.say(1, "hello there");
        g.play_round(
            &[
                (Gesture::Palm, Gesture::Stab),
                (Gesture::Wave, Gesture::Nothing),
            ],
            &mut DefaultAnswers,
        );
        let t = g.transcript();
        assert!(t.starts_with("Spellcast Game Transcript\n\n"), "{t}");
        assert!(t.contains("Bob says \"hello there\""), "{t}");
        assert!(
            t.contains("\n\tTurn 0:\nAnn (15): P K\nBob (15): W .\n"),
            "{t}"
        );
        assert!(t.contains("Ann stabs (right hand) at Bob."), "{t}");
        assert!(t.contains("Bob is stabbed."), "{t}");
    }

    /// Answers by default and says one line while the first batch is open.
    struct Chatty(Option<(usize, String)>);

    impl crate::engine::Answerer for Chatty {
        fn answer(&mut self, _game: &Game, batch: &[crate::engine::Question]) -> Vec<usize> {
            batch.iter().map(|q| q.fallback()).collect()
        }
        fn take_speech(&mut self) -> Vec<(usize, String)> {
            self.0.take().into_iter().collect()
        }
    }

    /// Answers by default; player 2 leaves while the first batch is open.
    struct Leaver(bool);

    impl crate::engine::Answerer for Leaver {
        fn answer(&mut self, _game: &Game, batch: &[crate::engine::Question]) -> Vec<usize> {
            batch.iter().map(|q| q.fallback()).collect()
        }
        fn take_departures(&mut self) -> Vec<usize> {
            if std::mem::take(&mut self.0) {
                vec![2]
            } else {
                Vec::new()
            }
        }
    }

    #[test]
    fn a_player_leaving_during_questions_surrenders_that_turn() {
        let mut g = duel(&["Ann:f", "Bob", "Cy"]);
        g.play_round(
            &[(Gesture::Stab, Gesture::Nothing), NOTHING, NOTHING],
            &mut Leaver(true),
        );
        assert!(g.has_withdrawn(2));
        assert!(!g.being(2).alive, "Cy surrendered at the end of the turn");
        assert!(g.being(2).surrendered);
        assert_eq!(g.outcome(), None);
        assert!(!g.is_active(2));
    }

    #[test]
    fn talk_during_questions_is_logged_where_it_was_said() {
        let mut g = duel(&["Ann:f", "Bob"]);
        let mut chatty = Chatty(Some((1, "aim well".to_string())));
        g.play_round(&[(Gesture::Stab, Gesture::Nothing), NOTHING], &mut chatty);
        let t = g.transcript();
        let said = t.find("Bob says \"aim well\"").expect("speech logged");
        let stab = t.find("Ann stabs").expect("stab announced");
        let header = t.find("Turn 0").expect("header");
        assert!(header < said && said < stab, "{t}");
        g.say(7, "nobody here");
        assert!(!g.transcript().contains("nobody here"));
    }

    #[test]
    fn each_wizard_reads_about_himself_in_the_second_person() {
        let mut g = duel(&["Ann:f", "Bob"]);
        g.play_round(
            &[(Gesture::Stab, Gesture::Nothing), NOTHING],
            &mut DefaultAnswers,
        );
        let read = |v: Viewer| -> String {
            g.messages()
                .iter()
                .filter_map(|e| e.text(&g, v))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(read(Viewer::Player(0)).contains("You stab (left hand) at Bob."));
        assert!(read(Viewer::Player(1)).contains("Ann stabs (left hand) at you."));
        assert!(read(Viewer::Player(1)).contains("You are stabbed."));
        assert_eq!(g.being(1).hp, 14);
    }
}
