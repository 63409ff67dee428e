//! Move notation through a run-time variant: Western and Japanese notation written and read
//! through `&AnyPosition` (of `shogi-variants`) must be the same as through the typed
//! `&Position<R>` it wraps, on random legal walks from every start position (standard, every
//! handicap, the three untakeable-silver setups and the standard setup with marked silvers
//! under the variant's rules), and must read back to the move written. The test needs
//! `shogi-notation` and `shogi-variants` together, so it lives in the crate above both.

use shogi_kit::movegen::{Position, Standard, VariantHooks};
use shogi_kit::notation::{japanese, western};
use shogi_kit::types::{Move, PieceKind, Square};
use shogi_kit::variants::untakeable_silver::mark_black_silvers;
use shogi_kit::variants::{AnyPosition, BuiltinVariant, Handicap, SilverSetup, UntakeableSilver};

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
    let marked = mark_black_silvers(shogi_kit::types::Setup::start());
    check.run(
        "standard setup with marked silvers, untakeable-silver rules",
        Position::<UntakeableSilver>::from_setup(marked).expect("a valid start"),
    );
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

/// Notation written and read through `&AnyPosition` equals notation through `&Position<R>`,
/// and reads back to the move written.
struct Notation {
    rng: Rng,
    moves: usize,
}

impl Check for Notation {
    fn run<R: BuiltinVariant>(&mut self, name: &str, start: Position<R>) {
        let mut typed = start;
        let mut previous = None;
        for _ in 0..50 {
            let any = AnyPosition::from(typed);
            let legal = typed.legal_moves();
            if legal.is_empty() {
                break;
            }
            let options = western::WesternOptions::new()
                .with_numeric_ranks(true)
                .with_dragon_horse_letters(true);
            for &m in &legal {
                self.moves += 1;
                let w = western::write(&any, m).expect("legal");
                assert_eq!(western::write(&typed, m), Ok(w.clone()), "{name} {m}");
                assert_eq!(western::write(&&any, m), Ok(w.clone()));
                assert_eq!(
                    western::write_with(&any, m, options),
                    western::write_with(&typed, m, options)
                );
                assert_eq!(western::describe(&any, m), western::describe(&typed, m));
                let parsed = western::parse(&w).expect("written text reads back");
                assert_eq!(parsed.resolve(&any), Ok(m), "{name} {w}");
                assert_eq!(parsed.resolve(&typed), Ok(m), "{name} {w}");
                assert_eq!(parsed.resolve_strict(&any), parsed.resolve_strict(&typed));

                let j = japanese::write(&any, m, previous).expect("legal");
                assert_eq!(
                    japanese::write(&typed, m, previous),
                    Ok(j.clone()),
                    "{name} {m}"
                );
                assert_eq!(
                    japanese::describe(&any, m, previous),
                    japanese::describe(&typed, m, previous)
                );
                let parsed = japanese::parse(&j).expect("written text reads back");
                assert_eq!(parsed.resolve(&any, previous), Ok(m), "{name} {j}");
                assert_eq!(parsed.resolve(&typed, previous), Ok(m), "{name} {j}");
            }
            for m in probe_moves(&typed).into_iter().take(10) {
                assert_eq!(western::write(&any, m), western::write(&typed, m), "{m}");
                assert_eq!(
                    japanese::write(&any, m, previous),
                    japanese::write(&typed, m, previous),
                    "{m}"
                );
            }
            let m = legal[self.rng.below(legal.len())];
            typed.play(m).expect("legal");
            previous = Some(m);
        }
    }
}

#[test]
fn notation_through_any_position_equals_notation_through_the_typed_position() {
    let mut notation = Notation {
        rng: Rng(0x5EED_0003),
        moves: 0,
    };
    for_each_start(&mut notation);
    assert!(notation.moves > 20_000, "{} moves", notation.moves);
    // A fixed example, against text written by hand.
    let pos = AnyPosition::from(SilverSetup::SixPiece.position());
    let m: Move = "3i3h".parse().expect("USI");
    assert_eq!(western::write(&pos, m).as_deref(), Ok("S-3h"));
    assert_eq!(japanese::write(&pos, m, None).as_deref(), Ok("▲３八銀"));
}
