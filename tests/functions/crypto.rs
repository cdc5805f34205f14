//! `rsadecrypt` (feature `crypto`). The keys in `fixtures/functions/crypto/`
//! are test-only keys made with `openssl genrsa -traditional` (PKCS #1),
//! `openssl genpkey` (PKCS #8) and `ssh-keygen -t rsa` (OpenSSH); the
//! `.b64` files are `openssl pkeyutl -encrypt -pkeyopt
//! rsa_padding_mode:pkcs1` output in base64. Every expected value and error
//! class below is what `terraform console` (1.11.4) gives for the same
//! call on the same files.
#![cfg(feature = "crypto")]

use hcl::eval::{evaluate_str, Context};
use hcl::Value;

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../fixtures/functions/crypto/", $name))
    };
}

const PKCS1: &str = fixture!("pkcs1.pem");
const PKCS8: &str = fixture!("pkcs8.pem");
const OPENSSH: &str = fixture!("openssh.key");
const PLAIN: &str = "hello, world 🌍";

/// `rsadecrypt(ct, key)` with both passed as variables.
fn decrypt(ct: &str, key: &str) -> hcl::Result<Value> {
    let mut ctx = Context::new();
    ctx.declare_var("ct", ct);
    ctx.declare_var("key", key);
    evaluate_str("rsadecrypt(ct, key)", &ctx)
}

fn error(ct: &str, key: &str) -> String {
    decrypt(ct, key).unwrap_err().to_string()
}

#[test]
fn decrypts_with_pkcs1_pkcs8_and_openssh_keys() {
    assert_eq!(decrypt(fixture!("pkcs1.b64"), PKCS1).unwrap(), PLAIN);
    assert_eq!(decrypt(fixture!("pkcs8.b64"), PKCS8).unwrap(), PLAIN);
    assert_eq!(decrypt(fixture!("openssh.b64"), OPENSSH).unwrap(), PLAIN);
    assert_eq!(decrypt(fixture!("pkcs1-x.b64"), PKCS1).unwrap(), "x");
}

#[test]
fn reads_keys_and_cipher_text_as_go_does() {
    let ct = fixture!("pkcs1.b64");
    // Text before the PEM block is skipped; CRLF line ends are fine.
    assert_eq!(
        decrypt(ct, &format!("junk before\n{PKCS1}")).unwrap(),
        PLAIN
    );
    assert_eq!(decrypt(ct, &PKCS1.replace('\n', "\r\n")).unwrap(), PLAIN);
    // Line breaks in the base64 cipher text are ignored.
    assert_eq!(decrypt(&format!("{ct}\n"), PKCS1).unwrap(), PLAIN);
}

#[test]
fn plaintext_that_is_not_utf8() {
    // The plaintext is the bytes FF FE: Terraform's string has length 2;
    // here each byte is U+FFFD, as Terraform's JSON output writes them.
    let v = decrypt(fixture!("pkcs1-not-utf8.b64"), PKCS1).unwrap();
    assert_eq!(v, "\u{fffd}\u{fffd}");
}

#[test]
fn bad_cipher_text() {
    let e = error("not base64!", PKCS1);
    assert!(e.contains("Invalid function argument"), "{e}");
    assert!(e.contains("\"ciphertext\"") && e.contains("base64"), "{e}");
    // Decodes, but not with this key (Terraform: "failed to decrypt").
    for (ct, key) in [(fixture!("pkcs1.b64"), PKCS8), ("", PKCS1)] {
        let e = error(ct, key);
        assert!(e.contains("Error in function call"), "{e}");
        assert!(e.contains("failed to decrypt"), "{e}");
    }
}

#[test]
fn bad_keys() {
    let ct = fixture!("pkcs1.b64");
    let cases = [
        ("garbage", "no PEM-encoded key found"),
        ("", "no PEM-encoded key found"),
        (&PKCS1[..200], "no PEM-encoded key found"),
        (fixture!("ec.pem"), "invalid private key type"),
        (fixture!("ec-pkcs8.pem"), "invalid private key type"),
        (fixture!("pkcs1-passphrase.pem"), "passphrase protected"),
        (fixture!("openssh-passphrase.key"), "passphrase protected"),
    ];
    for (key, want) in cases {
        let e = error(ct, key);
        assert!(e.contains("Invalid function argument"), "{e}");
        assert!(
            e.contains("\"privatekey\"") && e.contains(want),
            "{want}: {e}"
        );
    }
    // A key too long to decrypt with in bounded time is refused before
    // any arithmetic (a limit of ours; Terraform has none).
    let body = "A".repeat(20_000);
    let huge = format!("-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\n");
    assert!(error(ct, &huge).contains("keys longer than 16384 bits"));
    let foo = PKCS1.replace("RSA PRIVATE KEY", "FOO");
    assert!(error(ct, &foo).contains("unsupported key type \"FOO\""));
}

#[test]
fn unknown_and_null_arguments() {
    let mut ctx = Context::new();
    ctx.declare_var("key", PKCS1);
    ctx.declare_unknown("ct", hcl::Type::String, true);
    let v = hcl::eval::evaluate_typed_str("rsadecrypt(ct, key)", &ctx).unwrap();
    assert!(!v.is_known());
    assert_eq!(v.ty().to_string(), "string");
    let e = evaluate_str("rsadecrypt(null, key)", &ctx).unwrap_err();
    assert!(e.to_string().contains("null"), "{e}");
}
