//! One drawing op of the front end turned into X requests on the display.

use x11rb::errors::ConnectionError;
use x11rb::protocol::xproto::{ConnectionExt as _, CoordMode, Rectangle};
use x11rb::rust_connection::RustConnection;

use super::setup::Ids;
use crate::x11::canvas::{Ink, Op, Surface};
use crate::x11::layout::Rect;

fn clip16(v: i32) -> i16 {
    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

fn size16(v: i32) -> u16 {
    v.clamp(0, u16::MAX as i32) as u16
}

pub(super) fn execute(conn: &RustConnection, ids: &Ids, op: &Op) -> Result<(), ConnectionError> {
    let drawable = |s: Surface| match s {
        Surface::Window => ids.window,
        Surface::Backing => ids.backing,
        Surface::Scratch => ids.scratch,
    };
    let gc = |i: Ink| match i {
        Ink::Black => ids.black,
        Ink::White => ids.white,
    };
    let rect = |r: &Rect, shrink: i32| Rectangle {
        x: clip16(r.x),
        y: clip16(r.y),
        width: size16(r.w - shrink),
        height: size16(r.h - shrink),
    };
    match op {
        Op::Fill { on, rect: r, ink } => {
            conn.poly_fill_rectangle(drawable(*on), gc(*ink), &[rect(r, 0)])?;
        }
        Op::Frame { on, rect: r, ink } => {
            conn.poly_rectangle(drawable(*on), gc(*ink), &[rect(r, 0)])?;
        }
        Op::Lines { on, points, ink } => {
            let pts: Vec<x11rb::protocol::xproto::Point> = points
                .iter()
                .map(|&(x, y)| x11rb::protocol::xproto::Point {
                    x: clip16(x),
                    y: clip16(y),
                })
                .collect();
            conn.poly_line(CoordMode::ORIGIN, drawable(*on), gc(*ink), &pts)?;
        }
        Op::Text { on, x, y, bytes } => {
            conn.image_text8(drawable(*on), ids.black, clip16(*x), clip16(*y), bytes)?;
        }
        Op::Picture { on, x, y, picture } => {
            if let Some(&(top, w, h)) = ids.pictures.get(picture.index()) {
                conn.copy_plane(
                    ids.sheet,
                    drawable(*on),
                    ids.black,
                    0,
                    clip16(i32::from(top)),
                    clip16(*x),
                    clip16(*y),
                    w,
                    h,
                    1,
                )?;
            }
        }
        Op::Copy {
            from,
            to,
            src,
            x,
            y,
        } => {
            conn.copy_area(
                drawable(*from),
                drawable(*to),
                ids.black,
                clip16(src.x),
                clip16(src.y),
                clip16(*x),
                clip16(*y),
                size16(src.w),
                size16(src.h),
            )?;
        }
    }
    Ok(())
}
