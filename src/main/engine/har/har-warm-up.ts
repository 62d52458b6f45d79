import { checkHarEntry } from './har-entry-schema'

/** A small, valid HAR 1.2 entry: every object of the entry schema a usual entry has, each with a value in it. */
const SAMPLE_ENTRY = {
  startedDateTime: '2025-01-01T00:00:00.000Z',
  time: 1,
  request: {
    method: 'GET',
    url: 'https://api.example.com/marketplace/v2/platform-token/locations',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [{ name: 'accept', value: '*/*' }],
    queryString: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [{ name: 'content-type', value: 'application/json' }],
    content: { size: 2, mimeType: 'application/json', text: '{}' },
    redirectURL: '',
    headersSize: -1,
    bodySize: 2,
  },
  cache: {},
  timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 1, receive: 0 },
}

/**
 * Checks one sample entry, so the HAR entry schema is built and compiled now rather than inside the first import: that
 * first check holds the event loop ~30–40 ms in one block (zod builds the nested schema and compiles its parsers; V8
 * compiles zod's code), which a HAR or bundle import cannot slice (issue 23 item 3: no stall over 50 ms). A long-lived
 * host calls it once, when it is idle after its start (Runtime.warmUp). Returns whether the sample passed (it must:
 * a failing sample would warm only the error path).
 */
export function warmHarCheck(): boolean {
  return 'data' in checkHarEntry(SAMPLE_ENTRY, 0)
}
