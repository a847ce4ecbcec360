#!/usr/bin/env bash
# The GitHub Action's step (action.yml): runs jobs-conformance against INPUT_BASE_URL with the action's inputs
# (INPUT_*, as action.yml passes them), and sets the step's outputs in $GITHUB_OUTPUT. The CLI itself appends
# summary.md to $GITHUB_STEP_SUMMARY. The exit code is the CLI's (0, 1 by --strict/--fail-on, 2 could not run).
# The suite runs from the action's own checkout: `npm ci` there (which builds dist/) unless dist/ is built.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cli="$root/dist/cli/jobs-conformance.js"
report_dir=${INPUT_REPORT_DIR:-conformance-report}

output() { [ -n "${GITHUB_OUTPUT:-}" ] && printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"; return 0; }

# Set first, so that the upload step has a name even when the run cannot start.
shard=${INPUT_SHARD:-}
output artifact-name "conformance-report${shard:+-shard-${shard%%/*}-of-${shard#*/}}"
output report-dir "$report_dir"

if [ ! -f "$cli" ]; then
  echo "jobs-conformance action: installing the suite in $root"
  (cd "$root" && npm ci --no-audit --no-fund) >&2 || { output exit-code 2; exit 2; }
fi

# The keys travel in the environment, never on a command line; the log masks them too.
for key in "${INPUT_API_KEY:-}" "${INPUT_SECOND_API_KEY:-}"; do [ -n "$key" ] && echo "::add-mask::$key"; done
export JOBS_BASE_URL=${INPUT_BASE_URL:-} JOBS_API_KEY=${INPUT_API_KEY:-}
if [ -n "${INPUT_SECOND_API_KEY:-}" ]; then export JOBS_SECOND_API_KEY=$INPUT_SECOND_API_KEY; fi

args=(--report-dir "$report_dir")
case "${INPUT_STRICT:-false}" in
  true) args+=(--strict) ;;
  false | '') ;;
  *) echo "jobs-conformance action: strict must be true or false, not ${INPUT_STRICT}" >&2; output exit-code 2; exit 2 ;;
esac
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
if [ -n "$shard" ]; then args+=(--shard "$shard"); fi
if [ -n "${INPUT_BASELINE:-}" ]; then args+=(--baseline "$INPUT_BASELINE"); fi

status=0
node "$cli" "${args[@]}" || status=$?

output exit-code "$status"
if [ -f "$report_dir/report.json" ]; then
  output verdict "$(node -p 'JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).verdict' "$report_dir/report.json")"
fi
exit "$status"
