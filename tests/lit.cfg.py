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
#   toy-opt, custom-opt   the example drivers, next to rmlir-opt
#                         (TOY_OPT, CUSTOM_OPT override)
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


# The example drivers (examples/toy, examples/custom-opt) are built next to
# rmlir-opt (`cargo build --release -p rmlir-opt -p toy -p custom-opt`);
# TOY_OPT / CUSTOM_OPT override. Their tests say `REQUIRES: toy` or
# `REQUIRES: custom-opt`, which hold unless the tests are checked against
# upstream mlir-opt (which has neither dialect).
for tool, env, feature in [("toy-opt", "TOY_OPT", "toy"),
                           ("custom-opt", "CUSTOM_OPT", "custom-opt")]:
    path = os.environ.get(env) or os.path.join(
        os.path.dirname(rmlir_opt) or os.path.join(project_root, "target", "release"),
        tool,
    )
    if os.path.basename(rmlir_opt) != "mlir-opt":
        config.available_features.add(feature)
        if not os.path.exists(path):
            lit_config.warning(
                "%s binary not found at %s (build it with `cargo build "
                "--release -p %s` or set %s)"
                % (tool, path, "toy" if tool == "toy-opt" else tool, env)
            )
    config.substitutions.append((word(tool), path))

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
