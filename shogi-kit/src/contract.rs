//! The command-line contracts as functions: the same input gives the same output text as the
//! `shogi` command (`legal`, `adjudicate`, `perft`, `convert`, `svg`, `setups`, `mate`). The
//! `shogi` command, the WebAssembly package and the Python package all answer through these,
//! so a script gets the command's exact text without starting a process.
//!
//! Where the command writes a bad line as `error: <message>`, these return a [`ContractError`]
//! whose `Display` is that message.
//!
//! ```
//! use shogi_kit::contract::{self, AdjudicateFlags};
//!
//! assert_eq!(contract::legal_moves("startpos")?.len(), 30);
//! assert_eq!(contract::perft("startpos", 2)?, 900);
//! assert_eq!(
//!     contract::adjudicate(AdjudicateFlags::default(), "position startpos moves 7g7f 7g7f")?,
//!     "illegal 1 no-such-piece"
//! );
//! # Ok::<(), contract::ContractError>(())
//! ```

use std::num::NonZeroU32;

use crate::movegen::{IllegalMoveKind, Position, Standard};
use crate::rules::impasse::ImpasseRule;
use crate::rules::{AtLimit, Game, MoveLimit, PlayError, RuleSet};
use crate::usi::position::PositionCommand;
use crate::variants::{
    AnyPosition, AnyPositionError, Handicap, ParseAnyPositionError, SilverSetup,
};

/// Why a contract function failed: the message the command prints after `error: `, and what
/// kind of input was wrong (so that a binding can raise a typed error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractError {
    /// What was wrong.
    pub kind: ContractErrorKind,
    /// The command's message.
    pub message: String,
}

/// The kind of input a [`ContractError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContractErrorKind {
    /// Unreadable SFEN or USI position text.
    Sfen,
    /// A readable setup that is no valid position.
    Position,
    /// An unreadable move, or one that cannot be played.
    Move,
    /// A game that cannot go on (a move after the end, a declaration refused).
    Game,
    /// An unreadable or illegal record.
    Record,
    /// A bad option value (an unknown rule, format or mode, a bad square or colour), or an
    /// empty input line.
    Usage,
}

impl ContractError {
    /// An error of `kind` with the message `message`.
    pub fn new(kind: ContractErrorKind, message: impl std::fmt::Display) -> ContractError {
        ContractError {
            kind,
            message: message.to_string(),
        }
    }
}

impl std::fmt::Display for ContractError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContractError {}

/// The error of an unreadable SFEN or an invalid position.
fn position_error(e: ParseAnyPositionError) -> ContractError {
    match e {
        ParseAnyPositionError::Position(e) => ContractError::new(ContractErrorKind::Position, e),
        e => ContractError::new(ContractErrorKind::Sfen, e),
    }
}

/// The position of a `shogi legal`/`shogi perft` argument: `startpos`, or an SFEN read in the
/// variant its marks call for (`S!`: untakeable silver), soft faults waived (mate problems,
/// extra material).
///
/// # Errors
/// The library's message for an unreadable SFEN or an invalid position.
pub fn lenient_position(text: &str) -> Result<AnyPosition, ContractError> {
    let text = text.trim();
    if text.is_empty() || text == "startpos" {
        return Ok(AnyPosition::default());
    }
    match AnyPosition::from_sfen(text) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Position(e)) => e
            .ignore_soft()
            .map_err(|e| ContractError::new(ContractErrorKind::Position, e)),
        Err(e) => Err(position_error(e)),
    }
}

/// The legal moves of one `shogi legal` input line, in USI, sorted by byte order.
///
/// # Errors
/// What `shogi legal` writes after `error: `.
pub fn legal_moves(line: &str) -> Result<Vec<String>, ContractError> {
    let text = line.trim();
    // `shogi legal` reads an empty line as an SFEN (and reports its error); `perft` reads no
    // words as the start position.
    if text.is_empty() {
        return AnyPosition::from_sfen(text)
            .map(|_| Vec::new())
            .map_err(position_error);
    }
    let pos = lenient_position(text)?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort_unstable();
    Ok(moves)
}

