//! The languages a program is exported in, and the SDK versions their install lines name.

/// The language of an exported program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Python 3 with `azure-servicebus` 7.x (asyncio).
    Python,
    /// TypeScript with `@azure/service-bus` 7.x.
    TypeScript,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Self; 2] = [Self::Python, Self::TypeScript];

    /// The language named `python`/`py` or `typescript`/`ts`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "python" | "py" => Some(Self::Python),
            "typescript" | "ts" => Some(Self::TypeScript),
            _ => None,
        }
    }

    /// The name `--lang` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Python => "python",
            Self::TypeScript => "typescript",
        }
    }

    /// The usual file extension (without the dot).
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Python => "py",
            Self::TypeScript => "ts",
        }
    }
}

/// The Python SDK version the program's install line names (scripts/versions.sh pins the same).
pub const PYTHON_SDK_VERSION: &str = "7.15.0";
/// The JavaScript SDK version the program's install line names (tests/e2e/package.json pins it).
pub const TYPESCRIPT_SDK_VERSION: &str = "7.9.5";
