//! Opening every display and asking each, in one pipelined batch, for
//! everything start-up needs: resources, the keyboard map, two atoms and the
//! metrics of the first fallback font. Over a distant link that costs one
//! round trip after the connection set-up (a `spellcast*font` resource adds
//! one more), whatever the number of displays.

use std::ffi::OsString;
use std::sync::Arc;

use x11rb::connection::{Connection, RequestConnection};
use x11rb::cookie::Cookie;
use x11rb::errors::{ReplyError, ReplyOrIdError};
use x11rb::protocol::xproto::{
    ConnectionExt as _, Font, GetKeyboardMappingReply, GetPropertyReply, InternAtomReply,
    QueryFontReply,
};
use x11rb::resource_manager::Database;
use x11rb::rust_connection::RustConnection;

use super::handshake;
use super::setup::create_window;
use super::{Display, DisplayError};
use crate::x11::font::{CharSize, FontMetrics, FALLBACK_FONTS};
use crate::x11::helper::HELPER_RESOURCE;
use crate::x11::keys::Keymap;
use crate::x11::resources::{FONT_RESOURCE, NAME_RESOURCE, RULES_RESOURCE};

/// A display connected and asked for its resources, before its window exists.
pub struct Connected {
    conn: Arc<RustConnection>,
    screen: usize,
    label: String,
    /// The `spellcast*name` resource, if set.
    pub name: Option<String>,
    /// The `spellcast*helper` resource switches the learner's helper on.
    pub helper: bool,
    /// The `spellcast*rules` resource (a rule book's name), if set.
    pub rules: Option<String>,
    /// The font in use and its metrics.
    font: (Font, FontMetrics),
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

/// A font asked for: its id and the pending QueryFont.
type FontQuery<'c> = (String, Font, Cookie<'c, RustConnection, QueryFontReply>);

/// Opens font `name` and asks for its metrics, without waiting.
fn ask_font<'c>(conn: &'c RustConnection, name: &str) -> Result<FontQuery<'c>, ReplyOrIdError> {
    let fid = conn.generate_id()?;
    conn.open_font(fid, name.as_bytes())?.ignore_error();
    Ok((name.to_string(), fid, conn.query_font(fid)?))
}

/// Start-up queries sent to one display whose replies are not read yet.
struct Asked<'c> {
    protocols: Cookie<'c, RustConnection, InternAtomReply>,
    delete: Cookie<'c, RustConnection, InternAtomReply>,
    keys: Cookie<'c, RustConnection, GetKeyboardMappingReply>,
    fonts: Vec<FontQuery<'c>>,
    resources: Cookie<'c, RustConnection, GetPropertyReply>,
}

/// What a display's replies say.
struct Answers {
    name: Option<String>,
    helper: bool,
    rules: Option<String>,
    font: (Font, FontMetrics),
    keymap: Keymap,
    wm_protocols: u32,
    wm_delete: u32,
}

/// Sends, without waiting, everything start-up needs from a display: two
/// InternAtoms, GetKeyboardMapping, QueryFont of the first fallback font
/// and the resources (GetProperty of RESOURCE_MANAGER).
fn ask(conn: &RustConnection) -> Result<Asked<'_>, ReplyOrIdError> {
    let (min, max) = (conn.setup().min_keycode, conn.setup().max_keycode);
    let protocols = conn.intern_atom(false, b"WM_PROTOCOLS")?;
    let delete = conn.intern_atom(false, b"WM_DELETE_WINDOW")?;
    let keys = conn.get_keyboard_mapping(min, max.saturating_sub(min).saturating_add(1))?;
    // The first fallback font goes in the batch; the others are asked for
    // one by one only if it is missing (they come from the same packages).
    let mut fonts = Vec::with_capacity(FALLBACK_FONTS.len() + 1);
    fonts.push(ask_font(conn, FALLBACK_FONTS[0])?);
    let mut request = Database::GET_RESOURCE_DATABASE;
    request.window = conn.setup().roots[0].root;
    let resources = conn.send_trait_request_with_reply(request)?;
    conn.flush()?;
    Ok(Asked {
        protocols,
        delete,
        keys,
        fonts,
        resources,
    })
}

