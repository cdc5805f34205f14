//! Encoding functions.

use super::util::{self, string, Ty};
use super::Registry;
use crate::eval::call::UnknownCall;
use crate::eval::fail::R;
use crate::eval::typing;
#[cfg(feature = "csv")]
use crate::eval::typing::Returns;
use crate::eval::FuncDef;
#[cfg(any(feature = "textencoding", feature = "csv", feature = "yaml"))]
use crate::eval::FuncError;
use crate::value::{Type, Value};

pub(crate) fn register(r: &mut Registry) {
    let s = || Type::String;
    r.insert(
        "jsonencode",
        FuncDef::builder()
            .on_unknown(jsonencode_unknown)
            .returns(Type::String)
            .nullable_param("val", Type::Dynamic)
            .build(|a| {
                let v = a.into_iter().next().unwrap_or_default();
                if !v.is_finite() {
                    return Err("cannot serialize infinity as JSON".into());
                }
                Ok(Value::String(crate::value::json::json_encode(&v).into()))
            }),
    );
    #[cfg(feature = "json")]
    r.insert(
        "jsondecode",
        FuncDef::builder()
            .returns_nullable(Type::Dynamic)
            .param("str", s())
            .build(|a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                let s = replace_lone_surrogates(&s);
                if s.trim().is_empty() {
                    return Err("EOF".into());
                }
                // The crate's JSON parser keeps a number's text, so numbers are
                // read at Terraform's 512 bits (`jsondecode("1e400")`), not as
                // `f64`s.
                let depth = crate::parser::ParseOptions::default().depth_limit();
                let node = crate::value::json::parse_as_go(&s, depth)
                    .map_err(|e| e.message().to_owned())?;
                Ok(crate::value::json::value(node, true)?)
            }),
    );
    r.insert(
        "urlencode",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                Ok(Value::String(query_escape(&s).into()))
            }),
    );
    r.insert(
        "yamlencode",
        FuncDef::builder()
            .returns_nullable(Type::String)
            .nullable_param("value", Type::Dynamic)
            .build(|a| {
                Ok(Value::String(
                    super::yaml::encode(&a.into_iter().next().unwrap_or_default()).into(),
                ))
            }),
    );
    #[cfg(feature = "yaml")]
    r.insert(
        "yamldecode",
        FuncDef::builder()
            .returns_nullable(Type::Dynamic)
            .param("src", s())
            .implement(yamldecode),
    );
    #[cfg(feature = "base64")]
    {
        r.insert(
            "base64encode",
            FuncDef::builder()
                .returns(Type::String)
                .param("str", s())
                .build(|a| {
                    Ok(Value::String(
                        b64_encode(string(a.into_iter().next().unwrap_or_default()).as_bytes())
                            .into(),
                    ))
                }),
        );
        r.insert(
            "base64decode",
            FuncDef::builder()
                .returns(Type::String)
                .param("str", s())
                .build(|a| {
                    let s = string(a.into_iter().next().unwrap_or_default());
                    let bytes = b64_decode(&s)
                        .map_err(|_| format!("failed to decode base64 data \"{s}\""))?;
                    String::from_utf8(bytes).map(Value::from).map_err(|_| {
                        "the result of decoding the provided string is not valid UTF-8".into()
                    })
                }),
        );
    }
    #[cfg(feature = "gzip")]
    r.insert(
        "base64gzip",
        FuncDef::builder()
            .returns(Type::String)
            .param("str", s())
            .build(|a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                Ok(Value::String(b64_encode(&gzip(s.as_bytes())?).into()))
            }),
    );
    #[cfg(feature = "csv")]
    r.insert(
        "csvdecode",
        FuncDef::builder()
            .returns(Type::Dynamic)
            .result_type(csvdecode_type)
            .param("str", s())
            .build(|a| {
                Ok(csv_decode(&string(
                    a.into_iter().next().unwrap_or_default(),
                ))?)
            }),
    );
    #[cfg(feature = "textencoding")]
    {
        r.insert(
            "textencodebase64",
            FuncDef::builder()
                .returns(Type::String)
                .param("string", s())
                .param("encoding", s())
                .build(|a| {
                    let mut it = a.into_iter().map(string);
                    let (s, enc) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                    text_encode(&s, &enc).map(|b| Value::String(b64_encode(&b).into()))
                }),
        );
        r.insert(
            "textdecodebase64",
            FuncDef::builder()
                .returns(Type::String)
                .param("source", s())
                .param("encoding", s())
                .build(|a| {
                    let mut it = a.into_iter().map(string);
                    let (s, enc) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                    // Terraform reads the encoding's name first.
                    text_encoding(&enc)?;
                    let bytes = b64_decode(&s).map_err(|e| {
                        FuncError::arg(
                            0,
                            format!(
                                "the given value is has an invalid base64 symbol at offset {e}"
                            ),
                        )
                    })?;
                    text_decode(&bytes, &enc).map(Value::from)
                }),
        );
    }
}

