//! One player's X display: opening it with a handful of round trips, the
//! window and its pixmaps, and the two threads that talk to it afterwards —
//! a reader that turns events into [`Input`] and a writer that turns drawing
//! [`Op`]s into requests. The game loop only sends and receives messages, so
//! a slow or frozen display never blocks it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::errors::{ConnectionError, ReplyError, ReplyOrIdError};
use x11rb::properties::{WmSizeHints, WmSizeHintsSpecification};
use x11rb::protocol::xproto::{
    AtomEnum, ConnectionExt as _, CoordMode, CreateGCAux, CreateWindowAux, EventMask, Gcontext,
    ImageFormat, ImageOrder, KeyButMask, Mapping, Pixmap, PropMode, Rectangle, Window, WindowClass,
};
use x11rb::protocol::Event;
use x11rb::resource_manager;
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use super::bitmaps::{Bitmap, Picture};
use super::canvas::{Ink, Op, Surface};
use super::font::{font_candidates, CharSize, FontMetrics};
use super::input::Input;
use super::keys::{Key, Keymap};
use super::layout::{window_width, Rect, SPELL_POPUP, WINDOW_HEIGHT, WINDOW_ORIGIN};
use super::resources::{FONT_RESOURCE, NAME_RESOURCE};

/// A display that falls this far behind with drawing counts as gone (issue 5).
pub const LAG_LIMIT: Duration = Duration::from_secs(3);

/// What went wrong with a display, in one line for standard error.
#[derive(Debug, thiserror::Error)]
pub enum DisplayError {
    /// The display could not be opened at all.
    #[error("cannot open display {display}: {reason}")]
    Open {
        /// The display as named on the command line (or `$DISPLAY`).
        display: String,
        /// Why.
        reason: String,
    },
    /// None of the fonts could be loaded.
    #[error("no usable font on display {display} (tried {tried})")]
    NoFont {
        /// The display.
        display: String,
        /// The names tried.
        tried: String,
    },
    /// The connection failed during start-up.
    #[error("display {display} failed during start-up: {reason}")]
    Setup {
        /// The display.
        display: String,
        /// Why.
        reason: String,
    },
}

/// A message from a display thread to the game loop.
#[derive(Debug)]
pub enum Msg {
    /// Input for player `.0`'s window.
    Input(usize, Input),
    /// Player `.0`'s display is gone (closed, dead, or hopelessly behind).
    Gone(usize),
}

/// A display connected and asked for its resources, before its window exists.
pub struct Connected {
    conn: Arc<RustConnection>,
    screen: usize,
    label: String,
    /// The `spellcast*name` resource, if set.
    pub name: Option<String>,
    font: Option<String>,
    keymap: Keymap,
    wm_protocols: u32,
    wm_delete: u32,
}

/// How a display is named in messages.
fn label_of(name: Option<&str>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => std::env::var("DISPLAY").unwrap_or_else(|_| "(unset $DISPLAY)".to_string()),
    }
}

/// Opens a display and reads what the names and keys need: one GetProperty
/// (resources), two InternAtoms and one GetKeyboardMapping, all pipelined.
pub fn connect(name: Option<&str>) -> Result<Connected, DisplayError> {
    let label = label_of(name);
    let open_err = |reason: String| DisplayError::Open {
        display: label.clone(),
        reason,
    };
    let (conn, screen) = x11rb::connect(name).map_err(|e| open_err(e.to_string()))?;
    let fail = |e: &dyn std::fmt::Display| DisplayError::Setup {
        display: label.clone(),
        reason: e.to_string(),
    };
    let (min, max) = (conn.setup().min_keycode, conn.setup().max_keycode);
    let protocols = conn
        .intern_atom(false, b"WM_PROTOCOLS")
        .map_err(|e| fail(&e))?;
    let delete = conn
        .intern_atom(false, b"WM_DELETE_WINDOW")
        .map_err(|e| fail(&e))?;
    let keys = conn
        .get_keyboard_mapping(min, max.saturating_sub(min).saturating_add(1))
        .map_err(|e| fail(&e))?;
    let db = resource_manager::new_from_default(&conn).map_err(|e| fail(&e))?;
    let wm_protocols = protocols.reply().map_err(|e| fail(&e))?.atom;
    let wm_delete = delete.reply().map_err(|e| fail(&e))?.atom;
    let keys = keys.reply().map_err(|e| fail(&e))?;
    let keymap = Keymap::new(min, keys.keysyms_per_keycode, keys.keysyms);
    let name = db
        .get_string(NAME_RESOURCE.0, NAME_RESOURCE.1)
        .map(str::to_string);
    let font = db
        .get_string(FONT_RESOURCE.0, FONT_RESOURCE.1)
        .map(str::to_string);
    Ok(Connected {
        conn: Arc::new(conn),
        screen,
        label,
        name,
        font,
        keymap,
        wm_protocols,
        wm_delete,
    })
}

