//! String functions.

use crate::eval::call::UnknownCall;
use crate::eval::fail::R;
#[cfg(feature = "regex")]
use crate::eval::func::TypeCall;
#[cfg(feature = "regex")]
use crate::eval::typing::Returns;
use crate::eval::{typing, unknown};
use unicode_segmentation::UnicodeSegmentation;

use super::util::{self, fmt_number, friendly_type, string};
use super::Registry;
use crate::eval::limits::Budget;
use crate::eval::{FuncDef, FuncError};
#[cfg(feature = "regex")]
use crate::value::Map;
use crate::value::{Type, Value};

pub(crate) fn register(r: &mut Registry) {
    let s = || Type::String;
    r.insert(
        "chomp",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                Ok(Value::from(s.trim_end_matches(['\n', '\r'])))
            }),
    );
    r.insert(
        "endswith",
        FuncDef::builder()
            .returns(Type::Bool)
            .param("str", s())
            .param("suffix", s())
            .build(|a| {
                let (x, y) = two_strings(a);
                Ok(Value::Bool(x.ends_with(&y)))
            }),
    );
    r.insert(
        "startswith",
        FuncDef::builder()
            .on_unknown(startswith_unknown)
            .returns(Type::Bool)
            .param("str", s())
            .param("prefix", s())
            .build(|a| {
                let (x, y) = two_strings(a);
                Ok(Value::Bool(x.starts_with(&y)))
            }),
    );
    r.insert(
        "strcontains",
        FuncDef::builder()
            .returns_nullable(Type::Bool)
            .param("str", s())
            .param("substr", s())
            .build(|a| {
                let (x, y) = two_strings(a);
                Ok(Value::Bool(x.contains(&y)))
            }),
    );
    r.insert(
        "format",
        FuncDef::builder()
            .on_unknown(format_unknown)
            .returns(Type::String)
            .param("format", s())
            .nullable_variadic("args", Type::Dynamic)
            .typed_argument()
            .implement(|c| {
                let (mut a, budget) = (c.values, c.budget);
                let f = string(a.remove(0));
                format(&f, &a, budget).map(Value::from)
            }),
    );
    r.insert(
        "formatlist",
        FuncDef::builder()
            .on_unknown(formatlist_unknown)
            .returns(Type::list(Type::String))
            .param("format", s())
            .nullable_variadic("args", Type::Dynamic)
            .typed_argument()
            .implement(|c| {
                let (mut a, budget) = (c.values, c.budget);
                let f = string(a.remove(0));
                formatlist(&f, a, budget)
            }),
    );
    r.insert(
        "indent",
        FuncDef::builder()
            .returns(Type::String)
            .param("spaces", Type::Number)
            .param("str", s())
            .implement(|c| {
                let (a, budget) = (c.values, c.budget);
                let n = util::int(&a[0], "")?;
                if n < 0 {
                    // Terraform's Go `strings.Repeat` panics, and the
                    // function call reports it.
                    return Err(
                        "panic in function implementation: strings: negative Repeat count".into(),
                    );
                }
                let n = n as usize;
                if n > LIMIT {
                    return Err(FuncError::arg(0, format!("{n} is too large")));
                }
                let s = string(a[1].clone());
                let lines = s.bytes().filter(|&b| b == b'\n').count();
                budget.check(1, s.len().saturating_add(lines.saturating_mul(n)))?;
                let pad = format!("\n{}", " ".repeat(n));
                Ok(Value::String(s.replace('\n', &pad).into()))
            }),
    );
    r.insert(
        "join",
        FuncDef::builder()
            .returns(Type::String)
            .param("separator", s())
            .variadic("lists", Type::list(Type::String))
            .implement(|c| {
                let (mut a, budget) = (c.values, c.budget);
                let sep = string(a.remove(0));
                if a.is_empty() {
                    return Err("at least one list is required".into());
                }
                let mut parts: Vec<String> = Vec::new();
                // (The lists are the arguments after the separator.)
                for (i, list) in a.into_iter().enumerate() {
                    for v in util::array(list, "list of string")? {
                        if v.is_null() {
                            return Err(FuncError::arg(
                                i + 1,
                                format!(
                                    "element {} is null; cannot concatenate null values",
                                    parts.len()
                                ),
                            ));
                        }
                        parts.push(to_str(v)?);
                    }
                }
                let total = parts
                    .iter()
                    .fold(0usize, |n, p| n.saturating_add(p.len()))
                    .saturating_add(sep.len().saturating_mul(parts.len().saturating_sub(1)));
                budget.check(1, total)?;
                Ok(Value::String(parts.join(&sep).into()))
            }),
    );
    r.insert(
        "lower",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                Ok(Value::String(
                    map_case(&string(a.into_iter().next().unwrap_or_default()), false).into(),
                ))
            }),
    );
    r.insert(
        "upper",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                Ok(Value::String(
                    map_case(&string(a.into_iter().next().unwrap_or_default()), true).into(),
                ))
            }),
    );
    r.insert(
        "title",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                Ok(Value::String(
                    title(&string(a.into_iter().next().unwrap_or_default())).into(),
                ))
            }),
    );
    #[cfg(feature = "regex")]
    {
        r.insert(
            "regex",
            FuncDef::builder()
                .on_unknown(regex_unknown)
                .returns(Type::Dynamic)
                .result_type(regex_type)
                .param("pattern", s())
                .param("string", s())
                .build(|a| {
                    let (p, s) = two_strings(a);
                    let (re, kind) = pattern(&p)?;
                    match re.captures(&s) {
                        Some(c) => Ok(captures_value(&re, &c, kind)),
                        None => Err("pattern did not match any part of the given string".into()),
                    }
                }),
        );
        r.insert(
            "regexall",
            FuncDef::builder()
                .on_unknown(regexall_unknown)
                .returns(Type::Dynamic)
                .result_type(regexall_type)
                .param("pattern", s())
                .param("string", s())
                .implement(|c| {
                    let (a, budget) = (c.values, c.budget);
                    let (p, s) = two_strings(a);
                    let (re, kind) = pattern(&p)?;
                    let mut out = Vec::new();
                    for c in re.captures_iter(&s) {
                        out.push(captures_value(&re, &c, kind));
                        if out.len() % 4096 == 0 {
                            budget.check(out.len().saturating_mul(re.captures_len()), 0)?;
                        }
                    }
                    Ok(Value::Array(out))
                }),
        );
    }
    r.insert(
        "replace",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .param("substr", s())
            .param("replace", s())
            .implement(|c| {
                let (a, budget) = (c.values, c.budget);
                let mut it = a.into_iter().map(string);
                let (s, sub, rep) = (
                    it.next().unwrap_or_default(),
                    it.next().unwrap_or_default(),
                    it.next().unwrap_or_default(),
                );
                if sub.len() > 1 && sub.starts_with('/') && sub.ends_with('/') {
                    #[cfg(feature = "regex")]
                    {
                        let re = compile(&sub[1..sub.len() - 1])?;
                        return regex_replace(&re, &s, &rep, budget).map(Value::from);
                    }
                    #[cfg(not(feature = "regex"))]
                    return Err(
                        "regular expressions are not available (the `regex` feature is off)".into(),
                    );
                }
                if rep.len() > sub.len() {
                    let n = if sub.is_empty() {
                        s.chars().count() + 1
                    } else {
                        s.matches(sub.as_str()).count()
                    };
                    budget.check(1, s.len().saturating_add(n.saturating_mul(rep.len())))?;
                }
                Ok(Value::String(s.replace(&sub, &rep).into()))
            }),
    );
    r.insert(
        "split",
        FuncDef::builder()
            .returns(Type::list(Type::String))
            .param("separator", s())
            .param("str", s())
            .implement(|c| {
                let (a, budget) = (c.values, c.budget);
                let (sep, s) = two_strings(a);
                let pieces = if sep.is_empty() {
                    s.chars().count()
                } else {
                    s.matches(sep.as_str()).count() + 1
                };
                budget.check(pieces, s.len())?;
                if sep.is_empty() {
                    return Ok(Value::Array(
                        s.chars()
                            .map(|c| Value::String(crate::value::Str::from(c)))
                            .collect(),
                    ));
                }
                Ok(Value::Array(
                    s.split(sep.as_str()).map(Value::from).collect(),
                ))
            }),
    );
    r.insert(
        "strrev",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                let mut out = String::with_capacity(s.len());
                for g in graphemes(&s).into_iter().rev() {
                    out.push_str(g);
                }
                Ok(Value::String(out.into()))
            }),
    );
    r.insert(
        "substr",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .param("offset", Type::Number)
            .param("length", Type::Number)
            .build(|a| {
                let s = string(a[0].clone());
                let offset = util::int(&a[1], "")?;
                let length = util::int(&a[2], "")?;
                Ok(Value::String(substr(&s, offset, length).into()))
            }),
    );
    r.insert(
        "trim",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .param("cutset", s())
            .build(|a| {
                let (s, cut) = two_strings(a);
                Ok(Value::from(s.trim_matches(|c| cut.contains(c))))
            }),
    );
    r.insert(
        "trimprefix",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .param("prefix", s())
            .build(|a| {
                let (s, p) = two_strings(a);
                Ok(Value::from(s.strip_prefix(p.as_str()).unwrap_or(&s)))
            }),
    );
    r.insert(
        "trimsuffix",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .param("suffix", s())
            .build(|a| {
                let (s, p) = two_strings(a);
                Ok(Value::from(s.strip_suffix(p.as_str()).unwrap_or(&s)))
            }),
    );
    r.insert(
        "trimspace",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                Ok(Value::from(
                    string(a.into_iter().next().unwrap_or_default()).trim(),
                ))
            }),
    );
}

