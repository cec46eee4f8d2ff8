// A worker entry for the worker pool's own tests: tasks that hold a thread until the test lets
// go (through shared memory, so nothing depends on timing), fail, or kill their thread.
import { AppError } from '../../lib/core/errors';
import { serveTasks } from '../../lib/runtime/worker-pool';

serveTasks({
  echo: (value: unknown) => value,
  /** Blocks this thread until gates[index] becomes non-zero. */
  hold: (gates: Int32Array, index: number) => {
    Atomics.wait(gates, index, 0);
    return `released ${index}`;
  },
  refuse: () => {
    throw new AppError('invalid_request', 'Not that.', { field: 'Not that.' });
  },
  fail: () => {
    throw new TypeError('broken');
  },
  exit: () => process.exit(3),
});
