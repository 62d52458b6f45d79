export declare class ElectronUnavailable extends Error {}
export declare function ensureElectron(options: {
  root: string
  env?: NodeJS.ProcessEnv
  purpose?: 'start' | 'dist'
  out?: NodeJS.WritableStream
}): Promise<string>
export declare function electronArchive(options: {
  root: string
  platform: string
  arch: string
  env?: NodeJS.ProcessEnv
  out?: NodeJS.WritableStream
}): Promise<string>
export declare function nodeIsSupported(version?: string): boolean
