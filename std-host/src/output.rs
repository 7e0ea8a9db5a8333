//! Output files are written whole or not at all, and the flags that choose a command's output.

use crate::error::Error;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where a command's results go and in which form: JSON instead of text, and a file instead
/// of standard output (the `--json` and `--out` flags of every command that prints results).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// JSON instead of text.
    pub json: bool,
    /// A file to write (whole or not at all) instead of standard output.
    pub out: Option<PathBuf>,
}

impl Output {
    /// The output the flags say, its file checked before any work is done
    /// ([`check_writable`]): a long run into a path that cannot be written fails at once.
    pub fn new(json: bool, out: Option<PathBuf>) -> Result<Output, Error> {
        if let Some(path) = &out {
            check_writable(path)?;
        }
        Ok(Output { json, out })
    }

    /// Writes `text` where the flags say: `--out`'s file, atomically, or standard output.
    pub fn emit(&self, text: &str) -> Result<(), Error> {
        emit(text.as_bytes(), self.out.as_deref())
    }

    /// A stream to write the output a piece at a time, in flat memory: standard output, or
    /// `--out`'s temporary file that [`Stream::finish`] renames into place (a stream dropped
    /// unfinished leaves nothing: the file is still written whole or not at all).
    pub fn stream(&self) -> Result<Stream, Error> {
        match &self.out {
            None => Ok(Stream {
                to: Box::new(io::BufWriter::new(io::stdout())),
                file: None,
            }),
            Some(path) => {
                let tmp = temp_path(path).map_err(|e| Error::write(path, e))?;
                let f = fs::File::create(&tmp).map_err(|e| Error::write(path, e))?;
                Ok(Stream {
                    to: Box::new(io::BufWriter::new(f)),
                    file: Some((tmp, path.clone())),
                })
            }
        }
    }
}

/// Output written a piece at a time ([`Output::stream`]).
pub struct Stream {
    to: Box<dyn Write + Send>,
    /// The temporary file and the path it becomes.
    file: Option<(PathBuf, PathBuf)>,
}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream").field("file", &self.file).finish()
    }
}

impl Stream {
    /// Writes `text`.
    pub fn write(&mut self, text: &str) -> Result<(), Error> {
        let r = self.to.write_all(text.as_bytes());
        r.map_err(|e| self.error(e))
    }

    /// Writes `text` and, on standard output, flushes it: for results that come slowly (a
    /// solved line, a played game), so a reader sees each as soon as it is done. A file is
    /// renamed into place whole at the end, so it needs no flushing before.
    pub fn write_now(&mut self, text: &str) -> Result<(), Error> {
        self.write(text)?;
        if self.file.is_none() {
            let r = self.to.flush();
            r.map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    /// Flushes the output; for a file, syncs it and renames it into place.
    pub fn finish(mut self) -> Result<(), Error> {
        let r = self.to.flush();
        r.map_err(|e| self.error(e))?;
        if let Some((tmp, path)) = self.file.take() {
            // The writer's file is closed before the rename.
            self.to = Box::new(io::sink());
            let done = fs::File::open(&tmp)
                .and_then(|f| f.sync_all())
                .and_then(|()| fs::rename(&tmp, &path));
            if let Err(e) = done {
                let _ = fs::remove_file(&tmp);
                return Err(Error::write(&path, e));
            }
        }
        Ok(())
    }

    fn error(&self, e: io::Error) -> Error {
        match &self.file {
            Some((_, path)) => Error::write(path, e),
            None => Error::stdout(e),
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if let Some((tmp, _)) = self.file.take() {
            let _ = fs::remove_file(tmp);
        }
    }
}

/// Writes `bytes` to `out` atomically ([`write_atomic`]), or to standard output.
pub fn emit(bytes: &[u8], out: Option<&Path>) -> Result<(), Error> {
    match out {
        Some(path) => write_atomic(path, bytes).map_err(|e| Error::write(path, e)),
        None => io::stdout().write_all(bytes).map_err(Error::stdout),
    }
}

/// Checks that `path` can be written before the work that makes its contents: its folder
/// exists and a file can be created there (the temporary file [`write_atomic`] would use,
/// created and removed at once); `path` itself is not touched.
pub fn check_writable(path: &Path) -> Result<(), Error> {
    let tmp = temp_path(path).map_err(|e| Error::write(path, e))?;
    fs::File::create(&tmp).map_err(|e| Error::write(path, e))?;
    fs::remove_file(&tmp).map_err(|e| Error::write(path, e))
}

/// Writes `bytes` to `path` atomically: into a temporary file beside it, flushed to disk, then
/// renamed over `path`. A reader sees the old file or the whole new one, never a part; on any
/// error the temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(path)?;
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// `dir/.name.tmp.<pid>` beside `path`.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file name", path.display()),
        )
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp.{}", std::process::id()));
    Ok(path.with_file_name(tmp_name))
}

/// The output of a batch command over the lines of `path`, written as each line is solved
/// (flat memory whatever the number of lines): each result's line to the output, each
/// error's to standard error with its line number, then a count; it fails if any line did.
#[derive(Debug)]
pub struct LineReport<'a> {
    path: &'a Path,
    stream: Stream,
    lines: usize,
    errors: usize,
    start: web_time::Instant,
}

impl<'a> LineReport<'a> {
    /// A report of the lines of `path` into `output`, timed from `start`.
    pub fn new(
        path: &'a Path,
        output: &Output,
        start: web_time::Instant,
    ) -> Result<LineReport<'a>, Error> {
        Ok(LineReport {
            path,
            stream: output.stream()?,
            lines: 0,
            errors: 0,
            start,
        })
    }

    /// Line `index` (from 0)'s result.
    pub fn line(&mut self, index: usize, result: Result<String, Error>) -> Result<(), Error> {
        self.lines += 1;
        match result {
            Ok(mut line) => {
                if !line.ends_with('\n') {
                    line.push('\n');
                }
                self.stream.write_now(&line)
            }
            Err(e) => {
                self.errors += 1;
                eprintln!("cardtree: {}:{}: {e}", self.path.display(), index + 1);
                Ok(())
            }
        }
    }

    /// Finishes the output, says how many lines were solved, and fails if any was not.
    pub fn finish(self) -> Result<(), Error> {
        self.stream.finish()?;
        eprintln!(
            "cardtree: solved {} of {} lines in {:.2} s",
            self.lines - self.errors,
            self.lines,
            self.start.elapsed().as_secs_f64()
        );
        if self.errors > 0 {
            return Err(match self.errors {
                1 => invalid!("1 line could not be solved"),
                n => invalid!("{n} lines could not be solved"),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_file_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("cardtree-out-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        // A path in a missing directory fails and creates nothing.
        assert!(write_atomic(&dir.join("missing/b.txt"), b"x").is_err());
        assert!(write_atomic(Path::new("/"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
