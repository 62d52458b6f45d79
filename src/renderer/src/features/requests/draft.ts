/** A request as the composer edits it (every field present). */
export interface Draft {
  method: string
  target: 'api' | 'auth'
  path: string
  params: Record<string, string>
  query: Array<{ name: string; value: string; enabled: boolean }>
  headers: Array<{ name: string; value: string; enabled: boolean }>
  body: string
  auth: 'bearer' | 'hmac' | 'none'
}

export const EMPTY_DRAFT: Draft = { method: 'GET', target: 'api', path: '/', params: {}, query: [], headers: [], body: '', auth: 'bearer' }
