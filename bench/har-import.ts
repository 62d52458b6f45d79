import { performance } from 'node:perf_hooks'
import { SecretRegistry } from '../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../src/main/engine/core/without-sign-in'
import { LogFormats } from '../src/main/engine/har/log-formats'
import { NetworkLog } from '../src/main/engine/log/network-log'
import { Redactor } from '../src/main/engine/log/redaction'

/**
 * Importing a 3 MB HAR holding 6,000 distinct tokens (bearer headers, token responses, codes in redirect URLs) against
 * `JSON.parse` of the same text. The values of an imported HAR are redacted by name and never become known secrets
 * (docs/security.md), and known secrets are matched in linear time: this took about a minute, growing with the square
 * of the tokens, when every token seen was registered into one regex. Goal: ≤ 40× the parse. The longest time the
 * event loop stood still during the import is reported too (the import yields between batches of entries).
 */
export async function benchHarImport(options: { rounds?: number } = {}): Promise<{
  name: string
  baseline: number
  subject: number
  ratio: number
  goal: string
  unit: string
}> {
  const rounds = options.rounds ?? 5
  const text = makeHar(6000)
  const bytes = Buffer.byteLength(text)
  const parseTimes: number[] = []
  const importTimes: number[] = []
  let stall = 0
  let sink = 0
  for (let r = 0; r < rounds + 1; r++) {
    const t0 = performance.now()
    sink += (JSON.parse(text) as { log: { entries: unknown[] } }).log.entries.length
    const t1 = performance.now()
    const formats = makeFormats()
    let last = performance.now()
    let longest = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
    }, 1)
    const result = await formats.openHar(text)
    clearInterval(ticker)
    longest = Math.max(longest, performance.now() - last)
    const t2 = performance.now()
    sink += result.imported
    if (result.imported !== 3000) throw new Error(`imported ${result.imported} entries, expected 3000`)
    if (r === 0) continue // warm-up
    parseTimes.push(t1 - t0)
    importTimes.push(t2 - t1)
    stall = Math.max(stall, longest)
  }
  if (sink === 0) throw new Error('unreachable')
  const baseline = median(parseTimes)
  const subject = median(importTimes)
  return {
    name: `HAR import of ${(bytes / 2 ** 20).toFixed(1)} MB with 6000 distinct tokens vs JSON.parse (longest stall ${stall.toFixed(0)} ms)`,
    baseline: round(baseline),
    subject: round(subject),
    ratio: round(subject / baseline),
    goal: '≤ 40×',
    unit: 'ms',
  }
}

function makeFormats(): LogFormats {
  const secrets = new SecretRegistry()
  // The engine's own secrets of a long session: they must still be found everywhere.
  for (let i = 0; i < 50; i++) secrets.add(`engine-owned-secret-${i}-${'k'.repeat(24)}`, 'access_token')
  const log = new NetworkLog()
  return new LogFormats({
    log,
    redactor: new Redactor(secrets),
    secrets,
    creator: { name: 'bench', version: '0' },
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => 0,
  })
}

/** 3000 entries, each with two distinct tokens (6000 in all), padded to about 3 MB. */
function makeHar(tokens: number): string {
  const entries = []
  for (let i = 0; i < tokens / 2; i++) {
    const access = `sbx_at_${i.toString(36)}_${(i * 7919).toString(16).padStart(12, '0')}_${'a'.repeat(16)}`
    const refresh = `sbx_rt_${i.toString(36)}_${(i * 104729).toString(16).padStart(12, '0')}_${'r'.repeat(16)}`
    entries.push({
      startedDateTime: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
      time: 12,
      request: {
        method: i % 2 ? 'GET' : 'POST',
        url: `https://api.partner.example/oauth2/callback?code=sbx_ac_${i}_${'c'.repeat(10)}&state=s${i}`,
        httpVersion: 'HTTP/1.1',
        headers: [
          { name: 'Authorization', value: `Bearer ${access}` },
          { name: 'Accept', value: 'application/json' },
        ],
        postData: { mimeType: 'application/x-www-form-urlencoded', text: `grant_type=refresh_token&refresh_token=${refresh}&client_id=c1` },
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        content: {
          size: 600,
          mimeType: 'application/json',
          text: JSON.stringify({ access_token: access, refresh_token: refresh, token_type: 'Bearer', note: 'x'.repeat(260) }),
        },
        redirectURL: '',
      },
      timings: { send: 1, wait: 10, receive: 1 },
    })
  }
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'bench', version: '1' }, entries } })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}

/**
 * The longest time the event loop stood still while importing a HAR of 1,000 and of 50,000 entries (about 1 KB each,
 * 50 MB): the import slices the text instead of one `JSON.parse` of the whole, and reads the entries in batches, so the
 * stall must not grow with the file. Goal: ≤ 50 ms at both sizes (the ratio is 50k's stall over 1k's).
 */
export async function benchHarImportStall(): Promise<{
  name: string
  baseline: number
  subject: number
  ratio: number
  goal: string
  unit: string
  met: boolean
}> {
  const small = await longestStall(1_000)
  const large = await longestStall(50_000)
  return {
    name: 'HAR import: longest event-loop stall at 50000 entries vs 1000 (in-process ticker)',
    baseline: round(small),
    subject: round(large),
    ratio: round(large / small),
    goal: '≤ 50 ms at both sizes',
    unit: 'ms',
    met: small <= 50 && large <= 50,
  }
}

async function longestStall(entries: number): Promise<number> {
  const text = makeHar(entries * 2)
  const formats = makeFormats()
  let last = performance.now()
  let longest = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 1)
  try {
    const result = await formats.openHar(text)
    if (result.imported !== entries) throw new Error(`imported ${result.imported} entries, expected ${entries}`)
  } finally {
    clearInterval(ticker)
  }
  return Math.max(longest, performance.now() - last)
}