/// The total of `shogi perft <depth> <sfen>` (the last line of its output).
///
/// # Errors
/// The library's message for an unreadable SFEN or an invalid position.
pub fn perft(sfen: &str, depth: u32) -> Result<u64, ContractError> {
    Ok(lenient_position(sfen)?.perft(depth))
}

/// The flags of `shogi adjudicate`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdjudicateFlags {
    /// `--impasse`.
    pub impasse: ImpasseRule,
    /// `--move-limit` (0: none).
    pub move_limit: u32,
    /// `--limit-count`.
    pub limit_count: bool,
    /// `--handicap-credit`.
    pub handicap_credit: bool,
}

impl AdjudicateFlags {
    /// The rule set the flags choose.
    pub fn rules(self) -> RuleSet {
        let at_limit = if self.limit_count {
            AtLimit::Count
        } else {
            AtLimit::Draw
        };
        let move_limit = NonZeroU32::new(self.move_limit).map(|n| MoveLimit::new(n, at_limit));
        RuleSet::none()
            .with_impasse(self.impasse)
            .with_move_limit(move_limit)
            .with_handicap_credit(self.handicap_credit)
    }
}

/// The impasse rule named as `--impasse` names it (`none`, `24`, `27`, `24-declaration`,
/// `try`).
///
/// # Errors
/// The message of `shogi adjudicate` for an unknown name.
pub fn impasse_rule(value: &str) -> Result<ImpasseRule, ContractError> {
    ImpasseRule::ALL
        .into_iter()
        .find(|rule| rule.as_str() == value)
        .ok_or_else(|| {
            ContractError::new(
                ContractErrorKind::Usage,
                format_args!("unknown impasse rule {value:?}"),
            )
        })
}

/// The kebab-case word of `shogi adjudicate` for an illegal move kind.
pub fn kind_word(kind: IllegalMoveKind) -> &'static str {
    match kind {
        IllegalMoveKind::NoSuchPiece => "no-such-piece",
        IllegalMoveKind::NotYourPiece => "not-your-piece",
        IllegalMoveKind::CannotReach => "cannot-reach",
        IllegalMoveKind::CaptureOwnPiece => "capture-own-piece",
        IllegalMoveKind::CaptureProtected => "capture-protected",
        IllegalMoveKind::BadPromotion => "bad-promotion",
        IllegalMoveKind::StuckPiece => "stuck-piece",
        IllegalMoveKind::NotInHand => "not-in-hand",
        IllegalMoveKind::Occupied => "occupied",
        IllegalMoveKind::TwoPawns => "two-pawns",
        IllegalMoveKind::DropPawnMate => "drop-pawn-mate",
        IllegalMoveKind::LeavesKingInCheck => "leaves-king-in-check",
        _ => "illegal",
    }
}

/// The output line of `shogi adjudicate` for one input line (a USI position command,
/// optionally followed by `declare`).
///
/// # Errors
/// What `shogi adjudicate` writes after `error: `.
pub fn adjudicate(flags: AdjudicateFlags, line: &str) -> Result<String, ContractError> {
    let text = line.trim();
    let (command, declare) = match text.rsplit_once(|c: char| c.is_ascii_whitespace()) {
        Some((head, "declare")) => (head, true),
        _ if text == "declare" => ("", true),
        _ => (text, false),
    };
    let cmd: PositionCommand = command
        .parse()
        .map_err(|e| ContractError::new(ContractErrorKind::Sfen, e))?;
    let start = match Position::<Standard>::from_setup(cmd.start.to_setup()) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_soft()
            .map_err(|e| ContractError::new(ContractErrorKind::Position, e))?,
    };
    let mut game = Game::with_rules(start, flags.rules());
    for (index, &m) in cmd.moves.iter().enumerate() {
        match game.play(m) {
            Ok(_) => {}
            Err(PlayError::IllegalMove(e)) => {
                return Ok(format!("illegal {index} {}", kind_word(e.kind)));
            }
            Err(PlayError::GameOver(_)) => return Ok(format!("illegal {index} game-over")),
            Err(e) => return Err(ContractError::new(ContractErrorKind::Game, e)),
        }
    }
    if declare {
        game.declare()
            .map_err(|e| ContractError::new(ContractErrorKind::Game, e))?;
    }
    Ok(match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_owned(),
    })
}