/// Go's JSON decoder turns an unpaired surrogate escape (`\ud800`) into
/// U+FFFD; serde_json rejects it. Rewrites such escapes to `\ufffd`.
#[cfg(feature = "json")]
fn replace_lone_surrogates(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains("\\u") {
        return std::borrow::Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let hex = |i: usize| -> Option<u16> {
        let h = s.get(i..i + 4)?;
        if h.bytes().all(|c| c.is_ascii_hexdigit()) {
            u16::from_str_radix(h, 16).ok()
        } else {
            None
        }
    };
    // Positions of `\uXXXX` escapes (an escape starts after an even run of
    // backslashes), with their code unit.
    let mut escapes: Vec<(usize, u16)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'u') {
                if let Some(u) = hex(i + 2) {
                    escapes.push((i, u));
                    i += 6;
                    continue;
                }
            }
            i += 2;
            continue;
        }
        i += 1;
    }
    let mut lone = Vec::new();
    let mut k = 0;
    while k < escapes.len() {
        let (pos, u) = escapes[k];
        if (0xd800..0xdc00).contains(&u) {
            if let Some(&(next, low)) = escapes.get(k + 1) {
                if next == pos + 6 && (0xdc00..0xe000).contains(&low) {
                    k += 2;
                    continue;
                }
            }
            lone.push(pos);
        } else if (0xdc00..0xe000).contains(&u) {
            lone.push(pos);
        }
        k += 1;
    }
    if lone.is_empty() {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for pos in lone {
        out.push_str(&s[last..pos]);
        out.push_str("\\ufffd");
        last = pos + 6;
    }
    out.push_str(&s[last..]);
    std::borrow::Cow::Owned(out)
}

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Base64 with the standard alphabet and padding (Go's
/// `base64.StdEncoding`).
#[cfg(feature = "base64")]
pub(crate) fn b64_encode(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Go's `base64.StdEncoding.DecodeString`, which Terraform's functions
/// use: padding required, `\r` and `\n` skipped anywhere, trailing bits
/// allowed. `Err` holds the offset Go's `CorruptInputError` reports (for
/// an incomplete last group, where the group starts). (`yamldecode`
/// checks `!!binary` scalars with it.)
#[cfg(any(feature = "base64", feature = "yaml"))]
pub(crate) fn b64_decode(s: &str) -> Result<Vec<u8>, usize> {
    fn sextet(c: u8) -> Option<u8> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        })
    }
    let src = s.as_bytes();
    let newline = |c: u8| c == b'\n' || c == b'\r';
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0usize;
    loop {
        // One group of four symbols (Go's decodeQuantum).
        let mut buf = [0u8; 4];
        let mut len = 4;
        let mut j = 0;
        let mut trailing = None;
        while j < 4 {
            if si == src.len() {
                match j {
                    0 => return Ok(out),
                    _ => return Err(si - j),
                }
            }
            let c = src[si];
            si += 1;
            if let Some(v) = sextet(c) {
                buf[j] = v;
                j += 1;
                continue;
            }
            if newline(c) {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                // "==": the second `=` after any line ends.
                while si < src.len() && newline(src[si]) {
                    si += 1;
                }
                if si == src.len() {
                    return Err(src.len());
                }
                if src[si] != b'=' {
                    return Err(si - 1);
                }
                si += 1;
            }
            while si < src.len() && newline(src[si]) {
                si += 1;
            }
            if si < src.len() {
                trailing = Some(si);
            }
            len = j;
            break;
        }
        let v = (u32::from(buf[0]) << 18)
            | (u32::from(buf[1]) << 12)
            | (u32::from(buf[2]) << 6)
            | u32::from(buf[3]);
        out.extend_from_slice(&[(v >> 16) as u8, (v >> 8) as u8, v as u8][..len - 1]);
        if let Some(at) = trailing {
            return Err(at);
        }
        if len < 4 {
            return Ok(out);
        }
    }
}

