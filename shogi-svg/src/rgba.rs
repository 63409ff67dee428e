use core::fmt;
use core::str::FromStr;

/// A colour with opacity: red, green, blue and alpha, 0 to 255 each.
///
/// Written into the SVG as `#rrggbb` (lower-case hex) and, when `a` is below 255, an opacity
/// with three decimals, so that every renderer reads it (SVG 1.1 has no eight-digit hex
/// colours).
///
/// It reads from text as CSS writes colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, or one of
/// the names listed at [`Rgba::NAMED`].
///
/// ```
/// use shogi_svg::Rgba;
///
/// assert_eq!("#f00".parse::<Rgba>()?, Rgba::rgb(255, 0, 0));
/// assert_eq!("#00ff0080".parse::<Rgba>()?, Rgba::new(0, 255, 0, 128));
/// assert_eq!("orange".parse::<Rgba>()?, Rgba::rgb(255, 165, 0));
/// assert_eq!(Rgba::new(0, 128, 255, 64).to_string(), "#0080ff40");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
    /// Alpha: 0 is transparent, 255 opaque.
    pub a: u8,
}

impl Rgba {
    /// A colour with its opacity.
    #[must_use]
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }

    /// An opaque colour.
    #[must_use]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// The same colour with the alpha `a`.
    #[must_use]
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// The colour names that [`FromStr`] reads, with their values (those of CSS).
    pub const NAMED: [(&'static str, Rgba); 20] = [
        ("black", Rgba::rgb(0, 0, 0)),
        ("white", Rgba::rgb(255, 255, 255)),
        ("gray", Rgba::rgb(128, 128, 128)),
        ("grey", Rgba::rgb(128, 128, 128)),
        ("red", Rgba::rgb(255, 0, 0)),
        ("green", Rgba::rgb(0, 128, 0)),
        ("lime", Rgba::rgb(0, 255, 0)),
        ("blue", Rgba::rgb(0, 0, 255)),
        ("yellow", Rgba::rgb(255, 255, 0)),
        ("orange", Rgba::rgb(255, 165, 0)),
        ("purple", Rgba::rgb(128, 0, 128)),
        ("magenta", Rgba::rgb(255, 0, 255)),
        ("cyan", Rgba::rgb(0, 255, 255)),
        ("pink", Rgba::rgb(255, 192, 203)),
        ("brown", Rgba::rgb(165, 42, 42)),
        ("navy", Rgba::rgb(0, 0, 128)),
        ("teal", Rgba::rgb(0, 128, 128)),
        ("olive", Rgba::rgb(128, 128, 0)),
        ("maroon", Rgba::rgb(128, 0, 0)),
        ("transparent", Rgba::new(0, 0, 0, 0)),
    ];
}

/// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque (the form [`FromStr`] reads back).
impl fmt::Display for Rgba {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)?;
        if self.a != 255 {
            write!(f, "{:02x}", self.a)?;
        }
        Ok(())
    }
}

/// Why a colour cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRgbaError {
    /// A `#` colour with a number of digits other than 3, 4, 6 or 8, or a character that is not
    /// a hex digit.
    #[error("colour: `#` must be followed by 3, 4, 6 or 8 hex digits")]
    BadHex,
    /// Neither a `#` colour nor a known name.
    #[error("colour: expected #rgb, #rrggbb, #rrggbbaa or a name such as red")]
    Unknown,
}

impl FromStr for Rgba {
    type Err = ParseRgbaError;

    fn from_str(s: &str) -> Result<Rgba, ParseRgbaError> {
        if let Some(hex) = s.strip_prefix('#') {
            return parse_hex(hex);
        }
        Rgba::NAMED
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s))
            .map(|&(_, c)| c)
            .ok_or(ParseRgbaError::Unknown)
    }
}

/// The colour of the hex digits after `#`.
fn parse_hex(hex: &str) -> Result<Rgba, ParseRgbaError> {
    let mut digits = [0u8; 8];
    let mut n = 0;
    for c in hex.chars() {
        let d = c.to_digit(16).ok_or(ParseRgbaError::BadHex)?;
        if n == digits.len() {
            return Err(ParseRgbaError::BadHex);
        }
        // A hex digit is below 16.
        digits[n] = d as u8;
        n += 1;
    }
    let [a, b, c, d, e, f, g, h] = digits;
    match n {
        3 => Ok(Rgba::rgb(a * 17, b * 17, c * 17)),
        4 => Ok(Rgba::new(a * 17, b * 17, c * 17, d * 17)),
        6 => Ok(Rgba::rgb(a * 16 + b, c * 16 + d, e * 16 + f)),
        8 => Ok(Rgba::new(a * 16 + b, c * 16 + d, e * 16 + f, g * 16 + h)),
        _ => Err(ParseRgbaError::BadHex),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        assert_eq!("#abc".parse(), Ok(Rgba::rgb(0xaa, 0xbb, 0xcc)));
        assert_eq!("#abcd".parse(), Ok(Rgba::new(0xaa, 0xbb, 0xcc, 0xdd)));
        assert_eq!("#A0B1C2".parse(), Ok(Rgba::rgb(0xa0, 0xb1, 0xc2)));
        assert_eq!("#a0b1c2d3".parse(), Ok(Rgba::new(0xa0, 0xb1, 0xc2, 0xd3)));
        assert_eq!("RED".parse(), Ok(Rgba::rgb(255, 0, 0)));
        assert_eq!("transparent".parse::<Rgba>().map(|c| c.a), Ok(0));
        for bad in [
            "#",
            "#12",
            "#12345",
            "#1234567",
            "#123456789",
            "#ggg",
            "#１２３",
        ] {
            assert_eq!(bad.parse::<Rgba>(), Err(ParseRgbaError::BadHex), "{bad}");
        }
        for bad in ["", "redd", "rgb(1,2,3)", "12"] {
            assert_eq!(bad.parse::<Rgba>(), Err(ParseRgbaError::Unknown), "{bad}");
        }
    }

    #[test]
    fn display_reads_back() {
        for c in [
            Rgba::rgb(1, 2, 3),
            Rgba::new(255, 254, 0, 7),
            Rgba::new(0, 0, 0, 0),
        ] {
            assert_eq!(c.to_string().parse(), Ok(c));
        }
        assert_eq!(Rgba::rgb(255, 0, 16).to_string(), "#ff0010");
    }
}
