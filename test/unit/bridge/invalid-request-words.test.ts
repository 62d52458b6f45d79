import { describe, expect, it } from 'vitest'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import type { BridgeResult } from '../../../src/shared/contract'

const ctx = { transport: 'web' as const }
const CHANNEL_NAME = /\b[a-z]+:[a-z][A-Za-z]+\b/
const SCHEMA_PATH = /\b[a-z]+\.[a-z]+[A-Za-z.]*:|Too small|Too big|expected string|Invalid input/

function errorOf(result: BridgeResult<unknown>) {
  if (result.ok) throw new Error('expected a refusal')
  return result.error
}

describe('a refused bridge request is told in the user’s words', () => {
  const registry = new HandlerRegistry()
  registry.handle('requests:send', () => {
    throw new Error('the handler must not run')
  })

  it('an empty path: names the field, says what is wrong, keeps the path for the form, no channel or zod text', async () => {
    const error = errorOf(await registry.dispatch('requests:send', { request: { method: 'GET', path: '' } }, ctx))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toBe('Not accepted: path must not be empty.')
    expect(error.details).toEqual({ issues: [{ path: 'request.path', message: 'path must not be empty' }] })
    expect(`${error.message} ${error.hint}`).not.toMatch(CHANNEL_NAME)
    expect(`${error.message} ${error.hint}`).not.toMatch(SCHEMA_PATH)
  })

  it('every kind of problem reads as words, hostile values included', async () => {
    const error = errorOf(
      await registry.dispatch(
        'requests:send',
        { request: { method: 'BREW', path: 'x'.repeat(20_000), headers: 'no' }, sneaky: 1, force: 'yes' },
        ctx,
      ),
    )
    expect(error.message).not.toMatch(CHANNEL_NAME)
    expect(error.message).not.toMatch(SCHEMA_PATH)
    expect(error.message).toMatch(/^Not accepted: /)
    expect(error.message).toContain('path must be at most 8192 characters')
    expect(error.message).toContain('headers must be a list')
    expect(error.message).toContain('force must be true or false')
  })

  it('an unknown or unavailable action never names the channel on screen', async () => {
    const unknown = errorOf(await registry.dispatch('evil:channel', {}, ctx))
    expect(`${unknown.message} ${unknown.hint}`).not.toMatch(CHANNEL_NAME)
    const missing = errorOf(await new HandlerRegistry().dispatch('requests:send', { request: { method: 'GET', path: '/' } }, ctx))
    expect(missing.message).not.toMatch(CHANNEL_NAME)
  })
})
