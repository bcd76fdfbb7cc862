#!/usr/bin/env bash
# The suite's secrets (suite-env, and the environment's BENCHGATE_SUITE_ENV), NAME=VALUE a line,
# exported to the job's later steps through GITHUB_ENV, each value masked first; a line without a
# valid NAME fails the step. Run by gate.yml's suite and round jobs and profile.yml's suite job
# from benchgate's own checkout (.benchgate-action), before any of the pull request's code runs.
set -eo pipefail
if [ -n "$ENVIRONMENT_SUITE_ENV" ]; then SUITE_ENV="$SUITE_ENV"$'\n'"$ENVIRONMENT_SUITE_ENV"; fi
while IFS= read -r line || [ -n "$line" ]; do
  [ -z "${line//[[:space:]]/}" ] && continue
  name=${line%%=*}
  if [ "$name" = "$line" ] || ! [[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; then echo "::error::suite-env: each line is NAME=VALUE (a line without a valid NAME was given)"; exit 1; fi
  value=${line#*=}
  [ -n "$value" ] && echo "::add-mask::$value"
  delimiter="benchgate_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  printf '%s<<%s\n%s\n%s\n' "$name" "$delimiter" "$value" "$delimiter" >> "$GITHUB_ENV"
done <<< "$SUITE_ENV"
