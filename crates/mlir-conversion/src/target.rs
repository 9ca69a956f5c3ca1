//! What the conversion must reach (MLIR's `ConversionTarget`): legal,
//! dynamically legal (a callback) and illegal ops and dialects, recursively
//! legal ops, and the legality of ops the target knows nothing about.

use std::sync::Arc;

use hashbrown::HashMap;

use mlir_ir::{Ir, OpRef, OpType};

/// A legality callback: `Some(legal)`, or `None` when it has no opinion.
pub type LegalityFn = Arc<dyn Fn(&Ir, OpRef) -> Option<bool> + Send + Sync>;

/// A recursive-legality callback: whether the ops nested in a legal op are legal too.
pub type RecursiveLegalityFn = Arc<dyn Fn(&Ir, OpRef) -> bool + Send + Sync>;

/// How an op is treated (MLIR's `LegalizationAction`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LegalizationAction {
    /// Always legal.
    Legal,
    /// Legal when a callback says so.
    Dynamic,
    /// Never legal: it must be converted.
    Illegal,
}

#[derive(Clone)]
struct LegalizationInfo {
    action: LegalizationAction,
    callback: Option<LegalityFn>,
}

/// Details about a legal op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LegalOpDetails {
    /// The ops nested in it are legal too and need no conversion.
    pub is_recursively_legal: bool,
}

/// The legality rules of a conversion.
#[derive(Clone, Default)]
pub struct ConversionTarget {
    ops: HashMap<String, LegalizationInfo>,
    dialects: HashMap<String, LegalizationInfo>,
    recursive: HashMap<String, Option<LegalityFn>>,
    unknown: Option<LegalityFn>,
}

