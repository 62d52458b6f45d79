import { describeIntegrations } from './integration-suite'

describeIntegrations('Node', 'node', process.execPath, 'mjs')
