//! The Spell List popup: every spell with its gestures as small icons, in
//! one of three orders chosen by the mouse button, as in the original.

use super::bitmaps::{Icon, Picture};
use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{Rect, SPELL_POPUP};
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

/// Every spell but stab, in the given order (ties keep table order).
pub fn spells_in(order: SpellOrder) -> Vec<Spell> {
    let book = RuleSet::original();
    let mut v: Vec<Spell> = book
        .spells
        .iter()
        .map(|row| row.spell)
        .filter(|&s| s != Spell::Stab)
        .collect();
    match order {
        SpellOrder::ByGesture => {}
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

/// Rows per column of the popup.
const ROWS: usize = 21;
/// Left edges of the two columns, inside the popup.
const COLUMNS: [i32; 2] = [16, 316];
/// Where the name starts, from the column's left edge.
const NAME_OFFSET: i32 = 136;
/// Distance between icons.
const ICON_PITCH: i32 = 17;
/// Icon slots per row.
const SLOTS: usize = 8;

/// Composes the popup in the scratch pixmap at (0, 0); the caller copies it
/// to [`SPELL_POPUP`] in the window.
pub fn draw(c: &mut Canvas, order: SpellOrder, font: &FontMetrics) {
    let area = Rect::new(0, 0, SPELL_POPUP.w, SPELL_POPUP.h);
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
    for (i, spell) in spells_in(order).into_iter().enumerate() {
        let x0 = COLUMNS[i / ROWS];
        let top = 32 + 18 * (i % ROWS) as i32;
        let icons: Vec<Icon> = RuleSet::original()
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
        let v = spells_in(SpellOrder::Alphabetical);
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
        let v = spells_in(SpellOrder::ByReversedGesture);
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
        let v = spells_in(SpellOrder::ByGesture);
        assert_eq!(v[0], DispelMagic);
        assert_eq!(v[41], CounterSpellWws);
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
            draw(&mut c, o, &font);
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
