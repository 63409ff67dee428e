//! The stateless functions: the command-line contracts, and facts about the package.

use wasm_bindgen::prelude::*;

use crate::js::{self, JsResult, Obj};
use shogi_kit::contract;

/// The legal moves of a position in USI text, sorted by byte order: the line `shogi legal`
/// writes for `sfen` (an SFEN or `"startpos"`), split at the spaces. Soft faults are waived
/// (mate problems with one king, extra material); an SFEN with `S!` marks is a position of
/// the untakeable-silver variant.
///
/// @throws {Error} the message `shogi legal` writes after `error: `.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(sfen: &str) -> JsResult<Vec<String>> {
    contract::legal_moves(sfen).map_err(js::error)
}

/// The number of leaves of the legal move tree `depth` plies deep: the last line of
/// `shogi perft <depth> <sfen>` (`sfen`: an SFEN or `"startpos"`).
///
/// @throws {Error} the library's message for a bad SFEN or position.
#[wasm_bindgen]
pub fn perft(sfen: &str, depth: u32) -> JsResult<f64> {
    // Counts beyond 2^53 lose precision as JS numbers do; they take days to compute.
    contract::perft(sfen, depth)
        .map(|n| n as f64)
        .map_err(js::error)
}

/// The verdict on one game: the line `shogi adjudicate` writes for `line` (a USI position
/// command, optionally followed by `declare`): `ongoing`, `win black checkmate`,
/// `draw repetition`, `illegal 3 two-pawns`, ... The options are the command's flags:
/// `impasse` (`"none"`, `"24"`, `"27"`, `"24-declaration"`, `"try"`), `moveLimit` (0: none),
/// `limitCount`, `handicapCredit`.
///
/// @throws {Error} the message `shogi adjudicate` writes after `error: `, or what is wrong with
/// an option.
#[wasm_bindgen]
pub fn adjudicate(
    line: &str,
    options: Option<crate::js::AdjudicateOptionsArg>,
) -> JsResult<String> {
    let options = crate::js::options(options);
    let flags = adjudicate_flags(&options)?;
    contract::adjudicate(flags, line).map_err(js::error)
}

/// The flags of `shogi adjudicate` from an options object.
pub(crate) fn adjudicate_flags(options: &JsValue) -> JsResult<contract::AdjudicateFlags> {
    let impasse = match js::option_string(options, "impasse")? {
        Some(name) => contract::impasse_rule(&name).map_err(js::error)?,
        None => Default::default(),
    };
    Ok(contract::AdjudicateFlags {
        impasse,
        move_limit: js::option_u32(options, "moveLimit")?.unwrap_or(0),
        limit_count: js::option_bool(options, "limitCount")?,
        handicap_credit: js::option_bool(options, "handicapCredit")?,
    })
}

/// Every handicap and untakeable-silver start, as `shogi setups` lists them: `{english,
/// japanese, sfen}` (`japanese` is `"-"` for the variant's setups).
#[wasm_bindgen(unchecked_return_type = "SetupInfo[]")]
pub fn setups() -> JsValue {
    contract::setups()
        .into_iter()
        .map(|line| {
            Obj::new()
                .set("english", line.english)
                .set("japanese", line.japanese)
                .set("sfen", line.sfen)
                .build()
        })
        .collect::<js_sys::Array>()
        .into()
}

/// The version of the package (the crate's version).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The optional parts compiled into this build: some of `"notation"`, `"record"`, `"svg"`,
/// `"mate"` (none in the rules-only build).
#[wasm_bindgen]
pub fn features() -> Vec<String> {
    let mut out = Vec::new();
    if cfg!(feature = "notation") {
        out.push("notation".to_owned());
    }
    if cfg!(feature = "record") {
        out.push("record".to_owned());
    }
    if cfg!(feature = "svg") {
        out.push("svg".to_owned());
    }
    if cfg!(feature = "mate") {
        out.push("mate".to_owned());
    }
    out
}

/// The size of the WebAssembly memory in bytes (it only grows): for tests that check that
/// freed objects give their memory back.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        (core::arch::wasm32::memory_size(0) as f64) * 65536.0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

#[cfg(feature = "record")]
pub use self::records::convert;

#[cfg(feature = "record")]
mod records {
    use wasm_bindgen::prelude::*;

    use crate::js::{self, JsResult};
    use shogi_kit::contract::{self, ConvertTarget};

    /// Converts one game record: what `shogi convert --to <to> [--lenient]` writes for the
    /// file `input` (KIF, KI2, CSA, JKF or a USI position line; a string, or the bytes of a
    /// file in UTF-8, Shift_JIS or EUC-JP). `to`: `"usi"`, `"sfen"`, `"kif"`, `"ki2"`,
    /// `"csa"`, `"jkf"`, `"western"` or `"japanese"`. With `options.lenient`, a record whose
    /// moves stop at one that cannot be read or played is written with the moves before it
    /// (`Record.read(input, {lenient: true}).error()` gives the error).
    ///
    /// @throws {Error} the message `shogi convert` writes after `error: `.
    #[wasm_bindgen]
    pub fn convert(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] input: JsValue,
        to: &str,
        options: Option<crate::js::LenientOptionsArg>,
    ) -> JsResult<String> {
        let options = crate::js::options(options);
        let target: ConvertTarget = to.parse().map_err(js::error)?;
        let bytes = js::bytes(&input, "input")?;
        contract::convert(&bytes, target, js::option_bool(&options, "lenient")?).map_err(js::error)
    }
}

#[cfg(feature = "svg")]
pub use self::diagrams::svg;
#[cfg(feature = "svg")]
pub(crate) use self::diagrams::svg_of;

#[cfg(feature = "svg")]
mod diagrams {
    use shogi_kit::types::{Bitboard, Move};
    use shogi_kit::variants::AnyPosition;
    use wasm_bindgen::prelude::*;

