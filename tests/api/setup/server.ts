import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { SANDBOX_SECRET, startServer } from '../../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
    sandboxSecret: string;
  }
}

export default async function setup(project: TestProject) {
  buildIfStale({ test: true });
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  project.provide('sandboxSecret', SANDBOX_SECRET);
  return async () => {
    await server.stop();
  };
}
