//! `yamldecode`: yaml-rust2's events, turned into a value and its type as
//! Terraform's decoder (go-cty-yaml 1.1, over go-yaml's port of libyaml)
//! turns libyaml's events into them: its scalar resolution (YAML 1.1
//! booleans, `0x`/`0o` integers, timestamps), its checks in its order, its
//! messages and its positions.
//!
//! go-cty-yaml reads a document twice, once for its type and once for its
//! value, and reports the first pass's error first; the second pass fails
//! on its own only where a block scalar (`|`, `>`) resolves to NaN. One
//! pass here keeps that error aside ([`Decoder::deferred`]) until the
//! document has been read.

use std::collections::{BTreeMap, HashMap};

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};

use super::encoding::number_text;
use super::util;
use crate::value::ty::literal_type;
use crate::value::{Key, Map, Number, Type, Value};

/// The document `src` as a value and the type Terraform gives it: a block
/// scalar is a string even where its text reads as something else (an
/// empty one is a null string).
///
/// # Errors
/// Terraform's message for a document it refuses.
pub(crate) fn decode_typed(src: &str) -> Result<(Value, Type), String> {
    let mut d = Decoder {
        src,
        parser: Parser::new_from_str(src),
        cursor: (0, 0),
        anchors: HashMap::new(),
        pending: Vec::new(),
        budget: 0,
        scalars: 0,
        deferred: None,
        trim: if src.ends_with('\n') {
            None
        } else {
            last_block_scalar(src)
        },
    };
    directives(src)?;
    let (ev, m) = d.next()?;
    if ev != Event::StreamStart {
        return Err(at_event(m, "missing stream start token"));
    }
    let (ev, m) = d.next()?;
    if ev != Event::DocumentStart {
        return Err(at_event(m, "missing start of document"));
    }
    let (ev, m) = d.next()?;
    let node = d.node(ev, m, 0)?;
    let (ev, m) = d.next()?;
    match ev {
        Event::DocumentEnd => {}
        Event::DocumentStart => return Err(at_event(m, "only a single document is allowed")),
        _ => return Err(at_event(m, "unexpected extra content after value")),
    }
    let (ev, m) = d.next()?;
    if ev != Event::StreamEnd {
        return Err(at_event(m, "unexpected extra content after value"));
    }
    match d.deferred {
        Some(e) => Err(e),
        None => Ok(node),
    }
}

/// The directives before the document: go-yaml knows `%YAML 1.1` and
/// `%TAG` only.
fn directives(src: &str) -> Result<(), String> {
    for (i, line) in src.lines().enumerate() {
        let Some(directive) = line.strip_prefix('%') else {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            return Ok(());
        };
        let mut words = directive.split([' ', '\t']).filter(|w| !w.is_empty());
        match words.next() {
            Some("YAML") if words.next() != Some("1.1") => {
                return Err(at_event(
                    Pos {
                        line: i + 1,
                        col: 0,
                    },
                    "found incompatible YAML document",
                ))
            }
            Some("YAML" | "TAG") => {}
            _ => return Err(at_scan(i + 1, "found unknown directive name")),
        }
    }
    Ok(())
}

/// A scalar resolved: a value, or the merge key `<<`.
enum Scalar {
    Value(Value),
    Merge,
}

struct Decoder<'s> {
    src: &'s str,
    parser: Parser<std::str::Chars<'s>>,
    /// The last position looked at in `src`, in characters and bytes
    /// (markers count characters; events come in source order).
    cursor: (usize, usize),
    /// Each anchor's value and type, by yaml-rust2's anchor number.
    anchors: HashMap<usize, (Value, Type)>,
    /// Anchors whose node is being read.
    pending: Vec<usize>,
    /// Values produced so far, aliases counted at their full size: a guard
    /// against "billion laughs" documents.
    budget: usize,
    /// Scalars read so far.
    scalars: usize,
    /// The first error only the value pass meets.
    deferred: Option<String>,
    /// The scalar (by count) that is a block scalar running to the end of
    /// a document with no final line break: its last line has none either
    /// (go-yaml, and so Terraform: `"a: |\n  x"` is `{a = "x"}`), where
    /// yaml-rust2 gives it one.
    trim: Option<usize>,
}

