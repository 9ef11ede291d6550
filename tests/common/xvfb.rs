//! A private X server per test, and the few things tests do with it.
//!
//! Every X test starts its own `Xvfb` with [`Xvfb::start`]. The server picks a
//! free display number itself (`-displayfd`), so tests run in parallel without
//! fixed numbers or sleeps, and `-noreset` keeps loaded resources alive when the
//! last client disconnects. Dropping the [`Xvfb`] stops the server.
//!
//! [`XClient`] is a test-side connection to such a server: it finds windows by
//! title, takes screenshots and fakes pointer and keyboard input through XTEST
//! (no window manager runs, so keys go to the window under the pointer).
//!
//! ```ignore
//! let x = Xvfb::start();
//! x.load_resources("spellcast*name: Alice:f\n");
//! let game = std::process::Command::new(env!("CARGO_BIN_EXE_spellcast"))
//!     .arg(x.display()).env("DISPLAY", x.display()).spawn().unwrap();
//! let c = x.client();
//! let w = c.wait_for_window("Spellcast: Alice", WAIT);
//! c.click(150, 150, 1);
//! c.screenshot(w).write("/tmp/shot.ppm");
//! ```

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::image::{Image, PixelLayout};
use x11rb::protocol::xproto::{self, AtomEnum, ConnectionExt as _, Keysym, Visualtype, Window};
use x11rb::protocol::xtest::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

/// What to install when the X tools are missing (Debian package names).
pub const INSTALL_HINT: &str = "apt-get install -y xvfb xauth x11-utils x11-xserver-utils \
     xdotool xfonts-base xfonts-75dpi xfonts-100dpi (or run `bash tests/run.sh`, which does it)";

/// A generous default for waiting on the game (windows, redraws) under load.
pub const WAIT: Duration = Duration::from_secs(30);

/// Screen size that fits one 832x750 window at (100,100) with room to spare.
pub const DEFAULT_SIZE: (u32, u32) = (1600, 1200);

/// Screen size wide enough for the 1412-pixel window of an 8-player duel.
pub const WIDE_SIZE: (u32, u32) = (2048, 1200);

