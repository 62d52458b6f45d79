import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import { type BridgeErrorCode, type BridgeResult, channelNames } from '../../../src/shared/contract'

const CODES: BridgeErrorCode[] = [
  'invalid_request',
  'unknown_channel',
  'forbidden',
  'unauthorized',
  'not_found',
  'conflict',
  'rate_limited',
  'network',
  'timeout',
  'cancelled',
  'unsupported',
  'server_error',
  'storage',
  'internal',
]

/** A result is well formed when it is a value, or a typed error with a known code and a readable message. */
function assertTyped(result: BridgeResult<unknown>): void {
  expect(typeof result.ok).toBe('boolean')
  if (!result.ok) {
    expect(CODES).toContain(result.error.code)
    expect(typeof result.error.message).toBe('string')
    expect(result.error.message.length).toBeGreaterThan(0)
    expect(result.error.code).not.toBe('internal')
  }
}

const junk = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }),
  fc.dictionary(
    fc.constantFrom('id', 'envId', 'flowId', 'text', 'content', 'input', 'path', 'method', 'limit', 'echo', '__proto__', 'constructor'),
    fc.anything({ maxDepth: 2 }),
  ),
)

describe('bad input never crashes the bridge (fast-check)', () => {
  let runtime: Runtime
  let dataDir: string
  const dispatch = (channel: unknown, payload: unknown) => runtime.registry.dispatch(channel, payload, { transport: 'web' })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pc-fuzz-'))
    runtime = await createRuntime({
      transport: 'web',
      version: 'fuzz',
      dataDir,
      cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
      heartbeatMs: 60_000,
    })
  })

  afterAll(async () => {
    await runtime.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('every handler schema answers junk payloads with a typed error', async () => {
    for (const channel of channelNames) {
      await fc.assert(
        fc.asyncProperty(junk, async payload => {
          const result = await dispatch(channel, payload)
          assertTyped(result)
        }),
        { numRuns: 25, seed: 4242 },
      )
    }
  }, 120_000)

  it('channel names that are not in the contract are refused, prototype keys included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'app:', ':info')),
        async name => {
          fc.pre(!(channelNames as string[]).includes(name))
          const result = await dispatch(name, {})
          expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('the environment importer answers any text with a typed result', async () => {
    const text = fc.oneof(
      fc.string({ minLength: 1, maxLength: 400 }),
      fc.json({ maxDepth: 4 }).filter(s => s.length > 0),
      fc
        .record({
          format: fc.constantFrom('partner-console-environments', 'x'),
          version: fc.integer(),
          environments: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
        })
        .map(o => JSON.stringify(o)),
    )
    await fc.assert(
      fc.asyncProperty(text, async content => assertTyped(await dispatch('environments:openFile', { content, dryRun: true }))),
      { numRuns: 150 },
    )
  })

  it('the HAR importer answers any text with a typed result', async () => {
    const har = fc.oneof(
      fc.string({ minLength: 1, maxLength: 400 }),
      fc.json({ maxDepth: 5 }).filter(s => s.length > 0),
      fc
        .record({
          log: fc.record({
            version: fc.oneof(fc.constant('1.2'), fc.anything({ maxDepth: 1 })),
            creator: fc.anything({ maxDepth: 2 }),
            entries: fc.array(
              fc.record({
                startedDateTime: fc.oneof(
                  fc.date({ noInvalidDate: true }).map(d => d.toISOString()),
                  fc.string(),
                ),
                time: fc.oneof(fc.double(), fc.string()),
                request: fc.anything({ maxDepth: 3 }),
                response: fc.anything({ maxDepth: 3 }),
                timings: fc.anything({ maxDepth: 2 }),
              }),
              { maxLength: 4 },
            ),
          }),
        })
        .map(o => JSON.stringify(o)),
    )
    await fc.assert(
      fc.asyncProperty(har, async text => assertTyped(await dispatch('log:openHar', { text }))),
      { numRuns: 150 },
    )
  })

  it('the paste-redirect parser answers any input with a typed result', async () => {
    const input = fc.oneof(
      fc.string({ minLength: 1, maxLength: 300 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .record({ code: fc.string(), state: fc.string(), error: fc.option(fc.string()) })
        .map(
          q => `http://127.0.0.1:1/callback?${new URLSearchParams(Object.entries(q).filter(([, v]) => v !== null) as [string, string][])}`,
        ),
    )
    await fc.assert(
      fc.asyncProperty(input, async text => {
        fc.pre(text.trim().length > 0)
        assertTyped(await dispatch('oauth:pasteRedirect', { input: text }))
      }),
      { numRuns: 150 },
    )
  })
})
