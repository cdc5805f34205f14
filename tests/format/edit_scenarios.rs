//! Edit scenarios on the handle API (`Document::body_mut`), each on a file
//! that `terraform fmt` leaves unchanged. Every expected text was checked
//! with `terraform fmt` 1.11.4: it leaves the text unchanged, and it gives
//! the same text from the hand-edited file (the edit made with careless
//! spacing).

use hcl::edit::Document;

fn doc(src: &str) -> Document {
    let d = Document::parse(src).unwrap();
    assert_eq!(d.to_string(), src);
    d
}

#[test]
fn rename_an_attribute_and_its_group_realigns() {
    let mut d = doc("locals {\n  a  = 1\n  bb = 2\n\n  c = 3\n}\n");
    let mut body = d.body_mut();
    let mut locals = body.block_mut("locals", &[]).unwrap();
    assert!(locals.rename_attribute("a", "a_longer_name").unwrap());
    assert!(!locals.rename_attribute("zz", "y").unwrap());
    assert!(locals.rename_attribute("bb", "not a name").is_err());
    assert_eq!(
        d.to_string(),
        "locals {\n  a_longer_name = 1\n  bb            = 2\n\n  c = 3\n}\n"
    );
}

#[test]
fn rename_a_block() {
    let mut d = doc("# logs\nresource \"aws_s3_bucket\" \"old\" {\n  bucket = \"x\"\n}\n");
    let mut body = d.body_mut();
    assert!(body
        .rename_block(
            "resource",
            &["aws_s3_bucket", "old"],
            &["aws_s3_bucket", "new"]
        )
        .unwrap());
    assert_eq!(
        d.to_string(),
        "# logs\nresource \"aws_s3_bucket\" \"new\" {\n  bucket = \"x\"\n}\n"
    );
    // Labels added to a block that had none, and taken away.
    let mut d = doc("provisioner {\n}\n");
    d.body_mut()
        .rename_block("provisioner", &[], &["local-exec"])
        .unwrap();
    assert_eq!(d.to_string(), "provisioner \"local-exec\" {\n}\n");
    d.body_mut()
        .rename_block("provisioner", &["local-exec"], &[])
        .unwrap();
    assert_eq!(d.to_string(), "provisioner {\n}\n");
}

#[test]
fn add_an_item_to_a_nested_object() {
    let src = "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n\n  tags = {\n    Name = \"web\" # shown in the console\n    Env  = \"prod\"\n  }\n}\n";
    let mut d = doc(src);
    let mut body = d.body_mut();
    let mut web = body
        .block_mut("resource", &["aws_instance", "web"])
        .unwrap();
    let mut tags = web.attribute_mut("tags").unwrap();
    tags.set_item("CostCenter", "\"42\"").unwrap();
    tags.set_item("Env", "\"staging\"").unwrap();
    assert_eq!(
        d.to_string(),
        "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n\n  tags = {\n    Name       = \"web\" # shown in the console\n    Env        = \"staging\"\n    CostCenter = \"42\"\n  }\n}\n"
    );
    // Two levels down, a key that is not a name, and an empty object.
    let mut d = doc("a = {\n  b = {\n    c = 1\n  }\n  e = {}\n}\n");
    let mut body = d.body_mut();
    let mut a = body.attribute_mut("a").unwrap();
    a.item_mut("b").unwrap().set_item("d.e", "2").unwrap();
    a.item_mut("e").unwrap().set_item("f", "true").unwrap();
    assert_eq!(
        d.to_string(),
        "a = {\n  b = {\n    c     = 1\n    \"d.e\" = 2\n  }\n  e = {\n    f = true\n  }\n}\n"
    );
    // A one-line object stays on one line.
    let mut d = doc("x = { a = 1 }\n");
    d.body_mut()
        .attribute_mut("x")
        .unwrap()
        .set_item("b", "2")
        .unwrap();
    assert_eq!(d.to_string(), "x = { a = 1, b = 2 }\n");
}

