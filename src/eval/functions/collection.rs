//! Collection functions.

use super::util::{
    self, convert_known, friendly_type, make_set, sorted_object, to_list, type_of, unify, Ty,
};
use super::Registry;
use crate::eval::call::{self, UnknownCall};
use crate::eval::fail::R;
use crate::eval::func::{Answer, Args, TypeCall};
use crate::eval::limits::Budget;
use crate::eval::typing::{
    collection_of, first_type, flatten_types, friendly, list_element, mapping, ordered,
    refuse_kinds, sequence, Refusal, Returns, LOOKUP_DEFAULT,
};
use crate::eval::{typing, unknown};
use crate::eval::{FuncDef, FuncError};
use crate::value::{Key, Map, Number, Type, Value};

fn any() -> Type {
    Type::Dynamic
}

fn first(a: Vec<Value>) -> Value {
    a.into_iter().next().unwrap_or_default()
}

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "alltrue",
        FuncDef::builder()
            .on_unknown(alltrue_unknown)
            .returns(Type::Bool)
            .param("list", Type::list(Type::Bool))
            .build(|a| bools(first(a), true)),
    );
    r.insert(
        "anytrue",
        FuncDef::builder()
            .on_unknown(anytrue_unknown)
            .returns(Type::Bool)
            .param("list", Type::list(Type::Bool))
            .build(|a| bools(first(a), false)),
    );
    r.insert(
        "chunklist",
        FuncDef::builder()
            .on_unknown(chunklist_unknown)
            .returns(Type::Dynamic)
            .result_type(chunklist_callback)
            .param("list", Type::list(Type::Dynamic))
            .param("size", Type::Number)
            .build(|a| {
                let size = util::int(&a[1], "invalid size")?;
                let list = to_list(a[0].clone())?;
                let chunks = chunks(&list, size)?;
                Ok(Value::Array(chunks.into_iter().map(Value::Array).collect()))
            }),
    );
    r.insert(
        "coalesce",
        FuncDef::builder()
            .on_unknown(coalesce_unknown)
            .returns(Type::Dynamic)
            .result_type(coalesce_callback)
            .nullable_variadic("vals", any())
            .implement(coalesce),
    );
    r.insert(
        "coalescelist",
        FuncDef::builder()
            .on_unknown(coalescelist_unknown)
            .returns(Type::Dynamic)
            .result_type(coalescelist_callback)
            .nullable_variadic("vals", any())
            .implement(coalescelist),
    );
    r.insert(
        "compact",
        FuncDef::builder()
            .returns(Type::list(Type::String))
            .param("list", Type::list(Type::String))
            .build(|a| {
                let list = util::array(first(a), "list of string")?;
                let mut out = Vec::with_capacity(list.len());
                for v in list {
                    match convert_known(v, &Ty::String)? {
                        Value::Null => {}
                        Value::String(s) if s.is_empty() => {}
                        v => out.push(v),
                    }
                }
                Ok(Value::Array(out))
            }),
    );
    r.insert(
        "concat",
        FuncDef::builder()
            .on_unknown(concat_unknown)
            .returns(Type::Dynamic)
            .result_type(concat_callback)
            .variadic("seqs", any())
            .typed_argument()
            .build(|a| {
                if a.is_empty() {
                    return Err("at least one argument is required".into());
                }
                let mut out = Vec::new();
                for (i, v) in a.into_iter().enumerate() {
                    match v {
                        Value::Array(l) => out.extend(l),
                        other => {
                            return Err(FuncError::arg(
                                i,
                                format!(
                                    "all arguments must be lists or tuples; got {} for argument {}",
                                    friendly_type(&other),
                                    i + 1
                                ),
                            ))
                        }
                    }
                }
                Ok(Value::Array(out))
            }),
    );
    r.insert(
        "contains",
        FuncDef::builder()
            .on_unknown(contains_unknown)
            .returns(Type::Bool)
            .result_type(contains_callback)
            .param("list", any())
            .typed_argument()
            .param("value", any())
            .typed_argument()
            .build(|a| {
                let list = util::array(a[0].clone(), "list, set or tuple")?;
                Ok(Value::Bool(list.contains(&a[1])))
            }),
    );
    r.insert(
        "distinct",
        FuncDef::builder()
            .returns(Type::Dynamic)
            .result_type(distinct_callback)
            .param("list", Type::list(Type::Dynamic))
            .build(|a| {
                let list = to_list(first(a))?;
                let mut out: Vec<Value> = Vec::with_capacity(list.len());
                for v in list {
                    if !out.contains(&v) {
                        out.push(v);
                    }
                }
                Ok(Value::Array(out))
            }),
    );
    r.insert(
        "element",
        FuncDef::builder()
            .on_unknown(element_unknown)
            .returns_nullable(Type::Dynamic)
            .result_type(element_callback)
            .param("list", any())
            .typed_argument()
            .param("index", Type::Number)
            .implement(element),
    );
    r.insert(
        "flatten",
        FuncDef::builder()
            .on_unknown(flatten_unknown)
            .returns(Type::Dynamic)
            .result_type(flatten_callback)
            .param("list", any())
            .typed_argument()
            .build(|a| {
                let Value::Array(list) = first(a) else {
                    return Err("can only flatten lists, sets and tuples".into());
                };
                let mut out = Vec::new();
                flatten_into(list, &mut out, 0)?;
                Ok(Value::Array(out))
            }),
    );
    r.insert(
        "index",
        FuncDef::builder()
            .on_unknown(index_unknown)
            .returns(Type::Number)
            .result_type(index_callback)
            .param("list", any())
            .typed_argument()
            .param("value", any())
            .typed_argument()
            .build(|a| {
                let list = util::array(a[0].clone(), "list or tuple")?;
                if list.is_empty() {
                    return Err("cannot search an empty list".into());
                }
                list.iter()
                    .position(|v| *v == a[1])
                    .map(Value::from)
                    .ok_or_else(|| "item not found".into())
            }),
    );
    r.insert(
        "keys",
        FuncDef::builder()
            .on_unknown(keys_unknown)
            .returns(Type::Dynamic)
            .result_type(keys_callback)
            .param("inputMap", any())
            .typed_argument()
            .build(|a| {
                let o = util::object(first(a), "map or object")?;
                let mut keys: Vec<String> = o.into_keys().map(Key::into_string).collect();
                keys.sort();
                Ok(Value::Array(keys.into_iter().map(Value::from).collect()))
            }),
    );
    r.insert(
        "values",
        FuncDef::builder()
            .on_unknown(values_unknown)
            .returns(Type::Dynamic)
            .result_type(values_callback)
            .param("mapping", any())
            .typed_argument()
            .build(|a| {
                let mut o = util::object(first(a), "map or object")?;
                o.sort_keys();
                Ok(Value::Array(o.into_values().collect()))
            }),
    );
    r.insert(
        "length",
        FuncDef::builder()
            .on_unknown(length_unknown)
            .returns(Type::Number)
            .param("value", any())
            .build(|a| match first(a) {
                Value::String(s) => Ok(Value::from(super::string::graphemes(&s).len())),
                Value::Array(l) => Ok(Value::from(l.len())),
                Value::Object(o) => Ok(Value::from(o.len())),
                _ => {
                    Err("argument must be a string, a collection type, or a structural type".into())
                }
            }),
    );
    r.insert(
        "lookup",
        FuncDef::builder()
            .on_unknown(lookup_unknown)
            .returns_nullable(Type::Dynamic)
            .result_type(lookup_callback)
            .param("inputMap", any())
            .typed_argument()
            .param("key", Type::String)
            .nullable_variadic("default", any())
            .build(|a| {
                if a.len() > 3 {
                    return Err(
                        format!("lookup() takes two or three arguments, got {}", a.len()).into(),
                    );
                }
                let mut a = a.into_iter();
                let map = util::object(a.next().unwrap_or_default(), "map or object")?;
                let key = util::string(a.next().unwrap_or_default());
                let default = a.next();
                match map.get(key.as_str()) {
                    Some(v) => Ok(v.clone()),
                    None => default.ok_or_else(|| {
                        format!("lookup failed to find key {}", util::quoted(&key)).into()
                    }),
                }
            }),
    );
    r.insert(
        "matchkeys",
        FuncDef::builder()
            .on_unknown(matchkeys_unknown)
            .returns(Type::Dynamic)
            .result_type(matchkeys_callback)
            .param("values", Type::list(Type::Dynamic))
            .param("keys", Type::list(Type::Dynamic))
            .param("searchset", Type::list(Type::Dynamic))
            .build(|a| {
                let mut a = a.into_iter();
                let values = util::array(a.next().unwrap_or_default(), "list")?;
                let keys = to_list(a.next().unwrap_or_default())?;
                let search = to_list(a.next().unwrap_or_default())?;
                if values.len() != keys.len() {
                    return Err("length of keys and values should be equal".into());
                }
                // Keys and search set are compared after unifying their types.
                let ty = unify(&[
                    keys.first().map(type_of).unwrap_or(Ty::Dynamic),
                    search.first().map(type_of).unwrap_or(Ty::Dynamic),
                ])
                .ok_or("keys and searchset must be of the same type")?;
                let search: Vec<Value> = search
                    .into_iter()
                    .map(|v| convert_known(v, &ty))
                    .collect::<Result<_, _>>()?;
                let mut out = Vec::new();
                for (v, k) in values.into_iter().zip(keys) {
                    if search.contains(&convert_known(k, &ty)?) {
                        out.push(v);
                    }
                }
                Ok(Value::Array(out))
            }),
    );
    r.insert(
        "merge",
        FuncDef::builder()
            .on_unknown(merge_unknown)
            .returns(Type::Dynamic)
            .result_type(merge_callback)
            .nullable_variadic("maps", any())
            .build(|a| {
                let mut out = Map::new();
                for v in a {
                    match v {
                        Value::Null => {}
                        Value::Object(o) => out.extend(o),
                        other => {
                            return Err(format!(
                                "arguments must be maps or objects, got \"{}\"",
                                friendly_type(&other)
                            )
                            .into())
                        }
                    }
                }
                Ok(sorted_object(out))
            }),
    );
    r.insert(
        "one",
        FuncDef::builder()
            .on_unknown(one_unknown)
            .returns_nullable(Type::Dynamic)
            .result_type(one_callback)
            .param("list", any())
            .typed_argument()
            .build(|a| {
                const MSG: &str =
                    "must be a list, set, or tuple value with either zero or one elements";
                match first(a) {
                    Value::Array(l) if l.is_empty() => Ok(Value::Null),
                    Value::Array(l) if l.len() == 1 => Ok(l.into_iter().next().unwrap_or_default()),
                    _ => Err(FuncError::arg(0, MSG)),
                }
            }),
    );
    r.insert(
        "range",
        FuncDef::builder()
            .returns(Type::list(Type::Number))
            .variadic("params", Type::Number)
            .build(range),
    );
    r.insert(
        "reverse",
        FuncDef::builder()
            .on_unknown(reverse_unknown)
            .returns(Type::Dynamic)
            .result_type(reverse_callback)
            .param("list", any())
            .typed_argument()
            .build(|a| {
                let mut l = util::array(first(a), "list or tuple")?;
                l.reverse();
                Ok(Value::Array(l))
            }),
    );
    r.insert(
        "setintersection",
        FuncDef::builder()
            .returns(Type::Dynamic)
            .result_type(set_operation_callback)
            .param("first_set", Type::set(Type::Dynamic))
            .variadic("other_sets", Type::set(Type::Dynamic))
            .build(|a| {
                let sets = unified_sets(a)?;
                let mut it = sets.into_iter();
                let mut acc = it.next().unwrap_or_default();
                for s in it {
                    acc.retain(|v| s.contains(v));
                }
                Ok(Value::Array(acc))
            }),
    );
    r.insert(
        "setsubtract",
        FuncDef::builder()
            .returns(Type::Dynamic)
            .result_type(set_operation_callback)
            .param("a", Type::set(Type::Dynamic))
            .param("b", Type::set(Type::Dynamic))
            .build(|a| {
                let sets = unified_sets(a)?;
                let mut it = sets.into_iter();
                let mut acc = it.next().unwrap_or_default();
                let b = it.next().unwrap_or_default();
                acc.retain(|v| !b.contains(v));
                Ok(Value::Array(acc))
            }),
    );
    r.insert(
        "setunion",
        FuncDef::builder()
            .on_unknown(setunion_unknown)
            .returns(Type::Dynamic)
            .result_type(set_operation_callback)
            .param("first_set", Type::set(Type::Dynamic))
            .variadic("other_sets", Type::set(Type::Dynamic))
            .build(|a| {
                let sets = unified_sets(a)?;
                Ok(Value::Array(make_set(sets.into_iter().flatten().collect())))
            }),
    );
    r.insert(
        "setproduct",
        FuncDef::builder()
            .on_unknown(setproduct_unknown)
            .returns(Type::Dynamic)
            .result_type(setproduct_callback)
            .variadic("sets", any())
            .typed_argument()
            .implement(|c| {
                let (a, budget) = (c.values, c.budget);
                if a.len() < 2 {
                    return Err("at least two arguments are required".into());
                }
                let lists: Vec<Vec<Value>> =
                    a.into_iter().map(to_list).collect::<Result<_, _>>()?;
                let rows = product(&lists, budget)?;
                Ok(Value::Array(rows.into_iter().map(Value::Array).collect()))
            }),
    );
    r.insert(
        "slice",
        FuncDef::builder()
            .on_unknown(slice_unknown)
            .returns(Type::Dynamic)
            .result_type(slice_callback)
            .param("list", any())
            .typed_argument()
            .param("start_index", Type::Number)
            .param("end_index", Type::Number)
            .build(|a| {
                let mut list = util::array(a[0].clone(), "list or tuple")?;
                match slice_indexes(Some(list.len()), Some(&a[1]), Some(&a[2]))? {
                    Some((start, end)) => {
                        list.truncate(end);
                        list.drain(..start);
                        Ok(Value::Array(list))
                    }
                    None => Err("invalid slice".into()),
                }
            }),
    );
    r.insert(
        "sort",
        FuncDef::builder()
            .on_unknown(sort_unknown)
            .returns(Type::list(Type::String))
            .param("list", Type::list(Type::String))
            .build(|a| {
                let list = util::array(first(a), "list of string")?;
                let mut out = Vec::with_capacity(list.len());
                for (i, v) in list.into_iter().enumerate() {
                    match convert_known(v, &Ty::String)? {
                        Value::String(s) => out.push(s),
                        _ => {
                            return Err(format!(
                                "given list element {i} is null; a null string cannot be sorted"
                            )
                            .into())
                        }
                    }
                }
                out.sort();
                Ok(Value::Array(out.into_iter().map(Value::String).collect()))
            }),
    );
    r.insert(
        "sum",
        FuncDef::builder()
            .returns(Type::Number)
            .result_type(sum_callback)
            .param("list", any())
            .typed_argument()
            .build(|a| {
                let refused =
                    || FuncError::arg(0, "argument must be list, set, or tuple of number values");
                let list = match first(a) {
                    Value::Array(l) => l,
                    _ => return Err(refused()),
                };
                if list.is_empty() {
                    return Err(FuncError::arg(0, "cannot sum an empty list"));
                }
                let mut nums = Vec::with_capacity(list.len());
                for v in list {
                    match convert_known(v, &Ty::Number) {
                        Ok(Value::Number(n)) => nums.push(n),
                        // A null element too (Terraform 1.11.4).
                        _ => return Err(refused()),
                    }
                }
                // Added in order, each sum rounded as Terraform rounds it.
                let mut it = nums.into_iter();
                let first = it.next().unwrap_or(Number::from(0u8));
                it.try_fold(first, Number::checked_add)
                    .map(Value::Number)
                    .ok_or_else(|| "the sum is not a number (+Inf plus -Inf)".into())
            }),
    );
    r.insert(
        "transpose",
        FuncDef::builder()
            .returns(Type::map(Type::list(Type::String)))
            .param("values", Type::map(Type::list(Type::String)))
            .build(|a| {
                let mut o = util::object(first(a), "map of list of string")?;
                o.sort_keys();
                let mut out: Map<Key, Value> = Map::new();
                for (k, v) in o {
                    if v.is_null() {
                        return Err("input must not contain null list".into());
                    }
                    let list = util::array(v, "list of string")?;
                    for item in list {
                        let item = match convert_known(item, &Ty::String)? {
                            Value::String(s) => s,
                            _ => return Err("input list must not contain null string".into()),
                        };
                        if let Value::Array(l) =
                            out.entry(item).or_insert_with(|| Value::Array(Vec::new()))
                        {
                            l.push(Value::String(k.clone()));
                        }
                    }
                }
                Ok(sorted_object(out))
            }),
    );
    r.insert(
        "zipmap",
        FuncDef::builder()
            .on_unknown(zipmap_unknown)
            .returns(Type::Dynamic)
            .result_type(zipmap_callback)
            .param("keys", Type::list(Type::String))
            .param("values", any())
            .typed_argument()
            .build(|a| {
                let mut a = a.into_iter();
                let keys = util::array(a.next().unwrap_or_default(), "list of string")?;
                let values = util::array(a.next().unwrap_or_default(), "list or tuple")?;
                same_length(keys.len(), values.len())?;
                let mut out = Map::new();
                for (k, v) in keys.into_iter().zip(values) {
                    match convert_known(k, &Ty::String)? {
                        Value::String(k) => {
                            out.insert(k, v);
                        }
                        _ => return Err("keys must not be null".into()),
                    }
                }
                Ok(sorted_object(out))
            }),
    );
}

