//! A module's variables and locals, evaluated as Terraform evaluates them.

use std::borrow::Cow;
use std::collections::HashMap;

use super::condition::{self, Outcome};
use super::tool::{Source, Tool};
use super::Files;
use crate::analysis::{each_body_reference, references, Step};
use crate::error::{Diagnostic, Error, ErrorKind, Result, Severity};
use crate::eval::{Context, EvalMode, Typed};
use crate::syntax::Span;
use crate::syntax::{Block, Body, Expression, Structure};
use crate::typeexpr::{constant_of, Unset, Variable};
use crate::value::TypeConstraint;
use crate::value::{Type, Value};

/// The values a module's variables are given, besides their defaults, as
/// Terraform takes them: variable files (`terraform.tfvars`,
/// `*.auto.tfvars`, `-var-file`), then `NAME=RAW` values (`-var`), the
/// later winning. Environment variables (`TF_VAR_…`) are not read.
///
/// ```
/// let inputs = hcl::config::Inputs::new()
///     .var_file("prod.tfvars", "region = \"eu\"\n")
///     .var_value("replicas", "3");
/// let src = "variable \"region\" {}\nvariable \"replicas\" {\n  type = number\n}\n";
/// let files = hcl::config::Files::parse([("main.tf", src)]).unwrap();
/// let module = files.module(&inputs).unwrap();
/// let values: Vec<_> = module.variables().map(|(_, t)| t.value().clone()).collect();
/// assert_eq!(values, [hcl::Value::from("eu"), hcl::Value::from(3)]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    tool: Tool,
    /// Whether a required variable with no value is unknown.
    missing_unknown: bool,
    /// Environment variables (those of the tool's prefix are read).
    env: Vec<(String, String)>,
    files: Vec<(String, String)>,
    values: Vec<(String, String)>,
    /// Where the locals' file functions may read (see
    /// [`Inputs::allow_files`]).
    #[cfg_attr(not(feature = "fs"), allow(dead_code))]
    files_dir: Option<std::path::PathBuf>,
}

impl Inputs {
    /// Adds `other`'s files and values after these (they win).
    pub(super) fn append(&mut self, other: &Inputs) {
        self.tool = other.tool;
        self.missing_unknown |= other.missing_unknown;
        self.env.extend(other.env.iter().cloned());
        self.files.extend(other.files.iter().cloned());
        self.values.extend(other.values.iter().cloned());
        if other.files_dir.is_some() {
            self.files_dir.clone_from(&other.files_dir);
        }
    }

    /// No values.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let files = Files::parse([("main.tf", "variable \"n\" {\n  default = 1\n}\n")]).unwrap();
    /// let module = files.module(&Inputs::new()).unwrap();
    /// let (name, value) = module.variables().next().unwrap();
    /// assert_eq!((name, value.value()), ("n", &hcl::Value::from(1)));
    /// ```
    pub fn new() -> Inputs {
        Inputs::default()
    }

    /// No values, for `tool`'s configurations: its messages name its
    /// ways of giving values ("Unset variable" for Packer and Nomad, "No
    /// value for required variable" for Terraform), and
    /// [`Inputs::env_vars`] reads its prefix (`PKR_VAR_`).
    ///
    /// ```
    /// use hcl::config::{Files, Inputs, Tool};
    /// let files = Files::parse([("build.pkr.hcl", "variable \"ami\" {\n  type = string\n}\n")]).unwrap();
    /// let err = files.module(&Inputs::for_tool(Tool::Packer)).unwrap_err();
    /// assert!(err.message().starts_with("Unset variable \"ami\": A used variable must be set"));
    /// let env = [("PKR_VAR_ami", "ami-123"), ("TF_VAR_ami", "no")];
    /// let module = files.module(&Inputs::for_tool(Tool::Packer).env_vars(env)).unwrap();
    /// assert_eq!(module.variables().next().unwrap().1.value(), &hcl::Value::from("ami-123"));
    /// ```
    pub fn for_tool(tool: Tool) -> Inputs {
        Inputs {
            tool,
            ..Inputs::default()
        }
    }

    /// Whether a required variable given no value is an unknown value of
    /// its type (what a scanner of reusable modules wants; what refers to
    /// it is not known either) instead of the "No value for required
    /// variable" error (default `false`), as
    /// [`PlanOptions::missing_variables_unknown`](super::PlanOptions::missing_variables_unknown).
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let files = Files::parse([("main.tf", "variable \"env\" {\n  type = string\n}\nlocals {\n  name = \"app-${var.env}\"\n}\n")]).unwrap();
    /// assert!(files.module(&Inputs::new()).is_err());
    /// let module = files.module(&Inputs::new().missing_variables_unknown(true)).unwrap();
    /// assert!(!module.locals().next().unwrap().1.is_known());
    /// ```
    pub fn missing_variables_unknown(mut self, yes: bool) -> Inputs {
        self.missing_unknown = yes;
        self
    }

    /// Whose conventions these inputs follow.
    ///
    /// ```
    /// use hcl::config::{Inputs, Tool};
    /// assert_eq!(Inputs::new().tool(), Tool::Terraform);
    /// assert_eq!(Inputs::for_tool(Tool::Nomad).tool(), Tool::Nomad);
    /// ```
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Adds environment variables (`std::env::vars()`, or any pairs):
    /// those named with the tool's prefix (`TF_VAR_NAME`; see
    /// [`Tool::env_prefix`]) give `NAME` a value, read as `-var NAME=RAW`
    /// reads it, before every variable file and `NAME=RAW` value (which
    /// win), as the tools read them. Those for undeclared variables are
    /// left. Nothing reads the environment unless this is called.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let files = Files::parse([("main.tf", "variable \"n\" {\n  type = number\n}\n")]).unwrap();
    /// let inputs = Inputs::new().env_vars([("TF_VAR_n", "2"), ("TF_VAR_other", "x")]);
    /// assert_eq!(files.module(&inputs).unwrap().variables().next().unwrap().1.value(), &hcl::Value::from(2));
    /// let inputs = inputs.var_value("n", "3");
    /// assert_eq!(files.module(&inputs).unwrap().variables().next().unwrap().1.value(), &hcl::Value::from(3));
    /// ```
    pub fn env_vars<K: Into<String>, V: Into<String>>(
        mut self,
        vars: impl IntoIterator<Item = (K, V)>,
    ) -> Inputs {
        let prefix = self.tool.env_prefix();
        for (k, v) in vars {
            let k = k.into();
            if k.starts_with(prefix) {
                self.env.push((k, v.into()));
            }
        }
        self
    }

