//! Parsing of location instances (the inside of `loc(...)`).
//! (Minimal bootstrap version; the full parser replaces it.)

use super::{PResult, Parser};
use crate::asm::lexer::{unescape_string, TokenKind};
use crate::attributes::Location;

impl<'a> Parser<'a> {
    /// Parses a location instance: `unknown`, `"file":l:c`, or `#alias` (already defined).
    pub(crate) fn parse_location_instance(&mut self) -> PResult<Location> {
        if self.consume_keyword_if("unknown") {
            return Ok(self.ctx.unknown_loc());
        }
        if self.at(TokenKind::HashIdent) {
            let t = self.consume();
            let name = &self.lex.text(t)[1..];
            return match self.attr_aliases.get(name) {
                Some(&a) if self.ctx.attr(a).is_location() => Ok(Location(a)),
                _ => self.err_at(t.start, format!("operation location alias was never defined")),
            };
        }
        let t = self.expect(TokenKind::String, "expected location instance")?;
        let text = self.lex.text(t);
        let file = String::from_utf8_lossy(&unescape_string(&text[1..text.len() - 1])).into_owned();
        self.expect(TokenKind::Colon, "expected ':' in FileLineColRange")?;
        let l = self.expect(TokenKind::Integer, "expected integer line number in FileLineColRange")?;
        self.expect(TokenKind::Colon, "expected ':' in FileLineColRange")?;
        let c = self.expect(TokenKind::Integer, "expected integer column number in FileLineColRange")?;
        let line = self.lex.text(l).parse().unwrap_or(0);
        let col = self.lex.text(c).parse().unwrap_or(0);
        Ok(self.ctx.file_line_col(&file, line, col))
    }
}
