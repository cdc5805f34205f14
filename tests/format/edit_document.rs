//! The editable document: untouched text comes back byte for byte; edits
//! change their own lines and the `=` alignment of their group. Each
//! expected text is what `terraform fmt` 1.11.4 leaves unchanged (the
//! inputs are `terraform fmt` output too).

use hcl::edit::{Address, Document};

fn addr(s: &str) -> Address {
    Address::parse(s).unwrap()
}

#[test]
fn untouched_documents_print_back_byte_for_byte() {
    for src in [
        "a    =   1 # odd spacing kept\n\n\n/* a comment */\nb { c = [1,2] }\n",
        "x = <<EOT\n  text\nEOT\n",
        "\n\n",
        "",
    ] {
        assert_eq!(Document::parse(src).unwrap().to_string(), src);
    }
}

#[test]
fn bump_a_module_version() {
    let mut doc = Document::parse("module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.0.0\"\n\n  name = \"main\"\n}\n").unwrap();
    assert_eq!(
        doc.set_attribute(&addr("module.vpc.version"), "\"5.1.2\"")
            .unwrap(),
        1
    );
    assert_eq!(
        doc.to_string(),
        "module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.1.2\"\n\n  name = \"main\"\n}\n"
    );
}

#[test]
fn add_an_attribute_aligned_with_its_group() {
    let mut doc = Document::parse("resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  # the size\n  instance_type = \"t3.micro\"\n}\n").unwrap();
    doc.set_attribute(&addr("resource.aws_instance.web.monitoring"), "true")
        .unwrap();
    assert_eq!(
        doc.to_string(),
        "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  # the size\n  instance_type = \"t3.micro\"\n  monitoring    = true\n}\n"
    );
    // Into an empty block, and at the top level.
    let mut doc = Document::parse("locals {\n}\n").unwrap();
    doc.set_attribute(&addr("locals.a"), "1").unwrap();
    assert_eq!(doc.to_string(), "locals {\n  a = 1\n}\n");
    let mut doc = Document::parse("").unwrap();
    doc.set_attribute(&addr("a"), "1").unwrap();
    assert_eq!(doc.to_string(), "a = 1\n");
}

#[test]
fn removing_takes_the_item_s_comments_not_the_next_one_s() {
    let mut doc = Document::parse("a = 1\n# about c\nc = 3\n").unwrap();
    assert_eq!(doc.remove_attribute(&addr("a")).unwrap(), 1);
    assert_eq!(doc.to_string(), "# about c\nc = 3\n");
    // Its own comment goes with it; the group re-aligns.
    let mut doc = Document::parse(
        "resource \"x\" \"y\" {\n  a         = 1\n  # long\n  long_name = 2\n  b         = 3\n}\n",
    )
    .unwrap();
    doc.remove_attribute(&addr("resource.x.y.long_name"))
        .unwrap();
    assert_eq!(
        doc.to_string(),
        "resource \"x\" \"y\" {\n  a = 1\n  b = 3\n}\n"
    );
}

#[test]
fn remove_blocks_with_their_comments() {
    let src = "# first\nresource \"a\" \"x\" {\n  n = 1\n}\n\n# second\nresource \"a\" \"y\" {\n  n = 2\n}\n";
    let mut doc = Document::parse(src).unwrap();
    assert_eq!(doc.remove_block(&addr("resource.a.x")).unwrap(), 1);
    assert_eq!(
        doc.to_string(),
        "# second\nresource \"a\" \"y\" {\n  n = 2\n}\n"
    );
    assert_eq!(doc.get_block(&addr("resource.a.y")).len(), 1);
}

#[test]
fn get_prints_expressions_as_written_and_set_gives_the_file_back() {
    let src = "locals {\n  tags = merge(var.tags, {\n    Name = \"x\" # why\n  })\n}\n";
    let mut doc = Document::parse(src).unwrap();
    let got = doc.get_attribute(&addr("locals.tags"))[0].to_owned();
    assert!(got.starts_with("merge(var.tags, {\n"));
    doc.set_attribute(&addr("locals.tags"), &got).unwrap();
    assert_eq!(doc.to_string(), src);
}

