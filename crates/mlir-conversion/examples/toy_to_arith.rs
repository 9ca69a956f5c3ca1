//! A worked example of the dialect conversion: a toy `i32`-only dialect
//! (`toy.constant`, `toy.add`, `toy.print`, unregistered) is lowered to
//! `arith` on `index`, with a type converter `i32 -> index`.
//!
//! * The partial conversion lowers constants and adds and leaves
//!   `toy.print` (unknown to the target) alone; its operand, now an `index`,
//!   is cast back to `i32` by the type converter's source materialization
//!   (`arith.index_cast`).
//! * The full conversion fails on `toy.print`, reports it, and leaves the IR
//!   as it was.
//!
//! Run with `cargo run -p mlir-conversion --example toy_to_arith`.

use std::sync::Arc;

use mlir_conversion::{
    add_conversion_pattern, apply_full_conversion, apply_partial_conversion, ConversionConfig,
    ConversionPattern, ConversionPatternRewriter, ConversionTarget, TypeConverter,
};
use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{Context, OpRef, OperationState, Value};
use mlir_rewrite::{FrozenRewritePatternSet, LogicalResult, Pattern, RewritePatternSet};

const INPUT: &str = r#"
func.func @main() {
  %0 = "toy.constant"() {value = 1 : i32} : () -> i32
  %1 = "toy.constant"() {value = 2 : i32} : () -> i32
  %2 = "toy.add"(%0, %1) : (i32, i32) -> i32
  "toy.print"(%2) : (i32) -> ()
  return
}
"#;

/// `toy.constant {value = N : i32}` -> `arith.constant N : index`.
struct ConstantLowering(Arc<TypeConverter>);

impl ConversionPattern for ConstantLowering {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "toy.constant", 1)
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ctx = rw.ctx();
        let value = rw
            .ir()
            .attr(op, "value")
            .and_then(|a| ctx.int_attr_value(a))
            .ok_or(())?;
        let index = ctx.index_type();
        let attr = ctx.int_attr(index, value);
        let props = ctx.dictionary_attr(&[(ctx.ident("value"), attr)]);
        let mut state = OperationState::new(ctx.op_name("arith.constant"), rw.ir().op_loc(op))
            .results(&[index]);
        state.properties = Some(props);
        let new = rw.create(state);
        rw.replace_op_with_op(op, new);
        Ok(())
    }
}

/// `toy.add` -> `arith.addi` on the converted (`index`) operands.
struct AddLowering(Arc<TypeConverter>);

impl ConversionPattern for AddLowering {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "toy.add", 1)
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let index = rw.ctx().index_type();
        rw.replace_op_with_new_named(op, "arith.addi", operands, &[index], None);
        Ok(())
    }
}

fn main() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    mlir_dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);

    // i32 -> index; an index is cast back to i32 for users left in toy.
    let mut converter = TypeConverter::new();
    converter.add_type_conversion(|_, t| Some(Some(t)));
    converter.add_type_conversion(|ctx, t| (t == ctx.int_type(32)).then(|| Some(ctx.index_type())));
    converter.add_source_materialization(|b, ty, inputs, loc| {
        let name = b.ctx().op_name("arith.index_cast");
        let op = b.create(
            OperationState::new(name, loc)
                .operands(inputs)
                .results(&[ty]),
        );
        Some(b.ir.result(op, 0))
    });
    let converter = Arc::new(converter);

    let mut set = RewritePatternSet::new(ctx.clone());
    add_conversion_pattern(&mut set, ConstantLowering(converter.clone()));
    add_conversion_pattern(&mut set, AddLowering(converter.clone()));
    let patterns = FrozenRewritePatternSet::new(set);

    let mut target = ConversionTarget::new();
    target.add_legal_dialect("arith");
    target.add_legal_dialect("func");
    target.add_legal_op("builtin.module");
    target.add_illegal_op("toy.constant");
    target.add_illegal_op("toy.add");
    let config = ConversionConfig::default();

    for full in [false, true] {
        let (mut ir, module) = mlir_ir::asm::parse_source(ctx.clone(), INPUT, &Default::default())
            .expect("the example parses");
        let ok = if full {
            apply_full_conversion(&mut ir, module, &target, &patterns, &config).is_ok()
        } else {
            apply_partial_conversion(&mut ir, module, &target, &patterns, &config)
                .0
                .is_ok()
        };
        let kind = if full { "full" } else { "partial" };
        println!(
            "// {kind} conversion: {}",
            if ok { "succeeded" } else { "failed" }
        );
        print!("{}", print_to_string(&ir, module, &PrintFlags::default()));
    }
}
