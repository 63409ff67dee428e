//! Translation between JavaScript values and Rust: errors, option objects, plain result
//! objects, and the names of colours, pieces and outcomes.

use std::fmt::Display;

use js_sys::{Array, Object, Reflect};
use shogi_kit::movegen::PromotionChoice;
use shogi_kit::rules::Outcome;
use shogi_kit::types::{ByColor, Color, Hand, Move, PieceKind, Square};
use wasm_bindgen::{JsError, JsValue};

/// The result type of every fallible binding: a JS `Error` with the library's message.
pub type JsResult<T> = Result<T, JsError>;

/// A JS `Error` with `message`.
pub fn error(message: impl Display) -> JsError {
    JsError::new(&message.to_string())
}

/// An optional options object as a value (`undefined` when missing).
pub fn options<T: Into<JsValue>>(options: Option<T>) -> JsValue {
    options.map_or(JsValue::UNDEFINED, Into::into)
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The options of `adjudicate` (TypeScript `AdjudicateOptions`).
    #[wasm_bindgen(typescript_type = "AdjudicateOptions")]
    pub type AdjudicateOptionsArg;
    /// The options of `new Game` (TypeScript `GameOptions`).
    #[wasm_bindgen(typescript_type = "GameOptions")]
    pub type GameOptionsArg;
    /// The options of the diagrams (TypeScript `SvgOptions`).
    #[wasm_bindgen(typescript_type = "SvgOptions")]
    pub type SvgOptionsArg;
    /// `{ lenient?: boolean }`.
    #[wasm_bindgen(typescript_type = "LenientOptions")]
    pub type LenientOptionsArg;
    /// The style of Western notation (TypeScript `WesternOptions`).
    #[wasm_bindgen(typescript_type = "WesternOptions")]
    pub type WesternOptionsArg;
    /// The options of `mate` (TypeScript `MateOptions`).
    #[wasm_bindgen(typescript_type = "MateOptions")]
    pub type MateOptionsArg;
    /// One side's time control (TypeScript `TimeControl`).
    #[wasm_bindgen(typescript_type = "TimeControl")]
    pub type TimeControlArg;
}

/// `options[key]`, or `None` when `options` is `undefined`/`null` or the key is missing,
/// `undefined` or `null`.
///
/// # Errors
/// When `options` is given but is not an object, or reading the key throws.
pub fn option(options: &JsValue, key: &str) -> JsResult<Option<JsValue>> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    if !options.is_object() {
        return Err(error("options: expected an object"));
    }
    let value = Reflect::get(options, &JsValue::from_str(key))
        .map_err(|_| error(format!("options.{key}: could not be read")))?;
    Ok(if value.is_undefined() || value.is_null() {
        None
    } else {
        Some(value)
    })
}

/// A boolean option (`false` when missing).
///
/// # Errors
/// When the value is not a boolean.
pub fn option_bool(options: &JsValue, key: &str) -> JsResult<bool> {
    match option(options, key)? {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| error(format!("options.{key}: expected true or false"))),
    }
}

/// A string option.
///
/// # Errors
/// When the value is not a string.
pub fn option_string(options: &JsValue, key: &str) -> JsResult<Option<String>> {
    match option(options, key)? {
        None => Ok(None),
        Some(v) => v
            .as_string()
            .map(Some)
            .ok_or_else(|| error(format!("options.{key}: expected a string"))),
    }
}

/// A whole number option from 0 to `u32::MAX`.
///
/// # Errors
/// When the value is not such a number.
pub fn option_u32(options: &JsValue, key: &str) -> JsResult<Option<u32>> {
    match option(options, key)? {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => {
                // In range and whole, so the conversion is exact.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                Ok(Some(n as u32))
            }
            _ => Err(error(format!(
                "options.{key}: expected a whole number from 0 to {}",
                u32::MAX
            ))),
        },
    }
}

