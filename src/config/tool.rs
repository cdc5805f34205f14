//! The conventions of each tool whose configurations are modules of
//! variables and locals: its files, the variable files it reads by
//! itself, its environment variables, and the words of its messages.

use super::dir::{DirFiles, NOMAD, PACKER, TERRAFORM};

/// Whose conventions a configuration follows (see [`Inputs::for_tool`]).
///
/// ```
/// use hcl::config::Tool;
/// assert_eq!(Tool::Terraform.env_prefix(), "TF_VAR_");
/// assert_eq!(Tool::Packer.env_prefix(), "PKR_VAR_");
/// assert_eq!(Tool::Nomad.env_prefix(), "NOMAD_VAR_");
/// assert_eq!("packer".parse::<Tool>(), Ok(Tool::Packer));
/// ```
///
/// [`Inputs::for_tool`]: super::Inputs::for_tool
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum Tool {
    /// Terraform and OpenTofu: `.tf` and `.tf.json` files,
    /// `terraform.tfvars` and `*.auto.tfvars`, `TF_VAR_NAME`.
    #[default]
    Terraform,
    /// Packer: `.pkr.hcl` and `.pkr.json` files, `*.auto.pkrvars.hcl`,
    /// `PKR_VAR_NAME`.
    Packer,
    /// Nomad job specifications: `.nomad.hcl` and `.nomad` files,
    /// `NOMAD_VAR_NAME` (no variable file is read unless given).
    Nomad,
}

impl Tool {
    /// The tool's name, lower case, as [`str::parse`] takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Tool::Terraform => "terraform",
            Tool::Packer => "packer",
            Tool::Nomad => "nomad",
        }
    }

    /// The files of a directory the tool reads as its configuration.
    pub fn files(self) -> DirFiles {
        DirFiles::extensions(match self {
            Tool::Terraform => TERRAFORM,
            Tool::Packer => PACKER,
            Tool::Nomad => NOMAD,
        })
    }

    /// The prefix of the environment variables that give its variables
    /// values (`TF_VAR_`, `PKR_VAR_`, `NOMAD_VAR_`).
    pub fn env_prefix(self) -> &'static str {
        match self {
            Tool::Terraform => "TF_VAR_",
            Tool::Packer => "PKR_VAR_",
            Tool::Nomad => "NOMAD_VAR_",
        }
    }

    /// The variable files the tool reads from a directory by itself, in
    /// the order it reads them, from the directory's file names: for
    /// Terraform `terraform.tfvars`, `terraform.tfvars.json`, then the
    /// `*.auto.tfvars` and `*.auto.tfvars.json` files in name order; for
    /// Packer the `*.auto.pkrvars.hcl` and `*.auto.pkrvars.json` files in
    /// name order; for Nomad none.
    pub(super) fn auto_var_files(self, mut names: Vec<String>) -> Vec<String> {
        names.sort();
        let ends =
            |n: &str, exts: &[&str]| exts.iter().any(|e| n.len() > e.len() && n.ends_with(e));
        match self {
            Tool::Terraform => {
                let mut out: Vec<String> = ["terraform.tfvars", "terraform.tfvars.json"]
                    .into_iter()
                    .filter(|f| names.iter().any(|n| n == f))
                    .map(str::to_owned)
                    .collect();
                out.extend(
                    names
                        .into_iter()
                        .filter(|n| ends(n, &[".auto.tfvars", ".auto.tfvars.json"])),
                );
                out
            }
            Tool::Packer => names
                .into_iter()
                .filter(|n| ends(n, &[".auto.pkrvars.hcl", ".auto.pkrvars.json"]))
                .collect(),
            Tool::Nomad => Vec::new(),
        }
    }

    /// The error for a required variable given no value: (summary, detail).
    pub(super) fn unset_variable(self, name: &str) -> (String, String) {
        let docs = match self {
            Tool::Terraform => {
                return (
                    "No value for required variable".to_owned(),
                    format!("The root module input variable \"{name}\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."),
                )
            }
            Tool::Packer => "https://packer.io/docs/templates/hcl_templates/syntax",
            Tool::Nomad => "https://www.nomadproject.io/docs/job-specification/hcl2/variables",
        };
        (
            format!("Unset variable \"{name}\""),
            format!("A used variable must be set or have a default value; see {docs} for details."),
        )
    }

    /// The summary of a failed validation rule, for a value that came
    /// `from` a default, a file, the environment or the command line.
    pub(super) fn invalid_value(self, from: Source) -> String {
        match self {
            Tool::Terraform => "Invalid value for variable".to_owned(),
            _ => format!(
                "Invalid value for {} variable",
                match from {
                    Source::Default => "default",
                    Source::File => "varfile",
                    Source::Env => "env",
                    Source::CommandLine => "cmd",
                }
            ),
        }
    }
}

/// Where a variable's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    Default,
    File,
    Env,
    CommandLine,
}

impl std::str::FromStr for Tool {
    type Err = String;

    fn from_str(s: &str) -> Result<Tool, String> {
        match s.to_ascii_lowercase().as_str() {
            "terraform" | "opentofu" | "tofu" => Ok(Tool::Terraform),
            "packer" => Ok(Tool::Packer),
            "nomad" => Ok(Tool::Nomad),
            _ => Err(format!(
                "unknown tool `{s}`: expected terraform, packer or nomad"
            )),
        }
    }
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
