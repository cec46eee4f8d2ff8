// Every tag of the OpenAPI document is covered by exactly one contract test file (CONTRACT_TAGS).
import { expect, test } from 'vitest';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import { CONTRACT_TAGS } from '../helpers/contract-tags';

test('every tag of the document belongs to one contract file', () => {
  const owned = Object.values(CONTRACT_TAGS).flat();
  expect(new Set(owned).size, 'no tag in two files').toBe(owned.length);
  expect([...new Set(ALL_OPERATIONS.map((o) => o.tag))].sort()).toEqual([...owned].sort());
});
