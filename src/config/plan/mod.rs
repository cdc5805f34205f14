//! A configuration evaluated as Terraform plans it: every module instance,
//! every resource instance with its configured values, outputs, in
//! Terraform's two modes.
//!
//! * [`Mode::Validate`] is `terraform validate`: every input variable of
//!   the root module is an unknown value of its declared type, each
//!   resource, data source and module call is evaluated once with its
//!   instance keys unknown (`count.index`, `each.key`, `each.value`), and
//!   what refers to a resource or a module's output is unknown. What
//!   `terraform validate` reports, this reports.
//! * [`Mode::Plan`] is `terraform plan` (after the validation it runs
//!   first): variables take their values from defaults and [`Inputs`]
//!   (`terraform.tfvars`, `*.auto.tfvars`, var files, `NAME=VALUE`), `count`
//!   and `for_each` expand into instances, bodies whose instances are none
//!   are not evaluated, child modules are followed into their sources. A
//!   resource's configured attributes are their values; what the provider
//!   computes (`id`, `arn`, ...) is unknown.
//!
//! ```
//! use hcl::config::{Files, Mode, PlanOptions};
//!
//! let files = Files::parse([("main.tf", r#"
//! variable "names" {
//!   type    = set(string)
//!   default = ["a", "b"]
//! }
//! resource "terraform_data" "web" {
//!   for_each = var.names
//!   input    = "web-${each.key}"
//! }
//! output "ids" {
//!   value = [for w in terraform_data.web : w.id]
//! }
//! "#)]).unwrap();
//! let plan = files.plan(&PlanOptions::new()).unwrap();
//! let addresses: Vec<&str> = plan.resources().iter().map(|r| r.address.as_str()).collect();
//! assert_eq!(addresses, [r#"terraform_data.web["a"]"#, r#"terraform_data.web["b"]"#]);
//! assert_eq!(plan.resources()[1].values.value()["input"], hcl::Value::from("web-b"));
//! // The ids are known only after apply.
//! assert!(!plan.outputs()[0].value.is_known());
//!
//! // terraform validate: the variable is unknown, the bodies are checked once.
//! assert!(files.plan(&PlanOptions::new().mode(Mode::Validate)).unwrap().resources().is_empty());
//! ```

mod configuration;
mod graph;
mod json;
mod repetition;
mod sources;
mod walk;

use std::path::{Path, PathBuf};

pub use repetition::InstanceKey;

/// A resource's arguments that are not its configuration.
const RESOURCE_META: &[&str] = &["count", "for_each", "provider", "depends_on"];
/// A resource's blocks that are not its configuration.
const RESOURCE_META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection"];
/// A module call's arguments that are not inputs.
const CALL_META: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

use super::{Files, Inputs};
use crate::error::{Diagnostic, Result};
use crate::eval::{Context, Typed};

/// Which of Terraform's commands a plan follows: `terraform plan` or
/// `terraform validate` (see [`plan_dir`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// `terraform validate`: variables unknown, each body evaluated once.
    Validate,
    /// `terraform plan`: variables given, instances expanded.
    #[default]
    Plan,
}

/// How to plan a configuration: the mode, the variables' values, what to
/// do about required variables without one, and the caller's context.
///
/// ```
/// use hcl::config::{Inputs, Mode, PlanOptions};
/// let opts = PlanOptions::new()
///     .mode(Mode::Plan)
///     .inputs(Inputs::new().var_value("env", "prod"))
///     .missing_variables_unknown(true)
///     .workspace("staging");
/// assert_eq!(opts.get_mode(), Mode::Plan);
/// ```
#[derive(Clone, Debug)]
pub struct PlanOptions<'c> {
    mode: Mode,
    inputs: Inputs,
    missing_unknown: bool,
    workspace: String,
    context: Option<&'c Context<'c>>,
    max_instances: usize,
    max_module_depth: usize,
    allow_files: bool,
    describe: bool,
}

impl Default for PlanOptions<'_> {
    fn default() -> Self {
        PlanOptions {
            mode: Mode::Plan,
            inputs: Inputs::new(),
            missing_unknown: false,
            workspace: "default".to_owned(),
            context: None,
            max_instances: 100_000,
            max_module_depth: 64,
            allow_files: false,
            describe: true,
        }
    }
}

impl<'c> PlanOptions<'c> {
    /// Plan mode, no inputs, required variables required, workspace
    /// `default`, Terraform's functions.
    pub fn new() -> Self {
        Self::default()
    }

    /// The mode (default [`Mode::Plan`]).
    pub fn mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// The mode set.
    pub fn get_mode(&self) -> Mode {
        self.mode
    }

