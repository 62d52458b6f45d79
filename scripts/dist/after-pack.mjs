// electron-builder afterPack hook: flips the Electron fuses (scripts/dist/fuses.mjs) in the packed app's binary,
// before electron-builder signs it. Fails the build when the binary has no fuse wire rather than shipping unflipped.
import { join } from 'node:path'
import { flipFuses, getCurrentFuseWire } from '@electron/fuses'
import { FUSES } from './fuses.mjs'

/** The packed executable for electron-builder's afterPack context, per platform. */
export function packedExecutable(context) {
  const name = context.packager.appInfo.productFilename
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`)
    case 'win32':
      return join(context.appOutDir, `${name}.exe`)
    default:
      return join(context.appOutDir, context.packager.executableName ?? name)
  }
}

export default async function afterPack(context) {
  const executable = packedExecutable(context)
  const flipped = await flipFuses(executable, {
    ...FUSES,
    // An ad-hoc signature is invalid once the binary changes: re-sign ad hoc on macOS arm64 (real signing follows).
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === 3,
  })
  const wire = await getCurrentFuseWire(executable)
  console.log(`  • fuses flipped  file=${executable} wires=${flipped} runAsNode=${String.fromCharCode(wire[0])}`)
}
