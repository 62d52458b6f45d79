import { afterEach, describe, expect, it } from 'vitest'
import type { RedirectDiagnosis } from '../../../src/shared/contract'
import { addEnvironment, browse, isListening, redirectOf, removeDir, startConsole, startTestSandbox } from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(sandboxOptions: Parameters<typeof startTestSandbox>[0] = { autoConsent: 'allow' }, extra = {}) {
  const s = await startTestSandbox(sandboxOptions)
  cleanups.push(() => s.sandbox.close())
  const c = await startConsole()
  cleanups.push(() => removeDir(c.dataDir))
  cleanups.push(() => c.close())
  const envId = await addEnvironment(c, s, { catchMode: 'paste', ...extra })
  return { s, c, envId }
}

describe('paste catch mode against the sandbox', () => {
  it('exchanges the code from the pasted final redirect URL, state checked, no listener opened', async () => {
    const { s, c } = await setup()
    const start = await c.ok('oauth:start', {})
    expect(start.mode).toBe('paste')
    expect(start.listeningOn).toBeNull()
    expect(await isListening(s.port)).toBe(false)
    const finalUrl = await redirectOf(start.authorizeUrl)
    expect(finalUrl.startsWith(`${s.redirectUri}?code=`)).toBe(true)
    const tokens = await c.ok('oauth:pasteRedirect', { input: `  ${finalUrl}\n` })
    expect(tokens.present).toBe(true)
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.step).toBe('done')
    expect(flow.stateChecked).toBe(true)
    expect(flow.codeFingerprint).toMatch(/^[0-9a-f]{8}$/)
  })

  it('accepts just the code, saying that state could not be checked', async () => {
    const { c } = await setup()
    const start = await c.ok('oauth:start', {})
    const code = new URL(await redirectOf(start.authorizeUrl)).searchParams.get('code')!
    const tokens = await c.ok('oauth:pasteRedirect', { input: code })
    expect(tokens.present).toBe(true)
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.stateChecked).toBe(false)
    expect(flow.warnings.join(' ')).toMatch(/state could not be checked/)
  })

  it('refuses a pasted URL whose state belongs to another attempt', async () => {
    const { c } = await setup()
    const old = await c.ok('oauth:start', {})
    const oldUrl = await redirectOf(old.authorizeUrl)
    await c.ok('oauth:start', {})
    const result = await c.call('oauth:pasteRedirect', { input: oldUrl })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('forbidden')
    expect(result.error.message).toMatch(/not the state this authorization sent/)
    expect(result.error.hint).toMatch(/cross-site request forgery/)
    expect((await c.ok('oauth:tokens', {})).present).toBe(false)
  })

  it('surfaces a replayed code as such (and the sandbox revokes what the first use issued)', async () => {
    const { s, c } = await setup()
    const start = await c.ok('oauth:start', {})
    const code = new URL(await redirectOf(start.authorizeUrl)).searchParams.get('code')!
    await c.ok('oauth:pasteRedirect', { input: code })
    const firstToken = (await c.ok('oauth:revealToken', { kind: 'access' })).value
    await c.ok('oauth:start', {})
    const replay = await c.call('oauth:pasteRedirect', { input: code })
    expect(replay.ok).toBe(false)
    if (replay.ok) return
    expect(replay.error.code).toBe('conflict')
    expect(replay.error.message).toMatch(/already used/)
    expect(replay.error.hint).toMatch(/single-use/)
    expect(replay.error.message).not.toContain(code)
    expect((replay.error.details as { cause: string }).cause).toBe('code-replayed')
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.failure?.code).toBe('code-replayed')
    const api = await fetch(`${s.url}/marketplace/v2/platform-token/locations`, { headers: { authorization: `Bearer ${firstToken}` } })
    expect(api.status).toBe(401)
  })

  it('diagnoses a redirect mismatch when the user pastes the registered URI shown by the server', async () => {
    const s = await startTestSandbox({ autoConsent: 'allow' })
    cleanups.push(() => s.sandbox.close())
    const c = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const sent = `${s.redirectUri}/`
    await addEnvironment(c, { ...s, redirectUri: sent }, { catchMode: 'paste' })
    const start = await c.ok('oauth:start', {})
    const page = await browse(start.authorizeUrl)
    expect(page.status).toBe(400)
    expect(page.body).toContain(s.redirectUri)
    const result = await c.call('oauth:pasteRedirect', { input: s.redirectUri })
    expect(result.ok).toBe(false)
    if (result.ok) return
    const diagnosis = (result.error.details as { diagnosis: RedirectDiagnosis }).diagnosis
    expect(diagnosis.sent).toBe(sent)
    expect(diagnosis.registered).toBe(s.redirectUri)
    expect(diagnosis.differences.map(d => d.kind)).toEqual(['trailing-slash'])
    expect(diagnosis.segments.at(-1)).toEqual({ kind: 'sent-only', text: '/' })
    const direct = await c.ok('oauth:diagnoseRedirect', { registered: s.redirectUri })
    expect(direct.firstDifferenceAt).toBe(s.redirectUri.length)
    // The server already said no: the attempt ends at once (no countdown left running), with the diagnosis as its cause.
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.step).toBe('failed')
    expect(flow.failure?.code).toBe('redirect_mismatch')
    expect(flow.failure?.diagnosis?.differences.map(d => d.kind)).toEqual(['trailing-slash'])
  })

  it('explains invalid_grant for redirect_uri from the token endpoint', async () => {
    const other = 'https://partner.example/oauth/callback'
    const s = await startTestSandbox({ autoConsent: 'allow', extraRedirectUris: [other] })
    cleanups.push(() => s.sandbox.close())
    const c = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const envId = await addEnvironment(c, s, { catchMode: 'paste' })
    const start = await c.ok('oauth:start', {})
    const finalUrl = await redirectOf(start.authorizeUrl)
    await c.ok('environments:update', { id: envId, changes: { redirectUri: other } })
    const result = await c.call('oauth:pasteRedirect', { input: finalUrl })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect((result.error.details as { cause: string }).cause).toBe('redirect-mismatch')
    expect(result.error.message).toMatch(/redirect_uri does not match/)
    expect(result.error.hint).toMatch(/character by character/)
  })

  it('rejects text that is neither a URL nor a code, and a paste with no attempt waiting', async () => {
    const { c } = await setup()
    const noFlow = await c.call('oauth:pasteRedirect', { input: 'sbx_ac_somecode' })
    expect(noFlow.ok).toBe(false)
    if (!noFlow.ok) expect(noFlow.error.code).toBe('conflict')
    await c.ok('oauth:start', {})
    const junk = await c.call('oauth:pasteRedirect', { input: 'this is not it' })
    expect(junk.ok).toBe(false)
    if (!junk.ok) expect(junk.error.code).toBe('invalid_request')
    expect((await c.ok('oauth:status', {})).flow.step).toBe('waiting-for-callback')
  })

  it('refuses the embedded window in the web host with a clear reason', async () => {
    const { c } = await setup()
    const result = await c.call('oauth:start', { mode: 'embedded' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('unsupported')
    expect(result.error.message).toMatch(/desktop app/)
    expect(result.error.hint).toMatch(/loopback|paste/)
  })

  it('refuses a redirect without state by default, and accepts it with a warning when the environment allows it', async () => {
    const { c, envId } = await setup({ autoConsent: 'allow', echoState: false })
    const start = await c.ok('oauth:start', {})
    const refused = await c.call('oauth:pasteRedirect', { input: await redirectOf(start.authorizeUrl) })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect((refused.error.details as { failure: { code: string } }).failure.code).toBe('state_missing')
    await c.ok('environments:update', { id: envId, changes: { requireStateEcho: false } })
    const again = await c.ok('oauth:start', {})
    const tokens = await c.ok('oauth:pasteRedirect', { input: await redirectOf(again.authorizeUrl) })
    expect(tokens.present).toBe(true)
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.stateChecked).toBe(false)
    expect(flow.warnings.join(' ')).toMatch(/did not echo state/)
  })
})
