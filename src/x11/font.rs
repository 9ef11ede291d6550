//! Text measurement from one QueryFont reply, so that no string ever costs a
//! round trip to the server, and the original's font fallback chain.

use super::layout::LineMetrics;

/// Fonts tried after the `spellcast*font` resource, in order, as the original tries them.
pub const FALLBACK_FONTS: [&str; 3] = [
    "-*-times-medium-r-*--14-*",
    "-*-helvetica-medium-r-*--12-*",
    "fixed",
];

/// The font names to try for one display: the resource first, if set.
pub fn font_candidates(resource: Option<&str>) -> Vec<String> {
    resource
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.trim().to_string())
        .into_iter()
        .chain(FALLBACK_FONTS.iter().map(|s| s.to_string()))
        .collect()
}

/// Per-character sizes of the first 256 characters of a core font.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontMetrics {
    /// Advance width of each Latin-1 character.
    widths: Vec<i32>,
    /// Ascent of each character above the baseline.
    ascents: Vec<i32>,
    /// Descent of each character below the baseline.
    descents: Vec<i32>,
    /// The font's own ascent and descent (FontAscent, FontDescent), when known.
    font_extents: Option<(i32, i32)>,
}

/// One character's sizes as the server reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CharSize {
    /// Advance width.
    pub width: i32,
    /// Ascent above the baseline.
    pub ascent: i32,
    /// Descent below the baseline.
    pub descent: i32,
}

impl FontMetrics {
    /// Builds the table from the reply's fields: `first` is the code of
    /// `chars[0]`; characters the font lacks take `default`.
    /// When the reply has no per-character table (monospace fonts may omit it),
    /// pass an empty `chars` and the max bounds as `default`.
    pub fn new(first: u32, chars: &[CharSize], default: CharSize) -> FontMetrics {
        let mut m = FontMetrics {
            widths: vec![default.width; 256],
            ascents: vec![default.ascent; 256],
            descents: vec![default.descent; 256],
            font_extents: None,
        };
        for (i, c) in chars.iter().enumerate() {
            let code = first as usize + i;
            if code < 256 {
                // A zero-size entry means "no such character": keep the default.
                if c.width != 0 || c.ascent != 0 || c.descent != 0 {
                    m.widths[code] = c.width;
                    m.ascents[code] = c.ascent;
                    m.descents[code] = c.descent;
                }
            }
        }
        m
    }

    /// A fixed-width font, for tests and as a last resort.
    pub fn monospace(width: i32, ascent: i32, descent: i32) -> FontMetrics {
        FontMetrics::new(
            0,
            &[],
            CharSize {
                width,
                ascent,
                descent,
            },
        )
    }

    /// The same metrics with the font's overall ascent and descent, which
    /// the line height is made of (as XTextExtents reports them for "pl").
    pub fn with_font_extents(mut self, ascent: i32, descent: i32) -> FontMetrics {
        self.font_extents = Some((ascent, descent));
        self
    }

    /// Width in pixels of already-encoded Latin-1 bytes.
    pub fn width_of_bytes(&self, bytes: &[u8]) -> i32 {
        bytes.iter().map(|&b| self.widths[b as usize]).sum()
    }

    /// Width in pixels of `text` as drawn.
    pub fn width(&self, text: &str) -> i32 {
        text.chars()
            .map(|c| self.widths[latin1_byte(c) as usize])
            .sum()
    }

    /// The original's line metrics: from the extents of the string "pl".
    pub fn line_metrics(&self) -> LineMetrics {
        // XTextExtents gives the font's ascent and descent, not the ink's:
        // 17 px per line with Times 14, as the original steps.
        let (ascent, descent) = self.font_extents.unwrap_or_else(|| {
            let ascent = self.ascents[b'p' as usize].max(self.ascents[b'l' as usize]);
            let descent = self.descents[b'p' as usize].max(self.descents[b'l' as usize]);
            (ascent, descent)
        });
        LineMetrics::from_extents(ascent, descent)
    }
}

/// The byte a core font draws for `c`: Latin-1 as is, anything else `?`.
pub fn latin1_byte(c: char) -> u8 {
    u8::try_from(u32::from(c)).unwrap_or(b'?')
}

/// `text` in Latin-1, for ImageText8.
pub fn latin1(text: &str) -> Vec<u8> {
    text.chars().map(latin1_byte).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_font_comes_first() {
        assert_eq!(font_candidates(None).len(), 3);
        let c = font_candidates(Some(" 9x15 "));
        assert_eq!(c[0], "9x15");
        assert_eq!(c[3], "fixed");
        assert_eq!(font_candidates(Some("")).len(), 3);
    }

    #[test]
    fn widths_from_table() {
        let chars = [
            CharSize {
                width: 5,
                ascent: 7,
                descent: 0,
            },
            CharSize::default(),
            CharSize {
                width: 9,
                ascent: 8,
                descent: 3,
            },
        ];
        let m = FontMetrics::new(
            b'a' as u32,
            &chars,
            CharSize {
                width: 4,
                ascent: 1,
                descent: 1,
            },
        );
        assert_eq!(m.width("a"), 5);
        assert_eq!(m.width("b"), 4, "missing character takes the default");
        assert_eq!(m.width("ac"), 14);
        assert_eq!(m.width("é"), 4);
    }

    #[test]
    fn line_height_comes_from_the_font_extents() {
        // Times 14 at 75 dpi: "pl" inks 10 + 3, the font is 12 + 3 high.
        let m = FontMetrics::monospace(7, 10, 3).with_font_extents(12, 3);
        assert_eq!(m.line_metrics().line_height, 17);
        assert_eq!(m.line_metrics().ascent, 12);
    }

    #[test]
    fn line_metrics_of_monospace() {
        let m = FontMetrics::monospace(6, 10, 3);
        assert_eq!(m.width("Hello, wizard!"), 84);
        assert_eq!(m.line_metrics().line_height, 15);
    }

    #[test]
    fn latin1_encoding() {
        assert_eq!(latin1("aé€"), vec![b'a', 0xe9, b'?']);
    }
}
