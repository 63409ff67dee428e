use core::fmt;
use core::hash::{BuildHasherDefault, Hasher};
use std::collections::HashMap;

use shogi_movegen::{Position, Standard, VariantHooks};
use shogi_types::{ByColor, Color, Move};

use crate::error::{DeclareError, DrawOfferError, GameOver, PlayError, UndoError};
use crate::impasse::{self, ImpasseRule, Points};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::repetition;
use crate::rule_set::{AtLimit, MoveLimit, RuleSet};

/// A position is kept every this many plies, so that any earlier position (for undo and for
/// confirming a repetition) is at most this many moves away.
const SNAPSHOT_EVERY: usize = 32;

/// "No earlier ply" in [`Link::prev`].
const NO_PLY: usize = usize::MAX;

/// Hashes the map's keys, which are Zobrist keys and already uniformly distributed, with one
/// multiplication (by the odd 64-bit golden-ratio constant, a bijection) instead of SipHash:
/// about 25 ns less per move.
#[derive(Debug, Clone, Copy, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0.rotate_left(8) ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The latest ply of each key.
type KeyMap = HashMap<u64, usize, BuildHasherDefault<KeyHasher>>;

/// Where a ply's position occurred before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    /// The latest earlier ply with the same key, or [`NO_PLY`].
    prev: usize,
    /// How many plies up to and including this one have this key.
    count: u32,
}

/// A game: a start position, the moves played from it, and how (or whether) it ended.
///
/// For every ply the game keeps the position's Zobrist key and whether the side to move is in
/// check, and it counts the occurrences of each key in a hash map, so that repetition and
/// perpetual check are decided without replaying anything: a move costs the same in a game of
/// 1,000 moves as in a game of 10. A position is kept every 32 plies, so [`Game::undo`] and
/// [`Game::position_at`] replay at most 31 moves. Cloning copies these vectors and the map
/// (a few tens of bytes per ply), never a position per ply.
///
/// # Verdicts
/// [`Game::play`] judges each move as it is played, in this order (the game ends at the
/// first move that ends it, and later moves are refused):
///
/// 1. **no legal reply**: the side now to move loses, by [`WinReason::Checkmate`] if it is in
///    check and [`WinReason::NoLegalMoves`] if not;
/// 2. **try** (under [`ImpasseRule::Try`]): the mover's king reached
///    [`impasse::try_square`];
/// 3. **repetition**: the fourth occurrence of the position ends the game as a draw, or as a
///    loss for the perpetual checker (see [`repetition`]);
/// 4. **move limit**: the number of moves played reached the rule set's
///    [`MoveLimit`](crate::MoveLimit).
///
/// A start position without a legal move is over before any move, by the same rule 1.
/// [`Game::declare`] judges an impasse declaration; `resign`, `lose_on_time`, `agree_draw`,
/// `abandon`, `interrupt` and [`Game::set_outcome`] record endings that no rule computes.
///
/// # Taking back
/// An outcome that a move computed belongs to that move: [`Game::undo`] takes both back. An
/// ending recorded or declared after the last move (by the methods above, or by
/// [`Game::play_or_forfeit`] for an illegal move) is taken back on its own by
/// [`Game::undo_ending`], which keeps the moves; while it is there, [`Game::undo`] changes
/// nothing and returns [`UndoError::EndingRecorded`], so an undo button never takes back a
/// move by accident. [`Game::recorded_ending`] tells the two kinds of ending apart.
///
/// # Examples
/// ```
/// use shogi_movegen::Position;
/// use shogi_rules::{Game, Outcome, RuleSet, UndoError, WinReason};
/// use shogi_types::{Color, Move};
///
/// let mut game = Game::with_rules(Position::default(), RuleSet::csa27());
/// for usi in ["7g7f", "3c3d", "8h2b+", "4a3b", "2b3a"] {
///     game.play(usi.parse::<Move>()?)?;
/// }
/// assert_eq!(game.moves().len(), 5);
/// assert_eq!(game.outcome(), None);
///
/// // White resigns; nothing more can be played.
/// let outcome = game.resign(Color::White)?;
/// assert_eq!(outcome, Outcome::Win { winner: Color::Black, reason: WinReason::Resignation });
/// assert!(game.play("3b3a".parse::<Move>()?).is_err());
///
/// // Undo refuses to take a move back past the resignation; undo_ending takes it back alone.
/// assert_eq!(game.undo(), Err(UndoError::EndingRecorded(outcome)));
/// assert_eq!(game.undo_ending(), Some(outcome));
/// assert_eq!((game.outcome(), game.moves().len()), (None, 5));
/// assert_eq!(game.undo(), Ok("2b3a".parse::<Move>()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
#[doc(alias = "kifu")]
pub struct Game<R: VariantHooks = Standard> {
    rules: RuleSet,
    credit: ByColor<u32>,
    start: Position<R>,
    position: Position<R>,
    moves: Vec<Move>,
    /// `keys[i]`: the key of the position after `i` moves (`keys[0]`: the start).
    keys: Vec<u64>,
    /// `checks[i]`: whether the side to move is in check after `i` moves, that is, for
    /// `i >= 1`, whether move `i` gave check.
    checks: Vec<bool>,
    links: Vec<Link>,
    /// The latest ply of each key.
    latest: KeyMap,
    /// `snapshots[j]`: the position after `j * SNAPSHOT_EVERY` moves.
    snapshots: Vec<Position<R>>,
    outcome: Option<Outcome>,
    /// Draw offers made by each player so far.
    offers_made: ByColor<u32>,
    /// The player whose draw offer waits for an answer.
    pending_offer: Option<Color>,
    /// Whether `outcome` was recorded or declared after the last move (rather than computed
    /// by the last move, or by the start position if no move was played).
    recorded: bool,
}

