/** Runs a capture function from the command line (`npx tsx scripts/screenshots/<x>.ts [outDir]`) and lists what it wrote. */
export function runCapture(capture: (outDir?: string) => Promise<string[]>): void {
  capture(process.argv[2]).then(
    files => console.log(`Wrote ${files.length} screenshots:\n${files.map(f => `  ${f}`).join('\n')}`),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
