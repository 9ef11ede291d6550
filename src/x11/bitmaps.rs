//! The gesture pictures and spell-list icons: XBM text compiled into the
//! binary, parsed once at start-up.

use crate::engine::{Gesture, Hand};

/// A small picture for the spell list (16×16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Icon {
    /// P with one hand.
    Palm,
    /// D with one hand.
    Digit,
    /// F with one hand.
    Fingers,
    /// W with one hand.
    Wave,
    /// S with one hand.
    Snap,
    /// A stab.
    Stab,
    /// Death Match's Onyx beam: a black gem held up, its beam shooting out.
    Onyx,
    /// c: both hands clap.
    BothClap,
    /// d: both hands point.
    BothDigit,
    /// w: both hands wave.
    BothWave,
    /// s: both hands snap.
    BothSnap,
    /// p: both palms (surrender).
    BothPalm,
    /// Filler for unused slots.
    Dot,
}

impl Icon {
    /// The icon for one step of a spell's gesture sequence. One-handed clap
    /// has none (no spell uses it).
    pub fn for_step(gesture: Gesture, both: bool) -> Option<Icon> {
        Some(match (gesture, both) {
            (Gesture::Palm, false) => Icon::Palm,
            (Gesture::Digit, false) => Icon::Digit,
            (Gesture::Fingers, false) => Icon::Fingers,
            (Gesture::Wave, false) => Icon::Wave,
            (Gesture::Snap, false) => Icon::Snap,
            (Gesture::Stab, _) => Icon::Stab,
            (Gesture::Onyx, _) => Icon::Onyx,
            (Gesture::Clap, true) => Icon::BothClap,
            (Gesture::Digit, true) => Icon::BothDigit,
            (Gesture::Wave, true) => Icon::BothWave,
            (Gesture::Snap, true) => Icon::BothSnap,
            (Gesture::Palm, true) => Icon::BothPalm,
            _ => return None,
        })
    }
}

/// Everything the window can show from a bitmap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Picture {
    /// A 48×48 hand making a gesture (nothing included).
    Hand(Hand, Gesture),
    /// The 48×48 anti-spell disruption mark.
    AntiSpell(Hand),
    /// The 48×48 fog: a gesture the viewer cannot see.
    Fog,
    /// A 16×16 spell-list icon.
    Icon(Icon),
}

const ICONS: [Icon; 13] = [
    Icon::Palm,
    Icon::Digit,
    Icon::Fingers,
    Icon::Wave,
    Icon::Snap,
    Icon::Stab,
    Icon::Onyx,
    Icon::BothClap,
    Icon::BothDigit,
    Icon::BothWave,
    Icon::BothSnap,
    Icon::BothPalm,
    Icon::Dot,
];

/// Every gesture a hand can be drawn making: the original's eight, then
/// Death Match's Onyx beam.
const HAND_GESTURES: [Gesture; 9] = [
    Gesture::Nothing,
    Gesture::Palm,
    Gesture::Digit,
    Gesture::Fingers,
    Gesture::Wave,
    Gesture::Clap,
    Gesture::Snap,
    Gesture::Stab,
    Gesture::Onyx,
];

/// Hand pictures per hand.
const PER_HAND: usize = HAND_GESTURES.len();

impl Picture {
    /// Number of distinct pictures.
    pub const COUNT: usize = 2 * PER_HAND + 2 + 1 + ICONS.len();

    /// Every picture, in [`Picture::index`] order.
    pub fn all() -> Vec<Picture> {
        let mut v = Vec::with_capacity(Self::COUNT);
        for hand in Hand::BOTH {
            for g in HAND_GESTURES {
                v.push(Picture::Hand(hand, g));
            }
        }
        v.push(Picture::AntiSpell(Hand::Left));
        v.push(Picture::AntiSpell(Hand::Right));
        v.push(Picture::Fog);
        v.extend(ICONS.iter().map(|&i| Picture::Icon(i)));
        v
    }

    /// A dense number, for tables of server-side pixmaps.
    pub fn index(self) -> usize {
        match self {
            Picture::Hand(h, g) => h.index() * PER_HAND + g as usize,
            Picture::AntiSpell(h) => 2 * PER_HAND + h.index(),
            Picture::Fog => 2 * PER_HAND + 2,
            Picture::Icon(i) => 2 * PER_HAND + 3 + ICONS.iter().position(|&x| x == i).unwrap_or(0),
        }
    }

