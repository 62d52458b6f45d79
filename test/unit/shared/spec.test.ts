import { describe, expect, it } from 'vitest'
import type { ResolvedEnvironment } from '../../../src/main/engine/core/ports'
import { resolveRequestUrl } from '../../../src/main/engine/http/target-url'
import { PATH_KEYS } from '../../../src/shared/contract'
import { EXPORT_DATE, exportTicketsPath, fillPath, joinHostPath, SPEC_PATHS } from '../../../src/shared/spec'

const env = (baseUrl: string) => ({ baseUrl, authUrl: 'https://auth.example.com' }) as ResolvedEnvironment

describe('the spec facts both sides share', () => {
  it('builds the export path with its query in the spec order, dates encoded, brackets as sent', () => {
    expect(exportTicketsPath(SPEC_PATHS.exportTickets, 101001, '2026-11-01', '2026-11-22')).toBe(
      '/api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01&filter[dateTimeTo]=2026-11-22',
    )
    // A deployment's own prefix keeps its other placeholders as written; values are percent-encoded.
    expect(exportTicketsPath('/signed/{region}/export/{locationId}', 7, '2026-01-01T00:00', '2026-01-02')).toBe(
      '/signed/{region}/export/7?filter[dateTimeFrom]=2026-01-01T00%3A00&filter[dateTimeTo]=2026-01-02',
    )
    expect(fillPath('/a/{constructor}/{id}', { id: 'x y' })).toBe('/a/{constructor}/x%20y')
  })

  it('takes export dates in YYYY-MM-DD form, leaving whether the day exists to the server (the engine forwards 2024-02-30)', () => {
    expect(['2026-11-01', '2024-02-30'].map(d => EXPORT_DATE.test(d))).toEqual([true, true])
    expect(['2026-11-1', '01-11-2026', '2026-11-01T00:00', ' 2026-11-01'].some(d => EXPORT_DATE.test(d))).toBe(false)
  })

  it('joins a host and a path the way the engine resolves a request, so the preview is the address sent', () => {
    for (const [base, path] of [
      ['http://127.0.0.1:4000', '/api/v1/export/1/tickets?filter[dateTimeFrom]=2026-01-01'],
      ['https://api.example.com/v2///', 'marketplace/v2/platform-token/locations'],
      ['https://api.example.com/prefix', '/x?y=1'],
    ] as const) {
      expect(resolveRequestUrl(env(base), 'api', path).href).toBe(new URL(joinHostPath(base, path)).href)
    }
    expect(joinHostPath('https://api.example.com/v2///', 'x')).toBe('https://api.example.com/v2/x')
  })

  it('the environment path keys are the spec path keys', () => {
    expect([...PATH_KEYS].sort()).toEqual(Object.keys(SPEC_PATHS).sort())
  })
})