/// A running Xvfb server, stopped (SIGTERM, then wait) when dropped.
pub struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// Starts an Xvfb with a 1600x1200x24 screen on a free display.
    pub fn start() -> Xvfb {
        Xvfb::start_with_size(DEFAULT_SIZE.0, DEFAULT_SIZE.1)
    }

    /// Starts an Xvfb with a `width`x`height`x24 screen on a free display.
    pub fn start_with_size(width: u32, height: u32) -> Xvfb {
        let screen = format!("{width}x{height}x24");
        let mut child = match Command::new("Xvfb")
            .args(["-displayfd", "1", "-noreset", "-nolisten", "tcp"])
            .args(["-screen", "0", &screen])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                panic!("Xvfb is not installed; the X tests need it: {INSTALL_HINT}")
            }
            Err(e) => panic!("cannot start Xvfb: {e}"),
        };
        // Xvfb writes the display number to the -displayfd descriptor once it
        // accepts connections. Read it on a thread so a hung server cannot hang us.
        let stdout = child.stdout.take().expect("Xvfb stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(WAIT).unwrap_or_default();
        let number = line.trim();
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Xvfb did not report a display number (got {line:?})");
        }
        Xvfb {
            display: format!(":{number}"),
            child,
        }
    }

    /// The display name, like `":3"`, for `DISPLAY` or a command-line argument.
    pub fn display(&self) -> String {
        self.display.clone()
    }

    /// Replaces the server's resource database with `resources` (`xrdb -nocpp -load`).
    pub fn load_resources(&self, resources: &str) {
        let mut xrdb = match Command::new("xrdb")
            .args(["-nocpp", "-load", "-"])
            .env("DISPLAY", &self.display)
            .stdin(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                panic!("xrdb is not installed: {INSTALL_HINT}")
            }
            Err(e) => panic!("cannot run xrdb: {e}"),
        };
        xrdb.stdin
            .take()
            .expect("xrdb stdin is piped")
            .write_all(resources.as_bytes())
            .expect("write resources to xrdb");
        let status = xrdb.wait().expect("wait for xrdb");
        assert!(
            status.success(),
            "xrdb -load failed on {}: {status}",
            self.display
        );
    }

    /// Opens a test-side connection to this server.
    pub fn client(&self) -> XClient {
        XClient::connect(&self.display)
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        // SIGTERM lets Xvfb remove its socket and lock file; Child::kill would be SIGKILL.
        let terminated = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !terminated {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// An RGB picture taken from the screen, writable as a binary PPM (P6).
#[derive(Clone, PartialEq, Eq)]
pub struct Ppm {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major RGB triples, 8 bits each.
    pub rgb: Vec<u8>,
}

impl Ppm {
    /// The colour of pixel (x, y) as (r, g, b).
    pub fn pixel(&self, x: u32, y: u32) -> (u8, u8, u8) {
        let i = 3 * (y * self.width + x) as usize;
        (self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// The file contents of this picture in binary PPM format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = format!("P6\n{} {}\n255\n", self.width, self.height).into_bytes();
        out.extend_from_slice(&self.rgb);
        out
    }

    /// Writes the picture to `path` as a binary PPM.
    pub fn write(&self, path: impl AsRef<Path>) {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}

/// A test's own connection to an X server: window lookup, screenshots, XTEST input.
pub struct XClient {
    /// The connection, for anything the helpers do not cover.
    pub conn: RustConnection,
    /// The root window of screen 0.
    pub root: Window,
}

impl XClient {
    /// Connects to `display`, panicking with the reason if it cannot.
    pub fn connect(display: &str) -> XClient {
        let (conn, screen) = x11rb::connect(Some(display))
            .unwrap_or_else(|e| panic!("cannot connect to X display {display}: {e}"));
        let root = conn.setup().roots[screen].root;
        XClient { conn, root }
    }

    /// Every window below the root (depth first) whose WM_NAME is `title`.
    pub fn find_windows(&self, title: &str) -> Vec<Window> {
        let mut found = Vec::new();
        let mut stack = vec![self.root];
        while let Some(w) = stack.pop() {
            if w != self.root && self.title(w).as_deref() == Some(title) {
                found.push(w);
            }
            if let Ok(Ok(tree)) = self.conn.query_tree(w).map(|c| c.reply()) {
                stack.extend(tree.children);
            }
        }
        found
    }

    /// The WM_NAME of `window`, if it has one.
    pub fn title(&self, window: Window) -> Option<String> {
        let reply = self
            .conn
            .get_property(false, window, AtomEnum::WM_NAME, AtomEnum::ANY, 0, 1024)
            .ok()?
            .reply()
            .ok()?;
        (reply.format == 8).then(|| String::from_utf8_lossy(&reply.value).into_owned())
    }

    /// Polls until a window titled `title` exists and returns it; panics after `timeout`.
    pub fn wait_for_window(&self, title: &str, timeout: Duration) -> Window {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(&w) = self.find_windows(title).first() {
                return w;
            }
            if Instant::now() >= deadline {
                panic!("no window titled {title:?} appeared within {timeout:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Polls until no window titled `title` exists; panics after `timeout`.
    pub fn wait_for_no_window(&self, title: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while !self.find_windows(title).is_empty() {
            if Instant::now() >= deadline {
                panic!("window {title:?} still exists after {timeout:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Position and size of `window` in root coordinates: (x, y, width, height).
    pub fn geometry(&self, window: Window) -> (i16, i16, u16, u16) {
        let geo = self
            .conn
            .get_geometry(window)
            .expect("send GetGeometry")
            .reply()
            .expect("GetGeometry reply");
        let pos = self
            .conn
            .translate_coordinates(window, self.root, 0, 0)
            .expect("send TranslateCoordinates")
            .reply()
            .expect("TranslateCoordinates reply");
        (pos.dst_x, pos.dst_y, geo.width, geo.height)
    }

    /// The pixels of `window` as they appear on screen (read from the root window).
    pub fn screenshot(&self, window: Window) -> Ppm {
        let (x, y, w, h) = self.geometry(window);
        self.screenshot_area(x, y, w, h)
    }

    /// The pixels of the whole screen.
    pub fn screenshot_root(&self) -> Ppm {
        let (_, _, w, h) = self.geometry(self.root);
        self.screenshot_area(0, 0, w, h)
    }

    /// The pixels of a rectangle of the screen, in root coordinates.
    pub fn screenshot_area(&self, x: i16, y: i16, width: u16, height: u16) -> Ppm {
        self.conn.sync().expect("sync before GetImage");
        let (image, visual) =
            Image::get(&self.conn, self.root, x, y, width, height).expect("GetImage of the screen");
        let layout = PixelLayout::from_visual_type(self.visual_type(visual))
            .expect("a TrueColor screen (Xvfb -screen 0 WxHx24)");
        let mut rgb = Vec::with_capacity(3 * width as usize * height as usize);
        for py in 0..height {
            for px in 0..width {
                let (r, g, b) = layout.decode(image.get_pixel(px, py));
                rgb.extend_from_slice(&[(r >> 8) as u8, (g >> 8) as u8, (b >> 8) as u8]);
            }
        }
        Ppm {
            width: width.into(),
            height: height.into(),
            rgb,
        }
    }

    fn visual_type(&self, id: xproto::Visualid) -> Visualtype {
        self.conn
            .setup()
            .roots
            .iter()
            .flat_map(|s| &s.allowed_depths)
            .flat_map(|d| &d.visuals)
            .find(|v| v.visual_id == id)
            .copied()
            .unwrap_or_else(|| panic!("visual {id:#x} not in the server's setup"))
    }

    fn fake(&self, kind: u8, detail: u8, x: i16, y: i16) {
        self.conn
            .xtest_fake_input(kind, detail, 0, self.root, x, y, 0)
            .expect("send XTEST FakeInput");
    }

    /// Waits until the server has processed every request sent so far.
    pub fn sync(&self) {
        self.conn.sync().expect("sync with the X server");
    }

    /// Moves the pointer to (x, y) in root coordinates.
    pub fn move_to(&self, x: i16, y: i16) {
        self.fake(xproto::MOTION_NOTIFY_EVENT, 0, x, y);
        self.sync();
    }

    /// Presses mouse `button` (1 left, 2 middle, 3 right) where the pointer is.
    pub fn press(&self, button: u8) {
        self.fake(xproto::BUTTON_PRESS_EVENT, button, 0, 0);
        self.sync();
    }

    /// Releases mouse `button` where the pointer is.
    pub fn release(&self, button: u8) {
        self.fake(xproto::BUTTON_RELEASE_EVENT, button, 0, 0);
        self.sync();
    }

    /// Moves to (x, y) and clicks `button` there.
    pub fn click(&self, x: i16, y: i16, button: u8) {
        self.move_to(x, y);
        self.press(button);
        self.release(button);
    }

    /// Presses `button` at `from`, drags to `to` and releases there (e.g. to pick from a popup).
    pub fn drag(&self, from: (i16, i16), to: (i16, i16), button: u8) {
        self.move_to(from.0, from.1);
        self.press(button);
        std::thread::sleep(Duration::from_millis(50));
        self.move_to(to.0, to.1);
        std::thread::sleep(Duration::from_millis(50));
        self.release(button);
    }

    /// The keycode producing `keysym`, and whether Shift must be held for it.
    pub fn keycode(&self, keysym: Keysym) -> (u8, bool) {
        let setup = self.conn.setup();
        let (min, max) = (setup.min_keycode, setup.max_keycode);
        let map = self
            .conn
            .get_keyboard_mapping(min, max - min + 1)
            .expect("send GetKeyboardMapping")
            .reply()
            .expect("GetKeyboardMapping reply");
        let per = map.keysyms_per_keycode as usize;
        for column in 0..per.min(2) {
            for (i, syms) in map.keysyms.chunks(per).enumerate() {
                if syms[column] == keysym {
                    return (min + i as u8, column == 1);
                }
            }
        }
        panic!("no key produces keysym {keysym:#x}");
    }

    /// Presses and releases the key for `keysym` (holding Shift if the keymap needs it).
    pub fn key(&self, keysym: Keysym) {
        let (code, shift) = self.keycode(keysym);
        let shift_code = shift.then(|| self.keycode(keysym::SHIFT_L).0);
        if let Some(s) = shift_code {
            self.fake(xproto::KEY_PRESS_EVENT, s, 0, 0);
        }
        self.fake(xproto::KEY_PRESS_EVENT, code, 0, 0);
        self.fake(xproto::KEY_RELEASE_EVENT, code, 0, 0);
        if let Some(s) = shift_code {
            self.fake(xproto::KEY_RELEASE_EVENT, s, 0, 0);
        }
        self.sync();
    }

    /// Types `c` with Control held (e.g. `ctrl('a')` for Ctrl-A).
    pub fn ctrl(&self, c: char) {
        let ctrl = self.keycode(keysym::CONTROL_L).0;
        self.fake(xproto::KEY_PRESS_EVENT, ctrl, 0, 0);
        self.key(keysym::of_char(c));
        self.fake(xproto::KEY_RELEASE_EVENT, ctrl, 0, 0);
        self.sync();
    }

    /// Types printable ASCII text; `\n` presses Return.
    pub fn type_text(&self, text: &str) {
        for c in text.chars() {
            self.key(keysym::of_char(c));
        }
    }
}

/// Keysyms the tests need (values from X11's keysymdef.h).
pub mod keysym {
    use x11rb::protocol::xproto::Keysym;

    /// Return / Enter.
    pub const RETURN: Keysym = 0xff0d;
    /// BackSpace.
    pub const BACKSPACE: Keysym = 0xff08;
    /// Delete.
    pub const DELETE: Keysym = 0xffff;
    /// Left Shift.
    pub const SHIFT_L: Keysym = 0xffe1;
    /// Left Control.
    pub const CONTROL_L: Keysym = 0xffe3;

    /// The keysym of a printable ASCII character (`\n` gives Return).
    pub fn of_char(c: char) -> Keysym {
        match c {
            '\n' | '\r' => RETURN,
            ' '..='~' => c as Keysym,
            _ => panic!("no keysym for {c:?}: only printable ASCII is supported"),
        }
    }
}
