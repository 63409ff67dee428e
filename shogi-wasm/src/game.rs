//! The `Game` class: a game with its history, rules and every ending.

use shogi_kit::rules::impasse::Points;
use shogi_kit::rules::{DrawOffers, PlayError, RuleSet};
use shogi_kit::variants::{AnyGame, AnyPosition, Handicap, Preset, SilverSetup};
use wasm_bindgen::prelude::*;

use crate::js::{self, JsResult, Obj};
use crate::position::Position;
use shogi_kit::contract;

/// A game: the start position, the moves, and the verdicts of its rules (checkmate, no legal
/// move, sennichite and perpetual check, impasse declarations and the try rule, move limits,
/// resignation, time forfeit, draw agreement).
///
/// Moves are USI text; outcomes are `{text, result, winner, reason}` objects whose `text` is
/// the line `shogi adjudicate` writes (`"win black checkmate"`, `"draw repetition"`). Free a
/// game with `free()`, or let the garbage collector do it.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) inner: AnyGame,
}

/// The rule set of a game's options (the flags of `shogi adjudicate`, plus `drawOffers`).
pub(crate) fn rules(options: &JsValue) -> JsResult<RuleSet> {
    let flags = crate::functions::adjudicate_flags(options)?;
    let mut rules = flags.rules();
    if let Some(offers) = js::option(options, "drawOffers")? {
        let per_player = js::option_u32(&offers, "perPlayer")?.unwrap_or(u32::MAX);
        let per_game = js::option_u32(&offers, "perGame")?.unwrap_or(u32::MAX);
        rules = rules.with_draw_offers(Some(DrawOffers {
            per_player,
            per_game,
        }));
    }
    Ok(rules)
}

/// The rules of the preset `name` (`jsa24`, `csa27`) for the start `pos`, with the draw
/// offers of the options; the other rule options must be absent.
fn preset_rules(pos: &AnyPosition, name: &str, options: &JsValue) -> JsResult<RuleSet> {
    for key in ["impasse", "moveLimit", "limitCount", "handicapCredit"] {
        if js::option(options, key)?.is_some() {
            return Err(js::error(format!(
                "options.preset: give a preset or the rules ({key}, ...), not both"
            )));
        }
    }
    let csa = match name {
        "jsa24" => false,
        "csa27" => true,
        _ => {
            return Err(js::error(format!(
                "options.preset: unknown preset {name:?}, expected \"jsa24\" or \"csa27\""
            )));
        }
    };
    let setup = pos.to_setup();
    let preset = if let Some(setup) = SilverSetup::from_setup(&setup) {
        Preset::UntakeableSilver {
            setup,
            move_limit: None,
        }
    } else {
        match Handicap::from_setup(&setup) {
            Some(Handicap::Even) if csa => Preset::StandardCsa27,
            Some(Handicap::Even) => Preset::StandardJsa24,
            Some(h) if csa => Preset::HandicapCsa27(h),
            Some(h) => Preset::HandicapJsa24(h),
            None => {
                return Err(js::error(
                    "options.preset: the start is not a preset's start (the even game, a handicap or an untakeable-silver setup)",
                ));
            }
        }
    };
    // The draw offers come from the options either way.
    let offers = rules(
        &Obj::new()
            .set(
                "drawOffers",
                js::option(options, "drawOffers")?.unwrap_or(JsValue::UNDEFINED),
            )
            .build(),
    )?;
    Ok(preset.rules().with_draw_offers(offers.draw_offers()))
}

/// The JS object of impasse points.
fn points(points: Points) -> JsValue {
    Obj::new()
        .set("total", js::by_color(points.total))
        .set("declaration", js::by_color(points.declaration))
        .set("piecesInCamp", js::by_color(points.pieces_in_camp))
        .set("kingInCamp", js::by_color(points.king_in_camp))
        .build()
}

