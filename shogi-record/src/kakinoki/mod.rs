//! What KIF and KI2 (both Kakinoki's formats) share, in three parts:
//!
//! - [`header`]: the lines before the first move: header fields, `手合割`, the board diagram
//!   (BOD) and the hands, and the start position they give;
//! - [`reader`], [`tree`] and [`lines`]: the reader core: one state machine over the lines of
//!   both formats (comments, terminal words, the `まで…` summary line, variation headers), every
//!   move checked and the variations built into a tree, and the reading of each kind of line;
//! - [`write`]: what the KIF and KI2 writers share: the header part (with the board diagram),
//!   comments, move texts, terminal words and the `まで…` line.
//!
//! The reader's three parts share their items through this module; `write` uses the reader's
//! line helpers and `header`. This module re-exports what [`crate::kif`] and [`crate::ki2`]
//! need.
//!
//! One reader serves both formats: it takes numbered KIF move lines (`   1 ７六歩(77)`) and KI2
//! move lines (`▲７六歩    △３四歩`) alike, so a file is read whichever of the two it is.

mod header;
mod lines;
mod reader;
mod tree;
mod write;

use lines::*;
use reader::*;
use tree::*;

pub(crate) use reader::{MARKS, read};
pub(crate) use write::{
    foul, guarded_exact, kif_move_text, summary_stand_in, summary_text, terminal, time_text, width,
    write_comments, write_preamble,
};
