//! What to try when a display cannot be opened: the error line names the
//! system's reason, which rarely says what to do about it.

/// Words to add to the error line for display `display` refused with
/// `reason`, if the reason is one of the usual ones.
pub fn open_hint(display: &str, reason: &str) -> Option<&'static str> {
    let local = display.starts_with(':') || display.starts_with("unix:");
    let turned_away = ["uthoriz", "rejected", "No protocol specified"]
        .iter()
        .any(|w| reason.contains(w));
    if turned_away {
        return Some(
            "the server turned this user away: add its cookie here (`xauth list` on that \
             machine, `xauth add` here), or let this host in with xhost (trusted machines only)",
        );
    }
    let nobody = reason.contains("No such file") || reason.contains("Connection refused");
    match (nobody, local) {
        (true, true) => Some(
            "no X server runs as that display here: check its number \
             (`echo $DISPLAY` in a terminal on that screen)",
        ),
        (true, false) => Some(
            "nothing there takes X connections: the display number is wrong, or its server \
             runs with -nolisten tcp (many desktops do); over ssh, play with \
             --program=\"ssh HOST spellcast --seat :0\" instead",
        ),
        (false, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::open_hint;

    #[test]
    fn the_usual_reasons_get_a_hint() {
        let missing = open_hint(":97", "No such file or directory (os error 2)");
        assert!(missing.is_some_and(|h| h.contains("check its number")));
        let closed = open_hint("elm:0", "Connection refused (os error 111)");
        assert!(closed.is_some_and(|h| h.contains("-nolisten tcp")));
        let cookie = open_hint(
            ":0",
            "Authorization required, but no authorization protocol",
        );
        assert!(cookie.is_some_and(|h| h.contains("xauth")));
        assert_eq!(open_hint(":0", "it has no screen 3"), None);
    }
}
