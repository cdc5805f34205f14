//! [`Map`]: an insertion-ordered map for HCL's objects.
//!
//! Most objects have a few attributes. Those live in one vector in
//! insertion order and are found by comparing keys: no hash table is
//! allocated or hashed into. A map that grows past `INDEX_FROM` (8) entries
//! becomes an [`IndexMap`](indexmap::IndexMap) (boxed, so every map is as small as a vector),
//! so large maps keep constant-time lookups. The index hashes with
//! foldhash (hashbrown's default hasher), randomly seeded per map: a
//! fraction of SipHash's cost on short keys, and keys can not be chosen
//! ahead of time to collide.

use std::borrow::Borrow;
use std::fmt;
use std::hash::Hash;
use std::ops::{Index, IndexMut};

use indexmap::IndexMap as RawIndexMap;

/// The hash index of a large map: foldhash, randomly seeded.
type IndexMap<K, V> = RawIndexMap<K, V, foldhash::fast::RandomState>;

/// The crate's hash maps and sets where keys are not chosen by an
/// attacker's collisions alone: foldhash, randomly seeded (see above).
pub(crate) type FastHashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
/// See [`FastHashMap`].
pub(crate) type FastHashSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

/// Above this many entries a map keeps a hash index.
const INDEX_FROM: usize = 8;

/// An ordered map (insertion order), as used for HCL objects: a
/// [`Value::Object`](crate::Value::Object) is a `Map<Key, Value>`.
///
/// Lookups take anything the key borrows as (`&str` for [`Key`](crate::Key)
/// and `String` keys); equality ignores order, as for maps.
///
/// ```
/// use hcl::{Key, Map, Value};
/// let mut m: Map<Key, Value> = Map::new();
/// m.insert("b", Value::from(1));
/// m.insert("a", Value::from(2));
/// assert_eq!(m.keys().map(|k| k.as_str()).collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(m["a"], Value::from(2));
/// assert_eq!(m.insert("b", Value::from(3)), Some(Value::from(1)));
/// assert_eq!(m.len(), 2);
/// ```
#[derive(Clone)]
pub struct Map<K, V>(Repr<K, V>);

#[derive(Clone)]
enum Repr<K, V> {
    Small(Vec<(K, V)>),
    Large(Box<IndexMap<K, V>>),
}

use Repr::{Large, Small};

impl<K, V> Default for Map<K, V> {
    fn default() -> Self {
        Map::new()
    }
}

impl<K, V> Map<K, V> {
    /// An empty map (it allocates when first inserted into).
    ///
    /// ```
    /// use hcl::Map;
    /// let mut m: Map<&str, i32> = Map::new();
    /// assert!(m.is_empty());
    /// m.insert("a", 1);
    /// assert_eq!(m.len(), 1);
    /// ```
    #[inline]
    pub const fn new() -> Self {
        Map(Small(Vec::new()))
    }

    /// An empty map with room for `n` entries.
    ///
    /// ```
    /// use hcl::Map;
    /// let mut m: Map<String, u32> = Map::with_capacity(20);
    /// assert!(m.is_empty());
    /// for i in 0..20 {
    ///     m.insert(format!("k{i}"), i);
    /// }
    /// assert_eq!(m.get("k19"), Some(&19));
    /// ```
    #[inline]
    pub fn with_capacity(n: usize) -> Self {
        if n > INDEX_FROM {
            Map(Large(Box::new(IndexMap::with_capacity_and_hasher(
                n,
                Default::default(),
            ))))
        } else {
            Map(Small(Vec::with_capacity(n)))
        }
    }

