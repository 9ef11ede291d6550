//! The X11 front end: one window per display, all driven by one engine.
//!
//! Start-up talks to every display at once from this thread (set-up, then
//! one pipelined batch each: resources, font metrics, keyboard map, two
//! atoms); after that every display has a reader thread (events → [`input::Input`]) and a writer thread (drawing
//! [`canvas::Op`]s → requests), and the phase loop ([`phases`]) only
//! exchanges messages with them. x11rb types never leave [`display`].
//! Computer and program players ([`seat_threads`]) run on seat worker threads
//! whose replies arrive on the same channel as the windows' input.

pub mod bitmaps;
pub mod book;
pub mod canvas;
pub mod display;
pub mod end_button;
pub mod font;
pub mod gesture_grid;
pub mod helper;
pub mod input;
pub mod keys;
pub mod layout;
pub mod phases;
pub mod popup;
pub mod question_pane;
pub mod resources;
pub mod scene;
pub mod scroll;
pub mod seat_threads;
pub mod speech_line;
pub mod spell_list;
pub mod status_pane;
pub mod suggestion;
pub mod table;
pub mod text_pane;
pub mod window;
pub mod wording;

use std::process::ExitCode;
use std::sync::mpsc::channel;

use crate::driver::Driver;
use crate::engine::{Duel, PlayerId, RuleSet};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::{open_seat, probe_program, BoxedSeat, SeatOptions, SeatSpec};

/// How long a program seat may take per reply (as `spellcast match`'s default).
const PROGRAM_LIMIT: std::time::Duration = std::time::Duration::from_millis(10_000);
use crate::seat::SeatWorker;
pub use book::BookChoice;

/// Opens one window per display and plays the duel.
///
/// `displays[0]` is player 0 and is normally None (`$DISPLAY`); None anywhere
/// means `$DISPLAY`. A display that cannot be opened, or has no usable font,
/// ends the program with status 1 and one line naming it. `seats` are the
/// computer and program players after the displays, each on a worker
/// thread; a program that cannot be started ends the program with status 2.
/// The duel plays by `book` (`--rules`, else the `spellcast*rules`
/// resource of the first display); a book that cannot make the duel (a
/// third wizard in Death Match) or a bad `--onyx` ends the program with
/// status 2 and one line, before any window opens.
pub fn run(
    displays: Vec<Option<String>>,
    seats: Vec<SeatSpec>,
    seed: Option<u64>,
    watch: Watch,
    book: BookChoice,
) -> ExitCode {
    if let Some(rules) = book.rules {
        if let Err(e) = book::check_players(rules, displays.len() + seats.len()) {
            eprintln!("spellcast: {e}");
            return ExitCode::from(2);
        }
    }
    // A program that cannot even greet is refused before any window opens;
    // one that asks for its wizard's name (a far seat's `spellcast*name`)
    // is given it as a display's resource would be.
    let mut asked_names = Vec::with_capacity(seats.len());
    for spec in &seats {
        let asked = match spec {
            SeatSpec::Program(command) => match probe_program(
                command,
                PROGRAM_LIMIT,
                book.rules.unwrap_or(RuleSet::original()),
            ) {
                Ok(asked) => asked,
                Err((failure, said)) => {
                    let command = one_line(command, MAX_QUOTED_CHARS);
                    let line = format!("--program={command} cannot start: {failure}{said}");
                    eprintln!("spellcast: {}", one_line(&line, MAX_LINE_CHARS));
                    return ExitCode::from(2);
                }
            },
            SeatSpec::Computer(_) => None,
        };
        asked_names.push(asked);
    }
    match play(displays, (seats, asked_names), seed, watch, book) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Book(e)) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Seat(e)) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Display(e)) => {
            let hint = match &e {
                display::DisplayError::Open { display, reason } => crate::cli::level_hint(display)
                    .or_else(|| display::hint::open_hint(display, reason).map(str::to_string)),
                _ => None,
            };
            match hint {
                Some(hint) => eprintln!("spellcast: {e}; {hint}"),
                None => eprintln!("spellcast: {e}"),
            }
            ExitCode::from(1)
        }
        Err(Failure::Transcript(e)) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Setup(e)) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(1)
        }
    }
}