/// `zipmap`'s check that there are as many values as keys.
pub(crate) fn same_length(keys: usize, values: usize) -> Result<(), String> {
    if keys == values {
        Ok(())
    } else {
        Err(format!(
            "number of keys ({keys}) does not match number of values ({values})"
        ))
    }
}

/// `slice`'s range, as cty checks it: each index known (`Some`) is checked
/// alone, then against the length where that is known, then against the
/// other; the range when both are known.
pub(crate) fn slice_indexes(
    len: Option<usize>,
    start: Option<&Value>,
    end: Option<&Value>,
) -> Result<Option<(usize, usize)>, FuncError> {
    // (`index`: the argument's, 1 for the start, 2 for the end.)
    let check = |v: Option<&Value>, index: usize, what: &str| -> Result<Option<usize>, FuncError> {
        let Some(v) = v else {
            return Ok(None);
        };
        let bad = |msg: &str| FuncError::arg(index, format!("{what} index {msg}"));
        let i =
            util::int(v, &format!("invalid {what} index")).map_err(|m| FuncError::arg(index, m))?;
        if i < 0 {
            return Err(bad("must not be less than zero"));
        }
        if len.is_some_and(|n| i as u64 > n as u64) {
            return Err(bad("must not be greater than the length of the list"));
        }
        Ok(Some(i as usize))
    };
    let start = check(start, 1, "start")?;
    let end = check(end, 2, "end")?;
    match (start, end) {
        (Some(a), Some(b)) if a > b => Err(FuncError::arg(
            1,
            "start index must not be greater than end index",
        )),
        (Some(a), Some(b)) => Ok(Some((a, b))),
        _ => Ok(None),
    }
}

/// `chunklist`'s chunks of `list`, of `size` elements each (all of it in
/// one chunk for 0).
pub(crate) fn chunks<T: Clone>(list: &[T], size: i64) -> Result<Vec<Vec<T>>, String> {
    if size < 0 {
        return Err("the size argument must be positive".into());
    }
    if list.is_empty() {
        return Ok(Vec::new());
    }
    if size == 0 {
        return Ok(vec![list.to_vec()]);
    }
    Ok(list.chunks(size as usize).map(<[T]>::to_vec).collect())
}

