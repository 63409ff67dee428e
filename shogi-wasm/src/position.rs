//! The `Position` class: a valid position of standard shogi or of the untakeable-silver
//! variant.

use shogi_kit::types::Square;
use shogi_kit::variants::AnyPosition;
use wasm_bindgen::prelude::*;

use crate::js::{self, JsResult, Obj};
use shogi_kit::contract;

/// A valid position (board, hands, side to move, move number) of standard shogi or of the
/// untakeable-silver variant (an SFEN whose protected silvers are marked `S!`).
///
/// Squares and moves are USI text (`"7f"`, `"7g7f"`, `"P*5e"`, `"8h2b+"`); colours are
/// `"black"` (sente, moves first in even games) and `"white"`. Every method returns plain
/// data. Free a position with `free()`, or let the garbage collector do it.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Position {
    pub(crate) inner: AnyPosition,
}

impl Position {
    /// Wraps a position.
    pub(crate) fn wrap(inner: AnyPosition) -> Position {
        Position { inner }
    }
}

/// The sorted legal moves of a position, as USI text.
pub(crate) fn sorted_moves(pos: &AnyPosition) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort_unstable();
    moves
}

#[wasm_bindgen]
impl Position {
    /// A position from `sfen`: an SFEN, `"startpos"` or the name of a start position as
    /// `setups()` lists it (`"Bishop"`, `"角落ち"`, `"Untakeable Silver (six-piece)"`). Without
    /// an argument, the standard start.
    ///
    /// `options.lenient`: accept the soft faults (more material than one set, the missing
    /// attacker king of a mate problem), as `shogi legal` does.
    ///
    /// @throws {Error} the library's message when the SFEN cannot be read or the position is
    /// not valid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        sfen: Option<String>,
        options: Option<crate::js::LenientOptionsArg>,
    ) -> JsResult<Position> {
        let options = crate::js::options(options);
        let lenient = js::option_bool(&options, "lenient")?;
        let pos = contract::start_position(sfen.as_deref().unwrap_or("startpos"), lenient)
            .map_err(js::error)?;
        Ok(Position::wrap(pos))
    }

    /// The SFEN of the position (untakeable silvers marked `S!`).
    pub fn sfen(&self) -> String {
        self.inner.to_string()
    }

    /// `"standard"` or `"untakeable-silver"`.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_owned()
    }

    /// The side to move: `"black"` or `"white"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        js::color_name(self.inner.side_to_move()).to_owned()
    }

    /// The move number of the SFEN.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.inner.move_number().get()
    }

    /// Every legal move in USI text, in the generator's order.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Every legal move in USI text, sorted by byte order (as `legalMoves(sfen)` and
    /// `shogi legal`).
    #[wasm_bindgen(js_name = legalMovesSorted)]
    pub fn legal_moves_sorted(&self) -> Vec<String> {
        sorted_moves(&self.inner)
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = countLegalMoves)]
    pub fn count_legal_moves(&self) -> u32 {
        // The list, not `count_legal_moves`: one instance of the generator less in the module.
        u32::try_from(self.inner.legal_moves().len()).unwrap_or(u32::MAX)
    }

    /// The legal moves of the piece on `square` (none when it is not a piece of the side to
    /// move), in USI text.
    ///
    /// @throws {Error} when `square` is not a square in USI text.
    #[wasm_bindgen(js_name = legalMovesFrom)]
    pub fn legal_moves_from(&self, square: &str) -> JsResult<Vec<String>> {
        let from = js::parse_square(square)?;
        Ok(self
            .inner
            .legal_moves_from(from)
            .iter()
            .map(|m| m.to_string())
            .collect())
    }

    /// The legal destinations of every piece of the side to move: `{ "7g": ["7f"], ... }`
    /// (squares with no legal move left out), and the drop squares of each hand kind under
    /// `"P*"`, `"L*"`, ... (only kinds with at least one).
    #[wasm_bindgen(js_name = moveDests, unchecked_return_type = "Record<string, string[]>")]
    pub fn move_dests(&self) -> JsValue {
        move_dests(&self.inner)
    }

    /// The squares where the side to move may legally drop a piece of `kind` (`"P"` or
    /// `"pawn"`, ...), none when it holds none.
    ///
    /// @throws {Error} when `kind` is not a hand piece.
    #[wasm_bindgen(js_name = legalDrops)]
    pub fn legal_drops(&self, kind: &str) -> JsResult<Vec<String>> {
        let kind = js::parse_hand_kind(kind)?;
        Ok(self
            .inner
            .legal_drops(kind)
            .iter()
            .map(|sq| sq.to_string())
            .collect())
    }

    /// Whether the board move from `from` to `to` may (`"optional"`), must (`"forced"`) or
    /// cannot (`"never"`) promote; `undefined` when neither move is legal.
    ///
    /// @throws {Error} when a square is not USI text.
    #[wasm_bindgen(js_name = promotionChoice)]
    pub fn promotion_choice(&self, from: &str, to: &str) -> JsResult<Option<String>> {
        let (from, to) = (js::parse_square(from)?, js::parse_square(to)?);
        Ok(self
            .inner
            .promotion_choice(from, to)
            .map(|c| js::promotion_choice(c).to_owned()))
    }

    /// Whether `move` (USI text) is legal here; `false` for text that is not a move.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, mv: &str) -> bool {
        mv.parse().is_ok_and(|m| self.inner.is_legal(m))
    }

    /// Plays `move` (USI text).
    ///
    /// @throws {Error} the library's message when the text is not a move or the move is
    /// illegal (the position is unchanged).
    pub fn play(&mut self, mv: &str) -> JsResult<()> {
        let m = js::parse_move(mv)?;
        self.inner.play(m).map_err(js::error)
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// The squares of the pieces giving check.
    pub fn checkers(&self) -> Vec<String> {
        self.inner
            .checkers()
            .iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The square of `color`'s king, if it has one.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    pub fn king(&self, color: &str) -> JsResult<Option<String>> {
        let color = js::parse_color(color)?;
        Ok(self.inner.king(color).map(|sq| sq.to_string()))
    }

    /// The piece on `square` in SFEN form (`"P"`, `"+r"`; uppercase is Black), or
    /// `undefined`.
    ///
    /// @throws {Error} when `square` is not USI text.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> JsResult<Option<String>> {
        let sq = js::parse_square(square)?;
        Ok(self.inner.piece_at(sq).map(|p| p.to_string()))
    }

    /// Every piece on the board: `{ "5i": "K", "5a": "k", ... }`.
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn pieces(&self) -> JsValue {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.inner.piece_at(sq).map(|p| (sq, p)))
            .fold(Obj::new(), |o, (sq, p)| {
                o.set(&sq.to_string(), p.to_string())
            })
            .build()
    }

    /// The squares of the protected pieces (the untakeable silvers; none in standard shogi).
    pub fn protected(&self) -> Vec<String> {
        self.inner
            .protected()
            .iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The hand of `color`: `{ R, B, G, S, N, L, P }`, the count of each kind.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(unchecked_return_type = "Hand")]
    pub fn hand(&self, color: &str) -> JsResult<JsValue> {
        let color = js::parse_color(color)?;
        Ok(js::hand(self.inner.hand(color)))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (perft). By default
    /// the last ply is counted without playing its moves, as `shogi perft`; with
    /// `playLeaves`, every leaf move is played.
    pub fn perft(
        &self,
        depth: u32,
        #[wasm_bindgen(js_name = playLeaves)] play_leaves: Option<bool>,
    ) -> f64 {
        let n = if play_leaves.unwrap_or(false) {
            self.inner.perft_unbulked(depth)
        } else {
            self.inner.perft(depth)
        };
        // Counts beyond 2^53 lose precision as JS numbers do; they take days to compute.
        n as f64
    }

    /// A copy of the position.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Position {
        self.clone()
    }

    /// Whether `other` is the same position: board, hands, side to move and protected pieces
    /// (the repetition identity; the move number does not count).
    pub fn equals(&self, other: &Position) -> bool {
        self.inner == other.inner
    }
}

