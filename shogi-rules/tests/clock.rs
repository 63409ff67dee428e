//! The clock against tables of scenarios worked out by hand, one table per kind of time
//! control: each step is a move's thinking time and what the clock must say after it.

use std::time::Duration;

use shogi_rules::clock::{Clock, Flag, TimeControl, UsiTimes};
use shogi_types::Color::{self, Black, White};

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

/// One move: its thinking time, then either the mover's main time and periods left after it,
/// or the flag it causes.
enum Step {
    Ok {
        took: Duration,
        main: Duration,
        periods: u32,
    },
    Flags {
        took: Duration,
        after: Duration,
    },
}

fn run(control: TimeControl, steps: &[Step]) {
    let mut clock = Clock::new(control);
    for (i, step) in steps.iter().enumerate() {
        let mover = clock.side_to_move();
        match *step {
            Step::Ok {
                took,
                main,
                periods,
            } => {
                assert_eq!(clock.flag_after(took), None, "step {i}: flag_after");
                clock
                    .record_move(took)
                    .unwrap_or_else(|f| panic!("step {i}: {f}"));
                assert_eq!(clock.main_left(mover), main, "step {i}: main left");
                assert_eq!(clock.periods_left(mover), periods, "step {i}: periods left");
                assert_eq!(clock.side_to_move(), !mover, "step {i}: turn passes");
            }
            Step::Flags { took, after } => {
                let flag = Flag {
                    color: mover,
                    after,
                };
                assert_eq!(clock.flag_after(took), Some(flag), "step {i}: flag_after");
                assert_eq!(clock.record_move(took), Err(flag), "step {i}");
                // The clock stays stopped.
                assert_eq!(clock.flag(), Some(flag));
                assert_eq!(clock.record_move(Duration::ZERO), Err(flag));
                return;
            }
        }
    }
}

use Step::{Flags, Ok as Moves};

#[test]
fn sudden_death() {
    run(
        TimeControl::sudden_death(s(60)),
        &[
            Moves {
                took: s(20),
                main: s(40),
                periods: 0,
            },
            Moves {
                took: s(59),
                main: s(1),
                periods: 0,
            },
            Moves {
                took: s(40),
                main: Duration::ZERO,
                periods: 0,
            }, // exactly at zero: on time
            Moves {
                took: Duration::ZERO,
                main: s(1),
                periods: 0,
            },
            Flags {
                took: ms(1),
                after: Duration::ZERO,
            },
        ],
    );
}

#[test]
fn byoyomi_with_periods() {
    // 10 s main, then 3 periods of 30 s.
    run(
        TimeControl::byoyomi(s(10), s(30), 3),
        &[
            Moves {
                took: s(5),
                main: s(5),
                periods: 3,
            },
            Moves {
                took: s(40),
                main: Duration::ZERO,
                periods: 3,
            }, // 30 s into byo-yomi
            Moves {
                took: s(20),
                main: Duration::ZERO,
                periods: 3,
            }, // 15 s into byo-yomi
            Moves {
                took: s(30),
                main: Duration::ZERO,
                periods: 3,
            }, // a whole period: kept
            Moves {
                took: s(31),
                main: Duration::ZERO,
                periods: 2,
            }, // one period used up
            Moves {
                took: s(65),
                main: Duration::ZERO,
                periods: 1,
            }, // White: two used up
            Moves {
                took: s(45),
                main: Duration::ZERO,
                periods: 1,
            }, // Black: one used up
            Moves {
                took: s(30),
                main: Duration::ZERO,
                periods: 1,
            }, // White keeps its last
            Flags {
                took: s(31),
                after: s(30),
            }, // Black: one period left
        ],
    );
}

#[test]
fn single_byoyomi_is_a_time_per_move_after_the_main_time() {
    run(
        TimeControl::byoyomi(s(0), s(30), 1),
        &[
            Moves {
                took: s(30),
                main: Duration::ZERO,
                periods: 1,
            },
            Moves {
                took: s(29),
                main: Duration::ZERO,
                periods: 1,
            },
            Moves {
                took: s(1),
                main: Duration::ZERO,
                periods: 1,
            },
            Flags {
                took: s(30) + ms(1),
                after: s(30),
            },
        ],
    );
    assert_eq!(
        TimeControl::per_move(s(30)),
        TimeControl::byoyomi(s(0), s(30), 1)
    );
}

