import { existsSync } from 'node:fs'
import { defaultDataDir, legacyDataDir } from '../runtime/data-folder-location'

/**
 * The data folder a command uses: `--data-dir` when given, else the one folder shared with the desktop app. On the
 * first run without `--data-dir`, the old web/CLI folder (`~/.config/partner-console`) is copied into it once, when
 * the shared folder has no environments yet, and what came over is printed (stderr, so piped output stays clean). A
 * failed import changes nothing in the old folder and is said, with what to do; the command goes on.
 */
export async function chosenDataDir(
  flag: string | undefined,
  say: (line: string) => void = line => process.stderr.write(`${line}\n`),
): Promise<string> {
  if (flag !== undefined) return flag
  const dir = defaultDataDir()
  const from = legacyDataDir()
  // Without an old folder there is nothing to import: the import's code (the vault among it) is not even loaded.
  if (!existsSync(from)) return dir
  try {
    const { describeLegacyImport, importLegacyDataFolder } = await import('../runtime/legacy-import')
    const imported = await importLegacyDataFolder(from, dir)
    if (imported) for (const line of describeLegacyImport(imported)) say(line)
  } catch (error) {
    say(
      `Could not import the old data folder ${from} into ${dir}: ${(error as Error).message}. The old folder is untouched; ` +
        `copy it by hand, or run with --data-dir "${from}" to keep using it.`,
    )
  }
  return dir
}
