//! `mlir-conversion`: the dialect-conversion framework (ConversionTarget,
//! TypeConverter, conversion patterns and driver). Filled in by the dialect
//! conversion issue.
