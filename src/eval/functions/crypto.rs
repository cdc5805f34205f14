//! `rsadecrypt` (feature `crypto`): PKCS #1 v1.5 decryption with the
//! RustCrypto `rsa` crate, reading the private key as Go's
//! `ssh.ParseRawPrivateKey` does for RSA keys: the first PEM block of the
//! text, a PKCS #1 (`RSA PRIVATE KEY`), PKCS #8 (`PRIVATE KEY`) or
//! unencrypted OpenSSH (`OPENSSH PRIVATE KEY`) key.

use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::traits::PublicKeyParts;
use rsa::{BigUint, Pkcs1v15Encrypt, RsaPrivateKey};

use super::encoding::b64_decode;
use super::util::string;
use super::Registry;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Type, Value};

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "rsadecrypt",
        FuncDef::builder()
            .returns(Type::String)
            .param("ciphertext", Type::String)
            .param("privatekey", Type::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (text, key) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                rsa_decrypt(&text, &key).map(Value::from)
            }),
    );
}

/// Decrypts base64 `ciphertext` with the PEM-encoded RSA `key`. Bytes of
/// the plaintext that are not UTF-8 become U+FFFD, as Terraform's JSON
/// output shows them.
fn rsa_decrypt(ciphertext: &str, key: &str) -> Result<String, FuncError> {
    let bytes = b64_decode(ciphertext).map_err(|_| {
        FuncError::arg(
            0,
            format!("failed to decode input {ciphertext:?}: cipher text must be base64-encoded"),
        )
    })?;
    let key = private_key(key).map_err(|e| FuncError::arg(1, e))?;
    let out = key.decrypt(Pkcs1v15Encrypt, &bytes).map_err(|_| {
        "failed to decrypt: the cipher text does not decrypt with this key (PKCS #1 v1.5)"
            .to_owned()
    })?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The largest modulus decrypted, in bits: what bounds the work of one
/// call (a decryption's cost grows with the cube of the key size; keys in
/// use are 2048 to 4096 bits).
const MAX_BITS: usize = 16384;

/// The RSA key of the first PEM block in `text`.
fn private_key(text: &str) -> Result<RsaPrivateKey, String> {
    let invalid = |e: &dyn std::fmt::Display| format!("invalid private key: {e}");
    let (label, der) = pem_block(text).map_err(|e| invalid(&e))?;
    // Each of a key's numbers is at most as long as the modulus: refused
    // before any arithmetic on them.
    if der.len() > MAX_BITS / 8 * 6 {
        return Err(too_large());
    }
    let key = match label {
        "RSA PRIVATE KEY" => RsaPrivateKey::from_pkcs1_der(&der).map_err(|e| invalid(&e)),
        "PRIVATE KEY" => RsaPrivateKey::from_pkcs8_der(&der).map_err(|e| match e {
            rsa::pkcs8::Error::PublicKey(rsa::pkcs8::spki::Error::OidUnknown { .. }) => {
                "invalid private key type: not an RSA key".to_owned()
            }
            e => invalid(&e),
        }),
        "OPENSSH PRIVATE KEY" => openssh_key(&der),
        "EC PRIVATE KEY" | "DSA PRIVATE KEY" => {
            Err("invalid private key type: not an RSA key".to_owned())
        }
        other => Err(format!(
            "invalid private key: unsupported key type \"{other}\""
        )),
    }?;
    if key.n().bits() > MAX_BITS {
        return Err(too_large());
    }
    Ok(key)
}

#[cold]
fn too_large() -> String {
    format!("invalid private key: keys longer than {MAX_BITS} bits are not supported")
}

/// The label and decoded body of the first PEM block (RFC 7468) in `text`,
/// as Go's `pem.Decode` finds it: text before it is skipped, `\r\n` line
/// ends are allowed. An error without a block whose body decodes, or for
/// an encrypted one (`Proc-Type: 4,ENCRYPTED`).
fn pem_block(text: &str) -> Result<(&str, Vec<u8>), &'static str> {
    const BEGIN: &str = "-----BEGIN ";
    let found = text.match_indices(BEGIN).find_map(|(at, _)| {
        if at > 0 && text.as_bytes()[at - 1] != b'\n' {
            return None;
        }
        let (label, rest) = text[at + BEGIN.len()..].split_once("-----")?;
        let (body, _) = rest.split_once(format!("-----END {label}-----").as_str())?;
        // Headers end at an empty line.
        let body = match body.contains(':') {
            false => body,
            true if body.contains("ENCRYPTED") => return Some(Err(PASSPHRASE)),
            true => {
                body.split_once("\n\n")
                    .or_else(|| body.split_once("\r\n\r\n"))?
                    .1
            }
        };
        b64_decode(body.trim()).ok().map(|der| Ok((label, der)))
    });
    found.unwrap_or(Err("no PEM-encoded key found"))
}

const PASSPHRASE: &str = "the key is passphrase protected";

/// An unencrypted OpenSSH private key (`openssh-key-v1`) holding an RSA key.
fn openssh_key(data: &[u8]) -> Result<RsaPrivateKey, String> {
    let bad = || "invalid private key: malformed OpenSSH key".to_owned();
    let mut r = SshReader(data.strip_prefix(b"openssh-key-v1\0").ok_or_else(bad)?);
    let (cipher, _kdf, _kdf_options) = (r.string()?, r.string()?, r.string()?);
    if cipher != b"none" {
        return Err(format!("invalid private key: {PASSPHRASE}"));
    }
    if r.u32()? != 1 {
        return Err("invalid private key: an OpenSSH file with more than one key".to_owned());
    }
    let _public = r.string()?;
    let mut p = SshReader(r.string()?);
    if p.u32()? != p.u32()? {
        return Err(bad());
    }
    if p.string()? != b"ssh-rsa" {
        return Err("invalid private key type: not an RSA key".to_owned());
    }
    let (n, e, d, _iqmp, p1, q) = (p.int()?, p.int()?, p.int()?, p.int()?, p.int()?, p.int()?);
    RsaPrivateKey::from_components(n, e, d, vec![p1, q])
        .map_err(|e| format!("invalid private key: {e}"))
}

/// Reads the SSH wire format (RFC 4251): `uint32`, `string`, `mpint`.
struct SshReader<'a>(&'a [u8]);

impl<'a> SshReader<'a> {
    fn u32(&mut self) -> Result<u32, String> {
        let (head, rest) = self.0.split_first_chunk::<4>().ok_or_else(short)?;
        self.0 = rest;
        Ok(u32::from_be_bytes(*head))
    }

    fn string(&mut self) -> Result<&'a [u8], String> {
        let len = self.u32()? as usize;
        if len > self.0.len() {
            return Err(short());
        }
        let (s, rest) = self.0.split_at(len);
        self.0 = rest;
        Ok(s)
    }

    /// A non-negative `mpint`.
    fn int(&mut self) -> Result<BigUint, String> {
        let b = self.string()?;
        if b.first().is_some_and(|&x| x & 0x80 != 0) {
            return Err("invalid private key: negative number in OpenSSH key".to_owned());
        }
        Ok(BigUint::from_bytes_be(b))
    }
}

#[cold]
fn short() -> String {
    "invalid private key: truncated OpenSSH key".to_owned()
}
