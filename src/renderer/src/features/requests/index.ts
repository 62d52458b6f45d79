/**
 * The workbench's public entry: how other features fill the composer or the comparison and offer "Copy as". Other
 * features import this file only, never the workbench's internals (test/unit/architecture/renderer-features.test.ts).
 */
export { CopyAs } from './copy-as'
export { openLogInComposer, pickForCompare, useCompareA } from './workbench-store'
