import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // the long fuzzing run is `npm run fuzz`; the unit suite runs a seeded sample (tests/unit/fuzz_sample.test.ts)
    exclude: process.env.FUZZ ? [] : ['tests/fuzz/**'],
    environment: 'node',
    // A hang guard, not a performance target (timings live in `npm run bench`): on a loaded 2-core
    // machine starting a Node process for a CLI test alone can take several seconds.
    testTimeout: 30_000,
    globalSetup: ['tests/setup/shared.ts'],
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
  },
});