fn two_strings(a: Vec<Value>) -> (String, String) {
    let mut it = a.into_iter().map(string);
    (it.next().unwrap_or_default(), it.next().unwrap_or_default())
}

/// Converts an element to a string as Terraform's `list(string)` does.
fn to_str(v: Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s.into_string()),
        Value::Number(n) => Ok(fmt_number(&n)),
        Value::Bool(b) => Ok(b.to_string()),
        other => Err(format!(
            "string required, but have {}",
            friendly_type(&other)
        )),
    }
}

/// Go's `strings.ToUpper`/`ToLower`: rune by rune, with Unicode's simple
/// mappings (no final sigma, `ß` stays `ß`).
fn map_case(s: &str, upper: bool) -> String {
    s.chars()
        .map(|c| {
            if upper {
                simple_upper(c)
            } else {
                simple_lower(c)
            }
        })
        .collect()
}

/// Unicode's simple lowercase mapping (Go's `unicode.ToLower`): the full
/// mapping where it is one character; `İ`, whose full mapping is `i` and
/// a combining dot, is `i`.
fn simple_lower(c: char) -> char {
    if c == '\u{130}' {
        return 'i';
    }
    single(c.to_lowercase(), c)
}

/// The one character of a full case mapping, or `c` when it maps to more.
fn single(mut mapped: impl Iterator<Item = char>, c: char) -> char {
    match (mapped.next(), mapped.next()) {
        (Some(m), None) => m,
        _ => c,
    }
}

