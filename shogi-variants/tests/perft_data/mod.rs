//! Reads the perft data files (`tests/data/*.perft`): `id <name>`, `sfen <sfen>`, then
//! `perft <depth> <nodes>` lines; `#` starts a comment.

/// One `perft` line with the id and SFEN it belongs to.
pub struct Entry {
    pub id: String,
    pub sfen: String,
    pub depth: u32,
    pub nodes: u64,
}

/// Every `perft` line of `text`, in order.
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
