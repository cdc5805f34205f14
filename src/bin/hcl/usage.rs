//! The usage text: the whole of it (`hcl help`), or one command's (`hcl
//! help CMD`, `hcl CMD --help`); and the synopses and flag tables of
//! `docs/cli.md`. All of it is made from the commands' declaration.

use super::commands::{command, Command, Flag, Kind, COMMANDS};
use super::inputs::HCL_EXTENSIONS;

/// The width of the usage text.
const WIDTH: usize = 78;
/// The width of `docs/cli.md`'s synopses.
#[cfg(test)]
const DOC_WIDTH: usize = 100;

/// How flags are written, after every usage text.
const FLAGS: &str = "\
Flags are written -flag or --flag, before or after the other arguments; a
flag's value follows it or is joined to it by `=` (--var=x=1,
-write=false); `--` ends the flags.
";

/// How PATHs are read, after the usage text of commands that read them.
fn paths_note() -> String {
    let mut exts = HCL_EXTENSIONS.join(", ");
    if let Some(last) = exts.rfind(", ") {
        exts.replace_range(last..last + 2, " and ");
    }
    let text = format!(
        "A PATH is a file (`-`: stdin) or a directory, whose {exts} files are \
         read in name order (not its hidden files; with --recursive, its \
         subdirectories' too, in their place)."
    );
    wrap(&text, 78)
}

/// `text` on lines of at most `width` characters (unless a word is
/// longer), broken at spaces.
fn wrap(text: &str, width: usize) -> String {
    wrap_words(text.split(' '), "", "", width)
}

/// How `flag` is written: `-name` for a one-letter name or in a
/// `single_dash` command, else `--name`.
fn spelled(cmd: &Command, name: &str) -> String {
    let dashes = if name.len() == 1 || cmd.single_dash {
        "-"
    } else {
        "--"
    };
    format!("{dashes}{name}")
}

/// The spelling `name` of `flag` with what it takes: `--max-depth N`,
/// `--pretty`, `-write=false`.
fn with_value(cmd: &Command, flag: &Flag, name: &str) -> String {
    let name = spelled(cmd, name);
    match flag.kind {
        Kind::Switch => name,
        Kind::SwitchOn => format!("{name}=false"),
        Kind::Value(what) => format!("{name} {what}"),
    }
}

/// `flag` as a synopsis shows it: `[--max-depth N]`, `[--pretty]`,
/// `[-write=false]`, `[--var NAME=JSON]...`.
fn in_synopsis(cmd: &Command, flag: &Flag) -> String {
    let repeats = if flag.repeats { "..." } else { "" };
    format!("[{}]{repeats}", with_value(cmd, flag, flag.names[0]))
}

/// The words of form `i` of `cmd`'s synopsis: its name, its lead, its
/// flags, its operands (a bracketed or parenthesised group one word).
fn synopsis_words(cmd: &Command, i: usize) -> Vec<String> {
    let form = &cmd.forms[i];
    let mut words = vec![cmd.name.to_owned()];
    words.extend(groups(form.lead));
    for flag in cmd.flags.iter().filter(|f| f.forms & (1 << i) != 0) {
        words.push(in_synopsis(cmd, flag));
    }
    words.extend(groups(form.operands));
    words
}

/// `words` after `first` on lines of at most `width` characters (unless a
/// word is longer), continued after `next`.
fn wrap_words<'a>(
    words: impl IntoIterator<Item = &'a str>,
    first: &str,
    next: &str,
    width: usize,
) -> String {
    let mut out = String::from(first);
    let mut line_len = first.len();
    for (i, word) in words.into_iter().enumerate() {
        if i > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            out.push_str(next);
            line_len = next.len();
        } else if i > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out.push('\n');
    out
}

