import { compilePathPattern } from './limit-table'

export interface FaultSpec {
  path: string
  method?: string
  latencyMs?: number
  status?: number
  drop?: boolean
  times?: number
  /** Applies to one matching request in `every`: the next one, then every `every`-th (flaky answers). */
  every?: number
}

export interface Fault extends FaultSpec {
  id: number
  /** Remaining activations; absent = until cleared. */
  remaining?: number
}

interface ActiveFault extends Fault {
  regex: RegExp
  /** Matching requests seen (for `every`). */
  seen: number
}

/**
 * Operator-injected faults for public paths: added latency, a forced status, or a dropped
 * connection, optionally limited to a number of requests. Paths use the same patterns as limits.
 */
export class FaultInjector {
  private faults: ActiveFault[] = []
  private nextId = 1

  /** Adds a fault (already validated: operator-bodies.ts `faultBody`); returns its id. */
  add(spec: FaultSpec): number {
    const fault: ActiveFault = {
      id: this.nextId++,
      path: spec.path,
      method: spec.method?.toUpperCase(),
      latencyMs: spec.latencyMs,
      status: spec.status,
      drop: spec.drop,
      times: spec.times,
      remaining: spec.times,
      every: spec.every,
      regex: compilePathPattern(spec.path),
      seen: 0,
    }
    this.faults.push(fault)
    return fault.id
  }

  /** Removes the faults with these ids (a scenario taking back its own). */
  remove(ids: readonly number[]): void {
    this.faults = this.faults.filter(f => !ids.includes(f.id))
  }

  /** Removes every fault. */
  clear(): void {
    this.faults = []
  }

  /** True when no fault is active (fast path for every request). */
  get empty(): boolean {
    return this.faults.length === 0
  }

  /** Takes the first fault matching the request and counts one activation of it. */
  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(f => (f.method === undefined || f.method === method) && f.regex.test(path) && this.due(f))
    if (index < 0) return undefined
    const fault = this.faults[index] as ActiveFault
    if (fault.remaining !== undefined) {
      fault.remaining--
      if (fault.remaining <= 0) this.faults.splice(index, 1)
    }
    return fault
  }

  /** The active faults, for the operator API. */
  list(): Fault[] {
    return this.faults.map(({ regex: _regex, seen: _seen, ...rest }) => rest)
  }

  /** Counts a matching request for an `every` fault and says whether this one is hit. */
  private due(f: ActiveFault): boolean {
    if (f.every === undefined || f.every === 1) return true
    f.seen++
    return (f.seen - 1) % f.every === 0
  }
}
