//! `AnyPosition` and `AnyGame` against the typed `Position<R>` and `Game<R>` they wrap.
//!
//! For every start position (standard, every handicap, the three untakeable-silver setups and
//! the standard setup under the variant's rules) and the positions reached from it by random
//! legal walks (a small fixed-seed PRNG), every method of `AnyPosition` must return what the
//! same method of the typed position returns, and every method of `AnyGame` what `Game<R>`'s
//! returns after the same calls: moves, illegal moves, forfeits, undo, resignation by either
//! colour, time forfeit, abandonment, agreed draws, interruption, declarations, recorded
//! outcomes. A function generic over `VisitPosition` (as the notation writers and readers of
//! the crates above this one are) must see through `AnyPosition` and `&AnyPosition` exactly
//! the typed position.

#[cfg(feature = "packed")]
use shogi_movegen::packed::PackError;
use shogi_movegen::{
    Fault, PerftOptions, Position, PositionVisitor, Standard, VariantHooks, VisitPosition,
};
use shogi_rules::{DrawReason, Game, Outcome, RuleSet, WinReason};
use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup, Square};
use shogi_variants::presets;
use shogi_variants::untakeable_silver::mark_black_silvers;
use shogi_variants::{
    AnyGame, AnyPosition, AnyPositionError, BuiltinVariant, GameVisitor, Handicap,
    ParseAnyPositionError, SilverSetup, UntakeableSilver, Variant, VisitGame,
};

/// A small deterministic PRNG (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Runs `check` on every start position, typed.
trait Check {
    fn run<R: BuiltinVariant>(&mut self, name: &str, start: Position<R>);
}

fn for_each_start(check: &mut impl Check) {
    check.run("standard", Position::<Standard>::start());
    for h in Handicap::ALL {
        check.run(h.english_name(), h.position());
    }
    for s in SilverSetup::ALL {
        check.run(s.english_name(), s.position());
    }
    check.run(
        "standard setup, untakeable-silver rules",
        Position::<UntakeableSilver>::start(),
    );
    check.run(
        "standard setup with marked silvers, untakeable-silver rules",
        marked_standard_start(),
    );
}

/// The standard setup with Black's two silvers marked, under the variant's rules.
fn marked_standard_start() -> Position<UntakeableSilver> {
    Position::from_setup(mark_black_silvers(Setup::start())).expect("valid start")
}

/// The typed variant of each start, to check that every start was visited.
fn start_count() -> usize {
    3 + Handicap::ALL.len() + SilverSetup::ALL.len()
}

/// A few moves that are illegal in most positions, to compare the errors: every legal move
/// with its promotion flag flipped, moves from empty squares, drops of every kind on every
/// occupied square and on the first rank.
fn probe_moves<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let mut out = Vec::new();
    for &m in pos.legal_moves().iter() {
        if let Move::Normal { from, to, promote } = m {
            out.push(Move::Normal {
                from,
                to,
                promote: !promote,
            });
        }
    }
    let empty = !pos.occupied();
    for (i, from) in empty.iter().enumerate().take(3) {
        out.push(Move::Normal {
            from,
            to: Square::ALL[(from.index() + 1 + i) % 81],
            promote: false,
        });
    }
    for kind in PieceKind::HAND_KINDS {
        for to in pos.occupied().iter().take(2) {
            out.push(Move::Drop { kind, to });
        }
        out.push(Move::Drop {
            kind,
            to: Square::SQ_5A,
        });
        out.push(Move::Drop {
            kind,
            to: Square::SQ_5I,
        });
    }
    out
}

/// Returns the key of the visited position and the name of its rules' type.
struct KeyAndRules;

