//! The TableGen lexer: tokens, `include` handling (a stack of buffers, as in
//! LLVM's `TGLexer`, so includes may appear anywhere a token may) and the
//! `#ifdef`/`#ifndef`/`#else`/`#endif`/`#define` preprocessor.

use super::diag::{Pos, RawDiag, Severity, SourceMap};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Bang operators (`!name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bang {
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    If,
    Cond,
    IsA,
    Head,
    Tail,
    Size,
    Con,
    Dag,
    Add,
    Sub,
    Mul,
    Div,
    Not,
    LogTwo,
    And,
    Or,
    Xor,
    Shl,
    Sra,
    Srl,
    Cast,
    Empty,
    Subst,
    Foldl,
    Foreach,
    Filter,
    ListConcat,
    ListFlatten,
    ListSplat,
    ListRemove,
    Range,
    StrConcat,
    Initialized,
    Interleave,
    Substr,
    Find,
    SetDagOp,
    GetDagOp,
    GetDagArg,
    GetDagName,
    SetDagArg,
    SetDagName,
    Exists,
    ToLower,
    ToUpper,
    Repr,
}

impl Bang {
    fn from_name(s: &str) -> Option<Bang> {
        use Bang::*;
        Some(match s {
            "eq" => Eq,
            "ne" => Ne,
            "le" => Le,
            "lt" => Lt,
            "ge" => Ge,
            "gt" => Gt,
            "if" => If,
            "cond" => Cond,
            "isa" => IsA,
            "head" => Head,
            "tail" => Tail,
            "size" => Size,
            "con" => Con,
            "dag" => Dag,
            "add" => Add,
            "sub" => Sub,
            "mul" => Mul,
            "div" => Div,
            "not" => Not,
            "logtwo" => LogTwo,
            "and" => And,
            "or" => Or,
            "xor" => Xor,
            "shl" => Shl,
            "sra" => Sra,
            "srl" => Srl,
            "cast" => Cast,
            "empty" => Empty,
            "subst" => Subst,
            "foldl" => Foldl,
            "foreach" => Foreach,
            "filter" => Filter,
            "listconcat" => ListConcat,
            "listflatten" => ListFlatten,
            "listsplat" => ListSplat,
            "listremove" => ListRemove,
            "range" => Range,
            "strconcat" => StrConcat,
            "initialized" => Initialized,
            "interleave" => Interleave,
            "substr" => Substr,
            "find" => Find,
            "setdagop" | "setop" => SetDagOp,
            "getdagop" | "getop" => GetDagOp,
            "getdagarg" => GetDagArg,
            "getdagname" => GetDagName,
            "setdagarg" => SetDagArg,
            "setdagname" => SetDagName,
            "exists" => Exists,
            "tolower" => ToLower,
            "toupper" => ToUpper,
            "repr" => Repr,
            _ => return None,
        })
    }
}

/// Token kinds. Payloads (identifier text, integer values) live in the lexer
/// as in LLVM, so tokens stay `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Eof,
    Error,
    Colon,
    Semi,
    Comma,
    Less,
    Greater,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Equal,
    Question,
    Paste,
    Dot,
    DotDotDot,
    Minus,
    Plus,
    // Keywords.
    Int,
    Bit,
    Bits,
    String,
    List,
    Code,
    Dag,
    Class,
    Def,
    True,
    False,
    Foreach,
    Defm,
    Defset,
    Deftype,
    MultiClass,
    Field,
    Let,
    In,
    Defvar,
    If,
    Then,
    Else,
    Assert,
    Dump,
    // Values.
    Id,
    IntVal,
    BinaryIntVal,
    StrVal,
    CodeFragment,
    VarName,
    Bang(Bang),
}

