// A function's answers remembered per string argument, at most `max` of them: user agents repeat
// (a handful of browser versions make most visits), so a regex-heavy check runs once per agent
// rather than once per visit. When full, the oldest remembered answer goes first (a Map keeps
// insertion order), so a stream of distinct strings cannot grow it.
export interface BoundedMemo<T> {
  (arg: string): T;
  readonly size: number;
}

export function boundedMemo<T>(fn: (arg: string) => T, max: number): BoundedMemo<T> {
  const answers = new Map<string, T>();
  const memo = (arg: string): T => {
    const known = answers.get(arg);
    if (known !== undefined || answers.has(arg)) return known as T;
    const answer = fn(arg);
    if (answers.size >= max) answers.delete(answers.keys().next().value!);
    answers.set(arg, answer);
    return answer;
  };
  return Object.defineProperty(memo, 'size', { get: () => answers.size }) as BoundedMemo<T>;
}
