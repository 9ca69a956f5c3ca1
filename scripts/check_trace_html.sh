#!/usr/bin/env bash
# Checks the HTML page of `rmlir-opt --mlir-print-rewrite-trace` in a real
# headless browser (Debian's chromium): the page of tests/drivers/rewrite-trace.mlir
# is loaded with a test script appended, which clicks the line of an op
# created by a pattern and checks that the history panel names the pattern,
# that every op link leads to a history entry, that the embedded JSON
# describes the same ops, and that the page loads nothing from outside. The
# script writes its verdict into the DOM, which chromium dumps. A copy of
# the page without its own script must fail the same checks (so they can fail).
#
# Usage: scripts/check_trace_html.sh [RMLIR_OPT] ; CHROMIUM overrides the browser.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPT=${1:-${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || { echo "error: chromium not found" >&2; exit 1; }
[ -x "$OPT" ] || { echo "error: $OPT not built" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-trace-html.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$OPT" "$ROOT/tests/drivers/rewrite-trace.mlir" --canonicalize \
  --mlir-print-rewrite-trace="$WORK/trace.html" -o /dev/null || exit 1

# The checks, run after the page's own script (appended after it).
cat >"$WORK/checks.js" <<'JS'
<script>
(function(){
  var errors = [];
  function check(ok, what){ if (!ok) errors.push(what); }
  try {
    check(document.querySelectorAll('script[src],link[href],img[src],iframe,object,embed').length === 0,
          'the page loads external resources');
    var links = document.querySelectorAll('a.op');
    check(links.length >= 8, 'expected at least 8 op links, got ' + links.length);
    for (var i = 0; i < links.length; i++) {
      var target = links[i].getAttribute('href').slice(1);
      check(document.getElementById(target) !== null, 'dangling link ' + target);
    }
    var data = window.rewriteTrace && window.rewriteTrace.data;
    check(!!data, 'no trace data (window.rewriteTrace)');
    if (data) {
      check(data.ops.length === document.querySelectorAll('div.history').length,
            'JSON ops and history entries differ');
      var printed = data.ops.filter(function(o){ return o.line > 0; }).length;
      check(printed === links.length, 'printed ops ' + printed + ' vs links ' + links.length);
    }
    var extui = null;
    for (var k = 0; k < links.length; k++)
      if (links[k].textContent.indexOf('arith.extui') >= 0) extui = links[k];
    check(extui !== null, 'no link for arith.extui');
    if (extui) {
      extui.click();
      var panel = document.getElementById('panel-body').textContent;
      check(panel.indexOf('SelectToExtUI') >= 0, 'the panel does not name SelectToExtUI: ' + panel);
      check(panel.indexOf('created') >= 0, 'the panel does not say created');
      check(extui.classList.contains('selected'), 'the clicked line is not highlighted');
      check(location.hash === '', 'the click navigated instead of showing the panel');
    }
  } catch (e) { errors.push('exception: ' + e); }
  var r = document.createElement('div');
  r.id = 'trace-test-result';
  r.textContent = errors.length ? 'FAIL: ' + errors.join('; ') : 'PASS';
  document.body.appendChild(r);
})();
</script>
JS

# run PAGE: chromium's DOM after the scripts ran.
run() {
  local profile; profile=$(mktemp -d "$WORK/profile.XXXXXX")
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
    --run-all-compositor-stages-before-draw --virtual-time-budget=5000 \
    --dump-dom "file://$1" 2>"$WORK/chromium.log"
}

# The page under test: its own markup and script, then the checks.
sed 's#</body></html>##' "$WORK/trace.html" >"$WORK/test.html"
cat "$WORK/checks.js" >>"$WORK/test.html"
echo '</body></html>' >>"$WORK/test.html"
result=$(run "$WORK/test.html" | grep -o '<div id="trace-test-result">[^<]*</div>')
echo "page: ${result:-no result (see chromium log below)}"
case "$result" in
  *'>PASS<'*) ;;
  *) cat "$WORK/chromium.log" >&2; exit 1 ;;
esac

# The control: without the page's script the click cannot show the history.
python3 - "$WORK/test.html" "$WORK/control.html" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
# Drop the page's own inline script (the one defining window.rewriteTrace).
page = re.sub(r'<script>\s*\(function\(\)\{\s*var panel.*?</script>', '', page, count=1, flags=re.S)
open(sys.argv[2], 'w').write(page)
PY
control=$(run "$WORK/control.html" | grep -o '<div id="trace-test-result">[^<]*</div>')
echo "control (page script removed): ${control:-no result}"
case "$control" in
  *'>FAIL:'*) echo "trace-html: OK" ;;
  *) echo "error: the checks did not fail on the broken control page" >&2; exit 1 ;;
esac
