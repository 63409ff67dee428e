//! A strict XML 1.0 reader for the tests: it checks that a document is well-formed and returns
//! its element tree. It is written from the XML 1.0 specification (fifth edition), not from
//! the writer it checks, and rejects what a conforming parser rejects in the documents a
//! diagram could be: a second root, unclosed or crossed tags, a repeated attribute, an
//! unquoted or `<`-holding attribute value, a bare `&` or an unknown entity, `]]>` in text, a
//! character outside `Char` (controls, U+FFFE, U+FFFF), a malformed name, text outside the
//! root. A document type declaration is refused (a diagram has none).

use std::fmt;

/// An element: its name, attributes in document order, and children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
}

/// A child of an element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Element(Element),
    /// Character data with references replaced.
    Text(String),
}

impl Element {
    /// The value of an attribute.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The child elements.
    pub fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|n| match n {
            Node::Element(e) => Some(e),
            Node::Text(_) => None,
        })
    }

    /// Every element below this one (and itself), depth first.
    pub fn descendants(&self) -> Vec<&Element> {
        let mut out = vec![self];
        let mut i = 0;
        while i < out.len() {
            let e = out[i];
            out.extend(e.elements());
            i += 1;
        }
        out
    }

    /// The child `g` with this `class`.
    pub fn group(&self, class: &str) -> Option<&Element> {
        self.elements()
            .find(|e| e.name == "g" && e.attr("class") == Some(class))
    }

    /// The text of the element and its descendants, in order.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for n in &self.children {
            match n {
                Node::Text(t) => s.push_str(t),
                Node::Element(e) => s.push_str(&e.text()),
            }
        }
        s
    }
}

/// Why a document is not well-formed, at which byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    pub offset: usize,
    pub what: String,
}

impl fmt::Display for XmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.what)
    }
}

/// Parses a whole document and returns its root element.
pub fn parse(doc: &str) -> Result<Element, XmlError> {
    let mut p = Parser { s: doc, i: 0 };
    for c in doc.chars() {
        if !is_char(c) {
            return Err(p.err(&format!("character U+{:04X} is not allowed", c as u32)));
        }
    }
    if p.rest().starts_with('\u{feff}') {
        p.i += 3;
    }
    if p.rest().starts_with("<?xml") {
        p.pi()?;
    }
    p.misc()?;
    if p.rest().starts_with("<!DOCTYPE") {
        return Err(p.err("a document type declaration"));
    }
    if !p.rest().starts_with('<') {
        return Err(p.err("expected the root element"));
    }
    let root = p.element()?;
    p.misc()?;
    if p.i != doc.len() {
        return Err(p.err("content after the root element"));
    }
    Ok(root)
}

/// XML 1.0 `Char`.
fn is_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

fn is_name_start(c: char) -> bool {
    matches!(c, ':' | 'A'..='Z' | '_' | 'a'..='z' | '\u{c0}'..='\u{d6}' | '\u{d8}'..='\u{f6}'
        | '\u{f8}'..='\u{2ff}' | '\u{370}'..='\u{37d}' | '\u{37f}'..='\u{1fff}'
        | '\u{200c}'..='\u{200d}' | '\u{2070}'..='\u{218f}' | '\u{2c00}'..='\u{2fef}'
        | '\u{3001}'..='\u{d7ff}' | '\u{f900}'..='\u{fdcf}' | '\u{fdf0}'..='\u{fffd}'
        | '\u{10000}'..='\u{effff}')
}

fn is_name_char(c: char) -> bool {
    is_name_start(c)
        || matches!(c, '-' | '.' | '0'..='9' | '\u{b7}' | '\u{300}'..='\u{36f}' | '\u{203f}'..='\u{2040}')
}

