//! Why a command failed, and the exit status each reason has (docs/cli.md).
//!
//! | status | meaning |
//! |---|---|
//! | 0 | done (also when the reader of the output went away: `settle run x \| head`) |
//! | 1 | a check failed: the runs contradict what a comparison states |
//! | 2 | bad usage: an unknown command or flag, a missing argument, a bad value, no such preset |
//! | 3 | the run exceeded the work budget |
//! | 4 | an invalid scenario or document: `error: <json path>: <what is wrong>` |
//! | 5 | input or output failed: a file cannot be read, the output cannot be written |

use std::fmt::Display;
use std::process::ExitCode;

/// The exit statuses, for `settle --help` (the table above, in words).
pub(crate) const EXIT_STATUS: &str = "Exit status:
  0  done
  1  a check failed: the runs contradict what a comparison states (compare)
  2  bad usage: unknown command or flag, missing argument, bad value, no such preset
  3  the run exceeded the work budget (4,000,000 trace records or 512 MiB of trace)
  4  invalid scenario or document (error: <json path>: <what is wrong>)
  5  input or output failed: cannot read a file, cannot write the output

With --format json an error is one JSON object on standard error:
  {\"kind\":\"invalid_scenario\",\"message\":\"$.queue.tier: ...\",\"exit_code\":4}
  (kind: check_failed, usage, work_budget, invalid_scenario or io)";

/// A command's failure: what to say and the exit status (see the module's table).
#[derive(Debug)]
pub(crate) enum Fail {
    /// Exit 1: the runs contradict a comparison's stated difference.
    Check(String),
    /// Exit 2: the command line asks for something that is not there, from subcommand `sub`
    /// (its usage is printed with the message).
    Usage { sub: &'static str, message: String },
    /// Exit 2: the command line did not parse (clap's own error).
    Parse(clap::Error),
    /// Exit 3: the scenario asks for more work than the budget allows.
    Budget(String),
    /// Exit 4: the scenario or document is not valid.
    Invalid(String),
    /// Exit 5: reading the input or writing the output failed.
    Io(String),
    /// Exit 0, nothing said: the reader of standard output went away (a closed pipe).
    Closed,
}

/// How results and errors are printed (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Words for people
    #[default]
    Text,
    /// JSON for programs: presets, lesson, compare and sweep print one JSON object; an error
    /// is one JSON object on standard error
    Json,
    /// Comma-separated values (sweep only; its default)
    Csv,
    /// An SVG chart (sweep only)
    Svg,
}

impl Format {
    /// The format a command line asks for, read from the raw arguments: for the errors of a
    /// command line clap did not parse.
    pub(crate) fn asked(args: &[std::ffi::OsString]) -> Self {
        let mut args = args.iter().map(|a| a.to_string_lossy());
        while let Some(a) = args.next() {
            match a.as_ref() {
                "--" => break,
                "--format=json" => return Self::Json,
                "--format" if args.next().is_some_and(|v| v == "json") => return Self::Json,
                _ => {}
            }
        }
        Self::Text
    }
}

impl Fail {
    pub(crate) fn usage(sub: &'static str, message: impl Display) -> Self {
        Self::Usage {
            sub,
            message: message.to_string(),
        }
    }

    pub(crate) fn invalid(message: impl Display) -> Self {
        Self::Invalid(message.to_string())
    }

    /// A refused document, its problem said in the installed language (`--lang`).
    pub(crate) fn refused(e: &settle_scenario::FormatError) -> Self {
        Self::Invalid(settle_i18n::format_error(&settle_i18n::current(), e))
    }

    /// The exit status.
    pub(crate) const fn code(&self) -> u8 {
        match self {
            Self::Closed => 0,
            Self::Check(_) => 1,
            Self::Usage { .. } | Self::Parse(_) => 2,
            Self::Budget(_) => 3,
            Self::Invalid(_) => 4,
            Self::Io(_) => 5,
        }
    }

    /// The `kind` of a JSON error.
    const fn kind(&self) -> &'static str {
        match self {
            Self::Closed => "closed",
            Self::Check(_) => "check_failed",
            Self::Usage { .. } | Self::Parse(_) => "usage",
            Self::Budget(_) => "work_budget",
            Self::Invalid(_) => "invalid_scenario",
            Self::Io(_) => "io",
        }
    }

    /// The message without `error: ` (a clap error: its first line).
    fn message(&self) -> String {
        match self {
            Self::Check(m) | Self::Budget(m) | Self::Invalid(m) | Self::Io(m) => m.clone(),
            Self::Usage { message, .. } => message.clone(),
            Self::Closed => String::new(),
            Self::Parse(e) => {
                if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    return "a command is needed (see settle --help)".into();
                }
                let text = e.render().to_string();
                let first = text.lines().next().unwrap_or_default();
                first.strip_prefix("error: ").unwrap_or(first).to_string()
            }
        }
    }

    /// Says what failed on standard error, in `format`, and gives the exit status.
    pub(crate) fn report(self, format: Format) -> ExitCode {
        use std::io::Write as _;
        let code = self.code();
        if matches!(self, Self::Closed) {
            return ExitCode::SUCCESS;
        }
        // Standard error may be closed too: nothing more to say then.
        let mut err = std::io::stderr().lock();
        if format == Format::Json {
            let json = serde_json::json!({
                "kind": self.kind(),
                "message": self.message(),
                "exit_code": code,
            });
            let _ = writeln!(err, "{json}");
            return ExitCode::from(code);
        }
        match self {
            Self::Parse(e) => {
                drop(err);
                let _ = e.print();
            }
            Self::Usage { sub, message } => {
                let mut cmd = crate::command();
                cmd.build();
                let e = match cmd.find_subcommand_mut(sub) {
                    Some(s) => s.error(clap::error::ErrorKind::ValueValidation, message),
                    None => cmd.error(clap::error::ErrorKind::ValueValidation, message),
                };
                drop(err);
                let _ = e.print();
            }
            other => {
                let _ = writeln!(err, "error: {}", other.message());
            }
        }
        ExitCode::from(code)
    }
}

impl From<settle_scenario::BudgetError> for Fail {
    fn from(e: settle_scenario::BudgetError) -> Self {
        Self::Budget(e.to_string())
    }
}

impl From<settle_export::artifact::ArtifactError> for Fail {
    fn from(e: settle_export::artifact::ArtifactError) -> Self {
        match e.budget {
            Some(b) => b.into(),
            None => Self::Invalid(e.message),
        }
    }
}
