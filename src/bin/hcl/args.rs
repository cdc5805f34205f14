//! Command-line arguments, read the same way by every command.
//!
//! A flag is written `-name` or `--name`; its value follows it as the
//! next argument or is joined to it by `=` (`--var x=1`, `--var=x=1`,
//! `-write=false`). `-h`, `-help` and `--help` ask for the command's
//! usage wherever they appear. `--` ends the flags; `-` alone is an
//! argument (stdin); so is an argument whose dash is not followed by a
//! letter (`-1`, `-(a)`: expressions).

use super::commands::{command, Command, Kind};

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

/// One argument, its flag read as the command declares it
/// ([`super::commands`]).
pub(crate) enum Arg<'a> {
    /// A switch (its name as declared first), on or off.
    Switch(&'static str, bool),
    /// A flag that takes a value (its name as declared first), and the value.
    Flag(&'static str, &'a str),
    /// Not a flag: a file, an expression, `-`...
    Value(&'a str),
}

/// The arguments of a command, read one at a time.
pub(crate) struct Args<'a> {
    cmd: &'static Command,
    rest: &'a [String],
    /// After `--`: no more flags.
    values_only: bool,
}

impl<'a> Args<'a> {
    /// The arguments of the command named `cmd` (one [`COMMANDS`] declares).
    pub(crate) fn new(cmd: &'static str, args: &'a [String]) -> Args<'a> {
        let cmd = command(cmd).unwrap_or_else(|| unreachable!("`{cmd}` is declared"));
        Args {
            cmd,
            rest: args,
            values_only: false,
        }
    }

    /// The next argument; `Stop::Help` for a help flag, an error for a
    /// flag the command does not have, a flag without its value or a
    /// switch's value that is not a boolean.
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
        let cmd = self.cmd.name;
        let (name, value) = match flag_name(arg) {
            None => return Ok(Some(Arg::Value(arg))),
            Some(("h" | "help", _)) => return Err(Stop::Help),
            Some(given) => given,
        };
        let Some(flag) = self.cmd.flag(name) else {
            return Err(Stop::Error(format!(
                "{cmd}: unknown flag `{arg}` (see `hcl help {cmd}`)"
            )));
        };
        let canonical = flag.names[0];
        match flag.kind {
            Kind::Switch | Kind::SwitchOn => {
                Ok(Some(Arg::Switch(canonical, switch(cmd, name, value)?)))
            }
            Kind::Value(what) => {
                if let Some(v) = value {
                    return Ok(Some(Arg::Flag(canonical, v)));
                }
                let Some((next, rest)) = self.rest.split_first() else {
                    return Err(Stop::Error(format!("{cmd}: {arg} needs {what}")));
                };
                if matches!(flag_name(next), Some(("h" | "help", _))) {
                    return Err(Stop::Help);
                }
                self.rest = rest;
                Ok(Some(Arg::Flag(canonical, next)))
            }
        }
    }

    /// `--max-depth N`: parse options with that nesting limit.
    pub(crate) fn max_depth(&self, v: &str) -> Result<hcl::ParseOptions, Stop> {
        match v.parse::<usize>() {
            Ok(n) if n > 0 => Ok(hcl::ParseOptions::new().max_depth(n)),
            _ => Err(Stop::Error(format!(
                "{}: --max-depth `{v}`: expected a number of nesting levels (1 or more)",
                self.cmd.name
            ))),
        }
    }

    /// The error for an argument the command has no room for (`why`: what
    /// it already has).
    pub(crate) fn extra(&self, arg: &str, why: &str) -> Stop {
        let cmd = self.cmd.name;
        Stop::Error(format!(
            "{cmd}: unexpected argument `{arg}`: {why} (see `hcl help {cmd}`)"
        ))
    }

    /// The error for a declared flag the command's code does not read: a
    /// mistake in hcl, which the tests of every declared flag catch.
    #[cold]
    pub(crate) fn unread(&self, name: &str) -> Stop {
        Stop::Error(format!(
            "{}: --{name} is declared but not read",
            self.cmd.name
        ))
    }
}

/// A switch's value: true, or as given after `=` (Go's spellings:
/// `-write=false`, `--pretty=1`...).
fn switch(cmd: &str, name: &str, value: Option<&str>) -> Result<bool, Stop> {
    match value {
        None | Some("1" | "t" | "T" | "true" | "TRUE" | "True") => Ok(true),
        Some("0" | "f" | "F" | "false" | "FALSE" | "False") => Ok(false),
        Some(v) => Err(Stop::Error(format!(
            "{cmd}: invalid boolean value `{v}` for -{name}"
        ))),
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
