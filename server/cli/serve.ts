// Serves the API and an already built client (dist/web) without building it first: for a
// process manager or container whose image was built ahead, and for process-level tests.
import { main } from '../main';

await main();