/// `setproduct`'s rows: every combination of one element of each of
/// `lists`, in order, within the evaluation's budget.
pub(crate) fn product<T: Clone>(
    lists: &[Vec<T>],
    budget: &Budget,
) -> Result<Vec<Vec<T>>, FuncError> {
    let total = lists
        .iter()
        .try_fold(1usize, |acc, l| acc.checked_mul(l.len()));
    if !matches!(total, Some(t) if t <= 10_000_000) {
        return Err("the product has more than 10000000 elements".into());
    }
    if let Some(t) = total {
        budget.check(t.saturating_mul(lists.len() + 1), 0)?;
    }
    let mut out: Vec<Vec<T>> = vec![Vec::new()];
    for l in lists {
        let mut next = Vec::with_capacity(out.len() * l.len());
        for prefix in &out {
            for v in l {
                let mut p = prefix.clone();
                p.push(v.clone());
                next.push(p);
            }
        }
        out = next;
    }
    Ok(out)
}

/// `element`'s index `i` into a list of `len` elements when it is
/// negative: counted from the end (cty takes it modulo the length), as
/// Terraform 1.11 does for lists (tuples: see [`element_position`]).
pub(crate) fn list_index(len: usize, i: &Value) -> Option<Value> {
    let (Some(i), Ok(len)) = (i.as_i64(), i64::try_from(len)) else {
        return None;
    };
    (i < 0 && len > 0).then(|| Value::from(i.rem_euclid(len)))
}

/// Which element of a sequence of `len` elements `element` takes at
/// `index` (it wraps around).
pub(crate) fn element_position(len: usize, index: &Value) -> Result<usize, String> {
    let i = util::int(index, "invalid index")?;
    if len == 0 {
        return Err("cannot use element function with an empty list".into());
    }
    // (A list's negative index was counted from the end before, by the
    // evaluator.)
    tuple_position(len, i)
}

/// The element of a tuple of `len` (> 0) elements `element` takes at index
/// `i`, by its type callback in Terraform 1.11's cty: the remainder (Go's,
/// of the sign of the index), and a negative remainder panics there
/// (`element([true, false], -3)`), whether the tuple is known or not.
pub(crate) fn tuple_position(len: usize, i: i64) -> Result<usize, String> {
    let r = i % len as i64;
    if r < 0 {
        return Err(format!(
            "panic in function implementation: runtime error: index out of range [{r}]"
        ));
    }
    Ok(r as usize)
}

fn bools(v: Value, all: bool) -> Result<Value, FuncError> {
    let list = util::array(v, "list of bool")?;
    let mut bs = Vec::with_capacity(list.len());
    for v in list {
        // The parameter is a list of bool: an element that does not
        // convert fails as the parameter's conversion (cty's words).
        let b = convert_known(v, &Ty::Bool).map_err(|_| FuncError::arg(0, "a bool is required"))?;
        bs.push(match b {
            Value::Bool(b) => b,
            _ => false,
        });
    }
    Ok(Value::Bool(if all {
        bs.iter().all(|b| *b)
    } else {
        bs.iter().any(|b| *b)
    }))
}

fn flatten_into(list: Vec<Value>, out: &mut Vec<Value>, depth: usize) -> Result<(), String> {
    if depth > 256 {
        return Err("flatten: nesting too deep".into());
    }
    for v in list {
        match v {
            Value::Array(inner) => flatten_into(inner, out, depth + 1)?,
            other => out.push(other),
        }
    }
    Ok(())
}

/// Converts every argument to a set of one element type shared by all.
fn unified_sets(args: Vec<Value>) -> Result<Vec<Vec<Value>>, String> {
    let mut tys = Vec::new();
    for a in &args {
        match a {
            Value::Array(l) => tys.extend(l.iter().map(type_of)),
            other => {
                return Err(format!(
                    "a set or list is required, but have {}",
                    friendly_type(other)
                ))
            }
        }
    }
    let ty = unify(&tys).ok_or("given sets must all have compatible element types")?;
    args.into_iter()
        .map(|a| {
            let l = util::array(a, "set")?;
            let l = l
                .into_iter()
                .map(|v| convert_known(v, &ty))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(make_set(l))
        })
        .collect()
}

fn range(a: Vec<Value>) -> Result<Value, FuncError> {
    let nums: Vec<Number> = a.iter().filter_map(|v| v.as_number().cloned()).collect();
    if nums.len() != a.len() {
        return Err("range arguments must not be null".into());
    }
    let (start, end, step) = match nums.as_slice() {
        [e] => (Number::from(0u8), e.clone(), None),
        [s, e] => (s.clone(), e.clone(), None),
        [s, e, st] => (s.clone(), e.clone(), Some(st.clone())),
        _ => return Err("must have one, two, or three arguments".into()),
    };
    let step = step.unwrap_or_else(|| {
        if end < start {
            Number::from(-1i8)
        } else {
            Number::from(1u8)
        }
    });
    let zero = Number::from(0u8);
    if step < zero && start < end {
        return Err(FuncError::arg(
            1,
            "end must be less than start when step is negative",
        ));
    }
    if step > zero && start > end {
        return Err(FuncError::arg(
            1,
            "end must be greater than start when step is positive",
        ));
    }
    const LIMIT: usize = 1024;
    let too_many = || {
        // (Terraform's own limit: a failure of the call, as there.)
        Err(FuncError::Call("more than 1024 values were generated; either decrease the difference between start and end or use a smaller step".to_owned()))
    };
    let mut out = Vec::new();
    if let (Some(s), Some(e), Some(st)) = (start.as_i64(), end.as_i64(), step.as_i64()) {
        let mut v = s as i128;
        while (st > 0 && v < e as i128) || (st < 0 && v > e as i128) || (st == 0 && v < e as i128) {
            if out.len() >= LIMIT {
                return too_many();
            }
            out.push(Value::from(v as i64));
            v += st as i128;
        }
        return Ok(Value::Array(out));
    }
    // As cty does: repeated addition, each sum rounded as Terraform rounds
    // (literals are 512-bit, so range(0, 1, 0.1) has ten elements).
    let mut v = start;
    loop {
        let go_on =
            (step > zero && v < end) || (step < zero && v > end) || (step == zero && v < end);
        if !go_on {
            break;
        }
        if out.len() >= LIMIT {
            return too_many();
        }
        out.push(Value::Number(v.clone()));
        v = v
            .checked_add(step.clone())
            .ok_or("the range is not a number (+Inf plus -Inf)")?;
    }
    Ok(Value::Array(out))
}

/// cty's type callback of `concat`.
pub(crate) fn concat_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok({
        if !types.is_empty() && types.iter().all(|t| matches!(t, Type::List(_))) {
            if let Some(u) = Type::unify(types) {
                return Ok(Convert(u));
            }
        }
        let mut etys = Vec::new();
        for (i, t) in types.iter().enumerate() {
            match (t, args.get(i)) {
                (Type::Tuple(ts), _) => etys.extend(ts.iter().cloned()),
                (Type::List(e), Some(Value::Array(a))) => {
                    etys.extend(std::iter::repeat((**e).clone()).take(a.len()));
                }
                (Type::List(_), _) => {}
                (t, _) => {
                    return Err(format!(
                        "all arguments must be lists or tuples; got {}",
                        friendly(t)
                    )
                    .into())
                }
            }
        }
        Is(Type::Tuple(etys.into()))
    })
}

/// cty's type callback of `merge`.
pub(crate) fn merge_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok({
        let mut attrs = std::collections::BTreeMap::new();
        for (i, t) in types.iter().enumerate() {
            if *t == Type::Dynamic {
                return Ok(Literal);
            }
            match (t, &args[i]) {
                (Type::Object(a), v) if !v.is_null() => {
                    attrs.extend(a.iter().map(|(k, t)| (k.clone(), t.clone())));
                }
                (Type::Map(e), Value::Object(o)) => {
                    attrs.extend(o.keys().map(|k| (k.clone(), (**e).clone())));
                }
                (Type::Map(_), _) => {}
                (t, _) => {
                    return Err(format!(
                        "arguments must be maps or objects, got \"{}\"",
                        friendly(t)
                    )
                    .into())
                }
            }
        }
        match t0 {
            None => Literal,
            Some(first) if types.iter().all(|t| t == first) => Is(first.clone()),
            Some(_) => Is(Type::object(attrs)),
        }
    })
}

/// cty's type callback of `zipmap`.
pub(crate) fn zipmap_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok(match (types.get(1), args.first(), args.get(1)) {
        (Some(Type::List(e)), _, _) => Is(Type::map((**e).clone())),
        (Some(Type::Tuple(ts)), Some(Value::Array(keys)), Some(_)) => {
            crate::eval::functions::collection::same_length(keys.len(), ts.len())?;
            let mut attrs = std::collections::BTreeMap::new();
            for (k, t) in keys.iter().zip(ts.iter()) {
                let key = match k {
                    Value::String(s) => s.as_str().to_owned(),
                    Value::Number(n) => n.to_plain_string(),
                    Value::Bool(b) => b.to_string(),
                    _ => continue,
                };
                attrs.insert(key, t.clone());
            }
            Is(Type::object(attrs))
        }
        // (Values of another kind are refused by the type callback.)
        _ => Literal,
    })
}

/// cty's type callback of `keys`.
pub(crate) fn keys_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(match t0 {
        Some(Type::Map(_)) => Is(Type::list(Type::String)),
        Some(Type::Object(a)) => Is(Type::Tuple(vec![Type::String; a.len()].into())),
        _ => Literal,
    })
}

/// cty's type callback of `values`.
pub(crate) fn values_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(match t0 {
        Some(Type::Map(e)) => Is(Type::list((**e).clone())),
        Some(Type::Object(a)) => Is(Type::Tuple(a.values().cloned().collect())),
        _ => Literal,
    })
}

/// cty's type callback of `reverse`.
pub(crate) fn reverse_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(match t0 {
        Some(Type::List(e) | Type::Set(e)) => Is(Type::list((**e).clone())),
        Some(Type::Tuple(ts)) => Is(Type::Tuple(ts.iter().rev().cloned().collect())),
        _ => Literal,
    })
}

/// cty's type callback of `slice`.
pub(crate) fn slice_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    let index = |i: usize| args.get(i).and_then(Value::as_i64);
    Ok(match (t0, index(1), index(2)) {
        (Some(Type::List(e)), _, _) => Is(Type::list((**e).clone())),
        (Some(Type::Tuple(ts)), Some(a), Some(b))
            if 0 <= a && a <= b && (b as usize) <= ts.len() =>
        {
            Is(Type::Tuple(ts[a as usize..b as usize].into()))
        }
        _ => Literal,
    })
}

