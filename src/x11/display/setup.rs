//! The window of one player on his display: the window itself, its
//! pixmaps and GCs, and every picture uploaded in one sheet.

use x11rb::connection::Connection;
use x11rb::errors::ReplyOrIdError;
use x11rb::properties::{WmSizeHints, WmSizeHintsSpecification};
use x11rb::protocol::xproto::{
    AtomEnum, ConnectionExt as _, CreateGCAux, CreateWindowAux, EventMask, Gcontext, ImageFormat,
    ImageOrder, Pixmap, PropMode, Rectangle, Screen, Window, WindowClass,
};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use crate::x11::bitmaps::{Bitmap, Picture};
use crate::x11::layout::{window_width, SPELL_POPUP_MAX, WINDOW_HEIGHT};

/// Where one picture sits in the sheet: (top row, width, height).
pub(super) type SheetPlace = (u16, u16, u16);

/// Server-side resources of one window, used by the writer.
#[derive(Debug, Clone)]
pub(super) struct Ids {
    pub(super) window: Window,
    pub(super) backing: Pixmap,
    pub(super) scratch: Pixmap,
    pub(super) black: Gcontext,
    pub(super) white: Gcontext,
    /// All pictures stacked in one depth-1 pixmap.
    pub(super) sheet: Pixmap,
    /// Each picture's (top row in the sheet, width, height).
    pub(super) pictures: Vec<SheetPlace>,
}

/// Creates, names and maps one player's window with everything the writer
/// draws with. The requests go out in one batch; nothing here waits for a reply.
pub(super) fn create_window(
    conn: &RustConnection,
    screen_num: usize,
    font: u32,
    player_name: &str,
    (players, origin): (usize, (i32, i32)),
    wm_atoms: (u32, u32),
) -> Result<Ids, ReplyOrIdError> {
    let setup = conn.setup();
    let screen = &setup.roots[screen_num.min(setup.roots.len().saturating_sub(1))];
    let size = (window_width(players) as u16, WINDOW_HEIGHT as u16);
    let (backing, white) = create_backing(conn, screen, size)?;
    let window = create_top_window(conn, screen, backing, (size, origin), player_name, wm_atoms)?;
    let black = conn.generate_id()?;
    conn.create_gc(
        black,
        window,
        &CreateGCAux::new()
            .foreground(screen.black_pixel)
            .background(screen.white_pixel)
            .font(font)
            .graphics_exposures(0),
    )?;
    let scratch = conn.generate_id()?;
    conn.create_pixmap(
        screen.root_depth,
        scratch,
        window,
        SPELL_POPUP_MAX.w as u16,
        SPELL_POPUP_MAX.h as u16,
    )?;
    let (sheet, pictures) = upload_pictures(conn, window)?;
    conn.map_window(window)?;
    conn.flush()?;
    Ok(Ids {
        window,
        backing,
        scratch,
        black,
        white,
        sheet,
        pictures,
    })
}

/// The backing pixmap, filled white, and the white GC. The pixmap holds the
/// finished frame and is the window's background: the server repaints
/// exposed parts itself, so neither the first map nor a later Expose waits
/// for the program to draw.
fn create_backing(
    conn: &RustConnection,
    screen: &Screen,
    (width, height): (u16, u16),
) -> Result<(Pixmap, Gcontext), ReplyOrIdError> {
    let backing = conn.generate_id()?;
    conn.create_pixmap(screen.root_depth, backing, screen.root, width, height)?;
    let white = conn.generate_id()?;
    conn.create_gc(
        white,
        backing,
        &CreateGCAux::new()
            .foreground(screen.white_pixel)
            .background(screen.black_pixel)
            .graphics_exposures(0),
    )?;
    conn.poly_fill_rectangle(
        backing,
        white,
        &[Rectangle {
            x: 0,
            y: 0,
            width,
            height,
        }],
    )?;
    Ok((backing, white))
}

