//! Perft data: the reader of the workspace's `.perft` files and of the shared table of
//! published counts, and the `.perft` files themselves.
//!
//! A `.perft` file holds `id <name>` and `sfen <sfen>` lines, each followed by
//! `perft <depth> <nodes>` lines; `#` starts a comment. The shared table
//! (`perft/reference.tsv` of the shared folder, see [`crate::shared`]) is tab-separated with
//! a header row: `name`, `sfen`, `depth`, `nodes`, then columns this reader does not use.

use std::path::Path;

/// One perft count: the position (its id and SFEN), a depth and the number of leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The name of the position (`id` line, or `name` column).
    pub id: String,
    /// The position, as SFEN (untakeable silvers may be marked `S!`).
    pub sfen: String,
    /// The depth in plies.
    pub depth: u32,
    /// The number of legal move sequences of that length.
    pub nodes: u64,
}

/// The standard-shogi counts run by `shogi-movegen` (`shogi-movegen/tests/data/reference.perft`).
///
/// # Panics
/// If the file cannot be read (the kit is used outside the workspace).
#[must_use]
pub fn standard() -> String {
    workspace_file("shogi-movegen/tests/data/reference.perft")
}

/// The counts of every handicap start (`shogi-movegen/tests/data/handicaps.perft`).
///
/// # Panics
/// If the file cannot be read (the kit is used outside the workspace).
#[must_use]
pub fn handicaps() -> String {
    workspace_file("shogi-movegen/tests/data/handicaps.perft")
}

/// The counts of the untakeable-silver starts (`shogi-variants/tests/data/variants.perft`).
///
/// # Panics
/// If the file cannot be read (the kit is used outside the workspace).
#[must_use]
pub fn variants() -> String {
    workspace_file("shogi-variants/tests/data/variants.perft")
}

/// The text of the file at `path` from the workspace root. Read when asked, not built in, so
/// that the kit's own package builds (`cargo package --workspace` verifies it).
fn workspace_file(path: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Every `perft` line of the `.perft` text `text`, in order, with the id and SFEN it belongs to.
///
/// # Panics
/// If a `perft` line does not hold a depth and a node count.
///
/// ```
/// let text = "id start # a comment\nsfen 4k4/9/9/9/9/9/9/9/4K4 b - 1\nperft 1 5\n";
/// let entries = shogi_testkit::perft::entries(text);
/// assert_eq!(entries.len(), 1);
/// assert_eq!((entries[0].id.as_str(), entries[0].depth, entries[0].nodes), ("start", 1, 5));
/// ```
pub fn entries(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let (mut id, mut sfen) = (String::new(), String::new());
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("sfen ") {
            sfen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().and_then(|d| d.parse().ok()).expect("perft depth");
            let nodes = it.next().and_then(|n| n.parse().ok()).expect("perft nodes");
            out.push(Entry {
                id: id.clone(),
                sfen: sfen.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

/// Every row of the tab-separated table `text` (the shared `perft/reference.tsv`), in order.
///
/// # Panics
/// If the header does not start with `name`, `sfen`, `depth`, `nodes`, or a row lacks one of
/// them.
///
/// ```
/// let text = "name\tsfen\tdepth\tnodes\tsource\nk\t4k4/9/9/9/9/9/9/9/4K4 b - 1\t1\t5\tme\n";
/// let rows = shogi_testkit::perft::table(text);
/// assert_eq!((rows[0].id.as_str(), rows[0].depth, rows[0].nodes), ("k", 1, 5));
/// ```
pub fn table(text: &str) -> Vec<Entry> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("");
    assert!(
        header.starts_with("name\tsfen\tdepth\tnodes"),
        "perft table: unexpected header {header:?}"
    );
    lines
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let mut field = |what| {
                fields
                    .next()
                    .unwrap_or_else(|| panic!("perft table: no {what} in {line:?}"))
            };
            let id = field("name").to_string();
            let sfen = field("sfen").to_string();
            let depth = field("depth").parse().expect("perft table: depth");
            let nodes = field("nodes").parse().expect("perft table: nodes");
            Entry {
                id,
                sfen,
                depth,
                nodes,
            }
        })
        .collect()
}
