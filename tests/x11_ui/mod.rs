//! Driving a spellcast window from a test: where things are (the
//! original's window layout, in window pixels), how to tell which phase a window
//! is in from outside, and how to use its popups through XTEST.
//!
//! Synchronisation never relies on sleeps: each action that only works in a
//! certain phase first *probes* for it (press where a popup opens only in that
//! phase, check that it did, release where nothing is chosen), retrying until
//! it works or the generous timeout passes.
#![allow(dead_code)]

pub mod far;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{Char2b, ClientMessageEvent, ConnectionExt as _, EventMask};

use crate::common::xvfb::{Ppm, XClient, Xvfb, WAIT};

/// The font the tests ask for: times as in the original if the server has
/// it, else `fixed` (always built in).
pub fn test_font(client: &XClient) -> String {
    let times = "-*-times-medium-r-*--14-*";
    let fid = client.conn.generate_id().expect("font id");
    let ok = client
        .conn
        .open_font(fid, times.as_bytes())
        .expect("send OpenFont")
        .check()
        .is_ok();
    if ok {
        let _ = client.conn.close_font(fid);
        times.to_string()
    } else {
        "fixed".to_string()
    }
}

/// Line metrics the game derives from the font (§7.1).
#[derive(Debug, Clone, Copy)]
pub struct Metrics {
    /// Font ascent (as XTextExtents of "pl" reports it).
    pub ascent: i32,
    /// Font descent (likewise).
    pub descent: i32,
    /// Baseline distance.
    pub lh: i32,
}

/// Measures `font` the way the game does.
pub fn metrics(client: &XClient, font: &str) -> Metrics {
    let fid = client.conn.generate_id().expect("font id");
    client
        .conn
        .open_font(fid, font.as_bytes())
        .expect("send OpenFont")
        .check()
        .expect("the test font opens");
    let chars: Vec<Char2b> = b"pl"
        .iter()
        .map(|&b| Char2b { byte1: 0, byte2: b })
        .collect();
    let ext = client
        .conn
        .query_text_extents(fid, &chars)
        .expect("send QueryTextExtents")
        .reply()
        .expect("QueryTextExtents reply");
    // The font's ascent and descent (as XTextExtents reports them), not the ink's.
    let (ascent, descent) = (ext.font_ascent as i32, ext.font_descent as i32);
    let h = ascent + descent;
    let lh = if h <= 12 { h + 2 } else { h * 117 / 100 };
    Metrics {
        ascent,
        descent,
        lh,
    }
}

/// Loads names and the test font into a server's resource database.
pub fn load(x: &Xvfb, name: Option<&str>, font: &str) {
    let mut r = format!("spellcast*font: {font}\n");
    if let Some(n) = name {
        r.push_str(&format!("spellcast*name: {n}\n"));
    }
    x.load_resources(&r);
}

/// The game process, killed if the test ends early.
pub struct GameProcess {
    child: Option<Child>,
    /// Where transcripts go ($TMPDIR of the game).
    pub tmpdir: PathBuf,
}

impl GameProcess {
    /// Starts `spellcast` with player 0 on `primary` and one player per entry of `others`.
    pub fn start(primary: &str, others: &[String], seed: u64, tag: &str) -> GameProcess {
        let mut args = others.to_vec();
        args.extend(["--seed".to_string(), seed.to_string()]);
        GameProcess::start_plain(primary, &args, tag)
    }

