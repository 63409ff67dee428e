//! Where the tests find the shared data folder (`shared/` beside the clone: third-party
//! records, the published perft table), and what they do when it is missing.
//!
//! The folder is not part of the repository. In a plain clone the tests that read it say
//! that they were skipped and why, and pass; with `CI` set (to anything but empty, `false`
//! or `0`) a missing folder fails them, so that CI cannot pass without reading it.

use std::path::{Path, PathBuf};

/// Whether `CI` is set to anything but empty, `false` or `0`.
#[must_use]
pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The path of `shared/<sub>` beside the clone, whether or not it exists.
#[must_use]
pub fn path(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(sub)
}

/// The folder `shared/<sub>` beside the clone, or `None` after saying on standard error that
/// `test` is skipped, when it is missing.
///
/// # Panics
/// If the folder is missing and [`ci`] is set.
#[must_use]
pub fn dir(sub: &str, test: &str) -> Option<PathBuf> {
    let dir = path(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(!ci(), "{test}: {} is missing, and CI is set", dir.display());
    eprintln!(
        "{test}: skipped: the shared {sub} folder {} is missing (a plain clone); set CI=true \
         to make this an error",
        dir.display()
    );
    None
}