/// `{from: [to...]}` and `{"P*": [to...]}` of a position.
pub(crate) fn move_dests(pos: &AnyPosition) -> JsValue {
    let mut keys: Vec<(String, Vec<String>)> = Vec::new();
    for m in pos.legal_moves().iter() {
        let key = match m {
            shogi_kit::types::Move::Normal { from, .. } => from.to_string(),
            shogi_kit::types::Move::Drop { kind, .. } => format!("{}*", kind.base_letter()),
        };
        let to = m.to().to_string();
        match keys.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => {
                if !list.contains(&to) {
                    list.push(to);
                }
            }
            None => keys.push((key, vec![to])),
        }
    }
    keys.into_iter()
        .fold(Obj::new(), |o, (k, v)| o.set(&k, js::strings(v)))
        .build()
}

#[cfg(feature = "notation")]
mod notation {
    use shogi_kit::notation::western::WesternOptions;
    use shogi_kit::notation::{japanese, western};
    use shogi_kit::types::Move;
    use shogi_kit::variants::AnyPosition;
    use wasm_bindgen::prelude::*;

    use super::Position;
    use crate::js::{self, JsResult};

    /// The Western style of the options (`numericRanks`, `dragonHorseLetters`).
    pub(crate) fn western_options(options: &JsValue) -> JsResult<WesternOptions> {
        Ok(WesternOptions::new()
            .with_numeric_ranks(js::option_bool(options, "numericRanks")?)
            .with_dragon_horse_letters(js::option_bool(options, "dragonHorseLetters")?))
    }