/// Gzip as Go's `compress/gzip` writes it for `base64gzip`: no name, mtime
/// 0, OS "unknown", and the deflate stream ended by a sync flush plus an
/// empty final stored block.
#[cfg(feature = "gzip")]
fn gzip(data: &[u8]) -> Result<Vec<u8>, String> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut c = Compress::new(Compression::default(), false);
    let mut buf = Vec::with_capacity(data.len() / 2 + 64);
    loop {
        let consumed = c.total_in() as usize;
        if buf.capacity() - buf.len() < 64 {
            buf.reserve(buf.capacity().max(64));
        }
        c.compress_vec(&data[consumed..], &mut buf, FlushCompress::Sync)
            .map_err(|e| e.to_string())?;
        if c.total_in() as usize == data.len() && buf.len() < buf.capacity() {
            break;
        }
    }
    out.extend_from_slice(&buf);
    // Final empty stored block.
    out.extend_from_slice(&[0x01, 0x00, 0x00, 0xff, 0xff]);
    let mut crc = flate2::Crc::new();
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    Ok(out)
}

#[cfg(feature = "csv")]
fn csv_decode(s: &str) -> Result<Value, String> {
    csv_table(s, true).map(|(_, rows)| Value::Array(rows))
}

/// `csvdecode`'s columns, the names of its header row (what cty's type
/// callback reads: `csvdecode("a,b")` is an empty list of objects with
/// attributes `a` and `b`).
#[cfg(feature = "csv")]
pub(crate) fn csv_columns(s: &str) -> Result<Vec<String>, String> {
    csv_table(s, false).map(|(names, _)| names)
}

/// The header row's names and, if `rows`, the rows as objects.
#[cfg(feature = "csv")]
fn csv_table(s: &str, rows: bool) -> Result<(Vec<String>, Vec<Value>), String> {
    // Go's reader ends lines at "\n" only, turning "\r\n" into "\n" (also
    // inside quoted fields), and keeps a byte order mark.
    let normalized = s.replace("\r\n", "\n");
    let s = normalized.as_str();
    if rows {
        // (The header alone is read before, as cty's type callback reads
        // it: a duplicate column name is reported before a bad quote in a
        // row.)
        check_csv_quotes(s)?;
    }
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(s.as_bytes());
    let mut records = rdr.records();
    let header = match records.next() {
        None => return Err("missing header line".into()),
        Some(r) => r.map_err(csv_error)?,
    };
    let mut names: Vec<String> = header.iter().map(str::to_owned).collect();
    if s.starts_with('\u{feff}') && !names.is_empty() && !names[0].starts_with('\u{feff}') {
        names[0].insert(0, '\u{feff}');
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(format!("duplicate column name \"{n}\""));
        }
    }
    let mut out = Vec::new();
    if !rows {
        return Ok((names, out));
    }
    for rec in records {
        let rec = rec.map_err(csv_error)?;
        let mut o = crate::value::Map::new();
        for (n, v) in names.iter().zip(rec.iter()) {
            o.insert(n.clone(), Value::from(v));
        }
        out.push(util::sorted_object(o));
    }
    Ok((names, out))
}

/// The csv crate is lenient about quotes; Go's `encoding/csv` (which
/// Terraform uses) rejects a `"` inside an unquoted field and text after a
/// closing quote. Checked up front with the same line numbers.
#[cfg(feature = "csv")]
fn check_csv_quotes(s: &str) -> Result<(), String> {
    let b = s.as_bytes();
    let mut line = 1;
    let mut i = 0;
    let mut field_start = true;
    while i < b.len() {
        let c = b[i];
        if field_start && c == b'"' {
            // Quoted field.
            i += 1;
            loop {
                match b.get(i) {
                    None => {
                        return Err(format!(
                        "CSV parse error on line {line}: extraneous or missing \" in quoted-field"
                    ))
                    }
                    Some(b'"') if b.get(i + 1) == Some(&b'"') => i += 2,
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(b'\n') => {
                        line += 1;
                        i += 1;
                    }
                    Some(_) => i += 1,
                }
            }
            match b.get(i) {
                None | Some(b',') | Some(b'\n') => {}
                Some(b'\r') if matches!(b.get(i + 1), None | Some(b'\n')) => {}
                Some(_) => {
                    return Err(format!(
                        "CSV parse error on line {line}: extraneous or missing \" in quoted-field"
                    ))
                }
            }
            field_start = false;
            continue;
        }
        match c {
            b',' => field_start = true,
            b'\n' => {
                line += 1;
                field_start = true;
            }
            b'"' => {
                return Err(format!(
                    "CSV parse error on line {line}: bare \" in non-quoted-field"
                ))
            }
            _ => field_start = false,
        }
        i += 1;
    }
    Ok(())
}

