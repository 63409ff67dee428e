#![doc = include_str!("../README.md")]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// The JavaScript side only: value translation, the stateless functions (over the command-line
// contracts of `shogi_kit::contract`, shared with the `shogi` command and the Python package)
// and the classes.
mod functions;
mod js;

mod clock;
mod game;
mod position;
#[cfg(feature = "record")]
mod record;

pub use clock::Clock;
#[cfg(feature = "record")]
pub use functions::convert;
#[cfg(feature = "mate")]
pub use functions::mate;
#[cfg(feature = "svg")]
pub use functions::svg;
pub use functions::{adjudicate, features, legal_moves, perft, setups, version, wasm_memory_bytes};
pub use game::Game;
pub use position::Position;
#[cfg(feature = "record")]
pub use record::Record;

use wasm_bindgen::prelude::*;

/// Runs when the module is instantiated: installs the panic hook. No panic should be
/// reachable from the API; if one happens anyway, it reaches JavaScript as an `Error` whose
/// message starts with `shogi-wasm: internal error`, not as an opaque `unreachable` trap.
/// (The WebAssembly stack is not unwound: after such an error, drop the objects involved.)
#[wasm_bindgen(start, skip_typescript)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("shogi-wasm: internal error (please report it): {info}");
        wasm_bindgen::throw_str(&message);
    }));
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** How a game ended: `text` is the line `shogi adjudicate` writes (`"win black checkmate"`). */
export interface Outcome {
  text: string;
  result: "win" | "draw" | "unfinished";
  winner: "black" | "white" | null;
  /** `checkmate`, `no-legal-moves`, `perpetual-check`, `impasse`, `try`, `move-limit`, `resignation`, `time-forfeit`, `repetition`, `agreement`, ... */
  reason: string;
}
/** The flags of `shogi adjudicate`, in camelCase. */
export interface AdjudicateOptions {
  impasse?: "none" | "24" | "27" | "24-declaration" | "try";
  /** 0 (the default): no limit. */
  moveLimit?: number;
  limitCount?: boolean;
  handicapCredit?: boolean;
}
/** The options of `new Game`: a start and the rules. */
export interface GameOptions extends AdjudicateOptions {
  /** An SFEN, `"startpos"` or a name from `setups()`. */
  start?: string;
  lenient?: boolean;
  drawOffers?: { perPlayer?: number; perGame?: number };
  /** The rules of a start instead of the flags: the 24-point rule with the 400-move count limit, or the 27-point declaration. */
  preset?: "jsa24" | "csa27";
}
/** The flags of `shogi svg`, in camelCase, and `drops` (dots on the drop squares of a hand kind, for `Position.svg`/`Game.svg`). */
export interface SvgOptions {
  flip?: boolean;
  western?: boolean;
  last?: string;
  dots?: string;
  arrow?: string | string[];
  highlight?: string | string[];
  drops?: string;
}
/** The flags of `shogi mate`, in camelCase, and `maxPlies` (default 1000, at most 2000). */
export interface MateOptions {
  mode?: "any" | "tsume";
  nodes?: number;
  timeMs?: number;
  /** The table size in MB (default 16). */
  hash?: number;
  maxPlies?: number;
}
/** `lenient`: accept what the strict reading refuses (soft faults of a position; a record's moves up to one that fails). */
export interface LenientOptions { lenient?: boolean }
/** The style of Western notation: ranks as digits (`P-76`), `D` and `H` for the promoted rook and bishop. */
export interface WesternOptions { numericRanks?: boolean; dragonHorseLetters?: boolean }
/** One line of `shogi setups`. */
export interface SetupInfo { english: string; japanese: string; sfen: string }
/** The count of each hand kind. */
export interface Hand { R: number; B: number; G: number; S: number; N: number; L: number; P: number }
/** A value for each colour. */
export interface ByColor<T> { black: T; white: T }
/** Impasse counts. */
export interface Points {
  total: ByColor<number>;
  declaration: ByColor<number>;
  piecesInCamp: ByColor<number>;
  kingInCamp: ByColor<boolean>;
}
/** What a declaration would give now. */
export interface DeclarationPreview {
  declarer: "black" | "white";
  rule: string;
  points: Points;
  credit: ByColor<number>;
  inCheck: boolean;
  verdict: Outcome | null;
  refusal: string | null;
}
/** What the move limit would give. */
export interface MoveLimitPreview {
  limit: number;
  atLimit: "draw" | "count";
  movesPlayed: number;
  movesLeft: number;
  outcomeNow: Outcome;
}
/** How close the position is to sennichite. */
export interface RepetitionPreview {
  occurrences: number;
  nextEndsGame: boolean;
  ifRepeated: Outcome | null;
}
/** One side's time control, in milliseconds. */
export interface TimeControl {
  main?: number;
  byoyomi?: number;
  periods?: number;
  increment?: number;
  grace?: number;
}
/** A side ran out of time after `after` milliseconds. */
export interface Flag { color: "black" | "white"; after: number }
/** The clock fields of a USI `go` command, in milliseconds. */
export interface UsiTimes {
  btime: number;
  wtime: number;
  byoyomi: number | null;
  binc: number | null;
  winc: number | null;
}
"#;
