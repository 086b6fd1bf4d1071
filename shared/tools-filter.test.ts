import { describe, expect, it } from 'vitest';
import { toolFilterOf, toolsQuery } from './schemas/tools';

describe('tools directory filter', () => {
  it('reads a known tag, the bf2042 alias, and falls back to all', () => {
    expect(toolFilterOf('bf1')).toBe('bf1');
    expect(toolFilterOf('bf2042')).toBe('bf6');
    expect(toolFilterOf('cheats')).toBe('all');
    expect(toolFilterOf(null)).toBe('all');
    expect(toolsQuery.parse({ tag: 'bf2042' }).tag).toBe('bf6');
    expect(toolsQuery.parse({}).tag).toBe('all');
  });
});
