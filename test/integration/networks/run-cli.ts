// Runs the partner-console CLI in a child process (so its environment, e.g. NODE_EXTRA_CA_CERTS, is read at start).
import { main } from '../../../src/main/cli/index'

process.exitCode = await main(process.argv.slice(2))
