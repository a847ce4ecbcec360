/**
 * @module The tool's name and version for reports (the suite's and the proxy's), read from package.json
 * both when running from source (reports/) and from the build (dist/reports/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ToolInfo {
  name: string;
  version: string;
}

function findPackageJson(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

export const toolInfo: ToolInfo = (() => {
  const file = findPackageJson();
  const pkg = file ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }) : {};
  return { name: 'jobs-conformance', version: pkg.version ?? '0.0.0' };
})();