    /// The variable files Terraform reads from a module directory by
    /// itself: `terraform.tfvars`, `terraform.tfvars.json`, then the
    /// `*.auto.tfvars` and `*.auto.tfvars.json` files in name order (see
    /// [`Inputs::read_tool_files`] for Packer's).
    ///
    /// # Errors
    /// An unreadable directory or file.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-auto-files-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("terraform.tfvars"), "env = \"dev\"\n").unwrap();
    /// std::fs::write(dir.join("prod.auto.tfvars"), "env = \"prod\"\n").unwrap();
    /// std::fs::write(dir.join("other.tfvars"), "env = \"other\"\n").unwrap();
    /// let inputs = Inputs::read_auto_files(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let files = Files::parse([("main.tf", "variable \"env\" {}\n")]).unwrap();
    /// let module = files.module(&inputs.unwrap()).unwrap();
    /// // The `*.auto.tfvars` files come after `terraform.tfvars`, and win.
    /// assert_eq!(module.variables().next().unwrap().1.value(), &hcl::Value::from("prod"));
    /// assert!(Inputs::read_auto_files(&dir).is_err());
    /// ```
    pub fn read_auto_files(dir: impl AsRef<std::path::Path>) -> Result<Inputs> {
        Inputs::new().read_tool_files(dir)
    }

    /// Adds the variable files the tool reads from `dir` by itself (see
    /// [`Tool`]): Terraform's `terraform.tfvars` and `*.auto.tfvars`,
    /// Packer's `*.auto.pkrvars.hcl`, none for Nomad.
    ///
    /// # Errors
    /// An unreadable directory or file.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs, Tool};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-tool-files-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("a.auto.pkrvars.hcl"), "region = \"eu\"\n").unwrap();
    /// std::fs::write(dir.join("terraform.tfvars"), "region = \"us\"\n").unwrap();
    /// let inputs = Inputs::for_tool(Tool::Packer).read_tool_files(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let files = Files::parse([("a.pkr.hcl", "variable \"region\" {}\n")]).unwrap();
    /// let module = files.module(&inputs.unwrap()).unwrap();
    /// assert_eq!(module.variables().next().unwrap().1.value(), &hcl::Value::from("eu"));
    /// ```
    pub fn read_tool_files(self, dir: impl AsRef<std::path::Path>) -> Result<Inputs> {
        let dir = dir.as_ref();
        let io = |what: &std::path::Path, e: std::io::Error| {
            Error::described(ErrorKind::Io, &format!("cannot read {}", what.display()), e)
        };
        let mut names = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
            let entry = entry.map_err(|e| io(dir, e))?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if crate::config::dir::is_file(&entry) {
                names.push(name);
            }
        }
        self.read_tool_files_among(dir, names)
    }

    /// [`Inputs::read_tool_files`] of `dir`, whose files are `names`.
    pub(crate) fn read_tool_files_among(
        mut self,
        dir: &std::path::Path,
        names: Vec<String>,
    ) -> Result<Inputs> {
        for name in self.tool.auto_var_files(names) {
            self = self.read_var_file(dir.join(name))?;
        }
        Ok(self)
    }

    /// Adds a variable file (`-var-file`): `name` ending in `.json` is read
    /// as HCL's JSON syntax.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let files = Files::parse([("main.tf", "variable \"zones\" {\n  type = list(string)\n}\n")]).unwrap();
    /// let inputs = Inputs::new().var_file("prod.tfvars.json", r#"{"zones": ["a", "b"]}"#);
    /// let module = files.module(&inputs).unwrap();
    /// assert_eq!(module.variables().next().unwrap().1.value(), &hcl::Value::from(vec!["a", "b"]));
    /// ```
    pub fn var_file(mut self, name: impl Into<String>, text: impl Into<String>) -> Inputs {
        self.files.push((name.into(), text.into()));
        self
    }

    /// Reads a variable file and adds it (see [`Inputs::var_file`]).
    ///
    /// # Errors
    /// An unreadable file, or one that is not UTF-8.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let path = std::env::temp_dir().join(format!("hcl-doc-var-file-{}.tfvars", std::process::id()));
    /// std::fs::write(&path, "size = 3\n").unwrap();
    /// let inputs = Inputs::new().read_var_file(&path);
    /// std::fs::remove_file(&path).unwrap();
    /// let files = Files::parse([("main.tf", "variable \"size\" {\n  type = number\n}\n")]).unwrap();
    /// let module = files.module(&inputs.unwrap()).unwrap();
    /// assert_eq!(module.variables().next().unwrap().1.value(), &hcl::Value::from(3));
    /// assert!(Inputs::new().read_var_file(&path).is_err());
    /// ```
    pub fn read_var_file(self, path: impl AsRef<std::path::Path>) -> Result<Inputs> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let name = name.strip_prefix("./").unwrap_or(&name).to_owned();
        let bytes = std::fs::read(path)
            .map_err(|e| Error::described(ErrorKind::Io, &format!("cannot read {name}"), e))?;
        let text = crate::parser::check_utf8(&bytes)
            .map_err(|e| e.with_file(name.clone()))?
            .to_owned();
        Ok(self.var_file(name, text))
    }

    /// Adds a value given as `-var NAME=RAW` gives it: RAW is a literal
    /// string for a `string`, `number` or `bool` variable, and an HCL
    /// expression otherwise.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let src = "variable \"name\" {\n  type = string\n}\nvariable \"ports\" {\n  type = list(number)\n}\n";
    /// let files = Files::parse([("main.tf", src)]).unwrap();
    /// let inputs = Inputs::new().var_value("name", "a b").var_value("ports", "[80, 443]");
    /// let module = files.module(&inputs).unwrap();
    /// let values: Vec<_> = module.variables().map(|(_, t)| t.value().clone()).collect();
    /// assert_eq!(values, [hcl::Value::from("a b"), hcl::Value::from(vec![80, 443])]);
    /// ```
    pub fn var_value(mut self, name: impl Into<String>, raw: impl Into<String>) -> Inputs {
        self.values.push((name.into(), raw.into()));
        self
    }

    /// Lets the locals' file functions (`file`, `templatefile`, ...) read
    /// under `base_dir`, as [`Context::allow_files`] does for an
    /// evaluation; without it a local that reads a file fails.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-inputs-files-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("greeting.txt"), "hello").unwrap();
    /// let files = Files::parse([("main.tf", "locals {\n  g = file(\"greeting.txt\")\n}\n")]).unwrap();
    /// assert!(files.module(&Inputs::new()).is_err());
    /// let module = files.module(&Inputs::new().allow_files(&dir));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// assert_eq!(module.unwrap().locals().next().unwrap().1.value(), &hcl::Value::from("hello"));
    /// ```
    #[cfg(feature = "fs")]
    pub fn allow_files(mut self, base_dir: impl Into<std::path::PathBuf>) -> Inputs {
        self.files_dir = Some(base_dir.into());
        self
    }
}