    /// The number of entries.
    ///
    /// ```
    /// let m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// assert_eq!(m.len(), 2);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Small(v) => v.len(),
            Large(m) => m.len(),
        }
    }

    /// Whether the map is empty.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// assert!(!m.is_empty());
    /// m.remove("a");
    /// assert!(m.is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every entry.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// m.clear();
    /// assert!(m.is_empty());
    /// assert_eq!(m.get("a"), None);
    /// ```
    pub fn clear(&mut self) {
        self.0 = Small(Vec::new());
    }

    /// The entries in order.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// let entries: Vec<(&&str, &i32)> = m.iter().collect();
    /// assert_eq!(entries, [(&"b", &2), (&"a", &1)]);
    /// assert_eq!(m.iter().rev().next(), Some((&"a", &1)));
    /// ```
    #[inline]
    pub fn iter(&self) -> Iter<'_, K, V> {
        match &self.0 {
            Small(v) => Iter(Either::Small(v.iter())),
            Large(m) => Iter(Either::Large(m.iter())),
        }
    }

    /// The entries in order, values mutable.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// for (_, v) in m.iter_mut() {
    ///     *v *= 10;
    /// }
    /// assert_eq!(m["a"], 10);
    /// assert_eq!(m["b"], 20);
    /// ```
    #[inline]
    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        match &mut self.0 {
            Small(v) => IterMut(Either::Small(v.iter_mut())),
            Large(m) => IterMut(Either::Large(m.iter_mut())),
        }
    }

    /// The keys in order.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    #[inline]
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.iter().map(|(k, _)| k)
    }

    /// The values in order.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.values().copied().collect::<Vec<_>>(), [2, 1]);
    /// ```
    #[inline]
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.iter().map(|(_, v)| v)
    }

    /// The values in order, mutable.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// m.values_mut().for_each(|v| *v += 1);
    /// assert_eq!(m.values().copied().collect::<Vec<_>>(), [2, 3]);
    /// ```
    #[inline]
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.iter_mut().map(|(_, v)| v)
    }

    /// The keys in order, by value.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.into_keys().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn into_keys(self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        self.into_iter().map(|(k, _)| k)
    }

    /// The values in order, by value.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.into_values().collect::<Vec<_>>(), [2, 1]);
    /// ```
    pub fn into_values(self) -> impl DoubleEndedIterator<Item = V> + ExactSizeIterator {
        self.into_iter().map(|(_, v)| v)
    }

    /// The entry at position `i`.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.get_index(1), Some((&"a", &1)));
    /// assert_eq!(m.get_index(2), None);
    /// ```
    #[inline]
    pub fn get_index(&self, i: usize) -> Option<(&K, &V)> {
        match &self.0 {
            Small(v) => v.get(i).map(|(k, v)| (k, v)),
            Large(m) => m.get_index(i),
        }
    }

    /// The entry at position `i`, its value mutable.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// if let Some((k, v)) = m.get_index_mut(1) {
    ///     assert_eq!(*k, "b");
    ///     *v = 20;
    /// }
    /// assert_eq!(m["b"], 20);
    /// ```
    #[inline]
    pub fn get_index_mut(&mut self, i: usize) -> Option<(&K, &mut V)> {
        match &mut self.0 {
            Small(v) => v.get_mut(i).map(|(k, v)| (&*k, v)),
            Large(m) => m.get_index_mut(i),
        }
    }

    /// The first entry.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.first(), Some((&"b", &2)));
    /// assert_eq!(hcl::Map::<&str, i32>::new().first(), None);
    /// ```
    #[inline]
    pub fn first(&self) -> Option<(&K, &V)> {
        self.get_index(0)
    }

    /// The last entry.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.last(), Some((&"a", &1)));
    /// assert_eq!(hcl::Map::<&str, i32>::new().last(), None);
    /// ```
    #[inline]
    pub fn last(&self) -> Option<(&K, &V)> {
        self.get_index(self.len().checked_sub(1)?)
    }
}

