//! Hash functions (feature `hash`): RustCrypto digests and `uuid` v5.

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::encoding::b64_encode;
use super::util::string;
use super::Registry;
use crate::eval::{FuncDef, ParamType};
use crate::value::Value;

pub(crate) fn hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// The digest functions over bytes, shared with the `file*` functions.
pub(crate) fn digest(name: &str, data: &[u8]) -> String {
    match name {
        "md5" => hex(&Md5::digest(data)),
        "sha1" => hex(&Sha1::digest(data)),
        "sha256" => hex(&Sha256::digest(data)),
        "sha512" => hex(&Sha512::digest(data)),
        "base64sha256" => b64_encode(&Sha256::digest(data)),
        _ => b64_encode(&Sha512::digest(data)),
    }
}

pub(crate) fn register(r: &mut Registry) {
    for name in [
        "md5",
        "sha1",
        "sha256",
        "sha512",
        "base64sha256",
        "base64sha512",
    ] {
        r.insert(
            name,
            FuncDef::builder()
                .param("str", ParamType::String)
                .build(move |a| {
                    let s = string(a.into_iter().next().unwrap_or_default());
                    Ok(Value::String(digest(name, s.as_bytes()).into()))
                }),
        );
    }
    r.insert(
        "uuidv5",
        FuncDef::builder()
            .param("namespace", ParamType::String)
            .param("name", ParamType::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (ns, name) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let namespace = match ns.as_str() {
                    "dns" => uuid::Uuid::NAMESPACE_DNS,
                    "url" => uuid::Uuid::NAMESPACE_URL,
                    "oid" => uuid::Uuid::NAMESPACE_OID,
                    "x500" => uuid::Uuid::NAMESPACE_X500,
                    other => uuid::Uuid::parse_str(other)
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