/// cty's type callback of `coalescelist`.
/// `coalesce`. Where the arguments' types are known (the type callback
/// answered): each converts to the
/// type they unify to, and one that does not (an empty map where the type
/// is an object) counts as null, as in cty; an empty string is skipped
/// when that type is string. Where the types do not unify to one type (a
/// null beside a list), the argument chosen keeps its own type.
fn coalesce(c: Args<'_>) -> Result<Answer, FuncError> {
    let args = c.values;
    match c.returns {
        Some(Returns::Convert(t)) => {
            for (v, m) in args.into_iter().zip(c.metas) {
                match typing::convert(v, m, t) {
                    Ok((Value::Null, _)) | Err(_) => {}
                    Ok((Value::String(s), _)) if s.is_empty() && *t == Type::String => {}
                    Ok((v, m)) => return Ok(Answer::Typed(v, m)),
                }
            }
            Err("no non-null, non-empty-string arguments".into())
        }
        Some(Returns::Literal) => {
            let chosen = args
                .iter()
                .position(|a| !a.is_null() && !matches!(a, Value::String(s) if s.is_empty()));
            let meta = chosen.and_then(|i| c.metas[i].clone());
            Ok(Answer::Typed(coalesce_values(args)?, meta))
        }
        _ => coalesce_values(args).map(Answer::Value),
    }
}

/// `coalesce` of values of their literal types: the first that is not
/// null or an empty string, converted to the type they unify to.
fn coalesce_values(a: Vec<Value>) -> Result<Value, FuncError> {
    let tys: Vec<Ty> = a.iter().map(type_of).collect();
    let ty = unify(&tys).ok_or("all arguments must have the same type")?;
    for v in a {
        // One that does not convert counts as null (cty).
        let Ok(v) = convert_known(v, &ty) else {
            continue;
        };
        match &v {
            Value::Null => continue,
            Value::String(s) if s.is_empty() => continue,
            _ => return Ok(v),
        }
    }
    Err("no non-null, non-empty-string arguments".into())
}

/// `coalescelist`: the first list or tuple that is not empty. Where the
/// arguments' types are known, a null list or tuple (its type passed the
/// check) is skipped.
fn coalescelist(c: Args<'_>) -> Result<Answer, FuncError> {
    let mut a = c.values;
    if c.returns.is_some() {
        a.retain(|a| !a.is_null());
    }
    if a.is_empty() {
        return Err("at least one argument is required".into());
    }
    // (A null here is untyped; the evaluator drops null lists
    // and tuples, which Terraform skips, before the call.)
    for v in a {
        match v {
            Value::Array(l) if l.is_empty() => continue,
            Value::Array(l) => return Ok(Answer::Value(Value::Array(l))),
            _ => return Err("coalescelist arguments must be lists or tuples".into()),
        }
    }
    Err("no non-null arguments".into())
}

/// `element`: the element at the index, modulo the length. Where the
/// arguments' types are known, a negative index on a list counts from the
/// end ([`list_index`]).
fn element(c: Args<'_>) -> Result<Answer, FuncError> {
    let mut a = c.values;
    if let (Some(Type::List(_)), [Value::Array(list), i]) = (c.types.first(), &a[..]) {
        if let Some(wrapped) = list_index(list.len(), i) {
            a[1] = wrapped;
        }
    }
    let list = util::array(a[0].clone(), "list or tuple")?;
    Ok(Answer::Value(
        list[element_position(list.len(), &a[1])?].clone(),
    ))
}

/// `sum` counts the elements before it looks at the kind: an empty map is
/// "empty", not a map (Terraform).
fn sum_values(args: &[Value]) -> Result<(), FuncError> {
    match args.first() {
        Some(Value::Object(o)) if o.is_empty() => {
            Err(FuncError::arg(0, "cannot sum an empty list"))
        }
        _ => Ok(()),
    }
}

pub(crate) fn coalescelist_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok({
        // Every argument is checked, also after the one chosen.
        if types
            .iter()
            .any(|t| !matches!(t, Type::List(_) | Type::Tuple(_)))
        {
            return Err("coalescelist arguments must be lists or tuples".into());
        }
        let chosen =
            (0..args.len()).find(|&i| matches!(&args[i], Value::Array(a) if !a.is_empty()));
        chosen.map_or(Literal, |i| Is(types[i].clone()))
    })
}

/// cty's type callback of `coalesce`.
pub(crate) fn coalesce_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok(match Type::unify(types) {
        Some(Type::Dynamic) => Literal,
        Some(t) => Convert(t),
        None => return Err("all arguments must have the same type".into()),
    })
}

/// cty's type callback of `setproduct`.
pub(crate) fn setproduct_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok({
        let mut etys = Vec::with_capacity(types.len());
        for t in types {
            match t {
                Type::List(e) | Type::Set(e) => etys.push((**e).clone()),
                Type::Tuple(_) => match list_element(t) {
                    Some(e) => etys.push(e),
                    None => return Ok(Literal),
                },
                _ => return Ok(Literal),
            }
        }
        let product = Type::Tuple(etys.into());
        // A set when any argument is one (Terraform 1.11).
        if types.iter().any(|t| matches!(t, Type::Set(_))) {
            Is(Type::set(product))
        } else {
            Is(Type::list(product))
        }
    })
}

/// cty's type callback of `setunion`, `setintersection`, `setsubtract`.
pub(crate) fn set_operation_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok({
        let mut etys = Vec::new();
        for (i, t) in types.iter().enumerate() {
            let e = list_element(t).unwrap_or(Type::Dynamic);
            let empty = matches!(&args[i], Value::Array(a) if a.is_empty());
            if !(empty && e == Type::Dynamic) {
                etys.push(e);
            }
        }
        if etys.is_empty() {
            Is(Type::set(Type::Dynamic))
        } else {
            match Type::unify(&etys) {
                Some(e) => Is(Type::set(e)),
                None => return Err("given sets must all have compatible element types".into()),
            }
        }
    })
}

/// cty's type callback of `lookup`: the key converts to a string first
/// (`true` is "true").
pub(crate) fn lookup_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(
        match (
            t0,
            args.get(1)
                .filter(|k| k.is_bool() || k.is_number() || k.is_string()),
        ) {
            (Some(Type::Object(attrs)), Some(key)) => {
                let key = util::convert_known(key.clone(), &Type::String)
                    .ok()
                    .and_then(|k| k.as_str().map(str::to_owned))
                    .unwrap_or_default();
                match attrs.get(key.as_str()) {
                    Some(t) => Is(t.clone()),
                    None => match types.get(2) {
                        Some(t) => Is(t.clone()),
                        // cty's type callback refuses an object without
                        // the attribute; a map's missing key is the
                        // function's own failure.
                        None => {
                            return Err(FuncError::arg(
                                0,
                                format!("the given object has no attribute {}", util::quoted(&key)),
                            ))
                        }
                    },
                }
            }
            (Some(Type::Map(e)), _) => {
                if let Some(default) = args.get(2) {
                    if crate::eval::functions::util::convert_known(default.clone(), e).is_err() {
                        return Err(FuncError::arg(2, LOOKUP_DEFAULT));
                    }
                }
                Convert((**e).clone())
            }
            _ => Literal,
        },
    )
}

/// cty's type callback of `element`.
pub(crate) fn element_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    let index = |i: usize| args.get(i).and_then(Value::as_i64);
    Ok(match (t0, index(1)) {
        (Some(Type::List(e)), _) => Is((**e).clone()),
        (Some(Type::Tuple(ts)), Some(i)) if !ts.is_empty() => {
            Is(ts[tuple_position(ts.len(), i)?].clone())
        }
        _ => Literal,
    })
}

/// cty's type callback of `one`.
pub(crate) fn one_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(match t0 {
        Some(Type::List(e) | Type::Set(e)) => Is((**e).clone()),
        Some(Type::Tuple(ts)) if ts.len() == 1 => Is(ts[0].clone()),
        Some(Type::Tuple(ts)) if ts.is_empty() => Is(Type::Dynamic),
        _ => Literal,
    })
}

/// cty's type callback of `flatten`.
pub(crate) fn flatten_type(args: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    use Returns::*;
    let t0 = types.first();
    Ok(match (t0, args.first()) {
        (Some(t), Some(v @ Value::Array(_))) => {
            let mut leaves = Vec::new();
            flatten_types(v, t, &mut leaves);
            Is(Type::Tuple(leaves.into()))
        }
        _ => Literal,
    })
}

/// cty's type callback of `distinct` and `matchkeys`: a list of the first
/// argument's elements.
pub(crate) fn distinct_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    Ok(collection_of(types, list_element, Type::list))
}

/// cty's type callback of `chunklist`: a list of lists of the argument's
/// elements.
pub(crate) fn chunklist_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    Ok(collection_of(types, list_element, |e| {
        Type::list(Type::list(e))
    }))
}

// cty's checks of the kinds of the arguments, with Terraform's messages
// (see the type callbacks at the end of this file).

fn keys_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        (!mapping(t)).then(|| "must have map or object type".into())
    })
}

fn values_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Call, |t| {
        (!mapping(t)).then(|| "values() requires a map as the first argument".into())
    })
}

fn lookup_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    if types.first() == Some(&Type::Dynamic) {
        return Ok(());
    }
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        (!mapping(t)).then(|| "lookup() requires a map as the first argument".into())
    })?;
    if let (Some(Type::Map(e)), Some(default)) = (types.first(), types.get(2)) {
        // The default converts to the element type by its type, known or
        // not (Terraform's type callback).
        if !crate::value::ty::conversion_exists(default, e, true) {
            return Err(FuncError::arg(2, LOOKUP_DEFAULT));
        }
    }
    Ok(())
}

fn merge_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(types, Refusal::Call, |t| {
        (!mapping(t)).then(|| format!("arguments must be maps or objects, got \"{}\"", friendly(t)))
    })
}