impl<K: Hash + Eq, V> Map<K, V> {
    /// The position of `key`.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.get_index_of("a"), Some(1));
    /// assert_eq!(m.get_index_of("z"), None);
    /// ```
    #[inline]
    pub fn get_index_of<Q>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        match &self.0 {
            Small(v) => v.iter().position(|(k, _)| k.borrow() == key),
            Large(m) => m.get_index_of(key),
        }
    }

    /// The value of `key`.
    ///
    /// ```
    /// use hcl::{Key, Map, Value};
    /// let mut m: Map<Key, Value> = Map::new();
    /// m.insert("name", Value::from("web"));
    /// assert_eq!(m.get("name"), Some(&Value::from("web")));
    /// assert_eq!(m.get("port"), None);
    /// ```
    #[inline]
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let i = self.get_index_of(key)?;
        self.get_index(i).map(|(_, v)| v)
    }

    /// The value of `key`, mutable.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// if let Some(v) = m.get_mut("a") {
    ///     *v += 1;
    /// }
    /// assert_eq!(m["a"], 2);
    /// assert!(m.get_mut("b").is_none());
    /// ```
    #[inline]
    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let i = self.get_index_of(key)?;
        self.get_index_mut(i).map(|(_, v)| v)
    }

    /// The key and value of `key`.
    ///
    /// ```
    /// use hcl::{Key, Map, Value};
    /// let mut m: Map<Key, Value> = Map::new();
    /// m.insert("a", Value::from(1));
    /// let (k, v) = m.get_key_value("a").unwrap();
    /// assert_eq!((k.as_str(), v), ("a", &Value::from(1)));
    /// assert!(m.get_key_value("b").is_none());
    /// ```
    pub fn get_key_value<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        self.get_index(self.get_index_of(key)?)
    }

    /// Whether `key` is in the map.
    ///
    /// ```
    /// let m = hcl::Map::from([("a", 1)]);
    /// assert!(m.contains_key("a"));
    /// assert!(!m.contains_key("b"));
    /// ```
    #[inline]
    pub fn contains_key<Q>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        self.get_index_of(key).is_some()
    }

    /// Makes room for `n` more entries.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// m.reserve(100);
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn reserve(&mut self, n: usize) {
        match &mut self.0 {
            Small(v) if v.len() + n <= INDEX_FROM => v.reserve(n),
            Small(_) => {}
            Large(m) => m.reserve(n),
        }
    }

    /// Sets `key` to `value`: an existing key keeps its position and its
    /// old value is returned; a new key goes last.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// assert_eq!(m.insert("a", 10), Some(1));
    /// assert_eq!(m.insert("c", 3), None);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// ```
    #[inline]
    pub fn insert(&mut self, key: impl Into<K>, value: V) -> Option<V> {
        self.insert_full(key, value).1
    }

    /// Like [`insert`](Self::insert), returning the position too.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// assert_eq!(m.insert_full("b", 20), (1, Some(2)));
    /// assert_eq!(m.insert_full("c", 3), (2, None));
    /// ```
    pub fn insert_full(&mut self, key: impl Into<K>, value: V) -> (usize, Option<V>) {
        let key = key.into();
        // A hashed map looks the key up and inserts it with one hash.
        if let Large(m) = &mut self.0 {
            return m.insert_full(key, value);
        }
        match self.get_index_of(&key) {
            Some(i) => (i, Some(std::mem::replace(&mut self[i], value))),
            None => (self.push(key, value), None),
        }
    }

    /// Appends a key known not to be in the map (the caller's names are
    /// distinct); its position.
    pub(crate) fn push(&mut self, key: K, value: V) -> usize {
        debug_assert!(self.get_index_of(&key).is_none(), "a key pushed twice");
        match &mut self.0 {
            Small(v) if v.len() < INDEX_FROM => {
                v.push((key, value));
                v.len() - 1
            }
            Small(v) => {
                let mut m = IndexMap::with_capacity_and_hasher(v.len() * 2, Default::default());
                m.extend(v.drain(..));
                let (i, _) = m.insert_full(key, value);
                self.0 = Large(Box::new(m));
                i
            }
            Large(m) => m.insert_full(key, value).0,
        }
    }

    /// Removes `key`, keeping the order of the others; O(n).
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.shift_remove("a"), Some(1));
    /// assert_eq!(m.shift_remove("a"), None);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "c"]);
    /// ```
    pub fn shift_remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        self.shift_remove_entry(key).map(|(_, v)| v)
    }

    /// Removes `key` and returns its entry, keeping the order of the
    /// others.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.shift_remove_entry("a"), Some(("a", 1)));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "c"]);
    /// ```
    pub fn shift_remove_entry<Q>(&mut self, key: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let i = self.get_index_of(key)?;
        self.shift_remove_index(i)
    }

    /// Removes the entry at position `i`, moving the last entry into its
    /// place.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.swap_remove_index(0), Some(("a", 1)));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["c", "b"]);
    /// assert_eq!(m.swap_remove_index(5), None);
    /// ```
    pub fn swap_remove_index(&mut self, i: usize) -> Option<(K, V)> {
        match &mut self.0 {
            Small(v) => (i < v.len()).then(|| v.swap_remove(i)),
            Large(m) => m.swap_remove_index(i),
        }
    }

    /// Removes the entry at position `i`, keeping the order of the others.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.shift_remove_index(0), Some(("a", 1)));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "c"]);
    /// assert_eq!(m.shift_remove_index(5), None);
    /// ```
    pub fn shift_remove_index(&mut self, i: usize) -> Option<(K, V)> {
        match &mut self.0 {
            Small(v) => (i < v.len()).then(|| v.remove(i)),
            Large(m) => m.shift_remove_index(i),
        }
    }

    /// Removes `key`, keeping the order of the others (as
    /// [`shift_remove`](Self::shift_remove)).
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.remove("a"), Some(1));
    /// assert_eq!(m.remove("z"), None);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "c"]);
    /// ```
    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        self.shift_remove(key)
    }

    /// Removes `key`, moving the last entry into its place.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(m.swap_remove("a"), Some(1));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["c", "b"]);
    /// ```
    pub fn swap_remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let i = self.get_index_of(key)?;
        self.swap_remove_index(i).map(|(_, v)| v)
    }

    /// Keeps the entries for which `keep` is true, in order.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2), ("c", 3)]);
    /// m.retain(|_, v| *v != 2);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["a", "c"]);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        match &mut self.0 {
            Small(v) => v.retain_mut(|(k, v)| keep(k, v)),
            Large(m) => m.retain(keep),
        }
    }

    /// Sorts the entries by key.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("b", 2), ("c", 3), ("a", 1)]);
    /// m.sort_keys();
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// ```
    pub fn sort_keys(&mut self)
    where
        K: Ord,
    {
        match &mut self.0 {
            Small(v) => v.sort_by(|a, b| a.0.cmp(&b.0)),
            Large(m) => m.sort_keys(),
        }
    }

    /// Sorts the entries with `cmp` (stable).
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 2), ("b", 3), ("c", 1)]);
    /// m.sort_by(|_, v1, _, v2| v2.cmp(v1));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["b", "a", "c"]);
    /// ```
    pub fn sort_by(&mut self, mut cmp: impl FnMut(&K, &V, &K, &V) -> std::cmp::Ordering) {
        match &mut self.0 {
            Small(v) => v.sort_by(|a, b| cmp(&a.0, &a.1, &b.0, &b.1)),
            Large(m) => m.sort_by(cmp),
        }
    }

    /// The slot of `key`, to read, insert or change in place.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// *m.entry("a").or_insert(0) += 1;
    /// *m.entry("b").or_insert(0) += 1;
    /// assert_eq!(m, hcl::Map::from([("a", 2), ("b", 1)]));
    /// ```
    pub fn entry(&mut self, key: impl Into<K>) -> Entry<'_, K, V> {
        let key = key.into();
        match self.get_index_of(&key) {
            Some(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            None => Entry::Vacant(VacantEntry { map: self, key }),
        }
    }
}

