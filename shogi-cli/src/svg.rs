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

use shogi_kit::svg::{Coordinates, Diagram, PieceStyle, Rgba, Theme};
use shogi_kit::types::{Bitboard, Move, Setup, Square};
use shogi_kit::variants::{AnyPosition, AnyPositionError};

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
    match diagram(args) {
        Ok(d) => {
            let mut out = std::io::stdout().lock();
            match out
                .write_all(d.to_svg().as_bytes())
                .and_then(|()| out.flush())
            {
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

/// The diagram the arguments ask for, or what is wrong with them.
fn diagram(args: &Args) -> Result<Diagram, String> {
    let setup = setup(&args.position)?;
    let mut d = Diagram::new(setup.clone()).flip(args.flip);
    if args.western {
        d = d
            .coordinates(Coordinates::Western)
            .piece_style(PieceStyle::Western);
    }
    if let Ok(pos) = validated(setup.clone())
        && let (true, Some(king)) = (pos.is_check(), pos.king(pos.side_to_move()))
    {
        d = d.check(king);
    }
    if let Some(text) = &args.last {
        d = d.last_move(usi_move("--last", text)?);
    }
    if let Some(text) = &args.dots {
        let from = square("--dots", text)?;
        d = d.selected(from).dots(destinations(&setup, from)?);
    }
    for text in &args.highlight {
        let (sq, color) = text
            .split_once(':')
            .ok_or_else(|| format!("--highlight {text}: expected SQUARE:COLOR, as 5e:red"))?;
        let sq = square("--highlight", sq)?;
        let color: Rgba = color
            .parse()
            .map_err(|e| format!("--highlight {text}: {e}"))?;
        d = d.highlight(sq, color);
    }
    let arrow = Theme::default().arrow;
    for text in &args.arrow {
        d = d.move_arrow(usi_move("--arrow", text)?, arrow);
    }
    Ok(d)
}

/// The setup of the words: the standard start, or the SFEN as read (not validated).
fn setup(words: &[String]) -> Result<Setup, String> {
    if words.is_empty() || (words.len() == 1 && words[0] == "startpos") {
        return Ok(Setup::start());
    }
    words.join(" ").parse().map_err(|e| format!("{e}"))
}

/// The position of a setup in the variant its marks call for, soft faults waived.
fn validated(setup: Setup) -> Result<AnyPosition, AnyPositionError> {
    AnyPosition::from_marked_setup(setup).or_else(AnyPositionError::ignore_soft)
}

/// The squares the piece on `from` can legally go to, as if its side were to move.
fn destinations(setup: &Setup, from: Square) -> Result<Bitboard, String> {
    let piece = setup
        .piece_at(from)
        .ok_or_else(|| format!("--dots {from}: no piece on {from}"))?;
    let mut as_if = setup.clone();
    as_if.side_to_move = piece.color;
    let pos = validated(as_if).map_err(|e| format!("--dots {from}: {e}"))?;
    Ok(pos.legal_moves_from(from).iter().map(|m| m.to()).collect())
}

fn usi_move(option: &str, text: &str) -> Result<Move, String> {
    text.parse().map_err(|e| format!("{option} {text}: {e}"))
}

fn square(option: &str, text: &str) -> Result<Square, String> {
    text.parse().map_err(|e| format!("{option} {text}: {e}"))
}