fn one_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        (!sequence(t) || matches!(t, Type::Tuple(ts) if ts.len() > 1))
            .then(|| "must be a list, set, or tuple value with either zero or one elements".into())
    })
}

fn reverse_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        (!sequence(t))
            .then(|| format!("can only reverse list or tuple values, not {}", friendly(t)))
    })
}

fn setproduct_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    if types.len() < 2 {
        return Err("at least two arguments are required".into());
    }
    // None is checked when one is of unknown type.
    if types.contains(&Type::Dynamic) {
        return Ok(());
    }
    refuse_kinds(types, Refusal::Arg, |t| {
        if !sequence(t) {
            Some("a set or a list is required".into())
        } else if matches!(t, Type::Tuple(ts) if !ts.is_empty()) && list_element(t).is_none() {
            Some("all elements must be of the same type".into())
        } else {
            None
        }
    })
}

fn slice_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        if matches!(t, Type::Set(_)) {
            Some("cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important".into())
        } else if !ordered(t) {
            Some("must be a list or tuple value".into())
        } else {
            None
        }
    })
}

fn element_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Call, |t| {
        (!ordered(t)).then(|| format!("cannot read elements from {}", friendly(t)))
    })
}

fn concat_kinds(types: &[Type], unknown: &[bool]) -> Result<(), FuncError> {
    // None is checked when one is of unknown type; cty types the result as
    // unknown at the first list not known, before it looks at the
    // arguments after it.
    let stop = (0..types.len())
        .find(|&i| matches!(types[i], Type::List(_)) && unknown.get(i) == Some(&true));
    let types = &types[..stop.unwrap_or(types.len())];
    if types.contains(&Type::Dynamic) {
        return Ok(());
    }
    refuse_kinds(types, Refusal::Arg, |t| {
        (!ordered(t)).then(|| format!("all arguments must be lists or tuples; got {}", friendly(t)))
    })
}

fn zipmap_kinds(types: &[Type], _: &[bool]) -> Result<(), FuncError> {
    refuse_kinds(
        &types[types.len().min(1)..types.len().min(2)],
        Refusal::Call,
        |t| (!ordered(t)).then(|| "values argument must be a list or tuple value".into()),
    )
}

fn length_kinds(types: &[Type]) -> Result<(), FuncError> {
    refuse_kinds(first_type(types), Refusal::Call, |t| {
        matches!(t, Type::Number | Type::Bool)
            .then(|| "argument must be a string, a collection type, or a structural type".into())
    })
}

fn contains_kinds(types: &[Type], unknown: &[bool]) -> Result<(), FuncError> {
    let known_top = !unknown.contains(&true);
    refuse_kinds(first_type(types), Refusal::Call, |t| {
        (known_top && !sequence(t)).then(|| "argument must be list, tuple, or set".into())
    })
}

fn index_kinds(types: &[Type], unknown: &[bool]) -> Result<(), FuncError> {
    let known_top = !unknown.contains(&true);
    refuse_kinds(first_type(types), Refusal::Call, |t| {
        (known_top && !ordered(t)).then(|| "argument must be a list or tuple".into())
    })
}

fn sum_kinds(types: &[Type], unknown: &[bool]) -> Result<(), FuncError> {
    let known_top = !unknown.contains(&true);
    refuse_kinds(first_type(types), Refusal::Arg, |t| {
        if known_top && mapping(t) {
            Some(format!(
                "argument must be list, set, or tuple. Received {}",
                friendly(t)
            ))
        } else if known_top && !sequence(t) {
            Some("cannot sum noniterable".into())
        } else {
            None
        }
    })
}

// What a call gives whose arguments are not all known (the specs'
// `on_unknown`, and the types of their unknown results).

/// What `length` gives with arguments not all known.
pub(crate) fn length_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    // (Its implementation refuses a known value of another kind in the
    // same words; a call is checked here so that a known one keeps no
    // types.)
    length_kinds(&c.types).map_err(|e| c.fail(e))?;
    let (args, metas, types) = c.take();
    let n = match (&metas[0], &args[0]) {
        (Some(typing::Meta::Unknown(Type::Object(a), _)), _) => Some(a.len()),
        (Some(typing::Meta::Unknown(Type::Tuple(ts), _)), _) => Some(ts.len()),
        (Some(typing::Meta::Unknown(Type::String, r)), _) if r.prefix.is_some() => {
            // At least as long as what it starts with.
            let prefix = r.prefix.as_deref().unwrap_or_default();
            let n = crate::eval::functions::string::graphemes(prefix).len();
            let r = typing::Refine {
                not_null: true,
                min: Some(crate::value::Number::from(n as u64)),
                ..typing::Refine::default()
            };
            return Ok(Some((Value::Null, typing::unknown(Type::Number, r))));
        }
        (Some(typing::Meta::Unknown(_, r)), _) => match r.len {
            Some((lo, hi)) if lo == hi => Some(lo as usize),
            _ => None,
        },
        // A set's unknown elements may turn out equal to others,
        // so its length is known only when it has one element.
        (Some(typing::Meta::Parts(Type::Set(_), _)), Value::Array(a)) if a.len() == 1 => Some(1),
        (Some(typing::Meta::Parts(Type::Set(_), _)), _) => None,
        (Some(typing::Meta::Parts(..)), Value::Array(a)) => Some(a.len()),
        (Some(typing::Meta::Parts(..)), Value::Object(o)) => Some(o.len()),
        _ => None,
    };
    if let Some(n) = n {
        return Ok(Some((Value::from(n), None)));
    }
    // Otherwise within the collection's known lengths: 0 and up, a
    // set of n elements some unknown 1 to n (they may turn out
    // equal); nothing known of a value of unknown type.
    let (least, most) = match (&metas[0], &args[0]) {
        _ if types[0] == Type::Dynamic => return Ok(Some(unknown::not_null(Type::Number))),
        (Some(typing::Meta::Unknown(_, r)), _) => match r.len {
            Some((lo, hi)) => (lo, Some(hi)),
            None => (0, None),
        },
        (Some(typing::Meta::Parts(Type::Set(_), _)), Value::Array(a)) => (1, Some(a.len() as u64)),
        _ => (0, None),
    };
    let r = typing::Refine {
        not_null: true,
        min: Some(crate::value::Number::from(least)),
        max: most.map(crate::value::Number::from),
        ..typing::Refine::default()
    };
    Ok(Some((Value::Null, typing::unknown(Type::Number, r))))
}

/// What `keys` gives with arguments not all known.
pub(crate) fn keys_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let (args, metas, types) = c.take();
    let keys: Option<Vec<String>> = match (&metas[0], &args[0]) {
        (Some(typing::Meta::Unknown(Type::Object(a), _)), _) => {
            Some(a.keys().map(|k| k.as_str().to_owned()).collect())
        }
        (Some(typing::Meta::Parts(Type::Object(_) | Type::Map(_), _)), Value::Object(o)) => {
            let mut k: Vec<String> = o.keys().map(|k| k.as_str().to_owned()).collect();
            k.sort();
            Some(k)
        }
        _ => None,
    };
    if let Some(keys) = keys {
        let t = match &types[0] {
            Type::Map(_) => Type::list(Type::String),
            _ => Type::Tuple(vec![Type::String; keys.len()].into()),
        };
        let v = Value::Array(keys.into_iter().map(Value::from).collect());
        return Ok(Some((v, typing::typed(t))));
    }
    Ok(Some(c.result(match &types[0] {
        Type::Map(_) => Type::list(Type::String),
        _ => Type::Dynamic,
    })))
}

/// What `contains` gives with arguments not all known.
pub(crate) fn contains_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        // cty compares the value with each element: an element equal
        // to it decides, one that may be decides nothing, and none
        // that may be is false (`contains([{a = u}], "a")`).
        if let Value::Array(items) = &args[0] {
            let mut open = false;
            for equal in equalities(items, &metas[0], &args[1], &metas[1]) {
                match equal {
                    Some(true) => return Ok(Some((Value::Bool(true), None))),
                    Some(false) => {}
                    None => open = true,
                }
            }
            if !open {
                return Ok(Some((Value::Bool(false), None)));
            }
        }
        return Ok(Some(unknown::not_null(Type::Bool)));
    }
    Ok(None)
}

/// What `index` gives with arguments not all known: Terraform's `index`:
/// the first element equal to the value, an element that may be decides
/// nothing, none is "item not found".
pub(crate) fn index_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) && !c.whole(1) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        if let Value::Array(items) = &args[0] {
            if items.is_empty() {
                return Err(c.fail("cannot search an empty list")).map(Some);
            }
            for (i, equal) in equalities(items, &metas[0], &args[1], &metas[1]).enumerate() {
                match equal {
                    Some(true) => return Ok(Some((Value::from(i), None))),
                    Some(false) => {}
                    None => return Ok(Some(unknown::not_null(Type::Number))),
                }
            }
            return Err(c.fail("item not found")).map(Some);
        }
        return Ok(Some(unknown::not_null(Type::Number)));
    }
    Ok(None)
}

/// What `matchkeys` gives with arguments not all known: Terraform's
/// `matchkeys` checks the keys' and search set's types before it looks at
/// values, then the lengths it knows.
pub(crate) fn matchkeys_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if let Some(msg) = matchkeys_refusal(&c.args) {
        return Err(c.fail(msg));
    }
    Ok(None)
}

/// What `one` gives with arguments not all known: a list of known length:
/// more than one element is refused as for a known list.
pub(crate) fn one_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if matches!((&c.args[0], &c.metas[0]), (Value::Array(a), Some(typing::Meta::Parts(Type::List(_), _))) if a.len() > 1)
    {
        let msg = "must be a list, set, or tuple value with either zero or one elements";
        return Err(c.fail(FuncError::arg(0, msg))).map(Some);
    }
    Ok(None)
}

/// What `anytrue` gives with arguments not all known: a known `true`
/// decides.
pub(crate) fn anytrue_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    bools_unknown(c, true)
}

/// What `alltrue` gives with arguments not all known: as `anytrue`, a
/// known `false` deciding.
pub(crate) fn alltrue_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    bools_unknown(c, false)
}