    /// Starts `spellcast` on `primary` with exactly these arguments.
    pub fn start_plain(primary: &str, args: &[String], tag: &str) -> GameProcess {
        let tmpdir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("x11-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmpdir);
        std::fs::create_dir_all(&tmpdir).expect("test temp dir");
        let child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
            .args(args)
            .env("DISPLAY", primary)
            .env("HOME", &tmpdir)
            .env("XENVIRONMENT", tmpdir.join("no-such-file"))
            .env("TMPDIR", &tmpdir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start spellcast");
        GameProcess {
            child: Some(child),
            tmpdir,
        }
    }

    /// The game's process id.
    pub fn pid(&self) -> u32 {
        self.child
            .as_ref()
            .map(Child::id)
            .expect("the game was started")
    }

    /// Whether the game is still running.
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// Stops the game (it is still running) and returns its status, stdout and stderr.
    pub fn wait_or_kill(&mut self) -> (ExitStatus, String, String) {
        if let Some(c) = self.child.as_mut() {
            let _ = c.kill();
        }
        self.wait(WAIT)
    }

    /// Waits for a clean end (exit status 0, no panic) and returns the
    /// transcript whose path the game printed.
    pub fn clean_transcript(&mut self) -> String {
        let (status, out, err) = self.wait(WAIT);
        assert!(status.success(), "exit status {status}; stderr: {err}");
        assert!(!err.contains("panicked"), "stderr: {err}");
        std::fs::read_to_string(out.trim()).expect("read the transcript")
    }

    /// Waits for the game to end; returns its status, stdout and stderr.
    pub fn wait(&mut self, timeout: Duration) -> (ExitStatus, String, String) {
        let mut child = self.child.take().expect("the game was started");
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Some(s) = child.try_wait().expect("try_wait") {
                break s;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("spellcast did not exit within {timeout:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut out = String::new();
        let mut err = String::new();
        if let Some(mut o) = child.stdout.take() {
            let _ = o.read_to_string(&mut out);
        }
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status, out, err)
    }
}

impl Drop for GameProcess {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Where test screenshots are kept for people to look at.
pub fn artefact(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("x11-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    dir.join(name)
}

/// Polls `f` until it holds; panics naming `what` after [`WAIT`].
pub fn wait_until(what: &str, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !f() {
        if Instant::now() > deadline {
            panic!("timed out waiting for {what}");
        }
        std::thread::sleep(Duration::from_millis(15));
    }
}

/// A window-relative rectangle.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    /// Left.
    pub x: i32,
    /// Top.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

/// The popup rectangle for a press at (x, y), as the game places it.
pub fn popup_at(x: i32, y: i32, w: i32, h: i32, window_w: i32) -> Area {
    let clamp = |v: i32, size: i32, limit: i32| v.min(limit - 8 - size).max(8);
    Area {
        x: clamp(x - w / 2, w, window_w),
        y: clamp(y - h / 2, h, 750),
        w,
        h,
    }
}

/// One player's window as the test sees it.
pub struct Player {
    /// The test's connection to that player's display.
    pub client: XClient,
    /// Window interior origin in root coordinates.
    pub origin: (i32, i32),
    /// Window width.
    pub width: i32,
    /// Window height.
    pub height: i32,
    /// The font's line metrics.
    pub m: Metrics,
    /// Column of this player in the gesture grid.
    pub column: i32,
    /// The window's title.
    pub title: String,
}

/// The End button's centre.
pub const END: (i32, i32) = (32 + 73, 576 + 14);
/// The inside of the End button, where its label is drawn.
pub const END_LABEL: Area = Area {
    x: 36,
    y: 580,
    w: 138,
    h: 21,
};
/// The Spell List button's centre.
pub const SPELL_LIST: (i32, i32) = (182 + 73, 576 + 14);

impl Player {
    /// Finds the window titled `Spellcast: name` on `x`.
    pub fn find(x: &Xvfb, name: &str, column: i32, m: Metrics) -> Player {
        Player::find_titled(x, &format!("Spellcast: {name}"), column, m)
    }

    /// Finds the window titled exactly `title` on `x`.
    pub fn find_titled(x: &Xvfb, title: &str, column: i32, m: Metrics) -> Player {
        let client = x.client();
        let title = title.to_string();
        let w = client.wait_for_window(&title, WAIT);
        let (ox, oy, width, height) = client.geometry(w);
        Player {
            client,
            origin: (ox as i32, oy as i32),
            width: width as i32,
            height: height as i32,
            m,
            column,
            title,
        }
    }

    /// Moves the pointer to a window point.
    pub fn move_to(&self, (x, y): (i32, i32)) {
        self.client
            .move_to((self.origin.0 + x) as i16, (self.origin.1 + y) as i16);
    }

    /// Clicks a window point.
    pub fn click(&self, at: (i32, i32), button: u8) {
        self.move_to(at);
        self.client.press(button);
        self.client.release(button);
    }

    /// The pixels of a window area.
    pub fn shot(&self, a: Area) -> Ppm {
        self.client.screenshot_area(
            (self.origin.0 + a.x) as i16,
            (self.origin.1 + a.y) as i16,
            a.w as u16,
            a.h as u16,
        )
    }

    /// The whole window.
    pub fn screenshot(&self) -> Ppm {
        self.shot(Area {
            x: 0,
            y: 0,
            w: self.width,
            h: 750,
        })
    }

    /// The black pixels of an area, cropped to the smallest box holding
    /// them, to compare with [`drawn_text`].
    pub fn text_in(&self, a: Area) -> Vec<Vec<bool>> {
        let shot = self.shot(a);
        ink_rows(shot.width, shot.height, |x, y| {
            shot.pixel(x, y) == (0, 0, 0)
        })
    }

    /// How many pixels of an area are not white.
    pub fn ink(&self, a: Area) -> usize {
        let p = self.shot(a);
        p.rgb.chunks(3).filter(|c| c != &[255, 255, 255]).count()
    }

    /// Whether a window point is black.
    fn black(p: &Ppm, x: u32, y: u32) -> bool {
        p.pixel(x, y) == (0, 0, 0)
    }

    /// Whether a popup's right or bottom edge runs along `a` (a 5-pixel-deep
    /// strip, horizontal if wider than high): white inside, then the black
    /// frame line and the 3-pixel drop shadow.
    fn popup_edge(&self, a: Area) -> bool {
        let p = self.shot(a);
        let edge = |along: u32, at: &dyn Fn(u32, u32) -> bool| {
            (0..along).all(|i| !at(i, 0) && (1..5).all(|d| at(i, d)))
        };
        if a.w >= a.h {
            edge(a.w as u32, &|i, d| Self::black(&p, i, d))
        } else {
            edge(a.h as u32, &|i, d| Self::black(&p, d, i))
        }
    }

    /// Top-left of a picture of this player's gesture column.
    pub fn cell(&self, hand: i32, row: i32) -> (i32, i32) {
        (476 + 116 * self.column + 50 * hand, 33 + 50 * row)
    }

    /// The inside of a gesture picture of any column.
    pub fn picture_area(column: i32, hand: i32, row: i32) -> Area {
        Area {
            x: 476 + 116 * column + 50 * hand + 3,
            y: 33 + 50 * row + 3,
            w: 42,
            h: 42,
        }
    }

    /// Presses on a hand's bottom square until the gesture popup opens (so the
    /// window is in its gesture phase); returns the popup, button 1 still held.
    pub fn open_gesture_popup(&self, hand: i32) -> (Area, Area) {
        let (cx, cy) = self.cell(hand, 7);
        let at = (cx + 24, cy + 24);
        let popup = popup_at(at.0, at.1, 240, 180, self.width);
        let edge = Area {
            x: popup.x + popup.w - 2,
            y: popup.y + 20,
            w: 5,
            h: 140,
        };
        let mut opened = false;
        wait_until("the gesture popup", || {
            self.move_to(at);
            self.client.press(1);
            let deadline = Instant::now() + Duration::from_millis(400);
            while Instant::now() < deadline {
                if self.popup_edge(edge) {
                    opened = true;
                    return true;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            self.client.release(1);
            false
        });
        assert!(opened);
        (popup, edge)
    }

    /// Releases button 1 where the pointer is and waits until the popup
    /// whose frame runs along `edge` is gone.
    fn release_popup(&self, edge: Area) {
        self.client.release(1);
        wait_until("the popup to close", || !self.popup_edge(edge));
    }

    /// Waits for the gesture phase and picks `gesture` (0 nothing, 1 palm,
    /// 2 digit, 3 fingers, 4 wave, 5 clap, 6 snap, 7 stab) for `hand` (0 left).
    pub fn choose_gesture(&self, hand: i32, gesture: i32) {
        let (popup, edge) = self.open_gesture_popup(hand);
        let (gx, gy) = (
            popup.x + 20 + 50 * (gesture % 4),
            popup.y + 60 + 50 * (gesture / 4),
        );
        self.move_to((gx + 24, gy + 24));
        self.release_popup(edge);
    }

    /// Waits for the gesture phase and tells which of the eight places of
    /// `hand`'s gesture popup hold a picture (framed, even when blank).
    pub fn offered_places(&self, hand: i32) -> Vec<bool> {
        let (popup, edge) = self.open_gesture_popup(hand);
        let places = (0..8)
            .map(|i| {
                self.ink(Area {
                    x: popup.x + 20 + 50 * (i % 4),
                    y: popup.y + 60 + 50 * (i / 4),
                    w: 48,
                    h: 48,
                }) > 0
            })
            .collect();
        self.move_to((popup.x + 10, popup.y + 10));
        self.release_popup(edge);
        places
    }

    /// Waits until the window is in its gesture phase (and not ended),
    /// changing nothing.
    pub fn wait_gesture_phase(&self) {
        let (popup, edge) = self.open_gesture_popup(0);
        self.move_to((popup.x + 10, popup.y + 10));
        self.release_popup(edge);
    }

    fn row_point(&self, row: i32) -> (i32, i32) {
        (700, 620 + row * (self.m.lh + 8) + (self.m.lh + 8) / 2)
    }

    /// Presses on question row `row` until its menu of `items` answers opens
    /// (so the player is answering); returns the menu, button 1 still held.
    fn open_menu(&self, row: i32, items: i32) -> (Area, Area) {
        let at = self.row_point(row);
        let h = items * (self.m.lh + 4) + 11;
        let menu = popup_at(at.0, at.1, 0, h, self.width);
        let edge = Area {
            x: at.0 - 15,
            y: menu.y + menu.h - 2,
            w: 30,
            h: 5,
        };
        wait_until("a question menu", || {
            self.move_to(at);
            self.client.press(1);
            let deadline = Instant::now() + Duration::from_millis(400);
            while Instant::now() < deadline {
                if self.popup_edge(edge) {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            self.client.release(1);
            false
        });
        (menu, edge)
    }

    /// Waits until question row `row` (with `items` answers) can be answered and picks `item`.
    pub fn answer(&self, row: i32, items: i32, item: i32) {
        let (menu, edge) = self.open_menu(row, items);
        let at = self.row_point(row);
        let y = menu.y + 5 + item * (self.m.lh + 4) + (self.m.lh + 4) / 2;
        // Off the menu first: a release where the press was picks nothing.
        self.move_to((at.0, menu.y - 30));
        self.move_to((at.0, y));
        self.release_popup(edge);
    }

    /// A press and release on question row `row` without moving.
    pub fn click_row(&self, row: i32) {
        self.click(self.row_point(row), 1);
    }

    /// Waits until question row `row` can be answered, changing nothing.
    pub fn wait_answering(&self, row: i32, items: i32) {
        let (menu, edge) = self.open_menu(row, items);
        self.move_to((self.row_point(row).0, menu.y - 30));
        self.release_popup(edge);
    }

    /// Sends WM_DELETE_WINDOW to the window titled `title`, as a window
    /// manager's close button does.
    pub fn close_window(&self, title: &str) {
        let c = &self.client.conn;
        let w = self.client.find_windows(title)[0];
        let atom = |n: &[u8]| c.intern_atom(false, n).unwrap().reply().unwrap().atom;
        let (protocols, delete) = (atom(b"WM_PROTOCOLS"), atom(b"WM_DELETE_WINDOW"));
        let ev = ClientMessageEvent::new(32, w, protocols, [delete, 0, 0, 0, 0]);
        c.send_event(false, w, EventMask::NO_EVENT, ev).unwrap();
        c.flush().unwrap();
    }

    /// Presses the End button (End Move, End Answers, Quit).
    pub fn end(&self) {
        self.click(END, 1);
    }

    /// Presses Quit until the game takes the press: its label changes (to
    /// Wait...., others have yet to quit) or the window goes (the game has
    /// ended). Quit ignores presses for a moment after it appears, so a
    /// press the label does not answer is repeated well after that moment.
    pub fn quit(&self) {
        let before = self.shot(END_LABEL);
        let deadline = Instant::now() + WAIT;
        loop {
            self.end();
            let pressed = Instant::now();
            while pressed.elapsed() < Duration::from_millis(1500) {
                if self.client.find_windows(&self.title).is_empty()
                    || self.shot(END_LABEL).rgb != before.rgb
                {
                    return;
                }
                std::thread::sleep(Duration::from_millis(15));
            }
            assert!(Instant::now() < deadline, "Quit never took a press");
        }
    }

    /// Types text into the speech line (the pointer must be in the window).
    pub fn say(&self, text: &str) {
        self.move_to((400, 300));
        self.client.type_text(text);
        self.client.type_text("\n");
    }

    /// The hit points of status row `row` (0 = top).
    pub fn hp_area(&self, row: i32) -> Area {
        let base = 449 + self.m.lh * (row + 1);
        Area {
            x: 720,
            y: base - self.m.ascent - 1,
            w: 60,
            h: self.m.ascent + self.m.descent + 2,
        }
    }

    /// The name of status row `row`.
    pub fn status_name_area(&self, row: i32) -> Area {
        let base = 449 + self.m.lh * (row + 1);
        Area {
            x: 492,
            y: base - self.m.ascent - 1,
            w: 200,
            h: self.m.ascent + self.m.descent + 2,
        }
    }
}

/// The usual two-player set-up: Alice (player 0) and Bob on two private
/// servers with the test font, the game running, both windows found.
/// Fields drop in order: the game first, then the windows, then the servers.
pub struct TwoPlayers {
    /// The running game.
    pub game: GameProcess,
    /// Player 0.
    pub alice: Player,
    /// Player 1.
    pub bob: Player,
    /// Alice's server.
    pub xa: Xvfb,
    /// Bob's server.
    pub xb: Xvfb,
}

impl TwoPlayers {
    /// Starts the servers and the game; `alice` is player 0's `spellcast*name`
    /// (such as `Alice:f`), Bob is always `Bob`.
    pub fn start(alice: &str, seed: u64, tag: &str) -> TwoPlayers {
        TwoPlayers::start_with(alice, seed, tag, &[], "")
    }

    /// As [`TwoPlayers::start`], with `extra` arguments for the game and
    /// `suffix` after each name in the windows' titles (` (Death Match)`).
    pub fn start_with(
        alice: &str,
        seed: u64,
        tag: &str,
        extra: &[&str],
        suffix: &str,
    ) -> TwoPlayers {
        let xa = Xvfb::start();
        let xb = Xvfb::start();
        let probe = xa.client();
        let font = test_font(&probe);
        let m = metrics(&probe, &font);
        load(&xa, Some(alice), &font);
        load(&xb, Some("Bob"), &font);
        let mut args = vec![xb.display()];
        args.extend(extra.iter().map(|a| a.to_string()));
        let game = GameProcess::start(&xa.display(), &args, seed, tag);
        let name = alice.split(':').next().unwrap_or(alice);
        let alice = Player::find_titled(&xa, &format!("Spellcast: {name}{suffix}"), 0, m);
        let bob = Player::find_titled(&xb, &format!("Spellcast: Bob{suffix}"), 1, m);
        TwoPlayers {
            game,
            alice,
            bob,
            xa,
            xb,
        }
    }
}

/// The black pixels of a picture, cropped to the smallest box holding them
/// (row by row), so two drawings of the same text compare wherever they lie.
pub fn ink_rows(width: u32, height: u32, black: impl Fn(u32, u32) -> bool) -> Vec<Vec<bool>> {
    let rows: Vec<Vec<bool>> = (0..height)
        .map(|y| (0..width).map(|x| black(x, y)).collect())
        .collect();
    let inked = |r: &Vec<bool>| r.iter().any(|&b| b);
    let (Some(top), Some(bottom)) = (rows.iter().position(inked), rows.iter().rposition(inked))
    else {
        return Vec::new();
    };
    let left = rows
        .iter()
        .filter_map(|r| r.iter().position(|&b| b))
        .min()
        .unwrap_or(0);
    let right = rows
        .iter()
        .filter_map(|r| r.iter().rposition(|&b| b))
        .max()
        .unwrap_or(0);
    rows[top..=bottom]
        .iter()
        .map(|r| r[left..=right].to_vec())
        .collect()
}

/// `text` as the X server draws it in `font` (black on white, as the game
/// draws text), by the test's own connection into a pixmap.
pub fn drawn_text(client: &XClient, font: &str, text: &str) -> Vec<Vec<bool>> {
    use x11rb::connection::Connection;
    use x11rb::protocol::xproto::{ConnectionExt as _, CreateGCAux, ImageFormat, Rectangle};
    let c = &client.conn;
    let screen = &c.setup().roots[0];
    let (w, h) = (800u16, 40u16);
    let pixmap = c.generate_id().expect("an id");
    c.create_pixmap(screen.root_depth, pixmap, client.root, w, h)
        .expect("CreatePixmap");
    let fid = c.generate_id().expect("an id");
    c.open_font(fid, font.as_bytes()).expect("OpenFont");
    let (white, ink) = (
        c.generate_id().expect("an id"),
        c.generate_id().expect("an id"),
    );
    c.create_gc(
        white,
        pixmap,
        &CreateGCAux::new().foreground(screen.white_pixel),
    )
    .expect("CreateGC");
    let aux = CreateGCAux::new()
        .foreground(screen.black_pixel)
        .background(screen.white_pixel)
        .font(fid);
    c.create_gc(ink, pixmap, &aux).expect("CreateGC");
    let all = Rectangle {
        x: 0,
        y: 0,
        width: w,
        height: h,
    };
    c.poly_fill_rectangle(pixmap, white, &[all]).expect("fill");
    c.image_text8(pixmap, ink, 10, 25, text.as_bytes())
        .expect("ImageText8");
    let image = c
        .get_image(ImageFormat::Z_PIXMAP, pixmap, 0, 0, w, h, !0)
        .expect("GetImage")
        .reply()
        .expect("GetImage reply");
    let bytes_per_pixel = image.data.len() / (usize::from(w) * usize::from(h));
    let pixel = |x: u32, y: u32| {
        let at = (y as usize * usize::from(w) + x as usize) * bytes_per_pixel;
        let mut v = 0u32;
        for (i, b) in image.data[at..at + bytes_per_pixel.min(4)]
            .iter()
            .enumerate()
        {
            v |= u32::from(*b) << (8 * i);
        }
        v
    };
    let _ = c.free_pixmap(pixmap);
    ink_rows(w.into(), h.into(), |x, y| pixel(x, y) == screen.black_pixel)
}
