//! The declaration of `hcl`'s commands and their flags: the one place a
//! flag is written. The argument parser ([`super::args`]) reads flags by
//! it, the usage text and `docs/cli.md`'s synopses and flag tables
//! ([`super::usage`]) are made from it.

/// A command.
pub(crate) struct Command {
    pub(crate) name: &'static str,
    /// Its forms: each a synopsis of its own, after `hcl NAME`.
    pub(crate) forms: &'static [Form],
    /// What it does, a paragraph for its usage text (the flags' own words
    /// come after it, from `flags`).
    pub(crate) about: &'static str,
    pub(crate) flags: &'static [Flag],
    /// Whether it reads PATHs (files, directories, `-`) as `collect` does.
    pub(crate) paths: bool,
    /// Flags shown `-name`, as `terraform fmt` shows its own (else
    /// `--name`; either is read).
    pub(crate) single_dash: bool,
}

/// One form of a command: its synopsis shows the flags that belong to it.
pub(crate) struct Form {
    /// The flag that selects it (`--module`), or words that do
    /// (`attribute get|set|rm ADDRESS [EXPR]`), after the command's name.
    pub(crate) lead: &'static str,
    /// What comes after the flags (`PATH...`).
    pub(crate) operands: &'static str,
}

/// A flag.
pub(crate) struct Flag {
    /// Its name, then its other spellings (`quiet`, `q`).
    pub(crate) names: &'static [&'static str],
    pub(crate) kind: Kind,
    /// Whether it may be given again (shown `[--var NAME=JSON]...`).
    pub(crate) repeats: bool,
    /// The forms it is shown in, a bit each (`1 << i` for `forms[i]`); 0:
    /// shown in none (a form's lead or operands name it).
    pub(crate) forms: u8,
    /// What it does, one sentence or a few, for the usage and the
    /// reference (backquoted `code` is kept as it is in the text usage).
    pub(crate) help: &'static str,
}

/// What a flag takes.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    /// A switch, off unless given (`--pretty`; `--pretty=false` also reads).
    Switch,
    /// A switch on unless turned off (`-write=false`), as `terraform fmt`'s.
    SwitchOn,
    /// A value, named as in the usage (`N`, `FILE`, `text|json`).
    Value(&'static str),
}

/// Every form.
const ALL: u8 = 0xff;

const MAX_DEPTH: Flag = Flag {
    names: &["max-depth"],
    kind: Kind::Value("N"),
    repeats: false,
    forms: 1,
    help: "the nesting limit of brackets, blocks, templates and conditional arms (default 1024)",
};

const RECURSIVE: Flag = Flag {
    names: &["recursive"],
    kind: Kind::Switch,
    repeats: false,
    forms: 1,
    help: "go into the subdirectories of a directory PATH",
};

const PRETTY: Flag = Flag {
    names: &["pretty"],
    kind: Kind::Switch,
    repeats: false,
    forms: ALL,
    help: "indent the JSON",
};

const VAR_JSON: Flag = Flag {
    names: &["var"],
    kind: Kind::Value("NAME=JSON"),
    repeats: true,
    forms: ALL,
    help: "declare a variable, its value as JSON (numbers kept exact): `--var 'var={\"region\":\"eu\"}'` \
           makes `var.region`",
};

const ALLOW_FILES: Flag = Flag {
    names: &["allow-files"],
    kind: Kind::Value("DIR"),
    repeats: false,
    forms: ALL,
    help:
        "let `file()`, `templatefile()`, `fileset()` and the other functions that read files read, \
           relative to DIR (without it they are unknown functions)",
};

const EXT: Flag = Flag {
    names: &["ext"],
    kind: Kind::Value("LIST"),
    repeats: false,
    forms: 2,
    help: "the extensions of the files that make a module, comma-separated (`.pkr.hcl,.pkr.json`; \
           implies --module)",
};

const VAR_FILE: Flag = Flag {
    names: &["var-file"],
    kind: Kind::Value("FILE"),
    repeats: true,
    forms: ALL,
    help: "a variable file (`.tfvars`, `.tfvars.json`), read after the directory's own",
};

const ENV_VARS: Flag = Flag {
    names: &["env-vars"],
    kind: Kind::Switch,
    repeats: false,
    forms: ALL,
    help: "the `TF_VAR_NAME` environment variables too, before every file and value",
};

const UNKNOWN_MISSING: Flag = Flag {
    names: &["unknown-missing"],
    kind: Kind::Switch,
    repeats: false,
    forms: ALL,
    help: "a required variable without a value is unknown (what refers to it kept as written) \
           instead of an error",
};