/// `anytrue` (`decisive` true) or `alltrue` (false) over a list of bools
/// not all known.
fn bools_unknown(c: &mut UnknownCall<'_>, decisive: bool) -> R<Option<(Value, typing::Ty)>> {
    // A set of unknown length converts to an unknown list(bool).
    if typing::length_unknown_set(&c.args[0], &c.metas[0]) {
        return Ok(Some(c.result(Type::Bool)));
    }
    if c.whole(0) {
        return Ok(None);
    }
    // A known string element of a list or tuple that is not a bool fails
    // the conversion to list(bool) before any value is looked at.
    if non_bool_string(&c.args[0], &c.metas[0]) {
        return Err(c.fail(FuncError::arg(0, "a bool is required")));
    }
    if holds_known(&c.args[0], &c.metas[0], decisive) {
        return Ok(Some((Value::Bool(decisive), None)));
    }
    Ok(Some(unknown::not_null(Type::Bool)))
}

/// What `coalesce` gives with arguments not all known.
pub(crate) fn coalesce_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let (args, metas, types) = c.take();
    let Some(target) = Type::unify(&types) else {
        return Err(c.fail("all arguments must have the same type")).map(Some);
    };
    for (v, t) in args.into_iter().zip(&metas) {
        // A known value holding unknowns can be chosen.
        if typing::is_unknown(t) {
            break;
        }
        let empty = matches!(&v, Value::String(s) if s.is_empty());
        if !v.is_null() && !empty {
            return typing::convert(v, t, &target)
                .map_err(|e| c.fail(e))
                .map(Some);
        }
    }
    Ok(Some(unknown::not_null(target)))
}

/// What `coalescelist` gives with arguments not all known.
pub(crate) fn coalescelist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let (args, metas, types) = c.take();
    // cty checks the types in order up to an unknown argument;
    // then, in order, an unknown argument makes the result
    // unknown, and a known non-empty one (though it holds unknowns)
    // is the result.
    for (t, m) in types.iter().zip(&metas) {
        if typing::is_unknown(m) {
            break;
        }
        if !matches!(t, Type::List(_) | Type::Tuple(_)) {
            return Err(c.fail("coalescelist arguments must be lists or tuples")).map(Some);
        }
    }
    for (v, t) in args.into_iter().zip(metas) {
        if typing::is_unknown(&t) {
            return Ok(Some(unknown::nullable(Type::Dynamic)));
        }
        if matches!(&v, Value::Array(a) if !a.is_empty()) {
            return Ok(Some((v, t)));
        }
    }
    Err(c.fail("no non-null arguments")).map(Some)
}

/// What `lookup` gives with arguments not all known: an object's attribute
/// type is known by its name (the type callback above typed it, or refused
/// a missing attribute).
pub(crate) fn lookup_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    // A known map (perhaps holding unknowns) and key: cty calls `lookup`
    // whatever its default (which may be unknown), so a key the map has
    // gives its value, and one it lacks the default, known or not
    // (Terraform: `lookup({c = U}, "a", "d")` is "d").
    if let (Some(Value::Object(m)), false, true) =
        (c.args.first(), c.whole(0), typing::is_known(&c.metas[1]))
    {
        let key = crate::eval::functions::util::convert_known(
            c.args[1].clone(),
            &crate::eval::functions::util::Ty::String,
        );
        if let Ok(Value::String(k)) = key {
            let t = match lookup_type(&c.args, &c.types) {
                Ok(Returns::Is(t) | Returns::Convert(t)) => t,
                _ => Type::Dynamic,
            };
            let (found, meta) = match m.get_index_of(k.as_str()) {
                Some(i) => {
                    let v = &m[i];
                    (Some(v.clone()), typing::attr(&c.metas[0], &k, i, v))
                }
                None if c.args.len() > 2 => {
                    let (args, metas, _) = c.take();
                    let (default, meta) = (args.into_iter().nth(2), metas.into_iter().nth(2));
                    (default, meta.flatten())
                }
                None => (None, None),
            };
            if let Some(v) = found {
                return typing::convert(v, &meta, &t)
                    .map(Some)
                    .map_err(|e| c.fail(e));
            }
        }
    }
    if matches!(c.types[0], Type::Object(_)) && typing::is_known(&c.metas[1]) {
        let t = match lookup_type(&c.args, &c.types) {
            Ok(Returns::Is(t)) => t,
            _ => Type::Dynamic,
        };
        return Ok(Some(c.result(t)));
    }
    Ok(None)
}

/// What `values` gives with arguments not all known: a known collection
/// holding unknowns: cty runs these functions on it, and their results keep
/// what is known.
pub(crate) fn values_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let (args, metas, types) = c.take();
        // A map's or object's values in the order of their keys.
        let (v, t) = (args.into_iter().next(), metas.into_iter().next().flatten());
        let Some(Value::Object(o)) = v else {
            return Ok(Some(c.result(Type::Dynamic)));
        };
        let parts = typing::by_key(&o)
            .into_iter()
            .map(|(i, k, x)| (x.clone(), typing::attr(&t, k, i, x)));
        let list = match &types[0] {
            Type::Map(e) => Some(Type::list((**e).clone())),
            _ => None,
        };
        return c.sequence(parts, list.as_ref()).map(Some);
    }
    Ok(None)
}

/// What `sort` gives with arguments not all known.
pub(crate) fn sort_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let args = std::mem::take(&mut c.args);
    let metas = std::mem::take(&mut c.metas);
    let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
    // The order is not known, the length is: a known list's, or an
    // unknown tuple's (converted to a list, it is a list of that
    // many unknowns, as cty makes an unknown list of known length).
    let n = match (&args[0], &metas[0]) {
        (_, Some(typing::Meta::Unknown(Type::Tuple(ts), _))) => ts.len(),
        (v, t) if typing::length_unknown_set(v, t) => {
            return Ok(Some(c.result(Type::list(Type::String))))
        }
        (Value::Array(items), _) if !whole(0) => items.len(),
        _ => return Ok(Some(c.result(Type::list(Type::String)))),
    };
    let parts = (0..n).map(|_| unknown::not_null(Type::String));
    c.sequence(parts, Some(&Type::list(Type::String))).map(Some)
}

/// What `chunklist` gives with arguments not all known: a known sequence
/// holding unknowns: cty chunks it, and takes the product of known
/// sequences, with the unknowns in their places.
pub(crate) fn chunklist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let target = c.return_type();
        let (args, metas, _) = c.take();
        let Some(parts) = call::elements(&args[0], &metas[0]) else {
            return Ok(Some(c.result(target)));
        };
        let size = crate::eval::functions::util::int(&args[1], "size").map_err(|m| c.fail(m))?;
        let chunks =
            crate::eval::functions::collection::chunks(&parts, size).map_err(|m| c.fail(m))?;
        let inner = match &target {
            Type::List(e) => Some((**e).clone()),
            _ => None,
        };
        let rows = chunks
            .into_iter()
            .map(|c| call::sequence(c, inner.as_ref()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| c.fail(m))?;
        return c
            .sequence(rows, inner.is_some().then_some(&target))
            .map(Some);
    }
    Ok(None)
}

/// What `setproduct` gives with arguments not all known.
pub(crate) fn setproduct_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if c.args.len() >= 2 && (0..c.args.len()).all(|i| !c.whole(i)) {
        let budget = c.call.budget;
        let target = c.return_type();
        let (args, metas, _) = c.take();
        let lists: Option<Vec<Vec<(Value, typing::Ty)>>> = args
            .iter()
            .zip(&metas)
            .map(|(v, m)| call::elements(v, m))
            .collect();
        let Some(lists) = lists else {
            return Ok(Some(c.result(target)));
        };
        let rows = crate::eval::functions::collection::product(&lists, budget)
            .map_err(|m| c.fail(m))?
            .into_iter()
            .map(|row| call::sequence(row, None))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| c.fail(m))?;
        let collection = matches!(target, Type::List(_) | Type::Set(_));
        return c.sequence(rows, collection.then_some(&target)).map(Some);
    }
    Ok(None)
}

/// What `zipmap` gives with arguments not all known.
pub(crate) fn zipmap_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let span = c.call.span;
    let (args, metas, types) = c.take();
    let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
    // cty: only wholly known keys make the result's keys known
    // (and its type, with a tuple of values); the values are then
    // placed, known or not.
    if whole(0) || !typing::is_known(&metas[0]) {
        return Ok(Some(c.result(match &types[1] {
            Type::List(e) => Type::map((**e).clone()),
            _ => Type::Dynamic,
        })));
    }
    let target = match zipmap_type(&args, &types).map_err(|m| c.fail(m))? {
        typing::Returns::Is(t) => t,
        _ => Type::Dynamic,
    };
    let (Value::Array(keys), Some(values)) = (&args[0], call::elements(&args[1], &metas[1])) else {
        return Ok(Some(c.result(target)));
    };
    crate::eval::functions::collection::same_length(keys.len(), values.len())
        .map_err(|m| c.fail(m))?;
    // A later key replaces an earlier one; the result is in key order.
    let mut parts: Map<Key, (Value, typing::Ty)> = Map::with_capacity(keys.len());
    for (k, part) in keys.iter().zip(values) {
        parts.insert(crate::eval::expr::object_key(k.clone(), span, span)?, part);
    }
    parts.sort_keys();
    let (map, part_metas): (Map<Key, Value>, Vec<typing::Ty>) =
        parts.into_iter().map(|(k, (v, t))| ((k, v), t)).unzip();
    let meta = typing::object_of(&map, part_metas);
    match target {
        Type::Map(_) => typing::convert(Value::Object(map), &meta, &target).map_err(|e| c.fail(e)),
        _ => Ok((Value::Object(map), meta)),
    }
    .map(Some)
}

/// What `element` gives with arguments not all known.
pub(crate) fn element_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let target = c.return_type();
        let (args, metas, types) = c.take();
        // cty takes the element of a known sequence, known or not.
        let Value::Array(items) = &args[0] else {
            return Ok(Some(c.result(target)));
        };
        let list = matches!(types[0], Type::List(_));
        let index = list
            .then(|| crate::eval::functions::collection::list_index(items.len(), &args[1]))
            .flatten();
        let index = index.as_ref().unwrap_or(&args[1]);
        let i = crate::eval::functions::collection::element_position(items.len(), index)
            .map_err(|m| c.fail(m))?;
        return Ok(Some((
            items[i].clone(),
            typing::item(&metas[0], i, &items[i]),
        )));
    }
    Ok(None)
}