    /// Reads a move in USI, Western or Japanese text and resolves it in `pos`.
    pub(crate) fn parse_any(
        pos: &AnyPosition,
        text: &str,
        previous: Option<Move>,
    ) -> JsResult<Move> {
        let text = text.trim();
        if let Ok(m) = text.parse::<Move>() {
            return if pos.is_legal(m) {
                Ok(m)
            } else {
                let mut copy = *pos;
                copy.play(m).map(|()| m).map_err(js::error)
            };
        }
        if text.is_ascii() {
            let w = western::parse(text).map_err(js::error)?;
            return w.resolve(pos).map_err(js::error);
        }
        let j = japanese::parse(text).map_err(js::error)?;
        j.resolve(pos, previous).map_err(js::error)
    }

    #[wasm_bindgen]
    impl Position {
        /// `move` (USI text) in Western notation (`P-7f`, `Bx2b+`, `G6i-5h`).
        /// `options.numericRanks`: ranks as digits (`P-76`); `options.dragonHorseLetters`: `D`
        /// and `H` for the promoted rook and bishop.
        ///
        /// @throws {Error} when the move is not legal here.
        pub fn western(
            &self,
            mv: &str,
            options: Option<crate::js::WesternOptionsArg>,
        ) -> JsResult<String> {
            let options = crate::js::options(options);
            let m = js::parse_move(mv)?;
            western::write_with(&self.inner, m, western_options(&options)?).map_err(js::error)
        }

        /// `move` (USI text) in Japanese notation (`▲７六歩`), with `同` when `previous` (the
        /// move before, USI text) ended on the same square.
        ///
        /// @throws {Error} when the move is not legal here.
        pub fn japanese(&self, mv: &str, previous: Option<String>) -> JsResult<String> {
            let m = js::parse_move(mv)?;
            let previous = previous.as_deref().map(js::parse_move).transpose()?;
            japanese::write(&self.inner, m, previous).map_err(js::error)
        }

        /// The legal move that `text` names, in USI text: `text` may be USI (`7g7f`), Western
        /// (`P-7f`) or Japanese (`▲７六歩`, `同歩` with `previous`).
        ///
        /// @throws {Error} the library's message when the text cannot be read, names no legal
        /// move or is ambiguous.
        #[wasm_bindgen(js_name = parseMove)]
        pub fn parse_move(&self, text: &str, previous: Option<String>) -> JsResult<String> {
            let previous = previous.as_deref().map(js::parse_move).transpose()?;
            Ok(parse_any(&self.inner, text, previous)?.to_string())
        }
    }
}

#[cfg(feature = "notation")]
pub(crate) use notation::{parse_any, western_options};

#[cfg(feature = "svg")]
mod svg {
    use wasm_bindgen::prelude::*;

    use super::Position;
    use crate::js::JsResult;