/// A module's variables and locals, evaluated as Terraform does (see
/// [`Files::module`]).
///
/// ```
/// use hcl::config::{Files, Inputs};
/// let files = Files::parse([("main.tf", "variable \"a\" {\n  default = 2\n}\nlocals {\n  b = var.a * 10\n}\n")]).unwrap();
/// let module = files.module(&Inputs::new()).unwrap();
/// assert_eq!(module.locals().next().unwrap().1.value(), &hcl::Value::from(20));
/// ```
#[derive(Debug)]
pub struct Module {
    variables: Vec<(String, Typed)>,
    locals: Vec<(String, Typed)>,
    warnings: Vec<Diagnostic>,
}

impl Module {
    /// The variables' values, in the order they are declared.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let src = "variable \"b\" {\n  default = \"x\"\n}\nvariable \"a\" {\n  type    = number\n  default = \"5\"\n}\n";
    /// let module = Files::parse([("main.tf", src)]).unwrap().module(&Inputs::new()).unwrap();
    /// let vars: Vec<_> = module.variables().map(|(n, t)| (n, t.value().clone())).collect();
    /// assert_eq!(vars, [("b", hcl::Value::from("x")), ("a", hcl::Value::from(5))]);
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = (&str, &Typed)> {
        self.variables.iter().map(|(n, t)| (n.as_str(), t))
    }

    /// The local values, in the order they are defined; a local that
    /// depends on what is not known (a resource's attribute) is unknown, or
    /// holds unknown values.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let src = "locals {\n  name = \"web\"\n  id   = aws_instance.web.id\n}\n";
    /// let module = Files::parse([("main.tf", src)]).unwrap().module(&Inputs::new()).unwrap();
    /// let locals: Vec<_> = module.locals().map(|(n, t)| (n, t.is_known())).collect();
    /// assert_eq!(locals, [("name", true), ("id", false)]);
    /// ```
    pub fn locals(&self) -> impl Iterator<Item = (&str, &Typed)> {
        self.locals.iter().map(|(n, t)| (n.as_str(), t))
    }

    /// What Terraform would warn of (a value for an undeclared variable in
    /// a variable file).
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// let files = Files::parse([("main.tf", "variable \"a\" {\n  default = 1\n}\n")]).unwrap();
    /// let inputs = Inputs::new().var_file("x.tfvars", "a = 2\nb = 3\n");
    /// let module = files.module(&inputs).unwrap();
    /// assert_eq!(module.warnings().len(), 1);
    /// assert!(files.module(&Inputs::new()).unwrap().warnings().is_empty());
    /// ```
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// Declares `var` and `local` (objects of the values) in `ctx`, with
    /// `path.module`, `path.root` (`.`) and `terraform.workspace`
    /// (`default`), as `terraform console` run in the module's directory
    /// has them. In template-preserving mode, what still refers to what is
    /// not known (resources, data sources, module outputs) is kept as
    /// written.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// use hcl::eval::{evaluate_str, Context};
    /// let files = Files::parse([("main.tf", "variable \"env\" {\n  default = \"dev\"\n}\n")]).unwrap();
    /// let module = files.module(&Inputs::new()).unwrap();
    /// let mut ctx = Context::new();
    /// module.declare_in(&mut ctx);
    /// assert_eq!(evaluate_str("\"${var.env}-${terraform.workspace}\"", &ctx).unwrap(), hcl::Value::from("dev-default"));
    /// assert_eq!(evaluate_str("path.module", &ctx).unwrap(), hcl::Value::from("."));
    /// ```
    pub fn declare_in(&self, ctx: &mut Context<'_>) {
        declare(ctx, object(&self.variables), object(&self.locals));
    }

    /// Where the resources, data sources and module calls that `count =
    /// 0` or an empty `for_each` switch off start in `files` (the byte
    /// offsets of their type names): Terraform does not evaluate their
    /// bodies, and [`WriteOptions::unevaluated`](crate::json::WriteOptions::unevaluated)
    /// writes them as written. A `count` or `for_each` not known here
    /// (it refers to a resource) leaves its block on.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// use hcl::eval::{Context, EvalMode};
    /// use hcl::json::{to_value, WriteOptions};
    /// let src = "variable \"c\" {\n  default = null\n}\nresource \"x\" \"y\" {\n  count = var.c == null ? 0 : 1\n  input = var.c.a\n}\n";
    /// let files = Files::parse([("main.tf", src)]).unwrap();
    /// let module = files.module(&Inputs::new()).unwrap();
    /// let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// module.declare_in(&mut ctx);
    /// assert!(to_value(files.body(), src, &ctx, &WriteOptions::new()).is_err());
    /// let options = WriteOptions::new().unevaluated(module.switched_off(&files));
    /// let v = to_value(files.body(), src, &ctx, &options).unwrap();
    /// assert_eq!(v["resource"]["x"]["y"]["input"], hcl::Value::from("${var.c.a}"));
    /// ```
    pub fn switched_off(&self, files: &Files) -> Vec<usize> {
        let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        self.declare_in(&mut ctx);
        let mut off = Vec::new();
        for b in files.body().blocks() {
            if !matches!(b.ident.as_str(), "resource" | "data" | "module") {
                continue;
            }
            let zero = if let Some(a) = b.body.attribute("count") {
                crate::eval::evaluate_typed(&a.expr, &ctx)
                    .is_ok_and(|t| t.is_known() && t.value() == &Value::from(0))
            } else if let Some(a) = b.body.attribute("for_each") {
                crate::eval::evaluate_typed(&a.expr, &ctx).is_ok_and(|t| {
                    t.is_known()
                        && match t.value() {
                            Value::Array(v) => v.is_empty(),
                            Value::Object(o) => o.is_empty(),
                            _ => false,
                        }
                })
            } else {
                false
            };
            if zero {
                off.push(b.ident.span.start());
            }
        }
        off
    }
}

/// Declares `var` and `local`, with `path` and `terraform` (see
/// [`Module::declare_in`]).
fn declare(ctx: &mut Context<'_>, var: Typed, local: Typed) {
    ctx.declare_typed("var", var);
    ctx.declare_typed("local", local);
    ctx.declare_var(
        "path",
        Value::from_iter([("module", Value::from(".")), ("root", Value::from("."))]),
    );
    ctx.declare_var(
        "terraform",
        Value::from_iter([("workspace", Value::from("default"))]),
    );
}

/// An object of typed values, as one typed value.
pub(super) fn object(items: &[(String, Typed)]) -> Typed {
    Typed::object(items.iter().cloned())
}

