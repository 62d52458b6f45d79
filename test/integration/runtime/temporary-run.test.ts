import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryCipher } from '../../../src/main/engine/vault/memory-cipher'
import { acquireDataFolderLock } from '../../../src/main/runtime/data-folder-lock'
import { createWalkRuntime } from '../../../src/main/runtime/walk-runtime'
import type { ChannelName, RequestOf, ResponseOf } from '../../../src/shared/contract'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

const SECRET = 'flags-secret-0123456789'

/**
 * A CLI run on a temporary folder (--sandbox, flags) as the walkthrough builds it: an environment from flags with its
 * client secret, then the folder's files. `temporary: false` is the same run on a folder that outlives it.
 */
async function runOnFolder(temporary: boolean): Promise<{ files: string[]; hasSecret: boolean; listed: string[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pc-temporary-run-'))
  dirs.push(dataDir)
  const runtime = await createWalkRuntime({
    dataDir,
    dataFolderLock: acquireDataFolderLock(dataDir, 'CLI walkthrough'),
    cipher: createMemoryCipher(),
    temporary,
    sandbox: false,
  })
  try {
    const call = async <C extends ChannelName>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> => {
      const result = await runtime.registry.dispatch(channel, payload, { transport: 'web' })
      if (!result.ok) throw new Error(result.error.message)
      return result.value as ResponseOf<C>
    }
    const created = await call('environments:create', {
      settings: {
        name: 'CLI (from flags)',
        authUrl: 'http://127.0.0.1:9',
        baseUrl: 'http://127.0.0.1:9',
        clientId: 'flags-client',
        redirectUri: 'http://127.0.0.1:8765/callback',
        catchMode: 'loopback',
      },
      clientSecret: SECRET,
      acceptUnprotectedStorage: true,
    })
    const list = await call('environments:list', {})
    const detail = await call('environments:get', { id: created.id })
    return {
      hasSecret: detail.clientSecret.present && detail.clientSecret.readable,
      listed: list.environments.map(e => e.name),
      files: await (async () => {
        await runtime.close()
        return (await readdir(dataDir)).sort()
      })(),
    }
  } finally {
    await runtime.close()
  }
}

describe('a temporary CLI run (--sandbox, an environment from flags)', () => {
  it('keeps its environments and client secret in memory: no vault or environments file is written or flushed', async () => {
    const run = await runOnFolder(true)
    expect(run.listed).toContain('CLI (from flags)')
    expect(run.hasSecret).toBe(true)
    expect(run.files.filter(f => f.includes('vault.json') || f.includes('environments.json'))).toEqual([])
  })

  it('a folder that outlives the run gets both files, as before (the check above can fail)', async () => {
    const run = await runOnFolder(false)
    expect(run.hasSecret).toBe(true)
    expect(run.files).toEqual(expect.arrayContaining(['environments.json', 'vault.json']))
  })
})
