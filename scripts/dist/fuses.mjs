// The Electron fuses the packaged app ships with (Electron security checklist #19). Flipped in electron-builder's
// afterPack step (scripts/dist/after-pack.mjs), before signing, so the signature covers the flipped binary.
import { FuseV1Options, FuseVersion } from '@electron/fuses'

export const FUSES = {
  version: FuseVersion.V1,
  // Every fuse of this wire is set on purpose; a new fuse in a later Electron fails the build until it is decided.
  strictlyRequireAllFuses: true,
  // The app's binary cannot be turned into a plain Node (ELECTRON_RUN_AS_NODE) to run arbitrary scripts.
  [FuseV1Options.RunAsNode]: false,
  // Cookies on disk are encrypted with the OS keyring like the vault.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS and --inspect cannot inject code or open a debugger into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app code is only loaded from app.asar, and app.asar is checked against the hash in the signed bundle.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // Electron's defaults, stated: no separate browser snapshot; file:// gets no extra privileges (we serve app://).
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
}
