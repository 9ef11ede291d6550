//! The program's allocator: the C library's, except during a `--script` run,
//! when memory comes from one arena that is handed out front to back.
//!
//! A script run is a short batch process: it reads a script, plays a duel
//! and writes a report, allocating thousands of small strings and lists that
//! live until the end or die at once. With the C library's allocator, taking
//! and giving back those blocks was a quarter of the run's instructions.
//! Here an allocation moves a cursor; freeing the newest block moves it back
//! (the usual fate of a temporary string), freeing any other is a no-op, and
//! growing the newest block happens in place. The arena is a zeroed static,
//! so pages never used cost nothing, and when it is full the rest of the run
//! falls back to the C library. The X11 game never switches it on.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Size of the arena; a long recorded duel uses well under a tenth of it.
const ARENA_BYTES: usize = 32 << 20;

/// The arena's memory. Only ever touched through the pointers [`Arena`] hands out.
#[repr(C, align(4096))]
struct Memory(UnsafeCell<[u8; ARENA_BYTES]>);

// SAFETY: the bytes are only reached through blocks handed out by `Arena`,
// whose cursor is updated atomically, so no two live blocks overlap.
unsafe impl Sync for Memory {}

static MEMORY: Memory = Memory(UnsafeCell::new([0; ARENA_BYTES]));

/// The allocator: the C library's, or the arena once [`Arena::switch_on`] is called.
pub struct Arena {
    on: AtomicBool,
    /// Low half: the offset of the first free byte; high half: the offset of
    /// the newest block (equal to the cursor when it may not be rolled back).
    /// One word, so one compare-and-swap updates both.
    cursor: AtomicU64,
}

impl Arena {
    /// An allocator that starts as the C library's.
    pub const fn new() -> Arena {
        Arena {
            on: AtomicBool::new(false),
            cursor: AtomicU64::new(0),
        }
    }

    /// From now on, new blocks come from the arena (blocks allocated before
    /// stay with the C library, which still frees and grows them).
    pub fn switch_on(&self) {
        self.on.store(true, Ordering::Relaxed);
    }

    fn base() -> *mut u8 {
        MEMORY.0.get().cast()
    }

    /// The offset of `ptr` in the arena, if it is one of the arena's blocks.
    fn offset_of(ptr: *mut u8) -> Option<usize> {
        let offset = (ptr as usize).wrapping_sub(Self::base() as usize);
        (offset < ARENA_BYTES).then_some(offset)
    }

    /// Updates the cursor with `f(next, newest)`, which returns the new pair
    /// and a result, or None to leave the cursor alone.
    fn update<T>(&self, f: impl Fn(usize, usize) -> Option<(usize, usize, T)>) -> Option<T> {
        let mut old = self.cursor.load(Ordering::Relaxed);
        loop {
            let (next, newest) = ((old & u64::from(u32::MAX)) as usize, (old >> 32) as usize);
            let (next, newest, result) = f(next, newest)?;
            let new = next as u64 | (newest as u64) << 32;
            match self
                .cursor
                .compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some(result),
                Err(now) => old = now,
            }
        }
    }

    /// A new block from the arena, or None when it has no room left.
    fn take(&self, layout: Layout) -> Option<*mut u8> {
        self.update(|next, _| {
            let start = next.checked_add(layout.align() - 1)? & !(layout.align() - 1);
            let end = start.checked_add(layout.size())?;
            // SAFETY: start <= end <= ARENA_BYTES, inside the arena.
            (end <= ARENA_BYTES).then(|| (end, start, unsafe { Self::base().add(start) }))
        })
    }
}

// SAFETY: arena blocks are disjoint ranges of MEMORY, aligned as asked and
// handed out once (the cursor only moves back over the newest block when it
// is freed or shrunk); everything else is the C library's allocator.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if self.on.load(Ordering::Relaxed) {
            if let Some(block) = self.take(layout) {
                return block;
            }
        }
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match Self::offset_of(ptr) {
            Some(offset) => {
                // The newest block gives its room back; others stay until the end.
                self.update(|_, newest| (newest == offset).then_some((offset, offset, ())));
            }
            // SAFETY: not an arena block, so the C library's; contract passed on.
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Some(offset) = Self::offset_of(ptr) else {
            // SAFETY: not an arena block, so the C library's; contract passed on.
            return unsafe { System.realloc(ptr, layout, new_size) };
        };
        let in_place = self.update(|next, newest| {
            let end = offset.checked_add(new_size)?;
            if newest == offset && end <= ARENA_BYTES {
                Some((end, newest, ()))
            } else if new_size <= layout.size() {
                Some((next, newest, ()))
            } else {
                None
            }
        });
        if in_place.is_some() {
            return ptr;
        }
        // SAFETY: the caller guarantees new_size is valid for layout's alignment.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: as for `alloc`.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks are live, distinct, and at least
            // layout.size() long (new_size > layout.size() here).
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size());
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}
