//! `AnyPosition` offers every public method of `Position`: this test reads the sources of
//! both (the `pub fn`s of the `impl … Position<R>` blocks of `shogi-movegen/src/**/*.rs`, and of
//! the `impl AnyPosition` blocks of `shogi-variants/src/any.rs`) and fails when `Position`
//! gains a method that `AnyPosition` lacks. It reads the sources of two crates of the
//! workspace, so it lives in this unpublished crate, which is never packaged.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The names of the `pub fn`s declared at the top level of the `impl` blocks of `text` whose
/// header line `is_target` accepts.
fn methods(text: &str, is_target: impl Fn(&str) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("impl") {
            inside = is_target(line);
            continue;
        }
        let Some(rest) = line
            .strip_prefix("    pub fn ")
            .or_else(|| line.strip_prefix("    pub const fn "))
        else {
            continue;
        };
        if inside {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// The `.rs` files below `dir`, its folders included (`src/position/`, `src/packed/`).
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

#[test]
fn any_position_has_every_method_of_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let movegen = root.join("shogi-movegen/src");
    let mut position = BTreeSet::new();
    for path in rust_files(&movegen) {
        // `testing.rs` holds the test hooks, free functions on purpose.
        if !path.ends_with("testing.rs") {
            let text = std::fs::read_to_string(&path).expect("source");
            position.extend(methods(&text, |l| l.contains(" Position<R> {")));
        }
    }
    let any = std::fs::read_to_string(root.join("shogi-variants/src/any.rs")).expect("any.rs");
    let any = methods(&any, |l| l.trim_end() == "impl AnyPosition {");
    assert!(position.len() >= 30, "{position:?}");
    let missing: Vec<_> = position.difference(&any).collect();
    assert!(
        missing.is_empty(),
        "AnyPosition lacks these methods of Position: {missing:?}"
    );
}
