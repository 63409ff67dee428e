//! Memory while reading files of many games, counted by a global allocator that tracks the
//! bytes in use and their peak: [`Record::games`] holds one game at a time, so its peak does
//! not grow with the number of games; [`Record::read_all`] keeps every record, at the cost of
//! the record and its moves and no more.
//!
//! Only one test runs in this binary, so that no other thread allocates while it counts.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use common::large::{Shape, generate};
use shogi_record::{Record, RecordError, RecordMove};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grow(bytes: usize) {
    let now = IN_USE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// A global allocator can only be written with `unsafe`: allowed here, in this test only.
// SAFETY: every call goes to the system allocator with the same arguments; the counters are
// only statistics.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grow(new_size - layout.size());
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of the bytes in use while `f` runs, above those in use before it.
fn peak_of(f: impl FnOnce() -> usize) -> (usize, usize) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let count = f();
    (PEAK.load(Ordering::Relaxed) - before, count)
}

#[test]
fn streaming_holds_one_game_and_read_all_holds_records_only() {
    // Powers of two, so that the list of `read_all` ends with no spare room.
    let n = 4096;
    let small = generate(Shape::CsaShort, n);
    let big = generate(Shape::CsaShort, 8 * n);

    let stream = |text: &str| {
        peak_of(|| {
            let games = Record::games(text.as_bytes()).expect("csa");
            games.map(|g| g.expect("game").moves.len()).sum()
        })
    };
    let (stream_small, moves) = stream(&small);
    assert_eq!(moves, n);
    let (stream_big, moves) = stream(&big);
    assert_eq!(moves, 8 * n);
    assert!(
        stream_big < stream_small + 4096,
        "reading games one at a time: {stream_small} bytes at most for {n} games, {stream_big} for {}",
        8 * n
    );

    let all = |text: &str| {
        peak_of(|| {
            let games = Record::read_all(text.as_bytes()).expect("csa");
            games.len()
        })
    };
    let (all_small, games) = all(&small);
    assert_eq!(games, n);
    let (all_big, games) = all(&big);
    assert_eq!(games, 8 * n);
    // The measure sees records kept: eight times the games, about eight times the bytes.
    assert!(all_big > 6 * all_small, "{all_small} then {all_big}");
    // Each one-move game costs its entry of the list and its one move, with little more.
    let per_game = all_big / (8 * n);
    let entry = size_of::<Result<Record, RecordError>>() + size_of::<RecordMove>();
    assert!(
        per_game < entry + 64,
        "read_all: {per_game} bytes a game, for a {entry}-byte record and move"
    );
    eprintln!(
        "games: peak {stream_small} bytes for {n} games, {stream_big} for {}; read_all: {per_game} bytes a game",
        8 * n
    );
}
