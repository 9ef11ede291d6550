//! The compact frames show what a window watching the duel showed after
//! each round: compared, frame by frame, with the observer's whole view
//! taken at that moment, over every recorded duel of the repository.

use super::*;

/// A window's whole contents: status list, gesture columns, text.
type Whole = (Vec<StatusLine>, Vec<Vec<[Seen; 2]>>, Vec<String>);

/// Every frame of `text` as whole copies, taken as the duel is played.
fn whole_frames(text: &str) -> Vec<Whole> {
    let parsed = script::parse(text).expect("a script");
    let mut frames = Vec::new();
    let mut lines = Vec::new();
    let mut cursor = 0;
    script::play_watching(&parsed, None, |duel: &Duel| {
        let (new, next) = duel.narration_since(Viewer::Observer, cursor);
        cursor = next;
        lines.extend(new);
        let seen = Observed(duel);
        let columns = (0..duel.players()).map(|p| seen.history(p, 0)).collect();
        frames.push((seen.status_lines(0), columns, lines.clone()));
    })
    .expect("plays");
    frames
}

fn scripts() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut out = Vec::new();
    for dir in [
        "oracle/targeted",
        "variants/deathmatch",
        "variants/gesticulation",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
                continue;
            };
            let script = value.get("script").unwrap_or(&value);
            out.push(script.to_string());
        }
    }
    out
}

#[test]
fn every_frame_is_the_window_as_it_was() {
    let scripts = scripts();
    assert!(scripts.len() > 100, "the recorded duels are found");
    for text in &scripts {
        let Ok(frames) = Frames::of_script(text) else {
            continue;
        };
        let whole = whole_frames(text);
        assert_eq!(frames.len(), whole.len());
        for (i, (status, columns, lines)) in whole.iter().enumerate() {
            let shown = frames.shown(i);
            assert_eq!(&shown.status_lines(0), status, "frame {i} of {text}");
            for (p, column) in columns.iter().enumerate() {
                assert_eq!(&shown.history(p, 0), column, "frame {i} of {text}");
            }
            assert_eq!(&shown.narration_since(0, 0).0, lines, "frame {i}");
        }
    }
}
