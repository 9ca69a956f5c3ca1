# lit configuration for rmlir's FileCheck tests (every tests/**/*.mlir).
#
# Run with LLVM 22's lit:   /usr/lib/llvm-22/bin/lit -sv tests/
# Environment overrides:
#   RMLIR_OPT  binary substituted for `rmlir-opt` in RUN lines
#              (default: <repo>/target/release/rmlir-opt). Set it to
#              /usr/lib/llvm-22/bin/mlir-opt to check the tests themselves:
#              upstream mlir-opt is the specification, every test must pass
#              with it.
#   LLVM_BIN   directory holding FileCheck, not, count, split-file
#              (default /usr/lib/llvm-22/bin).
# Substitutions besides lit's own (%s, %S, %t, %T, %p, %%):
#   rmlir-opt, FileCheck, not, count, split-file -> absolute paths above
#   %rmlir_opt                                   -> same as rmlir-opt
#   toy-opt   the Toy example's driver (examples/toy), next to rmlir-opt
#             (TOY_OPT overrides); tests of tests/toy say `REQUIRES: toy`,
#             which holds unless the tests are checked against mlir-opt
import os

import lit.formats
import lit.util

config.name = "rmlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
project_root = os.path.dirname(config.test_source_root)
# Output/%t files go under target/ (ignored by git), not into the source tree.
config.test_exec_root = os.path.join(project_root, "target", "lit")

rmlir_opt = os.environ.get("RMLIR_OPT") or os.path.join(
    project_root, "target", "release", "rmlir-opt"
)
rmlir_opt = os.path.abspath(rmlir_opt) if os.sep in rmlir_opt else (
    lit.util.which(rmlir_opt) or rmlir_opt
)
llvm_bin = os.environ.get("LLVM_BIN") or "/usr/lib/llvm-22/bin"

if not os.path.exists(rmlir_opt):
    lit_config.warning(
        "rmlir-opt binary not found at %s (build it with "
        "`cargo build --release -p rmlir-opt` or set RMLIR_OPT)" % rmlir_opt
    )


def tool_path(name):
    path = os.path.join(llvm_bin, name)
    if os.path.exists(path):
        return path
    found = lit.util.which(name)
    if found:
        return found
    lit_config.fatal(
        "%s not found in %s or on PATH (apt-get install llvm-22-tools, or set LLVM_BIN)"
        % (name, llvm_bin)
    )


# A tool name is replaced only where it stands as a word of its own (not inside
# a path or a longer name), as upstream's ToolSubst does.
def word(name):
    return r"(?<![\w./%-])" + name.replace("-", r"\-") + r"(?![\w.-])"


# The Toy example's driver is built next to rmlir-opt
# (`cargo build --release -p rmlir-opt -p toy`).
toy_opt = os.environ.get("TOY_OPT") or os.path.join(
    project_root, "target", "release", "toy-opt"
)
if os.path.basename(rmlir_opt) != "mlir-opt":
    if os.path.dirname(rmlir_opt) and not os.environ.get("TOY_OPT"):
        toy_opt = os.path.join(os.path.dirname(rmlir_opt), "toy-opt")
    config.available_features.add("toy")
    if not os.path.exists(toy_opt):
        lit_config.warning(
            "toy-opt binary not found at %s (build it with "
            "`cargo build --release -p toy` or set TOY_OPT)" % toy_opt
        )
config.substitutions.append((word("toy-opt"), toy_opt))

config.substitutions.append(("%rmlir_opt", rmlir_opt))
config.substitutions.append((word("rmlir-opt"), rmlir_opt))
for name in ["FileCheck", "not", "count", "split-file"]:
    config.substitutions.append((word(name), tool_path(name)))

# Keep diagnostics and colour output deterministic.
config.environment["LC_ALL"] = "C"
config.environment.pop("FILECHECK_OPTS", None)

# Tests of rmlir's own additions (flags mlir-opt 22 has only in debug or
# expensive-checks builds, rmlir-only test passes) say `REQUIRES: rmlir` and
# are skipped when the tests are checked against upstream mlir-opt.
if os.path.basename(rmlir_opt) != "mlir-opt":
    config.available_features.add("rmlir")
