//! RE2's syntax (Go's `regexp`, which Terraform's `regex`, `regexall` and
//! `replace` use) translated for the `regex` crate: the same language where
//! the two agree, RE2's meaning where they differ, and RE2's refusals
//! where the crate would accept.
//!
//! - `\d \w \s \b` (and negations) are ASCII-only in RE2, Unicode in the
//!   crate: written out as ASCII classes;
//! - inside a class RE2 reads `&`, `~` and `[` (other than `[:name:]`)
//!   literally, where the crate reads set operations or a nested class;
//! - `\Q…\E` quotes literal text, and `\0`, `\012`, `\123` are octal
//!   escapes (the crate has neither); `\1`…`\9` alone are refused
//!   (backreferences);
//! - a `{` that does not start a repetition is a literal;
//! - refused as RE2 refuses them: a repetition count above 1000, a
//!   repetition of a repetition (`a**`; one `?` after an operator makes it
//!   lazy), flags other than `i`, `m`, `s`, `U` (`(?x)`), and nested counts
//!   whose product is above 1000 (`(a{500}){3}`).

/// The pattern for the `regex` crate, or RE2's error as Terraform words it
/// (`invalid repeat count in {1001}`): Go's `regexp/syntax` parser's
/// checks, in its order, with the piece of the pattern it names.
pub(crate) fn translate(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let mut out = String::with_capacity(pattern.len() + 16);
    // Where the last repetition operator started; `None` when the last
    // item was not a repetition.
    let mut last_repeat: Option<usize> = None;
    // Whether there is an item a repetition applies to (not at the start,
    // after `(` or after `|`).
    let mut operand = false;
    // For RE2's limit on nested counts (their product at most 1000): the
    // largest product of counts inside each open group (the whole pattern
    // first), and that of the last item read, counted into its group once
    // it is known whether a count follows (`{0}` hides what it repeats, as
    // in RE2).
    let mut nest: Vec<u64> = vec![1];
    let mut pending: u64 = 1;
    let flush = |nest: &mut Vec<u64>, pending: &mut u64| {
        if let Some(top) = nest.last_mut() {
            *top = (*top).max(*pending);
        }
        *pending = 1;
    };
    // Group names, with how many groups have had each.
    let mut names: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // (A `{` that starts no count is a literal.)
        let count = if c == '{' { repeat(&chars, i) } else { None };
        let repetition = matches!(c, '*' | '+' | '?') || count.is_some();
        if !repetition {
            last_repeat = None;
            flush(&mut nest, &mut pending);
        }
        match c {
            '\\' => {
                i = escape(&chars, i, &mut out)?;
                operand = true;
            }
            '[' => {
                i = class(&chars, i, &mut out)?;
                operand = true;
            }
            _ if repetition => {
                let (end, counts) = count.unwrap_or((i + 1, [None, None]));
                if let [Some(min), max] = counts {
                    if min > 1000 || max.is_some_and(|m| m > 1000 || m < min) {
                        return Err(format!("invalid repeat count in {}", text(i, end)));
                    }
                }
                let lazy = usize::from(chars.get(end) == Some(&'?'));
                let op = text(i, end + lazy);
                if let Some(start) = last_repeat {
                    return Err(format!(
                        "invalid nested repetition operator in {}",
                        text(start, end + lazy)
                    ));
                }
                if !operand {
                    return Err(format!("missing argument to repetition operator in {op}"));
                }
                if let [Some(min), max] = counts {
                    let most = max.unwrap_or(min);
                    let product = most.saturating_mul(pending);
                    if (min >= 2 || most >= 2) && product > 1000 {
                        return Err(format!("invalid repeat count in {op}"));
                    }
                    pending = product;
                }
                last_repeat = Some(i);
                out.push_str(&op);
                i = end + lazy;
            }
            '(' if chars.get(i + 1) == Some(&'?') => match perl_group(&chars, i)? {
                Group::Named { name, end } => {
                    // A name given before is renamed (Go allows the same
                    // name twice, the crate does not), as is one starting
                    // with a digit: see `group_name`.
                    nest.push(1);
                    operand = false;
                    out.push_str("(?P<");
                    if name.starts_with(|c: char| c.is_ascii_digit()) {
                        out.push_str(DIGIT);
                    }
                    out.push_str(&name);
                    let uses = names.entry(name).or_insert(0usize);
                    if *uses > 0 {
                        out.push_str(&format!("{DUPLICATE}{uses}"));
                    }
                    *uses += 1;
                    out.push('>');
                    i = end;
                }
                Group::Open { end } => {
                    nest.push(1);
                    operand = false;
                    out.push_str(&text(i, end));
                    i = end;
                }
                Group::Flags { end } => {
                    out.push_str(&text(i, end));
                    i = end;
                }
            },
            '(' => {
                nest.push(1);
                operand = false;
                out.push('(');
                i += 1;
            }
            ')' => {
                if nest.len() == 1 {
                    return Err(format!("unexpected ) in {pattern}"));
                }
                // The group is an item: its own largest product.
                pending = nest.pop().unwrap_or(1);
                operand = true;
                out.push(')');
                i += 1;
            }
            '|' => {
                operand = false;
                out.push('|');
                i += 1;
            }
            '{' => {
                operand = true;
                out.push_str("\\{");
                i += 1;
            }
            _ => {
                operand = true;
                out.push(c);
                i += 1;
            }
        }
    }
    if nest.len() > 1 {
        return Err(format!("missing closing ) in {pattern}"));
    }
    Ok(out)
}

