//! A JSON tree that keeps the order of object keys (the header's order), and its parser.

use super::*;

// ---------------------------------------------------------------------------------------------
// A JSON tree that keeps the order of object keys (the header's order).

/// A JSON value; objects keep their keys in the order written (a repeated key: the last value).
#[derive(Debug)]
pub(super) enum Json {
    Null,
    Bool(bool),
    /// A non-negative integer.
    Int(u64),
    /// Any other number.
    Number,
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub(super) fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .filter(|v| !matches!(v, Json::Null)),
            _ => None,
        }
    }
}

pub(super) struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Int(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(u64::try_from(v).map_or(Json::Number, Json::Int))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        // Integers written with a fraction (`5.0`) are integers.
        if v.fract() == 0.0 && (0.0..9.0e15).contains(&v) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            return Ok(Json::Int(v as u64));
        }
        Ok(Json::Number)
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<Json>()? {
            out.push(v);
        }
        Ok(Json::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Json>()? {
            out.push((k, v));
        }
        Ok(Json::Object(out))
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

/// How deep arrays and objects may nest in JKF text: deep enough for the deepest variations
/// the readers keep (each variation nests three levels: its entry, its `forks` and its line),
/// so that every record this crate writes reads back, and shallow enough for the recursion of
/// the JSON parser and of the tree it builds.
pub(super) const MAX_JSON_DEPTH: usize = 3 * crate::builder::MAX_NESTING + 16;
const _: () = assert!(
    MAX_JSON_DEPTH == 616,
    "say the limit in JsonProblem::TooDeep"
);

/// Where `text` first nests arrays and objects deeper than `limit`: its line and column (both
/// from 1, the column in bytes, as the JSON parser counts them).
pub(super) fn too_deep(text: &str, limit: usize) -> Option<(usize, usize)> {
    let (mut depth, mut line, mut line_start) = (0usize, 1, 0);
    let (mut in_string, mut escaped) = (false, false);
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some((line, i - line_start + 1));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// Parses JSON text, or the error with its line (in the error) and column.
pub(super) fn parse_json(text: &str) -> Result<Json, RecordError> {
    if let Some((line, column)) = too_deep(text, MAX_JSON_DEPTH) {
        return Err(RecordError::new(
            line,
            RecordErrorKind::Json {
                column,
                problem: JsonProblem::TooDeep,
            },
            Record::start(),
        ));
    }
    let mut de = serde_json::Deserializer::from_str(text);
    // The depth is bounded above, by a limit deeper than the parser's own (128).
    de.disable_recursion_limit();
    let value = Json::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| {
        let problem = json_problem(&e);
        RecordError::new(
            e.line(),
            RecordErrorKind::Json {
                column: e.column(),
                problem,
            },
            Record::start(),
        )
    })
}

/// The kind of a JSON syntax error (serde_json says it only in its message).
pub(super) fn json_problem(e: &serde_json::Error) -> JsonProblem {
    if e.is_eof() {
        return JsonProblem::UnexpectedEnd;
    }
    let message = e.to_string();
    let has = |s: &str| message.contains(s);
    if has("recursion limit") {
        JsonProblem::TooDeep
    } else if has("trailing characters") {
        JsonProblem::TrailingCharacters
    } else if has("expected value") || has("expected ident") {
        JsonProblem::ExpectedValue
    } else if has("number") {
        JsonProblem::Number
    } else if has("escape")
        || has("control character")
        || has("unicode code point")
        || has("surrogate")
        || has("UTF-8")
    {
        JsonProblem::String
    } else {
        JsonProblem::Syntax
    }
}
