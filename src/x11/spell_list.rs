//! The Spell List popup: every spell of the duel's book with its gestures
//! as small icons, in one of three orders chosen by the mouse button, as in
//! the original. The original's 42 spells fill its two columns of 21; a
//! longer book makes the columns longer (the popup grows down the window),
//! and a book too long even for that ends its list with a line saying how
//! many spells are left out, so no book can draw outside the popup.

use super::bitmaps::{Icon, Picture};
use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{Rect, SPELL_POPUP, SPELL_POPUP_MAX};
use crate::engine::{RuleSet, Spell};

/// The three sort orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpellOrder {
    /// Left button: the table order, sorted by gesture sequence.
    ByGesture,
    /// Middle button: by name.
    Alphabetical,
    /// Right button: by the reversed gesture sequence, icons right-aligned.
    ByReversedGesture,
}

impl SpellOrder {
    /// The order a mouse button asks for.
    pub fn for_button(button: u8) -> SpellOrder {
        match button {
            2 => SpellOrder::Alphabetical,
            3 => SpellOrder::ByReversedGesture,
            _ => SpellOrder::ByGesture,
        }
    }

    /// The title line of the popup.
    pub fn title(self) -> &'static str {
        match self {
            SpellOrder::ByGesture => "Spells, sorted by gesture sequence",
            SpellOrder::Alphabetical => "Spells, sorted alphabetically",
            SpellOrder::ByReversedGesture => "Spells, sorted by reversed gesture sequence",
        }
    }
}

/// Every spell of `book` but stab, in the given order (ties keep table order).
pub fn spells_in(book: &RuleSet, order: SpellOrder) -> Vec<Spell> {
    let mut v: Vec<Spell> = book
        .spells
        .iter()
        .map(|row| row.spell)
        .filter(|&s| s != Spell::Stab)
        .collect();
    match order {
        // The original's table is in this order already; other books'
        // tables are not (Death Match lists its spells by kind).
        SpellOrder::ByGesture => v.sort_by_key(|s| {
            book.info(*s)
                .gestures
                .chars()
                .map(|c| c.to_ascii_uppercase())
                .collect::<String>()
        }),
        SpellOrder::Alphabetical => v.sort_by_key(|s| s.list_name().to_ascii_uppercase()),
        SpellOrder::ByReversedGesture => v.sort_by_key(|s| {
            book.info(*s)
                .gestures
                .chars()
                .rev()
                .map(|c| c.to_ascii_uppercase())
                .collect::<String>()
        }),
    }
    v
}

/// Rows per column of the original's popup (42 spells).
const ROWS: usize = 21;
/// Pixels per row.
const ROW_PITCH: i32 = 18;
/// Where the first row starts, below the popup's top.
const FIRST_ROW: i32 = 32;
/// Rows a column may have at most: as many as the tallest popup holds.
const MOST_ROWS: usize = ((SPELL_POPUP_MAX.h - FIRST_ROW - 10) / ROW_PITCH) as usize;

/// How the list of `n` spells is laid out: rows per column and how many
/// spells are shown (all, unless there are more than two full columns).
fn rows_for(n: usize) -> (usize, usize) {
    let rows = n.div_ceil(2).clamp(ROWS, MOST_ROWS);
    (rows, n.min(2 * rows))
}

/// Where the Spell List of `book` is drawn: the original's place and size
/// for up to 42 spells, taller for a longer book.
pub fn popup_rect(book: &RuleSet) -> Rect {
    let n = spells_in(book, SpellOrder::ByGesture).len();
    let (rows, _) = rows_for(n);
    let extra = (rows - ROWS) as i32 * ROW_PITCH;
    Rect::new(
        SPELL_POPUP.x,
        SPELL_POPUP.y,
        SPELL_POPUP.w,
        SPELL_POPUP.h + extra,
    )
}
/// Left edges of the two columns, inside the popup.
const COLUMNS: [i32; 2] = [16, 316];
/// Where the name starts, from the column's left edge.
const NAME_OFFSET: i32 = 136;
/// Distance between icons.
const ICON_PITCH: i32 = 17;
/// Icon slots per row.
const SLOTS: usize = 8;

