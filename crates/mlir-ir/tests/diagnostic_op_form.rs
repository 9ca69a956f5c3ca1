//! The form of the op in the `see current operation` note and in ops
//! appended to diagnostic messages, as MLIR prints them: generic in errors,
//! the op's own (custom) form in warnings and remarks unless the op's closest
//! isolated-from-above ancestor fails to verify, and a leading newline for
//! ops printed on several lines. The verification behind that choice must
//! not leak diagnostics.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::{parse_source, printer, OpAsmPrinter, PrintFlags};
use mlir_ir::diagnostics::DiagnosticPrinters;
use mlir_ir::{Context, Diagnostic, Dialect, Ir, OpInfo, OpRef, Severity};

/// A dialect with one op, `tst.op`, that has a custom form and fails to
/// verify when it carries a `bad` attribute.
struct TstDialect;

fn print_tst_op(p: &mut OpAsmPrinter<'_, '_>, _op: OpRef) {
    p.print_str(" custom");
}

fn verify_tst_op(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    if ir.attr(op, "bad").is_some() {
        return Err(ir.op_error(op, "is bad"));
    }
    Ok(())
}

impl Dialect for TstDialect {
    fn namespace(&self) -> &'static str {
        "tst"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![OpInfo::new("tst.op")
            .with_print(print_tst_op)
            .with_verify(verify_tst_op)]
    }
}

/// What rmlir-opt installs, without the command-line flags.
fn print_for_diagnostic(ir: &Ir, op: OpRef, generic: bool) -> String {
    let flags = PrintFlags {
        generic,
        ..PrintFlags::default()
    };
    printer::print_op_local(ir, op, &flags)
}

/// Parses `src` with a handler recording every diagnostic as
/// `severity: message`, then one `note: message` line per note.
fn setup(src: &str) -> (Ir, OpRef, Arc<Mutex<Vec<String>>>) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.load_dialect(TstDialect);
    let ctx = Arc::new(ctx);
    ctx.set_diagnostic_printers(DiagnosticPrinters {
        op: Some(print_for_diagnostic),
        attr: None,
    });
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    ctx.add_diagnostic_handler(Box::new(move |_, d| {
        let mut s = sink.lock().unwrap();
        s.push(format!("{}: {}", d.severity.as_str(), d.message));
        for n in &d.notes {
            s.push(format!("note: {}", n.message));
        }
        true
    }));
    let (ir, top) = parse_source(ctx, src, &Default::default()).expect("parses");
    (ir, top, seen)
}

/// The ops directly in the body of `module`.
fn body_ops(ir: &Ir, module: OpRef) -> Vec<OpRef> {
    let block = ir
        .region_blocks(ir.region(module, 0))
        .next()
        .expect("a body");
    ir.block_ops(block).collect()
}

#[test]
fn errors_print_generic_remarks_and_warnings_custom() {
    let (ir, top, seen) = setup("\"tst.op\"() : () -> ()\n");
    let op = body_ops(&ir, top)[0];
    for severity in [Severity::Error, Severity::Warning, Severity::Remark] {
        ir.ctx().emit(ir.op_diag(op, severity, "here"));
    }
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "error: here",
            "note: see current operation: \"tst.op\"() : () -> ()",
            "warning: here",
            "note: see current operation: tst.op custom",
            "remark: here",
            "note: see current operation: tst.op custom",
        ]
    );
}

#[test]
fn an_invalid_scope_prints_generic_without_leaking_its_errors() {
    let (ir, top, seen) = setup("\"tst.op\"() : () -> ()\n\"tst.op\"() {bad} : () -> ()\n");
    let good = body_ops(&ir, top)[0];
    ir.ctx().emit(ir.op_diag(good, Severity::Remark, "here"));
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "remark: here",
            "note: see current operation: \"tst.op\"() : () -> ()"
        ]
    );
}

#[test]
fn ops_on_several_lines_start_on_a_new_line() {
    let (ir, top, seen) = setup("\"tst.op\"() : () -> ()\n");
    ir.ctx().emit(ir.op_diag(top, Severity::Remark, "here"));
    assert_eq!(
        ir.op_to_diagnostic_string(top, Severity::Error),
        "\n\"builtin.module\"() ({\n  \"tst.op\"() : () -> ()\n}) : () -> ()"
    );
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "remark: here",
            "note: see current operation: \nmodule {\n  tst.op custom\n}"
        ]
    );
}

#[test]
fn an_operand_from_a_detached_block_is_unknown_and_prints_generic() {
    // Mid-rewrite IR can use a value of a block that is not in the IR (a
    // block whose signature a conversion is replacing): the scope does not
    // verify, and the value has no name in it.
    let (mut ir, top, seen) = setup(
        "\"tst.op\"() : () -> ()\n\"foo.user\"(%0) : (i32) -> ()\n%0 = \"foo.def\"() : () -> i32\n",
    );
    let ops = body_ops(&ir, top);
    let detached = ir.create_block();
    let i32t = ir.ctx().int_type(32);
    let loc = ir.ctx().unknown_loc();
    let arg = ir.add_argument(detached, i32t, loc);
    ir.set_operand(ops[1], 0, arg);
    ir.ctx().emit(ir.op_diag(ops[1], Severity::Remark, "here"));
    ir.ctx().emit(ir.op_diag(ops[0], Severity::Remark, "here"));
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "remark: here",
            "note: see current operation: \"foo.user\"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()",
            "remark: here",
            "note: see current operation: \"tst.op\"() : () -> ()"
        ]
    );
}
