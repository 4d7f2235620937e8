// The Markdown files in src/content and the page each one must produce after a build. Read from
// the file system, independently of the app, so a newly added file is checked without test edits.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const contentDir = path.resolve(import.meta.dirname, '..', '..', 'src', 'content');

export interface ContentPage {
  file: string;
  url: string;
  title: string;
}

/** The scalar fields of a front matter block (enough for title, group, type). */
function frontMatter(text: string): Record<string, string> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (m) fields[m[1]!] = m[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return fields;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.md'))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

export function helpPages(): ContentPage[] {
  return markdownFiles(path.join(contentDir, 'help')).map((file) => {
    const fm = frontMatter(readFileSync(file, 'utf8'));
    const slug = path.basename(file, '.md');
    const group = path.basename(path.dirname(file));
    return {
      file,
      url: group === 'pay' ? '/help/pay' : `/help/${group}/${slug}`,
      title: fm['title'] ?? '',
    };
  });
}

export function newsPages(): (ContentPage & { type: string })[] {
  return markdownFiles(path.join(contentDir, 'news')).map((file) => {
    const fm = frontMatter(readFileSync(file, 'utf8'));
    const type = fm['type'] ?? '';
    return {
      file,
      url: `/news/info/${path.basename(file, '.md')}/${type}`,
      title: fm['title'] ?? '',
      type,
    };
  });
}