impl Default for Game<Standard> {
    /// A game from the standard start position under [`RuleSet::none`].
    fn default() -> Game<Standard> {
        Game::new(Position::default())
    }
}

impl<R: VariantHooks> Game<R> {
    /// A game from `start` under [`RuleSet::none`] (repetition and mate only).
    #[must_use]
    pub fn new(start: Position<R>) -> Game<R> {
        Game::with_rules(start, RuleSet::none())
    }

    /// A game from `start` under `rules`.
    ///
    /// The start position is the first occurrence for repetition, and the handicap credit
    /// (if the rule set asks for it) is read from it ([`impasse::handicap_credit`]). If the
    /// side to move has no legal move, the game is over at once.
    #[must_use]
    pub fn with_rules(start: Position<R>, rules: RuleSet) -> Game<R> {
        let key = start.zobrist();
        let mut latest = KeyMap::default();
        latest.insert(key, 0);
        let mut game = Game {
            rules,
            credit: rules.credit_for(&start),
            start,
            position: start,
            moves: Vec::new(),
            keys: vec![key],
            checks: vec![start.is_check()],
            links: vec![Link {
                prev: NO_PLY,
                count: 1,
            }],
            latest,
            snapshots: vec![start],
            outcome: None,
            offers_made: ByColor::new(0, 0),
            pending_offer: None,
            recorded: false,
        };
        game.outcome = game.no_legal_move();
        game
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The start position.
    #[must_use]
    pub fn initial_position(&self) -> &Position<R> {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The Zobrist key of the position after each number of moves: `keys()[0]` is the start
    /// position's, `keys()[moves().len()]` the current one's.
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Whether the side to move was in check after each number of moves (so `checks()[i]`,
    /// for `i >= 1`, says whether move `i` gave check; `checks()[0]` is the start position).
    #[must_use]
    pub fn checks(&self) -> &[bool] {
        &self.checks
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The outcome if it was recorded or declared after the last move (a resignation, a
    /// time forfeit, an agreement, an interruption, a declaration, an illegal move of
    /// [`Game::play_or_forfeit`], anything [`Game::set_outcome`] recorded): the ending that
    /// [`Game::undo_ending`] takes back. `None` while the game goes on or if its outcome was
    /// computed by the last move (or by the start position).
    #[must_use]
    pub fn recorded_ending(&self) -> Option<Outcome> {
        self.outcome.filter(|_| self.recorded)
    }

    /// How many times the current position has occurred so far in the game, this time
    /// included (by Zobrist key; the game confirms a fourth occurrence position by position).
    #[doc(alias = "sennichite")]
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.links.last().map_or(1, |l| l.count)
    }

    /// The handicap credit in force: the points each colour is credited with in impasse
    /// counts (zero unless the rule set turns handicap credit on).
    #[must_use]
    pub fn handicap_credit(&self) -> ByColor<u32> {
        self.credit
    }

    /// The impasse points of the current position (without credit; see
    /// [`Game::handicap_credit`]).
    #[must_use]
    pub fn points(&self) -> Points {
        impasse::points(&self.position)
    }

    /// The position after `ply` moves (`0`: the start), or `None` if fewer moves have been
    /// played. Replays at most 31 moves from a kept position.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<Position<R>> {
        if ply == self.moves.len() {
            return Some(self.position);
        }
        let base = ply / SNAPSHOT_EVERY;
        let mut pos = *self.snapshots.get(base)?;
        for &m in self.moves.get(base * SNAPSHOT_EVERY..ply)? {
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// Plays `m` and returns the outcome if this move ended the game.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended, [`PlayError::IllegalMove`] (with
    /// the [`IllegalMoveKind`](shogi_movegen::IllegalMoveKind)) if `m` is illegal. Either
    /// way the game is unchanged.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::{IllegalMoveKind, Position};
    /// use shogi_rules::{Game, Outcome, PlayError, WinReason};
    /// use shogi_types::{Color, Move, Setup};
    ///
    /// // A pawn drop that mates is illegal (uchifuzume): the game refuses it, unchanged.
    /// let setup: Setup = "7lk/9/8S/9/9/9/9/7L1/8K b P 1".parse()?;
    /// let mut game: Game = Game::new(Position::from_setup(setup)?);
    /// match game.play("P*1b".parse::<Move>()?) {
    ///     Err(PlayError::IllegalMove(e)) => assert_eq!(e.kind, IllegalMoveKind::DropPawnMate),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert!(game.moves().is_empty());
    ///
    /// // Pushing a pawn to mate is fine.
    /// let setup: Setup = "7lk/9/7GP/9/9/9/9/9/8K b - 1".parse()?;
    /// let mut game: Game = Game::new(Position::from_setup(setup)?);
    /// assert_eq!(
    ///     game.play("1c1b".parse::<Move>()?)?,
    ///     Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }),
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome }.into());
        }
        self.position.play(m)?;
        self.record(m);
        self.outcome = self.verdict_after(m);
        Ok(self.outcome)
    }

    /// Plays `m`, or, if it is illegal, records the loss of the side to move with
    /// [`WinReason::IllegalMove`] (反則負け), as a server or an arbiter rules. Returns the
    /// outcome if the game has ended.
    ///
    /// The loss is an ending recorded after the last move, not a move: [`Game::undo_ending`]
    /// takes it back, and [`Game::undo`] refuses to take a move back while it is there.
    ///
    /// # Errors
    /// [`GameOver`] if the game had already ended; the game is then unchanged.
    pub fn play_or_forfeit(&mut self, m: Move) -> Result<Option<Outcome>, GameOver> {
        match self.play(m) {
            Ok(outcome) => Ok(outcome),
            Err(PlayError::GameOver(e)) => Err(e),
            Err(PlayError::IllegalMove(e)) => {
                let loser = self.position.side_to_move();
                let outcome = Outcome::Win {
                    winner: !loser,
                    reason: WinReason::IllegalMove(Some(e.kind)),
                };
                self.set_outcome(outcome)?;
                Ok(Some(outcome))
            }
        }
    }

    /// Takes back the last move and returns it.
    ///
    /// Everything returns to the state before that move: the position, keys, check flags and
    /// occurrence counts, and the outcome, which was always `None` then, since no move is
    /// played after the end. An outcome that the last move computed (mate, repetition, the
    /// try, the move limit) goes with it.
    ///
    /// # Errors
    /// Changes nothing and returns [`UndoError::EndingRecorded`] if an ending was recorded or
    /// declared after the last move ([`Game::recorded_ending`]): take it back first with
    /// [`Game::undo_ending`]. Returns [`UndoError::NoMoves`] if no move has been played.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_rules::{Game, Outcome, UndoError, WinReason};
    /// use shogi_types::{Color, Move, Setup};
    ///
    /// // Pushing the pawn mates: the verdict is part of the move, and undo takes both back.
    /// let setup: Setup = "7lk/9/7GP/9/9/9/9/9/8K b - 1".parse()?;
    /// let mut game: Game = Game::new(Position::from_setup(setup)?);
    /// let push = "1c1b".parse::<Move>()?;
    /// let mate = Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate };
    /// assert_eq!(game.play(push)?, Some(mate));
    /// assert_eq!(game.undo_ending(), None); // computed, not recorded
    /// assert_eq!(game.undo(), Ok(push));
    /// assert_eq!(game.outcome(), None);
    /// assert_eq!(game.undo(), Err(UndoError::NoMoves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        if let Some(outcome) = self.recorded_ending() {
            return Err(UndoError::EndingRecorded(outcome));
        }
        let m = self.moves.pop().ok_or(UndoError::NoMoves)?;
        let ply = self.moves.len();
        if let (Some(key), Some(link)) = (self.keys.pop(), self.links.pop()) {
            if link.prev == NO_PLY {
                self.latest.remove(&key);
            } else {
                self.latest.insert(key, link.prev);
            }
        }
        self.checks.pop();
        self.snapshots.truncate(ply / SNAPSHOT_EVERY + 1);
        // The position after `ply` moves: the snapshot at or before it, plus the moves since.
        let base = ply / SNAPSHOT_EVERY;
        if let Some(&snapshot) = self.snapshots.get(base) {
            let mut pos = snapshot;
            for &mv in self.moves.get(base * SNAPSHOT_EVERY..).unwrap_or_default() {
                pos.play_unchecked(mv);
            }
            self.position = pos;
        }
        self.outcome = None;
        self.pending_offer = None;
        Ok(m)
    }

    /// `color` offers a draw. The offer waits for the other player's answer
    /// ([`Game::accept_draw`], [`Game::decline_draw`]); the other player declines it by playing
    /// a move. The offerer may still play its own move after offering (the offer stands over
    /// it). Offers are counted against the rule set's [`DrawOffers`](crate::DrawOffers) and
    /// are not given back by [`Game::undo`] (which withdraws a waiting offer).
    ///
    /// ```
    /// use shogi_rules::{DrawOfferError, DrawOffers, Game, RuleSet};
    /// use shogi_types::Color;
    ///
    /// let rules = RuleSet::none().with_draw_offers(Some(DrawOffers { per_player: 1, per_game: 2 }));
    /// let mut game: Game = Game::with_rules(Default::default(), rules);
    /// game.offer_draw(Color::Black)?;
    /// game.decline_draw(Color::White)?;
    /// assert_eq!(game.draw_offers_left(Color::Black), 0);
    /// assert_eq!(game.offer_draw(Color::Black), Err(DrawOfferError::NoneLeft { color: Color::Black }));
    /// game.offer_draw(Color::White)?;
    /// assert!(game.accept_draw(Color::Black)?.is_draw());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DrawOfferError`] if the game is over, the rules allow no offers, `color` has none
    /// left, or an offer already waits.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), DrawOfferError> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome }.into());
        }
        if self.rules.draw_offers().is_none() {
            return Err(DrawOfferError::NotAllowed);
        }
        if let Some(by) = self.pending_offer {
            return Err(DrawOfferError::Pending { by });
        }
        if self.draw_offers_left(color) == 0 {
            return Err(DrawOfferError::NoneLeft { color });
        }
        self.offers_made[color] += 1;
        self.pending_offer = Some(color);
        Ok(())
    }

    /// The player whose draw offer waits for an answer, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.pending_offer
    }

    /// How many more draw offers `color` may make (0 when the rules allow none).
    #[must_use]
    pub fn draw_offers_left(&self, color: Color) -> u32 {
        self.rules.draw_offers().map_or(0, |limit| {
            let own = limit.per_player.saturating_sub(self.offers_made[color]);
            let made = self
                .offers_made
                .black
                .saturating_add(self.offers_made.white);
            own.min(limit.per_game.saturating_sub(made))
        })
    }

    /// `color` accepts the other player's waiting offer: the game is drawn by agreement.
    ///
    /// # Errors
    /// [`DrawOfferError::NoOffer`] if no offer by the other player waits;
    /// [`DrawOfferError::GameOver`] if the game is over.
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, DrawOfferError> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome }.into());
        }
        if self.pending_offer != Some(!color) {
            return Err(DrawOfferError::NoOffer { color });
        }
        self.pending_offer = None;
        Ok(self.agree_draw()?)
    }

    /// `color` declines the other player's waiting offer.
    ///
    /// # Errors
    /// [`DrawOfferError::NoOffer`] if no offer by the other player waits.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), DrawOfferError> {
        if self.pending_offer != Some(!color) {
            return Err(DrawOfferError::NoOffer { color });
        }
        self.pending_offer = None;
        Ok(())
    }

    /// Takes back the ending recorded or declared after the last move
    /// ([`Game::recorded_ending`]) and returns it; the moves stay, and the game goes on from
    /// the current position. Returns `None`, changing nothing, if the game goes on or its
    /// outcome was computed by the last move (take that back with [`Game::undo`]).
    ///
    /// An ending can only be recorded while the game goes on, so no outcome comes back.
    ///
    /// # Examples
    /// ```
    /// use shogi_rules::{DrawReason, Game, Outcome};
    /// use shogi_types::Move;
    ///
    /// let mut game = Game::default();
    /// game.play("7g7f".parse::<Move>()?)?;
    /// let agreed = game.agree_draw()?;
    /// assert_eq!(game.undo_ending(), Some(agreed));
    /// assert_eq!(game.outcome(), None);
    /// assert_eq!(game.moves().len(), 1);
    /// assert_eq!(game.undo_ending(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo_ending(&mut self) -> Option<Outcome> {
        let outcome = self.recorded_ending()?;
        self.outcome = None;
        self.recorded = false;
        Some(outcome)
    }

    /// The side to move declares impasse (入玉宣言); the verdict under the rule set's
    /// [`ImpasseRule`] is recorded and returned (see [`impasse::judge`], with this game's
    /// [handicap credit](Game::handicap_credit)).
    ///
    /// # Errors
    /// [`DeclareError::GameOver`] if the game has already ended;
    /// [`DeclareError::NotAllowed`] if the rule set has no declaration or, under
    /// [`ImpasseRule::Jsa24`], a king is outside its camp or the declarer is in check. The
    /// game is then unchanged. Under the declaration rules a declaration whose conditions
    /// fail is not an error: the declarer loses.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_rules::{Game, Outcome, RuleSet, WinReason};
    /// use shogi_types::{Color, Setup};
    ///
    /// // Black: 10 pieces in the camp, 27 points; the CSA rule asks 28 of Black.
    /// let setup: Setup = "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1".parse()?;
    /// let mut game: Game = Game::with_rules(Position::from_setup(setup)?, RuleSet::csa27());
    /// assert_eq!(
    ///     game.declare()?,
    ///     Outcome::Win { winner: Color::White, reason: WinReason::Impasse },
    /// );
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "nyugyoku")]
    pub fn declare(&mut self) -> Result<Outcome, DeclareError> {
        let outcome = self.judge_declaration()?;
        self.outcome = Some(outcome);
        self.recorded = true;
        Ok(outcome)
    }

    /// The verdict [`Game::declare`] would record now, without recording it (for a GUI that
    /// asks the user to confirm).
    ///
    /// # Errors
    /// As [`Game::declare`].
    pub fn judge_declaration(&self) -> Result<Outcome, DeclareError> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome }.into());
        }
        let declarer = self.position.side_to_move();
        Ok(impasse::judge(
            &self.position,
            self.rules.impasse(),
            declarer,
            self.credit,
        )?)
    }

    /// Records an outcome that no rule computed (or any outcome a record carries).
    ///
    /// Whatever its reason, the outcome counts as recorded after the last move: take it back
    /// with [`Game::undo_ending`].
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    pub fn set_outcome(&mut self, outcome: Outcome) -> Result<(), GameOver> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome });
        }
        self.outcome = Some(outcome);
        self.recorded = true;
        Ok(())
    }

    /// Records that `color` resigned (投了): the other colour wins.
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    #[doc(alias = "toryo")]
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOver> {
        self.record_win(!color, WinReason::Resignation)
    }

    /// Records that `color` ran out of time (時間切れ): the other colour wins.
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, GameOver> {
        self.record_win(!color, WinReason::TimeForfeit)
    }

    /// Records that `color` abandoned the game: the other colour wins.
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    pub fn abandon(&mut self, color: Color) -> Result<Outcome, GameOver> {
        self.record_win(!color, WinReason::Abandonment)
    }

    /// Records a draw by agreement.
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameOver> {
        self.record_draw(DrawReason::Agreement)
    }

    /// Records that the game was stopped without a result (中断): [`Outcome::Unfinished`],
    /// which is not a draw.
    ///
    /// # Errors
    /// [`GameOver`] if the game has already ended; the game is then unchanged.
    #[doc(alias = "chudan")]
    pub fn interrupt(&mut self) -> Result<Outcome, GameOver> {
        self.set_outcome(Outcome::Unfinished)
            .map(|()| Outcome::Unfinished)
    }

    fn record_win(&mut self, winner: Color, reason: WinReason) -> Result<Outcome, GameOver> {
        let outcome = Outcome::Win { winner, reason };
        self.set_outcome(outcome).map(|()| outcome)
    }

    fn record_draw(&mut self, reason: DrawReason) -> Result<Outcome, GameOver> {
        let outcome = Outcome::Draw { reason };
        self.set_outcome(outcome).map(|()| outcome)
    }

    /// Appends the keys, check flag, occurrence link and (every 32 plies) a snapshot of the
    /// position just reached by `m`.
    fn record(&mut self, m: Move) {
        // A move by the player an offer was made to declines it.
        if self.pending_offer == Some(self.position.side_to_move()) {
            self.pending_offer = None;
        }
        self.moves.push(m);
        let ply = self.moves.len();
        let key = self.position.zobrist();
        let prev = self.latest.insert(key, ply);
        let count = prev
            .and_then(|p| self.links.get(p))
            .map_or(1, |l| l.count.saturating_add(1));
        self.keys.push(key);
        self.checks.push(self.position.is_check());
        self.links.push(Link {
            prev: prev.unwrap_or(NO_PLY),
            count,
        });
        if ply.is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push(self.position);
        }
    }

    /// Rule 1: the side to move has no legal move and loses. Stops at the first legal move
    /// ([`Position::has_legal_move`]); whether it is mate comes from the recorded check flag.
    fn no_legal_move(&self) -> Option<Outcome> {
        if self.position.has_legal_move() {
            return None;
        }
        let in_check = match self.checks.last() {
            Some(&check) => check,
            None => self.position.is_check(),
        };
        let reason = if in_check {
            WinReason::Checkmate
        } else {
            WinReason::NoLegalMoves
        };
        Some(Outcome::Win {
            winner: !self.position.side_to_move(),
            reason,
        })
    }

    /// The verdict on the move `m` just played, if it ended the game.
    fn verdict_after(&self, m: Move) -> Option<Outcome> {
        let mover = !self.position.side_to_move();
        if let Some(outcome) = self.no_legal_move() {
            return Some(outcome);
        }
        if self.rules.impasse() == ImpasseRule::Try {
            let target = impasse::try_square(mover);
            if !m.is_drop() && m.to() == target && self.position.king(mover) == Some(target) {
                return Some(Outcome::Win {
                    winner: mover,
                    reason: WinReason::Try,
                });
            }
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        let limit = self.rules.move_limit()?;
        if self.moves.len() < usize::try_from(limit.moves()).unwrap_or(usize::MAX) {
            return None;
        }
        Some(self.limit_outcome(limit))
    }

    /// The outcome `limit` gives if it is reached in the current position.
    pub(crate) fn limit_outcome(&self, limit: MoveLimit) -> Outcome {
        let draw = Outcome::Draw {
            reason: DrawReason::MoveLimit,
        };
        match limit.at_limit() {
            AtLimit::Count if impasse::kings_in_camps(&self.position) => {
                let total = impasse::points(&self.position).total;
                let total = ByColor::new(
                    total.black.saturating_add(self.credit.black),
                    total.white.saturating_add(self.credit.white),
                );
                impasse::count24(total, WinReason::MoveLimit, DrawReason::MoveLimit)
            }
            _ => draw,
        }
    }

    /// The plies of the earlier occurrences of the current position, earliest first,
    /// confirmed position by position; `None` if there is none.
    pub(crate) fn occurrence_plies(&self) -> Option<Vec<usize>> {
        let link = self.links.get(self.moves.len())?;
        let mut earlier = Vec::new();
        let mut p = link.prev;
        while let Some(l) = self.links.get(p) {
            if self.position_at(p).as_ref() == Some(&self.position) {
                earlier.push(p);
            }
            p = l.prev;
        }
        earlier.reverse();
        (!earlier.is_empty()).then_some(earlier)
    }

    /// Rule 3: the current position occurs for the fourth time. The earlier occurrences come
    /// from the key chain and are confirmed position by position.
    fn repetition(&self) -> Option<Outcome> {
        let ply = self.moves.len();
        let link = self.links.get(ply)?;
        if (link.count as usize) < repetition::OCCURRENCES {
            return None;
        }
        let earlier = self.occurrence_plies()?;
        if earlier.len() + 1 < repetition::OCCURRENCES {
            return None; // a key collision, not a repetition
        }
        // The first occurrence is the earliest one; the moves after it are plies p1+1..=ply.
        let first = *earlier.first()?;
        let checks = self.checks.get(first + 1..=ply)?;
        Some(repetition::judge(self.position.side_to_move(), checks))
    }
}

impl<R: VariantHooks> fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Moves<'a>(&'a [Move]);
        impl fmt::Debug for Moves<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list()
                    .entries(self.0.iter().map(ToString::to_string))
                    .finish()
            }
        }
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("start", &self.start)
            .field("moves", &Moves(&self.moves))
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}
