//! The `option` message: an option the engine offers.
//!
//! ```
//! use shogi_usi::EngineMessage;
//! use shogi_usi::option::{OptionDef, OptionKind};
//!
//! let msg: EngineMessage = "option name Hash type spin default 16 min 1 max 131072".parse()?;
//! assert_eq!(
//!     msg,
//!     EngineMessage::Option(OptionDef {
//!         name: "Hash".into(),
//!         kind: OptionKind::Spin { default: Some(16), min: Some(1), max: Some(131072) },
//!     })
//! );
//!
//! // `<empty>`, and nothing at all after `default`, are the empty text.
//! let msg: EngineMessage = "option name Debug Log File type string default ".parse()?;
//! let EngineMessage::Option(def) = &msg else { unreachable!() };
//! assert_eq!(def.kind, OptionKind::String { default: Some(String::new()) });
//! assert_eq!(msg.to_string(), "option name Debug Log File type string default <empty>");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::error::ParseUsiMessageError as E;
use crate::lex::{Cursor, EMPTY, Tok, option_text};

/// An option the engine offers: `option name <name> type <type> ...`.
///
/// The name runs from after `name` to before the word `type`, so it may contain spaces
/// (`Clear Hash`, `Debug Log File`). It must not be empty, start or end with whitespace, or
/// contain the word `type`; every name the reader returns is so.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionDef {
    /// The option's name.
    pub name: String,
    /// Its type, default and limits.
    pub kind: OptionKind,
}

/// The type of an option, with its default and limits.
///
/// Text values (`String`, `Filename` and `Combo` defaults, combo `vars`) are the empty text
/// when the engine writes `<empty>`, and are written back as `<empty>`. A `String` or
/// `Filename` default is the rest of the line; `Combo` texts run to the next `default` or
/// `var`. Texts must not start or end with whitespace, and combo texts must not contain the
/// words `default` or `var`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `type check [default true|false]`.
    Check {
        /// The default.
        default: Option<bool>,
    },
    /// `type spin [default <n>] [min <n>] [max <n>]`.
    Spin {
        /// The default.
        default: Option<i64>,
        /// The smallest value.
        min: Option<i64>,
        /// The largest value.
        max: Option<i64>,
    },
    /// `type combo [default <text>] var <text>...`.
    Combo {
        /// The default.
        default: Option<String>,
        /// The choices, in order.
        vars: Vec<String>,
    },
    /// `type button`: no value, `setoption name <name>` presses it.
    Button,
    /// `type string [default <text>]`.
    String {
        /// The default.
        default: Option<String>,
    },
    /// `type filename [default <text>]`.
    Filename {
        /// The default.
        default: Option<String>,
    },
}

const TYPES: &str = "check, spin, combo, button, string or filename";

pub(crate) fn parse_option(c: &mut Cursor<'_, '_>, key: Tok<'_>) -> Result<OptionDef, E> {
    let name_key = c.value(key, "option", "'name'")?;
    if name_key.text != "name" {
        return Err(c.bad_value(name_key, "option", "'name'"));
    }
    let name_toks = c.take_until(|t| t == "type");
    if name_toks.is_empty() {
        return Err(E::MissingValue {
            context: "option",
            field: "name",
            start: name_key.start,
            end: name_key.end(),
            expected: "the option's name",
        });
    }
    let name = String::from(c.text(name_toks));
    let type_key = c.next().ok_or(E::MissingValue {
        context: "option",
        field: "type",
        start: name_key.start,
        end: name_toks.last().map_or(name_key.end(), Tok::end),
        expected: "'type' and one of check, spin, combo, button, string or filename",
    })?;
    let ty = c.value(type_key, "type", TYPES)?;
    let kind = match ty.text {
        "check" => parse_check(c)?,
        "spin" => parse_spin(c)?,
        "combo" => parse_combo(c)?,
        "button" => {
            c.finish()?;
            OptionKind::Button
        }
        "string" => OptionKind::String {
            default: parse_text_default(c)?,
        },
        "filename" => OptionKind::Filename {
            default: parse_text_default(c)?,
        },
        _ => return Err(c.bad_value(ty, "type", TYPES)),
    };
    Ok(OptionDef { name, kind })
}

