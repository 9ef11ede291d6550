//! Opening a display and asking it, in one pipelined batch, for what the
//! names, keys and window need.

use std::sync::Arc;

use x11rb::connection::Connection;
use x11rb::errors::ReplyError;
use x11rb::protocol::xproto::ConnectionExt as _;
use x11rb::resource_manager;
use x11rb::rust_connection::RustConnection;

use super::setup::create_window;
use super::{Display, DisplayError};
use crate::x11::font::{font_candidates, CharSize, FontMetrics};
use crate::x11::keys::Keymap;
use crate::x11::resources::{FONT_RESOURCE, NAME_RESOURCE};

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