/// Unicode's simple uppercase mapping (one character to one, as Go's
/// `unicode.ToUpper`): the full mapping where it is one character, and
/// for the Greek letters with a subscript iota, whose full mapping is two
/// (`ᾳ` → `ΑΙ`), their one-character capital (`ᾼ`).
fn simple_upper(c: char) -> char {
    let shifted = match c {
        '\u{1f80}'..='\u{1f87}' | '\u{1f90}'..='\u{1f97}' | '\u{1fa0}'..='\u{1fa7}' => {
            char::from_u32(c as u32 + 8)
        }
        '\u{1fb3}' | '\u{1fc3}' | '\u{1ff3}' => char::from_u32(c as u32 + 9),
        _ => None,
    };
    shifted.unwrap_or_else(|| single(c.to_uppercase(), c))
}

/// Unicode's simple titlecase mapping (Go's `unicode.ToTitle`): the
/// uppercase one, except for the digraphs, whose title form is a capital
/// and a small letter (`ǆ` → `ǅ`), and Georgian's Mkhedruli letters, which
/// are their own title form (their capitals are Mtavruli, used for whole
/// words only).
fn simple_title(c: char) -> char {
    match c {
        '\u{1c4}'..='\u{1c6}' => '\u{1c5}',
        '\u{1c7}'..='\u{1c9}' => '\u{1c8}',
        '\u{1ca}'..='\u{1cc}' => '\u{1cb}',
        '\u{1f1}'..='\u{1f3}' => '\u{1f2}',
        '\u{10d0}'..='\u{10fa}' | '\u{10fd}'..='\u{10ff}' => c,
        _ => simple_upper(c),
    }
}

/// Go's (deprecated) `strings.Title`.
fn title(s: &str) -> String {
    fn is_separator(c: char) -> bool {
        if c.is_ascii() {
            return !(c.is_ascii_alphanumeric() || c == '_');
        }
        if c.is_alphanumeric() {
            return false;
        }
        c.is_whitespace()
    }
    let mut out = String::with_capacity(s.len());
    let mut prev = ' ';
    for c in s.chars() {
        if is_separator(prev) {
            out.push(simple_title(c));
        } else {
            out.push(c);
        }
        prev = c;
    }
    out
}

/// Splits into grapheme clusters, as Terraform counts characters.
pub(crate) fn graphemes(s: &str) -> Vec<&str> {
    s.graphemes(true).collect()
}

fn substr(s: &str, offset: i64, length: i64) -> String {
    let g = graphemes(s);
    let total = g.len() as i64;
    let mut offset = offset;
    if offset < 0 {
        offset += total;
    } else if length == 0 {
        return String::new();
    }
    let start = offset.clamp(0, total) as usize;
    // A zero length is only met here after a negative offset, and cty's
    // loop looking for the length-th grapheme then never stops early: the
    // rest of the string (`substr("abc", -1, 0)` is `"c"` in Terraform).
    let end = if length <= 0 {
        g.len()
    } else {
        (start as i64).saturating_add(length).min(total) as usize
    };
    g[start..end].concat()
}

/// `pattern` compiled (RE2's syntax), or `regex`'s error. The patterns
/// compiled last on this thread are kept, as a configuration calls the
/// same patterns again for each instance and in each of a plan's walks,
/// and compiling costs far more than matching: at most `KEPT` of at most
/// `LONGEST` bytes, the whole table cleared when it is full.
#[cfg(feature = "regex")]
fn compile(pattern: &str) -> Result<regex::Regex, String> {
    use std::cell::RefCell;
    const KEPT: usize = 64;
    const LONGEST: usize = 4096;
    type Compiled = crate::value::map::FastHashMap<Box<str>, Result<regex::Regex, String>>;
    thread_local! {
        static COMPILED: RefCell<Compiled> = RefCell::default();
    }
    if pattern.len() > LONGEST {
        return compile_new(pattern);
    }
    COMPILED.with(|c| {
        if let Some(re) = c.borrow().get(pattern) {
            return re.clone();
        }
        let re = compile_new(pattern);
        let mut c = c.borrow_mut();
        if c.len() >= KEPT {
            c.clear();
        }
        c.insert(pattern.into(), re.clone());
        re
    })
}

