import { describeIntegrations } from './integration-suite'

describeIntegrations('Python', 'python', 'python3', 'py')
