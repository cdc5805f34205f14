//! [`Key`]: an object's attribute name.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use compact_str::CompactString;

/// An object key (an attribute name or a map key): a string kept inline,
/// without allocating, when it is at most 24 bytes long, as almost every
/// key in real configurations is.
///
/// It reads as a `&str` (`Deref`, `Borrow<str>`, comparisons with `str`
/// and `String`), so a [`Map`](super::Map) is looked up by `&str`.
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
pub struct Key(CompactString);

impl Key {
    /// The key as a `&str`.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The key as a `String`.
    pub fn into_string(self) -> String {
        self.0.into_string()
    }
}

impl Deref for Key {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<str> for Key {
    #[inline]
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl Borrow<str> for Key {
    #[inline]
    fn borrow(&self) -> &str {
        self.0.as_str()
    }
}

// Hashes as the `str` it holds, as `Borrow<str>` requires.
impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.as_str().hash(state);
    }
}

impl From<&str> for Key {
    #[inline]
    fn from(s: &str) -> Key {
        Key(CompactString::new(s))
    }
}

impl From<&String> for Key {
    #[inline]
    fn from(s: &String) -> Key {
        Key(CompactString::new(s))
    }
}

impl From<String> for Key {
    #[inline]
    fn from(s: String) -> Key {
        Key(CompactString::from(s))
    }
}

impl From<&Key> for Key {
    #[inline]
    fn from(k: &Key) -> Key {
        k.clone()
    }
}

impl From<std::borrow::Cow<'_, str>> for Key {
    #[inline]
    fn from(s: std::borrow::Cow<'_, str>) -> Key {
        Key(CompactString::from(s))
    }
}

impl From<char> for Key {
    fn from(c: char) -> Key {
        Key(CompactString::from(c.encode_utf8(&mut [0; 4]) as &str))
    }
}

impl From<Key> for String {
    #[inline]
    fn from(k: Key) -> String {
        k.into_string()
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

macro_rules! eq_str {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Key {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Key> for $t {
            #[inline]
            fn eq(&self, other: &Key) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )*};
}
eq_str!(str, &str, String);

impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Key, E> {
                Ok(Key::from(s))
            }
            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Key, E> {
                Ok(Key::from(s))
            }
        }
        d.deserialize_str(V)
    }
}
