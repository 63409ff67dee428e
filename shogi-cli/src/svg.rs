//! `shogi svg [--flip] [--western] [--last MOVE] [--dots SQUARE] [--arrow MOVE]...
//! [--highlight SQUARE:COLOR]... [startpos | <SFEN>]`: writes the SVG diagram of a position to
//! stdout (`shogi_kit::svg`).
//!
//! The SFEN may be one argument or its four words; any SFEN that reads is drawn, valid or not
//! (a mate problem, a diagram no game reaches). When the position is valid (soft faults
//! waived) and the side to move is in check, its king's square is highlighted. An SFEN with
//! pieces marked `!` (`S!`) is a position of the untakeable-silver variant, as for `perft`:
//! the marked silvers carry ∞ and `--dots` follows that variant's rules.
//!
//! - `--flip`: the board from White's side.
//! - `--western`: Western coordinates (`9`…`1`, `a`…`i`) and piece letters.
//! - `--last MOVE`: the from and to squares of a USI move highlighted (not checked).
//! - `--dots SQUARE`: the square selected and dots on the legal destinations of its piece, as
//!   if its side were to move; the position (with that side to move) must be valid.
//! - `--arrow MOVE` (repeatable): an arrow for a USI move; a drop (`P*5e`) starts at that
//!   piece in the hand of the side to move.
//! - `--highlight SQUARE:COLOR` (repeatable): a square in a colour, `#rgb`, `#rrggbb`,
//!   `#rrggbbaa` or a name (`red`).
//!
//! Bad input (an unreadable SFEN, move, square or colour, `--dots` on an empty square or in an
//! invalid position) prints `error: <message>` to stderr and exits with status 2.

use std::io::Write;
use std::process::ExitCode;

use shogi_kit::contract::{self, SvgArgs};

/// Write the SVG diagram of a position, with highlights, move dots and arrows.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `startpos` (the default) or an SFEN, as one argument or its four words.
    position: Vec<String>,
    /// The board from White's side.
    #[arg(long)]
    flip: bool,
    /// Western coordinates and piece letters.
    #[arg(long)]
    western: bool,
    /// Highlight the from and to squares of this USI move.
    #[arg(long, value_name = "MOVE")]
    last: Option<String>,
    /// Select this square and dot the legal destinations of its piece.
    #[arg(long, value_name = "SQUARE")]
    dots: Option<String>,
    /// An arrow for this USI move (a drop starts in the hand of the side to move).
    #[arg(long, value_name = "MOVE")]
    arrow: Vec<String>,
    /// Highlight a square in a colour (#rgb, #rrggbb, #rrggbbaa or a name).
    #[arg(long, value_name = "SQUARE:COLOR")]
    highlight: Vec<String>,
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let options = SvgArgs {
        flip: args.flip,
        western: args.western,
        last: args.last.clone(),
        dots: args.dots.clone(),
        arrow: args.arrow.clone(),
        highlight: args.highlight.clone(),
    };
    match contract::svg(&args.position.join(" "), &options) {
        Ok(svg) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(svg.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("svg: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
