//! Writes game records for the interop check against other readers (cshogi, tsshogi), and
//! reads them back with this crate.
//!
//! ```text
//! cargo run -p shogi-record --example interop_records -- <OUT_DIR>
//! ```
//!
//! Plays real games with [`shogi_rules::Game`] (from the standard start, from the two-piece
//! handicap start and from positions) that end in every way `Game` knows: checkmate, no legal
//! move, resignation, loss on time and abandonment by the side to move and by the other side,
//! repetition, perpetual check (by either colour), impasse (a declaration won, lost and drawn,
//! and the 24-point count), the move limit (a draw, and a win by the 24-point count at the
//! limit), an illegal move (`play_or_forfeit`), the try rule, a draw by agreement and an
//! interruption. Each game's record ([`Record::from_game`]) is written as KIF (UTF-8, file
//! `<game>.kifu`, and Shift_JIS, `<game>.kif`), KI2 (UTF-8, `<game>.ki2`) and CSA (V2.2,
//! `<game>.v22.csa`, and V3.0, `<game>.v30.csa`) into OUT_DIR, with a `manifest.json` that
//! lists for every file the game, format, encoding, start SFEN, USI moves, expected winner
//! (`"black"`, `"white"` or `null`) and the outcome (`win black resignation`).
//!
//! Then every file is read back with [`record::read`] and compared with its game: the start,
//! the moves, and [`Record::outcome`] (winner and reason), the outcome of
//! [`Record::to_game`] under the game's rules, and that a V2.2 file uses only V2.2 special
//! moves (no `%MAX_MOVES`). One line per file: `ok`, `lossy <what>` (the
//! format has no word for the reason, and the writer writes the documented substitute of
//! [`Special::from_outcome`](shogi_record::Special::from_outcome) with the same
//! winner) or `MISMATCH <what>`; then a summary line. Exits with status 1 if any file
//! mismatches, 2 on a wrong command line or an I/O error.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shogi_movegen::{Position, Standard};
use shogi_record::csa::{self, CsaOptions, CsaVersion};
use shogi_record::{self as record, Record};
use shogi_record::{ki2, kif};
use shogi_rules::{AtLimit, DrawReason, Game, MoveLimit, Outcome, RuleSet, WinReason};
use shogi_types::{Color, Move, Setup};

const USAGE: &str = "usage: interop_records <OUT_DIR>";

/// The standard start.
const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// The two-piece handicap (二枚落ち): White, the handicap giver, moves first.
const TWO_PIECE: &str = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
/// Black pushes a pawn to mate White's king in the corner (1c1b).
const PAWN_PUSH_MATE: &str = "7lk/9/7GP/9/9/9/9/9/8K b - 1";
/// python-shogi's position where Black, not in check, has no legal move; here White moves
/// first (5i4i), leaving Black without a move.
const NO_MOVES: &str = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 w 9P 200";
/// Black's silver checks White's king in the corner (shogi-rules' repetition tests).
const PERPETUAL: &str = "9/9/6S1k/9/9/9/9/R8/4K4 b - 1";
/// The check cycle from [`PERPETUAL`].
const CHECK_CYCLE: &str = "3c2b 1c2d 2b3c 2d1c";
/// Black's king in the camp with 10 pieces there; `{hand}` pawns in hand. White to move.
fn declaration(hand: &str) -> String {
    format!("+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 w {hand} 1")
}
/// Both kings in their camps (Black on 5b, White on 5g), everything else in hand.
fn kings_in_camps(hands: &str) -> String {
    format!("9/4K4/9/9/9/9/4k4/9/9 b {hands} 1")
}