impl PositionVisitor for KeyAndRules {
    type Output = (u64, &'static str);
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> (u64, &'static str) {
        (pos.zobrist(), core::any::type_name::<R>())
    }
}

/// Every method of `any` against the same method of `typed`.
fn check_position<R: BuiltinVariant>(typed: &Position<R>, any: &AnyPosition, deep: bool) {
    assert_eq!(any.variant(), R::VARIANT);
    assert_eq!(*any, AnyPosition::from(*typed));
    assert_eq!(any.as_standard().is_some(), R::VARIANT == Variant::Standard);
    assert_eq!(
        any.as_untakeable_silver().is_some(),
        R::VARIANT == Variant::UntakeableSilver
    );
    assert_eq!(any.visit(KeyAndRules), typed.visit(KeyAndRules));
    assert_eq!((&any).visit(KeyAndRules).1, core::any::type_name::<R>());
    assert_eq!(any.to_setup(), typed.to_setup());
    assert_eq!(any.to_setup().to_string(), typed.to_string());
    assert_eq!(any.side_to_move(), typed.side_to_move());
    assert_eq!(any.move_number(), typed.move_number());
    for sq in Square::ALL {
        assert_eq!(any.piece_at(sq), typed.piece_at(sq), "{sq:?}");
    }
    for kind in PieceKind::ALL {
        assert_eq!(any.pieces_of_kind(kind), typed.pieces_of_kind(kind));
        for color in Color::ALL {
            assert_eq!(any.pieces(color, kind), typed.pieces(color, kind));
        }
    }
    for color in Color::ALL {
        assert_eq!(any.pieces_of_color(color), typed.pieces_of_color(color));
        assert_eq!(any.king(color), typed.king(color));
        assert_eq!(any.hand(color), typed.hand(color));
    }
    assert_eq!(any.hands(), typed.hands());
    assert_eq!(any.occupied(), typed.occupied());
    assert_eq!(any.checkers(), typed.checkers());
    assert_eq!(any.is_check(), typed.is_check());
    assert_eq!(any.pinned(), typed.pinned());
    assert_eq!(any.protected(), typed.protected());
    assert_eq!(any.zobrist(), typed.zobrist());
    assert_eq!(any.zobrist(), shogi_movegen::testing::compute_hash(typed));
    for occupied in [typed.occupied(), Bitboard::EMPTY] {
        for sq in Square::ALL {
            for color in Color::ALL {
                assert_eq!(
                    any.attackers_to(sq, color, occupied),
                    typed.attackers_to(sq, color, occupied)
                );
                assert_eq!(
                    any.is_attacked_by(sq, color, occupied),
                    typed.is_attacked_by(sq, color, occupied)
                );
            }
        }
    }
    let legal = typed.legal_moves();
    assert_eq!(any.legal_moves(), legal);
    let mut each = Vec::new();
    any.for_each_legal_move(|m| each.push(m));
    assert_eq!(each, legal.as_slice());
    assert_eq!(any.count_legal_moves(), typed.count_legal_moves());
    let mut into = shogi_movegen::MoveList::new();
    any.legal_moves_into(&mut into);
    assert_eq!(into, legal);
    assert_eq!(any.has_legal_move(), !legal.is_empty());
    for sq in Square::ALL {
        assert_eq!(
            any.legal_moves_from(sq),
            typed.legal_moves_from(sq),
            "{sq:?}"
        );
    }
    for kind in PieceKind::ALL {
        assert_eq!(any.legal_drops(kind), typed.legal_drops(kind), "{kind:?}");
    }
    assert_eq!(any.legal_captures(), typed.legal_captures());
    assert_eq!(any.legal_drop_moves(), typed.legal_drop_moves());
    for &m in &legal {
        assert!(any.is_legal(m));
        let (mut a, mut t) = (*any, *typed);
        a.play_unchecked(m);
        t.play_unchecked(m);
        assert_eq!(a, AnyPosition::from(t));
        let (mut a, mut t) = (*any, *typed);
        assert_eq!(a.play(m), t.play(m));
        assert_eq!(a, AnyPosition::from(t));
    }
    for m in probe_moves(typed) {
        assert_eq!(any.is_legal(m), typed.is_legal(m), "{m}");
        let (mut a, mut t) = (*any, *typed);
        assert_eq!(a.play(m), t.play(m), "{m}");
        assert_eq!(a, AnyPosition::from(t), "{m}");
    }
    assert_eq!(any.perft(1), typed.perft(1));
    assert_eq!(any.perft_unbulked(1), typed.perft_unbulked(1));
    assert_eq!(any.perft_divide(1), typed.perft_divide(1));
    if deep {
        assert_eq!(any.perft(2), typed.perft(2));
        assert_eq!(any.perft_divide(2), typed.perft_divide(2));
        let options = PerftOptions::new().with_threads(2).with_hash_mb(1);
        assert_eq!(any.perft_with(3, options), typed.perft_with(3, options));
        assert_eq!(
            any.perft_divide_with(3, options),
            typed.perft_divide_with(3, options)
        );
    }
    // Back from the setup, with its protection marks and without them.
    let setup = typed.to_setup();
    assert_eq!(setup.protected, typed.protected());
    assert_eq!(
        AnyPosition::from_setup(R::VARIANT, setup.clone()),
        Ok(AnyPosition::from(*typed))
    );
    let mut unmarked = setup.clone();
    unmarked.protected = Bitboard::EMPTY;
    assert_eq!(
        AnyPosition::from_setup(R::VARIANT, unmarked.clone()),
        Position::<R>::from_setup(unmarked.clone())
            .map(AnyPosition::from)
            .map_err(AnyPositionError::from)
    );
    check_conversions(typed, any, &setup, &unmarked);
}

/// The conversions of `any` (move number, packed formats, SFEN with marks, standard shogi)
/// against the typed position and the setups, with and without marks, it comes from.
fn check_conversions<R: BuiltinVariant>(
    typed: &Position<R>,
    any: &AnyPosition,
    setup: &Setup,
    unmarked: &Setup,
) {
    // The move number, set both ways; the identity ignores it.
    let n = typed.move_number().saturating_add(7);
    let with = any.with_move_number(n);
    assert_eq!(with.move_number(), n);
    assert_eq!(with.to_setup().move_number, n);
    assert_eq!(
        with.as_standard(),
        any.as_standard().map(|p| p.with_move_number(n)).as_ref()
    );
    let mut set = *any;
    set.set_move_number(n);
    assert_eq!(set.to_string(), with.to_string());
    assert_eq!(set, *any, "the move number is no part of the identity");
    // HCP and PackedSfen: as the typed position, so an error while anything is protected.
    #[cfg(feature = "packed")]
    {
        assert_eq!(any.to_hcp(), typed.to_hcp());
        assert_eq!(any.to_packed_sfen(), typed.to_packed_sfen());
        if let Some(square) = typed.protected().first() {
            assert_eq!(any.to_hcp(), Err(PackError::Protected { square }));
        }
    }
    // The SFEN, marks and all, reads back as a position of the variant its marks call for.
    let read = AnyPosition::from_sfen(&any.to_string()).expect("the SFEN of a position");
    let expected = if setup.protected.is_empty() {
        AnyPosition::from(Position::<Standard>::from_setup(setup.clone()).expect("valid"))
    } else {
        assert_eq!(
            R::VARIANT,
            Variant::UntakeableSilver,
            "only the variant marks"
        );
        *any
    };
    assert_eq!(read, expected);
    assert_eq!(read.to_string(), any.to_string());
    assert_eq!(any.to_string().parse::<AnyPosition>(), Ok(expected));
    // Standard shogi: the same board without marks. Where nothing is protected the legal
    // moves are the same under both rules.
    let standard = any.to_standard().expect("valid in standard shogi");
    assert_eq!(
        Ok(standard),
        Position::<Standard>::from_setup(unmarked.clone())
    );
    assert_eq!(standard.to_setup(), *unmarked);
    assert_eq!(standard.move_number(), typed.move_number());
    if typed.protected().is_empty() {
        assert_eq!(standard.legal_moves(), typed.legal_moves());
    }
}

/// Random legal walks from each start: every position on the way is checked.
struct Walks {
    rng: Rng,
    starts: usize,
    positions: usize,
}

impl Check for Walks {
    fn run<R: BuiltinVariant>(&mut self, name: &str, start: Position<R>) {
        self.starts += 1;
        let any_start = AnyPosition::from(start);
        assert_eq!(any_start.variant(), R::VARIANT, "{name}");
        check_position(&start, &any_start, true);
        for _ in 0..3 {
            let (mut typed, mut any) = (start, any_start);
            for ply in 0..70 {
                let legal = typed.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[self.rng.below(legal.len())];
                typed.play(m).expect("a generated move is legal");
                any.play(m).expect("a generated move is legal");
                check_position(&typed, &any, ply % 25 == 24);
                self.positions += 1;
            }
        }
    }
}

#[test]
fn any_position_equals_the_typed_position_on_random_walks() {
    let mut walks = Walks {
        rng: Rng(0x5EED_0001),
        starts: 0,
        positions: 0,
    };
    for_each_start(&mut walks);
    assert_eq!(walks.starts, start_count());
    assert!(walks.positions > 5_000, "{} positions", walks.positions);
}

#[test]
fn start_and_variants() {
    assert_eq!(
        AnyPosition::start(Variant::Standard),
        AnyPosition::from(Position::<Standard>::start())
    );
    assert_eq!(
        AnyPosition::start(Variant::UntakeableSilver),
        AnyPosition::from(Position::<UntakeableSilver>::start())
    );
    assert_eq!(
        AnyPosition::start(Variant::Standard),
        AnyPosition::default()
    );
    // The same unmarked setup under the two rules: nothing is protected, only the variant
    // differs.
    let standard = AnyPosition::start(Variant::Standard);
    let silver = AnyPosition::start(Variant::UntakeableSilver);
    assert_ne!(standard, silver);
    assert_eq!(standard.to_setup(), silver.to_setup());
    assert_eq!(standard.to_setup(), Setup::start());
    assert_eq!(standard.protected().count(), 0);
    assert_eq!(silver.protected().count(), 0);
    assert_eq!(standard.zobrist(), silver.zobrist());
    // With the silvers marked, the variant protects them and standard shogi refuses the marks.
    let marked = mark_black_silvers(Setup::start());
    let silver = AnyPosition::from_setup(Variant::UntakeableSilver, marked.clone()).expect("valid");
    assert_eq!(silver, AnyPosition::from(marked_standard_start()));
    assert_eq!(silver.protected().count(), 2);
    assert_eq!(silver.to_setup(), marked);
    assert_ne!(standard.zobrist(), silver.zobrist());
    let err = AnyPosition::from_setup(Variant::Standard, marked).expect_err("marked");
    assert!(err.faults().contains(Fault::BadProtection));
    for variant in Variant::ALL {
        assert_eq!(AnyPosition::start(variant).variant(), variant);
        assert_eq!(AnyGame::new(AnyPosition::start(variant)).variant(), variant);
    }
    assert_eq!(AnyGame::default().variant(), Variant::Standard);
    assert_eq!(AnyGame::default().rules(), RuleSet::none());
    assert_eq!(
        AnyGame::default().initial_position(),
        AnyPosition::default()
    );
}

/// Setups with faults: the errors of both kinds agree, and so does waiving them.
#[test]
fn any_position_error_equals_the_typed_error() {
    fn check<R: BuiltinVariant>(setup: &Setup, protected: Option<Bitboard>) {
        let mut setup = setup.clone();
        if let Some(p) = protected {
            setup.protected = p;
        }
        let typed = Position::<R>::from_setup(setup.clone());
        let any = AnyPosition::from_setup(R::VARIANT, setup);
        let (typed, any) = match (typed, any) {
            (Err(t), Err(a)) => (t, a),
            other => panic!("both must fail: {other:?}"),
        };
        assert_eq!(any.variant(), R::VARIANT);
        assert_eq!(any.faults(), typed.faults());
        assert!(!any.faults().is_empty());
        assert_eq!(any.to_string(), typed.to_string());
        assert_eq!(any, AnyPositionError::from(typed.clone()));
        let lift = |r: Result<Position<R>, shogi_movegen::PositionError<R>>| {
            r.map(AnyPosition::from).map_err(AnyPositionError::from)
        };
        assert_eq!(any.clone().ignore_soft(), lift(typed.clone().ignore_soft()));
        assert_eq!(
            any.clone().ignore_problem_faults(),
            lift(typed.clone().ignore_problem_faults())
        );
        for fault in Fault::ALL {
            assert_eq!(
                any.clone().ignore(fault),
                lift(typed.clone().ignore(fault)),
                "{fault:?}"
            );
        }
    }
    let parse = |sfen: &str| sfen.parse::<Setup>().expect("valid test SFEN");
    let setups = [
        Setup::empty(),
        // Too much material (soft): ten pawns in Black's hand.
        parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 10P 1"),
        // One king only (a mate problem).
        parse("4k4/9/9/9/9/9/9/9/9 b 16P 1"),
        // Two pawns on a file and a pawn on the last rank (composed).
        parse("P3k4/9/9/9/9/9/P8/P8/4K4 b - 1"),
        // The side not to move in check.
        parse("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
    ];
    for setup in &setups {
        check::<Standard>(setup, None);
        check::<UntakeableSilver>(setup, None);
    }
    // Protection of a square without a Black silver; any protection in standard shogi.
    let start = Setup::start();
    check::<UntakeableSilver>(&start, Some(Bitboard::from_square(Square::SQ_5I)));
    check::<UntakeableSilver>(&start, Some(Bitboard::from_square(Square::SQ_5E)));
    check::<Standard>(&start, Some(Bitboard::from_square(Square::SQ_7I)));
    check::<Standard>(&start, Some(Bitboard::from_square(Square::SQ_5I)));
    // The setups that are valid build the same positions.
    let mut valid = Setup::start();
    valid.set_piece(
        Square::SQ_5I,
        Some(Piece::new(Color::Black, PieceKind::King)),
    );
    assert_eq!(
        AnyPosition::from_setup(Variant::Standard, valid),
        Ok(AnyPosition::default())
    );
}

/// Returns the game's move count and rules type, to check which game was visited.
struct LengthAndRules;

impl GameVisitor for LengthAndRules {
    type Output = (usize, AnyPosition, &'static str);
    fn visit<R: BuiltinVariant>(self, game: &Game<R>) -> Self::Output {
        (
            game.moves().len(),
            AnyPosition::from(*game.position()),
            core::any::type_name::<R>(),
        )
    }
}

/// Every read-only method of `any` against `typed`.
fn check_game<R: BuiltinVariant>(typed: &Game<R>, any: &AnyGame) {
    assert_eq!(any.variant(), R::VARIANT);
    assert_eq!(any.as_standard().is_some(), R::VARIANT == Variant::Standard);
    assert_eq!(
        any.as_untakeable_silver().is_some(),
        R::VARIANT == Variant::UntakeableSilver
    );
    assert_eq!(any.visit(LengthAndRules), typed.visit(LengthAndRules));
    assert_eq!((&any).visit(LengthAndRules).2, core::any::type_name::<R>());
    assert_eq!(any.rules(), typed.rules());
    assert_eq!(
        any.initial_position(),
        AnyPosition::from(*typed.initial_position())
    );
    assert_eq!(any.position(), AnyPosition::from(*typed.position()));
    assert_eq!(any.moves(), typed.moves());
    assert_eq!(any.keys(), typed.keys());
    assert_eq!(any.checks(), typed.checks());
    assert_eq!(any.outcome(), typed.outcome());
    assert_eq!(any.is_over(), typed.is_over());
    assert_eq!(any.recorded_ending(), typed.recorded_ending());
    assert_eq!(any.repetitions(), typed.repetitions());
    assert_eq!(any.handicap_credit(), typed.handicap_credit());
    assert_eq!(any.points(), typed.points());
    assert_eq!(any.judge_declaration(), typed.judge_declaration());
    for ply in 0..=typed.moves().len() + 1 {
        assert_eq!(
            any.position_at(ply),
            typed.position_at(ply).map(AnyPosition::from),
            "ply {ply}"
        );
    }
    // The keys and check flags are those of the positions, so they are checked against
    // something other than the game too.
    assert_eq!(any.keys().len(), any.moves().len() + 1);
    for (ply, (&key, &check)) in any.keys().iter().zip(any.checks()).enumerate() {
        let pos = any.position_at(ply).expect("a ply of the game");
        assert_eq!((key, check), (pos.zobrist(), pos.is_check()), "ply {ply}");
    }
}

/// Every way to end a game, applied to copies of both games: same results, same games after,
/// and the same refusal when the game is already over.
fn check_endings<R: BuiltinVariant>(typed: &Game<R>, any: &AnyGame) {
    type Ending<G> = fn(&mut G) -> Result<Outcome, String>;
    let typed_endings: [Ending<Game<R>>; 10] = [
        |g| g.resign(Color::Black).map_err(|e| e.to_string()),
        |g| g.resign(Color::White).map_err(|e| e.to_string()),
        |g| g.lose_on_time(Color::Black).map_err(|e| e.to_string()),
        |g| g.lose_on_time(Color::White).map_err(|e| e.to_string()),
        |g| g.abandon(Color::Black).map_err(|e| e.to_string()),
        |g| g.abandon(Color::White).map_err(|e| e.to_string()),
        |g| g.agree_draw().map_err(|e| e.to_string()),
        |g| g.interrupt().map_err(|e| e.to_string()),
        |g| g.declare().map_err(|e| e.to_string()),
        |g| {
            let outcome = Outcome::Draw {
                reason: DrawReason::Agreement,
            };
            g.set_outcome(outcome)
                .map(|()| outcome)
                .map_err(|e| e.to_string())
        },
    ];
    let any_endings: [Ending<AnyGame>; 10] = [
        |g| g.resign(Color::Black).map_err(|e| e.to_string()),
        |g| g.resign(Color::White).map_err(|e| e.to_string()),
        |g| g.lose_on_time(Color::Black).map_err(|e| e.to_string()),
        |g| g.lose_on_time(Color::White).map_err(|e| e.to_string()),
        |g| g.abandon(Color::Black).map_err(|e| e.to_string()),
        |g| g.abandon(Color::White).map_err(|e| e.to_string()),
        |g| g.agree_draw().map_err(|e| e.to_string()),
        |g| g.interrupt().map_err(|e| e.to_string()),
        |g| g.declare().map_err(|e| e.to_string()),
        |g| {
            let outcome = Outcome::Draw {
                reason: DrawReason::Agreement,
            };
            g.set_outcome(outcome)
                .map(|()| outcome)
                .map_err(|e| e.to_string())
        },
    ];
    for (i, (end_typed, end_any)) in typed_endings.iter().zip(&any_endings).enumerate() {
        let (mut t, mut a) = (typed.clone(), any.clone());
        let result = end_any(&mut a);
        assert_eq!(result, end_typed(&mut t), "ending {i}");
        check_game(&t, &a);
        if result.is_ok() || typed.is_over() {
            assert!(a.is_over(), "ending {i}");
            // Over: every ending is refused alike, and so are moves.
            for (again_typed, again_any) in typed_endings.iter().zip(&any_endings) {
                let result = again_any(&mut a);
                assert!(result.is_err());
                assert_eq!(result, again_typed(&mut t));
            }
            let m = Move::Normal {
                from: Square::SQ_7G,
                to: Square::SQ_7F,
                promote: false,
            };
            assert_eq!(a.play(m), t.play(m));
            assert_eq!(a.play_or_forfeit(m), t.play_or_forfeit(m));
            check_game(&t, &a);
            // Taking back: a recorded ending alone, then the move (with what it computed).
            assert_eq!(a.undo(), t.undo(), "ending {i}");
            assert_eq!(a.undo_ending(), t.undo_ending(), "ending {i}");
            assert_eq!(a.undo(), t.undo(), "ending {i}");
            check_game(&t, &a);
        }
    }
    // The outcomes of the simple endings, against what they mean.
    let mut a = any.clone();
    if !a.is_over() {
        assert_eq!(
            a.lose_on_time(Color::White),
            Ok(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::TimeForfeit
            })
        );
    }
}

/// Random games from each start under several rule sets, with illegal moves, forfeits and
/// undos mixed in; after every call both games are compared, and every ending is tried now
/// and then.
struct Games {
    rng: Rng,
    games: usize,
    plies: usize,
}

impl Check for Games {
    fn run<R: BuiltinVariant>(&mut self, name: &str, start: Position<R>) {
        let rule_sets = [
            RuleSet::none(),
            RuleSet::csa27(),
            RuleSet::jsa24_declaration(),
            RuleSet::try_rule(),
            presets::HANDICAP_JSA24,
            presets::untakeable_silver_with_limit(core::num::NonZeroU32::new(12).expect("12")),
        ];
        for rules in rule_sets {
            self.games += 1;
            let mut typed = Game::with_rules(start, rules);
            let mut any = AnyGame::with_rules(AnyPosition::from(start), rules);
            check_game(&typed, &any);
            check_endings(&typed, &any);
            for step in 0..40 {
                if typed.is_over() {
                    // Take the ending back (a recorded one alone, a computed one with its
                    // move) and go on, or stop.
                    assert_eq!(any.undo(), typed.undo(), "{name}");
                    assert_eq!(any.undo_ending(), typed.undo_ending(), "{name}");
                    check_game(&typed, &any);
                    if typed.is_over() || self.rng.below(2) == 0 {
                        break;
                    }
                }
                let legal = typed.position().legal_moves();
                match self.rng.below(10) {
                    0 => {
                        assert_eq!(any.undo(), typed.undo(), "{name}");
                    }
                    1 => {
                        let probes = probe_moves(typed.position());
                        let m = probes[self.rng.below(probes.len())];
                        assert_eq!(any.play(m), typed.play(m), "{name} {m}");
                    }
                    2 if step % 3 == 0 => {
                        let probes = probe_moves(typed.position());
                        let m = probes[self.rng.below(probes.len())];
                        assert_eq!(any.play_or_forfeit(m), typed.play_or_forfeit(m), "{name}");
                    }
                    _ if !legal.is_empty() => {
                        let m = legal[self.rng.below(legal.len())];
                        assert_eq!(any.play(m), typed.play(m), "{name} {m}");
                        self.plies += 1;
                    }
                    _ => {}
                }
                check_game(&typed, &any);
                if step % 8 == 7 {
                    check_endings(&typed, &any);
                }
            }
            check_endings(&typed, &any);
        }
    }
}

#[test]
fn any_game_equals_the_typed_game_after_the_same_calls() {
    let mut games = Games {
        rng: Rng(0x5EED_0002),
        games: 0,
        plies: 0,
    };
    for_each_start(&mut games);
    assert_eq!(games.games, start_count() * 6);
    assert!(games.plies > 1_500, "{} plies", games.plies);
}

/// Declarations that win, lose, or are not allowed, under each declaration rule.
#[test]
fn declarations_agree() {
    let sfens = [
        // Black: 10 pieces in the camp, 27 points.
        "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1",
        // 28 points.
        "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
        // Black in check.
        "+R+BGGSS1K1/PPPP5/4r4/9/9/9/9/9/4k4 b 10P 1",
        // Black's king outside the camp.
        "+R+BGGSS3/PPPP5/9/4K4/9/9/9/9/4k4 b 10P 1",
    ];
    for sfen in sfens {
        let setup = sfen.parse::<Setup>().expect("valid test SFEN");
        for rules in [
            RuleSet::none(),
            RuleSet::csa27(),
            RuleSet::jsa24_declaration(),
            RuleSet::try_rule(),
        ] {
            let pos = Position::<Standard>::from_setup(setup.clone()).expect("valid");
            let mut typed = Game::with_rules(pos, rules);
            let mut any = AnyGame::with_rules(AnyPosition::from(pos), rules);
            check_game(&typed, &any);
            assert_eq!(any.declare(), typed.declare(), "{sfen}");
            check_game(&typed, &any);
        }
    }
}

/// What a function generic over [`VisitPosition`] sees of a position: its setup (with the
/// marks) and SFEN, its legal moves in order, the answers to the probe moves, its key and the
/// name of its rules' type.
struct Seen;

type SeenOutput = (Setup, String, Vec<Move>, Vec<bool>, u64, &'static str);

impl PositionVisitor for Seen {
    type Output = SeenOutput;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> SeenOutput {
        (
            pos.to_setup(),
            pos.to_string(),
            pos.legal_moves().to_vec(),
            probe_moves(pos)
                .into_iter()
                .map(|m| pos.is_legal(m))
                .collect(),
            pos.zobrist(),
            core::any::type_name::<R>(),
        )
    }
}

/// A function generic over [`VisitPosition`], as the notation writers and readers are.
fn seen(pos: &impl VisitPosition) -> SeenOutput {
    pos.visit(Seen)
}

/// A generic function sees through `AnyPosition`, `&AnyPosition` and `&&AnyPosition` what it
/// sees of the typed position, along random walks.
struct Visits {
    rng: Rng,
    positions: usize,
}

impl Check for Visits {
    fn run<R: BuiltinVariant>(&mut self, name: &str, start: Position<R>) {
        let mut typed = start;
        for _ in 0..50 {
            let any = AnyPosition::from(typed);
            let expected = seen(&typed);
            assert_eq!(expected.5, core::any::type_name::<R>(), "{name}");
            assert_eq!(seen(&any), expected, "{name}");
            assert_eq!(seen(&&any), expected, "{name}");
            assert_eq!(seen(&&&any), expected, "{name}");
            self.positions += 1;
            let legal = typed.legal_moves();
            if legal.is_empty() {
                break;
            }
            typed
                .play(legal[self.rng.below(legal.len())])
                .expect("legal");
        }
    }
}

#[test]
fn generic_code_sees_the_typed_position_through_any_position() {
    let mut visits = Visits {
        rng: Rng(0x5EED_0003),
        positions: 0,
    };
    for_each_start(&mut visits);
    assert!(visits.positions > 500, "{} positions", visits.positions);
    // A fixed example: the six-piece setup is seen as a position of the variant, marks and all.
    let pos = AnyPosition::from(SilverSetup::SixPiece.position());
    let (setup, sfen, legal, _, _, rules) = seen(&pos);
    assert_eq!(setup, SilverSetup::SixPiece.setup());
    assert_eq!(sfen, SilverSetup::SixPiece.sfen());
    assert_eq!(legal.len(), 20);
    assert_eq!(rules, core::any::type_name::<UntakeableSilver>());
}

/// `from_sfen` chooses the variant by the marks and keeps the faults waivable; `to_standard`
/// drops the marks (the legal moves change where a silver was protected) and waives again
/// the faults the variant position carried.
#[test]
fn sfen_with_marks_and_standard_conversion() {
    // The README's mate: in the variant White's king may not take the silver on 1b.
    let sfen = "8k/8S!/9/9/9/9/9/9/K6R1 w - 2";
    let pos: AnyPosition = sfen.parse().expect("valid");
    assert_eq!(pos.variant(), Variant::UntakeableSilver);
    assert_eq!(pos.protected(), Bitboard::from_square(Square::SQ_1B));
    assert_eq!(pos.legal_moves().len(), 0);
    let standard = pos.to_standard().expect("valid");
    assert_eq!(standard.to_string(), "8k/8S/9/9/9/9/9/9/K6R1 w - 2");
    assert_eq!(
        standard.legal_moves().as_slice(),
        ["1a1b".parse::<Move>().unwrap()]
    );

    // A mate problem of the variant (no Black king): a soft fault, waived; the standard
    // position keeps it waived.
    let problem = "4k4/9/4S!4/9/9/9/9/9/9 b G 1";
    let err = AnyPosition::from_sfen(problem).expect_err("no Black king");
    let ParseAnyPositionError::Position(err) = err else {
        panic!("{err}");
    };
    assert_eq!(err.variant(), Variant::UntakeableSilver);
    assert!(err.faults().contains(Fault::MissingAttackerKing));
    let pos = err.ignore_soft().expect("soft only");
    let standard = pos.to_standard().expect("the same fault, waived again");
    assert_eq!(standard.to_string(), "4k4/9/4S4/9/9/9/9/9/9 b G 1");
    // A standard position is returned as it is, waived faults and all.
    let one_king = Position::<Standard>::from_setup("4k4/9/9/9/9/9/9/9/9 b G 1".parse().unwrap())
        .or_else(|e| e.ignore_soft())
        .expect("soft only");
    assert_eq!(AnyPosition::from(one_king).to_standard(), Ok(one_king));

    // Errors say what is wrong once, as the errors they wrap.
    let bad_text = "8k/9 b";
    let err = AnyPosition::from_sfen(bad_text).expect_err("no SFEN");
    let inner = bad_text.parse::<Setup>().expect_err("no SFEN");
    assert_eq!(err, ParseAnyPositionError::Sfen(inner.clone()));
    assert_eq!(err.to_string(), inner.to_string());
    let white_silver_marked = "8k/9/8s!/9/9/9/9/9/K6R1 b - 1";
    let err = AnyPosition::from_sfen(white_silver_marked).expect_err("a White silver marked");
    let ParseAnyPositionError::Position(inner) = &err else {
        panic!("{err}");
    };
    assert!(inner.faults().contains(Fault::BadProtection), "{err}");
    assert_eq!(err.to_string(), inner.to_string());
}