/// The top-level window with its title, class, close protocol and fixed size.
fn create_top_window(
    conn: &RustConnection,
    screen: &Screen,
    backing: Pixmap,
    ((width, height), origin): ((u16, u16), (i32, i32)),
    player_name: &str,
    (wm_protocols, wm_delete): (u32, u32),
) -> Result<Window, ReplyOrIdError> {
    let window = conn.generate_id()?;
    conn.create_window(
        x11rb::COPY_DEPTH_FROM_PARENT,
        window,
        screen.root,
        origin.0 as i16,
        origin.1 as i16,
        width,
        height,
        1,
        WindowClass::INPUT_OUTPUT,
        x11rb::COPY_FROM_PARENT,
        &CreateWindowAux::new()
            .background_pixmap(backing)
            .border_pixel(screen.black_pixel)
            .event_mask(
                EventMask::BUTTON_PRESS
                    | EventMask::BUTTON_RELEASE
                    | EventMask::BUTTON_MOTION
                    | EventMask::KEY_PRESS
                    | EventMask::EXPOSURE
                    // DestroyNotify: another client may destroy the window.
                    | EventMask::STRUCTURE_NOTIFY,
            ),
    )?;
    let title = crate::x11::font::latin1(&format!("Spellcast: {player_name}"));
    let class: &[u8] = b"spellcast\0Spellcast\0";
    for (property, value) in [
        (AtomEnum::WM_NAME, title.as_slice()),
        (AtomEnum::WM_ICON_NAME, title.as_slice()),
        (AtomEnum::WM_CLASS, class),
    ] {
        conn.change_property8(PropMode::REPLACE, window, property, AtomEnum::STRING, value)?;
    }
    conn.change_property32(
        PropMode::REPLACE,
        window,
        wm_protocols,
        AtomEnum::ATOM,
        &[wm_delete],
    )?;
    let (w, h) = (i32::from(width), i32::from(height));
    let hints = WmSizeHints {
        position: Some((
            WmSizeHintsSpecification::ProgramSpecified,
            origin.0,
            origin.1,
        )),
        size: Some((WmSizeHintsSpecification::ProgramSpecified, w, h)),
        min_size: Some((w, h)),
        max_size: Some((w, h)),
        ..WmSizeHints::default()
    };
    hints.set_normal_hints(conn, window)?;
    Ok(window)
}

/// Every picture in one depth-1 sheet: one pixmap, one PutImage. Returns the
/// sheet and each picture's (top row, width, height) in it.
fn upload_pictures(
    conn: &RustConnection,
    window: Window,
) -> Result<(Pixmap, Vec<SheetPlace>), ReplyOrIdError> {
    let setup = conn.setup();
    let msb = setup.bitmap_format_bit_order == ImageOrder::MSB_FIRST;
    let pad = setup.bitmap_format_scanline_pad;
    let bitmaps: Vec<Bitmap> = Picture::all().into_iter().map(Picture::bitmap).collect();
    let (sheet_bits, tops) = Bitmap::stack(&bitmaps.iter().collect::<Vec<_>>());
    let sheet = conn.generate_id()?;
    conn.create_pixmap(1, sheet, window, sheet_bits.width, sheet_bits.height)?;
    let bit_gc = conn.generate_id()?;
    conn.create_gc(
        bit_gc,
        sheet,
        &CreateGCAux::new().foreground(1).background(0),
    )?;
    conn.put_image(
        ImageFormat::XY_PIXMAP,
        sheet,
        bit_gc,
        sheet_bits.width,
        sheet_bits.height,
        0,
        0,
        0,
        1,
        &sheet_bits.packed(pad, msb),
    )?;
    conn.free_gc(bit_gc)?;
    let pictures = bitmaps
        .iter()
        .zip(tops)
        .map(|(b, top)| (top, b.width, b.height))
        .collect();
    Ok((sheet, pictures))
}
