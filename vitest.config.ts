import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // the long fuzzing run is `npm run fuzz`; the unit suite runs a seeded sample (tests/unit/fuzz_sample.test.ts)
    exclude: process.env.FUZZ ? [] : ['tests/fuzz/**'],
    environment: 'node',
    globalSetup: ['tests/setup/shared.ts'],
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
  },
});
