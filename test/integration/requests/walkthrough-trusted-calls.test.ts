import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bridgeCalls } from '../../../src/main/cli/bridge-calls'
import { createMemoryCipher } from '../../../src/main/engine/vault/memory-cipher'
import { runWalkthrough } from '../../../src/main/engine/walkthrough/walkthrough-flow'
import type { StepResult, TrustedCall } from '../../../src/main/engine/walkthrough/walkthrough-types'
import { acquireDataFolderLock } from '../../../src/main/runtime/data-folder-lock'
import { createWalkRuntime, type WalkRuntime } from '../../../src/main/runtime/walk-runtime'
import { type ChannelName, channels } from '../../../src/shared/contract'

// The walkthrough's own requests skip the zod parse (HandlerRegistry.dispatchTrusted): only sound while each one is
// exactly what the parse would have produced, defaults included. A real run against the built-in sandbox records every
// request the flow makes and holds it against the channel's schema, so a default changed in the contract (or a field
// added or renamed) fails here instead of reaching a handler unfilled.

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function sandboxRuntime(): Promise<WalkRuntime> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pc-trusted-calls-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const runtime = await createWalkRuntime({
    dataDir,
    dataFolderLock: acquireDataFolderLock(dataDir, 'CLI walkthrough'),
    cipher: createMemoryCipher(),
    temporary: true,
    sandbox: true,
    sandboxAutoConsent: 'allow',
  })
  cleanups.push(() => runtime.close())
  return runtime
}

const silent = { start() {}, note() {}, finish(_: StepResult) {} }

describe('the walkthrough’s trusted calls', () => {
  it('sends every request complete: each equals what the channel’s schema makes of it', async () => {
    const runtime = await sandboxRuntime()
    const { call, trusted } = bridgeCalls(runtime.registry)
    const env = (await call('environments:list', {})).environments.find(e => e.builtIn)
    if (!env) throw new Error('no built-in sandbox environment')
    const sent: Array<{ channel: ChannelName; payload: unknown }> = []
    const recording: TrustedCall = (channel, payload) => {
      sent.push({ channel, payload })
      return trusted(channel, payload)
    }
    const report = await runWalkthrough({
      call: recording,
      events: listener => runtime.bus.subscribe(listener),
      envId: env.id,
      autoConsent: true,
      authorizeTimeoutSeconds: 30,
      confirmProduction: 'Sandbox (built-in)',
      from: '2026-01-01',
      to: '2026-01-08',
      writeHar: async () => 'memory',
      progress: silent,
      dispatcher: runtime.network.dispatcherFor((await runtime.environments.get(env.id)).network),
    })
    expect(report.steps.map(s => s.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok'])
    expect(sent.map(s => s.channel)).toEqual([
      'oauth:start',
      'oauth:tokens',
      'http:listLocations',
      'http:install',
      'http:exportTickets',
      'log:saveHar',
    ])
    for (const { channel, payload } of sent) {
      const schema = channels[channel].request
      expect({ channel, payload: schema.parse(payload) }).toStrictEqual({ channel, payload })
      // Each field the schema would fill in by itself (a default) holds the very value it would fill in: the flow
      // spells the defaults out, and a default changed in the contract shows up here.
      for (const key of Object.keys(payload as object)) {
        const { [key]: _, ...without } = payload as Record<string, unknown>
        const filled = schema.safeParse(without)
        if (filled.success && key in (filled.data as object))
          expect({ channel, key, value: (filled.data as Record<string, unknown>)[key] }).toEqual({
            channel,
            key,
            value: (payload as Record<string, unknown>)[key],
          })
      }
    }
  })

  it('answers like a validated call: same value, same typed error', async () => {
    const runtime = await sandboxRuntime()
    const { call, trusted } = bridgeCalls(runtime.registry)
    expect(await trusted('environments:list', {})).toEqual(await call('environments:list', {}))
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: Error & { code?: string }) => ({ code: e.code, message: e.message }),
      )
    const payload = { envId: 'no-such-environment', timeoutMs: 30_000, force: false, autoRetry: false }
    const refused = await failure(trusted('http:listLocations', payload))
    expect(refused?.code).toBe('not_found')
    expect(refused).toEqual(await failure(call('http:listLocations', payload)))
  })
})
