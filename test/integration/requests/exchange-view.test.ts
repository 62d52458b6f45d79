import { describe, expect, it } from 'vitest'
import type { ExecutedRequest } from '../../../src/main/engine/http/executor'
import { exchangeView, hasResponse } from '../../../src/shared/contract'
import { exportTicketsPath, SPEC_PATHS } from '../../../src/shared/spec'
import { authorize, authorizedConsoleForFile } from './support'

// One exchange, one shape: what the executor returns is the view of the network-log entry it recorded, so the view of
// that entry read back from the log is the same object, field for field (real HTTP against the built-in sandbox).

const tc = authorizedConsoleForFile()

const executor = () => tc().runtime.engine.requests.executor
const log = () => tc().runtime.engine.layer.log

/** The view of the entry as the log holds it now, with the facts the log does not hold. */
function viewOfLogged(result: ExecutedRequest) {
  const entry = log().get(result.view.logId)
  if (!hasResponse(entry)) throw new Error(`${entry.id} has no response (${entry.state})`)
  return exchangeView(entry, result.facts)
}

function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

describe('the exchange view is derived from the log entry', () => {
  it('equals the executor’s view for a plain, a bearer, an HMAC-signed and a truncated exchange', async () => {
    const sandbox = tc().runtime.sandbox?.url ?? ''
    const plain = await executor().execute({ method: 'GET', target: 'api', path: `${sandbox}/_sandbox/openapi.json`, auth: 'none' })
    const bearer = await executor().execute({ method: 'GET', target: 'api', path: SPEC_PATHS.locations, auth: 'bearer' })
    const locationId = (JSON.parse(bearer.decoded.text) as { results: Array<{ id: number }> }).results[0]?.id ?? 0
    const signed = await executor().execute({
      method: 'GET',
      target: 'api',
      path: exportTicketsPath(SPEC_PATHS.exportTickets, locationId, today(-2), today()),
      headers: { accept: 'application/json' },
      auth: 'hmac',
    })
    const truncated = await executor().execute({
      method: 'GET',
      target: 'api',
      path: `${sandbox}/_sandbox/openapi.json`,
      auth: 'none',
      maxBodyBytes: 100,
    })

    expect(plain.view).toMatchObject({ status: 200, bodyKind: 'json', auth: 'none', truncated: false })
    expect(bearer.view).toMatchObject({ status: 200, auth: 'bearer', quota: expect.objectContaining({ method: 'GET' }) })
    expect(signed.view.signing?.canonical).toContain(`/api/v1/export/${locationId}/tickets`)
    expect(truncated.view).toMatchObject({ truncated: true, keptBytes: 100, bodyKind: 'invalid-json' })
    expect(truncated.view.body).toMatch(/\n\[… truncated by the console: kept 100 B of /)
    for (const result of [plain, bearer, signed, truncated]) {
      expect(viewOfLogged(result)).toEqual(result.view)
      expect(exchangeView(result.entry, result.facts)).toEqual(result.view)
    }
  })

  it('holds across retries: attempts and the reasons come with the last attempt’s entry', async () => {
    await tc().admin('/_sandbox/tokens/expire', {})
    const retried = await executor().execute({ method: 'GET', target: 'api', path: SPEC_PATHS.locations, auth: 'bearer' })
    expect(retried.view).toMatchObject({ status: 200, attempts: 2, retriedAfter: ['401'] })
    expect(viewOfLogged(retried)).toEqual(retried.view)
  })

  it('holds for a note made after the response (a failed refresh): the log entry carries the note too', async () => {
    await tc().admin('/_sandbox/tokens/revoke', { all: true })
    const refused = await executor().execute({ method: 'GET', target: 'api', path: SPEC_PATHS.locations, auth: 'bearer' })
    expect(refused.view.status).toBe(401)
    expect(refused.view.notes.join(' ')).toContain('refreshing it failed')
    expect(log().get(refused.view.logId).notes).toEqual(refused.view.notes)
    expect(viewOfLogged(refused)).toEqual(refused.view)
    await authorize(tc())
  })

  it('the executor’s view keeps the whole kept body when the log cuts its own copy to its cap', async () => {
    const settings = log().settings
    log().configure({ maxBodyChars: 10 })
    try {
      const sandbox = tc().runtime.sandbox?.url ?? ''
      const result = await executor().execute({ method: 'GET', target: 'api', path: `${sandbox}/_sandbox/openapi.json`, auth: 'none' })
      expect(result.view.truncated).toBe(false)
      expect(JSON.parse(result.view.body)).toHaveProperty('openapi')
      const fromLog = viewOfLogged(result)
      expect(fromLog.body.startsWith(result.view.body.slice(0, 10))).toBe(true)
      expect(fromLog.truncated).toBe(true)
      const { body: _a, truncated: _b, ...rest } = fromLog
      const { body: _c, truncated: _d, ...expected } = result.view
      expect(rest).toEqual(expected)
    } finally {
      log().configure(settings)
    }
  })
})
