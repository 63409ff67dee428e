//! The move-checking [`Builder`] that every reader (KIF, KI2, CSA, USI) builds its record
//! with: it validates the start, plays each move on the current position before appending
//! it, and gives up with a [`RecordError`] that keeps what was read.

use shogi_movegen::{IllegalMove, IllegalMoveKind, Position};
use shogi_notation::ResolveError;
use shogi_notation::japanese::{self, JapaneseMove};
use shogi_types::{Move, PieceKind, Setup};
use shogi_variants::{AnyPosition, AnyPositionError, UntakeableSilver, Variant};

use crate::error::{RecordError, RecordErrorKind};
use crate::model::{Record, RecordMove, WrittenMove};

/// How deep variations may nest (a variation of a variation … of the main line); a block that
/// would nest deeper is skipped, so that the tree stays shallow enough for recursion.
pub(crate) const MAX_NESTING: usize = 200;

/// Builds a record move by move, checking each: the shared core of the readers.
#[derive(Debug)]
pub(crate) struct Builder {
    record: Record,
    pos: AnyPosition,
}

impl Builder {
    /// A builder from `setup` of `variant`. The faults a composed problem may show (the
    /// attacker's missing king, extra pieces, pawns lined up on a file, pieces that can never
    /// move) are waived.
    pub(crate) fn new(variant: Variant, setup: Setup) -> Result<Builder, RecordErrorKind> {
        let start = AnyPosition::from_setup(variant, setup)
            .or_else(AnyPositionError::ignore_problem_faults)
            .map_err(RecordErrorKind::InvalidStart)?;
        Ok(Builder::from_position(start))
    }

    /// A builder from a setup read from an SFEN: the untakeable-silver variant if a piece is
    /// marked protected (the only variant with protected pieces), standard shogi otherwise.
    pub(crate) fn from_marked(setup: Setup) -> Result<Builder, RecordErrorKind> {
        if setup.protected.is_empty() {
            return Builder::new(Variant::Standard, setup);
        }
        let pos = Position::<UntakeableSilver>::from_setup(setup)
            .or_else(shogi_movegen::PositionError::ignore_problem_faults)
            .map_err(|e| RecordErrorKind::InvalidStart(e.into()))?;
        Ok(Builder::from_position(AnyPosition::from(pos)))
    }

    /// A builder from a validated start.
    pub(crate) fn from_position(start: AnyPosition) -> Builder {
        Builder {
            record: Record::new(start),
            pos: start,
        }
    }

    /// The record so far.
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// The record so far, to add headers and comments.
    pub(crate) fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    /// The current position.
    pub(crate) fn position(&self) -> &AnyPosition {
        &self.pos
    }

    /// The last move played.
    pub(crate) fn previous(&self) -> Option<Move> {
        self.record.moves.last().map(|m| m.mv)
    }

    /// The number of the next move (1 for the first).
    pub(crate) fn next_ply(&self) -> usize {
        self.record.moves.len() + 1
    }

    /// Plays `mv` and appends it.
    pub(crate) fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.play(mv)?;
        self.record.moves.push(RecordMove::new(mv));
        Ok(())
    }

    /// Where a comment read now belongs: the ending, the last move, or the start.
    pub(crate) fn comments_mut(&mut self) -> &mut Vec<String> {
        if let Some(ending) = &mut self.record.ending {
            &mut ending.comments
        } else if let Some(last) = self.record.moves.last_mut() {
            &mut last.comments
        } else {
            &mut self.record.start_comments
        }
    }

    /// Whether a comment read now belongs to the last move ([`Builder::comments_mut`]).
    pub(crate) fn comments_go_to_a_move(&self) -> bool {
        self.record.ending.is_none() && !self.record.moves.is_empty()
    }

    /// Gives up with `kind` at `line`, keeping what was read.
    pub(crate) fn fail(mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        shrink(&mut self.record);
        RecordError::new(line, kind, self.record)
    }

    /// The record read, its lists cut to their lengths (a file of many games keeps no spare
    /// room in each).
    pub(crate) fn finish(mut self) -> Record {
        shrink(&mut self.record);
        self.record
    }
}

/// Cuts the lists of `record` that grow move by move to their lengths.
pub(crate) fn shrink(record: &mut Record) {
    record.moves.shrink_to_fit();
    record.headers.shrink_to_fit();
    record.start_comments.shrink_to_fit();
}

/// Resolves a Japanese move against `pos` (after `previous`), whatever its variant.
pub(crate) fn resolve_japanese(
    pos: &AnyPosition,
    previous: Option<Move>,
    j: &JapaneseMove,
) -> Result<Move, ResolveError> {
    j.resolve(pos, previous)
}

/// The two-letter CSA piece code of a kind (`FU`, `RY`), which JKF uses too.
pub(crate) const fn piece_code(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "FU",
        Lance => "KY",
        Knight => "KE",
        Silver => "GI",
        Gold => "KI",
        Bishop => "KA",
        Rook => "HI",
        King => "OU",
        ProPawn => "TO",
        ProLance => "NY",
        ProKnight => "NK",
        ProSilver => "NG",
        Horse => "UM",
        Dragon => "RY",
    }
}