/// One line of `shogi setups`: the English name, the Japanese name (`-` for none) and the
/// SFEN (untakeable silvers marked `S!`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupLine {
    /// The English name (`Even`, `Bishop`, `Untakeable Silver (six-piece)`).
    pub english: &'static str,
    /// The Japanese name (`平手`), or `-`.
    pub japanese: &'static str,
    /// The SFEN.
    pub sfen: String,
}

/// Every line of `shogi setups`, in its order: the handicaps, then the untakeable-silver
/// setups.
pub fn setups() -> Vec<SetupLine> {
    let handicaps = Handicap::ALL.into_iter().map(|h| SetupLine {
        english: h.english_name(),
        japanese: h.japanese_name(),
        sfen: h.setup().to_string(),
    });
    let silvers = SilverSetup::ALL.into_iter().map(|s| SetupLine {
        english: s.english_name(),
        japanese: "-",
        sfen: s.position().to_string(),
    });
    handicaps.chain(silvers).collect()
}

/// A start position named as `shogi setups` names it (English or Japanese name), or
/// `startpos`, or an SFEN (strict: every fault refused unless `lenient`).
///
/// # Errors
/// The library's message for an unreadable SFEN or an invalid position.
pub fn start_position(text: &str, lenient: bool) -> Result<AnyPosition, ContractError> {
    let text = text.trim();
    if text.is_empty() || text == "startpos" {
        return Ok(AnyPosition::default());
    }
    if let Some(h) = Handicap::ALL
        .into_iter()
        .find(|h| h.english_name() == text || h.japanese_name() == text)
    {
        return Ok(h.position().into());
    }
    if let Some(s) = SilverSetup::ALL
        .into_iter()
        .find(|s| s.english_name() == text || s.name() == text)
    {
        return Ok(s.position().into());
    }
    match AnyPosition::from_sfen(text) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Position(e)) if lenient => e
            .ignore_soft()
            .map_err(|e: AnyPositionError| ContractError::new(ContractErrorKind::Position, e)),
        Err(e) => Err(position_error(e)),
    }
}

#[cfg(feature = "record")]
pub use self::records::{ConvertTarget, convert, write_record};

#[cfg(feature = "record")]
mod records {
    use super::{ContractError, ContractErrorKind};
    use crate::record::{self, Record, csa, jkf, ki2, kif};

