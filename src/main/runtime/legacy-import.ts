import { existsSync } from 'node:fs'
import { cp, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonDocument } from '../engine/requests/drafts/json-document'
import { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import { Vault } from '../engine/vault/vault'
import { LOCK_FILE } from './data-folder-lock'

/** The record, in the new folder, that the old one was imported or declined: the offer is made once. */
export const IMPORT_RECORD_FILE = 'imported-from.json'
const ENVIRONMENTS_FILE = 'environments.json'
/** What is never copied: the old folder's lock (a running console's) and its one-time launch files. */
const NOT_COPIED = new Set([LOCK_FILE, 'web-launch'])

/** What the import found, copied, and could not carry over. */
interface LegacyImport {
  from: string
  to: string
  /** Top-level files and folders copied (nothing in the new folder was overwritten). */
  copied: string[]
  /** Names of the environments brought over. */
  environments: string[]
  /** Vault records that cannot be read in the new folder, with why (they stay in the old folder). */
  secretsNotMoved: Array<{ key: string; why: string }>
}

/** Whether the new folder already holds environments of its own (then nothing is imported into it). */
async function environmentNames(dir: string): Promise<string[] | null> {
  try {
    const doc = JSON.parse(await readFile(join(dir, ENVIRONMENTS_FILE), 'utf8')) as { environments?: Array<{ name?: unknown }> }
    const list = Array.isArray(doc.environments) ? doc.environments : []
    return list.map(e => (typeof e.name === 'string' ? e.name : '(unnamed)'))
  } catch {
    return null
  }
}

/**
 * Whether the old folder should be offered: it exists and holds something, the new one has no environments of its
 * own, and the offer was never answered (the record in the new folder says so once it was).
 */
export async function legacyImportPending(from: string, to: string): Promise<boolean> {
  if (from === to || !existsSync(from) || existsSync(join(to, IMPORT_RECORD_FILE))) return false
  const names = await environmentNames(to)
  if (names !== null && names.length > 0) return false
  return (await readdir(from)).some(name => !NOT_COPIED.has(name))
}

/** Records that the offer was declined, so it is never made again (the old folder is left as it is). */
export async function declineLegacyImport(from: string, to: string): Promise<void> {
  await writeJsonDocument(join(to, IMPORT_RECORD_FILE), { from, declinedAt: new Date().toISOString() })
}

/**
 * Copies the old web/CLI data folder into the shared one, once: every file the new folder does not have yet (nothing
 * is overwritten, nothing is deleted from the old folder, the old lock and launch files are left), the vault together
 * with its key so its secrets stay readable, then checks each copied secret decrypts in the new folder and lists the
 * ones that do not. Writes the record that makes it never run twice. Returns null when there was nothing to import.
 */
export async function importLegacyDataFolder(from: string, to: string): Promise<LegacyImport | null> {
  if (!(await legacyImportPending(from, to))) return null
  const copied: string[] = []
  for (const name of (await readdir(from)).sort()) {
    if (NOT_COPIED.has(name) || existsSync(join(to, name))) continue
    await cp(join(from, name), join(to, name), { recursive: true, errorOnExist: false, force: false, preserveTimestamps: true })
    copied.push(name)
  }
  const secretsNotMoved: LegacyImport['secretsNotMoved'] = []
  if (copied.includes('vault.json')) {
    const vault = await Vault.open(join(to, 'vault.json'), createKeyFileCipher(join(to, 'vault.key')))
    for (const problem of vault.problems()) secretsNotMoved.push({ key: problem.environmentId ?? problem.file, why: problem.message })
  }
  const result: LegacyImport = { from, to, copied, environments: (await environmentNames(to)) ?? [], secretsNotMoved }
  await writeJsonDocument(join(to, IMPORT_RECORD_FILE), { ...result, importedAt: new Date().toISOString() })
  return result
}

/** The import in the user's words: what came over, and each secret that did not with what to do. */
export function describeLegacyImport(r: LegacyImport): string[] {
  const lines = [
    `Imported the data of the web host and CLI from ${r.from} into ${r.to} (now shared with the desktop app; the old folder was left as it was).`,
    r.environments.length > 0 ? `  Environments: ${r.environments.join(', ')}.` : '  No saved environments were in it.',
    `  Copied: ${r.copied.join(', ')}.`,
  ]
  for (const s of r.secretsNotMoved) lines.push(`  Not readable here: ${s.key}: ${s.why} Enter it again in this console.`)
  return lines
}