#[cfg(feature = "regex")]
#[cold]
fn compile_new(pattern: &str) -> Result<regex::Regex, String> {
    let invalid = |detail: &str| format!("invalid regexp pattern: {detail}");
    let translated = super::re2::translate(pattern).map_err(|e| invalid(&e))?;
    regex::Regex::new(&translated).map_err(|e| {
        let msg = e.to_string();
        invalid(msg.lines().last().unwrap_or(&msg).trim())
    })
}

/// `regex`'s and `regexall`'s pattern (their first argument) compiled,
/// with the kind of result its groups give, or its refusal.
#[cfg(feature = "regex")]
fn pattern(p: &str) -> Result<(regex::Regex, ResultKind), FuncError> {
    let refused = |m: String| FuncError::arg(0, m);
    let re = compile(p).map_err(refused)?;
    let kind = result_kind(&re).map_err(refused)?;
    Ok((re, kind))
}

#[cfg(feature = "regex")]
#[derive(Clone, Copy)]
enum ResultKind {
    Whole,
    List,
    Object,
}

#[cfg(feature = "regex")]
fn result_kind(re: &regex::Regex) -> Result<ResultKind, String> {
    let groups = re.captures_len() - 1;
    let named = re.capture_names().flatten().count();
    match (groups, named) {
        (0, _) => Ok(ResultKind::Whole),
        (_, 0) => Ok(ResultKind::List),
        (g, n) if g == n => Ok(ResultKind::Object),
        _ => Err("invalid regexp pattern: cannot mix both named and unnamed capture groups".into()),
    }
}

/// The type of `regex`'s result for `pattern` (cty's type callback, which
/// needs only the pattern): a string without capture groups, a tuple of
/// strings for unnamed groups, an object of strings for named ones.
#[cfg(feature = "regex")]
pub(crate) fn regex_result_type(pattern: &str) -> Result<crate::value::Type, FuncError> {
    use crate::value::Type;
    let (re, kind) = self::pattern(pattern)?;
    Ok(match kind {
        ResultKind::Whole => Type::String,
        ResultKind::List => Type::Tuple(vec![Type::String; re.captures_len() - 1].into()),
        ResultKind::Object => Type::object(
            re.capture_names()
                .flatten()
                .map(|n| (super::re2::group_name(n).to_string(), Type::String)),
        ),
    })
}

#[cfg(feature = "regex")]
fn captures_value(re: &regex::Regex, c: &regex::Captures<'_>, kind: ResultKind) -> Value {
    let get = |i: usize| c.get(i).map_or(Value::Null, |m| Value::from(m.as_str()));
    match kind {
        ResultKind::Whole => get(0),
        ResultKind::List => Value::Array((1..c.len()).map(get).collect()),
        ResultKind::Object => {
            let mut o = Map::new();
            // (A name given twice: the last group's value, as in Go.)
            for (i, name) in re.capture_names().enumerate() {
                if let Some(name) = name {
                    o.insert(super::re2::group_name(name), get(i));
                }
            }
            util::sorted_object(o)
        }
    }
}

/// `replace` with a `/regex/`: Go's `ReplaceAllString` (`$1`, `${name}`
/// expanded), stopping when the result would pass the size limit.
#[cfg(feature = "regex")]
fn regex_replace(
    re: &regex::Regex,
    s: &str,
    rep: &str,
    budget: &Budget,
) -> Result<String, FuncError> {
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let names: Vec<Option<&str>> = re.capture_names().collect();
    for caps in re.captures_iter(s) {
        let Some(m) = caps.get(0) else { continue };
        out.push_str(s.get(last..m.start()).unwrap_or_default());
        go_expand(&names, &caps, rep, &mut out);
        last = m.end();
        budget.check(1, out.len())?;
    }
    out.push_str(s.get(last..).unwrap_or_default());
    Ok(out)
}

/// Go's `Regexp.Expand`: `$1`, `$name`, `${name}` (a name is the longest
/// run of letters, digits and `_`; a number with a leading zero is a
/// name), `$$` for `$`, and a `$` that starts none of these kept. A name
/// given to several groups stands for the first of them that matched
/// (`names`: the pattern's group names, by index).
#[cfg(feature = "regex")]
fn go_expand(names: &[Option<&str>], caps: &regex::Captures<'_>, rep: &str, out: &mut String) {
    let mut rest = rep;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(more) = after.strip_prefix('$') {
            out.push('$');
            rest = more;
            continue;
        }
        let (braced, body) = match after.strip_prefix('{') {
            Some(b) => (true, b),
            None => (false, after),
        };
        let len: usize = body
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .map(char::len_utf8)
            .sum();
        let closed = !braced || body[len..].starts_with('}');
        if len == 0 || !closed {
            out.push('$');
            rest = after;
            continue;
        }
        let name = &body[..len];
        rest = &body[len + usize::from(braced)..];
        let number = (name.len() == 1 || !name.starts_with('0'))
            && name.len() <= 8
            && name.bytes().all(|b| b.is_ascii_digit());
        let group = if number {
            name.parse::<usize>().ok().and_then(|i| caps.get(i))
        } else {
            names.iter().enumerate().find_map(|(i, n)| {
                n.filter(|n| super::re2::group_name(n) == name)
                    .and_then(|_| caps.get(i))
            })
        };
        if let Some(m) = group {
            out.push_str(m.as_str());
        }
    }
    out.push_str(rest);
}