#[test]
fn add_call_arguments_and_tuple_elements() {
    let src = "locals {\n  tags = merge(local.common, {\n    Name = \"x\"\n  })\n\n  zones = [\n    \"a\",\n    \"b\", # the second\n  ]\n  ports = [80]\n  none  = []\n}\n";
    let mut d = doc(src);
    let mut body = d.body_mut();
    let mut locals = body.block_mut("locals", &[]).unwrap();
    let mut tags = locals.attribute_mut("tags").unwrap();
    tags.push_element("var.extra_tags").unwrap();
    tags.element_mut(1)
        .unwrap()
        .set_item("Owner", "var.owner")
        .unwrap();
    let mut zones = locals.attribute_mut("zones").unwrap();
    zones.push_element("\"c\"").unwrap();
    locals
        .attribute_mut("ports")
        .unwrap()
        .push_element("443")
        .unwrap();
    locals
        .attribute_mut("none")
        .unwrap()
        .push_element("1")
        .unwrap();
    assert_eq!(
        d.to_string(),
        "locals {\n  tags = merge(local.common, {\n    Name  = \"x\"\n    Owner = var.owner\n  }, var.extra_tags)\n\n  zones = [\n    \"a\",\n    \"b\", # the second\n    \"c\",\n  ]\n  ports = [80, 443]\n  none  = [1]\n}\n"
    );
    // Not a tuple, an object, or a call.
    let mut d = doc("a = 1\n");
    let mut body = d.body_mut();
    let mut a = body.attribute_mut("a").unwrap();
    assert!(a.push_element("2").is_err());
    assert!(a.set_item("k", "2").is_err());
    // Not one expression: refused, nothing changed.
    assert!(a.set("1, 2").is_err());
    assert_eq!(d.to_string(), "a = 1\n");
}

#[test]
fn multi_line_elements_without_a_trailing_comma() {
    let mut d = doc("x = [\n  1,\n  2\n]\n");
    d.body_mut()
        .attribute_mut("x")
        .unwrap()
        .push_element("3")
        .unwrap();
    assert_eq!(d.to_string(), "x = [\n  1,\n  2,\n  3\n]\n");
}

#[test]
fn move_a_block_with_its_comments_to_a_position() {
    let src = "terraform {\n  required_version = \">= 1.5\"\n}\n\nmodule \"a\" {\n  source = \"./a\"\n}\n\n# Provider settings.\n# Two lines.\nprovider \"aws\" {\n  region = \"eu-west-1\"\n}\n";
    let mut d = doc(src);
    let mut body = d.body_mut();
    let taken = body.take_block("provider", &["aws"]).unwrap().unwrap();
    assert!(taken.starts_with("# Provider settings.\n"));
    body.insert_block(1, &taken).unwrap();
    assert_eq!(
        d.to_string(),
        "terraform {\n  required_version = \">= 1.5\"\n}\n\n# Provider settings.\n# Two lines.\nprovider \"aws\" {\n  region = \"eu-west-1\"\n}\n\nmodule \"a\" {\n  source = \"./a\"\n}\n"
    );
}

#[test]
fn insert_a_block_from_a_rust_value_into_a_block() {
    #[derive(serde::Serialize)]
    struct Lifecycle {
        prevent_destroy: bool,
        ignore_changes: Vec<&'static str>,
    }
    let mut d = doc("resource \"aws_s3_bucket\" \"b\" {\n  bucket = \"b\"\n\n  versioning {\n    enabled = true\n  }\n}\n");
    let block = hcl::ser::to_block_string(
        "lifecycle",
        &[],
        &Lifecycle {
            prevent_destroy: true,
            ignore_changes: vec![],
        },
    )
    .unwrap();
    let mut body = d.body_mut();
    let mut b = body.block_mut("resource", &["aws_s3_bucket", "b"]).unwrap();
    b.insert_block(1, &block).unwrap();
    assert_eq!(
        d.to_string(),
        "resource \"aws_s3_bucket\" \"b\" {\n  bucket = \"b\"\n\n  lifecycle {\n    prevent_destroy = true\n    ignore_changes  = []\n  }\n\n  versioning {\n    enabled = true\n  }\n}\n"
    );
}

