//! The declarations of the test dialect's test passes, generated at build
//! time from `td/TestPasses.td` (see `docs/PASSES.md`): per pass its
//! `impl Pass` (forwarding to the hand-written `PassImpl` of the type the
//! record names), options and `register_<record>_pass`.

// Not every generated item is used (e.g. `create_*_with`, the group
// registration): the areas register their passes one by one.
#![allow(dead_code)]

include!(concat!(env!("OUT_DIR"), "/test_pass_decls.rs"));
