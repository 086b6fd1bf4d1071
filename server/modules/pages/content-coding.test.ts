import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-coding';
import type { Encoding } from './precompress';

const both = new Set<Encoding>(['br', 'gzip']);

describe('chooseEncoding', () => {
  it('takes brotli over gzip at equal weight, whatever order the client lists them in', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('br, gzip', both)).toBe('br');
    expect(chooseEncoding('GZIP, BR', both)).toBe('br');
  });

  it('follows the weights the client gives', () => {
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.9, gzip;q=0.8', both)).toBe('br');
    expect(chooseEncoding('br ; q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0', both)).toBeNull();
  });

  it('reads * as every coding not named, and x-gzip as gzip', () => {
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('x-gzip', both)).toBe('gzip');
  });

  it('sends the file as it is when the client accepts no copy it has', () => {
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding('', both)).toBeNull();
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding('deflate, zstd', both)).toBeNull();
    expect(chooseEncoding('br', new Set<Encoding>(['gzip']))).toBeNull();
    expect(chooseEncoding('gzip, br', new Set<Encoding>(['gzip']))).toBe('gzip');
  });

  it('ignores weights that are not numbers between 0 and 1', () => {
    expect(chooseEncoding('br;q=abc, gzip;q=0.5', both)).toBe('br');
    expect(chooseEncoding('br;q=2', both)).toBe('br');
  });
});
