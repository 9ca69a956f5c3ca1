//! Fuzz target 5, the TableGen front end and the ODS/DRR generators on
//! in-memory `.td` text (with the ODS base library on the include path, as
//! `rmlir-tblgen` has it): parsing, record printing, op definitions, op
//! documentation and rewriters must report errors, never panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fn include_dirs() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| vec![mlir_ods::build::base_library_dir()])
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(records) = mlir_ods::tablegen::parse_str("fuzz.td", text, include_dirs()) else {
        return;
    };
    let _ = records.print_records();
    let _ = mlir_ods::gen::gen_op_defs(&records, "fuzz.td");
    let _ = mlir_ods::gen::gen_op_doc(&records, "fuzz.td");
    let _ = mlir_drr::gen::gen_rewriters_with(&records, "fuzz.td", None);
});
