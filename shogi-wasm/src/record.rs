//! The `Record` class: game records read from and written to KIF, KI2, CSA and JKF.

use shogi_kit::record::{self, Header, HeaderKey, kif};
use wasm_bindgen::prelude::*;

use crate::game::Game;
use crate::js::{self, JsResult, Obj};
use crate::position::Position;
use shogi_kit::contract::{self, ConvertTarget};

/// A game record: the start position, the header (players, event, ...), the moves with their
/// comments and times, and the ending as written.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Record {
    inner: record::Record,
    error: Option<String>,
}

/// The name of a header key: the KIF key (`先手`, `棋戦`, or the key as written).
fn key_name(key: &HeaderKey) -> String {
    key.kif_key().to_owned()
}

#[wasm_bindgen]
impl Record {
    /// Reads a record of any format (KIF, KI2, CSA, JKF or a USI `position` line) from a
    /// string or from the bytes of a file (UTF-8 with or without a byte-order mark,
    /// Shift_JIS or EUC-JP; the encoding and the format are detected). For a CSA file of
    /// several games, the first. With `options.lenient`, a record whose moves stop at one that
    /// cannot be read or played keeps the moves before it, and `error()` says what stopped it.
    ///
    /// @throws {Error} the library's message (with the line) when the record cannot be read.
    pub fn read(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] input: JsValue,
        options: Option<crate::js::LenientOptionsArg>,
    ) -> JsResult<Record> {
        let options = crate::js::options(options);
        let lenient = js::option_bool(&options, "lenient")?;
        let bytes = js::bytes(&input, "input")?;
        if lenient {
            let (inner, error) = record::read_lenient(&bytes).map_err(js::error)?;
            Ok(Record {
                inner,
                error: error.map(|e| e.to_string()),
            })
        } else {
            let inner = record::read(&bytes).map_err(js::error)?;
            Ok(Record { inner, error: None })
        }
    }

    /// The record of a game: its start, moves and, if it is over, its ending.
    #[wasm_bindgen(js_name = fromGame)]
    pub fn from_game(game: &Game) -> Record {
        Record {
            inner: record::Record::from_game(&game.inner),
            error: None,
        }
    }

    /// What stopped a lenient read, or `undefined`.
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// The record as text: `"kif"`, `"ki2"`, `"csa"`, `"jkf"`, `"usi"` (a `position` line),
    /// `"sfen"` (the final position), `"western"` or `"japanese"` (one move a line): exactly
    /// what `shogi convert --to <format>` writes.
    ///
    /// @throws {Error} for an unknown format.
    pub fn write(&self, format: &str) -> JsResult<String> {
        let target: ConvertTarget = format.parse().map_err(js::error)?;
        contract::write_record(&self.inner, target).map_err(js::error)
    }

    /// The record as the bytes of a KIF file in Shift_JIS (`encoding` `"shift_jis"`) or of any
    /// format in UTF-8 (`"utf-8"`, the default).
    ///
    /// @throws {Error} for an unknown format or encoding, or Shift_JIS for a format other than
    /// KIF.
    #[wasm_bindgen(js_name = writeBytes)]
    pub fn write_bytes(&self, format: &str, encoding: Option<String>) -> JsResult<Vec<u8>> {
        match encoding.as_deref().unwrap_or("utf-8") {
            "utf-8" | "utf8" => Ok(self.write(format)?.into_bytes()),
            "shift_jis" | "shift-jis" | "sjis" if format == "kif" => {
                Ok(kif::write_shift_jis(&self.inner))
            }
            "shift_jis" | "shift-jis" | "sjis" => Err(js::error(format!(
                "encoding shift_jis: only kif is written in shift_jis, not {format}"
            ))),
            other => Err(js::error(format!(
                "unknown encoding {other:?}, expected utf-8 or shift_jis"
            ))),
        }
    }

    /// The moves, USI text.
    pub fn moves(&self) -> Vec<String> {
        self.inner
            .usi_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// The comments of each move (an array of strings per move).
    #[wasm_bindgen(unchecked_return_type = "string[][]")]
    pub fn comments(&self) -> JsValue {
        self.inner
            .moves
            .iter()
            .map(|m| js::strings(&m.comments))
            .collect::<js_sys::Array>()
            .into()
    }

    /// The SFEN of the start (untakeable silvers marked `S!`).
    #[wasm_bindgen(js_name = startSfen)]
    pub fn start_sfen(&self) -> String {
        self.inner.start_sfen().to_string()
    }

    /// The start position.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> Position {
        Position::wrap(self.inner.start)
    }

    /// The English name of the handicap of the start (`"Even"`, `"Bishop"`), or `undefined`.
    pub fn handicap(&self) -> Option<String> {
        self.inner.handicap().map(|h| h.english_name().to_owned())
    }

    /// `"standard"` or `"untakeable-silver"`.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_owned()
    }

    /// The header fields in order: `[{key, value}]`, keys as in KIF (`先手`, `後手`, `棋戦`,
    /// `場所`, `開始日時`, ...; other keys as written).
    #[wasm_bindgen(unchecked_return_type = "{ key: string, value: string }[]")]
    pub fn headers(&self) -> JsValue {
        self.inner
            .headers
            .iter()
            .map(|h| {
                Obj::new()
                    .set("key", key_name(&h.key))
                    .set("value", h.value.as_str())
                    .build()
            })
            .collect::<js_sys::Array>()
            .into()
    }

    /// Sets a header field (a KIF key: `先手`, `後手`, `棋戦`, ...), replacing the first with
    /// that key.
    #[wasm_bindgen(js_name = setHeader)]
    pub fn set_header(&mut self, key: &str, value: &str) {
        let key = HeaderKey::from_kif_key(key);
        match self.inner.headers.iter_mut().find(|h| h.key == key) {
            Some(h) => h.value = value.to_owned(),
            None => self.inner.headers.push(Header::new(key, value)),
        }
    }

    /// The name of `color`'s player, or `undefined`.
    ///
    /// @throws {Error} when `color` is not `"black"` or `"white"`.
    pub fn player(&self, color: &str) -> JsResult<Option<String>> {
        let color = js::parse_color(color)?;
        Ok(self.inner.player(color).map(str::to_owned))
    }

    /// The outcome the record's ending gives, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        js::outcome_or_null(self.inner.outcome())
    }

    /// The moves in Western notation.
    #[wasm_bindgen(js_name = westernMoves)]
    pub fn western_moves(&self) -> Vec<String> {
        self.inner.western_moves()
    }

    /// The moves in Japanese notation.
    #[wasm_bindgen(js_name = japaneseMoves)]
    pub fn japanese_moves(&self) -> Vec<String> {
        self.inner.japanese_moves()
    }

    /// Replays the record as a game under the rules of `options` (those of `new Game`), so
    /// that the rules judge it; the record's own outcome is kept when the rules see none.
    ///
    /// @throws {Error} when a move comes after the rules ended the game.
    #[wasm_bindgen(js_name = toGame)]
    pub fn to_game(&self, options: Option<crate::js::GameOptionsArg>) -> JsResult<Game> {
        let options = crate::js::options(options);
        let rules = crate::game::rules(&options)?;
        self.inner.to_game(rules).map(Game::wrap).map_err(js::error)
    }
}