    /// What `shogi convert --to` writes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum ConvertTarget {
        /// One `position …` line.
        Usi,
        /// The SFEN of the final position.
        Sfen,
        /// KIF.
        Kif,
        /// KI2.
        Ki2,
        /// CSA.
        Csa,
        /// JKF (JSON).
        Jkf,
        /// One Western move a line.
        Western,
        /// One Japanese move a line.
        Japanese,
    }

    impl std::str::FromStr for ConvertTarget {
        type Err = ContractError;

        fn from_str(s: &str) -> Result<ConvertTarget, ContractError> {
            Ok(match s {
                "usi" => ConvertTarget::Usi,
                "sfen" => ConvertTarget::Sfen,
                "kif" => ConvertTarget::Kif,
                "ki2" => ConvertTarget::Ki2,
                "csa" => ConvertTarget::Csa,
                "jkf" => ConvertTarget::Jkf,
                "western" => ConvertTarget::Western,
                "japanese" => ConvertTarget::Japanese,
                _ => {
                    return Err(ContractError::new(
                        ContractErrorKind::Usage,
                        format_args!(
                            "unknown format {s:?}, expected usi, sfen, kif, ki2, csa, jkf, western or japanese"
                        ),
                    ));
                }
            })
        }
    }

    /// The text `shogi convert --to <target>` writes for `rec`.
    ///
    /// # Errors
    /// The message of an illegal move in a record edited by hand (only for `sfen`).
    pub fn write_record(rec: &Record, target: ConvertTarget) -> Result<String, ContractError> {
        let lines = |v: Vec<String>| v.iter().map(|l| format!("{l}\n")).collect::<String>();
        Ok(match target {
            ConvertTarget::Usi => format!("{}\n", rec.to_position_command()),
            ConvertTarget::Sfen => {
                let pos = rec
                    .final_position()
                    .map_err(|e| ContractError::new(ContractErrorKind::Move, e))?;
                format!("{}\n", pos.to_setup())
            }
            ConvertTarget::Kif => kif::write(rec),
            ConvertTarget::Ki2 => ki2::write(rec),
            ConvertTarget::Csa => csa::write(rec),
            ConvertTarget::Jkf => jkf::write(rec),
            ConvertTarget::Western => lines(rec.western_moves()),
            ConvertTarget::Japanese => lines(rec.japanese_moves()),
        })
    }

    /// The standard output of `shogi convert --to <target> [--lenient]` for the file `bytes`.
    ///
    /// # Errors
    /// What `shogi convert` writes after `error: ` (to standard error) when it fails.
    pub fn convert(
        bytes: &[u8],
        target: ConvertTarget,
        lenient: bool,
    ) -> Result<String, ContractError> {
        let rec = if lenient {
            record::read_lenient(bytes).map_err(record_error)?.0
        } else {
            record::read(bytes).map_err(record_error)?
        };
        write_record(&rec, target)
    }

    fn record_error(e: record::RecordError) -> ContractError {
        ContractError::new(ContractErrorKind::Record, e)
    }
}

#[cfg(feature = "svg")]
pub use self::diagrams::{SvgArgs, diagram as svg_diagram, svg};

#[cfg(feature = "svg")]
mod diagrams {
    use crate::svg::{Coordinates, Diagram, PieceStyle, Rgba, Theme};
    use crate::types::{Bitboard, Move, Setup, Square};
    use crate::variants::{AnyPosition, AnyPositionError};

    use super::{ContractError, ContractErrorKind};

    fn usage(message: impl std::fmt::Display) -> ContractError {
        ContractError::new(ContractErrorKind::Usage, message)
    }

    /// The options of `shogi svg`.
    #[derive(Debug, Clone, Default)]
    pub struct SvgArgs {
        /// `--flip`.
        pub flip: bool,
        /// `--western`.
        pub western: bool,
        /// `--last MOVE`.
        pub last: Option<String>,
        /// `--dots SQUARE`.
        pub dots: Option<String>,
        /// `--arrow MOVE`, repeated.
        pub arrow: Vec<String>,
        /// `--highlight SQUARE:COLOR`, repeated.
        pub highlight: Vec<String>,
    }

    /// What `shogi svg [options] <sfen>` writes.
    ///
    /// # Errors
    /// What `shogi svg` writes after `error: `.
    pub fn svg(sfen: &str, args: &SvgArgs) -> Result<String, ContractError> {
        Ok(diagram(setup(sfen)?, args)?.to_svg())
    }

