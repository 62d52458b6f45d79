/** The reproduction bundle's public entry: the "Write a bundle" control other features embed (the network log). */
export { BundleWrite } from './bundle-write'