impl Tok {
    /// Tokens that can start an object at file or block level.
    pub fn is_object_start(self) -> bool {
        matches!(
            self,
            Tok::Assert
                | Tok::Class
                | Tok::Def
                | Tok::Defm
                | Tok::Defset
                | Tok::Deftype
                | Tok::Defvar
                | Tok::Dump
                | Tok::Foreach
                | Tok::If
                | Tok::Let
                | Tok::MultiClass
        )
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PrepKind {
    Ifdef,
    Else,
}

#[derive(Clone, Copy)]
struct PrepControl {
    kind: PrepKind,
    is_defined: bool,
    pos: Pos,
}

/// One entry of the include stack.
struct Buf {
    file: u32,
    text: Arc<str>,
    pos: usize,
    dir: Option<PathBuf>,
    prep: Vec<PrepControl>,
}

/// Includes nest at most this deep; deeper nesting is almost certainly a file
/// including itself without a guard.
const MAX_INCLUDE_DEPTH: usize = 128;

pub(crate) struct Lexer {
    pub sm: SourceMap,
    include_dirs: Vec<PathBuf>,
    bufs: Vec<Buf>,
    defined: HashSet<String>,
    pub code: Tok,
    pub tok_start: Pos,
    /// End of the current token (for ranges).
    pub tok_end: Pos,
    pub cur_str: String,
    pub cur_int: i64,
    /// Value and digit count of a `0b...` literal.
    pub cur_bin: (i64, u32),
    pub diags: Vec<RawDiag>,
    /// Every file that was included, in inclusion order (for build scripts'
    /// `rerun-if-changed`).
    pub dependencies: Vec<PathBuf>,
}

fn is_id_char(c: u8, first: bool) -> bool {
    c == b'_' || c.is_ascii_alphabetic() || (!first && c.is_ascii_digit())
}

impl Lexer {
    pub fn new(name: &str, text: Arc<str>, include_dirs: &[PathBuf]) -> Lexer {
        let mut sm = SourceMap::default();
        let file = sm.add(Arc::from(name), text.clone());
        let dir = Path::new(name)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .or_else(|| Some(PathBuf::from(".")));
        Lexer {
            sm,
            include_dirs: include_dirs.to_vec(),
            bufs: vec![Buf {
                file,
                text,
                pos: 0,
                dir,
                prep: Vec::new(),
            }],
            defined: HashSet::new(),
            code: Tok::Eof,
            tok_start: Pos { file, offset: 0 },
            tok_end: Pos { file, offset: 0 },
            cur_str: String::new(),
            cur_int: 0,
            cur_bin: (0, 0),
            diags: Vec::new(),
            dependencies: Vec::new(),
        }
    }

    fn buf(&self) -> &Buf {
        self.bufs.last().expect("the lexer always has a buffer")
    }

    fn pos_at(&self, offset: usize) -> Pos {
        Pos {
            file: self.buf().file,
            offset: offset as u32,
        }
    }

    fn peek(&self, i: usize) -> u8 {
        let b = self.buf();
        b.text.as_bytes().get(b.pos + i).copied().unwrap_or(0)
    }

    fn at_end(&self) -> bool {
        let b = self.buf();
        b.pos >= b.text.len()
    }

    fn advance(&mut self, n: usize) {
        let b = self.bufs.last_mut().expect("buffer");
        b.pos = (b.pos + n).min(b.text.len());
    }

    fn cur_pos(&self) -> usize {
        self.buf().pos
    }

    fn error_at(&mut self, offset: usize, msg: impl Into<String>) -> Tok {
        let pos = self.pos_at(offset);
        self.diags.push(RawDiag {
            severity: Severity::Error,
            pos,
            message: msg.into(),
        });
        Tok::Error
    }

    /// Lexes the next token, makes it current and returns its kind.
    pub fn lex(&mut self) -> Tok {
        let start_of_file = self.code == Tok::Eof && self.cur_pos() == 0 && self.bufs.len() == 1;
        self.code = self.lex_token(start_of_file);
        self.tok_end = self.pos_at(self.cur_pos());
        self.code
    }

    fn lex_token(&mut self, mut line_start: bool) -> Tok {
        loop {
            let start = self.cur_pos();
            self.tok_start = self.pos_at(start);
            if self.at_end() {
                // Leaving an included file resumes lexing in its includer,
                // right after the `include "..."` directive.
                if !self.exit_buffer() {
                    return Tok::Eof;
                }
                line_start = false;
                continue;
            }
            let c = self.peek(0);
            self.advance(1);
            let tok = match c {
                b':' => Tok::Colon,
                b';' => Tok::Semi,
                b',' => Tok::Comma,
                b'<' => Tok::Less,
                b'>' => Tok::Greater,
                b']' => Tok::RSquare,
                b'{' => Tok::LBrace,
                b'}' => Tok::RBrace,
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                b'=' => Tok::Equal,
                b'?' => Tok::Question,
                b'#' => {
                    if line_start {
                        if let Some(kind) = self.prep_is_directive() {
                            match self.lex_preprocessor(kind, true) {
                                PrepResult::Continue => {
                                    line_start = true;
                                    continue;
                                }
                                PrepResult::Error => return Tok::Error,
                            }
                        }
                    }
                    Tok::Paste
                }
                b'.' => {
                    if self.peek(0) == b'.' {
                        if self.peek(1) == b'.' {
                            self.advance(2);
                            Tok::DotDotDot
                        } else {
                            self.advance(1);
                            return self.error_at(start, "invalid '..' punctuation");
                        }
                    } else {
                        Tok::Dot
                    }
                }
                b' ' | b'\t' => continue,
                b'\n' | b'\r' => {
                    line_start = true;
                    continue;
                }
                b'/' => {
                    if self.peek(0) == b'/' {
                        self.skip_line_comment();
                        continue;
                    } else if self.peek(0) == b'*' {
                        if !self.skip_block_comment(start) {
                            return Tok::Error;
                        }
                        continue;
                    }
                    return self.error_at(start, "unexpected character");
                }
                b'-' | b'+' | b'0'..=b'9' => self.lex_number_or_id(c, start),
                b'"' => self.lex_string(),
                b'$' => self.lex_var_name(start),
                b'[' => self.lex_bracket(start),
                b'!' => self.lex_exclaim(start),
                0 => {
                    self.diags.push(RawDiag {
                        severity: Severity::Error,
                        pos: self.pos_at(start),
                        message: "NUL character is invalid in source; treated as space".into(),
                    });
                    continue;
                }
                c if is_id_char(c, true) => {
                    match self.lex_identifier(start) {
                        Some(t) => t,
                        // An include was entered; lex its first token.
                        None => {
                            if self.diags.iter().any(|d| d.severity == Severity::Error) {
                                return Tok::Error;
                            }
                            line_start = true;
                            continue;
                        }
                    }
                }
                _ => return self.error_at(start, "unexpected character"),
            };
            return tok;
        }
    }

    /// Pops a finished include buffer. Returns false at the end of the main
    /// file.
    fn exit_buffer(&mut self) -> bool {
        if let Some(ctl) = self.buf().prep.last().copied() {
            let end = self.buf().text.len();
            self.error_at(end, "reached EOF without matching #endif");
            self.diags.push(RawDiag {
                severity: Severity::Error,
                pos: ctl.pos,
                message: "the latest preprocessor control is here".into(),
            });
            // Drop the control stack so the error is reported once.
            self.bufs.last_mut().expect("buffer").prep.clear();
            return false;
        }
        if self.bufs.len() == 1 {
            return false;
        }
        self.bufs.pop();
        true
    }

    fn skip_line_comment(&mut self) {
        while !self.at_end() && self.peek(0) != b'\n' && self.peek(0) != b'\r' {
            self.advance(1);
        }
    }

    /// Skips a (nestable) block comment whose `/` is at `start`; the lexer is
    /// positioned on the `*`.
    fn skip_block_comment(&mut self, start: usize) -> bool {
        self.advance(1);
        let mut depth = 1u32;
        loop {
            if self.at_end() {
                self.error_at(start, "unterminated comment");
                return false;
            }
            let c = self.peek(0);
            self.advance(1);
            if c == b'*' && self.peek(0) == b'/' {
                self.advance(1);
                depth -= 1;
                if depth == 0 {
                    return true;
                }
            } else if c == b'/' && self.peek(0) == b'*' {
                self.advance(1);
                depth += 1;
            }
        }
    }

    fn lex_number_or_id(&mut self, c: u8, start: usize) -> Tok {
        let mut next = 0u8;
        if c.is_ascii_digit() {
            // Identifiers may start with digits ("0DTensorOf", "foo#8i").
            let mut i = 0;
            loop {
                next = self.peek(i);
                i += 1;
                if !next.is_ascii_digit() {
                    break;
                }
            }
            if next == b'x' || next == b'b' {
                let nn = self.peek(i);
                let looks_binary = next == b'b' && (nn == b'0' || nn == b'1');
                let looks_hex = next == b'x' && nn.is_ascii_hexdigit();
                if looks_binary || looks_hex {
                    return self.lex_number(c, start);
                }
            }
        }
        if is_id_char(next, true) {
            return self.lex_identifier(start).unwrap_or(Tok::Error);
        }
        self.lex_number(c, start)
    }

    fn lex_number(&mut self, first: u8, start: usize) -> Tok {
        let text = self.buf().text.clone();
        let bytes = text.as_bytes();
        if first == b'0' && (self.peek(0) == b'x' || self.peek(0) == b'b') {
            let hex = self.peek(0) == b'x';
            self.advance(1);
            let num_start = self.cur_pos();
            while if hex {
                self.peek(0).is_ascii_hexdigit()
            } else {
                self.peek(0) == b'0' || self.peek(0) == b'1'
            } {
                self.advance(1);
            }
            let digits = &text[num_start..self.cur_pos()];
            if digits.is_empty() {
                return self.error_at(start, "invalid number");
            }
            let radix = if hex { 16 } else { 2 };
            // Like strtoull: the value is read unsigned and reinterpreted.
            match u64::from_str_radix(digits, radix) {
                Ok(v) => {
                    self.cur_int = v as i64;
                    if hex {
                        Tok::IntVal
                    } else {
                        self.cur_bin = (v as i64, digits.len() as u32);
                        Tok::BinaryIntVal
                    }
                }
                Err(_) => self.error_at(start, "number out of range"),
            }
        } else {
            if !self.peek(0).is_ascii_digit() && !first.is_ascii_digit() {
                return if first == b'-' { Tok::Minus } else { Tok::Plus };
            }
            while self.peek(0).is_ascii_digit() {
                self.advance(1);
            }
            let s = &text[start..self.cur_pos()];
            let _ = bytes;
            if first == b'-' {
                match s.parse::<i64>() {
                    Ok(v) => {
                        self.cur_int = v;
                        Tok::IntVal
                    }
                    Err(_) => self.error_at(start, "number out of range"),
                }
            } else {
                match s.trim_start_matches('+').parse::<u64>() {
                    Ok(v) => {
                        self.cur_int = v as i64;
                        Tok::IntVal
                    }
                    Err(_) => self.error_at(start, "number out of range"),
                }
            }
        }
    }

    fn lex_string(&mut self) -> Tok {
        let str_start = self.cur_pos();
        let mut out: Vec<u8> = Vec::new();
        loop {
            if self.at_end() {
                return self.error_at(str_start, "end of file in string literal");
            }
            let c = self.peek(0);
            match c {
                b'"' => break,
                b'\n' | b'\r' => return self.error_at(str_start, "end of line in string literal"),
                b'\\' => {
                    self.advance(1);
                    let e = self.peek(0);
                    match e {
                        b'\\' | b'\'' | b'"' => out.push(e),
                        b't' => out.push(b'\t'),
                        b'n' => out.push(b'\n'),
                        b'\n' | b'\r' => {
                            let p = self.cur_pos();
                            return self.error_at(p, "escaped newlines not supported in tblgen");
                        }
                        _ if self.at_end() => {
                            return self.error_at(str_start, "end of file in string literal")
                        }
                        _ => {
                            let p = self.cur_pos();
                            return self.error_at(p, "invalid escape in string literal");
                        }
                    }
                    self.advance(1);
                }
                _ => {
                    out.push(c);
                    self.advance(1);
                }
            }
        }
        self.advance(1);
        self.cur_str = String::from_utf8_lossy(&out).into_owned();
        Tok::StrVal
    }

    fn lex_var_name(&mut self, start: usize) -> Tok {
        if !is_id_char(self.peek(0), true) {
            return self.error_at(start, "invalid variable name");
        }
        let name_start = self.cur_pos();
        while is_id_char(self.peek(0), false) {
            self.advance(1);
        }
        self.cur_str = self.buf().text[name_start..self.cur_pos()].to_string();
        Tok::VarName
    }

    fn lex_bracket(&mut self, start: usize) -> Tok {
        if self.peek(0) != b'{' {
            return Tok::LSquare;
        }
        self.advance(1);
        let code_start = self.cur_pos();
        loop {
            if self.at_end() {
                return self.error_at(start, "unterminated code block");
            }
            if self.peek(0) == b'}' && self.peek(1) == b']' {
                let end = self.cur_pos();
                self.cur_str = self.buf().text[code_start..end].to_string();
                self.advance(2);
                return Tok::CodeFragment;
            }
            self.advance(1);
        }
    }

    fn lex_exclaim(&mut self, start: usize) -> Tok {
        if !self.peek(0).is_ascii_alphabetic() {
            return self.error_at(start, "invalid \"!operator\"");
        }
        let name_start = self.cur_pos();
        while self.peek(0).is_ascii_alphabetic() {
            self.advance(1);
        }
        let name = &self.buf().text[name_start..self.cur_pos()];
        match Bang::from_name(name) {
            Some(b) => Tok::Bang(b),
            None => self.error_at(start, "unknown operator"),
        }
    }

    /// Lexes an identifier or keyword. Returns `None` when the keyword was
    /// `include` and a new buffer was entered (or an error was reported).
    fn lex_identifier(&mut self, start: usize) -> Option<Tok> {
        while is_id_char(self.peek(0), false) {
            self.advance(1);
        }
        let text = self.buf().text.clone();
        let s = &text[start..self.cur_pos()];
        let kind = match s {
            "int" => Tok::Int,
            "bit" => Tok::Bit,
            "bits" => Tok::Bits,
            "string" => Tok::String,
            "list" => Tok::List,
            "code" => Tok::Code,
            "dag" => Tok::Dag,
            "class" => Tok::Class,
            "def" => Tok::Def,
            "true" => Tok::True,
            "false" => Tok::False,
            "foreach" => Tok::Foreach,
            "defm" => Tok::Defm,
            "defset" => Tok::Defset,
            "deftype" => Tok::Deftype,
            "multiclass" => Tok::MultiClass,
            "field" => Tok::Field,
            "let" => Tok::Let,
            "in" => Tok::In,
            "defvar" => Tok::Defvar,
            "if" => Tok::If,
            "then" => Tok::Then,
            "else" => Tok::Else,
            "assert" => Tok::Assert,
            "dump" => Tok::Dump,
            "include" => {
                self.lex_include();
                return None;
            }
            _ => {
                self.cur_str = s.to_string();
                Tok::Id
            }
        };
        Some(kind)
    }

    fn lex_include(&mut self) {
        let tok = self.lex_token(false);
        if tok == Tok::Error {
            return;
        }
        if tok != Tok::StrVal {
            let p = self.tok_start.offset as usize;
            self.error_at(p, "expected filename after include");
            return;
        }
        let filename = self.cur_str.clone();
        let name_pos = self.tok_start.offset as usize;
        if self.bufs.len() >= MAX_INCLUDE_DEPTH {
            self.error_at(name_pos, "include nesting too deep");
            return;
        }
        let mut candidates: Vec<PathBuf> = Vec::new();
        let fpath = Path::new(&filename);
        if fpath.is_absolute() {
            candidates.push(fpath.to_path_buf());
        } else {
            if let Some(dir) = &self.buf().dir {
                candidates.push(dir.join(fpath));
            }
            for d in &self.include_dirs {
                candidates.push(d.join(fpath));
            }
        }
        // `a/b/../c.td` is recorded as `a/c.td`, so diagnostics and the
        // build script's dependency list name each file one way.
        let found = candidates
            .into_iter()
            .find(|p| p.is_file())
            .map(|p| normalize_path(&p));
        let Some(path) = found else {
            self.error_at(
                name_pos,
                format!("could not find include file '{filename}'"),
            );
            return;
        };
        let text = match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(s) => s,
                Err(_) => {
                    self.error_at(
                        name_pos,
                        format!("include file '{filename}' is not valid UTF-8"),
                    );
                    return;
                }
            },
            Err(e) => {
                self.error_at(
                    name_pos,
                    format!("could not read include file '{filename}': {e}"),
                );
                return;
            }
        };
        let name: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
        let text: Arc<str> = Arc::from(text);
        let file = self.sm.add(name, text.clone());
        self.dependencies.push(path.clone());
        self.bufs.push(Buf {
            file,
            text,
            pos: 0,
            dir: path.parent().map(Path::to_path_buf),
            prep: Vec::new(),
        });
    }

