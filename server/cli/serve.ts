// Serves the API and an already built client (dist/web) without building it first: for a
// process manager or container whose image was built ahead, and for process-level tests. With
// WEB_CONCURRENCY above 1 it supervises that many app processes, as `npm start` does.
import { startServing } from '../main';

await startServing();