/// What `slice` gives with arguments not all known.
pub(crate) fn slice_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let target = c.return_type();
    let (args, metas, _) = c.take();
    let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
    // cty checks the indexes against what is known of the length
    // (a tuple's from its type), then slices a known sequence.
    let len = match (&args[0], &metas[0]) {
        (_, Some(typing::Meta::Unknown(Type::Tuple(ts), _))) => Some(ts.len()),
        (Value::Array(items), _) if !whole(0) => Some(items.len()),
        _ => None,
    };
    let known = |i: usize| typing::is_known(&metas[i]).then_some(&args[i]);
    let range = crate::eval::functions::collection::slice_indexes(len, known(1), known(2))
        .map_err(|msg| c.fail(msg))?;
    let (Some((a, b)), Some(mut parts)) = (range, call::elements(&args[0], &metas[0])) else {
        return Ok(Some(c.result(target)));
    };
    parts.truncate(b);
    parts.drain(..a);
    let list = matches!(target, Type::List(_)).then_some(&target);
    c.sequence(parts, list).map(Some)
}

/// What `setunion` gives with arguments not all known.
pub(crate) fn setunion_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) {
        let target = c.return_type();
        let (args, metas, _) = c.take();
        // cty unions sets holding unknowns (an unknown equals no other
        // element); intersection and subtraction give up on them.
        let mut parts = Vec::new();
        for (v, m) in args.iter().zip(&metas) {
            // (In any order: the result is a set.)
            let Some(items) = call::items_with_metas(v, m) else {
                return Ok(Some(c.result(target)));
            };
            parts.extend(items);
        }
        return c.sequence(parts, Some(&target)).map(Some);
    }
    Ok(None)
}

/// What `reverse` gives with arguments not all known: a set is reversed in
/// its order (known elements, unknown ones, null), its length known or not.
pub(crate) fn reverse_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let (args, metas, types) = c.take();
        let Some(mut parts) = call::items_with_metas(&args[0], &metas[0]) else {
            return Ok(Some(c.result(Type::Dynamic)));
        };
        parts.reverse();
        let list = match &types[0] {
            Type::List(e) | Type::Set(e) => Some(Type::list((**e).clone())),
            _ => None,
        };
        return c.sequence(parts, list.as_ref()).map(Some);
    }
    Ok(None)
}

/// What `flatten` gives with arguments not all known.
pub(crate) fn flatten_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let mut out = Vec::new();
        if !flatten_known(&args[0], &metas[0], &mut out) {
            return Ok(Some(unknown::nullable(Type::Dynamic)));
        }
        return c.sequence(out, None).map(Some);
    }
    Ok(None)
}

/// What `concat` gives with arguments not all known.
pub(crate) fn concat_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) {
        let (args, metas, types) = c.take();
        let all_lists = types.iter().all(|t| matches!(t, Type::List(_)));
        let mut out = Vec::new();
        for (v, t) in args.into_iter().zip(&metas) {
            let Value::Array(items) = v else {
                return Err(c.fail("all arguments must be lists or tuples")).map(Some);
            };
            for (i, x) in items.into_iter().enumerate() {
                let xt = typing::item(t, i, &x);
                out.push((x, xt));
            }
        }
        let list = Type::unify(&types).filter(|_| all_lists);
        return c.sequence(out, list.as_ref()).map(Some);
    }
    Ok(None)
}

/// What `merge` gives with arguments not all known.
pub(crate) fn merge_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) && !c.types.contains(&Type::Dynamic) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let mut map: Map<Key, Value> = Map::new();
        let mut entry_metas: Map<Key, typing::Ty> = Map::new();
        for (v, t) in args.into_iter().zip(&metas) {
            match v {
                Value::Null => {}
                Value::Object(o) => {
                    for (i, (k, x)) in o.into_iter().enumerate() {
                        let xt = typing::attr(t, &k, i, &x);
                        entry_metas.insert(k.clone(), xt);
                        map.insert(k, x);
                    }
                }
                _ => return Err(c.fail("arguments must be maps or objects")).map(Some),
            }
        }
        let metas: Vec<typing::Ty> = map
            .keys()
            .map(|k| entry_metas[k.as_str()].clone())
            .collect();
        let meta = typing::object_of(&map, metas);
        return Ok(Some((Value::Object(map), meta)));
    }
    Ok(None)
}

/// `flatten`'s elements of the known sequence `v` (meta `t`), with their
/// metas, into `out`; `false` when which elements there are is not known
/// (an unknown sequence, or an element of unknown type, inside).
fn flatten_known(v: &Value, t: &typing::Ty, out: &mut Vec<(Value, typing::Ty)>) -> bool {
    // A set of unknown length has no known elements to list.
    if typing::length_unknown_set(v, t) {
        return false;
    }
    let elements: Vec<(&Value, typing::Ty)> = match v {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, x)| (x, typing::item(t, i, x)))
            .collect(),
        // cty iterates a map or object not wholly known as it does a list
        // (a known one is refused by type first): its elements in key
        // order.
        Value::Object(o) => typing::by_key(o)
            .into_iter()
            .map(|(i, k, x)| (x, typing::attr(t, k, i, x)))
            .collect(),
        _ => return false,
    };
    for (x, xt) in elements {
        let ty = typing::of(x, &xt).into_owned();
        let sequence = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        // An unknown of any type could be a sequence to flatten too.
        if ty == Type::Dynamic && typing::is_unknown(&xt) {
            return false;
        }
        if sequence {
            if typing::is_unknown(&xt) || !flatten_known(x, &xt, out) {
                return false;
            }
        } else {
            out.push((x.clone(), xt));
        }
    }
    true
}

/// Whether the known sequence `seq` (meta `meta`) holds a known element
/// that converts to the bool `want` (`true`, or a string `"true"`/`"1"`).
fn holds_known(seq: &Value, meta: &typing::Ty, want: bool) -> bool {
    let Value::Array(items) = seq else {
        return false;
    };
    items.iter().enumerate().any(|(i, x)| {
        crate::eval::expr::condition_bool(x) == Some(want)
            && typing::is_known(&typing::item(meta, i, x))
    })
}

/// The type of `lookup`'s unknown result: a map's element type, an
/// object's attribute's when the key is known.
pub(crate) fn lookup_unknown_type(args: &[Value], types: &[Type]) -> Type {
    match types.first() {
        Some(Type::Map(e)) => (**e).clone(),
        Some(Type::Object(attrs)) => match args.get(1) {
            Some(Value::String(k)) if attrs.contains_key(k.as_str()) => attrs[k.as_str()].clone(),
            _ => Type::Dynamic,
        },
        _ => Type::Dynamic,
    }
}

/// The type of `one`'s unknown result: the element type.
pub(crate) fn one_unknown_type(_: &[Value], types: &[Type]) -> Type {
    match types.first() {
        Some(Type::List(e) | Type::Set(e)) => (**e).clone(),
        Some(Type::Tuple(ts)) if ts.len() == 1 => ts[0].clone(),
        _ => Type::Dynamic,
    }
}

/// The type of `keys`'s unknown result: a map's keys are a list of strings.
pub(crate) fn keys_unknown_type(_: &[Value], types: &[Type]) -> Type {
    match types.first() {
        Some(Type::Map(_)) => Type::list(Type::String),
        _ => Type::Dynamic,
    }
}

/// The type of `reverse`'s unknown result.
pub(crate) fn reverse_unknown_type(_: &[Value], types: &[Type]) -> Type {
    match types.first() {
        Some(Type::Tuple(ts)) => Type::Tuple(ts.iter().rev().cloned().collect()),
        t0 @ Some(Type::List(_) | Type::Set(_)) => Type::list(element_of(t0)),
        _ => Type::Dynamic,
    }
}

/// The type of `concat`'s unknown result: lists alone unify; otherwise a
/// tuple of their elements, for which a list not known has no length.
pub(crate) fn concat_unknown_type(
    answer: Result<Returns, FuncError>,
    args: &[Value],
    types: &[Type],
) -> Type {
    let list = |t: &Type| matches!(t, Type::List(_));
    let lists = !types.is_empty() && types.iter().all(list);
    let unknown_list = types
        .iter()
        .zip(args)
        .any(|(t, v)| list(t) && !matches!(v, Value::Array(_)));
    match answer {
        Ok(typing::Returns::Is(t) | typing::Returns::Convert(t)) if lists || !unknown_list => t,
        _ => Type::Dynamic,
    }
}

/// The type of the unknown result of `distinct` and `matchkeys`: their
/// parameter is a list (a tuple converts to one first).
pub(crate) fn list_of_elements_unknown_type(_: &[Value], types: &[Type]) -> Type {
    match types.first() {
        t0 @ Some(Type::List(_) | Type::Set(_) | Type::Tuple(_)) => Type::list(element_of(t0)),
        _ => Type::Dynamic,
    }
}

/// The type of the unknown result of `setproduct` and `zipmap`: the type
/// callback's, where it can tell.
pub(crate) fn callback_or_dynamic_unknown_type(
    answer: Result<Returns, FuncError>,
    _: &[Value],
    _: &[Type],
) -> Type {
    match answer {
        Ok(typing::Returns::Is(t)) => t,
        _ => Type::Dynamic,
    }
}

/// The type of `chunklist`'s unknown result: a list of lists of the
/// elements.
pub(crate) fn chunklist_unknown_type(_: &[Value], types: &[Type]) -> Type {
    match types.first() {
        t0 @ Some(Type::List(_) | Type::Set(_) | Type::Tuple(_)) => {
            Type::list(Type::list(element_of(t0)))
        }
        _ => Type::Dynamic,
    }
}

/// The type of the unknown result of `setunion`, `setintersection` and
/// `setsubtract`: their element types unify as for known sets (an empty
/// tuple takes no part).
pub(crate) fn set_operation_unknown_type(
    answer: Result<Returns, FuncError>,
    _: &[Value],
    _: &[Type],
) -> Type {
    match answer {
        Ok(typing::Returns::Is(t)) => t,
        _ => Type::set(Type::Dynamic),
    }
}

