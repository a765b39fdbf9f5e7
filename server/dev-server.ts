// The API alone, for `npm run dev` (the client comes from Vite's dev server).
import { main } from './main';

await main();
