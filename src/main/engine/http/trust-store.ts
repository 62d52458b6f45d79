import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ConsoleError } from '../core/console-error'
import type { ResolvedNetwork } from '../core/ports'

/** The CA certificates a connection trusts, each with where it came from, and a way to say which one vouched. */
export interface TrustStore {
  /** PEMs for tls.connect's `ca`, or undefined to keep Node's default (bundled store + NODE_EXTRA_CA_CERTS). */
  ca: string[] | undefined
  /** Where the CA with this SHA-256 fingerprint (colon hex, as X509Certificate gives it) came from. */
  sourceOf(fingerprint256: string): string | null
  /** True when the fingerprint is one of Node's bundled (public, Mozilla) roots. */
  isPublic(fingerprint256: string): boolean
  /** True when the fingerprint is one the environment itself names (its CA files or the built-in sandbox's CA). */
  isEnvironments(fingerprint256: string): boolean
  /** Things to tell the user (the system store is not offered by this Node, …). */
  notes: string[]
}

type CaGetter = (kind: 'default' | 'system' | 'bundled' | 'extra') => string[]

// node:tls is read when a store is first asked for certificates, not on import: a plain-HTTP run (walkthrough
// --sandbox) never loads it (its import alone is ~25 ms of CPU).
const tls = () => process.getBuiltinModule('node:tls')
const caGetter = (): CaGetter | undefined => (tls() as unknown as { getCACertificates?: CaGetter }).getCACertificates

let publicIndex: Map<string, string> | null = null
let extraIndex: Map<string, string> | null = null

function fingerprint(pem: string): string | null {
  try {
    return new X509Certificate(pem).fingerprint256
  } catch {
    return null
  }
}

function indexOf(pems: readonly string[], label: string, into = new Map<string, string>()): Map<string, string> {
  for (const pem of pems) {
    const f = fingerprint(pem)
    if (f && !into.has(f)) into.set(f, label)
  }
  return into
}

/** Splits a PEM bundle into its certificates. */
function splitPemBundle(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
}

function nodeExtraCas(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS
  const getCACertificates = caGetter()
  if (getCACertificates) return getCACertificates('extra')
  if (!file) return []
  try {
    return splitPemBundle(readFileSync(file, 'utf8'))
  } catch {
    return []
  }
}

function publicRoots(): Map<string, string> {
  if (!publicIndex) {
    const get = caGetter()
    publicIndex = indexOf(get ? get('bundled') : tls().rootCertificates, 'Node.js bundled store (Mozilla)')
  }
  return publicIndex
}

function extraRoots(): Map<string, string> {
  extraIndex ??= indexOf(nodeExtraCas(), `NODE_EXTRA_CA_CERTS (${process.env.NODE_EXTRA_CA_CERTS ?? ''})`)
  return extraIndex
}

/** Reads a CA file for an environment; a missing or empty file is an error that names the file and the setting. */
function readCaFile(file: string): string[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ConsoleError(
      'invalid_request',
      `The CA file ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      {
        hint: 'Fix the path in the environment’s network settings (CA files), or pass an existing file to --ca.',
      },
    )
  }
  const pems = splitPemBundle(text)
  if (pems.length === 0) {
    throw new ConsoleError('invalid_request', `The CA file ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`, {
      hint: 'Export the CA as PEM (Base-64); a DER file converts with: openssl x509 -inform der -in ca.cer -out ca.pem',
    })
  }
  return pems
}

/**
 * Builds what a connection trusts: Node's default store (bundled roots and NODE_EXTRA_CA_CERTS), plus the
 * environment's CA files, its own CAs (the built-in sandbox's) and, when asked and offered, the system store. With
 * nothing added it leaves `ca` undefined so Node's own default applies unchanged.
 */
export function buildTrustStore(network: ResolvedNetwork | undefined): TrustStore {
  const sources = new Map<string, string>()
  const own = new Set<string>()
  const notes: string[] = []
  const added: string[] = []
  for (const file of network?.caFiles ?? []) {
    const pems = readCaFile(file)
    added.push(...pems)
    for (const pem of pems) {
      const f = fingerprint(pem)
      if (f) {
        sources.set(f, `CA file ${file}`)
        own.add(f)
      }
    }
  }
  for (const extra of network?.extraCas ?? []) {
    added.push(extra.pem)
    const f = fingerprint(extra.pem)
    if (f) {
      sources.set(f, extra.label)
      own.add(f)
    }
  }
  let system: string[] = []
  const getCACertificates = network?.systemCa ? caGetter() : undefined
  if (network?.systemCa) {
    if (getCACertificates) {
      system = getCACertificates('system')
      indexOf(system, 'operating system store', sources)
    } else {
      notes.push(
        `The operating system's CA store is not offered by Node.js ${process.version} (22.15 or later has it); only Node's store is used.`,
      )
    }
  }
  const changed = added.length > 0 || system.length > 0
  // Node's default store is read only when something is added to it: parsing its ~150 roots is a cost every run
  // with no CA setting of its own would pay for nothing (undici then uses Node's default context as it is).
  const defaults = () => {
    const get = caGetter()
    return get ? get('default') : [...tls().rootCertificates, ...nodeExtraCas()]
  }
  return {
    ca: changed ? [...defaults(), ...system, ...added] : undefined,
    sourceOf: f => sources.get(f) ?? extraRoots().get(f) ?? publicRoots().get(f) ?? null,
    isPublic: f => publicRoots().has(f),
    isEnvironments: f => own.has(f),
    notes,
  }
}