    /// The root module's variable values besides their defaults (see
    /// [`Inputs`]; [`plan_dir`] reads the directory's `terraform.tfvars`
    /// and `*.auto.tfvars` itself, before these).
    pub fn inputs(mut self, inputs: Inputs) -> Self {
        self.inputs = inputs;
        self
    }

    /// Whether a required root variable with no value is an unknown value
    /// of its type (what a scanner wants) instead of Terraform's "No value
    /// for required variable" (default `false`).
    pub fn missing_variables_unknown(mut self, yes: bool) -> Self {
        self.missing_unknown = yes;
        self
    }

    /// `terraform.workspace` (default `"default"`).
    pub fn workspace(mut self, name: impl Into<String>) -> Self {
        self.workspace = name.into();
        self
    }

    /// The context expressions are evaluated in: its functions (Packer's,
    /// Nomad's, your own), `allow_files` and limits. Its variables are
    /// not seen (a module sees only what it declares).
    pub fn context(mut self, ctx: &'c Context<'c>) -> Self {
        self.context = Some(ctx);
        self
    }

    /// The most instances one `count` or `for_each` may make (default
    /// 100,000): more is an [`ErrorKind::Limit`](crate::ErrorKind::Limit)
    /// error.
    pub fn max_instances(mut self, n: usize) -> Self {
        self.max_instances = n;
        self
    }

    /// Whether the file functions (`file`, `templatefile`, `fileset`, ...)
    /// read files, relative to each module's directory as Terraform reads
    /// them (with the `fs` feature). By default nothing is read and their
    /// results are unknown values.
    pub fn allow_files(mut self, yes: bool) -> Self {
        self.allow_files = yes;
        self
    }

    /// How deep module calls may nest (default 64).
    pub fn max_module_depth(mut self, n: usize) -> Self {
        self.max_module_depth = n;
        self
    }

    /// Whether the plan describes the configuration: the `configuration`
    /// section of [`Plan::to_json`] (each module's expressions, references
    /// and calls, as `terraform show -json` has them). On by default; a
    /// caller that needs the instances, their values and the outputs only
    /// (a scanner) leaves it out, as it is most of the document and a fifth
    /// of the planning time. The module sources are checked all the same.
    ///
    /// ```
    /// use hcl::config::{Files, PlanOptions};
    /// let files = Files::parse([("main.tf", "resource \"terraform_data\" \"a\" {}\n")]).unwrap();
    /// let full = files.plan(&PlanOptions::new()).unwrap().to_json();
    /// assert!(full.get("configuration").is_some());
    /// let lean = files.plan(&PlanOptions::new().configuration(false)).unwrap().to_json();
    /// assert!(lean.get("configuration").is_none());
    /// assert_eq!(lean["resource_changes"], full["resource_changes"]);
    /// ```
    pub fn configuration(mut self, yes: bool) -> Self {
        self.describe = yes;
        self
    }
}

/// Whether a resource is managed (`resource`) or a data source (`data`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceMode {
    /// `resource "TYPE" "NAME"`.
    Managed,
    /// `data "TYPE" "NAME"`.
    Data,
}

impl ResourceMode {
    /// A `data` block's mode, or a `resource` block's.
    pub(super) fn of(is_data: bool) -> ResourceMode {
        if is_data {
            ResourceMode::Data
        } else {
            ResourceMode::Managed
        }
    }

    /// The address of a resource of this mode within its module:
    /// `aws_x.y`, `data.aws_x.y`.
    pub(super) fn local(self, ty: &str, name: &str) -> String {
        match self {
            ResourceMode::Managed => format!("{ty}.{name}"),
            ResourceMode::Data => format!("data.{ty}.{name}"),
        }
    }

    /// `managed` or `data`, as the plan's JSON has it.
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceMode::Managed => "managed",
            ResourceMode::Data => "data",
        }
    }
}

/// One resource instance of a plan.
#[derive(Clone, Debug)]
pub struct ResourceInstance {
    /// Its address: `module.net["a"].aws_subnet.this[0]`.
    pub address: String,
    /// The address of its module instance (`""` in the root module).
    pub module_address: String,
    /// Managed resource or data source.
    pub mode: ResourceMode,
    /// The resource type (`aws_subnet`).
    pub type_name: String,
    /// The resource name (`this`).
    pub name: String,
    /// The instance key, under `count` or `for_each`.
    pub index: Option<InstanceKey>,
    /// The file that declares it (its name as read), and the line.
    pub file: String,
    /// The line of the block's header.
    pub line: usize,
    /// The configured attributes and nested blocks (blocks as lists of
    /// objects): an object, parts of which may be unknown.
    pub values: Typed,
    /// What the provider computes: the attributes known only after apply
    /// (for `terraform_data`: `id` and `output`; for other types, the names
    /// the module reads of this resource and its configuration does not
    /// set: see `docs/guide/plan.md`).
    pub computed: Vec<String>,
    /// The provider's full name (`registry.terraform.io/hashicorp/aws`,
    /// `terraform.io/builtin/terraform`).
    pub provider_name: String,
    /// Where its values are sensitive, in the shape of the plan's
    /// `sensitive_values`: `true` for what depends on a `sensitive`
    /// variable or output.
    pub sensitive: crate::value::Value,
}