    /// The diagram of `setup` the options ask for.
    ///
    /// # Errors
    /// What `shogi svg` writes after `error: `.
    pub fn diagram(setup: Setup, args: &SvgArgs) -> Result<Diagram, ContractError> {
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
            let (sq, color) = text.split_once(':').ok_or_else(|| {
                usage(format_args!(
                    "--highlight {text}: expected SQUARE:COLOR, as 5e:red"
                ))
            })?;
            let sq = square("--highlight", sq)?;
            let color: Rgba = color
                .parse()
                .map_err(|e| usage(format_args!("--highlight {text}: {e}")))?;
            d = d.highlight(sq, color);
        }
        let arrow = Theme::default().arrow;
        for text in &args.arrow {
            d = d.move_arrow(usi_move("--arrow", text)?, arrow);
        }
        Ok(d)
    }

    /// The setup of the text: the standard start, or the SFEN as read (not validated).
    fn setup(text: &str) -> Result<Setup, ContractError> {
        let text = text.trim();
        if text.is_empty() || text == "startpos" {
            return Ok(Setup::start());
        }
        text.parse()
            .map_err(|e| ContractError::new(ContractErrorKind::Sfen, e))
    }

    /// The position of a setup in the variant its marks call for, soft faults waived.
    fn validated(setup: Setup) -> Result<AnyPosition, AnyPositionError> {
        AnyPosition::from_marked_setup(setup).or_else(AnyPositionError::ignore_soft)
    }

    /// The squares the piece on `from` can legally go to, as if its side were to move.
    fn destinations(setup: &Setup, from: Square) -> Result<Bitboard, ContractError> {
        let piece = setup
            .piece_at(from)
            .ok_or_else(|| usage(format_args!("--dots {from}: no piece on {from}")))?;
        let mut as_if = setup.clone();
        as_if.side_to_move = piece.color;
        let pos = validated(as_if).map_err(|e| {
            ContractError::new(
                ContractErrorKind::Position,
                format_args!("--dots {from}: {e}"),
            )
        })?;
        Ok(pos.legal_moves_from(from).iter().map(|m| m.to()).collect())
    }

    fn usi_move(option: &str, text: &str) -> Result<Move, ContractError> {
        text.parse().map_err(|e| {
            ContractError::new(
                ContractErrorKind::Move,
                format_args!("{option} {text}: {e}"),
            )
        })
    }

    fn square(option: &str, text: &str) -> Result<Square, ContractError> {
        text.parse()
            .map_err(|e| usage(format_args!("{option} {text}: {e}")))
    }
}

#[cfg(feature = "mate")]
pub use self::mates::{MateFlags, mate, mate_with, mode as mate_mode};

#[cfg(feature = "mate")]
mod mates {
    use std::time::Duration;

    use crate::mate::{Limits, Mode, Solver};
    use crate::usi::position::PositionCommand;
    use crate::variants::{AnyPosition, AnyPositionError, ParseAnyPositionError};

    use super::{ContractError, ContractErrorKind, position_error};

    /// The options of `shogi mate`, and what WebAssembly needs besides.
    #[derive(Debug, Clone)]
    pub struct MateFlags {
        /// `--mode`: `any` or `tsume`.
        pub mode: Mode,
        /// `--nodes`.
        pub nodes: Option<u64>,
        /// `--time-ms`.
        pub time_ms: Option<u64>,
        /// `--hash`, in megabytes.
        pub hash_mb: usize,
        /// The longest mate to look for, in plies (the command has no flag: none).
        pub max_plies: Option<u32>,
        /// The clock for `time_ms` (`wasm32-unknown-unknown` has none of its own).
        pub clock: Option<fn() -> Duration>,
    }

    impl Default for MateFlags {
        fn default() -> MateFlags {
            MateFlags {
                mode: Mode::AnyMate,
                nodes: None,
                time_ms: None,
                hash_mb: 16,
                max_plies: None,
                clock: None,
            }
        }
    }

    /// The mode of a `--mode` value (`any`, `tsume`).
    ///
    /// # Errors
    /// When the value is neither.
    pub fn mode(value: &str) -> Result<Mode, ContractError> {
        match value {
            "any" => Ok(Mode::AnyMate),
            "tsume" => Ok(Mode::Tsume),
            _ => Err(ContractError::new(
                ContractErrorKind::Usage,
                format_args!("unknown mode {value:?} (expected any or tsume)"),
            )),
        }
    }