#[test]
fn quoted_labels_and_errors() {
    let mut doc = Document::parse("resource \"a.b\" \"c\" {\n  x = 1\n}\n").unwrap();
    assert_eq!(doc.get_attribute(&addr(r#"resource."a.b".c.x"#)), ["1"]);
    // Nothing matches: no block to add to.
    assert!(doc.set_attribute(&addr("module.nope.x"), "1").is_err());
    // Not an expression: refused, the document unchanged.
    assert!(doc
        .set_attribute(&addr(r#"resource."a.b".c.x"#), "1 +")
        .is_err());
    assert_eq!(doc.to_string(), "resource \"a.b\" \"c\" {\n  x = 1\n}\n");
    assert!(Address::parse("a..b").is_err());
    assert!(Address::parse("\"a").is_err());
}

#[test]
fn append_blocks_and_move_one_with_its_comments() {
    // A new block at the end of the file, after a blank line.
    let mut doc = Document::parse("a = 1\n").unwrap();
    doc.append(None, "output \"x\" {\n  value = a\n}").unwrap();
    assert_eq!(doc.to_string(), "a = 1\n\noutput \"x\" {\n  value = a\n}\n");
    // Into an empty block.
    let mut doc = Document::parse("terraform {\n}\n").unwrap();
    doc.append(Some(&addr("terraform")), "required_providers {}")
        .unwrap();
    assert_eq!(doc.to_string(), "terraform {\n  required_providers {}\n}\n");
    // Move a block with its comment: take it, then append it elsewhere.
    let src = "# the bucket\nresource \"s3\" \"b\" {\n  n = 1\n}\n\nmodule \"m\" {\n  source = \"./m\"\n}\n";
    let mut doc = Document::parse(src).unwrap();
    let taken = doc.take_block(&addr("resource.s3.b")).unwrap();
    doc.append(None, &taken[0]).unwrap();
    assert_eq!(
        doc.to_string(),
        "module \"m\" {\n  source = \"./m\"\n}\n\n# the bucket\nresource \"s3\" \"b\" {\n  n = 1\n}\n"
    );
}

#[test]
fn an_item_that_shares_its_line_is_removed_alone() {
    // Found by fuzz/edit: the attribute of a one-line block.
    let mut doc = Document::parse("a = 1\nb { c = 2 }\n").unwrap();
    doc.remove_attribute(&addr("b.c")).unwrap();
    assert!(doc.get_attribute(&addr("b.c")).is_empty());
    assert_eq!(doc.get_block(&addr("b")).len(), 1);
    assert_eq!(doc.get_attribute(&addr("a")), ["1"]);
}

#[test]
fn removing_the_last_item_leaves_no_blank_line_before_the_brace() {
    let mut doc = Document::parse("module \"m\" {\n  a = 1\n\n  # gone\n  b = 2\n}\n").unwrap();
    doc.remove_attribute(&addr("module.m.b")).unwrap();
    assert_eq!(doc.to_string(), "module \"m\" {\n  a = 1\n}\n");
}

#[test]
fn a_heredoc_set_back_as_it_was_written() {
    // Found by the corpus runner's edit check: a heredoc's text as `get`
    // gives it ends at its closing marker, with no line end after it.
    let src = "locals {\n  policy = <<EOT\n{}\nEOT\n  b      = 1\n}\n";
    let mut doc = Document::parse(src).unwrap();
    let a = addr("locals.policy");
    let got = doc.get_attribute(&a)[0].to_owned();
    assert_eq!(got, "<<EOT\n{}\nEOT");
    doc.set_attribute(&a, "\"x\"").unwrap();
    assert_eq!(
        doc.to_string(),
        "locals {\n  policy = \"x\"\n  b      = 1\n}\n"
    );
    doc.set_attribute(&a, &got).unwrap();
    assert_eq!(doc.to_string(), src);
}
