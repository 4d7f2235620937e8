import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { startServer } from '../../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  buildIfStale();
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  return async () => {
    await server.stop();
  };
}