impl Game {
    /// Wraps a game.
    pub(crate) fn wrap(inner: AnyGame) -> Game {
        Game { inner }
    }

    /// The last move, if any.
    #[cfg(any(feature = "notation", feature = "svg"))]
    pub(crate) fn last_move(&self) -> Option<shogi_kit::types::Move> {
        self.inner.moves().last().copied()
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game. `options.start`: an SFEN, `"startpos"` (the default) or a name from
    /// `setups()` (`"Bishop"`, `"Untakeable Silver (nine-piece)"`). The rules are the flags
    /// of `adjudicate`: `impasse` (`"none"` by default, `"24"`, `"27"`, `"24-declaration"`,
    /// `"try"`), `moveLimit` (0, the default: none), `limitCount` (at the limit, the 24-point
    /// count decides when both kings are in their camps; otherwise a draw),
    /// `handicapCredit`; and `drawOffers: {perPlayer, perGame}` (no offers without it).
    /// Instead of those rules, `preset` names the rule set of a start: `"jsa24"` (the 24-point
    /// rule, a 400-move limit decided by the count) or `"csa27"` (the 27-point declaration),
    /// with the handicap credit in handicap games; the untakeable-silver setups have one rule
    /// set (no impasse rule, no limit) whichever is named.
    /// `options.lenient` accepts an SFEN with soft faults.
    ///
    /// @throws {Error} the library's message for a bad start, or what is wrong with an option.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<crate::js::GameOptionsArg>) -> JsResult<Game> {
        let options = crate::js::options(options);
        let start = js::option_string(&options, "start")?;
        let lenient = js::option_bool(&options, "lenient")?;
        let pos = contract::start_position(start.as_deref().unwrap_or("startpos"), lenient)
            .map_err(js::error)?;
        let rules = match js::option_string(&options, "preset")? {
            None => rules(&options)?,
            Some(name) => preset_rules(&pos, &name, &options)?,
        };
        Ok(Game::wrap(AnyGame::with_rules(pos, rules)))
    }

    /// The current position (a copy).
    pub fn position(&self) -> Position {
        Position::wrap(self.inner.position())
    }

    /// The start position (a copy).
    #[wasm_bindgen(js_name = initialPosition)]
    pub fn initial_position(&self) -> Position {
        Position::wrap(self.inner.initial_position())
    }

    /// The position after `ply` moves (0: the start), or `undefined` past the last move.
    #[wasm_bindgen(js_name = positionAt)]
    pub fn position_at(&self, ply: u32) -> Option<Position> {
        let ply = usize::try_from(ply).ok()?;
        self.inner.position_at(ply).map(Position::wrap)
    }

    /// The SFEN of the current position.
    pub fn sfen(&self) -> String {
        self.inner.position().to_string()
    }

    /// The SFEN of the start position.
    #[wasm_bindgen(js_name = startSfen)]
    pub fn start_sfen(&self) -> String {
        self.inner.initial_position().to_string()
    }

