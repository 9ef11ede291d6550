//! The connection set-up of every display at once, on one thread: each
//! display's socket is opened and its set-up request sent, then the replies
//! are read. Over distant links that is one round trip in all, not one per
//! display, and it needs no helper threads.

use x11rb::reexports::x11rb_protocol::connect::Connect;
use x11rb::reexports::x11rb_protocol::parse_display::parse_display;
use x11rb::reexports::x11rb_protocol::xauth::get_auth;
use x11rb::rust_connection::{DefaultStream, PollMode, RustConnection, Stream};

/// A display whose set-up request is on its way.
pub(super) struct Greeting {
    stream: DefaultStream,
    connect: Connect,
    screen: usize,
}

/// Why a display could not be set up, in words for the error line.
pub(super) type Refusal = String;

/// Opens the socket of display `name` (None: `$DISPLAY`) and sends the
/// set-up request with the display's Xauthority entry, if any.
pub(super) fn greet(name: Option<&str>) -> Result<Greeting, Refusal> {
    let parsed = parse_display(name).map_err(|e| e.to_string())?;
    let screen = usize::from(parsed.screen);
    let mut last_error = String::from("no address to connect to");
    for address in parsed.connect_instruction() {
        let (stream, (family, peer)) = match DefaultStream::connect(&address) {
            Ok(s) => s,
            Err(e) => {
                last_error = e.to_string();
                continue;
            }
        };
        // As x11rb::connect does: no usable entry means no authorisation.
        let (auth_name, auth_data) = get_auth(family, &peer, parsed.display)
            .unwrap_or(None)
            .unwrap_or_default();
        let (connect, request) = Connect::with_authorization(auth_name, auth_data);
        write_all(&stream, &request).map_err(|e| e.to_string())?;
        return Ok(Greeting {
            stream,
            connect,
            screen,
        });
    }
    Err(last_error)
}

fn write_all(stream: &DefaultStream, mut bytes: &[u8]) -> std::io::Result<()> {
    let mut fds = Vec::new();
    while !bytes.is_empty() {
        stream.poll(PollMode::Writable)?;
        match stream.write(bytes, &mut fds) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

impl Greeting {
    /// Reads the server's answer to the set-up request: the connection and
    /// the screen asked for.
    pub(super) fn answer(mut self) -> Result<(RustConnection, usize), Refusal> {
        let mut fds = Vec::new();
        loop {
            self.stream
                .poll(PollMode::Readable)
                .map_err(|e| e.to_string())?;
            let n = match self.stream.read(self.connect.buffer(), &mut fds) {
                Ok(0) => return Err("the server closed the connection".to_string()),
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                Err(e) => return Err(e.to_string()),
            };
            if self.connect.advance(n) {
                break;
            }
        }
        let setup = self.connect.into_setup().map_err(|e| e.to_string())?;
        if self.screen >= setup.roots.len() {
            return Err(format!("it has no screen {}", self.screen));
        }
        let conn =
            RustConnection::for_connected_stream(self.stream, setup).map_err(|e| e.to_string())?;
        Ok((conn, self.screen))
    }
}