/// `--format text|json` of the commands that print values: how their
/// errors are printed.
const FORMAT_ERRORS: Flag = Flag {
    names: &["format"],
    kind: Kind::Value("text|json"),
    repeats: false,
    forms: ALL,
    help: "how errors and warnings are printed: text on stderr (default), or, on failure, one \
           `terraform validate -json` object on stdout",
};

pub(crate) static COMMANDS: [Command; 9] = [
    Command {
        name: "check",
        forms: &[
            Form { lead: "", operands: "PATH..." },
            Form { lead: "--module", operands: "DIR..." },
        ],
        about: "Parses each file (native syntax, or JSON syntax for *.json) and reports every \
                syntax error in it (the parser goes on at the next top-level item), then how \
                many files were checked (`3 files ok`, `1 of 3 files failed`); exits 1 if any \
                fails. With --module, each DIR's files are read as one module and checked as \
                Terraform checks it: duplicate variables, locals, outputs, module calls, resources \
                and data sources; references to undeclared variables and locals; cycles of \
                locals; variable types and defaults; then evaluated as `terraform validate` does. \
                It ends with `N modules ok` or `1 of N modules failed`.",
        flags: &[
            Flag {
                names: &["quiet", "q"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "print only the path of each file that fails, one a line, and no summary",
            },
            RECURSIVE,
            MAX_DEPTH,
            Flag {
                names: &["format"],
                kind: Kind::Value("text|json|github"),
                repeats: false,
                forms: ALL,
                help: "text (default): each error as `FILE:LINE:COL: message` with a snippet, \
                       then a summary line; json: one `terraform validate -json` object for all \
                       the files, on stdout (also when all pass); github: one GitHub Actions \
                       annotation per error (`::error file=F,line=L,col=C,...::DETAIL`)",
            },
            Flag {
                names: &["module"],
                kind: Kind::Switch,
                repeats: false,
                forms: 0,
                help: "check each DIR as a Terraform module",
            },
            EXT,
        ],
        paths: true,
        single_dash: false,
    },
    Command {
        name: "eval",
        forms: &[
            Form { lead: "", operands: "(EXPR | -f FILE | -)" },
            Form { lead: "--as TYPE", operands: "[--default EXPR | EXPR]" },
        ],
        about: "Evaluates one expression (strict: undefined variables and functions are errors) \
                and prints its value as JSON (numbers with every digit Terraform gives them; ±Inf \
                is an error); unknown values print as {\"$unknown\": \"TYPE\"}; every error is \
                reported. With --as TYPE, prints the value of variable \"v\" { type = TYPE, \
                default = EXPR } given -var v=RAW, as Terraform gives it: optional() defaults \
                filled in, RAW read as a literal string for string/number/bool and as HCL \
                otherwise. An expression that starts with a dash and a letter (-x) comes after \
                `--`: hcl eval -- -x",
        flags: &[
            Flag { forms: 1, ..VAR_JSON },
            Flag {
                names: &["unknown"],
                kind: Kind::Value("PATH=TYPE[!]"),
                repeats: true,
                forms: 1,
                help: "declare a value not known yet, of a type in Terraform's syntax (`string`, \
                       `list(number)`, `any`), at a variable or a dotted path (`local.id`); `!` \
                       after the type: known not to be null",
            },
            Flag { forms: 1, ..ALLOW_FILES },
            Flag {
                names: &["type"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "print `{\"value\": V, \"type\": T}`, T as Terraform's `type()` prints it; \
                       `{\"unknown\": true, \"type\": T}` for a wholly unknown result",
            },
            PRETTY,
            Flag { forms: 1, ..MAX_DEPTH },
            Flag { forms: 1, ..FORMAT_ERRORS },
            Flag {
                names: &["f"],
                kind: Kind::Value("FILE"),
                repeats: false,
                forms: 0,
                help: "read the expression from FILE (`-`: stdin); `-` alone is the same as `-f -`",
            },
            Flag {
                names: &["as"],
                kind: Kind::Value("TYPE"),
                repeats: false,
                forms: 0,
                help: "the value a variable of this type constraint gets from --var-value, or from \
                       its default",
            },
            Flag {
                names: &["non-nullable"],
                kind: Kind::Switch,
                repeats: false,
                forms: 2,
                help: "with --as: the variable has `nullable = false`",
            },
            Flag {
                names: &["var-value"],
                kind: Kind::Value("RAW"),
                repeats: false,
                forms: 2,
                help: "with --as: the variable's value, as Terraform reads `-var v=RAW`",
            },
            Flag {
                names: &["default"],
                kind: Kind::Value("EXPR"),
                repeats: false,
                forms: 0,
                help: "with --as: the variable's default (a constant expression)",
            },
        ],
        paths: false,
        single_dash: false,
    },
    Command {
        name: "json",
        forms: &[
            Form { lead: "", operands: "PATH..." },
            Form { lead: "--merge", operands: "(DIR | FILE...)" },
            Form { lead: "--module", operands: "(DIR | FILE...)" },
        ],
        about: "Writes each file (native, or JSON syntax for *.json) in HCL's JSON syntax, as \
                Terraform reads it: what evaluates, as its value; what refers to names that are not \
                defined, as a template string; several files, or a directory, give one object keyed \
                by path. A call to an unknown function is kept as written and reported as a \
                warning on stderr. --merge reads the files of DIR (Terraform's .tf and .tf.json, or \
                those of --ext; no subdirectories; override files skipped with a warning), or the \
                FILEs given, as one configuration written as one object; an attribute set in two \
                files is an error naming both. --module (implies --merge) evaluates Terraform's \
                variables and locals too: each variable's value from its default, the directory's \
                terraform.tfvars and *.auto.tfvars (and .json forms), the --var-file FILEs and the \
                --var-value values, the later winning; var.NAME and local.NAME substituted wherever \
                they are known, what refers to resources kept as written; Terraform's checks and a \
                required variable without a value are errors.",
        flags: &[
            PRETTY,
            Flag {
                names: &["no-eval"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "evaluate nothing: every expression as its source text in `${...}`",
            },
            Flag {
                names: &["expand-dynamic"],
                kind: Kind::Switch,
                repeats: false,
                forms: 1,
                help: "replace each `dynamic` block by the blocks it generates",
            },
            Flag {
                names: &["strict"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "a reference to a name that is not defined, and a value JSON has no literal \
                       for (`1/0`), are errors, not templates",
            },
            VAR_JSON,
            ALLOW_FILES,
            RECURSIVE,
            MAX_DEPTH,
            FORMAT_ERRORS,
            Flag {
                names: &["merge"],
                kind: Kind::Switch,
                repeats: false,
                forms: 0,
                help: "read the files as one configuration",
            },
            Flag { forms: 0b110, help: "the extensions of a configuration's files, \
                   comma-separated (`.pkr.hcl,.pkr.json`; implies --merge)", ..EXT },
            Flag {
                names: &["module"],
                kind: Kind::Switch,
                repeats: false,
                forms: 0,
                help: "read the files as one Terraform module, its variables and locals evaluated \
                       (implies --merge)",
            },
            Flag { forms: 4, ..VAR_FILE },
            Flag {
                names: &["var-value"],
                kind: Kind::Value("NAME=RAW"),
                repeats: true,
                forms: 4,
                help: "a variable's value, RAW read as Terraform reads `-var`",
            },
            Flag { forms: 4, ..ENV_VARS },
            Flag { forms: 4, ..UNKNOWN_MISSING },
            Flag {
                names: &["tool"],
                kind: Kind::Value("terraform|packer|nomad"),
                repeats: false,
                forms: 4,
                help: "that tool's files (`.pkr.hcl` and `.pkr.json`; `.nomad.hcl` and `.nomad`), \
                       variable files (`*.auto.pkrvars.hcl`; none), environment variables \
                       (`PKR_VAR_`, `NOMAD_VAR_`) and words in errors (`Unset variable`); \
                       implies --module",
            },
        ],
        paths: true,
        single_dash: false,
    },
    Command {
        name: "refs",
        forms: &[Form { lead: "", operands: "(PATH... | --expr EXPR)" }],
        about: "Prints the references (variables, with the attribute names and constant indexes \
                after them) of every attribute of each file (native, or JSON syntax for *.json), \
                or of one expression, one a line as FILE:LINE:COL: var.a.b[0] (FILE is `<expr>` \
                for --expr); exits 1 on errors.",
        flags: &[
            Flag {
                names: &["json"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "print a JSON array per input of {\"attr_path\" (files only), \"root\", \
                       \"steps\", \"start\", \"end\"}, or an {\"error\": ...} object (each with \
                       \"filename\" when several files are read)",
            },
            RECURSIVE,
            MAX_DEPTH,
            Flag {
                names: &["expr"],
                kind: Kind::Value("EXPR"),
                repeats: false,
                forms: 0,
                help: "the references of this expression (not with PATHs)",
            },
        ],
        paths: true,
        single_dash: false,
    },
    Command {
        name: "plan",
        forms: &[Form { lead: "", operands: "[DIR]" }],
        about: "Plans the Terraform configuration in DIR (default .) as `terraform plan` does, \
                without providers: variables from defaults, terraform.tfvars, *.auto.tfvars, the \
                --var-file FILEs and the --var values; count and for_each expanded into \
                instances; module calls followed into local sources and the modules `terraform \
                init` installed; what providers compute is unknown. On errors it exits 1.",
        flags: &[
            VAR_FILE,
            Flag {
                names: &["var"],
                kind: Kind::Value("NAME=VALUE"),
                repeats: true,
                forms: ALL,
                help: "a variable's value, VALUE read as Terraform reads `-var`; the last wins",
            },
            ENV_VARS,
            Flag { help: "a required variable without a value is unknown instead of an error", ..UNKNOWN_MISSING },
            Flag {
                names: &["validate"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "`terraform validate`: every variable unknown, each body once; prints \
                       `Success! The configuration is valid.`",
            },
            Flag {
                names: &["workspace"],
                kind: Kind::Value("NAME"),
                repeats: false,
                forms: ALL,
                help: "`terraform.workspace` (default `default`)",
            },
            Flag {
                names: &["format"],
                kind: Kind::Value("text|json"),
                repeats: false,
                forms: ALL,
                help: "text (default): one line an instance, `+ ADDRESS` (`<= ADDRESS` for a data \
                       source), Terraform's `Plan:` line and the outputs; json: `terraform show \
                       -json PLANFILE`'s document on stdout, or on errors one `terraform validate \
                       -json` object",
            },
            PRETTY,
        ],
        paths: false,
        single_dash: false,
    },
    Command {
        name: "edit",
        forms: &[
            Form { lead: "attribute get|set|rm ADDRESS [EXPR]", operands: "" },
            Form { lead: "block list|get|rm ADDRESS", operands: "" },
        ],
        about: "Reads or changes a file and prints the edited file, byte for byte the same \
                except what was edited. ADDRESS is block types and labels, then an attribute \
                name, joined by dots (resource.aws_instance.web.ami, a top-level name; a label \
                with a dot in quotes: resource.\"a.b\".c.x); get prints each match as written, \
                set replaces each match or adds the attribute to each block the address names, \
                rm removes each match with the comment lines above it; a block address may stop \
                at the type or after some of its labels. Exits 1 when nothing matches.",
        flags: &[
            Flag {
                names: &["f", "file"],
                kind: Kind::Value("FILE"),
                repeats: false,
                forms: ALL,
                help: "the file to read (default stdin)",
            },
            Flag {
                names: &["u", "update"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "write the result back to FILE instead of printing it (needs -f)",
            },
        ],
        paths: false,
        single_dash: false,
    },
    Command {
        name: "fmt",
        forms: &[Form { lead: "", operands: "[PATH... | -]" }],
        about: "Formats files in place as `terraform fmt` does (its flags; its exit codes: 3 \
                when -check finds a file to change, 2 on errors, 1 on usage errors): a \
                directory's .tf, .tfvars, .tftest.hcl and .tfmock.hcl files, or the current \
                directory's; `-`: stdin to stdout; files with errors are reported and left as \
                they are.",
        flags: &[
            Flag {
                names: &["check"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "change nothing (`-write=false`); list the files that would change (unless \
                       `-list=false`), and exit 3 if there is one",
            },
            Flag {
                names: &["diff"],
                kind: Kind::Switch,
                repeats: false,
                forms: ALL,
                help: "print a unified diff of each change",
            },
            Flag {
                names: &["write"],
                kind: Kind::SwitchOn,
                repeats: false,
                forms: ALL,
                help: "rewrite each file whose formatting changes (default true)",
            },
            Flag {
                names: &["list"],
                kind: Kind::SwitchOn,
                repeats: false,
                forms: ALL,
                help: "print the name of each file whose formatting changes (default true)",
            },
            Flag { help: "go into subdirectories", ..RECURSIVE },
            Flag {
                help: "the nesting limit (default 1024; not a `terraform fmt` flag)",
                ..MAX_DEPTH
            },
            Flag {
                names: &["no-color"],
                kind: Kind::Switch,
                repeats: false,
                forms: 0,
                help: "accepted and ignored, as `terraform fmt` has it",
            },
        ],
        paths: false,
        single_dash: true,
    },
    Command {
        name: "help",
        forms: &[Form { lead: "", operands: "[COMMAND]" }],
        about: "Shows every command's usage, or only COMMAND's (as `hcl COMMAND --help` does).",
        flags: &[],
        paths: false,
        single_dash: false,
    },
    Command {
        name: "version",
        forms: &[Form { lead: "", operands: "" }],
        about: "Prints hcl's version (as `hcl --version` and `hcl -V` do).",
        flags: &[],
        paths: false,
        single_dash: false,
    },
];

/// The command named `name`.
pub(crate) fn command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

impl Command {
    /// The flag spelled `name` (without its dashes).
    pub(crate) fn flag(&self, name: &str) -> Option<&'static Flag> {
        let flags: &'static [Flag] = self.flags;
        flags.iter().find(|f| f.names.contains(&name))
    }
}
