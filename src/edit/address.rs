//! [`Address`]: where an item is, as `hcl edit` takes it.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};

/// An address: block types and labels, then (for an attribute) its name.
///
/// ```
/// let a = hcl::edit::Address::parse(r#"resource."a.b".c.x"#).unwrap();
/// assert_eq!(a.segments(), ["resource", "a.b", "c", "x"]);
/// assert_eq!(a.to_string(), r#"resource."a.b".c.x"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    segments: Vec<String>,
}

impl Address {
    /// Reads `a.b."c.d".e`: segments joined by dots, a segment with a dot
    /// (or a quote, escaped `\"`) written in quotes.
    ///
    /// # Errors
    /// An empty address or segment, or an unclosed quote.
    ///
    /// ```
    /// use hcl::edit::Address;
    /// let a = Address::parse(r#"locals."a.b".c"#).unwrap();
    /// assert_eq!(a.segments(), ["locals", "a.b", "c"]);
    /// assert!(Address::parse("a..b").is_err());
    /// assert!(Address::parse("a.\"b").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Address> {
        let mut segments = Vec::new();
        let mut chars = s.chars().peekable();
        loop {
            let mut seg = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                loop {
                    match chars.next() {
                        None => return Err(bad_address(s, "an unclosed quote")),
                        Some('"') => break,
                        Some('\\') => seg.extend(chars.next()),
                        Some(c) => seg.push(c),
                    }
                }
                if !matches!(chars.peek(), None | Some('.')) {
                    return Err(bad_address(s, "a quoted segment must end at a dot"));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c == '.' {
                        break;
                    }
                    seg.push(c);
                    chars.next();
                }
                if seg.is_empty() {
                    return Err(bad_address(s, "an empty segment"));
                }
            }
            segments.push(seg);
            match chars.next() {
                None => break,
                Some(_) => continue,
            }
        }
        Ok(Address { segments })
    }

    /// An address of these segments.
    pub(super) fn from_segments(segments: Vec<String>) -> Address {
        Address { segments }
    }

    /// The segments.
    ///
    /// ```
    /// let a = hcl::edit::Address::parse("module.vpc.version").unwrap();
    /// assert_eq!(a.segments(), ["module", "vpc", "version"]);
    /// ```
    pub fn segments(&self) -> &[String] {
        &self.segments
    }
}

#[cold]
fn bad_address(s: &str, why: &str) -> Error {
    Error::new(ErrorKind::Parse, format!("invalid address `{s}`: {why}"))
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            if s.contains('.') || s.contains('"') || s.is_empty() {
                write!(f, "\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))?;
            } else {
                f.write_str(s)?;
            }
        }
        Ok(())
    }
}