/// Which scalar of `src` is its last, if that is a block scalar (`|`,
/// `>`); `None` for a document that does not parse.
fn last_block_scalar(src: &str) -> Option<usize> {
    let mut p = Parser::new_from_str(src);
    let (mut count, mut last_block) = (0usize, None);
    loop {
        match p.next_token().ok()?.0 {
            Event::StreamEnd => return last_block,
            Event::Scalar(_, style, ..) => {
                let block = matches!(style, TScalarStyle::Literal | TScalarStyle::Folded);
                last_block = block.then_some(count);
                count += 1;
            }
            _ => {}
        }
    }
}

const MAX_NODES: usize = 1_000_000;
const MAX_DEPTH: usize = 256;

const TAG_PREFIX: &str = "tag:yaml.org,2002:";

fn size(v: &Value) -> usize {
    match v {
        Value::Array(a) => 1 + a.iter().map(size).sum::<usize>(),
        Value::Object(o) => 1 + o.values().map(size).sum::<usize>(),
        _ => 1,
    }
}

/// yaml-rust2's problems that are go-yaml's parser's (positioned as event
/// errors); its others are the scanner's.
const PARSER_PROBLEMS: &[&str] = &[
    "did not find expected <stream-start>",
    "did not find expected <document-start>",
    "did not find expected <document start>",
    "did not find expected node content",
    "did not find expected key",
    "did not find expected '-' indicator",
    "did not find expected ',' or ']'",
    "did not find expected ',' or '}'",
    "did not find expected next token",
];

/// go-cty-yaml's position for an error about an event: libyaml's
/// zero-based line (none on the first line) and one-based column.
fn at_event(m: impl Into<Pos>, msg: &str) -> String {
    let Pos { line, col } = m.into();
    let line = line.saturating_sub(1);
    if line == 0 {
        msg.to_owned()
    } else {
        format!("on line {line}, column {}: {msg}", col + 1)
    }
}

/// A place in the source: one-based line, zero-based column (in
/// characters), as yaml-rust2's markers give them.
#[derive(Clone, Copy)]
struct Pos {
    line: usize,
    col: usize,
}

impl From<Marker> for Pos {
    fn from(m: Marker) -> Pos {
        Pos {
            line: m.line(),
            col: m.col(),
        }
    }
}

/// go-cty-yaml's position for a scanner error: the one-based line (none on
/// the first line), column 1.
fn at_scan(line: usize, msg: &str) -> String {
    if line <= 1 {
        msg.to_owned()
    } else {
        format!("on line {line}, column 1: {msg}")
    }
}

/// The tag as libyaml gives it (`!!int` is `tag:yaml.org,2002:int`).
fn full_tag(tag: &Tag) -> String {
    if tag.handle == "!!" {
        format!("{TAG_PREFIX}{}", tag.suffix)
    } else {
        format!("{}{}", tag.handle, tag.suffix)
    }
}

