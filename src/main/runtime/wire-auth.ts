import type { RuntimeContext } from './runtime-context'

/** Builds the auth part of the engine and registers its bridge handlers. (Filled by the auth issue.) */
export async function wireAuth(_ctx: RuntimeContext): Promise<void> {}