/// Server-side resources of one window, used by the writer.
#[derive(Debug, Clone)]
struct Ids {
    window: Window,
    backing: Pixmap,
    scratch: Pixmap,
    black: Gcontext,
    white: Gcontext,
    /// All pictures stacked in one depth-1 pixmap.
    sheet: Pixmap,
    /// Each picture's (top row in the sheet, width, height).
    pictures: Vec<(u16, u16, u16)>,
}

/// A player's display with its window up, ready to be handed to the threads.
pub struct Display {
    conn: Arc<RustConnection>,
    ids: Ids,
    label: String,
    keymap: Keymap,
    wm_delete: u32,
    /// Text metrics of the font in use.
    pub font: FontMetrics,
}

fn metrics_of(q: &x11rb::protocol::xproto::QueryFontReply) -> FontMetrics {
    let size = |c: &x11rb::protocol::xproto::Charinfo| CharSize {
        width: c.character_width as i32,
        ascent: c.ascent as i32,
        descent: c.descent as i32,
    };
    let default = size(&q.max_bounds);
    if q.min_byte1 != 0 || q.char_infos.is_empty() {
        return FontMetrics::new(0, &[], default);
    }
    let row = (q.max_char_or_byte2 as usize + 1).saturating_sub(q.min_char_or_byte2 as usize);
    let chars: Vec<CharSize> = q.char_infos.iter().take(row).map(size).collect();
    FontMetrics::new(q.min_char_or_byte2 as u32, &chars, default)
}

impl Connected {
    /// Loads the font (resource, then the fallbacks: one QueryFont each, the
    /// first normally succeeds), creates the window titled for `player_name`,
    /// its pixmaps, GCs and pictures, and maps it. Only the QueryFont waits.
    pub fn open_window(self, player_name: &str, players: usize) -> Result<Display, DisplayError> {
        let label = self.label.clone();
        let fail = |e: &dyn std::fmt::Display| DisplayError::Setup {
            display: label.clone(),
            reason: e.to_string(),
        };
        let conn = &self.conn;
        let candidates = font_candidates(self.font.as_deref());
        let mut loaded = None;
        for (i, name) in candidates.iter().enumerate() {
            let fid = conn.generate_id().map_err(|e| fail(&e))?;
            conn.open_font(fid, name.as_bytes())
                .map_err(|e| fail(&e))?
                .ignore_error();
            match conn.query_font(fid).map_err(|e| fail(&e))?.reply() {
                Ok(q) => {
                    loaded = Some((fid, metrics_of(&q)));
                    break;
                }
                Err(ReplyError::X11Error(_)) => {
                    if let Some(next) = candidates.get(i + 1) {
                        eprintln!(
                            "spellcast: cannot load font \"{name}\" on display {label}; trying \"{next}\""
                        );
                    }
                }
                Err(e) => return Err(fail(&e)),
            }
        }
        let Some((fid, font)) = loaded else {
            return Err(DisplayError::NoFont {
                display: label.clone(),
                tried: candidates.join(", "),
            });
        };
        let ids = create_window(
            conn,
            self.screen,
            fid,
            player_name,
            players,
            self.wm_protocols,
            self.wm_delete,
        )
        .map_err(|e| fail(&e))?;
        Ok(Display {
            conn: Arc::clone(&self.conn),
            ids,
            label: self.label,
            keymap: self.keymap,
            wm_delete: self.wm_delete,
            font,
        })
    }
}

