//! Hash functions (feature `hash`): RustCrypto digests and `uuid` v5.

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::encoding::b64_encode;
use super::util::string;
use super::Registry;
use crate::eval::FuncDef;
use crate::value::{Type, Value};

pub(crate) fn hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// The digests of bytes, as hex or Base64 text (shared with the `file*`
/// functions).
pub(crate) fn md5(data: &[u8]) -> String {
    hex(&Md5::digest(data))
}
pub(crate) fn sha1(data: &[u8]) -> String {
    hex(&Sha1::digest(data))
}
pub(crate) fn sha256(data: &[u8]) -> String {
    hex(&Sha256::digest(data))
}
pub(crate) fn sha512(data: &[u8]) -> String {
    hex(&Sha512::digest(data))
}
pub(crate) fn base64sha256(data: &[u8]) -> String {
    b64_encode(&Sha256::digest(data))
}
pub(crate) fn base64sha512(data: &[u8]) -> String {
    b64_encode(&Sha512::digest(data))
}

pub(crate) fn register(r: &mut Registry) {
    let digest_of_string = |digest: fn(&[u8]) -> String| {
        FuncDef::builder()
            .returns(Type::String)
            .param("str", Type::String)
            .build(move |a| {
                let s = string(a.into_iter().next().unwrap_or_default());
                Ok(Value::String(digest(s.as_bytes()).into()))
            })
    };
    r.insert("md5", digest_of_string(md5));
    r.insert("sha1", digest_of_string(sha1));
    r.insert("sha256", digest_of_string(sha256));
    r.insert("sha512", digest_of_string(sha512));
    r.insert("base64sha256", digest_of_string(base64sha256));
    r.insert("base64sha512", digest_of_string(base64sha512));
    r.insert(
        "uuidv5",
        FuncDef::builder()
            .returns(Type::String)
            .param("namespace", Type::String)
            .param("name", Type::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (ns, name) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let namespace = match ns.as_str() {
                    "dns" => uuid::Uuid::NAMESPACE_DNS,
                    "url" => uuid::Uuid::NAMESPACE_URL,
                    "oid" => uuid::Uuid::NAMESPACE_OID,
                    "x500" => uuid::Uuid::NAMESPACE_X500,
                    other => go_uuid(other)
                        .map_err(|e| format!("uuidv5() doesn't support namespace {other} ({e})"))?,
                };
                Ok(Value::String(
                    uuid::Uuid::new_v5(&namespace, name.as_bytes())
                        .hyphenated()
                        .to_string()
                        .into(),
                ))
            }),
    );
}

/// A UUID read as Go's `github.com/google/uuid` `Parse` reads it (which
/// Terraform's `uuidv5` uses), with its error messages: 36 characters with
/// dashes, or that with a `urn:uuid:` prefix or any two characters around
/// it, or 32 hexadecimal digits.
#[cfg(feature = "hash")]
fn go_uuid(s: &str) -> Result<uuid::Uuid, String> {
    let b = s.as_bytes();
    let hex = |i: usize| -> Result<u8, String> {
        let d = |c: u8| (c as char).to_digit(16);
        match (d(b[i]), d(b[i + 1])) {
            (Some(h), Some(l)) => Ok((h * 16 + l) as u8),
            _ => Err("invalid UUID format".into()),
        }
    };
    let mut out = [0u8; 16];
    let at = match b.len() {
        36 => 0,
        45 => {
            if !b[..9].eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!(
                    "invalid urn prefix: {:?}",
                    String::from_utf8_lossy(&b[..9])
                ));
            }
            9
        }
        38 => 1,
        32 => {
            for (i, o) in out.iter_mut().enumerate() {
                *o = hex(i * 2)?;
            }
            return Ok(uuid::Uuid::from_bytes(out));
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if [8, 13, 18, 23].iter().any(|&i| b[at + i] != b'-') {
        return Err("invalid UUID format".into());
    }
    const POSITIONS: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    for (o, p) in out.iter_mut().zip(POSITIONS) {
        *o = hex(at + p)?;
    }
    Ok(uuid::Uuid::from_bytes(out))
}