/// A slot in a [`Map`], from [`Map::entry`].
///
/// ```
/// use hcl::value::map::Entry;
/// let mut m = hcl::Map::from([("a", 1)]);
/// assert!(matches!(m.entry("a"), Entry::Occupied(_)));
/// match m.entry("b") {
///     Entry::Vacant(v) => *v.insert(2) += 1,
///     Entry::Occupied(_) => unreachable!(),
/// }
/// assert_eq!(m["b"], 3);
/// ```
pub enum Entry<'a, K, V> {
    /// The key is in the map.
    Occupied(OccupiedEntry<'a, K, V>),
    /// The key is not in the map.
    Vacant(VacantEntry<'a, K, V>),
}

/// A key in the map, from [`Map::entry`].
///
/// ```
/// use hcl::value::map::Entry;
/// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
/// let Entry::Occupied(mut o) = m.entry("b") else { unreachable!() };
/// assert_eq!((o.key(), o.get(), o.index()), (&"b", &2, 1));
/// assert_eq!(o.insert(20), 2);
/// assert_eq!(m["b"], 20);
/// ```
pub struct OccupiedEntry<'a, K, V> {
    map: &'a mut Map<K, V>,
    index: usize,
}

/// A key not in the map, from [`Map::entry`].
///
/// ```
/// use hcl::value::map::Entry;
/// let mut m = hcl::Map::from([("a", 1)]);
/// let Entry::Vacant(v) = m.entry("b") else { unreachable!() };
/// assert_eq!(v.key(), &"b");
/// v.insert(2);
/// assert_eq!(m.get_index(1), Some((&"b", &2)));
/// ```
pub struct VacantEntry<'a, K, V> {
    map: &'a mut Map<K, V>,
    key: K,
}

