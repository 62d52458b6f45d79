// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { parseCapturedRequest, shellWords } from '../../../src/renderer/src/features/inspector/captured-request-parser'

const SIG = '9f'.repeat(32)

describe('pasting a captured request into Verify', () => {
  it('reads raw HTTP: request line, the three x- headers, and the body byte for byte', () => {
    const raw = `POST /API/v1/Things?x=1 HTTP/1.1\r\nHost: api.example.com\r\nX-Access-Key: client-1\r\nx-timestamp: 1795360000\r\nx-signature:  ${SIG} \r\n\r\n{"a":1}\n`
    const { fields, problems } = parseCapturedRequest(raw)
    expect(problems).toEqual([])
    expect(fields).toEqual({
      method: 'POST',
      path: '/API/v1/Things?x=1',
      accessKey: 'client-1',
      timestamp: '1795360000',
      signature: SIG,
      body: '{"a":1}\n',
    })
  })

  it('reads a cURL command with quotes, continuations and --data-raw', () => {
    const curl = `curl -sS -X PUT 'https://api.example.com/Api/V1/x?y=2' \\\n  -H 'x-access-key: client-1' \\\n  -H "x-timestamp: 1795360000" \\\n  -H $'x-signature: ${SIG}' \\\n  --data-raw '{"note": "x y"}'`
    const { fields, problems } = parseCapturedRequest(curl)
    expect(problems).toEqual([])
    expect(fields).toMatchObject({
      method: 'PUT',
      path: 'https://api.example.com/Api/V1/x?y=2',
      accessKey: 'client-1',
      timestamp: '1795360000',
      signature: SIG,
      body: '{"note": "x y"}',
    })
    expect(shellWords(`a 'b c' "d \\"e\\"" $'f\\ng'`)).toEqual(['a', 'b c', 'd "e"', 'f\ng'])
  })

  it('says which signing headers the paste lacks', () => {
    const { fields, problems } = parseCapturedRequest('GET /x HTTP/1.1\nx-timestamp: 1\n\n')
    expect(fields).toMatchObject({ method: 'GET', path: '/x', timestamp: '1', body: '' })
    expect(problems.join(' ')).toContain('x-access-key, x-signature')
  })
})