/// Spectators' windows (`--watch`), the pace of a duel nobody plays, and
/// the learner's helper (`--helper`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Watch {
    /// Their displays; None means `$DISPLAY`.
    pub displays: Vec<Option<String>>,
    /// With nobody playing at a window, how long each turn lasts at least.
    pub pace: std::time::Duration,
    /// The helper in every window (else where `spellcast*helper` asks).
    pub helper: bool,
}

/// Why the program ends with status 1.
enum Failure {
    /// A display could not be opened or set up.
    Display(display::DisplayError),
    /// The transcript was wanted but could not be saved.
    Transcript(crate::transcript_file::TranscriptError),
    /// The players could not start a duel (more than eight displays).
    Setup(crate::engine::SetupError),
    /// A computer or program seat could not be opened (status 2).
    Seat(String),
    /// The rule book cannot make this duel (status 2).
    Book(book::BookError),
}

impl From<display::DisplayError> for Failure {
    fn from(e: display::DisplayError) -> Failure {
        Failure::Display(e)
    }
}

fn play(
    displays: Vec<Option<String>>,
    (seats, asked_names): (Vec<SeatSpec>, Vec<Option<String>>),
    seed: Option<u64>,
    watch: Watch,
    book: BookChoice,
) -> Result<(), Failure> {
    let every: Vec<Option<String>> = displays.iter().chain(&watch.displays).cloned().collect();
    let results = display::connect::connect_all(&every);
    let mut connected = Vec::with_capacity(every.len());
    for r in results {
        connected.push(r?);
    }
    // The first display's resource, as the transcript is the first player's.
    let resource = connected.first().and_then(|c| c.rules.as_deref());
    let rules = book::resolve(book.rules, resource).map_err(Failure::Book)?;
    book::check_players(rules, displays.len() + seats.len()).map_err(Failure::Book)?;
    let spectators = connected.split_off(displays.len());
    let mut values: Vec<Option<String>> = connected.iter().map(|c| c.name.clone()).collect();
    // Players at no window take the name their program asked for, else
    // the next unused default names.
    values.extend(asked_names);
    let (specs, notices) = resources::resolve_names(&values);
    for n in notices {
        eprintln!("{n}");
    }
    let players = specs.len();
    let at_windows: Vec<String> = specs[..displays.len()]
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let onyx = book::onyx_holders(rules, &book.onyx, &at_windows).map_err(Failure::Book)?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let opened_seats = open_seats(&seats, &specs[displays.len()..], seed)?;
    let screens: Vec<String> = every
        .iter()
        .map(|d| match d.as_deref() {
            Some(name) if !name.is_empty() => layout::screen_key(name),
            _ => layout::screen_key(&std::env::var("DISPLAY").unwrap_or_default()),
        })
        .collect();
    let mut origins = layout::window_origins(&screens);
    let watch_origins = origins.split_off(displays.len());
    let seat_names: Vec<(String, &SeatSpec)> = specs[displays.len()..]
        .iter()
        .map(|s| s.name.clone())
        .zip(&seats)
        .collect();
    let mut opened = Vec::with_capacity(players);
    let mut helpers = Vec::with_capacity(players);
    for ((c, spec), origin) in connected.into_iter().zip(&specs).zip(origins) {
        let helper = watch.helper || c.helper;
        let title = book::window_title(&spec.name, rules, helper, &seat_names);
        helpers.push(helper);
        opened.push(c.open_window(&title, players, origin)?);
    }
    let title: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
    let title = title.join(" vs ");
    let mut watching = Vec::with_capacity(spectators.len());
    for (c, origin) in spectators.into_iter().zip(watch_origins) {
        let helper = watch.helper || c.helper;
        let title = book::window_title(&title, rules, helper, &seat_names);
        watching.push((helper, c.open_window(&title, players, origin)?));
    }
    let mut game = Duel::with_rules(&specs, seed, rules).map_err(Failure::Setup)?;
    for (p, _) in onyx.iter().enumerate().filter(|(_, &holds)| holds) {
        game.give_onyx(PlayerId::new(p))
            .map_err(|e| Failure::Book(e.into()))?;
    }
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let (tx, rx) = channel();
    let mut windows = Vec::with_capacity(players);
    let mut links = Vec::with_capacity(players);
    for ((p, d), helper) in opened.into_iter().enumerate().zip(helpers) {
        let mut w = window::PlayerWindow::new(p, names.clone(), d.font.clone());
        w.set_helper(helper);
        windows.push(w);
        links.push(d.start(p, tx.clone()));
    }
    let mut watch_windows = Vec::with_capacity(watching.len());
    let mut watch_links = Vec::with_capacity(watching.len());
    for (i, (helper, d)) in watching.into_iter().enumerate() {
        let mut w = window::PlayerWindow::new(players, names.clone(), d.font.clone());
        w.set_helper(helper);
        watch_windows.push(w);
        watch_links.push(d.start(players + i, tx.clone()));
    }
    let first = windows.len();
    let workers = opened_seats
        .into_iter()
        .enumerate()
        .map(|(i, (seat, describe))| {
            let p = first + i;
            let tx = tx.clone();
            let reply = Box::new(move |r| {
                let _ = tx.send(display::Msg::Seat(p, r));
            });
            (SeatWorker::spawn(seat, PlayerId::new(p), reply), describe)
        })
        .collect();
    drop(tx);
    let seats = seat_threads::SeatThreads::new(first, workers);
    seats.hello(&game);
    let mut driver = Driver::new(game);
    // Seats at no window speak the seat protocol: charm gestures before the moves.
    for p in first..players {
        driver.ask_charm_early(PlayerId::new(p));
    }
    let mut table = table::Table::new(windows, links, seats, table::Inbox::new(rx), seed);
    table.watch(table::Watchers::new(watch_windows, watch_links), watch.pace);
    let finish = phases::play(&mut driver, &mut table);
    table.close_all();
    table.end_seats(driver.duel());
    let game = driver.duel();
    // Issue 5: the first player asked for the transcript (or his display is gone).
    if finish.is_some_and(|f| f.save_transcript) {
        let text = book::transcript(rules, game.transcript());
        let path = crate::transcript_file::save(&text).map_err(Failure::Transcript)?;
        println!("{}", path.display());
    }
    Ok(())
}

/// Opens the computer and program seats for the wizards `specs`, each
/// with its description for failure lines. A computer's choices are seeded
/// from the duel's seed, so a replayed seed replays the computer too.
fn open_seats(
    seats: &[SeatSpec],
    specs: &[crate::engine::PlayerSpec],
    seed: u64,
) -> Result<Vec<(BoxedSeat, String)>, Failure> {
    let options = SeatOptions {
        effort: crate::computer::Effort::Own,
        limit: PROGRAM_LIMIT,
        stderr: crate::seat::stderr_sink(),
    };
    let mut opened = Vec::with_capacity(seats.len());
    for (i, (spec, wizard)) in seats.iter().zip(specs).enumerate() {
        let seat_seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1));
        match open_seat(spec, &wizard.name, &options, seat_seed) {
            Ok(seat) => {
                let describe = seat.describe();
                opened.push((seat, describe));
            }
            Err(e) => return Err(Failure::Seat(format!("{spec}: {e}"))),
        }
    }
    Ok(opened)
}

/// A seed for a duel nobody asked to replay: the clock and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos ^ (u64::from(std::process::id()) << 32)
}
