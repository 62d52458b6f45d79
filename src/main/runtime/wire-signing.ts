import type { RuntimeContext } from './runtime-context'

/** Builds the signing part of the engine and registers its bridge handlers. (Filled by the signing issue.) */
export async function wireSigning(_ctx: RuntimeContext): Promise<void> {}
