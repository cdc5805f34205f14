//! `format_body_with_source`: comments and blank lines between items are
//! kept, as many as the source has. Expected texts were checked with
//! `terraform fmt` 1.11.4.

use crate::format_common;
use format_common::fmt_src;

#[test]
fn keeps_comments_and_blank_lines() {
    let src = r#"// File header.
/* block
   comment */

variable "x" { # why
default = 1 // one
  description="a longer one" # two
}



# Before the resource.
resource "a" "b" {
  count = 2

  # Lonely comment at the end of the body.
}
"#;
    // What terraform fmt 1.11.4 makes of it: the comment after `{` stays
    // there, aligned with the next ones, and all three blank lines stay.
    let expected = r#"// File header.
/* block
   comment */

variable "x" {                 # why
  default     = 1              // one
  description = "a longer one" # two
}



# Before the resource.
resource "a" "b" {
  count = 2

  # Lonely comment at the end of the body.
}
"#;
    assert_eq!(fmt_src(src), expected);
}

#[test]
fn empty_block_with_only_a_comment_keeps_it() {
    let expected = r#"terraform {
  # nothing yet
}
"#;
    assert_eq!(fmt_src("terraform {\n# nothing yet\n}\n"), expected);
}

#[test]
fn added_and_removed_items_get_the_default_layout() {
    let src = "a = 1 # keep\n\nb = 2 # gone\nc = 3\n";
    let file = hcl::parse(src).unwrap();
    let mut structures: Vec<hcl::syntax::Structure<'_>> = file.body().structures.to_vec();
    structures.remove(1);
    let extra = hcl::parse("d = 4\n").unwrap();
    let mut d = extra.body().structures[0];
    if let hcl::syntax::Structure::Attribute(a) = &mut d {
        a.name.span = hcl::Span::default();
        a.expr.span = hcl::Span::default();
    }
    structures.push(d);
    let arena = hcl::syntax::Arena::new();
    let body = hcl::syntax::Body {
        structures: arena.alloc_slice(&structures),
        ..*file.body()
    };
    let out = hcl::format::format_body_with_source(&body, src);
    let expected = r#"a = 1 # keep
c = 3
d = 4
"#;
    assert_eq!(out, expected);
}

#[test]
fn to_string_drops_comments() {
    let body = hcl::parse("# c\na = 1 # d\n").unwrap();
    assert_eq!(body.to_string(), "a = 1\n");
}

#[test]
fn keeps_comments_and_line_structure_inside_objects_and_tuples() {
    let src = r#"module "m" {
  tags = { Name = "x" }
  ports = [
    80, # http
    443, // https

    # more later
  ]
  settings = {
    # leading
    a = 1 # one
    bbb = [1, 2]

    c = { d = true } # inline kept
  }
}
"#;
    let expected = r#"module "m" {
  tags = { Name = "x" }
  ports = [
    80,  # http
    443, // https

    # more later
  ]
  settings = {
    # leading
    a   = 1 # one
    bbb = [1, 2]

    c = { d = true } # inline kept
  }
}
"#;
    assert_eq!(fmt_src(src), expected);
}
