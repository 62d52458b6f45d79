/**
 * The Requests panel's public entry: how other features fill the composer or the comparison and offer "Copy as". Other
 * features import this file only, never the panel's internals (test/unit/architecture/renderer-features.test.ts).
 */
export { CopyAs } from './copy-as'
export { openLogInComposer, pickForCompare, useCompareA } from './requests-store'
