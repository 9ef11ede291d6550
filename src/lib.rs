//! spellcast: a game of duelling wizards (Richard Bartle's *Waving Hands*
//! as Andrew Plotkin's 1993 X program plays it).
//!
//! # The map
//!
//! Three layers, each knowing only the one below it:
//!
//! ```text
//!   front ends:  x11 (windows)   script (--script)   match_runner (spellcast match)
//!                (far_seat, replay: windows fed from protocol lines or a script)
//!                      \               |                  /
//!   seats:              seat (computer and program players; SeatView only)
//!                                      |
//!   driver:            driver (who owes what; the charm rule; one round at a time)
//!                                      |
//!   rules:             engine (pure, seeded, no I/O)        computer (search; reads
//!                                                            engine views and copies)
//! ```
//!
//! No module imports one that imports it back: `engine` imports nothing of
//! the crate but `decimal`; `driver` imports `engine`; `computer` imports
//! `engine` and `driver` (its simulations play rounds through the driver);
//! `seat` imports those; `cli` imports `seat` (to read `--computer` and
//! `--program`); `x11`, `script` and `match_runner` sit on top.
//!
//! ## [`engine`]: the rules
//!
//! A [`engine::Duel`] is moved on by `start_round`, `answer`, `say` and
//! `withdraw`, and read per seat through [`engine::SeatView`] (`seat_view.rs`)
//! and [`engine::View`] (`view.rs`).
//!
//! **The reveal** is decided in one place: each book declares the stages
//! asked once the round's gestures are shown (`after_reveal` in its
//! `rules/` folder, read by `RuleSet::before_reveal`); `Duel::before_reveal`
//! (`view.rs`) applies it to the round's stage, and everything hidden
//! follows from it: `Duel::rows_seen` (the rows every seat and observer is
//! shown, [`engine::Seen::Unrevealed`] before the reveal), `View`'s rows
//! and `before_reveal`, and the determinisation's rows (`determinise.rs`).
//!
//! **The view path**: engine (`Duel::rows_seen`, `Duel::view`) ->
//! [`engine::SeatView`] -> every front end: the program seat's JSON
//! (`seat/view_map.rs`), the far seat's window (built from that JSON), a
//! local player's window and its helper (`x11::scene::Source` for
//! `SeatView`), the computer (`View`s and its determinised copies).
//!
//! **The book interface** (`rules/mod.rs`, its rules in spellcast-rules(7)):
//! a [`engine::RuleSet`] is a value built from a book's declaration
//! (`Book`): its table, each hand's gestures, hit points
//! (`starting_hit_points`), player count, the stages after the reveal, its
//! resolver (the book's own list of stages after the targets, calling the
//! shared ones of `resolve/` as building blocks and its own from its
//! folder), its damage spells of one element (`bolts`: Fireball, and
//! Gesticulation's Iceball or Death Match's Frost Bolt, which the shared
//! attack, cancel and element stages deal without naming them), and the
//! rules the shared stages ask it (`Quirks`: what Fear forbids, a charm's
//! price, its own stage before the spell choices (`Announcing`, Death
//! Match's claps) whose functions the book hands over, so no shared stage
//! imports a book). The `books!` line of `rules/mod.rs` is the one list of
//! books (it declares their folders and builds `RuleSet::ALL`); the
//! recipe for a new book is in `rules/mod.rs`, and what it may forget
//! fails loudly (`rules/every_book_tests.rs`, `tests/docs.rs`);
//! `rules/fixture/` is a fourth book the unit tests alone list (a new
//! spell, 12 hit points). Callers ask it typed
//! questions (`charm_person_seizes_hand`, `protection`, `fear_forbids`),
//! never its name. Death Match's Onyx holders are the engine's
//! (`rules/onyx.rs`: `give_onyx`, `holds_onyx`, `check_move`). Questions
//! share one vocabulary, [`engine::QuestionType`] (`question_type.rs`:
//! kind names, wording, what options name), read by the protocol and the
//! far seat. A being's enchantments (`Effects`) end as one value; what
//! outlasts Remove Enchantment is its `Marks`. **Each book's state** lives
//! where its book types it: a being's book state is `Marks::book`, a
//! `BookMarks` (`rules/book_marks.rs`) whose variants each book's
//! `marks.rs` defines (Death Match's announcements, leeches and Frost
//! Bolt's frozen turn; Gesticulation's Charm Person), which shared stages
//! only ask questions of (`announced`, `flags`, `take_sits_out`, `shuns`)
//! and which ends with the marks as one value; what a book notes on a
//! being within one round's resolution is `Zaps::book`, a `BookZaps`
//! (`rules/book_zaps.rs`, each book's `zaps.rs`: Death Match's hit points
//! and sight at the start and its missiles, Gesticulation's seized hands
//! and sight), asked the same way (`unseen`, `seize`); the duel's Onyx holders are
//! `Duel::onyx` (`rules/onyx.rs`); Death Match's monster hit points and
//! its charm price are numbers its book declares.
//!
//! **The determinised copy** is made inside the engine, from the seat's
//! view: `SeatView::determinise` (`determinise.rs`) builds the others'
//! rows from what the seat saw and fills every hidden one with the
//! caller's samples, returning an [`engine::Determinised`] that never held
//! a true hidden row; the computer seat is handed one
//! (`SeatView::determinised`) and `computer/sim.rs` imagines its own.
//!
//! Inside:
//! `duel.rs` (the duel and its calls; `duel/tests.rs`), `setup.rs` (the player
//! list), `ids.rs` (`PlayerId`, `BeingId`), `being.rs` (wizards and monsters),
//! `beings.rs` (the duel's list of them, whose copies reuse a dropped copy's),
//! `gesture.rs` and `history.rs` (gestures and who sees which), `spellbook.rs`
//! (the spell identities every book draws on), `rules/` (the rule books: a
//! `RuleSet` value per book, each folder with its table and the stages that
//! differ: `original/`, `gesticulation/`, `deathmatch/`; `fixture/` for tests),
//! `recognise.rs` (which spells the gestures complete), `record.rs` (a round's
//! gestures recorded, mind spells applied), `cast.rs` (one cast: who, what,
//! at whom), `cast_list.rs` (completed spells to the aimed cast list),
//! `round.rs` (a round as resumable stages), `batch.rs`, `question.rs` and
//! `question_type.rs` (the questions a stage asks), `resolve/` (the resolution, one file per stage;
//! `points.rs` names its numbers), `effects.rs`, `lasting.rs` and `status.rs`
//! (enchantments and the status list), `narrate/` (events and the text each
//! viewer reads), `transcript.rs`, `monster_names.rs`, `determinise.rs` (the
//! copy a computer searches on, with hidden rows to sample; `determinise/tests.rs`),
//! `inline_list.rs` (a small fixed list for the round's scratch), `errors.rs`,
//! `test_support.rs`.
//!
//! ## [`driver`]: one way to drive a duel
//!
//! [`driver::Driver`] (`driver/mod.rs`) wraps a duel (owned, or `&mut` for a
//! simulation): `begin_round`, then `requests` says who owes a move or
//! answers, `give_move` / `give_answers` / `withdraw` take them as they come,
//! and `phase` says when the round is done. It holds the charm rule (a
//! protocol seat is asked a charmer's gesture before the moves; the answer
//! is held). `driver/round.rs`: [`driver::RoundInfo`] and the round's moves;
//! `driver/sync.rs`: answering every batch on the spot.
//!
//! ## [`computer`]: the built-in opponent
//!
//! `player.rs` ([`computer::Computer`], its levels and budgets) decides a
//! move with `search.rs` (+ `search/cells.rs`: an equilibrium over sampled
//! rollouts) and answers with `answer_search.rs`; `easy.rs` and the baseline
//! (`analysis.rs`, `attack.rs`, `defence.rs`, `answers.rs`, `candidates.rs`,
//! `options.rs`, `progress.rs` (+ `progress/allowed.rs`: what a hand may
//! make; `progress/order.rs` and `progress/fresh_order.rs`: lists best
//! first), `table.rs`) propose; `rollout.rs`,
//! `evaluate.rs` and `regret.rs` score; `sim.rs` is its one door to the
//! engine: determinised copies, rounds played through the driver. It reads
//! only a seat's `engine::View`, through `view_ext.rs` ([`computer::ViewExt`],
//! [`computer::BeingExt`]); `sketch.rs` builds views by hand for tests.
//!
//! ## [`seat`]: players at no window
//!
//! `seat_trait.rs`: the [`seat::Seat`] trait (handed a `SeatView`, returning
//! [`seat::Decision`]s with their speech) and the one failure line.
//! `computer.rs`: the computer as a seat (a `Brain` over
//! [`computer::Computer`], given a determinised copy only). A program seat:
//! `program.rs` (the child process and its deadlines; `program/process.rs`
//! its end), `pipes.rs`, `message.rs` (what the game writes; `message/hello.rs`
//! the first message and its rule book), `view_map.rs` (views and questions
//! as JSON), `reply.rs` (strict parsing of replies), `program_seat.rs` (the
//! protocol as a `Seat`), `command_words.rs` (a plain command started
//! without a shell), `processes.rs` (every process a program started ended
//! with it). `spec.rs` reads `computer:LEVEL` / `program:CMD`,
//! `open.rs` starts one; `worker.rs` runs a seat on a thread of its own for
//! the windows.
//!
//! ## Front ends
//!
//! - [`x11`]: one window per display. `mod.rs` opens displays and seats and
//!   runs `phases.rs` (the rounds, phase by phase, over the driver; a person
//!   who leaves surrenders) on `table/` (every window and seat together:
//!   `mod.rs`, `front.rs` the phases' side, `screen.rs` the display and clock
//!   seams, `watchers.rs` the spectators' windows of `--watch`, `tests.rs`)
//!   with `seat_threads.rs` (seats on worker threads).
//!   `display/` talks X (connect, handshake, setup, reader, writer,
//!   execute, stop); `window.rs` (+ `window/pointer.rs`) is one player's
//!   window, drawn by its panes: `gesture_grid.rs`, `text_pane.rs`,
//!   `status_pane.rs`, `question_pane.rs`, `speech_line.rs`, `spell_list.rs`,
//!   `popup.rs`, `end_button.rs`, `scroll.rs`, over `canvas.rs` (drawing as
//!   data), `layout.rs`, `font.rs`, `bitmaps.rs`, `keys.rs`, `input.rs`,
//!   `resources.rs`, `wording.rs` and `helper.rs` (the learner's helper,
//!   off by default). A window reads what it shows through
//!   `scene.rs` ([`x11::scene::Source`]: the status list, the gesture
//!   columns, the text): a player's window from its seat's
//!   [`engine::SeatView`] (the rows the protocol sends), a spectator's as
//!   an observer (`Observed`), or from elsewhere; the grid and the helper
//!   draw those rows and hide nothing of their own:
//! - [`far_seat`]: `spellcast --seat`, a person's window at the far end of
//!   the seat protocol (over ssh): `host_link.rs` (the lines on standard
//!   input and output), `far_view.rs` (a `Source` built from the protocol's
//!   messages only), `asked.rs` (its questions as question rows),
//!   `seat_loop.rs` (the phases in the window).
//! - [`replay`]: `spellcast --replay`: `frames.rs` plays a saved script once
//!   and keeps each round's window as an observer saw it; `mod.rs` steps
//!   through them.
//! - [`script`]: `--script`: `input.rs` reads the JSON (`input/plain.rs`
//!   the ordinary form without serde, serde the rest and every error),
//!   `answers.rs` matches its answers to the questions asked, `mod.rs`
//!   plays it through the driver, `report.rs` writes the report
//!   (`escapes.rs`: the bytes a JSON string escapes, found a word at a time).
//! - [`analyse`]: `spellcast analyse`: `args.rs` reads the options,
//!   `mod.rs` plays the script to the position and asks the computer
//!   (`computer/examine.rs`: the decision opened up), `report.rs` writes
//!   the text or the JSON.
//! - [`match_runner`]: `spellcast match`: `args.rs`, `run.rs`,
//!   `schedule.rs` (which games: pairs or rotations of seats, seeds,
//!   `--shard`), `pool.rs` (games on threads), `game.rs` (one game's seats
//!   in their places), `opening.rs` (a pair's random first rounds),
//!   `duel.rs` (one duel between seats over the driver), `script_record.rs`
//!   (the duel as a replayable script), `scoreboard.rs` over `stats.rs`
//!   (two seats, Elo) and `free_for_all.rs`, `summary.rs`, and
//!   `results.rs` (`--results` lines, `--merge`).
//!
//! ## The rest
//!
//! [`cli`] parses the command line (`cli.rs` the windows' duel,
//! `cli/headless.rs` `--script`, `--replay`, `--seat`); [`outside_text`] makes any text from
//! outside (program replies, names, script fields) safe to quote in a
//! one-line message; [`input_file`] reads a named file with a bound (a
//! regular file only, at most a cap); [`transcript_file`] saves a transcript;
//! `decimal` writes decimals for narration and reports. The binary
//! (`main.rs`) only wires the command line to `script`, `match_runner`,
//! `x11`, `far_seat` or `replay`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analyse;
pub mod cli;
pub mod computer;
mod decimal;
pub mod driver;
pub mod engine;
pub mod far_seat;
pub mod input_file;
pub mod match_runner;
pub mod outside_text;
pub mod replay;
pub mod script;
pub mod seat;
pub mod transcript_file;
pub mod x11;
