//! The usage text: the whole of it (`hcl help`), or one command's (`hcl
//! help CMD`, `hcl CMD --help`).

use super::inputs::HCL_EXTENSIONS;

/// A command's part of the usage text.
struct Command {
    name: &'static str,
    /// Its synopses, each after `hcl `.
    synopses: &'static [&'static str],
    /// What it does, each line indented by four spaces.
    about: &'static str,
    /// Whether it reads PATHs (files, directories, `-`) as `collect` does.
    paths: bool,
}

const COMMANDS: [Command; 9] = [
    Command {
        name: "check",
        synopses: &[
            "check [--quiet] [--recursive] [--max-depth N] [--format text|json|github] PATH...",
            "check --module [--ext .pkr.hcl,.pkr.json] [--quiet] [--format text|json|github] DIR...",
        ],
        about: "    parse each file (native syntax, or JSON syntax for *.json) and print
    each failure as FILE:LINE:COL: message with a snippet, then how many
    files were checked (`3 files ok`, `1 of 3 files failed`); exit 1 if
    any fails; --quiet (-q): print only the paths of the files that fail;
    every syntax error of a file is reported (the parser goes on at the
    next top-level item); --format json prints one `terraform validate
    -json` object for all files instead, --format github one GitHub
    Actions command per error (::error file=F,line=L,col=C,...::DETAIL);
    --max-depth N: the nesting limit (default 1024; also for json, refs,
    eval and fmt)

    --module: each DIR's files (Terraform's, or those of --ext) read as one
    module and checked as Terraform checks it: duplicate variables,
    locals, outputs, module calls, resources and data sources; references
    to undeclared variables and locals; cycles of locals; variable types
    and defaults; ends with `N modules ok` or `1 of N modules failed`
",
        paths: true,
    },
    Command {
        name: "eval",
        synopses: &[
            "eval [--var NAME=JSON]... [--unknown PATH=TYPE[!]]... [--allow-files DIR]\n     [--type] [--pretty] [--max-depth N] [--format text|json] (EXPR | -f FILE | -)",
            "eval --as TYPE [--non-nullable] [--default EXPR | EXPR] [--var-value RAW]\n     [--type] [--pretty]",
        ],
        about: "    evaluate one expression (strict: undefined variables and functions
    are errors) and print its value as JSON (numbers with every digit
    Terraform gives them; ±Inf is an error); -f FILE reads it from FILE,
    `-` from stdin; --unknown declares a value not known yet, of a type in
    Terraform's syntax (`any`: any type; `!`: not null), at a variable or
    dotted path (local.id=string!); unknown values print as
    {\"$unknown\": \"TYPE\"}; --type prints {\"value\": V, \"type\": T}
    ({\"unknown\": true, \"type\": T} for a wholly unknown result);
    --pretty: indented; file(), templatefile() and the other functions
    that read files work only with --allow-files, relative to DIR; every
    error is reported; --format json prints them, on failure, as one JSON
    object on stdout in the shape of `terraform validate -json`

    --as TYPE: the value of variable \"v\" { type = TYPE, default = EXPR }
    (with nullable = false when --non-nullable) given -var v=RAW, as
    Terraform gives it: optional() defaults filled in, RAW read as a literal
    string for string/number/bool and as HCL otherwise

    An expression that starts with a dash and a letter (-x) comes after
    `--`: hcl eval -- -x
",
        paths: false,
    },
    Command {
        name: "json",
        synopses: &[
            "json [--pretty] [--no-eval] [--expand-dynamic] [--strict]\n     [--var NAME=JSON]... [--allow-files DIR] [--recursive] [--max-depth N]\n     [--format text|json] PATH...",
            "json --merge [--ext .pkr.hcl,.pkr.json] [--pretty] [--no-eval] [--strict]\n     [--var NAME=JSON]... [--allow-files DIR] [--format text|json] (DIR | FILE...)",
            "json --module [--var-file FILE]... [--var-value NAME=RAW]... [--env-vars]\n     [--unknown-missing] [--tool terraform|packer|nomad] [--ext ...] [...] (DIR | FILE...)",
        ],
        about: "    write each file (native, or JSON syntax for *.json) in HCL's JSON
    syntax, as Terraform reads it: what evaluates as its value, what
    refers to unknown names as templates (--strict: an error; --no-eval:
    every expression as its source); several files, or a directory, give
    one object keyed by path; --expand-dynamic replaces each `dynamic`
    block by the blocks it generates; file(), templatefile() and the other
    functions that read files work only with --allow-files, relative to DIR;
    a call to an unknown function is kept as written and reported as a
    warning on stderr; every error is reported; --format json prints the
    errors and warnings, on failure, as one JSON object on stdout in the
    shape of `terraform validate -json`

    --merge: the files of DIR (Terraform's .tf and .tf.json, or those
    ending with an extension of --ext, which implies --merge; no
    subdirectories; Terraform's override files skipped with a warning), or
    the FILEs given, in order, read as one configuration and written as one
    object: the items of every file, in file-name order; an attribute set
    in two files is an error naming both; each diagnostic names its file

    --module (implies --merge): Terraform's variables and locals too: each
    variable's value from the directory's terraform.tfvars, *.auto.tfvars
    (and .json forms), then the --var-file FILEs, then the --var-value
    NAME=RAW values (RAW as Terraform reads -var), the later winning; the
    locals in dependency order; var.NAME and local.NAME are substituted
    wherever they are known, what refers to resources and other unknowns
    is kept as written; Terraform's duplicate checks, an undeclared
    reference, a cycle of locals and a required variable without a value
    are errors (--var NAME=JSON still declares a root variable);
    --unknown-missing: a required variable without a value is unknown
    (what refers to it kept as written) instead of an error;
    --env-vars: the tool's environment variables too (TF_VAR_NAME, before
    every file and value); --tool packer or nomad (implies --module):
    that tool's files (.pkr.hcl and .pkr.json; .nomad.hcl and .nomad),
    variable files (*.auto.pkrvars.hcl; none), environment variables
    (PKR_VAR_, NOMAD_VAR_) and words in errors (\"Unset variable\")
",
        paths: true,
    },
    Command {
        name: "refs",
        synopses: &["refs [--json] [--recursive] [--max-depth N] (PATH... | --expr EXPR)"],
        about: "    print the references (variables, with the attribute names and
    constant indexes after them) of every attribute of each file (native,
    or JSON syntax for *.json), or of one expression, one a line as
    FILE:LINE:COL: var.a.b[0] (FILE is `<expr>` for --expr); --json
    prints a JSON array per input of {\"attr_path\" (files only), \"root\",
    \"steps\", \"start\", \"end\"}, or an {\"error\": ...} object (each with
    \"filename\" when several files are read); exit 1 on errors
",
        paths: true,
    },
    Command {
        name: "plan",
        synopses: &["plan [--var-file FILE]... [--var NAME=VALUE]... [--env-vars] [--unknown-missing]\n     [--validate] [--workspace NAME] [--format text|json] [--pretty] [DIR]"],
        about: "    plan the Terraform configuration in DIR (default .) as `terraform
    plan` does, without providers: variables from defaults,
    terraform.tfvars, *.auto.tfvars, the --var-file FILEs and the --var
    NAME=VALUE values (VALUE as Terraform reads -var), and with
    --env-vars the TF_VAR_NAME environment variables (before every file);
    count and for_each
    expanded into instances; module calls followed into local sources
    and modules `terraform init` installed; what providers compute is
    unknown; --unknown-missing: a required variable without a value is
    unknown instead of an error; --validate: `terraform validate` (every
    variable unknown, each body once); --format text (default) lists
    the instances (`+ ADDRESS`, `<= ADDRESS` for data sources) and the
    outputs; --format json prints `terraform show -json PLANFILE`'s
    document; on errors exit 1, and with --format json stdout is one
    `terraform validate -json` object
",
        paths: false,
    },
    Command {
        name: "edit",
        synopses: &[
            "edit attribute get|set|rm ADDRESS [EXPR] [-f FILE] [-u]",
            "edit block list|get|rm ADDRESS [-f FILE] [-u]",
        ],
        about: "    read or change a file (-f FILE, default stdin) and print the edited
    file, byte for byte the same except what was edited (-u: update FILE
    in place instead); ADDRESS is block types and labels, then an
    attribute name, joined by dots (resource.aws_instance.web.ami,
    module.vpc.version, a top-level name; a label with a dot in quotes:
    resource.\"a.b\".c.x); get prints each match as written, set replaces
    each match or adds the attribute to each block the address names, rm
    removes each match with the comment lines above it; a block address
    may stop at the type or after some of its labels (resource,
    resource.aws_instance): block list, get and rm then take every such
    block; the `=` of the edited group are aligned as terraform fmt
    aligns them; exit 1 when nothing matches
",
        paths: false,
    },
    Command {
        name: "fmt",
        synopses: &["fmt [-check] [-diff] [-write=false] [-list=false] [-recursive] [-max-depth N]\n     [PATH... | -]"],
        about: "    format files in place as `terraform fmt` does (its flags; its exit
    codes: 3 when -check finds a file to change, 2 on errors, 1 on usage
    errors); a directory's .tf, .tfvars, .tftest.hcl and .tfmock.hcl
    files, or the current directory's; `-`: stdin to stdout; files with
    errors are reported and left as they are
",
        paths: false,
    },
    Command {
        name: "help",
        synopses: &["help [COMMAND]"],
        about: "    show every command's usage, or only COMMAND's (as `hcl COMMAND --help`
    does)
",
        paths: false,
    },
    Command {
        name: "version",
        synopses: &["version"],
        about: "    print hcl's version (as `hcl --version` and `hcl -V` do)
",
        paths: false,
    },
];

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
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out.push('\n');
    out
}

/// The whole usage text.
pub(crate) fn full() -> String {
    let mut out = String::from("usage: hcl <command> [options] [args]\n\ncommands:\n");
    for (i, cmd) in COMMANDS.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for synopsis in cmd.synopses {
            out.push_str(&indent(synopsis, "  "));
        }
        out.push_str(&indent(cmd.about, "  "));
    }
    out.push('\n');
    out.push_str(FLAGS);
    out.push('\n');
    out.push_str(&paths_note());
    out
}

/// The usage text of command `name`, if there is one.
pub(crate) fn of(name: &str) -> Option<String> {
    let cmd = COMMANDS.iter().find(|c| c.name == name)?;
    let mut out = String::new();
    for (i, synopsis) in cmd.synopses.iter().enumerate() {
        out.push_str(if i == 0 { "usage: hcl " } else { "       hcl " });
        // Continuation lines line up under the arguments.
        out.push_str(&synopsis.replace('\n', "\n           "));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(cmd.about);
    if cmd.name != "help" && cmd.name != "version" {
        out.push('\n');
        out.push_str(FLAGS);
    }
    if cmd.paths {
        out.push('\n');
        out.push_str(&paths_note());
    }
    Some(out)
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
