import { createRequire } from 'node:module'
import type forgeTypes from 'node-forge'

// node-forge is 0.9 MB of JavaScript: loaded on the first certificate made, not by every process that imports the sandbox.
const requireHere = createRequire(import.meta.url)
let forgeLib: typeof forgeTypes | undefined

/** node-forge, loaded on first use (a sandbox without TLS never loads it). */
export function forge(): typeof forgeTypes {
  forgeLib ??= requireHere('node-forge') as typeof forgeTypes
  return forgeLib
}
