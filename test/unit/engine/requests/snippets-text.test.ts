import { describe, expect, it } from 'vitest'
import { buildSnippet, type SnippetInput } from '../../../../src/main/engine/requests/copy-as/snippets'

// The snippets whose runtimes this machine lacks (cmd.exe, PowerShell, HTTPie) checked as text; the others are run
// against the sandbox in test/integration/requests/snippets-run.test.ts.
const body = `{"note":"it's 100% \\"quoted\\" café"}`
const input: SnippetInput = {
  method: 'POST',
  url: 'https://api.example.com/pos/v2/lookup/tickets?x=50%25',
  headers: [{ name: 'content-type', value: 'application/json' }],
  body,
  auth: 'hmac',
  clientId: 'demo-client',
}

describe('snippets as text', () => {
  it('Windows cmd: CRLF lines, % doubled, the body travels base64 and PowerShell signs it with the secret from the environment', () => {
    const code = buildSnippet('curl-cmd', input).code
    expect(code.split('\r\n').length).toBeGreaterThan(5)
    expect(code.replace(/\r\n/g, '')).not.toContain('\n')
    expect(code).toContain('"https://api.example.com/pos/v2/lookup/tickets?x=50%%25"')
    const b64 = /set "BODY_B64=([A-Za-z0-9+/=]+)"/.exec(code)?.[1] ?? ''
    expect(Buffer.from(b64, 'base64').toString('utf8')).toBe(body)
    expect(code).toContain('$env:PARTNER_CLIENT_SECRET')
    expect(code).toContain('set "SIGNED_PATH=/pos/v2/lookup/tickets"')
    expect(code).toContain('-H "x-signature: %SIG%"')
  })

  it('PowerShell: ASCII only, verbatim strings with quotes doubled, HMACSHA256 over the canonical string, content type as a parameter', () => {
    const code = buildSnippet('powershell', input).code
    expect(code).toMatch(/^[\x20-\x7e\n]*$/)
    expect(code).toContain(`$Body = ('{"note":"it''s 100% \\"quoted\\" caf' + [char]0x00E9 + '"}')`)
    expect(code).toContain("$Canonical = $ClientId + $Method + '/pos/v2/lookup/tickets' + [string]$Body + $Timestamp")
    expect(code).toContain("-ContentType 'application/json'")
    expect(code).not.toMatch(/'content-type' =/)
  })

  it('HTTPie: openssl signs at run time and --raw= sends the body byte for byte (even one starting with "-")', () => {
    const code = buildSnippet('httpie', input).code
    expect(code).toContain(`BODY='{"note":"it'\\''s 100% \\"quoted\\" café"}'`)
    expect(code).toContain('openssl dgst -sha256 -hmac "$PARTNER_CLIENT_SECRET"')
    expect(code).toContain('--raw="$BODY"')
  })

  it('bearer snippets read the token from PARTNER_ACCESS_TOKEN and say so', () => {
    const s = buildSnippet('curl', { ...input, auth: 'bearer', body: undefined })
    expect(s.code).toContain('-H "Authorization: Bearer $PARTNER_ACCESS_TOKEN"')
    expect(s.notes.join(' ')).toContain('PARTNER_ACCESS_TOKEN')
  })
})
