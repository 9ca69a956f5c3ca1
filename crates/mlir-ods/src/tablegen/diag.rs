//! Source buffers, positions and located diagnostics for the TableGen front
//! end. Positions are compact `(file, byte offset)` pairs while parsing; they
//! are turned into `file:line:col` locations (and a copy of the source line
//! for the caret display) only when a diagnostic or record is handed out.

use std::fmt;
use std::sync::Arc;

/// A resolved source location: file name as given (or as found on the include
/// path), 1-based line and 1-based byte column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    pub file: Arc<str>,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A located message in LLVM's style. `Display` prints
/// `file.td:3:10: error: message`, then the source line and a caret under the
/// offending column, exactly like `llvm-tblgen` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Option<Loc>,
    pub message: String,
    /// The text of the source line `loc` points into (without the newline).
    pub source_line: Option<String>,
}

impl Diagnostic {
    /// An error with no source location (generator errors about records
    /// that should exist but do not).
    pub fn error_without_loc(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            loc: None,
            message: message.into(),
            source_line: None,
        }
    }

    /// The first line of the rendering: `file:line:col: error: message`.
    pub fn headline(&self) -> String {
        match &self.loc {
            Some(loc) => format!("{loc}: {}: {}", self.severity.as_str(), self.message),
            None => format!("{}: {}", self.severity.as_str(), self.message),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())?;
        if let (Some(loc), Some(line)) = (&self.loc, &self.source_line) {
            // Tabs are expanded to 8-column stops (as LLVM's SourceMgr does) so
            // the caret lines up with the character it points at.
            let mut shown = String::new();
            let mut caret_col = 0usize;
            let target = loc.col.saturating_sub(1) as usize;
            for (i, ch) in line.char_indices() {
                if i == target {
                    caret_col = shown.chars().count();
                }
                if ch == '\t' {
                    let n = 8 - shown.chars().count() % 8;
                    shown.extend(std::iter::repeat_n(' ', n));
                } else {
                    shown.push(ch);
                }
            }
            if target >= line.len() {
                caret_col = shown.chars().count() + (target - line.len());
            }
            write!(f, "\n{shown}\n{}^", " ".repeat(caret_col))?;
        }
        Ok(())
    }
}

/// A compact position inside one of the loaded buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Pos {
    pub file: u32,
    pub offset: u32,
}

impl Pos {
    /// A position that points nowhere (used for synthesized records).
    pub const NONE: Pos = Pos {
        file: u32::MAX,
        offset: 0,
    };

    pub fn is_none(self) -> bool {
        self.file == u32::MAX
    }
}

/// A diagnostic before its position has been resolved against the buffers.
#[derive(Clone, Debug)]
pub(crate) struct RawDiag {
    pub severity: Severity,
    pub pos: Pos,
    pub message: String,
}

struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
    line_starts: Vec<u32>,
}

/// All buffers loaded so far (the main file and every include), shared by
/// reference-counted text so that lexing never copies a file.
#[derive(Default)]
pub(crate) struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn add(&mut self, name: Arc<str>, text: Arc<str>) -> u32 {
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        self.files.push(SourceFile {
            name,
            text,
            line_starts,
        });
        (self.files.len() - 1) as u32
    }

    pub fn text(&self, file: u32) -> Arc<str> {
        self.files[file as usize].text.clone()
    }

    pub fn len(&self) -> u32 {
        self.files.len() as u32
    }

    pub fn name(&self, file: u32) -> Arc<str> {
        self.files[file as usize].name.clone()
    }

    fn line_of(&self, pos: Pos) -> Option<(&SourceFile, usize)> {
        let f = self.files.get(pos.file as usize)?;
        let line = match f.line_starts.binary_search(&pos.offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        Some((f, line))
    }

    pub fn loc(&self, pos: Pos) -> Option<Loc> {
        let (f, line) = self.line_of(pos)?;
        Some(Loc {
            file: f.name.clone(),
            line: line as u32 + 1,
            col: pos.offset - f.line_starts[line] + 1,
        })
    }

    /// The location used for records that have no source position.
    pub fn loc_or_unknown(&self, pos: Pos) -> Loc {
        self.loc(pos).unwrap_or_else(|| Loc {
            file: Arc::from("<unknown>"),
            line: 0,
            col: 0,
        })
    }

    fn source_line(&self, pos: Pos) -> Option<String> {
        let (f, line) = self.line_of(pos)?;
        let start = f.line_starts[line] as usize;
        let end = f
            .line_starts
            .get(line + 1)
            .map(|&e| e as usize - 1)
            .unwrap_or(f.text.len());
        let text = f.text.get(start..end)?;
        Some(text.strip_suffix('\r').unwrap_or(text).to_string())
    }

    pub fn resolve(&self, d: &RawDiag) -> Diagnostic {
        Diagnostic {
            severity: d.severity,
            loc: self.loc(d.pos),
            message: d.message.clone(),
            source_line: self.source_line(d.pos),
        }
    }
}