/// The words of `text`, a bracketed or parenthesised group kept whole
/// (`[--default EXPR | EXPR]`).
fn groups(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 => {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Each synopsis of `cmd`, after `first` then `next` on the lines after
/// the first of each, at most `width` wide.
fn synopses(cmd: &Command, first: &str, next: &str, cont: &str, width: usize) -> String {
    let mut out = String::new();
    for i in 0..cmd.forms.len() {
        let words = synopsis_words(cmd, i);
        let lead = if i == 0 { first } else { next };
        out.push_str(&wrap_words(
            words.iter().map(String::as_str),
            lead,
            cont,
            width,
        ));
    }
    out
}

/// The flags of `cmd`, each on a line of its own and its help below it.
fn options(cmd: &Command, indent: &str) -> String {
    let mut out = String::new();
    for flag in cmd.flags {
        out.push_str(indent);
        out.push_str(&spellings(cmd, flag).join(", "));
        out.push('\n');
        let help_indent = format!("{indent}    ");
        for line in wrap(flag.help, WIDTH - help_indent.len()).lines() {
            out.push_str(&help_indent);
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Each spelling of `flag` with what it takes, as its entry names it:
/// `--quiet`, `-q`; `--max-depth N`; `-write=false`.
fn spellings(cmd: &Command, flag: &Flag) -> Vec<String> {
    flag.names
        .iter()
        .map(|n| with_value(cmd, flag, n))
        .collect()
}

/// The whole usage text.
pub(crate) fn full() -> String {
    let mut out = String::from("usage: hcl <command> [options] [args]\n\ncommands:\n");
    for (i, cmd) in COMMANDS.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&synopses(cmd, "  ", "  ", "       ", WIDTH));
        out.push_str(&indent(&wrap(cmd.about, WIDTH - 6), "      "));
    }
    out.push_str("\n`hcl help COMMAND` lists a command's flags and what each does.\n\n");
    out.push_str(FLAGS);
    out.push('\n');
    out.push_str(&paths_note());
    out
}

/// The usage text of command `name`, if there is one.
pub(crate) fn of(name: &str) -> Option<String> {
    let cmd = command(name)?;
    let mut out = synopses(cmd, "usage: hcl ", "       hcl ", "           ", WIDTH);
    out.push('\n');
    out.push_str(&indent(&wrap(cmd.about, WIDTH - 4), "    "));
    if !cmd.flags.is_empty() {
        out.push_str("\noptions:\n");
        out.push_str(&options(cmd, "  "));
        out.push('\n');
        out.push_str(FLAGS);
    }
    if cmd.paths {
        out.push('\n');
        out.push_str(&paths_note());
    }
    Some(out)
}

/// The synopses of `cmds`, as `docs/cli.md` shows them (one command's at
/// the top of its section, every command's in the synopsis).
#[cfg(test)]
fn synopses_block<'c>(cmds: impl IntoIterator<Item = &'c Command>) -> String {
    let mut out = String::from("```text\n");
    for cmd in cmds {
        out.push_str(&synopses(cmd, "hcl ", "hcl ", "         ", DOC_WIDTH));
    }
    out.push_str("```\n");
    out
}

/// Command `cmd`'s flag table, as its section of `docs/cli.md` shows it.
#[cfg(test)]
fn flag_table(cmd: &Command) -> String {
    let mut out = String::new();
    if !cmd.flags.is_empty() {
        out.push_str("| flag | what |\n|---|---|\n");
        for flag in cmd.flags {
            let names: Vec<String> = spellings(cmd, flag)
                .iter()
                .map(|n| format!("`{}`", n.replace('|', "\\|")))
                .collect();
            let repeats = if flag.repeats { " (repeatable)" } else { "" };
            out.push_str(&format!(
                "| {} | {}{repeats} |\n",
                names.join(", "),
                flag.help.replace('|', "\\|")
            ));
        }
    }
    out
}

/// Every line of `text` after `prefix`, ending with a newline.
fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|line| {
            if line.is_empty() {
                "\n".to_owned()
            } else {
                format!("{prefix}{line}\n")
            }
        })
        .collect()
}

/// `docs/cli.md` with its generated parts made anew: the text between
/// `<!-- synopses -->`, `<!-- synopsis: CMD -->` or `<!-- flags: CMD -->`
/// and the next `<!-- end -->`.
#[cfg(test)]
fn regenerated(doc: &str) -> String {
    let mut out = String::new();
    let mut rest = doc;
    while let Some(at) = rest.find("<!-- ") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let Some(close) = from.find(" -->\n") else {
            break;
        };
        let marker = &from[5..close];
        let after = &from[close + 5..];
        let made = if marker == "synopses" {
            Some(synopses_block(&COMMANDS))
        } else if let Some(name) = marker.strip_prefix("synopsis: ") {
            command(name).map(|c| synopses_block([c]))
        } else if let Some(name) = marker.strip_prefix("flags: ") {
            command(name).map(flag_table)
        } else {
            None
        };
        out.push_str(&from[..close + 5]);
        const END: &str = "<!-- end -->";
        match (made, after.find(END)) {
            (Some(made), Some(end)) => {
                out.push_str(&made);
                out.push_str(END);
                rest = &after[end + END.len()..];
            }
            _ => rest = after,
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/cli.md`'s synopses and flag tables are the declared ones
    /// (`HCL_WRITE_DOCS=1` writes them there).
    #[test]
    fn the_reference_shows_the_declared_flags() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let made = regenerated(&doc);
        if std::env::var_os("HCL_WRITE_DOCS").is_some() {
            std::fs::write(path, &made).unwrap();
            return;
        }
        for cmd in &COMMANDS {
            if !cmd.flags.is_empty() {
                assert!(
                    doc.contains(&format!("<!-- flags: {} -->", cmd.name)),
                    "{}",
                    cmd.name
                );
            }
            assert!(
                doc.contains(&format!("<!-- synopsis: {} -->", cmd.name))
                    || matches!(cmd.name, "help" | "version"),
                "{}",
                cmd.name
            );
        }
        assert!(made == doc, "docs/cli.md differs from the declaration (HCL_WRITE_DOCS=1 cargo test --features cli --bin hcl writes it)");
    }

    /// Each flag has one command-wide spelling, and each name is a flag.
    #[test]
    fn no_two_flags_of_a_command_share_a_name() {
        for cmd in &COMMANDS {
            let mut seen = std::collections::HashSet::new();
            for flag in cmd.flags {
                for name in flag.names {
                    assert!(seen.insert(*name), "{}: --{name} twice", cmd.name);
                    assert!(
                        !matches!(*name, "h" | "help"),
                        "{}: --{name} is help",
                        cmd.name
                    );
                }
            }
        }
    }
}
