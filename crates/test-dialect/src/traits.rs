//! Test ops of the upstream trait and CSE tests (`td/TestOpsTraits.td`):
//! the verifier traits, `HasParent`/`ParentOneOf`, a symbol scope, segment
//! sizes, the `oilist` formats, memory effects and single-block regions.
//!
//! This module attaches what ODS cannot say in rmlir's `.td` dialect: the
//! memory effects of `test.op_with_memread`, `test.op_with_memwrite` and
//! `test.side_effect_op` (upstream's `MemoryEffects<[...]>` and the
//! attribute-driven `SideEffectOp::getEffects`), and the
//! `custom<CustomOptionalOperand>` directive of `test.oilist_custom`.

use smallvec::SmallVec;

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::{MemoryEffect, MemoryEffectKind, MemoryEffectsInterface};
use mlir_ir::ods::spec::{CustomParseArg, CustomPrintArg};
use mlir_ir::{AttrKind, Ir, OpInfo, OpRef, TypeKind};

/// The generated op definitions of `td/TestOpsTraits.td`. Generated code
/// keeps the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/traits_ops.rs"));
}

pub use ops::*;

/// The ops of this file, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.op_with_memread" => info.with_interface(MemoryEffectsInterface {
                get_effects: |_, _, effects| {
                    effects.push(MemoryEffect::new(MemoryEffectKind::Read, None))
                },
            }),
            "test.op_with_memwrite" => info.with_interface(MemoryEffectsInterface {
                get_effects: |_, _, effects| {
                    effects.push(MemoryEffect::new(MemoryEffectKind::Write, None))
                },
            }),
            "test.side_effect_op" => info.with_interface(MemoryEffectsInterface {
                get_effects: side_effect_op_effects,
            }),
            "test.result_type_with_trait" => info.with_verify(verify_result_type_with_trait),
            "test.attr_with_trait" => info.with_verify(verify_attr_with_trait),
            _ => info,
        })
        .collect()
}

/// Whether `dialect`/`body` spell the test dialect entity `mnemonic` (the
/// test dialect's types and attributes are kept as opaque text).
fn is_test_entity(ir: &Ir, dialect: mlir_ir::Ident, body: &str, mnemonic: &str) -> bool {
    ir.ctx().ident_str(dialect) == "test" && body == mnemonic
}

/// Upstream's `TestTypeWithTraitOp::verify`: only `!test.test_type_with_trait`
/// has `TestTypeTrait`.
fn verify_result_type_with_trait(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ty = ir.value_type(ir.result(op, 0));
    let has_trait = matches!(ir.ctx().ty(ty), TypeKind::Opaque { dialect, body }
        if is_test_entity(ir, *dialect, body, "test_type_with_trait"));
    if has_trait {
        return Ok(());
    }
    // Upstream's `emitError()` on the op: no "'op' op" prefix, but the
    // "see current operation" note.
    Err(ir.op_diag(
        op,
        mlir_ir::Severity::Error,
        "result type should have trait 'TestTypeTrait'",
    ))
}

/// Upstream's `TestAttrWithTraitOp::verify`: only `#test.attr_with_trait`
/// has `TestAttrTrait`.
fn verify_attr_with_trait(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let has_trait = ir.attr(op, "attr").is_some_and(|a| {
        matches!(ir.ctx().attr(a), AttrKind::Opaque { dialect, body }
            if is_test_entity(ir, *dialect, body, "attr_with_trait"))
    });
    if has_trait {
        return Ok(());
    }
    // Upstream's `emitError()` on the op: no "'op' op" prefix, but the
    // "see current operation" note.
    Err(ir.op_diag(
        op,
        mlir_ir::Severity::Error,
        "'attr' attribute should have trait 'TestAttrTrait'",
    ))
}

/// The resource of upstream's `TestResource` (addressable).
pub const TEST_RESOURCE: &str = "TestResource";
/// The resource of upstream's `TestNonAddressableResource`.
pub const TEST_NONADDRESSABLE_RESOURCE: &str = "TestNonAddressableResource";

/// Upstream's `SideEffectOp::getEffects`: one effect per dictionary of the
/// `effects` array attribute; `effect` names the kind, `on_result` puts the
/// effect on the op's result, and a `test_resource` /
/// `test_nonaddressable_resource` entry selects the resource. Entries with
/// an unknown effect name are skipped, as upstream does.
fn side_effect_op_effects(ir: &Ir, op: OpRef, effects: &mut SmallVec<[MemoryEffect; 4]>) {
    let ctx = ir.ctx();
    let Some(list) = ir.attr(op, "effects") else {
        return;
    };
    let AttrKind::Array(items) = ctx.attr(list) else {
        return;
    };
    for &item in items.iter() {
        if !matches!(ctx.attr(item), AttrKind::Dictionary(_)) {
            continue;
        }
        let mut kind = None;
        let mut on_result = false;
        let mut resource = "<Default>";
        for &(k, v) in ctx.dictionary_entries(item) {
            match ctx.ident_str(k) {
                "effect" => {
                    kind = match ctx.string_attr_value(v).as_deref() {
                        Some("allocate") => Some(MemoryEffectKind::Allocate),
                        Some("free") => Some(MemoryEffectKind::Free),
                        Some("read") => Some(MemoryEffectKind::Read),
                        Some("write") => Some(MemoryEffectKind::Write),
                        _ => None,
                    }
                }
                "on_result" => on_result = true,
                "test_resource" => resource = TEST_RESOURCE,
                "test_nonaddressable_resource" => resource = TEST_NONADDRESSABLE_RESOURCE,
                _ => {}
            }
        }
        let Some(kind) = kind else { continue };
        let value = (on_result && ir.num_results(op) != 0).then(|| ir.result(op, 0));
        effects.push(MemoryEffect {
            kind,
            value,
            resource,
        });
    }
}

/// `custom<CustomOptionalOperand>($optOperand)`: an optional `( %operand )`.
pub fn parse_custom_optional_operand<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> Result<(), ()> {
    if !p.parse_optional_token(TokenKind::LParen) {
        return Ok(());
    }
    let operand = p.parse_operand()?;
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    if let Some(CustomParseArg::Operand(slot)) = args.get_mut(0) {
        *slot = Some(operand);
    }
    Ok(())
}

/// Prints `(%operand) ` when the optional operand is present.
pub fn print_custom_optional_operand(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    if let Some(CustomPrintArg::Operands(r)) = args.first() {
        if !r.is_empty() {
            let v = p.ir().operand(op, r.start);
            // Upstream's printer leaves a trailing space.
            p.print_char('(');
            p.print_operand(v);
            p.print_str(") ");
        }
    }
}