/// The type of `coalesce`'s unknown result: its arguments' types unified.
pub(crate) fn coalesce_unknown_type(_: &[Value], types: &[Type]) -> Type {
    Type::unify(types).unwrap_or(Type::Dynamic)
}

/// The type of `merge`'s unknown result: objects' attributes merged.
pub(crate) fn merge_unknown_type(_: &[Value], types: &[Type]) -> Type {
    let mut attrs = std::collections::BTreeMap::new();
    for t in types {
        match t {
            Type::Object(a) => attrs.extend(a.iter().map(|(k, t)| (k.clone(), t.clone()))),
            _ => return Type::Dynamic,
        }
    }
    Type::object(attrs)
}

/// The type of `element`'s unknown result: typed from a tuple's element
/// types too, where the index is known.
pub(crate) fn element_unknown_type(
    answer: Result<Returns, FuncError>,
    _: &[Value],
    types: &[Type],
) -> Type {
    match answer {
        Ok(typing::Returns::Is(t)) => t,
        _ => match types.first() {
            Some(Type::List(e)) => (**e).clone(),
            _ => Type::Dynamic,
        },
    }
}

/// The type of the unknown result of `values` and `slice`: typed from a
/// tuple's element types too, where the indexes are known.
pub(crate) fn sequence_unknown_type(
    answer: Result<Returns, FuncError>,
    _: &[Value],
    types: &[Type],
) -> Type {
    match answer {
        Ok(typing::Returns::Is(t)) => t,
        _ => match types.first() {
            t0 @ Some(Type::List(_) | Type::Set(_) | Type::Map(_)) => Type::list(element_of(t0)),
            _ => Type::Dynamic,
        },
    }
}

/// The element type of a collection of type `t`; a tuple's elements'
/// types unified.
fn element_of(t: Option<&Type>) -> Type {
    match t {
        Some(Type::List(e) | Type::Set(e) | Type::Map(e)) => (**e).clone(),
        Some(Type::Tuple(ts)) if !ts.is_empty() => Type::unify(ts).unwrap_or(Type::Dynamic),
        _ => Type::Dynamic,
    }
}

/// Each element of the known sequence `items` (meta `meta`) compared with
/// `want` as cty compares them (`contains`, `index`): `None` where that is
/// not known yet.
fn equalities<'a>(
    items: &'a [Value],
    meta: &'a typing::Ty,
    want: &'a Value,
    want_meta: &'a typing::Ty,
) -> impl Iterator<Item = Option<bool>> + 'a {
    items.iter().enumerate().map(move |(i, item)| {
        crate::eval::ops::equal(item, &typing::item(meta, i, item), want, want_meta)
    })
}

/// Whether a list or tuple holds a known string that does not convert to
/// a bool (`"a"`; `"true"` does).
fn non_bool_string(seq: &Value, meta: &typing::Ty) -> bool {
    let (Value::Array(items), Some(typing::Meta::Parts(Type::List(_) | Type::Tuple(_), _))) =
        (seq, meta)
    else {
        return false;
    };
    items.iter().enumerate().any(|(i, item)| {
        let known = !typing::is_unknown(&typing::item(meta, i, item));
        matches!(item, Value::String(s) if known && crate::value::parse_bool(s).is_none())
    })
}

/// Why `matchkeys(values, keys, searchset)` fails before its values are
/// all known: values and keys of different known lengths (keys and search
/// set of element types that do not unify are its type callback's).
fn matchkeys_refusal(args: &[Value]) -> Option<&'static str> {
    match (args.first(), args.get(1)) {
        (Some(Value::Array(v)), Some(Value::Array(k))) if v.len() != k.len() => {
            Some("length of keys and values should be equal")
        }
        _ => None,
    }
}

/// cty's type callback's refusal of `matchkeys`'s keys and search set
/// (their types `types[1]`, `types[2]`) whose element types do not unify.
fn matchkeys_types_refusal(types: &[Type]) -> Option<&'static str> {
    let (Some(k), Some(s)) = (types.get(1), types.get(2)) else {
        return None;
    };
    let (Some(k), Some(s)) = (typing::list_element(k), typing::list_element(s)) else {
        return None;
    };
    Type::unify(&[k, s])
        .is_none()
        .then_some("keys and searchset must be of the same type")
}

// The specs' type callbacks (cty's `Type`): each checks what its
// function's arguments must be and types the result, on every call that
// keeps the arguments' types, known or not.

/// The type callback of `chunklist`: its result typed (a result not known:
/// by its unknown-type rule).
fn chunklist_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if c.known {
        return chunklist_type(c.args, c.types);
    }
    Ok(Returns::Is(chunklist_unknown_type(c.args, c.types)))
}

/// The type callback of `coalesce`: its result typed (a result not known:
/// by its unknown-type rule).
fn coalesce_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if c.known {
        return coalesce_type(c.args, c.types);
    }
    Ok(Returns::Is(coalesce_unknown_type(c.args, c.types)))
}

/// The type callback of `coalescelist`: its result typed.
fn coalescelist_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if c.known {
        return coalescelist_type(c.args, c.types);
    }
    // (The declared result type.)
    Ok(Returns::Literal)
}

/// The type callback of `concat`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn concat_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, concat_kinds, concat_type, || {
        concat_unknown_type(concat_type(c.args, c.types), c.args, c.types)
    })
}

/// The type callback of `contains`: the kinds of its arguments checked, then
/// its result typed.
fn contains_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    contains_kinds(c.types, c.unknown)?;
    Ok(Returns::Literal)
}

/// The type callback of `matchkeys`: its keys and search set of one
/// element type, then its result typed as `distinct`'s.
fn matchkeys_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if let Some(m) = matchkeys_types_refusal(c.types) {
        return Err(FuncError::Call(m.into()));
    }
    distinct_callback(c)
}

/// The type callback of `distinct` (and `matchkeys`): its result typed (a
/// result not known: by its unknown-type rule).
fn distinct_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if c.known {
        return distinct_type(c.args, c.types);
    }
    Ok(Returns::Is(list_of_elements_unknown_type(c.args, c.types)))
}

/// The type callback of `element`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn element_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    element_kinds(c.types, c.unknown)?;
    let answer = element_type(c.args, c.types)?;
    if c.known {
        return Ok(answer);
    }
    Ok(Returns::Is(element_unknown_type(
        Ok(answer),
        c.args,
        c.types,
    )))
}

/// The type callback of `flatten`: its result typed.
fn flatten_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    if c.known {
        return flatten_type(c.args, c.types);
    }
    // (The declared result type.)
    Ok(Returns::Literal)
}

/// The type callback of `index`: the kinds of its arguments checked, then its
/// result typed.
fn index_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    index_kinds(c.types, c.unknown)?;
    Ok(Returns::Literal)
}

/// The type callback of `keys`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn keys_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, keys_kinds, keys_type, || {
        keys_unknown_type(c.args, c.types)
    })
}

/// The type callback of `values`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn values_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, values_kinds, values_type, || {
        sequence_unknown_type(values_type(c.args, c.types), c.args, c.types)
    })
}

/// The type callback of `lookup`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn lookup_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    // (cty's callback counts the arguments first.)
    if c.args.len() > 3 {
        return Err(FuncError::Call(format!(
            "lookup() takes two or three arguments, got {}",
            c.args.len()
        )));
    }
    lookup_kinds(c.types, c.unknown)?;
    let answer = lookup_type(c.args, c.types)?;
    if c.known {
        return Ok(answer);
    }
    Ok(Returns::Is(lookup_unknown_type(c.args, c.types)))
}

/// The type callback of `merge`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn merge_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, merge_kinds, merge_type, || {
        merge_unknown_type(c.args, c.types)
    })
}

/// The type callback of `one`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn one_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, one_kinds, one_type, || one_unknown_type(c.args, c.types))
}

/// The type callback of `reverse`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn reverse_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, reverse_kinds, reverse_type, || {
        reverse_unknown_type(c.args, c.types)
    })
}

/// The type callback of `setintersection`, `setsubtract` and `setunion`:
/// their result typed (a result not known: by its unknown-type rule).
fn set_operation_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    let answer = set_operation_type(c.args, c.types)?;
    if c.known {
        return Ok(answer);
    }
    Ok(Returns::Is(set_operation_unknown_type(
        Ok(answer),
        c.args,
        c.types,
    )))
}

/// The type callback of `setproduct`: the kinds of its arguments checked, then
/// its result typed (a result not known: by its unknown-type rule).
fn setproduct_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, setproduct_kinds, setproduct_type, || {
        callback_or_dynamic_unknown_type(setproduct_type(c.args, c.types), c.args, c.types)
    })
}

/// The type callback of `slice`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn slice_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, slice_kinds, slice_type, || {
        sequence_unknown_type(slice_type(c.args, c.types), c.args, c.types)
    })
}

/// The type callback of `sum`: its values and the kinds of its arguments
/// checked, then its result typed.
fn sum_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    sum_values(c.args)?;
    sum_kinds(c.types, c.unknown)?;
    Ok(Returns::Literal)
}

/// The type callback of `zipmap`: the kinds of its arguments checked, then its
/// result typed (a result not known: by its unknown-type rule).
fn zipmap_callback(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    checked_then_typed(c, zipmap_kinds, zipmap_type, || {
        callback_or_dynamic_unknown_type(zipmap_type(c.args, c.types), c.args, c.types)
    })
}

/// A type callback's usual course: `kinds` checks the kinds of the
/// arguments' types, `typing` types a known result, `unknown` gives the
/// type of a result not known.
fn checked_then_typed(
    c: &TypeCall<'_>,
    kinds: fn(&[Type], &[bool]) -> Result<(), FuncError>,
    typing: fn(&[Value], &[Type]) -> Result<Returns, FuncError>,
    unknown: impl FnOnce() -> Type,
) -> Result<Returns, FuncError> {
    kinds(c.types, c.unknown)?;
    if c.known {
        return typing(c.args, c.types);
    }
    Ok(Returns::Is(unknown()))
}