#[cfg(feature = "csv")]
fn csv_error(e: csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::UnequalLengths { pos, .. } => format!(
            "CSV parse error on line {}: wrong number of fields",
            pos.as_ref().map_or(0, |p| p.line())
        ),
        _ => format!("CSV parse error: {e}"),
    }
}

#[cfg(feature = "textencoding")]
#[derive(Clone, Copy)]
enum TextEnc {
    Ascii,
    Latin1,
    Utf16 { le: bool, bom: bool },
    Other(&'static encoding_rs::Encoding),
}

#[cfg(feature = "textencoding")]
/// The encoding named `name` (the functions' second argument), or its
/// refusal.
fn text_encoding(name: &str) -> Result<(TextEnc, &'static str), FuncError> {
    let lower = name.trim().to_ascii_lowercase();
    let enc = match lower.as_str() {
        "iso-8859-1" | "iso_8859-1" | "iso_8859-1:1987" | "latin1" | "l1" | "iso-ir-100" | "ibm819"
        | "cp819" | "csisolatin1" => (TextEnc::Latin1, "ISO_8859-1:1987"),
        "us-ascii" | "ascii" | "ansi_x3.4-1968" | "ansi_x3.4-1986" | "iso-ir-6" | "iso_646.irv:1991"
        | "iso646-us" | "us" | "ibm367" | "cp367" | "csascii" => (TextEnc::Ascii, "US-ASCII"),
        "utf-16le" => (TextEnc::Utf16 { le: true, bom: false }, "UTF-16LE"),
        "utf-16be" => (TextEnc::Utf16 { le: false, bom: false }, "UTF-16BE"),
        "utf-16" => (TextEnc::Utf16 { le: false, bom: true }, "UTF-16"),
        // IANA's alias of GBK (Windows code page 936), not a WHATWG label.
        "cp936" | "ms936" | "windows-936" => (TextEnc::Other(encoding_rs::GBK), "GBK"),
        _ => match encoding_rs::Encoding::for_label_no_replacement(lower.as_bytes()) {
            Some(e) => (TextEnc::Other(e), e.name()),
            None => {
                return Err(FuncError::arg(1, format!(
                    "\"{name}\" is not a supported IANA encoding name or alias in this Terraform version"
                )))
            }
        },
    };
    Ok(enc)
}

#[cfg(feature = "textencoding")]
fn text_encode(s: &str, name: &str) -> Result<Vec<u8>, FuncError> {
    let (enc, display) = text_encoding(name)?;
    let unrepresentable = || {
        FuncError::arg(
            0,
            format!("the given string contains characters that cannot be represented in {display}"),
        )
    };
    match enc {
        TextEnc::Ascii => s
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    Ok(c as u8)
                } else {
                    Err(unrepresentable())
                }
            })
            .collect(),
        TextEnc::Latin1 => s
            .chars()
            .map(|c| u8::try_from(c as u32).map_err(|_| unrepresentable()))
            .collect(),
        TextEnc::Utf16 { le, bom } => {
            let mut out = Vec::with_capacity(s.len() * 2 + 2);
            if bom {
                out.extend_from_slice(&[0xfe, 0xff]);
            }
            for u in s.encode_utf16() {
                out.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            Ok(out)
        }
        TextEnc::Other(e) => {
            if e == encoding_rs::UTF_8 {
                return Ok(s.as_bytes().to_vec());
            }
            let (bytes, _, had_errors) = e.encode(s);
            if had_errors {
                return Err(unrepresentable());
            }
            Ok(bytes.into_owned())
        }
    }
}

