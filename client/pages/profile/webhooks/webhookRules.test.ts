import { describe, expect, it } from 'vitest';
import { addWebhookBody } from '@shared/schemas/webhooks';
import { WEBHOOK_EVENTS } from '@shared/webhooks';
import { canAddMore, checkDraft, generateSecret, SECRET_BYTES, toggleAllEvents, toggleEvent } from './webhookRules';

describe('generateSecret', () => {
  it('gives 64 hex characters from the cryptographic generator', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(secret);
  });

  it('encodes every random byte, zero-padded', () => {
    const fill = (bytes: Uint8Array<ArrayBuffer>) => {
      bytes.forEach((_, i) => (bytes[i] = i === 0 ? 0 : i === 1 ? 255 : 10));
      return bytes;
    };
    const secret = generateSecret(fill);
    expect(secret.slice(0, 6)).toBe('00ff0a');
    expect(secret).toHaveLength(SECRET_BYTES * 2);
  });

  it('is a secret the server accepts', () => {
    const parsed = addWebhookBody.safeParse({ data: { url: 'https://bot.example/hook', secret: generateSecret(), events: ['report'] } });
    expect(parsed.success).toBe(true);
  });
});

describe('event selection', () => {
  it('ticks and unticks one event, without duplicates, in the listed order', () => {
    let selected = toggleEvent([], 'register', true);
    selected = toggleEvent(selected, 'report', true);
    selected = toggleEvent(selected, 'report', true);
    expect(selected).toEqual(['report', 'register']);
    expect(toggleEvent(selected, 'report', false)).toEqual(['register']);
    expect(toggleEvent(selected, 'banAppeal', false)).toEqual(['report', 'register']);
  });

  it('selects all, and clears all once all are selected', () => {
    expect(toggleAllEvents([])).toEqual([...WEBHOOK_EVENTS]);
    expect(toggleAllEvents(['report'])).toEqual([...WEBHOOK_EVENTS]);
    expect(toggleAllEvents([...WEBHOOK_EVENTS])).toEqual([]);
  });
});

describe('checkDraft', () => {
  const good = { url: 'https://bot.example/hook', secret: 'x'.repeat(16), events: ['report'] as const };

  it('accepts a complete draft', () => {
    expect(checkDraft(good)).toEqual({});
    expect(checkDraft({ ...good, url: '  http://127.0.0.1:8080/in  ' })).toEqual({});
  });

  it('needs an http(s) URL of at most 500 characters', () => {
    expect(checkDraft({ ...good, url: ' ' }).url).toBe('required');
    expect(checkDraft({ ...good, url: 'bot.example/hook' }).url).toBe('invalid');
    expect(checkDraft({ ...good, url: 'ftp://bot.example/hook' }).url).toBe('invalid');
    expect(checkDraft({ ...good, url: `https://bot.example/${'a'.repeat(500)}` }).url).toBe('tooLong');
  });

  it('needs a secret of 16 to 128 characters', () => {
    expect(checkDraft({ ...good, secret: '' }).secret).toBe('required');
    expect(checkDraft({ ...good, secret: 'x'.repeat(15) }).secret).toBe('length');
    expect(checkDraft({ ...good, secret: 'x'.repeat(129) }).secret).toBe('length');
    expect(checkDraft({ ...good, secret: 'x'.repeat(128) }).secret).toBeUndefined();
  });

  it('needs at least one event', () => {
    expect(checkDraft({ ...good, events: [] })).toEqual({ events: 'required' });
  });
});

it('allows at most five webhooks', () => {
  expect(canAddMore(4)).toBe(true);
  expect(canAddMore(5)).toBe(false);
});