    /// The position of one `shogi mate` input line (an SFEN, `startpos`, or a USI position
    /// command), with the faults of composed problems waived.
    fn position(text: &str) -> Result<AnyPosition, ContractError> {
        let waive = |e: AnyPositionError| {
            e.ignore_problem_faults()
                .map_err(|e| ContractError::new(ContractErrorKind::Position, e))
        };
        if text.starts_with("position")
            || text.starts_with("sfen ")
            || text.starts_with("startpos ")
        {
            let cmd: PositionCommand = text
                .parse()
                .map_err(|e| ContractError::new(ContractErrorKind::Sfen, e))?;
            let mut pos = AnyPosition::from_marked_setup(cmd.start.to_setup()).or_else(waive)?;
            for (i, &m) in cmd.moves.iter().enumerate() {
                pos.play(m).map_err(|e| {
                    ContractError::new(
                        ContractErrorKind::Move,
                        format_args!("move {} ({m}): {e}", i + 1),
                    )
                })?;
            }
            return Ok(pos);
        }
        if text == "startpos" {
            return Ok(AnyPosition::default());
        }
        match AnyPosition::from_sfen(text) {
            Ok(pos) => Ok(pos),
            Err(ParseAnyPositionError::Position(e)) => waive(e),
            Err(e) => Err(position_error(e)),
        }
    }

    /// The line `shogi mate` prints for one input line: `mate <plies> <usi moves…>`, `nomate`
    /// or `unknown <reason>`, with a fresh table (the command clears its table per line).
    ///
    /// # Errors
    /// What `shogi mate` writes after `error: `.
    pub fn mate(line: &str, flags: &MateFlags) -> Result<String, ContractError> {
        let mut limits = Limits::default().with_mode(flags.mode);
        limits.nodes = flags.nodes;
        limits.time = flags.time_ms.map(Duration::from_millis);
        limits.max_plies = flags.max_plies;
        limits.clock = flags.clock;
        mate_with(&mut Solver::new(flags.hash_mb), line, &limits)
    }