    #[wasm_bindgen]
    impl Position {
        /// The SVG diagram of the position, with the options of `svg(sfen, options)` (the
        /// king in check is highlighted) and `drops`: dots on the legal drop squares of that
        /// hand piece (`"P"`).
        ///
        /// @throws {Error} the message of `shogi svg` for a bad option.
        pub fn svg(&self, options: Option<crate::js::SvgOptionsArg>) -> JsResult<String> {
            let options = crate::js::options(options);
            crate::functions::svg_of(&self.inner, &options, None)
        }
    }
}

#[cfg(feature = "mate")]
mod mates {
    use shogi_kit::mate::{self, ShortMate};
    use shogi_kit::movegen::VisitPosition;
    use shogi_kit::movegen::{MoveList, Position as Typed, PositionVisitor, VariantHooks};
    use shogi_kit::types::Move;
    use wasm_bindgen::prelude::*;

    use super::Position;
    use crate::js::{self, JsResult};

    /// The deepest `mateIn` searches (that of `shogi_mate::mate_in`).
    const SHORT_MATE_MAX_PLIES: u32 = 31;

    /// `mate_in_one` for a position of any variant.
    struct MateInOne;

    impl PositionVisitor for MateInOne {
        type Output = Option<Move>;
        fn visit<R: VariantHooks>(self, pos: &Typed<R>) -> Option<Move> {
            mate::mate_in_one(pos)
        }
    }

    /// `mating_moves` for a position of any variant.
    struct MatingMoves;

    impl PositionVisitor for MatingMoves {
        type Output = MoveList;
        fn visit<R: VariantHooks>(self, pos: &Typed<R>) -> MoveList {
            mate::mating_moves(pos)
        }
    }

    /// `mate_in` for a position of any variant.
    struct MateIn(u32, u64);

    impl PositionVisitor for MateIn {
        type Output = ShortMate;
        fn visit<R: VariantHooks>(self, pos: &Typed<R>) -> ShortMate {
            mate::mate_in(pos, self.0, self.1)
        }
    }

    #[wasm_bindgen]
    impl Position {
        /// A move that mates at once (一手詰, itte-zume) in USI text, or `undefined`. Exact:
        /// the move gives check and leaves no legal reply; a pawn drop that would mate is
        /// illegal, so it is never the answer. Either side may attack, also in check.
        #[wasm_bindgen(js_name = mateInOne)]
        pub fn mate_in_one(&self) -> Option<String> {
            self.inner.visit(MateInOne).map(|m| m.to_string())
        }

        /// Every move that mates at once, in USI text, in the generator's order (empty if
        /// none).
        #[wasm_bindgen(js_name = matingMoves)]
        pub fn mating_moves(&self) -> Vec<String> {
            self.inner
                .visit(MatingMoves)
                .iter()
                .map(|m| m.to_string())
                .collect()
        }

        /// A shortest forced mate of at most `plies` plies (1 to 31; an even number searches
        /// one ply less), searched exhaustively within `nodes` positions (default 1,000,000):
        /// the moves in USI text (the attacker's first, the mating move last), or `undefined`
        /// when there is no mate within `plies`.
        ///
        /// @throws {Error} when the budget runs out before the search decides ("no mate" and
        /// "not decided" are never merged), or `plies` is above 31.
        #[wasm_bindgen(js_name = mateIn)]
        pub fn mate_in(&self, plies: u32, nodes: Option<f64>) -> JsResult<Option<Vec<String>>> {
            if plies > SHORT_MATE_MAX_PLIES {
                return Err(js::error(format!(
                    "mateIn: {plies} plies, expected at most {SHORT_MATE_MAX_PLIES} (mate() searches longer mates)"
                )));
            }
            let nodes = match nodes {
                None => 1_000_000,
                Some(n) => js::whole_number(n).ok_or_else(|| {
                    js::error("mateIn: nodes: expected a whole number from 0 to 2^53")
                })?,
            };
            match self.inner.visit(MateIn(plies, nodes)) {
                ShortMate::Mate(line) => Ok(Some(line.iter().map(Move::to_string).collect())),
                ShortMate::NoMate => Ok(None),
                ShortMate::Budget => Err(js::error(format!(
                    "mateIn: {nodes} nodes did not decide whether there is a mate in {plies}"
                ))),
            }
        }
    }
}
