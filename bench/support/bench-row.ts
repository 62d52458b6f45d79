/** What every benchmark returns: a subject measured against a baseline in the same run (bench/run.ts prints it). */
export interface BenchRow {
  name: string
  baseline: number
  subject: number
  ratio: number
  goal: string
  unit: string
  /** Whether the goal is met, when the bench decides it itself (else run.ts reads the goal's bound). */
  met?: boolean
}
