// Runs the real `partner-console` CLI (from source) in its own process, so a test can hold a data folder with one
// process, kill it, and start others on the same folder.
import { main } from '../../../../src/main/cli/index'

process.exitCode = await main(process.argv.slice(2))
