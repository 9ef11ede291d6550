//! Resolution of a round's cast list, one file per stage of the original's order.
