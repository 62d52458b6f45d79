/**
 * The inspector's public entry: what other features may use to send the user here with one exact request. Other
 * features import this file only, never the inspector's internals (test/unit/architecture/renderer-features.test.ts).
 */
export { linkFromExchange, linkFromLogEntry } from './exchange-links'
export { type InspectorDeepLink, openInInspector } from './inspector-store'