/// Roots a module's expressions may refer to that are not `var` or
/// `local`, known here (the others are unknown while locals evaluate).
const KNOWN_ROOTS: &[&str] = &["var", "local", "path", "terraform"];

/// Each variable's value, and the failures of their `validation` rules.
type VariableValues = (Vec<(String, Typed)>, Option<Error>);

impl Files {
    /// Evaluates the module's `variable` and `locals` blocks as Terraform
    /// does, for [`Module::declare_in`]: Terraform's duplicate checks
    /// first ("Duplicate variable declaration", "Duplicate local value
    /// definition", "Duplicate output definition", "Duplicate module
    /// call", duplicate resources and data sources), references to
    /// undeclared variables and locals; then each variable's value (type
    /// constraint with `optional()` defaults, `default`, `nullable`; the
    /// values of `inputs`, the later winning; "No value for required
    /// variable"), and the locals in the order they depend on each other
    /// (a cycle is an error naming its locals, as Terraform's "Cycle:"). A
    /// local that refers to what is not known here (a resource, a data
    /// source, a module's output) is unknown. `validation` blocks are not
    /// evaluated. Packer's `local "NAME" { expression = … }` blocks are
    /// locals too (its legacy `variables { NAME = DEFAULT }` block is not
    /// read).
    ///
    /// # Errors
    /// Every error of the checks, or of the variables, or of the locals,
    /// each placed in its file.
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// use hcl::eval::{Context, EvalMode, Evaluate};
    ///
    /// let files = Files::parse([
    ///     ("variables.tf", "variable \"env\" {\n  type = string\n}\n"),
    ///     ("main.tf", "locals {\n  name = \"app-${var.env}\"\n  id   = aws_instance.web.id\n}\noutput \"name\" {\n  value = local.name\n}\noutput \"id\" {\n  value = local.id\n}\n"),
    /// ]).unwrap();
    /// let module = files.module(&Inputs::new().var_value("env", "prod")).unwrap();
    /// let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// module.declare_in(&mut ctx);
    /// let v = files.body().evaluate(&ctx).unwrap();
    /// assert_eq!(v["output"]["name"]["value"], hcl::Value::from("app-prod"));
    /// assert_eq!(v["output"]["id"]["value"], hcl::Value::from("${local.id}"));
    ///
    /// let err = files.module(&Inputs::new()).unwrap_err();
    /// assert_eq!(err.message().split(':').next(), Some("No value for required variable"));
    /// assert_eq!((err.file(), err.line()), (Some("variables.tf"), Some(1)));
    /// ```
    pub fn module(&self, inputs: &Inputs) -> Result<Module> {
        self.module_in(inputs, None)
    }

    /// [`Files::module`] with the locals evaluated in `ctx`: its functions
    /// (Packer's `strftime`, Nomad's, your own), its file access and
    /// limits (its variables are not seen: a module sees what it
    /// declares).
    ///
    /// # Errors
    /// As [`Files::module`].
    ///
    /// ```
    /// use hcl::config::{Files, Inputs};
    /// use hcl::eval::{Context, FuncDef, ParamType};
    /// use hcl::Value;
    ///
    /// let files = Files::parse([("build.pkr.hcl", "locals {\n  stamp = legacy_isotime(\"2006\")\n}\n")]).unwrap();
    /// assert!(files.module(&Inputs::new()).is_err());
    /// let mut ctx = Context::new();
    /// let f = FuncDef::builder().param("format", ParamType::String).build(|_| Ok(Value::from("2026")));
    /// ctx.declare_func("legacy_isotime", f);
    /// let module = files.module_with(&Inputs::new(), &ctx).unwrap();
    /// assert_eq!(module.locals().next().unwrap().1.value(), &Value::from("2026"));
    /// ```
    pub fn module_with(&self, inputs: &Inputs, ctx: &Context<'_>) -> Result<Module> {
        self.module_in(inputs, Some(ctx))
    }

    fn module_in(&self, inputs: &Inputs, caller: Option<&Context<'_>>) -> Result<Module> {
        let body = self.body();
        let text = self.source();
        let mut decl = Declarations::of(body, &|span| super::range_text(text, &self.files, span));
        let place = |e: Error| self.locate(e);
        if let Some(e) = decl.failed.take().or_else(|| undeclared(body, &decl)) {
            return Err(place(e));
        }
        let mut warnings = Vec::new();
        let (variables, invalid) = self.variable_values(
            &decl,
            &[],
            inputs,
            inputs.missing_unknown,
            &mut warnings,
            Some(&mut Vec::new()),
        )?;
        if let Some(e) = invalid {
            return Err(e);
        }
        let locals = evaluate_locals(&decl, &variables, inputs, caller).map_err(place)?;
        Ok(Module {
            variables,
            locals,
            warnings,
        })
    }

    /// Terraform's checks of a module, without evaluating it (what `hcl
    /// check --module` runs): the duplicate checks, references to
    /// undeclared variables and locals, cycles of locals, and each
    /// variable's `type`, `default` and `nullable`.
    ///
    /// # Errors
    /// Every error found, each placed in its file.
    ///
    /// ```
    /// use hcl::config::Files;
    /// let ok = Files::parse([("main.tf", "variable \"a\" {}\nlocals {\n  b = var.a\n}\n")]).unwrap();
    /// assert!(ok.check_module().is_ok());
    /// let files = Files::parse([("main.tf", "locals {\n  b = var.missing\n}\n")]).unwrap();
    /// let err = files.check_module().unwrap_err();
    /// assert_eq!((err.file(), err.line()), (Some("main.tf"), Some(2)));
    /// ```
    pub fn check_module(&self) -> Result<()> {
        let body = self.body();
        let text = self.source();
        let mut decl = Declarations::of(body, &|span| super::range_text(text, &self.files, span));
        let mut failed = decl.failed.take();
        if let Some(e) = undeclared(body, &decl) {
            Error::append(&mut failed, e);
        }
        for (_, block) in &decl.variables {
            if let Err(e) = variable_of(block) {
                Error::append(&mut failed, e);
            }
        }
        if let Err(cycle) = topological(&local_graph(&decl).0) {
            Error::append(&mut failed, cycle_error(&decl, &cycle));
        }
        failed.map_or(Ok(()), |e| Err(self.locate(e)))
    }

