import pkg from '../../../package.json' with { type: 'json' }

/** The console's version, from package.json at build time. */
export const PACKAGE_VERSION: string = pkg.version
