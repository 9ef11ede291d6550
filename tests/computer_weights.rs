//! The evaluation's weights file, `src/computer/weights.json`: a set for
//! every book and one (`other`) for a book it does not list, each with every
//! feature, finite, signed as the rules make each feature count (more hit
//! points, more hit points the enemy is sure to lose, more monster attack on
//! one's side, spells nearer completion, resistances and protections held
//! are never worse for the wizard who has them), and the evaluation computes
//! its value from the file's numbers.

use serde_json::Value;
use spellcast::computer::evaluate::{evaluate, features, Weights};
use spellcast::computer::sketch;
use spellcast::computer::weights::{built_in, Table, FILE, OTHER};
use spellcast::engine::{PlayerId, RuleSet};

const FEATURES: [&str; 6] = ["hp", "pending", "monsters", "threat", "resist", "shields"];

fn sets() -> serde_json::Map<String, Value> {
    match serde_json::from_str(FILE) {
        Ok(Value::Object(map)) => map,
        other => panic!("the weights file is not a map: {other:?}"),
    }
}

fn weight(set: &Value, feature: &str) -> f64 {
    set.get(feature)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no number for {feature} in {set}"))
}

#[test]
fn weights_file_is_whole_finite_and_signed() {
    let sets = sets();
    let mut names: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name).collect();
    names.push(OTHER);
    for name in names {
        let set = sets
            .get(name)
            .unwrap_or_else(|| panic!("no weights for {name}"));
        let keys = set.as_object().map_or(0, serde_json::Map::len);
        assert_eq!(keys, FEATURES.len(), "{name}: exactly the features");
        for feature in FEATURES {
            let w = weight(set, feature);
            assert!(w.is_finite(), "{name}.{feature} = {w}");
            assert!(w >= 0.0, "{name}.{feature} = {w}: never worse to have more");
        }
        // Hit points decide the duel: they must weigh.
        assert!(weight(set, "hp") > 0.0, "{name}: hit points count");
    }
    assert!(Table::parse(FILE).is_ok());
}

#[test]
fn a_weights_file_missing_a_feature_or_the_other_set_is_refused() {
    let whole = r#"{"hp":1,"pending":1,"monsters":1,"threat":1,"resist":1,"shields":1}"#;
    assert!(Table::parse(&format!(r#"{{"other":{whole}}}"#)).is_ok());
    assert!(Table::parse(&format!(r#"{{"spellcast":{whole}}}"#)).is_err());
    let short = r#"{"hp":1,"pending":1,"monsters":1,"threat":1,"resist":1}"#;
    assert!(Table::parse(&format!(r#"{{"other":{short}}}"#)).is_err());
    let extra = r#"{"hp":1,"pending":1,"monsters":1,"threat":1,"resist":1,"shields":1,"x":1}"#;
    assert!(Table::parse(&format!(r#"{{"other":{extra}}}"#)).is_err());
}

#[test]
fn the_evaluation_uses_the_files_numbers_for_each_book() {
    let sets = sets();
    for rules in RuleSet::ALL {
        let set = &sets[rules.name];
        let mut pos = sketch::opening(2, 0);
        pos.rules = rules;
        pos.beings[0].hp = rules.hit_points;
        pos.beings[1].hp = rules.hit_points - 4;
        let me = PlayerId::new(0);
        let f = features(&pos, me);
        let values = [f.hp, f.pending, f.monsters, f.threat, f.resist, f.shields];
        let sum: f64 = FEATURES
            .iter()
            .zip(values)
            .map(|(name, v)| weight(set, name) * v)
            .sum();
        let value = evaluate(&pos, me, &Weights::default());
        assert!(
            (value - sum.tanh()).abs() < 1e-12,
            "{}: {value} against the file's {}",
            rules.name,
            sum.tanh()
        );
        assert!(value > 0.0, "{}: four hit points up is better", rules.name);
        assert_eq!(Weights::default(), Weights::new(built_in()));
    }
}
