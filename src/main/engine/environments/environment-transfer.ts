import {
  type EnvironmentExport,
  type EnvironmentImportResult,
  environmentExportSchema,
  exportedEnvironmentSchema,
  type ImportPlanItem,
  type ImportProblem,
  type ValidationIssue,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { endpointChanges } from './endpoint-changes'
import { settingsOf } from './environment-record'
import type { EnvironmentRepository } from './environment-repository'
import { validateSettings } from './validate-settings'

/**
 * Writes the user's environments (never the built-in sandbox, whose addresses change every launch) to the export
 * format. Client secrets are left out unless `includeSecrets` is true; the file then says so at the top.
 */
export function saveEnvironmentsFile(
  repository: EnvironmentRepository,
  options: { ids?: string[]; includeSecrets?: boolean },
  now = new Date(),
): EnvironmentExport {
  const wanted = options.ids ? new Set(options.ids) : null
  const records = repository.records().filter(r => !r.builtIn && (!wanted || wanted.has(r.id)))
  if (wanted) {
    for (const id of wanted) {
      const r = repository.records().find(x => x.id === id)
      if (!r) throw new ConsoleError('not_found', `There is no environment with id "${id}" to export.`)
      if (r.builtIn) throw new ConsoleError('invalid_request', 'The built-in sandbox cannot be exported: it is recreated at every launch.')
    }
  }
  const includeSecrets = options.includeSecrets === true
  const environments = records.map(r => {
    const entry: Record<string, unknown> = { ...settingsOf(r) }
    if (includeSecrets && r.hasClientSecret) entry.clientSecret = repository.secrets.clientSecret(r)
    return entry
  })
  const doc = {
    format: 'partner-console-environments',
    version: 1,
    exportedAt: now.toISOString(),
    includesSecrets: includeSecrets,
    environments,
  }
  const stamp = now.toISOString().slice(0, 10)
  return {
    fileName: `partner-console-environments-${stamp}${includeSecrets ? '-WITH-SECRETS' : ''}.json`,
    content: `${JSON.stringify(doc, null, 2)}\n`,
    includesSecrets: includeSecrets,
    count: environments.length,
  }
}

function zodIssues(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): ValidationIssue[] {
  return error.issues.map(i => ({ path: i.path.map(String).join('.'), message: i.message }))
}

/**
 * Reads an export file: the document and each environment are validated (zod shape, then the same checks as the
 * form) and every problem is reported with its index and field. Valid environments are imported unless `dryRun`;
 * invalid ones are listed, never half-imported. A name clash is renamed, skipped or replaced as asked.
 */
export async function openEnvironmentsFile(
  repository: EnvironmentRepository,
  content: string,
  options: { onConflict?: 'rename' | 'skip' | 'replace'; dryRun?: boolean; acceptUnprotectedStorage?: boolean },
): Promise<EnvironmentImportResult> {
  let raw: unknown
  try {
    raw = JSON.parse(content)
  } catch (error) {
    throw new ConsoleError('invalid_request', `The file is not valid JSON: ${(error as Error).message}`, {
      hint: 'Choose a file exported by the Partner API Console (format partner-console-environments).',
    })
  }
  const doc = environmentExportSchema.safeParse(raw)
  if (!doc.success) {
    const problems: ImportProblem[] = [{ index: -1, name: null, issues: zodIssues(doc.error) }]
    throw new ConsoleError(
      'invalid_request',
      `The file is not an environments export: ${problems[0]?.issues.map(i => `${i.path || '(document)'}: ${i.message}`).join('; ')}`,
      {
        hint: 'Choose a file exported by the Partner API Console (format partner-console-environments, version 1).',
        details: { problems },
      },
    )
  }
  const problems: ImportProblem[] = []
  const valid: Array<{ index: number; entry: ReturnType<typeof exportedEnvironmentSchema.parse> }> = []
  doc.data.environments.forEach((item, index) => {
    const name = typeof (item as { name?: unknown })?.name === 'string' ? (item as { name: string }).name : null
    const parsed = exportedEnvironmentSchema.safeParse(item)
    if (!parsed.success) {
      problems.push({ index, name, issues: zodIssues(parsed.error) })
      return
    }
    const { clientSecret: _secret, ...settings } = parsed.data
    const check = validateSettings(settings)
    if (check.issues.length > 0) problems.push({ index, name, issues: check.issues })
    else valid.push({ index, entry: parsed.data })
  })
  if (valid.some(v => v.entry.clientSecret !== undefined))
    repository.requireStorageConsent(options.acceptUnprotectedStorage, 'the imported client secrets')
  const conflict = options.onConflict ?? 'rename'
  const taken = new Set(repository.records().map(r => r.name.toLowerCase()))
  const plan: ImportPlanItem[] = valid.map(({ index, entry }) => {
    const existing = repository.records().find(r => r.name.toLowerCase() === entry.name.toLowerCase())
    if (!existing) {
      taken.add(entry.name.toLowerCase())
      return { index, name: entry.name, action: 'create' }
    }
    if (conflict === 'skip') return { index, name: entry.name, action: 'skip' }
    if (conflict === 'replace' && !existing.builtIn) {
      const item: ImportPlanItem = { index, name: existing.name, action: 'replace' }
      const urlChanges = endpointChanges(settingsOf(existing), entry)
      if (urlChanges.length > 0) {
        item.urlChanges = urlChanges
        item.credentials =
          entry.clientSecret !== undefined
            ? `The addresses change, so the stored tokens of "${existing.name}" are dropped; the client secret in the file replaces the stored one. Authorize again.`
            : `The addresses change, so the stored tokens and the client secret of "${existing.name}" are dropped: enter the secret again and authorize again.`
      }
      return item
    }
    const base = `${entry.name} (imported)`
    let name = base
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`
    taken.add(name.toLowerCase())
    return { index, name, action: 'rename' }
  })
  const result: EnvironmentImportResult = { plan, imported: [], skipped: [], problems, dryRun: options.dryRun === true }
  for (const item of plan) {
    if (item.action === 'skip')
      result.skipped.push({ index: item.index, name: item.name, reason: `An environment named "${item.name}" already exists.` })
  }
  if (options.dryRun) return result
  for (const item of plan) {
    const entry = valid.find(v => v.index === item.index)?.entry
    if (!entry || item.action === 'skip') continue
    const { clientSecret, ...settings } = entry
    if (item.action === 'replace') {
      const existing = repository.records().find(r => r.name.toLowerCase() === item.name.toLowerCase())
      if (existing) {
        result.imported.push(await repository.update(existing.id, settings, clientSecret, options.acceptUnprotectedStorage))
        continue
      }
    }
    result.imported.push(await repository.create({ ...settings, name: item.name }, clientSecret, options.acceptUnprotectedStorage))
  }
  if (result.imported.length > 0) repository.changed('imported', null)
  return result
}
