//! Helpers shared by the integration tests: a seeded generator and the
//! `.mlir` corpus (the repository's lit tests and the upstream suite).

use std::path::{Path, PathBuf};

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Our lit tests, plus the upstream conformance inputs when the shared
/// directory is next to the repository (as in CI).
pub fn corpus() -> Vec<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../../tests");
    let upstream = manifest.join("../../../shared/upstream-tests/mlir");
    let mut files = Vec::new();
    let mut stack = vec![root, upstream];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}
