import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import { channelNames } from '../../../src/shared/contract'
import { CHANNEL_NAMES } from '../../../src/shared/contract/channel-names'

let dataDir: string
let runtime: Runtime

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pc-channels-'))
  runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
  })
})

afterAll(async () => {
  await runtime?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the composition root', () => {
  it('registers a handler for every channel of the contract', () => {
    expect(runtime.registry.missing()).toEqual([])
    for (const name of channelNames) expect(runtime.registry.has(name)).toBe(true)
  })

  it('the zod-free channel list the preload uses names exactly the channels of the map', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...channelNames].sort())
  })

  it('answers app:info from the environments it built (the built-in sandbox first and active)', async () => {
    const info = await runtime.registry.dispatch('app:info', {}, { transport: 'web' })
    expect(info).toMatchObject({ ok: true, value: { activeEnvironmentId: 'sandbox', sandboxUrl: runtime.sandbox?.url } })
  })
})
