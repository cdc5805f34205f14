//! [`AttributeTypes`]: an object type's attributes and their types.
//!
//! An object type is built for every object value whose type is asked for
//! or whose parts are not all known (a resource instance with its computed
//! attributes unknown, a module's outputs, ...), so building one is on the
//! evaluator's hot path. The attributes are one sorted vector whose names
//! are [`Key`]s (inline up to 24 bytes): building an object type of `n`
//! attributes allocates once, not once per name and per tree node.

use std::fmt;

use super::{Key, Type};

/// The attributes of an object type, in byte order of their names, each
/// with its type (cty's `AttributeTypes`).
///
/// It reads like a sorted map: [`get`](AttributeTypes::get),
/// [`contains_key`](AttributeTypes::contains_key),
/// [`iter`](AttributeTypes::iter), [`keys`](AttributeTypes::keys),
/// [`values`](AttributeTypes::values), and `attrs["name"]`. It is made
/// from `(name, type)` pairs; a name given twice keeps its last type.
///
/// ```
/// use hcl::Type;
/// let t = Type::parse("object({port = number, name = string})").unwrap();
/// let Type::Object(attrs) = &t else { unreachable!() };
/// assert_eq!(attrs.keys().map(|k| k.as_str()).collect::<Vec<_>>(), ["name", "port"]);
/// assert_eq!(attrs.get("port"), Some(&Type::Number));
/// assert_eq!(attrs["name"], Type::String);
/// assert!(!attrs.contains_key("id"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttributeTypes(Vec<(Key, Type)>);

impl AttributeTypes {
    /// No attributes (the type `object({})`).
    pub const fn new() -> AttributeTypes {
        AttributeTypes(Vec::new())
    }

    /// The type of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&Type> {
        self.position(name).map(|i| &self.0[i].1)
    }

    /// Whether there is an attribute `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Where attribute `name` is in name order.
    fn position(&self, name: &str) -> Option<usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(name)).ok()
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each attribute's name and type, in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Key, &Type)> + ExactSizeIterator {
        self.0.iter().map(|(k, t)| (k, t))
    }

    /// The names, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }

    /// The types, in name order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Type> + ExactSizeIterator {
        self.0.iter().map(|(_, t)| t)
    }
}

impl<K: Into<Key>> FromIterator<(K, Type)> for AttributeTypes {
    fn from_iter<I: IntoIterator<Item = (K, Type)>>(iter: I) -> AttributeTypes {
        let mut attrs: Vec<(Key, Type)> = iter.into_iter().map(|(k, t)| (k.into(), t)).collect();
        sort_last_kept(&mut attrs);
        AttributeTypes(attrs)
    }
}

/// Puts `(name, value)` pairs in name order, keeping of a name given more
/// than once the last value, as a map built from the pairs keeps it.
pub(crate) fn sort_last_kept<K: Ord, V>(items: &mut Vec<(K, V)>) {
    if items.windows(2).all(|w| w[0].0 < w[1].0) {
        return;
    }
    // (Stable: of one name, the last given comes last; it replaces the one
    // kept before it.)
    items.sort_by(|a, b| a.0.cmp(&b.0));
    items.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            std::mem::swap(later, kept);
        }
        same
    });
}

impl<'a> IntoIterator for &'a AttributeTypes {
    type Item = (&'a Key, &'a Type);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (Key, Type)>,
        fn(&'a (Key, Type)) -> (&'a Key, &'a Type),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, t)| (k, t))
    }
}

impl std::ops::Index<&str> for AttributeTypes {
    type Output = Type;
    /// The type of attribute `name`; panics when there is none, as a
    /// map's index does.
    fn index(&self, name: &str) -> &Type {
        match self.get(name) {
            Some(t) => t,
            None => panic!("no attribute {name:?} in the object type"),
        }
    }
}

impl fmt::Debug for AttributeTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
