/** Consent's public entry: the token lifecycle diagram, which the Tokens panel shows too. */
export { LifecycleDiagram } from './lifecycle-diagram'