/// Composes the popup in the scratch pixmap at (0, 0); the caller copies it
/// to [`popup_rect`] in the window.
pub fn draw(c: &mut Canvas, order: SpellOrder, book: &RuleSet, font: &FontMetrics) {
    let whole = popup_rect(book);
    let area = Rect::new(0, 0, whole.w, whole.h);
    c.fill(Surface::Scratch, area, Ink::White);
    c.frame(
        Surface::Scratch,
        Rect::new(0, 0, area.w - 1, area.h - 1),
        Ink::Black,
    );
    let m = font.line_metrics();
    let title = order.title();
    c.text(
        Surface::Scratch,
        (area.w - font.width(title)) / 2,
        6 + m.ascent + 4,
        title,
        font,
    );
    let baseline_in_row = (16 + m.ascent - m.descent) / 2;
    let spells = spells_in(book, order);
    let (rows, mut shown) = rows_for(spells.len());
    if shown < spells.len() {
        // The last place says how many spells the popup cannot hold.
        shown -= 1;
        let note = format!("... and {} more", spells.len() - shown);
        let top = FIRST_ROW + ROW_PITCH * (rows - 1) as i32;
        c.text(
            Surface::Scratch,
            COLUMNS[1],
            top + baseline_in_row,
            &note,
            font,
        );
    }
    for (i, &spell) in spells.iter().take(shown).enumerate() {
        let x0 = COLUMNS[i / rows];
        let top = FIRST_ROW + ROW_PITCH * (i % rows) as i32;
        let icons: Vec<Icon> = book
            .info(spell)
            .steps()
            .filter_map(|(g, both)| Icon::for_step(g, both))
            .collect();
        let n = icons.len() as i32;
        for (g, icon) in icons.iter().enumerate() {
            let x = match order {
                SpellOrder::ByReversedGesture => {
                    x0 + (g as i32 + SLOTS as i32 - n) * ICON_PITCH - 8
                }
                _ => x0 + g as i32 * ICON_PITCH,
            };
            c.picture(Surface::Scratch, x, top, Picture::Icon(*icon));
        }
        if order != SpellOrder::ByReversedGesture {
            for g in icons.len()..SLOTS {
                c.picture(
                    Surface::Scratch,
                    x0 + g as i32 * ICON_PITCH,
                    top,
                    Picture::Icon(Icon::Dot),
                );
            }
        }
        c.text(
            Surface::Scratch,
            x0 + NAME_OFFSET,
            top + baseline_in_row,
            spell.list_name(),
            font,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Spell::*;

    #[test]
    fn alphabetical_matches_the_original() {
        let v = spells_in(RuleSet::original(), SpellOrder::Alphabetical);
        assert_eq!(v.len(), 42);
        assert_eq!(&v[..3], &[Amnesia, AntiSpell, Blindness]);
        let pos = |s| v.iter().position(|&x| x == s).unwrap();
        assert!(pos(FireStorm) < pos(Fireball));
        assert!(pos(CounterSpell) + 1 == pos(CounterSpellWws));
        assert!(pos(SummonTroll) < pos(Surrender));
        assert!(pos(Surrender) < pos(TimeStop));
        assert_eq!(v[41], TimeStop);
    }

    #[test]
    fn reversed_matches_the_original() {
        let v = spells_in(RuleSet::original(), SpellOrder::ByReversedGesture);
        let expected = [
            LightningBoltShort,
            Disease,
            TimeStop,
            IceStorm,
            RaiseDead,
            Haste,
            FireStorm,
            LightningBolt,
            CharmMonster,
            Fireball,
            Blindness,
            CauseHeavyWounds,
            Missile,
            FingerOfDeath,
            Poison,
            Fear,
            CharmPerson,
            Paralysis,
            AntiSpell,
            Confusion,
            Shield,
            Surrender,
            ResistCold,
            CauseLightWounds,
            ResistHeat,
            Amnesia,
            CounterSpell,
            DelayedEffect,
            RemoveEnchantment,
            ProtectionFromEvil,
            Invisibility,
            CounterSpellWws,
            SummonElemental,
            MagicMirror,
            Permanency,
            CureLightWounds,
            SummonGoblin,
            SummonOgre,
            SummonTroll,
            SummonGiant,
            DispelMagic,
            CureHeavyWounds,
        ];
        assert_eq!(v, expected);
    }

    #[test]
    fn gesture_order_is_table_order() {
        let v = spells_in(RuleSet::original(), SpellOrder::ByGesture);
        assert_eq!(v[0], DispelMagic);
        assert_eq!(v[41], CounterSpellWws);
        let table: Vec<Spell> = RuleSet::original()
            .spells
            .iter()
            .map(|row| row.spell)
            .filter(|&s| s != Stab)
            .collect();
        assert_eq!(v, table, "the original's table is sorted by gesture");
    }

    #[test]
    fn every_books_gesture_order_is_sorted() {
        for book in RuleSet::ALL {
            let seqs: Vec<String> = spells_in(book, SpellOrder::ByGesture)
                .iter()
                .map(|s| book.info(*s).gestures.to_ascii_uppercase())
                .collect();
            assert!(seqs.windows(2).all(|w| w[0] <= w[1]), "{seqs:?}");
        }
    }

    /// Each book's list (its table less the stab) fits its popup, which
    /// fits the window; the original's keeps the original's size.
    #[test]
    fn every_book_is_listed_whole_inside_the_window() {
        let font = FontMetrics::monospace(6, 10, 3);
        assert_eq!(popup_rect(RuleSet::original()), SPELL_POPUP);
        for book in RuleSet::ALL {
            let listed = book.spells.len() - 1;
            let rect = popup_rect(book);
            assert!(rect.y + rect.h <= SPELL_POPUP_MAX.y + SPELL_POPUP_MAX.h);
            for order in [SpellOrder::ByGesture, SpellOrder::Alphabetical] {
                let mut c = Canvas::new();
                draw(&mut c, order, book, &font);
                let names: Vec<(i32, String)> = c
                    .ops()
                    .iter()
                    .filter_map(|op| match op {
                        super::super::canvas::Op::Text { y, bytes, .. } => {
                            Some((*y, String::from_utf8_lossy(bytes).into_owned()))
                        }
                        _ => None,
                    })
                    .skip(1) // the title
                    .collect();
                assert_eq!(names.len(), listed, "{}", book.name);
                assert!(names.iter().all(|(y, _)| *y < rect.h), "{}", book.name);
            }
        }
        let gesticulation = RuleSet::by_name("gesticulation").expect("the book");
        assert_eq!(
            popup_rect(gesticulation).h,
            SPELL_POPUP.h + 18,
            "44 spells: 22 rows"
        );
    }

    /// A book longer than the tallest popup holds is cut, with a line
    /// saying how many are left out, never drawn past the popup.
    #[test]
    fn a_book_too_long_for_the_window_is_cut_with_a_note() {
        assert_eq!(rows_for(42), (21, 42));
        assert_eq!(rows_for(22), (21, 22));
        assert_eq!(rows_for(44), (22, 44));
        let (rows, shown) = rows_for(500);
        assert_eq!((rows, shown), (MOST_ROWS, 2 * MOST_ROWS));
        assert!(FIRST_ROW + ROW_PITCH * rows as i32 <= SPELL_POPUP_MAX.h);
    }

    #[test]
    fn buttons_choose_orders() {
        assert_eq!(SpellOrder::for_button(1), SpellOrder::ByGesture);
        assert_eq!(SpellOrder::for_button(2), SpellOrder::Alphabetical);
        assert_eq!(SpellOrder::for_button(3), SpellOrder::ByReversedGesture);
    }

    #[test]
    fn dots_fill_only_the_sorted_by_gesture_and_name_lists() {
        let font = FontMetrics::monospace(6, 10, 3);
        let dots = |o| {
            let mut c = Canvas::new();
            draw(&mut c, o, RuleSet::original(), &font);
            c.ops()
                .iter()
                .filter(|op| {
                    matches!(
                        op,
                        super::super::canvas::Op::Picture {
                            picture: Picture::Icon(Icon::Dot),
                            ..
                        }
                    )
                })
                .count()
        };
        assert!(dots(SpellOrder::ByGesture) > 0);
        assert_eq!(dots(SpellOrder::ByGesture), dots(SpellOrder::Alphabetical));
        assert_eq!(dots(SpellOrder::ByReversedGesture), 0);
    }
}