#[cfg(feature = "textencoding")]
fn text_decode(b: &[u8], name: &str) -> Result<String, FuncError> {
    let (enc, display) = text_encoding(name)?;
    let invalid = || FuncError::arg(0, format!("the given value is not valid {display}"));
    // Go's decoders turn what an encoding leaves undefined (a byte an
    // encoding does not map, an odd byte or a lone surrogate of UTF-16)
    // into U+FFFD, which Terraform reports so.
    let undefined = || {
        FuncError::arg(
            0,
            format!("the given string contains symbols that are not defined for {display}"),
        )
    };
    match enc {
        TextEnc::Ascii => {
            if b.is_ascii() {
                Ok(b.iter().map(|&c| c as char).collect())
            } else {
                Err(invalid())
            }
        }
        TextEnc::Latin1 => Ok(b.iter().map(|&c| c as char).collect()),
        TextEnc::Utf16 { le, bom } => {
            let mut b = b;
            let mut le = le;
            if bom && b.len() >= 2 {
                if b[..2] == [0xff, 0xfe] {
                    le = true;
                    b = &b[2..];
                } else if b[..2] == [0xfe, 0xff] {
                    b = &b[2..];
                }
            }
            if b.len() % 2 != 0 {
                return Err(undefined());
            }
            let units: Vec<u16> = b
                .chunks(2)
                .map(|c| {
                    if le {
                        u16::from_le_bytes([c[0], c[1]])
                    } else {
                        u16::from_be_bytes([c[0], c[1]])
                    }
                })
                .collect();
            String::from_utf16(&units).map_err(|_| undefined())
        }
        TextEnc::Other(e) => {
            // encoding_rs (WHATWG) maps the bytes a single-byte encoding
            // leaves undefined to C1 controls, which those encodings do not
            // define themselves.
            let text = e
                .decode_without_bom_handling_and_without_replacement(b)
                .ok_or_else(undefined)?;
            if e.is_single_byte() && text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c)) {
                return Err(undefined());
            }
            Ok(text.into_owned())
        }
    }
}

/// Used by `yaml`: numbers as Terraform prints them.
pub(crate) fn number_text(v: &Value) -> String {
    match util::convert_known(v.clone(), &Ty::String) {
        Ok(Value::String(s)) => s.into_string(),
        _ => String::new(),
    }
}

#[cfg(feature = "csv")]
/// cty's type callback of `csvdecode`: typed from the argument, its header
/// row.
pub(crate) fn csvdecode_type(c: &crate::eval::func::TypeCall<'_>) -> Result<Returns, FuncError> {
    use Returns::*;
    Ok(match c.known_string(0) {
        Some(s) => {
            let columns = csv_columns(&s)?;
            Is(Type::list(Type::object(
                columns.into_iter().map(|c| (c, Type::String)),
            )))
        }
        _ => Literal,
    })
}

// What a call gives whose arguments are not all known (the specs'
// `on_unknown`, and the types of their unknown results).

/// What `jsonencode` gives with arguments not all known.
pub(crate) fn jsonencode_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    let (args, metas, types) = c.take();
    // The encoding's first character is known from the type of a
    // value known not to be null (cty's refinement).
    let not_null = match &metas[0] {
        Some(typing::Meta::Unknown(_, r)) => r.not_null,
        _ => !args[0].is_null(),
    };
    let first = match &types[0] {
        Type::String => "\"",
        Type::Object(_) | Type::Map(_) => "{",
        Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
        _ => "",
    };
    let r = typing::Refine {
        not_null: true,
        prefix: (not_null && !first.is_empty()).then(|| first.to_owned()),
        ..typing::Refine::default()
    };
    Ok(Some((Value::Null, typing::unknown(Type::String, r))))
}

/// `yamldecode` typed as Terraform types the document: a block scalar is a
/// string whatever it reads as, an empty one a null string.
#[cfg(feature = "yaml")]
fn yamldecode(c: crate::eval::func::Args<'_>) -> Result<crate::eval::func::Answer, FuncError> {
    let src = c.values.first().and_then(Value::as_str).unwrap_or_default();
    let (v, t) = super::yaml_decode::decode_typed(src)?;
    Ok(crate::eval::func::Answer::Typed(v, typing::typed(t)))
}
