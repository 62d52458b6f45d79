import { createHmac } from 'node:crypto'
import type { SignatureDiagnosis } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { splitRequestTarget } from './request-path'
import { checkFreshness, type SignatureFreshness } from './signature-freshness'
import { MISTAKES, type Mistake, type MistakeContext, type Recipe } from './signature-mistakes'
import { MILLISECONDS_THRESHOLD, type SignedRequest, signRequest } from './signer'

/** A captured signed request and the secret to check it with. */
export interface ExplainInput {
  method: string
  path: string
  body?: string | null
  headers: { 'x-access-key': string; 'x-timestamp': string; 'x-signature': string }
  clientSecret: string
  /** The client id the caller believes it signed with, when it may differ from x-access-key. */
  clientId?: string
  /** The server's time in Unix ms, to check the 10 s lifetime; absent = freshness not checked. */
  serverNow?: number
}

/** One plausible mistake tried by the explainer (the contract's type: it crosses the bridge as is). */
type Diagnosis = SignatureDiagnosis

export interface ExplainResult {
  /** The signature matches the request and (when checked) its timestamp is fresh and in seconds. */
  valid: boolean
  /** The signature alone matches the canonical string of the request. */
  signatureMatches: boolean
  expected: SignedRequest
  diagnosis: Diagnosis[]
  stale?: SignatureFreshness
  /** One paragraph for the user: the verdict and what to do. */
  summary: string
}

/**
 * Checks a captured signature and, when it is wrong, finds which plausible client mistake reproduces it: each
 * mistake of the catalogue alone, then every pair from different categories (cheap: a few hundred HMACs). This is
 * the console's answer to "signature mismatch": not only "no", but "you signed the query string".
 */
export function explainSignature(input: ExplainInput): ExplainResult {
  const tsText = input.headers['x-timestamp'].trim()
  if (!/^\d{1,16}$/.test(tsText)) {
    throw new ConsoleError('invalid_request', `x-timestamp "${tsText.slice(0, 40)}" is not a Unix time in whole seconds.`, {
      hint: 'Paste the x-timestamp header exactly as sent: digits only, e.g. 1712345678.',
    })
  }
  const headerTimestamp = Number(tsText)
  const accessKey = input.headers['x-access-key']
  const given = input.headers['x-signature'].trim()
  const expected = signRequest({
    clientId: accessKey,
    clientSecret: input.clientSecret,
    method: input.method,
    path: input.path,
    body: input.body,
    timestamp: headerTimestamp,
  })
  const signatureMatches = given.toLowerCase() === expected.signature
  const base: Recipe = {
    clientId: accessKey,
    method: expected.parts[1]!.value,
    path: expected.parts[2]!.value,
    body: expected.parts[3]!.value,
    timestamp: expected.parts[4]!.value,
    key: input.clientSecret,
    separator: '',
    encoding: 'hex',
  }
  const ctx: MistakeContext = {
    rawMethod: input.method,
    target: splitRequestTarget(input.path),
    secret: input.clientSecret,
    accessKey,
    claimedClientId: input.clientId !== undefined && input.clientId !== accessKey ? input.clientId : null,
    headerTimestamp,
  }

  const diagnosis: Diagnosis[] = []
  if (!signatureMatches) diagnosis.push(...searchMistakes(base, ctx, given))
  const msHeader = headerTimestamp >= MILLISECONDS_THRESHOLD
  if (signatureMatches && msHeader) {
    diagnosis.unshift({
      id: 'timestamp-milliseconds',
      mistake: 'timestamp in milliseconds',
      explanation:
        'x-timestamp and the signed timestamp are both in milliseconds. The server reads whole seconds, so it sees a time far in the future: use Math.floor(Date.now() / 1000).',
      reproduces: true,
      applicable: true,
    })
  }
  let stale: SignatureFreshness | undefined
  if (input.serverNow !== undefined) {
    stale = checkFreshness(headerTimestamp, input.serverNow)
    if (stale.state !== 'fresh') {
      diagnosis.unshift({
        id: stale.state === 'stale' ? 'timestamp-stale' : 'timestamp-future',
        mistake: stale.state === 'stale' ? 'stale timestamp' : 'timestamp in the future',
        explanation: stale.message,
        reproduces: true,
        applicable: true,
      })
    }
  }
  const valid = signatureMatches && !msHeader && (stale === undefined || stale.state === 'fresh')
  return {
    valid,
    signatureMatches,
    expected,
    diagnosis,
    ...(stale ? { stale } : {}),
    summary: summarise(valid, signatureMatches, diagnosis),
  }
}