/// The piece kind of a two-letter CSA piece code (`FU`, `RY`), which JKF uses too.
pub(crate) fn kind_from_code(code: &[u8]) -> Option<PieceKind> {
    use PieceKind::*;
    Some(match code {
        b"FU" => Pawn,
        b"KY" => Lance,
        b"KE" => Knight,
        b"GI" => Silver,
        b"KI" => Gold,
        b"KA" => Bishop,
        b"HI" => Rook,
        b"OU" => King,
        b"TO" => ProPawn,
        b"NY" => ProLance,
        b"NK" => ProKnight,
        b"NG" => ProSilver,
        b"UM" => Horse,
        b"RY" => Dragon,
        _ => return None,
    })
}

/// The piece that the text of a kept illegal move `mv` names as moving (before a promotion),
/// when the text names one: the piece name of a Japanese move (KIF, KI2: `４五桂(37)` names a
/// knight), or the code of a CSA-style statement (`+3745KE`; CSA writes the piece after a
/// promotion and JKF's text the piece before it, so a promoted code of a promotion names the
/// unpromoted piece).
///
/// The writers write this piece, not the one on the board, so that a move written with the
/// wrong piece stays [`IllegalMoveKind::NoSuchPiece`] in every format.
pub(crate) fn named_piece(text: &str, mv: Move) -> Option<PieceKind> {
    let text = text.trim();
    let b = text.as_bytes();
    if b.len() == 7 && matches!(b[0], b'+' | b'-') && b[1..5].iter().all(u8::is_ascii_digit) {
        let code = kind_from_code(&b[5..7])?;
        let promotes = matches!(mv, Move::Normal { promote: true, .. });
        return Some(if promotes { code.unpromote() } else { code });
    }
    japanese::parse(text).ok().map(|j| j.piece)
}

/// Why `mv` is illegal in `pos` when its text names `named` as the moving piece:
/// [`IllegalMoveKind::NoSuchPiece`] when the origin does not hold that piece of the side to
/// move, else the kind of the error of playing it (and `NoSuchPiece` for a move that plays:
/// it was written with another piece).
pub(crate) fn illegal_kind(
    pos: &AnyPosition,
    mv: Move,
    named: Option<PieceKind>,
) -> IllegalMoveKind {
    if let (Move::Normal { from, .. }, Some(kind)) = (mv, named) {
        let found = pos.piece_at(from);
        if found.is_none_or(|p| p.color != pos.side_to_move() || p.kind != kind) {
            return IllegalMoveKind::NoSuchPiece;
        }
    }
    let mut next = *pos;
    next.play(mv)
        .map_or_else(|e| e.kind, |()| IllegalMoveKind::NoSuchPiece)
}

/// The comment prefix that keeps an illegal move in the formats that cannot write it as a
/// move (JKF always; CSA for a move it cannot write): `ILLEGAL:<usi> <text>`, `-` for a move
/// the text does not name.
pub(crate) const ILLEGAL: &str = "ILLEGAL:";

/// The `ILLEGAL:` comment of `written`.
pub(crate) fn illegal_comment(written: &WrittenMove) -> String {
    let usi = written
        .mv
        .map_or_else(|| "-".to_string(), |m| m.to_string());
    format!("{ILLEGAL}{usi} {}", written.text.replace(['\n', '\r'], " "))
}

/// Takes the last `ILLEGAL:` comment of `comments` out as the kept illegal move of ply `ply`,
/// played (or not) in `pos`.
pub(crate) fn take_illegal_comment(
    comments: &mut Vec<String>,
    pos: &AnyPosition,
    ply: usize,
) -> Option<WrittenMove> {
    let i = comments.iter().rposition(|c| c.starts_with(ILLEGAL))?;
    let text = comments.remove(i);
    let rest = text.strip_prefix(ILLEGAL).unwrap_or_default();
    let (usi, written) = rest.split_once(' ').unwrap_or((rest, ""));
    let mv: Option<Move> = usi.parse().ok();
    let kind = mv.map(|mv| illegal_kind(pos, mv, named_piece(written, mv)));
    Some(WrittenMove {
        ply,
        text: written.to_string(),
        mv,
        kind,
    })
}

/// After reading a record: a foul ending with no kept illegal move takes the last `ILLEGAL:`
/// comment of the ending as its kept illegal move (the writers put one there for a move they
/// cannot write as a move).
pub(crate) fn take_kept_illegal(rec: &mut Record) {
    if rec.illegal_move.is_some() {
        return;
    }
    let Ok(pos) = rec.final_position() else {
        return;
    };
    let ply = rec.moves.len() + 1;
    if let Some(ending) = &mut rec.ending
        && ending.special.is_foul()
    {
        rec.illegal_move = take_illegal_comment(&mut ending.comments, &pos, ply);
    }
}