// ---------------------------------------------------------------- format

/// Largest width, precision or indent accepted (a guard against configs
/// that would allocate gigabytes).
const LIMIT: usize = 1_000_000;

/// Terraform's `format`: Go-like verbs over HCL values.
pub(crate) fn format(f: &str, args: &[Value], budget: &Budget) -> Result<String, FuncError> {
    let mut out = String::with_capacity(f.len() + 16);
    let mut next_arg = 0usize;
    let mut max_used = 0usize;
    let mut chars = f.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        // Flags.
        while let Some(&(_, c)) = chars.peek() {
            match c {
                '-' => spec.minus = true,
                '+' => spec.plus = true,
                '#' => spec.sharp = true,
                ' ' => spec.space = true,
                '0' => spec.zero = true,
                _ => break,
            }
            chars.next();
        }
        let read_index = |chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>| -> Result<Option<usize>, String> {
            if chars.peek().map(|&(_, c)| c) != Some('[') {
                return Ok(None);
            }
            chars.next();
            let mut n = 0usize;
            let mut any = false;
            while let Some(&(_, c)) = chars.peek() {
                if let Some(d) = c.to_digit(10) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    any = true;
                    chars.next();
                } else {
                    break;
                }
            }
            match chars.next() {
                Some((_, ']')) if any && n > 0 => Ok(Some(n)),
                _ => Err(format!("invalid argument index in \"{}\"", &f[start..])),
            }
        };
        if let Some(n) = read_index(&mut chars)? {
            next_arg = n - 1;
        }
        let mut width = None;
        while let Some(&(_, c)) = chars.peek() {
            if let Some(d) = c.to_digit(10) {
                width = Some(
                    width
                        .unwrap_or(0usize)
                        .saturating_mul(10)
                        .saturating_add(d as usize),
                );
                chars.next();
            } else {
                break;
            }
        }
        if width.is_some_and(|w| w > LIMIT) {
            return Err(format!("width in \"{}\" is too large", &f[start..]).into());
        }
        spec.width = width;
        if chars.peek().map(|&(_, c)| c) == Some('.') {
            chars.next();
            let mut p = 0usize;
            while let Some(&(_, c)) = chars.peek() {
                if let Some(d) = c.to_digit(10) {
                    p = p.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                } else {
                    break;
                }
            }
            if p > LIMIT {
                return Err(format!("precision in \"{}\" is too large", &f[start..]).into());
            }
            spec.prec = Some(p);
        }
        if let Some(n) = read_index(&mut chars)? {
            next_arg = n - 1;
        }
        let Some((vpos, verb)) = chars.next() else {
            return Err(format!("unterminated format verb at offset {start}").into());
        };
        let verb_text = &f[start..vpos + verb.len_utf8()];
        if verb == '%' {
            if vpos != start + 1 {
                return Err(format!(
                    "unsupported format verb '%' in \"{verb_text}\" at offset {start}"
                )
                .into());
            }
            out.push('%');
            continue;
        }
        if !"vtbdoxXeEfFgGsq".contains(verb) {
            if verb == '*' || verb == '[' || verb == '.' {
                return Err(
                    format!("unrecognized format character '{verb}' at offset {}", vpos).into(),
                );
            }
            return Err(format!(
                "unsupported format verb '{verb}' in \"{verb_text}\" at offset {start}"
            )
            .into());
        }
        let Some(arg) = args.get(next_arg) else {
            return Err(format!(
                "not enough arguments for \"{verb_text}\" at {start}: need index {} but have {} total",
                next_arg + 1,
                args.len()
            ).into());
        };
        // cty names the verb's offset in the format string.
        let at = start;
        next_arg += 1;
        max_used = max_used.max(next_arg);
        spec.verb = verb;
        let text = format_one(&spec, arg)
            .map_err(|e| format!("unsupported value for \"{verb_text}\" at {at}: {e}"))?;
        out.push_str(&text);
        budget.check(1, out.len())?;
    }
    // (The first argument not used, counting the format string.)
    if max_used == 0 && !args.is_empty() {
        return Err(FuncError::arg(
            1,
            "too many arguments; no verbs in format string",
        ));
    }
    if max_used < args.len() {
        return Err(FuncError::arg(
            max_used + 1,
            format!("too many arguments; only {max_used} used by format string"),
        ));
    }
    Ok(out)
}

#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
    verb: char,
}

impl Spec {
    /// A bare `%` verb: no flags, width or precision.
    fn verb(verb: char) -> Spec {
        Spec {
            minus: false,
            plus: false,
            sharp: false,
            space: false,
            zero: false,
            width: None,
            prec: None,
            verb,
        }
    }