/// Reads the replies to [`ask`]; only a `spellcast*font` resource sends
/// another request (and waits for it).
fn answers(conn: &RustConnection, asked: Asked<'_>, label: &str) -> Result<Answers, DisplayError> {
    let fail = |e: &dyn std::fmt::Display| DisplayError::Setup {
        display: label.to_string(),
        reason: e.to_string(),
    };
    let Asked {
        protocols,
        delete,
        keys,
        mut fonts,
        resources,
    } = asked;
    // As XGetDefault: the property, else ~/.Xresources or ~/.Xdefaults,
    // merged with $XENVIRONMENT or ~/.Xdefaults-<host>.
    let db = Database::new_from_default(&resources.reply().map_err(|e| fail(&e))?, hostname());
    let wm_protocols = protocols.reply().map_err(|e| fail(&e))?.atom;
    let wm_delete = delete.reply().map_err(|e| fail(&e))?.atom;
    let keys = keys.reply().map_err(|e| fail(&e))?;
    let keymap = Keymap::new(
        conn.setup().min_keycode,
        keys.keysyms_per_keycode,
        keys.keysyms,
    );
    let name = db
        .get_string(NAME_RESOURCE.0, NAME_RESOURCE.1)
        .map(str::to_string);
    let helper =
        crate::x11::helper::switched_on(db.get_string(HELPER_RESOURCE.0, HELPER_RESOURCE.1));
    let rules = db
        .get_string(RULES_RESOURCE.0, RULES_RESOURCE.1)
        .map(|r| r.trim().to_string())
        .filter(|r| !r.is_empty());
    let wanted = db
        .get_string(FONT_RESOURCE.0, FONT_RESOURCE.1)
        .map(str::trim)
        .filter(|f| !f.is_empty());
    if let Some(f) = wanted {
        fonts.insert(0, ask_font(conn, f).map_err(|e| fail(&e))?);
    }
    let font = first_font(conn, fonts, &FALLBACK_FONTS[1..], label)?;
    Ok(Answers {
        name,
        helper,
        rules,
        font,
        keymap,
        wm_protocols,
        wm_delete,
    })
}

/// This machine's name, for `~/.Xdefaults-<host>` (empty if unknown).
fn hostname() -> OsString {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| OsString::from(h.trim()))
        .unwrap_or_default()
}

/// Connects to every display at once on this thread: all set-up requests
/// go out before any answer is read, then every display's batch of queries
/// goes out before any reply is read. Over distant links start-up costs two
/// round trips in all, whatever the number of displays.
pub fn connect_all(displays: &[Option<String>]) -> Vec<Result<Connected, DisplayError>> {
    let labels: Vec<String> = displays.iter().map(|d| label_of(d.as_deref())).collect();
    let greetings: Vec<_> = displays
        .iter()
        .map(|d| handshake::greet(d.as_deref()))
        .collect();
    let conns: Vec<Result<(RustConnection, usize), DisplayError>> = greetings
        .into_iter()
        .zip(&labels)
        .map(|(g, label)| {
            g.and_then(handshake::Greeting::answer)
                .map_err(|reason| DisplayError::Open {
                    display: label.clone(),
                    reason,
                })
        })
        .collect();
    let asked: Vec<Option<Result<Asked<'_>, DisplayError>>> = conns
        .iter()
        .zip(&labels)
        .map(|(c, label)| {
            c.as_ref().ok().map(|(conn, _)| {
                ask(conn).map_err(|e| DisplayError::Setup {
                    display: label.clone(),
                    reason: e.to_string(),
                })
            })
        })
        .collect();
    let replies: Vec<Option<Result<Answers, DisplayError>>> = asked
        .into_iter()
        .zip(&conns)
        .zip(&labels)
        .map(|((a, c), label)| match (a, c) {
            (Some(Ok(a)), Ok((conn, _))) => Some(answers(conn, a, label)),
            (Some(Err(e)), _) => Some(Err(e)),
            _ => None,
        })
        .collect();
    conns
        .into_iter()
        .zip(replies)
        .zip(labels)
        .map(|((c, r), label)| {
            let (conn, screen) = c?;
            let a = r.unwrap_or_else(|| {
                Err(DisplayError::Setup {
                    display: label.clone(),
                    reason: "no answer to the start-up queries".to_string(),
                })
            })?;
            Ok(Connected {
                conn: Arc::new(conn),
                screen,
                label,
                name: a.name,
                helper: a.helper,
                rules: a.rules,
                font: a.font,
                keymap: a.keymap,
                wm_protocols: a.wm_protocols,
                wm_delete: a.wm_delete,
            })
        })
        .collect()
}