/// A whole number from 0 to 2^53 (the integers a JS number holds exactly), or `None`.
#[cfg(feature = "mate")]
pub fn whole_number(n: f64) -> Option<u64> {
    const MAX_SAFE: f64 = 9_007_199_254_740_992.0;
    if n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&n) {
        // Whole and in range, so the conversion is exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(n as u64)
    } else {
        None
    }
}

/// A whole-number option from 0 to 2^53.
///
/// # Errors
/// When the value is not such a number.
#[cfg(feature = "mate")]
pub fn option_u64(options: &JsValue, key: &str) -> JsResult<Option<u64>> {
    match option(options, key)? {
        None => Ok(None),
        Some(v) => v.as_f64().and_then(whole_number).map(Some).ok_or_else(|| {
            error(format!(
                "options.{key}: expected a whole number from 0 to 2^53"
            ))
        }),
    }
}

/// A string-list option: one string or an array of strings (empty when missing).
///
/// # Errors
/// When the value is neither.
#[cfg(feature = "svg")]
pub fn option_strings(options: &JsValue, key: &str) -> JsResult<Vec<String>> {
    let Some(v) = option(options, key)? else {
        return Ok(Vec::new());
    };
    if let Some(s) = v.as_string() {
        return Ok(vec![s]);
    }
    if Array::is_array(&v) {
        use wasm_bindgen::JsCast;
        let array: Array = v.unchecked_into();
        return array
            .iter()
            .map(|item| {
                item.as_string()
                    .ok_or_else(|| error(format!("options.{key}: expected strings")))
            })
            .collect();
    }
    Err(error(format!(
        "options.{key}: expected a string or an array of strings"
    )))
}

/// A milliseconds option as a duration (0 when missing).
///
/// # Errors
/// When the value is not a finite number of milliseconds from 0.
pub fn option_millis(options: &JsValue, key: &str) -> JsResult<std::time::Duration> {
    match option(options, key)? {
        None => Ok(std::time::Duration::ZERO),
        Some(v) => v
            .as_f64()
            .and_then(millis)
            .ok_or_else(|| error(format!("options.{key}: expected milliseconds from 0"))),
    }
}

/// A duration from milliseconds, or `None` for a negative or non-finite number.
pub fn millis(ms: f64) -> Option<std::time::Duration> {
    if ms.is_finite() && ms >= 0.0 {
        std::time::Duration::try_from_secs_f64(ms / 1000.0).ok()
    } else {
        None
    }
}