fn create_window(
    conn: &RustConnection,
    screen_num: usize,
    font: u32,
    player_name: &str,
    players: usize,
    wm_protocols: u32,
    wm_delete: u32,
) -> Result<Ids, ReplyOrIdError> {
    let setup = conn.setup();
    let screen = &setup.roots[screen_num.min(setup.roots.len().saturating_sub(1))];
    let (width, height) = (window_width(players) as u16, WINDOW_HEIGHT as u16);
    let window = conn.generate_id()?;
    conn.create_window(
        x11rb::COPY_DEPTH_FROM_PARENT,
        window,
        screen.root,
        WINDOW_ORIGIN.0 as i16,
        WINDOW_ORIGIN.1 as i16,
        width,
        height,
        1,
        WindowClass::INPUT_OUTPUT,
        x11rb::COPY_FROM_PARENT,
        &CreateWindowAux::new()
            .background_pixel(screen.white_pixel)
            .border_pixel(screen.black_pixel)
            .event_mask(
                EventMask::BUTTON_PRESS
                    | EventMask::BUTTON_RELEASE
                    | EventMask::BUTTON_MOTION
                    | EventMask::KEY_PRESS
                    | EventMask::EXPOSURE,
            ),
    )?;
    let title = super::font::latin1(&format!("Spellcast: {player_name}"));
    let class: &[u8] = b"spellcast\0Spellcast\0";
    for (property, value) in [
        (AtomEnum::WM_NAME, title.as_slice()),
        (AtomEnum::WM_ICON_NAME, title.as_slice()),
        (AtomEnum::WM_CLASS, class),
    ] {
        conn.change_property8(PropMode::REPLACE, window, property, AtomEnum::STRING, value)?;
    }
    conn.change_property32(
        PropMode::REPLACE,
        window,
        wm_protocols,
        AtomEnum::ATOM,
        &[wm_delete],
    )?;
    let hints = WmSizeHints {
        position: Some((
            WmSizeHintsSpecification::ProgramSpecified,
            WINDOW_ORIGIN.0,
            WINDOW_ORIGIN.1,
        )),
        size: Some((
            WmSizeHintsSpecification::ProgramSpecified,
            width as i32,
            height as i32,
        )),
        min_size: Some((width as i32, height as i32)),
        max_size: Some((width as i32, height as i32)),
        ..WmSizeHints::default()
    };
    hints.set_normal_hints(conn, window)?;

    let black = conn.generate_id()?;
    conn.create_gc(
        black,
        window,
        &CreateGCAux::new()
            .foreground(screen.black_pixel)
            .background(screen.white_pixel)
            .font(font)
            .graphics_exposures(0),
    )?;
    let white = conn.generate_id()?;
    conn.create_gc(
        white,
        window,
        &CreateGCAux::new()
            .foreground(screen.white_pixel)
            .background(screen.black_pixel)
            .graphics_exposures(0),
    )?;
    let backing = conn.generate_id()?;
    conn.create_pixmap(screen.root_depth, backing, window, width, height)?;
    conn.poly_fill_rectangle(
        backing,
        white,
        &[Rectangle {
            x: 0,
            y: 0,
            width,
            height,
        }],
    )?;
    let scratch = conn.generate_id()?;
    conn.create_pixmap(
        screen.root_depth,
        scratch,
        window,
        SPELL_POPUP.w as u16,
        SPELL_POPUP.h as u16,
    )?;

    let msb = setup.bitmap_format_bit_order == ImageOrder::MSB_FIRST;
    let pad = setup.bitmap_format_scanline_pad;
    // Every picture goes up in one sheet: one pixmap, one PutImage.
    let bitmaps: Vec<Bitmap> = Picture::all().into_iter().map(Picture::bitmap).collect();
    let (sheet_bits, tops) = Bitmap::stack(&bitmaps.iter().collect::<Vec<_>>());
    let sheet = conn.generate_id()?;
    conn.create_pixmap(1, sheet, window, sheet_bits.width, sheet_bits.height)?;
    let bit_gc = conn.generate_id()?;
    conn.create_gc(
        bit_gc,
        sheet,
        &CreateGCAux::new().foreground(1).background(0),
    )?;
    conn.put_image(
        ImageFormat::XY_PIXMAP,
        sheet,
        bit_gc,
        sheet_bits.width,
        sheet_bits.height,
        0,
        0,
        0,
        1,
        &sheet_bits.packed(pad, msb),
    )?;
    conn.free_gc(bit_gc)?;
    let pictures = bitmaps
        .iter()
        .zip(tops)
        .map(|(b, top)| (top, b.width, b.height))
        .collect();
    conn.map_window(window)?;
    conn.flush()?;
    Ok(Ids {
        window,
        backing,
        scratch,
        black,
        white,
        sheet,
        pictures,
    })
}

