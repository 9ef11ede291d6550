//! Keycodes to keys for the speech line: the small part of Xlib's keysym
//! lookup that an ASCII text line needs (the X protocol's rules for
//! keysyms), with no extra crate.

/// What a key press means to the speech line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A printable Latin-1 character.
    Char(char),
    /// Control held with a letter (always lower case here).
    Ctrl(char),
    /// Return, keypad Enter or Linefeed.
    Return,
    /// BackSpace.
    BackSpace,
    /// Delete.
    Delete,
    /// F1: with the learner's helper on, the computer's suggestion for the
    /// player's own move (see `super::suggestion`).
    Help,
    /// Anything else (modifiers, function keys): ignored.
    Other,
}

/// The keyboard mapping of one display, from its one GetKeyboardMapping reply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keymap {
    min_keycode: u8,
    per_keycode: u8,
    keysyms: Vec<u32>,
}

const RETURN: u32 = 0xff0d;
const LINEFEED: u32 = 0xff0a;
const KP_ENTER: u32 = 0xff8d;
const BACKSPACE: u32 = 0xff08;
const DELETE: u32 = 0xffff;
const KP_DELETE: u32 = 0xff9f;
const F1: u32 = 0xffbe;

impl Keymap {
    /// Wraps the reply's fields.
    pub fn new(min_keycode: u8, per_keycode: u8, keysyms: Vec<u32>) -> Keymap {
        Keymap {
            min_keycode,
            per_keycode,
            keysyms,
        }
    }

    /// The keysym of `keycode` with the given shift state (Shift xor Lock).
    pub fn keysym(&self, keycode: u8, shifted: bool) -> u32 {
        let per = self.per_keycode as usize;
        if per == 0 || keycode < self.min_keycode {
            return 0;
        }
        let base = (keycode - self.min_keycode) as usize * per;
        let col = |i: usize| {
            if i < per {
                self.keysyms.get(base + i).copied().unwrap_or(0)
            } else {
                0
            }
        };
        let lower = col(0);
        let mut upper = col(1);
        if upper == 0 {
            upper = match lower {
                0x61..=0x7a => lower - 0x20,
                0xe0..=0xfe if lower != 0xf7 => lower - 0x20,
                _ => lower,
            };
        }
        if shifted && upper != 0 {
            upper
        } else {
            lower
        }
    }

    /// The key for a press of `keycode` with shift and control states.
    pub fn key(&self, keycode: u8, shifted: bool, control: bool) -> Key {
        key_of(self.keysym(keycode, shifted), control)
    }
}

/// Interprets a keysym (with Control held or not).
pub fn key_of(keysym: u32, control: bool) -> Key {
    match keysym {
        RETURN | LINEFEED | KP_ENTER => Key::Return,
        BACKSPACE => Key::BackSpace,
        DELETE | KP_DELETE => Key::Delete,
        F1 => Key::Help,
        0x20..=0x7e | 0xa0..=0xff => {
            let c = char::from_u32(keysym).unwrap_or('?');
            if control {
                if c.is_ascii_alphabetic() {
                    Key::Ctrl(c.to_ascii_lowercase())
                } else {
                    Key::Other
                }
            } else {
                Key::Char(c)
            }
        }
        _ => Key::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> Keymap {
        // keycode 10: a A; 11: 1 exclam; 12: Return; 13: b (no shifted column); 14: Shift_L
        Keymap::new(
            10,
            2,
            vec![0x61, 0x41, 0x31, 0x21, RETURN, 0, 0x62, 0, 0xffe1, 0],
        )
    }

    #[test]
    fn plain_and_shifted() {
        let m = map();
        assert_eq!(m.key(10, false, false), Key::Char('a'));
        assert_eq!(m.key(10, true, false), Key::Char('A'));
        assert_eq!(m.key(11, true, false), Key::Char('!'));
        assert_eq!(m.key(13, true, false), Key::Char('B'));
        assert_eq!(m.key(12, false, false), Key::Return);
        assert_eq!(m.key(14, false, false), Key::Other);
        assert_eq!(m.key(9, false, false), Key::Other);
        assert_eq!(m.key(200, false, false), Key::Other);
    }

    #[test]
    fn control_letters() {
        let m = map();
        assert_eq!(m.key(10, false, true), Key::Ctrl('a'));
        assert_eq!(m.key(10, true, true), Key::Ctrl('a'));
        assert_eq!(m.key(11, false, true), Key::Other);
    }

    #[test]
    fn editing_keysyms() {
        assert_eq!(key_of(BACKSPACE, false), Key::BackSpace);
        assert_eq!(key_of(DELETE, false), Key::Delete);
        assert_eq!(key_of(KP_ENTER, false), Key::Return);
        assert_eq!(key_of(0xe9, false), Key::Char('é'));
        assert_eq!(key_of(F1, false), Key::Help);
        assert_eq!(key_of(0xffbf, false), Key::Other);
    }
}