impl<'a, K: Hash + Eq, V> Entry<'a, K, V> {
    /// The value, inserting `default` first if the key is new.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// assert_eq!(*m.entry("a").or_insert(10), 1);
    /// assert_eq!(*m.entry("b").or_insert(10), 10);
    /// assert_eq!(m.len(), 2);
    /// ```
    pub fn or_insert(self, default: V) -> &'a mut V {
        match self {
            Entry::Occupied(o) => o.into_mut(),
            Entry::Vacant(v) => v.insert(default),
        }
    }

    /// The value, inserting `f()` first if the key is new.
    ///
    /// ```
    /// let mut m: hcl::Map<&str, Vec<i32>> = hcl::Map::new();
    /// m.entry("a").or_insert_with(Vec::new).push(1);
    /// m.entry("a").or_insert_with(|| unreachable!()).push(2);
    /// assert_eq!(m["a"], [1, 2]);
    /// ```
    pub fn or_insert_with(self, f: impl FnOnce() -> V) -> &'a mut V {
        match self {
            Entry::Occupied(o) => o.into_mut(),
            Entry::Vacant(v) => v.insert(f()),
        }
    }

    /// The value, inserting `V::default()` first if the key is new.
    ///
    /// ```
    /// let mut m: hcl::Map<String, usize> = hcl::Map::new();
    /// for word in ["a", "b", "a"] {
    ///     *m.entry(word).or_default() += 1;
    /// }
    /// assert_eq!(m["a"], 2);
    /// assert_eq!(m["b"], 1);
    /// ```
    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }

    /// The key.
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// assert_eq!(m.entry("a").key(), &"a");
    /// assert_eq!(m.entry("b").key(), &"b");
    /// ```
    pub fn key(&self) -> &K {
        match self {
            Entry::Occupied(o) => o.key(),
            Entry::Vacant(v) => &v.key,
        }
    }
}

impl<'a, K, V> OccupiedEntry<'a, K, V> {
    /// The key.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Occupied(o) = m.entry("a") else { unreachable!() };
    /// assert_eq!(o.key(), &"a");
    /// ```
    pub fn key(&self) -> &K {
        self.map.at(self.index).0
    }
    /// The value.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Occupied(o) = m.entry("a") else { unreachable!() };
    /// assert_eq!(o.get(), &1);
    /// ```
    pub fn get(&self) -> &V {
        self.map.at(self.index).1
    }
    /// The value, mutable.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Occupied(mut o) = m.entry("a") else { unreachable!() };
    /// *o.get_mut() += 1;
    /// assert_eq!(o.get(), &2);
    /// ```
    pub fn get_mut(&mut self) -> &mut V {
        &mut self.map[self.index]
    }
    /// The value, mutable for the map's lifetime.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Occupied(o) = m.entry("a") else { unreachable!() };
    /// *o.into_mut() = 5;
    /// assert_eq!(m["a"], 5);
    /// ```
    pub fn into_mut(self) -> &'a mut V {
        &mut self.map[self.index]
    }
    /// Replaces the value, returning the old one.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Occupied(mut o) = m.entry("a") else { unreachable!() };
    /// assert_eq!(o.insert(2), 1);
    /// assert_eq!(m["a"], 2);
    /// ```
    pub fn insert(&mut self, value: V) -> V {
        std::mem::replace(self.get_mut(), value)
    }
    /// The entry's position.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// let Entry::Occupied(o) = m.entry("b") else { unreachable!() };
    /// assert_eq!(o.index(), 1);
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }
}

