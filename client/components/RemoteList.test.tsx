// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { ApiError } from '@client/api/ApiError';
import { useRemote } from '@client/hooks/useRemote';
import { mountPoint } from '@client/test/mountPoint';
import { RemoteList } from './RemoteList';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});
const mount = mountPoint();

/** Each load waits for the test to answer it. */
function loads() {
  const pending: Array<{ resolve: (names: string[]) => void; reject: (error: unknown) => void }> = [];
  const load = () => new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject }));
  const answer = (names: string[]) => act(async () => pending.shift()!.resolve(names));
  const fail = (error: unknown) => act(async () => pending.shift()!.reject(error));
  return { load, answer, fail };
}

function Names({ load, keepOnReload, describe }: { load: () => Promise<string[]>; keepOnReload?: boolean; describe?: (error: unknown) => string }) {
  const remote = useRemote('names', load);
  return (
    <>
      <button onClick={remote.reload}>Reload</button>
      <RemoteList remote={remote} items={remote.data ?? []} failedTitle="Names failed" describe={describe} skeleton={<p>Loading names</p>} keepOnReload={keepOnReload} empty={<p>No names</p>}>
        {(names) => <p>{names.join(', ')}</p>}
      </RemoteList>
    </>
  );
}

function show(props: Parameters<typeof Names>[0]) {
  act(() =>
    mount.root.render(
      <I18nextProvider i18n={i18n}>
        <Names {...props} />
      </I18nextProvider>,
    ),
  );
}

const press = (label: string) => act(async () => [...mount.host.querySelectorAll('button')].find((b) => b.textContent === label)!.click());
/** What the list shows, without the test's reload button. */
const shown = () => mount.host.textContent!.replace(/^Reload/, '');
const notFound = new ApiError('player.notFound', 'no such case', 404);

describe('RemoteList', () => {
  it('shows the skeleton until the first answer, then the items, or what stands for none', async () => {
    const { load, answer } = loads();
    show({ load });
    expect(shown()).toBe('Loading names');
    await answer(['ada', 'bo']);
    expect(shown()).toBe('ada, bo');
    await press('Reload');
    expect(shown()).toBe('Loading names');
    await answer([]);
    expect(shown()).toBe('No names');
  });

  it('says why it failed in the catalogue’s words, and loads again on retry', async () => {
    const { load, answer, fail } = loads();
    show({ load });
    await fail(notFound);
    expect(shown()).toContain('Names failed');
    expect(shown()).toContain(en.codes.player.notFound);
    await press(en.common.retry);
    expect(shown()).toBe('Loading names');
    await answer(['ada']);
    expect(shown()).toBe('ada');
  });

  it('says it in the page’s own words when the page has them', async () => {
    const { load, fail } = loads();
    show({ load, describe: (error) => `own words for ${(error as ApiError).code}` });
    await fail(notFound);
    expect(shown()).toContain('own words for player.notFound');
    expect(shown()).not.toContain(en.codes.player.notFound);
  });

  it('keeps what it shows while it loads again, when asked to', async () => {
    const { load, answer } = loads();
    show({ load, keepOnReload: true });
    await answer(['ada']);
    await press('Reload');
    expect(shown()).toBe('ada');
    await answer(['ada', 'bo']);
    expect(shown()).toBe('ada, bo');
  });
});
