//! Parsing of location instances (the inside of `loc(...)`), following
//! MLIR's `LocationParser.cpp` as of LLVM 22: `unknown`, file/line/column
//! locations and ranges, name locations, call sites, fused locations and
//! references to already defined location aliases.
//!
//! `loc("file":line:col)` follows every op in printed IR, so the file name is
//! interned straight from the token text when it has no escapes.

use super::{PResult, Parser};
use crate::asm::lexer::{string_token_value, TokenKind};
use crate::attributes::{AttrKind, Attribute, Location};
use crate::context::{Context, Ident};

impl Context {
    /// A fused location built the way MLIR's `FusedLoc::get` does: nested
    /// fused locations with the same metadata are inlined, unknown locations
    /// and duplicates dropped; with no metadata a single location is returned
    /// as is and none at all gives `unknown`, while with metadata an empty
    /// list becomes `[unknown]`.
    pub fn fused_loc_with_metadata(
        &self,
        locations: &[Location],
        metadata: Option<Attribute>,
    ) -> Location {
        let mut flat: Vec<Location> = Vec::with_capacity(locations.len());
        for &loc in locations {
            match self.attr(loc.0) {
                AttrKind::FusedLoc {
                    locations: inner,
                    metadata: m,
                } if *m == metadata => {
                    for &l in inner.iter() {
                        if !flat.contains(&l) {
                            flat.push(l);
                        }
                    }
                }
                AttrKind::UnknownLoc => {}
                _ => {
                    if !flat.contains(&loc) {
                        flat.push(loc);
                    }
                }
            }
        }
        if flat.is_empty() {
            match metadata {
                None => return self.unknown_loc(),
                Some(_) => flat.push(self.unknown_loc()),
            }
        }
        if flat.len() == 1 && metadata.is_none() {
            return flat[0];
        }
        Location(self.intern_attr(AttrKind::FusedLoc {
            locations: flat.into(),
            metadata,
        }))
    }

    /// A file location or range; `end` equal to the start collapses to a point,
    /// as MLIR's `FileLineColRange::get` does.
    pub fn file_line_col_range(
        &self,
        file: Ident,
        line: u32,
        col: u32,
        end: Option<(u32, u32)>,
    ) -> Location {
        let end = end.filter(|&e| e != (line, col));
        Location(self.intern_attr(AttrKind::FileLineColLoc {
            file,
            line,
            col,
            end,
        }))
    }
}

impl<'a> Parser<'a> {
    /// Parses a location instance.
    pub(crate) fn parse_location_instance(&mut self) -> PResult<Location> {
        let _depth = self.enter_nested()?;
        match self.tok.kind {
            TokenKind::String => return self.parse_name_or_file_loc(),
            TokenKind::HashIdent => {
                let attr = self.parse_attribute(None)?;
                if !self.ctx.attr(attr).is_location() {
                    let text = self.attr_to_string(attr);
                    // MLIR's message really has no space after "got".
                    return self.emit_error(format!("expected location attribute, but got{text}"));
                }
                return Ok(Location(attr));
            }
            TokenKind::BareIdent => {}
            _ => return self.err_wrong_token("expected location instance"),
        }
        match self.tok_text() {
            "unknown" => {
                self.consume();
                Ok(self.ctx.unknown_loc())
            }
            "callsite" => {
                self.consume();
                self.parse_token(TokenKind::LParen, "expected '(' in callsite location")?;
                let callee = self.parse_location_instance()?;
                if !self.at_keyword("at") {
                    return self.err_wrong_token("expected 'at' in callsite location");
                }
                self.consume();
                let caller = self.parse_location_instance()?;
                self.parse_token(TokenKind::RParen, "expected ')' in callsite location")?;
                Ok(self.ctx.callsite_loc(callee, caller))
            }
            "fused" => {
                self.consume();
                let mut metadata = None;
                if self.consume_if(TokenKind::Less) {
                    metadata = Some(self.parse_attribute(None)?);
                    self.parse_token(
                        TokenKind::Greater,
                        "expected '>' after fused location metadata",
                    )?;
                }
                let mut locs = Vec::new();
                self.parse_delimited_list(
                    TokenKind::LSquare,
                    TokenKind::RSquare,
                    " in fused location",
                    |p| {
                        locs.push(p.parse_location_instance()?);
                        Ok(())
                    },
                )?;
                Ok(self.ctx.fused_loc_with_metadata(&locs, metadata))
            }
            _ => self.err_wrong_token("expected location instance"),
        }
    }

