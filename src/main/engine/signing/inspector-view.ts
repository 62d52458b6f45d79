import type { InspectedPart, InspectedSignature } from '../../../shared/contract'
import { escapeInvisible } from '../../../shared/spec'
import type { SignedRequest } from './signer'

/** Hex views stop after this many bytes per value, so a large body cannot balloon a bridge response. */
const HEX_LIMIT_BYTES = 64 * 1024

interface InspectionMeta {
  timeSource: InspectedSignature['timeSource']
  secretFingerprint: string
  environmentId: string | null
}

/**
 * Lays out a signature for the inspector: each canonical part with its byte and character offsets, hex and an
 * escaped view that makes invisible characters visible (a stray "\n" or a non-breaking space is the classic cause of
 * a mismatch nobody can see). Computed on request only, never on the signing hot path.
 */
export function inspectSignature(signed: SignedRequest, meta: InspectionMeta): InspectedSignature {
  const canonicalBytes = Buffer.from(signed.canonical, 'utf8')
  const parts: InspectedPart[] = signed.parts.map(p => {
    const bytes = canonicalBytes.subarray(p.offset, p.offset + p.length)
    return { ...p, ...hexView(bytes), escaped: escapeInvisible(p.value) }
  })
  const whole = hexView(canonicalBytes)
  return {
    canonical: signed.canonical,
    canonicalHex: whole.hex,
    canonicalHexTruncated: whole.hexTruncated,
    canonicalEscaped: escapeInvisible(signed.canonical),
    byteLength: canonicalBytes.length,
    hexLimitBytes: HEX_LIMIT_BYTES,
    parts,
    algorithm: 'HMAC-SHA256',
    encoding: 'hex',
    signature: signed.signature,
    headers: { ...signed.headers },
    timestamp: Number(signed.headers['x-timestamp']),
    timeSource: meta.timeSource,
    secretFingerprint: meta.secretFingerprint,
    environmentId: meta.environmentId,
    secretRedacted: false,
  }
}

function hexView(bytes: Buffer): { hex: string; hexTruncated: boolean } {
  const truncated = bytes.length > HEX_LIMIT_BYTES
  return { hex: (truncated ? bytes.subarray(0, HEX_LIMIT_BYTES) : bytes).toString('hex'), hexTruncated: truncated }
}
