import { describe, expect, it } from 'vitest'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'

const ctx = { transport: 'web' as const }

describe('HandlerRegistry.dispatch', () => {
  it('answers a valid call with the handler value', async () => {
    const registry = new HandlerRegistry()
    registry.handle('app:ping', req => ({ echo: req.echo.toUpperCase(), at: 'now' }))
    await expect(registry.dispatch('app:ping', { echo: 'hi' }, ctx)).resolves.toEqual({ ok: true, value: { echo: 'HI', at: 'now' } })
  })

  it('refuses a payload that fails the channel schema before the handler runs', async () => {
    const registry = new HandlerRegistry()
    let ran = false
    registry.handle('app:ping', req => {
      ran = true
      return { echo: req.echo, at: 'x' }
    })
    const result = await registry.dispatch('app:ping', { echo: 42 }, ctx)
    expect(ran).toBe(false)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_request')
      expect(result.error.message).toContain('echo')
      expect(result.error.details).toMatchObject({ issues: [{ path: 'echo' }] })
    }
  })

  it('refuses extra fields, since every request schema is strict', async () => {
    const registry = new HandlerRegistry()
    registry.handle('app:ping', req => ({ echo: req.echo, at: 'x' }))
    const result = await registry.dispatch('app:ping', { echo: 'a', sneaky: true }, ctx)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })

  it('answers unknown channels and non-string channels with a typed error', async () => {
    const registry = new HandlerRegistry()
    await expect(registry.dispatch('nope:never', {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    await expect(registry.dispatch({ toString: 1 }, {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    await expect(registry.dispatch('__proto__', {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
  })

  it('turns a ConsoleError into its typed value, hint included', async () => {
    const registry = new HandlerRegistry()
    registry.handle('app:ping', () => {
      throw new ConsoleError('conflict', 'Already running.', { hint: 'Cancel the other one first.' })
    })
    await expect(registry.dispatch('app:ping', { echo: '' }, ctx)).resolves.toEqual({
      ok: false,
      error: { code: 'conflict', message: 'Already running.', hint: 'Cancel the other one first.' },
    })
  })

  it('turns any other throw into an internal error without a stack and with known secrets redacted', async () => {
    const secrets = new SecretRegistry()
    secrets.add('s3cr3t-value-123', 'client_secret')
    const registry = new HandlerRegistry(t => secrets.redact(t))
    registry.handle('app:ping', () => {
      throw new TypeError('boom with s3cr3t-value-123 inside')
    })
    const result = await registry.dispatch('app:ping', { echo: '' }, ctx)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('internal')
      expect(result.error.message).not.toContain('s3cr3t-value-123')
      expect(result.error.message).toContain('[redacted:client_secret:')
      expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+/)
    }
  })

  it('refuses to register a channel twice', () => {
    const registry = new HandlerRegistry()
    registry.handle('app:ping', r => ({ echo: r.echo, at: '' }))
    expect(() => registry.handle('app:ping', r => ({ echo: r.echo, at: '' }))).toThrow(/twice/)
  })
})
