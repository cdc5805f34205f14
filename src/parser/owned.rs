//! Parsing into the trees that own their arena ([`ConfigFile`],
//! [`ParsedExpression`], [`ParsedTemplate`]): their `parse_with` and
//! `FromStr`.

use std::borrow::Cow;
use std::str::FromStr;

use super::ParseOptions;
use crate::error::Result;
use crate::syntax::{ConfigFile, ParsedExpression, ParsedTemplate};

macro_rules! parse_owned {
    ($name:ident, $parse_in:path, $what:literal, $ok:literal, $bad:literal, $deep:literal) => {
        impl<'src> $name<'src> {
            #[doc = concat!("Parses ", $what, " from `src` with `options`.")]
            ///
            /// # Errors
            /// An [`Error`](crate::Error) with line, column and snippet on
            /// invalid syntax or when a limit is exceeded.
            ///
            /// ```
            #[doc = concat!("use hcl::syntax::", stringify!($name), ";")]
            /// let opts = hcl::ParseOptions::new();
            #[doc = concat!("assert!(", stringify!($name), "::parse_with(", stringify!($ok), ", &opts).is_ok());")]
            #[doc = concat!("assert!(", stringify!($name), "::parse_with(", stringify!($bad), ", &opts).is_err());")]
            /// let shallow = hcl::ParseOptions::new().max_depth(1);
            #[doc = concat!("assert!(", stringify!($name), "::parse_with(", stringify!($deep), ", &shallow).is_err());")]
            /// ```
            pub fn parse_with(
                src: impl Into<Cow<'src, str>>,
                options: &ParseOptions,
            ) -> Result<Self> {
                $name::build(src.into(), |arena, text| $parse_in(arena, text, options))
            }
        }

        impl FromStr for $name<'static> {
            type Err = crate::error::Error;

            #[doc = concat!("Parses ", $what, " from a copy of `s`.")]
            fn from_str(s: &str) -> Result<Self> {
                $name::parse_with(s.to_owned(), &ParseOptions::default())
            }
        }
    };
}

parse_owned!(
    ConfigFile,
    super::parse_in_with,
    "a config file",
    "a = 1",
    "a = ",
    "a = [[1]]"
);
parse_owned!(
    ParsedExpression,
    super::parse_expression_in,
    "an expression",
    "1 + 2",
    "1 +",
    "[[1]]"
);
parse_owned!(
    ParsedTemplate,
    super::parse_template_in,
    "a standalone template",
    "a${b}",
    "a${b",
    "${[[1]]}"
);