    /// Pads to the width, counted in grapheme clusters as Terraform counts
    /// it; zeros after the sign when asked.
    fn pad(&self, s: String, numeric: bool) -> String {
        let Some(w) = self.width else { return s };
        let len = s.graphemes(true).count();
        if len >= w {
            return s;
        }
        let fill = w - len;
        if self.minus {
            return s + &" ".repeat(fill);
        }
        if self.zero && numeric {
            let sign_len = if s.starts_with(['+', '-', ' ']) { 1 } else { 0 };
            let (sign, rest) = s.split_at(sign_len);
            return format!("{sign}{}{rest}", "0".repeat(fill));
        }
        if self.zero && !numeric {
            return "0".repeat(fill) + &s;
        }
        " ".repeat(fill) + &s
    }

    fn sign(&self, neg: bool, body: String) -> String {
        if neg {
            format!("-{body}")
        } else if self.plus {
            format!("+{body}")
        } else if self.space {
            format!(" {body}")
        } else {
            body
        }
    }
}

/// Why `arg` does not convert to the primitive type `want` for a verb, in
/// cty's words.
fn required(arg: &Value, want: &str) -> String {
    crate::value::ty::primitive_required(matches!(arg, Value::String(_)), want)
}

fn format_one(spec: &Spec, arg: &Value) -> Result<String, String> {
    match spec.verb {
        'v' => {
            let s = match arg {
                // A null of a known type (an untyped one gives an unknown
                // result before the call, as in Terraform).
                Value::Null => "null".to_owned(),
                Value::String(s) if !spec.sharp => s.as_str().to_owned(),
                Value::Number(n) if !spec.sharp => format_float(&Spec::verb('g'), n),
                Value::Bool(b) if !spec.sharp => b.to_string(),
                other if !other.is_finite() => {
                    return Err("cannot serialize infinity as JSON".into())
                }
                other => crate::value::json::json_encode(other),
            };
            // A precision does not cut `%v` (`format("%.2v", "hello")` is
            // "hello" in Terraform 1.11.4); a width pads it.
            Ok(spec.pad(s, false))
        }
        's' => {
            let s = match arg {
                Value::Null => return Err("null value cannot be formatted".into()),
                Value::String(s) => s.clone(),
                Value::Number(n) => fmt_number(n).into(),
                Value::Bool(b) => b.to_string().into(),
                _ => return Err("string required".into()),
            };
            Ok(spec.pad(truncate(s.into_string(), spec.prec), false))
        }
        'q' => {
            let s = match arg {
                Value::Null => return Err("null value cannot be formatted".into()),
                Value::String(s) => s.clone(),
                Value::Number(n) => fmt_number(n).into(),
                Value::Bool(b) => b.to_string().into(),
                _ => return Err("string required".into()),
            };
            let s = truncate(s.into_string(), spec.prec);
            Ok(spec.pad(
                crate::value::json::json_encode(&Value::String(s.into())),
                false,
            ))
        }
        't' => {
            let b = match arg {
                Value::Bool(b) => *b,
                Value::String(s) if crate::value::parse_bool(s).is_some() => {
                    crate::value::parse_bool(s) == Some(true)
                }
                Value::Null => return Err("null value cannot be formatted".into()),
                other => return Err(required(other, "bool")),
            };
            Ok(spec.pad(b.to_string(), false))
        }
        _ => {
            let n = match arg {
                Value::Number(n) => n.clone(),
                Value::String(s) => match crate::value::Number::parse(s) {
                    Some(n) => n,
                    None => return Err(required(arg, "number")),
                },
                Value::Null => return Err("null value cannot be formatted".into()),
                other => return Err(required(other, "number")),
            };
            match spec.verb {
                'd' | 'b' | 'o' | 'x' | 'X' => format_int(spec, &n),
                _ => Ok(format_float(spec, &n)),
            }
        }
    }
}

/// The first `prec` grapheme clusters of `s`.
fn truncate(s: String, prec: Option<usize>) -> String {
    match prec.and_then(|p| s.grapheme_indices(true).nth(p)) {
        Some((cut, _)) => s[..cut].to_owned(),
        None => s,
    }
}

fn format_int(spec: &Spec, n: &crate::value::Number) -> Result<String, String> {
    let radix = match spec.verb {
        'd' => 10,
        'b' => 2,
        'o' => 8,
        _ => 16,
    };
    // Any integer, however large, with all its digits, as Go's `big.Float`
    // gives them (`format("%d", 123456789012345678901234567890)` and
    // `format("%x", 1e30)` in Terraform 1.11.4; an `f64` lost the digits).
    let (neg, mag) = n.to_big_integer().ok_or("an integer is required")?;
    let body = mag.to_str_radix(radix);
    let body = if spec.verb == 'X' {
        body.to_ascii_uppercase()
    } else {
        body
    };
    // (-0 prints as 0.)
    Ok(finish_int(spec, neg && mag.bits() > 0, body))
}