impl<'a, K: Hash + Eq, V> VacantEntry<'a, K, V> {
    /// The key.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Vacant(v) = m.entry("b") else { unreachable!() };
    /// assert_eq!(v.key(), &"b");
    /// ```
    pub fn key(&self) -> &K {
        &self.key
    }
    /// Inserts the key with `value` (last) and returns the value.
    ///
    /// ```
    /// use hcl::value::map::Entry;
    /// let mut m = hcl::Map::from([("a", 1)]);
    /// let Entry::Vacant(v) = m.entry("b") else { unreachable!() };
    /// *v.insert(2) += 1;
    /// assert_eq!(m.last(), Some((&"b", &3)));
    /// ```
    pub fn insert(self, value: V) -> &'a mut V {
        let map = self.map;
        let i = map.push(self.key, value);
        &mut map[i]
    }
}

impl<K, V> Map<K, V> {
    /// The entry at position `i`; panics when out of bounds.
    fn at(&self, i: usize) -> (&K, &V) {
        match self.get_index(i) {
            Some(e) => e,
            None => out_of_bounds(i, self.len()),
        }
    }
}

#[cold]
fn out_of_bounds(i: usize, len: usize) -> ! {
    panic!("position {i} out of bounds in a map of {len} entries")
}

impl<K, V> Index<usize> for Map<K, V> {
    type Output = V;
    /// The value at position `i`; panics when out of bounds.
    fn index(&self, i: usize) -> &V {
        self.at(i).1
    }
}

impl<K, V> IndexMut<usize> for Map<K, V> {
    fn index_mut(&mut self, i: usize) -> &mut V {
        let len = self.len();
        match self.get_index_mut(i) {
            Some(e) => e.1,
            None => out_of_bounds(i, len),
        }
    }
}

impl<K, V, Q> Index<&Q> for Map<K, V>
where
    K: Hash + Eq + Borrow<Q>,
    Q: ?Sized + Hash + Eq,
{
    type Output = V;
    /// The value of `key`; panics when it is absent.
    fn index(&self, key: &Q) -> &V {
        match self.get(key) {
            Some(v) => v,
            None => panic!("key not in map"),
        }
    }
}

impl<K, V, Q> IndexMut<&Q> for Map<K, V>
where
    K: Hash + Eq + Borrow<Q>,
    Q: ?Sized + Hash + Eq,
{
    fn index_mut(&mut self, key: &Q) -> &mut V {
        match self.get_mut(key) {
            Some(v) => v,
            None => panic!("key not in map"),
        }
    }
}

impl<K: Hash + Eq, V: PartialEq> PartialEq for Map<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<K: Hash + Eq, V: Eq> Eq for Map<K, V> {}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for Map<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Hash + Eq, V> FromIterator<(K, V)> for Map<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(items: I) -> Self {
        let items = items.into_iter();
        let mut m = Map::with_capacity(items.size_hint().0);
        m.extend(items);
        m
    }
}

/// Objects from `String` keys (each becomes a [`Key`](crate::Key)).
impl<V> FromIterator<(String, V)> for Map<crate::value::Key, V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(items: I) -> Self {
        items
            .into_iter()
            .map(|(k, v)| (crate::value::Key::from(k), v))
            .collect()
    }
}

