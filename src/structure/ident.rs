//! Identifiers: the names of attributes, blocks, variables and functions.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;

use crate::syntax::is_identifier;

/// A valid HCL identifier (Unicode's UAX #31 with HCL's `-` and `_`, as
/// Go's `hclsyntax.ValidIdentifier`).
///
/// ```
/// use hcl::structure::Identifier;
/// assert_eq!(Identifier::new("aws_vpc").unwrap().as_str(), "aws_vpc");
/// assert!(Identifier::new("1st").is_err());
/// assert_eq!(Identifier::sanitized("1st try!").as_str(), "_1st_try_");
/// // `From` sanitizes, as hcl-rs's does.
/// assert_eq!(Identifier::from("a b").as_str(), "a_b");
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Identifier(String);

impl Identifier {
    /// `ident` when it is a valid identifier.
    ///
    /// # Errors
    /// When it is not: empty, starting with a character an identifier
    /// cannot start with, or holding one it cannot hold.
    pub fn new(ident: impl Into<String>) -> crate::Result<Identifier> {
        let ident = ident.into();
        if is_identifier(&ident) {
            Ok(Identifier(ident))
        } else {
            Err(crate::Error::new(
                crate::ErrorKind::Parse,
                format!(
                    "invalid identifier {}",
                    crate::value::convert::quoted(&ident)
                ),
            ))
        }
    }

    /// `ident` made valid: each character an identifier cannot hold is
    /// replaced by `_`, and one that cannot start it is preceded by `_`
    /// (an empty name is `_`).
    pub fn sanitized(ident: impl AsRef<str>) -> Identifier {
        let ident = ident.as_ref();
        if is_identifier(ident) {
            return Identifier(ident.to_owned());
        }
        let mut out = String::with_capacity(ident.len() + 1);
        // (A character an identifier can hold after its first.)
        let mut probe = String::with_capacity(8);
        for c in ident.chars() {
            probe.clear();
            probe.push('a');
            probe.push(c);
            out.push(if is_identifier(&probe) { c } else { '_' });
        }
        if !is_identifier(&out) {
            out.insert(0, '_');
        }
        Identifier(out)
    }

    /// `ident` as it is, unchecked: writing it may give text that does not
    /// parse.
    pub fn unchecked(ident: impl Into<String>) -> Identifier {
        Identifier(ident.into())
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name, owned.
    pub fn into_inner(self) -> String {
        self.0
    }
}

impl From<&str> for Identifier {
    fn from(s: &str) -> Identifier {
        Identifier::sanitized(s)
    }
}

impl From<String> for Identifier {
    fn from(s: String) -> Identifier {
        if is_identifier(&s) {
            Identifier(s)
        } else {
            Identifier::sanitized(s)
        }
    }
}

impl From<&String> for Identifier {
    fn from(s: &String) -> Identifier {
        Identifier::sanitized(s)
    }
}

impl From<Cow<'_, str>> for Identifier {
    fn from(s: Cow<'_, str>) -> Identifier {
        Identifier::from(s.into_owned())
    }
}

impl From<Identifier> for String {
    fn from(i: Identifier) -> String {
        i.0
    }
}

impl fmt::Debug for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identifier({:?})", self.0)
    }
}

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Deref for Identifier {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Identifier {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Identifier {
    fn borrow(&self) -> &str {
        &self.0
    }
}