/// The milliseconds of a duration as a JS number.
pub fn to_millis(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The bytes of a string (UTF-8) or of a `Uint8Array`/`ArrayBuffer`.
///
/// # Errors
/// When `input` is none of these.
#[cfg(feature = "record")]
pub fn bytes(input: &JsValue, what: &str) -> JsResult<Vec<u8>> {
    if let Some(s) = input.as_string() {
        return Ok(s.into_bytes());
    }
    use js_sys::Uint8Array;
    use wasm_bindgen::JsCast;
    if input.is_instance_of::<Uint8Array>() || input.is_instance_of::<js_sys::ArrayBuffer>() {
        return Ok(Uint8Array::new(input).to_vec());
    }
    Err(error(format!(
        "{what}: expected a string, a Uint8Array or an ArrayBuffer"
    )))
}

/// A plain object built key by key.
pub struct Obj(Object);

impl Obj {
    /// An empty object.
    pub fn new() -> Obj {
        Obj(Object::new())
    }

    /// Sets `key` to `value`.
    pub fn set(self, key: &str, value: impl Into<JsValue>) -> Obj {
        // Setting a data property on a fresh plain object cannot throw.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    /// The object.
    pub fn build(self) -> JsValue {
        self.0.into()
    }
}

/// `{black, white}` of a pair.
pub fn by_color<T: Copy + Into<JsValue>>(pair: ByColor<T>) -> JsValue {
    Obj::new()
        .set("black", pair[Color::Black])
        .set("white", pair[Color::White])
        .build()
}

/// An array of strings.
pub fn strings<I: IntoIterator<Item = S>, S: AsRef<str>>(items: I) -> JsValue {
    items
        .into_iter()
        .map(|s| JsValue::from_str(s.as_ref()))
        .collect::<Array>()
        .into()
}

/// `"black"` or `"white"`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A colour from `"black"`/`"white"` (also `"b"`/`"w"`, `"sente"`/`"gote"`).
///
/// # Errors
/// Any other text.
pub fn parse_color(text: &str) -> JsResult<Color> {
    match text {
        "black" | "b" | "sente" => Ok(Color::Black),
        "white" | "w" | "gote" => Ok(Color::White),
        _ => Err(error(format!(
            "color: expected \"black\" or \"white\", got {text:?}"
        ))),
    }
}

/// A square in USI text (`7f`).
///
/// # Errors
/// The library's message.
pub fn parse_square(text: &str) -> JsResult<Square> {
    text.parse().map_err(error)
}

/// A move in USI text (`7g7f`, `P*5e`).
///
/// # Errors
/// The library's message.
pub fn parse_move(text: &str) -> JsResult<Move> {
    text.parse().map_err(error)
}

/// A hand kind from its SFEN letter (`P`, `p`) or English name (`pawn`).
///
/// # Errors
/// Any other text, or a kind that cannot be in hand.
pub fn parse_hand_kind(text: &str) -> JsResult<PieceKind> {
    let kind = match text.to_ascii_lowercase().as_str() {
        "p" | "pawn" => Some(PieceKind::Pawn),
        "l" | "lance" => Some(PieceKind::Lance),
        "n" | "knight" => Some(PieceKind::Knight),
        "s" | "silver" => Some(PieceKind::Silver),
        "g" | "gold" => Some(PieceKind::Gold),
        "b" | "bishop" => Some(PieceKind::Bishop),
        "r" | "rook" => Some(PieceKind::Rook),
        _ => None,
    };
    kind.ok_or_else(|| {
        error(format!(
            "piece: expected a hand piece (P, L, N, S, G, B, R or its name), got {text:?}"
        ))
    })
}

/// `{P, L, N, S, G, B, R}`: the count of each hand kind.
pub fn hand(hand: Hand) -> JsValue {
    PieceKind::HAND_KINDS
        .into_iter()
        .fold(Obj::new(), |o, kind| {
            o.set(&kind.base_letter().to_string(), hand.count(kind))
        })
        .build()
}

/// `"never"`, `"optional"` or `"forced"`.
pub fn promotion_choice(choice: PromotionChoice) -> &'static str {
    match choice {
        PromotionChoice::Never => "never",
        PromotionChoice::Optional => "optional",
        PromotionChoice::Forced => "forced",
    }
}

/// `{text, result, winner, reason}` of an outcome: `text` is its `Display` (the line of
/// `shogi adjudicate`), `result` is `"win"`, `"draw"` or `"unfinished"`, `winner` a colour
/// or `null`, `reason` the reason's word.
pub fn outcome(outcome: Outcome) -> JsValue {
    let (result, winner, reason) = match outcome {
        Outcome::Win { winner, reason } => (
            "win",
            JsValue::from_str(color_name(winner)),
            reason.as_str(),
        ),
        Outcome::Draw { reason } => ("draw", JsValue::NULL, reason.as_str()),
        Outcome::Unfinished => ("unfinished", JsValue::NULL, ""),
    };
    Obj::new()
        .set("text", outcome.to_string())
        .set("result", result)
        .set("winner", winner)
        .set("reason", reason)
        .build()
}

/// An outcome object or `null`.
pub fn outcome_or_null(o: Option<Outcome>) -> JsValue {
    o.map_or(JsValue::NULL, outcome)
}