    /// `"name"`, `"name"(child)`, `"file":line`, `"file":line:col` and the
    /// range forms `... to line:col` / `... to :col`.
    fn parse_name_or_file_loc(&mut self) -> PResult<Location> {
        let t = self.consume();
        let name = match string_token_value(self.lex.text(t)) {
            std::borrow::Cow::Borrowed(b) => self.ctx.ident(std::str::from_utf8(b).unwrap_or("")),
            std::borrow::Cow::Owned(v) => self.ctx.ident(&String::from_utf8_lossy(&v)),
        };
        if self.consume_if(TokenKind::Colon) {
            let line = self.parse_loc_number("expected integer line number in FileLineColRange")?;
            if !self.consume_if(TokenKind::Colon) {
                return Ok(self.ctx.file_line_col_range(name, line, 0, None));
            }
            let col =
                self.parse_loc_number("expected integer column number in FileLineColRange")?;
            if !self.consume_keyword_if("to") {
                return Ok(self.ctx.file_line_col_range(name, line, col, None));
            }
            let post_to = "expected either integer or `:` post `to` in FileLineColRange";
            let mut end_line = line;
            if self.at(TokenKind::Integer) {
                end_line = self.parse_loc_number(post_to)?;
            }
            if !self.consume_if(TokenKind::Colon) {
                return self.err_wrong_token(post_to);
            }
            let end_col =
                self.parse_loc_number("expected integer column number in FileLineColRange")?;
            return Ok(self
                .ctx
                .file_line_col_range(name, line, col, Some((end_line, end_col))));
        }
        if self.consume_if(TokenKind::LParen) {
            let child = self.parse_location_instance()?;
            self.parse_token(
                TokenKind::RParen,
                "expected ')' after child location of NameLoc",
            )?;
            let child = (child != self.ctx.unknown_loc()).then_some(child);
            return Ok(Location(
                self.ctx.intern_attr(AttrKind::NameLoc { name, child }),
            ));
        }
        Ok(Location(
            self.ctx
                .intern_attr(AttrKind::NameLoc { name, child: None }),
        ))
    }

