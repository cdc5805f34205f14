//! An arbitrary `Value` object → `to_string` → `from_str::<Value>` is equal,
//! up to Unicode NFC normalisation: HCL (like Terraform) normalises quoted
//! string literals to NFC when it reads them (identifiers are kept as written).
#![no_main]
use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use unicode_normalization::UnicodeNormalization;

/// The value with every string and key in NFC, as HCL reads it back.
fn nfc(v: &hcl::Value) -> hcl::Value {
    match v {
        hcl::Value::String(s) => hcl::Value::String(s.nfc().collect()),
        hcl::Value::Array(a) => hcl::Value::Array(a.iter().map(nfc).collect()),
        hcl::Value::Object(o) => {
            hcl::Value::Object(o.iter().map(|(k, v)| (k.nfc().collect::<String>(), nfc(v))).collect())
        }
        other => other.clone(),
    }
}

/// A Value tree of bounded depth built from fuzzer bytes.
fn value(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<hcl::Value> {
    let choice = if depth == 0 { u.int_in_range(0..=3)? } else { u.int_in_range(0..=5)? };
    Ok(match choice {
        0 => hcl::Value::Null,
        1 => hcl::Value::Bool(bool::arbitrary(u)?),
        2 => {
            let f = f64::arbitrary(u)?;
            if f.is_finite() { hcl::Value::from(f) } else { hcl::Value::from(i64::arbitrary(u)?) }
        }
        3 => hcl::Value::from(String::arbitrary(u)?),
        4 => {
            let n = u.int_in_range(0..=4)?;
            (0..n).map(|_| value(u, depth - 1)).collect::<arbitrary::Result<Vec<_>>>()?.into()
        }
        _ => object(u, depth - 1)?,
    })
}

fn object(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<hcl::Value> {
    let n = u.int_in_range(0..=4)?;
    let mut map = hcl::Map::new();
    for _ in 0..n {
        map.insert(String::arbitrary(u)?, value(u, depth)?);
    }
    Ok(hcl::Value::Object(map))
}

/// Where two values first differ, with both sides, for the crash report.
fn first_difference(a: &hcl::Value, b: &hcl::Value, path: String) -> String {
    match (a, b) {
        (hcl::Value::Array(x), hcl::Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find(|(_, (p, q))| p != q)
            .map(|(i, (p, q))| first_difference(p, q, format!("{path}[{i}]")))
            .unwrap_or(path),
        (hcl::Value::Object(x), hcl::Value::Object(y)) if x.keys().eq(y.keys()) => x
            .iter()
            .zip(y.values())
            .find(|((_, p), q)| p != q)
            .map(|((k, p), q)| first_difference(p, q, format!("{path}.{k:?}")))
            .unwrap_or(path),
        _ => format!("{path}: {a:?} != {b:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(v) = object(&mut u, 3) else { return };
    let text = match hcl::ser::to_string_literal(&v) {
        Ok(t) => t,
        Err(_) => return, // e.g. a key that cannot be written; must be an error, not a panic
    };
    let back: hcl::Value = match hcl::from_str(&text) {
        Ok(b) => b,
        Err(e) => panic!("written value does not load: {e}\n--- value\n{v:?}\n--- text\n{text}"),
    };
    // Quoted strings come back in NFC, identifier keys exactly as written:
    // compare both sides in NFC.
    let (want, got) = (nfc(&v), nfc(&back));
    if got != want {
        panic!("value changed at {}\n--- text\n{text}", first_difference(&want, &got, String::new()));
    }
});
