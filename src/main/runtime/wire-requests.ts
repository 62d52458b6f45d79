import type { RuntimeContext } from './runtime-context'

/** Builds the requests part of the engine and registers its bridge handlers. (Filled by the requests issue.) */
export async function wireRequests(_ctx: RuntimeContext): Promise<void> {}
