import { CHROMIUM_ARGS, findChromium } from '../test/support/chromium'

/** Thrown by a benchmark that cannot run on this machine: the runner lists it as skipped, with the reason. */
export class BenchSkipped extends Error {
  override readonly name = 'BenchSkipped'
}

/**
 * The Chromium a browser benchmark launches, found before the benchmark starts anything (a host, a server, a
 * temporary folder), so a machine without one skips it cleanly instead of failing with those left running.
 */
export function chromiumOrSkip(): { executablePath: string; args: string[] } {
  try {
    return { executablePath: findChromium(), args: CHROMIUM_ARGS }
  } catch (error) {
    throw new BenchSkipped((error as Error).message)
  }
}
