//===- PassBase.td - pass declarations -------------------------*- tablegen -*-===//
//
// `include "mlir/Pass/PassBase.td"` as upstream: the classes a `Passes.td`
// declares passes with. The record shapes are upstream's (the same class
// names, template arguments and fields), so a pass declared for mlir-tblgen
// reads the same here; `mlir_ods::gen::pass` turns them into Rust.
//
// Two fields are rmlir's own, both optional: `rustType` names the Rust type
// that implements the pass (default: the record name, with `Pass` appended
// unless it already ends so), and `passName` overrides the name shown in
// timing and statistics (default: the record name, as upstream).
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_PASS_PASSBASE
#define MLIR_PASS_PASSBASE

// An option of a pass. `valueType` is upstream's C++ spelling: `bool`,
// `int`/`int32_t`, `unsigned`/`uint32_t`, `int64_t`, `uint64_t`,
// `std::string`, or an enum type whose cases `additionalFlags` lists with
// `clEnumValN(Case, "name", "description")`. `default` is a C++ expression
// of that type ("" for the type's zero value).
class Option<string varName, string arg, string valueType, string default,
             string desc, string additionalFlags = ""> {
  // The name of the option's variable (a field of the generated options).
  string cppName = varName;
  // What the option is spelled as in `pass{arg=value}`.
  string argument = arg;
  string type = valueType;
  string defaultValue = default;
  string description = desc;
  string additionalOptFlags = additionalFlags;
}

// A comma-separated list option (empty by default).
class ListOption<string varName, string arg, string valueType,
                 string desc, string additionalFlags = "">
  : Option<varName, arg, valueType, "", desc, additionalFlags>;

// A counter a pass reports under `--mlir-pass-statistics`.
class Statistic<string varName, string statName, string desc> {
  string cppName = varName;
  // The name shown in the statistics report.
  string name = statName;
  string description = desc;
}

class PassBase<string passArg, string base> {
  // The pass's command-line argument (`canonicalize`).
  string argument = passArg;
  // Upstream's C++ base class; its template argument is the anchor op (or
  // interface) the generator reads.
  string baseClass = base;
  // The one line `--help` shows.
  string summary = "";
  // The longer text of the generated documentation.
  string description = "";
  // A Rust expression creating the pass for registration; empty for
  // `Default::default()`.
  code constructor = "";
  // Dialects whose entities the pass may create.
  list<string> dependentDialects = [];
  list<Option> options = [];
  list<Statistic> statistics = [];
  // rmlir: the implementing Rust type (see the file comment).
  string rustType = "";
  // rmlir: the name shown in timing and statistics.
  string passName = "";
}

// A pass running on ops named `operation` (an op name such as `func.func`,
// or upstream's C++ class names `ModuleOp`/`func::FuncOp`), or on any op
// when it is empty.
class Pass<string passArg, string operation = "">
  : PassBase<passArg, "::mlir::OperationPass<" # operation # ">">;

// A pass running on ops that implement `interface`; the implementing type
// decides which ops those are (`PassImpl::can_schedule_on`).
class InterfacePass<string passArg, string interface>
  : PassBase<passArg, "::mlir::InterfacePass<" # interface # ">">;

#endif // MLIR_PASS_PASSBASE
