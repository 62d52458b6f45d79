import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

// .ci/ensure-node.sh, which `bash .ci/run` sources: on a machine whose Node is older than package.json `engines`, it
// installs Node 24 from the npm registry (node-linux-<arch>, the official build) into a cache folder and puts it first
// on PATH. Run for real: with the Node running this test (new enough: nothing installed), and with Debian's Node 20
// where the machine has it.
const ROOT = resolve(import.meta.dirname, '../../..')
const OLD_NODE = '/usr/bin/node'
const oldNodeVersion = existsSync(OLD_NODE) ? execFileSync(OLD_NODE, ['-v']).toString().trim() : null
const hasOldNode = oldNodeVersion !== null && Number(oldNodeVersion.slice(1).split('.')[0]) < 22

let cache = ''
beforeEach(async () => {
  cache = await mkdtemp(join(tmpdir(), 'pc-ci-node-'))
})
afterEach(async () => {
  await rm(cache, { recursive: true, force: true })
})

function ensureNode(path: string) {
  const script = '. .ci/ensure-node.sh && ci_ensure_node && echo "node=$(node -v) at $(command -v node)"'
  return spawnSync('bash', ['-c', script], {
    cwd: ROOT,
    env: { ...process.env, PATH: path, PARTNER_CONSOLE_CI_CACHE: cache },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

describe.skipIf(process.platform !== 'linux')('CI Node bootstrap', () => {
  it('keeps a Node that satisfies engines and installs nothing', async () => {
    const result = ensureNode(`${resolve(process.execPath, '..')}:/usr/bin:/bin`)
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toContain(`node=${process.version} at ${process.execPath}`)
    expect(await readdir(cache)).toEqual([])
  })

  it.skipIf(!hasOldNode)(
    `installs Node 24 from the npm registry when the machine's Node is older (${oldNodeVersion})`,
    () => {
      const result = ensureNode('/usr/bin:/bin')
      expect(result.status, result.stdout + result.stderr).toBe(0)
      expect(result.stdout).toContain(`Node ${oldNodeVersion} is older than the project needs: installing Node 24`)
      expect(result.stdout).toMatch(new RegExp(`node=v24\\.\\d+\\.\\d+ at ${cache}/node24-\\w+/node_modules/node-linux-\\w+/bin/node`))
      // A second run reuses the cache.
      const again = ensureNode('/usr/bin:/bin')
      expect(again.status).toBe(0)
      expect(again.stdout).not.toContain('installing')
      expect(again.stdout).toMatch(/node=v24\./)
    },
    150_000,
  )
})