/// An integer's digits `body` with the spec's precision, `#` prefix, sign
/// and padding.
fn finish_int(spec: &Spec, neg: bool, mut body: String) -> String {
    if let Some(p) = spec.prec {
        if body.len() < p {
            body = "0".repeat(p - body.len()) + &body;
        }
    }
    if spec.sharp {
        body = match spec.verb {
            'b' => format!("0b{body}"),
            'o' => format!("0{body}"),
            'x' => format!("0x{body}"),
            'X' => format!("0X{body}"),
            _ => body,
        };
    }
    spec.pad(spec.sign(neg, body), spec.prec.is_none())
}

fn format_float(spec: &Spec, n: &crate::value::Number) -> String {
    // (The sign survives `as_f64`; 1e600 is finite here, +Inf there.)
    let neg = n.as_f64().is_sign_negative();
    if !n.is_finite() {
        let body = if neg {
            "-Inf".to_owned()
        } else {
            spec.sign(false, "+Inf".to_owned())
        };
        return spec.pad(body, false);
    }
    let body = crate::value::gofmt::float_text(spec.verb, spec.prec, n);
    spec.pad(spec.sign(neg, body), true)
}

fn formatlist(f: &str, args: Vec<Value>, budget: &Budget) -> Result<Value, FuncError> {
    let shapes: Vec<ListArg> = args
        .iter()
        .map(|a| match a {
            Value::Array(items) => ListArg::Seq(items.len()),
            _ => ListArg::Single,
        })
        .collect();
    let rows = formatlist_rows(f, &args, &shapes, &|_, _| true, budget)?;
    let rows = rows.unwrap_or_default().into_iter().flatten();
    Ok(Value::Array(
        rows.map(|s| Value::String(s.into())).collect(),
    ))
}

/// How `formatlist` takes one of its arguments.
#[derive(Clone, Copy)]
pub(crate) enum ListArg {
    /// A sequence (list, set or tuple) of this length, iterated.
    Seq(usize),
    /// A sequence not known yet: of this length when it is a tuple.
    Unknown(Option<usize>),
    /// Anything else (a null sequence too), the same in every iteration.
    Single,
}

/// `formatlist`'s iterations, as cty runs them: the sequences' lengths
/// must agree (checked in argument order, an unknown tuple's too); a
/// sequence not known yet makes the whole result unknown (`Ok(None)`); an
/// iteration where an argument is not wholly known (`known(i, Some(j))`
/// for element `j` of sequence argument `i`, `known(i, None)` for a single
/// one) gives `None`. Like cty (Terraform 1.11), such an iteration stops
/// there, leaving the later sequences where they were:
/// `formatlist("%s-%s", [u, "x"], ["a", "b"])` is `[unknown, "x-a"]`.
pub(crate) fn formatlist_rows(
    f: &str,
    args: &[Value],
    shapes: &[ListArg],
    known: &dyn Fn(usize, Option<usize>) -> bool,
    budget: &Budget,
) -> Result<Option<Vec<Option<String>>>, FuncError> {
    let mut len: Option<(usize, usize)> = None;
    let mut unknown = false;
    for (i, shape) in shapes.iter().enumerate() {
        let n = match *shape {
            ListArg::Seq(n) | ListArg::Unknown(Some(n)) => n,
            ListArg::Unknown(None) => {
                unknown = true;
                continue;
            }
            ListArg::Single => continue,
        };
        unknown |= matches!(shape, ListArg::Unknown(_));
        match len {
            None => len = Some((n, i)),
            Some((l, j)) if l != n => {
                // (`args` come after the format string.)
                return Err(FuncError::arg(i + 1, format!(
                    "argument {} has length {n}, which is inconsistent with argument {} of length {l}",
                    i + 1,
                    j + 1
                )));
            }
            _ => {}
        }
    }
    if unknown {
        return Ok(None);
    }
    let n = len.map_or(1, |(l, _)| l);
    let mut out = Vec::with_capacity(n);
    let mut next = vec![0usize; args.len()];
    let mut row = Vec::with_capacity(args.len());
    let mut total = 0usize;
    'rows: for k in 0..n {
        row.clear();
        for (i, a) in args.iter().enumerate() {
            let (v, j) = match (a, shapes[i]) {
                (Value::Array(items), ListArg::Seq(_)) => {
                    next[i] += 1;
                    (items[next[i] - 1].clone(), Some(next[i] - 1))
                }
                _ => (a.clone(), None),
            };
            if !known(i, j) {
                out.push(None);
                continue 'rows;
            }
            row.push(v);
        }
        let text = format(f, &row, budget).map_err(|e| match e {
            FuncError::Limit(_) => e,
            // Without arguments cty formats once, as `format` does.
            _ if args.is_empty() => FuncError::Call(e.message().to_owned()),
            _ => FuncError::Call(format!("error on format iteration {k}: {}", e.message())),
        })?;
        total = total.saturating_add(text.len());
        budget.check(out.len() + 1, total)?;
        out.push(Some(text));
    }
    Ok(Some(out))
}