    use crate::js::{self, JsResult};
    use shogi_kit::contract::{self, SvgArgs};

    /// The options of `shogi svg` from an options object.
    fn svg_args(options: &JsValue) -> JsResult<SvgArgs> {
        Ok(SvgArgs {
            flip: js::option_bool(options, "flip")?,
            western: js::option_bool(options, "western")?,
            last: js::option_string(options, "last")?,
            dots: js::option_string(options, "dots")?,
            arrow: js::option_strings(options, "arrow")?,
            highlight: js::option_strings(options, "highlight")?,
        })
    }

    /// The SVG diagram of a position: what `shogi svg` writes for `sfen` (an SFEN, valid or
    /// not, or `"startpos"`) and the options, named after its flags: `flip`, `western`,
    /// `last` (a USI move), `dots` (a square), `arrow` (USI moves), `highlight`
    /// (`"SQUARE:COLOR"` strings, as `"5e:red"`).
    ///
    /// @throws {Error} the message `shogi svg` writes after `error: `.
    #[wasm_bindgen]
    pub fn svg(sfen: &str, options: Option<crate::js::SvgOptionsArg>) -> JsResult<String> {
        let options = crate::js::options(options);
        contract::svg(sfen, &svg_args(&options)?).map_err(js::error)
    }

    /// The diagram of a valid position with the options of [`svg`], `drops` (dots on the
    /// drop squares of a hand kind) and, for a game, its last move unless `last` is given.
    pub(crate) fn svg_of(
        pos: &AnyPosition,
        options: &JsValue,
        last: Option<Move>,
    ) -> JsResult<String> {
        let mut args = svg_args(options)?;
        if args.last.is_none() {
            args.last = last.map(|m| m.to_string());
        }
        let mut d = contract::svg_diagram(pos.to_setup(), &args).map_err(js::error)?;
        if let Some(kind) = js::option_string(options, "drops")? {
            let kind = js::parse_hand_kind(&kind)?;
            let squares: Bitboard = pos.legal_drops(kind);
            d = d.dots(squares);
        }
        Ok(d.to_svg())
    }
}

#[cfg(feature = "mate")]
pub use self::mates::mate;

#[cfg(feature = "mate")]
mod mates {
    use std::time::Duration;

    use wasm_bindgen::prelude::*;

    use crate::js::{self, JsResult};
    use shogi_kit::contract::{self, MateFlags};

    /// The clock of the time limit: `Date.now()` (WebAssembly's `std` has none).
    #[cfg(target_arch = "wasm32")]
    fn now() -> Duration {
        Duration::from_secs_f64(js_sys::Date::now().max(0.0) / 1000.0)
    }

    /// The clock of the time limit: the solver's own on the host.
    #[cfg(not(target_arch = "wasm32"))]
    const CLOCK: Option<fn() -> Duration> = None;
    #[cfg(target_arch = "wasm32")]
    const CLOCK: Option<fn() -> Duration> = Some(now);

    /// The longest mate `mate` looks for unless `maxPlies` says otherwise. The search recurses
    /// once per ply on the module's stack of 1 MB, about 450 bytes a ply (measured in the
    /// release build): some 2,300 plies fit, and 1,000 leave room to spare. The command looks
    /// up to 4,000 plies, on a thread with a stack sized for them.
    pub(crate) const DEFAULT_MAX_PLIES: u32 = 1000;
    /// The largest `maxPlies` accepted.
    pub(crate) const MAX_PLIES: u32 = 2000;

    /// Solves one mate problem: the line `shogi mate` prints for the input line `line` (an
    /// SFEN, `"startpos"`, or a USI position command whose side to move after the moves
    /// attacks): `mate <plies> <usi moves…>`, `nomate` or `unknown <reason>`. Mate problems
    /// (one king) and the other faults of composed problems are accepted.
    ///
    /// The options are the command's flags: `mode` (`"any"`, the default, or `"tsume"`),
    /// `nodes`, `timeMs`, `hash` (the table in MB, default 16; the command's default is 256),
    /// and `maxPlies` (default 1,000, at most 2,000: the search recurses once per ply on the
    /// module's 1 MB stack; longer mates answer `unknown max-plies`; the command looks up to
    /// 4,000 plies). The search runs on the calling thread until it ends: give `nodes` or
    /// `timeMs` (measured with `Date.now()`), and call it from a worker to keep a page
    /// responsive.
    ///
    /// @throws {Error} the message `shogi mate` writes after `error: `, or what is wrong with
    /// an option.
    #[wasm_bindgen]
    pub fn mate(line: &str, options: Option<crate::js::MateOptionsArg>) -> JsResult<String> {
        let options = crate::js::options(options);
        let mode = match js::option_string(&options, "mode")? {
            Some(m) => contract::mate_mode(&m).map_err(js::error)?,
            None => Default::default(),
        };
        let hash_mb = js::option_u32(&options, "hash")?.unwrap_or(16);
        let max_plies = js::option_u32(&options, "maxPlies")?.unwrap_or(DEFAULT_MAX_PLIES);
        if max_plies > MAX_PLIES {
            return Err(js::error(format!(
                "options.maxPlies: {max_plies}, expected at most {MAX_PLIES} (the WebAssembly stack holds about 2,300 plies of search)"
            )));
        }
        let flags = MateFlags {
            mode,
            nodes: js::option_u64(&options, "nodes")?,
            time_ms: js::option_u64(&options, "timeMs")?,
            hash_mb: usize::try_from(hash_mb).unwrap_or(usize::MAX),
            max_plies: Some(max_plies),
            clock: CLOCK,
        };
        contract::mate(line, &flags).map_err(js::error)
    }
}