impl ConversionTarget {
    /// A target without rules (every op is unknown).
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the action of the op named `name`.
    pub fn set_op_action(&mut self, name: &str, action: LegalizationAction) -> &mut Self {
        let callback = self.ops.get(name).and_then(|i| i.callback.clone());
        self.ops
            .insert(name.to_string(), LegalizationInfo { action, callback });
        self
    }
    /// Marks the op named `name` legal.
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.set_op_action(name, LegalizationAction::Legal)
    }
    /// Marks the op `T` legal.
    pub fn add_legal<T: OpType>(&mut self) -> &mut Self {
        self.add_legal_op(T::NAME)
    }
    /// Marks the op named `name` illegal.
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.set_op_action(name, LegalizationAction::Illegal)
    }
    /// Marks the op `T` illegal.
    pub fn add_illegal<T: OpType>(&mut self) -> &mut Self {
        self.add_illegal_op(T::NAME)
    }
    /// Marks the op named `name` legal when `f` says so.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl Fn(&Ir, OpRef) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.ops.insert(
            name.to_string(),
            LegalizationInfo {
                action: LegalizationAction::Dynamic,
                callback: Some(Arc::new(move |ir, op| Some(f(ir, op)))),
            },
        );
        self
    }
    /// Marks every op of `dialect` legal.
    pub fn add_legal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(
            dialect.to_string(),
            LegalizationInfo {
                action: LegalizationAction::Legal,
                callback: None,
            },
        );
        self
    }
    /// Marks every op of `dialect` illegal.
    pub fn add_illegal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(
            dialect.to_string(),
            LegalizationInfo {
                action: LegalizationAction::Illegal,
                callback: None,
            },
        );
        self
    }
    /// Marks every op of `dialect` legal when `f` says so.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        dialect: &str,
        f: impl Fn(&Ir, OpRef) -> Option<bool> + Send + Sync + 'static,
    ) -> &mut Self {
        self.dialects.insert(
            dialect.to_string(),
            LegalizationInfo {
                action: LegalizationAction::Dynamic,
                callback: Some(Arc::new(f)),
            },
        );
        self
    }
    /// Marks the op named `name` recursively legal (when legal, and when
    /// `f`, if given, says so): ops nested in it are not converted.
    pub fn mark_op_recursively_legal(
        &mut self,
        name: &str,
        f: Option<RecursiveLegalityFn>,
    ) -> &mut Self {
        let f = f.map(|f| -> LegalityFn { Arc::new(move |ir, op| Some(f(ir, op))) });
        self.recursive.insert(name.to_string(), f);
        self
    }
    /// Decides the legality of ops the target has no rule for.
    pub fn mark_unknown_op_dynamically_legal(
        &mut self,
        f: impl Fn(&Ir, OpRef) -> Option<bool> + Send + Sync + 'static,
    ) -> &mut Self {
        self.unknown = Some(Arc::new(f));
        self
    }

    fn info(&self, ir: &Ir, op: OpRef) -> Option<LegalizationInfo> {
        let name = ir.op_name_str(op);
        if let Some(i) = self.ops.get(name) {
            // A dynamic op without its own callback uses its dialect's.
            if i.action == LegalizationAction::Dynamic && i.callback.is_none() {
                let dialect = name.split('.').next().unwrap_or("");
                let cb = self
                    .dialects
                    .get(dialect)
                    .and_then(|d| d.callback.clone())
                    .or_else(|| self.unknown.clone());
                return Some(LegalizationInfo {
                    action: i.action,
                    callback: cb,
                });
            }
            return Some(i.clone());
        }
        let dialect = name.split('.').next().unwrap_or("");
        if let Some(d) = self.dialects.get(dialect) {
            return Some(d.clone());
        }
        self.unknown.as_ref().map(|f| LegalizationInfo {
            action: LegalizationAction::Dynamic,
            callback: Some(f.clone()),
        })
    }

    /// The action for `op`, if the target has a rule for it.
    pub fn op_action(&self, ir: &Ir, op: OpRef) -> Option<LegalizationAction> {
        self.info(ir, op).map(|i| i.action)
    }

    /// The action for ops named `name`, if the target has a rule for them
    /// (MLIR's `getOpAction(OperationName)`): the op's own action, else its
    /// dialect's, else `Dynamic` when unknown ops are decided by a callback.
    /// Used before any op exists, to build the legalization graph.
    pub fn op_action_for_name(&self, name: &str) -> Option<LegalizationAction> {
        if let Some(i) = self.ops.get(name) {
            return Some(i.action);
        }
        let dialect = name.split('.').next().unwrap_or("");
        if let Some(d) = self.dialects.get(dialect) {
            return Some(d.action);
        }
        self.unknown.as_ref().map(|_| LegalizationAction::Dynamic)
    }

    /// Whether `op` is legal, with details, or `None` if it is illegal or
    /// unknown (MLIR's `isLegal`).
    pub fn is_legal(&self, ir: &Ir, op: OpRef) -> Option<LegalOpDetails> {
        let info = self.info(ir, op)?;
        let legal = match info.action {
            LegalizationAction::Legal => true,
            LegalizationAction::Illegal => false,
            LegalizationAction::Dynamic => info.callback.as_ref().and_then(|f| f(ir, op))?,
        };
        if !legal {
            return None;
        }
        let is_recursively_legal = match self.recursive.get(ir.op_name_str(op)) {
            Some(None) => true,
            Some(Some(f)) => f(ir, op).unwrap_or(false),
            None => false,
        };
        Some(LegalOpDetails {
            is_recursively_legal,
        })
    }

    /// Whether `op` is explicitly illegal: marked illegal, or dynamically
    /// legal with a callback that says no (MLIR's `isIllegal`).
    pub fn is_illegal(&self, ir: &Ir, op: OpRef) -> bool {
        let Some(info) = self.info(ir, op) else {
            return false;
        };
        if info.action == LegalizationAction::Dynamic {
            if let Some(legal) = info.callback.as_ref().and_then(|f| f(ir, op)) {
                return !legal;
            }
        }
        info.action == LegalizationAction::Illegal
    }
}
