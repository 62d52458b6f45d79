/** The part of electron-builder's AfterPackContext the hook reads. */
export interface PackContext {
  electronPlatformName: string
  appOutDir: string
  arch?: number
  packager: { appInfo: { productFilename: string }; executableName?: string }
}

export declare function packedExecutable(context: PackContext): string
export default function afterPack(context: PackContext): Promise<void>
