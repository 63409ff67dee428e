//! `shogi match --engine "<command>" --engine "<command>" [--games N] [--byoyomi MS]
//! [--rules none|24|27|24-declaration|try] [--max-moves N] [--option "NAME=VALUE"]... [--out FILE]`:
//! plays games between two USI engines and adjudicates them with `shogi-rules`.
//!
//! Engine 1 (the first `--engine`) has Black in odd games, engine 2 in even games. Each move is
//! asked with `go btime 0 wtime 0 byoyomi <MS>`; the game is judged by [`Game`]:
//!
//! - an illegal move loses (`win <colour> illegal-move`), and so does a `bestmove win` that the
//!   impasse rule does not grant (`illegal-move` too; under the 27-point rule a wrong
//!   declaration loses as the rule says: `impasse`);
//! - checkmate, no legal move, sennichite (`draw repetition`) and perpetual check are detected
//!   after every move; `bestmove resign` is a resignation;
//! - `--max-moves` (default 512, 0 for none) ends the game as a draw (`draw move-limit`);
//! - an engine that answers later than the byoyomi plus one second loses on time
//!   (`time-forfeit`); one that exits or stops answering loses by abandonment.
//!
//! One line per game on stdout, `game <n>: <black name> vs <white name>: <outcome> in <moves>
//! moves`, the outcome written as `shogi adjudicate` writes it; then `score <wins of engine
//! 1>-<wins of engine 2>-<draws>`. `--out FILE.csa` writes all games into one multi-game CSA
//! file, `--out FILE.kif` one KIF per game (`FILE-1.kif`, `FILE-2.kif`, …). `--option NAME=VALUE`
//! is sent to both engines after the handshake. Each `--engine` command line is run by the
//! shell (`sh -c`), so it may quote arguments and hold spaces. With stderr a terminal, a progress line is
//! written there after every game. However the match ends (an engine that fails its handshake,
//! an error, the last game), every engine is gone when the command exits: asked to `quit`, or
//! killed with whatever it started (`shogi_usi::driver` kills its process group).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use shogi_kit::rules::clock::{Clock, TimeControl};

use shogi_kit::movegen::Position;
use shogi_kit::record::{Header, HeaderKey, Record, csa, kif};
use shogi_kit::rules::impasse::ImpasseRule;
use shogi_kit::rules::{AtLimit, Game, MoveLimit, Outcome, RuleSet, WinReason};
use shogi_kit::types::Color;
use shogi_kit::usi::driver::{DriverError, EngineProcess};
use shogi_kit::usi::engine_message::BestMove;
use shogi_kit::usi::gui_command::{GameResult, Go};
use shogi_kit::usi::position::{PositionCommand, StartPosition};

/// Play games between two USI engines, adjudicated under a rule set.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The command that starts an engine; give it twice (engine 1, then engine 2).
    #[arg(long = "engine", value_name = "COMMAND", num_args = 1, required = true)]
    engines: Vec<String>,
    /// The number of games; colours alternate every game.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// The byoyomi of every move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    byoyomi: u64,
    /// The impasse rule that judges `bestmove win`.
    #[arg(long, value_name = "none|24|27|24-declaration|try", default_value = "27", value_parser = impasse_rule)]
    rules: ImpasseRule,
    /// The game is a draw after this many moves (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 512)]
    max_moves: u32,
    /// An option sent to both engines (`setoption name NAME value VALUE`).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Where to write the games: `.csa` (one multi-game file) or `.kif` (one file per game).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

fn impasse_rule(value: &str) -> Result<ImpasseRule, String> {
    ImpasseRule::ALL
        .into_iter()
        .find(|rule| rule.as_str() == value)
        .ok_or_else(|| format!("unknown impasse rule {value:?}"))
}

/// How long the handshake and `isready` may take (some engines load large tables).
const SETUP_TIMEOUT: Duration = Duration::from_secs(60);
/// What an engine may take beyond the byoyomi before it loses on time.
const GRACE: Duration = Duration::from_secs(1);

/// One started engine and its name.
struct Player {
    engine: EngineProcess,
    name: String,
}

/// The command line run by the shell, so that it may quote, hold spaces and set variables
/// (`sh -c`; `cmd /C` on Windows).
fn shell(command: &str) -> std::process::Command {
    let (program, flag) = if cfg!(windows) {
        ("cmd", "/C")
    } else {
        ("sh", "-c")
    };
    let mut c = std::process::Command::new(program);
    c.arg(flag).arg(command);
    c
}

fn start(command: &str, options: &[(String, String)]) -> Result<Player, String> {
    let what = |e: DriverError| format!("engine {command:?}: {e}");
    let mut engine = EngineProcess::spawn(&mut shell(command)).map_err(what)?;
    let info = engine.handshake(SETUP_TIMEOUT).map_err(what)?;
    for (name, value) in options {
        engine.set_option(name, Some(value)).map_err(what)?;
    }
    engine.is_ready(SETUP_TIMEOUT).map_err(what)?;
    let name = if info.name.is_empty() {
        command.to_owned()
    } else {
        info.name
    };
    Ok(Player { engine, name })
}