/// Objects from `&str` keys (each becomes a [`Key`](crate::Key)).
impl<'a, V> FromIterator<(&'a str, V)> for Map<crate::value::Key, V> {
    fn from_iter<I: IntoIterator<Item = (&'a str, V)>>(items: I) -> Self {
        items
            .into_iter()
            .map(|(k, v)| (crate::value::Key::from(k), v))
            .collect()
    }
}

impl<K: Hash + Eq, V, const N: usize> From<[(K, V); N]> for Map<K, V> {
    fn from(items: [(K, V); N]) -> Self {
        items.into_iter().collect()
    }
}

impl<K: Hash + Eq, V> Extend<(K, V)> for Map<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, items: I) {
        for (k, v) in items {
            self.insert(k, v);
        }
    }
}

impl<'a, K: Hash + Eq + Clone, V: Clone> Extend<(&'a K, &'a V)> for Map<K, V> {
    fn extend<I: IntoIterator<Item = (&'a K, &'a V)>>(&mut self, items: I) {
        for (k, v) in items {
            self.insert(k.clone(), v.clone());
        }
    }
}

impl<K, V> IntoIterator for Map<K, V> {
    type Item = (K, V);
    type IntoIter = IntoIter<K, V>;
    fn into_iter(self) -> Self::IntoIter {
        match self.0 {
            Small(v) => IntoIter(Either::Small(v.into_iter())),
            Large(m) => IntoIter(Either::Large(m.into_iter())),
        }
    }
}

impl<'a, K, V> IntoIterator for &'a Map<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut Map<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// A small map's iterator or a large one's.
#[derive(Clone)]
enum Either<S, L> {
    Small(S),
    Large(L),
}

macro_rules! iterator {
    ($(#[$doc:meta])* $name:ident<$($lt:lifetime,)? K, V>, $small:ty, $large:ty, $item:ty, |$e:ident| $map:expr) => {
        $(#[$doc])*
        pub struct $name<$($lt,)? K, V>(Either<$small, $large>);

        impl<$($lt,)? K, V> Iterator for $name<$($lt,)? K, V> {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                match &mut self.0 {
                    Either::Small(it) => it.next().map(|$e| $map),
                    Either::Large(it) => it.next(),
                }
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                match &self.0 {
                    Either::Small(it) => it.size_hint(),
                    Either::Large(it) => it.size_hint(),
                }
            }
        }

        impl<$($lt,)? K, V> DoubleEndedIterator for $name<$($lt,)? K, V> {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                match &mut self.0 {
                    Either::Small(it) => it.next_back().map(|$e| $map),
                    Either::Large(it) => it.next_back(),
                }
            }
        }

        impl<$($lt,)? K, V> ExactSizeIterator for $name<$($lt,)? K, V> {}
    };
}

iterator!(
    /// A map's entries, from [`Map::iter`].
    ///
    /// ```
    /// let m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// let mut it = m.iter();
    /// assert_eq!(it.len(), 2);
    /// assert_eq!(it.next(), Some((&"a", &1)));
    /// assert_eq!(it.next_back(), Some((&"b", &2)));
    /// assert_eq!(it.next(), None);
    /// ```
    Iter<'a, K, V>, std::slice::Iter<'a, (K, V)>, indexmap::map::Iter<'a, K, V>,
    (&'a K, &'a V), |e| (&e.0, &e.1)
);
iterator!(
    /// A map's entries with mutable values, from [`Map::iter_mut`].
    ///
    /// ```
    /// let mut m = hcl::Map::from([("a", 1), ("b", 2)]);
    /// let mut it = m.iter_mut();
    /// let (k, v) = it.next().unwrap();
    /// *v += 10;
    /// assert_eq!((*k, it.len()), ("a", 1));
    /// assert_eq!(m["a"], 11);
    /// ```
    IterMut<'a, K, V>, std::slice::IterMut<'a, (K, V)>, indexmap::map::IterMut<'a, K, V>,
    (&'a K, &'a mut V), |e| (&e.0, &mut e.1)
);
iterator!(
    /// A map's entries by value, from `Map::into_iter`.
    ///
    /// ```
    /// let m = hcl::Map::from([("b", 2), ("a", 1)]);
    /// let entries: Vec<(&str, i32)> = m.into_iter().collect();
    /// assert_eq!(entries, [("b", 2), ("a", 1)]);
    /// ```
    IntoIter<K, V>, std::vec::IntoIter<(K, V)>, indexmap::map::IntoIter<K, V>,
    (K, V), |e| e
);

