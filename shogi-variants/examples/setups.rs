//! Prints every handicap and untakeable-silver start position, one per line.
//!
//! ```text
//! cargo run --release -p shogi-variants --example setups
//! ```
//!
//! Each line is `<english name>\t<japanese name>\t<sfen>`: three fields separated by tabs. The
//! handicaps come first, in the order of `Handicap::ALL` (the even game first), then the three
//! setups of the untakeable-silver variant, whose untakeable silvers the SFEN marks `S!` and
//! which have no Japanese name (`-`).

use std::io::{BufWriter, Write};

use shogi_variants::{Handicap, SilverSetup};

fn main() -> std::io::Result<()> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for h in Handicap::ALL {
        // The SFEN writer of `Setup`.
        let sfen = h.setup();
        writeln!(out, "{}\t{}\t{sfen}", h.english_name(), h.japanese_name())?;
    }
    for s in SilverSetup::ALL {
        // The SFEN of the position, with its untakeable silvers marked `S!`.
        let sfen = s.position();
        writeln!(out, "{}\t-\t{sfen}", s.english_name())?;
    }
    out.flush()
}
