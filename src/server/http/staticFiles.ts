// The build's static files (dist/client: scripts, styles, images, prerendered help and news pages),
// served before Astro. The files are listed once at start, so a request for a page or an API call
// goes straight to Astro without a filesystem lookup; the adapter's own static handler stat()ed
// the disk twice for every request, a fifteenth of a rendered page's server time.
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';

const IMMUTABLE_PREFIX = '/_astro/';

function listFiles(root: string): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.add(`/${path.relative(root, full).split(path.sep).join('/')}`);
  }
  return out;
}

/**
 * A handler for the files under `root`: answers true when it serves the request, false for any
 * path that is no file there (a page, an API call), which Astro then renders.
 */
export function staticFiles(root: string) {
  const files = listFiles(root);
  // A prerendered page is a folder's index.html, asked for with or without the trailing slash.
  const fileFor = (urlPath: string): string | null => {
    if (files.has(urlPath)) return urlPath;
    const index = `${urlPath.replace(/\/$/, '')}/index.html`;
    return files.has(index) ? index : null;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    const q = req.url.search(/[?#]/);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(q < 0 ? req.url : req.url.slice(0, q));
    } catch {
      return false;
    }
    const file = fileFor(urlPath);
    if (!file) return false;
    // Built assets carry their content hash in the name: cached for good.
    const stream = send(
      req,
      file,
      file.startsWith(IMMUTABLE_PREFIX)
        ? { root, dotfiles: 'deny', immutable: true, maxAge: '1y' }
        : { root, dotfiles: 'deny' },
    );
    stream.on('error', (err: { statusCode?: number }) => {
      res.statusCode = err.statusCode ?? 500;
      res.end();
    });
    stream.pipe(res);
    return true;
  };
}
