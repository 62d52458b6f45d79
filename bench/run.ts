import { readdirSync, writeFileSync } from 'node:fs'
import { cpus, freemem, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import type { BenchRow } from './support/bench-row'

const HERE = import.meta.dirname

/** Reads "≥ 0.6" / "≤ 1.15×" out of a goal and checks the ratio against it, when the bench did not say itself. */
function goalMet(r: BenchRow): boolean | null {
  if (typeof r.met === 'boolean') return r.met
  const m = r.goal.match(/(≥|>=|≤|<=)\s*([\d.]+)/)
  if (!m?.[2]) return null
  const bound = Number(m[2])
  return m[1] === '≥' || m[1] === '>=' ? r.ratio >= bound : r.ratio <= bound
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3)
}

const only = process.argv.slice(2)
const files = readdirSync(HERE)
  .filter(f => f.endsWith('.ts') && f !== 'run.ts' && f !== 'skip.ts')
  .sort()
// Each row keeps the machine's load (1/5/15 min) when it ended: a ratio measured on a busy shared machine says less.
const rows: Array<{ file: string; result?: BenchRow; error?: string; met: boolean | null; load: string }> = []
const loadNow = () =>
  loadavg()
    .map(l => l.toFixed(2))
    .join(' ')
const skipped: Array<{ file: string; name: string; reason: string }> = []

for (const file of files) {
  if (only.length > 0 && !only.some(o => file.includes(o))) continue
  const mod = (await import(join(HERE, file))) as Record<string, unknown>
  const benches = Object.entries(mod).filter(([k, v]) => k.startsWith('bench') && typeof v === 'function')
  for (const [name, fn] of benches) {
    process.stdout.write(`running ${file} ${name}… `)
    try {
      const result = (await (fn as () => Promise<BenchRow>)()) as BenchRow
      const met = goalMet(result)
      rows.push({ file, result, met, load: loadNow() })
      console.log(`${fmt(result.ratio)} (${met === null ? 'no goal' : met ? 'goal met' : 'GOAL MISSED'})`)
    } catch (error) {
      if (error instanceof Error && error.name === 'BenchSkipped') {
        skipped.push({ file, name, reason: error.message })
        console.log(`skipped: ${error.message}`)
        continue
      }
      rows.push({ file, error: (error as Error).message.split('\n')[0]?.replace(/\|/g, '\\|'), met: false, load: loadNow() })
      console.log(`failed: ${(error as Error).message}`)
    }
  }
}

const cpu = cpus()
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB (${Math.round(freemem() / 2 ** 30)} GiB free), Node ${process.version}, ${process.platform}`
const header = '| benchmark | baseline | subject | ratio | goal | | load |\n|---|---|---|---|---|---|---|'
const lines = rows.map(({ result: r, error, met, file, load }) =>
  r
    ? `| ${r.name} | ${fmt(r.baseline)} ${r.unit} | ${fmt(r.subject)} ${r.unit} | ${fmt(r.ratio)} | ${r.goal} | ${met === null ? '' : met ? 'met' : '**missed**'} | ${load} |`
    : `| ${file} | | | | | failed: ${error} | ${load} |`,
)
const skippedText = skipped.length === 0 ? '' : `\n\nSkipped:\n${skipped.map(s => `- ${s.file} ${s.name}: ${s.reason}`).join('\n')}`
const table = `${header}\n${lines.join('\n')}${skippedText}`
console.log(`\n${table}\n\nMachine: ${machine}`)
if (only.length === 0) {
  writeFileSync(
    join(HERE, 'results.md'),
    `# Benchmark results\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Each row compares the subject with a baseline measured in the same run, on the same machine: the ratio is what to compare across machines, not the absolute numbers.\n\nMachine: ${machine}\n\n${table}\n`,
  )
  console.log('Written to bench/results.md')
}
// Exit explicitly: a benchmark that failed half-way may leave a server or a browser behind, and the run must end.
process.exit(rows.some(r => r.met === false) ? 1 : 0)