    /// `"standard"` or `"untakeable-silver"`.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_owned()
    }

    /// The side to move: `"black"` or `"white"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        js::color_name(self.inner.position().side_to_move()).to_owned()
    }

    /// The moves played, USI text.
    pub fn moves(&self) -> Vec<String> {
        self.inner.moves().iter().map(|m| m.to_string()).collect()
    }

    /// The game as a USI `position` command (`position startpos moves 7g7f ...`).
    #[wasm_bindgen(js_name = usiCommand)]
    pub fn usi_command(&self) -> String {
        let start = self.inner.initial_position().to_string();
        let head = if start == shogi_kit::types::Setup::start().to_string() {
            "position startpos".to_owned()
        } else {
            format!("position sfen {start}")
        };
        if self.inner.moves().is_empty() {
            head
        } else {
            let moves: Vec<String> = self.moves();
            format!("{head} moves {}", moves.join(" "))
        }
    }

    /// Plays `move` (USI text) and returns the outcome if it ended the game, else `null`.
    ///
    /// @throws {Error} the library's message when the move is illegal or the game is over (the
    /// game is unchanged).
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn play(&mut self, mv: &str) -> JsResult<JsValue> {
        let m = js::parse_move(mv)?;
        self.inner
            .play(m)
            .map(js::outcome_or_null)
            .map_err(|e: PlayError| js::error(e))
    }

    /// Takes back the last move (and the ending it caused) and returns it.
    ///
    /// @throws {Error} when there is no move, or an ending was recorded after it (take that
    /// back first with `undoEnding`).
    pub fn undo(&mut self) -> JsResult<String> {
        self.inner.undo().map(|m| m.to_string()).map_err(js::error)
    }

    /// Takes back an ending recorded after the last move (a resignation, a declaration, a
    /// time forfeit, an agreed draw) and returns it, or `null`.
    #[wasm_bindgen(js_name = undoEnding, unchecked_return_type = "Outcome | null")]
    pub fn undo_ending(&mut self) -> JsValue {
        js::outcome_or_null(self.inner.undo_ending())
    }

    /// How the game ended, or `null` while it goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        js::outcome_or_null(self.inner.outcome())
    }

    /// Whether the game has ended.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// How many times the current position has occurred (this time included).
    pub fn repetitions(&self) -> u32 {
        self.inner.repetitions()
    }

    /// How close the position is to sennichite: `{occurrences, nextEndsGame, ifRepeated}`
    /// (`ifRepeated`: the outcome if the moves since the previous occurrence are played
    /// again, or `null`).
    #[wasm_bindgen(js_name = repetitionPreview, unchecked_return_type = "RepetitionPreview")]
    pub fn repetition_preview(&self) -> JsValue {
        let p = self.inner.repetition_preview();
        Obj::new()
            .set("occurrences", p.occurrences)
            .set("nextEndsGame", p.next_ends_game)
            .set("ifRepeated", js::outcome_or_null(p.if_repeated))
            .build()
    }

    /// What a declaration by the side to move would give now, without changing the game:
    /// `{declarer, rule, points: {total, declaration, piecesInCamp, kingInCamp}, credit,
    /// inCheck, verdict, refusal}` (each count `{black, white}`; `verdict` the outcome the
    /// declaration would record, or `null` with `refusal` saying why it cannot be made).
    #[wasm_bindgen(js_name = declarationPreview, unchecked_return_type = "DeclarationPreview")]
    pub fn declaration_preview(&self) -> JsValue {
        let p = self.inner.declaration_preview();
        let (verdict, refusal) = match p.verdict {
            Ok(outcome) => (js::outcome(outcome), JsValue::NULL),
            Err(e) => (JsValue::NULL, JsValue::from_str(&e.to_string())),
        };
        Obj::new()
            .set("declarer", js::color_name(p.declarer))
            .set("rule", p.rule.as_str())
            .set("points", points(p.points))
            .set("credit", js::by_color(p.credit))
            .set("inCheck", p.in_check)
            .set("verdict", verdict)
            .set("refusal", refusal)
            .build()
    }

    /// What the move limit would give: `{limit, atLimit, movesPlayed, movesLeft, outcomeNow}`
    /// (`atLimit`: `"draw"` or `"count"`), or `null` without a limit.
    #[wasm_bindgen(js_name = moveLimitPreview, unchecked_return_type = "MoveLimitPreview | null")]
    pub fn move_limit_preview(&self) -> JsValue {
        let Some(p) = self.inner.move_limit_preview() else {
            return JsValue::NULL;
        };
        let at_limit = match p.limit.at_limit() {
            shogi_kit::rules::AtLimit::Count => "count",
            _ => "draw",
        };
        Obj::new()
            .set("limit", p.limit.moves())
            .set("atLimit", at_limit)
            .set("movesPlayed", p.moves_played)
            .set("movesLeft", p.moves_left)
            .set("outcomeNow", js::outcome(p.outcome_now))
            .build()
    }

    /// Both sides' impasse counts now (without the handicap credit).
    #[wasm_bindgen(unchecked_return_type = "Points")]
    pub fn points(&self) -> JsValue {
        points(self.inner.points())
    }

    /// The handicap credit of each side under the rules: `{black, white}`.
    #[wasm_bindgen(js_name = handicapCredit, unchecked_return_type = "{ black: number, white: number }")]
    pub fn handicap_credit(&self) -> JsValue {
        js::by_color(self.inner.handicap_credit())
    }

    /// The side to move declares (impasse, 入玉宣言) and the verdict is recorded.
    ///
    /// @throws {Error} when the rule has no declaration or does not allow one now (the game
    /// is unchanged).
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn declare(&mut self) -> JsResult<JsValue> {
        self.inner.declare().map(js::outcome).map_err(js::error)
    }

    /// `color` resigns.
    ///
    /// @throws {Error} when the game is over.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(&mut self, color: &str) -> JsResult<JsValue> {
        let color = js::parse_color(color)?;
        self.inner.resign(color).map(js::outcome).map_err(js::error)
    }

    /// `color` loses on time.
    ///
    /// @throws {Error} when the game is over.
    #[wasm_bindgen(js_name = loseOnTime, unchecked_return_type = "Outcome")]
    pub fn lose_on_time(&mut self, color: &str) -> JsResult<JsValue> {
        let color = js::parse_color(color)?;
        self.inner
            .lose_on_time(color)
            .map(js::outcome)
            .map_err(js::error)
    }

    /// The players agree to a draw.
    ///
    /// @throws {Error} when the game is over.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> JsResult<JsValue> {
        self.inner.agree_draw().map(js::outcome).map_err(js::error)
    }

    /// `color` offers a draw (the rules must allow offers, see `drawOffers`).
    ///
    /// @throws {Error} the library's message when the offer cannot be made.
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&mut self, color: &str) -> JsResult<()> {
        let color = js::parse_color(color)?;
        self.inner.offer_draw(color).map_err(js::error)
    }

    /// `color` accepts the other side's offer; the game is drawn.
    ///
    /// @throws {Error} when there is no offer to accept.
    #[wasm_bindgen(js_name = acceptDraw, unchecked_return_type = "Outcome")]
    pub fn accept_draw(&mut self, color: &str) -> JsResult<JsValue> {
        let color = js::parse_color(color)?;
        self.inner
            .accept_draw(color)
            .map(js::outcome)
            .map_err(js::error)
    }

    /// `color` declines the other side's offer.
    ///
    /// @throws {Error} when there is no offer to decline.
    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&mut self, color: &str) -> JsResult<()> {
        let color = js::parse_color(color)?;
        self.inner.decline_draw(color).map_err(js::error)
    }

    /// Who has a draw offer waiting, or `undefined`.
    #[wasm_bindgen(js_name = drawOffer)]
    pub fn draw_offer(&self) -> Option<String> {
        self.inner
            .draw_offer()
            .map(|c| js::color_name(c).to_owned())
    }

    /// How many draw offers `color` may still make.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    #[wasm_bindgen(js_name = drawOffersLeft)]
    pub fn draw_offers_left(&self, color: &str) -> JsResult<u32> {
        Ok(self.inner.draw_offers_left(js::parse_color(color)?))
    }

    /// The legal moves of the current position, USI text in the generator's order (none once
    /// the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.inner.is_over() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    /// The legal moves of the piece on `square` (none once the game is over).
    ///
    /// @throws {Error} when `square` is not USI text.
    #[wasm_bindgen(js_name = legalMovesFrom)]
    pub fn legal_moves_from(&self, square: &str) -> JsResult<Vec<String>> {
        if self.inner.is_over() {
            js::parse_square(square)?;
            return Ok(Vec::new());
        }
        self.position().legal_moves_from(square)
    }

    /// The legal drop squares of a hand kind (none once the game is over).
    ///
    /// @throws {Error} when `kind` is not a hand piece.
    #[wasm_bindgen(js_name = legalDrops)]
    pub fn legal_drops(&self, kind: &str) -> JsResult<Vec<String>> {
        if self.inner.is_over() {
            js::parse_hand_kind(kind)?;
            return Ok(Vec::new());
        }
        self.position().legal_drops(kind)
    }

    /// Whether the move from `from` to `to` may, must or cannot promote (`"optional"`,
    /// `"forced"`, `"never"`), or `undefined` when it is not legal.
    ///
    /// @throws {Error} when a square is not USI text.
    #[wasm_bindgen(js_name = promotionChoice)]
    pub fn promotion_choice(&self, from: &str, to: &str) -> JsResult<Option<String>> {
        self.position().promotion_choice(from, to)
    }

    /// A copy of the game.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Game {
        self.clone()
    }
}