/// Work for a writer thread.
#[derive(Debug)]
enum Batch {
    /// Draw these ops, then flush.
    Draw(Vec<Op>),
    /// Destroy the window, flush and stop.
    Close,
}

/// The game loop's handle on a display's writer: sends batches of ops and
/// notices when the display stops keeping up.
#[derive(Debug)]
pub struct Link {
    tx: Sender<Batch>,
    done: Arc<AtomicU64>,
    sent: u64,
    pending: VecDeque<(u64, Instant)>,
}

impl Link {
    /// Queues a batch; false if the writer has stopped (the display is gone).
    pub fn send(&mut self, ops: Vec<Op>) -> bool {
        if ops.is_empty() {
            return true;
        }
        self.sent += 1;
        self.pending.push_back((self.sent, Instant::now()));
        self.tx.send(Batch::Draw(ops)).is_ok()
    }

    /// Takes the window down (the player left); the writer then stops.
    pub fn close(&self) {
        let _ = self.tx.send(Batch::Close);
    }

    /// Whether the oldest unfinished batch is older than [`LAG_LIMIT`].
    pub fn lagging(&mut self, now: Instant) -> bool {
        let done = self.done.load(Ordering::Acquire);
        while self.pending.front().is_some_and(|(seq, _)| *seq <= done) {
            self.pending.pop_front();
        }
        self.pending
            .front()
            .is_some_and(|(_, t)| now.duration_since(*t) > LAG_LIMIT)
    }

    /// When [`Link::lagging`] should next be asked, if anything is pending.
    pub fn next_check(&self) -> Option<Instant> {
        self.pending
            .front()
            .map(|(_, t)| *t + LAG_LIMIT + Duration::from_millis(10))
    }
}

impl Display {
    /// Starts the reader and writer threads of player `player`; input arrives on `tx`.
    pub fn start(self, player: usize, tx: Sender<Msg>) -> Link {
        let (wtx, wrx) = channel::<Batch>();
        let done = Arc::new(AtomicU64::new(0));
        {
            let conn = Arc::clone(&self.conn);
            let ids = self.ids.clone();
            let done = Arc::clone(&done);
            let tx = tx.clone();
            std::thread::spawn(move || writer(conn, ids, wrx, done, tx, player));
        }
        {
            let conn = Arc::clone(&self.conn);
            let window = self.ids.window;
            let keymap = self.keymap.clone();
            let wm_delete = self.wm_delete;
            std::thread::spawn(move || reader(conn, window, keymap, wm_delete, tx, player));
        }
        Link {
            tx: wtx,
            done,
            sent: 0,
            pending: VecDeque::new(),
        }
    }

    /// The display's name, for messages.
    pub fn label(&self) -> &str {
        &self.label
    }
}

fn writer(
    conn: Arc<RustConnection>,
    ids: Ids,
    rx: Receiver<Batch>,
    done: Arc<AtomicU64>,
    tx: Sender<Msg>,
    player: usize,
) {
    for batch in rx {
        let batch = match batch {
            Batch::Draw(ops) => ops,
            Batch::Close => {
                let _ = conn.destroy_window(ids.window);
                let _ = conn.flush();
                return;
            }
        };
        let result = batch
            .iter()
            .try_for_each(|op| execute(&conn, &ids, op))
            .and_then(|_| conn.flush());
        if result.is_err() {
            let _ = tx.send(Msg::Gone(player));
            return;
        }
        done.fetch_add(1, Ordering::Release);
    }
}