#[cfg(feature = "regex")]
/// cty's type callback of `regex`: typed from the pattern's groups, a
/// group that matched nothing a null string (a result not known: of any
/// type).
pub(crate) fn regex_type(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    Ok(match c.known_string(0) {
        Some(p) => Returns::Is(regex_result_type(&p)?),
        None => Returns::Literal,
    })
}

#[cfg(feature = "regex")]
/// cty's type callback of `regexall`: typed from the pattern's groups (an
/// empty result has the type too; a result not known is a list).
pub(crate) fn regexall_type(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok(match c.known_string(0) {
        Some(p) => Is(Type::list(regex_result_type(&p)?)),
        None if c.known => Literal,
        None => Is(Type::list(Type::Dynamic)),
    })
}

// What a call gives whose arguments are not all known (the specs'
// `on_unknown`, and the types of their unknown results).

/// What `format` gives with arguments not all known.
pub(crate) fn format_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let args = std::mem::take(&mut c.args);
        // cty: the text before the first verb is known to start the
        // result.
        let prefix = match &args[0] {
            Value::String(f) => f.find('%').filter(|&i| i > 0).map(|i| f[..i].to_owned()),
            _ => None,
        };
        let r = typing::Refine {
            not_null: true,
            prefix,
            ..typing::Refine::default()
        };
        return Ok(Some((Value::Null, typing::unknown(Type::String, r))));
    }
    Ok(None)
}

/// What `formatlist` gives with arguments not all known.
pub(crate) fn formatlist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let budget = c.call.budget;
        let (args, metas, types) = c.take();
        let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
        let any_unsized = (1..args.len()).any(|i| typing::length_unknown_set(&args[i], &metas[i]));
        let (Value::String(f), false) = (&args[0], any_unsized) else {
            return Ok(Some(c.result(Type::list(Type::String))));
        };
        let shapes: Vec<ListArg> = (1..args.len())
            .map(|i| match (&types[i], &args[i]) {
                (Type::List(_) | Type::Set(_), _) if whole(i) => ListArg::Unknown(None),
                (Type::Tuple(ts), _) if whole(i) => ListArg::Unknown(Some(ts.len())),
                (Type::List(_) | Type::Set(_) | Type::Tuple(_), Value::Array(a)) => {
                    ListArg::Seq(a.len())
                }
                _ => ListArg::Single,
            })
            .collect();
        let known = |i: usize, j: Option<usize>| {
            let t = &metas[i + 1];
            match (j, &args[i + 1]) {
                (Some(j), Value::Array(a)) => typing::is_known(&typing::item(t, j, &a[j])),
                _ => typing::is_known(t),
            }
        };
        let rows = formatlist_rows(f, &args[1..], &shapes, &known, budget);
        let rows = match rows.map_err(|e| c.fail(e))? {
            Some(rows) => rows,
            None => return Ok(Some(c.result(Type::list(Type::String)))),
        };
        let parts = rows.into_iter().map(|r| match r {
            Some(s) => (Value::String(s.into()), None),
            None => unknown::not_null(Type::String),
        });
        return c.sequence(parts, Some(&Type::list(Type::String))).map(Some);
    }
    Ok(None)
}

/// What `startswith` gives with arguments not all known.
pub(crate) fn startswith_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let args = std::mem::take(&mut c.args);
    let metas = std::mem::take(&mut c.metas);
    if let (Some(typing::Meta::Unknown(_, r)), Value::String(p), None) =
        (&metas[0], &args[1], &metas[1])
    {
        let known = r.prefix.as_deref().unwrap_or_default();
        if let Some(answer) = starts_with(known, p) {
            return Ok(Some((Value::Bool(answer), None)));
        }
    }
    Ok(Some(unknown::not_null(Type::Bool)))
}

/// What `regex` gives with arguments not all known: a result typed from
/// the pattern, when that is known.
#[cfg(feature = "regex")]
pub(crate) fn regex_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    Ok(pattern_type(c)?.map(|t| c.result(t)))
}

/// What `regexall` gives with arguments not all known: a list typed from
/// the pattern, when that is known.
#[cfg(feature = "regex")]
pub(crate) fn regexall_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    Ok(pattern_type(c)?.map(|t| c.result(Type::list(t))))
}

/// The type of a match of the pattern, when that is known.
#[cfg(feature = "regex")]
fn pattern_type(c: &UnknownCall<'_>) -> R<Option<Type>> {
    match (c.args.first(), c.whole(0)) {
        (Some(Value::String(p)), false) => {
            regex_result_type(p).map(Some).map_err(|msg| c.fail(msg))
        }
        _ => Ok(None),
    }
}

/// Terraform's `startswith(u, p)` for an unknown string `u` known to start
/// with `known` (perhaps nothing): true for an empty `p` or one `known`
/// starts with, false where `known` is at least as long as `p` (in bytes)
/// and does not start with it, otherwise not known (`"ab${u}"` starting
/// with "pre" is not known).
fn starts_with(known: &str, p: &str) -> Option<bool> {
    if known.starts_with(p) {
        Some(true)
    } else if !known.is_empty() && known.len() >= p.len() {
        Some(false)
    } else {
        None
    }
}
