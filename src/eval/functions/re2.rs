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
/// (`invalid repeat count in {1001}`).
pub(crate) fn translate(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    let mut class_start = false;
    // Where the last repetition operator started, and whether a `?` has
    // made it lazy; `None` when the last item was not a repetition.
    let mut last_repeat: Option<(usize, bool)> = None;
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
        if c == '\\' {
            class_start = false;
            last_repeat = None;
            if !in_class {
                flush(&mut nest, &mut pending);
            }
            i = escape(&chars, i, in_class, &mut out)?;
            continue;
        }
        if in_class {
            match c {
                ']' if !class_start => in_class = false,
                '^' if class_start => {
                    out.push(c);
                    i += 1;
                    continue;
                }
                '&' | '~' => out.push('\\'),
                '[' if chars.get(i + 1) == Some(&':') => {
                    // A POSIX class: copied through its closing `:]`.
                    let end = (i + 2..chars.len())
                        .find(|&k| chars[k] == ']')
                        .map_or(chars.len(), |k| k + 1);
                    out.push_str(&text(i, end));
                    class_start = false;
                    i = end;
                    continue;
                }
                '[' => out.push('\\'),
                _ => {}
            }
            class_start = false;
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            '*' | '+' | '?' => {
                match last_repeat {
                    Some((start, false)) if c == '?' => last_repeat = Some((start, true)),
                    Some((start, _)) => {
                        return Err(format!(
                            "invalid nested repetition operator in {}",
                            text(start, i + 1)
                        ))
                    }
                    None => last_repeat = Some((i, false)),
                }
                out.push(c);
                i += 1;
            }
            '{' => match repeat(&chars, i) {
                Some((end, counts)) => {
                    let [min, max] = counts;
                    let (min, most) = (min.unwrap_or(0), max.or(counts[0]).unwrap_or(0));
                    let product = most.saturating_mul(pending);
                    if min > 1000 || most > 1000 || ((min >= 2 || most >= 2) && product > 1000) {
                        return Err(format!("invalid repeat count in {}", text(i, end)));
                    }
                    pending = product;
                    if let Some((start, _)) = last_repeat {
                        return Err(format!(
                            "invalid nested repetition operator in {}",
                            text(start, end)
                        ));
                    }
                    last_repeat = Some((i, false));
                    out.push_str(&text(i, end));
                    i = end;
                }
                None => {
                    last_repeat = None;
                    flush(&mut nest, &mut pending);
                    out.push_str("\\{");
                    i += 1;
                }
            },
            '(' if chars.get(i + 1) == Some(&'?') && name_start(&chars, i).is_some() => {
                // A named group; a name given before is renamed (Go allows
                // the same name twice, the crate does not): see `group_name`.
                last_repeat = None;
                flush(&mut nest, &mut pending);
                nest.push(1);
                let start = name_start(&chars, i).unwrap_or(i);
                let end = (start..chars.len())
                    .find(|&k| chars[k] == '>')
                    .unwrap_or(chars.len());
                let name = text(start, end);
                if name.is_empty() || !name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()) {
                    return Err(format!(
                        "invalid named capture in {}",
                        text(i, (end + 1).min(chars.len()))
                    ));
                }
                out.push_str(&text(i, start));
                let uses = names.entry(name.clone()).or_insert(0usize);
                out.push_str(&name);
                if *uses > 0 {
                    out.push_str(&format!("{DUPLICATE}{uses}"));
                }
                *uses += 1;
                i = end;
            }
            '(' if chars.get(i + 1) == Some(&'?') => {
                last_repeat = None;
                flush(&mut nest, &mut pending);
                nest.push(1);
                if let Some(k) = (i + 2..chars.len())
                    .take_while(|&k| !matches!(chars[k], ')' | ':'))
                    .find(|&k| !matches!(chars[k], 'i' | 'm' | 's' | 'U' | '-'))
                {
                    // (Groups `(?P<`, `(?<` are names, not flags.)
                    if !(k == i + 2 && matches!(chars[k], 'P' | '<')) {
                        return Err(format!(
                            "invalid or unsupported Perl syntax in {}",
                            text(i, k + 1)
                        ));
                    }
                }
                out.push_str("(?");
                i += 2;
            }
            _ => {
                flush(&mut nest, &mut pending);
                match c {
                    '[' => {
                        in_class = true;
                        class_start = true;
                    }
                    '(' => nest.push(1),
                    ')' if nest.len() > 1 => {
                        // The group is an item: its own largest product.
                        pending = nest.pop().unwrap_or(1);
                    }
                    _ => {}
                }
                last_repeat = None;
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// What follows a group name given before, in the translated pattern (a
/// `.` can not be in an RE2 name).
const DUPLICATE: &str = ".again";

/// The name a translated pattern's group has in the RE2 pattern.
pub(crate) fn group_name(name: &str) -> &str {
    name.split_once(DUPLICATE).map_or(name, |(n, _)| n)
}

/// Where the name of a named group `(?P<name>` or `(?<name>` opened at
/// `chars[i]` starts.
fn name_start(chars: &[char], i: usize) -> Option<usize> {
    match (chars.get(i + 2), chars.get(i + 3)) {
        (Some('P'), Some('<')) => Some(i + 4),
        (Some('<'), Some(c)) if !matches!(c, '=' | '!') => Some(i + 3),
        _ => None,
    }
}

/// The escape at `chars[i]` (a backslash) written to `out`; the index after
/// it.
fn escape(chars: &[char], i: usize, in_class: bool, out: &mut String) -> Result<usize, String> {
    let octal = |k: usize| chars.get(k).filter(|d| ('0'..='7').contains(d));
    let Some(&next) = chars.get(i + 1) else {
        out.push('\\');
        return Ok(i + 1);
    };
    let ascii = match next {
        'd' => "[0-9]",
        'D' => "[^0-9]",
        'w' => "[0-9A-Za-z_]",
        'W' => "[^0-9A-Za-z_]",
        's' => "[\\t\\n\\f\\r ]",
        'S' => "[^\\t\\n\\f\\r ]",
        'b' => "(?-u:\\b)",
        'B' => "(?-u:\\B)",
        _ => "",
    };
    if !ascii.is_empty() {
        out.push_str(ascii);
        return Ok(i + 2);
    }
    match next {
        'Q' if !in_class => {
            // Literal text up to `\E` (or the end).
            let mut literal = String::new();
            let mut k = i + 2;
            while k < chars.len() {
                if chars[k] == '\\' && chars.get(k + 1) == Some(&'E') {
                    k += 2;
                    break;
                }
                literal.push(chars[k]);
                k += 1;
            }
            out.push_str(&regex::escape(&literal));
            Ok(k)
        }
        // `\0` and a digit followed by an octal digit: up to three octal
        // digits in all.
        '0'..='7' if next == '0' || octal(i + 2).is_some() => {
            let mut value = 0u32;
            let mut k = i + 1;
            while k < i + 4 && octal(k).is_some() {
                value = value * 8 + chars[k].to_digit(8).unwrap_or(0);
                k += 1;
            }
            out.push_str(&format!("\\x{{{value:x}}}"));
            Ok(k)
        }
        '1'..='9' => Err(format!("invalid escape sequence in \\{next}")),
        // `\x{263a}`, `\p{Greek}`: the braces are the escape's own.
        'x' | 'p' | 'P' if chars.get(i + 2) == Some(&'{') => {
            let end = (i + 3..chars.len())
                .find(|&k| chars[k] == '}')
                .map_or(chars.len(), |k| k + 1);
            out.extend(&chars[i..end]);
            Ok(end)
        }
        _ => {
            out.push('\\');
            out.push(next);
            Ok(i + 2)
        }
    }
}

/// A repetition `{n}`, `{n,}` or `{n,m}` at `chars[i]`: the index after it
/// and its counts; `None` when the `{` starts none (RE2 reads it literally).
fn repeat(chars: &[char], i: usize) -> Option<(usize, [Option<u64>; 2])> {
    let number = |k: &mut usize| -> Option<u64> {
        let start = *k;
        while chars.get(*k).is_some_and(char::is_ascii_digit) {
            *k += 1;
        }
        let digits: String = chars[start..*k].iter().collect();
        // (A count too long for u64 is over 1000 all the same.)
        (*k > start).then(|| digits.parse().unwrap_or(u64::MAX))
    };
    let mut k = i + 1;
    let min = number(&mut k)?;
    let max = if chars.get(k) == Some(&',') {
        k += 1;
        number(&mut k)
    } else {
        Some(min)
    };
    (chars.get(k) == Some(&'}')).then_some((k + 1, [Some(min), max]))
}

#[cfg(test)]
mod tests {
    use super::translate;

    /// Terraform 1.11.4's answers (`terraform console`): accepted patterns
    /// and its messages for refused ones.
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
        ] {
            assert!(translate(ok).is_ok(), "{ok}");
        }
        assert_eq!(translate("\\123").unwrap(), "\\x{53}");
        assert_eq!(translate("\\012").unwrap(), "\\x{a}");
        assert_eq!(translate("\\0").unwrap(), "\\x{0}");
        assert_eq!(translate("a{,3}").unwrap(), "a\\{,3}");
        assert_eq!(
            translate("\\x{263a}\\p{Greek}").unwrap(),
            "\\x{263a}\\p{Greek}"
        );
    }
}
