import { dialog } from 'electron'
import { legacyDataDir } from '../runtime/data-folder-location'
import { declineLegacyImport, describeLegacyImport, importLegacyDataFolder, legacyImportPending } from '../runtime/legacy-import'

/**
 * The desktop app's one-time offer to bring in the web host's and CLI's old data folder (`~/.config/partner-console`)
 * when its own folder has no environments yet. Both answers are recorded in the data folder, so it is never asked
 * twice; the import copies (the old folder stays as it was) and says what came over and which secrets did not.
 */
export async function offerLegacyImport(dataDir: string): Promise<void> {
  const from = legacyDataDir()
  if (!(await legacyImportPending(from, dataDir))) return
  const { response } = await dialog.showMessageBox({
    type: 'question',
    title: 'Bring in your web console data?',
    message: `The web console and the CLI kept environments and drafts in ${from}.`,
    detail:
      `The desktop app, the web console and the CLI now share ${dataDir}, which has no environments yet. ` +
      'Import copies the old folder in (nothing is deleted or overwritten). You are asked only once.',
    buttons: ['Import', "Don't import"],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  })
  if (response !== 0) return declineLegacyImport(from, dataDir)
  try {
    const imported = await importLegacyDataFolder(from, dataDir)
    if (imported)
      await dialog.showMessageBox({
        type: 'info',
        title: 'Imported',
        message: 'Your web console data is here.',
        detail: describeLegacyImport(imported).join('\n'),
      })
  } catch (error) {
    await dialog.showMessageBox({
      type: 'warning',
      title: 'Import failed',
      message: `The old data folder could not be imported: ${(error as Error).message}`,
      detail: `${from} is untouched; copy it into ${dataDir} by hand, or keep using it with partner-console web --data-dir "${from}".`,
    })
  }
}
