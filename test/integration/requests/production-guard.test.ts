import { afterEach, describe, expect, it } from 'vitest'
import { startTestConsole, type TestConsole } from './support'

let c: TestConsole | undefined
afterEach(async () => {
  await c?.close()
  c = undefined
})

const INSTALL = '/marketplace/v2/platform-token/installations'

/** A saved environment marked production, pointing at the running sandbox with its demo client. */
async function productionEnvironment(console: TestConsole, production = true) {
  const url = console.runtime.sandbox?.url as string
  return console.ok('environments:create', {
    settings: {
      name: 'Acme production',
      authUrl: url,
      baseUrl: url,
      clientId: 'sandbox-demo-client',
      redirectUri: 'http://127.0.0.1:8765/callback',
      catchMode: 'paste',
      production,
    },
    clientSecret: 'sandbox-demo-secret',
    acceptUnprotectedStorage: true,
  })
}

describe('production guard (engine)', () => {
  it('marks the environment production in every view, and never the built-in sandbox', async () => {
    c = await startTestConsole()
    const env = await productionEnvironment(c)
    expect(env.production).toBe(true)
    const info = await c.ok('app:info', {})
    expect(info.environments.find(e => e.id === env.id)?.production).toBe(true)
    expect(info.environments.find(e => e.builtIn)?.production).toBe(false)
    const updated = await c.call('environments:update', { id: 'sandbox', changes: { production: true } })
    expect(updated.ok).toBe(false)
  })

  it('refuses a state-changing request to production without the typed name, before anything is sent', async () => {
    c = await startTestConsole()
    const env = await productionEnvironment(c)
    const before = (await c.ok('log:list', {})).total
    const refused = await c.call('http:send', { envId: env.id, method: 'POST', path: INSTALL, body: '{"locationId":101001}' })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.error.code).toBe('forbidden')
    expect(refused.error.message).toBe(
      '"Acme production" is a production environment: POST changes its data and needs a typed confirmation.',
    )
    expect(refused.error.hint).toMatch(/Type the environment's name \("Acme production"\).*built-in sandbox first/)
    expect(refused.error.details).toMatchObject({ reason: 'production_confirmation_required', environment: 'Acme production' })

    const wrong = await c.call('http:send', { envId: env.id, method: 'DELETE', path: INSTALL, confirmProduction: 'acme production' })
    expect(wrong.ok).toBe(false)
    if (!wrong.ok) expect(wrong.error.message).toMatch(/^The confirmation does not match/)

    const typed = await c.call('http:install', { envId: env.id, locationId: 101001 })
    expect(typed.ok).toBe(false)
    if (!typed.ok) expect(typed.error.details).toMatchObject({ reason: 'production_confirmation_required' })
    expect((await c.ok('log:list', {})).total).toBe(before)
  })

  it('sends it once confirmed, and never asks for GET', async () => {
    c = await startTestConsole()
    const env = await productionEnvironment(c)
    const confirmed = await c.ok('http:send', {
      envId: env.id,
      method: 'POST',
      path: INSTALL,
      body: '{}',
      confirmProduction: 'Acme production',
    })
    expect(confirmed.status).toBe(401)
    const read = await c.ok('http:send', { envId: env.id, method: 'GET', path: '/marketplace/v2/platform-token/locations' })
    expect(read.status).toBe(401)
  })

  it('guards the composer too (requests:send), the same way', async () => {
    c = await startTestConsole()
    const env = await productionEnvironment(c)
    const request = { method: 'POST', target: 'api' as const, path: INSTALL, body: '{}', auth: 'none' as const }
    const refused = await c.call('requests:send', { request, envId: env.id })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.details).toMatchObject({ reason: 'production_confirmation_required' })
    const sent = await c.ok('requests:send', { request, envId: env.id, confirmProduction: 'Acme production' })
    expect(sent.status).toBe(401)
  })

  it('asks nothing of an environment that is not production', async () => {
    c = await startTestConsole()
    const env = await productionEnvironment(c, false)
    expect(env.production).toBe(false)
    const sent = await c.ok('http:send', { envId: env.id, method: 'POST', path: INSTALL, body: '{}' })
    expect(sent.status).toBe(401)
  })
})
