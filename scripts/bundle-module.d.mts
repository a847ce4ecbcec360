/** The data: URL of the module bundled with everything it imports from this checkout. */
export function bundleModule(entry: string): Promise<URL>;
/** The module's exports. */
export function loadModule(entry: string): Promise<Record<string, unknown>>;
/** The exports of each module, in the order given, bundled together (their shared imports loaded once). */
export function loadModules(entries: string[]): Promise<Array<Record<string, unknown>>>;
