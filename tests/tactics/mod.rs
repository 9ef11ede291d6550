//! The tactics suite's generator: positions built from the rules, not from
//! games (`rules.rs`: the blows and their answers as the rule texts give
//! them; `matcher.rs`: which moves make an answer stand in time, read from
//! the books' tables; `positions.rs`: the duels built and checked).

pub mod matcher;
pub mod positions;
pub mod rules;

pub use positions::{positions, Position};