    /// [`mate`] with the caller's solver, its table cleared first, and limits (the `shogi mate`
    /// command keeps one solver for every line, and adds a progress callback).
    ///
    /// # Errors
    /// What `shogi mate` writes after `error: `.
    pub fn mate_with(
        solver: &mut Solver,
        line: &str,
        limits: &Limits,
    ) -> Result<String, ContractError> {
        let text = line.trim();
        if text.is_empty() {
            return Err(ContractError::new(ContractErrorKind::Usage, "empty line"));
        }
        let pos = position(text)?;
        solver.clear();
        Ok(solver.solve(&pos, limits).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_moves_of_the_start_are_the_thirty_sorted() {
        let moves = legal_moves("startpos").unwrap();
        assert_eq!(moves.len(), 30);
        assert_eq!(moves.first().map(String::as_str), Some("1g1f"));
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            moves,
            legal_moves("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap()
        );
    }

    #[test]
    fn mate_problems_are_accepted_and_bad_sfens_are_errors() {
        // One king only: a soft fault, waived as by `shogi legal`.
        assert_eq!(
            legal_moves("4k4/9/9/9/9/9/9/9/9 b 16P 1").unwrap().len(),
            72
        );
        let err = legal_moves("lnsgkgsnl/1r5b1/ppppppppp b - 1").unwrap_err();
        assert_eq!(err.kind, ContractErrorKind::Sfen);
        assert!(err.message.starts_with("sfen"), "{err}");
        assert!(legal_moves("").is_err());
    }

    #[test]
    fn perft_matches_the_published_counts() {
        assert_eq!(perft("startpos", 3), Ok(25_470));
        assert_eq!(
            perft("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 1),
            Ok(593)
        );
    }

    #[test]
    fn adjudicate_lines_are_those_of_the_command() {
        let none = AdjudicateFlags::default();
        assert_eq!(
            adjudicate(none, "position startpos moves 7g7f").unwrap(),
            "ongoing"
        );
        assert_eq!(
            adjudicate(none, "position startpos moves 7g7f 3c3d 7g7f").unwrap(),
            "illegal 2 no-such-piece"
        );
        assert_eq!(
            adjudicate(none, "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b").unwrap(),
            "win black checkmate"
        );
        assert!(adjudicate(none, "position nonsense").is_err());
        assert_eq!(impasse_rule("27"), Ok(ImpasseRule::Csa27));
        assert_eq!(
            impasse_rule("28"),
            Err(ContractError::new(
                ContractErrorKind::Usage,
                "unknown impasse rule \"28\""
            ))
        );
    }

    #[test]
    fn setups_list_every_start() {
        let lines = setups();
        assert_eq!(lines.len(), Handicap::ALL.len() + SilverSetup::ALL.len());
        assert_eq!(lines[0].english, "Even");
        for line in &lines {
            let pos = start_position(line.english, false).unwrap();
            assert_eq!(pos.to_string(), line.sfen);
        }
    }

    #[cfg(feature = "record")]
    #[test]
    fn convert_writes_what_the_command_writes() {
        let usi = b"position startpos moves 7g7f 3c3d 8h2b+ 3a2b";
        assert_eq!(
            convert(usi, ConvertTarget::Japanese, false).unwrap(),
            "▲７六歩\n△３四歩\n▲２二角成\n△同　銀\n"
        );
        assert_eq!(
            convert(usi, ConvertTarget::Usi, false).unwrap(),
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n"
        );
        assert!("kiff".parse::<ConvertTarget>().is_err());
        assert!(convert(b"\xff\xfe\xfd", ConvertTarget::Kif, false).is_err());
    }

    #[cfg(feature = "mate")]
    #[test]
    fn mate_lines_are_those_of_the_command() {
        let flags = MateFlags {
            nodes: Some(100_000),
            hash_mb: 4,
            ..MateFlags::default()
        };
        assert_eq!(
            mate("8k/9/7G1/9/9/9/9/9/K8 b G 1", &flags).unwrap(),
            "mate 1 G*1b"
        );
        assert_eq!(mate("8k/R8/9/9/9/9/9/9/9 b - 1", &flags).unwrap(), "nomate");
        assert_eq!(mate("startpos", &flags).unwrap(), "nomate");
        let tsume = MateFlags {
            mode: mate_mode("tsume").unwrap(),
            ..flags.clone()
        };
        assert_eq!(
            mate("3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1", &tsume).unwrap(),
            "mate 3 G*5b 4a5b G*4b"
        );
        let few = MateFlags {
            nodes: Some(100),
            ..flags.clone()
        };
        assert_eq!(
            mate(
                "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1",
                &few
            )
            .unwrap(),
            "unknown nodes"
        );
        assert_eq!(
            mate("", &flags).map_err(|e| e.to_string()),
            Err("empty line".to_owned())
        );
        assert!(
            mate("position startpos moves 7g7f 7g7f", &flags)
                .unwrap_err()
                .to_string()
                .starts_with("move 2 (7g7f)")
        );
        assert!(mate_mode("fast").is_err());
    }

    #[cfg(feature = "svg")]
    #[test]
    fn svg_errors_name_the_option() {
        let args = SvgArgs {
            dots: Some("5e".to_owned()),
            ..SvgArgs::default()
        };
        assert_eq!(
            svg("startpos", &args).map_err(|e| e.to_string()),
            Err("--dots 5e: no piece on 5e".to_owned())
        );
        let drawn = svg("startpos", &SvgArgs::default()).unwrap();
        assert!(drawn.starts_with("<svg"));
    }
}