/// A root module output's value.
#[derive(Clone, Debug)]
pub struct OutputValue {
    /// Its name.
    pub name: String,
    /// Its value (unknown, or with unknown parts, where it depends on what
    /// is known only after apply).
    pub value: Typed,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// What an object's custom conditions came to: its `validation`,
/// `precondition`, `postcondition` or `assert` rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckStatus {
    /// Every rule holds.
    Pass,
    /// A rule does not hold.
    Fail,
    /// A rule is not known until apply (and none fails).
    Unknown,
}

impl CheckStatus {
    /// `pass`, `fail` or `unknown`, as the plan's JSON has it.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::Pass => "pass",
            CheckStatus::Fail => "fail",
            CheckStatus::Unknown => "unknown",
        }
    }

    /// The status of several: a failure wins, then an unknown.
    fn of(all: impl IntoIterator<Item = CheckStatus>) -> CheckStatus {
        all.into_iter()
            .fold(CheckStatus::Pass, |a, b| match (a, b) {
                (CheckStatus::Fail, _) | (_, CheckStatus::Fail) => CheckStatus::Fail,
                (CheckStatus::Unknown, _) | (_, CheckStatus::Unknown) => CheckStatus::Unknown,
                _ => CheckStatus::Pass,
            })
    }
}

/// What kind of object a [`Checked`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// A resource or data source with `precondition` or `postcondition`
    /// blocks.
    Resource {
        /// Managed or data.
        mode: ResourceMode,
        /// Its type.
        type_name: String,
    },
    /// An output with `precondition` blocks.
    OutputValue,
    /// A variable with `validation` blocks.
    Variable,
    /// A `check` block.
    Check,
}

/// An object with custom conditions, and what they came to in each of its
/// instances (Terraform's `checks` of a plan).
#[derive(Clone, Debug)]
pub struct Checked {
    /// What it is.
    pub kind: CheckKind,
    /// Its name.
    pub name: String,
    /// Its module's address in the configuration (`module.a.module.b`, no
    /// instance keys; `""` for the root).
    pub module: String,
    /// Its address in the configuration: `module.a.terraform_data.x`,
    /// `var.n`, `output.o`, `check.c`.
    pub address: String,
    /// All its instances' status (`pass` when it has none).
    pub status: CheckStatus,
    /// Each instance: its address, its module instance's address, its
    /// key, its status and the messages of its failed rules.
    pub instances: Vec<CheckedInstance>,
}

/// One instance of a [`Checked`] object.
#[derive(Clone, Debug)]
pub struct CheckedInstance {
    /// `module.a[0].terraform_data.x["k"]`.
    pub address: String,
    /// Its module instance (`module.a[0]`; `""` for the root).
    pub module: String,
    /// Its key under `count` or `for_each`.
    pub key: Option<InstanceKey>,
    /// What its rules came to.
    pub status: CheckStatus,
    /// The error messages of the rules that failed, sorted.
    pub problems: Vec<String>,
}

/// A `moved`, `import` or `removed` block of a module instance, read (the
/// plan has no state: nothing is moved, imported or removed).
#[derive(Clone, Debug)]
pub struct Refactoring {
    /// What the block says.
    pub kind: RefactoringKind,
    /// The module instance that declares it (`""` for the root).
    pub module: String,
    /// Its file, as read.
    pub file: String,
    /// The line of its header.
    pub line: usize,
}

/// What a [`Refactoring`] block says: addresses as written.
#[derive(Clone, Debug)]
pub enum RefactoringKind {
    /// `moved { from = ..., to = ... }`.
    Moved {
        /// The old address.
        from: String,
        /// The new address.
        to: String,
    },
    /// `import { to = ..., id = ... }`.
    Import {
        /// The resource instance to import into.
        to: String,
        /// The id, evaluated (unknown where it depends on what is known
        /// only after apply).
        id: Typed,
    },
    /// `removed { from = ... }`.
    Removed {
        /// The address removed from the configuration.
        from: String,
        /// Whether the object is destroyed (`lifecycle { destroy = false
        /// }` says not; the default is to destroy).
        destroy: bool,
    },
}

