import type { RequestOf } from '../../../../shared/contract'
import type { SignInputs } from './inspector-store'

export type SignRequest = Omit<RequestOf<'signing:sign'>, 'clientSecret'>
export type SignProblems = Partial<Record<keyof SignInputs, string>>

const MAX_BODY = 10 * 1024 * 1024

/** Checks the Sign tab's text inputs the way the contract will, so mistakes show beside the field, not as errors. */
export function toSignRequest(inputs: SignInputs): { request: SignRequest | null; problems: SignProblems } {
  const problems: SignProblems = {}
  const method = inputs.method.trim()
  if (!/^[A-Za-z]{1,32}$/.test(method)) problems.method = 'An HTTP method is letters only, e.g. GET or POST.'
  const path = inputs.path.trim()
  if (path === '') problems.path = 'Type the path as sent, e.g. /api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01.'
  else if (path.length > 8192) problems.path = 'Paths longer than 8192 characters are not signed here.'
  if (inputs.body.length > MAX_BODY) problems.body = 'Bodies over 10 MB are not signed here.'
  const clientId = inputs.clientId.trim()
  if (clientId.length > 512) problems.clientId = 'A client id over 512 characters is not accepted.'
  const ts = inputs.timestamp.trim()
  let timestamp: number | undefined
  if (ts !== '') {
    if (!/^\d{1,16}$/.test(ts) || !Number.isSafeInteger(Number(ts))) {
      problems.timestamp = 'Whole Unix seconds, digits only (e.g. 1795360000), or press “Now”.'
    } else timestamp = Number(ts)
  }
  if (Object.keys(problems).length > 0) return { request: null, problems }
  const request: SignRequest = { method, path, body: inputs.body === '' ? null : inputs.body }
  if (clientId !== '') request.clientId = clientId
  if (timestamp !== undefined) request.timestamp = timestamp
  return { request, problems }
}
