export declare function electronPackageDir(root: string): string
export declare function installedElectron(dir: string, env?: NodeJS.ProcessEnv): string | null
export declare function isExecutableFile(file: string): boolean
export declare class ElectronDownloadError extends Error {
  readonly url: string | undefined
}
export declare function downloadElectronArchive(
  dir: string,
  options?: {
    onProgress?: (p: { transferred: number; total: number | null; percent: number }) => void
    stallMs?: number
    env?: NodeJS.ProcessEnv
  },
): Promise<string>
