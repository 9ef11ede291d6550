//! Generated monster names, in the original's style ("Frilep the Goblin").

use super::being::BeingKind;
use rand::Rng;

const GOBLIN: [&str; 18] = [
    "sni", "sna", "fer", "fi", "fir", "por", "per", "snu", "al", "an", "erl", "lep", "fru", "fri",
    "ig", "eg", "thi", "tha",
];
const BIG: [&str; 23] = [
    "kur", "ak", "ral", "ki", "rel", "uk", "kor", "kul", "kas", "lok", "luk", "las", "mak", "mok",
    "mas", "mos", "ga", "tha", "gul", "lug", "mag", "mog", "ug",
];

/// Appends `count` syllables to `word`, never repeating the one just used.
fn syllables(rng: &mut impl Rng, table: &[&str], count: usize, word: &mut String) {
    let mut last = usize::MAX;
    for _ in 0..count {
        let mut i = rng.gen_range(0..table.len());
        while i == last {
            i = rng.gen_range(0..table.len());
        }
        last = i;
        word.push_str(table[i]);
    }
}

fn capitalised(w: String) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => w,
    }
}

/// A fresh name for a monster of `kind`.
pub(crate) fn generate(rng: &mut impl Rng, kind: BeingKind) -> String {
    let (table, first, extra, suffix): (&[&str], usize, (usize, usize), &str) = match kind {
        BeingKind::Goblin => (&GOBLIN, rng.gen_range(1..=3), (1, 2), " the Goblin"),
        BeingKind::Ogre => (&BIG, rng.gen_range(2..=4), (1, 3), " the Ogre"),
        BeingKind::Troll => (&BIG, rng.gen_range(2..=4), (1, 3), " the Troll"),
        BeingKind::Giant => (&BIG, rng.gen_range(2..=4), (1, 3), " the Giant"),
        BeingKind::FireElemental => (&BIG, rng.gen_range(2..=4), (1, 3), " the Fiery"),
        BeingKind::IceElemental => (&BIG, rng.gen_range(2..=4), (1, 3), " the Icy"),
        BeingKind::Wizard => (&BIG, 2, (1, 1), ""),
    };
    let mut first_word = String::new();
    syllables(rng, table, first, &mut first_word);
    let mut name = capitalised(first_word);
    let second = if kind == BeingKind::Goblin {
        first == 1 || (first < 3 && rng.gen_range(0..3) == 0)
    } else {
        first < 4 && rng.gen_range(0..3) == 0
    };
    if second {
        let mut w = String::new();
        let count = rng.gen_range(extra.0..=extra.1);
        syllables(rng, table, count, &mut w);
        name.push(' ');
        name.push_str(&capitalised(w));
    }
    name.push_str(suffix);
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn names_carry_their_kind() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for _ in 0..50 {
            let g = generate(&mut rng, BeingKind::Goblin);
            assert!(g.ends_with(" the Goblin"), "{g}");
            assert!(g.chars().next().is_some_and(|c| c.is_uppercase()));
            assert!(generate(&mut rng, BeingKind::IceElemental).ends_with(" the Icy"));
        }
    }
}