/// What follows a group name given before, in the translated pattern (a
/// `.` can not be in an RE2 name).
const DUPLICATE: &str = ".again";

/// What precedes a group name that starts with a digit (RE2 takes `1`,
/// the crate does not).
const DIGIT: &str = "d.";

/// The name a translated pattern's group has in the RE2 pattern.
pub(crate) fn group_name(name: &str) -> &str {
    let name = name.strip_prefix(DIGIT).unwrap_or(name);
    name.split_once(DUPLICATE).map_or(name, |(n, _)| n)
}

/// A group opened by `(?`.
enum Group {
    /// `(?P<name>` or `(?<name>`.
    Named { name: String, end: usize },
    /// `(?flags:`.
    Open { end: usize },
    /// `(?flags)`.
    Flags { end: usize },
}

/// The group opened by `(?` at `chars[i]`, read as Go's `parsePerlFlags`
/// reads it.
fn perl_group(chars: &[char], i: usize) -> Result<Group, String> {
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let left = chars.len() - i;
    let begin = match (chars.get(i + 2), chars.get(i + 3)) {
        (Some('P'), Some('<')) if left > 4 => Some(i + 4),
        (Some('<'), _) if left > 3 => Some(i + 3),
        _ => None,
    };
    if let Some(begin) = begin {
        let Some(end) = (begin..chars.len()).find(|&k| chars[k] == '>') else {
            return Err(format!("invalid named capture in {}", text(i, chars.len())));
        };
        let name = text(begin, end);
        if name.is_empty() || !name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()) {
            return Err(format!("invalid named capture in {}", text(i, end + 1)));
        }
        return Ok(Group::Named { name, end: end + 1 });
    }
    let (mut k, mut negated, mut saw_flag) = (i + 2, false, false);
    while let Some(&c) = chars.get(k) {
        k += 1;
        match c {
            'i' | 'm' | 's' | 'U' => saw_flag = true,
            '-' if !negated => {
                negated = true;
                saw_flag = false;
            }
            ':' | ')' if !negated || saw_flag => {
                return Ok(if c == ':' {
                    Group::Open { end: k }
                } else {
                    Group::Flags { end: k }
                });
            }
            _ => break,
        }
    }
    Err(format!(
        "invalid or unsupported Perl syntax in {}",
        text(i, k)
    ))
}

/// `\d \w \s` (and negations) as ASCII classes: RE2's are ASCII-only, the
/// crate's Unicode.
fn perl_class(c: char) -> Option<&'static str> {
    Some(match c {
        'd' => "[0-9]",
        'D' => "[^0-9]",
        'w' => "[0-9A-Za-z_]",
        'W' => "[^0-9A-Za-z_]",
        's' => "[\\t\\n\\f\\r ]",
        'S' => "[^\\t\\n\\f\\r ]",
        _ => return None,
    })
}

/// Writes `c` for the crate as a literal, wherever it stands.
fn literal(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:x}}}", c as u32));
    }
}