    /// An unsigned 32-bit integer token (decimal or hex).
    fn parse_loc_number(&mut self, msg: &str) -> PResult<u32> {
        if self.at(TokenKind::Integer) {
            if let Some(v) = super::support::token_u32(self.tok_text()) {
                self.consume();
                return Ok(v);
            }
        }
        self.err_wrong_token(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;
    use crate::attributes::{AttrKind, Location};

    fn loc(ctx: &std::sync::Arc<crate::Context>, text: &str) -> Location {
        with_parser(ctx, text, |p| p.parse_location_instance()).expect("parses")
    }

    #[test]
    fn location_forms() {
        let ctx = ctx(true);
        let f = ctx.ident("f");
        assert_eq!(loc(&ctx, "unknown"), ctx.unknown_loc());
        assert_eq!(loc(&ctx, "\"f\":1:2"), ctx.file_line_col("f", 1, 2));
        assert_eq!(
            *ctx.attr(loc(&ctx, "\"f\":1").0),
            AttrKind::FileLineColLoc {
                file: f,
                line: 1,
                col: 0,
                end: None
            }
        );
        assert_eq!(
            *ctx.attr(loc(&ctx, "\"f\":1:2 to 3:4").0),
            AttrKind::FileLineColLoc {
                file: f,
                line: 1,
                col: 2,
                end: Some((3, 4))
            }
        );
        assert_eq!(loc(&ctx, "\"f\":1:2 to :4"), loc(&ctx, "\"f\":1:2 to 1:4"));
        assert_eq!(loc(&ctx, "\"f\":1:2 to 1:2"), ctx.file_line_col("f", 1, 2));
        assert_eq!(loc(&ctx, "\"f\":0x10:2"), ctx.file_line_col("f", 16, 2));
        assert_eq!(loc(&ctx, "\"n\""), ctx.name_loc("n", None));
        assert_eq!(loc(&ctx, "\"n\"(unknown)"), ctx.name_loc("n", None));
        let child = ctx.file_line_col("f", 1, 2);
        assert_eq!(
            loc(&ctx, "\"n\"(\"f\":1:2)"),
            ctx.name_loc("n", Some(child))
        );
        let (a, b) = (ctx.name_loc("a", None), ctx.name_loc("b", None));
        assert_eq!(
            loc(&ctx, "callsite(\"a\" at \"b\")"),
            ctx.callsite_loc(a, b)
        );
        assert_eq!(loc(&ctx, "fused[]"), ctx.unknown_loc());
        assert_eq!(loc(&ctx, "fused[unknown, \"a\", \"a\"]"), a);
        let c = ctx.name_loc("c", None);
        let fab = loc(&ctx, "fused[fused[\"a\", \"b\"], \"c\"]");
        assert_eq!(
            *ctx.attr(fab.0),
            AttrKind::FusedLoc {
                locations: Box::new([a, b, c]),
                metadata: None
            }
        );
        let m = ctx.string_attr("m");
        let fm = loc(&ctx, "fused<\"m\">[]");
        assert_eq!(
            *ctx.attr(fm.0),
            AttrKind::FusedLoc {
                locations: Box::new([ctx.unknown_loc()]),
                metadata: Some(m)
            }
        );
        let fm2 = loc(&ctx, "fused<\"m\">[fused<\"m\">[\"a\"], \"b\"]");
        assert_eq!(
            *ctx.attr(fm2.0),
            AttrKind::FusedLoc {
                locations: Box::new([a, b]),
                metadata: Some(m)
            }
        );
    }

    #[test]
    fn location_aliases() {
        let ctx = ctx(true);
        let src = "#y = loc(\"z\")\n#x = 1\n\"t.op\"() : () -> () loc(fused[#y, \"a\"])\n";
        assert!(parse_module(&ctx, src).is_ok());
        assert_eq!(
            parse_module(&ctx, "#x = 1\n\"t.op\"() : () -> () loc(fused[#x])\n").unwrap_err(),
            "2:33: expected location attribute, but got1 : i64"
        );
        assert_eq!(
            parse_module(&ctx, "\"t.op\"() : () -> () loc(fused[#x])\n").unwrap_err(),
            "1:33: undefined symbol alias id 'x'"
        );
    }

    #[test]
    fn location_errors() {
        let ctx = ctx(true);
        for (src, msg) in [
            (
                "\"f\":1:2 to 3",
                "1:13: expected either integer or `:` post `to` in FileLineColRange",
            ),
            (
                "\"f\":1:2 to",
                "1:11: expected either integer or `:` post `to` in FileLineColRange",
            ),
            (
                "\"f\":1:2 to 3:",
                "1:14: expected integer column number in FileLineColRange",
            ),
            (
                "\"f\":99999999999:1",
                "1:5: expected integer line number in FileLineColRange",
            ),
            (
                "\"f\":1:99999999999",
                "1:7: expected integer column number in FileLineColRange",
            ),
            (
                "\"f\":-1:2",
                "1:5: expected integer line number in FileLineColRange",
            ),
            ("foo", "1:1: expected location instance"),
            (
                "callsite(\"a\" \"b\")",
                "1:13: expected 'at' in callsite location",
            ),
            ("fused[\"a\"", "1:10: expected ']' in fused location"),
            (
                "fused<1 [\"a\"]",
                "1:8: expected '>' after fused location metadata",
            ),
            (
                "\"n\"(\"a\" x",
                "1:8: expected ')' after child location of NameLoc",
            ),
        ] {
            assert_eq!(loc_err(&ctx, src), msg, "{src}");
        }
    }
}
