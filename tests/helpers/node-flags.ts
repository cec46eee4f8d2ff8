// How the test run's Node processes (vitest's workers, and every Sling or `sling` command a test
// starts) compile WebAssembly: with V8's baseline compiler only. PGlite is PostgreSQL compiled to
// WebAssembly; a process that opens it spent about 2 s of CPU in V8's optimising compiler on the
// functions its start made hot, which a process living seconds never earns back. Measured on 20 of
// the longest PGlite files: 147 s → 99 s of wall time, 207 → 123 s of CPU
// (docs/performance/2026-11-30-test-suite.md). What code does is the same in either tier, so the
// tests check the same behaviour; servers users start, and the benches, keep V8's defaults.
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];