#[cfg(feature = "notation")]
mod notation {
    use shogi_kit::notation::{japanese, western};
    use wasm_bindgen::prelude::*;

    use super::Game;
    use crate::js::{self, JsResult};

    #[wasm_bindgen]
    impl Game {
        /// The moves in Western notation (`P-7f`, `Bx2b+`); the options of
        /// `Position.western`.
        ///
        /// @throws {Error} when an option is wrong.
        #[wasm_bindgen(js_name = westernMoves)]
        pub fn western_moves(
            &self,
            options: Option<crate::js::WesternOptionsArg>,
        ) -> JsResult<Vec<String>> {
            let options = crate::js::options(options);
            let options = crate::position::western_options(&options)?;
            let mut pos = self.inner.initial_position();
            let mut out = Vec::with_capacity(self.inner.moves().len());
            for &m in self.inner.moves() {
                out.push(western::write_with(&pos, m, options).map_err(js::error)?);
                pos.play(m).map_err(js::error)?;
            }
            Ok(out)
        }

        /// The moves in Japanese notation, with the side marks and `同` (`▲７六歩`,
        /// `△同　銀`).
        ///
        /// @throws {Error} never for a game's own moves.
        #[wasm_bindgen(js_name = japaneseMoves)]
        pub fn japanese_moves(&self) -> JsResult<Vec<String>> {
            let mut pos = self.inner.initial_position();
            let mut previous = None;
            let mut out = Vec::with_capacity(self.inner.moves().len());
            for &m in self.inner.moves() {
                out.push(japanese::write(&pos, m, previous).map_err(js::error)?);
                pos.play(m).map_err(js::error)?;
                previous = Some(m);
            }
            Ok(out)
        }

        /// Plays a move written in USI, Western or Japanese text (`同` refers to the last
        /// move) and returns the outcome if it ended the game, else `null`.
        ///
        /// @throws {Error} the library's message when the text names no legal move, or the
        /// game is over.
        #[wasm_bindgen(js_name = playText, unchecked_return_type = "Outcome | null")]
        pub fn play_text(&mut self, text: &str) -> JsResult<JsValue> {
            let m = crate::position::parse_any(&self.inner.position(), text, self.last_move())?;
            self.play(&m.to_string())
        }
    }
}

#[cfg(feature = "svg")]
mod svg {
    use wasm_bindgen::prelude::*;

    use super::Game;
    use crate::js::JsResult;

    #[wasm_bindgen]
    impl Game {
        /// The SVG diagram of the current position: the options of `Position.svg`, and the
        /// last move highlighted unless `options.last` names another.
        ///
        /// @throws {Error} the message of `shogi svg` for a bad option.
        pub fn svg(&self, options: Option<crate::js::SvgOptionsArg>) -> JsResult<String> {
            let options = crate::js::options(options);
            crate::functions::svg_of(&self.inner.position(), &options, self.last_move())
        }
    }
}
