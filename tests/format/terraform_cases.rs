//! `format_body_with_source` on the details where it differed from
//! `terraform fmt`: each expected text is what `terraform fmt` 1.11.4 made
//! of the input.

use crate::format_common;
use format_common::fmt_src;

#[test]
fn string_literals_keep_their_source_spelling() {
    // Escapes (`\u`, `\U`, `\t`, ...), text that is not in NFC and a
    // literal tab stay as written.
    let src = "a = \"\\u2022 \\U0001F600 \\t x\\\\y \\\"q\\\" $${a} %%{b}\"\nb = \"${x}\\u00e9\\n\"\nc = \"e\u{301}\"\nd = \"\t\"\n";
    assert_eq!(fmt_src(src), src);
}

#[test]
fn spaces_beside_strip_markers_stay() {
    assert_eq!(
        fmt_src("a = \"hello ${~ name ~} x\"\nb = \"${~ a} - ${b ~}\"\n"),
        "a = \"hello ${~name~} x\"\nb = \"${~a} - ${b~}\"\n"
    );
}

#[test]
fn comments_align_by_grapheme_clusters() {
    // A flag is one cluster of two code points, `e` and a combining accent
    // too.
    assert_eq!(
        fmt_src("a = \"\u{1f1eb}\u{1f1f7}\" # flag\nbb = \"x\" # c\nccc = \"e\u{301}\" # e\n"),
        "a   = \"\u{1f1eb}\u{1f1f7}\" # flag\nbb  = \"x\" # c\nccc = \"e\u{301}\" # e\n"
    );
}

#[test]
fn spaces_ending_the_file_stay_as_spaces() {
    assert_eq!(fmt_src("a = 1\n  "), "a = 1\n  ");
    assert_eq!(fmt_src("a = 1\n\n \t"), "a = 1\n\n  ");
    assert_eq!(fmt_src("a = 1 "), "a = 1 ");
    assert_eq!(fmt_src("a=1\n# c \t"), "a = 1\n# c \t");
}

#[test]
fn crlf_line_ends_stay() {
    assert_eq!(
        fmt_src(
            "# c\r\na=1 # x\r\nb {\r\n  c = [\r\n  1,\r\n  2]\r\n}\r\nd = <<EOT\r\nfoo\r\nEOT\r\n"
        ),
        "# c\r\na = 1 # x\r\nb {\r\n  c = [\r\n    1,\r\n  2]\r\n}\r\nd = <<EOT\r\nfoo\r\nEOT\r\n"
    );
    // Each line end as it was.
    assert_eq!(
        fmt_src("# c\r\na=1\nb {\r\nc = 2\n}\r\n"),
        "# c\r\na = 1\nb {\r\n  c = 2\n}\r\n"
    );
}

#[test]
fn a_closing_brace_after_the_last_item_stays_on_its_line() {
    let src = "a = {
  b = 1}
e = {
  f = {
    g = 1
}}
j = {
  k = [
    1,
  ]}
o = {
  p = 1, }
q = {
  r = 1 /* c */ }
s = {
  t = 1
  u = 22 }
v = [
  {
    w = 1 },
]
";
    // The line is indented by the brackets it closes, and not aligned.
    let expected = "a = {
b = 1 }
e = {
  f = {
    g = 1
} }
j = {
  k = [
    1,
] }
o = {
p = 1, }
q = {
r = 1 /* c */ }
s = {
  t = 1
u = 22 }
v = [
  {
  w = 1 },
]
";
    assert_eq!(fmt_src(src), expected);
}

#[test]
fn object_items_sharing_a_line_stay_on_it() {
    assert_eq!(
        fmt_src("variable \"v\" {\n  type        = list(object({ key = string,\n\t value = string }))\n  default     = []\n}\n"),
        "variable \"v\" {\n  type = list(object({ key = string,\n  value = string }))\n  default = []\n}\n"
    );
}

#[test]
fn heredoc_interpolations_keep_their_lines_and_hclwrite_s_indentation() {
    // The brackets after the heredoc's opener are not counted, those that
    // close them are: the block's indentation is lost after it, as
    // terraform fmt loses it.
    let src = "locals {
  cloud_config = <<-END
    #cloud-config
    ${jsonencode({
  write_files = [
    {
      path = \"/x\"
      owner       = \"root\"
    },
  ]
})}
  END
    after = 1
}
";
    let expected = "locals {
  cloud_config = <<-END
    #cloud-config
    ${jsonencode({
  write_files = [
    {
      path  = \"/x\"
      owner = \"root\"
    },
  ]
})}
  END
after = 1
}
";
    assert_eq!(fmt_src(src), expected);
}

#[test]
fn spaces_after_a_closing_heredoc_marker_stay() {
    let src = "a = <<EOT\nx\nEOT  \nb = 1\n";
    assert_eq!(fmt_src(src), src);
}

#[test]
fn line_breaks_in_traversals_splats_and_for_heads_stay() {
    let src = "a = {
  b = [for k, v in data.
  hcloud.x : v]
  c = local.spaces[
    try(
      x,
      y
    )
  ]
  d = [for k,
  v in x: v[
  *].id]
}
";
    let expected = "a = {
  b = [for k, v in data.
  hcloud.x : v]
  c = local.spaces[
    try(
      x,
      y
    )
  ]
  d = [for k,
    v in x : v[
  *].id]
}
";
    assert_eq!(fmt_src(src), expected);
}

#[test]
fn no_space_between_a_block_comment_and_a_closing_bracket() {
    let src = "x = (a /* d */ )
z = [for a in b : a /* c */ ]
w = f(a /* c */ )
v = [a /* c */ ]
u = { for a in b : a => 1 /* c */ }
t = ( /* c */ a)
s = a[ /* c */ 0]
r = a[0 /* c */ ]
";
    let expected = "x = (a /* d */)
z = [for a in b : a /* c */]
w = f(a /* c */)
v = [a /* c */]
u = { for a in b : a => 1 /* c */ }
t = (/* c */ a)
s = a[/* c */ 0]
r = a[0 /* c */]
";
    assert_eq!(fmt_src(src), expected);
}

#[test]
fn an_unwrapped_interpolation_keeps_its_comments() {
    let src = "y = \"${a /* c */ }\"\nz = \"${ /* d */ b}\"\n";
    let file = hcl::parse(src).unwrap();
    let opts = hcl::format::FormatOptions::new().terraform_rewrites(true);
    assert_eq!(
        hcl::format::format_body_with(file.body(), Some(src), &opts),
        "y = a /* c */\nz = /* d */ b\n"
    );
}

#[test]
fn block_comments_after_an_opening_bracket_are_not_spaced_from_it() {
    // Braces are spaced from what follows them, other brackets are not.
    let src = "a = [ /* k */
  1,
]
b = [ /* k */ /* l */ ]
c = { /* k */ }
d = [ /* k */
  # e
]
e = f( /* k */
  1)
g = { /* k */
  h = 1
}
i = [ # k
]
j = \"${ /* k */ x}-\"
k = { /* k */ l = 1,
  m = 2 }
";
    let expected = "a = [/* k */
  1,
]
b = [/* k */ /* l */]
c = { /* k */ }
d = [/* k */
  # e
]
e = f(/* k */
1)
g = { /* k */
  h = 1
}
i = [ # k
]
j = \"${/* k */ x}-\"
k = { /* k */ l = 1,
m = 2 }
";
    assert_eq!(fmt_src(src), expected);
}
