//! Summary lines: the first diagnostic of each file below has the summary
//! Terraform 1.11.4 gives its first diagnostic (`terraform fmt -` on the
//! file, its answer written next to it). Where Terraform's scanner rejects
//! a character (`@`, `;`, `^`, ...) it reports that first, before the
//! parse error at the same place.

/// (file, Terraform's first summary)
const CASES: &[(&str, &str)] = &[
    ("x = \"abc\n", "Invalid multi-line string"),
    ("x = \"abc", "Unterminated template string"),
    ("x = <<EOT\nabc\n", "Unterminated template string"),
    ("x = 1 /* abc\n", "Invalid expression"),
    ("x = 1.2.3\n", "Invalid number literal"),
    ("x = 1e\n", "Missing newline after argument"),
    ("x = 1\ny = 2\nx = 3\n", "Attribute redefined"),
    ("a {\n", "Unclosed configuration block"),
    ("a {\n  b = 1\n", "Unclosed configuration block"),
    ("a b\n", "Invalid block definition"),
    ("a \"b\" c.d {\n}\n", "Invalid block definition"),
    ("a = b = c\n", "Missing newline after argument"),
    ("a \"b\" = {\n}\n", "Invalid block definition"),
    (
        "a { b = 1, c = 2 }\n",
        "Invalid single-argument block definition",
    ),
    ("a { b = 1\n}\n", "Invalid single-argument block definition"),
    ("a { b {} }\n", "Argument definition required"),
    ("a { b = 1 } c\n", "Missing newline after block definition"),
    (
        "a { b = 1 c }\n",
        "Invalid single-argument block definition",
    ),
    ("\"a\" = 1\n", "Invalid argument name"),
    ("a = 1 , b = 2\n", "Unexpected comma after argument"),
    ("x = [1, 2\n", "Unterminated tuple constructor expression"),
    ("x = [1 2]\n", "Missing item separator"),
    ("x = [1,,2]\n", "Invalid expression"),
    ("x = (1\n", "Unbalanced parentheses"),
    ("x = (1 2)\n", "Unbalanced parentheses"),
    ("x = ()\n", "Invalid expression"),
    ("x = f(1\n", "Unterminated function call"),
    ("x = f(1 2)\n", "Missing argument separator"),
    ("x = f(1,,2)\n", "Invalid expression"),
    ("x = f(a..., b)\n", "Missing closing parenthesis"),
    ("x = ns::\n", "Missing function name"),
    ("x = ns::f\n", "Missing open parenthesis"),
    ("x = ns::1()\n", "Missing function name"),
    ("x = {a = 1\n", "Missing expression"),
    ("x = {a 1}\n", "Missing key/value separator"),
    ("x = {\"a\" 1}\n", "Missing key/value separator"),
    ("x = {a}\n", "Missing key/value separator"),
    ("x = {a = 1 b = 2}\n", "Missing attribute separator"),
    ("x = {a = 1,, b = 2}\n", "Invalid expression"),
    ("x = 1 ? 2\n", "Missing false expression in conditional"),
    ("x = 1 ? 2 3\n", "Missing false expression in conditional"),
    ("x = a.\n", "Invalid attribute name"),
    ("x = a.=\n", "Invalid attribute name"),
    ("x = a.0.1\n", "Invalid legacy index syntax"),
    ("x = a.*.*\n", "Nested splat expression not allowed"),
    ("x = a.*.1.2\n", "Invalid legacy index syntax"),
    ("x = a[*\n", "Missing close bracket on splat index"),
    ("x = a[1\n", "Missing close bracket on index"),
    ("x = a[1 2]\n", "Missing close bracket on index"),
    ("x = a[]\n", "Invalid expression"),
    ("x = [for x in y x]\n", "Invalid 'for' expression"),
    ("x = [for in y : x]\n", "Invalid 'for' expression"),
    ("x = [for x, in y : x]\n", "Invalid 'for' expression"),
    ("x = [for x y : x]\n", "Invalid 'for' expression"),
    ("x = [for x in y : x => x]\n", "Invalid 'for' expression"),
    ("x = [for x in y : x...]\n", "Invalid 'for' expression"),
    ("x = {for x in y : x}\n", "Invalid 'for' expression"),
    ("x = {for x in y : x => x if}\n", "Invalid expression"),
    (
        "x = {for x in y : x => x if x y}\n",
        "Invalid 'for' expression",
    ),
    ("x = [for x in y : x if x y]\n", "Invalid 'for' expression"),
    ("x = 1 ;\n", "Invalid character"),
    ("x = 1 '\n", "Invalid character"),
    ("x = 1 \\\\\n", "Invalid character"),
    ("x = 1 &\n", "Unsupported operator"),
    ("x = 1 |\n", "Unsupported operator"),
    ("x = 1 ~\n", "Unsupported operator"),
    ("x = 1 **\n", "Invalid expression"),
    ("x = 1 “\n", "Invalid character"),
    ("x = 1 é\n", "Missing newline after argument"),
    ("x = 1 €\n", "Invalid character"),
    ("@\n", "Invalid character"),
    ("`\n", "Invalid character"),
    (";\n", "Invalid character"),
    ("$\n", "Invalid character"),
    ("~\n", "Unsupported operator"),
    ("x = @\n", "Invalid character"),
    ("x = $\n", "Invalid character"),
    ("x = ^\n", "Unsupported operator"),
    ("x = ;\n", "Invalid character"),
    ("x = [1 @]\n", "Invalid character"),
    ("x = f(1 @)\n", "Invalid character"),
    ("x = {a = 1 @}\n", "Invalid character"),
    ("x = {a @ 1}\n", "Invalid character"),
    ("x = 1 ? 2 @\n", "Invalid character"),
    (
        "x = \"${a b}\"\n",
        "Extra characters after interpolation expression",
    ),
    (
        "x = \"${a:b}\"\n",
        "Extra characters after interpolation expression",
    ),
    ("x = \"${a\"\n", "Unclosed template interpolation sequence"),
    ("x = \"${}\"\n", "Invalid expression"),
    ("x = \"\\q\"\n", "Invalid escape sequence"),
    ("x = \"\\u12\"\n", "Invalid escape sequence"),
    ("x = \"\\\"\n", "Invalid multi-line string"),
    ("x = <<\n", "Invalid expression"),
    ("x = <<EOT x\nEOT\n", "Invalid expression"),
    ("x = <<-\nEOT\n", "Invalid expression"),
    ("a \"${b}\" {\n}\n", "Invalid string literal"),
    ("a \"b\\q\" {\n}\n", "Invalid escape sequence"),
    ("a \"b {\n}\n", "Invalid multi-line string"),
    ("x = 1 +\n", "Invalid expression"),
    ("x = !\n", "Invalid expression"),
    ("x = -\n", "Invalid expression"),
    ("x = * 2\n", "Invalid expression"),
    ("x = .a\n", "Invalid expression"),
    ("x = #\n", "Invalid expression"),
    ("x = 1 ? : 2\n", "Invalid expression"),
    ("x = = 1\n", "Invalid expression"),
    ("x = [)\n", "Invalid expression"),
    ("x = a..b\n", "Invalid attribute name"),
    ("x = 1 = 2\n", "Missing newline after argument"),
    ("x = true false\n", "Missing newline after argument"),
    ("x = \"%{}\"\n", "Invalid template directive"),
    ("x = \"%{bogus}\"\n", "Invalid template control keyword"),
    ("x = \"%{if}\"\n", "Invalid expression"),
    ("x = \"%{for}x%{endfor}\"\n", "Invalid 'for' directive"),
    ("x = \"%{for a,}x%{endfor}\"\n", "Invalid 'for' directive"),
    ("x = \"%{for a b}x%{endfor}\"\n", "Invalid 'for' directive"),
    (
        "x = \"%{if a b}x%{endif}\"\n",
        "Extra characters in if marker",
    ),
    ("x = \"%{endif}\"\n", "Unexpected endif directive"),
    ("x = \"%{endfor}\"\n", "Unexpected endfor directive"),
    ("x = \"%{else}\"\n", "Unexpected else directive"),
    (
        "x = \"%{if a}%{else}%{else}%{endif}\"\n",
        "Unexpected else directive",
    ),
    ("x = \"%{if a}x\"\n", "Unexpected end of template"),
    ("x = \"%{for a in b}x\"\n", "Unexpected end of template"),
    ("x = \"%{if a}x%{endfor}\"\n", "Unexpected endfor directive"),
    (
        "x = \"%{if a}x%{endif b}\"\n",
        "Extra characters in endif marker",
    ),
    (
        "x = \"%{if a}x%{endif\"\n",
        "Extra characters in endif marker",
    ),
    ("x = \"${a\n", "Unclosed template interpolation sequence"),
    ("x = \"${\n", "Missing expression"),
    ("x = \"${\"\n", "Invalid multi-line string"),
    ("x = \"${a}\n", "Invalid multi-line string"),
    ("x = \"a\n", "Invalid multi-line string"),
    ("x = \"a", "Unterminated template string"),
    (
        "x = <<EOT\n${a b}\nEOT\n",
        "Extra characters after interpolation expression",
    ),
    (
        "x = <<EOT\n${a\nEOT\n",
        "Extra characters after interpolation expression",
    ),
    ("x = <<EOT\n%{if a}\nEOT\n", "Unexpected end of template"),
    ("x = <<EOT\n%{endif}\nEOT\n", "Unexpected endif directive"),
    ("/* abc\n", "Argument or block definition required"),
    ("x = 1\n/* abc\n", "Argument or block definition required"),
    ("x = 1\n/*\n", "Argument or block definition required"),
    ("a = 1\nb = @\n", "Invalid character"),
    ("a = [1, 2\n", "Unterminated tuple constructor expression"),
    ("x = {\n  a = 1\n", "Missing expression"),
    ("x = (1 +\n 2\n", "Unbalanced parentheses"),
    ("x = f(1,\n", "Missing expression"),
    ("x = y[0\n", "Missing close bracket on index"),
    ("a = [1 2]\n", "Missing item separator"),
    ("a = f(1 2)\n", "Missing argument separator"),
    ("a = {x = 1 y = 2}\n", "Missing attribute separator"),
    (
        "a = 1\nb \"x\" {\n  c = 2\n",
        "Unclosed configuration block",
    ),
    ("a = \"abc\nb = 1\n", "Invalid multi-line string"),
    ("a = 1\nb = <<EOT\nx\n", "Unterminated template string"),
    ("a = 1 /* never closed\n", "Invalid expression"),
    ("a = \"${x\"\n", "Unclosed template interpolation sequence"),
    ("a = 1 b = 2\n", "Missing newline after argument"),
    ("a\n", "Argument or block definition required"),
    ("9 = 1\n", "Argument or block definition required"),
    ("a = 1\n}\n", "Argument or block definition required"),
    ("a {\n}x = 1\n", "Missing newline after block definition"),
    ("a { b { } }\n", "Argument definition required"),
    ("a \"${x}\" {\n}\n", "Invalid string literal"),
    (
        "a = 1\nb {\n  x = 1\n  y = 2\n  x = 3\n}\n",
        "Attribute redefined",
    ),
    ("a = \n", "Invalid expression"),
    ("a = 1 +\n", "Invalid expression"),
    ("a = x ? 1\n", "Missing false expression in conditional"),
    ("a = x.\n", "Invalid attribute name"),
    ("a = x.1.0\n", "Invalid legacy index syntax"),
    ("a = [for x in y]\n", "Invalid 'for' expression"),
    ("a = [for x in y : x...]\n", "Invalid 'for' expression"),
    ("a = f(x..., y)\n", "Missing closing parenthesis"),
    ("a = ${x}\n", "Invalid character"),
    ("a = \"\\q\"\n", "Invalid escape sequence"),
    ("a = \"%{ if x }\"\n", "Unexpected end of template"),
    (
        "a = \"%{ if x }%{ endfor }\"\n",
        "Unexpected endfor directive",
    ),
    ("a = \"%{ wat }\"\n", "Invalid template control keyword"),
    ("a = <<EOT x\nEOT\n", "Invalid expression"),
];

#[test]
fn first_summary_is_terraforms() {
    let mut wrong = Vec::new();
    for &(src, summary) in CASES {
        match hcl::parse(src) {
            Ok(_) => wrong.push(format!("{src:?}: accepted; Terraform: {summary}")),
            Err(e) => {
                let ours = e
                    .diagnostics()
                    .next()
                    .map(|d| d.summary)
                    .unwrap_or_default();
                if ours != summary {
                    wrong.push(format!("{src:?}: {ours:?}; Terraform: {summary:?} ({e})"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_detail_is_our_message() {
    let e = hcl::parse("x = [1 2]\n").unwrap_err();
    let d = e.diagnostics().next().unwrap();
    assert_eq!(d.summary, "Missing item separator");
    assert_eq!(d.detail, "expected `,` or `]`, found number `2`");
    assert_eq!(e.message(), format!("{}: {}", d.summary, d.detail));
}