function searchMistakes(base: Recipe, ctx: MistakeContext, given: string): Diagnosis[] {
  const matches = matcher(given)
  const singles: Diagnosis[] = MISTAKES.map(m => {
    const variants = m.variants(base, ctx)
    const d = diagnose([m], variants.find(matches), ctx)
    d.applicable = variants.length > 0
    return d
  })
  const combos: Diagnosis[] = []
  if (!singles.some(d => d.reproduces)) {
    const combinable = MISTAKES.filter(m => m.combinable)
    for (let i = 0; i < combinable.length; i++) {
      const a = combinable[i]!
      for (const va of a.variants(base, ctx)) {
        for (let j = i + 1; j < combinable.length; j++) {
          const b = combinable[j]!
          if (b.category === a.category) continue
          const hit = b.variants(va, ctx).find(matches)
          if (hit && !combos.some(c => c.id === `${a.id}+${b.id}`)) combos.push(diagnose([a, b], hit, ctx))
        }
      }
    }
  }
  const found = [...singles, ...combos].filter(d => d.reproduces)
  return [...found, ...singles.filter(d => !d.reproduces)]
}

function diagnose(mistakes: Mistake[], hit: Recipe | undefined, ctx: MistakeContext): Diagnosis {
  const d: Diagnosis = {
    id: mistakes.map(m => m.id).join('+'),
    mistake: mistakes.map(m => m.mistake).join(' and '),
    explanation: mistakes.map(m => m.explanation).join(' '),
    reproduces: hit !== undefined,
    applicable: true,
  }
  if (mistakes.length > 1) d.combination = mistakes.map(m => m.id)
  if (hit) {
    const canonical = canonicalOf(hit)
    if (!canonical.includes(ctx.secret)) d.signedCanonical = canonical
    if (hit.separator !== '') d.explanation += ` Separator found: ${JSON.stringify(hit.separator)}.`
    if (mistakes.some(m => m.id === 'timestamp-milliseconds' || m.id === 'timestamp-mismatch')) {
      d.explanation += ` Signed timestamp: ${hit.timestamp}.`
    }
  }
  return d
}

function canonicalOf(r: Recipe): string {
  return [r.clientId, r.method, r.path, r.body, r.timestamp].join(r.separator)
}

function matcher(given: string): (r: Recipe) => boolean {
  const lower = given.toLowerCase()
  return r => {
    const digest = createHmac('sha256', r.key).update(canonicalOf(r), 'utf8').digest()
    if (r.encoding === 'hex') return digest.toString('hex') === lower
    const text = digest.toString(r.encoding)
    return text === given || text.replace(/=+$/, '') === given
  }
}

function summarise(valid: boolean, matches: boolean, diagnosis: Diagnosis[]): string {
  if (valid) return 'The signature is right: it matches the canonical string of this request.'
  const found = diagnosis.filter(d => d.reproduces)
  if (matches) {
    return `The signature matches the request, but the server will refuse it: ${found.map(d => d.mistake).join('; ')}.`
  }
  if (found.length > 0) {
    return `The signature is wrong. It is reproduced by: ${found.map(d => d.mistake).join('; ')}. Fix that and sign again.`
  }
  return 'The signature is wrong and no plausible mistake (alone or in pairs) reproduces it: most likely another secret was used, or the request was changed after signing. Compare the canonical string part by part.'
}