impl Decoder<'_> {
    /// The next event, a scanner or parser error in go-yaml's words.
    fn next(&mut self) -> Result<(Event, Marker), String> {
        match self.parser.next_token() {
            Ok((ev, m)) => {
                if let Event::Scalar(_, TScalarStyle::DoubleQuoted, ..) = ev {
                    self.check_escapes(m)?;
                }
                Ok((ev, m))
            }
            Err(e) => Err(self.scan_error(&e)),
        }
    }

    /// The byte offset of character `index` of the source.
    fn byte_at(&mut self, index: usize) -> usize {
        let (mut chars, mut byte) = self.cursor;
        if index < chars {
            (chars, byte) = (0, 0);
        }
        for c in self.src[byte..].chars() {
            if chars == index {
                break;
            }
            chars += 1;
            byte += c.len_utf8();
        }
        self.cursor = (chars, byte);
        byte
    }

    /// go-yaml knows no `\/` escape (YAML 1.2's), which yaml-rust2 reads.
    fn check_escapes(&mut self, m: Marker) -> Result<(), String> {
        let start = self.byte_at(m.index());
        let text = &self.src[start..];
        let mut line = m.line();
        let mut it = text.char_indices().skip(1);
        while let Some((_, c)) = it.next() {
            match c {
                '"' => break,
                '\n' => line += 1,
                '\\' => match it.next() {
                    Some((_, '/')) => return Err(at_scan(line, "found unknown escape character")),
                    Some((_, '\n')) => line += 1,
                    _ => {}
                },
                _ => {}
            }
        }
        Ok(())
    }

    /// yaml-rust2's error in go-yaml's words and at its position.
    #[cold]
    fn scan_error(&mut self, e: &ScanError) -> String {
        let info = e.info();
        let m = *e.marker();
        let msg = info
            .strip_prefix("while ")
            .and_then(|rest| rest.split_once(", "))
            .map_or(info, |(_, msg)| msg);
        if msg == "found unknown anchor" {
            let name = self.alias_name(m);
            return at_event(m, &format!("reference to undefined anchor {name}"));
        }
        let msg = if msg.starts_with("unexpected character") {
            "found character that cannot start any token"
        } else if msg.starts_with("simple key expect") {
            "could not find expected ':'"
        } else if msg == "expected ',' or ']'" {
            "did not find expected ',' or ']'"
        } else {
            msg
        };
        if PARSER_PROBLEMS.contains(&msg) || msg.starts_with("found incompatible") {
            return at_event(m, msg);
        }
        // libyaml's mark is where the scalar stops, yaml-rust2's where it
        // starts.
        let start = self.byte_at(m.index());
        let rest = &self.src[start..];
        let lines_to = |end: usize| m.line() + rest[..end].matches('\n').count();
        let line = match msg {
            "found unexpected document indicator" => rest
                .match_indices('\n')
                .map(|(i, _)| i + 1)
                .find(|&i| rest[i..].starts_with("---") || rest[i..].starts_with("..."))
                .map_or(m.line(), lines_to),
            "found unexpected end of stream" => lines_to(rest.len()),
            _ => m.line(),
        };
        at_scan(line, msg)
    }

    fn node(&mut self, ev: Event, m: Marker, depth: usize) -> Result<(Value, Type), String> {
        if depth > MAX_DEPTH {
            return Err("document nested too deeply".into());
        }
        let (node, anchor) = match ev {
            Event::Alias(id) => return self.alias(id, m),
            Event::Scalar(mut s, style, anchor, tag) => {
                if style == TScalarStyle::Plain && (s.starts_with('|') || s.starts_with('>')) {
                    // A block scalar's indicator in a flow collection
                    // (`[x, |y]`): yaml-rust2 reads a plain scalar, go-yaml
                    // (and so Terraform) refuses it.
                    return Err(at_scan(
                        m.line(),
                        "found character that cannot start any token",
                    ));
                }
                if self.trim == Some(self.scalars) && s.ends_with('\n') {
                    s.pop();
                }
                let block = matches!(style, TScalarStyle::Literal | TScalarStyle::Folded);
                if block && !s.is_empty() && s.bytes().all(|b| b == b'\n') && !self.keeps_breaks(m)
                {
                    // A block scalar of empty lines only is empty unless it
                    // keeps its breaks (libyaml; yaml-rust2 keeps one).
                    s.clear();
                }
                self.scalars += 1;
                self.begin(anchor);
                (self.scalar(s, style, tag.as_ref(), m)?, anchor)
            }
            Event::SequenceStart(anchor, tag) => {
                if let Some(t) = tag.as_ref().map(full_tag) {
                    if t != format!("{TAG_PREFIX}seq") {
                        return Err(at_event(m, &format!("can't interpret sequence as {t}")));
                    }
                }
                self.begin(anchor);
                let (mut items, mut types) = (Vec::new(), Vec::new());
                loop {
                    let (ev, m) = self.next()?;
                    if ev == Event::SequenceEnd {
                        break;
                    }
                    let (v, t) = self.node(ev, m, depth + 1)?;
                    items.push(v);
                    types.push(t);
                }
                ((Value::Array(items), Type::Tuple(types.into())), anchor)
            }
            Event::MappingStart(anchor, tag) => {
                if let Some(t) = tag.as_ref().map(full_tag) {
                    if t != format!("{TAG_PREFIX}map") {
                        return Err(at_event(m, &format!("can't interpret mapping as {t}")));
                    }
                }
                self.begin(anchor);
                (self.mapping(depth)?, anchor)
            }
            Event::StreamEnd => return Err(at_event(m, "expecting value but found end of stream")),
            Event::DocumentStart => return Err(at_event(m, "only a single document is allowed")),
            _ => return Err(at_event(m, "unexpected parser event")),
        };
        if anchor != 0 {
            self.pending.retain(|&a| a != anchor);
            self.anchors.insert(anchor, node.clone());
        }
        Ok(node)
    }

    fn begin(&mut self, anchor: usize) {
        if anchor != 0 {
            self.pending.push(anchor);
        }
    }

    /// Where the node whose content starts at `m` starts: at its tag or
    /// anchor (`!x foo`, `&a foo`), as libyaml marks a node.
    fn node_start(&mut self, m: Marker) -> Pos {
        let end = self.byte_at(m.index());
        self.start_before(Pos::from(m), end)
    }

    /// Where the block scalar whose content starts at `m` starts: at its
    /// indicator (`|`, `>`), its tag or its anchor.
    fn block_start(&mut self, m: Marker) -> Pos {
        let content = self.byte_at(m.index());
        let Some(at) = self.indicator(content) else {
            return m.into();
        };
        let line_start = self.src[..at].rfind('\n').map_or(0, |i| i + 1);
        let pos = Pos {
            line: m
                .line()
                .saturating_sub(self.src[at..content].matches('\n').count()),
            col: self.src[line_start..at].chars().count(),
        };
        self.start_before(pos, at)
    }

    /// Whether the block scalar whose content starts at `m` keeps its
    /// final line breaks (`|+`, `>+`).
    fn keeps_breaks(&mut self, m: Marker) -> bool {
        let content = self.byte_at(m.index());
        self.indicator(content).is_some_and(|at| {
            self.src[at + 1..]
                .split(|c: char| c.is_whitespace())
                .next()
                .is_some_and(|indicators| indicators.contains('+'))
        })
    }

    /// The byte offset of the indicator (`|`, `>`) of the block scalar
    /// yaml-rust2 marks at byte `at`: its content's start, or the indicator
    /// itself when it has no content.
    fn indicator(&self, at: usize) -> Option<usize> {
        let line = self.src[at..].lines().next().unwrap_or_default();
        let header = line.strip_prefix(['|', '>']).map(|rest| {
            rest.trim_start_matches(['+', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
                .trim_start()
        });
        if header.is_some_and(|rest| rest.is_empty() || rest.starts_with('#')) {
            return Some(at);
        }
        self.src[..at].rfind(['|', '>'])
    }

    /// `pos` (at byte `end`) moved back over the tags and anchors before it
    /// on its line.
    fn start_before(&self, mut pos: Pos, end: usize) -> Pos {
        let line_start = self.src[..end].rfind('\n').map_or(0, |i| i + 1);
        let mut before = &self.src[line_start..end];
        loop {
            let trimmed = before.trim_end_matches([' ', '\t']);
            let word_at = trimmed.rfind([' ', '\t']).map_or(0, |i| i + 1);
            let word = &trimmed[word_at..];
            if !(word.starts_with('!') || word.starts_with('&')) {
                return pos;
            }
            pos.col = pos.col.saturating_sub(before[word_at..].chars().count());
            before = &before[..word_at];
        }
    }

    /// The name of the alias at `m` (`*name`), quoted.
    fn alias_name(&mut self, m: Marker) -> String {
        let start = self.byte_at(m.index());
        let name: String = self.src[start..]
            .trim_start_matches('*')
            .chars()
            .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c))
            .collect();
        util::quoted(&name)
    }

    /// The anchor's node again (counted against the size budget).
    fn alias(&mut self, id: usize, m: Marker) -> Result<(Value, Type), String> {
        if self.pending.contains(&id) {
            let name = self.alias_name(m);
            let msg = format!("cannot refer to anchor {name} from inside its own definition");
            return Err(at_event(m, &msg));
        }
        let Some(node) = self.anchors.get(&id) else {
            let name = self.alias_name(m);
            return Err(at_event(
                m,
                &format!("reference to undefined anchor {name}"),
            ));
        };
        self.budget += size(&node.0);
        if self.budget > MAX_NODES {
            return Err("document expands to too many values (alias expansion)".into());
        }
        Ok(node.clone())
    }

    /// A scalar node: resolved, and typed as go-cty-yaml types it (a quoted
    /// or block scalar without a tag is a string whatever it reads as).
    fn scalar(
        &mut self,
        s: String,
        style: TScalarStyle,
        tag: Option<&Tag>,
        m: Marker,
    ) -> Result<(Value, Type), String> {
        let tag = tag.map(full_tag);
        let resolved = resolve(tag.as_deref(), s, style);
        if tag.is_none() && style != TScalarStyle::Plain {
            // Typed a string without resolving; the value pass resolves it
            // and converts it to a string (a null stays a null string).
            let v = match resolved {
                Ok(Scalar::Value(Value::Null)) => Value::Null,
                Ok(Scalar::Value(v @ Value::String(_))) => v,
                Ok(Scalar::Value(v)) => Value::String(number_text(&v).into()),
                Ok(Scalar::Merge) => Value::String("<<".into()),
                Err(e) => {
                    if self.deferred.is_none() {
                        self.deferred = Some(at_event(self.block_start(m), &e));
                    }
                    Value::Null
                }
            };
            return Ok((v, Type::String));
        }
        match resolved.map_err(|e| at_event(self.node_start(m), &e))? {
            Scalar::Value(v) => {
                let t = literal_type(&v);
                Ok((v, t))
            }
            Scalar::Merge => Ok((Value::String("<<".into()), Type::String)),
        }
    }

    /// A mapping's entries up to its end: keys must be scalars that convert
    /// to strings, `<<` merges a mapping in, a later key replaces an
    /// earlier one.
    fn mapping(&mut self, depth: usize) -> Result<(Value, Type), String> {
        let mut out: Map<Key, Value> = Map::new();
        let mut types: BTreeMap<String, Type> = BTreeMap::new();
        loop {
            let (ev, m) = self.next()?;
            let (s, style, tag) = match ev {
                Event::MappingEnd => break,
                // (go-cty-yaml keeps no anchor of a key: an alias of one
                // refers to an undefined anchor.)
                Event::Scalar(s, style, _, tag) => {
                    self.scalars += 1;
                    (s, style, tag)
                }
                Event::MappingStart(..)
                    if !self.src[self.byte_at(m.index())..].starts_with('{') =>
                {
                    // yaml-rust2 marks a block mapping at its first key's
                    // ':', libyaml at its first key.
                    let first = self.next().map_or(m, |(_, first)| first);
                    return Err(at_event(first, "only strings are allowed as mapping keys"));
                }
                _ => return Err(at_event(m, "only strings are allowed as mapping keys")),
            };
            let tag = tag.as_ref().map(full_tag);
            let key = match resolve(tag.as_deref(), s, style)? {
                Scalar::Merge => {
                    let (ev, vm) = self.next()?;
                    let (v, t) = self.node(ev, vm, depth + 1)?;
                    let (Value::Object(o), Type::Object(ts)) = (v, &t) else {
                        let msg = format!(
                            "cannot merge {} into mapping",
                            super::super::typing::friendly(&t)
                        );
                        return Err(at_event(self.node_start(m), &msg));
                    };
                    for (k, v) in o {
                        out.insert(k, v);
                    }
                    types.extend(ts.iter().map(|(k, t)| (k.as_str().to_owned(), t.clone())));
                    continue;
                }
                Scalar::Value(Value::Null) => {
                    return Err(at_event(self.node_start(m), "mapping key cannot be null"))
                }
                Scalar::Value(Value::String(s)) => s,
                Scalar::Value(v @ (Value::Number(_) | Value::Bool(_))) => number_text(&v).into(),
                Scalar::Value(_) => {
                    let at = self.node_start(m);
                    return Err(at_event(at, "only strings are allowed as mapping keys"));
                }
            };
            let (ev, vm) = self.next()?;
            let (v, t) = self.node(ev, vm, depth + 1)?;
            types.insert(key.to_string(), t);
            out.insert(key, v);
        }
        Ok((util::sorted_object(out), Type::object(types)))
    }
}