/// How a game ends after its moves.
#[derive(Debug, Clone, Copy)]
enum End {
    /// The last move ended it (mate, repetition, try, move limit...).
    Computed,
    /// `Game::resign(color)`.
    Resign(Color),
    /// `Game::lose_on_time(color)`.
    Time(Color),
    /// `Game::abandon(color)`.
    Abandon(Color),
    /// `Game::agree_draw`.
    Agree,
    /// `Game::interrupt`.
    Interrupt,
    /// `Game::declare` by the side to move.
    Declare,
    /// `Game::play_or_forfeit` of this illegal USI move.
    Forfeit(&'static str),
}

/// One game to play.
#[derive(Debug)]
struct Spec {
    name: &'static str,
    rules: RuleSet,
    rules_name: &'static str,
    start: String,
    /// USI moves, separated by spaces.
    moves: String,
    end: End,
    /// The outcome the game must reach (checked, so that the harness tests what it says).
    expected: Outcome,
}

fn win(winner: Color, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

fn draw(reason: DrawReason) -> Outcome {
    Outcome::Draw { reason }
}

fn limit(moves: u32, at_limit: AtLimit) -> Option<MoveLimit> {
    core::num::NonZeroU32::new(moves).map(|n| MoveLimit::new(n, at_limit))
}

/// A USI move rotated by 180 degrees (for a colour-swapped start from `Setup::flipped`).
fn flip_move(usi: &str) -> String {
    let flip = |c: char| match c {
        '1'..='9' => char::from(b'9' - (c as u8 - b'1')),
        'a'..='i' => char::from(b'i' - (c as u8 - b'a')),
        other => other,
    };
    if usi.as_bytes().get(1) == Some(&b'*') {
        let (kind, to) = usi.split_at(2);
        format!("{kind}{}", to.chars().map(flip).collect::<String>())
    } else {
        usi.chars().map(flip).collect()
    }
}

/// The colour-swapped, rotated SFEN of `sfen`.
fn flip_sfen(sfen: &str) -> Result<String, String> {
    let setup = sfen.parse::<Setup>().map_err(|e| format!("{sfen}: {e}"))?;
    Ok(setup.flipped().to_string())
}

fn repeat(cycle: &str, times: usize) -> String {
    vec![cycle; times].join(" ")
}

/// Every game of the check.
fn specs() -> Result<Vec<Spec>, String> {
    use Color::{Black, White};
    let spec = |name, rules, rules_name, start: &str, moves: &str, end, expected| Spec {
        name,
        rules,
        rules_name,
        start: start.to_string(),
        moves: moves.to_string(),
        end,
        expected,
    };
    let none = RuleSet::none();
    let opening = "7g7f 3c3d 2g2f 8c8d";
    let handicap_opening = "5a4b 7g7f 4b3b 2g2f";
    let shuffle = repeat("2h3h 8b7b 3h2h 7b8b", 3);
    let handicap_shuffle = repeat("5a5b 2h3h 5b5a 3h2h", 3);
    let flipped_perpetual = flip_sfen(PERPETUAL)?;
    let flipped_cycle: Vec<String> = CHECK_CYCLE.split_whitespace().map(flip_move).collect();
    let flipped_mate = flip_sfen(PAWN_PUSH_MATE)?;
    let flipped_no_moves = flip_sfen(NO_MOVES)?;
    Ok(vec![
        // Checkmate and no legal move.
        spec(
            "mate_black_wins",
            none,
            "none",
            PAWN_PUSH_MATE,
            "1c1b",
            End::Computed,
            win(Black, WinReason::Checkmate),
        ),
        spec(
            "mate_white_wins",
            none,
            "none",
            &flipped_mate,
            &flip_move("1c1b"),
            End::Computed,
            win(White, WinReason::Checkmate),
        ),
        spec(
            "no_legal_moves_white_wins",
            none,
            "none",
            NO_MOVES,
            "5i4i",
            End::Computed,
            win(White, WinReason::NoLegalMoves),
        ),
        spec(
            "no_legal_moves_black_wins",
            none,
            "none",
            &flipped_no_moves,
            &flip_move("5i4i"),
            End::Computed,
            win(Black, WinReason::NoLegalMoves),
        ),
        // Resignation, time and abandonment by the side to move and by the other side.
        spec(
            "resign_black_to_move",
            none,
            "none",
            STARTPOS,
            opening,
            End::Resign(Black),
            win(White, WinReason::Resignation),
        ),
        spec(
            "resign_white_not_to_move",
            none,
            "none",
            STARTPOS,
            opening,
            End::Resign(White),
            win(Black, WinReason::Resignation),
        ),
        spec(
            "handicap_resign_white_to_move",
            none,
            "none",
            TWO_PIECE,
            handicap_opening,
            End::Resign(White),
            win(Black, WinReason::Resignation),
        ),
        spec(
            "handicap_resign_black_not_to_move",
            none,
            "none",
            TWO_PIECE,
            handicap_opening,
            End::Resign(Black),
            win(White, WinReason::Resignation),
        ),
        spec(
            "time_white_to_move",
            none,
            "none",
            STARTPOS,
            "7g7f 3c3d 2g2f",
            End::Time(White),
            win(Black, WinReason::TimeForfeit),
        ),
        spec(
            "time_black_not_to_move",
            none,
            "none",
            STARTPOS,
            "7g7f 3c3d 2g2f",
            End::Time(Black),
            win(White, WinReason::TimeForfeit),
        ),
        spec(
            "handicap_time_black_to_move",
            none,
            "none",
            TWO_PIECE,
            "5a4b",
            End::Time(Black),
            win(White, WinReason::TimeForfeit),
        ),
        spec(
            "handicap_time_white_not_to_move",
            none,
            "none",
            TWO_PIECE,
            "5a4b",
            End::Time(White),
            win(Black, WinReason::TimeForfeit),
        ),
        spec(
            "abandon_black_to_move",
            none,
            "none",
            STARTPOS,
            opening,
            End::Abandon(Black),
            win(White, WinReason::Abandonment),
        ),
        spec(
            "abandon_white_not_to_move",
            none,
            "none",
            STARTPOS,
            opening,
            End::Abandon(White),
            win(Black, WinReason::Abandonment),
        ),
        // Repetition and perpetual check.
        spec(
            "repetition",
            none,
            "none",
            STARTPOS,
            &shuffle,
            End::Computed,
            draw(DrawReason::Repetition),
        ),
        spec(
            "handicap_repetition",
            none,
            "none",
            TWO_PIECE,
            &handicap_shuffle,
            End::Computed,
            draw(DrawReason::Repetition),
        ),
        spec(
            "perpetual_check_by_black",
            none,
            "none",
            PERPETUAL,
            &repeat(CHECK_CYCLE, 3),
            End::Computed,
            win(White, WinReason::PerpetualCheck),
        ),
        spec(
            "perpetual_check_by_white",
            none,
            "none",
            &flipped_perpetual,
            &repeat(&flipped_cycle.join(" "), 3),
            End::Computed,
            win(Black, WinReason::PerpetualCheck),
        ),
        // Impasse.
        spec(
            "impasse_declaration_win",
            RuleSet::csa27(),
            "csa27",
            &declaration("10P"),
            "5i5h",
            End::Declare,
            win(Black, WinReason::Impasse),
        ),
        spec(
            "impasse_declaration_lost",
            RuleSet::csa27(),
            "csa27",
            &declaration("9P"),
            "5i5h",
            End::Declare,
            win(White, WinReason::Impasse),
        ),
        spec(
            "impasse_declaration_draw",
            RuleSet::jsa24_declaration(),
            "jsa24-declaration",
            &declaration("10P"),
            "5i5h",
            End::Declare,
            draw(DrawReason::Impasse),
        ),
        spec(
            "impasse_count_win",
            RuleSet::jsa24_limit400(),
            "jsa24-limit400",
            &kings_in_camps("RB14P4g4s4n4l4p"),
            "5b5c 5g5h",
            End::Declare,
            win(Black, WinReason::Impasse),
        ),
        spec(
            "impasse_count_draw",
            RuleSet::jsa24_limit400(),
            "jsa24-limit400",
            &kings_in_camps("RB14Prb4g4s4n4l4p"),
            "5b5c 5g5h",
            End::Declare,
            draw(DrawReason::Impasse),
        ),
        // Move limit.
        spec(
            "move_limit_draw",
            none.with_move_limit(limit(4, AtLimit::Draw)),
            "limit 4 draw",
            STARTPOS,
            opening,
            End::Computed,
            draw(DrawReason::MoveLimit),
        ),
        spec(
            "handicap_move_limit_draw",
            none.with_move_limit(limit(4, AtLimit::Draw)),
            "limit 4 draw",
            TWO_PIECE,
            handicap_opening,
            End::Computed,
            draw(DrawReason::MoveLimit),
        ),
        spec(
            "move_limit_count_win",
            none.with_move_limit(limit(2, AtLimit::Count)),
            "limit 2 count",
            &kings_in_camps("RB14P4g4s4n4l4p"),
            "5b5c 5g5h",
            End::Computed,
            win(Black, WinReason::MoveLimit),
        ),
        spec(
            "move_limit_count_draw",
            none.with_move_limit(limit(2, AtLimit::Count)),
            "limit 2 count",
            &kings_in_camps("RB14Prb4g4s4n4l4p"),
            "5b5c 5g5h",
            End::Computed,
            draw(DrawReason::MoveLimit),
        ),
        // An illegal move, by either colour.
        spec(
            "illegal_move_by_white",
            none,
            "none",
            STARTPOS,
            "7g7f",
            End::Forfeit("2g2f"),
            win(Black, WinReason::IllegalMove(None)),
        ),
        spec(
            "illegal_move_by_black",
            none,
            "none",
            STARTPOS,
            "7g7f 3c3d",
            End::Forfeit("2h2c"),
            win(White, WinReason::IllegalMove(None)),
        ),
        spec(
            "handicap_illegal_move_by_white",
            none,
            "none",
            TWO_PIECE,
            "",
            End::Forfeit("P*5e"),
            win(Black, WinReason::IllegalMove(None)),
        ),
        // The try rule.
        spec(
            "try_black_wins",
            RuleSet::try_rule(),
            "try",
            "9/9/4K4/9/9/9/9/9/k8 b - 1",
            "5c5b 9i9h 5b5a",
            End::Computed,
            win(Black, WinReason::Try),
        ),
        spec(
            "try_white_wins",
            RuleSet::try_rule(),
            "try",
            "K8/9/9/9/9/9/4k4/9/9 w - 1",
            "5g5h 9a9b 5h5i",
            End::Computed,
            win(White, WinReason::Try),
        ),
        // Agreement and interruption.
        spec(
            "agreement",
            none,
            "none",
            STARTPOS,
            opening,
            End::Agree,
            draw(DrawReason::Agreement),
        ),
        spec(
            "interruption",
            none,
            "none",
            STARTPOS,
            "7g7f 3c3d 2g2f",
            End::Interrupt,
            Outcome::Unfinished,
        ),
        spec(
            "handicap_interruption",
            none,
            "none",
            TWO_PIECE,
            "5a4b",
            End::Interrupt,
            Outcome::Unfinished,
        ),
    ])
}

/// Outcomes compared with an illegal move's kind left out (a record read back says only that
/// there was a foul, unless it keeps the illegal move).
fn same_outcome(a: Outcome, b: Outcome) -> bool {
    let plain = |o: Outcome| match o {
        Outcome::Win {
            winner,
            reason: WinReason::IllegalMove(_),
        } => Outcome::Win {
            winner,
            reason: WinReason::IllegalMove(None),
        },
        other => other,
    };
    plain(a) == plain(b)
}

/// Plays a spec.
fn play(spec: &Spec) -> Result<Game, String> {
    let setup = spec
        .start
        .parse::<Setup>()
        .map_err(|e| format!("{}: start {}: {e}", spec.name, spec.start))?;
    let start = Position::<Standard>::from_setup(setup)
        .map_err(|e| format!("{}: start {}: {e}", spec.name, spec.start))?;
    let mut game = Game::with_rules(start, spec.rules);
    for usi in spec.moves.split_whitespace() {
        let m: Move = usi
            .parse()
            .map_err(|e| format!("{}: move {usi}: {e}", spec.name))?;
        game.play(m)
            .map_err(|e| format!("{}: move {usi}: {e}", spec.name))?;
    }
    let over = |e: shogi_rules::GameOver| format!("{}: {e}", spec.name);
    match spec.end {
        End::Computed => {}
        End::Resign(c) => {
            game.resign(c).map_err(over)?;
        }
        End::Time(c) => {
            game.lose_on_time(c).map_err(over)?;
        }
        End::Abandon(c) => {
            game.abandon(c).map_err(over)?;
        }
        End::Agree => {
            game.agree_draw().map_err(over)?;
        }
        End::Interrupt => {
            game.interrupt().map_err(over)?;
        }
        End::Declare => {
            game.declare()
                .map_err(|e| format!("{}: declare: {e}", spec.name))?;
        }
        End::Forfeit(usi) => {
            let m: Move = usi
                .parse()
                .map_err(|e| format!("{}: move {usi}: {e}", spec.name))?;
            game.play_or_forfeit(m).map_err(over)?;
        }
    }
    match game.outcome() {
        Some(o) if same_outcome(o, spec.expected) => Ok(game),
        other => Err(format!(
            "{}: the game ended with {other:?}, expected {}",
            spec.name, spec.expected
        )),
    }
}

/// One written file.
#[derive(Debug)]
struct Written {
    file: String,
    game: &'static str,
    format: &'static str,
    encoding: &'static str,
    rules: &'static str,
}

/// A JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Records that keep an illegal move, read from KIF and CSA texts: (name, text). Readable
/// (a piece that is not on its origin, an empty origin, a piece that cannot reach) and
/// unreadable, by Black and by White, under each foul word; the side that played the illegal
/// move loses.
const ILLEGAL_RECORDS: [(&str, &str); 10] = [
    (
        "illegal_black_wrong_piece_win",
        "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ４五桂(37)\n4 反則勝ち\n",
    ),
    (
        "illegal_black_empty_origin_loss",
        "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ５五歩(56)\n4 反則負け\n",
    ),
    (
        "illegal_black_unreadable_win",
        "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ４五桂(:00)\n4 反則勝ち\n",
    ),
    (
        "illegal_black_unreadable_loss",
        "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ４五桂(:00)\n4 反則負け\n",
    ),
    (
        "illegal_white_blocked_win",
        "手合割：平手\n1 ７六歩(77)\n2 ５五角(22)\n3 反則勝ち\n",
    ),
    (
        "illegal_white_unreadable_win",
        "手合割：平手\n1 ７六歩(77)\n2 ５五角(:00)\n3 反則勝ち\n",
    ),
    (
        "illegal_white_empty_origin_loss",
        "手合割：平手\n1 ７六歩(77)\n2 ５三歩(54)\n3 反則負け\n",
    ),
    (
        "illegal_csa_black_action",
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2824HI\n%+ILLEGAL_ACTION\n",
    ),
    (
        "illegal_csa_white_move",
        "V2.2\nPI\n+\n+7776FU\n-2255KA\n%ILLEGAL_MOVE\n",
    ),
    (
        "illegal_csa_white_action",
        "V2.2\nPI\n+\n+7776FU\n-5453FU\n%-ILLEGAL_ACTION\n",
    ),
];

/// Writes the five files of a game and returns their manifest rows.
fn write_game(dir: &Path, spec: &Spec, game: &Game) -> Result<Vec<Written>, String> {
    write_record(dir, spec.name, spec.rules_name, &Record::from_game(game))
}

/// Writes the five files of a record and returns their manifest rows.
fn write_record(
    dir: &Path,
    name: &'static str,
    rules: &'static str,
    rec: &Record,
) -> Result<Vec<Written>, String> {
    let rec = rec.clone();
    let files: [(&str, &str, &str, Vec<u8>); 5] = [
        ("kifu", "kif", "utf-8", kif::write(&rec).into_bytes()),
        ("kif", "kif", "shift_jis", kif::write_shift_jis(&rec)),
        ("ki2", "ki2", "utf-8", ki2::write(&rec).into_bytes()),
        ("v22.csa", "csa-2.2", "utf-8", csa::write(&rec).into_bytes()),
        (
            "v30.csa",
            "csa-3.0",
            "utf-8",
            csa::write_with(&rec, CsaOptions::new(CsaVersion::V30)).into_bytes(),
        ),
    ];
    let mut out = Vec::new();
    for (ext, format, encoding, bytes) in files {
        let file = format!("{name}.{ext}");
        std::fs::write(dir.join(&file), bytes).map_err(|e| format!("{file}: {e}"))?;
        out.push(Written {
            file,
            game: name,
            format,
            encoding,
            rules,
        });
    }
    Ok(out)
}

/// The manifest row of a file.
fn manifest_row(w: &Written, game: &Game) -> String {
    manifest_row_of(
        w,
        &game.initial_position().to_setup().to_string(),
        game.moves(),
        game.outcome(),
        None,
    )
}

/// The manifest row of a file with this start, these moves and this outcome; `illegal`: the
/// kept illegal move of the record, if any (`Some(None)`: one the text names no move for),
/// written as `"illegal_move": "<usi>"` or `null` after the moves, which it does not belong to.
fn manifest_row_of(
    w: &Written,
    start: &str,
    moves: &[Move],
    outcome: Option<Outcome>,
    illegal: Option<Option<Move>>,
) -> String {
    let illegal = illegal.map_or(String::new(), |mv| {
        let usi = mv.map_or("null".to_string(), |m| json_str(&m.to_string()));
        format!(", \"illegal_move\": {usi}")
    });
    let moves: Vec<String> = moves.iter().map(|m| json_str(&m.to_string())).collect();
    let winner = outcome
        .and_then(Outcome::winner)
        .map_or("null".to_string(), |c| json_str(color_name(c)));
    let text = outcome.map_or("null".to_string(), |o| json_str(&o.to_string()));
    format!(
        "    {{\"file\": {}, \"game\": {}, \"format\": {}, \"encoding\": {}, \"rules\": {}, \"start_sfen\": {}, \"moves\": [{}]{illegal}, \"winner\": {}, \"outcome\": {}}}",
        json_str(&w.file),
        json_str(w.game),
        json_str(w.format),
        json_str(w.encoding),
        json_str(w.rules),
        json_str(start),
        moves.join(", "),
        winner,
        text,
    )
}

/// The documented substitute for an outcome the formats have no word for (see
/// `Special::from_outcome`): same winner, another reason.
fn substitute(o: Outcome) -> Option<Outcome> {
    Some(match o {
        Outcome::Win {
            winner,
            reason: WinReason::NoLegalMoves,
        } => win(winner, WinReason::Checkmate),
        Outcome::Win {
            winner,
            reason: WinReason::PerpetualCheck | WinReason::Impasse,
        } => win(winner, WinReason::IllegalMove(None)),
        _ => return None,
    })
}

/// The special moves of CSA V2.2 (the CSA standard file format, V2.2); V3.0 adds
/// `%MAX_MOVES`.
const CSA_V22_SPECIALS: [&str; 14] = [
    "TORYO",
    "CHUDAN",
    "SENNICHITE",
    "TIME_UP",
    "ILLEGAL_MOVE",
    "+ILLEGAL_ACTION",
    "-ILLEGAL_ACTION",
    "JISHOGI",
    "KACHI",
    "HIKIWAKE",
    "MATTA",
    "TSUMI",
    "FUZUMI",
    "ERROR",
];

fn show(o: Option<Outcome>) -> String {
    o.map_or("no outcome".to_string(), |o| o.to_string())
}

/// Reads a written file back and compares it with its game: `Ok(None)` if it agrees,
/// `Ok(Some(note))` for a documented lossy reason, `Err(what)` for a mismatch.
fn check_file(dir: &Path, w: &Written, spec: &Spec, game: &Game) -> Result<Option<String>, String> {
    let bytes = std::fs::read(dir.join(&w.file)).map_err(|e| format!("cannot read: {e}"))?;
    let rec = record::read(&bytes).map_err(|e| format!("read error: {e}"))?;
    let mut problems = Vec::new();
    if w.format == "csa-2.2" {
        let text = String::from_utf8_lossy(&bytes);
        for word in text.lines().filter_map(|l| l.strip_prefix('%')) {
            let word = word.split(',').next().unwrap_or_default();
            if !CSA_V22_SPECIALS.contains(&word) {
                problems.push(format!("%{word} is not a CSA V2.2 special move"));
            }
        }
    }
    let start = rec.start_sfen().to_string();
    let expected_start = game.initial_position().to_setup().to_string();
    let no_number = |s: &str| {
        s.rsplit_once(' ')
            .map_or(s.to_string(), |(a, _)| a.to_string())
    };
    if no_number(&start) != no_number(&expected_start) {
        problems.push(format!("start: read {start}, wrote {expected_start}"));
    }
    if rec.usi_moves() != game.moves() {
        let moves: Vec<String> = rec.usi_moves().iter().map(ToString::to_string).collect();
        problems.push(format!("moves: read [{}]", moves.join(" ")));
    }
    let wrote = game.outcome();
    let read = rec.outcome();
    let mut note = None;
    let agrees = |read: Option<Outcome>| match (read, wrote) {
        (Some(r), Some(w)) => same_outcome(r, w),
        (None, None) => true,
        _ => false,
    };
    if !agrees(read) {
        if read.is_some() && read == wrote.and_then(substitute) {
            note = Some(format!(
                "record outcome {} for {} (no word in the format)",
                show(read),
                show(wrote)
            ));
        } else {
            problems.push(format!(
                "outcome: read {}, wrote {}",
                show(read),
                show(wrote)
            ));
        }
    }
    match rec.to_game(spec.rules) {
        Ok(replayed) if agrees(replayed.outcome()) => {}
        Ok(replayed) => {
            let why = format!(
                "replayed under the rules: {}, wrote {}",
                show(replayed.outcome()),
                show(wrote)
            );
            if note.is_some() && replayed.outcome() == read {
                note = note.map(|n| format!("{n}; {why}"));
            } else {
                problems.push(why);
            }
        }
        Err(e) => problems.push(format!("replay error: {e}")),
    }
    if problems.is_empty() {
        Ok(note)
    } else {
        Err(problems.join("; "))
    }
}

fn run(dir: &Path) -> Result<bool, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let specs = specs()?;
    let mut games = Vec::with_capacity(specs.len());
    for spec in &specs {
        games.push(play(spec)?);
    }
    let mut rows = Vec::new();
    let mut written = Vec::new();
    for (spec, game) in specs.iter().zip(&games) {
        for w in write_game(dir, spec, game)? {
            rows.push(manifest_row(&w, game));
            written.push((w, spec, game));
        }
    }
    // Records that keep an illegal move: each written file must read back with the same
    // moves, outcome and illegal move (ply, move and kind).
    let mut illegal_written = Vec::new();
    for (name, text) in ILLEGAL_RECORDS {
        let rec = record::read_str(text).map_err(|e| format!("{name}: {e}"))?;
        for w in write_record(dir, name, "none", &rec)? {
            rows.push(manifest_row_of(
                &w,
                &rec.start_sfen().to_string(),
                &rec.usi_moves(),
                rec.outcome(),
                Some(rec.illegal_move.as_ref().and_then(|i| i.mv)),
            ));
            illegal_written.push((w, rec.clone()));
        }
    }
    let manifest = format!("{{\n  \"records\": [\n{}\n  ]\n}}\n", rows.join(",\n"));
    let path = dir.join("manifest.json");
    std::fs::write(&path, manifest).map_err(|e| format!("{}: {e}", path.display()))?;
    println!(
        "wrote {} files of {} games and {}",
        written.len(),
        specs.len(),
        path.display()
    );

    let (mut agree, mut lossy, mut mismatches) = (0, 0, Vec::new());
    for (w, spec, game) in &written {
        match check_file(dir, w, spec, game) {
            Ok(None) => {
                agree += 1;
                println!("{}: ok", w.file);
            }
            Ok(Some(note)) => {
                lossy += 1;
                println!("{}: lossy {note}", w.file);
            }
            Err(what) => {
                println!("{}: MISMATCH {what}", w.file);
                mismatches.push(w.file.clone());
            }
        }
    }
    for (w, rec) in &illegal_written {
        let kept = |r: &Record| {
            let illegal = r.illegal_move.as_ref().map(|i| (i.ply, i.mv, i.kind));
            (r.usi_moves(), r.outcome(), illegal)
        };
        let read = std::fs::read(dir.join(&w.file))
            .map_err(|e| e.to_string())
            .and_then(|b| record::read(&b).map_err(|e| e.to_string()));
        match read {
            Ok(again) if kept(&again) == kept(rec) => {
                agree += 1;
                println!("{}: ok", w.file);
            }
            Ok(again) => {
                println!(
                    "{}: MISMATCH read {:?}, wrote {:?}",
                    w.file,
                    kept(&again),
                    kept(rec)
                );
                mismatches.push(w.file.clone());
            }
            Err(e) => {
                println!("{}: MISMATCH read error: {e}", w.file);
                mismatches.push(w.file.clone());
            }
        }
    }
    println!(
        "shogi-notation: {} files read, {agree} agree, {lossy} lossy, {} mismatches{}",
        written.len() + illegal_written.len(),
        mismatches.len(),
        if mismatches.is_empty() {
            String::new()
        } else {
            format!(" ({})", mismatches.join(", "))
        }
    );
    Ok(mismatches.is_empty())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match run(&PathBuf::from(dir)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
