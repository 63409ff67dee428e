//! `shogi dataset` on a file of many games takes memory for the file, not for its games: the
//! peak resident size of the command (`getrusage` of the children, Linux only) on a file of
//! `8n` short CSA games stays within a few times the file of that of `n` games, where keeping
//! every record took some 60 times the file.
//!
//! Only one test runs in this binary: the peak of the children is the largest of every child
//! this process has waited for, so no other command may run beside it.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Command;

/// The largest peak resident size, in bytes, of the children waited for so far.
fn children_peak() -> u64 {
    // SAFETY: `getrusage` writes into the zeroed struct it is given and reads nothing else.
    #[allow(unsafe_code)]
    let usage = unsafe {
        let mut usage: libc::rusage = core::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &raw mut usage), 0);
        usage
    };
    // Linux gives kilobytes.
    u64::try_from(usage.ru_maxrss).expect("a size") * 1024
}

/// Runs `shogi dataset` on `input` and returns the peak of the children after it.
fn run(input: &Path, out: &Path) -> u64 {
    let status = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .args(["dataset", "--format", "hcpe", "--out"])
        .arg(out)
        .arg(input)
        .output()
        .expect("the shogi binary runs");
    assert!(status.status.success(), "{status:?}");
    children_peak()
}

#[test]
fn memory_does_not_grow_with_the_games_of_a_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dataset-memory");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let n = 20_000;
    let game = "+7776FU\n%TORYO\n/\n";
    let (small, big) = (dir.join("small.csa"), dir.join("big.csa"));
    std::fs::write(&small, game.repeat(n)).expect("write");
    std::fs::write(&big, game.repeat(8 * n)).expect("write");
    let out = dir.join("out.hcpe");
    // The smaller file first: the peak can only grow.
    let first = run(&small, &out);
    let second = run(&big, &out);
    assert_eq!(
        std::fs::metadata(&out).expect("output").len(),
        8 * n as u64 * 38
    );
    let file = (8 * game.len() * n) as u64;
    assert!(
        second <= first + 2 * file + (8 << 20),
        "{} games: {first} bytes at most; {}: {second} ({file} bytes of file)",
        n,
        8 * n
    );
    eprintln!(
        "peak {} KiB for {n} games, {} KiB for {} ({} KiB of file)",
        first >> 10,
        second >> 10,
        8 * n,
        file >> 10
    );
}