/// The escape at `chars[i]` (a backslash, outside a class) written to
/// `out`; the index after it.
fn escape(chars: &[char], i: usize, out: &mut String) -> Result<usize, String> {
    match chars.get(i + 1) {
        Some('A') => out.push_str("\\A"),
        Some('z') => out.push_str("\\z"),
        Some('b') => out.push_str("(?-u:\\b)"),
        Some('B') => out.push_str("(?-u:\\B)"),
        Some('C') => return Err("invalid escape sequence in \\C".into()),
        Some('Q') => {
            // Literal text up to `\E` (or the end).
            let mut k = i + 2;
            while k < chars.len() {
                if chars[k] == '\\' && chars.get(k + 1) == Some(&'E') {
                    return Ok(k + 2);
                }
                literal(out, chars[k]);
                k += 1;
            }
            return Ok(k);
        }
        Some('p' | 'P') => return unicode_class(chars, i, out),
        Some(&c) if perl_class(c).is_some() => out.push_str(perl_class(c).unwrap_or_default()),
        _ => {
            let (c, end) = char_escape(chars, i)?;
            literal(out, c);
            return Ok(end);
        }
    }
    Ok(i + 2)
}

/// Go's `parseEscape`: the character the escape at `chars[i]` (a
/// backslash) stands for, and the index after it.
fn char_escape(chars: &[char], i: usize) -> Result<(char, usize), String> {
    let text = |to: usize| chars[i..to.min(chars.len())].iter().collect::<String>();
    let invalid = |to: usize| format!("invalid escape sequence in {}", text(to));
    let Some(&c) = chars.get(i + 1) else {
        return Err("trailing backslash at end of expression in ".into());
    };
    let octal = |k: usize| chars.get(k).and_then(|d| d.to_digit(8));
    let mut k = i + 2;
    let value = match c {
        // `\0`, or a digit followed by an octal digit: up to three octal
        // digits in all (a digit alone is a backreference, refused).
        '1'..='7' if octal(k).is_none() => return Err(invalid(k)),
        '0'..='7' => {
            let mut v = c.to_digit(8).unwrap_or(0);
            while k < i + 4 {
                let Some(d) = octal(k) else { break };
                v = v * 8 + d;
                k += 1;
            }
            v
        }
        'x' => {
            let Some(&first) = chars.get(k) else {
                return Err(invalid(k));
            };
            k += 1;
            if first == '{' {
                let (mut v, mut digits) = (0u32, 0);
                loop {
                    let Some(&d) = chars.get(k) else {
                        return Err(invalid(k));
                    };
                    k += 1;
                    if d == '}' {
                        break;
                    }
                    let Some(d) = d.to_digit(16) else {
                        return Err(invalid(k));
                    };
                    v = v * 16 + d;
                    if v > 0x10_FFFF {
                        return Err(invalid(k));
                    }
                    digits += 1;
                }
                if digits == 0 {
                    return Err(invalid(k));
                }
                v
            } else {
                let Some(&second) = chars.get(k) else {
                    return Err(invalid(k));
                };
                k += 1;
                match (first.to_digit(16), second.to_digit(16)) {
                    (Some(x), Some(y)) => x * 16 + y,
                    _ => return Err(invalid(k)),
                }
            }
        }
        'a' => 7,
        'f' => 12,
        'n' => 10,
        'r' => 13,
        't' => 9,
        'v' => 11,
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => c as u32,
        _ => return Err(invalid(k)),
    };
    // (A surrogate, which RE2 takes and no text holds, is refused.)
    char::from_u32(value)
        .map(|c| (c, k))
        .ok_or_else(|| invalid(k))
}

/// Go's general categories (`unicode.Categories`).
const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N",
    "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So",
    "Z", "Zl", "Zp", "Zs",
];