/// A configuration as Terraform plans it (see [`plan_dir`]).
#[derive(Clone, Debug, Default)]
pub struct Plan {
    resources: Vec<ResourceInstance>,
    outputs: Vec<OutputValue>,
    checks: Vec<Checked>,
    refactorings: Vec<Refactoring>,
    /// The plan's `configuration` (plan mode).
    configuration: Option<crate::value::Value>,
    variables: Vec<(String, Typed)>,
    warnings: Vec<Diagnostic>,
}

impl Plan {
    /// Every resource instance, module by module in the order of their
    /// calls, each module's in the order of its files.
    pub fn resources(&self) -> &[ResourceInstance] {
        &self.resources
    }

    /// The root module's outputs, in the order they are declared.
    pub fn outputs(&self) -> &[OutputValue] {
        &self.outputs
    }

    /// Every object with custom conditions (`validation`, `precondition`,
    /// `postcondition`, `check` blocks) and what they came to, sorted by
    /// address as Terraform sorts them. A `check` block's failed
    /// assertion is also a warning.
    pub fn checks(&self) -> &[Checked] {
        &self.checks
    }

    /// The `moved`, `import` and `removed` blocks of every module
    /// instance, in the order they are declared.
    ///
    /// ```
    /// use hcl::config::{Files, PlanOptions, RefactoringKind};
    /// let src = "variable \"id\" {\n  default = \"i-1\"\n}\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\nimport {\n  to = terraform_data.b\n  id = \"${var.id}-x\"\n}\nresource \"terraform_data\" \"b\" {}\n";
    /// let plan = Files::parse([("main.tf", src)]).unwrap().plan(&PlanOptions::new()).unwrap();
    /// let kinds: Vec<String> = plan.refactorings().iter().map(|r| match &r.kind {
    ///     RefactoringKind::Moved { from, to } => format!("{from} -> {to}"),
    ///     RefactoringKind::Import { to, id } => format!("{to} <- {}", id.value()),
    ///     RefactoringKind::Removed { from, .. } => format!("- {from}"),
    /// }).collect();
    /// assert_eq!(kinds, ["terraform_data.a -> terraform_data.b", "terraform_data.b <- \"i-1-x\""]);
    /// ```
    pub fn refactorings(&self) -> &[Refactoring] {
        &self.refactorings
    }

    /// The root module's variables and their values.
    pub fn variables(&self) -> impl Iterator<Item = (&str, &Typed)> {
        self.variables.iter().map(|(n, t)| (n.as_str(), t))
    }

    /// What Terraform would warn of (a value for an undeclared variable, a
    /// module whose source is not installed).
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }
}

impl Files {
    /// Plans the module these files make (see [`plan_dir`]). Child
    /// modules with local sources are read only when the files came from
    /// a directory ([`plan_dir`]); here a module call's outputs are
    /// unknown and a warning says why.
    ///
    /// # Errors
    /// Every error Terraform would report, each placed in its file.
    pub fn plan(&self, options: &PlanOptions<'_>) -> Result<Plan> {
        walk::plan(self, None, options)
    }
}

/// Plans a Terraform configuration as `terraform plan` (or `terraform
/// validate`) does, without providers: `docs/guide/plan.md` tells it all.
///
/// Reads the Terraform module in `dir` (its `.tf` and `.tf.json` files),
/// with its `terraform.tfvars` and `*.auto.tfvars` files before the
/// options' inputs, and plans it, following module calls with local
/// sources (`./x`, `../x`) and modules `terraform init` installed
/// (`.terraform/modules/modules.json`).
///
/// Files are named as [`Files::read_dir`] names them: `dir` joined with
/// the file's name (`infra/main.tf`, a child's `infra/modules/net/main.tf`).
///
/// # Errors
/// An unreadable directory or file, then every error Terraform would
/// report, each placed in its file.
pub fn plan_dir(dir: impl AsRef<Path>, options: &PlanOptions<'_>) -> Result<Plan> {
    let dir = dir.as_ref();
    let tool = options.inputs.tool();
    // (The directory read once: its configuration files, and the names
    // its automatic variable files are found among.)
    let (listing, names) = tool.files().list_with_names(dir)?;
    let files = Files::read_listing(listing)?;
    let mut inputs = Inputs::for_tool(tool).read_tool_files_among(dir, names)?;
    inputs.append(&options.inputs);
    let options = PlanOptions {
        inputs,
        ..options.clone()
    };
    walk::plan(&files, Some(PathBuf::from(dir)), &options)
}
