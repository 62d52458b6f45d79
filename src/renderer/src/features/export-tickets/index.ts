/** Export tickets' public entry: open the panel with a location chosen (test/unit/architecture/renderer-features.test.ts). */
export { exportForLocation } from './export-store'
