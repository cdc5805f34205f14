//! `yamldecode` against Terraform 1.11.4 (go-cty-yaml 1.1 over go-yaml's
//! libyaml port): values with their types, and refusals word for word with
//! their positions. Every expected value, type and message is Terraform's
//! (`terraform console`, `jsonencode` and `type()` of the call).
//!
//! Known difference: a `\'` escape in a double-quoted scalar, which go-yaml
//! reads as `'`, is refused (yaml-rust2 reads the scanner's tokens), as is a
//! quoted scalar whose continuation line is indented less than its mapping.

#![cfg(feature = "yaml")]

use hcl::eval::{evaluate_typed_str, Context};

fn call(doc: &str) -> String {
    format!("yamldecode(<<EOT\n{doc}\nEOT\n)")
}

/// Documents and Terraform's value (as JSON) and type.
const VALUES: &[(&str, &str, &str)] = &[
    (
        r#"a: 1
<<: {a: 2}"#,
        r#"{"a": 2}"#,
        r#"object({a: number})"#,
    ),
    (
        r#"<<: {a: 2}
a: 1"#,
        r#"{"a": 1}"#,
        r#"object({a: number})"#,
    ),
    (
        r#"a: &x {b: 1}
c:
  <<: *x
  b: 2"#,
        r#"{"a": {"b": 1}, "c": {"b": 2}}"#,
        r#"object({a: object({b: number}), c: object({b: number})})"#,
    ),
    (r#"a: <<"#, r#"{"a": "<<"}"#, r#"object({a: string})"#),
    (r#"- <<"#, r#"["<<"]"#, r#"tuple([string])"#),
    (r#"'<<': {a: 1}"#, r#"{"a": 1}"#, r#"object({a: number})"#),
    (r#""<<": {a: 1}"#, r#"{"a": 1}"#, r#"object({a: number})"#),
    (r#"!!binary aGVsbG8="#, r#""aGVsbG8=""#, r#"string"#),
    (
        r#"!!binary |
  aGVs
  bG8="#,
        r#""aGVs\nbG8=\n""#,
        r#"string"#,
    ),
    (r#"!!int 0b101"#, r#"5"#, r#"number"#),
    (r#"!!int -0x10"#, r#"-16"#, r#"number"#),
    (r#"!!int 017"#, r#"17"#, r#"number"#),
    (r#"!!int 1_000"#, r#"1000"#, r#"number"#),
    (r#"!!int 1.5"#, r#"1.5"#, r#"number"#),
    (r#"!!bool yes"#, r#"true"#, r#"bool"#),
    (r#"!!bool 1"#, r#"1"#, r#"number"#),
    (r#"!!null x"#, r#"null"#, r#"dynamic"#),
    (
        r#"!!timestamp 2001-12-14"#,
        r#""2001-12-14T00:00:00Z""#,
        r#"string"#,
    ),
    (r#"!!str"#, r#""""#, r#"string"#),
    (r#"!!seq [1]"#, r#"[1]"#, r#"tuple([number])"#),
    (r#"!!map {a: 1}"#, r#"{"a": 1}"#, r#"object({a: number})"#),
    (
        r#"0xFFFFFFFFFFFFFFFF"#,
        r#"18446744073709551615"#,
        r#"number"#,
    ),
    (r#"0o777"#, r#"511"#, r#"number"#),
    (r#"0O17"#, r#""0O17""#, r#"string"#),
    (r#"0X1F"#, r#""0X1F""#, r#"string"#),
    (r#"-0x1F"#, r#""-0x1F""#, r#"string"#),
    (r#"+0x1F"#, r#""+0x1F""#, r#"string"#),
    (r#"00"#, r#"0"#, r#"number"#),
    (r#"-0"#, r#"0"#, r#"number"#),
    (r#"+.5"#, r#"0.5"#, r#"number"#),
    (r#"-.5e3"#, r#"-500"#, r#"number"#),
    (r#"1.e3"#, r#"1000"#, r#"number"#),
    (r#".e3"#, r#"".e3""#, r#"string"#),
    (r#"1e"#, r#""1e""#, r#"string"#),
    (
        r#"9223372036854775808"#,
        r#"9223372036854775808"#,
        r#"number"#,
    ),
    (
        r#"-9223372036854775809"#,
        r#"-9223372036854775809"#,
        r#"number"#,
    ),
    (r#"1__0"#, r#""1__0""#, r#"string"#),
    (r#"2001-12-14"#, r#""2001-12-14T00:00:00Z""#, r#"string"#),
    (r#"2001-2-3"#, r#""2001-02-03T00:00:00Z""#, r#"string"#),
    (r#"2001-02-29"#, r#""2001-02-29""#, r#"string"#),
    (r#"2000-02-29"#, r#""2000-02-29T00:00:00Z""#, r#"string"#),
    (
        r#"2001-12-14T21:59:43Z"#,
        r#""2001-12-14T21:59:43Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T21:59:43"#,
        r#""2001-12-14T21:59:43""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14 21:59:43"#,
        r#""2001-12-14T21:59:43Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14 21:59:43Z"#,
        r#""2001-12-14 21:59:43Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14t21:59:43.123456789123-05:00"#,
        r#""2001-12-14T21:59:43-05:00""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T21:59:43,5Z"#,
        r#""2001-12-14T21:59:43Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T24:00:00Z"#,
        r#""2001-12-14T24:00:00Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T21:59:60Z"#,
        r#""2001-12-14T21:59:60Z""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T1:2:3+05:30"#,
        r#""2001-12-14T01:02:03+05:30""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T21:59:43+25:00"#,
        r#""2001-12-14T21:59:43+25:00""#,
        r#"string"#,
    ),
    (
        r#"2001-12-14T21:59:43-00:00"#,
        r#""2001-12-14T21:59:43Z""#,
        r#"string"#,
    ),
    (r#"20011-12-14"#, r#""20011-12-14""#, r#"string"#),
    (r#"2001-13-14"#, r#""2001-13-14""#, r#"string"#),
    (r#"2001-12-32"#, r#""2001-12-32""#, r#"string"#),
    (
        r#"- |-
  1.50"#,
        r#"["1.5"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- |-
  yes"#,
        r#"["true"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- |-
  ~"#,
        r#"[null]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- >-
  0x1F"#,
        r#"["31"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- |-
  2001-12-14"#,
        r#"["2001-12-14T00:00:00Z"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- |
  1.5"#,
        r#"["1.5\n"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"- |-
  <<"#,
        r#"["<<"]"#,
        r#"tuple([string])"#,
    ),
    (
        r#"a: |-
"#,
        r#"{"a": null}"#,
        r#"object({a: string})"#,
    ),
    (
        r#"a: >
"#,
        r#"{"a": null}"#,
        r#"object({a: string})"#,
    ),
    (
        r#"a: |+

"#,
        r#"{"a": "\n\n"}"#,
        r#"object({a: string})"#,
    ),
    (r#"'\/'"#, r#""\\/""#, r#"string"#),
    (r#""a\x41""#, r#""aA""#, r#"string"#),
    (r#""\N\_\L\P""#, r#""   ""#, r#"string"#),
    (r#""\e\0""#, r#""\u001b\u0000""#, r#"string"#),
    (r#"1.50: a"#, r#"{"1.5": "a"}"#, r#"object({1.5: string})"#),
    (r#"y: a"#, r#"{"true": "a"}"#, r#"object({true: string})"#),
    (r#"'': a"#, r#"{"": "a"}"#, r#"object({: string})"#),
    (r#""": a"#, r#"{"": "a"}"#, r#"object({: string})"#),
    (r#"!!str 1: a"#, r#"{"1": "a"}"#, r#"object({1: string})"#),
    (
        r#"2001-12-14: a"#,
        r#"{"2001-12-14T00:00:00Z": "a"}"#,
        r#"object({2001-12-14T00:00:00Z: string})"#,
    ),
    (r#"0x10: a"#, r#"{"16": "a"}"#, r#"object({16: string})"#),
    (
        r#"a: 1
...
"#,
        r#"{"a": 1}"#,
        r#"object({a: number})"#,
    ),
    (r#"---"#, r#"null"#, r#"dynamic"#),
];

#[test]
fn values_and_types_are_terraform_s() {
    for (doc, value, ty) in VALUES {
        let src = call(doc);
        let t = evaluate_typed_str(&src, &Context::new()).unwrap_or_else(|e| panic!("{doc}: {e}"));
        // (Read by `jsondecode`, which keeps Terraform's 512-bit numbers.)
        let json = format!("jsondecode(<<JSON\n{value}\nJSON\n)");
        let want = hcl::eval::evaluate_str(&json, &Context::new()).unwrap();
        assert_eq!(t.value(), &want, "{doc}");
        assert_eq!(t.ty().to_string(), *ty, "{doc}");
    }
}

/// Documents Terraform refuses, and its message.
const REFUSED: &[(&str, &str)] = &[
    (
        r#"!!merge <<: {a: 1}"#,
        r#"unsupported tag "tag:yaml.org,2002:merge"."#,
    ),
    (
        r#"<<: [{a: 1}, {b: 2}]"#,
        r#"cannot merge tuple into mapping."#,
    ),
    (r#"<<: ~"#, r#"cannot merge dynamic into mapping."#),
    (r#"<<: 1"#, r#"cannot merge number into mapping."#),
    (
        r#"a: &a [*a]"#,
        r#"cannot refer to anchor "a" from inside its own definition."#,
    ),
    (r#"*x"#, r#"reference to undefined anchor "x"."#),
    (
        r#"&k a: 1
b: *k"#,
        r#"on line 1, column 4: reference to undefined anchor "k"."#,
    ),
    (
        r#"!!binary 'notbase64!'"#,
        r#"cannot parse "notbase64!" as tag:yaml.org,2002:binary: not valid base64."#,
    ),
    (
        r#"!!int abc"#,
        r#"cannot parse "abc" as tag:yaml.org,2002:int."#,
    ),
    (
        r#"!!float abc"#,
        r#"cannot parse "abc" as tag:yaml.org,2002:float."#,
    ),
    (
        r#"!!timestamp x"#,
        r#"cannot parse "x" as tag:yaml.org,2002:timestamp."#,
    ),
    (
        r#"!!seq {a: 1}"#,
        r#"can't interpret mapping as tag:yaml.org,2002:seq."#,
    ),
    (
        r#"!!map [1]"#,
        r#"can't interpret sequence as tag:yaml.org,2002:map."#,
    ),
    (r#"!x [1]"#, r#"can't interpret sequence as !x."#),
    (r#"!x {a: 1}"#, r#"can't interpret mapping as !x."#),
    (
        r#"- |-
  .nan"#,
        r#"floating point NaN is not supported."#,
    ),
    (r#""\/""#, r#"found unknown escape character."#),
    (
        r#"? [a]
: 1"#,
        r#"only strings are allowed as mapping keys."#,
    ),
    (r#"~: a"#, r#"mapping key cannot be null."#),
    (
        r#"---
a: 1
---
b: 2"#,
        r#"on line 2, column 1: unexpected extra content after value."#,
    ),
    (r#""#, r#"on line 1, column 1: missing start of document."#),
    (
        r#"%YAML 1.2
---
a: 1"#,
        r#"found incompatible YAML document."#,
    ),
    (
        r#"%TAG ! tag:example.com,2000:
---
!foo a"#,
        r#"on line 2, column 1: unsupported tag "tag:example.com,2000:foo"."#,
    ),
    (
        r#"%FOO bar
---
a"#,
        r#"found unknown directive name."#,
    ),
    (
        r#"---
-
-
  x y: "esc\n\t\u00e9"
  'k':
    - [a, [b, c]]
    - n
    - !!str
  x y:
    - !!null ""
    - 190:20:30
    - ~
- {? k : v}
-
  true: {a: 1}
  "a b": .nan
  "a b":
    -
      a: -
      <<: {z: 9}
    - .NaN"#,
        r#"on line 15, column 10: floating point NaN is not supported."#,
    ),
    (r#"`x"#, r#"found character that cannot start any token."#),
    (
        r#"%YAML 1.1
---
- [a: 1]
-
  null: .5"#,
        r#"on line 4, column 3: mapping key cannot be null."#,
    ),
    (
        r#"---
@x"#,
        r#"on line 2, column 1: found character that cannot start any token."#,
    ),
    (
        r#"---
'k': a b
"q": >-
  
  line one
b:
  ? x: ''
  "a b":
    1:
      x y: "a\
  b"
      <<: {z: 9}
      "q": 190:20:30
  key: |+
    
    tab	here
      indented"#,
        r#"on line 6, column 5: only strings are allowed as mapping keys."#,
    ),
    (
        r#"%YAML 1.1
---
b: !!str 1
"a b":
-
  true: 'it''s'
- "\/""#,
        r#"on line 7, column 1: found unknown escape character."#,
    ),
    (
        r#"true: +1
x y: -"#,
        r#"on line 2, column 1: block sequence entries are not allowed in this context."#,
    ),
    (
        r#"base: &base
  x: 1
  y: 2
<<: [*base]
..."#,
        r#"on line 3, column 1: cannot merge tuple into mapping."#,
    ),
    (
        r#""a b": >+
    indented
  tab	here"#,
        r#"on line 2, column 3: did not find expected key."#,
    ),
    (
        r#"---
a: .5
x y:
  -
  - >
    x: y
      indented
    line one
  - "
  - >+
    # not comment
      indented
  -
    -
      - %x
      - --
    -
    - ---x
    - 1_000
    - *a
..."#,
        r#"on line 21, column 1: found unexpected document indicator."#,
    ),
    (
        r#"# c
x y:
  "a b":
    -
      - No
      - n
      - 1.5
key:
  'k': .5
  1:
    key:
    - 190:20:30
    "a b": ""#,
        r#"on line 14, column 1: found unexpected end of stream."#,
    ),
    (
        r#"base: &base
  x: 1
  y: 2
true: ? x
? x:
-
  -
  - [a, [b, c]]
  - -0.0
  -
  - true
  - -9223372036854775809
  - y
-
  "q":
  - 1e3
  - "esc\n\t\u00e9"
  "a b":
  - 0.1e1
  - ? x
  - NULL
- [a, [b, c]]"#,
        r#"on line 4, column 1: mapping keys are not allowed in this context."#,
    ),
    (
        r#"- a:b
-
- |-
  line one
    indented
  line one
- |
    indented
  tab	here
  x: y
- {}
---"#,
        r#"on line 8, column 3: did not find expected '-' indicator."#,
    ),
    (
        r#"x y: -
? x: {a: [1, {b: 2}]}"#,
        r#"block sequence entries are not allowed in this context."#,
    ),
];

#[test]
fn refusals_are_terraform_s_words_and_places() {
    for (doc, message) in REFUSED {
        let e = hcl::eval::evaluate_str(&call(doc), &Context::new()).unwrap_err();
        let want =
            format!("Error in function call: Call to function \"yamldecode\" failed: {message}");
        assert_eq!(e.message(), want, "{doc}");
    }
}
