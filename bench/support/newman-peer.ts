import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

const CLIENT = { id: 'newman-peer', secret: 'newman-peer-secret-0001', redirect: 'http://127.0.0.1:9/callback' }

/** A script of a Postman request: the status it must answer, and what it keeps for the next request. */
function check(status: number, keep = ''): Array<{ listen: string; script: { exec: string[] } }> {
  return [{ listen: 'test', script: { exec: [`pm.test('status', () => pm.response.to.have.status(${status}));`, keep] } }]
}

/**
 * The walkthrough's five calls as a Postman collection: authorize (its redirect read, not followed: the sandbox
 * consents by itself), the code for tokens, the locations, the install at the first, and the HMAC-signed export signed
 * in a pre-request script by the spec's recipe (client id, method, lower-case path, body, timestamp).
 */
function collection(baseUrl: string): unknown {
  const bearer = [{ key: 'Authorization', value: 'Bearer {{access}}' }]
  const json = [{ key: 'Content-Type', value: 'application/json' }]
  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)
  return {
    info: { name: 'walkthrough peer', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [
      { key: 'base', value: baseUrl },
      { key: 'clientId', value: CLIENT.id },
      { key: 'secret', value: CLIENT.secret },
      { key: 'redirect', value: CLIENT.redirect },
    ],
    item: [
      {
        name: 'authorize',
        protocolProfileBehavior: { followRedirects: false },
        request: {
          method: 'GET',
          url: '{{base}}/oauth2/authorize/?client_id={{clientId}}&redirect_uri={{redirect}}&response_type=code&state=s1',
        },
        event: check(
          302,
          "pm.collectionVariables.set('code', decodeURIComponent(/[?&]code=([^&]+)/.exec(pm.response.headers.get('Location'))[1]));",
        ),
      },
      {
        name: 'token',
        request: {
          method: 'POST',
          url: '{{base}}/oauth2/token/',
          header: json,
          body: {
            mode: 'raw',
            raw: '{"grant_type":"authorization_code","code":"{{code}}","redirect_uri":"{{redirect}}","client_id":"{{clientId}}","client_secret":"{{secret}}"}',
          },
        },
        event: check(200, "pm.collectionVariables.set('access', pm.response.json().access_token);"),
      },
      {
        name: 'locations',
        request: { method: 'GET', url: '{{base}}/marketplace/v2/platform-token/locations', header: bearer },
        event: check(200, "pm.collectionVariables.set('location', pm.response.json().results[0].id);"),
      },
      {
        name: 'install',
        request: {
          method: 'POST',
          url: '{{base}}/marketplace/v2/platform-token/installations',
          header: [...bearer, ...json],
          body: { mode: 'raw', raw: '{"locationId":{{location}}}' },
        },
        event: check(204),
      },
      {
        name: 'export',
        request: {
          method: 'GET',
          url: `{{base}}/api/v1/export/{{location}}/tickets?filter[dateTimeFrom]=${from}&filter[dateTimeTo]=${to}`,
          header: [
            { key: 'x-access-key', value: '{{clientId}}' },
            { key: 'x-timestamp', value: '{{ts}}' },
            { key: 'x-signature', value: '{{signature}}' },
          ],
        },
        event: [
          {
            listen: 'prerequest',
            script: {
              exec: [
                "const hmac = require('crypto-js');",
                'const ts = String(Math.floor(Date.now() / 1000));',
                "const path = ('/api/v1/export/' + pm.collectionVariables.get('location') + '/tickets').toLowerCase();",
                "const text = pm.collectionVariables.get('clientId') + 'GET' + path + '' + ts;",
                "pm.collectionVariables.set('ts', ts);",
                "pm.collectionVariables.set('signature', hmac.HmacSHA256(text, pm.collectionVariables.get('secret')).toString(hmac.enc.Hex));",
              ],
            },
          },
          ...check(200, 'pm.response.json();'),
        ],
      },
    ],
  }
}

/** newman's peer: a sandbox in a process of its own (auto-consent, a client for newman) and the collection file. */
export interface NewmanPeer {
  /** The node arguments of one `newman run` of the collection (silent; exits non-zero when a check fails). */
  args: string[]
  close(): Promise<void>
}

/** Starts the built CLI's sandbox on a free loopback port and writes the collection for it into a temporary folder. */
export async function startNewmanPeer(root: string): Promise<NewmanPeer> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-start-newman-'))
  const sandbox = spawn(
    process.execPath,
    [
      join(root, 'bin/partner-console.mjs'),
      'sandbox',
      '--port',
      '0',
      '--auto-consent',
      'allow',
      '--client',
      `${CLIENT.id}:${CLIENT.secret}:${CLIENT.redirect}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const stopped = new Promise<void>(resolve => sandbox.once('exit', () => resolve()))
  const close = async () => {
    if (sandbox.exitCode === null) sandbox.kill('SIGTERM')
    await stopped
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const url = await sandboxUrl(sandbox)
    const file = join(dir, 'walkthrough.postman_collection.json')
    await writeFile(file, JSON.stringify(collection(url)))
    return { args: [join(root, 'node_modules/newman/bin/newman.js'), 'run', file, '--silent'], close }
  } catch (error) {
    await close()
    throw error
  }
}

/** The URL the sandbox prints on its first line, once it listens. */
function sandboxUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    ;(child.stdout as Readable).setEncoding('utf8').on('data', (d: string) => {
      text += d
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)
      if (m?.[1]) resolve(m[1])
    })
    child.once('exit', code => reject(new Error(`the sandbox exited (${code}) before listening: ${text.slice(-300)}`)))
  })
}
