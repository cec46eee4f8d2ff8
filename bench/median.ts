// The middle value of a list of numbers (the upper middle for an even count): the benches report
// medians of repeated runs.
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