    // ---- Preprocessor -------------------------------------------------

    fn prep_is_directive(&self) -> Option<PrepDir> {
        let b = self.buf();
        let rest = &b.text.as_bytes()[b.pos..];
        for (kind, word) in PREP_DIRS {
            if !rest.starts_with(word.as_bytes()) {
                continue;
            }
            let next = rest.get(word.len()).copied().unwrap_or(0);
            if matches!(next, b' ' | b'\t' | 0 | b'\n' | b'\r') {
                return Some(kind);
            }
            if next == b'/' {
                let nn = rest.get(word.len() + 1).copied().unwrap_or(0);
                if nn == b'*' || nn == b'/' {
                    return Some(kind);
                }
            }
        }
        None
    }

    fn prep_lex_macro_name(&mut self) -> String {
        while self.peek(0) == b' ' || self.peek(0) == b'\t' {
            self.advance(1);
        }
        let start = self.cur_pos();
        self.tok_start = self.pos_at(start);
        if is_id_char(self.peek(0), true) {
            self.advance(1);
            while is_id_char(self.peek(0), false) {
                self.advance(1);
            }
        }
        self.buf().text[start..self.cur_pos()].to_string()
    }

    /// Skips whitespace and comments after a directive; only a line end may
    /// follow.
    fn prep_skip_directive_end(&mut self) -> bool {
        while !self.at_end() {
            match self.peek(0) {
                b' ' | b'\t' => self.advance(1),
                b'\n' | b'\r' => return true,
                b'/' => {
                    let nn = self.peek(1);
                    if nn == b'/' {
                        self.skip_line_comment();
                    } else if nn == b'*' {
                        let s = self.cur_pos();
                        self.advance(1);
                        if !self.skip_block_comment(s) {
                            return false;
                        }
                    } else {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }

    fn processing_enabled(&self) -> bool {
        self.buf().prep.iter().all(|c| c.is_defined)
    }

    /// Handles a directive whose `#` has been consumed. With `live` the
    /// lexer was producing tokens before it; otherwise we are skipping lines.
    fn lex_preprocessor(&mut self, kind: PrepDir, live: bool) -> PrepResult {
        // Errors point at the directive word, just after the `#`.
        let dir_start = self.cur_pos();
        self.tok_start = self.pos_at(dir_start);
        let word_len = PREP_DIRS
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, w)| w.len())
            .unwrap_or(0);
        self.advance(word_len);
        match kind {
            PrepDir::Ifdef | PrepDir::Ifndef => {
                let name = self.prep_lex_macro_name();
                let tok_name = if kind == PrepDir::Ifdef {
                    "#ifdef"
                } else {
                    "#ifndef"
                };
                if name.is_empty() {
                    let p = self.tok_start.offset as usize;
                    self.error_at(p, format!("expected macro name after {tok_name}"));
                    return PrepResult::Error;
                }
                let mut defined = self.defined.contains(&name);
                if kind == PrepDir::Ifndef {
                    defined = !defined;
                }
                let pos = self.pos_at(dir_start);
                self.bufs
                    .last_mut()
                    .expect("buffer")
                    .prep
                    .push(PrepControl {
                        kind: PrepKind::Ifdef,
                        is_defined: defined,
                        pos,
                    });
                if !self.prep_skip_directive_end() {
                    let p = self.cur_pos();
                    self.error_at(
                        p,
                        format!("only comments are supported after {tok_name} NAME"),
                    );
                    return PrepResult::Error;
                }
                if !live || defined {
                    return PrepResult::Continue;
                }
                self.prep_skip_region()
            }
            PrepDir::Else => {
                let Some(entry) = self.buf().prep.last().copied() else {
                    self.error_at(dir_start, "#else without #ifdef or #ifndef");
                    return PrepResult::Error;
                };
                if entry.kind != PrepKind::Ifdef {
                    self.error_at(dir_start, "double #else");
                    self.diags.push(RawDiag {
                        severity: Severity::Error,
                        pos: entry.pos,
                        message: "previous #else is here".into(),
                    });
                    return PrepResult::Error;
                }
                let pos = self.pos_at(dir_start);
                *self
                    .bufs
                    .last_mut()
                    .expect("buffer")
                    .prep
                    .last_mut()
                    .expect("control") = PrepControl {
                    kind: PrepKind::Else,
                    is_defined: !entry.is_defined,
                    pos,
                };
                if !self.prep_skip_directive_end() {
                    let p = self.cur_pos();
                    self.error_at(p, "only comments are supported after #else");
                    return PrepResult::Error;
                }
                if live {
                    return self.prep_skip_region();
                }
                PrepResult::Continue
            }
            PrepDir::Endif => {
                if self.buf().prep.is_empty() {
                    self.error_at(dir_start, "#endif without #ifdef");
                    return PrepResult::Error;
                }
                if !self.prep_skip_directive_end() {
                    let p = self.cur_pos();
                    self.error_at(p, "only comments are supported after #endif");
                    return PrepResult::Error;
                }
                self.bufs.last_mut().expect("buffer").prep.pop();
                PrepResult::Continue
            }
            PrepDir::Define => {
                let name = self.prep_lex_macro_name();
                if name.is_empty() {
                    let p = self.tok_start.offset as usize;
                    self.error_at(p, "expected macro name after #define");
                    return PrepResult::Error;
                }
                self.defined.insert(name);
                if !self.prep_skip_directive_end() {
                    let p = self.cur_pos();
                    self.error_at(p, "only comments are supported after #define NAME");
                    return PrepResult::Error;
                }
                PrepResult::Continue
            }
        }
    }

    /// Skips lines until a directive re-enables token processing.
    fn prep_skip_region(&mut self) -> PrepResult {
        loop {
            // Skip to the end of the current line.
            while !self.at_end() && self.peek(0) != b'\n' {
                self.advance(1);
            }
            // Find the first non-blank, non-comment character of a later line.
            loop {
                if self.at_end() {
                    break;
                }
                match self.peek(0) {
                    b' ' | b'\t' | b'\n' | b'\r' => self.advance(1),
                    b'/' if self.peek(1) == b'*' => {
                        let s = self.cur_pos();
                        self.advance(1);
                        if !self.skip_block_comment(s) {
                            return PrepResult::Error;
                        }
                    }
                    _ => break,
                }
            }
            if self.at_end() {
                break;
            }
            if self.peek(0) != b'#' {
                continue;
            }
            self.advance(1);
            let Some(kind) = self.prep_is_directive() else {
                continue;
            };
            if kind == PrepDir::Define {
                continue;
            }
            if let PrepResult::Error = self.lex_preprocessor(kind, false) {
                return PrepResult::Error;
            }
            if self.processing_enabled() {
                return PrepResult::Continue;
            }
        }
        // End of file while skipping: the matching #endif is missing. The
        // caller reports it when it pops the buffer.
        PrepResult::Continue
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PrepDir {
    Ifdef,
    Ifndef,
    Else,
    Endif,
    Define,
}

const PREP_DIRS: [(PrepDir, &str); 5] = [
    (PrepDir::Ifdef, "ifdef"),
    (PrepDir::Ifndef, "ifndef"),
    (PrepDir::Else, "else"),
    (PrepDir::Endif, "endif"),
    (PrepDir::Define, "define"),
];

enum PrepResult {
    Continue,
    Error,
}

/// `path` with `.` components dropped and `dir/..` pairs collapsed
/// (lexically: the base library's upstream-path wrappers include
/// `../../OpBase.td`, and no symlinks are involved).
fn normalize_path(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push("..");
                }
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}
