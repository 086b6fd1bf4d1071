import { describe, expect, it } from 'vitest';
import { onThisSite } from './Avatar';

describe('onThisSite', () => {
  it('shows our own files from the address the page was opened at, keeping the size asked for', () => {
    expect(onThisSite('https://tribunal.example/api/service/file?filename=2026-01-01_a.png&size=avatar')).toBe('/api/service/file?filename=2026-01-01_a.png&size=avatar');
    expect(onThisSite('/api/service/file?filename=a.png&size=avatar')).toBe('/api/service/file?filename=a.png&size=avatar');
  });

  it('leaves other pictures alone', () => {
    const gravatar = 'https://www.gravatar.com/avatar/abc?s=150&d=identicon';
    expect(onThisSite(gravatar)).toBe(gravatar);
  });
});
