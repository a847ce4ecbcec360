# The Node.js lines this package supports, for .ci/run (sourced) and the CI recipes' node-version matrices
# (cli/ci-recipes.test.ts reads them here). package.json's engines names the lowest. The whole gate runs on
# NODE_GATE_LINE; the unit tier and one suite run against the mock run on each of NODE_OTHER_LINES.
NODE_GATE_LINE=24
NODE_OTHER_LINES=(22 26)

# The bin directory of the newest release of Node line $1. The CI machine's own Node may be none of the
# supported lines: the npm registry's `node` package ships each line's build for this platform, and npx keeps
# it in npm's cache for the next run.
node_line_bin() {
  local line=$1 bin
  bin=$(npx --yes --package "node@$line" -c 'dirname "$(readlink -f "$(command -v node)")"') || return 1
  if ! "$bin/node" --version | grep -q "^v$line\."; then
    echo "ci: npx brought no Node $line (found $("$bin/node" --version 2>&1)) in $bin" >&2
    return 1
  fi
  echo "$bin"
}

# The built CLIs on the Node first on PATH: the mock on a free port, and a --strict run of the suite against it
# (a fixed seed, as the gate's tests have).
suite_against_mock() {
  local work pid url='' status=0
  work=$(mktemp -d)
  node bin/jobs-mock.js --port 0 >"$work/mock.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/mock.log" | head -n 1 || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  if [ -z "$url" ]; then
    echo "ci: the mock did not start:" >&2
    cat "$work/mock.log" >&2
    status=1
  else
    node bin/jobs-conformance.js --base-url "$url" --api-key demo-key-1 --second-api-key demo-key-2 --strict --seed 1 \
      --report-dir "$work/report" || status=$?
  fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
  return "$status"
}

# On Node line $1 (after the gate built dist/ and installed node_modules/, which hold nothing native to a
# Node version): the unit tier, then the suite against the mock through the built CLIs.
check_node_line() {
  local bin
  bin=$(node_line_bin "$1")
  echo "ci: Node $("$bin/node" --version): the unit tier, then a --strict suite run against the mock"
  PATH="$bin:$PATH" npx vitest run --project unit
  PATH="$bin:$PATH" suite_against_mock
  echo "ci: Node $("$bin/node" --version): passed"
}