struct Parser<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }

    fn err(&self, what: &str) -> XmlError {
        XmlError {
            offset: self.i,
            what: what.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn eat(&mut self, t: &str) -> Result<(), XmlError> {
        if self.rest().starts_with(t) {
            self.i += t.len();
            Ok(())
        } else {
            Err(self.err(&format!("expected `{t}`")))
        }
    }

    /// `S?`; returns whether any white space was read.
    fn space(&mut self) -> bool {
        let start = self.i;
        while let Some(c) = self.peek() {
            if matches!(c, ' ' | '\t' | '\n' | '\r') {
                self.i += 1;
            } else {
                break;
            }
        }
        self.i > start
    }

    fn name(&mut self) -> Result<&'a str, XmlError> {
        let start = self.i;
        match self.peek() {
            Some(c) if is_name_start(c) => self.i += c.len_utf8(),
            _ => return Err(self.err("expected a name")),
        }
        while let Some(c) = self.peek() {
            if is_name_char(c) {
                self.i += c.len_utf8();
            } else {
                break;
            }
        }
        Ok(&self.s[start..self.i])
    }

    /// Comments, processing instructions and white space.
    fn misc(&mut self) -> Result<(), XmlError> {
        loop {
            self.space();
            if self.rest().starts_with("<!--") {
                self.comment()?;
            } else if self.rest().starts_with("<?") {
                self.pi()?;
            } else {
                return Ok(());
            }
        }
    }

    fn comment(&mut self) -> Result<(), XmlError> {
        self.eat("<!--")?;
        let end = self
            .rest()
            .find("--")
            .ok_or_else(|| self.err("unclosed comment"))?;
        self.i += end;
        self.eat("-->")
            .map_err(|_| self.err("`--` inside a comment"))
    }

    fn pi(&mut self) -> Result<(), XmlError> {
        self.eat("<?")?;
        self.name()?;
        let end = self
            .rest()
            .find("?>")
            .ok_or_else(|| self.err("unclosed processing instruction"))?;
        self.i += end + 2;
        Ok(())
    }

    /// `&...;` at the cursor, replaced by its character.
    fn reference(&mut self) -> Result<char, XmlError> {
        self.eat("&")?;
        let end = self
            .rest()
            .find(';')
            .ok_or_else(|| self.err("`&` without `;`"))?;
        let body = &self.rest()[..end];
        let c = match body {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = body.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = body.strip_prefix('#') {
                    dec.parse::<u32>().ok()
                } else {
                    return Err(self.err(&format!("unknown entity `&{body};`")));
                };
                match code.and_then(char::from_u32) {
                    Some(c) if is_char(c) => c,
                    _ => return Err(self.err(&format!("bad character reference `&{body};`"))),
                }
            }
        };
        self.i += end + 1;
        Ok(c)
    }

    fn attr_value(&mut self) -> Result<String, XmlError> {
        let quote = match self.peek() {
            Some(q @ ('"' | '\'')) => q,
            _ => return Err(self.err("an attribute value must be quoted")),
        };
        self.i += 1;
        let mut v = String::new();
        loop {
            match self.peek() {
                None => return Err(self.err("unclosed attribute value")),
                Some(c) if c == quote => {
                    self.i += 1;
                    return Ok(v);
                }
                Some('<') => return Err(self.err("`<` in an attribute value")),
                Some('&') => v.push(self.reference()?),
                // Attribute-value normalisation of white space.
                Some(c @ ('\t' | '\n' | '\r')) => {
                    self.i += c.len_utf8();
                    v.push(' ');
                }
                Some(c) => {
                    self.i += c.len_utf8();
                    v.push(c);
                }
            }
        }
    }

    fn element(&mut self) -> Result<Element, XmlError> {
        self.eat("<")?;
        let name = self.name()?.to_string();
        let mut attrs: Vec<(String, String)> = Vec::new();
        loop {
            let spaced = self.space();
            if self.rest().starts_with("/>") {
                self.i += 2;
                return Ok(Element {
                    name,
                    attrs,
                    children: Vec::new(),
                });
            }
            if self.rest().starts_with('>') {
                self.i += 1;
                break;
            }
            if !spaced {
                return Err(self.err("expected white space before an attribute"));
            }
            let at = self.name()?.to_string();
            if attrs.iter().any(|(n, _)| *n == at) {
                return Err(self.err(&format!("attribute `{at}` given twice")));
            }
            self.space();
            self.eat("=")?;
            self.space();
            let v = self.attr_value()?;
            attrs.push((at, v));
        }
        let mut children = Vec::new();
        let mut text = String::new();
        loop {
            let rest = self.rest();
            if rest.starts_with("</") {
                self.i += 2;
                let end = self.name()?;
                if end != name {
                    return Err(self.err(&format!("`</{end}>` closes `<{name}>`")));
                }
                self.space();
                self.eat(">")?;
                if !text.is_empty() {
                    children.push(Node::Text(text));
                }
                return Ok(Element {
                    name,
                    attrs,
                    children,
                });
            } else if rest.starts_with("<!--") {
                self.comment()?;
            } else if rest.starts_with("<![CDATA[") {
                self.i += 9;
                let end = self
                    .rest()
                    .find("]]>")
                    .ok_or_else(|| self.err("unclosed CDATA section"))?;
                text.push_str(&self.rest()[..end]);
                self.i += end + 3;
            } else if rest.starts_with("<?") {
                self.pi()?;
            } else if rest.starts_with('<') {
                if !text.is_empty() {
                    children.push(Node::Text(std::mem::take(&mut text)));
                }
                children.push(Node::Element(self.element()?));
            } else if rest.starts_with('&') {
                text.push(self.reference()?);
            } else if rest.starts_with("]]>") {
                return Err(self.err("`]]>` in text"));
            } else if let Some(c) = self.peek() {
                self.i += c.len_utf8();
                text.push(c);
            } else {
                return Err(self.err(&format!("`<{name}>` is not closed")));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn well_formed_documents_read() {
        let e = parse("<?xml version=\"1.0\"?>\n<a x='1' y=\"&lt;&#x41;&#66;\"><b/>t&amp;u<![CDATA[<>]]><!-- c --></a>\n")
            .unwrap();
        assert_eq!(e.name, "a");
        assert_eq!(e.attr("y"), Some("<AB"));
        assert_eq!(e.text(), "t&u<>");
        assert_eq!(e.elements().count(), 1);
    }

    #[test]
    fn malformed_documents_fail() {
        for bad in [
            "",
            "<a>",
            "<a></b>",
            "<a><b></a></b>",
            "<a/><b/>",
            "text<a/>",
            "<a x=1/>",
            "<a x='1' x='2'/>",
            "<a x='<'/>",
            "<a x='1'y='2'/>",
            "<a>&</a>",
            "<a>&nbsp;</a>",
            "<a>&#0;</a>",
            "<a>]]></a>",
            "<a>\u{1}</a>",
            "<a>\u{ffff}</a>",
            "<1a/>",
            "<!DOCTYPE a><a/>",
            "<a><!-- -- --></a>",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