/// Go's scripts (`unicode.Scripts`, Unicode 15.0).
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Toto",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// The class `\pL`, `\p{Greek}`, `\P{^Greek}` at `chars[i]` written to
/// `out`, as Go's `parseUnicodeClass` reads it: only Go's names.
fn unicode_class(chars: &[char], i: usize, out: &mut String) -> Result<usize, String> {
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let mut negated = chars[i + 1] == 'P';
    let (end, name) = match chars.get(i + 2) {
        Some('{') => {
            let Some(close) = (i + 3..chars.len()).find(|&k| chars[k] == '}') else {
                return Err(format!(
                    "invalid character class range in {}",
                    text(i, chars.len())
                ));
            };
            (close + 1, text(i + 3, close))
        }
        Some(c) => (i + 3, c.to_string()),
        None => (i + 2, String::new()),
    };
    let name = match name.strip_prefix('^') {
        Some(n) => {
            negated = !negated;
            n.to_owned()
        }
        None => name,
    };
    let n = name.as_str();
    if n != "Any" && !CATEGORIES.contains(&n) && !SCRIPTS.contains(&n) {
        return Err(format!("invalid character class range in {}", text(i, end)));
    }
    out.push_str(&format!("\\{}{{{n}}}", if negated { 'P' } else { 'p' }));
    Ok(end)
}

/// Go's POSIX classes inside a class (`[[:alpha:]]`).
const POSIX: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// The class `[...]` at `chars[i]` written to `out`, read as Go's
/// `parseClass` reads it (RE2 takes `&`, `~` and a `[` that starts no
/// POSIX class literally, where the crate reads set operations or a
/// nested class): the index after it.
fn class(chars: &[char], i: usize, out: &mut String) -> Result<usize, String> {
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let missing = || format!("missing closing ] in {}", text(i, chars.len()));
    let mut k = i + 1;
    out.push('[');
    if chars.get(k) == Some(&'^') {
        out.push('^');
        k += 1;
    }
    let mut first = true;
    loop {
        match chars.get(k) {
            None => return Err(missing()),
            Some(']') if !first => return Ok(k + 1).inspect(|_| out.push(']')),
            _ => {}
        }
        first = false;
        if chars[k] == '[' && chars.get(k + 1) == Some(&':') && k + 2 < chars.len() {
            let close = (k + 2..chars.len().saturating_sub(1))
                .find(|&j| chars[j] == ':' && chars[j + 1] == ']');
            if let Some(close) = close {
                let name = text(k + 2, close);
                if !POSIX.contains(&name.strip_prefix('^').unwrap_or(&name)) {
                    let whole = text(k, close + 2);
                    return Err(format!("invalid character class range in {whole}"));
                }
                out.push_str(&text(k, close + 2));
                k = close + 2;
                continue;
            }
        }
        if chars[k] == '\\' {
            match chars.get(k + 1) {
                Some('p' | 'P') => {
                    k = unicode_class(chars, k, out)?;
                    continue;
                }
                Some(&c) if perl_class(c).is_some() => {
                    out.push_str(perl_class(c).unwrap_or_default());
                    k += 2;
                    continue;
                }
                _ => {}
            }
        }
        // A character, or a range of them.
        let start = k;
        let class_char = |k: usize| match chars.get(k) {
            None => Err(missing()),
            Some('\\') => char_escape(chars, k),
            Some(&c) => Ok((c, k + 1)),
        };
        let (lo, next) = class_char(k)?;
        k = next;
        let mut hi = lo;
        if chars.get(k) == Some(&'-') && chars.get(k + 1).is_some_and(|&c| c != ']') {
            (hi, k) = class_char(k + 1)?;
            if hi < lo {
                return Err(format!(
                    "invalid character class range in {}",
                    text(start, k)
                ));
            }
        }
        literal(out, lo);
        if hi != lo {
            out.push('-');
            literal(out, hi);
        }
    }
}

/// A repetition `{n}`, `{n,}` or `{n,m}` at `chars[i]`: the index after it
/// and its counts; `None` when the `{` starts none (RE2 reads it literally).
fn repeat(chars: &[char], i: usize) -> Option<(usize, [Option<u64>; 2])> {
    // Go's `parseInt`: digits without a leading zero; a count of 10^8 or
    // more is "unbounded" (`None`; RE2 refuses it as a minimum).
    let number = |k: &mut usize| -> Option<Option<u64>> {
        let start = *k;
        while chars.get(*k).is_some_and(char::is_ascii_digit) {
            *k += 1;
        }
        let digits: String = chars[start..*k].iter().collect();
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return None;
        }
        Some(digits.parse().ok().filter(|&n: &u64| n < 100_000_000))
    };
    let mut k = i + 1;
    let min = number(&mut k)?;
    let max = if chars.get(k) == Some(&',') {
        k += 1;
        if chars.get(k) == Some(&'}') {
            None
        } else {
            number(&mut k)?
        }
    } else {
        min
    };
    // (An unbounded minimum is over 1000 all the same.)
    let min = Some(min.unwrap_or(u64::MAX));
    (chars.get(k) == Some(&'}')).then_some((k + 1, [min, max]))
}

