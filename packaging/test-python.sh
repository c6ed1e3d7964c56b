#!/bin/sh
# Prints the Python that runs the packages' tests (packaging/linux/check-packages.sh and
# packaging/windows/build.sh --test): the clone's .venv, which the README's second command
# makes (`python3 -m venv .venv && .venv/bin/pip install -e ".[test]"`; .ci/run runs it
# before the packages are built). When .venv is missing, or lacks the test tools (after the
# README's first command alone), it is made or completed here the same way, so a fresh clone
# needs nothing more. Never the first python3 on PATH: it may lack pytest-qt, and pytest then
# stops at "Unknown config option: qt_api". $TEST_PYTHON names another interpreter.
#
#   python=$(sh packaging/test-python.sh)
set -eu
cd "$(dirname "$0")/.."
if [ -n "${TEST_PYTHON:-}" ]; then
  printf '%s\n' "$TEST_PYTHON"
  exit 0
fi
root=$PWD
venv=$root/.venv
# The test tools, and jojotte_score from this clone (the tests import it from here).
ready() {
  [ -x "$venv/bin/python" ] && (cd / && "$venv/bin/python" -c '
import sys, pytest, pytestqt, hypothesis, jsonschema, jojotte_score
sys.exit(not jojotte_score.__file__.startswith(sys.argv[1]))' "$root/jojotte_score/") \
    >/dev/null 2>&1
}
if ! ready; then
  echo "$venv: making it with the test tools (python3 -m venv, pip install -e \".[test]\")" >&2
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q -e ".[test]" >&2
  ready || {
    echo "$venv: still without the test tools" >&2
    exit 1
  }
fi
printf '%s\n' "$venv/bin/python"