#[test]
fn remove_the_first_last_and_only_items() {
    // Attributes.
    let src = "locals {\n  # first\n  a = 1\n  b = 2\n  # last\n  ccc = 3\n}\n";
    let mut d = doc(src);
    let mut body = d.body_mut();
    let mut locals = body.block_mut("locals", &[]).unwrap();
    assert!(locals.remove_attribute("a").unwrap());
    assert!(locals.remove_attribute("ccc").unwrap());
    assert!(!locals.remove_attribute("ccc").unwrap());
    assert_eq!(d.to_string(), "locals {\n  b = 2\n}\n");
    let mut body = d.body_mut();
    let mut locals = body.block_mut("locals", &[]).unwrap();
    locals.remove_attribute("b").unwrap();
    assert_eq!(d.to_string(), "locals {\n}\n");

    // Tuple elements, one line and several.
    let mut d = doc("a = [1, 2, 3]\nb = [\n  1,\n  2,\n  3,\n]\nc = [1]\n");
    let mut body = d.body_mut();
    let mut a = body.attribute_mut("a").unwrap();
    assert!(a.remove_element(0).unwrap());
    assert!(a.remove_element(1).unwrap());
    assert!(!a.remove_element(1).unwrap());
    let mut b = body.attribute_mut("b").unwrap();
    b.remove_element(0).unwrap();
    b.remove_element(1).unwrap();
    body.attribute_mut("c").unwrap().remove_element(0).unwrap();
    assert_eq!(d.to_string(), "a = [2]\nb = [\n  2,\n]\nc = []\n");

    // Object items.
    let mut d = doc("x = {\n  # about a\n  a   = 1\n  bbb = 2\n}\ny = { a = 1, b = 2 }\n");
    let mut body = d.body_mut();
    let mut x = body.attribute_mut("x").unwrap();
    assert!(x.remove_item("bbb").unwrap());
    assert!(!x.remove_item("zzz").unwrap());
    let mut y = body.attribute_mut("y").unwrap();
    y.remove_item("a").unwrap();
    assert_eq!(
        d.to_string(),
        "x = {\n  # about a\n  a = 1\n}\ny = { b = 2 }\n"
    );
}

#[test]
fn every_block_of_a_type() {
    let mut d = doc("dynamic \"ingress\" {\n  for_each = var.ports\n}\n\ningress {\n  from_port = 80\n}\n\ningress {\n  from_port = 443\n}\n");
    let mut body = d.body_mut();
    let mut seen = 0;
    let mut blocks = body.blocks_mut("ingress");
    while let Some(mut b) = blocks.next() {
        b.set_attribute("protocol", "\"tcp\"").unwrap();
        seen += 1;
    }
    assert_eq!(seen, 2);
    assert_eq!(
        d.to_string(),
        "dynamic \"ingress\" {\n  for_each = var.ports\n}\n\ningress {\n  from_port = 80\n  protocol  = \"tcp\"\n}\n\ningress {\n  from_port = 443\n  protocol  = \"tcp\"\n}\n"
    );
    assert_eq!(d.body_mut().remove_blocks("ingress", &[]).unwrap(), 2);
    assert_eq!(
        d.to_string(),
        "dynamic \"ingress\" {\n  for_each = var.ports\n}\n"
    );
}

#[test]
fn fmt_formats_the_whole_document() {
    let mut d = Document::parse("a=1\nblock   {\nbb=2 # c\n  c = 3 # d\n}\n").unwrap();
    d.fmt();
    assert_eq!(
        d.to_string(),
        "a = 1\nblock {\n  bb = 2 # c\n  c  = 3 # d\n}\n"
    );
}

#[test]
fn an_edit_that_would_read_differently_is_refused() {
    // Without its first element, `[a, for]` would open a `for` expression.
    let mut d = doc("p = [\"a\", for]\n");
    let mut body = d.body_mut();
    let mut p = body.attribute_mut("p").unwrap();
    let err = p.remove_element(0).unwrap_err();
    assert!(err.to_string().contains("iterator variable"), "{err}");
    assert_eq!(d.to_string(), "p = [\"a\", for]\n");
}

#[test]
fn lines_outside_the_edited_group_keep_their_spacing() {
    // The file is not as `terraform fmt` leaves it: only the edited group
    // (the object's items) is laid out; the parent's lines stay as written.
    let src = "locals {\n  weird   =    \"spacing kept\"\n  tags = {\n    a = 1\n  }\n}\n";
    let mut d = Document::parse(src).unwrap();
    let mut body = d.body_mut();
    let mut locals = body.block_mut("locals", &[]).unwrap();
    locals
        .attribute_mut("tags")
        .unwrap()
        .set_item("bbb", "2")
        .unwrap();
    assert_eq!(
        d.to_string(),
        "locals {\n  weird   =    \"spacing kept\"\n  tags = {\n    a   = 1\n    bbb = 2\n  }\n}\n"
    );
}

