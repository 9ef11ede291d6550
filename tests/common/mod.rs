//! Helpers shared by the integration tests. Each test file that needs them says
//! `mod common;`; not every file uses every helper, hence the allow.
#![allow(dead_code)]

pub mod damage;
pub mod match_run;
pub mod program_seat;
pub mod selfplay_runs;
pub mod xvfb;