impl<K, V> Clone for Iter<'_, K, V> {
    fn clone(&self) -> Self {
        Iter(self.0.clone())
    }
}

impl<K: serde::Serialize, V: serde::Serialize> serde::Serialize for Map<K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de, K, V> serde::Deserialize<'de> for Map<K, V>
where
    K: serde::Deserialize<'de> + Hash + Eq,
    V: serde::Deserialize<'de>,
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<K, V>(std::marker::PhantomData<(K, V)>);
        impl<'de, K, V> serde::de::Visitor<'de> for Visit<K, V>
        where
            K: serde::Deserialize<'de> + Hash + Eq,
            V: serde::Deserialize<'de>,
        {
            type Value = Map<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Map<K, V>, A::Error> {
                let mut m = Map::with_capacity(a.size_hint().unwrap_or(0).min(4096));
                while let Some((k, v)) = a.next_entry::<K, V>()? {
                    m.insert(k, v);
                }
                Ok(m)
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_indexed_maps_agree() {
        // Across the index threshold: lookups, replacement in place,
        // removal keeping order, and equality that ignores order.
        for n in [3usize, INDEX_FROM, INDEX_FROM + 1, 100] {
            let mut m: Map<String, usize> = Map::new();
            for i in 0..n {
                assert_eq!(m.insert(format!("k{i}"), i), None);
            }
            assert_eq!(m.len(), n);
            for i in 0..n {
                assert_eq!(m.get(format!("k{i}").as_str()), Some(&i));
                assert_eq!(m.get_index_of(format!("k{i}").as_str()), Some(i));
            }
            assert_eq!(m.get("absent"), None);
            assert_eq!(m.insert("k0", 7), Some(0));
            assert_eq!(m.get_index_of("k0"), Some(0));
            assert_eq!(m.shift_remove("k1"), Some(1));
            assert_eq!(m.len(), n - 1);
            assert_eq!(m.get("k1"), None);
            for i in 2..n {
                assert_eq!(m.get_index_of(format!("k{i}").as_str()), Some(i - 1));
            }
            let reversed: Map<String, usize> =
                m.iter().rev().map(|(k, v)| (k.clone(), *v)).collect();
            assert_eq!(reversed, m);
            let keys: Vec<&String> = reversed.keys().collect();
            assert_eq!(keys.last().map(|k| k.as_str()), Some("k0"));
        }
    }

    #[test]
    fn small_and_large_forms_compare_equal() {
        // `with_capacity` past the threshold starts hashed; the same entries
        // in a small map (in another order) are still an equal map.
        let mut large: Map<String, u8> = Map::with_capacity(INDEX_FROM + 10);
        let mut small: Map<String, u8> = Map::new();
        for (k, v) in [("a", 1), ("b", 2), ("c", 3)] {
            large.insert(k, v);
        }
        for (k, v) in [("c", 3), ("a", 1), ("b", 2)] {
            small.insert(k, v);
        }
        assert_eq!(large, small);
        small.insert("c", 4);
        assert_ne!(large, small);
        assert_eq!(large.swap_remove("a"), Some(1));
        assert_eq!(
            large.keys().map(String::as_str).collect::<Vec<_>>(),
            ["c", "b"]
        );
    }

    #[test]
    fn entries_insert_once() {
        let mut m: Map<String, Vec<u8>> = Map::new();
        for i in 0..20u8 {
            m.entry(format!("k{}", i % 10)).or_default().push(i);
        }
        assert_eq!(m.len(), 10);
        assert_eq!(m["k3"], vec![3, 13]);
    }
}