    /// The XBM source compiled into the program.
    fn source(self) -> &'static str {
        use Gesture as G;
        use Hand::{Left as L, Right as R};
        match self {
            Picture::Hand(L, G::Nothing) => {
                include_str!("../../resources/gestures/left_nothing.xbm")
            }
            Picture::Hand(L, G::Palm) => include_str!("../../resources/gestures/left_palm.xbm"),
            Picture::Hand(L, G::Digit) => include_str!("../../resources/gestures/left_digit.xbm"),
            Picture::Hand(L, G::Fingers) => {
                include_str!("../../resources/gestures/left_fingers.xbm")
            }
            Picture::Hand(L, G::Wave) => include_str!("../../resources/gestures/left_wave.xbm"),
            Picture::Hand(L, G::Clap) => include_str!("../../resources/gestures/left_clap.xbm"),
            Picture::Hand(L, G::Snap) => include_str!("../../resources/gestures/left_snap.xbm"),
            Picture::Hand(L, G::Stab) => include_str!("../../resources/gestures/left_stab.xbm"),
            Picture::Hand(R, G::Nothing) => {
                include_str!("../../resources/gestures/right_nothing.xbm")
            }
            Picture::Hand(R, G::Palm) => include_str!("../../resources/gestures/right_palm.xbm"),
            Picture::Hand(R, G::Digit) => include_str!("../../resources/gestures/right_digit.xbm"),
            Picture::Hand(R, G::Fingers) => {
                include_str!("../../resources/gestures/right_fingers.xbm")
            }
            Picture::Hand(R, G::Wave) => include_str!("../../resources/gestures/right_wave.xbm"),
            Picture::Hand(R, G::Clap) => include_str!("../../resources/gestures/right_clap.xbm"),
            Picture::Hand(R, G::Snap) => include_str!("../../resources/gestures/right_snap.xbm"),
            Picture::Hand(R, G::Stab) => include_str!("../../resources/gestures/right_stab.xbm"),
            Picture::Hand(L, G::Onyx) => include_str!("../../resources/gestures/left_onyx.xbm"),
            Picture::Hand(R, G::Onyx) => include_str!("../../resources/gestures/right_onyx.xbm"),
            Picture::AntiSpell(L) => include_str!("../../resources/gestures/left_antispell.xbm"),
            Picture::AntiSpell(R) => include_str!("../../resources/gestures/right_antispell.xbm"),
            Picture::Fog => include_str!("../../resources/gestures/fog.xbm"),
            Picture::Icon(Icon::Palm) => include_str!("../../resources/icons/palm.xbm"),
            Picture::Icon(Icon::Digit) => include_str!("../../resources/icons/digit.xbm"),
            Picture::Icon(Icon::Fingers) => include_str!("../../resources/icons/fingers.xbm"),
            Picture::Icon(Icon::Wave) => include_str!("../../resources/icons/wave.xbm"),
            Picture::Icon(Icon::Snap) => include_str!("../../resources/icons/snap.xbm"),
            Picture::Icon(Icon::Stab) => include_str!("../../resources/icons/stab.xbm"),
            Picture::Icon(Icon::Onyx) => include_str!("../../resources/icons/onyx.xbm"),
            Picture::Icon(Icon::BothClap) => include_str!("../../resources/icons/both_clap.xbm"),
            Picture::Icon(Icon::BothDigit) => include_str!("../../resources/icons/both_digit.xbm"),
            Picture::Icon(Icon::BothWave) => include_str!("../../resources/icons/both_wave.xbm"),
            Picture::Icon(Icon::BothSnap) => include_str!("../../resources/icons/both_snap.xbm"),
            Picture::Icon(Icon::BothPalm) => include_str!("../../resources/icons/both_palm.xbm"),
            Picture::Icon(Icon::Dot) => include_str!("../../resources/icons/dot.xbm"),
        }
    }

    /// The parsed bitmap; a broken resource file yields an empty picture of the
    /// right size rather than a crash (the unit tests catch broken files).
    pub fn bitmap(self) -> Bitmap {
        let icon = matches!(self, Picture::Icon(_));
        let b = parse_xbm(self.source()).unwrap_or_else(|_| {
            let side = if icon { 16 } else { 48 };
            Bitmap::blank(side, side)
        });
        if icon {
            b
        } else {
            b.with_frame()
        }
    }
}

/// A 1-bit image in XBM's layout: rows padded to whole bytes, least
/// significant bit leftmost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bitmap {
    /// Width in pixels.
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// `height` rows of `(width + 7) / 8` bytes.
    pub bits: Vec<u8>,
}