#[test]
fn fischer_increment_added_at_each_turn() {
    // 60 s + 10 s a move: the first move may use 70 s.
    run(
        TimeControl::fischer(s(60), s(10)),
        &[
            Moves {
                took: s(70),
                main: Duration::ZERO,
                periods: 0,
            },
            Moves {
                took: s(5),
                main: s(65),
                periods: 0,
            },
            Moves {
                took: s(10),
                main: Duration::ZERO,
                periods: 0,
            }, // the increment alone
            Moves {
                took: s(75),
                main: Duration::ZERO,
                periods: 0,
            },
            Flags {
                took: s(11),
                after: s(10),
            },
        ],
    );
}

#[test]
fn increment_and_byoyomi_together() {
    run(
        TimeControl::byoyomi(s(10), s(5), 2).with_increment(s(1)),
        &[
            // 11 s of main time with the increment, then 4 s into the first period.
            Moves {
                took: s(15),
                main: Duration::ZERO,
                periods: 2,
            },
            Moves {
                took: s(0),
                main: s(11),
                periods: 2,
            },
            // 1 s of increment, then 7 s: one period run out.
            Moves {
                took: s(8),
                main: Duration::ZERO,
                periods: 1,
            },
            Moves {
                took: s(11),
                main: s(1),
                periods: 2,
            }, // White: 11 of its 11 s, nothing used
            Flags {
                took: s(7),
                after: s(6),
            }, // Black: 1 s + one period of 5 s
        ],
    );
}

#[test]
fn grace_forgives_a_small_overrun() {
    let control = TimeControl::per_move(s(10)).with_grace(s(1));
    run(
        control,
        &[
            Moves {
                took: s(11),
                main: Duration::ZERO,
                periods: 1,
            },
            Moves {
                took: s(10) + ms(500),
                main: Duration::ZERO,
                periods: 1,
            },
            Flags {
                took: s(11) + ms(1),
                after: s(11),
            },
        ],
    );
    // With main time, an overrun in the grace costs all of it, and no period.
    run(
        TimeControl::sudden_death(s(10)).with_grace(s(2)),
        &[
            Moves {
                took: s(12),
                main: Duration::ZERO,
                periods: 0,
            },
            Moves {
                took: s(3),
                main: s(7),
                periods: 0,
            },
            Flags {
                took: s(2) + ms(1),
                after: s(2),
            },
        ],
    );
}

#[test]
fn zero_byoyomi_means_no_periods() {
    let clock = Clock::new(TimeControl::byoyomi(s(5), Duration::ZERO, 3));
    assert_eq!(clock.periods_left(Black), 0);
    assert_eq!(clock.time_left(Black), s(5));
}

#[test]
fn sides_may_have_their_own_controls_and_white_may_start() {
    let mut clock = Clock::with_controls(shogi_types::ByColor::new(
        TimeControl::sudden_death(s(100)),
        TimeControl::per_move(s(10)),
    ))
    .starting_with(White);
    assert_eq!(clock.side_to_move(), White);
    assert_eq!(clock.time_left(White), s(10));
    clock.record_move(s(9)).unwrap();
    assert_eq!(clock.time_left(Black), s(100));
    clock.record_move(s(99)).unwrap();
    assert_eq!(clock.main_left(Black), s(1));
}

#[test]
fn usi_times_round_trip() {
    let mut clock = Clock::new(TimeControl::byoyomi(s(60), s(10), 1));
    assert_eq!(
        clock.usi_times(),
        UsiTimes {
            btime: 60_000,
            wtime: 60_000,
            byoyomi: Some(10_000),
            binc: None,
            winc: None
        }
    );
    clock.record_move(s(15)).unwrap();
    let times = clock.usi_times();
    assert_eq!((times.btime, times.wtime), (45_000, 60_000));
    let back = Clock::from_usi_times(times, White);
    for color in [Black, White] {
        assert_eq!(back.time_left(color), clock.time_left(color), "{color:?}");
    }

    let fischer = Clock::new(TimeControl::fischer(s(300), s(2)));
    let times = fischer.usi_times();
    assert_eq!(
        (times.byoyomi, times.binc, times.winc),
        (None, Some(2_000), Some(2_000))
    );
    let back = Clock::from_usi_times(times, Black);
    assert_eq!(back.time_left(Black), s(302));
}

#[test]
fn byoyomi_is_sent_only_with_periods_left() {
    let mut clock = Clock::new(TimeControl::byoyomi(s(0), s(10), 1));
    assert_eq!(clock.usi_times().byoyomi, Some(10_000));
    let _ = clock.record_move(s(11));
    assert_eq!(clock.flag().map(|f| f.color), Some(Color::Black));
    let sudden = Clock::new(TimeControl::sudden_death(s(10)));
    assert_eq!(sudden.usi_times().byoyomi, None);
}
