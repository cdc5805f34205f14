//! Command-line arguments, read the same way by every command.
//!
//! A flag is written `-name` or `--name`; its value follows it as the
//! next argument or is joined to it by `=` (`--var x=1`, `--var=x=1`,
//! `-write=false`). `-h`, `-help` and `--help` ask for the command's
//! usage wherever they appear. `--` ends the flags; `-` alone is an
//! argument (stdin); so is an argument whose dash is not followed by a
//! letter (`-1`, `-(a)`: expressions).

/// Why a command stopped without running.
#[derive(Debug)]
pub(crate) enum Stop {
    /// `-h`, `-help` or `--help`: print the command's usage.
    Help,
    /// An error in the arguments (or before anything was read), its
    /// message without the `hcl: ` in front.
    Error(String),
}

impl From<String> for Stop {
    fn from(msg: String) -> Stop {
        Stop::Error(msg)
    }
}

impl From<&str> for Stop {
    fn from(msg: &str) -> Stop {
        Stop::Error(msg.to_owned())
    }
}

/// One argument.
pub(crate) enum Arg<'a> {
    Flag(Flag<'a>),
    /// Not a flag: a file, an expression, `-`...
    Value(&'a str),
}

/// A flag, as `-name`, `--name` or either with `=value`.
pub(crate) struct Flag<'a> {
    cmd: &'static str,
    /// As written, for messages.
    pub(crate) arg: &'a str,
    /// Without its dashes and value.
    pub(crate) name: &'a str,
    /// After `=`.
    value: Option<&'a str>,
}

impl Flag<'_> {
    /// A boolean flag's value: true, or as given after `=` (Go's spellings:
    /// `-write=false`, `--pretty=1`...).
    pub(crate) fn bool(&self) -> Result<bool, Stop> {
        match self.value {
            None | Some("1" | "t" | "T" | "true" | "TRUE" | "True") => Ok(true),
            Some("0" | "f" | "F" | "false" | "FALSE" | "False") => Ok(false),
            Some(v) => Err(Stop::Error(format!(
                "{}: invalid boolean value `{v}` for -{}",
                self.cmd, self.name
            ))),
        }
    }

    /// The error for a flag the command does not have.
    pub(crate) fn unknown(&self) -> Stop {
        let cmd = self.cmd;
        Stop::Error(format!(
            "{cmd}: unknown flag `{}` (see `hcl help {cmd}`)",
            self.arg
        ))
    }
}

/// The arguments of command `cmd`, read one at a time.
pub(crate) struct Args<'a> {
    cmd: &'static str,
    rest: &'a [String],
    /// After `--`: no more flags.
    values_only: bool,
}

impl<'a> Args<'a> {
    pub(crate) fn new(cmd: &'static str, args: &'a [String]) -> Args<'a> {
        Args {
            cmd,
            rest: args,
            values_only: false,
        }
    }

    /// The next argument; `Stop::Help` for a help flag.
    pub(crate) fn next(&mut self) -> Result<Option<Arg<'a>>, Stop> {
        let Some((arg, rest)) = self.rest.split_first() else {
            return Ok(None);
        };
        self.rest = rest;
        if self.values_only {
            return Ok(Some(Arg::Value(arg)));
        }
        if arg == "--" {
            self.values_only = true;
            return self.next();
        }
        match flag_name(arg) {
            None => Ok(Some(Arg::Value(arg))),
            Some(("h" | "help", _)) => Err(Stop::Help),
            Some((name, value)) => Ok(Some(Arg::Flag(Flag {
                cmd: self.cmd,
                arg,
                name,
                value,
            }))),
        }
    }

    /// `--max-depth N`: parse options with that nesting limit.
    pub(crate) fn max_depth(&mut self, flag: &Flag<'a>) -> Result<hcl::ParseOptions, Stop> {
        let v = self.value(flag, "a number of nesting levels")?;
        match v.parse::<usize>() {
            Ok(n) if n > 0 => Ok(hcl::ParseOptions::new().max_depth(n)),
            _ => Err(Stop::Error(format!(
                "{}: --max-depth `{v}`: expected a number of nesting levels (1 or more)",
                self.cmd
            ))),
        }
    }

    /// The value of `flag` (`what` it is, for the message when missing):
    /// after its `=`, or the next argument, taken as it is unless it asks
    /// for help.
    pub(crate) fn value(&mut self, flag: &Flag<'a>, what: &str) -> Result<&'a str, Stop> {
        if let Some(v) = flag.value {
            return Ok(v);
        }
        let Some((next, rest)) = self.rest.split_first() else {
            return Err(Stop::Error(format!(
                "{}: {} needs {what}",
                self.cmd, flag.arg
            )));
        };
        if matches!(flag_name(next), Some(("h" | "help", _))) {
            return Err(Stop::Help);
        }
        self.rest = rest;
        Ok(next)
    }

    /// The error for an argument the command has no room for (`why`: what
    /// it already has).
    pub(crate) fn extra(&self, arg: &str, why: &str) -> Stop {
        let cmd = self.cmd;
        Stop::Error(format!(
            "{cmd}: unexpected argument `{arg}`: {why} (see `hcl help {cmd}`)"
        ))
    }
}

/// The name and `=` value of a flag argument, `None` if `arg` is not one:
/// one or two dashes then a letter.
pub(crate) fn flag_name(arg: &str) -> Option<(&str, Option<&str>)> {
    let flag = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'))?;
    if !flag.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(match flag.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (flag, None),
    })
}
