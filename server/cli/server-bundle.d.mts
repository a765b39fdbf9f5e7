// Types of server-bundle.mjs (plain JavaScript, run without a TypeScript loader), for start.ts and its test.
export declare const SERVERS: Record<'start' | 'serve', string>;
export declare const COMMANDS: Record<'invite' | 'admin' | 'migrate' | 'backup', string>;
export declare const ENTRIES: Record<string, string>;
export declare function newestMtime(path: string): number;
export declare function bundleOf(outDir: string, name: string): string;
export declare function bundleIsStale(root: string, outDir: string): boolean;
export declare function buildBundles(root: string, outDir: string): Promise<void>;