fn clip16(v: i32) -> i16 {
    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

fn size16(v: i32) -> u16 {
    v.clamp(0, u16::MAX as i32) as u16
}

fn execute(conn: &RustConnection, ids: &Ids, op: &Op) -> Result<(), ConnectionError> {
    let drawable = |s: Surface| match s {
        Surface::Window => ids.window,
        Surface::Backing => ids.backing,
        Surface::Scratch => ids.scratch,
    };
    let gc = |i: Ink| match i {
        Ink::Black => ids.black,
        Ink::White => ids.white,
    };
    let rect = |r: &Rect, shrink: i32| Rectangle {
        x: clip16(r.x),
        y: clip16(r.y),
        width: size16(r.w - shrink),
        height: size16(r.h - shrink),
    };
    match op {
        Op::Fill { on, rect: r, ink } => {
            conn.poly_fill_rectangle(drawable(*on), gc(*ink), &[rect(r, 0)])?;
        }
        Op::Frame { on, rect: r, ink } => {
            conn.poly_rectangle(drawable(*on), gc(*ink), &[rect(r, 1)])?;
        }
        Op::Lines { on, points, ink } => {
            let pts: Vec<x11rb::protocol::xproto::Point> = points
                .iter()
                .map(|&(x, y)| x11rb::protocol::xproto::Point {
                    x: clip16(x),
                    y: clip16(y),
                })
                .collect();
            conn.poly_line(CoordMode::ORIGIN, drawable(*on), gc(*ink), &pts)?;
        }
        Op::Text { on, x, y, bytes } => {
            conn.image_text8(drawable(*on), ids.black, clip16(*x), clip16(*y), bytes)?;
        }
        Op::Picture { on, x, y, picture } => {
            if let Some(&(top, w, h)) = ids.pictures.get(picture.index()) {
                conn.copy_plane(
                    ids.sheet,
                    drawable(*on),
                    ids.black,
                    0,
                    clip16(i32::from(top)),
                    clip16(*x),
                    clip16(*y),
                    w,
                    h,
                    1,
                )?;
            }
        }
        Op::Copy {
            from,
            to,
            src,
            x,
            y,
        } => {
            conn.copy_area(
                drawable(*from),
                drawable(*to),
                ids.black,
                clip16(src.x),
                clip16(src.y),
                clip16(*x),
                clip16(*y),
                size16(src.w),
                size16(src.h),
            )?;
        }
    }
    Ok(())
}

fn reader(
    conn: Arc<RustConnection>,
    window: Window,
    mut keymap: Keymap,
    wm_delete: u32,
    tx: Sender<Msg>,
    player: usize,
) {
    loop {
        let event = match conn.wait_for_event() {
            Ok(e) => e,
            Err(_) => {
                let _ = tx.send(Msg::Gone(player));
                return;
            }
        };
        let input = match event {
            Event::ButtonPress(e) if e.event == window && (1..=3).contains(&e.detail) => {
                Some(Input::Press {
                    button: e.detail,
                    x: e.event_x.into(),
                    y: e.event_y.into(),
                })
            }
            Event::ButtonRelease(e) if e.event == window && (1..=3).contains(&e.detail) => {
                Some(Input::Release {
                    button: e.detail,
                    x: e.event_x.into(),
                    y: e.event_y.into(),
                })
            }
            Event::MotionNotify(e) if e.event == window => Some(Input::Motion {
                x: e.event_x.into(),
                y: e.event_y.into(),
            }),
            Event::KeyPress(e) => {
                let shifted =
                    e.state.contains(KeyButMask::SHIFT) ^ e.state.contains(KeyButMask::LOCK);
                let control = e.state.contains(KeyButMask::CONTROL);
                match keymap.key(e.detail, shifted, control) {
                    Key::Other => None,
                    k => Some(Input::Key(k)),
                }
            }
            Event::Expose(e) if e.window == window => Some(Input::Expose(Rect::new(
                e.x.into(),
                e.y.into(),
                e.width.into(),
                e.height.into(),
            ))),
            Event::ClientMessage(e) if e.format == 32 && e.data.as_data32()[0] == wm_delete => {
                Some(Input::Close)
            }
            Event::MappingNotify(e) if e.request == Mapping::KEYBOARD => {
                // Rare (keyboard remapped): one round trip, on this thread only.
                let s = conn.setup();
                let (min, max) = (s.min_keycode, s.max_keycode);
                if let Ok(Ok(r)) = conn
                    .get_keyboard_mapping(min, max.saturating_sub(min).saturating_add(1))
                    .map(|c| c.reply())
                {
                    keymap = Keymap::new(min, r.keysyms_per_keycode, r.keysyms);
                }
                None
            }
            _ => None,
        };
        if let Some(input) = input {
            if tx.send(Msg::Input(player, input)).is_err() {
                return;
            }
        }
    }
}
