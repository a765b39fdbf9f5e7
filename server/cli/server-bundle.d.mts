// Types of server-bundle.mjs (plain JavaScript, run without a TypeScript loader), for its test.
export declare const ENTRIES: Record<string, string>;
export declare function bundleOf(outDir: string, name: string): string;
export declare function bundleIsStale(root: string, outDir: string): boolean;
export declare function buildBundles(root: string, outDir: string): Promise<void>;
