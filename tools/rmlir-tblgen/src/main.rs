//! `rmlir-tblgen`: will print the Rust that `mlir-ods`/`mlir-drr` generate
//! from a `.td` file (the ODS issue fills it in). Until then it says so.

fn main() {
    eprintln!("rmlir-tblgen: no generators yet (they arrive with the ODS issue)");
    std::process::exit(1);
}
