//! [`Str`]: HCL's strings, as values and as object keys ([`Key`]).

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use compact_str::CompactString;

/// A string of HCL's information model: kept inline, without allocating,
/// when it is at most 24 bytes long, as almost every object key and most
/// string values in real configurations are.
///
/// It reads as a `&str` (`Deref`, `Borrow<str>`, comparisons with `str`
/// and `String`), so a [`Map`](super::Map) is looked up by `&str`, and it
/// converts from and into `String`.
///
/// ```
/// use hcl::{Key, Map, Value};
/// let mut m: Map<Key, Value> = Map::new();
/// m.insert("region", Value::from("eu-west-1"));
/// let (k, _) = m.iter().next().unwrap();
/// assert_eq!(k, "region");
/// assert_eq!(k.len(), 6);
/// assert_eq!(String::from(k.clone()), "region");
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Str(CompactString);

/// An object key (an attribute name or a map key): a [`Str`].
///
/// ```
/// use hcl::{Key, Map, Value};
/// let m: Map<Key, Value> = [(Key::from("region"), Value::from("eu"))].into_iter().collect();
/// assert_eq!(m["region"], "eu");
/// ```
pub type Key = Str;

impl Str {
    /// The string as a `&str`.
    ///
    /// ```
    /// let s = hcl::Str::from("eu-west-1");
    /// assert_eq!(s.as_str(), "eu-west-1");
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Whether the string lives in its own allocation (longer than 24
    /// bytes) rather than inline.
    ///
    /// ```
    /// use hcl::Str;
    /// assert!(!Str::from("x".repeat(24)).is_heap_allocated());
    /// assert!(Str::from("x".repeat(25)).is_heap_allocated());
    /// ```
    #[inline]
    pub fn is_heap_allocated(&self) -> bool {
        self.0.is_heap_allocated()
    }

    /// The string as a `String`.
    ///
    /// ```
    /// let s = hcl::Str::from("web");
    /// assert_eq!(s.into_string(), String::from("web"));
    /// ```
    pub fn into_string(self) -> String {
        self.0.into_string()
    }
}

impl Deref for Str {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<str> for Str {
    #[inline]
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl Borrow<str> for Str {
    #[inline]
    fn borrow(&self) -> &str {
        self.0.as_str()
    }
}

// Hashes as the `str` it holds, as `Borrow<str>` requires.
impl Hash for Str {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.as_str().hash(state);
    }
}

impl From<&str> for Str {
    #[inline]
    fn from(s: &str) -> Str {
        Str(CompactString::new(s))
    }
}

impl From<&String> for Str {
    #[inline]
    fn from(s: &String) -> Str {
        Str(CompactString::new(s))
    }
}

impl From<String> for Str {
    #[inline]
    fn from(s: String) -> Str {
        Str(CompactString::from(s))
    }
}

impl From<&Str> for Str {
    #[inline]
    fn from(k: &Str) -> Str {
        k.clone()
    }
}

impl From<std::borrow::Cow<'_, str>> for Str {
    #[inline]
    fn from(s: std::borrow::Cow<'_, str>) -> Str {
        Str(CompactString::from(s))
    }
}

impl From<char> for Str {
    fn from(c: char) -> Str {
        Str(CompactString::from(c.encode_utf8(&mut [0; 4]) as &str))
    }
}

impl FromIterator<char> for Str {
    fn from_iter<I: IntoIterator<Item = char>>(chars: I) -> Str {
        Str(chars.into_iter().collect())
    }
}

impl<'a> FromIterator<&'a str> for Str {
    fn from_iter<I: IntoIterator<Item = &'a str>>(parts: I) -> Str {
        Str(parts.into_iter().collect())
    }
}

impl From<Str> for String {
    #[inline]
    fn from(k: Str) -> String {
        k.into_string()
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

macro_rules! eq_str {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Str {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Str> for $t {
            #[inline]
            fn eq(&self, other: &Str) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )*};
}
eq_str!(str, &str, String);

impl serde::Serialize for Str {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Str {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Str, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Str;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Str, E> {
                Ok(Str::from(s))
            }
            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Str, E> {
                Ok(Str::from(s))
            }
        }
        d.deserialize_str(V)
    }
}
