// The built facade: dist/pages-lib.mjs shares its chunks with dist/sling.mjs, so the pages get the
// very module instances server.ts loaded (docs/architecture/overview.md, "One module graph").
export * from '../../dist/pages-lib.mjs';