    /// Each declared variable's value; and, when `outcomes` is given, the
    /// failures of their `validation` rules (each rule's outcome added to
    /// `outcomes`). `known` holds the variables' declarations when they
    /// were read before (`None` for one that failed), in `decl`'s order;
    /// empty when they were not.
    pub(super) fn variable_values(
        &self,
        decl: &Declarations<'_, '_>,
        known: &[Option<Variable>],
        inputs: &Inputs,
        missing_unknown: bool,
        warnings: &mut Vec<Diagnostic>,
        outcomes: Option<&mut Vec<(String, Vec<Outcome>)>>,
    ) -> Result<VariableValues> {
        let mut failed: Option<Error> = None;
        let mut declared: Vec<(&str, &Block<'_>, Cow<'_, Variable>)> = Vec::new();
        for (i, (name, block)) in decl.variables.iter().enumerate() {
            if let Some(Some(v)) = known.get(i) {
                declared.push((name, block, Cow::Borrowed(v)));
                continue;
            }
            match variable_of(block) {
                Ok(v) => declared.push((name, block, Cow::Owned(v))),
                Err(e) => Error::append(&mut failed, self.locate(e)),
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        let known = |n: &str| declared.iter().any(|d| d.0 == n);
        // The values given: the environment's, files in order, then
        // NAME=RAW values.
        let mut given: HashMap<String, Typed> = HashMap::new();
        // Where each value given came from (for a validation's error).
        let mut origin: HashMap<String, Origin<'_>> = HashMap::new();
        let prefix = inputs.tool.env_prefix();
        for (key, raw) in &inputs.env {
            let Some(name) = key.strip_prefix(prefix) else {
                continue;
            };
            // (A value for an undeclared variable is left, as the tools
            // leave it.)
            let Some((_, block, v)) = declared.iter().find(|d| d.0 == name) else {
                continue;
            };
            let t = if block.body.attribute("type").is_none() {
                Ok(Typed::from(Value::from(raw.as_str())))
            } else {
                v.parse_raw(raw)
            };
            match t {
                Ok(t) => {
                    given.insert(name.to_owned(), t);
                    origin.insert(name.to_owned(), Origin::Env);
                }
                Err(e) => Error::append(&mut failed, e),
            }
        }
        for (file, text) in &inputs.files {
            let parsed = if super::ext_is_json(file) {
                crate::json::parse(text)
            } else {
                crate::parser::parse(text)
            }
            .map_err(|e| e.with_file(file.clone()))?;
            for a in parsed.body().attributes() {
                let name = a.name.as_str();
                if !known(name) {
                    warnings.push(Diagnostic {
                        severity: Severity::Warning,
                        summary: "Value for undeclared variable".to_owned(),
                        detail: format!(
                            "The root module does not declare a variable named \"{name}\" but a value was found in file \"{file}\". If you meant to use this value, add a \"variable\" block to the configuration."
                        ),
                        range: Error::spanned(ErrorKind::Eval, "", a.name.span)
                            .with_source(parsed.source())
                            .with_file(file.clone())
                            .diagnostics()
                            .next()
                            .and_then(|d| d.range),
                    });
                    continue;
                }
                match constant_of(&a.expr) {
                    Ok(t) => {
                        given.insert(name.to_owned(), t);
                        origin.insert(name.to_owned(), Origin::File(file, text, a.expr.span));
                    }
                    Err(e) => Error::append(
                        &mut failed,
                        e.with_source(parsed.source()).with_file(file.clone()),
                    ),
                }
            }
        }
        for (name, raw) in &inputs.values {
            match declared.iter().find(|d| d.0 == name) {
                None => Error::append(
                    &mut failed,
                    Error::described(ErrorKind::Eval, "Value for undeclared variable", format_args!("A variable named \"{name}\" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."
                        )),
                ),
                // (Terraform reads RAW as a literal string for a variable
                // without a `type`, as for a primitive one.)
                Some((_, block, _)) if block.body.attribute("type").is_none() => {
                    origin.insert(name.clone(), Origin::CommandLine);
                    given.insert(name.clone(), Typed::from(Value::from(raw.as_str())));
                }
                Some((_, _, v)) => match v.parse_raw(raw) {
                    Ok(t) => {
                        origin.insert(name.clone(), Origin::CommandLine);
                        given.insert(name.clone(), t);
                    }
                    Err(e) => Error::append(&mut failed, e),
                },
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        let mut values = Vec::with_capacity(declared.len());
        for (name, block, v) in &declared {
            let at = || self.range_text(header_span(block));
            match v.resolve(given.remove(*name)) {
                Ok(t) => values.push(((*name).to_owned(), t)),
                Err(Unset::Required) if missing_unknown => {
                    values.push(((*name).to_owned(), Typed::unknown(v.constraint().ty())));
                }
                Err(why) => {
                    let (summary, detail) = match why {
                        Unset::Required => inputs.tool.unset_variable(name),
                        Unset::NotNullable => (
                            "Required variable not set".to_owned(),
                            format!("Unsuitable value for var.{name} set from outside of the configuration: required variable may not be set to null."),
                        ),
                        Unset::Invalid(detail) => (
                            "Invalid value for input variable".to_owned(),
                            format!(
                                "The given value is not suitable for var.{name} declared at {}: {detail}.",
                                at()
                            ),
                        ),
                    };
                    let e = Error::described(ErrorKind::Eval, &summary, detail)
                        .at_span(header_span(block));
                    Error::append(&mut failed, self.locate(e));
                }
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        // The variables' `validation` rules, with every value known.
        let Some(outcomes) = outcomes else {
            return Ok((values, None));
        };
        let ctx = variables_context(&values);
        for (name, block, _) in &declared {
            let found = match self.validations(block, name, &ctx, outcomes) {
                Ok(found) => found,
                Err(e) => {
                    Error::append(&mut failed, e);
                    continue;
                }
            };
            for (message, rule) in found {
                let detail = format!(
                    "{message}\n\nThis was checked by the validation rule at {}.",
                    self.range_text(rule)
                );
                let source = match origin.get(*name) {
                    None => Source::Default,
                    Some(Origin::File(..)) => Source::File,
                    Some(Origin::Env) => Source::Env,
                    Some(Origin::CommandLine) => Source::CommandLine,
                };
                let summary = inputs.tool.invalid_value(source);
                let e = match origin.get(*name) {
                    Some(Origin::File(file, text, span)) => {
                        condition::failed(&summary, &detail, *span)
                            .with_source(text)
                            .with_file(*file)
                    }
                    Some(_) => Error::described(ErrorKind::Eval, &summary, &detail),
                    None => self.locate(condition::failed(&summary, &detail, header_span(block))),
                };
                Error::append(&mut failed, e);
            }
        }
        Ok((values, failed))
    }

    /// A variable's `validation` rules, in `ctx` (whose `var` holds the
    /// module's variables): each false rule's message and the span of its
    /// block; each rule's outcome added to `outcomes`. A rule that refers
    /// to anything but variables is not known here.
    ///
    /// # Errors
    /// A rule that cannot be evaluated, placed in its file.
    pub(super) fn validations(
        &self,
        block: &Block<'_>,
        name: &str,
        ctx: &Context<'_>,
        outcomes: &mut Vec<(String, Vec<Outcome>)>,
    ) -> Result<Vec<(String, Span)>> {
        let mut found = Vec::new();
        let mut seen = Vec::new();
        for rule in condition::rules(&block.body, "validation") {
            let mut only_vars = true;
            each_body_reference(&rule.body, |_, r| only_vars &= r.root == "var");
            let outcome = if only_vars {
                condition::evaluate(rule, ctx).map_err(|e| self.locate(e))?
            } else {
                Outcome::Unknown
            };
            if let Outcome::Fail(m) = &outcome {
                found.push((m.clone(), rule.ident.span));
            }
            seen.push(outcome);
        }
        if !seen.is_empty() {
            outcomes.push((name.to_owned(), seen));
        }
        Ok(found)
    }

    /// Go's `Range.String()` of `span` of the merged text, in its file.
    fn range_text(&self, span: Span) -> String {
        super::range_text(self.source(), &self.files, span)
    }
}

/// The span of a block's header: its type and labels (Terraform's
/// `DeclRange`).
pub(super) fn header_span(b: &Block<'_>) -> Span {
    let end = b.labels.last().map_or(b.ident.span, |l| l.span());
    b.ident.span.to(end)
}

/// A context whose `var` is `values`.
pub(super) fn variables_context(values: &[(String, Typed)]) -> Context<'static> {
    let mut ctx = Context::new();
    ctx.declare_typed("var", object(values));
    ctx
}

/// Where a variable's value was given: in a file (its name, its text
/// and the value's span), in the environment, on the command line.
enum Origin<'i> {
    File(&'i str, &'i str, Span),
    Env,
    CommandLine,
}

/// A `variable` block as a [`Variable`]: `type`, `default`, `nullable`.
pub(super) fn variable_of(block: &Block<'_>) -> Result<Variable> {
    let body = &block.body;
    let constraint = match body.attribute("type") {
        Some(a) => TypeConstraint::from_expression(&a.expr)?,
        None => TypeConstraint::Any,
    };
    let default = body
        .attribute("default")
        .map(|a| constant_of(&a.expr))
        .transpose()?;
    let nullable = match body.attribute("nullable") {
        None => true,
        Some(a) => match constant_of(&a.expr)?.into_value() {
            Value::Bool(b) => b,
            Value::Null => true,
            _ => {
                return Err(Error::described(
                    ErrorKind::Eval,
                    "Invalid nullable value",
                    "The nullable argument must be a boolean value.",
                )
                .at_span(a.expr.span))
            }
        },
    };
    Variable::new(constraint, default, nullable).map_err(|e| {
        let span = body
            .attribute("default")
            .map_or(block.ident.span, |a| a.expr.span);
        e.bare().at_span(span)
    })
}

/// What a module declares, in the order of its files, and the errors of
/// Terraform's duplicate checks.
pub(super) struct Declarations<'b, 'a> {
    pub(super) variables: Vec<(&'a str, &'b Block<'a>)>,
    /// Each local's name, value and the span of its definition.
    pub(super) locals: Vec<(&'a str, &'b Expression<'a>, Span)>,
    /// Resources and data sources: (is data, type, name, block).
    pub(super) resources: Vec<(bool, &'a str, &'a str, &'b Block<'a>)>,
    /// Module calls: name and block.
    pub(super) calls: Vec<(&'a str, &'b Block<'a>)>,
    /// Outputs: name and block.
    pub(super) outputs: Vec<(&'a str, &'b Block<'a>)>,
    /// `check` blocks: name and block (their scoped `data` blocks are in
    /// `resources`).
    pub(super) checks: Vec<(&'a str, &'b Block<'a>)>,
    pub(super) failed: Option<Error>,
    /// Where each name is in the lists above.
    index: crate::value::map::FastHashMap<(Kind, &'a str, &'a str), (usize, Span)>,
}

/// What a name of a module declares (for [`Declarations::find`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Variable,
    Local,
    Resource,
    Data,
    Call,
    Output,
    /// (A `check` block: only for the duplicate check.)
    Check,
}

/// A block's labels, as the declarations tell them apart.
#[derive(Clone, Copy)]
enum Labels<'a> {
    None,
    One(&'a str),
    Two(&'a str, &'a str),
    More,
}

impl<'b, 'a> Declarations<'b, 'a> {
    /// `range` words where a span is (`main.tf:1,1-13`).
    pub(super) fn of(body: &'b Body<'a>, range: &dyn Fn(Span) -> String) -> Self {
        let mut d = Declarations {
            variables: Vec::new(),
            locals: Vec::new(),
            resources: Vec::new(),
            calls: Vec::new(),
            outputs: Vec::new(),
            checks: Vec::new(),
            failed: None,
            index: HashMap::default(),
        };
        // Each first definition: (kind, type, name) -> where it is in its
        // list, and its span.
        let mut index: crate::value::map::FastHashMap<(Kind, &'a str, &'a str), (usize, Span)> =
            HashMap::with_capacity_and_hasher(body.structures.len(), Default::default());
        let mut first = |kind: Kind, ty: &'a str, name: &'a str, span: Span, at: usize| match index
            .entry((kind, ty, name))
        {
            std::collections::hash_map::Entry::Occupied(e) => Some(e.get().1),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert((at, span));
                None
            }
        };
        let mut duplicates: Vec<(Span, String, String, Span)> = Vec::new();
        for s in body.structures {
            let Structure::Block(b) = s else { continue };
            let header = header_span(b);
            let labels = |b: &'b Block<'a>| match b.labels {
                [] => Labels::None,
                [name] => Labels::One(name.as_str()),
                [ty, name] => Labels::Two(ty.as_str(), name.as_str()),
                _ => Labels::More,
            };
            match (b.ident.as_str(), labels(b)) {
                ("variable", Labels::One(name)) => {
                    match first(Kind::Variable, "", name, header, d.variables.len()) {
                        Some(f) => duplicates.push((header, "Duplicate variable declaration".into(), format!("A variable named \"{name}\" was already declared at {{}}. Variable names must be unique within a module."), f)),
                        None => d.variables.push((name, b)),
                    }
                }
                ("locals", Labels::None) => {
                    for a in b.body.attributes() {
                        let name = a.name.as_str();
                        match first(Kind::Local, "", name, a.span(), d.locals.len()) {
                            Some(f) => duplicates.push((a.span(), "Duplicate local value definition".into(), format!("A local value named \"{name}\" was already defined at {{}}. Local value names must be unique within a module."), f)),
                            None => d.locals.push((name, &a.expr, a.span())),
                        }
                    }
                }
                // Packer's `local "NAME" { expression = ... }`.
                ("local", Labels::One(name)) => {
                    if let Some(a) = b.body.attribute("expression") {
                        match first(Kind::Local, "", name, header, d.locals.len()) {
                            Some(f) => duplicates.push((header, "Duplicate local value definition".into(), format!("A local value named \"{name}\" was already defined at {{}}. Local value names must be unique within a module."), f)),
                            None => d.locals.push((name, &a.expr, header)),
                        }
                    }
                }
                ("output", Labels::One(name)) => match first(Kind::Output, "", name, header, d.outputs.len()) {
                    Some(f) => duplicates.push((header, "Duplicate output definition".into(), format!("An output named \"{name}\" was already defined at {{}}. Output names must be unique within a module."), f)),
                    None => d.outputs.push((name, b)),
                },
                ("module", Labels::One(name)) => match first(Kind::Call, "", name, header, d.calls.len()) {
                    Some(f) => duplicates.push((header, "Duplicate module call".into(), format!("A module call named \"{name}\" was already defined at {{}}. Module calls must have unique names within a module."), f)),
                    None => d.calls.push((name, b)),
                },
                ("resource", Labels::Two(ty, name)) => match first(Kind::Resource, ty, name, header, d.resources.len()) {
                    Some(f) => duplicates.push((header, format!("Duplicate resource \"{ty}\" configuration"), format!("A {ty} resource named \"{name}\" was already declared at {{}}. Resource names must be unique per type in each module."), f)),
                    None => d.resources.push((false, ty, name, b)),
                },
                ("data", Labels::Two(ty, name)) => match first(Kind::Data, ty, name, header, d.resources.len()) {
                    Some(f) => duplicates.push((header, format!("Duplicate data \"{ty}\" configuration"), format!("A {ty} data resource named \"{name}\" was already declared at {{}}. Resource names must be unique per type in each module."), f)),
                    None => d.resources.push((true, ty, name, b)),
                },
                ("check", Labels::One(name))
                    if first(Kind::Check, "", name, header, d.checks.len()).is_none() =>
                {
                    d.checks.push((name, b));
                    // A scoped data source is read as any other.
                    for inner in b.body.blocks() {
                        if let ("data", Labels::Two(ty, dn)) = (inner.ident.as_str(), labels(inner)) {
                            let at = d.resources.len();
                            if first(Kind::Data, ty, dn, header_span(inner), at).is_none() {
                                d.resources.push((true, ty, dn, inner));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (at, summary, detail, first) in duplicates {
            let detail = detail.replacen("{}", &range(first), 1);
            Error::append(
                &mut d.failed,
                Error::described(ErrorKind::Eval, &summary, detail).at_span(at),
            );
        }
        if let Some(e) = rule_errors(body) {
            Error::append(&mut d.failed, e);
        }
        d.index = index;
        d
    }

    /// Where what is declared as `name` (of resource type `ty` for
    /// resources and data sources, `""` otherwise) is in its list.
    pub(super) fn find(&self, kind: Kind, ty: &str, name: &str) -> Option<usize> {
        self.index.get(&(kind, ty, name)).map(|&(at, _)| at)
    }
}

/// Terraform's checks of the custom conditions as it reads them: a
/// condition must refer to something (a variable's, to that variable),
/// a `check` block must have an assertion.
fn rule_errors(body: &Body<'_>) -> Option<Error> {
    let mut failed = None;
    let check = |failed: &mut Option<Error>,
                 rule: &Block<'_>,
                 kind: &str,
                 var: Option<&str>|
     -> bool {
        let Some(c) = rule.body.attribute("condition") else {
            return true;
        };
        let refs = references(&c.expr);
        let mut ok = true;
        if refs.is_empty() {
            ok = false;
            Error::append(failed, Error::described(ErrorKind::Eval, &format!("Invalid {kind} expression"), "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.").at_span(c.expr.span));
        }
        if let Some(name) = var {
            if !refs
                .iter()
                .any(|r| r.root == "var" && r.steps.first() == Some(&Step::Attr(name)))
            {
                ok = false;
                Error::append(failed, Error::described(ErrorKind::Eval, "Invalid variable validation condition", format_args!("The condition for variable \"{name}\" must refer to var.{name} in order to test incoming values.")).at_span(c.expr.span));
            }
        }
        ok
    };
    for s in body.structures {
        let Structure::Block(b) = s else { continue };
        let name = b.labels.first().map(|l| l.as_str());
        match b.ident.as_str() {
            "variable" => {
                for rule in condition::rules(&b.body, "validation") {
                    check(&mut failed, rule, "validation", name);
                }
            }
            "resource" | "data" => {
                for l in condition::rules(&b.body, "lifecycle") {
                    for kind in ["precondition", "postcondition"] {
                        for rule in condition::rules(&l.body, kind) {
                            check(&mut failed, rule, kind, None);
                        }
                    }
                }
            }
            "output" => {
                for rule in condition::rules(&b.body, "precondition") {
                    check(&mut failed, rule, "precondition", None);
                }
            }
            "check" => {
                let mut asserts = 0;
                for rule in condition::rules(&b.body, "assert") {
                    asserts += usize::from(check(&mut failed, rule, "assert", None));
                }
                if asserts == 0 {
                    Error::append(
                        &mut failed,
                        Error::described(
                            ErrorKind::Eval,
                            "Zero assert blocks",
                            "Check blocks must have at least one assert block.",
                        )
                        .at_span(header_span(b)),
                    );
                }
            }
            _ => {}
        }
    }
    failed
}

/// References to undeclared variables and locals, anywhere in the body,
/// and locals that refer to themselves.
pub(super) fn undeclared(body: &Body<'_>, decl: &Declarations<'_, '_>) -> Option<Error> {
    let mut failed: Option<Error> = None;
    each_body_reference(body, |_, r| {
        if let Some(e) = undeclared_reference(decl, &r, None) {
            Error::append(&mut failed, e);
        }
    });
    for (name, expr, _) in &decl.locals {
        for r in references(expr) {
            if r.root == "local" && r.steps.first() == Some(&Step::Attr(name)) {
                if let Some(e) = undeclared_reference(decl, &r, Some(name)) {
                    Error::append(&mut failed, e);
                }
            }
        }
    }
    failed.map(Error::sorted)
}

/// The span Terraform gives an undeclared reference: the root and the
/// names that make the address.
pub(super) fn ref_span(r: &crate::analysis::Reference<'_>) -> Span {
    let names = match r.root {
        "data" => 2,
        _ => 1,
    };
    let mut end = r.span.start() + r.root.len();
    for s in r.steps.iter().take(names) {
        if let Step::Attr(n) = s {
            end += 1 + n.len();
        }
    }
    Span::new(r.span.start(), end.min(r.span.end()))
}

/// Terraform's error for a reference to a variable or local the module
/// does not declare, or (in the local named `local`) to that local itself;
/// at the root and the name.
pub(super) fn undeclared_reference(
    decl: &Declarations<'_, '_>,
    r: &crate::analysis::Reference<'_>,
    local: Option<&str>,
) -> Option<Error> {
    let Some(Step::Attr(name)) = r.steps.first() else {
        return None;
    };
    let (summary, detail) = match r.root {
        "local" if local == Some(*name) => self_reference(name),
        "var" if decl.find(Kind::Variable, "", name).is_none() => undeclared_variable(name),
        "local" if decl.find(Kind::Local, "", name).is_none() => undeclared_local(name),
        _ => return None,
    };
    Some(Error::described(ErrorKind::Eval, summary, detail).at_span(ref_span(r)))
}

/// Terraform's error for `local.NAME` in the local `NAME`.
#[cold]
pub(super) fn self_reference(name: &str) -> (&'static str, String) {
    (
        "Self-referencing local value",
        format!("Local value local.{name} cannot use its own result as part of its expression."),
    )
}

/// Terraform's error for `var.NAME` where no variable `NAME` is declared.
#[cold]
pub(super) fn undeclared_variable(name: &str) -> (&'static str, String) {
    ("Reference to undeclared input variable", format!("An input variable with the name \"{name}\" has not been declared. This variable can be declared with a variable \"{name}\" {{}} block."))
}

/// Terraform's error for `local.NAME` where no local `NAME` is declared.
#[cold]
pub(super) fn undeclared_local(name: &str) -> (&'static str, String) {
    (
        "Reference to undeclared local value",
        format!("A local value with the name \"{name}\" has not been declared."),
    )
}

/// Each local's dependencies (the locals it refers to) and the roots it
/// refers to that are not known here (resources, data sources, ...).
fn local_graph<'b>(decl: &Declarations<'b, '_>) -> (Vec<Vec<usize>>, Vec<Vec<&'b str>>) {
    let index: HashMap<&str, usize> = decl
        .locals
        .iter()
        .enumerate()
        .map(|(i, l)| (l.0, i))
        .collect();
    let mut deps: Vec<Vec<usize>> = Vec::with_capacity(decl.locals.len());
    let mut unknown_roots: Vec<Vec<&str>> = Vec::with_capacity(decl.locals.len());
    for (_, expr, _) in &decl.locals {
        let mut d = Vec::new();
        let mut roots = Vec::new();
        for r in references(expr) {
            match (r.root, r.steps.first()) {
                ("local", Some(Step::Attr(n))) => {
                    if let Some(&i) = index.get(n) {
                        d.push(i);
                    }
                }
                (root, _) if !KNOWN_ROOTS.contains(&root) => roots.push(r.root),
                _ => {}
            }
        }
        deps.push(d);
        unknown_roots.push(roots);
    }
    (deps, unknown_roots)
}

/// Terraform's error for the locals of a cycle.
#[cold]
pub(super) fn cycle_error(decl: &Declarations<'_, '_>, cycle: &[usize]) -> Error {
    cycle_of(
        cycle
            .iter()
            .map(|&i| format!("local.{} (expand)", decl.locals[i].0))
            .collect(),
    )
}

/// Terraform's error for a cycle of these nodes: one summary naming them
/// in reverse name order, as `terraform validate` lists them.
#[cold]
pub(super) fn cycle_of(mut names: Vec<String>) -> Error {
    names.sort_unstable_by(|a, b| b.cmp(a));
    Error::summarized(ErrorKind::Eval, &format!("Cycle: {}", names.join(", ")), "")
}

/// The locals evaluated in the order they depend on each other.
fn evaluate_locals(
    decl: &Declarations<'_, '_>,
    variables: &[(String, Typed)],
    inputs: &Inputs,
    caller: Option<&Context<'_>>,
) -> Result<Vec<(String, Typed)>> {
    let (deps, unknown_roots) = local_graph(decl);
    let order = topological(&deps).map_err(|cycle| cycle_error(decl, &cycle))?;
    let var = object(variables);
    let mut values: Vec<Option<Typed>> = vec![None; decl.locals.len()];
    let mut failed: Option<Error> = None;
    // What every local's evaluation shares: the mode and the file
    // functions, when allowed (declared once).
    let fresh;
    let caller = match caller {
        Some(c) => c,
        None => {
            fresh = Context::new();
            &fresh
        }
    };
    let mut base = caller.child();
    base.set_mode(EvalMode::Strict);
    #[cfg(feature = "fs")]
    if let Some(dir) = &inputs.files_dir {
        base.allow_files(dir);
    }
    #[cfg(not(feature = "fs"))]
    let _ = inputs;
    for i in order {
        let (_, expr, _) = decl.locals[i];
        // The locals it refers to, evaluated before it (one that failed is
        // unknown to the others).
        let so_far: Vec<(String, Typed)> = deps[i]
            .iter()
            .filter_map(|&j| values[j].clone().map(|v| (decl.locals[j].0.to_owned(), v)))
            .collect();
        let mut ctx = base.child();
        declare(&mut ctx, var.clone(), object(&so_far));
        for root in &unknown_roots[i] {
            ctx.declare_unknown(root, Type::Dynamic, false);
        }
        match crate::eval::evaluate_typed(expr, &ctx) {
            Ok(t) => values[i] = Some(t),
            Err(e) => {
                values[i] = Some(Typed::unknown(Type::Dynamic));
                Error::append(&mut failed, e);
            }
        }
    }
    if let Some(e) = failed {
        return Err(e.sorted());
    }
    Ok(decl
        .locals
        .iter()
        .zip(values)
        .map(|(l, v)| {
            (
                l.0.to_owned(),
                v.unwrap_or_else(|| Typed::unknown(Type::Dynamic)),
            )
        })
        .collect())
}

/// The nodes in an order where each comes after those it depends on
/// (`deps[i]`), or the nodes of a cycle (a strongly connected component
/// of more than one node).
pub(super) fn topological(deps: &[Vec<usize>]) -> std::result::Result<Vec<usize>, Vec<usize>> {
    // Tarjan's algorithm, iteratively: components come out dependencies
    // first, which is the order wanted.
    let n = deps.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, next edge to follow)
        let mut work = vec![(start, 0usize)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut e)) = work.last_mut() {
            if let Some(&w) = deps[v].get(*e) {
                *e += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    return Err(component);
                }
                order.extend(component);
            }
        }
    }
    Ok(order)
}
