// Preloaded into electronegativity's process by electronegativity-check.mjs. electronegativity fetches translations
// and Electron's release list with `got` at start-up; with no network, got retries after its 1 s timeout and, on
// Node >= 22, its retry throws from a timer ("The `onCancel` handler was attached after the promise settled") and
// kills the process before any check runs. The checks themselves need no network: this answers every `got` call with
// an immediate, ordinary rejection, which electronegativity already handles (it falls back to its bundled data).
const Module = require('node:module')
const originalLoad = Module._load
Module._load = function load(request, parent, isMain) {
  if (request === 'got') {
    const offline = url => Promise.reject(new Error(`offline: electronegativity's request for ${url} was not sent`))
    offline.default = offline
    return offline
  }
  return originalLoad.call(this, request, parent, isMain)
}
