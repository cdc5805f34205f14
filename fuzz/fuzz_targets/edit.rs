//! The editable document: random edits by address keep it parseable and
//! stable (printing and parsing again gives the same text), and do what
//! they say (a removed attribute is gone, a set one has the new value).
#![no_main]
use hcl::edit::{Address, Document};
use hcl::syntax::{Body, Structure};
use libfuzzer_sys::fuzz_target;

/// Every attribute's and block's address (segments).
fn addresses(body: &Body<'_>, prefix: &mut Vec<String>, attrs: &mut Vec<Vec<String>>, blocks: &mut Vec<Vec<String>>) {
    if prefix.len() > 16 {
        return;
    }
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                let mut p = prefix.clone();
                p.push(a.name.name.to_owned());
                attrs.push(p);
            }
            Structure::Block(b) => {
                let n = prefix.len();
                prefix.push(b.ident.name.to_owned());
                prefix.extend(b.labels.iter().map(|l| l.as_str().to_owned()));
                blocks.push(prefix.clone());
                addresses(&b.body, prefix, attrs, blocks);
                prefix.truncate(n);
            }
        }
    }
}

fn address(segs: &[String]) -> Option<Address> {
    let text: Vec<String> = segs
        .iter()
        .map(|s| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")))
        .collect();
    Address::parse(&text.join(".")).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some((&ops, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(mut doc) = Document::parse(text) else { return };
    assert_eq!(doc.to_string(), text);
    for k in 0..3u8 {
        let (mut attrs, mut blocks) = (Vec::new(), Vec::new());
        addresses(doc.body(), &mut Vec::new(), &mut attrs, &mut blocks);
        let op = (ops >> (2 * k)) & 3;
        let pick = |n: usize| (ops as usize).wrapping_mul(31).wrapping_add(k as usize) % n.max(1);
        match op {
            0 if !attrs.is_empty() => {
                let Some(a) = address(&attrs[pick(attrs.len())]) else { continue };
                doc.set_attribute(&a, "1").unwrap();
                assert!(doc.get_attribute(&a).iter().all(|e| *e == "1"));
            }
            1 if !attrs.is_empty() => {
                let Some(a) = address(&attrs[pick(attrs.len())]) else { continue };
                doc.remove_attribute(&a).unwrap();
                assert!(doc.get_attribute(&a).is_empty(), "{}", doc.text());
            }
            2 if !blocks.is_empty() => {
                let Some(a) = address(&blocks[pick(blocks.len())]) else { continue };
                let taken = doc.take_block(&a).unwrap();
                for t in taken {
                    doc.append(None, &t).unwrap();
                }
            }
            3 => {
                let _ = doc.set_attribute(&Address::parse("added").unwrap(), "true");
            }
            _ => {}
        }
        let again = Document::parse(doc.text()).expect("an edited document parses");
        assert_eq!(again.to_string(), doc.to_string());
    }
});
