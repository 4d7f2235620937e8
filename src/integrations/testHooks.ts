import type { AstroIntegration } from 'astro';

const HOOKS = [
  'sms',
  'session_age',
  'operator',
  'licence_expiry',
  'ship',
  'wallet',
  'captcha',
  'report_tallies',
];

/**
 * The test suites' hooks (src/testing/api, served at /api/dev/*) are routes only in a build or dev
 * server started with YAOPI_TEST_HOOKS=1 (scripts/build-if-stale.mjs builds that one into
 * dist-test/); the production build has no such route at all.
 */
export default function testHooks(): AstroIntegration {
  return {
    name: 'yaopi-test-hooks',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        if (process.env['YAOPI_TEST_HOOKS'] !== '1') return;
        for (const hook of HOOKS)
          injectRoute({
            pattern: `/api/dev/${hook}`,
            entrypoint: new URL(`../testing/api/${hook}.ts`, import.meta.url),
            prerender: false,
          });
      },
    },
  };
}
