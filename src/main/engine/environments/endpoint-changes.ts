import { type EnvironmentSettings, PATH_KEYS } from '../../../shared/contract'

/** One address of an environment that an edit or an import changes. */
interface EndpointChange {
  field: string
  from: string
  to: string
}

/**
 * The addresses credentials are sent to (auth_url, base_url and every path override) that differ between two versions
 * of an environment. A non-empty answer means the stored tokens and client secret must not follow: sent to the new
 * addresses, they would go to whatever server an imported file names.
 */
export function endpointChanges(before: Partial<EnvironmentSettings>, after: Partial<EnvironmentSettings>): EndpointChange[] {
  const out: EndpointChange[] = []
  const compare = (field: string, a: string | undefined, b: string | undefined) => {
    if ((a ?? '') !== (b ?? '')) out.push({ field, from: a ?? '(default)', to: b ?? '(default)' })
  }
  compare('authUrl', trimSlash(before.authUrl), trimSlash(after.authUrl))
  compare('baseUrl', trimSlash(before.baseUrl), trimSlash(after.baseUrl))
  for (const key of PATH_KEYS) compare(`paths.${key}`, before.paths?.[key], after.paths?.[key])
  return out
}

function trimSlash(url: string | undefined): string | undefined {
  return url?.replace(/\/+$/, '')
}