/// Plays one game, `black` first, and returns it.
fn play_game(players: [&mut Player; 2], rules: RuleSet, byoyomi: u64) -> Game {
    let [black, white] = players;
    let mut game = Game::with_rules(Position::start(), rules);
    for p in [&mut *black, &mut *white] {
        // A failure here shows again at the engine's first move.
        let _ = p.engine.new_game();
        let _ = p.engine.is_ready(SETUP_TIMEOUT);
    }
    let mut clock =
        Clock::new(TimeControl::per_move(Duration::from_millis(byoyomi)).with_grace(GRACE));
    while !game.is_over() {
        let side = game.position().side_to_move();
        // The command line's byoyomi is always sent, 0 included.
        let go = Go {
            byoyomi: Some(byoyomi),
            ..Go::from_clock(&clock)
        };
        let timeout = clock.time_left(side);
        let player = match side {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let command = PositionCommand::new(StartPosition::Startpos, game.moves().to_vec());
        let answer = player
            .engine
            .position(&command)
            .and_then(|()| player.engine.go(&go, timeout));
        // The game is not over here, so recording its end cannot fail: the results are
        // ignored.
        match answer {
            Err(DriverError::Timeout { .. }) => {
                let _ = game.lose_on_time(side);
            }
            Err(_) => {
                let _ = game.abandon(side);
            }
            Ok(search) if clock.record_move(search.elapsed).is_err() => {
                let _ = game.lose_on_time(side);
            }
            Ok(search) => match search.best {
                BestMove::Resign => {
                    let _ = game.resign(side);
                }
                // A declaration the rule does not allow at all is refused as an illegal
                // action; one it allows is judged by the rule (under the 27-point rule a
                // wrong one loses).
                BestMove::Win => {
                    if game.declare().is_err() {
                        let _ = game.set_outcome(Outcome::Win {
                            winner: !side,
                            reason: WinReason::IllegalMove(None),
                        });
                    }
                }
                BestMove::Move { best, .. } => {
                    let _ = game.play_or_forfeit(best);
                }
            },
        }
    }
    let outcome = game.outcome();
    for (p, color) in [(&mut *black, Color::Black), (&mut *white, Color::White)] {
        let result = match outcome {
            Some(Outcome::Win { winner, .. }) if winner == color => GameResult::Win,
            Some(Outcome::Win { .. }) => GameResult::Lose,
            _ => GameResult::Draw,
        };
        let _ = p.engine.game_over(result);
    }
    game
}

/// The record of `game` with the players' names.
fn record(game: &Game, black: &str, white: &str) -> Record {
    let mut rec = Record::from_game(game);
    rec.headers.push(Header {
        key: HeaderKey::Black,
        value: black.to_owned(),
    });
    rec.headers.push(Header {
        key: HeaderKey::White,
        value: white.to_owned(),
    });
    rec
}

/// Writes the records as `--out` asks.
fn write_out(path: &Path, records: &[Record]) -> Result<(), String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let fail = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    match ext {
        "csa" => {
            let text = records
                .iter()
                .map(csa::write)
                .collect::<Vec<_>>()
                .join("/\n");
            std::fs::write(path, text).map_err(|e| fail(path, e))
        }
        "kif" => {
            let stem = path.with_extension("");
            for (i, rec) in records.iter().enumerate() {
                let file = PathBuf::from(format!("{}-{}.kif", stem.display(), i + 1));
                std::fs::write(&file, kif::write(rec)).map_err(|e| fail(&file, e))?;
            }
            Ok(())
        }
        _ => Err(format!(
            "{}: --out must end in .csa or .kif",
            path.display()
        )),
    }
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    match run_match(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_match(args: &Args) -> Result<(), String> {
    let [first, second] = args.engines.as_slice() else {
        return Err("give exactly two --engine commands".to_owned());
    };
    if let Some(out) = &args.out
        && !matches!(
            out.extension().and_then(|e| e.to_str()),
            Some("csa" | "kif")
        )
    {
        return Err(format!("{}: --out must end in .csa or .kif", out.display()));
    }
    let options = args
        .options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
                .ok_or_else(|| format!("--option {o:?}: expected NAME=VALUE"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let move_limit =
        std::num::NonZeroU32::new(args.max_moves).map(|n| MoveLimit::new(n, AtLimit::Draw));
    let rules = RuleSet::none()
        .with_impasse(args.rules)
        .with_move_limit(move_limit);
    let mut players = [start(first, &options)?, start(second, &options)?];
    let mut score = [0u32; 3];
    let mut records = Vec::new();
    let progress = std::io::stderr().is_terminal();
    for n in 1..=args.games {
        // Engine 1 is Black in odd games.
        let one_is_black = n % 2 == 1;
        let [p1, p2] = &mut players;
        let (black, white) = if one_is_black { (p1, p2) } else { (p2, p1) };
        let game = play_game([&mut *black, &mut *white], rules, args.byoyomi);
        let outcome = game.outcome();
        let text = outcome.map_or_else(|| "ongoing".to_owned(), |o| o.to_string());
        println!(
            "game {n}: {} vs {}: {text} in {} moves",
            black.name,
            white.name,
            game.moves().len()
        );
        match outcome {
            Some(Outcome::Win { winner, .. }) => {
                let one_won = (winner == Color::Black) == one_is_black;
                score[usize::from(!one_won)] += 1;
            }
            _ => score[2] += 1,
        }
        if args.out.is_some() {
            records.push(record(&game, &black.name, &white.name));
        }
        if progress {
            eprintln!(
                "{n}/{} games, score {}-{}-{}",
                args.games, score[0], score[1], score[2]
            );
        }
    }
    println!("score {}-{}-{}", score[0], score[1], score[2]);
    for p in &mut players {
        let _ = p.engine.quit(Duration::from_secs(5));
    }
    if let Some(out) = &args.out {
        write_out(out, &records)?;
    }
    Ok(())
}
