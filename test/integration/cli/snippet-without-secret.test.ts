import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli'
import { cliHint } from '../../../src/main/cli/cli-hint'
import { OutputText } from '../../support/output'

async function run(argv: string[]) {
  const stdout = new OutputText()
  const stderr = new OutputText()
  const code = await main(argv, { stdout: stdout.writable(), stderr: stderr.writable() })
  return { code, stdout: stdout.text, stderr: stderr.text }
}

describe('snippet generation needs no secret', () => {
  it('an HMAC snippet from flags prints a program that reads PARTNER_CLIENT_SECRET when it runs, with none set now', async () => {
    const saved = process.env.PARTNER_CLIENT_SECRET
    delete process.env.PARTNER_CLIENT_SECRET
    try {
      for (const lang of ['python', 'node', 'curl']) {
        const r = await run([
          'snippet',
          '--lang',
          lang,
          'GET',
          '/v1/locations',
          '--base-url',
          'http://127.0.0.1:9',
          '--client-id',
          'X',
          '--auth',
          'hmac',
        ])
        expect(r.stderr).not.toContain('no client secret')
        expect(r.code).toBe(0)
        expect(r.stdout).toContain('PARTNER_CLIENT_SECRET')
      }
    } finally {
      if (saved !== undefined) process.env.PARTNER_CLIENT_SECRET = saved
    }
  })
})

describe('every CLI hint speaks of flags and environment variables', () => {
  it('no engine hint naming a screen reaches the CLI as it is', () => {
    // Every hint literal in the engine and the bridge, as the CLI would print it.
    const root = resolve(import.meta.dirname, '../../../src/main')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.ts'))
    const hints = files.flatMap(f => [...readFileSync(join(root, f), 'utf8').matchAll(/hint:\s*'([^']+)'/g)].map(m => m[1] as string))
    expect(hints.length).toBeGreaterThan(20)
    for (const hint of hints) {
      const printed = cliHint(hint) ?? ''
      expect(printed, hint).not.toMatch(/→|status bar|network log|command palette|\(Environments|Edit\)/)
    }
    expect(cliHint('Enter the client secret again (Environments → Edit).')).toContain('PARTNER_CLIENT_SECRET')
  })
})