fn parse_check(c: &mut Cursor<'_, '_>) -> Result<OptionKind, E> {
    let mut default = None;
    while let Some(t) = c.next() {
        match t.text {
            "default" => {
                let v = c.value(t, "default", "true or false")?;
                let b = match v.text {
                    "true" => true,
                    "false" => false,
                    _ => return Err(c.bad_value(v, "default", "true or false")),
                };
                c.set(&mut default, b, t, "default")?;
            }
            _ if c.lenient => {}
            _ => return Err(c.unknown(t, "'default'")),
        }
    }
    Ok(OptionKind::Check { default })
}

fn parse_spin(c: &mut Cursor<'_, '_>) -> Result<OptionKind, E> {
    const EXPECTED: &str = "an integer, -2^63 to 2^63-1";
    let (mut default, mut min, mut max) = (None, None, None);
    while let Some(t) = c.next() {
        let (slot, field) = match t.text {
            "default" => (&mut default, "default"),
            "min" => (&mut min, "min"),
            "max" => (&mut max, "max"),
            _ if c.lenient => continue,
            _ => return Err(c.unknown(t, "'default', 'min' or 'max'")),
        };
        let v = c.number(t, field, EXPECTED)?;
        c.set(slot, v, t, field)?;
    }
    Ok(OptionKind::Spin { default, min, max })
}

fn parse_combo(c: &mut Cursor<'_, '_>) -> Result<OptionKind, E> {
    let mut default = None;
    let mut vars = Vec::new();
    let stop = |t: &str| t == "default" || t == "var";
    while let Some(t) = c.next() {
        match t.text {
            "default" => {
                let words = c.take_until(stop);
                c.set(&mut default, option_text(c.text(words)), t, "default")?;
            }
            "var" => {
                let words = c.take_until(stop);
                vars.push(option_text(c.text(words)));
            }
            _ if c.lenient => {}
            _ => return Err(c.unknown(t, "'default' or 'var'")),
        }
    }
    Ok(OptionKind::Combo { default, vars })
}

fn parse_text_default(c: &mut Cursor<'_, '_>) -> Result<Option<String>, E> {
    match c.next() {
        None => Ok(None),
        Some(t) if t.text == "default" => Ok(Some(option_text({
            let rest = c.take_rest();
            c.text(rest)
        }))),
        Some(_) if c.lenient => {
            // Skip unknown words up to `default`.
            c.take_until(|w| w == "default");
            parse_text_default(c)
        }
        Some(t) => Err(c.unknown(t, "'default'")),
    }
}

fn text(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str(if s.is_empty() { EMPTY } else { s })
}

impl fmt::Display for OptionKind {
    /// Writes `type <type>` and its attributes (`default`, `min`, `max`, `var`...).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Check { default } => {
                f.write_str("type check")?;
                if let Some(d) = default {
                    write!(f, " default {d}")?;
                }
            }
            OptionKind::Spin { default, min, max } => {
                f.write_str("type spin")?;
                for (k, v) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(v) = v {
                        write!(f, " {k} {v}")?;
                    }
                }
            }
            OptionKind::Combo { default, vars } => {
                f.write_str("type combo")?;
                if let Some(d) = default {
                    f.write_str(" default ")?;
                    text(f, d)?;
                }
                for v in vars {
                    f.write_str(" var ")?;
                    text(f, v)?;
                }
            }
            OptionKind::Button => f.write_str("type button")?,
            OptionKind::String { default } | OptionKind::Filename { default } => {
                let ty = if matches!(self, OptionKind::String { .. }) {
                    "string"
                } else {
                    "filename"
                };
                write!(f, "type {ty}")?;
                if let Some(d) = default {
                    f.write_str(" default ")?;
                    text(f, d)?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for OptionDef {
    /// Writes the canonical `option` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} {}", self.name, self.kind)
    }
}
