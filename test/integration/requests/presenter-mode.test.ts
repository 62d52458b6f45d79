import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import type { BridgeResult, ChannelName, EventMessage, RequestOf, ResponseOf } from '../../../src/shared/contract'
import { PRESENTER_MASK } from '../../../src/shared/presenter-mask'
import { nextEvent, payloadsOf } from '../../support/events'

let runtime: Runtime | undefined
let dir = ''
afterEach(async () => {
  await runtime?.close()
  runtime = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function start(presenter: boolean) {
  dir = await mkdtemp(join(tmpdir(), 'pc-presenter-'))
  runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir: dir,
    cipher: createKeyFileCipher(join(dir, 'vault.key')),
    heartbeatMs: 3_600_000,
    sandboxAutoConsent: 'allow',
    presenter,
  })
  const rt = runtime
  const forwarded: EventMessage[] = []
  rt.bus.subscribe(m => forwarded.push(m))
  const call = <C extends ChannelName>(channel: C, payload: RequestOf<C>) =>
    rt.registry.dispatch(channel, payload, { transport: 'web' }) as Promise<BridgeResult<ResponseOf<C>>>
  return { rt, forwarded, call }
}

describe('presenter mode in the engine', () => {
  it('masks the authorize URL and the state in answers and forwarded events; the popup gets the real URL, large', async () => {
    const { rt, forwarded, call } = await start(true)
    const info = await call('app:info', {})
    expect(info.ok && info.value.presenter).toBe(true)
    const started = await call('oauth:start', { mode: 'loopback' })
    if (!started.ok) throw new Error(started.error.message)
    const value = started.value
    expect(value.authorizeUrl).toContain(`state=${PRESENTER_MASK}`)
    if (value.popupUrl === undefined) throw new Error('presenter mode gave no popup URL')
    const real = new URL(value.popupUrl)
    expect(real.origin).toBe(rt.sandbox?.url)
    expect(real.searchParams.get('presenter')).toBe('1')
    const state = real.searchParams.get('state') as string
    expect(state.length).toBeGreaterThan(15)
    // The popup's real URL works: the sandbox auto-consents and the catcher takes the code with the real state.
    const redirect = await fetch(value.popupUrl, { redirect: 'manual' })
    const location = redirect.headers.get('location') as string
    await (await fetch(location)).arrayBuffer()
    await nextEvent(rt.bus, forwarded, 'oauth:flow', f => f.step === 'done')
    const text = JSON.stringify(forwarded)
    expect(text).toContain('oauth:flow')
    expect(text).not.toContain(state)
    expect(text).not.toContain(new URL(location).searchParams.get('code') as string)
  })

  it('refuses reveals and exports with secrets while on, and allows them again once off', async () => {
    const { forwarded, call } = await start(true)
    for (const [channel, payload] of [
      ['environments:revealSecret', { id: 'sandbox' }],
      ['oauth:revealToken', { envId: 'sandbox', kind: 'access' }],
      ['log:saveHar', { includeSecrets: true }],
      ['environments:saveFile', { includeSecrets: true }],
    ] as const) {
      const r = await call(channel, payload)
      expect(r.ok, channel).toBe(false)
      if (!r.ok) expect(r.error.details, channel).toMatchObject({ reason: 'presenter_mode' })
    }
    expect((await call('log:saveHar', {})).ok).toBe(true)
    const off = await call('app:setPresenter', { presenter: false })
    expect(off.ok && off.value).toEqual({ presenter: false })
    expect(payloadsOf(forwarded, 'app:presenter').some(p => p.presenter === false)).toBe(true)
    const exported = await call('log:saveHar', { includeSecrets: true })
    expect(exported.ok).toBe(true)
  })

  it('changes nothing when off', async () => {
    const { call } = await start(false)
    const started = await call('oauth:start', { mode: 'loopback' })
    if (!started.ok) throw new Error(started.error.message)
    const value = started.value
    expect(value.popupUrl).toBeUndefined()
    expect(new URL(value.authorizeUrl).searchParams.get('state')?.length).toBeGreaterThan(15)
  })
})
