/**
 * Whether a parsed JSON value nests arrays and objects more than `max` levels deep (a bare object
 * or array is one level), walked without recursion. No request of the API nests more than a few
 * levels; a body or socket payload nested thousands deep overflowed the stack inside validation
 * (zod compares a `length` it finds with a limit, and a deep array turns into text recursively).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: object; depth: number }> = [];
  const push = (v: unknown, depth: number) => {
    if (v !== null && typeof v === 'object') stack.push({ value: v, depth });
  };
  push(value, 1);
  while (stack.length) {
    const { value: node, depth } = stack.pop()!;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) push(child, depth + 1);
  }
  return false;
}
