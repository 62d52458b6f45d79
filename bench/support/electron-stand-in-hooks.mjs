// `node --import` this file to run an Electron main process with bench/support/electron-stand-in.mjs as `electron`.
import { registerHooks } from 'node:module'

const standIn = new URL('./electron-stand-in.mjs', import.meta.url).href
registerHooks({
  resolve: (specifier, context, next) => (specifier === 'electron' ? { url: standIn, shortCircuit: true } : next(specifier, context)),
})