/// The first of the fonts asked for that the server has (a notice on
/// standard error for each one skipped); the others are closed again.
fn first_font<'c>(
    conn: &'c RustConnection,
    fonts: Vec<FontQuery<'c>>,
    last_resort: &[&str],
    label: &str,
) -> Result<(Font, FontMetrics), DisplayError> {
    let fail = |e: &dyn std::fmt::Display| DisplayError::Setup {
        display: label.to_string(),
        reason: e.to_string(),
    };
    let tried: Vec<String> = fonts
        .iter()
        .map(|(n, _, _)| n.clone())
        .chain(last_resort.iter().map(|n| n.to_string()))
        .collect();
    let mut chosen = None;
    let mut queue = fonts.into_iter();
    let mut spare = last_resort.iter();
    for (i, name) in tried.iter().enumerate() {
        let (_, fid, cookie) = match queue.next() {
            Some(q) => q,
            None if chosen.is_some() => break,
            None => match spare.next() {
                Some(f) => ask_font(conn, f).map_err(|e| fail(&e))?,
                None => break,
            },
        };
        let reply = cookie.reply();
        if chosen.is_some() {
            let _ = conn.close_font(fid);
            continue;
        }
        match reply {
            Ok(q) => chosen = Some((fid, metrics_of(&q))),
            Err(ReplyError::X11Error(_)) => {
                if let Some(next) = tried.get(i + 1) {
                    eprintln!(
                        "spellcast: cannot load font \"{name}\" on display {label}; trying \"{next}\""
                    );
                }
            }
            Err(e) => return Err(fail(&e)),
        }
    }
    chosen.ok_or_else(|| DisplayError::NoFont {
        display: label.to_string(),
        tried: tried.join(", "),
    })
}

fn metrics_of(q: &x11rb::protocol::xproto::QueryFontReply) -> FontMetrics {
    let size = |c: &x11rb::protocol::xproto::Charinfo| CharSize {
        width: c.character_width as i32,
        ascent: c.ascent as i32,
        descent: c.descent as i32,
    };
    let default = size(&q.max_bounds);
    if q.min_byte1 != 0 || q.char_infos.is_empty() {
        return FontMetrics::new(0, &[], default)
            .with_font_extents(q.font_ascent.into(), q.font_descent.into());
    }
    let row = (q.max_char_or_byte2 as usize + 1).saturating_sub(q.min_char_or_byte2 as usize);
    let chars: Vec<CharSize> = q.char_infos.iter().take(row).map(size).collect();
    FontMetrics::new(q.min_char_or_byte2 as u32, &chars, default)
        .with_font_extents(q.font_ascent.into(), q.font_descent.into())
}

impl Connected {
    /// Creates the window titled for `player_name` at `origin` (root
    /// coordinates), its pixmaps, GCs and pictures, and maps it. Nothing
    /// here waits for the server.
    pub fn open_window(
        self,
        player_name: &str,
        players: usize,
        origin: (i32, i32),
    ) -> Result<Display, DisplayError> {
        let label = self.label.clone();
        let fail = |e: &dyn std::fmt::Display| DisplayError::Setup {
            display: label.clone(),
            reason: e.to_string(),
        };
        let (fid, font) = self.font;
        let ids = create_window(
            &self.conn,
            self.screen,
            fid,
            player_name,
            (players, origin),
            (self.wm_protocols, self.wm_delete),
        )
        .map_err(|e| fail(&e))?;
        Ok(Display {
            conn: self.conn,
            ids,
            label: self.label,
            keymap: self.keymap,
            wm_delete: self.wm_delete,
            font,
        })
    }
}
