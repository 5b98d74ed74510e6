//! Where a command's output goes: standard output, or a file (`-o FILE`) written whole or not
//! at all.
//!
//! A file is written to a temporary file beside it (same directory, so same file system) and
//! renamed over it once everything is written and synced: a failed command (an invalid
//! scenario, the work budget, a full disk) leaves no file behind and an existing file as it
//! was. Standard output is written through its lock with `write_all`, never `print!`: a
//! reader that goes away (`settle run x | head`) ends the command quietly with exit 0
//! ([`Fail::Closed`]), any other write error is [`Fail::Io`] (exit 5).

use crate::fail::Fail;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, ErrorKind, Write};
use std::path::{Path, PathBuf};

/// The output of one command.
pub(crate) struct Out {
    w: BufWriter<Sink>,
    /// The temporary file and where it goes, when writing to a file.
    staged: Option<Staged>,
}

enum Sink {
    Stdout(io::StdoutLock<'static>),
    File(File),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Self::Stdout(s) => s.write(buf),
            Self::File(f) => f.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Self::Stdout(s) => s.flush(),
            Self::File(f) => f.flush(),
        }
    }
}

/// A temporary file not yet renamed to `dest`; removed when dropped before [`Out::finish`].
struct Staged {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

impl Out {
    /// Standard output for `None` or `-`, else the file `path` (created when finished).
    ///
    /// # Errors
    /// [`Fail::Io`] when the temporary file cannot be created (no such directory, no right).
    pub(crate) fn to(path: Option<&Path>) -> Result<Self, Fail> {
        let Some(path) = path.filter(|p| *p != Path::new("-")) else {
            return Ok(Self {
                w: BufWriter::new(Sink::Stdout(io::stdout().lock())),
                staged: None,
            });
        };
        let cannot = |e: io::Error| Fail::Io(format!("{}: cannot write: {e}", path.display()));
        // Through a symbolic link to the file it names, as `>` would write.
        let dest = match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(cannot)?,
            _ => path.to_path_buf(),
        };
        let Some(name) = dest.file_name() else {
            return Err(cannot(io::Error::new(
                ErrorKind::InvalidInput,
                "not a file name",
            )));
        };
        let dir = match dest.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut attempt = 0u32;
        let (file, tmp) = loop {
            let tmp = dir.join(format!(
                ".{}.{}-{attempt}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            match OpenOptions::new().write(true).create_new(true).open(&tmp) {
                Ok(f) => break (f, tmp),
                Err(e) if e.kind() == ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
                Err(e) => return Err(cannot(e)),
            }
        };
        let staged = Staged {
            tmp,
            dest,
            done: false,
        };
        // A file replaced keeps its permissions.
        if let Ok(m) = fs::metadata(&staged.dest) {
            let _ = fs::set_permissions(&staged.tmp, m.permissions());
        }
        Ok(Self {
            w: BufWriter::new(Sink::File(file)),
            staged: Some(staged),
        })
    }

    /// Whether this is standard output.
    pub(crate) const fn is_stdout(&self) -> bool {
        self.staged.is_none()
    }

    /// Writes `text`.
    ///
    /// # Errors
    /// [`Fail::Closed`] when the reader went away, [`Fail::Io`] for any other failure.
    pub(crate) fn write(&mut self, text: &str) -> Result<(), Fail> {
        self.w
            .write_all(text.as_bytes())
            .map_err(|e| self.failed(&e))
    }

    /// Writes everything that is left and, for a file, puts it in place.
    ///
    /// # Errors
    /// As [`write`](Self::write).
    pub(crate) fn finish(mut self) -> Result<(), Fail> {
        self.w.flush().map_err(|e| self.failed(&e))?;
        let Some(mut staged) = self.staged.take() else {
            return Ok(());
        };
        let placed = match self.w.get_ref() {
            Sink::File(f) => f.sync_all(),
            Sink::Stdout(_) => Ok(()),
        }
        .and_then(|()| fs::rename(&staged.tmp, &staged.dest));
        match placed {
            Ok(()) => {
                staged.done = true;
                Ok(())
            }
            Err(e) => Err(Fail::Io(format!(
                "{}: cannot write: {e}",
                staged.dest.display()
            ))),
        }
    }

    /// What the write error `e` means.
    pub(crate) fn failed(&self, e: &io::Error) -> Fail {
        match &self.staged {
            None if e.kind() == ErrorKind::BrokenPipe => Fail::Closed,
            None => Fail::Io(format!("writing the output: {e}")),
            Some(s) => Fail::Io(format!("{}: cannot write: {e}", s.dest.display())),
        }
    }
}

/// Writes `text` to `path` (standard output for `None`), whole: a helper for commands whose
/// output is one string.
///
/// # Errors
/// As [`Out::to`], [`Out::write`] and [`Out::finish`].
pub(crate) fn emit(path: Option<&Path>, text: &str) -> Result<(), Fail> {
    let mut out = Out::to(path)?;
    out.write(text)?;
    out.finish()
}
