import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EXPECTED } from './integration-runner'

// The real built CLI (`npm run build`): `partner-console doctor --sandbox ... -- COMMAND` over the partner
// integrations of test/fixtures/integrations, each run its own process with its own embedded sandbox.

const ROOT = resolve(import.meta.dirname, '../../..')
const BIN = join(ROOT, 'bin/partner-console.mjs')
const FIXTURES = join(ROOT, 'test/fixtures/integrations')
const built = existsSync(join(ROOT, 'out/node/cli.js'))
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

interface Run {
  code: number
  stdout: string
  stderr: string
  /** What the command saw as PARTNER_CLIENT_SECRET: the canary no report and no output may contain. */
  secret: string
  files: { md: string; junit: string; json: string }
  report: { scorecard: { rules: Array<{ id: string; verdict: string }> }; drills: Array<{ name: string; state: string }> }
}

/** At most this many doctor processes at once (each runs a sandbox, the capture and the partner's program). */
const PARALLEL = 4
let active = 0
const queue: Array<() => void> = []
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= PARALLEL) await new Promise<void>(r => queue.push(r))
  active++
  try {
    return await work()
  } finally {
    active--
    queue.shift()?.()
  }
}

function doctor(drills: string, command: string[]): Promise<Run> {
  return slot(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'doctor-cli-'))
    dirs.push(dir)
    const files = { md: join(dir, 'r.md'), junit: join(dir, 'r.xml'), json: join(dir, 'r.json') }
    const secretFile = join(dir, 'secret')
    // The command records the secret it was given, then runs the integration.
    const wrapped = ['sh', '-c', 'printf %s "$PARTNER_CLIENT_SECRET" > "$0"; exec "$@"', secretFile, ...command]
    const args = [BIN, 'doctor', '--sandbox', '--drills', drills, '--report', files.md, '--junit', files.junit, '--json', files.json]
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(done => {
      const child = execFile(process.execPath, [...args, '--', ...wrapped], { timeout: 240_000 }, (_e, stdout, stderr) =>
        done({ code: child.exitCode ?? -1, stdout, stderr }),
      )
    })
    const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '')
    const json = read(files.json)
    return {
      code,
      stdout,
      stderr,
      secret: read(secretFile),
      files: { md: read(files.md), junit: read(files.junit), json },
      report: json ? JSON.parse(json) : { scorecard: { rules: [] }, drills: [] },
    }
  })
}

/** The JUnit file as Python's xml.etree reads it: failed testcase names and the suite's counts. */
function junitFailures(xml: string): Promise<{ failures: string[]; tests: number }> {
  const script = `import sys, json, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.read())
cases = root.findall('.//testcase')
print(json.dumps({"failures": [c.get('name').split(':')[0] for c in cases if c.find('failure') is not None], "tests": len(cases)}))`
  return new Promise((done, fail) => {
    const child = execFile('python3', ['-c', script], (error, stdout, stderr) =>
      error ? fail(new Error(stderr)) : done(JSON.parse(stdout)),
    )
    child.stdin?.end(xml)
  })
}

function failed(run: Run, verdict = 'fail'): string[] {
  return run.report.scorecard.rules.filter(r => r.verdict === verdict).map(r => r.id)
}

async function expectJudged(run: Run, rule: string | null): Promise<void> {
  const context = `exit ${run.code}\n${run.stdout}\n${run.stderr.slice(-3000)}`
  expect(run.secret.length, context).toBeGreaterThan(10)
  expect(failed(run), context).toEqual(rule ? [rule] : [])
  expect(failed(run, 'warning'), context).toEqual([])
  expect(run.code, context).toBe(rule ? 1 : 0)
  if (rule) expect(run.stdout).toContain(`the integration breaks 1 rule (${rule})`)
  else expect(run.stdout).toContain('Doctor: no rule failed. The command succeeded.')
  const junit = await junitFailures(run.files.junit)
  expect(junit).toEqual({ failures: rule ? [rule] : [], tests: run.report.scorecard.rules.length })
  expect(run.files.md).toMatch(/^# Integration doctor: /)
  for (const text of [run.files.md, run.files.junit, run.files.json, run.stdout, run.stderr]) {
    expect(text.includes(run.secret), 'the client secret leaked').toBe(false)
  }
}

const node = (name: string) => [process.execPath, join(FIXTURES, 'node', `${name}.mjs`)]
const python = (name: string) => ['python3', join(FIXTURES, 'python', `${name}.py`)]

describe.skipIf(!built)('partner-console doctor, the built CLI, on partner integrations against its sandbox', () => {
  it('every drill on the correct Node and Python integrations: exit 0, no failed rule, no false alarm, drills played', async () => {
    const runs = await Promise.all([doctor('all', node('correct')), doctor('all', python('correct'))])
    for (const run of runs) {
      await expectJudged(run, null)
      // A correct client waits the 60 s a 429 without Retry-After asks for: the first three drills always play.
      expect(run.report.drills.slice(0, 3).map(d => d.state)).toEqual(['answered', 'answered', 'answered'])
    }
  }, 300_000)

  it('each mistake fails exactly its rule (exit 1), the same in Node and Python, with the reports written', async () => {
    const cases = EXPECTED.filter(([name]) => name !== 'correct').flatMap(([name, rule]) => [
      { name: `node ${name}`, rule, run: doctor('token-expiry,rate-limit-retry-after', node(name)) },
      { name: `python ${name}`, rule, run: doctor('token-expiry,rate-limit-retry-after', python(name)) },
    ])
    for (const c of cases) {
      const run = await c.run
      await expectJudged(run, c.rule).catch((error: Error) => {
        throw new Error(`${c.name}: ${error.message}`)
      })
    }
  }, 300_000)

  it("never hides the command's own failure: exit 3 when every rule passed but the command failed", async () => {
    const run = await doctor('token-expiry', [process.execPath, '-e', 'process.exit(5)'])
    expect(run.code, run.stderr).toBe(3)
    expect(run.stdout).toContain('the command failed (exit code 5): exit code 3')
  }, 60_000)

  it('refuses an unknown drill with the list of known ones (exit 2)', async () => {
    const run = await doctor('earthquake', [process.execPath, '-e', ''])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/Unknown drill "earthquake".*token-expiry/s)
  }, 60_000)
})
