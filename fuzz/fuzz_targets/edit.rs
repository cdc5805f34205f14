//! The editable document: random edits, by address and through the handle
//! API (attributes, an expression's parts, blocks moved to a position), keep
//! it parseable and stable (printing and parsing again gives the same
//! text), and do what they say (a removed attribute is gone, a set one has
//! the new value, a pushed element is there).
#![no_main]
use hcl::edit::{Address, Document};
use hcl::edit::BodyMut;
use hcl::syntax::{Body, ExprKind, Structure};
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

/// The first top-level block with a body that has an attribute, as a
/// handle path: (type, labels) and the attribute's name.
fn block_with_attribute(body: &Body<'_>) -> Option<(String, Vec<String>, String)> {
    body.blocks().find_map(|b| {
        let a = b.body.attributes().next()?;
        Some((
            b.ident.name.to_owned(),
            b.labels.iter().map(|l| l.as_str().to_owned()).collect(),
            a.name.name.to_owned(),
        ))
    })
}

fn parts(kind: &ExprKind<'_>) -> Option<usize> {
    match kind {
        ExprKind::Tuple(e) => Some(e.len()),
        ExprKind::Object(i) => Some(i.len()),
        ExprKind::FuncCall(c) if !c.expand_final => Some(c.args.len()),
        _ => None,
    }
}

/// An expression edit through the handles, checked to do what it says.
fn edit_expression(body: &mut BodyMut<'_>, name: &str, op: u8) {
    let Some(mut e) = body.attribute_mut(name) else { return };
    let before = parts(&e.expr().kind);
    let object = matches!(e.expr().kind, ExprKind::Object(_));
    match (op, before) {
        (0, Some(n)) if !object => {
            e.push_element("7").unwrap();
            assert_eq!(parts(&e.expr().kind), Some(n + 1));
        }
        (0, Some(_)) => {
            e.set_item("fz", "8").unwrap();
            assert_eq!(e.item_mut("fz").unwrap().text(), "8");
        }
        (1, Some(n)) if n > 0 && !object => {
            // Refused only when the rest would read differently (`[a, for]`
            // without `a` opens a `for` expression), and then nothing changes.
            let text = e.text().to_owned();
            match e.remove_element(0) {
                Ok(removed) => {
                    assert!(removed);
                    assert_eq!(parts(&e.expr().kind), Some(n - 1));
                }
                Err(_) => assert_eq!(e.text(), text),
            }
        }
        (1, Some(n)) if n > 0 => {
            let ExprKind::Object(items) = e.expr().kind else { return };
            let Some(key) = items[0].key.literal_key().map(str::to_owned) else { return };
            assert!(e.remove_item(&key).unwrap());
        }
        (2, _) => {
            e.set("[1, { a = 2 }]").unwrap();
            assert_eq!(e.text(), "[1, { a = 2 }]");
        }
        _ => {}
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
    let Some((&[op_lo, op_hi], rest)) = data.split_first_chunk::<2>() else { return };
    let ops = u16::from_le_bytes([op_lo, op_hi]);
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(mut doc) = Document::parse(text) else { return };
    assert_eq!(doc.to_string(), text);
    for k in 0..3u16 {
        let (mut attrs, mut blocks) = (Vec::new(), Vec::new());
        addresses(doc.body(), &mut Vec::new(), &mut attrs, &mut blocks);
        let op = (ops >> (3 * k)) & 7;
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
            4..=6 => {
                let Some((ty, labels, name)) = block_with_attribute(doc.body()) else { continue };
                let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
                let mut body = doc.body_mut();
                let Some(mut block) = body.block_mut(&ty, &labels) else { panic!("block {ty} {labels:?}") };
                edit_expression(&mut block, &name, (op - 4) as u8);
            }
            7 => {
                // Move the first block to the front, or rename an attribute.
                let mut body = doc.body_mut();
                let first = body.body().blocks().next().map(|b| {
                    (b.ident.name.to_owned(), b.labels.iter().map(|l| l.as_str().to_owned()).collect::<Vec<_>>())
                });
                if let Some((ty, labels)) = first {
                    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
                    let taken = body.take_block(&ty, &labels).unwrap().expect("the block is there");
                    body.insert_block(0, &taken).unwrap();
                }
                let name = body.body().attributes().next().map(|a| a.name.name.to_owned());
                if let Some(name) = name {
                    if name != "renamed" && body.body().attributes().all(|a| a.name.name != "renamed") {
                        assert!(body.rename_attribute(&name, "renamed").unwrap());
                        assert!(body.attribute_mut("renamed").is_some());
                    }
                }
            }
            _ => {}
        }
        let again = Document::parse(doc.text()).expect("an edited document parses");
        assert_eq!(again.to_string(), doc.to_string());
    }
});