impl Bitmap {
    /// An all-clear bitmap.
    pub fn blank(width: u16, height: u16) -> Bitmap {
        let stride = (width as usize).div_ceil(8);
        Bitmap {
            width,
            height,
            bits: vec![0; stride * height as usize],
        }
    }

    /// Whether pixel (x, y) is set.
    pub fn get(&self, x: u16, y: u16) -> bool {
        let stride = (self.width as usize).div_ceil(8);
        let byte = self.bits[y as usize * stride + x as usize / 8];
        byte & (1 << (x % 8)) != 0
    }

    /// Sets pixel (x, y); outside the bitmap nothing happens.
    pub fn set(&mut self, x: u16, y: u16) {
        if x < self.width && y < self.height {
            let stride = (self.width as usize).div_ceil(8);
            self.bits[y as usize * stride + x as usize / 8] |= 1 << (x % 8);
        }
    }

    /// The picture inside the original's square frame: a one-pixel border
    /// whose corners are notched inwards (4 px then 2 px deep on the rows
    /// and columns next to each corner).
    pub fn with_frame(mut self) -> Bitmap {
        let (w, h) = (self.width, self.height);
        if w < 8 || h < 8 {
            return self;
        }
        for x in 0..w {
            self.set(x, 0);
            self.set(x, h - 1);
        }
        for y in 0..h {
            self.set(0, y);
            self.set(w - 1, y);
        }
        // (distance from the corner along the edge, depth into the picture)
        for (along, depth) in [(1u16, 4u16), (2, 2), (3, 2)] {
            for d in 0..depth {
                for (x, y) in [(d, along), (along, d)] {
                    self.set(x, y);
                    self.set(w - 1 - x, y);
                    self.set(x, h - 1 - y);
                    self.set(w - 1 - x, h - 1 - y);
                }
            }
        }
        self
    }

    /// Stacks bitmaps one above the other, left-aligned, into one sheet, so
    /// a display receives every picture in a single PutImage. Returns the
    /// sheet and the row where each bitmap starts.
    pub fn stack(parts: &[&Bitmap]) -> (Bitmap, Vec<u16>) {
        let width = parts.iter().map(|b| b.width).max().unwrap_or(0);
        let height = parts.iter().map(|b| b.height).sum();
        let mut sheet = Bitmap::blank(width, height);
        let stride = (width as usize).div_ceil(8);
        let mut tops = Vec::with_capacity(parts.len());
        let mut top = 0usize;
        for b in parts {
            tops.push(top as u16);
            let part_stride = (b.width as usize).div_ceil(8);
            for (y, row) in b.bits.chunks(part_stride.max(1)).enumerate() {
                let at = (top + y) * stride;
                if let Some(dest) = sheet.bits.get_mut(at..at + row.len()) {
                    dest.copy_from_slice(row);
                }
            }
            top += b.height as usize;
        }
        (sheet, tops)
    }

    /// Re-packs rows to `pad_bits` (the server's scanline pad) in the given
    /// bit order, ready for PutImage.
    pub fn packed(&self, pad_bits: u8, msb_first: bool) -> Vec<u8> {
        let stride = (self.width as usize).div_ceil(8);
        let pad = (pad_bits.max(8) / 8) as usize;
        let out_stride = stride.div_ceil(pad) * pad;
        let mut out = vec![0u8; out_stride * self.height as usize];
        for y in 0..self.height as usize {
            for b in 0..stride {
                let v = self.bits[y * stride + b];
                out[y * out_stride + b] = if msb_first { v.reverse_bits() } else { v };
            }
        }
        out
    }
}

/// Why an XBM file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XbmError {
    /// The `_width` or `_height` define is missing.
    MissingSize,
    /// A value in the data is not a number.
    BadByte(String),
    /// Fewer bytes than the size needs.
    TooShort,
}