#[cfg(test)]
mod tests {
    use super::translate;

    /// Terraform 1.11.4's answers (`terraform console`): accepted patterns
    /// and its messages for refused ones (Go's `regexp/syntax` words and
    /// the piece of the pattern they name).
    #[test]
    fn re2_refusals_and_octal_escapes() {
        for (pattern, err) in [
            ("a{1001}", "invalid repeat count in {1001}"),
            ("a{2,1001}", "invalid repeat count in {2,1001}"),
            ("a**", "invalid nested repetition operator in **"),
            ("a+*", "invalid nested repetition operator in +*"),
            ("a*??", "invalid nested repetition operator in *??"),
            ("a{2}{3}", "invalid nested repetition operator in {2}{3}"),
            ("(?x)a", "invalid or unsupported Perl syntax in (?x"),
            ("(?ix:a)", "invalid or unsupported Perl syntax in (?ix"),
            ("\\1", "invalid escape sequence in \\1"),
            ("\\8", "invalid escape sequence in \\8"),
            ("(?P<a.b>x)", "invalid named capture in (?P<a.b>"),
            ("(?P<>x)", "invalid named capture in (?P<>"),
            ("(a{500}){3}", "invalid repeat count in {3}"),
            ("((a{10}b){10}){11}", "invalid repeat count in {11}"),
            ("(?:a{2}){501}", "invalid repeat count in {501}"),
            ("[", "missing closing ] in ["),
            ("[a\\]", "missing closing ] in [a\\]"),
            ("[[:alpha:]", "missing closing ] in [[:alpha:]"),
            ("[z-a]", "invalid character class range in z-a"),
            ("[[:foo:]]", "invalid character class range in [:foo:]"),
            ("\\pX", "invalid character class range in \\pX"),
            ("\\p{Foo}", "invalid character class range in \\p{Foo}"),
            ("(", "missing closing ) in ("),
            ("(a[^a]", "missing closing ) in (a[^a]"),
            ("a)", "unexpected ) in a)"),
            ("\\d)[^a]\\p{Greek}", "unexpected ) in \\d)[^a]\\p{Greek}"),
            ("*", "missing argument to repetition operator in *"),
            ("a{2,1}", "invalid repeat count in {2,1}"),
            ("\\", "trailing backslash at end of expression in "),
            ("\\q", "invalid escape sequence in \\q"),
            ("\\C", "invalid escape sequence in \\C"),
            ("\\xZZ", "invalid escape sequence in \\xZZ"),
            ("\\x{zz}", "invalid escape sequence in \\x{z"),
            ("\\x{110000}", "invalid escape sequence in \\x{110000"),
            ("[a-\\d]", "invalid escape sequence in \\d"),
            ("(?<=a)", "invalid named capture in (?<=a)"),
            ("(?P=n)", "invalid or unsupported Perl syntax in (?P"),
            ("(?i", "invalid or unsupported Perl syntax in (?i"),
            ("(?", "invalid or unsupported Perl syntax in (?"),
        ] {
            assert_eq!(translate(pattern), Err(err.to_owned()), "{pattern}");
        }
        for ok in [
            "a{1000}",
            "a*?",
            "(a*)*",
            "(?i)a",
            "(?P<n>a)",
            "(?<n>a)",
            "a{,3}",
            "(a{500}){2}",
            "((a{500}){0}){3}",
            "(a{10})(b{100}){10}",
            "(?P<1>a)",
            "[\\d-z]",
            "[]a]",
            "a{01}",
            "\\p{^Latin}",
        ] {
            assert!(translate(ok).is_ok(), "{ok}");
        }
        assert_eq!(translate("\\123").unwrap(), "S");
        assert_eq!(translate("\\012").unwrap(), "\\x{a}");
        assert_eq!(translate("\\0").unwrap(), "\\x{0}");
        assert_eq!(translate("a{,3}").unwrap(), "a\\{,3}");
        assert_eq!(
            translate("\\x{263a}\\p{Greek}").unwrap(),
            "\\x{263a}\\p{Greek}"
        );
    }
}
