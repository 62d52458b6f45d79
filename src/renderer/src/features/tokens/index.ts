/** Tokens' public entry: the small card of the current tokens other panels show (Consent). */
export { TokenSummary } from './token-summary'
