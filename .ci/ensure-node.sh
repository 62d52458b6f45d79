#!/usr/bin/env bash
# Sourced by .ci/run. electron 45, its installer, vitest 5 and jsdom 31 need Node >= 22.22.2 (22.x) or >= 24.15
# (package.json `engines`). When the machine's `node` is older (Debian ships Node 20, past its end of life), install
# Node 24 LTS from the npm registry (the `node-linux-<arch>` package, the official build) into a cache folder and put
# its bin first on PATH. Nothing outside the cache folder changes; a second run reuses it.
ci_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const [maj, min, pat] = process.versions.node.split(".").map(Number)
    const ok = (maj === 22 && (min > 22 || (min === 22 && pat >= 2))) || (maj === 24 && min >= 15) || maj >= 26
    process.exit(ok ? 0 : 1)'
}

ci_ensure_node() {
  if ci_node_ok; then
    echo "== Node $(node -v) from $(command -v node)"
    return 0
  fi
  local have arch dir
  have=$(node -v 2>/dev/null || echo none)
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "Node $have is too old and no Node 24 build from npm fits $(uname -m): install Node 24 LTS yourself."; return 1 ;;
  esac
  dir="${PARTNER_CONSOLE_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/partner-console-ci}/node24-$arch"
  if [ ! -x "$dir/node_modules/node-linux-$arch/bin/node" ]; then
    echo "== Node $have is older than the project needs: installing Node 24 (npm package node-linux-$arch@24) into $dir"
    command -v npm >/dev/null 2>&1 || { echo "npm is missing: install Node 24 LTS (https://nodejs.org) and run again."; return 1; }
    mkdir -p "$dir" || return 1
    [ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node-linux-$arch@24" || {
      echo "Could not install node-linux-$arch@24 from the npm registry (see the npm error above)."; return 1; }
  fi
  export PATH="$dir/node_modules/node-linux-$arch/bin:$PATH"
  hash -r
  ci_node_ok || { echo "The Node in $dir ($(node -v)) still does not satisfy package.json engines."; return 1; }
  echo "== Node $(node -v) from $(command -v node)"
}