#[test]
fn removing_many_blocks_keeps_the_rest_as_it_was() {
    // Every other block goes, each with its comment, in one edit.
    let mut src = String::from("terraform {\n}\n");
    let mut want = src.clone();
    for i in 0..2_000 {
        let block = format!("\nresource \"r\" \"keep{i}\" {{\n  n = {i}\n}}\n");
        src.push_str(&block);
        want.push_str(&block);
        src.push_str(&format!(
            "\n# gone {i}\ndata \"d\" \"x\" {{\n  n = {i}\n}}\n"
        ));
    }
    let mut d = doc(&src);
    assert_eq!(
        d.body_mut().remove_blocks("data", &["d", "x"]).unwrap(),
        2_000
    );
    assert_eq!(d.to_string(), want);
    // By address, the same.
    let mut d = doc(&src);
    let data = hcl::edit::Address::parse("data.d.x").unwrap();
    assert_eq!(d.remove_block(&data).unwrap(), 2_000);
    assert_eq!(d.to_string(), want);
}

#[test]
fn a_multi_line_value_from_rust_is_indented_where_it_goes() {
    let tags = std::collections::BTreeMap::from([("Name", "web"), ("Team", "core")]);
    let tags = hcl::ser::to_expression_string(&tags).unwrap();
    let mut d = doc("module \"m\" {\n  source = \"./m\"\n}\n");
    let mut body = d.body_mut();
    let mut m = body.block_mut("module", &["m"]).unwrap();
    m.set_attribute("tags", &tags).unwrap();
    assert_eq!(
        d.to_string(),
        "module \"m\" {\n  source = \"./m\"\n  tags = {\n    Name = \"web\"\n    Team = \"core\"\n  }\n}\n"
    );
}

#[test]
fn a_key_that_is_a_keyword_is_quoted() {
    // `{ for = 1 }` would open a `for` expression.
    let mut d = doc("x = {}\n");
    let mut body = d.body_mut();
    let mut x = body.attribute_mut("x").unwrap();
    x.set_item("for", "1").unwrap();
    assert_eq!(x.item_mut("for").unwrap().text(), "1");
    assert_eq!(d.to_string(), "x = {\n  \"for\" = 1\n}\n");
}

#[test]
fn an_element_added_after_a_heredoc_starts_on_the_next_line() {
    // A heredoc's closing marker must end its line (found by fuzzing the
    // edit target: the comma landed on the marker's line). The edited
    // tuple is the old one and 7.
    for src in [
        "a = [<<-EOT\n  he }\n  EOT\n ]\n",
        "a = [1, <<EOT\nx\nEOT\n]\n",
        "a = [<<EOT\nx\nEOT\n/* c */ ]\n",
        "a = [<<EOT\nx\nEOT\n  # c\n]\n",
        "a =[<<-EOT\n  \n\n  he }\n        EOT\n ]\n",
    ] {
        let mut d = doc(src);
        d.body_mut()
            .attribute_mut("a")
            .unwrap()
            .push_element("7")
            .unwrap();
        let text = d.to_string();
        let before: hcl::Value = hcl::from_str(src).unwrap();
        let after: hcl::Value = hcl::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut want = before["a"].as_array().unwrap().clone();
        want.push(hcl::Value::from(7));
        assert_eq!(after["a"], hcl::Value::Array(want), "{text}");
    }
    // A call's arguments and an object's items likewise.
    let mut d = doc("a = format(\"%s%s\", <<EOT\nx\nEOT\n)\nb = {k = <<EOT\ny\nEOT\n}\n");
    let mut body = d.body_mut();
    body.attribute_mut("a")
        .unwrap()
        .push_element("\"!\"")
        .unwrap();
    body.attribute_mut("b").unwrap().set_item("m", "3").unwrap();
    let v: hcl::Value = hcl::from_str(&d.to_string()).unwrap();
    assert_eq!(v["a"], hcl::Value::from("x\n!"));
    assert_eq!(v["b"]["m"], hcl::Value::from(3));
}
