// Content collections (Astro Content Layer): help articles and news as Markdown files.
// The front matter rules live in src/lib/help.ts so unit tests and the API share them.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { helpFrontMatter, newsFrontMatter } from './lib/help.ts';

const help = defineCollection({
  // src/content/help/<group>/<slug>.md → id "<group>/<slug>"
  loader: glob({ pattern: '*/*.md', base: './src/content/help' }),
  schema: helpFrontMatter,
});

const news = defineCollection({
  // src/content/news/<date>-<slug>.md → id "<date>-<slug>", the {id} of /news/info/{id}/{type}
  loader: glob({ pattern: '*.md', base: './src/content/news' }),
  schema: newsFrontMatter,
});

export const collections = { help, news };