/// Parses the text of an XBM file.
pub fn parse_xbm(src: &str) -> Result<Bitmap, XbmError> {
    let mut width = None;
    let mut height = None;
    for line in src.lines() {
        let mut words = line.split_whitespace();
        if words.next() != Some("#define") {
            continue;
        }
        let (Some(name), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        let v: Option<u16> = value.parse().ok();
        if name.ends_with("_width") {
            width = v;
        } else if name.ends_with("_height") {
            height = v;
        }
    }
    let (Some(width), Some(height)) = (width, height) else {
        return Err(XbmError::MissingSize);
    };
    let body = src
        .split_once('{')
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(b, _)| b)
        .unwrap_or("");
    let bits = body
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let hex = s.trim_start_matches("0x").trim_start_matches("0X");
            u8::from_str_radix(hex, 16).map_err(|_| XbmError::BadByte(s.to_string()))
        })
        .collect::<Result<Vec<u8>, _>>()?;
    let need = (width as usize).div_ceil(8) * height as usize;
    if bits.len() < need {
        return Err(XbmError::TooShort);
    }
    Ok(Bitmap {
        width,
        height,
        bits: bits[..need].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The original's two closest spell-list icons differ in 43 of 256
    /// pixels; ours must be at least as easy to tell apart.
    #[test]
    fn every_pair_of_icons_differs_in_43_pixels_or_more() {
        let icons: Vec<(Icon, Bitmap)> = ICONS
            .iter()
            .map(|&i| (i, Picture::Icon(i).bitmap()))
            .collect();
        for (k, (a, ba)) in icons.iter().enumerate() {
            for (b, bb) in &icons[k + 1..] {
                let differ = (0..16u16)
                    .flat_map(|y| (0..16u16).map(move |x| (x, y)))
                    .filter(|&(x, y)| ba.get(x, y) != bb.get(x, y))
                    .count();
                assert!(
                    differ >= 43,
                    "{a:?} and {b:?} differ in only {differ} pixels"
                );
            }
        }
    }

    #[test]
    fn picture_frames_are_square_with_notched_corners() {
        let b = Bitmap::blank(48, 48).with_frame();
        for (x, y) in [(0, 0), (47, 0), (0, 47), (47, 47), (3, 1), (1, 3), (44, 46)] {
            assert!(b.get(x, y), "({x},{y}) is part of the frame");
        }
        for (x, y) in [(4, 1), (2, 4), (2, 2), (24, 24)] {
            assert!(!b.get(x, y), "({x},{y}) is not");
        }
    }

    #[test]
    fn stacked_pictures_keep_their_pixels() {
        let a = parse_xbm("#define a_width 9\n#define a_height 2\nstatic char a_bits[] = {\n 0x01, 0x01, 0x80, 0x00 };\n")
            .expect("a");
        let b =
            parse_xbm("#define b_width 3\n#define b_height 1\nstatic char b_bits[] = { 0x05 };\n")
                .expect("b");
        let (sheet, tops) = Bitmap::stack(&[&a, &b]);
        assert_eq!((sheet.width, sheet.height), (9, 3));
        assert_eq!(tops, vec![0, 2]);
        for y in 0..2 {
            for x in 0..9 {
                assert_eq!(sheet.get(x, y), a.get(x, y), "({x},{y})");
            }
        }
        assert!(sheet.get(0, 2) && !sheet.get(1, 2) && sheet.get(2, 2) && !sheet.get(8, 2));
    }

    #[test]
    fn parses_small_xbm() {
        let b = parse_xbm(
            "#define t_width 9\n#define t_height 2\nstatic unsigned char t_bits[] = {\n 0x01, 0x01, 0x80, 0x00 };\n",
        )
        .unwrap();
        assert_eq!((b.width, b.height), (9, 2));
        assert!(b.get(0, 0) && b.get(8, 0) && b.get(7, 1) && !b.get(1, 0));
        assert_eq!(b.packed(32, false), vec![1, 1, 0, 0, 0x80, 0, 0, 0]);
        assert_eq!(b.packed(8, true)[0], 0x80);
    }

    #[test]
    fn rejects_broken_xbm() {
        assert_eq!(parse_xbm("nothing"), Err(XbmError::MissingSize));
        assert_eq!(
            parse_xbm("#define a_width 8\n#define a_height 2\n{ 0x01 }"),
            Err(XbmError::TooShort)
        );
    }

    #[test]
    fn every_resource_parses_at_its_size() {
        let all = Picture::all();
        assert_eq!(all.len(), Picture::COUNT);
        for (i, p) in all.iter().enumerate() {
            assert_eq!(p.index(), i);
            let b = parse_xbm(p.source()).unwrap_or_else(|e| panic!("{p:?}: {e:?}"));
            let side = if matches!(p, Picture::Icon(_)) {
                16
            } else {
                48
            };
            assert_eq!((b.width, b.height), (side, side), "{p:?}");
        }
    }

    #[test]
    fn spell_steps_have_icons() {
        for book in crate::engine::RuleSet::ALL {
            for row in book.spells {
                for (g, both) in row.steps() {
                    assert!(Icon::for_step(g, both).is_some(), "{:?}", row.spell);
                }
            }
        }
    }
}
