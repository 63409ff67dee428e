//! What KIF and KI2 (both Kakinoki's formats) share, in three parts:
//!
//! - [`header`]: the lines before the first move: header fields, `手合割`, the board diagram
//!   (BOD) and the hands, and the start position they give;
//! - [`moves`]: the reader core: move lines of both formats, comments, terminal words, the
//!   `まで…` summary line, variation headers, every move checked and the variations built into
//!   a tree;
//! - [`write`]: what the KIF and KI2 writers share: the header part (with the board diagram),
//!   comments, move texts, terminal words and the `まで…` line.
//!
//! Imports go one way: `moves` uses `header`, `write` uses both, and neither part uses this
//! module, which only re-exports what [`crate::kif`], [`crate::ki2`] and [`crate::csa`] need.
//!
//! One reader serves both formats: it takes numbered KIF move lines (`   1 ７六歩(77)`) and KI2
//! move lines (`▲７六歩    △３四歩`) alike, so a file is read whichever of the two it is.

mod header;
mod moves;
mod write;

pub(crate) use moves::{MARKS, read};
pub(crate) use write::{
    foul, guarded_exact, kif_move_text, summary_stand_in, summary_text, terminal, time_text, width,
    write_comments, write_preamble,
};