/// go-cty-yaml's `resolveScalar`: a scalar's value from its tag, text and
/// style.
fn resolve(tag: Option<&str>, src: String, style: TScalarStyle) -> Result<Scalar, String> {
    let short = tag.map(|t| t.strip_prefix(TAG_PREFIX).unwrap_or("\u{0}"));
    let mut kind = match short {
        None => "",
        Some(k @ ("str" | "bool" | "int" | "float" | "null" | "timestamp" | "binary")) => k,
        Some(_) => {
            return Err(format!(
                "unsupported tag {}",
                util::quoted(tag.unwrap_or_default())
            ))
        }
    };
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    if hint != 0 && kind != "str" && kind != "binary" {
        if matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        ) {
            return Ok(Scalar::Value(Value::String(src.into())));
        }
        if let Some(v) = in_map(&src) {
            return Ok(Scalar::Value(v));
        }
        if kind.is_empty() && matches!(src.as_str(), ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            b'.' => {
                if let Some(n) = Number::parse(&src) {
                    return Ok(Scalar::Value(Value::Number(n)));
                }
            }
            b'D' | b'S' => {
                if kind.is_empty() || kind == "timestamp" {
                    if let Some(t) = timestamp(&src) {
                        return Ok(Scalar::Value(Value::String(t.into())));
                    }
                }
                if is_integer(&src) {
                    kind = "int";
                } else if is_float(&src) {
                    kind = "float";
                }
            }
            _ => {}
        }
    }
    if kind.is_empty() && src == "<<" {
        return Ok(Scalar::Merge);
    }
    let cannot = || {
        format!(
            "cannot parse {} as {}",
            util::quoted(&src),
            tag.unwrap_or_else(|| if kind == "int" {
                "tag:yaml.org,2002:int"
            } else {
                "tag:yaml.org,2002:float"
            })
        )
    };
    let v = match kind {
        "str" => Value::String(src.into()),
        "binary" => {
            if super::encoding::b64_decode(&src).is_err() {
                return Err(format!(
                    "cannot parse {} as {TAG_PREFIX}binary: not valid base64",
                    util::quoted(&src)
                ));
            }
            Value::String(src.into())
        }
        "bool" => match in_map(&src) {
            Some(v @ Value::Bool(_)) => v,
            _ => return Err(cannot()),
        },
        "int" | "float" => {
            let plain = src.replace('_', "");
            match Number::parse(&plain).or_else(|| go_parse_int(&plain)) {
                Some(n) => Value::Number(n),
                None => return Err(cannot()),
            }
        }
        "timestamp" => match timestamp(&src) {
            Some(t) => Value::String(t.into()),
            None => return Err(cannot()),
        },
        "null" => Value::Null,
        _ => Value::String(src.into()),
    };
    Ok(Scalar::Value(v))
}

/// go-cty-yaml's table of words: YAML 1.1 booleans, nulls, infinities.
fn in_map(s: &str) -> Option<Value> {
    Some(match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Value::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Value::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Value::from(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Value::from(f64::NEG_INFINITY),
        _ => return None,
    })
}

/// YAML 1.2's integer literal: `[-+]?[0-9]+`, `0o[0-7]+` or
/// `0x[0-9a-fA-F]+`.
fn is_integer(s: &str) -> bool {
    let all = |d: &str, f: fn(&u8) -> bool| !d.is_empty() && d.as_bytes().iter().all(f);
    if let Some(d) = s.strip_prefix("0o") {
        return all(d, |b| (b'0'..=b'7').contains(b));
    }
    if let Some(d) = s.strip_prefix("0x") {
        return all(d, u8::is_ascii_hexdigit);
    }
    all(s.strip_prefix(['-', '+']).unwrap_or(s), u8::is_ascii_digit)
}

/// YAML 1.2's float literal: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
fn is_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let digits = |i: &mut usize| {
        let s = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - s
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint(s, 0, 64)`: an
/// optional sign, then `0x`, `0o`, `0b` or a leading `0` (octal) prefix.
fn go_parse_int(s: &str) -> Option<Number> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.get(..2).map(str::to_ascii_lowercase);
    let (radix, digits) = match lower.as_deref() {
        Some("0x") => (16, &body[2..]),
        Some("0o") => (8, &body[2..]),
        Some("0b") => (2, &body[2..]),
        _ if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        _ => (10, body),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mag = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let v = i64::try_from(-i128::from(mag)).ok()?;
        return Some(Number::from(v));
    }
    if mag > i64::MAX as u64 && s.starts_with('+') {
        // ParseInt overflows and ParseUint takes no sign.
        return None;
    }
    Some(Number::from(mag))
}

/// A YAML timestamp in one of go-cty-yaml's layouts (`2006-1-2`,
/// `2006-1-2T15:4:5.999999999Z07:00` with `T` or `t`, and
/// `2006-1-2 15:4:5.999999999` without a zone), as the RFC 3339 text (no
/// fraction) Terraform gives for it.
fn timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let mut pos = 5;
    let num = |pos: &mut usize, max: usize| -> Option<u32> {
        let start = *pos;
        while *pos < b.len() && b[*pos].is_ascii_digit() && *pos - start < max {
            *pos += 1;
        }
        if *pos == start {
            return None;
        }
        s[start..*pos].parse().ok()
    };
    let year: u32 = s[..4].parse().ok()?;
    let month = num(&mut pos, 2)?;
    if b.get(pos) != Some(&b'-') {
        return None;
    }
    pos += 1;
    let day = num(&mut pos, 2)?;
    if !(1..=12).contains(&month) || !(1..=util::days_in_month(month, year)).contains(&day) {
        return None;
    }
    let (mut h, mut mi, mut sec, mut zone) = (0, 0, 0, "Z".to_owned());
    if pos < b.len() {
        let sep = b[pos];
        if !matches!(sep, b'T' | b't' | b' ') {
            return None;
        }
        pos += 1;
        h = num(&mut pos, 2)?;
        if b.get(pos) != Some(&b':') {
            return None;
        }
        pos += 1;
        mi = num(&mut pos, 2)?;
        if b.get(pos) != Some(&b':') {
            return None;
        }
        pos += 1;
        sec = num(&mut pos, 2)?;
        if matches!(b.get(pos), Some(b'.' | b',')) && b.get(pos + 1).is_some_and(u8::is_ascii_digit)
        {
            pos += 1;
            while b.get(pos).is_some_and(u8::is_ascii_digit) {
                pos += 1;
            }
        }
        // `T` (or `t`) takes a zone, a space none.
        match b.get(pos) {
            None if sep == b' ' => {}
            Some(b'Z') if sep != b' ' && pos + 1 == b.len() => {}
            Some(&c @ (b'+' | b'-')) if sep != b' ' && b.len() == pos + 6 && b[pos + 3] == b':' => {
                let zh: u32 = s.get(pos + 1..pos + 3)?.parse().ok()?;
                let zm: u32 = s.get(pos + 4..pos + 6)?.parse().ok()?;
                if zh > 24 || zm > 60 {
                    return None;
                }
                if zh != 0 || zm != 0 {
                    zone = format!("{}{zh:02}:{zm:02}", c as char);
                }
            }
            _ => return None,
        }
        if h > 23 || mi > 59 || sec > 59 {
            return None;
        }
    }
    Some(format!(
        "{year:04}-{month:02}-{day:02}T{h:02}:{mi:02}:{sec:02}{zone}"
    ))
}
